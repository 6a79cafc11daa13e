/* cli/tune_report.c: the page of `tune --report` (cli/tune_report.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "report.h"
#include "svg.h"
#include "table.h"
#include "tune_report.h"

static void nice_scale(double lo, double hi, double *ymin, double *ymax, double *step)
{
    if (!(hi > lo)) {
        hi = lo + (fabs(lo) > 0 ? fabs(lo) * 0.1 : 0.1);
        lo -= (hi - lo);
    }
    double raw = (hi - lo) / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;
    *step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
    *ymin = floor(lo / *step) * *step;
    *ymax = ceil(hi / *step) * *step;
    if (*ymax <= *ymin)
        *ymax = *ymin + *step;
}

static double mid(const pb_tune_value *v) { return v->defined ? mpq_get_d(v->q) : NAN; }

static void line_chart(FILE *out, const pb_tune *t, int places)
{
    (void)places;
    const pb_tune_key *k = pb_tune_key_at(t, 0);
    long n = pb_tune_nrows(t);
    int nt = pb_tune_ntargets(t);
    int *x = calloc((size_t)n, sizeof *x);
    double *y = calloc((size_t)n * (size_t)nt, sizeof *y);
    const char **names = calloc((size_t)nt, sizeof *names);
    if (!x || !y || !names)
        goto end;
    double lo = INFINITY, hi = -INFINITY;
    for (long r = 0; r < n; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        x[r] = (int)k->num[row->idx[0]];
        for (int i = 0; i < nt; i++) {
            double v = mid(&row->t[i]);
            y[i * n + r] = isnan(v) ? 0 : v;
            if (!isnan(v)) {
                lo = fmin(lo, v);
                hi = fmax(hi, v);
            }
        }
    }
    for (int i = 0; i < nt; i++)
        names[i] = pb_tune_target_text(t, i);
    double ymin, ymax, step;
    nice_scale(isfinite(lo) ? lo : 0, isfinite(hi) ? hi : 1, &ymin, &ymax, &step);
    int xstep = 1, span = x[n - 1] - x[0];
    while (span / xstep > 12)
        xstep *= span / xstep > 60 ? 10 : 2;
    char title[600];
    snprintf(title, sizeof title, "%s by %s", nt == 1 ? pb_tune_target_text(t, 0) : "The targets", k->name);
    pb_svg_frame f = {"chart-tune", title, k->name, nt == 1 ? "target" : "targets", 900, 360, 0, 0};
    pb_svg_lines(out, &f, (int)n, x, x[0], x[n - 1], xstep, nt, names, y, ymin, ymax, step, "");
end:
    free(x);
    free(y);
    free(names);
}

static void heat_chart(FILE *out, const pb_tune *t, int places)
{
    int nk = pb_tune_nkeys(t), nt = pb_tune_ntargets(t);
    const pb_tune_key *kr = pb_tune_key_at(t, 0), *kc = nk > 1 ? pb_tune_key_at(t, 1) : NULL;
    int nrows = kr->n, ncols = kc ? kc->n : 1;
    long n = pb_tune_nrows(t);
    double *val = calloc((size_t)nrows * (size_t)ncols, sizeof *val);
    char **text = calloc((size_t)nrows * (size_t)ncols, sizeof *text);
    const char **rl = calloc((size_t)nrows, sizeof *rl), **cl = calloc((size_t)ncols, sizeof *cl);
    if (!val || !text || !rl || !cl)
        goto end;
    double lo = INFINITY, hi = -INFINITY;
    for (long r = 0; r < n; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        const pb_tune_value *v = nt > 1 ? &row->score : &row->t[0];
        long i = (long)row->idx[0] * ncols + (kc ? row->idx[1] : 0);
        char d[128];
        pb_tune_value_decimal(v, places, d, sizeof d);
        text[i] = strdup(d);
        val[i] = mid(v);
        if (!isnan(val[i])) {
            lo = fmin(lo, val[i]);
            hi = fmax(hi, val[i]);
        }
    }
    for (int i = 0; i < nrows; i++)
        rl[i] = kr->value[i];
    for (int i = 0; i < ncols; i++)
        cl[i] = kc ? kc->value[i] : (nt > 1 ? "spread" : "target");
    for (int i = 0; i < nrows * ncols; i++) {
        if (!text[i])
            text[i] = strdup("-");
        if (isnan(val[i]))
            val[i] = lo;
    }
    char a[64], b[64], title[600];
    snprintf(a, sizeof a, "%.*f", places, lo);
    snprintf(b, sizeof b, "%.*f", places, hi);
    snprintf(title, sizeof title, "%s by %s%s%s", nt > 1 ? "The targets' spread" : pb_tune_target_text(t, 0),
             kr->name, kc ? " and " : "", kc ? kc->name : "");
    pb_svg_frame f = {"chart-tune", title, kc ? kc->name : "", kr->name, 900, 120 + 28 * nrows, 0, 0};
    pb_svg_heatmap(out, &f, nrows, rl, ncols, cl, val, (const char *const *)text, lo, hi > lo ? hi : lo + 1, a, b, NULL,
                   nt > 1 ? "spread" : "target");
end:
    if (text)
        for (int i = 0; i < nrows * ncols; i++)
            free(text[i]);
    free(text);
    free(val);
    free(rl);
    free(cl);
}

static void page(FILE *out, const pb_tune *t, int places)
{
    int nk = pb_tune_nkeys(t), nt = pb_tune_ntargets(t);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>PAPER BOWL: tune (",
          out);
    pb_table_put_html(out, pb_tune_base_label(t));
    fputs(")</title>\n<style>\n", out);
    fputs(pb_report_css, out);
    fputs("</style>\n</head>\n<body>\n<header>\n<h1>PAPER BOWL: tune</h1>\n<ul class=\"assume\">\n<li>Ruleset: ", out);
    pb_table_put_html(out, pb_tune_base_label(t));
    fputs("</li>\n", out);
    for (int i = 0; i < nt; i++) {
        fputs("<li>Target: <code>", out);
        pb_table_put_html(out, pb_tune_target_text(t, i));
        fprintf(out, "</code> (%s level: %s)</li>\n", pb_tune_level_name(pb_tune_target_level(t, i)),
                pb_tune_target_level(t, i) == PB_TUNE_PLAY ? "exact" : "certified bound");
    }
    fputs("</ul>\n</header>\n<section id=\"tune\">\n<h2>The target by the varied values</h2>\n<div class=\"chart\">\n",
          out);
    if (nk == 1 && pb_tune_key_at(t, 0)->numeric && pb_tune_nrows(t) >= 2)
        line_chart(out, t, places);
    else if (nk <= 2)
        heat_chart(out, t, places);
    fputs("</div>\n<table>\n<thead><tr>", out);
    for (int k = 0; k < nk; k++) {
        fputs("<th>", out);
        pb_table_put_html(out, pb_tune_key_at(t, k)->name);
        fputs("</th>", out);
    }
    for (int i = 0; i < nt; i++)
        fprintf(out, "<th>target%s%.0d</th>", nt > 1 ? " " : "", nt > 1 ? i + 1 : 0);
    fputs("<th></th></tr></thead>\n<tbody>\n", out);
    for (long r = 0; r < pb_tune_nrows(t); r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        fputs("<tr>", out);
        for (int k = 0; k < nk; k++) {
            fputs("<td>", out);
            pb_table_put_html(out, pb_tune_key_at(t, k)->value[row->idx[k]]);
            fputs("</td>", out);
        }
        for (int i = 0; i < nt; i++) {
            char f[1024], d[128];
            pb_tune_value_fraction(&row->t[i], f, sizeof f);
            pb_tune_value_decimal(&row->t[i], places, d, sizeof d);
            if (row->t[i].exact)
                fprintf(out, "<td title=\"%s\">%s</td>", f, d);
            else
                fprintf(out, "<td>%s &plusmn; %.2g</td>", d, row->t[i].bound);
        }
        fprintf(out, "<td>%s</td></tr>\n", row->best ? (pb_tune_nbest(t) > 1 ? "tie" : "best") : "");
    }
    fputs("</tbody>\n</table>\n</section>\n</body>\n</html>\n", out);
}

int pb_tune_report_write(const pb_tune *t, const char *path, int places, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    page(m, t, places);
    if (fclose(m) != 0 || !buf) {
        free(buf);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int st = pb_outfile_write(path, buf, len, err, errlen);
    free(buf);
    return st;
}
