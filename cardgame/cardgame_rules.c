/* cardgame/cardgame_rules.c: reading and changing the card game's ruleset (cardgame_rules.h). */
#include "cardgame_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_switch.h"
#include "ini_source.h"

const cg_switch cg_switches[CG_NSWITCH] = {
    {"T1", "the kicker skips the first trick, or plays in it", {"skips", "plays", NULL}, true},
    {"T2", "the kicker's onside entry: the kick-off card, or another", {"kick-card", "another", NULL}, true},
    {"T3", "the onside marker 12 - which card", {"kick-card", "winner", NULL}, true},
    {"T4", "the kick's remaining distance: after the last trick, or before it", {"after", "before", NULL}, false},
    {"T5", "the +3 bonus counts toward the touchdown and the kick, or the touchdown only", {"counts", "td-only", NULL}, true},
    {"T6", "the game ends when a hand runs out: immediately, after the trick, after the series", {"immediately", "trick", "series", NULL}, true},
    {"T7", "blank skills 2, 5, 9", {"none", "to-design", NULL}, false},
    {"T8", "the lead card's skill", {"never", "sometimes", NULL}, true},
    {"T9", "skill 6's target", {"played", "next", NULL}, true},
    {"T10", "skill 4 on the lead card: the led suit", {"original", "next", NULL}, true},
    {"T11", "cards shared per player, or per team", {"per-player", "per-team", NULL}, true},
    {"T12", "the lead after a kick", {"lead-left", "kicker", NULL}, true},
};

const char *const cg_deck_keys[CG_NDECK] = {"suits", "ranks", "players", "hand", "onside_max", "target_max",
                                            "share_offense", "share_defense", "combination_bonus"};

static int switch_index(const char *id) { return pb_gsw_index(cg_switches, sizeof cg_switches[0], CG_NSWITCH, id); }

int cg_rules_set(cg_rules *out, const char *id, const char *v, char *err, size_t errlen)
{
    int i = switch_index(id);
    if (i < 0) {
        snprintf(err, errlen, "unknown switch '%s' (T1..T12)", id);
        return -1;
    }
    int j = pb_gsw_alt(cg_switches[i].alts, v);
    if (j < 0) {
        char alts[64];
        snprintf(err, errlen, "switch %s: bad value '%s' (expected %s)", id, v,
                 pb_gsw_alts_list(cg_switches[i].alts, ", ", alts, sizeof alts));
        return -1;
    }
    if (i == 3)
        out->kick_before = j == 1;
    if (i == 4)
        out->bonus_td_only = j == 1;
    snprintf(out->value[i], sizeof out->value[i], "%s", v);
    return 0;
}

int cg_rules_assign(cg_rules *r, const char *a, char *err, size_t errlen)
{
    char id[32];
    const char *v = pb_gsw_split(a, id, sizeof id, 30, false, "T4=before", err, errlen);
    return v ? cg_rules_set(r, id, v, err, errlen) : -1;
}

typedef struct {
    cg_rules *r;
    pb_ini_source src;
    bool seen_sw[CG_NSWITCH];
    int deck_line[CG_NDECK], name_line;  /* the line each key was first given on (0: not yet) */
} loader;

static int handler(void *user, const char *section, const char *name, const char *value)
{
    loader *c = user;
    if (c->src.failed)
        return 0;
    int col = pb_ini_column(&c->src, name, false);
    if (strcmp(section, "game") == 0 && strcmp(name, "name") == 0) {
        if (!pb_gsw_ini_once(&c->src, &c->name_line, section, name))
            return 0;
        snprintf(c->r->name, sizeof c->r->name, "%s", value);
        return 1;
    }
    if (strcmp(section, "deck") == 0) {
        for (int k = 0; k < CG_NDECK; k++) {
            if (strcmp(name, cg_deck_keys[k]) != 0)
                continue;
            if (!pb_gsw_ini_once(&c->src, &c->deck_line[k], section, name))
                return 0;
            return pb_gsw_ini_whole(&c->src, name, value, 0, 60, &c->r->deck[k]);
        }
        return pb_ini_fail(&c->src, c->src.line, col, "unknown key '%s' in [deck]", name);
    }
    if (strcmp(section, "switches") == 0)
        return pb_gsw_ini_switch(&c->src, cg_rules_io.set, c->r, switch_index(name), c->seen_sw, name, value);
    return pb_ini_fail(&c->src, c->src.line, col, "unknown key '%s' in [%s]", name, section);
}

int cg_rules_parse(cg_rules *r, const char *text, const char *label, char *err, size_t errlen)
{
    loader c;
    memset(&c, 0, sizeof c);
    memset(r, 0, sizeof *r);
    c.r = r;
    pb_ini_source_init(&c.src, text, label, err, errlen);
    pb_ini_parse(&c.src, handler, &c, "'[section]', 'key = value' or a comment");
    if (c.src.failed)
        return -1;
    for (int k = 0; k < CG_NDECK; k++)
        if (!c.deck_line[k]) {
            snprintf(err, errlen, "%s: [deck] %s is missing", label, cg_deck_keys[k]);
            return -1;
        }
    if (pb_gsw_missing(cg_switches, sizeof cg_switches[0], CG_NSWITCH, c.seen_sw, label, err, errlen) != 0)
        return -1;
    const int *d = r->deck;
    if (d[CG_SUITS] < 1 || d[CG_RANKS] < 1 || d[CG_PLAYERS] < 2 || d[CG_HAND] < 1 ||
        d[CG_PLAYERS] * d[CG_HAND] > d[CG_SUITS] * d[CG_RANKS] || d[CG_SHARE_OFF] > d[CG_HAND] ||
        d[CG_SHARE_DEF] > d[CG_HAND] || d[CG_ONSIDE_MAX] > d[CG_RANKS] || d[CG_TARGET_MAX] > d[CG_RANKS]) {
        snprintf(err, errlen, "%s: [deck] does not add up (players x hand <= suits x ranks, shares <= hand, "
                 "onside_max and target_max <= ranks)", label);
        return -1;
    }
    return 0;
}

void cg_rules_default(cg_rules *r)
{
    char err[256];
    if (cg_rules_parse(r, cg_rules_builtin_text(), "cardgame.ini", err, sizeof err) != 0)
        r->name[0] = 0;  /* cannot happen: tests/cardgame.c parses the embedded text */
}

PB_GSW_RULES_IO(cg);
