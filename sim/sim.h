/* sim/sim.h: whole games by the million: the runner, its totals, the reports and the
 * play-by-play log.
 *
 * Reproducibility: game i (0-based) draws every random number (coin toss, decks, strategy
 * mixes, dice) from its own generator pb_rng_seed(seed, i) (or three, with paired_streams), so a game depends only on
 * (seed, i, ruleset, strategies, policies). Totals are integer counts, summed in any order,
 * so the output is byte-identical for any number of threads. */
#ifndef PB_SIM_H
#define PB_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "sim_oracle.h"
#include "trace.h"

typedef struct {
    const pb_ruleset *rules;
    pb_policies policies;
    const pb_evaluator *eval;        /* for the "best" policies; NULL: see play.h */
    const pb_timeout_decider *timeouts;  /* cards 21-24 decided before the play (may be NULL) */
    const pb_return_decider *returns;    /* touchback or return decided before the kick (may be NULL) */
    const pb_strategy *strategy[2];  /* PB_HOME, PB_AWAY */
    uint64_t seed;
    uint64_t games;
    int threads;                     /* worker threads, >= 1 */
    /* called from the calling thread about 10 times a second while games run (may be NULL) */
    void (*progress)(void *self, uint64_t done, uint64_t total);
    void *progress_self;
    /* drive mode (doc/sim.md, "Drive mode"): each "game" is one drive chain, the home team with
     * the ball at (drive_togo, drive_down, drive_ytg), until the first score
     * (pb_game_start_drive); the totals add the drive counts below */
    bool drive;
    int drive_togo, drive_down, drive_ytg;
    bool drive_deck;         /* the real deck instead of a uniform card per snap (game.h drive_deck) */
    /* whole games with a uniform card per snap instead of the dealt quarter decks, the clock
     * unchanged (game.h uniform_cards; ignored in drive mode, which draws its cards already) */
    bool uniform_cards;
    /* per team (PB_HOME, PB_AWAY), may be NULL: callbacks that make every choice of that team
     * instead of its strategy, which may then be NULL (game.h pb_game_decider). A decider is
     * called from the worker threads at once: it must be thread-safe (e.g. read-only tables) */
    const pb_game_decider *decider[2];
    /* NULL: every game from the opening kickoff; else from this moment, the home team with the
     * ball (pb_game_start_at); the points and stats count from the moment */
    const pb_game_view *start;
    /* common random numbers (the paired deck check): the game's generator, the dice and the play
     * cards drawn from streams of their own, seeded again at every step and deal (game.h
     * pb_game_pair): two runs that differ only in the card process draw the same numbers at the
     * same step, and the real deck is dealt from the uniform card's own draws */
    bool paired_streams;
    /* 0, or the card whose effect is planted away on 1 in 100 of its snaps (game.h plant_card;
     * the key is splitmix64 of seed ^ i) */
    int plant_card;
} pb_sim_config;



/* How a drive chain ends (drive mode): a touchdown and a two-point try good, and a PAT good, a
 * touchdown alone (the try failed), a field goal, a safety. */
typedef enum { PB_NEXT_TD2, PB_NEXT_TD1, PB_NEXT_TD, PB_NEXT_FG, PB_NEXT_SAFETY, PB_NEXT_SCORE_COUNT } pb_next_score;

#define PB_SIM_POINTS_MAX 150  /* histogram bins 0..MAX-1, and MAX for "MAX or more" */
#define PB_SIM_LEAD_MAX 35     /* lead-safety rows 0..MAX-1, and MAX for "MAX or more" */
#define PB_SIM_FINALS_MAX 60   /* the finals table: each side's points 0..MAX-1, and MAX for "MAX or more" */

typedef struct {
    uint64_t games;
    uint64_t stat[2][PB_STAT_COUNT];            /* summed per team (PB_HOME, PB_AWAY) */
    uint64_t points[2][PB_SIM_POINTS_MAX + 1];  /* a team's points in a game */
    uint64_t total[PB_SIM_POINTS_MAX + 1];      /* both teams' points in a game */
    uint64_t margin[2 * PB_SIM_POINTS_MAX + 1]; /* home minus away, + MAX, clamped */
    uint64_t finals[PB_SIM_FINALS_MAX + 1][PB_SIM_FINALS_MAX + 1];  /* [home][away] points, clamped */
    uint64_t wins[2], ties, overtime;
    uint64_t period_points[PB_PERIODS_MAX][2];
    uint64_t fg_row_att[PB_FG_ROWS_MAX + 1], fg_row_made[PB_FG_ROWS_MAX + 1];
    /* how safe a lead is: by the lead entering the last quarter of regulation (|home - away|),
     * the games the leader won, tied, lost (row 0: tied entering it; "won" = home won) */
    uint64_t lead_last[PB_SIM_LEAD_MAX + 1][3];
    /* drive mode: x = the drive's signed next-score points (home minus away); the sums of x and
     * x^2 (x as int64_t in two's complement), and the drives by scoring team (home, away) and
     * kind (pb_next_score) */
    uint64_t drive_sum, drive_sum2;
    uint64_t drive_score[2][PB_NEXT_SCORE_COUNT];
    uint64_t kicker_wins, kicker_ties;          /* the team that kicked the opening kickoff (not printed) */
} pb_sim_totals;

void pb_sim_totals_init(pb_sim_totals *t);
void pb_sim_totals_add_game(pb_sim_totals *t, const pb_game *g);
void pb_sim_totals_merge(pb_sim_totals *into, const pb_sim_totals *from);

/* One game with its own generator and dice: pb_sim_game_init, then pb_game_play(&sg->game).
 * The struct holds pointers into itself: do not copy it after init. */
typedef struct {
    pb_rng rng;
    pb_rng dice_rng, card_rng;   /* paired_streams only */
    pb_sim_oracle dice;
    pb_game game;
} pb_sim_game;

void pb_sim_game_init(pb_sim_game *sg, const pb_sim_config *cfg, uint64_t index, pb_trace *trace);
/* How the reports name a team's coach: "decider" when it has a decider, else its strategy's
 * name (source: "coach (embedded)" or the file path instead). */
const char *pb_sim_team_label(const pb_sim_config *cfg, int team, bool source);
/* Play it: the whole game, or in drive mode the drive chain. 0, or -1 with the game's error. */
int pb_sim_game_play(pb_sim_game *sg, const pb_sim_config *cfg);
/* Drive mode: the drive's result into the totals (with pb_sim_totals_add_game's counts). */
void pb_sim_totals_add_drive(pb_sim_totals *t, const pb_game *g);

/* Play games 0 .. cfg->games-1 on cfg->threads threads into *out. 0, or -1 with "game N:
 * message" in err (the lowest failing game index, whatever the threads). */
int pb_sim_run(const pb_sim_config *cfg, pb_sim_totals *out, char *err, size_t errlen);

/* Reports. The header names the ruleset, strategies, policies, evaluator and seed, never the
 * thread count. Decimals are correctly rounded from the exact counts (core/exact.h). */
void pb_sim_report_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t);
/* JSON via jansson; -1 when out of memory. */
int pb_sim_report_json(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t);

/* Drive mode's report: drives, the mean signed points with its standard error, the outcomes,
 * plays per drive (sim/sim_drive.c). */
void pb_sim_drive_report_text(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t);
int pb_sim_drive_report_json(FILE *out, const pb_sim_config *cfg, const pb_sim_totals *t);

/* The play-by-play of games first .. first+n-1, as text a designer reads like a box score. */
int pb_sim_log(FILE *out, const pb_sim_config *cfg, uint64_t first, uint64_t n, char *err, size_t errlen);

/* A memo in front of an exact evaluator for one ruleset and policy set: the simulator asks
 * the same few thousand expectations millions of times. Keys are (togo, offense, defense,
 * card, forced timeout choice) for the calls play.c makes (no card, or a timeout card forced
 * either way), whose value depends on nothing else; other calls pass through. Thread-safe. */
typedef struct pb_sim_eval pb_sim_eval;
pb_sim_eval *pb_sim_eval_create(const pb_evaluator *inner, const pb_ruleset *rs, const pb_policies *pol);
const pb_evaluator *pb_sim_eval_evaluator(const pb_sim_eval *m);
void pb_sim_eval_free(pb_sim_eval *m);
/* The card-timeout decision table (cards 21-24) on top of the memo: play.c's own choice for
 * the policy in effect (best: the exact comparisons; always; never), computed once per
 * (togo, offense, defense, card). pb_sim_eval_timeout sets call->timeout_force and, for 23 and
 * 24, the changed card; the side must have a timeout. */
void pb_sim_eval_timeout(pb_sim_eval *m, const pb_situation *s, pb_call *call);
const pb_timeout_decider *pb_sim_eval_decider(pb_sim_eval *m);
/* The touchback-or-return table on top of the memo: special.c's own "best" choice (1 return,
 * 0 touchback; -1 when the policy is not "best" or the kick is not one the table knows) for a
 * regular kickoff from `from_own` with `roll`, and for a punt from togo. The landing spot of
 * each kick is learnt by running special.c itself, not restated. */
int pb_sim_eval_kickoff_return(pb_sim_eval *m, int from_own, pb_dice roll);
int pb_sim_eval_punt_return(pb_sim_eval *m, int togo);
const pb_return_decider *pb_sim_eval_return_decider(pb_sim_eval *m);

#endif
