/* tables/edition_print.c: the rulebook edition's printers (tables/edition.h): plain text with
 * columns aligned by display width (a Japanese character takes two columns), one LuaLaTeX
 * document (A4 portrait; luatexja for Japanese; booktabs), and each table as a fragment for a
 * designer's own source. A table is a heading, its tabular and the line under it, kept together
 * on one page (a minipage never splits). */
#include "edition.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

/* ---- plain text ---- */

/* The display width of UTF-8 text: East Asian wide and full-width characters count 2. */
static size_t text_width(const char *s)
{
    size_t w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int n;
        if (*p < 0x80)
            cp = *p, n = 1;
        else if ((*p & 0xe0) == 0xc0)
            cp = *p & 0x1fu, n = 2;
        else if ((*p & 0xf0) == 0xe0)
            cp = *p & 0x0fu, n = 3;
        else
            cp = *p & 0x07u, n = 4;
        for (int i = 1; i < n; i++) {
            if ((p[i] & 0xc0) != 0x80) {
                n = i;
                break;
            }
            cp = (cp << 6) | (p[i] & 0x3fu);
        }
        p += n;
        bool wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
                    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
                    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
                    (cp >= 0xffe0 && cp <= 0xffe6);
        w += wide ? 2 : 1;
    }
    return w;
}

static void pad(FILE *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputc(' ', out);
}

static const char *cell_text(const pb_table *t, size_t r, size_t c)
{
    const pb_table_cell *x = pb_table_cell_at(t, r, c);
    return x && x->set ? x->text : "";
}

/* Is column c the first of a run of columns under the same group heading? How many? */
static size_t group_run(const pb_table *t, size_t c)
{
    const char *g = t->cols[c].group;
    if (!g || (c > 0 && t->cols[c - 1].group && strcmp(t->cols[c - 1].group, g) == 0))
        return 0;
    size_t n = 1;
    while (c + n < t->ncols && t->cols[c + n].group && strcmp(t->cols[c + n].group, g) == 0)
        n++;
    return n;
}

static bool has_groups(const pb_table *t)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (t->cols[c].group)
            return true;
    return false;
}

/* Label columns (PB_COL_TEXT) are left-aligned, value columns right-aligned. */
static bool is_label(const pb_table *t, size_t c) { return t->cols[c].kind == PB_COL_TEXT; }

static void put_aligned(FILE *out, const char *s, size_t width, bool left, bool last)
{
    size_t x = text_width(s);
    size_t gap = width > x ? width - x : 0;
    if (!left)
        pad(out, gap);
    fputs(s, out);
    if (left && !last)
        pad(out, gap);
}

static void write_table_txt(const pb_table *t, FILE *out)
{
    size_t w[64] = {0};
    size_t nc = t->ncols < 64 ? t->ncols : 64;
    for (size_t c = 0; c < nc; c++) {
        w[c] = text_width(t->cols[c].name);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t x = text_width(cell_text(t, r, c));
            if (x > w[c])
                w[c] = x;
        }
    }
    /* a group heading wider than its columns widens the last of them */
    for (size_t c = 0; c < nc; c++) {
        size_t n = group_run(t, c);
        if (!n)
            continue;
        size_t span = 0;
        for (size_t i = c; i < c + n && i < nc; i++)
            span += w[i] + (i > c ? 2 : 0);
        size_t g = text_width(t->cols[c].group);
        if (g > span && c + n - 1 < nc)
            w[c + n - 1] += g - span;
    }
    fprintf(out, "%s\n\n", t->title);
    if (has_groups(t)) {
        for (size_t c = 0; c < nc;) {
            size_t n = group_run(t, c);
            if (c > 0)
                pad(out, 2);
            if (!n) {
                pad(out, w[c]);
                c++;
                continue;
            }
            size_t span = 0;
            for (size_t i = c; i < c + n; i++)
                span += w[i] + (i > c ? 2 : 0);
            const char *g = t->cols[c].group;
            size_t gw = text_width(g);
            pad(out, (span - gw) / 2);
            fputs(g, out);
            pad(out, span - gw - (span - gw) / 2);
            c += n;
        }
        fputc('\n', out);
    }
    size_t total = 0;
    for (size_t c = 0; c < nc; c++)
        total += w[c] + (c ? 2 : 0);
    for (size_t c = 0; c < nc; c++) {
        if (c > 0)
            pad(out, 2);
        put_aligned(out, t->cols[c].name, w[c], is_label(t, c), c + 1 == nc);
    }
    fputc('\n', out);
    for (size_t i = 0; i < total; i++)
        fputc('-', out);
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        if (r > 0 && t->block[r])
            fputc('\n', out);
        for (size_t c = 0; c < nc; c++) {
            if (c > 0)
                pad(out, 2);
            put_aligned(out, cell_text(t, r, c), w[c], is_label(t, c), c + 1 == nc);
        }
        fputc('\n', out);
    }
    for (size_t i = 0; i < t->nnotes; i++)
        fprintf(out, "%s\n", t->notes[i]);
}

static void title_words(const pb_table_data *d, const pb_edition_opts *o, char *title, size_t tl, char *sub,
                        size_t sl)
{
    snprintf(title, tl, pb_msg(o->lang, "PAPER BOWL: the probability tables (ruleset %s)"), d->rules.name);
    /* the conventions by example, at the edition's digits */
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(q, 17, 18);
    char frac[PB_NUMFMT_MAX], small[PB_NUMFMT_MAX], part[PB_NUMFMT_MAX];
    pb_numfmt_prob(frac, sizeof frac, q, o->digits);
    mpq_set_ui(q, 1, 1000000000);   /* below the smallest step at any --digits (0-4) */
    pb_numfmt_percent(small, sizeof small, q, o->digits);
    mpq_set_ui(q, 37, 99);
    pb_numfmt_percent(part, sizeof part, q, o->digits);
    mpq_clear(q);
    snprintf(sub, sl, pb_msg(o->lang, "How to read the numbers: %s is a fraction of the dice and its percentage; %s a "
                                      "percentage, rounded; %s impossible; %s possible, but less than that."),
             frac, part, PB_NUMFMT_DASH, small);
}

int pb_edition_write_txt(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, FILE *out)
{
    char title[256], sub[512], *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    title_words(d, o, title, sizeof title, sub, sizeof sub);
    fprintf(m, "%s\n%s\n", title, sub);
    for (size_t i = 0; i < l->count; i++) {
        fputs("\n\n", m);
        write_table_txt(&l->items[i], m);
    }
    if (fclose(m) != 0) {
        free(buf);
        return -1;
    }
    /* without the spaces that end a line (the padding of a last, empty column) */
    size_t start = 0;
    for (size_t i = 0; i <= len; i++)
        if (i == len || buf[i] == '\n') {
            size_t end = i;
            while (end > start && buf[end - 1] == ' ')
                end--;
            fwrite(buf + start, 1, end - start, out);
            if (i < len)
                fputc('\n', out);
            start = i + 1;
        }
    free(buf);
    return ferror(out) ? -1 : 0;
}

/* ---- LaTeX ---- */

/* UTF-8 text for LaTeX (LuaLaTeX reads UTF-8): the special characters escaped. */
static void put_tex(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '\\': fputs("\\textbackslash{}", out); break;
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
            fputc('\\', out), fputc(*s, out);
            break;
        case '~': fputs("\\textasciitilde{}", out); break;
        case '^': fputs("\\textasciicircum{}", out); break;
        default: fputc(*s, out);
        }
}

/* A cell: a number's space before '%' kept from breaking. */
static void put_cell_tex(FILE *out, const char *s)
{
    const char *p = strstr(s, " %");
    if (!p) {
        put_tex(out, s);
        return;
    }
    char head[PB_NUMFMT_MAX * 2];
    size_t n = (size_t)(p - s) < sizeof head - 1 ? (size_t)(p - s) : sizeof head - 1;
    memcpy(head, s, n);
    head[n] = '\0';
    put_tex(out, head);
    fputs("\\,\\%", out);
    put_cell_tex(out, p + 2);
}

int pb_edition_write_fragment(const pb_table *t, FILE *out)
{
    fprintf(out, "%% %s: %s (paperbowl tables --edition rulebook)\n", t->id, t->title);
    fputs("\\par\\medskip\\noindent\n\\begin{minipage}{\\linewidth}\n\\textbf{", out);
    put_tex(out, t->title);
    fputs("}\\par\\smallskip\n\\sbox0{\\begin{tabular}{@{}", out);
    for (size_t c = 0; c < t->ncols; c++)
        fputs(is_label(t, c) ? "l" : "r", out);
    fputs("@{}}\n\\toprule\n", out);
    if (has_groups(t)) {
        for (size_t c = 0; c < t->ncols;) {
            size_t n = group_run(t, c);
            if (c > 0)
                fputs(" & ", out);
            if (!n) {
                c++;
                continue;
            }
            fprintf(out, "\\multicolumn{%zu}{c}{", n);
            put_tex(out, t->cols[c].group);
            fputs("}", out);
            c += n;
        }
        fputs(" \\\\\n", out);
        for (size_t c = 0; c < t->ncols; c++) {
            size_t n = group_run(t, c);
            if (n)
                fprintf(out, "\\cmidrule(l){%zu-%zu}", c + 1, c + n);
        }
        fputc('\n', out);
    }
    for (size_t c = 0; c < t->ncols; c++) {
        if (c > 0)
            fputs(" & ", out);
        put_tex(out, t->cols[c].name);
    }
    fputs(" \\\\\n\\midrule\n", out);
    for (size_t r = 0; r < t->nrows; r++) {
        if (r > 0 && t->block[r])
            fputs("\\addlinespace\n", out);
        for (size_t c = 0; c < t->ncols; c++) {
            if (c > 0)
                fputs(" & ", out);
            put_cell_tex(out, cell_text(t, r, c));
        }
        fputs(" \\\\\n", out);
    }
    /* a table wider than the text is scaled down to the text's width, never over the margin */
    fputs("\\bottomrule\n\\end{tabular}}%\n"
          "\\ifdim\\wd0>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox0}\\else\\usebox0\\fi\\par\\smallskip\n"
          "{\\footnotesize ",
          out);
    for (size_t i = 0; i < t->nnotes; i++)
        put_tex(out, t->notes[i]);
    fputs("\\par}\n\\end{minipage}\\par\n", out);
    return ferror(out) ? -1 : 0;
}

int pb_edition_write_tex(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, FILE *out)
{
    char title[256], sub[512];
    title_words(d, o, title, sizeof title, sub, sizeof sub);
    fputs("% The rulebook edition of PAPER BOWL's probability tables, written by paperbowl\n"
          "% (tables --edition rulebook). Typeset with LuaLaTeX: lualatex FILE.tex\n"
          "\\documentclass[a4paper,10pt]{article}\n"
          "\\usepackage[margin=16mm]{geometry}\n",
          out);
    if (o->lang == PB_LANG_JA)
        fputs("\\usepackage{luatexja}\n", out);
    fputs("\\usepackage{booktabs}\n"
          "\\usepackage{graphicx}\n"
          "\\setlength{\\tabcolsep}{4pt}\n"
          "\\setlength{\\parindent}{0pt}\n"
          "\\renewcommand{\\arraystretch}{1.05}\n"
          "\\AtBeginDocument{\\small}\n"
          "\\begin{document}\n"
          "{\\Large\\bfseries ",
          out);
    put_tex(out, title);
    fputs("\\par}\\smallskip\n{\\small ", out);
    put_tex(out, sub);
    fputs("\\par}\n", out);
    for (size_t i = 0; i < l->count; i++) {
        fputc('\n', out);
        if (pb_edition_write_fragment(&l->items[i], out) != 0)
            return -1;
    }
    fputs("\n\\end{document}\n", out);
    return ferror(out) ? -1 : 0;
}
