/* core/sim_oracle.c: random dice for the simulator (see sim_oracle.h). */
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

static pb_dice sim_roll2(pb_oracle *o, pb_roll_purpose why)
{
    (void)why;
    pb_sim_oracle *so = (pb_sim_oracle *)o;
    uint32_t x = pb_rng_below(so->rng, 36);  /* the ordered pair (x / 6 + 1, x % 6 + 1) */
    int a = (int)(x / 6) + 1, b = (int)(x % 6) + 1;
    pb_dice d = {a < b ? a : b, a < b ? b : a};
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

static const pb_oracle_ops sim_ops = {sim_roll2, sim_roll1, sim_chain, NULL};

void pb_sim_oracle_init(pb_sim_oracle *o, pb_rng *rng)
{
    memset(o, 0, sizeof *o);
    o->base.ops = &sim_ops;
    o->rng = rng;
}
