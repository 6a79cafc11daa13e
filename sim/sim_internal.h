/* sim/sim_internal.h: what the files of sim/ share, not part of its API. */
#ifndef PB_SIM_INTERNAL_H
#define PB_SIM_INTERNAL_H

#include "game.h"
#include "strategy.h"

/* strategy.c, for strategy_parse.c: a rule's choice mask and cumulative weights (per variant)
 * from its weights; and a section's rules made ready for lookup (each derived, then the table
 * built; where the table cannot be built the section is scanned instead). */
void pb_strat_derive(pb_strat_rule *rule);
void pb_strat_compile(pb_strat_rules *rs);
/* strategy_parse.c: the built-in order of the end-of-half card for the offense, best first (the
 * defense's is its reverse). */
extern const int pb_strat_default_offense_cards[PB_CARD_COUNT];

/* game.c, for game_kick.c: the game's primitives. */
static inline const pb_ruleset *pb_game_rules(const pb_game *g) { return g->env.rules; }
/* What `team` sees: its lead, the time, the quarter; down, ytg and togo always describe the
 * team with the ball (for the defense too: togo 5 means the ball is 5 yards from its goal). */
static inline void pb_game_strat_view(const pb_game *g, int team, pb_strat_view *v)
{
    v->v[PB_FIELD_DOWN] = g->down;
    v->v[PB_FIELD_YTG] = g->ytg;
    v->v[PB_FIELD_TOGO] = g->togo;
    v->v[PB_FIELD_LEAD] = g->score[team] - g->score[1 - team];
    v->v[PB_FIELD_LEFT] = pb_game_cards_left_in_half(g);
    v->v[PB_FIELD_QUARTER] = g->quarter;
    v->v[PB_FIELD_SIDE] = team != g->offense;
}
/* Sends an event to the observer (stamped with the quarter); an event of `kind` for `team`
 * (-1: none), all else zero. */
void pb_game_emit(pb_game *g, pb_game_event *e);
void pb_game_event_init(pb_game_event *e, pb_game_event_kind kind, int team);
/* Counters and points (points also count per period). */
void pb_game_add(pb_game *g, int team, pb_stat s, int n);
void pb_game_score(pb_game *g, int team, int points);
/* `team`'s choice in section `sec` among the `usable` ones: by its decider when it has one,
 * else by its strategy. */
int pb_game_choose(pb_game *g, int team, pb_strat_section sec, const pb_strat_view *v, unsigned usable);
/* The first failure of a game: the message is kept and the game is OVER. */
void pb_game_fail(pb_game *g, const char *msg);
/* The drive in progress ends, counted as `how`. */
void pb_game_drive_end(pb_game *g, pb_stat how);
/* The end of a half: halftime, sudden death or the end of the game. */
void pb_game_half_over(pb_game *g);
/* `team` takes over at togo, 1st and 10 (or goal to go). */
void pb_game_possession(pb_game *g, int team, int togo);
/* After a score, `kicker` kicks off (a free kick after a safety); a drive ends instead. */
void pb_game_kick_after_score(pb_game *g, int kicker, bool free_kick);
/* The receiving team gets a kicked ball: a start or a return touchdown. */
void pb_game_receive(pb_game *g, int receiver, const pb_result *r);

/* game_kick.c, for game.c: the kicking game. The kickoff, try and final field goal phases; a
 * field goal from togo (final: after the half's last card; the caller ends the half); a punt's
 * result (the return decided first, as for a kickoff). */
void pb_game_do_kickoff(pb_game *g);
void pb_game_do_try(pb_game *g);
void pb_game_do_final_fg(pb_game *g);
void pb_game_field_goal(pb_game *g, bool final);
pb_result pb_game_punt(pb_game *g);

/* game_decider.c: a team's pb_game_decider asked in place of its strategy. The choice in a
 * strategy section (the view as the strategy would see it; the two-point defense is the
 * [defense] section asked in the TRY phase); touchback or return for a kick stopped at
 * `landing` (1 return, 0 touchback, -1 the policy decides); the final field goal (1 kick). */
int pb_game_decider_choose(pb_game *g, int team, pb_strat_section sec, const pb_strat_view *v, unsigned usable);
int pb_game_decider_return(pb_game *g, int receiver, int landing);
int pb_game_decider_final_fg(pb_game *g);
/* What `team`'s decider sees, from the strategy's view of the same moment. */
void pb_game_decider_view(const pb_game *g, int team, const pb_strat_view *sv, pb_game_view *v);

/* game_oracle.c, for game.c: does a decider of this game decide in play? The oracle of a snap
 * (call: as played) whose in-play decisions the deciders make, from the offense's and the
 * defense's strategy views before the play. */
bool pb_game_decides_in_play(const pb_game *g);
pb_oracle *pb_game_in_play_oracle(pb_game *g, const pb_strat_view *ov, const pb_strat_view *dv, const pb_call *call);

#endif
