/* soccer/soccer_tables.h: the designer's tables of Masume Soccer TACTICS, built exactly from a
 * ruleset (tables/table.h does the printing: text, Markdown, CSV with the exact fractions), and
 * the difference between two rulesets cell by cell (what a switch moves). */
#ifndef MS_TABLES_H
#define MS_TABLES_H

#include <stddef.h>

#include "soccer_rules.h"
#include "table.h"

#define MS_TABLES 9

typedef struct {
    pb_table t[MS_TABLES];
    size_t n;
} ms_table_list;

/* The ids, in order: shot-grounder, shot-keeper, shot-lob, pass-grounder, pass-lob, inside,
 * charge, pk, shootout. */
extern const char *const ms_table_ids[MS_TABLES];

void ms_tables_build(ms_table_list *l, const ms_rules *r);
void ms_tables_release(ms_table_list *l);

/* One cell that moves between two rulesets. */
typedef struct {
    const char *table;  /* id */
    char row[48], col[48];
    char before[24], after[24];  /* as printed */
    mpq_t delta;                 /* after - before */
} ms_cell_change;

typedef struct {
    ms_cell_change *c;
    size_t n;
    size_t largest;  /* index of the largest |delta| (n > 0) */
} ms_changes;

/* Cells of a and b (built from two rulesets, same shapes) that differ. 0, or -1 when out of memory. */
int ms_tables_compare(const ms_table_list *a, const ms_table_list *b, ms_changes *out);
void ms_changes_release(ms_changes *c);

#endif
