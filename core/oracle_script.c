/* core/oracle_script.c: the scripted-dice oracle (see oracle_script.h). */
#include "oracle_script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pb_dice take(pb_script_oracle *so, pb_roll_purpose why, bool two)
{
    pb_dice harmless = {1, 2};
    if (so->error[0])
        return harmless;
    if (so->next >= so->count) {
        snprintf(so->error, sizeof so->error, "missing roll %d: %s (%s) was not given", so->next + 1,
                 pb_roll_purpose_name(why), two ? "two dice, like 3-4" : "one die, like 5");
        return harmless;
    }
    pb_dice d = so->dice[so->next];
    if (two != (d.b != 0)) {
        snprintf(so->error, sizeof so->error, "roll %d: %s needs %s, not '%d%s'", so->next + 1,
                 pb_roll_purpose_name(why), two ? "two dice, like 3-4" : "one die, like 5", d.a,
                 d.b ? "-..." : "");
        return harmless;
    }
    so->next++;
    return d;
}

static pb_dice script_roll2(pb_oracle *o, pb_roll_purpose why)
{
    return take((pb_script_oracle *)o, why, true);
}

static int script_roll1(pb_oracle *o, pb_roll_purpose why)
{
    pb_script_oracle *so = (pb_script_oracle *)o;
    pb_dice d = take(so, why, false);
    return so->error[0] ? 1 : d.a;
}

static int script_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    pb_script_oracle *so = (pb_script_oracle *)o;
    int total = 0;
    for (int rolls = 0;; rolls++) {
        if (total >= cap)
            return cap;
        if (so->depth_limit > 0 && rolls >= so->depth_limit)
            return PB_CHAIN_CUT;
        pb_dice d = take(so, PB_ROLL_CHAIN, true);
        if (so->error[0])
            return 0;
        int step = pb_chain_step(spec, d.a, d.b);
        total += step;
        PB_TRACE(so->trace, "re-roll: %d-%d: +%d yards%s", d.a, d.b, step, d.a == d.b ? " (doubles: roll again)" : "");
        if (d.a != d.b)
            return total < cap ? total : cap;
    }
}

static const pb_oracle_ops script_ops = {script_roll2, script_roll1, script_chain, NULL, NULL};

void pb_script_oracle_from(pb_script_oracle *so, const pb_dice *dice, int count)
{
    memset(so, 0, sizeof *so);
    so->base.ops = &script_ops;
    if (count > PB_SCRIPT_MAX_DICE)
        count = PB_SCRIPT_MAX_DICE;
    for (int i = 0; i < count; i++) {
        pb_dice d = dice[i];
        if (d.b && d.a > d.b) {
            int t = d.a;
            d.a = d.b;
            d.b = t;
        }
        so->dice[i] = d;
    }
    so->count = count;
}

int pb_script_oracle_init(pb_script_oracle *so, const char *text, pb_trace *trace, char *err, size_t errlen)
{
    pb_dice dice[PB_SCRIPT_MAX_DICE];
    int n = 0;
    const char *p = text;
    while (*p) {
        if (n >= PB_SCRIPT_MAX_DICE) {
            snprintf(err, errlen, "too many rolls (at most %d)", PB_SCRIPT_MAX_DICE);
            return -1;
        }
        int a = 0, b = 0;
        if (*p >= '1' && *p <= '6')
            a = *p++ - '0';
        if (a && *p == '-') {
            p++;
            if (*p >= '1' && *p <= '6')
                b = *p++ - '0';
            else
                a = 0;
        }
        if (!a || (*p && *p != ',')) {
            snprintf(err, errlen, "roll %d of '%s' is not dice: write rolls like 3-3,2-5 (a single die: 4)", n + 1,
                     text);
            return -1;
        }
        dice[n].a = a;
        dice[n].b = b;
        n++;
        if (*p == ',')
            p++;
    }
    if (n == 0) {
        snprintf(err, errlen, "no dice given");
        return -1;
    }
    pb_script_oracle_from(so, dice, n);
    so->trace = trace;
    return 0;
}

int pb_script_oracle_unused(const pb_script_oracle *so) { return so->count - so->next; }
