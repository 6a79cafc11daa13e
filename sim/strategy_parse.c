/* sim/strategy_parse.c: strategy files (see strategy.h) read with libinih, with FILE:LINE:COL
 * messages; the rules they give are compiled for lookup in strategy.c.
 *
 * Invariants after a successful parse: every rule has a nonzero total weight; [offense] and
 * [defense] end with a `default` rule, and the [offense] default has a choice usable anywhere
 * (not only fg); the other sections end with their built-in default when the file gives none;
 * the card orders are permutations of 1..24. [return] alone has no built-in default (its rules
 * may match nothing: the game then leaves the choice to the policy). */
#include "strategy.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ini_source.h"
#include "sim_internal.h"
#include "textfile.h"

#define LINE_MAX_BYTES PB_INI_LINE_MAX
#define WEIGHT_MAX 1000000

static const char *const section_names[PB_STRAT_SECTION_COUNT] = {"offense", "defense", "kickoff", "try",
                                                                  "end_of_half", "return"};
static const char *const choice_names[PB_STRAT_SECTION_COUNT][PB_STRAT_CHOICES_MAX + 1] = {
    {"run", "short", "long", "punt", "fg", NULL},
    {"d1", "d2", "d3", "d4", "d5", NULL},
    {"regular", "onside", NULL},
    {"kick", "run", "short", "long", NULL},
    {"timeout", "none", NULL},
    {"return", "touchback", NULL},
};
static const char *const field_names[PB_FIELD_COUNT] = {"down", "ytg", "togo", "lead", "left", "quarter", "side"};

/* Fields a section's conditions may use (bit f). */
#define F(x) (1u << (x))
static const unsigned section_fields[PB_STRAT_SECTION_COUNT] = {
    F(PB_FIELD_DOWN) | F(PB_FIELD_YTG) | F(PB_FIELD_TOGO) | F(PB_FIELD_LEAD) | F(PB_FIELD_LEFT) | F(PB_FIELD_QUARTER),
    F(PB_FIELD_DOWN) | F(PB_FIELD_YTG) | F(PB_FIELD_TOGO) | F(PB_FIELD_LEAD) | F(PB_FIELD_LEFT) | F(PB_FIELD_QUARTER),
    F(PB_FIELD_LEAD) | F(PB_FIELD_LEFT) | F(PB_FIELD_QUARTER),
    F(PB_FIELD_LEAD) | F(PB_FIELD_LEFT) | F(PB_FIELD_QUARTER),
    F(PB_FIELD_DOWN) | F(PB_FIELD_YTG) | F(PB_FIELD_TOGO) | F(PB_FIELD_LEAD) | F(PB_FIELD_QUARTER) | F(PB_FIELD_SIDE),
    F(PB_FIELD_TOGO) | F(PB_FIELD_LEAD) | F(PB_FIELD_LEFT) | F(PB_FIELD_QUARTER),
};

/* The order in which a team picks the set-aside card it adds at the end of a half, when its
 * file gives none: the offense takes the play card best for an offense first (bonuses, then
 * the neutral cards, then the defense's bonuses and the turnovers); the defense the reverse. */
const int pb_strat_default_offense_cards[PB_CARD_COUNT] = {16, 12, 11, 15, 13, 14, 21, 6,  23, 9, 10, 8,
                                                           7,  5,  24, 22, 17, 18, 19, 20, 3, 1, 4,  2};

const char *pb_strat_section_name(pb_strat_section sec)
{
    return sec < PB_STRAT_SECTION_COUNT ? section_names[sec] : "?";
}

const char *pb_strat_choice_name(pb_strat_section sec, int choice)
{
    if (sec >= PB_STRAT_SECTION_COUNT || choice < 0 || choice >= PB_STRAT_CHOICES_MAX)
        return NULL;
    return choice_names[sec][choice];
}

static int choice_count(pb_strat_section sec)
{
    int n = 0;
    while (n < PB_STRAT_CHOICES_MAX && choice_names[sec][n])
        n++;
    return n;
}

/* ---- parsing ---- */

typedef struct {
    pb_strategy *st;
    pb_ini_source src;       /* where we are in the text, and the first error */
    int cap[PB_STRAT_SECTION_COUNT];
    pb_strat_rule defaults[PB_STRAT_SECTION_COUNT];
    bool has_default[PB_STRAT_SECTION_COUNT];
    bool seen_name, seen_offense_cards, seen_defense_cards, seen_final_fg;
} parse_ctx;

static int fail_at(parse_ctx *c, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* An error at column `col` of the line being read (0: no column). */
static int fail_at(parse_ctx *c, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pb_ini_vfail(&c->src, c->src.line, col, fmt, ap);
    va_end(ap);
    return 0;
}

static int col_in(const parse_ctx *c, bool in_value, size_t offset)
{
    const char *p = c->src.raw;
    if (in_value) {
        p += strcspn(p, "=:");
        if (*p)
            p++;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    return (int)(p - c->src.raw) + (int)offset + 1;
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* A whole number at *pp (optional sign), |v| <= limit; advances *pp. */
static bool parse_number_within(const char **pp, int *out, long limit)
{
    const char *p = *pp;
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    if (end == p || errno || v < -limit || v > limit)
        return false;
    *out = (int)v;
    *pp = end;
    return true;
}

static bool parse_number(const char **pp, int *out) { return parse_number_within(pp, out, 100000); }

/* RANGE: N, A-B or A..B (inclusive), N.. (N or more), ..N (N or less), <N, >N; `side` takes
 * offense / defense. ('=' cannot appear: libinih ends the condition list at the first '='.)
 * `text` ends at the item's end. */
static bool parse_range(parse_ctx *c, pb_strat_field f, const char *text, const char *base, int *lo, int *hi)
{
    const char *p = text;
    int col = col_in(c, false, (size_t)(text - base));
    if (f == PB_FIELD_SIDE) {
        if (strcmp(p, "offense") == 0)
            *lo = *hi = 0;
        else if (strcmp(p, "defense") == 0)
            *lo = *hi = 1;
        else
            return fail_at(c, col, "side must be offense or defense, not '%s'", p);
        return true;
    }
    int a = INT_MIN, b = INT_MAX;
    bool ok;
    if (p[0] == '<' || p[0] == '>') {
        bool less = p[0] == '<';
        p++;
        ok = parse_number(&p, less ? &b : &a) && !*p;
        if (ok && less)
            b--;
        else if (ok)
            a++;
    } else if (p[0] == '.' && p[1] == '.') {
        p += 2;
        ok = parse_number(&p, &b) && !*p;
    } else {
        ok = parse_number(&p, &a);
        if (ok && p[0] == '.' && p[1] == '.') {
            p += 2;
            ok = !*p || (parse_number(&p, &b) && !*p);
        } else if (ok && p[0] == '-') {
            p++;
            ok = parse_number(&p, &b) && !*p;
        } else if (ok) {
            b = a;
            ok = !*p;
        }
    }
    if (!ok)
        return fail_at(c, col, "%s: '%s' is not a range (N, A-B, A..B, N.., ..N, <N, >N)", field_names[f], text);
    if (a > b)
        return fail_at(c, col, "%s: the range '%s' is empty", field_names[f], text);
    *lo = a;
    *hi = b;
    return true;
}

/* Split `s` (modified in place) at commas; calls fn on each trimmed item with its offset. */
typedef bool (*item_fn)(parse_ctx *c, void *arg, char *item, size_t offset);

static bool each_item(parse_ctx *c, char *s, bool in_value, item_fn fn, void *arg)
{
    char *p = s;
    for (;;) {
        char *end = p + strcspn(p, ",");
        bool last = *end == '\0';
        *end = '\0';
        char *item = (char *)skip_space(p);
        char *tail = end;
        while (tail > item && (tail[-1] == ' ' || tail[-1] == '\t'))
            *--tail = '\0';
        if (!*item)
            return fail_at(c, col_in(c, in_value, (size_t)(item - s)), "empty item in the list");
        if (!fn(c, arg, item, (size_t)(item - s)))
            return false;
        if (last)
            return true;
        p = end + 1;
    }
}

typedef struct {
    pb_strat_section sec;
    pb_strat_rule *rule;
    const char *base;
    unsigned seen;   /* choices already given */
} rule_arg;

static bool condition_item(parse_ctx *c, void *varg, char *item, size_t offset)
{
    rule_arg *a = varg;
    size_t n = strcspn(item, " \t");
    char saved = item[n];
    item[n] = '\0';
    int f = -1;
    for (int i = 0; i < PB_FIELD_COUNT; i++)
        if (strcmp(field_names[i], item) == 0)
            f = i;
    int col = col_in(c, false, offset);
    if (f < 0)
        return fail_at(c, col, "unknown condition '%s' (down, ytg, togo, lead, left, quarter, side; or default)", item);
    if (!(section_fields[a->sec] & (1u << f)))
        return fail_at(c, col, "condition '%s' does not apply in [%s]", item, section_names[a->sec]);
    if (a->rule->fields & (1u << f))
        return fail_at(c, col, "condition '%s' given twice", item);
    item[n] = saved;
    const char *range = skip_space(item + n);
    if (!*range)
        return fail_at(c, col, "condition '%s' needs a range, e.g. '%s 1-3'", field_names[f], field_names[f]);
    if (!parse_range(c, (pb_strat_field)f, range, a->base, &a->rule->lo[f], &a->rule->hi[f]))
        return false;
    a->rule->fields |= 1u << f;
    return true;
}

static bool mix_item(parse_ctx *c, void *varg, char *item, size_t offset)
{
    rule_arg *a = varg;
    size_t n = strcspn(item, " \t");
    char saved = item[n];
    item[n] = '\0';
    int col = col_in(c, true, offset);
    int choice = -1, count = choice_count(a->sec);
    for (int i = 0; i < count; i++)
        if (strcmp(choice_names[a->sec][i], item) == 0)
            choice = i;
    if (choice < 0) {
        char list[96] = "";
        for (int i = 0; i < count; i++) {
            strcat(list, i ? ", " : "");
            strcat(list, choice_names[a->sec][i]);
        }
        return fail_at(c, col, "unknown choice '%s' in [%s] (%s)", item, section_names[a->sec], list);
    }
    if (a->seen & (1u << choice))
        return fail_at(c, col, "choice '%s' given twice", item);
    a->seen |= 1u << choice;
    item[n] = saved;
    const char *w = skip_space(item + n);
    int wcol = col_in(c, true, offset + (size_t)(w - item));
    int weight;
    const char *p = w;
    /* a weight may be written up to 10 times WEIGHT_MAX, so that an overlarge one gets its
     * own message below */
    if (!*w || !parse_number_within(&p, &weight, 10L * WEIGHT_MAX) || *p)
        return fail_at(c, *w ? wcol : col, "choice '%s' needs a whole-number weight, e.g. '%s 1'",
                       choice_names[a->sec][choice], choice_names[a->sec][choice]);
    if (weight < 0 || weight > WEIGHT_MAX)
        return fail_at(c, wcol, "weight %d is out of range (0..%d)", weight, WEIGHT_MAX);
    a->rule->weight[choice] = (unsigned)weight;
    return true;
}

static bool add_rule(parse_ctx *c, pb_strat_section sec, const pb_strat_rule *rule)
{
    pb_strat_rules *rs = &c->st->section[sec];
    if (rs->count == c->cap[sec]) {
        int cap = c->cap[sec] ? c->cap[sec] * 2 : 8;
        pb_strat_rule *p = realloc(rs->rules, (size_t)cap * sizeof *p);
        if (!p)
            return fail_at(c, 0, "out of memory");
        rs->rules = p;
        c->cap[sec] = cap;
    }
    rs->rules[rs->count++] = *rule;
    return true;
}

static bool parse_rule(parse_ctx *c, pb_strat_section sec, const char *name, const char *value)
{
    pb_strat_rule rule;
    memset(&rule, 0, sizeof rule);
    for (int f = 0; f < PB_FIELD_COUNT; f++) {
        rule.lo[f] = INT_MIN;
        rule.hi[f] = INT_MAX;
    }
    char when[LINE_MAX_BYTES + 16], mix[LINE_MAX_BYTES + 16];
    snprintf(when, sizeof when, "%s", name);
    snprintf(mix, sizeof mix, "%s", value);
    bool is_default = strcmp(when, "default") == 0;
    rule_arg a = {sec, &rule, when, 0};
    if (!is_default && !each_item(c, when, false, condition_item, &a))
        return false;
    if (!*mix)
        return fail_at(c, col_in(c, true, 0), "a rule needs a mix after '=', e.g. 'run 1, short 1'");
    a.base = mix;
    if (!each_item(c, mix, true, mix_item, &a))
        return false;
    unsigned total = 0;
    for (int i = 0; i < PB_STRAT_CHOICES_MAX; i++)
        total += rule.weight[i];
    if (total == 0)
        return fail_at(c, col_in(c, true, 0), "every weight is 0: nothing can be chosen");
    rule.line = c->src.line;
    if (is_default) {
        if (c->has_default[sec])
            return fail_at(c, 1, "a second 'default' in [%s] (first at line %d)", section_names[sec],
                           c->defaults[sec].line);
        pb_strat_derive(&rule);
        if (sec == PB_STRAT_OFFENSE && (rule.mask & PB_STRAT_NO_FG) == 0)
            return fail_at(c, col_in(c, true, 0),
                           "the [offense] default needs a choice other than fg (fg is out of range on most of the field)");
        c->defaults[sec] = rule;
        c->has_default[sec] = true;
        return true;
    }
    return add_rule(c, sec, &rule);
}

/* "16 12 11 ..." -> a permutation of 1..24 (unlisted cards follow in the default order). */
static bool parse_cards(parse_ctx *c, const char *value, const int *fallback, int *out)
{
    bool used[PB_CARD_COUNT + 1] = {false};
    int n = 0;
    const char *p = value;
    for (;;) {
        p = skip_space(p);
        if (*p == ',')
            p = skip_space(p + 1);
        if (!*p)
            break;
        const char *start = p;
        int card;
        if (!parse_number(&p, &card) || (*p && *p != ' ' && *p != '\t' && *p != ','))
            return fail_at(c, col_in(c, true, (size_t)(start - value)), "'%.*s' is not a play card (01..24)",
                           (int)strcspn(start, " \t,"), start);
        if (card < 1 || card > PB_CARD_COUNT)
            return fail_at(c, col_in(c, true, (size_t)(start - value)), "play card %d does not exist (01..24)", card);
        if (used[card])
            return fail_at(c, col_in(c, true, (size_t)(start - value)), "play card %02d listed twice", card);
        used[card] = true;
        out[n++] = card;
    }
    for (int i = 0; i < PB_CARD_COUNT; i++)
        if (!used[fallback[i]])
            out[n++] = fallback[i];
    return true;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    parse_ctx *c = user;
    if (c->src.failed)
        return 1;
    pb_strategy *st = c->st;
    if (strcmp(section, "strategy") == 0) {
        if (strcmp(name, "name") == 0) {
            if (!*value || strlen(value) >= sizeof st->name)
                return fail_at(c, col_in(c, true, 0), "'name' must be 1..%d characters", (int)sizeof st->name - 1), 1;
            snprintf(st->name, sizeof st->name, "%s", value);
            c->seen_name = true;
        } else if (strcmp(name, "description") != 0) {
            fail_at(c, col_in(c, false, 0), "unknown key '%s' in [strategy] (name, description)", name);
        }
        return 1;
    }
    int sec = -1;
    for (int i = 0; i < PB_STRAT_SECTION_COUNT; i++)
        if (strcmp(section_names[i], section) == 0)
            sec = i;
    if (sec < 0) {
        fail_at(c, 0, "unknown section [%s] (strategy, offense, defense, kickoff, try, end_of_half, return)", section);
        return 1;
    }
    if (sec == PB_STRAT_END_OF_HALF) {
        if (strcmp(name, "offense_cards") == 0 || strcmp(name, "defense_cards") == 0) {
            bool off = name[0] == 'o';
            bool *seen = off ? &c->seen_offense_cards : &c->seen_defense_cards;
            if (*seen)
                return fail_at(c, 1, "'%s' given twice", name), 1;
            *seen = true;
            int fallback[PB_CARD_COUNT];
            for (int i = 0; i < PB_CARD_COUNT; i++)
                fallback[i] = off ? pb_strat_default_offense_cards[i]
                                  : pb_strat_default_offense_cards[PB_CARD_COUNT - 1 - i];
            parse_cards(c, value, fallback, off ? st->offense_cards : st->defense_cards);
            return 1;
        }
        if (strcmp(name, "final_field_goal") == 0) {
            if (c->seen_final_fg)
                return fail_at(c, 1, "'final_field_goal' given twice"), 1;
            c->seen_final_fg = true;
            if (strcasecmp(value, "yes") == 0)
                st->final_field_goal = true;
            else if (strcasecmp(value, "no") == 0)
                st->final_field_goal = false;
            else
                fail_at(c, col_in(c, true, 0), "'final_field_goal' must be yes or no, not '%s'", value);
            return 1;
        }
    }
    parse_rule(c, (pb_strat_section)sec, name, value);
    return 1;
}

int pb_strategy_parse(pb_strategy *out, const char *text, const char *label, char *err, size_t errlen)
{
    parse_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "%s: out of memory", label);
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->final_field_goal = true;
    for (int i = 0; i < PB_CARD_COUNT; i++) {
        out->offense_cards[i] = pb_strat_default_offense_cards[i];
        out->defense_cards[i] = pb_strat_default_offense_cards[PB_CARD_COUNT - 1 - i];
    }
    c->st = out;
    pb_ini_source_init(&c->src, text, label, err, errlen);

    /* section headers are checked here, where their line is known (libinih reports keys only) */
    int line = 1;
    for (const char *p = text; *p && !c->src.failed; line++) {
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        size_t n = strcspn(q, "]\r\n");
        if (*q == '[' && q[n] == ']') {
            bool known = n - 1 == strlen("strategy") && strncmp(q + 1, "strategy", n - 1) == 0;
            for (int i = 0; i < PB_STRAT_SECTION_COUNT; i++)
                known |= n - 1 == strlen(section_names[i]) && strncmp(q + 1, section_names[i], n - 1) == 0;
            if (!known) {
                c->src.line = line;
                fail_at(c, (int)(q - p) + 2, "unknown section [%.*s] (strategy, offense, defense, kickoff, try, end_of_half, return)",
                        (int)n - 1, q + 1);
            }
        }
        p += strcspn(p, "\n");
        if (*p)
            p++;
    }
    if (!c->src.failed)
        pb_ini_parse(&c->src, handler, c, "'[section]', 'WHEN = MIX' or a comment");
    if (!c->src.failed) {
        c->src.line = 0;
        if (!c->has_default[PB_STRAT_OFFENSE])
            fail_at(c, 0, "[offense] needs a 'default = ...' rule");
        else if (!c->has_default[PB_STRAT_DEFENSE])
            fail_at(c, 0, "[defense] needs a 'default = ...' rule");
        else if (!c->seen_name)
            fail_at(c, 0, "[strategy] needs 'name = ...'");
    }
    if (!c->src.failed) {
        static const unsigned builtin[PB_STRAT_SECTION_COUNT][2] = {
            {0, 0}, {0, 0}, {PB_KICK_REGULAR, 1}, {PB_TRY_KICK, 1}, {PB_EOH_NONE, 1}, {0, 0}};
        for (int s = 0; s < PB_STRAT_SECTION_COUNT && !c->src.failed; s++) {
            if (s == PB_STRAT_RETURN && !c->has_default[s])
                continue;  /* no built-in choice: the policy decides where no rule matches */
            pb_strat_rule rule = c->defaults[s];
            if (!c->has_default[s]) {
                memset(&rule, 0, sizeof rule);
                rule.weight[builtin[s][0]] = builtin[s][1];
            }
            rule.fields = 0;
            add_rule(c, (pb_strat_section)s, &rule);
        }
        for (int s = 0; s < PB_STRAT_SECTION_COUNT; s++)
            pb_strat_compile(&out->section[s]);
    }
    bool failed = c->src.failed;
    free(c);
    if (failed) {
        pb_strategy_release(out);
        return -1;
    }
    snprintf(out->source, sizeof out->source, "%s", label);
    return 0;
}

int pb_strategy_load(pb_strategy *out, const char *name_or_path, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    const char *text = pb_strategy_builtin_text(name_or_path);
    if (text) {
        char label[PB_NAME_MAX + 16];
        snprintf(label, sizeof label, "%s (embedded)", name_or_path);
        return pb_strategy_parse(out, text, label, err, errlen);
    }
    if (!strchr(name_or_path, '/') && !strchr(name_or_path, '.')) {
        struct stat st;   /* a name that is no file: an unknown strategy (the file is opened below) */
        if (stat(name_or_path, &st) != 0) {
            snprintf(err, errlen, "unknown strategy '%s' (embedded: coach, uniform, always-run; or a file)",
                     name_or_path);
            return -1;
        }
    }
    err[0] = '\0';
    char *buf = pb_read_text_file(name_or_path, (1u << 22), "strategy", err, errlen);
    if (!buf)
        return -1;
    int rc = pb_strategy_parse(out, buf, name_or_path, err, errlen);
    free(buf);
    return rc;
}
