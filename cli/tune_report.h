/* cli/tune_report.h: `tune --report FILE.html`: a self-contained page with the tune's chart, in the
 * report's style (tables/report.h's stylesheet, tables/svg.h's charts): the target by the value for
 * one key (a line per target; a heat map of the targets when the key is not a number), a heat map
 * of the target (or the spread) for two keys; more keys: the table only. Then the rows as a
 * table, exact values as fractions. Written through a temporary file and renamed. */
#ifndef PB_TUNE_REPORT_H
#define PB_TUNE_REPORT_H

#include <stddef.h>

#include "tune.h"

/* 0, or -1 and a message. */
int pb_tune_report_write(const pb_tune *t, const char *path, int places, char *err, size_t errlen);

#endif
