/* tables/table_print.c: the printers of a pb_table: plain text (aligned columns), Markdown
 * (GitHub pipe table), LaTeX (booktabs; longtable past PB_TEX_LONG rows) and an HTML fragment
 * for the report; CSV is table_csv.c's. Output is a pure function of the
 * table: the same table prints the same bytes. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* Tables longer than this print as a longtable in LaTeX (they do not fit in a float). */
#define PB_TEX_LONG 40

static const char *cell_text(const pb_table *t, size_t r, size_t c)
{
    const pb_table_cell *x = &t->cells[r * t->ncols + c];
    return x->set ? x->text : "-";
}

static bool numeric(const pb_table_col *c)
{
    return c->kind != PB_COL_TEXT;
}

static bool has_groups(const pb_table *t)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (t->cols[c].group)
            return true;
    return false;
}

/* The run of columns [c, end) sharing column c's group (a run of one when it has none). */
static size_t group_end(const pb_table *t, size_t c)
{
    size_t e = c + 1;
    if (!t->cols[c].group)
        return e;
    while (e < t->ncols && t->cols[e].group && strcmp(t->cols[e].group, t->cols[c].group) == 0)
        e++;
    return e;
}

static void put_repeat(FILE *out, char ch, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputc(ch, out);
}

/* The columns a string takes on a terminal: one per character, two for the East Asian wide ones
 * (kana, kanji, fullwidth forms: the Japanese tables), so that the plain-text columns line up in
 * either language; an ASCII string's width is its length. */
static size_t text_width(const char *s)
{
    size_t w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned long cp = *p;
        int extra = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
        if (extra)
            cp &= 0x3Fu >> extra;
        p++;
        for (; extra > 0 && (*p & 0xC0) == 0x80; extra--, p++)
            cp = (cp << 6) | (*p & 0x3Fu);
        bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6);
        w += wide ? 2 : 1;
    }
    return w;
}

/* s in a field of `width` columns, right-aligned or left-aligned (printf's %*s by display width). */
static void put_field(FILE *out, const char *s, size_t width, bool right)
{
    size_t n = text_width(s);
    if (right)
        put_repeat(out, ' ', width > n ? width - n : 0);
    fputs(s, out);
    if (!right)
        put_repeat(out, ' ', width > n ? width - n : 0);
}

/* ---- plain text ---- */

static int write_txt(const pb_table *t, FILE *out)
{
    size_t *w = calloc(t->ncols ? t->ncols : 1, sizeof *w);
    if (!w)
        return -1;
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = text_width(t->cols[c].name);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t n = text_width(cell_text(t, r, c));
            if (n > w[c])
                w[c] = n;
        }
    }
    bool groups = has_groups(t);
    if (groups) /* widen the last column of a group whose heading is wider than its span */
        for (size_t c = 0; c < t->ncols; c = group_end(t, c)) {
            size_t e = group_end(t, c), span = 0;
            if (!t->cols[c].group)
                continue;
            for (size_t k = c; k < e; k++)
                span += w[k] + (k > c ? 2 : 0);
            size_t need = text_width(t->cols[c].group);
            if (need > span)
                w[e - 1] += need - span;
        }
    size_t total = 0;
    for (size_t c = 0; c < t->ncols; c++)
        total += w[c] + (c ? 2 : 0);

    fprintf(out, "%s\n", t->title);
    put_repeat(out, '=', text_width(t->title));
    fputc('\n', out);
    for (size_t i = 0; i < t->nnotes; i++)
        fprintf(out, "%s\n", t->notes[i]);
    fputc('\n', out);
    if (groups) {
        /* group headings centred over their columns, underlined */
        for (int line = 0; line < 2; line++) {
            size_t used = 0, pos = 0;
            for (size_t c = 0; c < t->ncols; c = group_end(t, c)) {
                size_t e = group_end(t, c), span = 0;
                for (size_t k = c; k < e; k++)
                    span += w[k] + (k > c ? 2 : 0);
                if (c)
                    pos += 2;
                if (t->cols[c].group) {
                    size_t n = text_width(t->cols[c].group);
                    put_repeat(out, ' ', pos - used);
                    if (line == 0) {
                        size_t left = (span - n) / 2;
                        put_repeat(out, ' ', left);
                        fputs(t->cols[c].group, out);
                        used = pos + left + n;
                    } else {
                        put_repeat(out, '-', span);
                        used = pos + span;
                    }
                }
                pos += span;
            }
            fputc('\n', out);
        }
    }
    for (size_t c = 0; c < t->ncols; c++) {
        fputs(c ? "  " : "", out);
        put_field(out, t->cols[c].name, w[c], numeric(&t->cols[c]));
    }
    fputc('\n', out);
    put_repeat(out, '-', total);
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        if (t->block[r] && r > 0) {
            put_repeat(out, '-', total);
            fputc('\n', out);
        }
        /* no trailing blanks: the last column is not padded when left-aligned */
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = cell_text(t, r, c);
            if (c + 1 == t->ncols && !numeric(&t->cols[c]))
                fprintf(out, "%s%s", c ? "  " : "", s);
            else {
                fputs(c ? "  " : "", out);
                put_field(out, s, w[c], numeric(&t->cols[c]));
            }
        }
        fputc('\n', out);
    }
    free(w);
    return 0;
}

/* ---- Markdown ---- */

static void put_md(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
}

static int write_md(const pb_table *t, FILE *out)
{
    fprintf(out, "### ");
    put_md(out, t->title);
    fprintf(out, "\n\n");
    for (size_t i = 0; i < t->nnotes; i++) {
        fprintf(out, "- ");
        put_md(out, t->notes[i]);
        fputc('\n', out);
    }
    if (t->nnotes)
        fputc('\n', out);
    fputc('|', out);
    for (size_t c = 0; c < t->ncols; c++) {
        fputc(' ', out);
        if (t->cols[c].group) {
            put_md(out, t->cols[c].group);
            fputc(' ', out);
        }
        put_md(out, t->cols[c].name);
        fputs(" |", out);
    }
    fputs("\n|", out);
    for (size_t c = 0; c < t->ncols; c++)
        fputs(numeric(&t->cols[c]) ? " ---: |" : " :--- |", out);
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        fputc('|', out);
        for (size_t c = 0; c < t->ncols; c++) {
            fputc(' ', out);
            put_md(out, cell_text(t, r, c));
            fputs(" |", out);
        }
        fputc('\n', out);
    }
    return 0;
}

/* ---- LaTeX (booktabs) ---- */

void pb_table_put_tex(FILE *out, const char *s)
{
    if (strcmp(s, "-") == 0) { /* an empty cell */
        fputs("--", out);
        return;
    }
    for (const char *p = s; *p; p++) {
        if ((p[0] == '>' || p[0] == '<') && p[1] == '=') {
            fputs(p[0] == '>' ? "$\\geq$" : "$\\leq$", out);
            p++;
            continue;
        }
        switch (*p) {
        case '%': case '&': case '_': case '#': case '$': case '{': case '}':
            fputc('\\', out);
            fputc(*p, out);
            break;
        case '~': fputs("\\textasciitilde{}", out); break;
        case '^': fputs("\\textasciicircum{}", out); break;
        case '\\': fputs("\\textbackslash{}", out); break;
        case '<': fputs("\\textless{}", out); break;
        case '>': fputs("\\textgreater{}", out); break;
        case '|': fputs("\\textbar{}", out); break;
        case '-':
            /* a minus sign starting a number is math; any other dash stays a hyphen */
            if ((p == s || p[-1] == ' ' || p[-1] == '(') && p[1] >= '0' && p[1] <= '9')
                fputs("$-$", out);
            else
                fputc('-', out);
            break;
        default: fputc(*p, out);
        }
    }
}

static void tex_header(const pb_table *t, FILE *out)
{
    if (has_groups(t)) {
        for (size_t c = 0; c < t->ncols; c = group_end(t, c)) {
            size_t e = group_end(t, c);
            if (c)
                fputs(" & ", out);
            if (t->cols[c].group) {
                fprintf(out, "\\multicolumn{%zu}{c}{", e - c);
                pb_table_put_tex(out, t->cols[c].group);
                fputc('}', out);
            } else {
                for (size_t k = c + 1; k < e; k++)
                    fputs(" & ", out);
            }
        }
        fputs(" \\\\\n", out);
        for (size_t c = 0; c < t->ncols; c = group_end(t, c))
            if (t->cols[c].group)
                fprintf(out, "\\cmidrule(lr){%zu-%zu}", c + 1, group_end(t, c));
        fputc('\n', out);
    }
    for (size_t c = 0; c < t->ncols; c++) {
        if (c)
            fputs(" & ", out);
        pb_table_put_tex(out, t->cols[c].name);
    }
    fputs(" \\\\\n", out);
}

static void tex_rows(const pb_table *t, FILE *out)
{
    for (size_t r = 0; r < t->nrows; r++) {
        if (t->block[r] && r > 0)
            fputs("\\midrule\n", out);
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                fputs(" & ", out);
            pb_table_put_tex(out, cell_text(t, r, c));
        }
        fputs(" \\\\\n", out);
    }
}

static void tex_notes(const pb_table *t, FILE *out)
{
    for (size_t i = 0; i < t->nnotes; i++) {
        pb_table_put_tex(out, t->notes[i]);
        fputs(i + 1 < t->nnotes ? "\\\\\n" : "\n", out);
    }
}

static int write_tex(const pb_table *t, FILE *out)
{
    fprintf(out, "%% %s: generated by paperbowl tables; needs \\usepackage{booktabs}%s\n", t->id,
            t->nrows > PB_TEX_LONG ? " and \\usepackage{longtable}" : "");
    char *spec = malloc(t->ncols + 1);
    if (!spec)
        return -1;
    for (size_t c = 0; c < t->ncols; c++)
        spec[c] = numeric(&t->cols[c]) ? 'r' : 'l';
    spec[t->ncols] = '\0';
    if (t->nrows > PB_TEX_LONG) {
        fprintf(out, "{\\footnotesize\n\\begin{longtable}{%s}\n\\caption{", spec);
        pb_table_put_tex(out, t->title);
        fprintf(out, "}\\label{tab:%s}\\\\\n\\toprule\n", t->id);
        tex_header(t, out);
        fputs("\\midrule\n\\endfirsthead\n\\toprule\n", out);
        tex_header(t, out);
        fputs("\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n", out);
        tex_rows(t, out);
        fputs("\\end{longtable}\n}\n{\\footnotesize\\noindent\n", out);
        tex_notes(t, out);
        fputs("\\par}\n", out);
    } else {
        fputs("\\begin{table}[htbp]\n\\centering\n\\caption{", out);
        pb_table_put_tex(out, t->title);
        fprintf(out, "}\\label{tab:%s}\n{\\footnotesize\n\\begin{tabular}{%s}\n\\toprule\n", t->id, spec);
        tex_header(t, out);
        fputs("\\midrule\n", out);
        tex_rows(t, out);
        fputs("\\bottomrule\n\\end{tabular}\n\n\\smallskip\n\\raggedright\n", out);
        tex_notes(t, out);
        fputs("\\par}\n\\end{table}\n", out);
    }
    free(spec);
    return 0;
}

/* ---- HTML fragment ---- */

void pb_table_put_html(FILE *out, const char *s)
{
    for (; *s; s++) {
        if ((s[0] == '>' || s[0] == '<') && s[1] == '=') {
            fputs(s[0] == '>' ? "&ge;" : "&le;", out);
            s++;
            continue;
        }
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static int write_html(const pb_table *t, FILE *out, bool files)
{
    fprintf(out, "<figure class=\"tbl\" id=\"t-%s\">\n<figcaption>", t->id);
    pb_table_put_html(out, t->title);
    if (files)
        fprintf(out, " <a class=\"files\" href=\"%s.csv\">%s.{txt,md,csv,tex}</a>", t->id, t->id);
    fputs("</figcaption>\n", out);
    fputs("<ul class=\"notes\">", out);
    for (size_t i = 0; i < t->nnotes; i++) {
        fputs("<li>", out);
        pb_table_put_html(out, t->notes[i]);
        fputs("</li>", out);
    }
    fputs("</ul>\n<div class=\"scroll\"><table>\n<thead>\n", out);
    if (has_groups(t)) {
        fputs("<tr>", out);
        for (size_t c = 0; c < t->ncols; c = group_end(t, c)) {
            size_t e = group_end(t, c);
            if (t->cols[c].group) {
                fprintf(out, "<th colspan=\"%zu\" class=\"grp\">", e - c);
                pb_table_put_html(out, t->cols[c].group);
                fputs("</th>", out);
            } else {
                fputs("<th></th>", out);
            }
        }
        fputs("</tr>\n", out);
    }
    fputs("<tr>", out);
    for (size_t c = 0; c < t->ncols; c++) {
        fputs(numeric(&t->cols[c]) ? "<th class=\"n\">" : "<th>", out);
        pb_table_put_html(out, t->cols[c].name);
        fputs("</th>", out);
    }
    fputs("</tr>\n</thead>\n<tbody>\n", out);
    for (size_t r = 0; r < t->nrows; r++) {
        fputs(t->block[r] && r > 0 ? "<tr class=\"blk\">" : "<tr>", out);
        for (size_t c = 0; c < t->ncols; c++) {
            const pb_table_cell *x = &t->cells[r * t->ncols + c];
            if (numeric(&t->cols[c])) {
                fputs("<td class=\"n\"", out);
                if (x->has_q) {
                    size_t n = pb_exact_fraction_size(x->q);
                    char *f = malloc(n);
                    if (!f)
                        return -1;
                    pb_exact_fraction(f, n, x->q);
                    fprintf(out, " title=\"%s\"", f);
                    free(f);
                }
                fputc('>', out);
            } else {
                fputs("<td>", out);
            }
            pb_table_put_html(out, cell_text(t, r, c));
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table></div>\n</figure>\n", out);
    return ferror(out) ? -1 : 0;
}

int pb_table_write_html(const pb_table *t, FILE *out)
{
    return write_html(t, out, true);
}

int pb_table_write_html_alone(const pb_table *t, FILE *out)
{
    return write_html(t, out, false);
}

int pb_table_write(const pb_table *t, pb_table_format f, FILE *out)
{
    int rc;
    switch (f) {
    case PB_FMT_TXT: rc = write_txt(t, out); break;
    case PB_FMT_MD: rc = write_md(t, out); break;
    case PB_FMT_CSV: rc = pb_table_write_csv(t, out); break;
    case PB_FMT_TEX: rc = write_tex(t, out); break;
    case PB_FMT_HTML: rc = pb_table_write_html(t, out); break;
    default: return -1;
    }
    return rc != 0 || ferror(out) ? -1 : 0;
}
