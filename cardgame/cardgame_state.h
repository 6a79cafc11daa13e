/* cardgame/cardgame_state.h: the simulator's game state and its choices, shared by the simulator
 * (cardgame_sim.c) and the greedy strategy (cardgame_greedy.c). Internal to cardgame/. */
#ifndef CG_STATE_H
#define CG_STATE_H

#include "cardgame_sim.h"

/* what a choice is for; the options are card codes, except CG_CH_RUN (1 run, 0 pass),
 * CG_CH_TARGET (a place in the trick) and CG_CH_COLOUR (a suit) */
enum { CG_CH_KICK, CG_CH_ONSIDE, CG_CH_RUN, CG_CH_LEAD, CG_CH_PLAY, CG_CH_RETURN, CG_CH_PLUS, CG_CH_COLOUR,
       CG_CH_GIVE, CG_CH_TAKE };

typedef struct {
    const cg_rules *r;
    const cg_sim_opts *o;
    int ranks;
    int hand[4][CG_MAXHAND], n[4];
    uint64_t rng;
    const cg_script *script;
    int pos;
    bool script_error;
    int score[2];
    bool over, ran_out;
    /* the series: the marker and the offense's total so far */
    int marker, total;
    /* the trick in play: the lead, the led suit (-1: none yet), the cards in play order */
    int lead, ls, np, card[4], who[4], val[4], su[4], pending[4];
    bool present[4], run, reversed, cancelled;
} cg_state;

static inline int cg_num(const cg_state *g, int c) { return c % g->ranks + 1; }
static inline int cg_suit(const cg_state *g, int c) { return c / g->ranks; }

/* the greedy strategy: the index in opt[0..k-1] that player p chooses; `amount` is skill 8's or
 * 11's +1 / +2 for CG_CH_PLUS, the place of the card being recoloured for CG_CH_COLOUR */
int cg_greedy_choose(const cg_state *g, int kind, int p, const int *opt, int k, int amount);
/* the place in the trick that takes it now (-1: none) */
int cg_trick_winner(const cg_state *g);

#endif
