/* sim/sim_oracle.c: random dice for the simulator (see sim_oracle.h). */
#include "sim_oracle.h"

#include <string.h>

static void note(pb_sim_oracle *so, int a, int b)
{
    if (so->nrolls < PB_SIM_RECORD_MAX) {
        so->rolls[so->nrolls].a = a;
        so->rolls[so->nrolls].b = b;
        so->nrolls++;
    }
}

/* The ordered pair x = 6 (a - 1) + (b - 1), 0 <= x < 36, as the sorted pair {min, max}. */
#define P(a, b) {(a) < (b) ? (a) : (b), (a) < (b) ? (b) : (a)}
#define ROW(a) P(a, 1), P(a, 2), P(a, 3), P(a, 4), P(a, 5), P(a, 6)
static const pb_dice sorted_pair[36] = {ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6)};
#undef ROW
#undef P

static pb_dice sim_roll2(pb_oracle *o, pb_roll_purpose why)
{
    (void)why;
    pb_sim_oracle *so = (pb_sim_oracle *)o;
    pb_dice d = sorted_pair[pb_rng_below(so->rng, 36)];
    if (so->record)
        note(so, d.a, d.b);
    return d;
}

static int sim_roll1(pb_oracle *o, pb_roll_purpose why)
{
    (void)why;
    pb_sim_oracle *so = (pb_sim_oracle *)o;
    int d = pb_rng_d6(so->rng);
    if (so->record)
        note(so, d, 0);
    return d;
}

static int sim_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    return pb_chain_roll_literally(o, spec, cap, 0);
}

static const pb_oracle_ops sim_ops = {sim_roll2, sim_roll1, sim_chain, NULL, NULL};

void pb_sim_oracle_init(pb_sim_oracle *o, pb_rng *rng)
{
    memset(o, 0, sizeof *o);
    o->base.ops = &sim_ops;
    o->rng = rng;
}
