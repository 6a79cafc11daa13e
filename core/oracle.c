/* core/oracle.c: what every oracle shares: chain steps, rolling a chain die by die, names. */
#include "oracle.h"

int pb_chain_step(const pb_chain_spec *spec, int a, int b)
{
    int m = a == b ? spec->doubles_multiplier : spec->multiplier;
    return pb_div_floor((a + b) * m + spec->add, spec->divisor);
}

int pb_chain_min_step(const pb_chain_spec *spec)
{
    int min = INT_MAX;
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++) {
            int s = pb_chain_step(spec, a, b);
            if (s < min)
                min = s;
        }
    return min;
}

int pb_chain_roll_literally(pb_oracle *o, const pb_chain_spec *spec, int cap, int depth_limit)
{
    int total = 0;
    for (int rolls = 0;; rolls++) {
        if (total >= cap)
            return cap;
        if (depth_limit > 0 && rolls >= depth_limit)
            return PB_CHAIN_CUT;
        pb_dice d = pb_oracle_roll2(o, PB_ROLL_CHAIN);
        total += pb_chain_step(spec, d.a, d.b);
        if (d.a != d.b)
            return total < cap ? total : cap;
    }
}

const char *pb_roll_purpose_name(pb_roll_purpose why)
{
    static const char *const names[PB_ROLL_PURPOSE_COUNT] = {
        "the play's roll", "a doubles re-roll", "the challenge roll", "the return roll",
        "the kickoff roll", "the onside kick die", "the field goal roll", "the PAT roll"};
    return why < PB_ROLL_PURPOSE_COUNT ? names[why] : "a roll";
}

const char *pb_decision_name(pb_decision what)
{
    static const char *const names[PB_DECIDE_COUNT] = {
        "timeout-offense", "timeout-defense", "change-offense", "change-defense", "challenge-offense",
        "challenge-defense", "penalty-offense", "penalty-defense", "return"};
    return what < PB_DECIDE_COUNT ? names[what] : "?";
}

bool pb_decision_by_offense(pb_decision what)
{
    switch (what) {
    case PB_DECIDE_TIMEOUT_OFFENSE:
    case PB_DECIDE_CHANGE_OFFENSE:
    case PB_DECIDE_CHALLENGE_OFFENSE:
    case PB_DECIDE_PENALTY_OFFENSE:
        return true;
    default:
        return false;
    }
}
