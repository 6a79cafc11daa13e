/* tests/fuzz/fuzz_wp_file.c: libFuzzer target for the value-file reader (solve/wp_file.c,
 * `make fuzz`), built with PB_FUZZ_NO_CHECKSUM so that a changed payload is read past the
 * checksum into the tables made from it. The ruleset is tests/data/game_tiny.ini (PB_FUZZ_RULESET),
 * the corpus starts from its value file. Any input must either be read or give a message; never crash,
 * hang or leak. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ruleset.h"
#include "wp.h"
#include "wp_file.h"

static pb_ruleset rules;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[512];
    if (pb_ruleset_load(&rules, PB_FUZZ_RULESET, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_wp_file: %s\n", err);
        exit(1);
    }
    snprintf(path, sizeof path, "/tmp/pb-fuzz-wp-%ld.pbv", (long)getpid());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pb_wp *w = NULL;
    char err[512];
    if (pb_wp_file_read(&w, path, &rules, &pol, 0, 1, err, sizeof err) != 0) {
        if (w || err[0] == '\0')
            abort();
    } else {
        pb_wp_free(w);
    }
    unlink(path);
    return 0;
}
