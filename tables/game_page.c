/* tables/game_page.c: the other games' report page (game_page.h). */
#include "game_page.h"

#include <stdlib.h>

#include "svg.h"

static const char style[] =
    "body{font-family:\"DejaVu Sans\",\"Noto Sans CJK JP\",sans-serif;max-width:62em;margin:auto;padding:0 1em;"
    "color:#222;line-height:1.45}"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}"
    "figure{margin:1.2em 0}figcaption{font-weight:bold;margin-bottom:.3em}"
    "figure.chart figcaption{font-weight:normal;font-size:.9em;color:#444;margin-top:.3em}"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums}"
    "td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #ddd}"
    "td.n,th.n{text-align:right}th.grp{text-align:center;border-bottom:1px solid #999}"
    "tr.blk td{border-top:2px solid #999}ul.notes{font-size:.85em;color:#444;margin:.2em 0 .5em;padding-left:1.2em}"
    "div.scroll{overflow-x:auto}svg.chart{border:1px solid #ccc;background:#fff}"
    "code{font-size:.95em;background:#f3f3f3;padding:0 .2em}footer{margin:2em 0;font-size:.85em;color:#444}"
    "@media print{body{max-width:none}figure{break-inside:avoid}h2{break-after:avoid}}";

static void put(FILE *out, const char *s)
{
    pb_table_put_html(out, s);
}

void pb_game_page_open(FILE *out, pb_lang lang, const char *title, const char *lead)
{
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\">\n<title>", pb_lang_code(lang));
    put(out, title);
    fprintf(out, "</title>\n<style>%s</style></head><body>\n<h1>", style);
    put(out, title);
    fputs("</h1>\n", out);
    if (lead)
        pb_game_page_para(out, lead);
}

void pb_game_page_para(FILE *out, const char *text)
{
    fputs("<p>", out);
    put(out, text);
    fputs("</p>\n", out);
}

void pb_game_page_heading(FILE *out, const char *text)
{
    fputs("<h2>", out);
    put(out, text);
    fputs("</h2>\n", out);
}

int pb_game_page_pct_map(FILE *out, pb_lang lang, const char *id, const char *title, const char *xlabel,
                         const char *ylabel, int nrows, const char *const *rowlabels, int ncols,
                         const char *const *collabels, const mpq_t *const *q, const char *caption)
{
    size_t n = (size_t)nrows * (size_t)ncols;
    double *v = calloc(n ? n : 1, sizeof *v);
    char **text = calloc(n ? n : 1, sizeof *text);
    if (!v || !text) {
        free(v);
        free(text);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        text[i] = malloc(64);
        if (!text[i])
            continue;
        if (!q[i]) {
            snprintf(text[i], 64, "-");
            v[i] = 0;
            continue;
        }
        pb_table_number_text(text[i], 64, *q[i], PB_COL_PERCENT, PB_GAME_PCT_PLACES);
        v[i] = 100.0 * mpq_get_d(*q[i]);
    }
    /* room for the row labels, the cells (at least 58 pixels a column: a "100.00" label; wider for
     * a longer column label) and the legend */
    double colw = 58, roww = 0;
    for (int c = 0; c < ncols; c++)
        if (pb_svg_text_width(collabels[c], 11, 0) + 14 > colw)
            colw = pb_svg_text_width(collabels[c], 11, 0) + 14;
    for (int r = 0; r < nrows; r++)
        if (pb_svg_text_width(rowlabels[r], 11, 0) > roww)
            roww = pb_svg_text_width(rowlabels[r], 11, 0);
    int width = (int)(roww + 40 + 120 + colw * ncols), height = 110 + 30 * nrows;
    if (width < 480)
        width = 480;
    pb_svg_frame f = {id, title, xlabel, ylabel, width, height, 0, 0};
    fprintf(out, "<figure class=\"chart\" id=\"f-%s\">", id);
    const char *const *tx = (const char *const *)text;
    for (size_t i = 0; i < n; i++)
        if (!text[i])
            tx = NULL;
    if (tx)
        pb_svg_heatmap(out, &f, nrows, rowlabels, ncols, collabels, v, tx, 0, 100, "0 %", "100 %", NULL,
                       pb_msg(lang, "probability"));
    if (caption) {
        fputs("<figcaption>", out);
        put(out, caption);
        fputs("</figcaption>", out);
    }
    fputs("</figure>\n", out);
    for (size_t i = 0; i < n; i++)
        free(text[i]);
    free(text);
    free(v);
    return tx ? 0 : -1;
}

int pb_game_page_tables(FILE *out, pb_lang lang, const pb_table *t, size_t n)
{
    int rc = 0;
    pb_game_page_heading(out, pb_msg(lang, "The tables"));
    for (size_t i = 0; i < n; i++)
        if (t[i].failed || pb_table_write_html_alone(&t[i], out) != 0)
            rc = -1;
    return rc;
}

void pb_game_page_close(FILE *out, pb_lang lang, const char *cmd)
{
    fputs("<footer><p>", out);
    put(out, pb_msg(lang, "Every number on this page is exact: computed as a fraction and rounded once, half to "
                          "even; a cell's fraction shows when the pointer rests on it. The fractions, at full "
                          "precision, for a spreadsheet:"));
    fputs(" <code>", out);
    put(out, cmd);
    fputs("</code></p></footer>\n</body></html>\n", out);
}
