/* core/ini_source.h: an INI text read through libinih while knowing where we are: the line
 * number and raw text of the line being handled (for FILE:LINE:COL messages) and the first
 * error. Shared by the ruleset and strategy loaders.
 *
 * libinih hands the handler only (section, name, value); its line-reading callback is where
 * the line number and the raw line are kept. Lines longer than libinih's buffer and indented
 * lines (libinih would silently read them as the continuation of the previous value) are
 * refused. The first error wins, whether it is the handler's or a syntax error. */
#ifndef PB_INI_SOURCE_H
#define PB_INI_SOURCE_H

#include <ini.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define PB_INI_LINE_MAX 190  /* libinih reads at most 199 bytes a line */

typedef struct {
    const char *label;       /* the file name in messages */
    char *err;               /* the first error: "LABEL:LINE:COL: message" */
    size_t errlen;
    bool failed;
    int failed_line;
    const char *text, *cursor;
    int line;                /* the line being handled (1-based) */
    char raw[PB_INI_LINE_MAX + 16];  /* its text, without the line end */
} pb_ini_source;

void pb_ini_source_init(pb_ini_source *s, const char *text, const char *label, char *err, size_t errlen);

/* Record an error at line:col (col 0: no column; line 0: no line) unless one was recorded
 * already. Returns 0 (what a libinih handler returns to stop). */
int pb_ini_fail(pb_ini_source *s, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int pb_ini_vfail(pb_ini_source *s, int line, int col, const char *fmt, va_list ap);

/* Column (1-based) of `needle` in the current raw line; with in_value, searched after the '='.
 * Not found: the first non-blank column. */
int pb_ini_column(const pb_ini_source *s, const char *needle, bool in_value);

/* Parse the text with libinih, calling handler(user, ...). `expected` names what a line may
 * be, for the syntax error message ("'[section]', 'key = value' or a comment"). */
void pb_ini_parse(pb_ini_source *s, ini_handler handler, void *user, const char *expected);

#endif
