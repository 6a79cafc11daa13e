/* tune/tune.c: a tune's life: the base ruleset (loaded, its switches applied, written in the
 * file format once), the targets read (each an `ask` question, or 'A - B'), the whole tune checked
 * and every combination loaded once before any evaluation; the accessors. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "switches.h"
#include "tune_internal.h"

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

const char *pb_tune_level_name(pb_tune_level l)
{
    return l == PB_TUNE_GAME ? "game" : l == PB_TUNE_DRIVE ? "drive" : "play";
}

void pb_tune_opts_init(pb_tune_opts *o)
{
    memset(o, 0, sizeof *o);
    pb_ask_defaults_init(&o->ask);
    o->threads = 1;
}

/* mpq from "0.9", "-1.25", "1/2", "3" exactly; -1 when it is none of these. */
static int exact_number(mpq_t out, const char *s)
{
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    size_t digits = strspn(p, "0123456789");
    if (!digits)
        return -1;
    if (p[digits] == '/' ) {
        if (strspn(p + digits + 1, "0123456789") != strlen(p + digits + 1) || !p[digits + 1])
            return -1;
        if (mpq_set_str(out, s[0] == '+' ? s + 1 : s, 10) != 0 || mpz_sgn(mpq_denref(out)) == 0)
            return -1;
        mpq_canonicalize(out);
        return 0;
    }
    size_t frac = 0;
    if (p[digits] == '.') {
        frac = strspn(p + digits + 1, "0123456789");
        if (!frac || p[digits + 1 + frac])
            return -1;
    } else if (p[digits]) {
        return -1;
    }
    char buf[160];
    if (digits + frac + 2 >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s%.*s%.*s", s[0] == '-' ? "-" : "", (int)digits, p, (int)frac, p + digits + 1);
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    mpz_set_str(num, buf, 10);
    mpz_ui_pow_ui(den, 10, frac);
    mpq_set_num(out, num);
    mpq_set_den(out, den);
    mpq_canonicalize(out);
    mpz_clears(num, den, NULL);
    return 0;
}

int pb_tune_new(pb_tune **out, const pb_tune_opts *o, char *err, size_t errlen)
{
    *out = NULL;
    pb_tune *t = calloc(1, sizeof *t);
    if (!t)
        return fail(err, errlen, "out of memory");
    t->o = *o;
    mpq_init(t->equal);
    pthread_mutex_init(&t->lock, NULL);
    *out = t;
    char msg[PB_ERR_MAX];
    const char *name = o->ruleset ? o->ruleset : PB_RULESET_DEFAULT;
    if (o->rules)
        t->base = *o->rules;
    else if (pb_ruleset_load(&t->base, name, msg, sizeof msg) != 0)
        return fail(err, errlen, "--ruleset: %s", msg);
    if (!o->rules && pb_ruleset_name_by_file(&t->base, name) != 0)
        return fail(err, errlen, "out of memory");
    snprintf(t->base_label, sizeof t->base_label, "%s", t->base.name);
    if (o->nswitches > PB_TUNE_SWITCHES_MAX)
        return fail(err, errlen, "--switch: too many (at most %d)", PB_TUNE_SWITCHES_MAX);
    for (int i = 0; i < o->nswitches; i++) {
        if (pb_switch_apply(&t->base, o->switches[i], msg, sizeof msg) != 0)
            return fail(err, errlen, "--switch: %s", msg);
        size_t u = strlen(t->base_label);
        snprintf(t->base_label + u, sizeof t->base_label - u, " %s", o->switches[i]);
    }
    for (int i = 0; i < o->nswitches; i++)
        t->o.switches[i] = NULL;
    t->o.nswitches = 0;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return fail(err, errlen, "out of memory");
    pb_ruleset_write(&t->base, f);
    if (fclose(f) != 0 || !buf) {
        free(buf);
        return fail(err, errlen, "out of memory");
    }
    t->base_text = buf;
    if (o->goal == PB_TUNE_GOAL_EQUAL && (!o->equal || exact_number(t->equal, o->equal) != 0))
        return fail(err, errlen, "--equal: '%s' is not a number (a decimal like 0.9, or a fraction like 1/2)",
                    o->equal ? o->equal : "");
    t->o.equal = NULL;
    return 0;
}

void pb_tune_free(pb_tune *t)
{
    if (!t)
        return;
    if (t->rows) {
        for (long r = 0; r < t->nrows; r++) {
            for (int i = 0; i < PB_TUNE_TARGETS_MAX; i++)
                pb_tune_value_clear(&t->rows[r].t[i]);
            pb_tune_value_clear(&t->rows[r].score);
        }
        free(t->rows);
    }
    free(t->order);
    free(t->base_text);
    mpq_clear(t->equal);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

/* The offset of the top-level " - " in text (outside parentheses), or -1. */
static long split_at(const char *text)
{
    int depth = 0;
    for (long i = 0; text[i]; i++) {
        if (text[i] == '(')
            depth++;
        else if (text[i] == ')')
            depth--;
        else if (depth == 0 && text[i] == ' ' && text[i + 1] == '-' && text[i + 2] == ' ')
            return i;
    }
    return -1;
}

static int read_term(pb_tune *t, pb_tune_term *term, const char *text, char *err, size_t errlen)
{
    pb_ask_error e;
    char where[1400];
    snprintf(term->text, sizeof term->text, "%s", text);
    term->choice = -1;
    /* best(go|field_goal|punt) STATE: that choice's EP, from `ask`'s best at the state */
    static const char *const choices[] = {"go", "field_goal", "punt"};
    const char *lead = term->text + strspn(term->text, " ");
    if (strncmp(lead, "best(", 5) == 0) {
        const char *close = strchr(lead, ')');
        for (int c = 0; close && c < 3; c++)
            if ((size_t)(close - lead - 5) == strlen(choices[c]) && strncmp(lead + 5, choices[c], strlen(choices[c])) == 0)
                term->choice = c;
        if (term->choice < 0)
            return fail(err, errlen, "--target: '%s': best(...) takes go, field_goal or punt", term->text);
        char rest[PB_ASK_TEXT_MAX];
        snprintf(rest, sizeof rest, "best%s", close + 1);
        snprintf(term->text, sizeof term->text, "%s", rest);
    }
    int g = pb_ask_game_parse(&term->gq, term->text, &e);
    if (g < 0) {
        pb_ask_error_format(&e, term->text, t->defines, 1, where, sizeof where);
        return fail(err, errlen, "--target: '%s': %s", term->text, where);
    }
    if (g == 0) {
        term->game = true;
        if (term->gq.measure == PB_ASK_GAME_BEST)
            return fail(err, errlen, "--target: '%s' is a choice, not a number (ask for WP ... or timeout_value ...)",
                        term->text);
        if (!t->o.game)
            return fail(err, errlen, "--target: '%s' is about the whole game: it needs --game (a game solve per "
                        "ruleset, kept in the --cache folder)", term->text);
        return 0;
    }
    if (pb_ask_parse(&term->q, term->text, t->defines, &e) != 0) {
        pb_ask_error_format(&e, term->text, t->defines, 1, where, sizeof where);
        return fail(err, errlen, "--target: '%s': %s", term->text, where);
    }
    if (term->q.measure == PB_ASK_MEASURE_BEST && term->choice < 0)
        return fail(err, errlen, "--target: '%s' is a choice, not a number (ask for E(next_score) at the state, "
                    "best(go), best(field_goal) or best(punt) there, or the difference of two)", term->text);
    if (term->q.nsides != 1)
        return fail(err, errlen, "--target: '%s' compares two rulesets (vs): a target is one number of the "
                    "varied ruleset", term->text);
    if (term->q.side[0].name[0])
        return fail(err, errlen, "--target: '%s' names a ruleset: the target is asked of the varied ruleset "
                    "(give the base with --ruleset)", term->text);
    return 0;
}

int pb_tune_target(pb_tune *t, const char *text, const pb_ask_defines *defines, char *err, size_t errlen)
{
    if (t->ntargets >= PB_TUNE_TARGETS_MAX)
        return fail(err, errlen, "--target: too many (at most %d)", PB_TUNE_TARGETS_MAX);
    if (strlen(text) >= PB_ASK_TEXT_MAX)
        return fail(err, errlen, "--target: too long (at most %d bytes)", PB_ASK_TEXT_MAX - 1);
    t->defines = defines;
    pb_tune_tgt *g = &t->tgt[t->ntargets];
    memset(g, 0, sizeof *g);
    snprintf(g->text, sizeof g->text, "%s", text);
    long at = split_at(text);
    char a[PB_ASK_TEXT_MAX];
    if (at >= 0) {
        snprintf(a, sizeof a, "%.*s", (int)at, text);
        if (split_at(text + at + 3) >= 0)
            return fail(err, errlen, "--target: '%s': a target is one question or the difference of two (A - B)",
                        text);
        g->nterms = 2;
        if (read_term(t, &g->term[0], a, err, errlen) != 0 || read_term(t, &g->term[1], text + at + 3, err, errlen) != 0)
            return -1;
        g->term[0].sign = 1;
        g->term[1].sign = -1;
    } else {
        g->nterms = 1;
        if (read_term(t, &g->term[0], text, err, errlen) != 0)
            return -1;
        g->term[0].sign = 1;
    }
    g->level = PB_TUNE_PLAY;
    for (int i = 0; i < g->nterms; i++) {
        pb_tune_level l = g->term[i].game ? PB_TUNE_GAME
                          : g->term[i].q.measure == PB_ASK_MEASURE_EP || g->term[i].q.measure == PB_ASK_MEASURE_BEST
                              ? PB_TUNE_DRIVE
                              : PB_TUNE_PLAY;
        if (l > g->level)
            g->level = l;
    }
    if (g->level > t->level)
        t->level = g->level;
    t->ntargets++;
    return 0;
}

int pb_tune_prepare(pb_tune *t, char *err, size_t errlen)
{
    if (t->nkeys == 0)
        return fail(err, errlen, "give a key to vary: --vary KEY=LO..HI (see 'paperbowl tune --help')");
    if (t->ntargets == 0)
        return fail(err, errlen, "give a target: --target 'ASK-QUESTION' (see 'paperbowl tune --help')");
    const pb_tune_opts *o = &t->o;
    if (o->balance && t->ntargets < 2)
        return fail(err, errlen, "--balance: give two targets or more (--target repeated)");
    if (!o->balance && t->ntargets > 1)
        return fail(err, errlen, "--target: several targets are balanced against each other: add --balance");
    if (o->balance && o->goal != PB_TUNE_GOAL_NONE)
        return fail(err, errlen, "--balance: it makes the targets as equal as possible: --equal, --min and --max "
                    "mean nothing with it");
    if (o->bisect) {
        if (t->nkeys != 1 || !t->key[0].numeric)
            return fail(err, errlen, "--bisect: it needs one --vary of whole numbers");
        if (o->goal != PB_TUNE_GOAL_EQUAL)
            return fail(err, errlen, "--bisect: it finds where the target crosses a number: give --equal X");
        if (t->key[0].n < 2)
            return fail(err, errlen, "--bisect: the range has one value only");
    }
    if (o->check_monotone && !o->bisect)
        return fail(err, errlen, "--check-monotone: it checks a bisection: add --bisect");
    long n = 1;
    for (int k = 0; k < t->nkeys; k++) {
        n *= t->key[k].n;
        if (n > PB_TUNE_ROWS_MAX)
            return fail(err, errlen, "--vary: the grid has more than %d combinations", PB_TUNE_ROWS_MAX);
    }
    t->nrows = n;
    t->rows = calloc((size_t)n, sizeof *t->rows);
    t->order = calloc((size_t)n, sizeof *t->order);
    if (!t->rows || !t->order)
        return fail(err, errlen, "out of memory");
    pb_ruleset *rs = malloc(sizeof *rs);
    if (!rs)
        return fail(err, errlen, "out of memory");
    for (long r = 0; r < n; r++) {
        pb_tune_row *row = &t->rows[r];
        pb_tune_row_index(t, r, row->idx);
        for (int i = 0; i < PB_TUNE_TARGETS_MAX; i++)
            pb_tune_value_init(&row->t[i]);
        pb_tune_value_init(&row->score);
        char *text = pb_tune_edit(t, row->idx);
        if (!text) {
            free(rs);
            return fail(err, errlen, "out of memory");
        }
        int st = pb_tune_load(t, text, row->idx, rs, err, errlen);
        free(text);
        if (st != 0) {
            free(rs);
            return -1;
        }
    }
    free(rs);
    t->prepared = true;
    return 0;
}

int pb_tune_nkeys(const pb_tune *t) { return t->nkeys; }
const pb_tune_key *pb_tune_key_at(const pb_tune *t, int k) { return &t->key[k]; }
int pb_tune_ntargets(const pb_tune *t) { return t->ntargets; }
const char *pb_tune_target_text(const pb_tune *t, int i) { return t->tgt[i].text; }
pb_tune_level pb_tune_target_level(const pb_tune *t, int i) { return t->tgt[i].level; }
long pb_tune_nrows(const pb_tune *t) { return t->nshown; }
const pb_tune_row *pb_tune_row_at(const pb_tune *t, long r) { return &t->rows[t->order[r]]; }
const pb_tune_opts *pb_tune_options(const pb_tune *t) { return &t->o; }
const pb_tune_bisection *pb_tune_bisection_info(const pb_tune *t) { return &t->bis; }
const char *pb_tune_base_label(const pb_tune *t) { return t->base_label; }
const pb_ruleset *pb_tune_base(const pb_tune *t) { return &t->base; }
void pb_tune_equal_value(const pb_tune *t, mpq_t out) { mpq_set(out, t->equal); }
int pb_tune_nbest(const pb_tune *t) { return t->nbest; }

char *pb_tune_row_text(const pb_tune *t, long r, char *err, size_t errlen)
{
    char *text = pb_tune_edit(t, t->rows[t->order[r]].idx);
    if (!text)
        fail(err, errlen, "out of memory");
    return text;
}
