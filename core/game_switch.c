/* core/game_switch.c: the other games' shared switch reading (game_switch.h). */
#include "game_switch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num_parse.h"

static const char *id_at(const void *table, size_t stride, int i)
{
    return *(const char *const *)(const void *)((const char *)table + (size_t)i * stride);
}

int pb_gsw_index(const void *table, size_t stride, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(id_at(table, stride, i), id) == 0)
            return i;
    return -1;
}

int pb_gsw_missing(const void *table, size_t stride, int n, const bool *seen, const char *label, char *err,
                   size_t errlen)
{
    for (int i = 0; i < n; i++)
        if (!seen[i]) {
            snprintf(err, errlen, "%s: [switches] %s is missing", label, id_at(table, stride, i));
            return -1;
        }
    return 0;
}

int pb_gsw_alt(const char *const *alts, const char *v)
{
    for (int j = 0; alts[j]; j++)
        if (strcmp(alts[j], v) == 0)
            return j;
    return -1;
}

const char *pb_gsw_alts_list(const char *const *alts, const char *sep, char *buf, size_t bufsize)
{
    buf[0] = 0;
    for (int j = 0; alts[j]; j++)
        snprintf(buf + strlen(buf), bufsize - strlen(buf), "%s%s", j ? sep : "", alts[j]);
    return buf;
}

const char *pb_gsw_split(const char *a, char *id, size_t idsize, size_t max_id, bool unknown_if_long,
                         const char *example, char *err, size_t errlen)
{
    const char *eq = strchr(a, '=');
    size_t n = eq ? (size_t)(eq - a) : 0;
    if (!eq || n == 0 || (n > max_id && !unknown_if_long)) {
        snprintf(err, errlen, "'%s': expected SWITCH=VALUE, e.g. %s", a, example);
        return NULL;
    }
    if (n > max_id || n >= idsize) {
        snprintf(err, errlen, "unknown switch '%.*s'", (int)n, a);
        return NULL;
    }
    memcpy(id, a, n);
    id[n] = 0;
    return eq + 1;
}

int pb_gsw_ini_switch(pb_ini_source *s, pb_gsw_setter set, void *rules, int i, bool *seen, const char *name,
                      const char *value)
{
    int col = pb_ini_column(s, name, false);
    if (i >= 0 && seen[i])
        return pb_ini_fail(s, s->line, col, "switch %s set twice", name);
    char msg[200];
    if (set(rules, name, value, msg, sizeof msg) != 0)
        return pb_ini_fail(s, s->line, i < 0 ? col : pb_ini_column(s, value, true), "%s", msg);
    if (i >= 0)
        seen[i] = true;
    return 1;
}

int pb_gsw_ini_whole(pb_ini_source *s, const char *name, const char *value, int lo, int hi, int *out)
{
    int64_t v;
    if (pb_num_i64(value, lo, hi, &v) != PB_NUM_OK)
        return pb_ini_fail(s, s->line, pb_ini_column(s, value, true), "%s: expected a whole number %d..%d, not '%s'",
                           name, lo, hi, value);
    *out = (int)v;
    return 1;
}

int pb_gsw_ini_once(pb_ini_source *s, int *first_line, const char *section, const char *name)
{
    if (*first_line)
        return pb_ini_fail(s, s->line, pb_ini_column(s, name, false), "duplicate '%s' in [%s] (first at line %d)", name,
                           section, *first_line);
    *first_line = s->line;
    return 1;
}
