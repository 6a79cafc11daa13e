/* tests/main.c: runs every Check suite. Suites are found by the Makefile (grep for
 * `Suite *pb_suite_NAME(void)` in the tests/ files) and listed in build/tests/suites.h.
 *
 *     test-paperbowl                 every suite
 *     test-paperbowl NAME            the suite named NAME only
 *     test-paperbowl --part K/N      the suites K, K + N, K + 2N, ... of the list (from 0): N
 *                                    processes side by side run every suite once (tests/suites.sh) */
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
    if (argc > 2 && strcmp(argv[1], "--part") == 0) {
        if (sscanf(argv[2], "%d/%d", &part, &parts) != 2 || parts < 1 || part < 0 || part >= parts) {
            fprintf(stderr, "test-paperbowl: --part K/N with 0 <= K < N\n");
            return 2;
        }
    } else if (argc > 1) {
        only = argv[1];
    }
    SRunner *runner = srunner_create(NULL);
    int index = 0;
#define PB_SUITE(name)                                  \
    if (index++ % parts == part)                        \
        srunner_add_suite(runner, name());
#include "suites.h"
#undef PB_SUITE
    srunner_run(runner, only, NULL, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
