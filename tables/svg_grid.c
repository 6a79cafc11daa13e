/* tables/svg_grid.c: the categorical grid and the stacked bars (see svg.h), drawn with the
 * frame and axes of tables/svg.c (svg_internal.h). Deterministic: the same inputs give the
 * same bytes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "svg_internal.h"

#define SWATCH 10.0
#define LEGEND_LEAD 16.0

/* The width of a legend of swatches and names (and its title): from the plot's right edge
 * to the chart's. */
static double legend_width(int n, const char *const *names, const char *title)
{
    double w = 78;
    for (int i = 0; i < n; i++) {
        double need = 12 + SWATCH + 4 + pb_svg_text_width(names[i], PB_SVG_TICK_SIZE, 0) + PB_SVG_PAD;
        if (need > w)
            w = ceil(need);
    }
    if (title) {
        double need = 12 + pb_svg_text_width(title, PB_SVG_TICK_SIZE, 0) + PB_SVG_PAD;
        if (need > w)
            w = ceil(need);
    }
    return w;
}

/* The legend's entries at x, from y down: entry k shows order[k], in the colour of its name.
 * Returns the y of the line after the last entry. */
static double legend(FILE *out, double x, double y, const char *title, int n, const int *order,
                     const char *const *names)
{
    fputs("<g class=\"legend\">", out);
    if (title) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", x, y);
        pb_svg_text(out, title);
        fputs("</text>\n", out);
        y += LEGEND_LEAD;
    }
    for (int k = 0; k < n; k++) {
        int i = order[k];
        double ly = y + LEGEND_LEAD * k;
        fprintf(out, "<g><rect x=\"%.1f\" y=\"%.1f\" width=\"%g\" height=\"%g\" fill=\"%s\"/>", x, ly - 9, SWATCH,
                SWATCH, pb_svg_color(names[i], i));
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", x + SWATCH + 4, ly);
        pb_svg_text(out, names[i]);
        fputs("</text></g>\n", out);
    }
    fputs("</g>\n", out);
    return y + LEGEND_LEAD * n;
}

/* The mark's key under the legend: a ring and its label. */
static void mark_legend(FILE *out, double x, double y, const char *label)
{
    fputs("<g class=\"legend key\">", out);
    fprintf(out, "<g><circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.2\"/>",
            x + SWATCH / 2, y - 4);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", x + SWATCH + 4, y);
    pb_svg_text(out, label);
    fputs("</text></g>\n</g>\n", out);
}

#define CELL_TEXT 10.0  /* the cells' texts, and the least size they may be drawn at */
#define CELL_TEXT_MIN 9.0
#define GRID_MAX_WIDTH 1220  /* the widest a grid grows to for its cells' texts: a 1280-pixel window's page */

void pb_svg_grid(FILE *out, const pb_svg_frame *f0, int nrows, const int *rowkey, const char *const *rowlabels,
                 int ncols, const int *colkey, const char *const *collabels, const int *cat, const char *const *tip,
                 const unsigned char *mark, const char *mark_label, const char *const *celltext, int ncats,
                 const char *const *names, const char *legend_title)
{
    pb_svg_frame fr = *f0;
    const pb_svg_frame *f = &fr;
    double px0 = 50;
    for (int r = 0; r < nrows; r++)
        if (rowlabels[r] && PB_SVG_YLABEL_BAND + pb_svg_text_width(rowlabels[r], PB_SVG_TICK_SIZE, 0) + 8 > px0)
            px0 = ceil(PB_SVG_YLABEL_BAND + pb_svg_text_width(rowlabels[r], PB_SVG_TICK_SIZE, 0) + 8);
    double lw = legend_width(ncats, names, legend_title);
    if (mark && mark_label && legend_width(1, &mark_label, NULL) > lw)
        lw = legend_width(1, &mark_label, NULL);
    /* room for the cells' texts at CELL_TEXT: the chart grows where the cells would be too small */
    double need_w = 0, least_w = 0;   /* at CELL_TEXT, and at CELL_TEXT_MIN */
    for (int i = 0; celltext && i < nrows * ncols; i++)
        if (cat[i] >= 0 && celltext[i] && *celltext[i]) {
            need_w = fmax(need_w, pb_svg_text_width(celltext[i], CELL_TEXT, 0) + 4);
            least_w = fmax(least_w, pb_svg_text_width(celltext[i], CELL_TEXT_MIN, 0) + 4);
        }
    int title_lines = pb_svg_title_lines(f);
    double top0 = title_lines > 1 ? (title_lines - 1) * 15.0 : 0;
    if (need_w > 0 && (fr.width - lw - px0) / ncols < need_w) {
        /* grown, but within GRID_MAX_WIDTH while the texts can be drawn smaller (not under CELL_TEXT_MIN) */
        double w = px0 + need_w * ncols + lw;
        if (w > GRID_MAX_WIDTH)
            w = fmax(GRID_MAX_WIDTH, px0 + least_w * ncols + lw);
        if (w > fr.width)
            fr.width = (int)ceil(w);
    }
    if (need_w > 0 && (fr.height - 40 - 28 - top0) / nrows < CELL_TEXT + 4)
        fr.height = (int)ceil(28 + top0 + 40 + (CELL_TEXT + 4) * nrows);
    const double top = pb_svg_open(out, f);
    const double px1 = f->width - lw, py0 = 28 + top, py1 = f->height - 40;
    const double cw = (px1 - px0) / ncols, ch = (py1 - py0) / nrows;
    for (int r = 0; r < nrows; r++) {
        double y = py0 + r * ch;
        if (rowlabels[r]) {
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", px0 - 3,
                    y + ch / 2, px0, y + ch / 2, PB_SVG_AXIS_COLOR);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">", px0 - 5, y + ch / 2 + 3.5);
            pb_svg_text(out, rowlabels[r]);
            fputs("</text>\n", out);
        }
        for (int c = 0; c < ncols; c++) {
            int k = cat[r * ncols + c];
            if (k < 0 || k >= ncats)
                continue;
            fprintf(out,
                    "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" ",
                    px0 + c * cw, y, cw, ch, pb_svg_color(names[k], k));
            fprintf(out, "stroke=\"#fff\" stroke-width=\"0.3\" data-row=\"%d\" data-col=\"%d\" data-cat=\"", rowkey[r],
                    colkey[c]);
            pb_svg_text(out, names[k]);
            fputs("\"><title>", out);
            pb_svg_text(out, tip[r * ncols + c]);
            fputs("</title></rect>\n", out);
        }
    }
    /* the marks: a ring in the cell's centre, white with a black edge (seen on any fill) */
    double ring = fmin(cw, ch) / 2 - 1.5;
    if (ring > 3)
        ring = 3;
    for (int r = 0; mark && r < nrows; r++)
        for (int c = 0; c < ncols; c++) {
            int i = r * ncols + c;
            if (cat[i] < 0 || cat[i] >= ncats || !mark[i])
                continue;
            fprintf(out, "<circle class=\"mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fff\" stroke=\"#000\" "
                         "stroke-width=\"1.2\" data-row=\"%d\" data-col=\"%d\" pointer-events=\"none\"/>\n",
                    px0 + (c + 0.5) * cw, py0 + (r + 0.5) * ch, ring, rowkey[r], colkey[c]);
        }
    /* the cells' own texts, at one size that fits every cell (at least CELL_TEXT_MIN: the chart
     * was sized for CELL_TEXT) */
    double size = CELL_TEXT;
    for (int i = 0; celltext && i < nrows * ncols; i++)
        if (cat[i] >= 0 && celltext[i] && *celltext[i]) {
            double w = pb_svg_text_width(celltext[i], CELL_TEXT, 0);
            if (w > cw - 3 && CELL_TEXT * (cw - 3) / w < size)
                size = floor(CELL_TEXT * (cw - 3) / w * 10) / 10;
        }
    if (size > ch - 2)
        size = floor((ch - 2) * 10) / 10;
    if (size < CELL_TEXT_MIN)
        size = CELL_TEXT_MIN;
    for (int r = 0; celltext && r < nrows; r++)
        for (int c = 0; c < ncols; c++) {
            int i = r * ncols + c;
            if (cat[i] < 0 || cat[i] >= ncats || !celltext[i] || !*celltext[i])
                continue;
            /* dark text on light fills, white on dark ones */
            const char *fill = pb_svg_color(names[cat[i]], cat[i]);
            unsigned rr = 0, gg = 0, bb = 0;
            sscanf(fill, "#%2x%2x%2x", &rr, &gg, &bb);
            double lum = 0.299 * rr + 0.587 * gg + 0.114 * bb;
            fprintf(out, "<text class=\"celltext\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"%g\" fill=\"%s\">",
                    px0 + (c + 0.5) * cw, py0 + r * ch + ch / 2 + size * 0.35, size, lum > 140 ? "#000" : "#fff");
            pb_svg_text(out, celltext[i]);
            fputs("</text>\n", out);
        }
    for (int c = 0; c < ncols; c++) {
        if (!collabels[c] || !*collabels[c])
            continue;
        double xx = px0 + (c + 0.5) * cw;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", xx, py1, xx, py1 + 3,
                PB_SVG_AXIS_COLOR);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">", xx, py1 + 14);
        pb_svg_text(out, collabels[c]);
        fputs("</text>\n", out);
    }
    pb_svg_axis_labels(out, f, px0, px1, py0, py1);
    /* the legend: the categories that have a cell */
    int order[64] = {0}, n = 0;
    for (int k = 0; k < ncats && n < 64; k++)
        for (int i = 0; i < nrows * ncols; i++)
            if (cat[i] == k) {
                order[n++] = k;
                break;
            }
    double ly = legend(out, px1 + 12, py0 + 8, legend_title, n, order, names);
    int marked = 0;
    for (int i = 0; mark && i < nrows * ncols; i++)
        marked |= cat[i] >= 0 && mark[i];
    if (marked && mark_label)
        mark_legend(out, px1 + 12, ly + 8, mark_label);
    fputs("</svg>\n", out);
}

void pb_svg_stacked(FILE *out, const pb_svg_frame *f, int npoints, const int *x, int xstep, int nseries,
                    const char *const *names, const double *y, const char *const *tip)
{
    const double top = pb_svg_open(out, f);
    const double px0 = pb_svg_y_axis_left(46, 0, 100, 25, "%", 0), py0 = 28 + top;
    const double px1 = f->width - legend_width(nseries, names, NULL), py1 = f->height - 40;
    const double sw = (px1 - px0) / (npoints > 0 ? npoints : 1);
    for (int i = 0; i < npoints; i++) {
        double base = 0, xx = px0 + i * sw;
        fputs("<g class=\"bar\"><title>", out);
        pb_svg_text(out, tip[i]);
        fputs("</title>", out);
        for (int s = 0; s < nseries; s++) {
            double v = y[s * npoints + i];
            if (!(v > 0))
                continue;
            /* the band from base to base + v, rounded to the pixel grid's tenths so that
             * neighbours meet exactly */
            double y0 = py1 - (base + v) / 100 * (py1 - py0), y1 = py1 - base / 100 * (py1 - py0);
            if (y0 < py0)
                y0 = py0;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>", xx, y0, sw,
                    y1 - y0, pb_svg_color(names[s], s));
            base += v;
        }
        fputs("</g>\n", out);
    }
    pb_svg_y_axis(out, px0, px1, py0, py1, 0, 100, 25, "%", 0);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py1, px1, py1,
            PB_SVG_AXIS_COLOR);
    for (int i = 0; i < npoints; i++)
        if (xstep > 0 && x[i] % xstep == 0) {
            double xx = px0 + (i + 0.5) * sw;
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xx, py1, xx,
                    py1 + 4, PB_SVG_AXIS_COLOR);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%d</text>\n", xx,
                    py1 + 16, x[i]);
        }
    pb_svg_axis_labels(out, f, px0, px1, py0, py1);
    /* the legend: the series that have a band, top down as they are stacked */
    int order[64] = {0}, n = 0;
    for (int k = nseries - 1; k >= 0 && n < 64; k--)
        for (int i = 0; i < npoints; i++)
            if (y[k * npoints + i] > 0) {
                order[n++] = k;
                break;
            }
    legend(out, px1 + 12, py0 + 8, NULL, n, order, names);
    fputs("</svg>\n", out);
}
