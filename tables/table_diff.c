/* tables/table_diff.c: the cells that move between two builds of the same tables (table_diff.h). */
#include "table_diff.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many leading columns name a row: the first, and the second too when the first is a number
 * and the second a number or a label outside any group ("goal at=2 keeper at=1"). */
static size_t label_cols(const pb_table *t)
{
    if (t->ncols >= 2 && t->cols[0].kind == PB_COL_INT && !t->cols[1].group &&
        (t->cols[1].kind == PB_COL_INT || t->cols[1].kind == PB_COL_TEXT))
        return 2;
    return t->ncols ? 1 : 0;
}

static void row_label(const pb_table *t, size_t row, char *buf, size_t len)
{
    size_t at = 0, n = label_cols(t);
    buf[0] = 0;
    for (size_t c = 0; c < n && at < len; c++) {
        const pb_table_cell *x = pb_table_cell_at(t, row, c);
        if (x->set)
            at += (size_t)snprintf(buf + at, len - at, "%s%s=%s", at ? " " : "", t->cols[c].name, x->text);
    }
}

int pb_tables_compare(const pb_table *ta0, const pb_table *tb0, size_t nt, pb_table_changes *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    mpq_t best, abs;
    mpq_inits(best, abs, NULL);
    for (size_t i = 0; i < nt; i++) {
        const pb_table *ta = &ta0[i], *tb = &tb0[i];
        for (size_t row = 0; row < ta->nrows && row < tb->nrows; row++)
            for (size_t c = 0; c < ta->ncols && c < tb->ncols; c++) {
                const pb_table_cell *x = pb_table_cell_at(ta, row, c), *y = pb_table_cell_at(tb, row, c);
                /* exact cells by value; whole-number cells (not the row's name) by their text */
                bool moved = x->has_q && y->has_q ? !mpq_equal(x->q, y->q)
                           : ta->cols[c].kind == PB_COL_INT && c >= label_cols(ta) && x->set && y->set &&
                                 strcmp(x->text, y->text) != 0;
                if (!moved)
                    continue;
                if (out->n == cap) {
                    size_t nc = cap ? 2 * cap : 16;
                    pb_table_change *g = realloc(out->c, nc * sizeof *g);
                    if (!g) {
                        mpq_clears(best, abs, NULL);
                        pb_table_changes_release(out);
                        return -1;
                    }
                    out->c = g;
                    cap = nc;
                }
                pb_table_change *ch = &out->c[out->n];
                snprintf(ch->table, sizeof ch->table, "%s", ta->id);
                row_label(ta, row, ch->row, sizeof ch->row);
                snprintf(ch->col, sizeof ch->col, "%s%s%s", ta->cols[c].group ? ta->cols[c].group : "",
                         ta->cols[c].group ? ": " : "", ta->cols[c].name);
                snprintf(ch->before, sizeof ch->before, "%s", x->text);
                snprintf(ch->after, sizeof ch->after, "%s", y->text);
                ch->table_index = i;
                ch->row_index = row;
                ch->col_index = c;
                mpq_init(ch->delta);
                if (x->has_q)
                    mpq_sub(ch->delta, y->q, x->q);
                else
                    mpq_set_si(ch->delta, strtol(y->text, NULL, 10) - strtol(x->text, NULL, 10), 1);
                mpq_abs(abs, ch->delta);
                /* the largest move among the probabilities (a mean number of kicks only when none moves) */
                bool pct = ta->cols[c].kind == PB_COL_PERCENT;
                if (!pct)
                    mpq_set_ui(abs, 0, 1);
                if (out->n == 0 || mpq_cmp(abs, best) > 0) {
                    mpq_set(best, abs);
                    out->largest = out->n;
                }
                out->n++;
            }
    }
    mpq_clears(best, abs, NULL);
    return 0;
}

void pb_table_changes_release(pb_table_changes *c)
{
    for (size_t i = 0; i < c->n; i++)
        mpq_clear(c->c[i].delta);
    free(c->c);
    memset(c, 0, sizeof *c);
}
