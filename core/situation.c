/* core/situation.c: the situation of a play (defaults, validation) and the policy list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

pb_situation pb_situation_default(const pb_ruleset *rs, int togo)
{
    pb_situation s;
    s.togo = togo;
    s.down = 1;
    s.ytg = rs->first_down_yards < togo ? rs->first_down_yards : togo;
    s.lead = 0;
    s.timeouts_off = rs->sw.timeouts;
    s.timeouts_def = rs->sw.timeouts;
    return s;
}

int pb_situation_check(const pb_situation *s, char *err, size_t errlen)
{
    if (s->togo < 1 || s->togo > 99)
        snprintf(err, errlen, "togo %d is off the field (1..99 yards to the goal line)", s->togo);
    else if (s->down < 1 || s->down > 4)
        snprintf(err, errlen, "down %d does not exist (1..4)", s->down);
    else if (s->ytg < 1 || s->ytg > s->togo)
        snprintf(err, errlen, "ytg %d must be 1..togo (%d)", s->ytg, s->togo);
    else if (s->timeouts_off < 0 || s->timeouts_def < 0 || s->timeouts_off > 9 || s->timeouts_def > 9)
        snprintf(err, errlen, "timeouts must be 0..9 each");
    else if (s->lead < -999 || s->lead > 999)
        snprintf(err, errlen, "lead %d is out of range (-999..999)", s->lead);
    else
        return 0;
    return -1;
}

typedef struct {
    const char *name;
    size_t offset;
    const char *values[4];
} policy_info;

static const policy_info policy_table[] = {
    {"challenge", offsetof(pb_policies, challenge), {"best", "always", "never", NULL}},
    {"timeout", offsetof(pb_policies, timeout), {"best", "always", "never", NULL}},
    {"penalty", offsetof(pb_policies, penalty), {"best", "accept", "decline", NULL}},
    {"return", offsetof(pb_policies, ret), {"best", "return", "touchback", NULL}},
};
#define POLICY_COUNT (sizeof policy_table / sizeof policy_table[0])

int pb_policies_parse(pb_policies *p, const char *text, char *err, size_t errlen)
{
    const char *at = text;
    while (*at) {
        size_t n = strcspn(at, ",");
        char item[64];
        if (n >= sizeof item) {
            snprintf(err, errlen, "policy entry too long");
            return -1;
        }
        memcpy(item, at, n);
        item[n] = '\0';
        at += n + (at[n] == ',');
        if (!*item)
            continue;
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errlen, "policy '%s' must be NAME=VALUE (challenge, timeout, penalty, return)", item);
            return -1;
        }
        *eq = '\0';
        const policy_info *pi = NULL;
        for (size_t i = 0; i < POLICY_COUNT; i++)
            if (strcmp(policy_table[i].name, item) == 0)
                pi = &policy_table[i];
        if (!pi) {
            snprintf(err, errlen, "unknown policy '%s' (challenge, timeout, penalty, return)", item);
            return -1;
        }
        int v = -1;
        for (int i = 0; pi->values[i]; i++)
            if (strcmp(pi->values[i], eq + 1) == 0)
                v = i;
        if (v < 0) {
            snprintf(err, errlen, "policy %s has no value '%s' (%s, %s, %s)", pi->name, eq + 1, pi->values[0],
                     pi->values[1], pi->values[2]);
            return -1;
        }
        *(int *)((char *)p + pi->offset) = v;
    }
    return 0;
}

void pb_policies_format(const pb_policies *p, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < POLICY_COUNT; i++) {
        int v = *(const int *)((const char *)p + policy_table[i].offset);
        int n = snprintf(buf + used, len - used, "%s%s=%s", i ? "," : "", policy_table[i].name,
                         policy_table[i].values[v]);
        if (n < 0 || (size_t)n >= len - used)
            return;
        used += (size_t)n;
    }
    if (p->in_play_by_value && used < len)
        snprintf(buf + used, len - used, ",in-play=value");
}
