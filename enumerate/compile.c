/* enumerate/compile.c: a play compiled into its chance outcomes and its decision points
 * (pb_enumerate_compiled, enumerate.h).
 *
 * The cursor runs in split mode: every decision of the play is a choice point of weight 1, so
 * each path of the play records the decisions it went through, each with the weight of the path
 * before it. A path with no decision adds to `plain`. A path through a decision adds to the
 * alternative it took, weighted relative to the decision (its weight divided by the weight
 * before the decision: the integer factors after it over the power of 6 after it). Paths are
 * walked depth first, so the paths of one decision instance come together: an instance is
 * finished when a path of another comes, and merged into an equal node (same chooser and
 * alternatives) or added. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"

static int chooser_of(pb_decision what)
{
    return pb_decision_by_offense(what) ? PB_SIDE_OFFENSE : PB_SIDE_DEFENSE;
}

/* pb_enumerate_compiled_after: the play's first answers replayed from a log (no branch, no
 * weight: the rest is conditioned on them), then the cursor's. */
typedef struct {
    pb_oracle base;
    pb_cursor *cur;
    const pb_oracle_log *log;
    int pos;
} replay;

/* The log's next answer when it is of this kind (and purpose); else the cursor fails. */
static const pb_oracle_answer *replayed(replay *r, pb_answer_kind kind, int what)
{
    const pb_oracle_answer *a = &r->log->a[r->pos];
    if (a->kind != kind || ((kind == PB_ANSWER_ROLL2 || kind == PB_ANSWER_ROLL1 || kind == PB_ANSWER_DECIDE) &&
                            a->what != what)) {
        if (!r->cur->err[0])
            snprintf(r->cur->err, sizeof r->cur->err, "the replayed play asked another question than the log's "
                                                      "answer %d (a log of another play)", r->pos + 1);
        r->pos = r->log->n;   /* the cursor's from here: harmless, the enumeration is void */
        return NULL;
    }
    r->pos++;
    return a;
}

static pb_dice replay_roll2(pb_oracle *o, pb_roll_purpose why)
{
    replay *r = (replay *)o;
    if (r->pos < r->log->n) {
        const pb_oracle_answer *a = replayed(r, PB_ANSWER_ROLL2, why);
        if (a)
            return (pb_dice){a->value / 8, a->value % 8};
    }
    return pb_oracle_roll2(&r->cur->base, why);
}

static int replay_roll1(pb_oracle *o, pb_roll_purpose why)
{
    replay *r = (replay *)o;
    if (r->pos < r->log->n) {
        const pb_oracle_answer *a = replayed(r, PB_ANSWER_ROLL1, why);
        if (a)
            return a->value;
    }
    return pb_oracle_roll1(&r->cur->base, why);
}

static int replay_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    replay *r = (replay *)o;
    if (r->pos < r->log->n) {
        const pb_oracle_answer *a = replayed(r, PB_ANSWER_CHAIN, 0);
        if (a)
            return a->value;
    }
    return pb_oracle_chain(&r->cur->base, spec, cap);
}

static int replay_decide(pb_oracle *o, pb_decision what, int choice)
{
    replay *r = (replay *)o;
    if (r->pos < r->log->n) {
        const pb_oracle_answer *a = replayed(r, PB_ANSWER_DECIDE, what);
        if (a)
            return a->value;
    }
    return pb_oracle_decide(&r->cur->base, what, choice);
}

/* In the log, a return was answered at once (its distance) or rolled literally (its rolls). */
static int replay_return(pb_oracle *o, int multiplier, int doubles_multiplier, int from)
{
    replay *r = (replay *)o;
    if (r->pos < r->log->n) {
        if (r->log->a[r->pos].kind != PB_ANSWER_RETURN)
            return PB_RETURN_LITERAL;
        return r->log->a[r->pos++].value;
    }
    return r->cur->base.ops->ret(&r->cur->base, multiplier, doubles_multiplier, from);
}

static const pb_oracle_ops replay_ops = {replay_roll2, replay_roll1, replay_chain, replay_decide, replay_return};

/* The decision instance being collected. */
typedef struct {
    bool open;
    unsigned serial;
    pb_play_node node;
    pb_dist_acc acc[PB_NODE_ALTS];
    int policy_label;
} open_node;

static bool dist_equal(const pb_dist *a, const pb_dist *b, mpz_t t1, mpz_t t2)
{
    if (a->count != b->count)
        return false;
    for (size_t i = 0; i < a->count; i++) {
        const pb_dist_entry *x = &a->entries[i], *y = &b->entries[i];
        if (x->kind != y->kind || x->yards != y->yards || x->flags != y->flags)
            return false;
        mpz_mul(t1, x->num, b->den);
        mpz_mul(t2, y->num, a->den);
        if (mpz_cmp(t1, t2) != 0)
            return false;
    }
    return true;
}

static bool node_equal(const pb_play_node *a, const pb_play_node *b, mpz_t t1, mpz_t t2)
{
    if (a->what != b->what || a->nalt != b->nalt || a->policy != b->policy)
        return false;
    for (int k = 0; k < a->nalt; k++)
        if (a->label[k] != b->label[k] || !dist_equal(&a->alt[k], &b->alt[k], t1, t2))
            return false;
    return true;
}

static void node_release(pb_play_node *n)
{
    for (int k = 0; k < n->nalt; k++)
        pb_dist_release(&n->alt[k]);
    mpq_clear(n->weight);
}

/* The weight of the path before decision i (small x bigs / 6^exp6). */
static void prefix_weight(const pb_cursor *c, int i, mpq_t out)
{
    mpz_t num;
    mpz_init_set_ui(num, (unsigned long)c->dec[i].small);
    for (int k = 0; k < c->dec[i].nbig; k++)
        mpz_mul(num, num, c->big[k]);
    mpq_set_num(out, num);
    mpq_set_den(out, pb_pow6(c->dec[i].exp6));
    mpq_canonicalize(out);
    mpz_clear(num);
}

static int finish(open_node *on, pb_play_compiled *out, char *err, size_t errlen)
{
    if (!on->open)
        return 0;
    on->open = false;
    pb_play_node *n = &on->node;
    int oom = 0;
    for (int k = 0; k < n->nalt; k++)
        oom |= pb_dist_acc_release(&on->acc[k]) != 0;
    if (oom) {
        snprintf(err, errlen, "out of memory");
        node_release(n);
        return -1;
    }
    for (int k = 0; k < n->nalt; k++) {
        pb_dist_sort(&n->alt[k]);
        if (pb_dist_check(&n->alt[k]) != 0) {
            snprintf(err, errlen, "internal error: a decision's alternative does not sum to exactly 1");
            node_release(n);
            return -1;
        }
        if (n->label[k] == on->policy_label)
            n->policy = k;
    }
    mpz_t t1, t2;
    mpz_inits(t1, t2, NULL);
    for (size_t i = 0; i < out->nnode; i++)
        if (node_equal(&out->node[i], n, t1, t2)) {
            mpq_add(out->node[i].weight, out->node[i].weight, n->weight);
            node_release(n);
            mpz_clears(t1, t2, NULL);
            return 0;
        }
    mpz_clears(t1, t2, NULL);
    pb_play_node *grown = realloc(out->node, (out->nnode + 1) * sizeof *grown);
    if (!grown) {
        snprintf(err, errlen, "out of memory");
        node_release(n);
        return -1;
    }
    out->node = grown;
    out->node[out->nnode++] = *n;
    return 0;
}

static void start(open_node *on, const pb_cursor *c)
{
    memset(&on->node, 0, sizeof on->node);
    on->open = true;
    on->serial = c->dec[0].serial;
    on->node.what = (pb_decision)c->dec[0].what;
    on->node.chooser = chooser_of(on->node.what);
    on->node.policy = -1;
    on->policy_label = -1;
    mpq_init(on->node.weight);
    prefix_weight(c, 0, on->node.weight);
}

/* The path's leaf, under its decisions. */
static int add_leaf(open_node *on, const pb_cursor *c, const pb_result *r, int yards, char *err, size_t errlen)
{
    if (c->ndec > 2 ||
        (c->ndec == 2 && (chooser_of((pb_decision)c->dec[1].what) != chooser_of((pb_decision)c->dec[0].what) ||
                          c->dec[1].small != c->dec[0].small || c->dec[1].exp6 != c->dec[0].exp6 ||
                          c->dec[1].nbig != c->dec[0].nbig))) {
        snprintf(err, errlen, "a play with a decision after chance inside a decision's alternative "
                              "(not supported by the compiled plays)");
        return -1;
    }
    int label = c->dec[0].idx * 8 + (c->ndec == 2 ? c->dec[1].idx + 1 : 0);
    if (c->dec[0].idx == c->dec[0].choice)   /* the path the policy takes at the first decision */
        on->policy_label = c->dec[0].choice * 8 + (c->ndec == 2 ? c->dec[1].choice + 1 : 0);
    pb_play_node *n = &on->node;
    int k = 0;
    while (k < n->nalt && n->label[k] != label)
        k++;
    if (k == n->nalt) {
        if (n->nalt == PB_NODE_ALTS) {
            snprintf(err, errlen, "internal error: a decision with more than %d alternatives", PB_NODE_ALTS);
            return -1;
        }
        n->label[k] = label;
        pb_dist_init(&n->alt[k]);
        pb_dist_acc_init(&on->acc[k], &n->alt[k]);
        n->nalt++;
    }
    /* the weight after the decision: the factors the path gained since */
    uint64_t small = c->small / c->dec[0].small;
    mpz_t num;
    mpz_init_set_ui(num, (unsigned long)small);
    for (int i = c->dec[0].nbig; i < c->nbig; i++)
        mpz_mul(num, num, c->big[i]);
    pb_dist_acc_add_mpz(&on->acc[k], r->kind, yards, r->flags, num, c->exp6 - c->dec[0].exp6);
    mpz_clear(num);
    return 0;
}

static int compile(pb_play_compiled *out, const pb_play_env *env0, const pb_enum_query *q, const pb_oracle_log *log,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (pb_enum_query_check(env0, q, err, errlen) != 0)
        return -1;
    if (q->action != PB_ACTION_PLAY || q->card < 0 || q->depth != 0) {
        snprintf(err, errlen, "a compiled play is one run or pass with one card (or none), exact");
        return -1;
    }
    pb_dist_init(&out->plain);
    pb_play_env env = *env0;
    env.trace = NULL;
    env.eval = NULL;   /* the policies are not asked for what they would compute */
    pb_call call = {q->offense, q->defense, q->card, PB_TIMEOUT_POLICY};
    pb_cursor cur;
    pb_cursor_init(&cur, PB_CURSOR_FAST, 0);
    cur.split = true;
    pb_dist_acc plain;
    pb_dist_acc_init(&plain, &out->plain);
    replay rp = {{&replay_ops}, &cur, log, 0};
    pb_oracle *oracle = log ? &rp.base : &cur.base;
    open_node on;
    on.open = false;
    int st = 0;
    do {
        rp.pos = 0;
        pb_result r = pb_action_run(&env, PB_ACTION_PLAY, &q->sit, &call, oracle);
        if (cur.err[0])
            break;
        int yards = pb_outcome_has_yards(r.kind) ? r.yards : 0;
        if (cur.ndec == 0 || !on.open || on.serial != cur.dec[0].serial)
            st = finish(&on, out, err, errlen);
        if (st != 0)
            break;
        if (cur.ndec == 0) {
            pb_dist_acc_add(&plain, r.kind, yards, r.flags, &cur);
            continue;
        }
        if (!on.open)
            start(&on, &cur);
        st = add_leaf(&on, &cur, &r, yards, err, errlen);
    } while (st == 0 && pb_cursor_next(&cur));
    if (st == 0 && !cur.err[0])
        st = finish(&on, out, err, errlen);
    else if (on.open) {
        for (int k = 0; k < on.node.nalt; k++)
            pb_dist_acc_release(&on.acc[k]);
        node_release(&on.node);
    }
    if (pb_dist_acc_release(&plain) != 0 && st == 0 && !cur.err[0]) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    pb_dist_sort(&out->plain);
    if (cur.err[0] && st == 0) {
        snprintf(err, errlen, "%s", cur.err);
        st = -1;
    }
    if (st != 0)
        pb_play_compiled_release(out);
    return st;
}

int pb_enumerate_compiled(pb_play_compiled *out, const pb_play_env *env, const pb_enum_query *q, char *err,
                          size_t errlen)
{
    return compile(out, env, q, NULL, err, errlen);
}

int pb_enumerate_compiled_after(pb_play_compiled *out, const pb_play_env *env, const pb_enum_query *q,
                                const pb_oracle_log *log, pb_decision what, char *err, size_t errlen)
{
    if (log->overflow) {
        memset(out, 0, sizeof *out);
        snprintf(err, errlen, "the play's log overflowed (more than %d answers)", PB_ORACLE_LOG_MAX);
        return -1;
    }
    if (compile(out, env, q, log, err, errlen) != 0)
        return -1;
    if (out->plain.count != 0 || out->nnode != 1 || out->node[0].what != what) {
        snprintf(err, errlen, "the play replayed from its log did not come to the decision '%s' next (%zu "
                              "outcomes without it, %zu decision points)", pb_decision_name(what),
                 out->plain.count, out->nnode);
        pb_play_compiled_release(out);
        return -1;
    }
    return 0;
}

void pb_play_compiled_release(pb_play_compiled *c)
{
    pb_dist_release(&c->plain);
    for (size_t i = 0; i < c->nnode; i++)
        node_release(&c->node[i]);
    free(c->node);
    c->node = NULL;
    c->nnode = 0;
}

/* mult = 6^e / den for the smallest such e (den's only prime factors are 2 and 3); -1 when den has
 * another. */
static int over_power_of_6(mpz_srcptr den, mpz_t mult, unsigned *e)
{
    mpz_t rest, f;
    mpz_inits(rest, f, NULL);
    mpz_set_ui(f, 2);
    unsigned long twos = mpz_remove(rest, den, f);
    mpz_set_ui(f, 3);
    unsigned long threes = mpz_remove(rest, rest, f);
    int st = mpz_cmp_ui(rest, 1) == 0 ? 0 : -1;
    *e = (unsigned)(twos > threes ? twos : threes);
    mpz_ui_pow_ui(mult, 6, *e);
    mpz_divexact(mult, mult, den);
    mpz_clears(rest, f, NULL);
    return st;
}

int pb_play_compiled_policy(const pb_play_compiled *c, pb_dist *out)
{
    pb_dist_init(out);
    pb_dist_acc acc;
    pb_dist_acc_init(&acc, out);
    mpz_t t, mult;
    mpz_inits(t, mult, NULL);
    int st = 0;
    for (size_t j = 0; j < c->plain.count; j++) {
        const pb_dist_entry *x = &c->plain.entries[j];
        pb_dist_acc_add_mpz(&acc, x->kind, x->yards, x->flags, x->num, c->plain.exp6);
    }
    for (size_t k = 0; k < c->nnode && st == 0; k++) {
        const pb_play_node *n = &c->node[k];
        const pb_dist *a = &n->alt[n->policy];
        unsigned e;
        if (over_power_of_6(mpq_denref(n->weight), mult, &e) != 0) {
            st = -2;
            break;
        }
        mpz_mul(mult, mult, mpq_numref(n->weight));   /* the weight as mult / 6^e */
        for (size_t j = 0; j < a->count; j++) {
            const pb_dist_entry *x = &a->entries[j];
            mpz_mul(t, x->num, mult);
            pb_dist_acc_add_mpz(&acc, x->kind, x->yards, x->flags, t, a->exp6 + e);
        }
    }
    mpz_clears(t, mult, NULL);
    if (pb_dist_acc_release(&acc) != 0 && st == 0)
        st = -1;
    if (st != 0) {
        pb_dist_release(out);
        pb_dist_init(out);
        return st;
    }
    pb_dist_sort(out);
    return 0;
}
