/* core/ruleset_load.c: reading and validating a ruleset file (INI, parsed by libinih).
 *
 * The file format is described by tables: one row per key, saying its section, its type,
 * where it goes in pb_ruleset and its range. The handler fills the ruleset and records
 * which keys were seen (to reject duplicates and report missing entries); the checks after
 * parsing are the ones a single key cannot make (a card's parameters against its effect).
 * Every error is "FILE:LINE:COL: message"; the first error stops the load. */
#include "ruleset.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "textfile.h"

#include "ini_source.h"
#include "switches.h"


typedef enum { K_INT, K_BOOL, K_FACES, K_TRIGGER, K_NAME, K_EFFECT, K_PLAYS, K_SIDE, K_ON, K_INT_UNLIMITED } key_type;

typedef struct {
    const char *key;
    key_type type;
    size_t offset;   /* in the section's struct */
    int min, max;    /* K_INT */
    bool optional;
} key_info;

#define RS(field) offsetof(pb_ruleset, field)
#define DF(field) offsetof(pb_defense_card, field)
#define CD(field) offsetof(pb_play_card, field)

typedef struct {
    const char *section;
    key_info keys[12];
} section_info;

static const section_info plain_sections[] = {
    {"ruleset", {{"name", K_NAME, RS(name), 0, 0, false}}},
    {"field", {{"red_zone", K_INT, RS(red_zone), 0, 99, false},
               {"end_zone_depth", K_INT, RS(end_zone_depth), 0, 50, false},
               {"touchback", K_INT, RS(touchback_togo), 1, 99, false},
               {"downs", K_INT, RS(downs), 1, 10, false},
               {"first_down_yards", K_INT, RS(first_down_yards), 1, 99, false}}},
    {"pass", {{"short_multiplier", K_INT, RS(short_multiplier), 0, 10, false},
              {"long_multiplier", K_INT, RS(long_multiplier), 0, 10, false}}},
    {"kickoff", {{"from", K_INT, RS(kickoff_from), 1, 99, false},
                 {"base", K_INT, RS(kickoff_base), 0, 200, false},
                 {"multiplier", K_INT, RS(kickoff_multiplier), 0, 20, false},
                 {"free_kick_from", K_INT, RS(free_kick_from), 1, 99, false}}},
    {"onside", {{"multiplier", K_INT, RS(onside_multiplier), 0, 20, false},
                {"keep_at_least", K_INT, RS(onside_keep_at_least), 0, 200, false}}},
    {"punt", {{"distance", K_INT, RS(punt_distance), 0, 200, false}}},
    {"return", {{"multiplier", K_INT, RS(return_multiplier), 0, 20, false},
                {"doubles_multiplier", K_INT, RS(return_doubles_multiplier), 0, 20, false}}},
    {"field_goal", {{"max_togo", K_INT, RS(fg_max_togo), 1, 99, false},
                    {"doubles", K_BOOL, RS(fg_doubles), 0, 0, false}}},
    {"pat", {{"kick_at_least", K_INT, RS(pat_kick_at_least), 0, 13, false},
             {"two_point_togo", K_INT, RS(two_point_togo), 1, 99, false}}},
    {"penalty", {{"half_distance", K_BOOL, RS(half_distance), 0, 0, false}}},
    {"game", {{"quarters", K_INT, RS(quarters), 1, 20, false},
              {"plays_per_quarter", K_INT, RS(plays_per_quarter), 1, 24, false},
              {"set_aside", K_INT, RS(set_aside), 0, 23, false},
              {"extra_plays_max", K_INT_UNLIMITED, RS(extra_plays_max), 0, 24, false}}},
};

static const section_info defense_section = {
    "defense", {{"run", K_INT, DF(run_value), -99, 99, false},
                {"short", K_FACES, DF(short_faces), 0, 0, false},
                {"long", K_FACES, DF(long_faces), 0, 0, false},
                {"short_red", K_FACES, DF(short_red), 0, 0, true},
                {"long_red", K_FACES, DF(long_red), 0, 0, true}}};

/* Card keys; which ones an effect takes is in effect_keys below. */
static const section_info card_section = {
    "card", {{"name", K_NAME, CD(name), 0, 0, false},
             {"effect", K_EFFECT, CD(effect), 0, 0, false},
             {"plays", K_PLAYS, CD(plays), 0, 0, false},
             {"timeout", K_SIDE, CD(timeout), 0, 0, true},
             {"trigger", K_TRIGGER, CD(trigger_faces), 0, 0, true},
             {"challenge", K_SIDE, CD(challenge), 0, 0, true},
             {"on", K_ON, CD(challenge_on), 0, 0, true},
             {"return", K_BOOL, CD(turnover_return), 0, 0, true},
             {"ignore_defense", K_BOOL, CD(ignore_defense), 0, 0, true},
             {"no_chain", K_BOOL, CD(no_chain), 0, 0, true},
             {"presnap", K_BOOL, CD(presnap), 0, 0, true},
             {"requires_lead", K_BOOL, CD(requires_lead), 0, 0, true}}};
/* the rest of the card keys (a section_info holds 12) */
static const key_info card_keys_more[] = {
    {"offense_faces", K_FACES, CD(foul_offense), 0, 0, true},
    {"defense_faces", K_FACES, CD(foul_defense), 0, 0, true},
    {"yards", K_INT, CD(yards), 0, 99, true},
    {"factor", K_INT, CD(factor), 0, 20, true},
    {"divisor", K_INT, CD(divisor), 1, 20, true},
};
#define CARD_KEYS_MORE (sizeof card_keys_more / sizeof card_keys_more[0])

static const char *const effect_names[PB_EFFECT_COUNT] = {
    "none", "intercept", "fumble", "challenge", "foul", "multiply", "ignore_defense",
    "doubles_multiply", "add", "subtract", "halve", "sack", "change_card"};

/* The parameters each effect requires (space-separated); "timeout" is allowed on every card. */
static const char *const effect_keys[PB_EFFECT_COUNT] = {
    "", "trigger ignore_defense no_chain challenge return", "trigger challenge return", "challenge on",
    "presnap requires_lead offense_faces defense_faces yards", "factor", "", "factor", "yards", "yards",
    "divisor", "trigger yards", ""};

const char *pb_effect_name(pb_effect_kind k) { return k < PB_EFFECT_COUNT ? effect_names[k] : "?"; }

/* ---- parse state ---- */

#define MAX_SEEN 512

typedef struct {
    pb_ruleset *rs;
    pb_ini_source src;       /* where we are in the text, and the first error */
    /* what was seen */
    struct { char section[32]; char key[32]; int line; } seen[MAX_SEEN];
    int nseen;
    bool defense_seen[PB_DEFENSE_COUNT], card_seen[PB_CARD_COUNT];
    int defense_line[PB_DEFENSE_COUNT], card_line[PB_CARD_COUNT];
    bool fg_row_seen;
} parse_ctx;

static int fail_at(parse_ctx *c, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int fail_at(parse_ctx *c, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pb_ini_vfail(&c->src, line, col, fmt, ap);
    va_end(ap);
    return 0;
}

static int column_of(const parse_ctx *c, const char *needle, bool want_value)
{
    return pb_ini_column(&c->src, needle, want_value);
}

/* ---- values ---- */

static bool parse_int_text(const char *v, long *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno)
        return false;
    *out = x;
    return true;
}

/* "1 6", "1,6", "-" or "" (none). */
static bool parse_faces(const char *v, pb_faces *out, int *bad_col_offset)
{
    pb_faces f = 0;
    if (strcmp(v, "-") == 0 || strcmp(v, "none") == 0) {
        *out = 0;
        return true;
    }
    for (const char *p = v; *p; p++) {
        if (*p == ' ' || *p == ',' || *p == '\t')
            continue;
        if (*p < '1' || *p > '6' || (p[1] && p[1] != ' ' && p[1] != ',' && p[1] != '\t')) {
            *bad_col_offset = (int)(p - v);
            return false;
        }
        pb_faces bit = PB_FACE(*p - '0');
        if (f & bit) {
            *bad_col_offset = (int)(p - v);
            return false;
        }
        f |= bit;
    }
    if (!f) {
        *bad_col_offset = 0;
        return false;
    }
    *out = f;
    return true;
}

static int lookup(const char *const *names, int n, const char *v)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], v) == 0)
            return i;
    return -1;
}

static const char *const bool_names[] = {"no", "yes"};
static const char *const plays_names[] = {"all", "run", "pass"};
static const char *const side_names[] = {"none", "offense", "defense"};
static const char *const on_names[] = {"complete", "incomplete"};

static int set_value(parse_ctx *c, void *base, const key_info *k, const char *v)
{
    char *dst = (char *)base + k->offset;
    int vcol = column_of(c, v, true);
    long x;
    int idx, bad = 0;
    switch (k->type) {
    case K_INT:
        if (!parse_int_text(v, &x))
            return fail_at(c, c->src.line, vcol, "'%s' must be a whole number, not '%s'", k->key, v);
        if (x < k->min || x > k->max)
            return fail_at(c, c->src.line, vcol, "'%s' = %ld is out of range (%d..%d)", k->key, x, k->min, k->max);
        *(int *)dst = (int)x;
        return 1;
    case K_INT_UNLIMITED:
        if (strcmp(v, "unlimited") == 0) {
            *(int *)dst = -1;
            return 1;
        }
        if (!parse_int_text(v, &x) || x < k->min || x > k->max)
            return fail_at(c, c->src.line, vcol, "'%s' must be %d..%d or 'unlimited', not '%s'", k->key, k->min, k->max, v);
        *(int *)dst = (int)x;
        return 1;
    case K_BOOL:
        if ((idx = lookup(bool_names, 2, v)) < 0)
            return fail_at(c, c->src.line, vcol, "'%s' must be yes or no, not '%s'", k->key, v);
        *(bool *)dst = idx == 1;
        return 1;
    case K_FACES:
        if (!parse_faces(v, (pb_faces *)dst, &bad))
            return fail_at(c, c->src.line, vcol + bad, "'%s' must list die faces 1..6 once each, or '-', not '%s'", k->key, v);
        return 1;
    case K_TRIGGER: {
        pb_play_card *card = base;
        if (strcmp(v, "doubles") == 0) {
            card->trigger_doubles = true;
            card->trigger_faces = 0;
            return 1;
        }
        card->trigger_doubles = false;
        if (!parse_faces(v, &card->trigger_faces, &bad) || card->trigger_faces == 0)
            return fail_at(c, c->src.line, vcol + bad, "'trigger' must be 'doubles' or die faces 1..6, not '%s'", v);
        return 1;
    }
    case K_NAME:
        if (!*v || strlen(v) >= PB_NAME_MAX)
            return fail_at(c, c->src.line, vcol, "'%s' must be 1..%d characters", k->key, PB_NAME_MAX - 1);
        strcpy(dst, v);
        return 1;
    case K_EFFECT:
        if ((idx = lookup(effect_names, PB_EFFECT_COUNT, v)) < 0)
            return fail_at(c, c->src.line, vcol, "unknown effect '%s' (one of: none, intercept, fumble, challenge, foul, "
                           "multiply, ignore_defense, doubles_multiply, add, subtract, halve, sack, change_card)", v);
        *(pb_effect_kind *)dst = (pb_effect_kind)idx;
        return 1;
    case K_PLAYS:
        if ((idx = lookup(plays_names, 3, v)) < 0)
            return fail_at(c, c->src.line, vcol, "'plays' must be all, run or pass, not '%s'", v);
        *(pb_plays *)dst = (pb_plays)idx;
        return 1;
    case K_SIDE:
        if ((idx = lookup(side_names, 3, v)) < 0)
            return fail_at(c, c->src.line, vcol, "'%s' must be none, offense or defense, not '%s'", k->key, v);
        *(pb_side *)dst = (pb_side)idx;
        return 1;
    case K_ON:
        if ((idx = lookup(on_names, 2, v)) < 0)
            return fail_at(c, c->src.line, vcol, "'on' must be complete or incomplete, not '%s'", v);
        *(pb_challenge_on *)dst = (pb_challenge_on)idx;
        return 1;
    }
    return fail_at(c, c->src.line, 0, "internal: unknown key type");
}

/* Records (section, key); fails on a duplicate. */
static int mark_seen(parse_ctx *c, const char *section, const char *key)
{
    for (int i = 0; i < c->nseen; i++)
        if (strcmp(c->seen[i].section, section) == 0 && strcmp(c->seen[i].key, key) == 0)
            return fail_at(c, c->src.line, column_of(c, key, false), "duplicate '%s' in [%s] (first at line %d)", key,
                           section, c->seen[i].line);
    if (c->nseen >= MAX_SEEN)
        return fail_at(c, c->src.line, 0, "too many entries");
    snprintf(c->seen[c->nseen].section, sizeof c->seen[0].section, "%s", section);
    snprintf(c->seen[c->nseen].key, sizeof c->seen[0].key, "%s", key);
    c->seen[c->nseen].line = c->src.line;
    c->nseen++;
    return 1;
}

static const int *seen_line(const parse_ctx *c, const char *section, const char *key)
{
    for (int i = 0; i < c->nseen; i++)
        if (strcmp(c->seen[i].section, section) == 0 && strcmp(c->seen[i].key, key) == 0)
            return &c->seen[i].line;
    return NULL;
}

static const key_info *find_key(const section_info *s, const char *key)
{
    for (int i = 0; i < 12 && s->keys[i].key; i++)
        if (strcmp(s->keys[i].key, key) == 0)
            return &s->keys[i];
    return NULL;
}

static const key_info *find_card_key(const char *key)
{
    const key_info *k = find_key(&card_section, key);
    if (k)
        return k;
    for (size_t i = 0; i < CARD_KEYS_MORE; i++)
        if (strcmp(card_keys_more[i].key, key) == 0)
            return &card_keys_more[i];
    return NULL;
}

/* "[defense 3]" -> 3, "[card 07]" -> 7; -1 if not of that form. */
static int section_index(const char *section, const char *prefix, int max)
{
    size_t n = strlen(prefix);
    if (strncmp(section, prefix, n) != 0 || section[n] != ' ')
        return -1;
    long x;
    if (!parse_int_text(section + n + 1, &x) || x < 1 || x > max)
        return 0;
    return (int)x;
}

static int handle_fg_row(parse_ctx *c, const char *name, const char *value)
{
    long dist;
    if (!parse_int_text(name + 7, &dist) || dist < 1 || dist > 99)
        return fail_at(c, c->src.line, column_of(c, name, false), "field goal row '%s' must be within_N, N 1..99", name);
    pb_ruleset *rs = c->rs;
    if (rs->fg_row_count >= PB_FG_ROWS_MAX)
        return fail_at(c, c->src.line, 1, "at most %d field goal rows", PB_FG_ROWS_MAX);
    if (rs->fg_row_count > 0 && rs->fg_rows[rs->fg_row_count - 1].max_togo >= dist)
        return fail_at(c, c->src.line, column_of(c, name, false), "field goal rows must go by increasing distance");
    int bad = 0;
    pb_faces f;
    if (!parse_faces(value, &f, &bad))
        return fail_at(c, c->src.line, column_of(c, value, true) + bad, "'%s' must list die faces 1..6", name);
    rs->fg_rows[rs->fg_row_count].max_togo = (int)dist;
    rs->fg_rows[rs->fg_row_count].faces = f;
    rs->fg_row_count++;
    c->fg_row_seen = true;
    return 1;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    parse_ctx *c = user;
    if (c->src.failed)
        return 0;
    /* [card 1] and [card 01] are the same section */
    char canon[32];
    int d = section_index(section, "defense", PB_DEFENSE_COUNT);
    int card = section_index(section, "card", PB_CARD_COUNT);
    if (d > 0)
        snprintf(canon, sizeof canon, "defense %d", d);
    else if (card > 0)
        snprintf(canon, sizeof canon, "card %02d", card);
    else
        snprintf(canon, sizeof canon, "%.31s", section);
    section = canon;
    if (!mark_seen(c, section, name))
        return 0;
    int key_col = column_of(c, name, false);
    pb_ruleset *rs = c->rs;

    for (size_t i = 0; i < sizeof plain_sections / sizeof plain_sections[0]; i++) {
        if (strcmp(section, plain_sections[i].section) != 0)
            continue;
        if (strcmp(section, "field_goal") == 0 && strncmp(name, "within_", 7) == 0)
            return handle_fg_row(c, name, value);
        const key_info *k = find_key(&plain_sections[i], name);
        if (!k)
            return fail_at(c, c->src.line, key_col, "unknown key '%s' in [%s]", name, section);
        return set_value(c, rs, k, value);
    }
    if (strcmp(section, "switches") == 0) {
        const pb_switch_info *sw = pb_switch_find(name);
        if (!sw)
            return fail_at(c, c->src.line, key_col, "unknown switch '%s' (see 'paperbowl rules switches')", name);
        int v = pb_switch_value_parse(sw, value);
        if (v < 0) {
            char allowed[128] = "";
            if (!sw->values[0])
                snprintf(allowed, sizeof allowed, "a number %d..%d", sw->numeric_min, sw->numeric_max);
            for (int j = 0; sw->values[j]; j++) {
                strncat(allowed, j ? ", " : "", sizeof allowed - strlen(allowed) - 1);
                strncat(allowed, sw->values[j], sizeof allowed - strlen(allowed) - 1);
            }
            return fail_at(c, c->src.line, column_of(c, value, true), "switch %s has no value '%s' (%s)", name, value,
                           allowed);
        }
        pb_switch_set(&rs->sw, sw, v);
        return 1;
    }
    if (d == 0)
        return fail_at(c, c->src.line, 0, "unknown section [%s] (defense cards are 1..%d)", section, PB_DEFENSE_COUNT);
    if (d > 0) {
        const key_info *k = find_key(&defense_section, name);
        if (!k)
            return fail_at(c, c->src.line, key_col, "unknown key '%s' in [%s]", name, section);
        if (!c->defense_seen[d - 1]) {
            c->defense_seen[d - 1] = true;
            c->defense_line[d - 1] = c->src.line;
        }
        return set_value(c, &rs->defense[d - 1], k, value);
    }
    if (card == 0)
        return fail_at(c, c->src.line, 0, "unknown section [%s] (play cards are 01..%d)", section, PB_CARD_COUNT);
    if (card > 0) {
        const key_info *k = find_card_key(name);
        if (!k)
            return fail_at(c, c->src.line, key_col, "unknown key '%s' in [%s]", name, section);
        if (!c->card_seen[card - 1]) {
            c->card_seen[card - 1] = true;
            c->card_line[card - 1] = c->src.line;
        }
        return set_value(c, &rs->card[card - 1], k, value);
    }
    return fail_at(c, c->src.line, 0, "unknown section [%s]", section);
}

/* ---- checks after parsing ---- */

static bool word_in(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static int check_card(parse_ctx *c, int i)
{
    char section[32];
    snprintf(section, sizeof section, "card %02d", (i + 1) % 100);
    const pb_play_card *card = &c->rs->card[i];
    int line = c->card_line[i];
    for (size_t k = 0; k < 12 + CARD_KEYS_MORE; k++) {
        const key_info *ki = k < 12 ? &card_section.keys[k] : &card_keys_more[k - 12];
        if (!ki->key)
            continue;
        const int *at = seen_line(c, section, ki->key);
        bool wanted = !ki->optional || word_in(effect_keys[card->effect], ki->key);
        if (strcmp(ki->key, "timeout") == 0)
            continue; /* allowed on every card */
        if (wanted && !at)
            return fail_at(c, line, 0, "[%s] effect '%s' needs '%s'", section, effect_names[card->effect], ki->key);
        if (!wanted && at)
            return fail_at(c, *at, 1, "'%s' does not apply to effect '%s' in [%s]", ki->key, effect_names[card->effect],
                           section);
    }
    bool pass_only = card->effect == PB_EFFECT_INTERCEPT || card->effect == PB_EFFECT_SACK ||
                     card->effect == PB_EFFECT_CHALLENGE;
    if (pass_only && card->plays != PB_PLAYS_PASS)
        return fail_at(c, line, 0, "[%s] effect '%s' needs 'plays = pass'", section, effect_names[card->effect]);
    if (card->effect == PB_EFFECT_CHANGE_CARD && card->timeout == PB_SIDE_NONE)
        return fail_at(c, line, 0, "[%s] effect 'change_card' needs 'timeout = offense' or 'timeout = defense'", section);
    if (card->effect == PB_EFFECT_CHALLENGE && card->challenge == PB_SIDE_NONE)
        return fail_at(c, line, 0, "[%s] effect 'challenge' needs 'challenge = offense' or 'challenge = defense'", section);
    if (card->effect == PB_EFFECT_FOUL && (card->foul_offense & card->foul_defense))
        return fail_at(c, line, 0, "[%s] a face cannot be both an offense and a defense foul", section);
    return 1;
}

static int check_all(parse_ctx *c)
{
    pb_ruleset *rs = c->rs;
    for (size_t i = 0; i < sizeof plain_sections / sizeof plain_sections[0]; i++)
        for (int k = 0; k < 12 && plain_sections[i].keys[k].key; k++)
            if (!plain_sections[i].keys[k].optional && !seen_line(c, plain_sections[i].section, plain_sections[i].keys[k].key))
                return fail_at(c, 0, 0, "missing '%s' in [%s]", plain_sections[i].keys[k].key, plain_sections[i].section);
    for (size_t i = 0; i < pb_switch_count; i++)
        if (pb_switch_table[i].offset >= 0 && !seen_line(c, "switches", pb_switch_table[i].id))
            return fail_at(c, 0, 0, "missing switch '%s' in [switches]", pb_switch_table[i].id);
    for (int d = 0; d < PB_DEFENSE_COUNT; d++) {
        char section[32];
        snprintf(section, sizeof section, "defense %d", (d + 1) % 100);
        if (!c->defense_seen[d])
            return fail_at(c, 0, 0, "missing section [%s]", section);
        for (int k = 0; k < 5; k++) {
            const key_info *ki = &defense_section.keys[k];
            if (!ki->optional && !seen_line(c, section, ki->key))
                return fail_at(c, c->defense_line[d], 0, "missing '%s' in [%s]", ki->key, section);
        }
        if (!seen_line(c, section, "short_red"))
            rs->defense[d].short_red = rs->defense[d].short_faces;
        if (!seen_line(c, section, "long_red"))
            rs->defense[d].long_red = rs->defense[d].long_faces;
    }
    for (int i = 0; i < PB_CARD_COUNT; i++) {
        if (!c->card_seen[i])
            return fail_at(c, 0, 0, "missing section [card %02d]", i + 1);
        if (!check_card(c, i))
            return 0;
    }
    rs->touchback_togo = 100 - rs->touchback_togo;  /* the file gives the own yard line */
    if (rs->plays_per_quarter + rs->set_aside > PB_CARD_COUNT)
        return fail_at(c, 0, 0, "plays_per_quarter + set_aside must be at most %d", PB_CARD_COUNT);
    if (rs->fg_max_togo > 99)
        return fail_at(c, 0, 0, "field_goal max_togo must be 1..99");
    return 1;
}

int pb_ruleset_parse(pb_ruleset *out, const char *text, const char *label, char *err, size_t errlen)
{
    parse_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "%s: out of memory", label);
        return -1;
    }
    memset(out, 0, sizeof *out);
    for (int i = 0; i < PB_CARD_COUNT; i++)
        out->card[i].divisor = 1;
    c->rs = out;
    pb_ini_source_init(&c->src, text, label, err, errlen);
    pb_ini_parse(&c->src, handler, c, "'[section]', 'key = value' or a comment");
    if (!c->src.failed)
        check_all(c);
    bool failed = c->src.failed;
    free(c);
    if (failed)
        return -1;
    snprintf(out->source, sizeof out->source, "%s", label);
    return 0;
}

int pb_ruleset_load(pb_ruleset *out, const char *name_or_path, char *err, size_t errlen)
{
    err[0] = '\0';
    const char *builtin = pb_ruleset_builtin_text(name_or_path);
    if (builtin) {
        char label[128];
        snprintf(label, sizeof label, "%s", name_or_path);
        int rc = pb_ruleset_parse(out, builtin, label, err, errlen);
        if (rc == 0)
            snprintf(out->source, sizeof out->source, "%s (embedded)", name_or_path);
        return rc;
    }
    struct stat st;   /* a name that is no file: an unknown ruleset (the file is opened below) */
    if (!strchr(name_or_path, '/') && stat(name_or_path, &st) != 0) {
        snprintf(err, errlen, "unknown ruleset '%s' (embedded: v1.11-ja, v1.11-en; or give a file path)", name_or_path);
        return -1;
    }
    char *text = pb_read_text_file(name_or_path, (1u << 24), "ruleset", err, errlen);
    if (!text)
        return -1;
    int rc = pb_ruleset_parse(out, text, name_or_path, err, errlen);
    free(text);
    return rc;
}
