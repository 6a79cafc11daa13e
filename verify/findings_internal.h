/* verify/findings_internal.h: the findings table's layout, shared by findings_table.c (which
 * builds it) and findings.c (which reads it); for those two files only. */
#ifndef PB_FINDINGS_INTERNAL_H
#define PB_FINDINGS_INTERNAL_H

#include <stddef.h>

#include "verify.h"

#define NOFF PB_OFFENSE_COUNT
#define NDEF PB_DEFENSE_COUNT
#define NSLOT PB_VERIFY_CARD_SLOTS
#define NTOGO 99

/* One cell: the summaries, the expected play value, P(first down or touchdown), fingerprints. */
typedef struct {
    mpq_t s[PB_VERIFY_NSUM];
    mpq_t value;      /* E[pb_play_value]: yards for the offense, a touchdown its togo */
    mpq_t convert;    /* P(first down) + P(touchdown) */
    pb_verify_print full, outcomes;
} tcell;

struct pb_verify_table {
    tcell *cell;                       /* [o][d][slot][togo-1] */
    pb_verify_print lead07[NOFF][NDEF][NTOGO][2];  /* card 07 leading by 1: full, outcomes */
    pb_verify_print none_lead[NOFF][NDEF][NTOGO][2];
    int red_zone;
};

static inline size_t cell_at(int o, int d, int slot, int togo)
{
    return (((size_t)o * NDEF + (size_t)(d - 1)) * NSLOT + (size_t)slot) * NTOGO + (size_t)(togo - 1);
}

#endif
