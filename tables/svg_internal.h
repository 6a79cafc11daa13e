/* tables/svg_internal.h: what the chart files share (tables/svg.c, tables/svg_grid.c): the
 * frame, the axes and the layout constants. Not part of any interface beyond tables/. */
#ifndef PB_SVG_INTERNAL_H
#define PB_SVG_INTERNAL_H

#include <stdio.h>

#include "svg.h"

#define PB_SVG_FONT "font-family=\"sans-serif\""
#define PB_SVG_AXIS_COLOR "#444"
#define PB_SVG_PAD 6.0          /* the blank margin inside a chart's edges */
#define PB_SVG_TICK_SIZE 10.0   /* tick labels and legends */
#define PB_SVG_YLABEL_BAND 18.0 /* the rotated y-axis label, at x = 12, reaches x = 15; then a gap */

/* Opens the chart (the <svg>, the background, the title); returns how far the title reaches
 * below its one-line place: the marks move down by that much. */
double pb_svg_open(FILE *out, const pb_svg_frame *f);
/* The x label centred under [px0, px1], the y label rotated beside [py0, py1]. */
void pb_svg_axis_labels(FILE *out, const pb_svg_frame *f, double px0, double px1, double py0, double py1);
/* The left edge of a plot with a y axis from ymin to ymax: room for the axis label, then the
 * widest tick label, and at least `least`. ylog: the values are powers of ten (labelled 10^v). */
double pb_svg_y_axis_left(double least, double ymin, double ymax, double ystep, const char *suffix, int ylog);
/* The y axis with grid lines and tick labels from ymin to ymax every ystep (ylog as above). */
void pb_svg_y_axis(FILE *out, double px0, double px1, double py0, double py1, double ymin, double ymax, double ystep,
                   const char *suffix, int ylog);

#endif
