/* verify/verify.h: the rules verifier: simulator-vs-exact cross-check, rule diffs, the weight
 * of each switch, findings, and the invariants of the whole grid.
 *
 *   cells.c         cells (one play or kick at one situation) and the lists of them;
 *   parallel.c      a for-each over work units on N threads (results are stored per unit, so
 *                   the output never depends on the thread count);
 *   crosscheck.c    the sweep: every cell played N times with the simulator's dice (sim/sim_oracle.h,
 *                   one rng stream per cell) and evaluator memo (sim/sim.h), tested against the
 *                   enumerator's exact distribution (verify/stats.h: pooling, MPFR p-values, Holm);
 *   xc_games.c      the plays whole simulated games reach (sim/game.h observer), tested the same way;
 *   diff.c          the cells whose exact distribution differs between two rulesets;
 *   solve_diff.c    two rulesets' drive games (solve/drive.h) compared: the try, the kicks, the
 *                   EP of every state, the fourth-down decisions, within the certified bounds;
 *   switch_impact.c each switch flipped in turn: the largest change of each summary;
 *   findings.c      dominated cards, non-monotone curves, red-zone jumps, cards that change nothing;
 *   invariants.c    every grid distribution sums to 1, no malformed outcome, no cut mass;
 *   report.c        exact and decimal formatting shared by the commands;
 *   cmd_verify.c    `paperbowl verify crosscheck|switches|findings|invariants`;
 *   cmd_diff.c      `paperbowl diff RULESET_A RULESET_B [--solve]`.
 *
 * Library functions never print (pb_verify_findings_report writes to the FILE it is given);
 * they fill result structures (released with their _release) and return 0, or -1 with a
 * message in err. Probabilities are exact (mpq_t, canonical); the only
 * doubles are statistics (chi-square statistics and p-values) and run times. */
#ifndef PB_VERIFY_H
#define PB_VERIFY_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "enumerate.h"
#include "play.h"
#include "rng.h"
#include "ruleset.h"
#include "stats.h"

/* ---- cells.c ---- */

/* One cell: an action at a situation. Situation fields set to PB_VERIFY_DEFAULT take the
 * ruleset's default (pb_situation_default: 1st and 10 or goal to go, the ruleset's timeouts). */
#define PB_VERIFY_DEFAULT (-1000)
typedef struct {
    pb_action action;
    pb_offense offense;      /* PLAY, TWO_POINT */
    int defense;             /* PLAY, TWO_POINT */
    int card;                /* PLAY: 0 none, 1..24 */
    int togo;                /* PLAY, PUNT, RETURN (the landing togo), FIELD_GOAL: 1..99 */
    int down, ytg, lead, timeouts_off, timeouts_def;  /* PLAY: value or PB_VERIFY_DEFAULT */
} pb_verify_cell;

typedef struct {
    pb_verify_cell *cells;
    size_t count, cap;
    bool failed;   /* out of memory in pb_verify_cells_add: cells are missing (the user refuses the list) */
} pb_verify_cells;

void pb_verify_cells_init(pb_verify_cells *l);
void pb_verify_cells_release(pb_verify_cells *l);
void pb_verify_cells_add(pb_verify_cells *l, const pb_verify_cell *c);

/* A play cell at the ruleset's default situation (lead 0). */
pb_verify_cell pb_verify_play_cell(pb_offense off, int defense, int card, int togo);
/* A special-teams cell (togo where the action needs it, else 0). */
pb_verify_cell pb_verify_special_cell(pb_action action, int togo);

/* The situation of a cell under a ruleset (ytg is cut to togo: goal to go). */
pb_situation pb_verify_cell_situation(const pb_verify_cell *c, const pb_ruleset *rs);
/* The enumerator's query for a cell under a ruleset (depth 0: exact). */
pb_enum_query pb_verify_cell_query(const pb_verify_cell *c, const pb_ruleset *rs);
/* "long vs D4, card 12, togo 15", "run vs D2, card 07, togo 50, lead 1", "field goal, togo 33",
 * "kickoff", "two-point, short vs D5". Situation fields are named only when not the default. */
void pb_verify_cell_name(const pb_verify_cell *c, char *buf, size_t len);
/* Does the cell exist under the ruleset (a field goal within range)? */
bool pb_verify_cell_valid(const pb_verify_cell *c, const pb_ruleset *rs);

/* The grid: every offense x defense x card (none, 01..24) x togo 1..99 at the default
 * situation; card 07 also at lead 1 (its foul needs the offense ahead); then the special teams:
 * kickoff, free kick, onside, onside free kick, punt (togo 1..99), return (landing togo
 * 1..99), field goal (togo 1..fg_max), PAT, two-point (offense x defense). `fg_max` is the
 * largest field-goal togo listed (the larger of two rulesets' for a diff). */
void pb_verify_cells_grid(pb_verify_cells *l, int fg_max);
/* The same, play, punt, return and field-goal cells only at the given togo values. */
void pb_verify_cells_grid_at(pb_verify_cells *l, int fg_max, const int *togos, size_t ntogo);

/* ---- parallel.c ---- */

/* Calls fn(arg, i) for every i in 0..n-1 on `threads` threads (1: in the calling thread).
 * Units are handed out in order; fn must store its result by i. 0, or -1 if a thread
 * could not be started (the units not run are then run in the calling thread). */
int pb_verify_parallel(size_t n, int threads, void (*fn)(void *arg, size_t i), void *arg);
/* The same, reporting each unit done as `what` to the progress callback (core/progress.h). */
int pb_verify_parallel_named(const char *what, size_t n, int threads, void (*fn)(void *arg, size_t i), void *arg);
/* Default thread count: pb_workers_default (core/workers.h), the one default of every command. */
int pb_verify_threads_default(void);

/* ---- crosscheck.c ---- */

/* Situations the sweep plays each play cell in (templates; ytg is cut to togo). */
#define PB_VERIFY_XC_SITUATIONS 3
extern const pb_verify_cell pb_verify_xc_situation[PB_VERIFY_XC_SITUATIONS];

typedef struct {
    const pb_ruleset *sim_rules;    /* what the random plays follow */
    const pb_ruleset *exact_rules;  /* what the enumerator computes (the same, unless planted) */
    pb_policies policies;
    uint64_t plays;                 /* total plays of the sweep, spread evenly over the cells */
    uint64_t plays_per_cell;        /* when not 0: this many plays in every cell instead */
    uint64_t seed;
    int threads;
    double alpha;                   /* family-wise false-alarm rate of the Holm correction */
    pb_stats_test test;             /* PB_STATS_CHI2 or PB_STATS_G */
    const int *togos;               /* play cells at these togo values; NULL: the default sample */
    size_t ntogo;
    int nsituations;                /* the first n of pb_verify_xc_situation (1..3) */
    bool special;                   /* also the special-teams cells */
    const pb_verify_cells *cells;   /* not NULL: exactly these cells instead */
} pb_verify_xc_opts;

/* The default sample of field positions: goal line, end-line cases, red-zone edge, midfield,
 * own end zone (every togo where a v1.11 rule changes is within one of them). */
extern const int pb_verify_xc_togos[];
extern const size_t pb_verify_xc_ntogo;

void pb_verify_xc_opts_default(pb_verify_xc_opts *o, const pb_ruleset *rs);

/* One tested cell. Bins are the exact distribution's entries (kind, yards, flags), in order,
 * followed by any outcome the random plays produced that the enumerator says is impossible. */
typedef struct {
    pb_verify_cell cell;
    char name[112];                 /* the games' pooled cells: what was pooled; "" otherwise */
    uint64_t plays;
    pb_stats_fit fit;
    bool rejected;                  /* by Holm at alpha */
    char impossible[96];            /* the first impossible outcome seen ("gain 13 [complete]"), or "" */
    uint64_t impossible_count;      /* plays that produced an impossible outcome */
} pb_verify_xc_cell;

typedef struct {
    pb_verify_xc_cell *cells;
    size_t count;
    uint64_t plays;                 /* plays made */
    size_t rejected, impossible;    /* cells rejected by Holm; cells with an impossible outcome */
    double min_p;                   /* smallest p-value over the cells */
    size_t min_p_cell;
    double seconds_exact, seconds_sim;  /* wall time of the enumeration and of the random plays */
    size_t cells_reached;           /* games: distinct cells the plays reached */
    bool pass;                      /* no rejection, no impossible outcome */
} pb_verify_xc_result;

int pb_verify_crosscheck(const pb_verify_xc_opts *o, pb_verify_xc_result *res, char *err, size_t errlen);
void pb_verify_xc_result_release(pb_verify_xc_result *res);
/* Fills the totals of a result whose cells are tested: min_p, impossible, Holm's rejections
 * at alpha, pass. 0, or -1 when out of memory. */
int pb_verify_xc_finish(pb_verify_xc_result *res, double alpha, char *err, size_t errlen);
/* Cells sorted by p-value (impossible first), the worst `n` as indices into res->cells. Never
 * fails (out of memory: the same answer, slower). */
size_t pb_verify_xc_worst(const pb_verify_xc_result *res, size_t *idx, size_t n);

/* Bin key of an outcome: (kind, yards where it has a meaning, flags & mask). */
typedef struct {
    pb_outcome_kind kind;
    int yards;
    unsigned flags;
} pb_verify_key;
void pb_verify_key_text(const pb_verify_key *k, char *buf, size_t len);  /* "gain 13 [complete,first_down]" */

/* The counting and testing core shared by the sweep and the games: counts of outcomes against
 * one exact distribution (flags masked by `mask` on both sides). */
typedef struct {
    const pb_dist *exact;           /* not owned */
    unsigned mask;
    pb_verify_key *keys;            /* the exact distribution's keys (merged under mask), sorted */
    mpz_t *num;                     /* their numerators over exact->den */
    size_t nkeys;
    uint64_t *count;                /* per key */
    pb_verify_key extra[8];         /* outcomes outside the exact support */
    uint64_t extra_count[8];
    size_t nextra;
    uint64_t extra_other;           /* beyond 8 distinct ones */
    uint64_t total;
} pb_verify_tally;

/* 0, or -1: out of memory (t holds nothing). */
int pb_verify_tally_init(pb_verify_tally *t, const pb_dist *exact, unsigned mask);
void pb_verify_tally_release(pb_verify_tally *t);
void pb_verify_tally_add(pb_verify_tally *t, const pb_result *r, uint64_t times);
/* Goodness of fit of the counts; impossible outcomes are bins of probability 0. The first
 * impossible outcome is written into `impossible` ("" if none). */
int pb_verify_tally_test(const pb_verify_tally *t, pb_stats_test test, pb_stats_fit *fit, char *impossible,
                         size_t impossible_len, char *err, size_t errlen);

/* ---- xc_games.c ---- */

typedef struct {
    const pb_ruleset *sim_rules, *exact_rules;
    pb_policies policies;
    uint64_t games;
    uint64_t seed;
    int threads;
    double alpha;
    pb_stats_test test;
    bool uniform_cards;   /* each snap's card drawn from the 24 (sim.h), not the dealt decks */
} pb_verify_xg_opts;

/* Plays of whole games. Each play is counted in the cell of what its outcome depends on
 * (offense, defense, card, togo; lead > 0 only for a card that needs a lead, a side's
 * timeouts > 0 only for a card with which that side may take a timeout or challenge; the
 * first-down flag, the only thing down and distance decide, is masked), and each cell's counts
 * must lie in its exact support (the structural check, per cell). The goodness-of-fit test
 * pools the cells of one call (offense x defense x card; a kick by kind; punts and field goals
 * over togo): the expected count of a bin is the sum over the cells of plays x exact
 * probability. (A sum of multinomials is less dispersed than one multinomial, so the
 * chi-square p-value is conservative there.) One result entry per pooled call. */
int pb_verify_crosscheck_games(const pb_verify_xg_opts *o, pb_verify_xc_result *res, char *err, size_t errlen);

/* ---- diff.c ---- */

/* The summaries the verifier compares: the enumerator's (pb_summarize: td, turnover, safety,
 * complete, first_down, cut, good, kept, mean_yards, mean_start) and two more that show where
 * a turnover leaves the ball: turnover_td, P(the defense scores on the turnover), and
 * turnover_spot, the mean togo of the new offense over the turnover outcomes (0 when none). */
#define PB_VERIFY_NSUM 12
typedef struct {
    const char *name;
    bool probability;               /* false: a mean in yards (mean_yards, mean_start, turnover_spot) */
} pb_verify_sum_info;
extern const pb_verify_sum_info pb_verify_sum[PB_VERIFY_NSUM];
/* out[k] (initialized) = summary k of d, exact. */
void pb_verify_summarize(const pb_dist *d, mpq_t *out);

/* An exact fingerprint of a distribution (flags masked): equal distributions have equal
 * fingerprints whatever their denominators (each probability is taken modulo two 61-bit
 * primes); different ones collide with probability about 2^-120. */
typedef struct {
    uint64_t h[2];
} pb_verify_print;
pb_verify_print pb_verify_fingerprint(const pb_dist *d, unsigned mask);

typedef struct {
    pb_verify_cell cell;
    bool missing_a, missing_b;      /* the cell does not exist under A / B (field goal range) */
    bool outcomes_changed;          /* the (kind, yards) distribution changed, not only facts */
    mpq_t a[PB_VERIFY_NSUM], b[PB_VERIFY_NSUM];  /* summaries under A and B */
    mpq_t size;                     /* largest |B - A| over the probability summaries */
    mpq_t mean_size;                /* largest |B - A| over the means */
} pb_verify_change;

typedef struct {
    pb_verify_change *changes;      /* sorted: largest size first, then mean_size, then cell order */
    size_t count;
    size_t cells;                   /* cells compared */
    char **rule_lines;              /* the ruleset file lines that differ ("- red_zone = 20", "+ ...") */
    size_t nrule_lines;
} pb_verify_diff_result;

/* Every cell of `cells` (the grid when NULL) whose exact distribution (outcomes and facts; the
 * red-zone flag, a label of the situation, left out) differs between A and B. */
int pb_verify_diff(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, const pb_verify_cells *cells,
                   int threads, pb_verify_diff_result *res, char *err, size_t errlen);
void pb_verify_diff_release(pb_verify_diff_result *res);

/* Are two distributions equal entry by entry, flags masked by `mask`? */
bool pb_verify_dist_equal(const pb_dist *x, const pb_dist *y, unsigned mask);

/* The ruleset file lines (pb_ruleset_write, comments and the name left out, each prefixed with
 * its [section]) that differ: "- [pat] kick_at_least = 4" (only in A), then "+ ..." (only in B).
 * *lines is malloc'd (each line too); free with pb_verify_rule_lines_free. 0, or -1: out of
 * memory (no lines). */
int pb_verify_rule_lines(const pb_ruleset *a, const pb_ruleset *b, char ***lines, size_t *n);
void pb_verify_rule_lines_free(char **lines, size_t n);

/* ---- solve_diff.c ---- */

/* `diff A B --solve`: the drive games (solve/drive.h) of two rulesets, solved with the same
 * policies, compared value by value. Every value carries a certified error bound, so a value
 * CHANGED only when its two certified intervals do not overlap: |B - A| > bound_A + bound_B.
 *
 * Bounds. A state's EP: its own certified half-width (pb_drive_state.bound). The values derived
 * from the final EPs (the kicks, go / field goal / punt) are 1-Lipschitz in them (a mix of
 * successor values with weights summing to at most 1, a max of such, or the value of a matrix
 * game of such entries), so each is within e = max_bound + (try.hi - try.lo) + epsilon of its
 * exact value (max_bound and epsilon from pb_drive_stats; the try enters through every
 * touchdown), and go also within its mixes' exploitability (pb_mg_solve's value lies between
 * what the two mixes guarantee). The try: its certified interval [lo, hi].
 *
 * A fourth-down decision CHANGED when the best choice differs between A and B and under each
 * ruleset the margin (best minus the next best) exceeds its bound (the errors of the two values
 * it subtracts): the order of the choices is then certain under both. When the best differs but
 * a margin is within its bound, the decision is "too close to call". */
typedef struct {
    int togo, down, ytg;
    double a, b;                    /* EP under A and B */
    double bound_a, bound_b;        /* certified half-widths */
    bool changed;                   /* |b - a| > bound_a + bound_b */
} pb_verify_ep_pair;

/* The try and the kicks, for the scoring / kicking team (pb_drive_try, pb_drive_kickoff). */
enum { PB_VSD_TRY, PB_VSD_KICKOFF, PB_VSD_ONSIDE, PB_VSD_FREE_KICK, PB_VSD_ONSIDE_FREE, PB_VSD_VALUES };
typedef struct {
    const char *name;               /* "try", "kickoff", "onside kick", "free kick", "onside free kick" */
    double a, b, bound_a, bound_b;
    bool changed;
} pb_verify_value_pair;

typedef struct {
    int togo, ytg;                  /* at the last down (rules->downs of each ruleset) */
    int best_a, best_b;             /* pb_drive_choice_kind (solve/drive.h): go, field goal, punt */
    double margin_a, margin_b;      /* best minus the next best */
    double margin_bound_a, margin_bound_b;
    double go_a, fg_a, punt_a, go_b, fg_b, punt_b;  /* fg: -INFINITY out of range */
    bool too_close;                 /* the best differs, a margin is within its bound */
} pb_verify_fourth_pair;

#define PB_VSD_YTG_MAX 15           /* the chart of `solve fourth`: ytg 1..15 (and <= togo) */

/* One side's solve, from pb_drive_stats. */
typedef struct {
    int states, sweeps;
    double max_bound, max_exploit, epsilon;
    double build_seconds, solve_seconds;
} pb_verify_solve_stats;

typedef struct {
    pb_verify_solve_stats stats_a, stats_b;
    int downs_a, downs_b;
    int try_two_a, try_two_b;       /* the try taken: 1 two-point, 0 PAT */
    int onside_a, onside_b;         /* the kickoff taken: 1 onside, 0 regular */
    pb_verify_value_pair values[PB_VSD_VALUES];
    pb_verify_ep_pair curve[99];    /* 1st and 10 (1st and goal inside the 10), togo 1..99 at [togo - 1] */
    size_t curve_changed;
    pb_verify_ep_pair curve_largest;    /* the largest |b - a| on the curve among the changed (togo 0: none) */
    size_t states;                  /* states compared (down <= the smaller downs) */
    size_t states_changed;
    pb_verify_ep_pair largest;      /* the largest |b - a| over every state among the changed (togo 0: none) */
    pb_verify_fourth_pair *fourth;  /* the changed decisions, then the too-close ones; each in chart
                                       order (togo descending, ytg ascending) */
    size_t nfourth_changed, nfourth_close, fourth_cells;
    char **rule_lines;              /* the ruleset lines that differ (pb_verify_rule_lines) */
    size_t nrule_lines;
    bool changed;                   /* a value, a state's EP or a decision changed */
} pb_verify_solve_diff_result;

/* Compares two solved drive games (solve/drive.h; sim/sim.h also has PB_DRIVE_ names, so
 * this header does not include drive.h). 0, or -1 and a message (res then holds nothing to release). */
struct pb_drive;
int pb_verify_solve_diff_drives(const struct pb_drive *da, const struct pb_drive *db, pb_verify_solve_diff_result *res, char *err,
                                size_t errlen);
/* Solves both rulesets (pb_drive_solve: the policies, threads and tolerance given; tolerance
 * <= 0: the solver's default) and compares them; the solve times are in stats_a and stats_b. */
int pb_verify_solve_diff(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, int threads,
                         double tolerance, pb_verify_solve_diff_result *res, char *err, size_t errlen);
void pb_verify_solve_diff_release(pb_verify_solve_diff_result *res);

/* ---- switch_impact.c ---- */

typedef struct {
    const char *id;                 /* the switch */
    int value;                      /* the alternative value */
    char value_name[32];
    char default_name[32];
    size_t changed;                 /* cells whose distribution changed (outcomes or facts) */
    size_t summary_changed;         /* cells where a summary changed */
    size_t cells;
    mpq_t max[PB_VERIFY_NSUM];      /* largest |change| of each summary (0: none) */
    mpq_t delta[PB_VERIFY_NSUM];    /* the signed change there */
    size_t where[PB_VERIFY_NSUM];   /* the cell (index into the grid) */
    pb_verify_cell where_cell[PB_VERIFY_NSUM];
    /* the same without the cells of cards 23 and 24, whose best response can turn a small
     * change of one call's value into a different call (a direct effect of the switch) */
    mpq_t dmax[PB_VERIFY_NSUM], ddelta[PB_VERIFY_NSUM];
    pb_verify_cell dwhere_cell[PB_VERIFY_NSUM];
} pb_verify_switch_impact;

typedef struct {
    pb_verify_switch_impact *items; /* in switch-table order */
    size_t count;
    const char **single;            /* switches with a single reading (nothing to flip) */
    size_t nsingle;
} pb_verify_switches_result;

/* Flips every switch with alternatives to each of them (numeric switches: TIMEOUTS to 0 and 1)
 * on a copy of `base`, and compares the whole grid (`cells`, or the grid when NULL) with the
 * base's: distributions by fingerprint (the red-zone flag left out), summaries exactly. */
int pb_verify_switches(const pb_ruleset *base, const pb_policies *pol, const pb_verify_cells *cells, int threads,
                       pb_verify_switches_result *res, char *err, size_t errlen);
void pb_verify_switches_release(pb_verify_switches_result *res);

/* ---- findings.c ---- */

/* The summaries of every play cell at the default situation, togo 1..99, card none..24 and the
 * deck, with the equality of each card's distribution to card none's. */
typedef struct pb_verify_table pb_verify_table;
#define PB_VERIFY_CARD_SLOTS (PB_CARD_COUNT + 2)  /* 0 none, 1..24, 25 the deck */
#define PB_VERIFY_DECK_SLOT (PB_CARD_COUNT + 1)

int pb_verify_table_build(pb_verify_table **out, const pb_ruleset *rs, const pb_policies *pol, int threads,
                          char *err, size_t errlen);
void pb_verify_table_free(pb_verify_table *t);
/* Summary k of (offense, defense, card slot, togo). */
mpq_srcptr pb_verify_table_sum(const pb_verify_table *t, pb_offense o, int defense, int slot, int togo, int k);

/* Writes the findings report: dominated cards, non-monotone curves, red-zone jumps, cards that
 * never change a play, equivalent calls. `top` bounds each list (0: everything). 0, or -1: out
 * of memory (the text written is incomplete: write into memory and throw it away). */
int pb_verify_findings_report(const pb_verify_table *t, const pb_ruleset *rs, size_t top, FILE *out);

/* Individual findings, for tests. */
/* Dominance readings: LITERAL compares P(first down) and mean_yards as the summaries define
 * them (mean_yards leaves touchdowns out); VALUE compares P(first down or touchdown) and the
 * expected play value (pb_play_value, a touchdown worth its togo). */
enum { PB_VERIFY_LITERAL = 0, PB_VERIFY_VALUE = 1 };
/* Is defense card x dominated by y (for the defense: y gives at most x's two criteria against
 * every offense at every togo, less somewhere), for card slot `slot`? */
bool pb_verify_defense_dominated(const pb_verify_table *t, int slot, int x, int y, int reading);
bool pb_verify_offense_dominated(const pb_verify_table *t, int slot, pb_offense x, pb_offense y, int reading);
/* Does the card leave the play's distribution unchanged at every togo (and, for card 07, when
 * the offense leads)? 2: not even the facts change; 1: the outcomes do not change, facts do; 0. */
int pb_verify_card_inert(const pb_verify_table *t, pb_offense o, int defense, int card);
/* Do two calls (card none) have the same outcome distribution at every togo? */
bool pb_verify_calls_equivalent(const pb_verify_table *t, pb_offense o1, int d1, pb_offense o2, int d2);

/* ---- invariants.c ---- */

typedef struct {
    size_t cells, entries;
    size_t violations;              /* count of problems */
    char first[8][200];             /* the first few, described */
    size_t nfirst;
} pb_verify_inv_result;

/* Checks one distribution of a cell: sums to exactly 1; each entry's kind belongs to the
 * action, yards are in range for the kind, flags are consistent; no cut mass when `no_cut`.
 * Problems are appended to res. */
void pb_verify_inv_check(const pb_verify_cell *c, const pb_ruleset *rs, const pb_situation *s, const pb_dist *d,
                         bool no_cut, pb_verify_inv_result *res);
/* The grid (and the cross-check's situations for the cards that depend on them). */
int pb_verify_invariants(const pb_ruleset *rs, const pb_policies *pol, int threads, pb_verify_inv_result *res,
                         char *err, size_t errlen);

/* ---- report.c ---- */

/* Correctly rounded: "-8.33%" for probabilities, "1.50 yd" for means; `sign` prints a + on
 * positive values (not on a value that rounds to zero). */
void pb_verify_fmt(char *buf, size_t len, mpq_srcptr q, bool probability, bool sign);
/* The exact value "num/den" (with a + when sign and q > 0), malloc'd: the caller frees it.
 * NULL: out of memory. */
char *pb_verify_fraction(mpq_srcptr q, bool sign);
/* |q| into out. */
void pb_verify_abs(mpq_t out, mpq_srcptr q);
double pb_verify_now(void);  /* monotonic seconds */

/* ---- cmd_verify.c (shared with cmd_diff.c) ---- */

/* "--togo 1,20,99": 0, or -1 after printing the error for command `cmd`. */
int pb_verify_parse_togos(const char *cmd, const char *text, int *togos, size_t max, size_t *n);

#endif
