/* carriers/carriers_tables.h: Carriers!!'s tables, exactly, for a ruleset: the interception zones,
 * interception by pass length and defender place, the 20 printed chart vectors (route squares per
 * C3, one defender and a full route per C4), the other rolls, and injuries over a phase (C6). */
#ifndef CR_TABLES_H
#define CR_TABLES_H

#include <stddef.h>

#include "carriers_rules.h"
#include "msg.h"
#include "table.h"

#define CR_TABLES 5
#define CR_CHART_VECTORS 22

typedef struct {
    pb_table t[CR_TABLES];
    size_t n;
} cr_table_list;

extern const char *const cr_table_ids[CR_TABLES];
/* The vectors of the lost quick-reference charts (インターセプト可能範囲早見表): (a,0), (a,a) drawn
 * with a = 5, then the 20 printed pairs (x,y) (each also stands for (y,x)). */
extern const int cr_chart_vectors[CR_CHART_VECTORS][2];

/* The tables of r with their titles, notes, column headings and row labels in `lang` (the numbers
 * are the same in every language); the switch ids and readings stay as typed. */
void cr_tables_build(cr_table_list *l, const cr_rules *r, pb_lang lang);
void cr_tables_release(cr_table_list *l);

#endif
