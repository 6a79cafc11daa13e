/* tables/svg.h: the report's charts as inline SVG: a heatmap, a line chart, a bar chart, a
 * categorical grid and stacked bars.
 *
 * Every chart has a title, labelled axes (units in the label) and a legend, and a fixed size
 * in its width/height attributes. Values only place marks (a double is fine for pixels); every
 * number printed on a chart comes in as text, already correctly rounded by the caller.
 * Output is deterministic: the same inputs give the same bytes. */
#ifndef PB_SVG_H
#define PB_SVG_H

#include <stdio.h>

/* The colour of a meaning, by its legend name (case ignored: "Field goal" is "field goal"):
 * one colour per meaning across the report, colour-blind safe (Okabe-Ito and Paul Tol's
 * sets). A name in another language is its legend name there, the catalogue's translation of the
 * English one in context "legend" (pb_msgc(lang, "legend", "go for it")). A name without a colour
 * of its own is item i of an ordered series (a down, a defense card): a shade of grey, dark to light. */
const char *pb_svg_color(const char *name, int i);
/* The dash pattern of line i of a chart ("" solid): lines are told apart without colour. */
const char *pb_svg_dash(int i);
/* The palette as a JSON object {name: colour} (the explorer colours its outcomes by it). */
void pb_svg_palette_json(FILE *out);
/* A heat map's colour for t in [0, 1]: grey, light (0) to dark (1), so that no hue means a value
 * in one chart and a call or an outcome in another; buf of at least 8 bytes ("#rrggbb"). */
void pb_svg_seq_color(double t, char *buf);
/* The same grey ramp for a signed scale (0.5: the value 0); the cells' signed texts tell the sides. */
void pb_svg_div_color(double t, char *buf);

/* A chart's title is centred at the top and broken into lines at spaces where it is wider
 * than the chart (less a margin); the marks move down to make room. Charts shown side by
 * side with titles of different lengths set title_lines to the most any of them needs
 * (pb_svg_title_lines), so their plots line up; 0 takes what the title needs. */
typedef struct {
    const char *id;       /* element id */
    const char *title;
    const char *xlabel, *ylabel;
    int width, height;
    int title_lines;      /* at least this many lines for the title (0: as many as it needs) */
    int ylog;             /* line charts: the y values are log10 of the quantity; ticks read 10^v */
} pb_svg_frame;

/* The lines the frame's title needs at its width (at least 1; title_lines is not counted). */
int pb_svg_title_lines(const pb_svg_frame *f);
/* The width in pixels of s at font size `size`, bold or not, by the metrics of DejaVu Sans
 * (wider than Arial, Helvetica, Segoe UI): the charts size their margins, legends and title
 * lines with it, so that no text is cut off or runs into another one. */
double pb_svg_text_width(const char *s, double size, int bold);

/* A heatmap of nrows x ncols cells (row-major): colour from value in [vmin, vmax], each cell
 * labelled with text[i]. The legend is a colour bar from vmin_text to vmax_text, titled
 * legend_title. With vmid_text (not NULL) the scale is diverging (pb_svg_div_color) and
 * vmid_text labels its middle; else sequential (pb_svg_seq_color). */
void pb_svg_heatmap(FILE *out, const pb_svg_frame *f, int nrows, const char *const *rowlabels, int ncols,
                    const char *const *collabels, const double *value, const char *const *text, double vmin,
                    double vmax, const char *vmin_text, const char *vmax_text, const char *vmid_text,
                    const char *legend_title);
/* The same, each cell's tooltip written by tip_format (printf, three %s: the row's label, the
 * column's, the cell's text; pb_svg_heatmap's is "%s vs %s: %s"), so that a report in another
 * language words it its own way. */
void pb_svg_heatmap_tips(FILE *out, const pb_svg_frame *f, int nrows, const char *const *rowlabels, int ncols,
                         const char *const *collabels, const double *value, const char *const *text, double vmin,
                         double vmax, const char *vmin_text, const char *vmax_text, const char *vmid_text,
                         const char *legend_title, const char *tip_format);

/* Lines: nseries series over npoints x values (x[i] in the given order, drawn left to right
 * from x_left to x_right, which may be reversed), y[s * npoints + i] in [ymin, ymax] (ymin a
 * multiple of ystep); ticks every xstep on x and ystep on y (labelled with the number and
 * ysuffix; the zero line drawn as an axis). Series s is drawn in pb_svg_color(names[s], s)
 * with the dash pattern pb_svg_dash(s), so the lines are told apart in grey too. The legend
 * lists the series when there are two or more (one series: the axis label says what it is).
 * The plot keeps a band of headroom above ymax, so a line at ymax stays clear of the title.
 * x ticks every xstep, and at the two ends of the x range. */
void pb_svg_lines(FILE *out, const pb_svg_frame *f, int npoints, const int *x, int x_left, int x_right, int xstep,
                  int nseries, const char *const *names, const double *y, double ymin, double ymax, double ystep,
                  const char *ysuffix);

/* Bars at integer positions x[i] (from xmin to xmax, one slot per unit) with heights y[i] in
 * [0, ymax], in the colour of color_name (pb_svg_color); no legend (one series: the axis label
 * says what the bars are), and an extra line of text under the title (may be NULL) for values that
 * are not bars. legend_text is unused (kept for the callers). */
void pb_svg_bars(FILE *out, const pb_svg_frame *f, int n, const int *x, const double *y, int xmin, int xmax,
                 int xstep, double ymax, double ystep, const char *ysuffix, const char *color_name,
                 const char *legend_text, const char *extra);

/* A categorical grid: nrows x ncols cells (row-major), cell i filled opaque with the colour of
 * names[cat[i]] (pb_svg_color; cat[i] < 0: no cell), with class "cell", attributes
 * data-row="rowkey[r]", data-col="colkey[c]", data-cat="names[cat[i]]" and a tooltip (<title>)
 * tip[i]. mark (may be NULL): cells with mark[i] get a ring in their centre (class "mark"), and
 * the legend ends with a ring labelled mark_label. Rows are labelled where rowlabels[r] is not
 * NULL, columns by collabels[c] under the grid (an empty label: no tick). The legend (right): a
 * swatch and a name per category that has a cell, under legend_title. celltext (may be NULL, and
 * an entry NULL or empty) is written in the cells, at one font size that fits them all, never
 * under 9 pixels (the chart is drawn wider or taller to make room; f->width and f->height are the
 * least size). The SVG's width and height attributes give the size drawn. */
void pb_svg_grid(FILE *out, const pb_svg_frame *f, int nrows, const int *rowkey, const char *const *rowlabels,
                 int ncols, const int *colkey, const char *const *collabels, const int *cat, const char *const *tip,
                 const unsigned char *mark, const char *mark_label, const char *const *celltext, int ncats,
                 const char *const *names, const char *legend_title);

/* Stacked bars of shares: npoints bars at x[i] (drawn left to right in the given order,
 * x_left first), each the nseries shares y[s * npoints + i] (in percent, summing to 100)
 * stacked bottom up in series order, coloured by pb_svg_color(names[s], s); x ticks where
 * x % xstep == 0; each bar a group with the tooltip tip[i]. Legend (right): a swatch and a
 * name per series that has a band, top down in stacking order reversed (as the bands appear). */
void pb_svg_stacked(FILE *out, const pb_svg_frame *f, int npoints, const int *x, int xstep, int nseries,
                    const char *const *names, const double *y, const char *const *tip);

/* Write text escaped for XML. */
void pb_svg_text(FILE *out, const char *s);

#endif
