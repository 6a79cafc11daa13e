/* ask/ask_weight.c: --weight files: how much each value of a dimension counts when a
 * question averages over it.
 *
 *     # field positions as often as drives see them (any scale: weights are normalized)
 *     togo=1..20   3
 *     togo=21..50  2
 *     togo=51..99  1
 *     defense=4    1/2
 *
 * A line is DIM=VALUES WEIGHT: VALUES as in a question (a value, list or range, read by the
 * question's own readers), WEIGHT a non-negative integer, decimal (0.25) or fraction (1/3),
 * exact. A value of a named dimension that the file does not list weighs 0. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ask_internal.h"
#include "textfile.h"

void pb_ask_weights_init(pb_ask_weights *w)
{
    memset(w, 0, sizeof *w);
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_init(w->w[d][i]);
}

void pb_ask_weights_release(pb_ask_weights *w)
{
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        for (int i = 0; i < PB_ASK_VALUES_MAX; i++)
            mpq_clear(w->w[d][i]);
}

/* An exact non-negative number: 3, 0.25, 1/3. 0 or -1. */
static int parse_weight(const char *s, size_t n, mpq_t out)
{
    char buf[80];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    const char *slash = strchr(buf, '/'), *dot = strchr(buf, '.');
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)buf[i]) && buf + i != slash && buf + i != dot)
            return -1;
    if (slash && dot)
        return -1;
    if (slash) {
        if (slash == buf || !slash[1] || strchr(slash + 1, '/'))
            return -1;
        if (mpq_set_str(out, buf, 10) != 0 || mpz_sgn(mpq_denref(out)) == 0)
            return -1;
        mpq_canonicalize(out);
        return 0;
    }
    if (dot) {
        if (strchr(dot + 1, '.') || (dot == buf && !dot[1]))
            return -1;
        size_t places = strlen(dot + 1);
        char digits[80];
        snprintf(digits, sizeof digits, "%.*s%s", (int)(dot - buf), buf, dot + 1);
        if (!digits[0])
            return -1;
        mpz_set_str(mpq_numref(out), digits, 10);
        mpz_ui_pow_ui(mpq_denref(out), 10, places);
        mpq_canonicalize(out);
        return 0;
    }
    return mpz_set_str(mpq_numref(out), buf, 10) == 0 ? (mpz_set_ui(mpq_denref(out), 1), 0) : -1;
}

static int dim_find(const char *s, size_t n)
{
    static const struct { const char *word; pb_ask_dim d; } dims[] = {
        {"offense", PB_ASK_DIM_OFFENSE}, {"defense", PB_ASK_DIM_DEFENSE}, {"card", PB_ASK_DIM_CARD},
        {"togo", PB_ASK_DIM_TOGO}, {"down", PB_ASK_DIM_DOWN}, {"ytg", PB_ASK_DIM_YTG}, {"lead", PB_ASK_DIM_LEAD},
        {"def", PB_ASK_DIM_DEFENSE}, {"off", PB_ASK_DIM_OFFENSE}, {"to_go", PB_ASK_DIM_TOGO}};
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++)
        if (strlen(dims[i].word) == n && strncasecmp(dims[i].word, s, n) == 0)
            return (int)dims[i].d;
    return -1;
}

static int weight_fail(char *err, size_t errlen, const char *label, int line, const char *text, size_t offset,
                       const char *msg)
{
    snprintf(err, errlen, "%s:%d:%d: %s", label, line, pb_ask_column(text, offset), msg);
    return -1;
}

int pb_ask_weights_parse(pb_ask_weights *w, const char *text, const char *label, char *err, size_t errlen)
{
    snprintf(w->label, sizeof w->label, "%s", label);
    static pb_ask_query scratch;  /* the readers fill a question's sets; large, so not on the stack */
    int first_line[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    memset(first_line, 0, sizeof first_line);
    int lineno = 0;
    for (const char *at = text; *at;) {
        lineno++;
        size_t n = strcspn(at, "\n");
        char line[512];
        if (n >= sizeof line)
            return weight_fail(err, errlen, label, lineno, "", 0, "line too long");
        memcpy(line, at, n);
        line[n] = '\0';
        at += n + (at[n] == '\n');
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        size_t len = strlen(line);
        while (len && isspace((unsigned char)line[len - 1]))
            line[--len] = '\0';
        size_t i = 0;
        while (i < len && isspace((unsigned char)line[i]))
            i++;
        if (i == len)
            continue;
        size_t k = i;
        while (k < len && (isalnum((unsigned char)line[k]) || line[k] == '_'))
            k++;
        int d = dim_find(line + i, k - i);
        size_t eq = k;
        while (eq < len && line[eq] == ' ')
            eq++;
        if (d < 0 || eq >= len || line[eq] != '=') {
            char msg[128];
            snprintf(msg, sizeof msg, "expected DIM=VALUES WEIGHT (DIM: offense, defense, card, togo, down, ytg, lead)");
            return weight_fail(err, errlen, label, lineno, line, i, msg);
        }
        /* the weight is the last word */
        size_t ws = len;
        while (ws > eq + 1 && !isspace((unsigned char)line[ws - 1]))
            ws--;
        if (ws <= eq + 1)
            return weight_fail(err, errlen, label, lineno, line, len, "a weight is missing at the end of the line");
        mpq_t weight;
        mpq_init(weight);
        if (parse_weight(line + ws, len - ws, weight) != 0) {
            mpq_clear(weight);
            return weight_fail(err, errlen, label, lineno, line, ws,
                               "the weight must be a non-negative number: 3, 0.25 or 1/3");
        }
        size_t vs = eq + 1, ve = ws;
        while (vs < ve && isspace((unsigned char)line[vs]))
            vs++;
        while (ve > vs && isspace((unsigned char)line[ve - 1]))
            ve--;
        pb_ask_query_init(&scratch);
        pb_ask_error e;
        memset(&e, 0, sizeof e);
        int states[PB_ASK_DEFINES_MAX] = {0};
        pb_ask_reader r = {&scratch, NULL, line, -1, vs, 0, &e, states};
        int st;
        if (ve == vs) {
            st = pb_ask_fail(&r, vs, 0, "values are missing before the weight");
        } else {
            switch ((pb_ask_dim)d) {
            case PB_ASK_DIM_OFFENSE: st = pb_ask_read_offense(&r, vs, ve); break;
            case PB_ASK_DIM_DEFENSE: st = pb_ask_read_defense(&r, vs, ve); break;
            case PB_ASK_DIM_CARD: st = pb_ask_read_card(&r, vs, ve); break;
            case PB_ASK_DIM_TOGO: st = pb_ask_read_togo(&r, vs, ve); break;
            case PB_ASK_DIM_DOWN: st = pb_ask_read_down(&r, vs, ve); break;
            case PB_ASK_DIM_YTG: st = pb_ask_read_ytg(&r, vs, ve); break;
            default: st = pb_ask_read_lead(&r, vs, ve); break;
            }
        }
        if (st != 0) {
            mpq_clear(weight);
            return weight_fail(err, errlen, label, lineno, line, (size_t)e.offset, e.msg);
        }
        const pb_ask_set *set = &scratch.dim[d];
        for (int j = 0; j < set->n; j++) {
            int v = set->v[j], slot = -1;
            for (int m = 0; m < w->n[d]; m++)
                if (w->v[d][m] == v)
                    slot = m;
            if (slot >= 0) {
                char msg[128];
                snprintf(msg, sizeof msg, "%s %d already has a weight (line %d)", pb_ask_dim_name((pb_ask_dim)d), v,
                         first_line[d][slot]);
                mpq_clear(weight);
                return weight_fail(err, errlen, label, lineno, line, vs, msg);
            }
            if (w->n[d] >= PB_ASK_VALUES_MAX) {
                mpq_clear(weight);
                return weight_fail(err, errlen, label, lineno, line, vs, "too many weighted values");
            }
            w->v[d][w->n[d]] = v;
            mpq_set(w->w[d][w->n[d]], weight);
            first_line[d][w->n[d]] = lineno;
            w->n[d]++;
        }
        w->set[d] = true;
        mpq_clear(weight);
    }
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        if (w->set[d])
            return 0;
    snprintf(err, errlen, "%s: no weights (lines DIM=VALUES WEIGHT, e.g. togo=1..20 3)", label);
    return -1;
}

int pb_ask_weights_load(pb_ask_weights *w, const char *path, char *err, size_t errlen)
{
    FILE *f = pb_open_regular(path, err, errlen);
    if (!f)
        return -1;
    char *text = NULL;
    size_t len = 0, cap = 0;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            if (cap > (1u << 20)) {
                fclose(f);
                free(text);
                snprintf(err, errlen, "%s: too large for a weight file", path);
                return -1;
            }
            char *t = realloc(text, cap);
            if (!t) {
                fclose(f);
                free(text);
                snprintf(err, errlen, "%s: out of memory", path);
                return -1;
            }
            text = t;
        }
        memcpy(text + len, chunk, n);
        len += n;
    }
    fclose(f);
    if (!text) {
        snprintf(err, errlen, "%s: empty weight file", path);
        return -1;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        free(text);
        snprintf(err, errlen, "%s: not a text file", path);
        return -1;
    }
    int st = pb_ask_weights_parse(w, text, path, err, errlen);
    free(text);
    return st;
}
