/* core/play_internal.h: pieces shared by play.c, play_card.c and special.c, not part of the API. */
#ifndef PB_PLAY_INTERNAL_H
#define PB_PLAY_INTERNAL_H

#include "play.h"

/* x / divisor rounded toward zero or down (mode: pb_sw_round). */
int pb_round_div(int x, int divisor, int mode);

/* A return (3.4) by the team that has the ball `from` yards from the goal line it attacks:
 * the distance (capped at `from`, a touchdown), or PB_CHAIN_CUT. Traces each step. */
int pb_return_distance(const pb_play_env *env, pb_oracle *o, int from);

/* One play being resolved (play.c, play_card.c). */
typedef struct {
    const pb_play_env *env;
    const pb_ruleset *rs;
    const pb_situation *s;
    const pb_call *call;
    pb_oracle *o;
    struct pb_trace *tr;
    const pb_play_card *card;  /* the card in effect for this play, or NULL */
    int card_no;
    bool pass;
    /* per-roll and final transforms from the card */
    int factor, add, divisor, subtract;
    bool halve_total;
    int doubles_factor;        /* card 15: a doubles run roll is sum * this (0: none) */
    bool ignore_defense;
    pb_result r;
} pb_play_ctx;

/* play_card.c, for play.c: what the card does besides yardage.
 * The card's transforms of the rolls (multiply, add, subtract, halve, doubles, defense ignored). */
void pb_play_apply_card(pb_play_ctx *c);
/* The timeout before the play (cards 21-24): false when the card has no effect (timeout not
 * taken, or its work was to change a card). May change the cards. */
bool pb_play_pre_snap_timeout(pb_play_ctx *c, pb_offense *off, int *def);
/* A challenge by `side` (3.7) of the ruling `now`, which `if_won` would replace: true when
 * made and won. */
bool pb_play_challenge(pb_play_ctx *c, pb_side side, const pb_result *now, const pb_result *if_won);
/* The defense has the ball at `spot_togo` (the offense's togo of the spot), returned or not. */
void pb_play_turnover_at(pb_play_ctx *c, int spot_togo, bool with_return);
/* The fouled side accepts or declines; `play` is the ruling without the foul. */
void pb_play_foul(pb_play_ctx *c, pb_side fouler, const pb_result *play);
/* A fumble (cards 03, 04) after a play that gained `gain` (first roll only: `first_gain`). */
void pb_play_fumble(pb_play_ctx *c, int gain, int first_gain, bool at_scrimmage);

#endif
