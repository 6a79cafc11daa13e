/* carriers/carriers_dice.h: every roll of Carriers!!, exactly. The interception test by zone
 * (「移動元ないし移動先から」 1 square: A, the dice differ; 2: B, the parities match; 3: C, equal
 * mod 3; 4 or more: D, the dice are equal), the route of a pass (C3) and the zone of each square
 * on it (C2), several interceptors (C4), the conversion, the defense's 2-point roll, the start and
 * tie-break rolls, and injuries (per check, over a phase: C6). */
#ifndef CR_DICE_H
#define CR_DICE_H

#include <gmp.h>
#include <stddef.h>

#include "carriers_rules.h"

typedef enum { CR_ZONE_A, CR_ZONE_B, CR_ZONE_C, CR_ZONE_D, CR_ZONES } cr_zone;

typedef enum {
    CR_ROLL_START,       /* 2 x 1d6, parities match: B is offense */
    CR_ROLL_CONVERSION,  /* 2d6 after a goal, parities match: +2 */
    CR_ROLL_SAFETY,      /* the defense's 2-point roll, parities match */
    CR_ROLL_INJURY,      /* one check: 2 x 1d6 equal mod 3 */
    CR_ROLL_TIEBREAK,    /* 2 x 1d6, parities match: the first roller wins */
    CR_ROLLS
} cr_roll;

/* When zone z's interception succeeds, and a roll's name: English (catalogue msgids: pb_msg
 * translates them). */
const char *cr_zone_rule(cr_zone z);
/* P(a zone's interception succeeds): counted over the 36 pairs of faces. */
void cr_zone_p(mpq_t out, cr_zone z);
/* Does the pair (a, b) intercept in zone z? */
int cr_zone_hits(cr_zone z, int a, int b);
const char *cr_roll_name(cr_roll k);
void cr_roll_p(mpq_t out, cr_roll k);

/* The zone of a square `pos` squares along the long side of a pass `len` long (C2). */
cr_zone cr_zone_at(const cr_rules *r, int pos, int len);

#define CR_ROUTE_MAX 128
typedef struct {
    int x, y;       /* offsets from the passer, both >= 0 (the charts use absolute values) */
    cr_zone zone;
} cr_square;
/* The squares a defender may intercept from on a pass by (x, y) (|x| + |y| <= 20), per C3,
 * without the two ends. Returns how many. */
int cr_route(const cr_rules *r, int x, int y, cr_square *out, int max);
/* The chart: rows from y down to 0, '1' the passer, '2' the receiver, A..D on the route. */
void cr_chart(const cr_rules *r, int x, int y, char *buf, size_t len);

/* P(intercepted) with defenders in the given zones (C4: the best single roll, or one for each). */
void cr_intercept_p(mpq_t out, const cr_rules *r, const cr_zone *zones, int n);

/* P(a card is injured) within one phase after n tackles on it (C6: every tackle counts, or each
 * counts with probability higher_share): a check every 2nd counted tackle, a failed check resets. */
void cr_injury_p(mpq_t out, const cr_rules *r, int tackles);

#endif
