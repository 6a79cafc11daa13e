/* sim/deviate.c: a coach with one kind of choice replaced (deviate.h). */
#include <string.h>

#include "deviate.h"
#include "strategy.h"

static const char *const names[PB_DEVIATE_COUNT] = {"never-onside", "always-pat", "always-punt"};

const char *pb_deviation_name(pb_deviation d) { return d >= 0 && d < PB_DEVIATE_COUNT ? names[d] : "?"; }

int pb_deviation_parse(const char *name)
{
    for (int i = 0; i < PB_DEVIATE_COUNT; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

static const pb_game_decider *base_of(void *self) { return ((pb_deviator *)self)->base; }

static void offense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_deviator *d = self;
    if (d->dev == PB_DEVIATE_ALWAYS_PUNT && v->down >= d->last_down) {
        memset(w, 0, 5 * sizeof *w);
        w[PB_CALL_PUNT] = 1;
        return;
    }
    d->base->offense(d->base->self, v, w);
}

static void defense(void *self, const pb_game_view *v, unsigned w[5])
{
    base_of(self)->defense(base_of(self)->self, v, w);
}

static void kickoff(void *self, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    pb_deviator *d = self;
    if (d->dev == PB_DEVIATE_NEVER_ONSIDE) {
        w[0] = 1;
        w[1] = 0;
        return;
    }
    d->base->kickoff(d->base->self, v, free_kick, w);
}

static void try_call(void *self, const pb_game_view *v, unsigned w[4])
{
    pb_deviator *d = self;
    if (d->dev == PB_DEVIATE_ALWAYS_PAT) {
        memset(w, 0, 4 * sizeof *w);
        w[0] = 1;
        return;
    }
    d->base->try_call(d->base->self, v, w);
}

static void try_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    base_of(self)->try_defense(base_of(self)->self, v, w);
}

static int ret(void *self, const pb_game_view *v, int landing)
{
    return base_of(self)->ret(base_of(self)->self, v, landing);
}

static int end_of_half(void *self, const pb_game_view *v, bool as_offense)
{
    return base_of(self)->end_of_half(base_of(self)->self, v, as_offense);
}

static int final_fg(void *self, const pb_game_view *v) { return base_of(self)->final_fg(base_of(self)->self, v); }

static int in_play(void *self, const pb_game_view *v, const pb_call *call, const pb_oracle_log *log,
                   pb_decision what, int policy_choice, int *next)
{
    return base_of(self)->in_play(base_of(self)->self, v, call, log, what, policy_choice, next);
}

void pb_deviator_init(pb_deviator *d, const pb_game_decider *base, pb_deviation dev, int last_down)
{
    memset(d, 0, sizeof *d);
    d->base = base;
    d->dev = dev;
    d->last_down = last_down;
    d->as_decider = (pb_game_decider){offense,    defense,  kickoff,  try_call,
                                      try_defense, ret,     end_of_half, final_fg,
                                      base->in_play ? in_play : NULL, d};
}
