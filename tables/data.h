/* tables/data.h: every number the tables and the report need, computed once.
 *
 * The cells are the exact enumerator's (enumerate/enumerate.h): Run / Short / Long x Defense
 * 1-5 x card (none, 01-24, and the deck: each card 1/24) x togo 1-99 at the default situation
 * (1st and 10, or goal to go inside the 10; tied; full timeouts), and the special-teams cells.
 * Each cell is enumerated once; the deck is the exact mix of the 24 card distributions. Work
 * is split into units (offense x defense x togo, then the kicks) run by worker threads; every
 * result lands in its own slot, so the data do not depend on the number of threads.
 *
 * The drive solver's numbers (solve/drive.h) come from a solved pb_drive that the caller
 * owns (pb_table_drive_solve, pb_table_drive_attach).
 *
 * Ownership: pb_table_data owns every value in it (pb_table_data_init / _release) but the
 * pb_drive. The ruleset is copied in. Nothing here prints; the progress callback (may be NULL) is called
 * under a lock, with the units done so far and the total. */
#ifndef PB_TABLE_DATA_H
#define PB_TABLE_DATA_H

#include <gmp.h>
#include <stdbool.h>

#include "drive.h"
#include "enumerate.h"
#include "msg.h"
#include "play.h"
#include "ruleset.h"
#include "sim.h"
#include "wp.h"

#define PB_TABLE_NONE 0                       /* card index: no card */
#define PB_TABLE_DECK (PB_CARD_COUNT + 1)     /* card index 25: the deck average */
#define PB_TABLE_NCARDS (PB_CARD_COUNT + 2)   /* none, 01..24, deck */
#define PB_TABLE_NTOGO 100                    /* togo 1..99 (index 0 unused) */

/* The summaries of one play cell (pb_summarize's definitions). */
typedef struct {
    mpq_t td, first_down, turnover, safety, complete, mean_yards;
    mpq_t yard_p;   /* P(gain, incomplete, sack or penalty): the weight mean_yards is over */
} pb_table_stats;

/* The states of the card-value table: 1st and 10 at togo 80, 50, 20, and 1st and goal at 5. */
#define PB_TABLE_DRIVE_NCARD 4
extern const int pb_table_drive_card_togo[PB_TABLE_DRIVE_NCARD];

/* Field positions whose full distributions are kept (the explorer, the gain tables at 50). */
extern const int pb_table_explore_togo[];
extern const int pb_table_explore_ntogo;

typedef struct {
    pb_ruleset rules;
    pb_policies policies;
    char changes[256];   /* switches flipped from the ruleset file ("END-LINE=ge"), or "" */
    char *findings;      /* `paperbowl verify findings` text for the report (malloc'd), or NULL */
    pb_lang lang;        /* the report's language (`tables --lang`; pb_table_data_init: English) */
    /* play[index(offense, defense, card, togo)] */
    pb_table_stats *play;
    /* full distributions (collapsed over flags, except PB_FLAG_COMPLETE and PB_FLAG_FIRST_DOWN
     * are kept in the stats) at the explorer's field positions: explore[xindex(o, d, card, k)] */
    pb_dist *explore;
    /* special teams */
    mpq_t fg_good[PB_TABLE_NTOGO];   /* togo 1..fg_max_togo (others 0) */
    mpq_t pat_good;
    mpq_t two_point[PB_OFFENSE_COUNT][PB_DEFENSE_COUNT];
    pb_dist onside, onside_free, kickoff, free_kick;  /* as pb_enumerate returns them */
    pb_dist punt[PB_TABLE_NTOGO];    /* punt from togo 1..99 */
    pb_dist ret;                     /* a return alone, the ball caught at the own 1 (togo 99):
                                        the receiving team's start, 0 for a return touchdown */
    /* the drive solver's numbers (pb_table_drive_attach), or drive NULL when not asked for */
    const pb_drive *drive;           /* not owned */
    double card_value[PB_TABLE_DRIVE_NCARD][PB_CARD_COUNT];  /* pb_drive_card_values */
    /* the game solver's values (`tables --game`), or NULL: no game tables, no game section */
    const pb_wp *game;               /* not owned */
    /* NULL, or the real deck's toss as `verify deck` cached it for the same ruleset (one line of
     * plain text; the report's game section prints it under the coin toss); not owned */
    const char *game_deck_line;
    /* whole games from the simulator for the report (pb_table_sim_run), or NULL: no whole-game
     * section; owned (malloc'd), with the seed it was played with */
    pb_sim_totals *sim;
    uint64_t sim_seed;
    /* the drive's EP with a blank card (no effect) turned instead of a random one, minus the
     * state's EP, at the card-value states (pb_table_drive_attach): card c's worth against a
     * blank card is card_value[k][c] - card_blank[k] */
    double card_blank[PB_TABLE_DRIVE_NCARD];
    /* the game solver's card worths against a blank card at the moments of game-cards-blank, made
     * when first asked for (pb_table_game_card_worths, under a lock); owned (malloc'd), or NULL */
    struct pb_table_game_cards *game_cards;
} pb_table_data;

/* The slot of a play cell (card: PB_TABLE_NONE, 1..24, PB_TABLE_DECK; togo 1..99). */
static inline size_t pb_table_index(int offense, int defense, int card, int togo)
{
    return (((size_t)offense * PB_DEFENSE_COUNT + (size_t)(defense - 1)) * PB_TABLE_NCARDS + (size_t)card) *
               PB_TABLE_NTOGO + (size_t)togo;
}
/* The slot of an explorer distribution (k indexes pb_table_explore_togo); -1 if togo is not kept. */
long pb_table_explore_slot(int offense, int defense, int card, int togo);

static inline const pb_table_stats *pb_table_play(const pb_table_data *d, int offense, int defense, int card,
                                                  int togo)
{
    return &d->play[pb_table_index(offense, defense, card, togo)];
}

/* Allocates and zeroes everything (every probability 0). 0, or -1: out of memory (d holds
 * nothing; pb_table_data_release is harmless). */
int pb_table_data_init(pb_table_data *d, const pb_ruleset *rules, const pb_policies *policies);
void pb_table_data_release(pb_table_data *d);

typedef void (*pb_table_progress)(void *arg, long done, long total);

/* What to compute: the special-teams cells, the play cells (every offense x defense x card)
 * at which field positions, and whether the drive game must be solved. */
typedef struct {
    bool special;
    bool togo[PB_TABLE_NTOGO];
    bool drive;
} pb_table_need;

/* Every cell (the drive is left as it is). */
void pb_table_need_all(pb_table_need *n);

/* Fills what n asks for by exact enumeration with `threads` workers (<= 0: all the CPUs
 * online); what is not computed stays 0. 0, or -1 and a message (a ruleset whose doubles
 * chain can run forever, ...). */
int pb_table_data_compute(pb_table_data *d, const pb_table_need *need, int threads, pb_table_progress progress,
                          void *arg, char *err, size_t errlen);

/* The drive game of the tables' ruleset and policies (d->rules, which the result points to:
 * d must stay where it is until the drive is freed), solved with `threads` threads (<= 0: all
 * the CPUs online, pb_workers_default). Thread-safe with pb_table_data_compute on the same d (it only reads
 * d->rules and d->policies). 0, or -1 and a message. */
int pb_table_drive_solve(pb_drive **out, const pb_table_data *d, int threads, char *err, size_t errlen);
/* Hand a solved drive game to the builders (d does not own it: free it after d) and compute
 * the card values at the card-value states. 0, or -1 and a message. */
int pb_table_drive_attach(pb_table_data *d, const pb_drive *drive, char *err, size_t errlen);

/* Whole games for the report: `games` games from `seed`, the coach strategy on both sides, the
 * real deck, the exact evaluator for the "best" policies: what `paperbowl sim --games N --seed S`
 * plays with the same ruleset and policies (tables/data_sim.c). The totals go to d->sim; the
 * result does not depend on `threads`. 0, or -1 and a message. */
#define PB_TABLE_SIM_GAMES 20000
#define PB_TABLE_SIM_SEED 1
int pb_table_sim_run(pb_table_data *d, uint64_t games, uint64_t seed, int threads, char *err, size_t errlen);

/* The summaries of a distribution into a stats slot. */
void pb_table_stats_from_dist(pb_table_stats *s, const pb_dist *dist);

#endif
