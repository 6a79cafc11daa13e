/* tests/fuzz/fuzz_games.c: libFuzzer target for the readers of the games beside PAPER BOWL.
 * The first byte picks the reader: 'S' a Masume Soccer TACTICS ruleset (soccer/tactics.ini's
 * format), 'C' a Carriers!! ruleset, 'T' a card-game ruleset, 'L' a soccer kick line (checked, then resolved for every kick
 * type and face when it is good), anything else a switch assignment for both games ("M3=KKK112").
 * Every input must either be read or give one non-empty message; never crash, hang or leak.
 * Build (from the repository root, so that the embedded rulesets are found):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -o build-fuzz/fuzz_games \
 *     tests/fuzz/fuzz_games.c soccer/soccer_rules.c soccer/soccer_kick.c soccer/soccer_embedded.c \
 *     carriers/carriers_rules.c carriers/carriers_embedded.c cardgame/cardgame_rules.c \
 *     cardgame/cardgame_embedded.c core/ini_source.c core/game_switch.c core/num_parse.c -linih -lgmp */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cardgame_rules.h"
#include "carriers_rules.h"
#include "soccer_kick.h"
#include "soccer_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char err[512] = "";
    ms_rules r;
    cr_rules c;
    switch (data[0]) {
    case 'S':
        if (ms_rules_parse(&r, text, "fuzz.ini", err, sizeof err) != 0 && !err[0])
            abort();
        break;
    case 'C':
        if (cr_rules_parse(&c, text, "fuzz.ini", err, sizeof err) != 0 && !err[0])
            abort();
        break;
    case 'T': {
        cg_rules g;
        if (cg_rules_parse(&g, text, "fuzz.ini", err, sizeof err) != 0 && !err[0])
            abort();
        break;
    }
    case 'L':
        ms_rules_default(&r);
        if (ms_line_check(text, err, sizeof err) != 0) {
            if (!err[0])
                abort();
            break;
        }
        for (int t = 0; t < 3; t++)
            for (int f = 1; f <= MS_FACES; f++) {
                ms_kick k = {(ms_kick_type)t, MS_KICKER_GOAL_KICK, "", 1 + f % 2};
                memcpy(k.line, text, strlen(text) + 1);
                ms_outcome o;
                char steps[1024];
                ms_kick_resolve(&r, &k, f, &o, steps, sizeof steps);
                if (o.kind >= MS_OUT_KINDS)
                    abort();
            }
        break;
    default:
        ms_rules_default(&r);
        cr_rules_default(&c);
        if (ms_rules_assign(&r, text, err, sizeof err) != 0 && !err[0])
            abort();
        err[0] = 0;
        if (cr_rules_assign(&c, text, err, sizeof err) != 0 && !err[0])
            abort();
        break;
    }
    free(text);
    return 0;
}
