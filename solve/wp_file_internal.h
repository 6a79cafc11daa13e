/* solve/wp_file_internal.h: the value file's header (wp_file_header.c), shared with the reader and
 * writer (wp_file.c). Not part of the API (see wp_file.h). */
#ifndef PB_WP_FILE_INTERNAL_H
#define PB_WP_FILE_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

/* 2: the radii by slice and togo; 3: the solve's figures (stats); 4: the header and every block under
 * a checksum (the trailer), the reachable states; 5: the extra-play layers' headline values and the
 * play cells (a moment not kept is recomputed from them: solve/wp_moment.c) */
#define PB_WP_MAGIC "PBWP 5\n"
#define PB_WP_HEADER_LINES 13   /* the magic, 3 of fingerprint, 8 fields, "end" */
#define PB_WP_HEADER_MAX 4096

/* The header's fields after the fingerprint. */
typedef struct {
    int S, T, E, P, downs, full;
    int last;   /* full 0 and last K > 0: half 2's last K cards kept whole (the line "full last K") */
    int layers;
    double states, max_gap, max_exploit, epsilon;
    size_t payload;
} pb_wp_fields;

/* The header's text: the magic, the fingerprint fp (pb_wp_file_fingerprint), the fields, "end".
 * Its length, or -1 when it does not fit. */
int pb_wp_header_text(const char *fp, const pb_wp_fields *x, char *buf, size_t len);
/* The header's lines after the fingerprint (p: the "lead_cap" line), every field in its range and
 * written as the writer writes it (the caller then compares the whole header with
 * pb_wp_header_text's). 0, or -1 with the bad field's name in *bad. */
int pb_wp_header_parse(const char *p, pb_wp_fields *x, const char **bad);
/* The header as bytes: PB_WP_HEADER_LINES lines, at most PB_WP_HEADER_MAX - 1 bytes, NUL-ended. Its
 * length, or -1 (too short, too long, or a NUL byte in it: buf then holds what came before). */
long pb_wp_header_read(FILE *f, char *buf);

#endif
