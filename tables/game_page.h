/* tables/game_page.h: the page of one of the other games (soccer, carriers, cardgame `report`):
 * one self-contained HTML file, no script, no file beside it, in English or Japanese.
 *
 * The page's frame (head, style, heading, lead paragraph, footer), its charts as heat maps whose
 * every cell is labelled with its value (tables/svg.h: nothing hidden under another mark, values
 * readable without a pointer), and its tables (tables/table.h, the exact fraction in each cell's
 * tooltip, no link to files the page does not write). Every number arrives as an exact fraction
 * and is printed as the tables print it (pb_table_number_text: percent at the column's places,
 * "0" only for an exact zero). Shared by the games' rooms (tests/layering.sh). */
#ifndef PB_GAME_PAGE_H
#define PB_GAME_PAGE_H

#include <gmp.h>
#include <stdio.h>

#include "msg.h"
#include "table.h"

/* Percentages on the games' pages and tables: one convention (2 places). */
#define PB_GAME_PCT_PLACES 2

/* <!DOCTYPE html> ... <h1>title</h1> and the lead paragraph (text, escaped; may be NULL). */
void pb_game_page_open(FILE *out, pb_lang lang, const char *title, const char *lead);
/* A paragraph of text (escaped). */
void pb_game_page_para(FILE *out, const char *text);
/* A section heading (escaped). */
void pb_game_page_heading(FILE *out, const char *text);

/* A heat map of probabilities q[r * ncols + c] (exact; NULL: no cell there, shown as "-"),
 * coloured from 0 to 100 %, each cell labelled with its percentage; caption under it (escaped;
 * may be NULL). 0, or -1 when out of memory (the page is then incomplete: the caller drops it). */
int pb_game_page_pct_map(FILE *out, pb_lang lang, const char *id, const char *title, const char *xlabel,
                         const char *ylabel, int nrows, const char *const *rowlabels, int ncols,
                         const char *const *collabels, const mpq_t *const *q, const char *caption);

/* The tables (built in `lang`: their words are printed as they are), under a heading in `lang`,
 * each with its notes, the fraction of every exact cell in its tooltip. 0, or -1 when out of
 * memory or a printer failed. */
int pb_game_page_tables(FILE *out, pb_lang lang, const pb_table *t, size_t n);
/* The footer (how the numbers were obtained, the command that writes the fractions: cmd, e.g.
 * "paperbowl soccer table --format csv") and </html>. */
void pb_game_page_close(FILE *out, pb_lang lang, const char *cmd);

#endif
