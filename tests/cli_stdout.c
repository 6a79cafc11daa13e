/* tests/cli_stdout.c: Check suite for the one check of the standard output (cli/cli_stdout.c):
 * what a command printed reaches the descriptor, and once the stream is closed `stdout` is the
 * C library's own again, so that a caller that goes on (the MPI main flushes stdout after the
 * command) touches no freed stream. Each test runs in a forked child (Check's default), so the
 * descriptors it closes are its own. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* stdout onto a pipe's write end; the read end through *rd */
static void stdout_to_pipe(int *rd)
{
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    fflush(stdout);
    ck_assert_int_ge(dup2(p[1], STDOUT_FILENO), 0);
    close(p[1]);
    *rd = p[0];
}

START_TEST(test_close_puts_the_library_stream_back)
{
    int rd;
    stdout_to_pipe(&rd);
    FILE *library = stdout;
    pb_cli_stdout_guard("test");
    FILE *guarded = stdout;
    ck_assert_ptr_ne(guarded, library);   /* a stream of its own, over the same descriptor */
    fputs("written through the guard\n", stdout);
    ck_assert_int_eq(pb_cli_stdout_close("test", PB_EXIT_OK), PB_EXIT_OK);
    ck_assert_ptr_eq(stdout, library);    /* not the freed stream */
    ck_assert_int_eq(fflush(stdout), 0);  /* nothing buffered: harmless, as the MPI main does it */
    char buf[64] = "";
    ssize_t n = read(rd, buf, sizeof buf - 1);
    ck_assert_int_eq((int)n, (int)strlen("written through the guard\n"));
    ck_assert_str_eq(buf, "written through the guard\n");
    /* a second close (atexit's) changes nothing */
    ck_assert_int_eq(pb_cli_stdout_close("test", PB_EXIT_OK), PB_EXIT_OK);
    close(rd);
}
END_TEST

START_TEST(test_failed_write_is_usage_status)
{
    int fd = open("/dev/full", O_WRONLY);
    if (fd < 0)
        return;   /* no /dev/full here: tests/stdout.sh says so */
    fflush(stdout);
    ck_assert_int_ge(dup2(fd, STDOUT_FILENO), 0);
    close(fd);
    FILE *library = stdout;
    pb_cli_stdout_guard("test");
    fputs("lost on a full device\n", stdout);
    ck_assert_int_eq(pb_cli_stdout_close("test", PB_EXIT_OK), PB_EXIT_USAGE);
    ck_assert_ptr_eq(stdout, library);
}
END_TEST

Suite *pb_suite_cli_stdout(void)
{
    Suite *s = suite_create("cli_stdout");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_close_puts_the_library_stream_back);
    tcase_add_test(tc, test_failed_write_is_usage_status);
    suite_add_tcase(s, tc);
    return s;
}
