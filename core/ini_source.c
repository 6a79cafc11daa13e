/* core/ini_source.c: libinih with line numbers, columns and the first error (see ini_source.h). */
#include "ini_source.h"

#include <stdio.h>
#include <string.h>

void pb_ini_source_init(pb_ini_source *s, const char *text, const char *label, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->label = label;
    s->err = err;
    s->errlen = errlen;
    s->text = s->cursor = text;
}

int pb_ini_vfail(pb_ini_source *s, int line, int col, const char *fmt, va_list ap)
{
    if (s->failed)
        return 0;
    s->failed = true;
    s->failed_line = line;
    int n;
    if (line > 0 && col > 0)
        n = snprintf(s->err, s->errlen, "%s:%d:%d: ", s->label, line, col);
    else if (line > 0)
        n = snprintf(s->err, s->errlen, "%s:%d: ", s->label, line);
    else
        n = snprintf(s->err, s->errlen, "%s: ", s->label);
    if (n >= 0 && (size_t)n < s->errlen)
        vsnprintf(s->err + n, s->errlen - (size_t)n, fmt, ap);
    return 0;
}

int pb_ini_fail(pb_ini_source *s, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pb_ini_vfail(s, line, col, fmt, ap);
    va_end(ap);
    return 0;
}

int pb_ini_column(const pb_ini_source *s, const char *needle, bool in_value)
{
    const char *from = s->raw;
    if (in_value) {
        const char *eq = strchr(s->raw, '=');
        if (eq)
            from = eq + 1;
    }
    const char *hit = *needle ? strstr(from, needle) : NULL;
    if (!hit) {
        while (*from == ' ' || *from == '\t')
            from++;
        hit = from;
    }
    return (int)(hit - s->raw) + 1;
}

/* libinih's line reader: one line of the text, remembered with its number. */
static char *read_line(char *buf, int size, void *stream)
{
    pb_ini_source *s = stream;
    if (!*s->cursor)
        return NULL;
    const char *nl = strchr(s->cursor, '\n');
    size_t n = nl ? (size_t)(nl - s->cursor) + 1 : strlen(s->cursor);
    size_t copy = n < (size_t)size - 1 ? n : (size_t)size - 1;
    memcpy(buf, s->cursor, copy);
    buf[copy] = '\0';
    size_t rawcopy = n < sizeof s->raw - 1 ? n : sizeof s->raw - 1;
    memcpy(s->raw, s->cursor, rawcopy);
    s->raw[rawcopy] = '\0';
    s->raw[strcspn(s->raw, "\r\n")] = '\0';
    s->cursor += n;
    s->line++;
    const char *p = s->raw;
    while (*p == ' ' || *p == '\t')
        p++;
    if (p != s->raw && *p && *p != ';' && *p != '#')
        pb_ini_fail(s, s->line, 1, "indented line: start it at the beginning of the line "
                                   "(it would be read as the continuation of the previous value)");
    return buf;
}

void pb_ini_parse(pb_ini_source *s, ini_handler handler, void *user, const char *expected)
{
    int line = 1, col = 0;
    for (const char *p = s->text; *p && !s->failed; p++) {
        if (*p == '\n') {
            line++;
            col = 0;
        } else if (++col > PB_INI_LINE_MAX) {
            pb_ini_fail(s, line, col, "line longer than %d bytes", PB_INI_LINE_MAX);
        }
    }
    if (s->failed)
        return;
    int rc = ini_parse_stream(read_line, s, handler, user);
    if (rc > 0 && (!s->failed || rc < s->failed_line)) {
        s->failed = false;  /* libinih goes on past a syntax error: the earlier error wins */
        pb_ini_fail(s, rc, 1, "syntax error: expected %s", expected);
    } else if (rc < 0) {
        pb_ini_fail(s, 0, 0, "cannot parse (error %d)", rc);
    }
}
