/* cli/oom.c: GMP's allocation failure, for the commands. GMP cannot report one to its caller:
 * its default functions print "GNU MP: Cannot allocate memory" and abort (SIGABRT). The library
 * (core .. verify) returns "out of memory" for its own allocations, but an mpz/mpq operation that
 * runs out has no way back; so the commands install GMP memory functions (pb_cli_main) that end
 * the process the way a failed command does: "paperbowl CMD: error: out of memory" on stderr and
 * exit status 2 (_exit: stdout's buffer is dropped, not half-written). No longjmp: GMP's state and
 * the locks held at that moment could not be left cleanly. The same end, pb_cli_oom_exit, for the
 * few printers deep in a command's output that have no way to return a status. */
#include <gmp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static char message[160] = "paperbowl: error: out of memory\n";

static void die(void) __attribute__((noreturn));
static atomic_flag dying = ATOMIC_FLAG_INIT;

static void die(void)
{
    if (atomic_flag_test_and_set(&dying))   /* another thread is saying it: one message */
        for (;;)
            pause();
    ssize_t w = write(STDERR_FILENO, message, strlen(message));
    (void)w;
    _exit(PB_EXIT_USAGE);
}

static void *gmp_alloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        die();
    return p;
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    void *q = realloc(p, n);
    if (!q)
        die();
    return q;
}

static void gmp_free(void *p, size_t n)
{
    (void)n;
    free(p);
}

void pb_cli_oom_exit(void) { die(); }

void pb_cli_gmp_oom(const char *cmd)
{
    size_t len = strlen(cmd);
    if (len < sizeof message - 40) {
        memcpy(message, "paperbowl ", 10);
        memcpy(message + 10, cmd, len);
        memcpy(message + 10 + len, ": error: out of memory\n", 24);
    }
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}
