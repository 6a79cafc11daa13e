/* tables/table_diff.h: the cells that move between two builds of the same tables (two rulesets of
 * one game): what a rule switch changes, cell by cell. Shared by the games beside PAPER BOWL
 * (soccer/, carriers/); depends only on table.h. */
#ifndef PB_TABLE_DIFF_H
#define PB_TABLE_DIFF_H

#include <gmp.h>
#include <stddef.h>

#include "table.h"

typedef struct {
    char table[32];     /* the table's id */
    char row[64], col[48];
    char before[24], after[24];  /* as printed */
    mpq_t delta;                 /* after - before */
    size_t table_index, row_index, col_index;  /* where: a[table_index]'s cell (row_index, col_index) */
} pb_table_change;

typedef struct {
    pb_table_change *c;
    size_t n;
    size_t largest;  /* the largest |delta| among the PERCENT cells (any cell when none moved) */
} pb_table_changes;

/* Exact cells of a[i] and b[i] (i < n, same shapes) that differ. A row is named by its INT and
 * TEXT cells ("goal at=2 keeper at=1"). 0, or -1 when out of memory (nothing to release). */
int pb_tables_compare(const pb_table *a, const pb_table *b, size_t n, pb_table_changes *out);
void pb_table_changes_release(pb_table_changes *c);

#endif
