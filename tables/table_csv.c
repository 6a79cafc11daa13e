/* tables/table_csv.c: a pb_table as CSV for spreadsheets and scripts (RFC 4180 quoting).
 *
 * Row 1 is the header; the rows of the table follow, one line each. Every number is at full
 * precision, in the unit the printed table shows (percent where it says percent): an exact value
 * at 17 significant digits, correctly rounded half to even from its fraction, and beside it a
 * column "NAME exact" (for a percent column "NAME exact p", the probability) with the reduced
 * fraction, "0" and "1" for the integers, never "0/1"; a floating-point value (the solvers') in
 * the fewest significant digits (at most 17) that read back as the same double. After the rows, one empty line, then
 * the notes: the title and every note line, one quoted field a line, after a line saying what the
 * columns hold. A reader that wants only the data stops at the first empty line. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* Digits of an exact value in a CSV: as many as a double carries, so that a spreadsheet's
 * number is the nearest double to the exact value. */
#define PB_CSV_DIGITS 17

static void put_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\n\r") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static int put_header(FILE *out, const pb_table_col *c, const char *suffix)
{
    size_t n = strlen(c->name) + (c->group ? strlen(c->group) + 1 : 0) + strlen(suffix) + 1;
    char *h = malloc(n);
    if (!h)
        return -1;
    snprintf(h, n, "%s%s%s%s", c->group ? c->group : "", c->group ? " " : "", c->name, suffix);
    put_field(out, h);
    free(h);
    return 0;
}

static bool exact_col(const pb_table_col *c)
{
    return c->kind == PB_COL_PERCENT || c->kind == PB_COL_DECIMAL;
}

void pb_table_csv_fraction(char *buf, size_t len, const mpq_t q)
{
    if (mpz_cmp_ui(mpq_denref(q), 1) == 0) {
        if (len)
            buf[0] = 0;
        if (mpz_sizeinbase(mpq_numref(q), 10) + 2 <= len)
            mpz_get_str(buf, 10, mpq_numref(q));
        return;
    }
    pb_exact_fraction(buf, len, q);
}

void pb_table_csv_real(char *buf, size_t len, double v)
{
    if (v == 0) {
        snprintf(buf, len, "0");
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* floor(log10 |q|) for q != 0. */
static long magnitude(const mpq_t q)
{
    mpq_t a, p;
    mpq_inits(a, p, NULL);
    mpq_abs(a, q);
    long k = (long)mpz_sizeinbase(mpq_numref(a), 10) - (long)mpz_sizeinbase(mpq_denref(a), 10);
    for (;;) {
        /* p = 10^k */
        mpz_ui_pow_ui(mpq_numref(p), 10, (unsigned long)(k < 0 ? -k : k));
        mpz_set_ui(mpq_denref(p), 1);
        if (k < 0)
            mpq_inv(p, p);
        if (mpq_cmp(a, p) < 0) {
            k--;
            continue;
        }
        mpz_mul_ui(mpq_numref(p), mpq_numref(p), 10);
        mpq_canonicalize(p);
        if (mpq_cmp(a, p) >= 0) {
            k++;
            continue;
        }
        break;
    }
    mpq_clears(a, p, NULL);
    return k;
}

size_t pb_table_csv_significant_size(const mpq_t q, int digits)
{
    long k = mpq_sgn(q) ? magnitude(q) : 0;
    long places = digits - 1 - k;
    return pb_exact_decimal_size(q, places > 0 ? (int)places : 0) + (size_t)(k > 0 ? k : 0) + 8;
}

void pb_table_csv_significant(char *buf, size_t len, const mpq_t q, int digits)
{
    if (mpq_sgn(q) == 0) {
        snprintf(buf, len, "0");
        return;
    }
    long places = digits - 1 - magnitude(q);
    pb_exact_decimal(buf, len, q, places > 0 ? (int)places : 0);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *e = buf + strlen(buf);
        while (e > dot + 1 && e[-1] == '0')
            *--e = 0;
        if (e == dot + 1)
            *dot = 0;
    }
}

/* The exact cell's value in the column's unit (percent: 100 q) at PB_CSV_DIGITS. */
static int put_value(FILE *out, const pb_table_col *c, const mpq_t q)
{
    mpq_t v;
    mpq_init(v);
    if (c->kind == PB_COL_PERCENT)
        mpq_set_ui(v, 100, 1), mpq_mul(v, v, q);
    else
        mpq_set(v, q);
    size_t n = pb_table_csv_significant_size(v, PB_CSV_DIGITS);
    char *s = malloc(n);
    if (s) {
        pb_table_csv_significant(s, n, v, PB_CSV_DIGITS);
        fputs(s, out);
        free(s);
    }
    mpq_clear(v);
    return s ? 0 : -1;
}

static int put_fraction(FILE *out, const mpq_t q)
{
    size_t n = pb_exact_fraction_size(q);
    char *f = malloc(n);
    if (!f)
        return -1;
    pb_table_csv_fraction(f, n, q);
    fputs(f, out);
    free(f);
    return 0;
}

int pb_table_write_csv(const pb_table *t, FILE *out)
{
    bool any_exact = false, any_real = false;
    for (size_t c = 0; c < t->ncols; c++) {
        if (c)
            fputc(',', out);
        if (put_header(out, &t->cols[c], "") != 0)
            return -1;
        if (exact_col(&t->cols[c])) {
            any_exact = true;
            fputc(',', out);
            if (put_header(out, &t->cols[c], t->cols[c].kind == PB_COL_PERCENT ? " exact p" : " exact") != 0)
                return -1;
        }
        any_real |= t->cols[c].kind == PB_COL_REAL;
    }
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            const pb_table_cell *x = &t->cells[r * t->ncols + c];
            const pb_table_col *k = &t->cols[c];
            if (c)
                fputc(',', out);
            if (x->has_q) {
                if (put_value(out, k, x->q) != 0)
                    return -1;
            } else if (x->has_real) {
                char d[40];
                pb_table_csv_real(d, sizeof d, x->real);
                fputs(d, out);
            } else if (x->set) {
                put_field(out, x->text);
            }
            if (exact_col(k)) {
                fputc(',', out);
                if (x->has_q && put_fraction(out, x->q) != 0)
                    return -1;
            }
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    if (any_exact || any_real) {
        char line[320];
        snprintf(line, sizeof line, "Notes (below the data). Numbers are in the unit of the printed table%s%s.",
                 any_exact ? ", exact ones to 17 significant digits with the exact fraction beside them "
                             "(for a percentage the fraction is the probability)" : "",
                 any_real ? (any_exact ? "; the solver's floating-point values in the digits that read back as the same double"
                                       : ", the solver's floating-point values in the digits that read back as the same double") : "");
        put_field(out, line);
        fputc('\n', out);
    }
    put_field(out, t->title);
    fputc('\n', out);
    for (size_t i = 0; i < t->nnotes; i++) {
        put_field(out, t->notes[i]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}
