/* carriers/carriers_rules.c: reading and changing Carriers!!'s switches (carriers_rules.h). */
#include "carriers_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_switch.h"
#include "ini_source.h"
#include "num_parse.h"

const cr_switch cr_switches[CR_NSWITCH] = {
    {"C1", "turns per slay", {"2+3", "3", "2+snap", NULL}, true, false},
    {"C2", "interception distance from the nearer end, or from the source", {"nearer", "source", NULL}, true, true},
    {"C3", "the squares on the route (the charts were lost)", {"supercover", "bresenham", "rectangle", NULL}, true, true},
    {"C4", "several interceptors: one roll by the chosen piece, or a roll for each", {"choose", "each", NULL}, true, true},
    {"C5", "a move of exactly Run, or up to Run", {"upto", "exact", NULL}, true, false},
    {"C6", "tackles counted toward the injury check", {"every", "higher", NULL}, true, true},
    {"C7", "a piece left without a card", {"no-ball", "removed", NULL}, false, false},
    {"C8", "tackled just short of the end line", {"roll-then-change", "roll-then-restart", NULL}, false, false},
    {"C9", "squares to gain in 3 downs", {"2", NULL}, false, false},
    {"C10", "a pass caught in the goal area scores", {"counts", "no", NULL}, false, false},
    {"C11", "the snap counts toward the 100 turns", {"snap-counts", "snap-free", NULL}, false, false},
    {"C12", "substitutions between", {"downs", "phases", NULL}, false, false},
    {"C13", "Cost's category", {"undefined", NULL}, false, false},
    {"higher_share", "with C6 = higher: the share of tackles by a piece with higher Fizz", {"1/2", "1/3", "2/3", NULL}, true, true},
};

int cr_switch_index(const char *id) { return pb_gsw_index(cr_switches, sizeof cr_switches[0], CR_NSWITCH, id); }

int cr_rules_set(cr_rules *out, const char *id, const char *v, char *err, size_t errlen)
{
    int i = cr_switch_index(id);
    if (i < 0) {
        snprintf(err, errlen, "unknown switch '%s' (C1..C13, higher_share)", id);
        return -1;
    }
    cr_rules r = *out;
    int ok = 0;
    if (i == CR_NSWITCH - 1) {
        /* A/B: digits, a slash, digits (no sign, space or exponent), 0 <= A <= B <= 1000 */
        const char *slash = strchr(v, '/');
        int64_t a, b;
        if (slash && pb_num_digits(v, (int)(slash - v), 0, 1000, &a) == PB_NUM_OK &&
            pb_num_digits(slash + 1, -1, 1, 1000, &b) == PB_NUM_OK && a <= b) {
            r.higher_num = (int)a;
            r.higher_den = (int)b;
            ok = 1;
        }
    } else {
        int j = pb_gsw_alt(cr_switches[i].alts, v);
        ok = j >= 0;
        if (i == 1) r.from_source = j == 1;
        if (i == 2 && ok) r.route = (cr_route_kind)j;
        if (i == 3) r.roll_each = j == 1;
        if (i == 5) r.injury_higher_only = j == 1;
    }
    if (!ok || strlen(v) >= sizeof r.value[i]) {
        char alts[96];
        snprintf(err, errlen, "switch %s: bad value '%s' (expected %s)", id, v,
                 i == CR_NSWITCH - 1 ? "a fraction A/B in 0..1" : pb_gsw_alts_list(cr_switches[i].alts, ", ", alts, sizeof alts));
        return -1;
    }
    snprintf(r.value[i], sizeof r.value[i], "%s", v);
    *out = r;
    return 0;
}

int cr_rules_assign(cr_rules *r, const char *a, char *err, size_t errlen)
{
    char id[32];
    const char *v = pb_gsw_split(a, id, sizeof id, 30, false, "C3=bresenham", err, errlen);
    return v ? cr_rules_set(r, id, v, err, errlen) : -1;
}

typedef struct {
    cr_rules *r;
    pb_ini_source src;
    bool seen[CR_NSWITCH];
    int name_line;  /* the line [game] name was given on (0: not yet) */
} loader;

static int handler(void *user, const char *section, const char *name, const char *value)
{
    loader *c = user;
    if (c->src.failed)
        return 0;
    int col = pb_ini_column(&c->src, name, false);
    if (strcmp(section, "game") == 0) {
        if (strcmp(name, "name") != 0)
            return pb_ini_fail(&c->src, c->src.line, col, "unknown key '%s' in [game]", name);
        if (!pb_gsw_ini_once(&c->src, &c->name_line, section, name))
            return 0;
        snprintf(c->r->name, sizeof c->r->name, "%s", value);
        return 1;
    }
    if (strcmp(section, "switches") != 0)
        return pb_ini_fail(&c->src, c->src.line, 1, "unknown section [%s] (expected [game], [switches])", section);
    return pb_gsw_ini_switch(&c->src, cr_rules_io.set, c->r, cr_switch_index(name), c->seen, name, value);
}

int cr_rules_parse(cr_rules *r, const char *text, const char *label, char *err, size_t errlen)
{
    loader c;
    memset(&c, 0, sizeof c);
    memset(r, 0, sizeof *r);
    c.r = r;
    pb_ini_source_init(&c.src, text, label, err, errlen);
    pb_ini_parse(&c.src, handler, &c, "'[section]', 'key = value' or a comment");
    if (c.src.failed)
        return -1;
    return pb_gsw_missing(cr_switches, sizeof cr_switches[0], CR_NSWITCH, c.seen, label, err, errlen);
}

void cr_rules_default(cr_rules *r)
{
    char err[256];
    if (cr_rules_parse(r, cr_rules_builtin_text(), "carriers.ini", err, sizeof err) != 0)
        r->name[0] = 0;  /* cannot happen: tests/carriers.c parses the embedded text */
}

PB_GSW_RULES_IO(cr);
