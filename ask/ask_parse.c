/* ask/ask_parse.c: the question language of `paperbowl ask`, read by hand.
 *
 * A recursive-descent reader over the raw text that keeps byte offsets, so every error names
 * the exact place (pb_ask_error). Grammar (ask.h has the summary):
 *
 *   question  := measure condition* ; conditions and `vs X` in any order
 *   measure   := P '(' event [('|' | given) event] ')' | E '(' quantity [('|' | given) event] ')'
 *   event     := and (('or' | '||') and)*
 *   and       := unary (('and' | '&&' | '&') unary)*
 *   unary     := ('not' | '!') unary | '(' event ')' | quantity cmp integer | name | define
 *   condition := key ('=' | ':') value
 *
 * A condition's value runs over whitespace until the next chunk that starts another
 * condition (`word=`) or is `vs`, so "defense=Def 6" and "zone=red zone" read naturally; the
 * value is then read by its dimension (ask_values.c). Defines (--define NAME=EVENT) are read
 * when first used, each in its own text, with cycles refused. The reader never allocates. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ask.h"
#include "ask_internal.h"

/* ---- errors ---- */
#define fail pb_ask_fail

int pb_ask_fail(pb_ask_reader *r, size_t offset, size_t span, const char *fmt, ...)
{
    if (r->err->msg[0] == '\0') {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err->msg, sizeof r->err->msg, fmt, ap);
        va_end(ap);
        r->err->source = r->source;
        r->err->offset = (int)offset;
        r->err->span = (int)span;
    }
    return -1;
}

/* ---- scanning ---- */
static bool is_word_start(int c) { return isalpha(c) || c == '_'; }
static bool is_word_char(int c) { return isalnum(c) || c == '_' || c == '-'; }

static void skip_space(pb_ask_reader *r)
{
    while (r->s[r->pos] && isspace((unsigned char)r->s[r->pos]))
        r->pos++;
}

/* A word at pos: letters, digits, '_' and '-' (a '-' only between word characters). Words may
 * start with a digit when a letter follows ("1st"). Returns its length (0: none). */
static size_t word_at(const char *s, size_t pos)
{
    size_t i = pos;
    if (isdigit((unsigned char)s[i])) {
        while (isdigit((unsigned char)s[i]))
            i++;
        if (!is_word_start((unsigned char)s[i]))
            return 0;
    } else if (!is_word_start((unsigned char)s[pos])) {
        return 0;
    }
    while (s[i] && (is_word_char((unsigned char)s[i]))) {
        if (s[i] == '-' && !isalnum((unsigned char)s[i + 1]) && s[i + 1] != '_')
            break;
        i++;
    }
    return i - pos;
}

static bool word_is(const char *w, size_t n, const char *lit)
{
    return strlen(lit) == n && strncasecmp(w, lit, n) == 0;
}

/* Small edit distance (for "did you mean"): Levenshtein, capped, case-insensitive. */
int pb_ask_distance(const char *a, size_t an, const char *b, size_t bn)
{
    if (an > 40 || bn > 40)
        return 99;
    int prev[41], cur[41];
    for (size_t j = 0; j <= bn; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= an; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= bn; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            if (ca == '-')
                ca = '_';
            if (cb == '-')
                cb = '_';
            int best = prev[j - 1] + (ca != cb);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            cur[j] = best;
        }
        memcpy(prev, cur, sizeof cur);
    }
    return prev[bn];
}

/* The closest of a NULL-terminated list of names (within distance 2, or 1 for short words). */
const char *pb_ask_suggest(const char *word, size_t n, const char *const *names)
{
    const char *best = NULL;
    int bestd = n <= 3 ? 1 : 2;
    bestd++;
    for (size_t i = 0; names[i]; i++) {
        int d = pb_ask_distance(word, n, names[i], strlen(names[i]));
        if (d < bestd) {
            bestd = d;
            best = names[i];
        }
    }
    return best;
}

/* ---- events ---- */
static int parse_or(pb_ask_reader *r);

static int new_node(pb_ask_reader *r, pb_ask_node_kind kind, size_t offset, size_t span)
{
    pb_ask_query *q = r->q;
    if (q->nnodes >= PB_ASK_NODES_MAX)
        return fail(r, offset, span, "the question is too long (at most %d events and operators)", PB_ASK_NODES_MAX);
    pb_ask_node *n = &q->nodes[q->nnodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->a = n->b = -1;
    n->source = r->source;
    n->offset = (int)offset;
    n->span = (int)span;
    return q->nnodes++;
}

/* Comparison operator at pos: its length, or 0. */
static size_t cmp_at(const char *s, size_t pos, pb_ask_op *op)
{
    static const struct { const char *text; pb_ask_op op; } ops[] = {
        {">=", PB_ASK_GE}, {"<=", PB_ASK_LE}, {"==", PB_ASK_EQ}, {"!=", PB_ASK_NE}, {"<>", PB_ASK_NE},
        {"=>", PB_ASK_GE}, {"=<", PB_ASK_LE}, {"\xe2\x89\xa5", PB_ASK_GE}, {"\xe2\x89\xa4", PB_ASK_LE},
        {"\xe2\x89\xa0", PB_ASK_NE}, {">", PB_ASK_GT}, {"<", PB_ASK_LT}, {"=", PB_ASK_EQ}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].text);
        if (strncmp(s + pos, ops[i].text, n) == 0) {
            *op = ops[i].op;
            return n;
        }
    }
    return 0;
}

/* An integer at pos (optional sign): its length, or 0; the value clamped to +-100000. */
size_t pb_ask_int_at(const char *s, size_t pos, int *value)
{
    size_t i = pos;
    int sign = 1;
    if (s[i] == '-' || s[i] == '+') {
        sign = s[i] == '-' ? -1 : 1;
        i++;
    }
    if (!isdigit((unsigned char)s[i]))
        return 0;
    long v = 0;
    while (isdigit((unsigned char)s[i])) {
        if (v < 100000)
            v = v * 10 + (s[i] - '0');
        i++;
    }
    if (v > 100000)
        v = 100000;
    *value = (int)(sign * v);
    return i - pos;
}

static const char *const event_words[] = {
    "complete", "incomplete", "td", "touchdown", "turnover", "turnover_td", "interception", "fumble", "sack",
    "safety", "penalty", "foul", "offensive_foul", "defensive_foul", "declined", "first_down", "doubles",
    "challenge_won", "challenge_lost", "timeout", "score", "cut", "success", "good", "miss", "touchback",
    "returned", "return_td", "gain", "yards", "start", "points", "value", NULL};

static int find_define(const pb_ask_reader *r, const char *w, size_t n)
{
    if (!r->defs)
        return -1;
    for (int i = 0; i < r->defs->count; i++)
        if (strlen(r->defs->items[i].name) == n && strncmp(r->defs->items[i].name, w, n) == 0)
            return i;
    return -1;
}

static int parse_define_ref(pb_ask_reader *r, int k, size_t offset, size_t span);

static int parse_primary(pb_ask_reader *r)
{
    skip_space(r);
    const char *s = r->s;
    size_t at = r->pos;
    if (s[at] == '(') {
        if (++r->depth > PB_ASK_NEST_MAX)
            return fail(r, at, 1, "too deeply nested (at most %d levels)", PB_ASK_NEST_MAX);
        r->pos++;
        int e = parse_or(r);
        if (e < 0)
            return -1;
        skip_space(r);
        if (s[r->pos] != ')')
            return s[r->pos] ? fail(r, r->pos, 1, "expected ')' to close the '(' at column %d, found '%c'",
                                    pb_ask_column(s, at), s[r->pos])
                             : fail(r, at, 1, "this '(' is never closed");
        r->pos++;
        r->depth--;
        return e;
    }
    size_t n = word_at(s, at);
    if (n == 0) {
        if (!s[at])
            return fail(r, at, 0, "an event is missing here (e.g. td, complete, gain >= 10)");
        if (s[at] == ')')
            return fail(r, at, 1, "an event is missing before ')' (e.g. td, complete, gain >= 10)");
        return fail(r, at, 1, "expected an event (e.g. td, complete, gain >= 10), found '%.*s'",
                    pb_ask_char_len(s + at), s + at);
    }
    r->pos = at + n;
    int quantity = pb_ask_quantity_find(s + at, n);
    if (quantity >= 0) {
        skip_space(r);
        pb_ask_op op;
        size_t on = cmp_at(s, r->pos, &op);
        if (on == 0)
            return fail(r, at, n, "'%.*s' needs a comparison here, e.g. %.*s >= 10", (int)n, s + at, (int)n, s + at);
        size_t opat = r->pos;
        r->pos += on;
        skip_space(r);
        int value;
        size_t vn = pb_ask_int_at(s, r->pos, &value);
        if (vn == 0)
            return fail(r, r->pos, s[r->pos] ? 1 : 0, "expected a whole number of yards after '%.*s'", (int)on,
                        s + opat);
        if (value < -999 || value > 999)
            return fail(r, r->pos, vn, "%d yards is out of range (-999..999)", value);
        size_t end = r->pos + vn;
        r->pos = end;
        int node = new_node(r, PB_ASK_CMP, at, end - at);
        if (node < 0)
            return -1;
        r->q->nodes[node].atom = quantity;
        r->q->nodes[node].op = op;
        r->q->nodes[node].n = value;
        return node;
    }
    int atom = pb_ask_atom_find(s + at, n);
    if (atom >= 0) {
        int node = new_node(r, PB_ASK_ATOM, at, n);
        if (node >= 0)
            r->q->nodes[node].atom = atom;
        return node;
    }
    int k = find_define(r, s + at, n);
    if (k >= 0)
        return parse_define_ref(r, k, at, n);
    if (word_is(s + at, n, "and") || word_is(s + at, n, "or"))
        return fail(r, at, n, "an event is missing before '%.*s'", (int)n, s + at);
    const char *hint = pb_ask_suggest(s + at, n, event_words);
    if (hint)
        return fail(r, at, n, "unknown event '%.*s' (did you mean '%s'?)", (int)n, s + at, hint);
    return fail(r, at, n, "unknown event '%.*s' (events: complete, incomplete, td, turnover, interception, fumble, "
                "sack, safety, penalty, first_down, gain >= N, ...; see 'paperbowl ask --help')",
                (int)n, s + at);
}

static int parse_unary(pb_ask_reader *r)
{
    skip_space(r);
    const char *s = r->s;
    size_t at = r->pos;
    size_t n = word_at(s, at);
    bool bang = s[at] == '!' && s[at + 1] != '=';
    if (bang || (n && word_is(s + at, n, "not"))) {
        if (++r->depth > PB_ASK_NEST_MAX)
            return fail(r, at, bang ? 1 : n, "too deeply nested (at most %d levels)", PB_ASK_NEST_MAX);
        r->pos = at + (bang ? 1 : n);
        int a = parse_unary(r);
        if (a < 0)
            return -1;
        r->depth--;
        int node = new_node(r, PB_ASK_NOT, at, r->pos - at);
        if (node >= 0)
            r->q->nodes[node].a = a;
        return node;
    }
    return parse_primary(r);
}

/* Is the text at pos an `and` (returns its length) / `or` operator? ('|' alone is "given".) */
static size_t and_at(const char *s, size_t pos)
{
    if (s[pos] == '&')
        return s[pos + 1] == '&' ? 2 : 1;
    size_t n = word_at(s, pos);
    return n && word_is(s + pos, n, "and") ? n : 0;
}

static size_t or_at(const char *s, size_t pos)
{
    if (s[pos] == '|' && s[pos + 1] == '|')
        return 2;
    size_t n = word_at(s, pos);
    return n && word_is(s + pos, n, "or") ? n : 0;
}

/* A left-associative chain of `operand`s joined by the operator `op_at` finds: node `kind`. */
static int parse_binary(pb_ask_reader *r, pb_ask_node_kind kind, size_t (*op_at)(const char *, size_t),
                        int (*operand)(pb_ask_reader *))
{
    skip_space(r);
    size_t start = r->pos;
    int a = operand(r);
    while (a >= 0) {
        skip_space(r);
        size_t n = op_at(r->s, r->pos);
        if (!n)
            break;
        r->pos += n;
        int b = operand(r);
        if (b < 0)
            return -1;
        int node = new_node(r, kind, start, r->pos - start);
        if (node < 0)
            return -1;
        r->q->nodes[node].a = a;
        r->q->nodes[node].b = b;
        a = node;
    }
    return a;
}

static int parse_and(pb_ask_reader *r) { return parse_binary(r, PB_ASK_AND, and_at, parse_unary); }

static int parse_or(pb_ask_reader *r) { return parse_binary(r, PB_ASK_OR, or_at, parse_and); }

/* A define's own text, read as a whole event in its own source. */
static int parse_define_ref(pb_ask_reader *r, int k, size_t offset, size_t span)
{
    pb_ask_query *q = r->q;
    if (q->def_root[k] < 0) {
        if (r->def_state[k] == 1)
            return fail(r, offset, span, "'%s' is defined in terms of itself", r->defs->items[k].name);
        if (r->depth + 1 > PB_ASK_NEST_MAX)
            return fail(r, offset, span, "too deeply nested (at most %d levels)", PB_ASK_NEST_MAX);
        pb_ask_reader sub = *r;
        sub.s = r->defs->items[k].text;
        sub.source = k;
        sub.pos = 0;
        sub.depth = r->depth + 1;
        r->def_state[k] = 1;
        sub.def_state = r->def_state;
        int root = parse_or(&sub);
        if (root >= 0) {
            skip_space(&sub);
            if (sub.s[sub.pos])
                root = fail(&sub, sub.pos, pb_ask_char_len(sub.s + sub.pos),
                            "unexpected '%.*s' after the event (join events with and, or)",
                            pb_ask_char_len(sub.s + sub.pos), sub.s + sub.pos);
        }
        r->def_state[k] = 2;
        if (root < 0)
            return -1;
        q->def_root[k] = root;
    }
    int node = new_node(r, PB_ASK_DEF, offset, span);
    if (node >= 0) {
        q->nodes[node].atom = k;
        q->nodes[node].a = q->def_root[k];
    }
    return node;
}

/* ---- the measure ---- */
static const struct { const char *word; pb_ask_measure m; } measures[] = {
    {"P", PB_ASK_MEASURE_P}, {"Pr", PB_ASK_MEASURE_P}, {"prob", PB_ASK_MEASURE_P},
    {"probability", PB_ASK_MEASURE_P}, {"chance", PB_ASK_MEASURE_P}, {"E", PB_ASK_MEASURE_E},
    {"mean", PB_ASK_MEASURE_E}, {"avg", PB_ASK_MEASURE_E}, {"average", PB_ASK_MEASURE_E},
    {"expected", PB_ASK_MEASURE_E}, {"expectation", PB_ASK_MEASURE_E}};

static int parse_measure(pb_ask_reader *r)
{
    pb_ask_query *q = r->q;
    const char *s = r->s;
    skip_space(r);
    size_t at = r->pos;
    size_t n = word_at(s, at);
    int m = -1;
    for (size_t i = 0; n && i < sizeof measures / sizeof measures[0]; i++)
        if (word_is(s + at, n, measures[i].word))
            m = (int)measures[i].m;
    size_t open = at + n;
    while (s[open] == ' ')
        open++;
    if (m < 0 || (s[open] != '(' && s[open] != '[')) {
        if (n && pb_ask_atom_find(s + at, n) >= 0)
            return fail(r, at, n, "a question starts with P(...) or E(...): write P(%.*s)", (int)n, s + at);
        if (n && pb_ask_quantity_find(s + at, n) >= 0)
            return fail(r, at, n, "a question starts with P(...) or E(...): write E(%.*s) or P(%.*s >= 10)", (int)n,
                        s + at, (int)n, s + at);
        if (!s[at])
            return fail(r, at, 0, "empty question: ask e.g. P(td) offense=run defense=4 togo=5");
        return fail(r, at, n ? n : (size_t)pb_ask_char_len(s + at),
                    "a question starts with P(EVENT) or E(QUANTITY), e.g. P(td) offense=run or E(yards) offense=short");
    }
    char close = s[open] == '(' ? ')' : ']';
    q->measure = (pb_ask_measure)m;
    r->pos = open + 1;
    if (q->measure == PB_ASK_MEASURE_P) {
        q->event = parse_or(r);
        if (q->event < 0)
            return -1;
    } else {
        skip_space(r);
        size_t qa = r->pos;
        size_t qn = word_at(s, qa);
        int quantity = qn ? pb_ask_quantity_find(s + qa, qn) : -1;
        if (quantity < 0) {
            if (!qn)
                return fail(r, qa, s[qa] ? 1 : 0, "E(...) takes a quantity: yards, value, points or start");
            return fail(r, qa, qn, "unknown quantity '%.*s' (E takes yards, value, points or start)", (int)qn, s + qa);
        }
        q->quantity = (pb_ask_quantity)quantity;
        q->quantity_offset = (int)qa;
        q->quantity_span = (int)qn;
        r->pos = qa + qn;
    }
    skip_space(r);
    size_t gn = 0;
    if (s[r->pos] == '|' && s[r->pos + 1] != '|')
        gn = 1;
    else if ((n = word_at(s, r->pos)) && (word_is(s + r->pos, n, "given") || word_is(s + r->pos, n, "when") ||
                                           word_is(s + r->pos, n, "if")))
        gn = n;
    if (gn) {
        r->pos += gn;
        q->given = parse_or(r);
        if (q->given < 0)
            return -1;
        skip_space(r);
    }
    if (s[r->pos] != close) {
        if (!s[r->pos])
            return fail(r, open, 1, "this '%c' is never closed", s[open]);
        if (q->measure == PB_ASK_MEASURE_E && !gn)
            return fail(r, r->pos, pb_ask_char_len(s + r->pos),
                        "expected '%c' or '| EVENT' after the quantity, found '%.*s'", close,
                        pb_ask_char_len(s + r->pos), s + r->pos);
        return fail(r, r->pos, pb_ask_char_len(s + r->pos),
                    "expected '%c', 'and', 'or' or '| EVENT', found '%.*s'", close, pb_ask_char_len(s + r->pos),
                    s + r->pos);
    }
    r->pos++;
    return 0;
}

/* ---- conditions ---- */
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

/* ---- what applies to what ---- */
static const char *action_name(pb_action a)
{
    return pb_ask_action_name(a);
}

static int check_applies(pb_ask_reader *r, int node)
{
    const pb_ask_query *q = r->q;
    const pb_ask_node *n = &q->nodes[node];
    unsigned on = PB_ASK_ON(q->action);
    switch (n->kind) {
    case PB_ASK_ATOM: {
        const pb_ask_atom_info *info = pb_ask_atom(n->atom);
        if (!(info->applies & on)) {
            r->source = n->source;
            char where[160];
            pb_ask_applies_text(info->applies, where, sizeof where);
            return fail(r, (size_t)n->offset, (size_t)n->span, "'%s' does not apply to %s (it is about %s)",
                        info->name, action_name(q->action), where);
        }
        return 0;
    }
    case PB_ASK_CMP: {
        const pb_ask_quantity_info *info = pb_ask_quantity_get(n->atom);
        if (!(info->applies & on)) {
            r->source = n->source;
            char where[160];
            pb_ask_applies_text(info->applies, where, sizeof where);
            return fail(r, (size_t)n->offset, (size_t)n->span, "'%s' does not apply to %s (it is about %s)",
                        info->name, action_name(q->action), where);
        }
        return 0;
    }
    case PB_ASK_NOT:
    case PB_ASK_DEF:
        return check_applies(r, n->a);
    default:
        return check_applies(r, n->a) || check_applies(r, n->b) ? -1 : 0;
    }
}

/* Which dimensions each action reads. */
unsigned pb_ask_action_dims(pb_action a)
{
    unsigned situation = (1u << PB_ASK_DIM_DOWN) | (1u << PB_ASK_DIM_YTG) | (1u << PB_ASK_DIM_LEAD) |
                         (1u << PB_ASK_DIM_TIMEOUTS);
    switch (a) {
    case PB_ACTION_PLAY:
        return (1u << PB_ASK_DIM_OFFENSE) | (1u << PB_ASK_DIM_DEFENSE) | (1u << PB_ASK_DIM_CARD) |
               (1u << PB_ASK_DIM_TOGO) | situation;
    case PB_ACTION_TWO_POINT:  /* one play from the 2, no play card: nothing else matters */
        return (1u << PB_ASK_DIM_OFFENSE) | (1u << PB_ASK_DIM_DEFENSE);
    case PB_ACTION_PUNT:
    case PB_ACTION_RETURN:
    case PB_ACTION_FIELD_GOAL:
        return 1u << PB_ASK_DIM_TOGO;
    default:
        return 0;
    }
}

static int check_query(pb_ask_reader *r)
{
    pb_ask_query *q = r->q;
    if (q->event >= 0 && check_applies(r, q->event) != 0)
        return -1;
    if (q->given >= 0 && check_applies(r, q->given) != 0)
        return -1;
    r->source = -1;
    if (q->measure == PB_ASK_MEASURE_E) {
        const pb_ask_quantity_info *info = pb_ask_quantity_get(q->quantity);
        if (!(info->applies & PB_ASK_ON(q->action))) {
            char where[160];
            pb_ask_applies_text(info->applies, where, sizeof where);
            return fail(r, (size_t)q->quantity_offset, (size_t)q->quantity_span,
                        "E(%s) does not apply to %s (it is about %s)", info->name, action_name(q->action), where);
        }
    }
    unsigned dims = pb_ask_action_dims(q->action);
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++)
        if (q->dim[d].n && !(dims & (1u << d)))
            return fail(r, (size_t)q->dim[d].offset, (size_t)q->dim[d].span, "%s does not apply to %s",
                        pb_ask_dim_name((pb_ask_dim)d), action_name(q->action));
    if (q->zone != PB_ASK_ZONE_NONE && !(dims & (1u << PB_ASK_DIM_TOGO)))
        return fail(r, (size_t)q->zone_offset, (size_t)q->zone_span, "zone does not apply to %s",
                    action_name(q->action));
    return 0;
}

void pb_ask_query_init(pb_ask_query *q)
{
    memset(q, 0, sizeof *q);
    q->event = q->given = -1;
    q->action = PB_ACTION_PLAY;
    q->nsides = 1;
    for (int i = 0; i < PB_ASK_DEFINES_MAX; i++)
        q->def_root[i] = -1;
}

int pb_ask_parse(pb_ask_query *q, const char *text, const pb_ask_defines *defines, pb_ask_error *err)
{
    memset(err, 0, sizeof *err);
    err->source = -1;
    pb_ask_query_init(q);
    size_t len = strlen(text);
    int states[PB_ASK_DEFINES_MAX] = {0};
    pb_ask_reader r = {q, defines, text, -1, 0, 0, err, states};
    if (len >= sizeof q->text)
        return fail(&r, sizeof q->text - 1, len - (sizeof q->text - 1), "the question is too long (at most %d bytes)",
                    (int)sizeof q->text - 1);
    memcpy(q->text, text, len + 1);
    r.s = q->text;
    if (defines && defines->count > PB_ASK_DEFINES_MAX)
        return fail(&r, 0, 0, "too many defines (at most %d)", PB_ASK_DEFINES_MAX);
    if (parse_measure(&r) != 0)
        return -1;
    seen_keys seen;
    memset(&seen, 0, sizeof seen);
    for (;;) {
        skip_space(&r);
        if (!text[r.pos])
            break;
        if (parse_condition(&r, &seen) != 0)
            return -1;
    }
    return check_query(&r);
}

int pb_ask_defines_check(const pb_ask_defines *defines, pb_ask_error *err)
{
    memset(err, 0, sizeof *err);
    if (!defines)
        return 0;
    static pb_ask_query scratch;  /* large: not on the stack */
    for (int k = 0; k < defines->count; k++) {
        const char *name = defines->items[k].name;
        size_t n = strlen(name);
        int states[PB_ASK_DEFINES_MAX] = {0};
        pb_ask_query_init(&scratch);
        pb_ask_reader r = {&scratch, defines, defines->items[k].text, k, 0, 0, err, states};
        bool ident = n > 0 && is_word_start((unsigned char)name[0]);
        for (size_t i = 0; i < n; i++)
            if (!isalnum((unsigned char)name[i]) && name[i] != '_')
                ident = false;
        if (!ident || n >= 40)
            return fail(&r, 0, 0, "'%s' is not a name (letters, digits, _; e.g. --define beat='first_down or td')",
                        name);
        if (pb_ask_atom_find(name, n) >= 0 || pb_ask_quantity_find(name, n) >= 0 || word_is(name, n, "and") ||
            word_is(name, n, "or") || word_is(name, n, "not") || word_is(name, n, "given"))
            return fail(&r, 0, 0, "'%s' is already a word of the language; pick another name", name);
        for (int j = 0; j < k; j++)
            if (strcmp(defines->items[j].name, name) == 0)
                return fail(&r, 0, 0, "'%s' is defined twice", name);
        if (parse_define_ref(&r, k, 0, 0) < 0)
            return -1;
    }
    return 0;
}

/* ---- positions ---- */
int pb_ask_char_len(const char *s)
{
    if (!*s)
        return 0;
    unsigned char c = (unsigned char)*s;
    int n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    for (int i = 1; i < n; i++)
        if (!s[i])
            return i;
    return n;
}

/* Column (1-based, characters) of a byte offset within its line. */
int pb_ask_column(const char *s, size_t offset)
{
    size_t len = strlen(s);
    if (offset > len)
        offset = len;
    size_t start = offset;
    while (start > 0 && s[start - 1] != '\n')
        start--;
    int col = 1;
    for (size_t i = start; i < offset; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            col++;
    return col;
}

static int line_of(const char *s, size_t offset)
{
    int line = 0;
    for (size_t i = 0; i < offset && s[i]; i++)
        if (s[i] == '\n')
            line++;
    return line;
}

static const char *error_text(const pb_ask_error *err, const char *text, const pb_ask_defines *defines)
{
    if (err->source >= 0 && defines && err->source < defines->count)
        return defines->items[err->source].text;
    return text;
}

void pb_ask_error_format(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, int first_line,
                         char *buf, size_t len)
{
    const char *s = error_text(err, text, defines);
    int line = line_of(s, (size_t)err->offset) + (err->source >= 0 ? 1 : first_line);
    int col = pb_ask_column(s, (size_t)err->offset);
    if (err->source >= 0 && defines && err->source < defines->count)
        snprintf(buf, len, "--define %s: %d:%d: %s", defines->items[err->source].name, line, col, err->msg);
    else
        snprintf(buf, len, "%d:%d: %s", line, col, err->msg);
}

void pb_ask_error_context(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, char *buf,
                          size_t len)
{
    const char *s = error_text(err, text, defines);
    size_t slen = strlen(s);
    size_t off = (size_t)err->offset > slen ? slen : (size_t)err->offset;
    size_t start = off, end = off;
    while (start > 0 && s[start - 1] != '\n')
        start--;
    while (end < slen && s[end] != '\n')
        end++;
    int col = pb_ask_column(s, off);
    /* underline: the span's characters, at least 1, not past the line */
    size_t span_end = off + (size_t)err->span;
    if (span_end > end)
        span_end = end;
    int width = 0;
    for (size_t i = off; i < span_end; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            width++;
    if (width < 1)
        width = 1;
    if (width > 200)
        width = 200;
    char caret[512];
    int c = 0;
    for (int i = 1; i < col && c < 300; i++)
        caret[c++] = ' ';
    caret[c++] = '^';
    for (int i = 1; i < width; i++)
        caret[c++] = '~';
    caret[c] = '\0';
    snprintf(buf, len, "    %.*s\n    %s\n", (int)(end - start > 1000 ? 1000 : end - start), s + start, caret);
}
