/* serve/serve_req.c: the decoding of the workbench's requests: a body's JSON, the edited ruleset
 * (the form's [section, key, value] triples, or an uploaded file's text) assembled into ruleset
 * text for the loader, query numbers, the language, the token's cookie. No I/O and no globals:
 * tests/fuzz/fuzz_serve.c feeds it arbitrary bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve_internal.h"

json_t *pb_serve_body_parse(const char *body, size_t len, char *err, size_t errlen)
{
    json_error_t je;
    json_t *j = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        snprintf(err, errlen, "the request is not JSON: %s (line %d, column %d)", je.text, je.line, je.column);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        snprintf(err, errlen, "the request is not a JSON object");
        return NULL;
    }
    return j;
}

/* A key or section name may hold [A-Za-z0-9_ -] (the switches are END-LINE, ...); a value any printable text but no control byte
 * (a newline would start another line of the file) and no ';' or '#' (a comment). */
static bool name_ok(const char *s, size_t n)
{
    if (n == 0 || n > 40)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
              ch == ' ' || ch == '-'))
            return false;
    }
    return s[0] != ' ' && s[n - 1] != ' ';
}

static bool value_ok(const char *s, size_t n)
{
    if (n > 200 || strlen(s) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20 || ch == 0x7f || ch == ';' || ch == '#' || ch == '[' || ch == ']' || ch == '=')
            return false;
    }
    return true;
}

typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
} strbuf;

static void put(strbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t nc = (b->len + n + 1) * 2;
        char *g = realloc(b->buf, nc);
        if (!g) {
            b->failed = true;
            return;
        }
        b->buf = g;
        b->cap = nc;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = 0;
}

int pb_serve_ruleset_decode(const json_t *body, pb_serve_ruleset_text *rt, bool *too_large, char *err, size_t errlen)
{
    memset(rt, 0, sizeof *rt);
    *too_large = false;
    const json_t *text = json_object_get(body, "text");
    const json_t *edits = json_object_get(body, "edits");
    if (text && edits) {
        snprintf(err, errlen, "give the ruleset as \"edits\" or as \"text\", not both");
        return -1;
    }
    if (text) {
        if (!json_is_string(text)) {
            snprintf(err, errlen, "\"text\" must be the ruleset file's text");
            return -1;
        }
        size_t n = json_string_length(text);
        if (n > PB_SERVE_RULESET_MAX) {
            *too_large = true;
            snprintf(err, errlen, "the ruleset is too large (%zu bytes; at most %u)", n, PB_SERVE_RULESET_MAX);
            return -1;
        }
        if (strlen(json_string_value(text)) != n) {
            snprintf(err, errlen, "the ruleset's text holds a NUL byte");
            return -1;
        }
        if (!(rt->text = strdup(json_string_value(text)))) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        return 0;
    }
    if (!json_is_array(edits)) {
        snprintf(err, errlen, "give the ruleset: \"edits\": [[section, key, value], ...] or \"text\": its file");
        return -1;
    }
    size_t n = json_array_size(edits);
    if (n == 0 || n > PB_SERVE_EDITS_MAX) {
        snprintf(err, errlen, "\"edits\": give 1 to %d [section, key, value] triples", PB_SERVE_EDITS_MAX);
        return -1;
    }
    if (!(rt->line_edit = malloc(2 * n * sizeof *rt->line_edit))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    strbuf b = {0};
    const char *section = NULL;
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(edits, i);
        const json_t *js = json_array_get(e, 0), *jk = json_array_get(e, 1), *jv = json_array_get(e, 2);
        if (!json_is_array(e) || json_array_size(e) != 3 || !json_is_string(js) || !json_is_string(jk) ||
            !json_is_string(jv)) {
            snprintf(err, errlen, "\"edits\" item %zu: not a [section, key, value] triple of strings", i + 1);
            goto fail;
        }
        const char *sv = json_string_value(js), *kv = json_string_value(jk), *vv = json_string_value(jv);
        if (!name_ok(sv, json_string_length(js)) || !name_ok(kv, json_string_length(jk))) {
            snprintf(err, errlen, "\"edits\" item %zu: a section or key the ruleset cannot have", i + 1);
            goto fail;
        }
        if (!value_ok(vv, json_string_length(jv))) {
            snprintf(err, errlen, "[%s] %s: the value may not hold a line break, control byte or ; # [ ] = "
                                  "(at most 200 characters)", sv, kv);
            goto fail;
        }
        if (!section || strcmp(section, sv) != 0) {
            put(&b, "[", 1);
            put(&b, sv, strlen(sv));
            put(&b, "]\n", 2);
            rt->line_edit[rt->nlines++] = -1;
            section = sv;
        }
        put(&b, kv, strlen(kv));
        put(&b, " = ", 3);
        put(&b, vv, strlen(vv));
        put(&b, "\n", 1);
        rt->line_edit[rt->nlines++] = (int)i;
        if (b.len > PB_SERVE_RULESET_MAX) {
            *too_large = true;
            snprintf(err, errlen, "the ruleset is too large (at most %u bytes)", PB_SERVE_RULESET_MAX);
            goto fail;
        }
    }
    if (b.failed) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    rt->text = b.buf;
    rt->edits = (json_t *)edits;
    return 0;
fail:
    free(b.buf);
    pb_serve_ruleset_text_release(rt);
    return -1;
}

void pb_serve_ruleset_text_release(pb_serve_ruleset_text *rt)
{
    free(rt->text);
    free(rt->line_edit);
    memset(rt, 0, sizeof *rt);
}

int pb_serve_error_line(const char *err)
{
    /* "LABEL:LINE:COL: message" */
    const char *p = strchr(err, ':');
    if (!p)
        return 0;
    char *end;
    long line = strtol(p + 1, &end, 10);
    return end != p + 1 && *end == ':' && line > 0 && line < 1000000 ? (int)line : 0;
}

int pb_serve_query_long(const char *text, long lo, long hi, long *out)
{
    if (!text || !*text || strlen(text) > 18)
        return -1;
    long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

pb_lang pb_serve_lang(const char *query_lang, const char *accept)
{
    pb_lang l;
    if (query_lang && pb_lang_parse(query_lang, &l) == 0)
        return l;
    /* Accept-Language: "ja,en-US;q=0.9": the first listed of ours (the list's order; weights
     * are in the same order in every browser's own header) */
    for (const char *p = accept; p && *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (strncasecmp(p, "ja", 2) == 0 && (p[2] == 0 || p[2] == '-' || p[2] == ';' || p[2] == ','))
            return PB_LANG_JA;
        if (strncasecmp(p, "en", 2) == 0 && (p[2] == 0 || p[2] == '-' || p[2] == ';' || p[2] == ','))
            return PB_LANG_EN;
        p = strchr(p, ',');
    }
    return PB_LANG_EN;
}

int pb_serve_secret_cmp(const char *given, const char *secret)
{
    size_t n = strlen(secret), g = strlen(given);
    unsigned char diff = (unsigned char)(g != n);
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(secret[i] ^ (i < g ? given[i] : 0));
    return diff ? -1 : 0;
}

int pb_serve_cookie(const char *header, const char *name, char *buf, size_t len)
{
    size_t nl = strlen(name);
    for (const char *p = header; p && *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        const char *end = strchr(p, ';');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > nl && strncmp(p, name, nl) == 0 && p[nl] == '=') {
            size_t v = n - nl - 1;
            if (v >= len)
                return -1;
            memcpy(buf, p + nl + 1, v);
            buf[v] = 0;
            return 0;
        }
        p = end;
    }
    return -1;
}

char *pb_serve_error_json(const char *msg)
{
    json_t *j = json_pack("{s:s}", "error", msg);
    char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return t;
}
