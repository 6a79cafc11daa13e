/* tests/main.c: runs every Check suite. Suites are found by the Makefile (grep for
 * `Suite *pb_suite_NAME(void)` in the tests/ files) and listed in build/tests/suites.h.
 *
 *     test-paperbowl                 every suite
 *     test-paperbowl NAME            the suite of pb_suite_NAME only (its own process: tests/check.sh
 *                                    runs the suites side by side, the longest first)
 *     test-paperbowl --list          the NAMEs, one a line
 * A suite whose tests this build leaves out (the sanitized build: tests/solve_wp.c) says so. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PB_SUITE(name) Suite *name(void);
#include "suites.h"
#undef PB_SUITE

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
#define PB_SUITE(name) puts(#name + strlen("pb_suite_"));
#include "suites.h"
#undef PB_SUITE
        return EXIT_SUCCESS;
    }
    SRunner *runner = srunner_create(NULL);
    int added = 0;
#define PB_SUITE(name)                                                                             \
    if (!only || strcmp(only, #name + strlen("pb_suite_")) == 0) {                                 \
        srunner_add_suite(runner, name());                                                         \
        added++;                                                                                   \
    }
#include "suites.h"
#undef PB_SUITE
    if (added == 0) {
        fprintf(stderr, "test-paperbowl: no suite '%s' (--list)\n", only ? only : "");
        srunner_free(runner);
        return 2;
    }
    srunner_run(runner, NULL, NULL, CK_NORMAL);
    if (srunner_ntests_run(runner) == 0)
        printf("test-paperbowl: no test of %s ran: this build leaves them out (the sanitized one: the plain build runs "
               "them), or CK_RUN_SUITE / CK_RUN_CASE matched none\n", only ? only : "any suite");
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
