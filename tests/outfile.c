/* tests/outfile.c: Check suite for the files the tool writes and reads (core/outfile.c,
 * pb_open_regular in core/textfile.c): a FIFO or device written directly and never replaced, the
 * umask's mode, a temporary removed when SIGINT or SIGTERM ends the program mid-write, the checks
 * made before any work, and input files that are not regular refused without blocking. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "textfile.h"

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/pb-outfile-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* The entries of `dir`, and the name of the last one seen (besides . and ..). */
static int entries(char *last, size_t len)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            n++;
            if (last)
                snprintf(last, len, "%s", e->d_name);
        }
    closedir(d);
    return n;
}

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char path[600];
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

START_TEST(test_fifo_written_directly)
{
    make_dir();
    char path[128], err[512], got[64] = {0};
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    int rd = open(path, O_RDONLY | O_NONBLOCK);   /* a reader, so that the writer does not wait */
    ck_assert_int_ge(rd, 0);
    ck_assert_int_eq(pb_outfile_write(path, "hello\n", 6, err, sizeof err), 0);
    ck_assert_int_eq((int)read(rd, got, sizeof got - 1), 6);
    ck_assert_str_eq(got, "hello\n");
    close(rd);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));   /* not replaced by a regular file */
    ck_assert_int_eq(entries(NULL, 0), 1);   /* and no temporary beside it */
    remove_dir();
}
END_TEST

START_TEST(test_device_written_directly)
{
    make_dir();
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/null", dir);
    if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) != 0) {   /* a scratch /dev/null: as root only */
        remove_dir();
        return;
    }
    ck_assert_int_eq(pb_outfile_write(path, "x", 1, err, sizeof err), 0);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
    ck_assert_int_eq(entries(NULL, 0), 1);
    remove_dir();
}
END_TEST

START_TEST(test_regular_replaced_with_umask_mode)
{
    make_dir();
    char path[128], err[512], got[16] = {0};
    snprintf(path, sizeof path, "%s/out.txt", dir);
    mode_t old = umask(027);
    int rc = pb_outfile_write(path, "one", 3, err, sizeof err);
    umask(old);
    ck_assert_int_eq(rc, 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
    ck_assert_int_eq(pb_outfile_write(path, "two", 3, err, sizeof err), 0);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq((int)fread(got, 1, sizeof got - 1, f), 3);
    fclose(f);
    ck_assert_str_eq(got, "two");
    ck_assert_int_eq(entries(NULL, 0), 1);
    remove_dir();
}
END_TEST

/* A child starts writing, the parent sends `sig` while the temporary exists: the child ends by
 * the signal and the temporary is gone. */
static void interrupted(int sig)
{
    make_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    int ready[2];
    ck_assert_int_eq(pipe(ready), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        signal(sig, SIG_DFL);
        pb_outfile o;
        char err[512];
        if (pb_outfile_open(&o, path, err, sizeof err) != 0 || fputs("half", o.f) < 0 || fflush(o.f) != 0)
            _exit(3);
        if (write(ready[1], "r", 1) != 1)
            _exit(4);
        for (;;)
            pause();
    }
    char c;
    ck_assert_int_eq((int)read(ready[0], &c, 1), 1);
    char name[256] = "";
    ck_assert_int_eq(entries(name, sizeof name), 1);
    ck_assert_int_eq(strncmp(name, "out.txt.tmp", 11), 0);   /* the temporary, while it is written */
    kill(pid, sig);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(WTERMSIG(status), sig);   /* ended by the signal, as before */
    ck_assert_int_eq(entries(name, sizeof name), 0);   /* and nothing left behind */
    close(ready[0]);
    close(ready[1]);
    remove_dir();
}

START_TEST(test_sigint_removes_temporary)
{
    interrupted(SIGINT);
}
END_TEST

START_TEST(test_sigterm_removes_temporary)
{
    interrupted(SIGTERM);
}
END_TEST

START_TEST(test_check_before_work)
{
    make_dir();
    char path[5000], err[512];
    snprintf(path, sizeof path, "%s/afile", dir);
    ck_assert_int_eq(pb_outfile_write(path, "x", 1, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/afile/x", dir);
    ck_assert_int_eq(pb_outfile_check(path, err, sizeof err), -1);
    ck_assert_int_eq(errno, ENOTDIR);   /* not "Permission denied" */
    ck_assert_ptr_nonnull(strstr(err, "Not a directory"));
    ck_assert_int_eq(pb_outfile_check(dir, err, sizeof err), -1);
    ck_assert_int_eq(errno, EISDIR);
    snprintf(path, sizeof path, "%s/none/x", dir);
    ck_assert_int_eq(pb_outfile_check(path, err, sizeof err), -1);
    ck_assert_int_eq(errno, ENOENT);
    int n = snprintf(path, sizeof path, "%s/", dir);
    memset(path + n, 'a', 300);   /* a name longer than a folder takes */
    path[n + 300] = '\0';
    ck_assert_int_eq(pb_outfile_check(path, err, sizeof err), -1);
    ck_assert_int_eq(errno, ENAMETOOLONG);
    memset(path + n, 'a', 4500);   /* a path longer than the system takes */
    path[n + 4500] = '\0';
    ck_assert_int_eq(pb_outfile_check(path, err, sizeof err), -1);
    ck_assert_int_eq(errno, ENAMETOOLONG);
    snprintf(path, sizeof path, "%s/new.txt", dir);
    ck_assert_int_eq(pb_outfile_check(path, err, sizeof err), 0);
    ck_assert_int_eq(entries(NULL, 0), 1);   /* checking writes nothing */
    remove_dir();
}
END_TEST

START_TEST(test_long_name_temporary_fits)
{
    make_dir();
    char path[512], err[512];
    int n = snprintf(path, sizeof path, "%s/", dir);
    memset(path + n, 'b', 250);   /* fits the folder, PATH.tmpXXXXXX would not */
    path[n + 250] = '\0';
    ck_assert_int_eq(pb_outfile_write(path, "x", 1, err, sizeof err), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(entries(NULL, 0), 1);
    remove_dir();
}
END_TEST

START_TEST(test_read_refuses_special_files)
{
    make_dir();
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_ptr_null(pb_open_regular(path, err, sizeof err));   /* at once: no writer is waited for */
    ck_assert_ptr_nonnull(strstr(err, "not a regular file (a FIFO)"));
    ck_assert_ptr_null(pb_read_text_file(path, 1024, "ruleset", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not a regular file (a FIFO)"));
    ck_assert_ptr_null(pb_open_regular(dir, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "is a directory"));
    ck_assert_ptr_null(pb_open_regular("/dev/null", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not a regular file (a character device)"));
    snprintf(path, sizeof path, "%s/text", dir);
    ck_assert_int_eq(pb_write_text_file(path, "abc", 3), 0);
    char *text = pb_read_text_file(path, 1024, "ruleset", err, sizeof err);
    ck_assert_ptr_nonnull(text);
    ck_assert_str_eq(text, "abc");
    free(text);
    /* the limit given is the one kept, to the byte (it was once twice the limit, less one) */
    static const size_t limits[] = {3, 1024, 4095, 4096, 65536};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
        size_t max = limits[k];
        char *big = malloc(max + 2);
        ck_assert_ptr_nonnull(big);
        memset(big, 'x', max + 1);
        ck_assert_int_eq(pb_write_text_file(path, big, max), 0);
        text = pb_read_text_file(path, max, "ruleset", err, sizeof err);
        ck_assert_msg(text && strlen(text) == max, "%zu bytes refused at the limit %zu: %s", max, max, err);
        free(text);
        ck_assert_int_eq(pb_write_text_file(path, big, max + 1), 0);
        ck_assert_msg(pb_read_text_file(path, max, "ruleset", err, sizeof err) == NULL, "%zu bytes read, limit %zu",
                      max + 1, max);
        char want[96];
        snprintf(want, sizeof want, "file too large for a ruleset (at most %zu bytes)", max);
        ck_assert_msg(strstr(err, want), "%s", err);
        free(big);
    }
    remove_dir();
}
END_TEST

Suite *pb_suite_outfile(void)
{
    Suite *s = suite_create("outfile");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_fifo_written_directly);
    tcase_add_test(tc, test_device_written_directly);
    tcase_add_test(tc, test_regular_replaced_with_umask_mode);
    tcase_add_test(tc, test_sigint_removes_temporary);
    tcase_add_test(tc, test_sigterm_removes_temporary);
    tcase_add_test(tc, test_check_before_work);
    tcase_add_test(tc, test_long_name_temporary_fits);
    tcase_add_test(tc, test_read_refuses_special_files);
    suite_add_tcase(s, tc);
    return s;
}
