/* tune/tune_key.c: the varied keys: `--vary KEY=VALUES` read, and a combination of values put
 * into the base ruleset's text (the file format of pb_ruleset_write, one `key = value` line per
 * key) and read back by the ruleset loader. A key is a line that `rules show` prints: the edit
 * replaces that line's value and nothing else, so the loader alone decides what a value means and
 * whether it is allowed. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "switches.h"
#include "tune_internal.h"

/* src into dst (cap bytes), cut to fit. */
static void cut(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memmove(dst, src, n);
    dst[n] = '\0';
}

static bool whole_number(const char *s, long *out)
{
    if (!*s || isspace((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

static void trim(char *s)
{
    size_t n = strlen(s), a = 0;
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    while (isspace((unsigned char)s[a]))
        a++;
    memmove(s, s + a, n - a + 1);
}

/* Does the text have a line `key = ...` in section `sec` (compared without case)? Its value's
 * copy into val when so. */
static bool find_line(const char *text, const char *sec, const char *key, char *val, size_t vlen)
{
    bool in = false;
    size_t klen = strlen(key);
    for (const char *at = text; *at;) {
        const char *nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        if (n && at[0] == '[') {
            const char *close = memchr(at, ']', n);
            in = close && (size_t)(close - at - 1) == strlen(sec) && strncasecmp(at + 1, sec, strlen(sec)) == 0;
        } else if (in && n > klen + 2 && strncasecmp(at, key, klen) == 0 && strncmp(at + klen, " = ", 3) == 0) {
            snprintf(val, vlen, "%.*s", (int)(n - klen - 3), at + klen + 3);
            return true;
        }
        at += n + (nl != NULL);
    }
    return false;
}

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* KEY into section and key, as the written file spells them. */
static int read_key(pb_tune *t, const char *name, size_t n, pb_tune_key *k, char *err, size_t errlen)
{
    char buf[128], val[256];
    if (n == 0 || n >= sizeof buf)
        return fail(err, errlen, "--vary: '%.*s' is not a key (section.key, as 'paperbowl rules show' prints it: "
                    "pat.kick_at_least, punt.distance, 'defense 5.run'; a switch by its id: END-LINE)", (int)n, name);
    memcpy(buf, name, n);
    buf[n] = '\0';
    trim(buf);
    char *dot = strchr(buf, '.');
    if (!dot) {
        const pb_switch_info *sw = NULL;
        char up[64];
        cut(up, sizeof up, buf);
        for (char *c = up; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        sw = pb_switch_find(up);
        if (!sw)
            return fail(err, errlen, "--vary: unknown key '%s' (section.key, as 'paperbowl rules show' prints it, "
                        "or a switch's id: 'paperbowl rules switches')", buf);
        snprintf(k->section, sizeof k->section, "switches");
        snprintf(k->key, sizeof k->key, "%s", sw->id);
        snprintf(k->name, sizeof k->name, "%s", sw->id);
    } else {
        *dot = '\0';
        char sec[64], key[64];
        cut(sec, sizeof sec, buf);
        cut(key, sizeof key, dot + 1);
        trim(sec);
        trim(key);
        int card;
        char extra;
        if (sscanf(sec, "card %d%c", &card, &extra) == 1 && card >= 1 && card <= 99)
            snprintf(sec, sizeof sec, "card %02d", card);
        for (char *c = sec; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        if (strcmp(sec, "switches") != 0)
            for (char *c = key; *c; c++)
                *c = (char)tolower((unsigned char)*c);
        else
            for (char *c = key; *c; c++)
                *c = (char)toupper((unsigned char)*c);
        if (strcmp(sec, "ruleset") == 0)
            return fail(err, errlen, "--vary: '%s.%s' is the ruleset's name, not a rule", sec, key);
        snprintf(k->section, sizeof k->section, "%s", sec);
        snprintf(k->key, sizeof k->key, "%s", key);
        if (strcmp(sec, "switches") == 0)
            snprintf(k->name, sizeof k->name, "%s", key);
        else
            snprintf(k->name, sizeof k->name, "%s.%s", sec, key);
    }
    if (!find_line(t->base_text, k->section, k->key, val, sizeof val))
        return fail(err, errlen, "--vary: unknown key '%s' (section.key, as 'paperbowl rules show' prints it: "
                    "pat.kick_at_least, punt.distance, 'defense 5.run')", k->name);
    for (int i = 0; i < t->nkeys; i++)
        if (strcmp(t->key[i].name, k->name) == 0)
            return fail(err, errlen, "--vary: '%s' is varied twice", k->name);
    return 0;
}

static int add_value(pb_tune_key *k, const char *v, size_t n, char *err, size_t errlen)
{
    char buf[PB_TUNE_VALUE_LEN + 8];
    if (n >= PB_TUNE_VALUE_LEN)
        return fail(err, errlen, "--vary %s: the value '%.*s' is too long", k->name, (int)n, v);
    memcpy(buf, v, n);
    buf[n] = '\0';
    trim(buf);
    if (!buf[0])
        return fail(err, errlen, "--vary %s: an empty value", k->name);
    if (strpbrk(buf, "\n\r;#[]"))
        return fail(err, errlen, "--vary %s: '%s': a value may not hold a line end, ';', '#', '[' or ']'", k->name, buf);
    if (k->n >= PB_TUNE_VALUES_MAX)
        return fail(err, errlen, "--vary %s: too many values (at most %d)", k->name, PB_TUNE_VALUES_MAX);
    for (int i = 0; i < k->n; i++)
        if (strcmp(k->value[i], buf) == 0)
            return fail(err, errlen, "--vary %s: the value '%s' is given twice", k->name, buf);
    cut(k->value[k->n++], PB_TUNE_VALUE_LEN, buf);
    return 0;
}

int pb_tune_vary(pb_tune *t, const char *spec, char *err, size_t errlen)
{
    if (t->nkeys >= PB_TUNE_KEYS_MAX)
        return fail(err, errlen, "--vary: too many keys (at most %d)", PB_TUNE_KEYS_MAX);
    const char *eq = strchr(spec, '=');
    if (!eq)
        return fail(err, errlen, "--vary: '%s' must be KEY=VALUES (KEY=LO..HI[/STEP], KEY=a,b,c or "
                    "KEY={a|b|c})", spec);
    pb_tune_key *k = &t->key[t->nkeys];
    memset(k, 0, sizeof *k);
    if (read_key(t, spec, (size_t)(eq - spec), k, err, errlen) != 0)
        return -1;
    const char *v = eq + 1;
    size_t vn = strlen(v);
    const char *dots = strstr(v, "..");
    if (vn >= 2 && v[0] == '{' && v[vn - 1] == '}') {
        const char *at = v + 1, *end = v + vn - 1;
        for (;;) {
            const char *bar = memchr(at, '|', (size_t)(end - at));
            const char *stop = bar ? bar : end;
            if (add_value(k, at, (size_t)(stop - at), err, errlen) != 0)
                return -1;
            if (!bar)
                break;
            at = bar + 1;
        }
    } else if (dots && v[0] != '{') {
        char lo_s[64], hi_s[64], step_s[64] = "1";
        const char *slash = strchr(dots, '/');
        snprintf(lo_s, sizeof lo_s, "%.*s", (int)(dots - v), v);
        if (slash) {
            snprintf(hi_s, sizeof hi_s, "%.*s", (int)(slash - dots - 2), dots + 2);
            snprintf(step_s, sizeof step_s, "%s", slash + 1);
        } else {
            snprintf(hi_s, sizeof hi_s, "%s", dots + 2);
        }
        long lo, hi, step;
        if (!whole_number(lo_s, &lo) || !whole_number(hi_s, &hi) || !whole_number(step_s, &step))
            return fail(err, errlen, "--vary %s: '%s' is not a range of whole numbers LO..HI[/STEP]", k->name, v);
        if (step <= 0)
            return fail(err, errlen, "--vary %s: '%s': the step must be at least 1", k->name, v);
        if (lo > hi)
            return fail(err, errlen, "--vary %s: the range '%s' has no values (%ld is above %ld)", k->name, v, lo, hi);
        if ((hi - lo) / step + 1 > PB_TUNE_VALUES_MAX)
            return fail(err, errlen, "--vary %s: the range '%s' has too many values (at most %d)", k->name, v,
                        PB_TUNE_VALUES_MAX);
        for (long x = lo; x <= hi; x += step) {
            char b[32];
            int n = snprintf(b, sizeof b, "%ld", x);
            if (add_value(k, b, (size_t)n, err, errlen) != 0)
                return -1;
            if (x > LONG_MAX - step)
                break;
        }
    } else {
        if (!*v)
            return fail(err, errlen, "--vary %s: no values (give LO..HI, a,b,c or {a|b|c})", k->name);
        for (const char *at = v;;) {
            const char *comma = strchr(at, ',');
            size_t n = comma ? (size_t)(comma - at) : strlen(at);
            if (add_value(k, at, n, err, errlen) != 0)
                return -1;
            if (!comma)
                break;
            at = comma + 1;
        }
    }
    k->numeric = true;
    for (int i = 0; i < k->n; i++)
        if (!whole_number(k->value[i], &k->num[i]))
            k->numeric = false;
    t->nkeys++;
    return 0;
}

void pb_tune_row_index(const pb_tune *t, long r, int *idx)
{
    for (int k = t->nkeys - 1; k >= 0; k--) {
        idx[k] = (int)(r % t->key[k].n);
        r /= t->key[k].n;
    }
}

char *pb_tune_edit(const pb_tune *t, const int *idx)
{
    size_t cap = strlen(t->base_text) + (size_t)t->nkeys * (PB_TUNE_VALUE_LEN + 8) + 1;
    char *out = malloc(cap), *w = out;
    if (!out)
        return NULL;
    char sec[64] = "";
    for (const char *at = t->base_text; *at;) {
        const char *nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        bool done = false;
        if (n && at[0] == '[') {
            const char *close = memchr(at, ']', n);
            size_t sn = close ? (size_t)(close - at - 1) : 0;
            if (sn >= sizeof sec)
                sn = sizeof sec - 1;
            memcpy(sec, at + 1, sn);
            sec[sn] = '\0';
        } else {
            for (int k = 0; k < t->nkeys && !done; k++) {
                const pb_tune_key *key = &t->key[k];
                size_t kl = strlen(key->key);
                if (strcasecmp(sec, key->section) == 0 && n > kl + 2 && strncasecmp(at, key->key, kl) == 0 &&
                    strncmp(at + kl, " = ", 3) == 0) {
                    w += sprintf(w, "%.*s%s\n", (int)(kl + 3), at, key->value[idx[k]]);
                    done = true;
                }
            }
        }
        if (!done) {
            memcpy(w, at, n);
            w += n;
            *w++ = '\n';
        }
        at += n + (nl != NULL);
    }
    *w = '\0';
    return out;
}

void pb_tune_combo_label(const pb_tune *t, const int *idx, char *buf, size_t len)
{
    size_t u = 0;
    buf[0] = '\0';
    for (int k = 0; k < t->nkeys && u < len; k++) {
        int n = snprintf(buf + u, len - u, "%s%s=%s", k ? ", " : "", t->key[k].name, t->key[k].value[idx[k]]);
        if (n < 0)
            break;
        u += (size_t)n;
    }
}

int pb_tune_load(const pb_tune *t, const char *text, const int *idx, pb_ruleset *rs, char *err, size_t errlen)
{
    char msg[PB_ERR_MAX], combo[512];
    pb_tune_combo_label(t, idx, combo, sizeof combo);
    if (pb_ruleset_parse(rs, text, "tune", msg, sizeof msg) != 0) {
        /* "tune:LINE:COL: message": the place is in the generated text, not the user's */
        const char *m = msg;
        if (strncmp(m, "tune:", 5) == 0) {
            m += 5;
            while (*m && (isdigit((unsigned char)*m) || *m == ':'))
                m++;
            while (*m == ' ')
                m++;
        }
        return fail(err, errlen, "--vary: %s: the ruleset refuses it: %s", combo, m);
    }
    /* the name is the base's; the source tells this ruleset apart (the drive solver's cache) */
    cut(rs->name, sizeof rs->name, t->base.name);
    char fp[1024];
    uint64_t h = 14695981039346656037ull;
    for (const char *c = text; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    snprintf(fp, sizeof fp, "%s with %s #%016llx", t->base.name, combo, (unsigned long long)h);
    cut(rs->source, sizeof rs->source, fp);
    if (strlen(fp) >= sizeof rs->source)   /* keep the hash when the label is cut */
        snprintf(rs->source + sizeof rs->source - 18, 18, "#%016llx", (unsigned long long)h);
    return 0;
}
