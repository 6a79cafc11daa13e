/* cardgame/cardgame_tables.h: the card-game draft's tables, exactly: suit-count (a suit's count in
 * a hand), deal (voids, onside kicks, the team's 1s), shared (the partner's cards seen), follow (following suit on
 * a run play at the first trick), sketch (the designer's guesses in the draft, checked), kick (the
 * T4/T5 findings). Printed by tables/table.h. */
#ifndef CG_TABLES_H
#define CG_TABLES_H

#include <stddef.h>

#include "cardgame_rules.h"
#include "msg.h"
#include "table.h"

#define CG_TABLES 6

typedef struct {
    pb_table t[CG_TABLES];
    size_t n;
} cg_table_list;

extern const char *const cg_table_ids[CG_TABLES];

/* The tables of r with their titles, notes, column headings and row labels in `lang` (the numbers
 * are the same in every language); the switch ids and readings (T4's after, T5's td-only ...) stay
 * as typed. */
void cg_tables_build(cg_table_list *l, const cg_rules *r, pb_lang lang);
void cg_tables_release(cg_table_list *l);

#endif
