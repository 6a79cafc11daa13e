/* solve/wp.h: the game solver: win probability from any moment of a game under equilibrium play.
 *
 * The model (doc/solve.md, "The game model"). A moment is seen from the team with the ball (or
 * the kicking team, or the team about to try): the half (1, 2), the play cards left in the half
 * L (this play's card included; 0 after the last card), the extra plays already added in the
 * half e (matters at L <= 2), its lead s, its timeouts a and the opponent's b, in half 1 whether
 * it receives the second-half kickoff r, and the field (togo, down, ytg), or a kickoff, a free
 * kick, a try. Its value is P(win) + P(tie) / 2 for that team; the opponent's is 1 minus it.
 * Every play card is uniform over the 24 each play (as in the drive solver). Choices by value:
 * the call and the defense (a matrix game at each snap; field goal and punt are constant rows),
 * PAT or two-point (a matrix game), regular kickoff or onside, touchback or return, the extra
 * plays at a half's last play (offense first, then defense), the field goal after the last card.
 * In-play decisions (challenges, penalties, the timeouts and card changes of cards 21-24) follow
 * the policies, as in the drive solver, and the timeouts they spend are carried into the state.
 *
 * The solution goes backward over L: a run or pass turns a card (L -> L - 1); kicks, tries, field
 * goals and punts turn none and form cycles inside a layer, solved by interval iteration over the
 * states they reach (the kicks, the tries, the 1st downs). Leads beyond +-S are not states: their
 * values are bounded by the value at +-S and 1 or 0 (the value is taken as monotone in the lead;
 * card 07, a foul only when the offense leads, is the one rule that reads the lead). Every value
 * is a certified interval; `bound` is its half-width.
 *
 * Ownership: pb_wp_solve allocates, pb_wp_free releases. Errors: -1 and a lower-case message. */
#ifndef PB_WP_H
#define PB_WP_H

#include <stddef.h>
#include <stdio.h>

#include "play.h"

/* A solve split over processes (the MPI build, mpi/): every layer's slices are shared out in
 * contiguous blocks, each rank solves its block, and the blocks are exchanged, so every rank ends
 * with every value, the same bits as one process. The phases that are cheap (the play tables, the
 * kicks' interval iteration) run on every rank alike. NULL: one process. */
typedef struct pb_wp_dist {
    int rank, size;
    void *ctx;
    /* Rank r's part of buf (the items start[r] .. start[r + 1] - 1, `stride` bytes each, at
     * buf + start[r] * stride) onto every rank; start has size + 1 entries. 0, or -1. */
    int (*allgather)(void *ctx, void *buf, size_t stride, const int *start);
    /* x[i] := the largest x[i] over the ranks, on every rank. 0, or -1. */
    int (*max)(void *ctx, double *x, int n);
} pb_wp_dist;

typedef struct {
    const pb_ruleset *rules;  /* must outlive the pb_wp */
    pb_policies policies;
    int threads;              /* <= 0: 1 */
    int lead_cap;             /* S; <= 0: the default (PB_WP_LEAD_CAP_DEFAULT, at most 8 x the game's cards + 8) */
    int keep_all;             /* keep every layer's every state (small games; the simulator's strategy) */
    const pb_wp_dist *dist;   /* NULL: one process; must outlive the solve */
    /* keep_all 0 and K > 0: keep every state of the last K cards of half 2 only (its natural layers
     * L <= K, its extra-play layers, and the overtime's layers): enough for the simulator's strategy
     * from a moment of half 2 with at most K cards left (`solve game --full-last K`) */
    int keep_last;
    /* K > 0: keep every K-th natural layer of each half whole (from its 2 cards left up), and the
     * overtime's layers: enough to solve any stretch between two of them again (wp_lockstep.c,
     * `solve check --layers`); 0: none */
    int checkpoint;
} pb_wp_opts;

#define PB_WP_LEAD_CAP_DEFAULT 56

typedef struct pb_wp pb_wp;

int pb_wp_solve(pb_wp **out, const pb_wp_opts *o, char *err, size_t errlen);
/* The wall seconds pb_wp_solve of rs, pol and lead_cap (<= 0: the default) should take with
 * `threads` threads on this machine, before any of it is done: the states the solve will take
 * (wp_work.c) at the CPU cost a state was measured to take, by the machine's vector width and the
 * in-play decisions, on at most the CPUs online. -1 when the solve would be refused. */
double pb_wp_solve_estimate(const pb_ruleset *rs, const pb_policies *pol, int lead_cap, int threads);
void pb_wp_free(pb_wp *w);

typedef enum { PB_WP_SNAP, PB_WP_KICKOFF, PB_WP_FREE_KICK, PB_WP_TRY } pb_wp_kind;

typedef struct {
    pb_wp_kind kind;
    int half;              /* 1, 2 */
    int left;              /* cards left in the half, 1..cards per half (0 only for a try after the last card) */
    int extras;            /* extra plays already added in the half (0 unless left <= 2) */
    int lead;              /* for the team with the ball / kicking / trying (a try: the 6 counted) */
    int timeouts_own, timeouts_opp;
    int receives_second;   /* half 1: this team receives the second-half kickoff */
    int togo, down, ytg;   /* PB_WP_SNAP */
} pb_wp_moment;

typedef struct {
    double wp, lo, hi, bound;
    int stored;            /* 0: the moment's layer is not kept (the value needs keep_all) */
    int recomputed;        /* 1: a snap the file does not keep, recomputed from the states it keeps (its
                              layer's and those below: solve/wp_moment.c); stored is 1 */
    long states;           /* recomputed: the states solved again */
} pb_wp_value;

/* The value of a moment; -1 and a message for a moment that is not in the game. A snap whose state
 * is not kept is recomputed (`recomputed`; it builds the play tables of the togos it reaches into
 * w, under a lock). */
int pb_wp_value_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_value *out, char *err, size_t errlen);

/* A moment in detail: the alternatives side by side, each as the value of the moment if that one
 * is chosen (midpoints; every one within `radius` plus its own rounding). Needs the moment's layer
 * kept (keep_all, or a value file written with every state) and its lead within the cap (beyond
 * it only the value is bounded, pb_wp_value_at: -1 and a message). */
typedef enum { PB_WP_GO, PB_WP_FIELD_GOAL, PB_WP_PUNT } pb_wp_choice;
typedef struct {
    pb_wp_value value;
    /* a snap (left >= 1): run, short, long against Defense 1..5; then the constant rows */
    double matrix[3][5];
    /* radius: a snap's matrix entries, or a kick's or try's two alternatives, are each within it */
    double off_mix[3], def_mix[5], exploit, radius;
    double go, fg, punt;       /* fg: -inf out of range; at left 0: go = let the half end */
    pb_wp_choice best;
    int extra_off, extra_def;  /* left 1: -1 not allowed, else 1 when the side takes the timeout */
    double extra_off_value, extra_def_value;   /* the extra play's value (midpoint) */
    double extra_off_bound, extra_def_bound;   /* and its half-width */
    /* a kickoff or free kick */
    double regular, onside;
    /* a try */
    double pat, two, two_off_mix[3], two_def_mix[5];
} pb_wp_detail;

int pb_wp_detail_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_detail *out, char *err, size_t errlen);

/* A card's worth in win probability (wp_cards.c): at a snap with a card to turn (kind snap, left >= 1,
 * no extra play, the lead within the cap), the snap's matrix game with each play card turned and with
 * a blank card turned (one with no effect: the play as with no card), each from the snap's own
 * successors (the moment recomputed from the states the file keeps, as pb_wp_value_at does), and what
 * each card is worth against the blank card when both sides keep the snap's equilibrium mixes (the
 * calls are made before the card is turned): worth[c] = x' (matrix[c] - matrix[0]) y. The 24 cards'
 * matrices average to `mean`, the snap's own game (every card 1/24), up to the rounding of the sums.
 * Refused (-1 and a message) with the in-play decisions by value. About 0.1 s plus the moment's
 * recomputation. */
typedef struct {
    pb_wp_value value;          /* the moment's value, recomputed */
    double matrix[25][3][5];    /* [0] the blank card, [c] card c: run, short, long against Defense 1..5 */
    double radius[25];          /* every entry of matrix[k] within radius[k] of the exact one */
    double mean[3][5], mean_radius;   /* the snap's game (the deck) and its radius */
    double off_mix[3], def_mix[5], game, exploit;   /* its equilibrium (x, y), value, exploitability */
    double at_mix[25];          /* x' matrix[k] y */
    double worth[25];           /* [c]: at_mix[c] - at_mix[0]; [0]: 0 */
    double bound[25];           /* worth[c] within bound[c] of x' (exact matrix[c] - exact matrix[0]) y */
} pb_wp_card_worth;
int pb_wp_card_worth_at(const pb_wp *w, const pb_wp_moment *m, pb_wp_card_worth *out, char *err, size_t errlen);

/* The lead-monotonicity check (wp_mono.c): every solved value against the same moment with the
 * lead one point higher. */
typedef struct {
    double pairs;          /* pairs compared */
    double violations;     /* pairs with hi(s + 1) < lo(s): the value certainly falls there */
    double drop;           /* the largest lo(s) - hi(s + 1) (> 0: a certain fall; <= 0: none); -inf before any */
    double mid_drop;       /* the largest fall of the midpoints, mid(s) - mid(s + 1) (0: none) */
    int drop_half, drop_left, drop_lead;   /* where the largest drop is (its lower lead) */
} pb_wp_mono;

typedef struct {
    double states;         /* states solved (field states x slices, all layers) */
    double settled_states; /* states beyond a layer's lead window: settled, not solved (wp_window.c) */
    double window_width;   /* the widest interval a lead window put at its edge or beyond (0: none) */
    int layers;
    int lead_cap;
    double build_seconds, solve_seconds;
    double mono_seconds;   /* of solve_seconds, the lead-monotonicity check's */
    double phase_seconds[3];   /* of solve_seconds, the layers' phases A (snaps), B (carriers, one thread), C */
    double max_gap;        /* largest hi - lo of a stored 1st-down, kick or try state */
    double max_exploit;
    double epsilon;
    size_t peak_bytes;     /* the layers' memory at its largest */
    pb_wp_mono mono;       /* the lead-monotonicity check of every solved layer (not in the value file) */
    int fused;             /* the entries' sums took one fused multiply-add a term (else a rounded
                              product and a rounded sum); not in the value file */
    int halves;            /* the lanes as two 4-wide halves (else 8 wide) */
} pb_wp_stats;

void pb_wp_stats_get(const pb_wp *w, pb_wp_stats *out);

/* Where the values are loosest (wp_widest.c): the widest interval hi - lo among the states every
 * value file keeps (each natural layer's 1st downs, kickoff, free kick and try, every slice; the
 * overtime's decided states left out), the moment it belongs to (a snap: 1st down at its togo),
 * and the run of leads around it, in the same half, cards left and kind, whose widest interval is
 * at least half as wide. width 0: nothing kept. */
typedef struct {
    double width;
    pb_wp_moment at;
    int lead_min, lead_max;
} pb_wp_widest;
void pb_wp_widest_get(const pb_wp *w, pb_wp_widest *out);
const pb_ruleset *pb_wp_rules(const pb_wp *w);
int pb_wp_lead_cap(const pb_wp *w);
/* The lead cap a solve of rs with lead_cap (<= 0: the default) uses: at most 8 x the game's cards + 8. */
int pb_wp_lead_cap_for(const pb_ruleset *rs, int lead_cap);
int pb_wp_cards_per_half(const pb_wp *w);

#endif
