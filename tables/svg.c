/* tables/svg.c: heatmap, line and bar charts as inline SVG (see svg.h). Coordinates are
 * printed with one decimal; styles are attributes (no CSS needed), so a chart copied out of
 * the page still draws the same. */
#include "svg.h"
#include "svg_internal.h"

#include "msg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define FONT PB_SVG_FONT
#define AXIS_COLOR PB_SVG_AXIS_COLOR
#define GRID_COLOR "#ddd"
#define PAD PB_SVG_PAD
#define TITLE_SIZE 13.0     /* the title's font size and its line spacing */
#define TITLE_LEAD 15.0
#define TITLE_MAX_LINES 4
#define TICK_SIZE PB_SVG_TICK_SIZE
#define YLABEL_BAND PB_SVG_YLABEL_BAND
#define LINES_HEADROOM 10.0 /* line charts: the blank band above the top of the y range */

/* One colour per meaning, the same in every chart of the report (and in the explorer, which
 * gets this table in its data). Okabe-Ito and Paul Tol's colour-blind safe sets; no two
 * meanings share a colour. Related meanings get related hues: the plays from scrimmage blues
 * and green, the kicks for points orange and yellow, the kicks away pink and purple. The
 * calls of one chart differ in lightness too (CIE L* 8 or more apart: the 4th-down chart's three
 * calls, the two-point and onside charts' choices and greys), so that they read in grey. The
 * heat maps' scales of value are grey (white to black, tables/svg.c pb_svg_seq_color), so that
 * no hue stands for a value in one chart and for a call or an outcome in another. */
static const struct {
    const char *name, *color;
} palette[] = {
    {"Run", "#0072B2"},        {"Short Pass", "#56B4E9"}, {"Long Pass", "#332288"},
    {"go for it", "#009E73"},  {"field goal", "#E69F00"}, {"punt", "#AA4499"},
    {"go for two", "#D55E00"}, {"kick the PAT", "#F0E442"}, {"kick onside", "#FFAABB"},
    {"kick deep", "#CC79A7"},  {"gain", "#44AA99"},       {"penalty", "#DDCC77"},
    {"sack", "#CC6677"},       {"touchdown", "#117733"},  {"turnover", "#999933"},
    {"turnover TD", "#882255"}, {"safety", "#661100"},    {"cut chain", "#8C564B"},
    /* neutral: what leaves the state alone, or no decision */
    {"incomplete", "#A0A0A0"}, {"within the bounds", "#505050"}, {"the same", "#BBBBBB"},
};

/* The shades of an ordered series (downs, defense cards): dark to light, told apart in
 * grey; lines add a dash pattern each. */
static const char *const ordinal[] = {"#000000", "#555555", "#808080", "#A6A6A6", "#C8C8C8"};
static const char *const dashes[] = {"", "7 3", "2 2", "9 3 2 3", "4 4"};
#define NORDINAL ((int)(sizeof ordinal / sizeof ordinal[0]))

const char *pb_svg_color(const char *name, int i)
{
    for (size_t k = 0; k < sizeof palette / sizeof palette[0]; k++)
        if (strcasecmp(palette[k].name, name) == 0)
            return palette[k].color;
    /* a meaning named in another language: its legend name there (pb_msgc(lang, "legend", ...)) */
    for (int lang = 0; lang < PB_LANG_COUNT; lang++)
        for (size_t k = 0; k < sizeof palette / sizeof palette[0]; k++)
            if (lang != PB_LANG_EN && strcmp(pb_msgc((pb_lang)lang, "legend", palette[k].name), name) == 0)
                return palette[k].color;
    return ordinal[(unsigned)i % NORDINAL];
}

const char *pb_svg_dash(int i)
{
    return dashes[(unsigned)i % (sizeof dashes / sizeof dashes[0])];
}

void pb_svg_palette_json(FILE *out)
{
    fputc('{', out);
    for (size_t k = 0; k < sizeof palette / sizeof palette[0]; k++)
        fprintf(out, "%s\"%s\":\"%s\"", k ? "," : "", palette[k].name, palette[k].color);
    fputc('}', out);
}

/* The colour at t in 0..1 along a ramp of five RGB stops, linearly interpolated, as "#rrggbb". */
static void ramp_color(const int stops[5][3], double t, char *buf)
{
    const int n = 5;
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

void pb_svg_seq_color(double t, char *buf)
{
    /* grey, light (low) to dark (high): a value, never a meaning (no hue of the palette) */
    static const int stops[5][3] = {{247, 247, 247}, {204, 204, 204}, {150, 150, 150}, {99, 99, 99}, {37, 37, 37}};
    ramp_color(stops, t, buf);
}

void pb_svg_div_color(double t, char *buf)
{
    /* the same grey ramp: the low end light, the high end dark, the middle (0) mid grey; the
     * cells' signed texts say which side of 0 a value is */
    pb_svg_seq_color(t, buf);
}

/* Advance widths of ASCII 32..126 in DejaVu Sans, Book and Bold, in 1/2048 em: the sans-serif
 * of most Linux browsers and wider than the others' (Arial, Helvetica, Segoe UI), so a text
 * laid out with these widths fits in any of them. */
static const unsigned short adv_book[95] = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,  1303, 1303, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294,
    1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403,
    1251, 1403, 799,  690,  799,  1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186,
    569,  1995, 1298, 1253, 1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716};
static const unsigned short adv_bold[95] = {
    713,  934,  1067, 1716, 1425, 2052, 1786, 627,  936,  936,  1071, 1716, 778,  850,  778,  748,  1425, 1425, 1425,
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 819,  819,  1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, 1700, 1399,
    1399, 1681, 1714, 762,  762,  1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579,
    1483, 1485, 936,  748,  936,  1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891,  1466, 1458, 702,  702,  1362,
    702,  2134, 1458, 1407, 1466, 1466, 1010, 1219, 979,  1458, 1335, 1892, 1321, 1335, 1192, 1458, 748,  1458, 1716};

/* The width in pixels of the first n bytes of s as pb_svg_text writes them, at font size
 * `size`: ASCII from the table above, ">=" and "<=" as the one sign they become, any other
 * character (UTF-8) a full em. */
static double text_width_n(const char *s, size_t n, double size, int bold)
{
    const unsigned short *adv = bold ? adv_bold : adv_book;
    double units = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c == '>' || c == '<') && i + 1 < n && s[i + 1] == '=') {
            units += 1716;
            i++;
        } else if (c >= 32 && c < 127)
            units += adv[c - 32];
        else if (c >= 0xc0)
            units += 2048; /* a UTF-8 lead byte; continuation bytes (0x80..0xbf) add nothing */
    }
    return units * size / 2048;
}

double pb_svg_text_width(const char *s, double size, int bold)
{
    return text_width_n(s, strlen(s), size, bold);
}

/* the first n bytes of s, escaped (n ends between characters) */
static void text_n(FILE *out, const char *s, size_t n)
{
    for (const char *end = s + n; s < end; s++) {
        if ((s[0] == '>' || s[0] == '<') && s + 1 < end && s[1] == '=') {
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

void pb_svg_text(FILE *out, const char *s)
{
    text_n(out, s, strlen(s));
}

/* The title in lines no wider than avail, broken at spaces (greedily): line i is
 * t[start[i] .. start[i] + len[i]). A word wider than that alone has a line of its own; past
 * TITLE_MAX_LINES the last line takes the rest. Returns the count. */
static int break_greedy(const char *t, double avail, size_t start[TITLE_MAX_LINES], size_t len[TITLE_MAX_LINES])
{
    size_t pos = 0, n = strlen(t);
    int lines = 0;
    while (pos < n && t[pos] == ' ')
        pos++;
    while (pos < n) {
        size_t end = pos; /* the line so far: t[pos .. end) */
        if (lines == TITLE_MAX_LINES - 1)
            end = n;
        else
            for (;;) {
                size_t next = end;
                while (next < n && t[next] == ' ')
                    next++;
                while (next < n && t[next] != ' ')
                    next++;
                if (end > pos && text_width_n(t + pos, next - pos, TITLE_SIZE, 1) > avail)
                    break;
                end = next;
                if (end == n)
                    break;
            }
        start[lines] = pos;
        len[lines++] = end - pos;
        pos = end;
        while (pos < n && t[pos] == ' ')
            pos++;
    }
    return lines;
}

/* The title in as few lines as fit the chart less its margins, as even as can be: the
 * narrowest width that still needs no more lines (halving 12 times) breaks it. */
static int title_break(const pb_svg_frame *f, size_t start[TITLE_MAX_LINES], size_t len[TITLE_MAX_LINES])
{
    const double avail = f->width - 2 * PAD;
    int lines = break_greedy(f->title, avail, start, len);
    if (lines < 2 || lines >= TITLE_MAX_LINES)
        return lines;
    double lo = 0, hi = avail; /* hi breaks into `lines` lines; lo into more */
    for (int i = 0; i < 12; i++) {
        double mid = (lo + hi) / 2;
        if (break_greedy(f->title, mid, start, len) <= lines)
            hi = mid;
        else
            lo = mid;
    }
    return break_greedy(f->title, hi, start, len);
}

int pb_svg_title_lines(const pb_svg_frame *f)
{
    size_t start[TITLE_MAX_LINES], len[TITLE_MAX_LINES];
    int lines = title_break(f, start, len);
    return lines > 0 ? lines : 1;
}

/* Opens the chart: the frame, the background, the title centred at the top, in as many
 * lines as it needs to fit (and at least f->title_lines), each one shrunk to fit if a single
 * word is wider than the chart. Returns how far the title reaches below its one-line place
 * (0 for one line): the chart's marks move down by that much. */
double pb_svg_open(FILE *out, const pb_svg_frame *f)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"%s-title\" " FONT " font-size=\"11\">\n",
            f->id, f->width, f->height, f->width, f->height, f->id);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", f->width, f->height);
    size_t start[TITLE_MAX_LINES], len[TITLE_MAX_LINES];
    int lines = title_break(f, start, len);
    double size = TITLE_SIZE, avail = f->width - 2 * PAD;
    for (int i = 0; i < lines; i++) {
        double w = text_width_n(f->title + start[i], len[i], TITLE_SIZE, 1);
        if (w > avail && TITLE_SIZE * avail / w < size)
            size = floor(TITLE_SIZE * avail / w * 10) / 10;
    }
    fprintf(out, "<text id=\"%s-title\" class=\"title\" x=\"%.1f\" y=\"16\" text-anchor=\"middle\" font-size=\"%g\" "
                 "font-weight=\"bold\">", f->id, f->width / 2.0, size);
    if (lines <= 1)
        pb_svg_text(out, f->title);
    else
        for (int i = 0; i < lines; i++) {
            /* the space between two lines stays in the text (its accessible name) */
            fprintf(out, "%s<tspan x=\"%.1f\" y=\"%.1f\">", i ? " " : "", f->width / 2.0, 16 + i * TITLE_LEAD);
            text_n(out, f->title + start[i], len[i]);
            fputs("</tspan>", out);
        }
    fputs("</text>\n", out);
    if (f->title_lines > lines)
        lines = f->title_lines;
    return lines > 1 ? (lines - 1) * TITLE_LEAD : 0;
}

void pb_svg_axis_labels(FILE *out, const pb_svg_frame *f, double px0, double px1, double py0, double py1)
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

/* the y axis's ticks: from ymin to ymax every ystep; returns the number of steps */
static int y_ticks(double ymin, double ymax, double *ystep)
{
    if (*ystep <= 0)
        *ystep = ymax > ymin ? ymax - ymin : 1;
    return (int)floor((ymax - ymin) / *ystep + 1e-9);
}

static void y_tick_label(char *lab, size_t len, double v, double ystep, const char *suffix, int ylog)
{
    if (ylog) {
        snprintf(lab, len, "%g%s", pow(10, round(v)), suffix);
        return;
    }
    if (fabs(v) < 1e-9 * (ystep > 0 ? ystep : 1))
        v = 0; /* never "-0" */
    if (ystep < 1)
        snprintf(lab, len, "%.1f%s", v, suffix);
    else
        snprintf(lab, len, "%.0f%s", v, suffix);
}

double pb_svg_y_axis_left(double least, double ymin, double ymax, double ystep, const char *suffix, int ylog)
{
    double w = 0;
    int nt = y_ticks(ymin, ymax, &ystep);
    for (int i = 0; i <= nt; i++) {
        char lab[64];
        y_tick_label(lab, sizeof lab, ymin + i * ystep, ystep, suffix, ylog);
        double wi = pb_svg_text_width(lab, TICK_SIZE, 0);
        if (wi > w)
            w = wi;
    }
    return YLABEL_BAND + w + 3 > least ? ceil(YLABEL_BAND + w + 3) : least;
}

void pb_svg_y_axis(FILE *out, double px0, double px1, double py0, double py1, double ymin, double ymax, double ystep,
                   const char *suffix, int ylog)
{
    int nt = y_ticks(ymin, ymax, &ystep);
    for (int i = 0; i <= nt; i++) {
        double v = ymin + i * ystep;
        double y = py1 - (ymax > ymin ? (v - ymin) / (ymax - ymin) : 0) * (py1 - py0);
        /* the bottom and the zero line are drawn as axes, the others as grid lines */
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, y, px1, y,
                i && (ylog || fabs(v) > 1e-9 * ystep) ? GRID_COLOR : AXIS_COLOR);
        char lab[64];
        y_tick_label(lab, sizeof lab, v, ystep, suffix, ylog);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n", px0 - 3, y + 3.5,
                lab);
    }
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py0, px0, py1,
            AXIS_COLOR);
}

void pb_svg_heatmap(FILE *out, const pb_svg_frame *f, int nrows, const char *const *rowlabels, int ncols,
                    const char *const *collabels, const double *value, const char *const *text, double vmin,
                    double vmax, const char *vmin_text, const char *vmax_text, const char *vmid_text,
                    const char *legend_title)
{
    pb_svg_heatmap_tips(out, f, nrows, rowlabels, ncols, collabels, value, text, vmin, vmax, vmin_text, vmax_text,
                        vmid_text, legend_title, "%s vs %s: %s");
}

void pb_svg_heatmap_tips(FILE *out, const pb_svg_frame *f, int nrows, const char *const *rowlabels, int ncols,
                         const char *const *collabels, const double *value, const char *const *text, double vmin,
                         double vmax, const char *vmin_text, const char *vmax_text, const char *vmid_text,
                         const char *legend_title, const char *tip_format)
{
    const double top = pb_svg_open(out, f);
    void (*color)(double, char *) = vmid_text ? pb_svg_div_color : pb_svg_seq_color;
    /* left: the axis label, then the row labels; right: the legend (its title over the colour
     * bar, the end values beside it), as wide as its texts need */
    double px0 = 100, legend_w = 90;
    for (int r = 0; r < nrows; r++)
        if (YLABEL_BAND + pb_svg_text_width(rowlabels[r], 11, 0) + 6 > px0)
            px0 = ceil(YLABEL_BAND + pb_svg_text_width(rowlabels[r], 11, 0) + 6);
    double need = 8 + pb_svg_text_width(legend_title, TICK_SIZE, 0) + PAD;
    if (need > legend_w)
        legend_w = ceil(need);
    for (int i = 0; i < 3; i++) {
        const char *s = i == 0 ? vmin_text : i == 1 ? vmax_text : vmid_text;
        need = s ? 36 + pb_svg_text_width(s, TICK_SIZE, 0) + PAD : 0;
        if (need > legend_w)
            legend_w = ceil(need);
    }
    /* the legend's title sits on a line of its own between the chart's title and the cells */
    const double py0 = 36 + top;
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
            color(t, col);
            fprintf(out,
                    "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                    "stroke=\"#fff\"><title>",
                    px0 + c * cw, py0 + r * ch, cw, ch, col);
            char tip[512];
            snprintf(tip, sizeof tip, tip_format, rowlabels[r], collabels[c], text[r * ncols + c]);
            pb_svg_text(out, tip);
            fputs("</title></rect>\n", out);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">", px0 + (c + 0.5) * cw,
                    py0 + (r + 0.5) * ch + 4,
                    strtol(col + 1, NULL, 16) >> 16 > 120 ? "#000" : "#fff");   /* a grey: its red is its level */
            pb_svg_text(out, text[r * ncols + c]);
            fputs("</text>\n", out);
        }
    }
    for (int c = 0; c < ncols; c++) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px0 + (c + 0.5) * cw, py1 + 15);
        pb_svg_text(out, collabels[c]);
        fputs("</text>\n", out);
    }
    pb_svg_axis_labels(out, f, px0, px1, py0, py1);
    /* legend: a colour bar */
    double lx = px1 + 18, lw = 14;
    fprintf(out, "<defs><linearGradient id=\"%s-grad\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">", f->id);
    for (int i = 0; i <= 8; i++) {
        char col[8];
        color(i / 8.0, col);
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
    fputs("</text>", out);
    if (vmid_text) {
        fprintf(out, "\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", lx + lw + 4, (py0 + 4 + py1) / 2 + 3.5);
        pb_svg_text(out, vmid_text);
        fputs("</text>", out);
    }
    fputs("</g>\n</svg>\n", out);
}

void pb_svg_lines(FILE *out, const pb_svg_frame *f, int npoints, const int *x, int x_left, int x_right, int xstep,
                  int nseries, const char *const *names, const double *y, double ymin, double ymax, double ystep,
                  const char *ysuffix)
{
    const double top = pb_svg_open(out, f);
    /* the legend on the right: a swatch, then the name; as wide as the longest name needs */
    double legend_w = 78;
    for (int s = 0; s < nseries; s++)
        if (32 + pb_svg_text_width(names[s], TICK_SIZE, 0) + PAD > legend_w)
            legend_w = ceil(32 + pb_svg_text_width(names[s], TICK_SIZE, 0) + PAD);
    if (nseries < 2)
        legend_w = 16;
    /* headroom: the top of the y range sits HEADROOM below the plot's top, clear of the title */
    const double px0 = pb_svg_y_axis_left(50, ymin, ymax, ystep, ysuffix, f->ylog), py0 = 28 + top + LINES_HEADROOM;
    const double px1 = f->width - legend_w, py1 = f->height - 40;
    double span = x_right - x_left;
#define XPOS(v) (px0 + ((v) - x_left) / span * (px1 - px0))
#define YPOS(v) (py1 - (ymax > ymin ? ((v) - ymin) / (ymax - ymin) : 0) * (py1 - py0))
    pb_svg_y_axis(out, px0, px1, py0, py1, ymin, ymax, ystep, ysuffix, f->ylog);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py1, px1, py1,
            AXIS_COLOR);
    int lo = x_left < x_right ? x_left : x_right, hi = x_left < x_right ? x_right : x_left;
    for (int v = lo; v <= hi; v++)
        if ((xstep > 0 && v % xstep == 0) || v == lo || v == hi) {
            /* the ends are ticked too, unless a regular tick is too close to leave room */
            if (xstep > 0 && v % xstep != 0 && ((v == lo && (lo / xstep + 1) * xstep - lo < xstep / 2.0) ||
                                   (v == hi && hi - (hi / xstep) * xstep < xstep / 2.0)))
                continue;
            double xx = XPOS((double)v);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xx, py1, xx,
                    py1 + 4, AXIS_COLOR);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%d</text>\n", xx,
                    py1 + 16, v);
        }
    for (int s = 0; s < nseries; s++) {
        fprintf(out, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s%s%s points=\"",
                pb_svg_color(names[s], s), *pb_svg_dash(s) ? " stroke-dasharray=\"" : "", pb_svg_dash(s),
                *pb_svg_dash(s) ? "\"" : "");
        for (int i = 0; i < npoints; i++)
            fprintf(out, "%s%.1f,%.1f", i ? " " : "", XPOS((double)x[i]), YPOS(y[s * npoints + i]));
        fputs("\"><title>", out);
        pb_svg_text(out, names[s]);
        fputs("</title></polyline>\n", out);
    }
    pb_svg_axis_labels(out, f, px0, px1, py0, py1);
    if (nseries > 1)
        fputs("<g class=\"legend\">", out);
    for (int s = 0; nseries > 1 && s < nseries; s++) {
        double ly = py0 + 8 + 16 * s;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"%s%s%s/>",
                px1 + 6, ly, px1 + 28, ly, pb_svg_color(names[s], s), *pb_svg_dash(s) ? " stroke-dasharray=\"" : "",
                pb_svg_dash(s), *pb_svg_dash(s) ? "\"" : "");
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", px1 + 32, ly + 3.5);
        pb_svg_text(out, names[s]);
        fputs("</text>\n", out);
    }
    fputs(nseries > 1 ? "</g>\n</svg>\n" : "</svg>\n", out);
#undef XPOS
#undef YPOS
}

void pb_svg_bars(FILE *out, const pb_svg_frame *f, int n, const int *x, const double *y, int xmin, int xmax,
                 int xstep, double ymax, double ystep, const char *ysuffix, const char *color_name,
                 const char *legend_text, const char *extra)
{
    const double top = pb_svg_open(out, f);
    /* under the title a row for the legend entry, then one for the extra text, then the plot */
    const double ey = 33 + top;
    const double px0 = pb_svg_y_axis_left(46, 0, ymax, ystep, ysuffix, 0), py0 = (extra ? ey : 20 + top) + 12;
    const double px1 = f->width - 10, py1 = f->height - 40;
    int slots = xmax - xmin + 1;
    double sw = (px1 - px0) / (slots > 0 ? slots : 1);
    pb_svg_y_axis(out, px0, px1, py0, py1, 0, ymax, ystep, ysuffix, 0);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px0, py1, px1, py1,
            AXIS_COLOR);
    for (int v = xmin; v <= xmax; v++)
        if (xstep > 0 && v % xstep == 0) {
            double xx = px0 + (v - xmin + 0.5) * sw;
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%d</text>\n", xx,
                    py1 + 16, v);
        }
    for (int i = 0; i < n; i++) {
        if (x[i] < xmin || x[i] > xmax)
            continue;
        double h = ymax > 0 ? y[i] / ymax * (py1 - py0) : 0;
        if (h > py1 - py0)
            h = py1 - py0;
        fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                px0 + (x[i] - xmin) * sw + 0.5, py1 - h, sw > 2 ? sw - 1 : sw, h, pb_svg_color(color_name, 0));
    }
    pb_svg_axis_labels(out, f, px0, px1, py0, py1);
    /* the extra text (values that are not bars) ends over the plot's right edge, or starts at
     * the margin; no legend: one series, named by the axis label */
    (void)legend_text;
    fputs("<g class=\"note\">", out);
    if (extra) {
        if (pb_svg_text_width(extra, TICK_SIZE, 0) <= px1 - PAD)
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">", px1, ey);
        else
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", PAD, ey);
        pb_svg_text(out, extra);
        fputs("</text>", out);
    }
    fputs("</g>\n</svg>\n", out);
}
