/* ask/ask_parse.c: the question language of `paperbowl ask`, read by hand.
 *
 * A recursive-descent reader over the raw text that keeps byte offsets, so every error names
 * the exact place (pb_ask_error). Grammar (ask.h has the summary):
 *
 *   question  := measure condition* ; conditions and `vs X` in any order
 *   measure   := P '(' event [('|' | given) event] ')' | E '(' quantity [('|' | given) event] ')'
 *              | E '(' next_score ')' | best ['(' ')']      (the drive solver's: a state, no event)
 *   event     := and (('or' | '||') and)*
 *   and       := unary (('and' | '&&' | '&') unary)*
 *   unary     := ('not' | '!') unary | '(' event ')' | quantity cmp integer | name | define
 *   condition := key ('=' | ':') value
 *
 * This file reads the measure and its events, and checks what applies to what; the conditions
 * are read in ask_condition.c (a value runs over whitespace until the next chunk that starts
 * another condition (`word=`) or is `vs`, so "defense=Def 6" and "zone=red zone" read
 * naturally; the value is then read by its dimension, ask_values.c); words, positions and
 * errors are ask_scan.c's. Defines (--define NAME=EVENT) are read when first used, each in its
 * own text, with cycles refused. The reader never allocates. */
#include <ctype.h>
#include <string.h>

#include "ask.h"
#include "ask_internal.h"

#define fail pb_ask_fail
#define skip_space pb_ask_skip_space
#define word_at pb_ask_word_at
#define word_is pb_ask_word_is

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
    {"expected", PB_ASK_MEASURE_E}, {"expectation", PB_ASK_MEASURE_E}, {"best", PB_ASK_MEASURE_BEST},
    {"choice", PB_ASK_MEASURE_BEST}, {"decision", PB_ASK_MEASURE_BEST}};

/* E(next_score): the drive solver's value of a state (not a quantity of one play). */
static bool next_score_word(const char *w, size_t n)
{
    static const char *const words[] = {"next_score", "next-score", "nextscore", "ep", "expected_points",
                                        "expected-points", "drive_points", "drive-points", NULL};
    for (size_t i = 0; words[i]; i++)
        if (word_is(w, n, words[i]))
            return true;
    return false;
}

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
    if (m == PB_ASK_MEASURE_BEST) {
        /* `best` takes no event: best togo=35 down=4 ytg=3 (an empty "()" is allowed) */
        q->measure = PB_ASK_MEASURE_BEST;
        q->quantity_offset = (int)at;
        q->quantity_span = (int)n;
        r->pos = at + n;
        if (s[open] == '(' || s[open] == '[') {
            size_t c = open + 1;
            while (s[c] == ' ')
                c++;
            if (s[c] != (s[open] == '(' ? ')' : ']'))
                return fail(r, open, c - open + (s[c] ? 1 : 0),
                            "best takes no event: it compares go, field goal and punt at a state "
                            "(e.g. best togo=35 down=4 ytg=3)");
            r->pos = c + 1;
        }
        return 0;
    }
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
        if (quantity < 0 && qn && next_score_word(s + qa, qn)) {
            q->measure = PB_ASK_MEASURE_EP;
            q->quantity_offset = (int)qa;
            q->quantity_span = (int)qn;
            r->pos = qa + qn;
            skip_space(r);
            if (s[r->pos] != close) {
                if (!s[r->pos])
                    return fail(r, open, 1, "this '%c' is never closed", s[open]);
                return fail(r, r->pos, pb_ask_char_len(s + r->pos),
                            "expected '%c' after next_score, found '%.*s' (a state's value takes no '| EVENT')",
                            close, pb_ask_char_len(s + r->pos), s + r->pos);
            }
            r->pos++;
            return 0;
        }
        if (quantity < 0) {
            if (!qn)
                return fail(r, qa, s[qa] ? 1 : 0,
                            "E(...) takes a quantity: yards, value, points, start or next_score");
            static const char *const names[] = {"yards", "value", "points", "start", "next_score", NULL};
            const char *hint = pb_ask_suggest(s + qa, qn, names);
            if (hint)
                return fail(r, qa, qn, "unknown quantity '%.*s' (did you mean '%s'?)", (int)qn, s + qa, hint);
            return fail(r, qa, qn, "unknown quantity '%.*s' (E takes yards, value, points, start or next_score)",
                        (int)qn, s + qa);
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

unsigned pb_ask_query_dims(const pb_ask_query *q)
{
    if (q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST)
        return (1u << PB_ASK_DIM_TOGO) | (1u << PB_ASK_DIM_DOWN) | (1u << PB_ASK_DIM_YTG);
    return pb_ask_action_dims(q->action);
}

/* The solver's measures: a state (togo, down, ytg) of the drive game, nothing about one play. */
static int check_state_query(pb_ask_reader *r)
{
    pb_ask_query *q = r->q;
    const char *m = q->measure == PB_ASK_MEASURE_EP ? "E(next_score)" : "best";
    if (q->action != PB_ACTION_PLAY)
        return fail(r, (size_t)q->action_offset, (size_t)q->action_span,
                    "kick= does not apply to %s: it is about a state of a drive (togo, down, ytg); the solver "
                    "plays the kicks itself (see 'paperbowl solve special')", m);
    for (int d = 0; d < PB_ASK_DIM_COUNT; d++) {
        if (!q->dim[d].n || (pb_ask_query_dims(q) >> d & 1u))
            continue;
        const char *why = d == PB_ASK_DIM_LEAD || d == PB_ASK_DIM_TIMEOUTS
                              ? "the drive solver plays every snap tied with the ruleset's timeouts"
                          : d == PB_ASK_DIM_CARD
                              ? "the solver turns the play card from the whole deck on every snap"
                              : "both sides play the solver's equilibrium mixes (for one call, ask "
                                "P(...) or E(points) with offense=)";
        return fail(r, (size_t)q->dim[d].offset, (size_t)q->dim[d].span, "%s does not apply to %s: %s",
                    pb_ask_dim_name((pb_ask_dim)d), m, why);
    }
    return 0;
}

static int check_query(pb_ask_reader *r)
{
    pb_ask_query *q = r->q;
    if (q->measure == PB_ASK_MEASURE_EP || q->measure == PB_ASK_MEASURE_BEST)
        return check_state_query(r);
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
    if (parse_measure(&r) != 0 || pb_ask_parse_conditions(&r) != 0)
        return -1;
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
        bool ident = n > 0 && pb_ask_is_word_start((unsigned char)name[0]);
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
