/* solve/drive.h: the drive solver: next-score expected points (EP) and equilibrium play-calling.
 *
 * The model (issue 11). A state is (togo 1..99, down 1..rules->downs, ytg 1..togo) for the team
 * with the ball; its value is the points of the next score, + when that team scores it, - when
 * the opponent does: touchdown 6 + try, field goal 3, safety -2, defensive or return touchdown
 * against -(6 + try). No clock, no score: every snap is played at lead 0 with the ruleset's
 * timeouts (3, 3), as `paperbowl dist` does; in-play decisions (challenges, penalties, cards
 * 21-24, touchback or return inside a play) follow opts.policies. At each state the offense
 * calls Run, Short, Long, Field Goal (togo <= fg_max_togo) or Punt and the defense 1..5, at once:
 * a zero-sum matrix game; Run/Short/Long turn a play card, uniform over the 24 each play
 * (pb_enumerate with PB_CARD_DECK). Transitions mirror sim/game.c (move_chains, possession):
 *   gain / sack / incomplete g: togo' = togo - g; g >= ytg: 1st and min(first_down_yards, togo');
 *     else the next down at ytg - g; a failed last down: the opponent's 1st down at 100 - togo';
 *   penalty m (accepted): the down is replayed from togo - m at max(1, ytg - m); a defensive foul
 *     that reaches the line to gain is a 1st down under PEN-1ST=first-down (play.c's flag);
 *   touchdown 6 + try; safety -2; turnover t: -V(opponent 1st down at t); turnover_td -(6 + try);
 *   field goal: good 3, missed (start s) -V(opponent at s); punt: the receiver takes the better
 *     of the touchback and the return BY EP (the return distribution is pb_enumerate of the punt
 *     with return=always, so the landing spot comes from special.c).
 * The try is a constant: max(PAT P(good) x 1, the value of the two-point game (Run/Short/Long x
 * Defense 1..5, no card, 2 x P(touchdown))).
 *
 * The solution. The values are the fixed point of Shapley's operator (each state's value is the
 * value of its matrix game). A game with constant rows c (FG, punt) added to the 3 x 5 game of
 * value v has value max(v, c), so each update solves one 3 x 5 game (pb_mg_solve). The fixed
 * point is bracketed by INTERVAL ITERATION: lo starts at -8 and hi at +8 (no score is worth
 * more than 6 + 2); lo is updated with the team's own successors at lo and the opponent's at
 * -hi, hi the other way round. The operator is monotone, so by induction lo <= V <= hi at every
 * moment for every fixed point V (and for the n-play values from any start in [-8, 8]): when
 * they meet, the value is unique and bracketed. The bounds are certificates, not solver
 * outputs: lo' = max(c, min_j x'A_lo e_j) and hi' = max(c, max_i e_i'A_hi y) for mixes (x, y)
 * of the game at the midpoint matrix (the last ones found at that state while they are within
 * 1% of the state's gap of an equilibrium, else pb_mg_solve's), so an inexact mix only slows
 * convergence. A rounding allowance eps (stats.epsilon, about 2e-13: each probability rounded
 * to double after an exact merge, relative error < 6u; the floating sums, gamma_n with n the
 * longest sum; the certificate's mix and division; all times the largest value 8) is
 * subtracted from lo and added to hi at every update, so [lo, hi] holds in floating point too.
 * Updates are Gauss-Seidel, in place, togo ascending and down descending: the ball moves toward
 * the goal, so a sweep carries a whole drive (an incomplete pass goes to the next down, already
 * updated; only sacks and offensive penalties look back at last sweep's values).
 * Why it converges: every drive ends (the downs run out; only penalties replay a down, each with
 * probability < 1), so a state's gap after a sweep is a mix of the gaps of the possessions that
 * follow it without a score (the possession flip, where lo meets -hi); the gap shrinks by about
 * the chance that a possession ends without a score. Measured: the gap falls by 0.57 a sweep,
 * from 16 to 2e-9 in 42 sweeps (v1.11-ja; 39 for v1.11-en), about 13 ms a sweep. The sweep
 * stops when max(hi - lo) <= opts.tolerance; ep = (lo + hi) / 2, bound = (hi - lo) / 2 plus the
 * rounding of the midpoint. Then each state's mixes are solved on its final matrix (every
 * successor at ep) with pb_mg_solve and its exploitability recorded (stats.max_exploit).
 *
 * Determinism: the tables are built by opts.threads threads, each cell into its own slot; the
 * iteration is single-threaded in a fixed order: the same bits for any thread count.
 *
 * Ownership and thread safety: pb_drive_solve allocates the pb_drive, pb_drive_free releases it
 * (NULL is fine). A solved pb_drive is immutable: every other function only reads it and may be
 * called from several threads at once. opts.rules is not copied: it must outlive the pb_drive.
 * Functions that enumerate (pb_drive_card_values) use the enumerator's thread-safe caches.
 * Errors: -1 and a lower-case message in err (never printed here). */
#ifndef PB_DRIVE_H
#define PB_DRIVE_H

#include <stddef.h>
#include <stdio.h>

#include "play.h"

typedef struct {
    const pb_ruleset *rules;  /* must outlive the pb_drive */
    pb_policies policies;     /* the in-play decisions */
    int threads;              /* threads for building the tables (<= 0: 1) */
    double tolerance;         /* stop when max(hi - lo) <= this (<= 0: 2e-9) */
} pb_drive_opts;

typedef struct pb_drive pb_drive;   /* a solved drive game, immutable after pb_drive_solve */

/* Build the tables and solve. 0, or -1 and a message (a chain that can run forever at depth 0,
 * no convergence). On success *out is owned by the caller (pb_drive_free). */
int pb_drive_solve(pb_drive **out, const pb_drive_opts *o, char *err, size_t errlen);
void pb_drive_free(pb_drive *d);
/* The play cells of the last solve are kept for the next one whose ruleset differs only in its
 * kicks (kickoff, onside, punt, field goal, PAT), which then enumerates only those: this frees
 * them (never while a solve runs). */
void pb_drive_cache_clear(void);

/* The offense's calls (named PB_DRIVE_*: sim/strategy.h has PB_CALL_* with other values);
 * RUN..LONG are pb_offense. */
typedef enum { PB_DRIVE_RUN, PB_DRIVE_SHORT, PB_DRIVE_LONG, PB_DRIVE_FG, PB_DRIVE_PUNT, PB_DRIVE_CALLS } pb_drive_call;

const char *pb_drive_call_name(pb_drive_call c);   /* "run", "short", "long", "field_goal", "punt" */

typedef struct {
    int togo, down, ytg;
    double ep, lo, hi, bound;              /* value, certified interval, half-width incl. rounding */
    int ncalls;                            /* available calls: run, short, long, [fg], punt */
    pb_drive_call calls[PB_DRIVE_CALLS];
    double matrix[PB_DRIVE_CALLS][5];      /* EP of calls[i] against Defense j+1 (successors at ep) */
    double off_mix[PB_DRIVE_CALLS];        /* indexed like calls[] */
    double def_mix[5];
    double exploit;                        /* of (off_mix, def_mix) on matrix */
} pb_drive_state;

/* One state; -1 when (togo, down, ytg) is off the field. */
int pb_drive_get(const pb_drive *d, int togo, int down, int ytg, pb_drive_state *out);
/* The EP alone (NaN off the field). */
double pb_drive_ep(const pb_drive *d, int togo, int down, int ytg);

/* Go / field goal / punt at a state (the fourth-down chart; any down works). The state's value
 * is max(go, fg, punt) exactly (a constant row c added to a game of value v gives max(v, c)). */
typedef enum { PB_CHOICE_GO, PB_CHOICE_FG, PB_CHOICE_PUNT } pb_drive_choice_kind;
typedef struct {
    double go;                  /* value of the game restricted to Run / Short / Long */
    double go_off_mix[3], go_def_mix[5], go_exploit;
    double go_convert;          /* P(1st down or touchdown on this snap) under those mixes */
    int fg_allowed;
    double fg_good;             /* P(good) */
    double fg_ep_good;          /* 3 */
    double fg_ep_miss;          /* -(opponent's EP at the spot) */
    double fg;                  /* its EP (-INFINITY when not allowed) */
    double punt;                /* its EP (the receiver's touchback-or-return choice by EP) */
    pb_drive_choice_kind best;
    double margin;              /* best minus the next best */
} pb_drive_choice;

int pb_drive_choices(const pb_drive *d, int togo, int down, int ytg, pb_drive_choice *out);
const char *pb_drive_choice_name(pb_drive_choice_kind k);   /* "go", "field_goal", "punt" */

/* The try after a touchdown (a constant of the ruleset and policies). */
typedef struct {
    double pat;                           /* P(PAT good) x 1 */
    double two_point;                     /* value of the two-point game (2 x P(touchdown)) */
    double two_off_mix[3], two_def_mix[5], two_exploit;
    double two_matrix[3][5];              /* 2 x P(touchdown), run/short/long x Defense 1..5 */
    int two_better;                       /* 1 when two_point > pat */
    double value;                         /* max(pat, two_point): the try in every TD */
    double lo, hi;                        /* certified bounds used by the iteration */
} pb_drive_try;

void pb_drive_try_get(const pb_drive *d, pb_drive_try *out);

/* Touchback or return where a kick or punt stops, landing 1..100 (the receiving team's togo;
 * 100: at its goal line), from the receiver's view. */
typedef struct {
    int landing;
    double touchback;           /* EP of the touchback (1st down at touchback_togo) */
    double ret;                 /* E[EP] after a return from the landing spot */
    int returns;                /* 1 when ret > touchback (the choice) */
} pb_drive_landing;

int pb_drive_landing_get(const pb_drive *d, int landing, pb_drive_landing *out);

/* Kickoffs from the kicking team's view (EP after the kick). free_kick: after a safety. */
typedef struct {
    double regular;             /* the receiver picks touchback or return by EP for each roll */
    double onside;
    double p_kept;              /* P(onside kick kept) */
    int onside_better;
    struct {
        int a, b;               /* the roll, a <= b */
        double p;               /* 1/36 or 2/36 */
        int landing;            /* learnt from special.c (probe) */
        double ep;              /* kicking team's EP after this roll */
        int returns;            /* the receiver returns (1) or takes the touchback (0) */
    } roll[21];
} pb_drive_kickoff;

int pb_drive_kickoff_get(const pb_drive *d, int free_kick, pb_drive_kickoff *out);

/* Card values at a state: for each play card c (out[c - 1]), the EP with card c turned instead
 * of a random card, under the state's equilibrium mixes (field goal and punt rows unchanged),
 * minus the state's EP. Enumerates 15 x 24 cells at the state (about 0.1 s). Their mean is 0 up
 * to the bound. */
int pb_drive_card_values(const pb_drive *d, int togo, int down, int ytg, double out[24], char *err,
                         size_t errlen);
/* The same, and *blank: the EP with a blank card (one with no effect: the play as with no card
 * turned) instead of a random card, minus the state's EP (15 more cells). A card's worth against
 * a blank card is out[c - 1] - *blank: the state's EP cancels, and the mixes are the same. */
int pb_drive_card_values_blank(const pb_drive *d, int togo, int down, int ytg, double out[24], double *blank,
                               char *err, size_t errlen);

/* Every state's mixes as CSV, one line per state (togo ascending, down, ytg):
 * togo,down,ytg,ep,bound,run,short,long,field_goal,punt,d1,d2,d3,d4,d5. 0, or -1 on a write error. */
int pb_drive_write_strategy(const pb_drive *d, FILE *out);

/* Figures for the benchmark. */
typedef struct {
    int states;                 /* sum over togo of downs x togo */
    int cells;                  /* (togo, offense, defense) play cells enumerated */
    int sweeps;                 /* Gauss-Seidel sweeps of the interval iteration */
    double build_seconds;       /* building the tables (wall) */
    double solve_seconds;       /* the iteration and the final mixes (wall) */
    double max_gap;             /* max over states of hi - lo at the end */
    double max_bound;           /* max bound */
    double max_exploit;         /* max exploitability of the final mixes */
    double epsilon;             /* rounding allowance per update */
} pb_drive_stats;

void pb_drive_stats_get(const pb_drive *d, pb_drive_stats *out);
const pb_ruleset *pb_drive_rules(const pb_drive *d);

/* ---- expected visits (solve/drive_visits.c; for `paperbowl ask --weight field`) ----
 * How often each state is reached in a drive from the kickoff under the solved mixes: the
 * receiving team's possession after a regular kickoff (each roll of pb_drive_kickoff_get with
 * the receiver's touchback-or-return choice by EP, a return starting at each spot of its exact
 * distribution), every snap played with the state's equilibrium mixes (pb_drive_get) and the
 * solver's transitions, until the possession ends (a score, a turnover, a failed last down, a
 * field goal or a punt). visits(s) = the expected number of snaps at s per drive (a replayed
 * down is another snap). Computed by pushing the probability mass along the chain in sweeps
 * until less than 1e-15 of a drive is left unpushed (drive_visits.c says why it is accurate). */
typedef struct {
    int downs;
    double *n;                  /* read with pb_drive_visits_at */
    double snaps;               /* expected snaps per drive: the sum over the states */
    double p_return_td;         /* P(the kickoff is returned for a touchdown): a drive with no snap */
    double unpushed;            /* probability mass left when the sweeps stopped (< 1e-15) */
    int sweeps;
} pb_drive_visits;

/* 0, or -1 and a message; release with pb_drive_visits_release. */
int pb_drive_visits_from_kickoff(const pb_drive *d, pb_drive_visits *out, char *err, size_t errlen);
/* Expected snaps per drive at (togo, down, ytg); 0 off the field. */
double pb_drive_visits_at(const pb_drive_visits *v, int togo, int down, int ytg);
void pb_drive_visits_release(pb_drive_visits *v);

#endif
