/* sim/deviate.h: a coach with one kind of choice replaced (pb_game_decider): every choice is the
 * base coach's but the one the deviation names. For checking a solved strategy: a side that
 * deviates from an equilibrium must not do better (solve check --deviate). */
#ifndef PB_DEVIATE_H
#define PB_DEVIATE_H

#include "game.h"

typedef enum {
    PB_DEVIATE_NEVER_ONSIDE,   /* every kickoff and free kick regular */
    PB_DEVIATE_ALWAYS_PAT,     /* every try a kick */
    PB_DEVIATE_ALWAYS_PUNT,    /* punt on every last down (the ruleset's `downs`) */
    PB_DEVIATE_COUNT
} pb_deviation;

typedef struct {
    pb_game_decider as_decider;   /* what the game is given */
    const pb_game_decider *base;
    pb_deviation dev;
    int last_down;
} pb_deviator;

/* The name of a deviation ("never-onside", "always-pat", "always-punt") and back: -1 when unknown. */
const char *pb_deviation_name(pb_deviation d);
int pb_deviation_parse(const char *name);

/* Fill d (which must outlive the game) from base and the deviation; last_down: the ruleset's downs. */
void pb_deviator_init(pb_deviator *d, const pb_game_decider *base, pb_deviation dev, int last_down);

#endif
