/* tables/edition.h: the rulebook edition: the player's tables, compact, in the rulebook's units
 * and bands and in its language (`paperbowl tables --edition rulebook`, `make rulebook`).
 *
 * Tables (ids, each also a standalone LaTeX fragment ID.tex):
 *   fg          the field goal by the rule's distance bands (3.6)
 *   pat         the kick after a touchdown (3.5)
 *   two-point   the two-point conversion, offense card x defense card (3.5)
 *   kicks       kickoff, free kick and the two onside kicks: who gets the ball and where (3.1)
 *   punt        the punt from the field positions a player punts from (3.3)
 *   return      the return alone: how far it goes (3.4)
 *   play-own20, play-50, play-opp20, play-goal5
 *               offense x defense summaries (first down, touchdown, turnover, completion, the gain
 *               in bands), averaged over the 24 play cards, at four field positions
 *   cards       the play cards that change the picture at midfield
 *   fourth      the 4th-down chart (by win probability from a solved game, else by drive EP)
 *   two-chart   the two-point chart (by win probability from a solved game, else by drive EP)
 * Every number goes through tables/numfmt.h (one convention); every word through the message
 * catalogue (core/msg.h). Each table carries exactly one note: the line under it, in players'
 * words (what it is; exact, or certified within a bound; the ruleset). Cells are text.
 * Ownership: the list owns its tables (tables/build.h). */
#ifndef PB_EDITION_H
#define PB_EDITION_H

#include <stdio.h>

#include "build.h"
#include "msg.h"

typedef struct {
    pb_lang lang;
    int digits;        /* percentages' decimal places (0..4) */
} pb_edition_opts;

/* The cells the edition needs (special teams, the four field positions, the drive game). */
void pb_edition_need(pb_table_need *n);
/* The edition's tables from d (its drive attached; d->game when a value file is at hand).
 * 0, or -1: out of memory. */
int pb_edition_build(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l);

/* The edition as plain text (UTF-8, columns aligned by display width). 0, or -1 (stream error). */
int pb_edition_write_txt(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, FILE *out);
/* The edition as one LuaLaTeX document (A4 portrait, luatexja for Japanese). */
int pb_edition_write_tex(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, FILE *out);
/* One table as a fragment to \input into one's own source: needs booktabs and graphicx (and
 * luatexja for Japanese); a heading, the tabular (scaled down to the text width when wider) and
 * its line, kept together on one page. */
int pb_edition_write_fragment(const pb_table *t, FILE *out);

#endif
