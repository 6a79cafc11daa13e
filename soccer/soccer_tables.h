/* soccer/soccer_tables.h: the designer's tables of Masume Soccer TACTICS, built exactly from a
 * ruleset (tables/table.h does the printing: text, Markdown, CSV with the exact fractions), and
 * the difference between two rulesets cell by cell (what a switch moves). */
#ifndef MS_TABLES_H
#define MS_TABLES_H

#include <stddef.h>

#include "msg.h"
#include "soccer_rules.h"
#include "table.h"
#include "table_diff.h"

#define MS_TABLES 9

typedef struct {
    pb_table t[MS_TABLES];
    size_t n;
} ms_table_list;

/* The ids, in order: shot-grounder, shot-keeper, shot-lob, pass-grounder, pass-lob, inside,
 * charge, pk, shootout. */
extern const char *const ms_table_ids[MS_TABLES];

/* The tables of r with their titles, notes, column headings and row labels in `lang` (the numbers
 * are the same in every language); the switch ids and readings, and a kick's line, stay as typed. */
void ms_tables_build(ms_table_list *l, const ms_rules *r, pb_lang lang);
void ms_tables_release(ms_table_list *l);

typedef pb_table_change ms_cell_change;
typedef pb_table_changes ms_changes;

/* Cells of a and b (built from two rulesets, same shapes) that differ. 0, or -1 when out of memory. */
int ms_tables_compare(const ms_table_list *a, const ms_table_list *b, ms_changes *out);
#define ms_changes_release pb_table_changes_release

#endif
