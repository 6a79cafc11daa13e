/* core/ruleset_name.c: a ruleset read from a file is named by its file when it calls itself by an
 * embedded ruleset's name but differs from it (ruleset.h, pb_ruleset_name_by_file): the file
 * `rules show > my.ini` wrote, then edited, becomes "my", "based on v1.11-ja", so that two
 * different rulesets never share a name (in headers, value files, reports). The comparison is on
 * the canonical text (pb_ruleset_write) without its comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"

/* The canonical text of rs without comment lines (malloc'd), or NULL. */
static char *canonical(const pb_ruleset *rs)
{
    char *text = NULL, *out;
    size_t n = 0;
    FILE *mem = open_memstream(&text, &n);
    if (!mem)
        return NULL;
    pb_ruleset_write(rs, mem);
    if (fclose(mem) != 0 || !(out = malloc(n + 1))) {
        free(text);
        return NULL;
    }
    size_t k = 0;
    for (char *line = text; line < text + n;) {
        char *end = memchr(line, '\n', (size_t)(text + n - line));
        size_t len = end ? (size_t)(end - line) + 1 : (size_t)(text + n - line);
        if (line[0] != ';' && line[0] != '#') {
            memcpy(out + k, line, len);
            k += len;
        }
        line += len;
    }
    out[k] = '\0';
    free(text);
    return out;
}

int pb_ruleset_name_by_file(pb_ruleset *rs, const char *path)
{
    if (pb_ruleset_builtin_text(path) || !pb_ruleset_builtin_text(rs->name))
        return 0;   /* an embedded ruleset, or a file with a name of its own */
    pb_ruleset *base = malloc(sizeof *base);
    char err[256];
    if (!base)
        return -1;
    if (pb_ruleset_load(base, rs->name, err, sizeof err) != 0) {
        free(base);
        return -1;
    }
    char *a = canonical(rs), *b = canonical(base);
    int rc = a && b ? 0 : -1, same = a && b && strcmp(a, b) == 0;
    free(a);
    free(b);
    free(base);
    if (rc != 0 || same)
        return rc;
    /* the file's name without its folder and extension, [A-Za-z0-9._-] kept */
    char based[PB_NAME_MAX], stem[PB_NAME_MAX];
    snprintf(based, sizeof based, "%s", rs->name);
    const char *slash = strrchr(path, '/'), *from = slash ? slash + 1 : path, *dot = strrchr(from, '.');
    size_t len = dot && dot > from ? (size_t)(dot - from) : strlen(from), k = 0;
    for (size_t i = 0; i < len && k + 1 < sizeof stem; i++) {
        char c = from[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
                 c == '_';
        stem[k++] = ok ? c : '_';
    }
    stem[k] = '\0';
    if (!k || pb_ruleset_builtin_text(stem))   /* "v1.11-ja.ini", edited: not the embedded name */
        snprintf(rs->name, sizeof rs->name, "%.*s-edited", (int)(sizeof rs->name - 8), k ? stem : "ruleset");
    else
        snprintf(rs->name, sizeof rs->name, "%s", stem);
    char source[sizeof rs->source];
    snprintf(source, sizeof source, "%s", rs->source);
    size_t u = strlen(source) < sizeof rs->source - sizeof based - 12 ? strlen(source) : sizeof rs->source - sizeof based - 12;
    memcpy(rs->source, source, u);
    rs->source[u] = '\0';
    strcat(rs->source, ", based on ");
    strcat(rs->source, based);
    return 0;
}
