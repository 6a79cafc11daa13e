/* ask/ask_scan.c: the question language's words, integers, characters and columns, and its errors
 * (the first one recorded, then shown as LINE:COL with a caret under its span; did you mean). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ctl_escape.h"
#include "ask.h"
#include "ask_internal.h"

/* ---- errors ---- */
int pb_ask_fail(pb_ask_reader *r, size_t offset, size_t span, const char *fmt, ...)
{
    if (r->err->msg[0] == '\0') {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err->msg, sizeof r->err->msg, fmt, ap);
        va_end(ap);
        r->err->source = r->source;
        r->err->offset = (int)offset;
        r->err->span = (int)span;
    }
    return -1;
}

/* ---- scanning ---- */
bool pb_ask_is_word_start(int c) { return isalpha(c) || c == '_'; }
static bool is_word_char(int c) { return isalnum(c) || c == '_' || c == '-'; }

void pb_ask_skip_space(pb_ask_reader *r)
{
    while (r->s[r->pos] && isspace((unsigned char)r->s[r->pos]))
        r->pos++;
}

/* A word at pos: letters, digits, '_' and '-' (a '-' only between word characters). Words may
 * start with a digit when a letter follows ("1st"). Returns its length (0: none). */
size_t pb_ask_word_at(const char *s, size_t pos)
{
    size_t i = pos;
    if (isdigit((unsigned char)s[i])) {
        while (isdigit((unsigned char)s[i]))
            i++;
        if (!pb_ask_is_word_start((unsigned char)s[i]))
            return 0;
    } else if (!pb_ask_is_word_start((unsigned char)s[pos])) {
        return 0;
    }
    while (s[i] && (is_word_char((unsigned char)s[i]))) {
        if (s[i] == '-' && !isalnum((unsigned char)s[i + 1]) && s[i + 1] != '_')
            break;
        i++;
    }
    return i - pos;
}

bool pb_ask_word_is(const char *w, size_t n, const char *lit)
{
    return strlen(lit) == n && strncasecmp(w, lit, n) == 0;
}

/* Small edit distance (for "did you mean"): Levenshtein, capped, case-insensitive. */
int pb_ask_distance(const char *a, size_t an, const char *b, size_t bn)
{
    if (an > 40 || bn > 40)
        return 99;
    int prev[41], cur[41];
    for (size_t j = 0; j <= bn; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= an; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= bn; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            if (ca == '-')
                ca = '_';
            if (cb == '-')
                cb = '_';
            int best = prev[j - 1] + (ca != cb);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            cur[j] = best;
        }
        memcpy(prev, cur, sizeof cur);
    }
    return prev[bn];
}

/* The closest of a NULL-terminated list of names (within distance 2, or 1 for short words). */
const char *pb_ask_suggest(const char *word, size_t n, const char *const *names)
{
    const char *best = NULL;
    int bestd = n <= 3 ? 1 : 2;
    bestd++;
    for (size_t i = 0; names[i]; i++) {
        int d = pb_ask_distance(word, n, names[i], strlen(names[i]));
        if (d < bestd) {
            bestd = d;
            best = names[i];
        }
    }
    return best;
}

/* An integer at pos (optional sign): its length, or 0; the value clamped to +-100000. */
size_t pb_ask_int_at(const char *s, size_t pos, int *value)
{
    size_t i = pos;
    int sign = 1;
    if (s[i] == '-' || s[i] == '+') {
        sign = s[i] == '-' ? -1 : 1;
        i++;
    }
    if (!isdigit((unsigned char)s[i]))
        return 0;
    long v = 0;
    while (isdigit((unsigned char)s[i])) {
        if (v < 100000)
            v = v * 10 + (s[i] - '0');
        i++;
    }
    if (v > 100000)
        v = 100000;
    *value = (int)(sign * v);
    return i - pos;
}

/* ---- positions ---- */
int pb_ask_char_len(const char *s)
{
    if (!*s)
        return 0;
    unsigned char c = (unsigned char)*s;
    int n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    for (int i = 1; i < n; i++)
        if (!s[i])
            return i;
    return n;
}

/* Column (1-based, characters) of a byte offset within its line. */
int pb_ask_column(const char *s, size_t offset)
{
    size_t len = strlen(s);
    if (offset > len)
        offset = len;
    size_t start = offset;
    while (start > 0 && s[start - 1] != '\n')
        start--;
    int col = 1;
    for (size_t i = start; i < offset; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            col++;
    return col;
}

static int line_of(const char *s, size_t offset)
{
    int line = 0;
    for (size_t i = 0; i < offset && s[i]; i++)
        if (s[i] == '\n')
            line++;
    return line;
}

static const char *error_text(const pb_ask_error *err, const char *text, const pb_ask_defines *defines)
{
    if (err->source >= 0 && defines && err->source < defines->count)
        return defines->items[err->source].text;
    return text;
}

void pb_ask_error_format(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, int first_line,
                         char *buf, size_t len)
{
    const char *s = error_text(err, text, defines);
    int line = line_of(s, (size_t)err->offset) + (err->source >= 0 ? 1 : first_line);
    int col = pb_ask_column(s, (size_t)err->offset);
    if (err->source >= 0 && defines && err->source < defines->count)
        snprintf(buf, len, "--define %s: %d:%d: %s", defines->items[err->source].name, line, col, err->msg);
    else
        snprintf(buf, len, "%d:%d: %s", line, col, err->msg);
}

void pb_ask_error_context(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, char *buf,
                          size_t len)
{
    const char *s = error_text(err, text, defines);
    size_t slen = strlen(s);
    size_t off = (size_t)err->offset > slen ? slen : (size_t)err->offset;
    size_t start = off, end = off;
    while (start > 0 && s[start - 1] != '\n')
        start--;
    while (end < slen && s[end] != '\n')
        end++;
    /* the line is shown with its control bytes escaped (ctl_escape.h): the caret's column and the
     * underline count what is shown, a character (UTF-8) one column, an escape its width */
    int col = 1;
    for (size_t i = start; i < off; i++)
        if (pb_ctl_escaped((unsigned char)s[i]) || ((unsigned char)s[i] & 0xc0) != 0x80)
            col += pb_ctl_width((unsigned char)s[i]);
    /* underline: the span's characters, at least 1, not past the line */
    size_t span_end = off + (size_t)err->span;
    if (span_end > end)
        span_end = end;
    int width = 0;
    for (size_t i = off; i < span_end; i++)
        if (pb_ctl_escaped((unsigned char)s[i]) || ((unsigned char)s[i] & 0xc0) != 0x80)
            width += pb_ctl_width((unsigned char)s[i]);
    if (width < 1)
        width = 1;
    if (width > 200)
        width = 200;
    char caret[512];
    int c = 0;
    for (int i = 1; i < col && c < 300; i++)
        caret[c++] = ' ';
    caret[c++] = '^';
    for (int i = 1; i < width; i++)
        caret[c++] = '~';
    caret[c] = '\0';
    char shown[4001];
    pb_ctl_escape(s + start, end - start > 1000 ? 1000 : end - start, shown, sizeof shown);
    snprintf(buf, len, "    %s\n    %s\n", shown, caret);
}
