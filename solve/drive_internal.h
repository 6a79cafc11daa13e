/* solve/drive_internal.h: the drive solver's tables and state, shared by drive_tables.c (building
 * the transition tables from the enumerator), drive_solve.c (the interval iteration) and
 * drive_report.c (the designer's breakdowns). Not part of the API (see drive.h).
 *
 * Invariants. A play cell (togo t, offense, defense) holds the collapsed outcome distribution of
 * the snap as doubles, each probability rounded from its exact value after an exact merge
 * (relative error <= PB_DRIVE_P_ERR): keep-the-ball gains g in [gmin, gmin + ng) with
 * t - 99 <= g <= t - 1 (gain, sack and incomplete merged: only the yards move the chains);
 * touchdown, safety, turnover_td; turnovers (the opponent's togo, 1..99); accepted penalties
 * (signed yards, and whether the defense fouled). A special-teams distribution keeps
 * (kind, yards, p) entries. State values are indexed by pb_drive_index(). */
#ifndef PB_DRIVE_INTERNAL_H
#define PB_DRIVE_INTERNAL_H

#include <float.h>
#include <string.h>
#include <stdio.h>

#include "drive.h"
#include "enumerate.h"

#define PB_DRIVE_TOGO 99
#define PB_DRIVE_U (DBL_EPSILON / 2)       /* unit roundoff u = 2^-53 */
#define PB_DRIVE_P_ERR (6 * PB_DRIVE_U)    /* relative error of a probability rounded to double */
#define PB_DRIVE_VMAX 8.0                  /* no next score is worth more: 6 + a two-point try */

typedef struct {
    int gmin, ng;            /* keep the ball: gains gmin .. gmin + ng - 1 */
    double *pg;              /* pg[g - gmin] */
    double p_td, p_safety, p_ttd;
    int nto;                 /* turnovers */
    int *to_t;               /* the opponent's togo */
    double *to_p;
    int npen;                /* accepted penalties */
    int *pen_m;              /* signed yards for the offense */
    unsigned char *pen_def;  /* 1: a defensive foul (may give a 1st down, PEN-1ST) */
    double *pen_p;
    int nterms;              /* the longest floating sum an entry of this cell takes */
    void *block;             /* one allocation for the arrays above */
} pb_drive_cell;

typedef struct {
    int kind, yards;
    double p;
} pb_drive_out;

typedef struct {
    int n;
    pb_drive_out *e;
} pb_drive_sdist;

struct pb_drive {
    const pb_ruleset *rs;
    pb_policies pol;
    int threads;
    double tol;
    int downs, fdy;              /* rules->downs, rules->first_down_yards */
    int nstates;                 /* allocated slots (pb_drive_index range), states counted apart */
    int plays_togo;              /* the play cells built: 0 every togo, t > 0 togo t's only, -1 none
                                    (the game solver's answers read from a value file) */

    pb_drive_cell cell[PB_DRIVE_TOGO + 1][3][5];   /* [togo][offense][defense - 1] */
    pb_drive_sdist fg[PB_DRIVE_TOGO + 1];          /* GOOD, START s (togo <= fg_max_togo) */
    pb_drive_sdist punt[PB_DRIVE_TOGO + 1];        /* return=always: START s, RETURN_TD */
    int punt_landing[PB_DRIVE_TOGO + 1];           /* learnt from special.c (probe) */
    pb_drive_sdist ret[PB_DRIVE_TOGO + 2];         /* the return from landing 1..100 */
    pb_drive_sdist onside[2];                      /* regular, free kick: KEPT t, START s */
    int kick_landing[2][21];                       /* [regular, free][roll] */
    pb_dice kick_roll[21];
    double pat;                                    /* P(PAT good) */
    double two[3][5];                              /* P(two-point touchdown) */

    pb_drive_try try_;
    double *lo, *hi, *ep;                          /* by pb_drive_index */
    pb_drive_state *st;                            /* the final states, by pb_drive_index */
    double eps;                                    /* rounding allowance per update */
    pb_drive_stats stats;
};

/* An item's error (a play cell, a kick) into err as "ITEM: MSG", but out of memory alone, as
 * everywhere: it is no item's fault. */
static inline void pb_drive_item_error(char *err, size_t errlen, const char *item, const char *msg)
{
    if (strcmp(msg, "out of memory") == 0)
        snprintf(err, errlen, "out of memory");
    else
        snprintf(err, errlen, "%s: %s", item, msg);
}

/* Slot of (togo, down, ytg): the layout keeps togo - ytg fixed along a gain, so the states
 * a snap's gains reach at the next down are contiguous. */
static inline int pb_drive_index(int togo, int down, int ytg)
{
    return ((down - 1) * PB_DRIVE_TOGO + (togo - ytg)) * 100 + ytg;
}
static inline int pb_drive_first(const pb_drive *d, int togo)
{
    return pb_drive_index(togo, 1, d->fdy < togo ? d->fdy : togo);
}

/* drive_tables.c: every table above but the values; 0 or -1 and a message. */
int pb_drive_tables_build(pb_drive *d, char *err, size_t errlen);
void pb_drive_tables_release(pb_drive *d);
/* A play distribution collapsed into a cell (the caller releases it with pb_drive_cell_release);
 * 0 or -1 and a message (a cut chain, an outcome a snap cannot have). */
int pb_drive_cell_from_dist(pb_drive_cell *c, const pb_dist *dist, int togo, char *err, size_t errlen);
void pb_drive_cell_release(pb_drive_cell *c);
/* A cell's arrays in one block (pg, to_p, pen_p as doubles, then to_t, pen_m as ints, then pen_def):
 * its size, and c's pointers and ng set into block b of that size (c->block = b; the caller fills
 * the arrays and sets nto, npen). */
size_t pb_drive_cell_block_bytes(int ng, int nto, int npen);
void pb_drive_cell_layout(pb_drive_cell *c, char *b, int ng, int nto, int npen);
/* The play cell (togo, offense, defense, card) enumerated at a situation. */
int pb_drive_cell_enumerate(const pb_drive *d, pb_drive_cell *c, const pb_situation *s, pb_offense o, int def,
                            int card, char *err, size_t errlen);

/* drive_solve.c: the 3 x 5 entries at (togo, down, ytg) for cells[offense][defense - 1], the
 * team's own successors valued by `own`, the opponent's 1st downs by -opp[...]; td_own is a
 * touchdown's value for the team, td_opp the opponent's touchdown's (negative). */
void pb_drive_play_entries(const pb_drive *d, const pb_drive_cell cells[3][5], int togo, int down, int ytg,
                           const double *own, const double *opp, double td_own, double td_opp, double out[3][5]);
/* The field-goal row (togo <= fg_max_togo) and the punt row with the given values. */
double pb_drive_fg_value(const pb_drive *d, int togo, const double *opp);
double pb_drive_punt_value(const pb_drive *d, int togo, const double *opp, double td_opp_receiver);
/* The receiver's E[EP] after a return from landing 1..100 (values `v`, its touchdown td). */
double pb_drive_return_value(const pb_drive *d, int landing, const double *v, double td);
/* A special-teams distribution's probability of `kind`. */
double pb_drive_sdist_p(const pb_drive_sdist *s, int kind);

#endif
