/* ask/ask_condition.c: the conditions after the measure: KEY=VALUE (keys, their aliases, values
 * that run over spaces up to the next condition) and `vs` with a ruleset or switches. */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "ask.h"
#include "ask_internal.h"

#define fail pb_ask_fail
#define skip_space pb_ask_skip_space
#define word_at pb_ask_word_at
#define word_is pb_ask_word_is

/* Does a condition (`word=` or `word:`) start at pos? Sets the key's length. */
static bool condition_at(const char *s, size_t pos, size_t *keylen)
{
    size_t n = word_at(s, pos);
    if (!n)
        return false;
    size_t i = pos + n;
    if (s[i] == ':' && s[i + 1] != ':') {
        *keylen = n;
        return true;
    }
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    if (s[i] == '=' && s[i + 1] != '=') {
        *keylen = n;
        return true;
    }
    return false;
}

static bool vs_at(const char *s, size_t pos)
{
    size_t n = word_at(s, pos);
    return n && (word_is(s + pos, n, "vs") || word_is(s + pos, n, "versus")) &&
           (s[pos + n] == '\0' || isspace((unsigned char)s[pos + n]));
}

/* The value after a key: the first chunk always, then chunks up to the next condition or vs.
 * A lone `,` / `and` / `with` before the next condition is a separator, not part of the value. */
static bool separator(const char *s, size_t c, size_t e)
{
    size_t n = e - c;
    return (n == 1 && (s[c] == ',' || s[c] == ';')) || (n == 3 && strncasecmp(s + c, "and", 3) == 0) ||
           (n == 4 && strncasecmp(s + c, "with", 4) == 0);
}

static void read_value(pb_ask_reader *r, size_t *vstart, size_t *vend)
{
    const char *s = r->s;
    skip_space(r);
    size_t ve = *vstart = r->pos;
    size_t kl;
    for (bool first = true;; first = false) {
        size_t c = r->pos;
        while (s[c] && isspace((unsigned char)s[c]))
            c++;
        if (!s[c] || (!first && (condition_at(s, c, &kl) || vs_at(s, c))))
            break;
        size_t e = c;
        while (s[e] && !isspace((unsigned char)s[e]))
            e++;
        if (!first && separator(s, c, e)) {
            size_t nx = e;
            while (s[nx] && isspace((unsigned char)s[nx]))
                nx++;
            if (!s[nx] || condition_at(s, nx, &kl) || vs_at(s, nx)) {
                r->pos = e;
                break;
            }
        }
        ve = r->pos = e;
    }
    while (ve > *vstart && (s[ve - 1] == ',' || s[ve - 1] == ';'))
        ve--;
    *vend = ve;
}

typedef enum {
    K_OFFENSE, K_DEFENSE, K_CARD, K_TOGO, K_DOWN, K_YTG, K_LEAD, K_TIMEOUTS, K_ZONE, K_KICK, K_RULESET,
    K_SWITCH, K_POLICY, K_COUNT
} key_id;

static const struct { key_id id; const char *name; const char *aliases; } keys[] = {
    {K_OFFENSE, "offense", "offence off o play call offense_card"},
    {K_DEFENSE, "defense", "defence def d defense_card"},
    {K_CARD, "card", "cards play_card c"},
    {K_TOGO, "togo", "to_go yards_to_go field position at ball spot"},
    {K_DOWN, "down", "downs"},
    {K_YTG, "ytg", "yards_to_gain to_gain distance dist"},
    {K_LEAD, "lead", "score margin"},
    {K_TIMEOUTS, "timeouts", "timeout tos"},
    {K_ZONE, "zone", "area region"},
    {K_KICK, "kick", "special special_teams try"},
    {K_RULESET, "ruleset", "rules rule edition"},
    {K_SWITCH, "switch", "switches sw"},
    {K_POLICY, "policy", "policies"},
};
#define NKEYS (sizeof keys / sizeof keys[0])

static int find_key(const char *w, size_t n)
{
    for (size_t i = 0; i < NKEYS; i++) {
        if (word_is(w, n, keys[i].name))
            return (int)keys[i].id;
        for (const char *p = keys[i].aliases; *p;) {
            size_t m = strcspn(p, " ");
            if (m == n && strncasecmp(p, w, n) == 0)
                return (int)keys[i].id;
            p += m;
            while (*p == ' ')
                p++;
        }
    }
    return -1;
}

static const char *const key_names[] = {"offense", "defense", "card", "togo", "down", "ytg", "lead", "timeouts",
                                        "zone", "kick", "ruleset", "switch", "policy", NULL};

/* Where each key was first given (offset + 1; 0 none). */
typedef struct {
    size_t at[K_COUNT];
} seen_keys;

static int side_set_ruleset(pb_ask_reader *r, pb_ask_side *side, size_t vs, size_t ve)
{
    if (ve - vs >= sizeof side->name)
        return fail(r, vs, ve - vs, "ruleset name too long");
    memcpy(side->name, r->s + vs, ve - vs);
    side->name[ve - vs] = '\0';
    side->offset = (int)vs;
    side->span = (int)(ve - vs);
    return 0;
}

/* "ID=VALUE[,ID=VALUE...]" onto a side's switches, each checked against the switch table. */
static int side_add_switches(pb_ask_reader *r, pb_ask_side *side, size_t vs, size_t ve)
{
    const char *s = r->s;
    size_t i = vs;
    while (i < ve) {
        while (i < ve && (s[i] == ',' || isspace((unsigned char)s[i])))
            i++;
        if (i >= ve)
            break;
        size_t e = i;
        while (e < ve && s[e] != ',' && !isspace((unsigned char)s[e]))
            e++;
        if (pb_ask_switch_check(r, i, e) != 0)
            return -1;
        if (side->nsw >= PB_ASK_SWITCHES_MAX)
            return fail(r, i, e - i, "too many switches (at most %d)", PB_ASK_SWITCHES_MAX);
        if (e - i >= sizeof side->sw[0])
            return fail(r, i, e - i, "switch too long");
        memcpy(side->sw[side->nsw], s + i, e - i);
        side->sw[side->nsw][e - i] = '\0';
        side->nsw++;
        i = e;
    }
    return 0;
}

static int parse_condition(pb_ask_reader *r, seen_keys *seen)
{
    pb_ask_query *q = r->q;
    const char *s = r->s;
    size_t at = r->pos;
    if (vs_at(s, at)) {
        size_t n = word_at(s, at);
        if (q->nsides == 2)
            return fail(r, at, n, "'vs' given twice (one comparison at a time)");
        r->pos = at + n;
        size_t vs, ve;
        read_value(r, &vs, &ve);
        if (ve == vs)
            return fail(r, at, n, "'vs' needs a ruleset or switches to compare with, e.g. vs v1.11-en or vs END-LINE=ge");
        q->nsides = 2;
        pb_ask_side *side = &q->side[1];
        /* "vs ruleset=X" / "vs switch=A=b" read the same as "vs X" / "vs A=b" */
        size_t kl;
        if (condition_at(s, vs, &kl)) {
            int key = find_key(s + vs, kl);
            size_t v2 = vs + kl;
            while (s[v2] == ' ' || s[v2] == '\t' || s[v2] == '=' || s[v2] == ':')
                v2++;
            if (key == K_RULESET)
                return side_set_ruleset(r, side, v2, ve);
            if (key == K_SWITCH) {
                side->offset = (int)vs;
                side->span = (int)(ve - vs);
                return side_add_switches(r, side, v2, ve);
            }
        }
        if (memchr(s + vs, '=', ve - vs)) {
            side->offset = (int)vs;
            side->span = (int)(ve - vs);
            return side_add_switches(r, side, vs, ve);
        }
        return side_set_ruleset(r, side, vs, ve);
    }
    size_t kl;
    if (!condition_at(s, at, &kl)) {
        size_t n = word_at(s, at);
        if (!n)
            n = (size_t)pb_ask_char_len(s + at);
        /* a bare word: say what was expected */
        if (s[at] == '(' || s[at] == ')' || (word_at(s, at) && (word_is(s + at, n, "and") || word_is(s + at, n, "or"))))
            return fail(r, at, n, "unexpected '%.*s' after the measure: the event goes inside P(...)", (int)n, s + at);
        const char *hint = word_at(s, at) ? pb_ask_suggest(s + at, n, key_names) : NULL;
        if (hint)
            return fail(r, at, n, "expected a condition KEY=VALUE, found '%.*s' (did you mean '%s=...'?)", (int)n, s + at,
                        hint);
        return fail(r, at, n, "expected a condition KEY=VALUE (e.g. defense=4, togo=30..40, zone=red), found '%.*s'",
                    (int)n, s + at);
    }
    int key = find_key(s + at, kl);
    if (key < 0) {
        const char *hint = pb_ask_suggest(s + at, kl, key_names);
        if (hint)
            return fail(r, at, kl, "unknown condition '%.*s' (did you mean '%s'?)", (int)kl, s + at, hint);
        return fail(r, at, kl, "unknown condition '%.*s' (conditions: offense, defense, card, togo, zone, down, ytg, "
                    "lead, timeouts, kick, ruleset, switch, policy)", (int)kl, s + at);
    }
    if (seen->at[key] && key != K_SWITCH)
        return fail(r, at, kl, "%s is given twice (first at column %d)", keys[key].name,
                    pb_ask_column(s, seen->at[key] - 1));
    if (!seen->at[key])
        seen->at[key] = at + 1;
    r->pos = at + kl;
    while (s[r->pos] == ' ' || s[r->pos] == '\t')
        r->pos++;
    r->pos++;  /* '=' or ':' */
    size_t vs, ve;
    read_value(r, &vs, &ve);
    if (ve == vs)
        return fail(r, at, r->pos - at, "%s= needs a value", keys[key].name);
    switch ((key_id)key) {
    case K_OFFENSE: return pb_ask_read_offense(r, vs, ve);
    case K_DEFENSE: return pb_ask_read_defense(r, vs, ve);
    case K_CARD: return pb_ask_read_card(r, vs, ve);
    case K_TOGO: return pb_ask_read_togo(r, vs, ve);
    case K_DOWN: return pb_ask_read_down(r, vs, ve);
    case K_YTG: return pb_ask_read_ytg(r, vs, ve);
    case K_LEAD: return pb_ask_read_lead(r, vs, ve);
    case K_TIMEOUTS: return pb_ask_read_timeouts(r, vs, ve);
    case K_ZONE: return pb_ask_read_zone(r, vs, ve);
    case K_KICK: return pb_ask_read_kick(r, vs, ve);
    case K_RULESET: return side_set_ruleset(r, &q->side[0], vs, ve);
    case K_SWITCH: return side_add_switches(r, &q->side[0], vs, ve);
    case K_POLICY: return pb_ask_read_policy(r, vs, ve);
    default: return -1;
    }
}

int pb_ask_parse_conditions(pb_ask_reader *r)
{
    seen_keys seen;
    memset(&seen, 0, sizeof seen);
    for (;;) {
        skip_space(r);
        if (!r->s[r->pos])
            return 0;
        if (parse_condition(r, &seen) != 0)
            return -1;
    }
}
