/* tests/main.c: runs every Check suite. Suites are found by the Makefile (grep for
 * `Suite *pb_suite_NAME(void)` in the tests/ files) and listed in build/tests/suites.h. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#define PB_SUITE(name) Suite *name(void);
#include "suites.h"
#undef PB_SUITE

int main(int argc, char **argv)
{
    SRunner *runner = srunner_create(NULL);
#define PB_SUITE(name) srunner_add_suite(runner, name());
#include "suites.h"
#undef PB_SUITE
    /* optional: run only the suite named on the command line */
    const char *only = argc > 1 ? argv[1] : NULL;
    srunner_run(runner, only, NULL, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
