/* ask/ask_values.c: the value of each condition of a question, read forgivingly.
 *
 * A value is a comma-separated list of items; an item is a value, a range (30..40, 30-40,
 * 30 to 40) or * (every value). Each dimension also takes the words people use: "Def 4",
 * "long pass", "own 20" (togo 80), "midfield", "3rd", "tied", "up 7", "red zone" ... Errors
 * point at the item that could not be read and say what the dimension takes. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ask_internal.h"
#include "switches.h"

#define fail pb_ask_fail

const char *pb_ask_dim_name(pb_ask_dim d)
{
    static const char *const names[PB_ASK_DIM_COUNT] = {"offense", "defense", "card", "togo",
                                                        "down", "ytg", "lead", "timeouts"};
    return d >= 0 && d < PB_ASK_DIM_COUNT ? names[d] : "?";
}

const char *pb_ask_zone_name(pb_ask_zone z)
{
    static const char *const names[] = {"none", "red", "goal", "own", "opp", "backed"};
    return z >= 0 && z <= PB_ASK_ZONE_BACKED ? names[z] : "?";
}

static const struct { pb_action a; const char *keyword, *name; } actions[] = {
    {PB_ACTION_PLAY, "play", "a run or pass play"},
    {PB_ACTION_KICKOFF, "kick=kickoff", "kick=kickoff (the receiving team's start)"},
    {PB_ACTION_FREE_KICK, "kick=free-kick", "kick=free-kick (the kick after a safety)"},
    {PB_ACTION_ONSIDE, "kick=onside", "kick=onside"},
    {PB_ACTION_ONSIDE_FREE, "kick=onside-free", "kick=onside-free (an onside free kick after a safety)"},
    {PB_ACTION_PUNT, "kick=punt", "kick=punt"},
    {PB_ACTION_RETURN, "kick=return", "kick=return"},
    {PB_ACTION_FIELD_GOAL, "kick=fg", "kick=fg (a field goal)"},
    {PB_ACTION_PAT, "kick=pat", "kick=pat (the PAT kick)"},
    {PB_ACTION_TWO_POINT, "kick=two-point", "kick=two-point (a two-point try)"},
};

const char *pb_ask_action_name(pb_action a)
{
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (actions[i].a == a)
            return actions[i].name;
    return "?";
}

const char *pb_ask_action_keyword(pb_action a)
{
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (actions[i].a == a)
            return actions[i].keyword;
    return "?";
}

void pb_ask_applies_text(unsigned applies, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) {
        if (!(applies & PB_ASK_ON(actions[i].a)))
            continue;
        const char *w = actions[i].a == PB_ACTION_PLAY ? "plays" : actions[i].keyword;
        int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", w);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

/* ---- helpers ---- */
static void trim(const char *s, size_t *a, size_t *b)
{
    while (*a < *b && isspace((unsigned char)s[*a]))
        (*a)++;
    while (*b > *a && isspace((unsigned char)s[*b - 1]))
        (*b)--;
}

/* s[a, b) lower-cased with '-' and '_' as spaces and runs of spaces as one. */
static void normalize(const char *s, size_t a, size_t b, char *out, size_t len)
{
    size_t o = 0;
    bool space = false;
    for (size_t i = a; i < b && o + 2 < len; i++) {
        int c = (unsigned char)s[i];
        if (c == '-' || c == '_' || isspace(c)) {
            space = o > 0;
            continue;
        }
        if (space)
            out[o++] = ' ';
        space = false;
        out[o++] = (char)tolower(c);
    }
    out[o] = '\0';
}

static bool is_one_of(const char *word, const char *const *list)
{
    for (size_t i = 0; list[i]; i++)
        if (strcmp(word, list[i]) == 0)
            return true;
    return false;
}

static const char *const all_words[] = {"*", "all", "any", "each", "every", NULL};

static int set_add(pb_ask_reader *r, pb_ask_set *set, int v, size_t a, size_t b, const char *dim)
{
    int i = 0;
    while (i < set->n && set->v[i] < v)
        i++;
    if (i < set->n && set->v[i] == v)
        return 0;
    if (set->n >= PB_ASK_VALUES_MAX)
        return fail(r, a, b - a, "too many values for %s (at most %d)", dim, PB_ASK_VALUES_MAX);
    memmove(&set->v[i + 1], &set->v[i], (size_t)(set->n - i) * sizeof set->v[0]);
    set->v[i] = v;
    set->n++;
    return 0;
}

static int set_add_range(pb_ask_reader *r, pb_ask_set *set, int lo, int hi, size_t a, size_t b, const char *dim)
{
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    if ((long)hi - lo >= PB_ASK_VALUES_MAX)
        return fail(r, a, b - a, "too many values for %s (at most %d)", dim, PB_ASK_VALUES_MAX);
    for (int v = lo; v <= hi; v++)
        if (set_add(r, set, v, a, b, dim) != 0)
            return -1;
    return 0;
}

/* Split s[vs, ve) at commas: the next item's trimmed bounds; false at the end. */
static bool next_item(const char *s, size_t *i, size_t ve, size_t *a, size_t *b)
{
    if (*i > ve)
        return false;
    size_t e = *i;
    while (e < ve && s[e] != ',')
        e++;
    *a = *i;
    *b = e;
    *i = e + 1;
    trim(s, a, b);
    return true;
}

/* An optional prefix word (from `prefixes`, case-insensitive, followed by spaces, '#' or a
 * digit), then an integer: the position after it, or 0 when the text has no such number. */
static size_t prefixed_int(const char *s, size_t a, size_t b, const char *const *prefixes, int *v, int *prefix)
{
    size_t i = a;
    *prefix = -1;
    for (int k = 0; prefixes && prefixes[k]; k++) {
        size_t n = strlen(prefixes[k]);
        if (b - i > n && strncasecmp(s + i, prefixes[k], n) == 0 &&
            (isspace((unsigned char)s[i + n]) || s[i + n] == '#' || s[i + n] == '.' || isdigit((unsigned char)s[i + n]) ||
             s[i + n] == '-' || s[i + n] == '+')) {
            *prefix = k;
            i += n;
            while (i < b && (isspace((unsigned char)s[i]) || s[i] == '#' || s[i] == '.'))
                i++;
            break;
        }
    }
    if (i < b && s[i] == '#')
        i++;
    size_t n = pb_ask_int_at(s, i, v);
    if (n == 0 || i + n > b)
        return 0;
    return i + n;
}

/* ITEM := N | N..M | N-M | N to M, each N optionally prefixed. 1: a single value (lo),
 * 2: a range, 0: not a number or range (nothing recorded). */
static int int_item(const char *s, size_t a, size_t b, const char *const *prefixes, bool dash_range, int *lo, int *hi,
                    int *prefix_lo, int *prefix_hi)
{
    size_t i = prefixed_int(s, a, b, prefixes, lo, prefix_lo);
    if (!i)
        return 0;
    *prefix_hi = *prefix_lo;
    while (i < b && isspace((unsigned char)s[i]))
        i++;
    if (i == b) {
        *hi = *lo;
        return 1;
    }
    if (b - i >= 2 && s[i] == '.' && s[i + 1] == '.')
        i += 2;
    else if (dash_range && s[i] == '-')
        i += 1;
    else if (b - i >= 3 && strncasecmp(s + i, "to", 2) == 0 && isspace((unsigned char)s[i + 2]))
        i += 2;
    else
        return 0;
    while (i < b && isspace((unsigned char)s[i]))
        i++;
    size_t j = prefixed_int(s, i, b, prefixes, hi, prefix_hi);
    if (!j)
        return 0;
    if (*prefix_hi < 0)
        *prefix_hi = *prefix_lo;
    while (j < b && isspace((unsigned char)s[j]))
        j++;
    return j == b ? 2 : 0;
}

static void mark(pb_ask_set *set, size_t vs, size_t ve)
{
    set->offset = (int)vs;
    set->span = (int)(ve - vs);
}

/* ---- offense ---- */
int pb_ask_read_offense(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_OFFENSE];
    static const char *const runs[] = {"run", "runs", "rush", "running", "r", "run play", NULL};
    static const char *const shorts[] = {"short", "short pass", "shortpass", "s", "sp", "short passes", NULL};
    static const char *const longs[] = {"long", "long pass", "longpass", "l", "lp", "bomb", "deep", "long passes", NULL};
    static const char *const passes[] = {"pass", "passes", "passing", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        if (is_one_of(w, all_words)) {
            for (int o = 0; o < PB_OFFENSE_COUNT; o++)
                set_add(r, set, o, a, b, "offense");
        } else if (is_one_of(w, runs)) {
            set_add(r, set, PB_OFF_RUN, a, b, "offense");
        } else if (is_one_of(w, shorts)) {
            set_add(r, set, PB_OFF_SHORT, a, b, "offense");
        } else if (is_one_of(w, longs)) {
            set_add(r, set, PB_OFF_LONG, a, b, "offense");
        } else if (is_one_of(w, passes)) {
            set_add(r, set, PB_OFF_SHORT, a, b, "offense");
            set_add(r, set, PB_OFF_LONG, a, b, "offense");
        } else {
            if (a == b)
                return fail(r, a, 0, "an offense is missing here (offense is run, short, long, or pass for both)");
            return fail(r, a, b - a, "unknown offense '%.*s' (offense is run, short, long, or pass for both)",
                        (int)(b - a), r->s + a);
        }
    }
    return 0;
}

/* ---- defense ---- */
int pb_ask_read_defense(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_DEFENSE];
    static const char *const prefixes[] = {"defense", "defence", "def", "d", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        if (is_one_of(w, all_words)) {
            set_add_range(r, set, 1, PB_DEFENSE_COUNT, a, b, "defense");
            continue;
        }
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, prefixes, true, &lo, &hi, &pl, &ph);
        if (k == 0 || lo < 1 || lo > PB_DEFENSE_COUNT || hi < 1 || hi > PB_DEFENSE_COUNT) {
            if (a == b)
                return fail(r, a, 0, "a defense is missing here (defense is 1..%d)", PB_DEFENSE_COUNT);
            return fail(r, a, b - a, "unknown defense '%.*s' (defense is 1..%d)", (int)(b - a), r->s + a,
                        PB_DEFENSE_COUNT);
        }
        if (set_add_range(r, set, lo, hi, a, b, "defense") != 0)
            return -1;
    }
    return 0;
}

/* ---- card ---- */
int pb_ask_read_card(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_CARD];
    static const char *const prefixes[] = {"card", "c", NULL};
    static const char *const decks[] = {"deck", "random", "draw", "the deck", "any card", NULL};
    static const char *const nones[] = {"none", "no", "no card", "nocard", "blank", "0", "00", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        if (is_one_of(w, decks)) {
            set_add(r, set, PB_CARD_DECK, a, b, "card");
            continue;
        }
        if (is_one_of(w, nones)) {
            set_add(r, set, 0, a, b, "card");
            continue;
        }
        if (is_one_of(w, all_words)) {
            set_add_range(r, set, 1, PB_CARD_COUNT, a, b, "card");
            continue;
        }
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, prefixes, true, &lo, &hi, &pl, &ph);
        if (k == 0 || lo < 1 || lo > PB_CARD_COUNT || hi < 1 || hi > PB_CARD_COUNT) {
            if (a == b)
                return fail(r, a, 0, "a card is missing here (card is 01..%d, none, deck or *)", PB_CARD_COUNT);
            return fail(r, a, b - a, "unknown card '%.*s' (card is 01..%d, none, deck or *)", (int)(b - a), r->s + a,
                        PB_CARD_COUNT);
        }
        if (set_add_range(r, set, lo, hi, a, b, "card") != 0)
            return -1;
    }
    return 0;
}

/* ---- togo ---- */
int pb_ask_read_togo(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_TOGO];
    /* "own 20" is togo 80; "opp 30" is togo 30 */
    static const char *const prefixes[] = {"own", "our", "opponent's", "opponents", "opponent", "opp", "their",
                                           "the", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        if (is_one_of(w, all_words)) {
            set_add_range(r, set, 1, 99, a, b, "togo");
            continue;
        }
        static const char *const mids[] = {"midfield", "mid", "50 yard line", "fifty", NULL};
        if (is_one_of(w, mids)) {
            set_add(r, set, 50, a, b, "togo");
            continue;
        }
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, prefixes, true, &lo, &hi, &pl, &ph);
        if (k == 0) {
            if (a == b)
                return fail(r, a, 0, "a field position is missing here (togo is 1..99, a range 30..40, own 20 or *)");
            return fail(r, a, b - a, "unknown field position '%.*s' (togo is 1..99 yards to the goal line, a range "
                        "30..40, own 20, opp 30, midfield or *)", (int)(b - a), r->s + a);
        }
        /* own/our: yards from the own goal line */
        if (pl == 0 || pl == 1)
            lo = 100 - lo;
        if (ph == 0 || ph == 1)
            hi = 100 - hi;
        if (lo < 1 || lo > 99 || hi < 1 || hi > 99)
            return fail(r, a, b - a, "'%.*s' is off the field (togo is 1..99 yards to the goal line)", (int)(b - a),
                        r->s + a);
        if (set_add_range(r, set, lo, hi, a, b, "togo") != 0)
            return -1;
    }
    return 0;
}

/* ---- down, ytg, lead ---- */
int pb_ask_read_down(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_DOWN];
    static const char *const ords[] = {"1st", "2nd", "3rd", "4th", NULL};
    static const char *const words[] = {"first", "second", "third", "fourth", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        int found = 0;
        for (int k = 0; k < 4; k++)
            if (strcmp(w, ords[k]) == 0 || strcmp(w, words[k]) == 0)
                found = k + 1;
        if (found) {
            set_add(r, set, found, a, b, "down");
            continue;
        }
        if (is_one_of(w, all_words)) {
            set_add_range(r, set, 1, 4, a, b, "down");
            continue;
        }
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, NULL, true, &lo, &hi, &pl, &ph);
        if (k == 0 || lo < 1 || lo > 4 || hi < 1 || hi > 4)
            return fail(r, a, b - a, "unknown down '%.*s' (down is 1..4)", (int)(b - a), r->s + a);
        set_add_range(r, set, lo, hi, a, b, "down");
    }
    return 0;
}

int pb_ask_read_ytg(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_YTG];
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, NULL, true, &lo, &hi, &pl, &ph);
        if (k == 0 || lo < 1 || lo > 99 || hi < 1 || hi > 99)
            return fail(r, a, b - a, "unknown yards to gain '%.*s' (ytg is 1..99)", (int)(b - a), r->s + a);
        if (set_add_range(r, set, lo, hi, a, b, "ytg") != 0)
            return -1;
    }
    return 0;
}

int pb_ask_read_lead(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_LEAD];
    static const char *const prefixes[] = {"up", "ahead", "leading", "down", "behind", "trailing", NULL};
    size_t i = vs, a, b;
    mark(set, vs, ve);
    while (next_item(r->s, &i, ve, &a, &b)) {
        char w[64];
        normalize(r->s, a, b, w, sizeof w);
        if (strcmp(w, "tied") == 0 || strcmp(w, "tie") == 0 || strcmp(w, "even") == 0 || strcmp(w, "level") == 0) {
            set_add(r, set, 0, a, b, "lead");
            continue;
        }
        int lo, hi, pl, ph;
        int k = int_item(r->s, a, b, prefixes, false, &lo, &hi, &pl, &ph);
        if (k && pl >= 3)
            lo = -lo;
        if (k && ph >= 3)
            hi = -hi;
        if (k == 0 || lo < -999 || lo > 999 || hi < -999 || hi > 999)
            return fail(r, a, b - a, "unknown lead '%.*s' (lead is the offense's score minus the defense's, "
                        "-999..999, e.g. -7, tied, up 3, -3..3)", (int)(b - a), r->s + a);
        if (set_add_range(r, set, lo, hi, a, b, "lead") != 0)
            return -1;
    }
    return 0;
}

/* timeouts=N (both sides) or O,D (also O/D, O:D, O-D): one value. */
int pb_ask_read_timeouts(pb_ask_reader *r, size_t vs, size_t ve)
{
    pb_ask_set *set = &r->q->dim[PB_ASK_DIM_TIMEOUTS];
    const char *s = r->s;
    mark(set, vs, ve);
    int o, d;
    size_t n = pb_ask_int_at(s, vs, &o);
    size_t i = vs + n;
    if (n && i == ve) {
        d = o;
    } else if (n && i < ve && (s[i] == ',' || s[i] == '/' || s[i] == ':' || s[i] == '-')) {
        size_t m = pb_ask_int_at(s, i + 1, &d);
        if (!m || i + 1 + m != ve || s[i + 1] == '-' || s[i + 1] == '+')
            n = 0;
    } else {
        n = 0;
    }
    if (!n || s[vs] == '-' || s[vs] == '+' || o < 0 || o > 9 || d < 0 || d > 9)
        return fail(r, vs, ve - vs, "unknown timeouts '%.*s' (timeouts is N for both sides, or O,D; 0..9 each)",
                    (int)(ve - vs), s + vs);
    set->n = 1;
    set->v[0] = o * 10 + d;
    return 0;
}

/* ---- zone, kick ---- */
int pb_ask_read_zone(pb_ask_reader *r, size_t vs, size_t ve)
{
    static const struct { const char *word; pb_ask_zone z; } zones[] = {
        {"red", PB_ASK_ZONE_RED}, {"red zone", PB_ASK_ZONE_RED}, {"redzone", PB_ASK_ZONE_RED},
        {"goal", PB_ASK_ZONE_GOAL}, {"goal to go", PB_ASK_ZONE_GOAL}, {"goal line", PB_ASK_ZONE_GOAL},
        {"goalline", PB_ASK_ZONE_GOAL}, {"goal2go", PB_ASK_ZONE_GOAL}, {"own", PB_ASK_ZONE_OWN},
        {"own territory", PB_ASK_ZONE_OWN}, {"own half", PB_ASK_ZONE_OWN}, {"own side", PB_ASK_ZONE_OWN},
        {"opp", PB_ASK_ZONE_OPP}, {"opponent", PB_ASK_ZONE_OPP}, {"opponent territory", PB_ASK_ZONE_OPP},
        {"opp territory", PB_ASK_ZONE_OPP}, {"their territory", PB_ASK_ZONE_OPP}, {"their half", PB_ASK_ZONE_OPP},
        {"backed", PB_ASK_ZONE_BACKED}, {"backed up", PB_ASK_ZONE_BACKED}, {"deep", PB_ASK_ZONE_BACKED},
        {"shadow of the goalposts", PB_ASK_ZONE_BACKED}};
    char w[64];
    normalize(r->s, vs, ve, w, sizeof w);
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++)
        if (strcmp(w, zones[i].word) == 0) {
            r->q->zone = zones[i].z;
            r->q->zone_offset = (int)vs;
            r->q->zone_span = (int)(ve - vs);
            return 0;
        }
    return fail(r, vs, ve - vs, "unknown zone '%.*s' (zone is red: togo <= 20, goal: togo <= 10, own: togo > 50, "
                "opp: togo <= 50, backed: togo >= 90)", (int)(ve - vs), r->s + vs);
}

int pb_ask_read_kick(pb_ask_reader *r, size_t vs, size_t ve)
{
    static const struct { const char *word; pb_action a; } kicks[] = {
        {"fg", PB_ACTION_FIELD_GOAL}, {"field goal", PB_ACTION_FIELD_GOAL}, {"fieldgoal", PB_ACTION_FIELD_GOAL},
        {"pat", PB_ACTION_PAT}, {"pat kick", PB_ACTION_PAT}, {"extra point", PB_ACTION_PAT}, {"xp", PB_ACTION_PAT},
        {"two point", PB_ACTION_TWO_POINT}, {"2 point", PB_ACTION_TWO_POINT}, {"2pt", PB_ACTION_TWO_POINT},
        {"twopoint", PB_ACTION_TWO_POINT}, {"two point try", PB_ACTION_TWO_POINT},
        {"conversion", PB_ACTION_TWO_POINT}, {"kickoff", PB_ACTION_KICKOFF}, {"kick off", PB_ACTION_KICKOFF},
        {"ko", PB_ACTION_KICKOFF}, {"free kick", PB_ACTION_FREE_KICK}, {"freekick", PB_ACTION_FREE_KICK},
        {"safety kick", PB_ACTION_FREE_KICK}, {"onside", PB_ACTION_ONSIDE}, {"onside kick", PB_ACTION_ONSIDE},
        {"onside free", PB_ACTION_ONSIDE_FREE}, {"onside free kick", PB_ACTION_ONSIDE_FREE},
        {"free onside", PB_ACTION_ONSIDE_FREE}, {"punt", PB_ACTION_PUNT}, {"return", PB_ACTION_RETURN},
        {"kick return", PB_ACTION_RETURN}, {"none", PB_ACTION_PLAY}, {"play", PB_ACTION_PLAY},
        {"no", PB_ACTION_PLAY}};
    char w[64];
    normalize(r->s, vs, ve, w, sizeof w);
    for (size_t i = 0; i < sizeof kicks / sizeof kicks[0]; i++)
        if (strcmp(w, kicks[i].word) == 0) {
            r->q->action = kicks[i].a;
            r->q->action_offset = (int)vs;
            r->q->action_span = (int)(ve - vs);
            return 0;
        }
    return fail(r, vs, ve - vs, "unknown kick '%.*s' (kick is fg, pat, two-point, kickoff, free-kick, onside, "
                "onside-free, punt, return)", (int)(ve - vs), r->s + vs);
}

/* ---- policy, switches ---- */
int pb_ask_read_policy(pb_ask_reader *r, size_t vs, size_t ve)
{
    char buf[256], err[256];
    if (ve - vs >= sizeof buf)
        return fail(r, vs, ve - vs, "policy too long");
    memcpy(buf, r->s + vs, ve - vs);
    buf[ve - vs] = '\0';
    if (pb_policies_parse(&r->q->policies, buf, err, sizeof err) != 0)
        return fail(r, vs, ve - vs, "policy: %s", err);
    r->q->policies_given = true;
    return 0;
}

int pb_ask_switch_check(pb_ask_reader *r, size_t vs, size_t ve)
{
    char id[64], value[64];
    const char *s = r->s;
    const char *eq = memchr(s + vs, '=', ve - vs);
    size_t n = eq ? (size_t)(eq - (s + vs)) : 0;
    if (!eq || n == 0 || n >= sizeof id || ve - vs - n - 1 >= sizeof value || ve - vs - n - 1 == 0)
        return fail(r, vs, ve - vs, "switch '%.*s' must be ID=VALUE, e.g. END-LINE=ge", (int)(ve - vs), s + vs);
    for (size_t i = 0; i < n; i++)
        id[i] = (char)toupper((unsigned char)s[vs + i]);
    id[n] = '\0';
    memcpy(value, eq + 1, ve - vs - n - 1);
    value[ve - vs - n - 1] = '\0';
    const pb_switch_info *sw = pb_switch_find(id);
    if (!sw)
        return fail(r, vs, n, "unknown switch '%.*s' (see 'paperbowl rules switches')", (int)n, s + vs);
    if (pb_switch_value_parse(sw, value) < 0)
        return fail(r, vs + n + 1, ve - vs - n - 1, "switch %s has no value '%s' (see 'paperbowl rules switches')",
                    sw->id, value);
    return 0;
}
