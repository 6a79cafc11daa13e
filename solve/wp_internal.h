/* solve/wp_internal.h: the game solver's tables, layers and geometry, shared by wp_tables.c (play
 * cells split by the timeouts a play spends), wp_layer.c (one layer of cards left: the snaps'
 * matrix games, then the kicks, tries, field goals and punts that use no card, to their fixed
 * point), wp_solve.c (the layers in order, the API) and wp_file.c / wp_report.c. Not part of the
 * API (see wp.h).
 *
 * Geometry. A layer is (half, cards left L, extras e; half 3 is the overtime of OT=sudden-death,
 * where only the lead 0 is in play); its states are slices (r, s, a, b) x the
 * field: r = 1 when the team the slice is seen from receives the second-half kickoff (half 1
 * only; half 2 has r = 0), s = its lead in -S..S, a = its timeouts, b = the opponent's, each
 * 0..T. Every slice holds the field states by pb_wp_index (togo, down, ytg), the kickoff and
 * free kick seen from the kicking team (after its regular-or-onside choice) and the try seen
 * from the scoring team (its lead already counts the 6). Each value is a certified interval of
 * P(win) + P(tie) / 2: kicks and tries as [lo, hi], field states as a midpoint v with the
 * largest half-width rad of the slice's states at that togo (v - rad <= value <= v + rad; half
 * the memory and half the sums of two bounds per state; by togo, so that the wide intervals near
 * a goal line do not widen the whole slice). */
#ifndef PB_WP_INTERNAL_H
#define PB_WP_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "drive_internal.h"
#include "enumerate.h"
#include "wp.h"

#define PB_WP_DOWN_SLOTS (PB_DRIVE_TOGO * (PB_DRIVE_TOGO + 1) / 2)   /* (togo, ytg <= togo) per down */
#define PB_WP_REC_POOL 512                  /* the slice records a pb_wp keeps for its next moments */
#define PB_WP_GROUPS 3                      /* a play spends no timeout, the offense's, the defense's */
#define PB_WP_RANKS_MAX 4096                /* processes of a split solve (wp.h, pb_wp_dist) */
#define PB_WP_LANES 8                       /* slices solved side by side, differing in the lead (wp_snaps.c) */
#define PB_WP_VARIANTS 8                    /* lead > 0, offense has a timeout, defense has one */

enum { PB_WP_KICK = 0, PB_WP_FREE = 1 };

/* In-play decisions by value (pb_policies.in_play_by_value): a play's decision points, from the
 * compiled plays (enumerate.h, pb_enumerate_compiled). The outcomes of an alternative, as the
 * kernel reads them: */
enum { PB_WP_O_GAIN, PB_WP_O_PEN, PB_WP_O_PEN_DEF, PB_WP_O_TD, PB_WP_O_SF, PB_WP_O_TTD, PB_WP_O_TO };
/* An outcome whose value is the same at every state of a togo (it reads neither the down nor the
 * yards to gain). */
static inline int pb_wp_out_fixed(int kind) { return kind >= PB_WP_O_TD; }
typedef struct {
    double p;                /* within the alternative */
    short m;                 /* GAIN, PEN(_DEF): signed yards for the offense; TO: the opponent's togo */
    unsigned char kind, group;   /* PB_WP_O_*; the timeouts it spends (0, 1 the offense's, 2 the defense's) */
} pb_wp_out;

typedef struct {
    double w;                /* P(the node), the card's 1/24 included */
    unsigned char chooser;   /* 0 the offense (maximizes), 1 the defense */
    unsigned char card, nalt, policy;     /* policy: the alternative the policies would take */
    unsigned char label[PB_NODE_ALTS];   /* pb_play_node's labels */
    int first[PB_NODE_ALTS + 1];         /* alternative k: out[first[k] .. first[k + 1] - 1] */
} pb_wp_node;

typedef struct {
    int n, nout;
    pb_wp_node *node;
    pb_wp_out *out;
} pb_wp_nodes;

/* The decision points of the 15 cells at one togo and variant, shared (wp_nodes.c,
 * pb_wp_nplan_build): most cells hold the same points (a holding's "the gain or the penalty", a
 * card change's plays), so each distinct alternative is summed once per state, each distinct
 * point takes its best once, and the 15 cells add each point's probability in them times its best
 * (by the cells where it has a probability: wnz_*). */
typedef struct {
    int nalt, nnode, nref;
    int *alt_first;          /* [nalt + 1]: alternative a is out[alt_first[a] .. alt_first[a + 1] - 1] */
    int *alt_var;            /* [nalt]: a short alternative's outcomes that read the state (gains,
                                penalties) are out[alt_var[a] ..]; those before it (touchdowns,
                                safeties, turnovers) are the same at every state of the togo */
    pb_wp_out *out;
    int *node_alt;           /* [nnode * PB_NODE_ALTS]: a point's alternatives (distinct ids) */
    unsigned char *node_n;   /* [nnode]: how many */
    unsigned char *node_ch;  /* [nnode]: the chooser (0 the offense, 1 the defense) */
    unsigned char *node_pol; /* [nnode]: the policies' alternative (the test hook) */
    int cell_first[16];      /* cell c's points: ref[cell_first[c] .. cell_first[c + 1] - 1] */
    int *ref_node;           /* [nref]: the distinct point */
    double *ref_w;           /* [nref]: its probability in the cell (the card's 1/24 included) */
    int *wnz_first;          /* [nnode + 1]: point i's cells with a probability: wnz_cell/wnz_w[wnz_first[i] ..] */
    unsigned char *wnz_cell; /* the cell */
    double *wnz_w;           /* the point's probability in that cell, summed over its refs (never 0) */
    /* The long alternatives (whole plays: the card timeouts and changes of 21-24) are summed as
     * cells are (wp_kernel_internal.h, parts_of and the dense entries, 15 at a time): per group g
     * their outcomes spending that group's timeouts as a cell lcell[g][i], which adds to
     * alternative lalt[g][i]. */
    unsigned char *alt_long; /* [nalt]: 1 when summed as cells */
    int nlong[PB_WP_GROUPS];
    pb_drive_cell *lcell[PB_WP_GROUPS];
    int *lalt[PB_WP_GROUPS];
} pb_wp_nplan;

typedef struct {
    int half, L, e;
    int nslices;
    int W;                /* the lead window: |s| <= W solved, the slices beyond settled (wp_window.c) */
    double seconds[3];    /* wall seconds of pb_wp_layer_solve's phases A, B, C (--timings) */
    double *v;            /* [slice * F + pb_wp_index]: the midpoint of each state's interval */
    double *rad;          /* [slice * 100 + togo]: the largest half-width of the slice's field states at
                             that togo (every down and ytg) */
    double *klo, *khi;    /* [slice * 2 + PB_WP_KICK / PB_WP_FREE] */
    double *tlo, *thi;    /* [slice] */
    double *flo, *fhi;    /* kept layers: the 1st downs as intervals [slice * 100 + togo] (pb_wp_layer_firsts) */
} pb_wp_layer;

/* The headline values kept for every natural layer (e = 0): 1st downs, kicks, try. */
typedef struct {
    int nslices;
    float *first_lo, *first_hi;   /* [slice * 100 + togo] (togo 1..99) */
    float *pmid, *prad;           /* their form in the value file (wp_file.c): midpoints [slice * 100 + togo],
                                     half-widths by ten yards [slice * 10 + (togo - 1) / 10] */
    double *klo, *khi, *tlo, *thi;
} pb_wp_head;

struct pb_wp {
    const pb_ruleset *rs;
    pb_policies pol;
    int threads;
    int S, T, E, P;               /* lead cap, timeouts, extra plays per half, cards per half */
    int downs, fdy;
    int F;                        /* field slots per slice: downs x PB_WP_DOWN_SLOTS */
    double two_vmax, two_vmin;    /* the two-point game's value, row player maximizing / minimizing P */
    double two_mix[2][8];         /* their mixes: [0] maximizing, [1] minimizing; row x[3], column y[5] */
    pb_drive *d;                  /* the special-teams tables (and the drive solver's helpers) */
    /* cell[t][o][j][variant][group]: the play's outcomes spending timeouts of `group` */
    pb_drive_cell (*cell)[3][5][PB_WP_VARIANTS][PB_WP_GROUPS];
    /* in play by value: cell holds the outcomes reached with no decision, node[t][o][j][variant]
     * the decision points (NULL when the policies decide) */
    pb_wp_nodes (*node)[3][5][PB_WP_VARIANTS];
    /* in play by value: the policies' cells (every path, each decision as the policies take it).
     * The entries are summed from these, and each decision point adds only its best alternative's
     * gain over the policies' (0 at most points): the same values as plain cells plus every
     * point's best, with far fewer products (wp_kernel_internal.h, plan_value). The bounds are
     * the plain cells' and the points' own. */
    pb_drive_cell (*pcell)[3][5][PB_WP_VARIANTS][PB_WP_GROUPS];
    pb_wp_nplan (*nplan)[PB_WP_VARIANTS];   /* [t][variant]: the same, shared by the 15 cells */
    int nplan_alt, nplan_node;    /* the most distinct alternatives and points of any plan */
    int nplan_long;               /* the most long alternatives' cells of a group in any plan */
    int node_terms;               /* the longest sum of a cell's nodes */
    double eps;                   /* rounding allowance per update */
    int lanes_halves;             /* a batch's lanes as two 4-wide halves (the entries and the in-play
                                     plan, wp_kernel_internal.h; the radii, minima and first guesses,
                                     wp_lanes_internal.h): 1 where the machine has no 8-wide vectors;
                                     the same bits either way */
    int fused;                    /* the entries' sums: one fused multiply-add a term (pb_wp_fused_arith),
                                     else a rounded product and a rounded sum */
    int wide;                     /* the machine has AVX-512 (the fused lanes' copy for it) */
    unsigned char *reach;         /* [pb_wp_index]: 1 when some sequence of snaps reaches the state from a
                                     1st down (wp_tables.c); the others are never solved nor read */
    int nreach;
    struct pb_wp_dense_tab *dense_tab; /* wp_snaps.c: the 15 cells' dense forms by togo, variant and group,
                                     made once for a whole solve (NULL: each use makes its own) */
    int ot;                       /* OT=sudden-death: the overtime is solved as half 3 */
    int win_half, win_L, win_W;   /* the last lead window solved of L >= 3: its half (0: none yet), L, W */
    pb_wp_head head[4][64 + 1];   /* [half][L]; half 0 unused, 3 the overtime */
    pb_wp_head headx[4][3][9];    /* the extra-play layers' headline values: [half][L = 1, 2][e = 1..E] */
    /* the value file's play cells (wp_cells.c): bytes by togo (0: not in the file), and the room they
       are written from or read into (wp_file.c) */
    uint64_t cell_bytes[PB_DRIVE_TOGO + 1];
    unsigned char *cell_buf[PB_DRIVE_TOGO + 1];
    pb_wp_layer *full[4][64 + 1]; /* the layers kept whole (pb_wp_keeps): every natural layer */
    pb_wp_layer *fullx[4][3][9];  /* and the extra plays': [half][L = 1, 2][e = 1..E] */
    int keep_all;
    int keep_last;                /* keep_all 0: K > 0 keeps half 2's last K cards whole (pb_wp_keeps) */
    int checkpoint;               /* K > 0: every K-th natural layer from L = 2 kept whole, and the
                                     overtime's (pb_wp_opts.checkpoint; wp_lockstep.c re-solves between) */
    int resolving;                /* 1 while such a stretch is solved again: no progress reports */
    unsigned char keep_nat[4][64 + 1], keep_ext[4];   /* the layers kept whole besides keep_all and keep_last:
                                     [half][L] natural, [half] its extra-play layers (pb_wp_keeps) */
    int tables_togo;              /* the play cells built: 0 every togo; t > 0 togo t's only, -1 none (an
                                     answer read from a value file: wp_file.c, pb_wp_file_read_moment) */
    atomic_uchar togo_built[PB_DRIVE_TOGO + 1];   /* tables_togo != 0: the togos built since (pb_wp_tables_togo) */
    /* the second half's opening kickoff from the kicking team, by its lead (index s + S) */
    double *h2_lo, *h2_hi;
    pb_wp_stats stats;
    const pb_wp_dist *dist;       /* NULL: one process */
    unsigned long serial;         /* this pb_wp among all made by the process (wp_decider.c's cache) */
    void *rec_pool[PB_WP_REC_POOL]; /* wp_moment.c: zeroed slice records kept for the next moment */
    int rec_npool;
    size_t rec_pool_len;
};

/* The field slot of (togo, down, ytg): along a gain g from (t, dn, y) the state (t - g, dn, y - g)
 * is g slots lower (togo - ytg is fixed), as with pb_drive_index, in half the room. */
static inline int pb_wp_index(int togo, int down, int ytg)
{
    int d = togo - ytg;
    return (down - 1) * PB_WP_DOWN_SLOTS + d * PB_DRIVE_TOGO - d * (d - 1) / 2 + ytg - 1;
}
/* The float just below (above) x rounded to the nearest float: nextafterf((float)x, -INFINITY)
 * (+INFINITY) for a finite x, as the headline keeps a 1st down's interval outward, without the
 * library call (a value file's moment unpacks some 10^6 of them). */
static inline float pb_wp_float_below(double x)
{
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    u = f > 0 ? u - 1 : f < 0 ? u + 1 : 0x80000001u;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline float pb_wp_float_above(double x)
{
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    u = f > 0 ? u + 1 : f < 0 ? u - 1 : 0x00000001u;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline int pb_wp_first(const pb_wp *w, int togo)
{
    return pb_wp_index(togo, 1, w->fdy < togo ? w->fdy : togo);
}
static inline int pb_wp_nr(const pb_wp *w, int half) { (void)w; return half == 1 ? 2 : 1; }
/* The halves solved (3: the overtime, with OT=sudden-death) and the cards of each (the overtime
 * is one quarter's). */
static inline int pb_wp_halves(const pb_wp *w) { return w->ot ? 3 : 2; }
static inline int pb_wp_cards(const pb_wp *w, int half) { return half == 3 ? w->P / 2 : w->P; }
/* The most cards left of a layer with e extra plays: an extra play makes the last card's L 2 even
 * in a one-card overtime, whose natural layers stop at 1. */
static inline int pb_wp_top(const pb_wp *w, int half, int e)
{
    int P = pb_wp_cards(w, half);
    return e > 0 && P < 2 ? 2 : P;
}
/* In the overtime the first score ends the game: every state whose lead is not 0 is over, worth 1
 * to the team ahead and 0 to the team behind (its try, kick or snap is never played). */
static inline int pb_wp_over(int half, int s) { return half == 3 && s != 0; }
static inline int pb_wp_nslices(const pb_wp *w, int half)
{
    return pb_wp_nr(w, half) * (2 * w->S + 1) * (w->T + 1) * (w->T + 1);
}
static inline int pb_wp_slice(const pb_wp *w, int r, int s, int a, int b)
{
    return ((r * (2 * w->S + 1) + (s + w->S)) * (w->T + 1) + a) * (w->T + 1) + b;
}
static inline void pb_wp_slice_coords(const pb_wp *w, int sl, int *r, int *s, int *a, int *b)
{
    int tb = w->T + 1, ns = 2 * w->S + 1;
    *b = sl % tb;
    *a = sl / tb % tb;
    *s = sl / (tb * tb) % ns - w->S;
    *r = sl / (tb * tb * ns);
}
/* The variant of a snap's cells: card 07 acts only when the offense leads; challenges and card
 * timeouts only for a side with a timeout. */
static inline int pb_wp_variant(int s, int a, int b) { return (s > 0) * 4 + (a > 0) * 2 + (b > 0); }
/* wp_tables.c: the variant bits card c's play depends on (4: the offense leads, card 07; 2: the
 * offense has a timeout; 1: the defense has one): card c at variant v is enumerated at v & deps. */
unsigned pb_wp_card_deps(const pb_play_card *c);
/* The enumerator's query of a snap's play at togo t, 1st down, variant v (its situation's lead and
 * timeouts, the bits as pb_wp_card_deps'), offense o (0..2), Defense j (1..5), card k (0: none). */
void pb_wp_play_query(const pb_wp *w, int t, unsigned v, int o, int j, int k, pb_enum_query *q);

/* wp_solve.c: a pb_wp with empty value arrays and no tables, for wp_file.c to fill; then the
 * tables (pb_wp_tables_finish) once the file has proved sound. */
int pb_wp_tables_finish(pb_wp *w, char *err, size_t errlen);
int pb_wp_alloc_for_file(pb_wp **out, const pb_ruleset *rs, const pb_policies *pol, int lead_cap, int full,
                         int last, int threads, char *err, size_t errlen);

/* wp_tables.c: the play cells by variant and group; 0 or -1 and a message. */
/* The bound of a cell's decision points (their values: wp_kernel_internal.h, nodes_value): each
 * node's widest alternative (the half-widths of where its outcomes lead), summed. */
typedef struct {
    const double *rown, *ropp;   /* the half-widths of the offense's and the opponent's slices, by togo */
    double r[3];                 /* of the try, the free kick, the opponent's try */
} pb_wp_node_radii;
double pb_wp_nodes_radius(const pb_wp_nodes *nd, int t, int last, const pb_wp_node_radii x[3]);
/* Tests: every decision point takes the policies' alternative instead of its best (with
 * timeout=never this is the policies' game, through the decision points). */
extern int pb_wp_test_nodes_by_policy;
/* Tests: the batch sums every outcome of a short alternative at every state, the fixed ones too
 * (pb_wp_nplan.alt_var), instead of starting from their sum at the togo: the same bits. */
extern int pb_wp_test_plain_sums;
/* wp_cells.c: togo t's play cells as bytes (the value file): their size; written into buf; read
 * from buf (every count and yardage checked; 0, or -1 when they do not fit). */
size_t pb_wp_cells_bytes(const pb_wp *w, int t);
void pb_wp_cells_write(const pb_wp *w, int t, unsigned char *buf);
int pb_wp_cells_read(pb_wp *w, int t, const unsigned char *buf, size_t n);
/* Tests: pb_wp_snap_matrix sums each cell's decision points one by one (wp_kernel_internal.h,
 * nodes_value) instead of through the shared plan, as the solver did before the plan. */
extern int pb_wp_test_nodes_cellwise;
/* wp_in_play.c: the choice at a decision inside the play of snap m (its togo, down, ytg; m's
 * team the offense) with `call` (the card turned), asked after the play's answers in `log`: the
 * choice as the oracle returns it, and *next the choice of the decision that follows at once (a
 * card change after a card timeout) or -1. 0, or -1 and a message. */
int pb_wp_in_play_choice(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_oracle_log *log,
                         pb_decision what, int *choice, int *next, char *err, size_t errlen);
/* Its two steps. The decision's node (nd, released by pb_wp_nodes_release): the rest of the play
 * enumerated, which reads of m only its togo, the lead's sign (within the cap) and whether each
 * side has a timeout; then the choice there at moment m. Each 0, or -1 and a message. */
int pb_wp_in_play_nodes(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_oracle_log *log,
                        pb_decision what, pb_wp_nodes *nd, char *err, size_t errlen);
int pb_wp_in_play_pick(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_wp_nodes *nd,
                       pb_decision what, int *choice, int *next, char *err, size_t errlen);
/* wp_nodes.c: add a compiled play's node (the card's 1/24 applied); 0, or -1 and a message. */
int pb_wp_nodes_add(pb_wp_nodes *nd, const pb_play_node *n, int card, int togo, const pb_play_card *pc, char *err,
                    size_t errlen);
void pb_wp_nodes_release(pb_wp_nodes *nd);
/* The shared plan of w->node[t][*][*][v]; 0, or -1 when out of memory. */
int pb_wp_nplan_build(pb_wp_nplan *pl, const pb_wp_nodes *const cell[15], int t);
void pb_wp_nplan_release(pb_wp_nplan *pl);
int pb_wp_nodes_terms(const pb_wp_nodes *nd);
/* The timeouts an outcome of card c spends: 0 none, 1 the offense's, 2 the defense's. */
int pb_wp_group_of(const pb_dist_entry *e, const pb_play_card *c);
int pb_wp_tables_build(pb_wp *w, char *err, size_t errlen);
/* The play cells of togo t, built now if they were not (an answer read from a value file builds
 * only what it visits: wp_moment.c); once per togo under a lock. 0, or -1 and a message. */
int pb_wp_tables_togo(pb_wp *w, int t, char *err, size_t errlen);
void pb_wp_tables_release(pb_wp *w);
/* The field states reachable from a 1st down (w->reach), from the cells' supports. */
int pb_wp_reach_build(pb_wp *w);

/* wp_layer.c */
int pb_wp_layer_alloc(const pb_wp *w, pb_wp_layer *l, int half, int L, int e);
/* The same with the values in v (a layer's v of the same half, released from its layer; NULL:
 * allocated): the layers of a half reuse one buffer instead of faulting 300 MB of new pages in. */
int pb_wp_layer_alloc_with(const pb_wp *w, pb_wp_layer *l, int half, int L, int e, double *v);
void pb_wp_layer_release(pb_wp_layer *l);
/* A layer of headline values only (h: layer (half, L, e)'s): its 1st downs as intervals (the floats,
 * rounded outward when kept), its kicks and tries sharing h's arrays; no other state. Release
 * l->flo and l->fhi only. 0, or -1 (not kept, out of memory). */
int pb_wp_head_layer(const pb_wp_head *h, int half, int L, int e, pb_wp_layer *l);
/* Fill l->flo / fhi from v and rad (a kept layer, for the answers). -1 when out of memory. */
int pb_wp_layer_firsts(const pb_wp *w, pb_wp_layer *l);
/* The end of a half (L = 0): the field goal after the last card, then the half's end. */
void pb_wp_layer_end(const pb_wp *w, pb_wp_layer *l);
/* One field state at the end of a half (every down and ytg alike at togo t): [lo, hi], and the
 * half-width the end layer keeps for it. */
void pb_wp_end_field(const pb_wp *w, int half, int r, int s, int t, double *lo, double *hi, double *rad);
/* Layer l from prev (L - 1) and, at L = 1, ext (L = 2 with e + 1; NULL when no extra play is
 * allowed). 0, or -1 and a message. */
int pb_wp_layer_solve(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, const pb_wp_layer *ext,
                      double *gap_out, double *exploit_out, char *err, size_t errlen);
/* The value at the end of the half for the team with the ball, lead s, flag r: [lo, hi]. */
void pb_wp_end_value(const pb_wp *w, int half, int r, int s, double *lo, double *hi);

/* wp_snaps.c: phase A by batches of slices (same r, a, b, leads of one sign side by side), each
 * thread with its own room; batch k writes the states and mrad / exploit of its slices in
 * lo .. hi - 1. 0, or -1 and a message. */
typedef struct pb_wp_snaps_work pb_wp_snaps_work;
/* 1 when the snaps' entries and the in-play plan are summed as two 4-wide halves (a machine
 * without AVX-512; the environment's PB_WP_HALVES=0|1 chooses, for the tests): the same bits
 * either way. */
int pb_wp_lanes_halves(void);
/* 1 when the entries' sums take one fused multiply-add a term (the machine has FMA and AVX2, or
 * fma() is an instruction; the environment's PB_WP_FMA=0 turns it off, for the tests), 0 when each
 * product and each sum is rounded: the solve's arithmetic (pb_wp.fused), the same for the lanes and
 * the one-state code. */
int pb_wp_fused_arith(void);
int pb_wp_wide(void);   /* 1 where the machine has AVX-512 */
int pb_wp_snap_batches(const pb_wp *w, int half);
pb_wp_snaps_work *pb_wp_snaps_work_new(const pb_wp *w);
/* The dense forms of every togo's 15 cells (w->dense_tab), made once before a solve's layers, so that
 * no batch or state makes them again; the same numbers as made per use. 0, or -1: out of memory. */
int pb_wp_dense_build(pb_wp *w);
void pb_wp_dense_free(pb_wp *w);
void pb_wp_snaps_work_free(pb_wp_snaps_work *wk);
int pb_wp_snaps_batch(const pb_wp *w, pb_wp_layer *l, const pb_wp_layer *prev, int k, int lo, int hi,
                      pb_wp_snaps_work *wk, double *mrad, double *exploit, char *err, size_t errlen);

/* One state of a finished layer `cur` (prev: the layer below): the snap's 3 x 5 matrix at the
 * successors' midpoints and its radius *R (each entry is within R of the true one; R NULL: the
 * matrix alone, for the simulator's coach, which reads no bound); the field goal
 * and punt rows as intervals (fg -inf out of range); a kickoff's regular and onside values; the
 * receiver's touchback and return at a landing spot. 0, or -1 when out of memory. */
int pb_wp_snap_matrix(const pb_wp *w, const pb_wp_layer *cur, const pb_wp_layer *prev, int r, int s, int a, int b,
                      int t, int dn, int y, double A[3][5], double *R);
/* The value of each alternative of decision point i of nd at that state (prev: the layer below):
 * val[k], the alternative's outcomes at the successors' midpoints, as the layer's snaps sum them
 * (in play by value). 0, or -1 when an alternative spends a timeout the state does not have. */
/* The same entries from explicit successors, group by group (the groups the slice's timeouts
 * allow are read): own by pb_wp_index, opp the opponent's 1st downs by togo 0..100, the scalar
 * ones as midpoints (wp_moment.c, a state not kept). No radius: the caller sums its own. 0, or -1. */
typedef struct {
    double td, sf, ttd;
    const double *own, *opp;
} pb_wp_succ;
int pb_wp_snap_entries(const pb_wp *w, int s, int a, int b, int t, int dn, int y, const pb_wp_succ x[PB_WP_GROUPS],
                       double A[3][5]);
/* The same from cells the caller gives (cells[g][5 o + j]: one play card's or a blank card's, by
 * timeout group, wp_cards.c), summed whole (no decision points). 0, or -1 (too many penalty columns). */
int pb_wp_snap_entries_of(const pb_wp *w, const pb_drive_cell *const cells[PB_WP_GROUPS][15], int a, int b, int t,
                          int dn, int y, const pb_wp_succ x[PB_WP_GROUPS], double A[3][5]);
/* Tests: when set, phase A calls it for every state of a batch's active lanes, from the solving
 * threads, with the 15 entries the lanes summed (prev: the layer below); and pb_wp_test_plant is
 * added to pb_wp_snap_entries' first entry (a planted rounding error). */
typedef void pb_wp_entries_hook(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int t, int dn,
                                int y, const double e[15]);
extern pb_wp_entries_hook *pb_wp_test_entries;
extern double pb_wp_test_plant;
/* The part of the rounding allowance (pb_wp.eps) that bounds an entry's floating sums, relative to
 * the sum of its terms' magnitudes: gamma_n, n the most roundings any term passes (wp_solve.c). */
double pb_wp_sum_allowance(const pb_wp *w);
/* The certified interval of the game A whose entry c (row c / 5, column c % 5) is within R[c] (plus
 * the rounding allowance) of the true one, as phase A takes it: the mixes' guarantees with each
 * entry's own radius. 0, or -1 (no solution). */
int pb_wp_snap_certify(const pb_wp *w, const double A[3][5], const double R[15], double *lo, double *hi);
int pb_wp_node_values(const pb_wp *w, const pb_wp_layer *prev, int r, int s, int a, int b, int t, int dn, int y,
                      const pb_wp_nodes *nd, int i, double *val);
int pb_wp_rows_at(const pb_wp *w, const pb_wp_layer *cur, int r, int s, int a, int b, int t, double fg[2],
                  double punt[2]);
int pb_wp_kick_parts(const pb_wp *w, const pb_wp_layer *cur, int k, int r, int s, int a, int b, double regular[2],
                     double onside[2]);
int pb_wp_receive_at(const pb_wp *w, const pb_wp_layer *cur, int r, int s, int a, int b, int landing, double tb[2],
                     double ret[2]);
/* The same from layer (half, L)'s headline values (a layer not kept: the value file's 1st downs and
 * tries). 0, or -1 when the layer has none. */
int pb_wp_receive_head(const pb_wp *w, int half, int L, int r, int s, int a, int b, int landing, double tb[2],
                       double ret[2]);
/* Is layer (half, L, e) kept whole? Every one with keep_all; with keep_last K, half 2's natural
 * layers L <= K and its extra-play layers, and the overtime's (which the game can reach from them). */
static inline int pb_wp_keeps(const pb_wp *w, int half, int L, int e)
{
    return w->keep_all || (w->keep_last > 0 && (half == 3 || (half == 2 && (e > 0 || L <= w->keep_last)))) ||
           (L >= 0 && L <= 64 && (e == 0 ? w->keep_nat[half][L] : w->keep_ext[half]));
}

/* A kept layer: e = 0 natural, else an extra-play layer (L = 1, 2); NULL when not kept. */
static inline const pb_wp_layer *pb_wp_kept(const pb_wp *w, int half, int L, int e)
{
    /* the end of a half (L = 0) is the same whatever extra plays were added */
    return e == 0 || L == 0 ? w->full[half][L] : (L >= 1 && L <= 2 && e <= 8 ? w->fullx[half][L][e] : NULL);
}

/* wp_solve.c, for wp_lockstep.c: the layers between two checkpoints solved again, each kept whole
 * (pb_wp_keeps): half's natural layers from + 1 .. to from the kept layer `from` (>= 2); or the
 * half's bottom (L = 0, 1, 2 and their extra plays' layers) from the end of the half. The solve's
 * statistics are left as they were. 0, or -1 and a message. pb_wp_release_whole frees layer (half,
 * L)'s whole states (L <= 2: its extra plays' too) and stops keeping them. */
int pb_wp_resolve_layers(pb_wp *w, int half, int from, int to, char *err, size_t errlen);
int pb_wp_resolve_bottom(pb_wp *w, int half, char *err, size_t errlen);
void pb_wp_release_whole(pb_wp *w, int half, int L);
void pb_wp_release_extras(pb_wp *w, int half, int L);   /* layer (half, L)'s extra plays' only (L = 1, 2) */

/* wp_solve.c: is m a moment of the game (and its state reachable)? 0, or -1 and a message. */
int pb_wp_check_moment(const pb_wp *w, const pb_wp_moment *m, char *err, size_t errlen);

/* wp_moment.c: a snap not kept, recomputed from the kept states (1st downs, kicks, tries) of its
 * layer and the `depth` layers below (<= 0: PB_WP_RECOMPUTE_DEPTH), its lead capped as the
 * caller has it: [lo, hi], and how many states were recomputed. A state reached with less weight
 * than `mass` (the product of the probabilities leading to it; <= 0: PB_WP_RECOMPUTE_MASS) is taken
 * as [0, 1] (it adds at most half its weight to the bound). 0, or -1 and a message. */
#define PB_WP_RECOMPUTE_DEPTH 12
#define PB_WP_RECOMPUTE_MASS 1e-9
int pb_wp_recompute(const pb_wp *w, const pb_wp_moment *m, int depth, double mass, double *lo, double *hi,
                    long *states, char *err, size_t errlen);
/* The same with the moment's alternatives (a snap, L >= 1): its matrix at the successors'
 * midpoints (each entry within R), the field goal's and punt's rows (fg -inf out of range). */
typedef struct {
    double lo, hi, A[3][5], R, fg[2], punt[2];
    long states;
} pb_wp_parts;
/* The same with the matrix of each of n cards (wp_cards.c) at the moment's state, from the same
 * successors: cells[k][g][5 o + j], card k's cells by timeout group (pb_wp_snap_entries_of); out A[k]
 * and R[k] (each entry within R[k]). Only without the in-play decisions by value. 0, or -1. */
typedef struct {
    const pb_drive_cell *const (*cells)[PB_WP_GROUPS][15];
    int n;
    double (*A)[3][5];
    double *R;
} pb_wp_card_parts;
int pb_wp_recompute_cards(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, pb_wp_card_parts *cards, char *err,
                          size_t errlen);
/* The slice records kept for the moments to come (wp_moment.c), released (pb_wp_free). */
void pb_wp_rec_pool_free(pb_wp *w);
int pb_wp_recompute_parts(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, char *err, size_t errlen);
/* The same for the simulator's coach, which reads no bound: no state's radius is summed (three
 * quarters of a recomputation's own time), so every recomputed state is the point max(snap at the
 * successors' midpoints, rows) (within the rounding allowance) and p->R is 0; pb_wp_recompute_play:
 * a moment's value so, [lo, hi] without its radius. */
int pb_wp_recompute_parts_play(const pb_wp *w, const pb_wp_moment *m, pb_wp_parts *p, char *err, size_t errlen);
int pb_wp_recompute_play(const pb_wp *w, const pb_wp_moment *m, double *lo, double *hi, char *err, size_t errlen);

/* wp_mono.c: the lead-monotonicity check of a solved layer, added to *out (pb_wp_mono); -1 when out
 * of memory. pb_wp_mono_pair: one pair of slices, sl0 at lead s and sl1 at s + 1. */
int pb_wp_mono_layer(const pb_wp *w, const pb_wp_layer *l, pb_wp_mono *out);
void pb_wp_mono_pair(const pb_wp *w, const pb_wp_layer *l, int sl0, int sl1, int s, pb_wp_mono *out);

/* Tests: the decider (wp_decider.c) keeps no choice, making each afresh. */
extern int pb_wp_test_decider_fresh;
/* wp_detail.c: pb_wp_detail_at for a strategy (the decider): a snap beyond the lead cap is played
 * as at the cap (its alternatives are not certified there; pb_wp_detail_at refuses it), and a snap
 * of a kept layer gets no radius (d->radius 0: the coach reads only the choices). */
int pb_wp_detail_play(const pb_wp *w, const pb_wp_moment *m, pb_wp_detail *d, char *err, size_t errlen);

/* Scalar lookups with the lead capped: beyond +S the value is bounded by [lo(S), 1], below -S by
 * [0, hi(-S)] (wp.h: monotone in the lead). */
void pb_wp_try_at(const pb_wp *w, const pb_wp_layer *l, int r, int s, int a, int b, double *lo, double *hi);
void pb_wp_kick_at(const pb_wp *w, const pb_wp_layer *l, int k, int r, int s, int a, int b, double *lo, double *hi);
/* Tests and measurements: two games whose values beyond the cap lie within the bounds above (so
 * the bounds of the default solve must hold their values): 1, a lead beyond the cap is worth the
 * cap's value (its interval, the lead clamped); 2, going beyond +S wins and beyond -S loses
 * outright. 3: [0, 1] (no monotonicity). 0: the bounds above. */
extern int pb_wp_test_cap_mode;

/* Is lead s inside layer l's lead window (solved, not filled from the edge)? */
static inline int pb_wp_in_window(const pb_wp_layer *l, int s) { return s <= l->W && s >= -l->W; }

/* wp_work.c: the cost model of a solve, in states solved. pb_wp_work_layer: one layer of `half`
 * whose lead window is W (reach field states a slice; w->nreach once the tables are built);
 * pb_wp_work_after: every layer after the first `done` in solve order, those of L >= 3 of this
 * half with the window growing from W (that of its layer L) by PB_WP_LANES a card, the others
 * whole (half 0: none measured); pb_wp_work_all: every layer, every window whole. */
double pb_wp_work_layer(const pb_wp *w, int half, double W, double reach);
double pb_wp_work_after(const pb_wp *w, int done, int half, int L, int W);
double pb_wp_work_all(const pb_wp *w, double reach);

/* wp_window.c: the lead window. pb_wp_window_of: the window of the layer above prev (w->S when
 * none settles, with test cap modes, in the overtime, or with pb_wp_window_settled <= 0).
 * pb_wp_window_carriers: one slice beyond l->W of phase B takes its carriers from the edge's
 * (clo, chi: the 1st downs [slice * 100 + togo]), the bounds tightened, *moved the most a bound
 * moved. pb_wp_window_fill: the field states of the slices beyond l->W from the edge's, once the
 * layer is solved; returns the widest interval at the edges or beyond (0 when W = S). */
#define PB_WP_SETTLED 1e-9
extern double pb_wp_window_settled;   /* PB_WP_SETTLED; tests and measurements may change it */
int pb_wp_window_of(const pb_wp *w, const pb_wp_layer *prev);
void pb_wp_window_carriers(const pb_wp *w, pb_wp_layer *l, int sl, double *clo, double *chi, double *moved);
double pb_wp_window_fill(const pb_wp *w, pb_wp_layer *l);

#endif
