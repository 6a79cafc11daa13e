/* tests/fuzz/fuzz_ruleset.c: libFuzzer target for the ruleset loader (`make fuzz`).
 * Any input must either load or give one message naming the file; never crash or leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    pb_ruleset rs;
    char err[PB_ERR_MAX];
    if (pb_ruleset_parse(&rs, text, "fuzz.ini", err, sizeof err) != 0 && strncmp(err, "fuzz.ini", 8) != 0)
        abort();
    free(text);
    return 0;
}
