/* soccer/soccer_mc.h: a Monte Carlo cross-check of Masume Soccer TACTICS's exact figures.
 *
 * A second, independent reading of the rules rolls the die for real: the ball is walked square
 * by square with its remaining strength, charges roll two dice, whole shoot-outs are kicked. For
 * every line behind the designer's tables (soccer_tables.c), every charger and the shoot-out,
 * the observed frequencies are held against the exact probabilities (a z-score; an impossible or
 * certain outcome must be seen never or always). `plant` breaks one rule in the simulator on
 * purpose, to prove the check notices (tests/soccer.c). */
#ifndef MS_MC_H
#define MS_MC_H

#include <stdbool.h>
#include <stdint.h>

#include "soccer_rules.h"

typedef enum {
    MS_PLANT_NONE,
    MS_PLANT_TRAP_DEFLECTS,  /* +1 at 2+ squares deflects instead of being trapped */
    MS_PLANT_TIE_HOLDER,     /* a tied charge goes to the holder */
    MS_PLANT_LOB_ALL_FACES,  /* the lob's +2 on every face */
    MS_PLANT_PK_TWO_OFF,     /* two PK faces off target */
    MS_PLANTS
} ms_plant;

const char *ms_plant_name(ms_plant p);
int ms_plant_parse(const char *name, ms_plant *out);

typedef struct {
    long trials;        /* per case */
    uint64_t seed;
    double z_max;       /* a |z| above this fails */
    ms_plant plant;
} ms_mc_opts;

typedef struct {
    int cases, compared, failed;
    double worst_z;
    char worst[160];    /* the case and outcome with the largest |z| */
} ms_mc_result;

void ms_mc_check(const ms_rules *r, const ms_mc_opts *o, ms_mc_result *res);

#endif
