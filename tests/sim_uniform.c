/* tests/sim_uniform.c: whole games with uniform cards (pb_game.uniform_cards, pb_sim_config
 * .uniform_cards, `sim --uniform-cards`): each snap's card drawn from the 24 with replacement,
 * the clock unchanged.
 *
 * The cards are uniform (chi-square, and every card within 4 standard errors of n/24); each
 * quarter has exactly plays_per_quarter snaps plus the extra plays added; `left` counts down
 * at every snap exactly as with the real deck (the same check passes on both); the extra plays
 * stop at extra_plays_max and at set_aside per half; same seed, same bytes for 1, 2, 3 threads. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "stats.h"
#include "strategy.h"

typedef struct {
    pb_ruleset rs;
    pb_strategy st[2];
    pb_sim_config cfg;
} setup_t;

/* Strategies by name or, when the text starts with '[', parsed from the text. No evaluator:
 * the "best" policies never take a card timeout and always return. */
static setup_t *setup(const char *ruleset, const char *home, const char *away, uint64_t seed, uint64_t games)
{
    setup_t *s = calloc(1, sizeof *s);
    char err[512];
    ck_assert_msg(pb_ruleset_load(&s->rs, ruleset, err, sizeof err) == 0, "%s", err);
    const char *names[2] = {home, away};
    for (int t = 0; t < 2; t++) {
        int rc = names[t][0] == '[' ? pb_strategy_parse(&s->st[t], names[t], "test", err, sizeof err)
                                    : pb_strategy_load(&s->st[t], names[t], err, sizeof err);
        ck_assert_msg(rc == 0, "%s", err);
    }
    s->cfg.rules = &s->rs;
    s->cfg.strategy[PB_HOME] = &s->st[0];
    s->cfg.strategy[PB_AWAY] = &s->st[1];
    s->cfg.seed = seed;
    s->cfg.games = games;
    s->cfg.threads = 1;
    s->cfg.uniform_cards = true;
    return s;
}

static void teardown(setup_t *s)
{
    pb_strategy_release(&s->st[0]);
    pb_strategy_release(&s->st[1]);
    free(s);
}

/* ---- the clock ---- */

typedef struct {
    const pb_ruleset *rs;
    uint64_t card[PB_CARD_COUNT + 1];   /* snaps by card, over all games */
    int snaps[PB_PERIODS_MAX], extra[PB_PERIODS_MAX], half_extra[4];
    int last_quarter;
    char fail[256];
} clock_check;

#define CK(cond, ...) do { if (!(cond) && !c->fail[0]) snprintf(c->fail, sizeof c->fail, __VA_ARGS__); } while (0)

/* After each snap: `left` (pb_game_cards_left_in_half, read after the snap) is what the real
 * deck gives: this quarter's plays (20 plus the added ones) minus the snaps so far, plus the
 * next quarter's 20 in a first or third quarter. So before the snap it was one more, and 1 at
 * the half's last play. */
static void clock_observe(void *self, const pb_game *g, const pb_game_event *e)
{
    clock_check *c = self;
    const pb_ruleset *rs = c->rs;
    int q = e->quarter - 1;
    bool half_end = e->quarter % 2 == 0 || e->quarter >= rs->quarters;
    switch (e->kind) {
    case PB_EV_QUARTER:
        CK(g->deck_end - g->deck_next == rs->plays_per_quarter, "quarter %d has %d plays", e->quarter,
           g->deck_end - g->deck_next);
        CK(g->aside_count == rs->set_aside, "quarter %d: %d extra plays possible", e->quarter, g->aside_count);
        c->last_quarter = e->quarter;
        break;
    case PB_EV_SNAP: {
        CK(e->card >= 1 && e->card <= PB_CARD_COUNT, "card %d", e->card);
        c->card[e->card]++;
        c->snaps[q]++;
        int left = pb_game_cards_left_in_half(g);
        int want = rs->plays_per_quarter + c->extra[q] - c->snaps[q] + (half_end ? 0 : rs->plays_per_quarter);
        CK(left == want, "quarter %d snap %d: left %d after the snap, want %d", e->quarter, c->snaps[q], left, want);
        CK(left >= 0, "left %d", left);
        break;
    }
    case PB_EV_EXTRA_PLAY:
        CK(half_end, "an extra play in quarter %d", e->quarter);
        CK(pb_game_cards_left_in_half(g) == 2, "an extra play added with %d left", pb_game_cards_left_in_half(g));
        CK(g->uniform_cards ? e->card == 0 : e->card >= 1, "extra play card %d", e->card);
        c->extra[q]++;
        c->half_extra[(e->quarter - 1) / 2 < 3 ? (e->quarter - 1) / 2 : 3]++;
        break;
    default:
        break;
    }
}

/* Play games 0 .. n-1 with the clock checks (the cards counted into c); the most extra plays
 * any half had into *max_half_extra. */
static void play_checked(const pb_sim_config *cfg, uint64_t n, clock_check *c, int *max_half_extra)
{
    pb_sim_game *sg = malloc(sizeof *sg);
    *max_half_extra = 0;
    for (uint64_t i = 0; i < n; i++) {
        memset(c->snaps, 0, sizeof c->snaps);
        memset(c->extra, 0, sizeof c->extra);
        memset(c->half_extra, 0, sizeof c->half_extra);
        c->rs = cfg->rules;
        pb_sim_game_init(sg, cfg, i, NULL);
        sg->game.observe = clock_observe;
        sg->game.observer = c;
        int rc = pb_sim_game_play(sg, cfg);
        ck_assert_msg(rc == 0, "game %llu: %s", (unsigned long long)i, sg->game.error);
        ck_assert_msg(!c->fail[0], "game %llu (%s): %s", (unsigned long long)i,
                      cfg->uniform_cards ? "uniform cards" : "real deck", c->fail);
        for (int q = 0; q < c->last_quarter; q++) {  /* sudden death may end overtime early */
            int want = cfg->rules->plays_per_quarter + c->extra[q];
            ck_assert_msg(q >= cfg->rules->quarters ? c->snaps[q] <= want : c->snaps[q] == want,
                          "game %llu quarter %d: %d snaps, %d added", (unsigned long long)i, q + 1, c->snaps[q],
                          c->extra[q]);
        }
        for (int h = 0; h < 4; h++)
            if (c->half_extra[h] > *max_half_extra)
                *max_half_extra = c->half_extra[h];
    }
    free(sg);
}

START_TEST(test_cards_uniform)
{
    /* 4000 games of coach v uniform: about 340,000 snaps. Every card within 4 standard errors
     * of n/24 (sd = sqrt(n p (1 - p)), p = 1/24), and a chi-square test of the 24 counts. */
    setup_t *s = setup("v1.11-ja", "coach", "uniform", 21, 4000);
    clock_check *c = calloc(1, sizeof *c);
    int most;
    play_checked(&s->cfg, 4000, c, &most);
    uint64_t n = 0;
    for (int k = 1; k <= PB_CARD_COUNT; k++)
        n += c->card[k];
    ck_assert_uint_gt(n, 300000);
    double p = 1.0 / PB_CARD_COUNT, sd = sqrt((double)n * p * (1 - p));
    for (int k = 1; k <= PB_CARD_COUNT; k++)
        ck_assert_msg(fabs((double)c->card[k] - (double)n * p) < 4 * sd, "card %02d: %llu of %llu (%.1f sd)", k,
                      (unsigned long long)c->card[k], (unsigned long long)n, ((double)c->card[k] - (double)n * p) / sd);
    mpq_t q[PB_CARD_COUNT];
    for (int k = 0; k < PB_CARD_COUNT; k++) {
        mpq_init(q[k]);
        mpq_set_ui(q[k], 1, PB_CARD_COUNT);
    }
    pb_stats_fit fit;
    char err[256];
    ck_assert(pb_stats_goodness_of_fit(PB_STATS_CHI2, c->card + 1, q, PB_CARD_COUNT, &fit, err, sizeof err) == 0);
    ck_assert_msg(fit.p_value > 1e-6, "cards: X^2 %g p %g", fit.statistic, fit.p_value);
    for (int k = 0; k < PB_CARD_COUNT; k++)
        mpq_clear(q[k]);
    free(c);
    teardown(s);
}
END_TEST

START_TEST(test_clock_as_with_the_deck)
{
    /* The same clock checks pass with the real deck and with uniform cards, in both editions
     * and with sudden-death overtime (a period of a quarter's plays, a half of its own) */
    static const char *const rulesets[] = {"v1.11-ja", "v1.11-en"};
    for (int r = 0; r < 2; r++)
        for (int uniform = 0; uniform < 2; uniform++) {
            setup_t *s = setup(rulesets[r], "uniform", "coach", 5 + (uint64_t)r, 1500);
            s->rs.sw.overtime = PB_OT_SUDDEN_DEATH;
            s->cfg.uniform_cards = uniform;
            clock_check *c = calloc(1, sizeof *c);
            int most;
            play_checked(&s->cfg, 1500, c, &most);
            ck_assert_int_le(most, s->rs.set_aside);
            free(c);
            teardown(s);
        }
}
END_TEST

/* Both teams take a timeout at every half's last play; no timeout is spent otherwise. */
static const char always_timeout[] = "[strategy]\nname = timeouts\n[offense]\ndefault = run 1, short 1, long 1\n"
                                     "[defense]\ndefault = d1 1, d2 1, d3 1, d4 1, d5 1\n[end_of_half]\n"
                                     "default = timeout 1\nfinal_field_goal = no\n";

START_TEST(test_extra_plays_limits)
{
    /* With 3 + 3 timeouts kept for the end of each half, the extra plays of a half stop at
     * min(extra_plays_max, set_aside): 4 in v1.11-ja (max 4, 4 set aside), 4 in v1.11-en
     * (unlimited, 4 set aside), 2 with max 2, 3 with 3 set aside and no max, 6 (the timeouts)
     * with 8 set aside and no max; every half gets exactly that many. */
    static const struct { const char *rules; int max, aside, want; } cases[] = {
        {"v1.11-ja", 4, 4, 4}, {"v1.11-en", -1, 4, 4}, {"v1.11-ja", 2, 4, 2}, {"v1.11-en", -1, 3, 3},
        {"v1.11-en", -1, 8, 6},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        setup_t *s = setup(cases[k].rules, always_timeout, always_timeout, 9, 300);
        ck_assert_int_eq(s->rs.extra_plays_max, k == 1 || k >= 3 ? -1 : 4);
        s->rs.extra_plays_max = cases[k].max;
        s->rs.set_aside = cases[k].aside;
        s->cfg.policies.challenge = PB_POLICY_NEVER;
        s->cfg.policies.timeout = PB_POLICY_NEVER;
        pb_sim_game *sg = malloc(sizeof *sg);
        clock_check *c = calloc(1, sizeof *c);
        for (uint64_t i = 0; i < 300; i++) {
            memset(c, 0, sizeof *c);
            c->rs = &s->rs;
            pb_sim_game_init(sg, &s->cfg, i, NULL);
            sg->game.observe = clock_observe;
            sg->game.observer = c;
            ck_assert_int_eq(pb_sim_game_play(sg, &s->cfg), 0);
            ck_assert_msg(!c->fail[0], "case %zu game %llu: %s", k, (unsigned long long)i, c->fail);
            for (int h = 0; h < 2; h++)
                ck_assert_msg(c->half_extra[h] == cases[k].want, "case %zu game %llu half %d: %d extra plays", k,
                              (unsigned long long)i, h + 1, c->half_extra[h]);
            for (int q = 0; q < 4; q++)
                ck_assert_int_eq(c->snaps[q], s->rs.plays_per_quarter + c->extra[q]);
        }
        free(c);
        free(sg);
        teardown(s);
    }
}
END_TEST

/* The text and JSON reports of a run, in a malloc'd string. */
static char *report(const pb_sim_config *cfg)
{
    pb_sim_totals *t = malloc(sizeof *t);
    char err[256], *text = NULL;
    size_t len = 0;
    ck_assert_msg(pb_sim_run(cfg, t, err, sizeof err) == 0, "%s", err);
    FILE *f = open_memstream(&text, &len);
    pb_sim_report_text(f, cfg, t);
    ck_assert_int_eq(pb_sim_report_json(f, cfg, t), 0);
    fclose(f);
    free(t);
    return text;
}

START_TEST(test_reproducible)
{
    /* 1, 2, 3 threads: the same bytes; the real deck gives other games; the report says so */
    setup_t *s = setup("v1.11-ja", "coach", "uniform", 3, 3000);
    char *a = report(&s->cfg);
    s->cfg.threads = 2;
    char *b = report(&s->cfg);
    s->cfg.threads = 3;
    char *c = report(&s->cfg);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    ck_assert(strstr(a, "uniform cards: each snap's play card drawn from the 24 (no deck), 20 plays a quarter"));
    ck_assert(strstr(a, "\"cards\": \"uniform\"") != NULL);
    s->cfg.uniform_cards = false;
    char *d = report(&s->cfg);
    ck_assert(strstr(d, "uniform cards") == NULL);
    ck_assert(strstr(d, "\"cards\"") == NULL);
    free(a);
    free(b);
    free(c);
    free(d);
    teardown(s);
}
END_TEST

START_TEST(test_log)
{
    /* the log says how the cards come; an added play names no card */
    setup_t *s = setup("v1.11-ja", always_timeout, always_timeout, 4, 1);
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(pb_sim_log(f, &s->cfg, 0, 1, err, sizeof err), 0);
    fclose(f);
    ck_assert(strstr(text, "-- Q1: 20 plays, each play card drawn from the 24 (uniform cards)") != NULL);
    ck_assert(strstr(text, "takes a timeout at the half's last play: a play added") != NULL);
    ck_assert(strstr(text, "#24/24 ") != NULL);  /* the fourth extra play of a half */
    ck_assert(strstr(text, "set aside") == NULL);
    free(text);
    teardown(s);
}
END_TEST

Suite *pb_suite_sim_uniform(void)
{
    Suite *s = suite_create("sim_uniform");
    TCase *tc = tcase_create("sim_uniform");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_cards_uniform);
    tcase_add_test(tc, test_clock_as_with_the_deck);
    tcase_add_test(tc, test_extra_plays_limits);
    tcase_add_test(tc, test_reproducible);
    tcase_add_test(tc, test_log);
    suite_add_tcase(s, tc);
    return s;
}
