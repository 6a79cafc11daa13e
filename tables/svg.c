/* tables/svg.c: heatmap, line and bar charts as inline SVG (see svg.h). Coordinates are
 * printed with one decimal; styles are attributes (no CSS needed), so a chart copied out of
 * the page still draws the same. */
#include "svg.h"

#include <math.h>
#include <string.h>

#define FONT "font-family=\"sans-serif\""
#define AXIS_COLOR "#444"
#define GRID_COLOR "#ddd"

const char *pb_svg_series_color(int i)
{
    static const char *const c[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000"};
    return c[(unsigned)i % (sizeof c / sizeof c[0])];
}

void pb_svg_seq_color(double t, char *buf)
{
    static const int stops[][3] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    const int n = (int)(sizeof stops / sizeof stops[0]);
    if (!(t >= 0))
        t = 0;
    if (t > 1)
        t = 1;
    double pos = t * (n - 1);
    int i = (int)pos;
    if (i >= n - 1)
        i = n - 2;
    double f = pos - i;
    int rgb[3];
    for (int k = 0; k < 3; k++)
        rgb[k] = (int)lround(stops[i][k] + f * (stops[i + 1][k] - stops[i][k]));
    snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

void pb_svg_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        if ((s[0] == '>' || s[0] == '<') && s[1] == '=') {
            fputs(s[0] == '>' ? "\xe2\x89\xa5" : "\xe2\x89\xa4", out); /* U+2265, U+2264 */
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

static void open_svg(FILE *out, const pb_svg_frame *f)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"%s-title\" " FONT " font-size=\"11\">\n",
            f->id, f->width, f->height, f->width, f->height, f->id);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", f->width, f->height);
    fprintf(out, "<text id=\"%s-title\" class=\"title\" x=\"%.1f\" y=\"16\" text-anchor=\"middle\" font-size=\"13\" "
                 "font-weight=\"bold\">", f->id, f->width / 2.0);
    pb_svg_text(out, f->title);
    fputs("</text>\n", out);
}

static void axis_labels(FILE *out, const pb_svg_frame *f, double px0, double px1, double py0, double py1)
{
    fprintf(out, "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (px0 + px1) / 2,
            (double)f->height - 6);
    pb_svg_text(out, f->xlabel);
    fputs("</text>\n", out);
    fprintf(out, "<text class=\"ylabel\" transform=\"translate(12,%.1f) rotate(-90)\" text-anchor=\"middle\">",
            (py0 + py1) / 2);
    pb_svg_text(out, f->ylabel);
    fputs("</text>\n", out);
}

/* y axis with grid lines and tick labels from 0 to ymax every ystep. */
static void y_axis(FILE *out, double px0, double px1, double py0, double py1, double ymax, double ystep,
                   const char *suffix)
{
    if (ystep <= 0)
        ystep = ymax > 0 ? ymax : 1;
    int nt = (int)floor(ymax / ystep + 1e-9);
    for (int i = 0; i <= nt; i++) {
        double v = i * ystep;
        double y = py1 - (ymax > 0 ? v / ymax : 0) * (py1 - py0);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, y, px1, y,
                i ? GRID_COLOR : AXIS_COLOR);
        char lab[64];
        if (ystep < 1)
            snprintf(lab, sizeof lab, "%.1f%s", v, suffix);
        else
            snprintf(lab, sizeof lab, "%.0f%s", v, suffix);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n", px0 - 3, y + 3.5,
                lab);
    }
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py0, px0, py1,
            AXIS_COLOR);
}

void pb_svg_heatmap(FILE *out, const pb_svg_frame *f, int nrows, const char *const *rowlabels, int ncols,
                    const char *const *collabels, const double *value, const char *const *text, double vmin,
                    double vmax, const char *vmin_text, const char *vmax_text, const char *legend_title)
{
    open_svg(out, f);
    const double px0 = 100, py0 = 30, legend_w = 90;
    const double px1 = f->width - legend_w, py1 = f->height - 44;
    double cw = (px1 - px0) / ncols, ch = (py1 - py0) / nrows;
    for (int r = 0; r < nrows; r++) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", px0 - 6, py0 + (r + 0.5) * ch + 4);
        pb_svg_text(out, rowlabels[r]);
        fputs("</text>\n", out);
        for (int c = 0; c < ncols; c++) {
            double v = value[r * ncols + c];
            double t = vmax > vmin ? (v - vmin) / (vmax - vmin) : 0;
            char col[8];
            pb_svg_seq_color(t, col);
            fprintf(out,
                    "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                    "stroke=\"#fff\"><title>",
                    px0 + c * cw, py0 + r * ch, cw, ch, col);
            pb_svg_text(out, rowlabels[r]);
            fputs(" vs ", out);
            pb_svg_text(out, collabels[c]);
            fputs(": ", out);
            pb_svg_text(out, text[r * ncols + c]);
            fputs("</title></rect>\n", out);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">", px0 + (c + 0.5) * cw,
                    py0 + (r + 0.5) * ch + 4, t > 0.6 ? "#000" : "#fff");
            pb_svg_text(out, text[r * ncols + c]);
            fputs("</text>\n", out);
        }
    }
    for (int c = 0; c < ncols; c++) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px0 + (c + 0.5) * cw, py1 + 15);
        pb_svg_text(out, collabels[c]);
        fputs("</text>\n", out);
    }
    axis_labels(out, f, px0, px1, py0, py1);
    /* legend: a colour bar */
    double lx = px1 + 18, lw = 14;
    fprintf(out, "<defs><linearGradient id=\"%s-grad\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">", f->id);
    for (int i = 0; i <= 8; i++) {
        char col[8];
        pb_svg_seq_color(i / 8.0, col);
        fprintf(out, "<stop offset=\"%.3f\" stop-color=\"%s\"/>", i / 8.0, col);
    }
    fputs("</linearGradient></defs>\n", out);
    fprintf(out, "<g class=\"legend\"><text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", lx - 10, py0 - 6);
    pb_svg_text(out, legend_title);
    fputs("</text>\n", out);
    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"url(#%s-grad)\" stroke=\"%s\"/>\n",
            lx, py0 + 4, lw, py1 - py0 - 4, f->id, AXIS_COLOR);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", lx + lw + 4, py0 + 12);
    pb_svg_text(out, vmax_text);
    fprintf(out, "</text>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", lx + lw + 4, py1);
    pb_svg_text(out, vmin_text);
    fputs("</text></g>\n</svg>\n", out);
}

void pb_svg_lines(FILE *out, const pb_svg_frame *f, int npoints, const int *x, int x_left, int x_right, int xstep,
                  int nseries, const char *const *names, const double *y, double ymax, double ystep,
                  const char *ysuffix)
{
    open_svg(out, f);
    const double legend_w = 78;
    const double px0 = 50, py0 = 28, px1 = f->width - legend_w, py1 = f->height - 40;
    double span = x_right - x_left;
#define XPOS(v) (px0 + ((v) - x_left) / span * (px1 - px0))
#define YPOS(v) (py1 - (ymax > 0 ? (v) / ymax : 0) * (py1 - py0))
    y_axis(out, px0, px1, py0, py1, ymax, ystep, ysuffix);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py1, px1, py1,
            AXIS_COLOR);
    int lo = x_left < x_right ? x_left : x_right, hi = x_left < x_right ? x_right : x_left;
    for (int v = lo; v <= hi; v++)
        if (xstep > 0 && v % xstep == 0) {
            double xx = XPOS((double)v);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xx, py1, xx,
                    py1 + 4, AXIS_COLOR);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%d</text>\n", xx,
                    py1 + 15, v);
        }
    for (int s = 0; s < nseries; s++) {
        fprintf(out, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" points=\"",
                pb_svg_series_color(s));
        for (int i = 0; i < npoints; i++)
            fprintf(out, "%s%.1f,%.1f", i ? " " : "", XPOS((double)x[i]), YPOS(y[s * npoints + i]));
        fputs("\"><title>", out);
        pb_svg_text(out, names[s]);
        fputs("</title></polyline>\n", out);
    }
    axis_labels(out, f, px0, px1, py0, py1);
    fputs("<g class=\"legend\">", out);
    for (int s = 0; s < nseries; s++) {
        double ly = py0 + 8 + 16 * s;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                px1 + 10, ly, px1 + 28, ly, pb_svg_series_color(s));
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", px1 + 32, ly + 3.5);
        pb_svg_text(out, names[s]);
        fputs("</text>\n", out);
    }
    fputs("</g>\n</svg>\n", out);
#undef XPOS
#undef YPOS
}

void pb_svg_bars(FILE *out, const pb_svg_frame *f, int n, const int *x, const double *y, int xmin, int xmax,
                 int xstep, double ymax, double ystep, const char *ysuffix, const char *legend_text,
                 const char *extra)
{
    open_svg(out, f);
    const double px0 = 46, py0 = 46, px1 = f->width - 10, py1 = f->height - 40;
    int slots = xmax - xmin + 1;
    double sw = (px1 - px0) / (slots > 0 ? slots : 1);
    y_axis(out, px0, px1, py0, py1, ymax, ystep, ysuffix);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py1, px1, py1,
            AXIS_COLOR);
    for (int v = xmin; v <= xmax; v++)
        if (xstep > 0 && v % xstep == 0) {
            double xx = px0 + (v - xmin + 0.5) * sw;
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%d</text>\n", xx,
                    py1 + 13, v);
        }
    for (int i = 0; i < n; i++) {
        if (x[i] < xmin || x[i] > xmax)
            continue;
        double h = ymax > 0 ? y[i] / ymax * (py1 - py0) : 0;
        if (h > py1 - py0)
            h = py1 - py0;
        fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                px0 + (x[i] - xmin) * sw + 0.5, py1 - h, sw > 2 ? sw - 1 : sw, h, pb_svg_series_color(0));
    }
    axis_labels(out, f, px0, px1, py0, py1);
    fprintf(out, "<g class=\"legend\"><rect x=\"%.1f\" y=\"24\" width=\"10\" height=\"10\" fill=\"%s\"/>", px0,
            pb_svg_series_color(0));
    fprintf(out, "<text x=\"%.1f\" y=\"33\" font-size=\"10\">", px0 + 14);
    pb_svg_text(out, legend_text);
    fputs("</text>", out);
    if (extra) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">", px1, py0 + 10);
        pb_svg_text(out, extra);
        fputs("</text>", out);
    }
    fputs("</g>\n</svg>\n", out);
}
