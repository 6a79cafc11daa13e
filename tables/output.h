/* tables/output.h: writing the tables and the report into a directory.
 *
 * Each table goes to DIR/ID.EXT for each format asked (txt, md, csv, tex); with tex also
 * DIR/tables.tex, a LaTeX document that \input's every table written; with html,
 * DIR/report.html. Every file is rendered in memory and written atomically (temporary file,
 * then rename), so a failure never leaves a half-written file behind. */
#ifndef PB_TABLE_OUTPUT_H
#define PB_TABLE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "build.h"
#include "data.h"

/* Does id match one of the comma-separated shell patterns of `only` (NULL matches all)? */
bool pb_table_selected(const char *only, const char *id);

/* Writes the files; `only` selects tables by id (NULL: all) and the report by the id
 * "report". Returns the number of files written, or -1 and a message naming the file. */
int pb_table_output(const pb_table_data *d, const pb_table_list *l, unsigned formats, const char *dir,
                    const char *only, char *err, size_t errlen);

/* Render one table in one format into a malloc'd string (*len set); NULL on failure. */
char *pb_table_render(const pb_table *t, pb_table_format f, size_t *len);

#endif
