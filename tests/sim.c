/* tests/sim.c: the simulator as a whole (sim/sim.h): reproducibility (same seed, same
 * bytes; any thread count, same bytes), the dice of the random oracle, the invariants of
 * 100,000 whole games, and the card-timeout decision table against play.c's own choices. */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "oracle_script.h"
#include "sim.h"
#include "stats.h"

typedef struct {
    pb_ruleset rs;
    pb_strategy st[2];
    pb_sim_eval *memo;
    pb_sim_config cfg;
} setup_t;

/* home/away strategies; exact: use the exact evaluator and the decision table */
static setup_t *setup(const char *ruleset, const char *home, const char *away, bool exact, uint64_t seed,
                      uint64_t games, int threads)
{
    setup_t *s = calloc(1, sizeof *s);
    char err[512];
    ck_assert_msg(pb_ruleset_load(&s->rs, ruleset, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_strategy_load(&s->st[0], home, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_strategy_load(&s->st[1], away, err, sizeof err) == 0, "%s", err);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    if (exact)
        s->memo = pb_sim_eval_create(pb_enum_evaluator(), &s->rs, &pol);
    pb_sim_config cfg = {&s->rs, pol, s->memo ? pb_sim_eval_evaluator(s->memo) : NULL,
                         s->memo ? pb_sim_eval_decider(s->memo) : NULL,
                         s->memo ? pb_sim_eval_return_decider(s->memo) : NULL, {&s->st[0], &s->st[1]}, seed, games,
                         threads, NULL, NULL, false, 0, 0, 0, false, false, {NULL, NULL}, NULL, false, 0};
    s->cfg = cfg;
    return s;
}

static void teardown(setup_t *s)
{
    pb_sim_eval_free(s->memo);
    pb_strategy_release(&s->st[0]);
    pb_strategy_release(&s->st[1]);
    free(s);
}

/* The text report of a run, in a malloc'd string. */
static char *report(const pb_sim_config *cfg, pb_sim_totals *t)
{
    char err[256], *text = NULL;
    size_t len = 0;
    ck_assert_msg(pb_sim_run(cfg, t, err, sizeof err) == 0, "%s", err);
    FILE *f = open_memstream(&text, &len);
    pb_sim_report_text(f, cfg, t);
    ck_assert_int_eq(pb_sim_report_json(f, cfg, t), 0);
    fclose(f);
    return text;
}

START_TEST(test_reproducible_and_thread_independent)
{
    /* 1 thread, 2 threads, 3 threads: the same totals and the same bytes; another seed: other
     * games. The exact evaluator and its decision table are shared by the threads. */
    setup_t *s = setup("v1.11-ja", "coach", "uniform", true, 7, 6000, 1);
    pb_sim_totals *t = malloc(4 * sizeof *t);
    char *a = report(&s->cfg, &t[0]);
    s->cfg.threads = 2;
    char *b = report(&s->cfg, &t[1]);
    s->cfg.threads = 3;
    char *c = report(&s->cfg, &t[2]);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    ck_assert_mem_eq(&t[0], &t[1], sizeof *t);
    ck_assert_int_eq(t[0].games, 6000);
    s->cfg.seed = 8;
    char *d = report(&s->cfg, &t[3]);
    ck_assert_str_ne(a, d);
    free(a);
    free(b);
    free(c);
    free(d);
    free(t);
    teardown(s);
}
END_TEST

START_TEST(test_log_replays_the_same_game)
{
    /* the log replays game i from its stream (seed, i) with a trace and a roll log: the game
     * must come out the same as without them (same score, same counters) */
    setup_t *s = setup("v1.11-ja", "coach", "coach", true, 11, 3, 1);
    for (uint64_t i = 0; i < 3; i++) {
        pb_sim_game *plain = malloc(sizeof *plain), *traced = malloc(sizeof *traced);
        pb_trace tr;
        pb_trace_init(&tr);
        pb_sim_game_init(plain, &s->cfg, i, NULL);
        pb_sim_game_init(traced, &s->cfg, i, &tr);
        traced->dice.record = true;
        ck_assert_int_eq(pb_game_play(&plain->game), 0);
        ck_assert_int_eq(pb_game_play(&traced->game), 0);
        ck_assert_mem_eq(plain->game.score, traced->game.score, sizeof plain->game.score);
        ck_assert_mem_eq(plain->game.stat, traced->game.stat, sizeof plain->game.stat);
        ck_assert(tr.len > 0);
        pb_trace_release(&tr);
        free(plain);
        free(traced);
    }
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(pb_sim_log(f, &s->cfg, 0, 2, err, sizeof err), 0);
    fclose(f);
    ck_assert(strstr(text, "== game 0 (seed 11, ruleset v1.11-ja): Home coach, Away coach") != NULL);
    ck_assert(strstr(text, "== game 1 ") != NULL);
    ck_assert(strstr(text, "box score") != NULL);
    ck_assert(strstr(text, "-- final") != NULL);
    free(text);
    teardown(s);
}
END_TEST

START_TEST(test_dice_uniform)
{
    /* roll2 returns the sorted pair of two fair dice: doubles 1/36 each, the others 2/36;
     * roll1 is a fair die. 360000 rolls each from a fixed stream, chi-square goodness of fit. */
    pb_rng r;
    pb_rng_seed(&r, 5, 5);
    pb_sim_oracle o;
    pb_sim_oracle_init(&o, &r);
    uint64_t pairs[21] = {0}, faces[6] = {0};
    int index[7][7], n = 0;
    mpq_t p2[21], p1[6];
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++) {
            index[a][b] = n;
            mpq_init(p2[n]);
            mpq_set_ui(p2[n], a == b ? 1 : 2, 36);
            mpq_canonicalize(p2[n]);
            n++;
        }
    for (int i = 0; i < 360000; i++) {
        pb_dice d = pb_oracle_roll2(&o.base, PB_ROLL_PLAY);
        ck_assert(d.a >= 1 && d.a <= d.b && d.b <= 6);
        pairs[index[d.a][d.b]]++;
        int f = pb_oracle_roll1(&o.base, PB_ROLL_ONSIDE);
        ck_assert(f >= 1 && f <= 6);
        faces[f - 1]++;
    }
    for (int i = 0; i < 6; i++) {
        mpq_init(p1[i]);
        mpq_set_ui(p1[i], 1, 6);
    }
    pb_stats_fit fit;
    char err[256];
    ck_assert(pb_stats_goodness_of_fit(PB_STATS_CHI2, pairs, p2, 21, &fit, err, sizeof err) == 0);
    ck_assert_msg(fit.p_value > 1e-6, "pairs: X^2 %g p %g", fit.statistic, fit.p_value);
    ck_assert(pb_stats_goodness_of_fit(PB_STATS_CHI2, faces, p1, 6, &fit, err, sizeof err) == 0);
    ck_assert_msg(fit.p_value > 1e-6, "faces: X^2 %g p %g", fit.statistic, fit.p_value);
    for (int i = 0; i < 21; i++)
        mpq_clear(p2[i]);
    for (int i = 0; i < 6; i++)
        mpq_clear(p1[i]);
}
END_TEST

/* ---- invariants over whole games ---- */

typedef struct {
    const pb_ruleset *rs;
    int points[2];                      /* recomputed from the results, by the rules */
    int td[2], pat[2], two[2], fg[2], safety[2];
    int cards[PB_PERIODS_MAX], extra[PB_PERIODS_MAX];
    bool dealt[PB_PERIODS_MAX][PB_CARD_COUNT + 1], aside[PB_PERIODS_MAX][PB_CARD_COUNT + 1];
    bool played[PB_PERIODS_MAX][PB_CARD_COUNT + 1];
    int periods;
    char fail[256];
    /* across games: kicks attempted and good, by kind (field goals by the ruleset's row) */
    uint64_t fg_att[PB_FG_ROWS_MAX + 1], fg_good[PB_FG_ROWS_MAX + 1], pat_att, pat_good, onside_att, onside_kept;
} inv_t;

#define INV(cond, ...) do { if (!(cond) && !v->fail[0]) snprintf(v->fail, sizeof v->fail, __VA_ARGS__); } while (0)

static void inv_observe(void *self, const pb_game *g, const pb_game_event *e)
{
    inv_t *v = self;
    int q = e->quarter - 1, t = e->team;
    INV(g->timeouts[0] >= 0 && g->timeouts[1] >= 0, "negative timeouts");
    INV(g->timeouts[0] <= v->rs->sw.timeouts && g->timeouts[1] <= v->rs->sw.timeouts, "timeouts above %d",
        v->rs->sw.timeouts);
    switch (e->kind) {
    case PB_EV_QUARTER:
        for (int i = g->deck_next; i < g->deck_end; i++)
            v->dealt[q][g->deck[i]] = true;
        for (int i = 0; i < g->aside_count; i++)
            v->aside[q][g->aside[i]] = true;
        INV(g->deck_end - g->deck_next == v->rs->plays_per_quarter, "a deck of %d cards", g->deck_end - g->deck_next);
        if (e->quarter > v->periods)
            v->periods = e->quarter;
        break;
    case PB_EV_SNAP: {
        const pb_situation *s = &e->sit;
        INV(s->togo >= 1 && s->togo <= 99, "snap at togo %d", s->togo);
        INV(s->down >= 1 && s->down <= v->rs->downs, "down %d", s->down);
        INV(s->ytg >= 1 && s->ytg <= s->togo, "ytg %d at togo %d", s->ytg, s->togo);
        INV(s->timeouts_off >= 0 && s->timeouts_def >= 0, "negative timeouts at the snap");
        INV(e->card >= 1 && e->card <= PB_CARD_COUNT, "card %d", e->card);
        INV(!v->played[q][e->card], "card %02d played twice in quarter %d", e->card, e->quarter);
        INV(v->dealt[q][e->card], "card %02d was not dealt in quarter %d", e->card, e->quarter);
        v->played[q][e->card] = true;
        v->cards[q]++;
        if (e->result.kind == PB_OUT_TOUCHDOWN)
            v->points[t] += 6, v->td[t]++;
        else if (e->result.kind == PB_OUT_TURNOVER_TD)
            v->points[1 - t] += 6, v->td[1 - t]++;
        else if (e->result.kind == PB_OUT_SAFETY)
            v->points[1 - t] += 2, v->safety[1 - t]++;
        INV(e->result.kind != PB_OUT_CUT, "a cut chain");
        break;
    }
    case PB_EV_KICKOFF:
    case PB_EV_PUNT:
        if (e->kind == PB_EV_KICKOFF && e->onside) {
            v->onside_att++;
            v->onside_kept += e->result.kind == PB_OUT_KEPT;
        }
        if (e->result.kind == PB_OUT_RETURN_TD)
            v->points[1 - t] += 6, v->td[1 - t]++;
        INV(e->result.kind == PB_OUT_START || e->result.kind == PB_OUT_RETURN_TD ||
                (e->kind == PB_EV_KICKOFF && e->result.kind == PB_OUT_KEPT && e->onside),
            "kick result %s", pb_outcome_name(e->result.kind));
        if (e->result.kind == PB_OUT_START || e->result.kind == PB_OUT_KEPT)
            INV(e->result.yards >= 1 && e->result.yards <= 99, "start at togo %d", e->result.yards);
        break;
    case PB_EV_FIELD_GOAL: {
        INV(e->sit.togo <= v->rs->fg_max_togo, "a field goal from togo %d", e->sit.togo);
        if (e->result.kind == PB_OUT_GOOD)
            v->points[t] += 3, v->fg[t]++;
        int row = 0;
        while (row < v->rs->fg_row_count && e->sit.togo > v->rs->fg_rows[row].max_togo)
            row++;
        v->fg_att[row]++;
        v->fg_good[row] += e->result.kind == PB_OUT_GOOD;
        break;
    }
    case PB_EV_PAT:
        if (e->result.kind == PB_OUT_GOOD)
            v->points[t] += 1, v->pat[t]++;
        v->pat_att++;
        v->pat_good += e->result.kind == PB_OUT_GOOD;
        break;
    case PB_EV_TWO_POINT:
        if (e->result.kind == PB_OUT_TOUCHDOWN)
            v->points[t] += 2, v->two[t]++;
        break;
    case PB_EV_EXTRA_PLAY:
        INV(e->quarter % 2 == 0 || e->quarter >= v->rs->quarters, "an extra play in quarter %d", e->quarter);
        INV(v->aside[q][e->card], "extra card %02d was not set aside", e->card);
        INV(g->deck_end - g->deck_next == 2, "extra card added with %d cards in the deck", g->deck_end - g->deck_next);
        v->dealt[q][e->card] = true;
        v->extra[q]++;
        INV(v->rs->extra_plays_max < 0 || v->extra[q] <= v->rs->extra_plays_max, "%d extra plays", v->extra[q]);
        break;
    default:
        break;
    }
}

/* `good` of `att` kicks against the exact probability num/den: two-bin chi-square, p > 1e-6 */
static void check_rate(const char *what, uint64_t good, uint64_t att, unsigned long num, unsigned long den)
{
    ck_assert_msg(att > 100, "%s: only %llu attempts", what, (unsigned long long)att);
    uint64_t obs[2] = {good, att - good};
    mpq_t p[2];
    mpq_inits(p[0], p[1], NULL);
    mpq_set_ui(p[0], num, den);
    mpq_set_ui(p[1], den - num, den);
    mpq_canonicalize(p[0]);
    mpq_canonicalize(p[1]);
    pb_stats_fit fit;
    char err[256];
    ck_assert(pb_stats_goodness_of_fit(PB_STATS_CHI2, obs, p, 2, &fit, err, sizeof err) == 0);
    ck_assert_msg(fit.p_value > 1e-6, "%s: %llu of %llu, exact %lu/%lu: p %g", what, (unsigned long long)good,
                  (unsigned long long)att, num, den, fit.p_value);
    mpq_clears(p[0], p[1], NULL);
}

static void check_games(const pb_sim_config *cfg, uint64_t first, uint64_t n)
{
    pb_sim_game *sg = malloc(sizeof *sg);
    inv_t *v = malloc(sizeof *v);
    const pb_ruleset *rs = cfg->rules;
    memset(v, 0, sizeof *v);
    for (uint64_t i = first; i < first + n; i++) {
        /* per-game fields start afresh; the kick counts go on */
        memset(v, 0, offsetof(inv_t, fg_att));
        v->rs = rs;
        pb_sim_game_init(sg, cfg, i, NULL);
        sg->game.observe = inv_observe;
        sg->game.observer = v;
        int rc = pb_game_play(&sg->game);
        const pb_game *g = &sg->game;
        ck_assert_msg(rc == 0, "game %llu: %s", (unsigned long long)i, g->error);
        ck_assert_msg(!v->fail[0], "game %llu: %s", (unsigned long long)i, v->fail);
        for (int team = 0; team < 2; team++) {
            /* the score is made of its pieces: 6 a touchdown, 1 a PAT, 2 a two-point try, 3 a
             * field goal, 2 a safety; at most one try per touchdown */
            ck_assert_msg(g->score[team] == v->points[team], "game %llu: score %d, pieces %d", (unsigned long long)i,
                          g->score[team], v->points[team]);
            ck_assert_int_eq(g->score[team], 6 * v->td[team] + v->pat[team] + 2 * v->two[team] + 3 * v->fg[team] +
                                                 2 * v->safety[team]);
            ck_assert(v->pat[team] + v->two[team] <= v->td[team]);
            ck_assert(g->score[team] != 1);
            ck_assert_int_eq(g->stat[team][PB_STAT_POINTS], g->score[team]);
        }
        /* every quarter: exactly its cards, plus the added ones */
        ck_assert_int_eq(v->periods, rs->quarters);
        for (int q = 0; q < rs->quarters; q++)
            ck_assert_msg(v->cards[q] == rs->plays_per_quarter + v->extra[q], "game %llu quarter %d: %d plays, %d added",
                          (unsigned long long)i, q + 1, v->cards[q], v->extra[q]);
        ck_assert_int_eq(g->phase, PB_PHASE_OVER);
    }
    /* kicks in whole games succeed as often as the rulebook says (3.1, 3.5, 3.6): a field goal
     * is good when a die shows a face of its row or on doubles: 1-4: 1 - 2/36 (5-6, 6-5) = 34/36;
     * 1-3: 1 - 6/36 = 30/36; 1-2: 1 - 12/36 = 24/36; 1: 1 - 20/36 = 16/36; doubles only: 6/36.
     * PAT: sum >= 4 is 33/36 (v1.11-ja), sum >= 5 is 30/36 (-en). Onside: die >= 5 is 1/3
     * (-ja), die = 6 is 1/6 (-en). */
    static const unsigned long fg_num[5] = {34, 30, 24, 16, 6};
    for (int r = 0; r < 5; r++) {
        char what[32];
        snprintf(what, sizeof what, "field goal row %d", r);
        check_rate(what, v->fg_good[r], v->fg_att[r], fg_num[r], 36);
    }
    bool en = rs->pat_kick_at_least == 5;
    if (v->pat_att)
        check_rate("PAT", v->pat_good, v->pat_att, en ? 30 : 33, 36);
    check_rate("onside", v->onside_kept, v->onside_att, 1, en ? 6 : 3);
    free(v);
    free(sg);
}

START_TEST(test_invariants_100000_games)
{
    /* 100,000 games over three pairings and both editions (uniform plays onside kicks,
     * two-point tries, every end-of-half timeout, punts and kicks on any 4th down) */
    setup_t *a = setup("v1.11-ja", "coach", "uniform", true, 1, 0, 1);
    check_games(&a->cfg, 0, 40000);
    teardown(a);
    setup_t *b = setup("v1.11-en", "uniform", "always-run", false, 2, 0, 1);
    check_games(&b->cfg, 0, 30000);
    teardown(b);
    setup_t *c = setup("v1.11-ja", "uniform", "coach", false, 3, 0, 1);
    check_games(&c->cfg, 0, 30000);
    teardown(c);
}
END_TEST

/* ---- the decision table against play.c ---- */

START_TEST(test_decision_table_matches_play)
{
    /* For cards 21-24, play.c's own policy (with the exact evaluator) decides inside the play;
     * the table decides before it. Same choice (timeout taken or not, the card changed to) for
     * every offense x defense x card at togo values across the field, for best and always. */
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[512];
    ck_assert(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0);
    static const int togos[] = {1, 2, 5, 9, 10, 15, 20, 21, 35, 50, 80, 99};
    for (int policy = PB_POLICY_BEST; policy <= PB_POLICY_ALWAYS; policy++) {
        pb_policies pol;
        memset(&pol, 0, sizeof pol);
        pol.timeout = policy;
        pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), rs, &pol);
        pb_play_env env = {rs, pol, pb_enum_evaluator(), NULL};
        int taken = 0, changed = 0;
        for (size_t t = 0; t < sizeof togos / sizeof togos[0]; t++)
            for (int off = 0; off < PB_OFFENSE_COUNT; off++)
                for (int def = 1; def <= PB_DEFENSE_COUNT; def++)
                    for (int card = 21; card <= 24; card++) {
                        pb_situation s = pb_situation_default(rs, togos[t]);
                        s.down = 2;
                        s.lead = -3;
                        s.timeouts_off = s.timeouts_def = 2;
                        pb_call call = {(pb_offense)off, def, card, PB_TIMEOUT_POLICY};
                        const pb_dice dice[] = {{3, 4}};
                        pb_script_oracle so;
                        pb_script_oracle_from(&so, dice, 1);
                        pb_result r = pb_play_resolve(&env, &s, &call, &so.base);
                        pb_call mine = call;
                        pb_sim_eval_timeout(memo, &s, &mine);
                        bool play_took = (r.flags & (PB_FLAG_TIMEOUT_OFFENSE | PB_FLAG_TIMEOUT_DEFENSE)) != 0;
                        bool table_took = mine.timeout_force == PB_TIMEOUT_FORCE_TAKEN;
                        ck_assert_msg(play_took == table_took, "togo %d %s v %d card %d: play %d, table %d", togos[t],
                                      pb_offense_name((pb_offense)off), def, card, play_took, table_took);
                        ck_assert_int_eq(r.offense, mine.offense);
                        ck_assert_int_eq(r.defense, mine.defense);
                        taken += table_took;
                        changed += mine.offense != call.offense || mine.defense != call.defense;
                    }
        /* the comparison is not empty: some timeouts are taken, some cards changed, and with
         * "best" some timeouts are declined */
        ck_assert_int_gt(taken, 0);
        ck_assert_int_gt(changed, 0);
        if (policy == PB_POLICY_BEST)
            ck_assert_int_lt(taken, (int)(sizeof togos / sizeof togos[0]) * 60);
        pb_sim_eval_free(memo);
    }
    free(rs);
}
END_TEST

START_TEST(test_return_table_matches_kicks)
{
    /* The touchback-or-return choice: special.c decides it inside the kick with the exact
     * evaluator; the table decides it before the kick. Same choice for every regular kickoff
     * roll from the kickoff and free-kick spots and every punt spot, in both editions. The
     * table must not be trivial: some kicks are returned, and a ball stopped at the goal line
     * (E[start after a return from there] is past the own 20) is taken as a touchback. */
    static const char *const names[] = {"v1.11-ja", "v1.11-en"};
    for (int n = 0; n < 2; n++) {
        pb_ruleset *rs = malloc(sizeof *rs);
        char err[512];
        ck_assert(pb_ruleset_load(rs, names[n], err, sizeof err) == 0);
        pb_policies pol;
        memset(&pol, 0, sizeof pol);
        pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), rs, &pol);
        pb_play_env env = {rs, pol, pb_enum_evaluator(), NULL};
        int returned = 0, touchbacks = 0;
        const pb_dice ret_roll = {1, 2};  /* the return, when there is one: 6 yards */
        for (int k = 0; k < 2; k++) {
            int from = k ? rs->free_kick_from : rs->kickoff_from;
            for (int a = 1; a <= 6; a++)
                for (int b = a; b <= 6; b++) {
                    pb_dice dice[2] = {{a, b}, ret_roll};
                    pb_script_oracle so;
                    pb_script_oracle_from(&so, dice, 2);
                    pb_result r = pb_kickoff(&env, from, &so.base);
                    int want = pb_sim_eval_kickoff_return(memo, from, dice[0]);
                    ck_assert_msg(want == ((r.flags & PB_FLAG_RETURNED) != 0), "%s kickoff from %d, %d-%d: table %d",
                                  names[n], from, a, b, want);
                    returned += want == 1;
                    touchbacks += want == 0;
                }
        }
        for (int togo = 1; togo <= 99; togo++) {
            pb_script_oracle so;
            pb_script_oracle_from(&so, &ret_roll, 1);
            pb_result r = pb_punt(&env, togo, &so.base);
            int want = pb_sim_eval_punt_return(memo, togo);
            ck_assert_msg(want == ((r.flags & PB_FLAG_RETURNED) != 0), "%s punt from %d: table %d", names[n], togo, want);
            returned += want == 1;
            touchbacks += want == 0;
        }
        ck_assert_int_gt(returned, 0);
        ck_assert_int_gt(touchbacks, 0);
        pb_sim_eval_free(memo);
        free(rs);
    }
}
END_TEST

Suite *pb_suite_sim(void)
{
    Suite *s = suite_create("sim");
    TCase *tc = tcase_create("sim");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_reproducible_and_thread_independent);
    tcase_add_test(tc, test_log_replays_the_same_game);
    tcase_add_test(tc, test_dice_uniform);
    tcase_add_test(tc, test_invariants_100000_games);
    tcase_add_test(tc, test_decision_table_matches_play);
    tcase_add_test(tc, test_return_table_matches_kicks);
    suite_add_tcase(s, tc);
    return s;
}
