/* soccer/soccer_rules.c: reading and changing Masume Soccer TACTICS's ruleset (soccer_rules.h). */
#include "soccer_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_switch.h"
#include "ini_source.h"

const ms_switch ms_switches[MS_NSWITCH] = {
    {"M1", "lob faces that get +2 (lost glyphs)", {"123", "12", "1234", NULL}, true, true},
    {"M2", "goalkeeper's +2 stacks with the lob's +2", {"stack", "no-stack", NULL}, true, true},
    {"M3", "faces at a player 1 square away (K keep, digit: deflect squares)", {"KKKK12", "KKK112", "KK1234", NULL}, true, true},
    {"M4", "who chooses a deflection's direction at 2+ squares", {"kicker", "receiver", NULL}, true, true},
    {"M5", "a deflected ball stops at the first player", {"stop", "pass", NULL}, true, true},
    {"M6", "a grounder past the goal square still scores", {"goal", "exact", NULL}, true, true},
    {"M7", "penalty-area charge bonus: any defending player, or defenders by position", {"any", "position", NULL}, true, true},
    {"M8", "back charge (the list of fouls was lost)", {"foul", NULL}, false, false},
    {"M9", "PK keeper guesses an on-target face, or any face", {"on-target", "any", NULL}, true, true},
    {"M10", "shoot-out after 5 tied kicks each", {"sudden-death", "draw", NULL}, true, true},
    {"M11", "game length (real minutes)", {"90min", "40min", "golden-goal", NULL}, false, false},
    {"M12", "goalkeeper's +2: goal kicks only, or every kick in his penalty area", {"goal-kick", "area", NULL}, true, true},
    {"M13", "inside kick barred by an opponent within 2 squares, or only before its target", {"within-2", "before-target", NULL}, false, true},
    {"M14", "one player may kick twice in a turn after a one-touch return", {"free", "once", NULL}, true, false},
    {"pk_off_faces", "PK faces that miss the frame (the text: scores 4 of 6)", {"1", "0", "2", NULL}, false, true},
};

int ms_switch_index(const char *id) { return pb_gsw_index(ms_switches, sizeof ms_switches[0], MS_NSWITCH, id); }

const char *ms_rules_value(const ms_rules *r, int i) { return r->value[i]; }

static int failf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int failf(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int pick(const char *v, const char *a, const char *b, bool *out)
{
    if (strcmp(v, a) == 0)
        *out = true;
    else if (strcmp(v, b) == 0)
        *out = false;
    else
        return -1;
    return 0;
}

int ms_rules_set(ms_rules *out, const char *id, const char *v, char *err, size_t errlen)
{
    ms_rules tmp = *out, *r = &tmp;  /* changed only when the value is good */
    int i = ms_switch_index(id);
    if (i < 0)
        return failf(err, errlen, "unknown switch '%s' (M1..M14, pk_off_faces)", id);
    if (strlen(v) >= sizeof r->value[i])
        return failf(err, errlen, "switch %s: value '%.20s...' too long", id, v);
    int bad = 0;
    const char *expect = "";
    switch (i) {
    case 0: /* M1 */
        memset(r->lob_plus, 0, sizeof r->lob_plus);
        if (strcmp(v, "-") != 0)
            for (const char *p = v; *p; p++) {
                if (*p < '1' || *p > '6' || r->lob_plus[*p - '0'])
                    bad = 1;
                else
                    r->lob_plus[*p - '0'] = true;
            }
        if (!*v)
            bad = 1;
        expect = "distinct faces 1..6, e.g. 123, or - for none";
        break;
    case 1: bad = pick(v, "stack", "no-stack", &r->gk_lob_stack); expect = "stack or no-stack"; break;
    case 2: /* M3 */
        if (strlen(v) != MS_FACES)
            bad = 1;
        for (int f = 1; f <= MS_FACES && !bad; f++) {
            char c = v[f - 1];
            if (c == 'K')
                r->adjacent[f] = 0;
            else if (c >= '1' && c <= '9')
                r->adjacent[f] = c - '0';
            else
                bad = 1;
        }
        expect = "6 characters, one per face: K (keeps) or a digit 1..9 (deflects that many squares)";
        break;
    case 3: {
        bool k = true;
        bad = pick(v, "kicker", "receiver", &k);
        r->chooser = k ? MS_CHOOSER_KICKER : MS_CHOOSER_RECEIVER;
        expect = "kicker or receiver";
        break;
    }
    case 4: bad = pick(v, "stop", "pass", &r->deflect_stops); expect = "stop or pass"; break;
    case 5: bad = pick(v, "goal", "exact", &r->grounder_past_goal_scores); expect = "goal or exact"; break;
    case 6: bad = pick(v, "any", "position", &r->charge_bonus_any); expect = "any or position"; break;
    case 7: bad = strcmp(v, "foul") != 0; expect = "foul"; break;
    case 8: bad = pick(v, "any", "on-target", &r->pk_keeper_any); expect = "on-target or any"; break;
    case 9: bad = pick(v, "sudden-death", "draw", &r->sudden_death); expect = "sudden-death or draw"; break;
    case 10: bad = pb_gsw_alt(ms_switches[10].alts, v) < 0; expect = "90min, 40min or golden-goal"; break;
    case 11: bad = pick(v, "area", "goal-kick", &r->gk_adv_all_area_kicks); expect = "goal-kick or area"; break;
    case 12: bad = pick(v, "within-2", "before-target", &r->inside_blocked_within2); expect = "within-2 or before-target"; break;
    case 13: { bool b = false; bad = pick(v, "free", "once", &b); expect = "free or once"; break; }
    case 14:
        if (strlen(v) == 1 && v[0] >= '0' && v[0] <= '5')
            r->pk_off_faces = v[0] - '0';
        else
            bad = 1;
        expect = "0..5";
        break;
    }
    if (bad)
        return failf(err, errlen, "switch %s: bad value '%s' (expected %s)", id, v, expect);
    snprintf(r->value[i], sizeof r->value[i], "%s", v);
    *out = tmp;
    return 0;
}

int ms_rules_assign(ms_rules *r, const char *a, char *err, size_t errlen)
{
    char id[32];
    const char *v = pb_gsw_split(a, id, sizeof id, sizeof id - 1, true, "M3=KKK112", err, errlen);
    return v ? ms_rules_set(r, id, v, err, errlen) : -1;
}

typedef struct {
    ms_rules *r;
    pb_ini_source src;
    bool seen[MS_NSWITCH];
    int rule_line[5], name_line, faces_line;  /* the line each key was first given on (0: not yet) */
} loader;

static const char *const rule_keys[] = {"goal_kick_advantage", "lob_advantage", "charge_bonus_defender",
                                        "charge_bonus_keeper", "shootout_kicks"};

static int handler(void *user, const char *section, const char *name, const char *value)
{
    loader *c = user;
    ms_rules *r = c->r;
    if (c->src.failed)
        return 0;
    int col = pb_ini_column(&c->src, name, false);
    if (strcmp(section, "game") == 0) {
        if (strcmp(name, "name") != 0)
            return pb_ini_fail(&c->src, c->src.line, col, "unknown key '%s' in [game]", name);
        if (!pb_gsw_ini_once(&c->src, &c->name_line, section, name))
            return 0;
        snprintf(r->name, sizeof r->name, "%s", value);
        return 1;
    }
    if (strcmp(section, "rules") == 0) {
        if (strcmp(name, "die_faces") == 0) {
            if (!pb_gsw_ini_once(&c->src, &c->faces_line, section, name))
                return 0;
            if (strcmp(value, "6") != 0)
                return pb_ini_fail(&c->src, c->src.line, pb_ini_column(&c->src, value, true),
                                   "die_faces: the game has one six-sided die (6)");
            return 1;
        }
        for (int k = 0; k < 5; k++) {
            if (strcmp(name, rule_keys[k]) != 0)
                continue;
            int *f[] = {&r->goal_kick_adv, &r->lob_adv, &r->charge_bonus_defender, &r->charge_bonus_keeper,
                        &r->shootout_kicks};
            if (!pb_gsw_ini_once(&c->src, &c->rule_line[k], section, name))
                return 0;
            return pb_gsw_ini_whole(&c->src, name, value, k == 4 ? 1 : 0, k == 4 ? 20 : 6, f[k]);
        }
        return pb_ini_fail(&c->src, c->src.line, col, "unknown key '%s' in [rules]", name);
    }
    if (strcmp(section, "switches") == 0)
        return pb_gsw_ini_switch(&c->src, ms_rules_io.set, r, ms_switch_index(name), c->seen, name, value);
    return pb_ini_fail(&c->src, c->src.line, 1, "unknown section [%s] (expected [game], [rules], [switches])",
                       section);
}

int ms_rules_parse(ms_rules *r, const char *text, const char *label, char *err, size_t errlen)
{
    loader c;
    memset(&c, 0, sizeof c);
    memset(r, 0, sizeof *r);
    c.r = r;
    pb_ini_source_init(&c.src, text, label, err, errlen);
    pb_ini_parse(&c.src, handler, &c, "'[section]', 'key = value' or a comment");
    if (c.src.failed)
        return -1;
    for (int k = 0; k < 5; k++)
        if (!c.rule_line[k])
            return failf(err, errlen, "%s: [rules] %s is missing", label, rule_keys[k]);
    return pb_gsw_missing(ms_switches, sizeof ms_switches[0], MS_NSWITCH, c.seen, label, err, errlen);
}

void ms_rules_default(ms_rules *r)
{
    char err[256];
    if (ms_rules_parse(r, ms_rules_builtin_text(), "tactics.ini", err, sizeof err) != 0)
        r->name[0] = 0;  /* cannot happen: tests/soccer.c parses the embedded text */
}

PB_GSW_RULES_IO(ms);
