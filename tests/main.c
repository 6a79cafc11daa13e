/* tests/main.c: runs every Check suite. Suites are found by the Makefile (grep for
 * `Suite *pb_suite_NAME(void)` in the tests/ files) and listed in build/tests/suites.h.
 *
 *     test-paperbowl                 every suite
 *     test-paperbowl NAME            the suite of pb_suite_NAME only (its own process: tests/check.sh
 *                                    runs the suites side by side, the longest first)
 *     test-paperbowl --list          the NAMEs, one a line
 *     test-paperbowl --part K/N      the suites K, K + N, K + 2N, ... of the list (from 0) */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PB_SUITE(name) Suite *name(void);
#include "suites.h"
#undef PB_SUITE

int main(int argc, char **argv)
{
    int part = 0, parts = 1;
    const char *only = NULL;
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
#define PB_SUITE(name) puts(#name + strlen("pb_suite_"));
#include "suites.h"
#undef PB_SUITE
        return EXIT_SUCCESS;
    }
    if (argc > 2 && strcmp(argv[1], "--part") == 0) {
        if (sscanf(argv[2], "%d/%d", &part, &parts) != 2 || parts < 1 || part < 0 || part >= parts) {
            fprintf(stderr, "test-paperbowl: --part K/N with 0 <= K < N\n");
            return 2;
        }
    } else if (argc > 1) {
        only = argv[1];
    }
    SRunner *runner = srunner_create(NULL);
    int index = 0, added = 0;
#define PB_SUITE(name)                                                                             \
    if (only ? strcmp(only, #name + strlen("pb_suite_")) == 0 : index % parts == part) {           \
        srunner_add_suite(runner, name());                                                         \
        added++;                                                                                   \
    }                                                                                              \
    index++;
#include "suites.h"
#undef PB_SUITE
    if (added == 0) {
        fprintf(stderr, "test-paperbowl: no suite '%s' (--list)\n", only ? only : "");
        srunner_free(runner);
        return 2;
    }
    srunner_run(runner, NULL, NULL, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
