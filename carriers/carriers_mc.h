/* carriers/carriers_mc.h: a Monte Carlo cross-check of Carriers!!'s exact figures: the dice are
 * rolled for real — every zone, every other roll, whole interceptions with defenders on every
 * square of each chart vector's route (C4), and injuries over a phase of tackles (C6) — and the
 * frequencies are held against the exact values (|z| above z_max fails; a certain or impossible
 * outcome must be seen always or never). `plant` breaks one rule in the simulator on purpose. */
#ifndef CR_MC_H
#define CR_MC_H

#include <stdint.h>

#include "carriers_rules.h"

typedef enum { CR_PLANT_NONE, CR_PLANT_ZONE_C_MOD2, CR_PLANT_INJURY_NO_RESET, CR_PLANT_EACH_AS_CHOOSE, CR_PLANTS } cr_plant;

typedef struct {
    int compared, failed;
    double worst_z;
    char worst[160];
} cr_mc_result;

const char *cr_plant_name(cr_plant p);
void cr_mc_check(const cr_rules *r, long trials, uint64_t seed, double z_max, cr_plant plant, cr_mc_result *res);

#endif
