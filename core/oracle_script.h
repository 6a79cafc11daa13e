/* core/oracle_script.h: an oracle that answers with dice given in advance, in order
 * (`paperbowl roll --dice 3-3,2-5`, and tests). Decisions follow the policies.
 * Running out of dice, or a single die where two were needed, is recorded (not fatal):
 * the driver checks pb_script_oracle.error after the play. */
#ifndef PB_ORACLE_SCRIPT_H
#define PB_ORACLE_SCRIPT_H

#include <stddef.h>

#include "oracle.h"
#include "trace.h"

#define PB_SCRIPT_MAX_DICE 256

typedef struct {
    pb_oracle base;
    pb_dice dice[PB_SCRIPT_MAX_DICE];  /* b == 0: a single die */
    int count, next;
    pb_trace *trace;                  /* may be NULL: re-rolls are written here */
    int depth_limit;                  /* 0: no limit */
    char error[256];                  /* non-empty after a failed roll */
} pb_script_oracle;

/* Parse "3-3,2-5,4" (a single number is a one-die roll). -1 and a message on error. */
int pb_script_oracle_init(pb_script_oracle *so, const char *dice, pb_trace *trace, char *err, size_t errlen);
/* From an array of rolls (tests). */
void pb_script_oracle_from(pb_script_oracle *so, const pb_dice *dice, int count);
/* Rolls given but not used. */
int pb_script_oracle_unused(const pb_script_oracle *so);

#endif
