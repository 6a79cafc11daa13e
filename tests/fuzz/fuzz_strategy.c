/* tests/fuzz/fuzz_strategy.c: libFuzzer target for the strategy parser (sim/strategy_parse.c,
 * `make fuzz`). Any input must either parse (and then choose in every section without failing
 * where a default rule stands) or give one message naming the file; never crash, hang or leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "strategy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    pb_strategy st;
    char err[512];
    if (pb_strategy_parse(&st, text, "fuzz.ini", err, sizeof err) != 0) {
        if (strncmp(err, "fuzz.ini", 8) != 0)
            abort();
    } else {
        pb_rng r;
        pb_rng_seed(&r, 1, 0);
        pb_strat_view v;
        memset(&v, 0, sizeof v);
        for (int sec = 0; sec < PB_STRAT_SECTION_COUNT; sec++)
            (void)pb_strategy_choose(&st, (pb_strat_section)sec, &v, PB_STRAT_ALL, &r);
        pb_strategy_release(&st);
    }
    free(text);
    return 0;
}
