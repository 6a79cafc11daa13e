/* tables/table.c: the table model (see table.h): columns, rows, cells holding exact values and
 * their correctly rounded text; the list of output formats.
 *
 * Invariants: cells has nrows * ncols entries; a cell's text is non-NULL exactly when it is set;
 * its q is initialized exactly when has_q. Columns are all added before the first row.
 * Out of memory: t->failed, and every later add or set is a no-op (table.h). */
#include "table.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* realloc; NULL (p kept) and t->failed when out of memory */
static void *grow(pb_table *t, void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        t->failed = true;
    return q;
}

static char *tstrdup(pb_table *t, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = grow(t, NULL, n);
    return d ? memcpy(d, s, n) : NULL;
}

static char *tvasprintf(pb_table *t, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    char *s = grow(t, NULL, (size_t)(n > 0 ? n : 0) + 1);
    if (s)
        vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    return s;
}

static const struct {
    pb_table_format f;
    const char *ext;
} formats[] = {
    {PB_FMT_TXT, "txt"}, {PB_FMT_MD, "md"}, {PB_FMT_CSV, "csv"}, {PB_FMT_TEX, "tex"}, {PB_FMT_HTML, "html"},
};
#define NFORMATS (sizeof formats / sizeof formats[0])

const char *pb_table_format_ext(pb_table_format f)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (formats[i].f == f)
            return formats[i].ext;
    return "?";
}

int pb_table_formats_parse(const char *text, unsigned *out, char *err, size_t errlen)
{
    unsigned set = 0;
    const char *at = text;
    if (!*text) {
        snprintf(err, errlen, "no format given (txt, md, csv, tex, html)");
        return -1;
    }
    for (;;) {
        size_t n = strcspn(at, ",");
        size_t i;
        for (i = 0; i < NFORMATS; i++)
            if (strlen(formats[i].ext) == n && strncmp(at, formats[i].ext, n) == 0)
                break;
        if (i == NFORMATS) {
            snprintf(err, errlen, "unknown format '%.*s' (txt, md, csv, tex, html)", (int)(n < 40 ? n : 40), at);
            return -1;
        }
        set |= (unsigned)formats[i].f;
        if (!at[n])
            break;
        at += n + 1;
    }
    *out = set;
    return 0;
}

void pb_table_init(pb_table *t, const char *id, const char *title)
{
    memset(t, 0, sizeof *t);
    t->id = tstrdup(t, id);
    t->title = tstrdup(t, title);
}

void pb_table_release(pb_table *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i].text);
        if (t->cells[i].has_q)
            mpq_clear(t->cells[i].q);
    }
    for (size_t i = 0; i < t->ncols; i++) {
        free(t->cols[i].name);
        free(t->cols[i].group);
    }
    for (size_t i = 0; i < t->nnotes; i++)
        free(t->notes[i]);
    free(t->notes);
    free(t->cols);
    free(t->cells);
    free(t->block);
    free(t->id);
    free(t->title);
    memset(t, 0, sizeof *t);
}

void pb_table_note(pb_table *t, const char *fmt, ...)
{
    if (t->failed)
        return;
    char **notes = grow(t, t->notes, (t->nnotes + 1) * sizeof *t->notes);
    if (!notes)
        return;
    t->notes = notes;
    va_list ap;
    va_start(ap, fmt);
    char *s = tvasprintf(t, fmt, ap);
    va_end(ap);
    if (s)
        t->notes[t->nnotes++] = s;
}

size_t pb_table_col_add(pb_table *t, const char *name, const char *group, pb_col_kind kind, int places)
{
    assert(t->nrows == 0);
    pb_table_col *cols = t->failed ? NULL : grow(t, t->cols, (t->ncols + 1) * sizeof *t->cols);
    if (!cols)
        return t->ncols;   /* no such column: the setters do nothing once failed */
    t->cols = cols;
    pb_table_col *c = &t->cols[t->ncols];
    c->name = tstrdup(t, name);
    c->group = group ? tstrdup(t, group) : NULL;
    c->kind = kind;
    c->places = places;
    return t->ncols++;
}

size_t pb_table_row_add(pb_table *t, bool block)
{
    if (t->failed)
        return t->nrows;   /* no such row: the setters do nothing once failed */
    if (t->nrows == t->rowcap) {
        size_t cap = t->rowcap ? 2 * t->rowcap : 16;
        pb_table_cell *cells = grow(t, t->cells, cap * t->ncols * sizeof *t->cells);
        if (cells)
            t->cells = cells;
        bool *block = cells ? grow(t, t->block, cap * sizeof *t->block) : NULL;
        if (!block)
            return t->nrows;
        t->block = block;
        t->rowcap = cap;
    }
    memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cells);
    t->block[t->nrows] = block;
    return t->nrows++;
}

static pb_table_cell *cell(pb_table *t, size_t row, size_t col)
{
    assert(row < t->nrows && col < t->ncols);
    pb_table_cell *c = &t->cells[row * t->ncols + col];
    assert(!c->set);
    return c;
}

const pb_table_cell *pb_table_cell_at(const pb_table *t, size_t row, size_t col)
{
    assert(row < t->nrows && col < t->ncols);
    return &t->cells[row * t->ncols + col];
}

void pb_table_set_text(pb_table *t, size_t row, size_t col, const char *fmt, ...)
{
    if (t->failed)
        return;
    pb_table_cell *c = cell(t, row, col);
    va_list ap;
    va_start(ap, fmt);
    c->text = tvasprintf(t, fmt, ap);
    va_end(ap);
    c->set = c->text != NULL;
}

void pb_table_set_int(pb_table *t, size_t row, size_t col, long v)
{
    pb_table_set_text(t, row, col, "%ld", v);
}

void pb_table_number_text(char *buf, size_t len, const mpq_t q, pb_col_kind kind, int places)
{
    if (mpq_sgn(q) == 0) {
        snprintf(buf, len, "0");
        return;
    }
    if (kind == PB_COL_PERCENT) {
        mpq_t h;
        mpq_init(h);
        mpq_set_ui(h, 100, 1);
        mpq_mul(h, h, q);
        pb_exact_decimal(buf, len, h, places);
        mpq_clear(h);
    } else {
        pb_exact_decimal(buf, len, q, places);
    }
}

void pb_table_set_q(pb_table *t, size_t row, size_t col, const mpq_t q)
{
    if (t->failed)
        return;
    pb_table_cell *c = cell(t, row, col);
    const pb_table_col *k = &t->cols[col];
    assert(k->kind == PB_COL_PERCENT || k->kind == PB_COL_DECIMAL);
    mpq_t h;
    mpq_init(h);
    if (k->kind == PB_COL_PERCENT)
        mpq_set_ui(h, 100, 1), mpq_mul(h, h, q);
    else
        mpq_set(h, q);
    size_t n = pb_exact_decimal_size(h, k->places) + 2;
    mpq_clear(h);
    c->text = grow(t, NULL, n);
    if (!c->text)
        return;
    pb_table_number_text(c->text, n, q, k->kind, k->places);
    mpq_init(c->q);
    mpq_set(c->q, q);
    c->has_q = true;
    c->set = true;
}

void pb_table_set_real(pb_table *t, size_t row, size_t col, double v)
{
    if (t->failed)
        return;
    assert(t->cols[col].kind == PB_COL_REAL);
    if (v == 0)
        pb_table_set_text(t, row, col, "0");
    else
        pb_table_set_text(t, row, col, "%.*f", t->cols[col].places, v);
    if (!t->failed) {
        pb_table_cell *c = &t->cells[row * t->ncols + col];
        c->has_real = true;
        c->real = v;
    }
}
