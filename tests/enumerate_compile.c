/* tests/enumerate_compile.c: plays compiled into chance outcomes and decision points
 * (pb_enumerate_compiled), against pb_enumerate, an independent path: choosing at every node
 * what a policy would choose must give the policy's exact distribution, for every card, call,
 * defense and a spread of field positions; and the card-timeout nodes' alternatives must be
 * the plays they stand for (card 21 taken: the card's own play; 23: each new card, no card). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"
#include "enumerate.h"

static pb_ruleset ja;

static void load_rules(void)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&ja, "v1.11-ja", err, sizeof err) == 0, "%s", err);
}

static void release_all(void) { pb_enum_cache_clear(); }

static pb_enum_query query(pb_offense off, int def, int card, int togo, int lead, int tmo)
{
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = PB_ACTION_PLAY;
    q.sit = pb_situation_default(&ja, togo);
    q.sit.lead = lead;
    q.sit.timeouts_off = tmo;
    q.sit.timeouts_def = tmo;
    q.offense = off;
    q.defense = def;
    q.card = card;
    return q;
}

/* P(kind, yards, flags) in d, as an exact fraction added to `acc` times `w`. */
static void add_entry_p(const pb_dist *d, const pb_dist_entry *key, const mpq_t w, mpq_t acc)
{
    mpq_t p;
    mpq_init(p);
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        if (e->kind == key->kind && e->yards == key->yards && e->flags == key->flags) {
            pb_dist_p(d, i, p);
            mpq_mul(p, p, w);
            mpq_add(acc, acc, p);
        }
    }
    mpq_clear(p);
}

/* pick(node) = the alternative index to take. The rebuilt distribution must equal `want`
 * entry by entry, and have no entry `want` lacks. */
typedef int (*picker)(const pb_play_node *n);

static void check_rebuilds(const pb_play_compiled *c, const pb_dist *want, picker pick, const char *what)
{
    mpq_t one, acc, p;
    mpq_inits(one, acc, p, NULL);
    mpq_set_ui(one, 1, 1);
    for (size_t i = 0; i < want->count; i++) {
        const pb_dist_entry *key = &want->entries[i];
        mpq_set_ui(acc, 0, 1);
        add_entry_p(&c->plain, key, one, acc);
        for (size_t k = 0; k < c->nnode; k++)
            add_entry_p(&c->node[k].alt[pick(&c->node[k])], key, c->node[k].weight, acc);
        pb_dist_p(want, i, p);
        ck_assert_msg(mpq_equal(acc, p), "%s: %s %d flags %x differs", what, pb_outcome_name(key->kind), key->yards,
                      key->flags);
    }
    /* every rebuilt entry is one of want's: the totals agree (want sums to 1) */
    mpq_set_ui(acc, 0, 1);
    for (size_t i = 0; i < c->plain.count; i++) {
        pb_dist_p(&c->plain, i, p);
        mpq_add(acc, acc, p);
    }
    for (size_t k = 0; k < c->nnode; k++)
        mpq_add(acc, acc, c->node[k].weight);
    ck_assert_msg(mpq_cmp_ui(acc, 1, 1) == 0, "%s: the plain outcomes and the nodes do not sum to 1", what);
    mpq_clears(one, acc, p, NULL);
}

/* The compiled play of one card at one moment (lead 0, each side with `tmo` timeouts). */
static void compiled(pb_offense off, int def, int card, int togo, int tmo, pb_play_compiled *c)
{
    char err[PB_ERR_MAX];
    pb_play_env env = {&ja, {0}, NULL, NULL};
    pb_enum_query q = query(off, def, card, togo, 0, tmo);
    ck_assert_msg(pb_enumerate_compiled(c, &env, &q, err, sizeof err) == 0, "%s", err);
}

static int by_policy(const pb_play_node *n) { return n->policy; }

/* got and want hold the same outcomes with the same probabilities, exactly. */
static void check_same(const pb_dist *got, const pb_dist *want, const char *what)
{
    ck_assert_msg(got->count == want->count, "%s: %zu outcomes, want %zu", what, got->count, want->count);
    ck_assert_msg(pb_dist_check(got) == 0, "%s: the outcomes do not sum to 1", what);
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    for (size_t i = 0; i < want->count; i++) {
        const pb_dist_entry *x = &got->entries[i], *y = &want->entries[i];
        pb_dist_p(got, i, a);
        pb_dist_p(want, i, b);
        ck_assert_msg(x->kind == y->kind && x->yards == y->yards && x->flags == y->flags && mpq_equal(a, b),
                      "%s: outcome %zu differs", what, i);
    }
    mpq_clears(a, b, NULL);
}

static int label_index(const pb_play_node *n, int label)
{
    for (int k = 0; k < n->nalt; k++)
        if (n->label[k] == label)
            return k;
    ck_abort_msg("node without alternative %d", label);
    return 0;
}
/* challenge always, penalty accept, timeouts 21/22 always (23/24: never) */
static int yes_everywhere(const pb_play_node *n)
{
    if (n->what == PB_DECIDE_TIMEOUT_OFFENSE || n->what == PB_DECIDE_TIMEOUT_DEFENSE)
        return n->nalt == 2 ? label_index(n, 8) : label_index(n, 0);
    return label_index(n, 8);
}
static int no_everywhere(const pb_play_node *n) { return label_index(n, 0); }

static void enumerate_with(pb_dist *d, const pb_enum_query *q, const char *policies)
{
    char err[PB_ERR_MAX];
    pb_play_env env = {&ja, {0}, NULL, NULL};
    ck_assert(pb_policies_parse(&env.policies, policies, err, sizeof err) == 0);
    ck_assert_msg(pb_enumerate(d, &env, q, err, sizeof err) == 0, "%s", err);
}

START_TEST(policy_choices_rebuild_the_policy)
{
    static const int togos[] = {1, 4, 12, 40, 75, 99};
    char err[PB_ERR_MAX];
    pb_play_env env = {&ja, {0}, NULL, NULL};
    int nodes = 0;
    for (int card = 1; card <= PB_CARD_COUNT; card++)
        for (int o = 0; o < PB_OFFENSE_COUNT; o++)
            for (int j = 1; j <= PB_DEFENSE_COUNT; j++)
                for (size_t ti = 0; ti < sizeof togos / sizeof *togos; ti++)
                    for (int tmo = 0; tmo <= 1; tmo++) {
                        pb_enum_query q = query((pb_offense)o, j, card, togos[ti], 1, tmo);
                        pb_play_compiled c;
                        ck_assert_msg(pb_enumerate_compiled(&c, &env, &q, err, sizeof err) == 0, "%s", err);
                        nodes += (int)c.nnode;
                        char what[96];
                        snprintf(what, sizeof what, "card %d, %s v D%d, togo %d, timeouts %d", card,
                                 pb_offense_name((pb_offense)o), j, togos[ti], tmo);
                        pb_dist d;
                        enumerate_with(&d, &q, "timeout=never");
                        check_rebuilds(&c, &d, by_policy, what);
                        pb_dist pol;   /* the game solver's policies' cells are made this way */
                        ck_assert(pb_play_compiled_policy(&c, &pol) == 0);
                        check_same(&pol, &d, what);
                        pb_dist_release(&pol);
                        pb_dist_release(&d);
                        enumerate_with(&d, &q, "timeout=never,challenge=never,penalty=decline");
                        check_rebuilds(&c, &d, no_everywhere, what);
                        pb_dist_release(&d);
                        if (card != 23 && card != 24) {
                            enumerate_with(&d, &q, "timeout=always,challenge=always,penalty=accept");
                            check_rebuilds(&c, &d, yes_everywhere, what);
                            pb_dist_release(&d);
                        }
                        if (tmo == 0)
                            for (size_t k = 0; k < c.nnode; k++)   /* no timeout: only penalties */
                                ck_assert(c.node[k].what == PB_DECIDE_PENALTY_OFFENSE ||
                                          c.node[k].what == PB_DECIDE_PENALTY_DEFENSE);
                        pb_play_compiled_release(&c);
                    }
    ck_assert_int_gt(nodes, 1000);
}
END_TEST

/* Card 23 with the offense holding a timeout: one node of weight 1, the offense's, with four
 * alternatives: keep the card (the play with no card), or spend the timeout for Run, Short or
 * Long (each that play with no card, marked as spending the offense's timeout). */
START_TEST(card_23_is_one_node_of_four_plays)
{
    pb_play_compiled c;
    compiled(PB_OFF_SHORT, 3, 23, 35, 1, &c);
    ck_assert_int_eq(c.plain.count, 0);
    ck_assert_int_eq(c.nnode, 1);
    const pb_play_node *n = &c.node[0];
    ck_assert_int_eq(n->chooser, PB_SIDE_OFFENSE);
    ck_assert(mpq_cmp_ui(n->weight, 1, 1) == 0);
    ck_assert_int_eq(n->nalt, 4);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    for (int k = 0; k < 4; k++) {
        int lbl = k == 0 ? 0 : 8 + k;   /* (0), (1, Run), (1, Short), (1, Long) */
        int idx = label_index(n, lbl);
        pb_enum_query plain = query(k == 0 ? PB_OFF_SHORT : (pb_offense)(k - 1), 3, 0, 35, 0, 1);
        pb_dist d;
        enumerate_with(&d, &plain, "timeout=never");
        ck_assert_int_eq(n->alt[idx].count, d.count);
        for (size_t i = 0; i < d.count; i++) {
            pb_dist_entry key = d.entries[i];
            key.flags |= k == 0 ? 0u : PB_FLAG_TIMEOUT_OFFENSE;
            mpq_t acc, p;
            mpq_inits(acc, p, NULL);
            add_entry_p(&n->alt[idx], &key, one, acc);
            pb_dist_p(&d, i, p);
            ck_assert_msg(mpq_equal(acc, p), "alternative %d, %s %d", k, pb_outcome_name(key.kind), key.yards);
            mpq_clears(acc, p, NULL);
        }
        pb_dist_release(&d);
    }
    mpq_clear(one);
    pb_play_compiled_release(&c);
}
END_TEST

/* Card 06 (the offense may challenge an incomplete pass) on Long against Defense 1 at togo 75:
 * each node is an incompletion the offense may challenge; challenging wins on an odd sum
 * (18/36): half the time the catch stands, half the time it stays incomplete and the timeout is
 * spent. */
START_TEST(card_06_challenge_nodes)
{
    pb_play_compiled c;
    compiled(PB_OFF_LONG, 1, 6, 75, 1, &c);
    ck_assert_int_gt(c.nnode, 0);
    for (size_t k = 0; k < c.nnode; k++) {
        const pb_play_node *n = &c.node[k];
        ck_assert_int_eq(n->what, PB_DECIDE_CHALLENGE_OFFENSE);
        ck_assert_int_eq(n->nalt, 2);
        const pb_dist *no = &n->alt[label_index(n, 0)], *yes = &n->alt[label_index(n, 8)];
        ck_assert_int_eq(no->count, 1);
        ck_assert_int_eq(no->entries[0].kind, PB_OUT_INCOMPLETE);
        mpq_t half, p;
        mpq_inits(half, p, NULL);
        mpq_set_ui(half, 1, 2);
        ck_assert_int_eq(yes->count, 2);
        for (size_t i = 0; i < 2; i++) {
            pb_dist_p(yes, i, p);
            ck_assert(mpq_equal(p, half));
            if (yes->entries[i].kind == PB_OUT_INCOMPLETE)
                ck_assert(yes->entries[i].flags & PB_FLAG_CHALLENGE_LOST);
            else
                ck_assert(yes->entries[i].flags & PB_FLAG_CHALLENGE_WON);
        }
        mpq_clears(half, p, NULL);
    }
    pb_play_compiled_release(&c);
}
END_TEST

Suite *pb_suite_compile(void)
{
    Suite *s = suite_create("compile");
    TCase *tc = tcase_create("compiled plays");
    tcase_add_unchecked_fixture(tc, load_rules, release_all);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, policy_choices_rebuild_the_policy);
    tcase_add_test(tc, card_23_is_one_node_of_four_plays);
    tcase_add_test(tc, card_06_challenge_nodes);
    suite_add_tcase(s, tc);
    return s;
}
