/* cli/cli_stdout.c: the standard output checked in one place, for every command (as coreutils'
 * close_stdout): pb_cli_stdout_guard puts a stream of its own in stdout's place, over the same
 * descriptor, whose every write keeps the first error (glibc may drop a buffer it could not write,
 * and errno with it); pb_cli_stdout_close flushes and closes it and reports any write that failed
 * on the way (a full disk, /dev/full, a closed pipe with SIGPIPE ignored) once, by name, with
 * PB_EXIT_USAGE. pb_cli_main calls it when the command returns; an exit() from inside a command
 * reaches it through atexit. */
#define _GNU_SOURCE   /* fopencookie */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char *who = NULL;   /* the command, for the message */
static int closed = 0;
static int out_fd = -1;
static int out_errno = 0;        /* the first failed write's errno */
static FILE *orig_stdout = NULL; /* the C library's own stdout, put back once ours is closed */

static ssize_t out_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(out_fd, buf + done, n - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (!out_errno)
                out_errno = k < 0 ? errno : EIO;
            errno = out_errno;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)k;
    }
    return (ssize_t)done;
}

static int out_close(void *cookie)
{
    (void)cookie;
    if (close(out_fd) != 0 && errno != EINTR) {
        if (!out_errno)
            out_errno = errno;
        return -1;
    }
    return 0;
}

int pb_cli_stdout_flush(void) { return fflush(stdout) == 0 ? 0 : -1; }

/* 0 when every write to stdout went through; else -1 with errno the first failed write's. */
static int close_out(void)
{
    int failed = ferror(stdout);
    errno = 0;
    if (fflush(stdout) != 0)
        failed = 1;
    int e = errno;
    if (fclose(stdout) != 0) {
        failed = 1;
        if (!e)
            e = errno;
    }
    /* stdout named a freed stream now: the library's own is put back (its buffer empty, its
     * descriptor closed), so that a later fflush(stdout) (the MPI main's, exit's) is harmless */
    if (orig_stdout)
        stdout = orig_stdout;
    errno = out_errno ? out_errno : e ? e : EIO;
    return failed || out_errno ? -1 : 0;
}

static void report(const char *cmd)
{
    fprintf(stderr, "paperbowl%s%s: error: cannot write the standard output: %s\n", cmd ? " " : "", cmd ? cmd : "",
            strerror(errno));
}

int pb_cli_stdout_close(const char *cmd, int status)
{
    if (closed)
        return status;
    closed = 1;
    if (close_out() == 0)
        return status;
    if (status != PB_EXIT_USAGE)   /* (a command that said so itself has returned PB_EXIT_USAGE) */
        report(cmd);
    return PB_EXIT_USAGE;
}

static void at_exit(void)
{
    if (closed)
        return;
    closed = 1;
    if (close_out() != 0) {
        report(who);
        _exit(PB_EXIT_USAGE);
    }
}

void pb_cli_stdout_guard(const char *cmd)
{
    static int done = 0;
    who = cmd;
    if (done++)
        return;
    fflush(stdout);
    out_fd = fileno(stdout);
    cookie_io_functions_t io = {NULL, out_write, NULL, out_close};
    FILE *f = out_fd >= 0 ? fopencookie(NULL, "w", io) : NULL;
    if (f) {   /* (else stdout stays as it is, checked the same way but for the first error's name) */
        setvbuf(f, NULL, isatty(out_fd) ? _IOLBF : _IOFBF, BUFSIZ);
        orig_stdout = stdout;
        stdout = f;
    }
    atexit(at_exit);
}
