/* core/kick_landing.c: where a kick stops, learnt from the rules code (see play.h); used by the
 * simulator (the return decided before a kick) and the drive solver (landing spots).
 *
 * The landing spot is not restated here: special.c's own pb_kickoff (with the given roll) or
 * pb_punt is run with a probe evaluator under the "best" return policy. special.c asks the
 * evaluator for E[start after a return] from the spot where the ball stopped; the probe records
 * that spot and answers "a very bad return", so the kick ends in a touchback and asks for no
 * more dice. */
#include "play.h"

#include <string.h>

#include "oracle_script.h"

typedef struct {
    pb_evaluator base;
    int landing;
} probe_eval;

static int probe_play(const pb_evaluator *ev, const pb_ruleset *rs, const pb_policies *pol, const pb_situation *s,
                      const pb_call *c, mpq_t out)
{
    (void)ev, (void)rs, (void)pol, (void)s, (void)c;
    mpq_set_ui(out, 0, 1);
    return 0;
}

static int probe_return(const pb_evaluator *ev, const pb_ruleset *rs, int landing, mpq_t out)
{
    (void)rs;
    ((probe_eval *)ev->self)->landing = landing;
    mpq_set_ui(out, 1000, 1);
    return 0;
}

/* A kickoff from `from` with `roll`, or a punt from `togo` when from < 0. */
static int probe_landing(const pb_ruleset *rs, int from, pb_dice roll, int togo)
{
    probe_eval pe;
    pe.base.expect_play = probe_play;
    pe.base.expect_return = probe_return;
    pe.base.self = &pe;
    pe.landing = -1;
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pol.ret = PB_RETURN_BEST;
    pb_play_env env = {rs, pol, &pe.base, NULL};
    pb_script_oracle so;
    if (from >= 0) {
        pb_script_oracle_from(&so, &roll, 1);
        pb_kickoff(&env, from, &so.base);
    } else {
        pb_script_oracle_from(&so, NULL, 0);
        pb_punt(&env, togo, &so.base);
    }
    return so.error[0] ? -1 : pe.landing;
}

int pb_kickoff_landing(const pb_ruleset *rs, int from_own, pb_dice roll)
{
    if (from_own < 0 || roll.a < 1 || roll.a > 6 || roll.b < 1 || roll.b > 6)
        return -1;
    return probe_landing(rs, from_own, roll, 0);
}

int pb_punt_landing(const pb_ruleset *rs, int togo)
{
    if (togo < 1 || togo > 99)
        return -1;
    pb_dice none = {1, 1};
    return probe_landing(rs, -1, none, togo);
}
