/* tests/sim_drive.c: drive mode (pb_game_start_drive, pb_sim_config.drive) and the [return]
 * section of strategy files.
 *
 * Values worked out by hand in the comments; the statistical checks use fixed seeds and a
 * tolerance of 4 standard errors (the same tolerance as tools/drive_check.sh). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "game.h"
#include "oracle_script.h"
#include "sim.h"
#include "stats.h"
#include "strategy.h"

static void load_rules(pb_ruleset *rs, const char *name)
{
    char err[512];
    ck_assert_msg(pb_ruleset_load(rs, name, err, sizeof err) == 0, "%s", err);
}

static void parse_strategy(pb_strategy *st, const char *text)
{
    char err[512];
    ck_assert_msg(pb_strategy_parse(st, text, "t", err, sizeof err) == 0, "%s", err);
}

/* "Field goal whenever in range": with field goals allowed from anywhere (fg_max_togo 99),
 * every action of a drive chain is a field goal. */
static const char fg_text[] = "[strategy]\nname = fg\n[offense]\ntogo 1-99 = fg 1\ndefault = run 1\n"
                              "[defense]\ndefault = d1 1\n";

static pb_sim_config drive_config(const pb_ruleset *rs, const pb_strategy *home, const pb_strategy *away, int togo,
                                  int down, int ytg, uint64_t drives, int threads)
{
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = rs;
    cfg.strategy[PB_HOME] = home;
    cfg.strategy[PB_AWAY] = away;
    cfg.seed = 11;
    cfg.games = drives;
    cfg.threads = threads;
    cfg.drive = true;
    cfg.drive_togo = togo;
    cfg.drive_down = down;
    cfg.drive_ytg = ytg;
    return cfg;
}

static double mean_of(const pb_sim_totals *t) { return (double)(int64_t)t->drive_sum / (double)t->games; }

static double se_of(const pb_sim_totals *t)
{
    double n = (double)t->games, m = mean_of(t);
    return sqrt(((double)t->drive_sum2 / n - m * m) / (n - 1));
}

START_TEST(test_fg_chain_value)
{
    /* v1.11-ja with fg_max_togo 99, both teams kick a field goal on every snap, from 4th and
     * goal at the 1. At togo 1 (row "within 20": a die shows 1-4, or doubles) the kick is good
     * with p = 34/36 = 17/18 (the rolls showing neither 1-4 nor doubles are 5-6 and 6-5). A
     * miss gives the other team the ball at the spot, togo 99, where no row applies and only
     * doubles are good: q = 6/36 = 1/6; its miss gives the ball back at togo 1. So
     *   V1 = 3p - (1-p) V99,  V99 = 3q - (1-q) V1
     *   V1 = 3 (p - q (1-p)) / (1 - (1-p)(1-q)) = 3 (102 - 1)/108 / (103/108) = 303/103,
     * P(home scores) = p / (1 - (1-p)(1-q)) = 102/103, P(away scores) = 1/103, 0 plays. */
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    rs.fg_max_togo = 99;
    pb_strategy st;
    parse_strategy(&st, fg_text);
    pb_sim_config cfg = drive_config(&rs, &st, &st, 1, 4, 1, 200000, 2);
    pb_sim_totals t;
    char err[256];
    ck_assert_msg(pb_sim_run(&cfg, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(t.games, 200000);
    ck_assert_uint_eq(t.drive_score[PB_HOME][PB_NEXT_FG] + t.drive_score[PB_AWAY][PB_NEXT_FG], 200000);
    ck_assert_uint_eq(t.stat[PB_HOME][PB_STAT_SNAPS] + t.stat[PB_AWAY][PB_STAT_SNAPS], 0);
    ck_assert_uint_eq(t.stat[PB_HOME][PB_STAT_KICKOFFS] + t.stat[PB_AWAY][PB_STAT_KICKOFFS], 0);
    /* x is +3 or -3 only: sum x^2 = 9 n */
    ck_assert_uint_eq(t.drive_sum2, 9 * t.games);
    double m = mean_of(&t), se = se_of(&t), want = 303.0 / 103.0;
    ck_assert_msg(fabs(m - want) < 4 * se, "mean %.5f, want %.5f (303/103), se %.5f", m, want, se);
    /* the away team's share, binomial */
    double pa = 1.0 / 103, away = (double)t.drive_score[PB_AWAY][PB_NEXT_FG];
    double sd = sqrt(200000 * pa * (1 - pa));
    ck_assert_msg(fabs(away - 200000 * pa) < 4 * sd, "away field goals %.0f, want %.1f +- %.1f", away,
                  200000 * pa, sd);
    pb_strategy_release(&st);
}
END_TEST

START_TEST(test_threads_same_totals)
{
    /* the same drives whatever the thread count: coach against uniform from 1st and 10 at 75 */
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    pb_strategy home, away;
    char err[256];
    ck_assert(pb_strategy_load(&home, "coach", err, sizeof err) == 0);
    ck_assert(pb_strategy_load(&away, "uniform", err, sizeof err) == 0);
    pb_sim_totals *t = malloc(3 * sizeof *t);
    for (int i = 0; i < 3; i++) {
        pb_sim_config cfg = drive_config(&rs, &home, &away, 75, 1, 10, 5000, i + 1);
        ck_assert_msg(pb_sim_run(&cfg, &t[i], err, sizeof err) == 0, "%s", err);
    }
    ck_assert(memcmp(&t[0], &t[1], sizeof *t) == 0);
    ck_assert(memcmp(&t[0], &t[2], sizeof *t) == 0);
    free(t);
    pb_strategy_release(&home);
    pb_strategy_release(&away);
}
END_TEST

/* ---- one drive chain, watched ---- */

typedef struct {
    const pb_ruleset *rs;
    uint64_t cards[PB_CARD_COUNT + 1];
    int bad_timeouts, kickoffs, quarters, snaps, tries;
} watch;

static void observe(void *self, const pb_game *g, const pb_game_event *e)
{
    watch *w = self;
    (void)g;
    if (e->kind == PB_EV_SNAP) {
        w->snaps++;
        if (e->card >= 1 && e->card <= PB_CARD_COUNT)
            w->cards[e->card]++;
        if (e->sit.timeouts_off != w->rs->sw.timeouts || e->sit.timeouts_def != w->rs->sw.timeouts)
            w->bad_timeouts++;
    }
    w->kickoffs += e->kind == PB_EV_KICKOFF;
    w->quarters += e->kind == PB_EV_QUARTER || e->kind == PB_EV_HALF_END;
    w->tries += e->kind == PB_EV_PAT || e->kind == PB_EV_TWO_POINT;
}

START_TEST(test_chain_invariants)
{
    /* coach v coach, 20,000 chains from 1st and 10 at the 80: each ends with exactly one team
     * having scored 2, 3, 6, 7 or 8 (a try after each touchdown, and nothing after it), no
     * kickoff, no quarter or half event, every snap with full timeouts (3,3) although card
     * timeouts are taken, and the play cards uniform over the 24 (chi-square). */
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    pb_strategy st;
    char err[256];
    ck_assert(pb_strategy_load(&st, "coach", err, sizeof err) == 0);
    pb_sim_config cfg = drive_config(&rs, &st, &st, 80, 1, 10, 20000, 1);
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), &rs, &cfg.policies);
    cfg.eval = pb_sim_eval_evaluator(memo);
    cfg.timeouts = pb_sim_eval_decider(memo);
    cfg.returns = pb_sim_eval_return_decider(memo);
    pb_sim_game *sg = malloc(sizeof *sg);
    watch w;
    memset(&w, 0, sizeof w);
    w.rs = &rs;
    int tds = 0, timeouts_used = 0;
    for (uint64_t i = 0; i < cfg.games; i++) {
        pb_sim_game_init(sg, &cfg, i, NULL);
        sg->game.observe = observe;
        sg->game.observer = &w;
        ck_assert_msg(pb_sim_game_play(sg, &cfg) == 0, "chain %llu: %s", (unsigned long long)i, sg->game.error);
        const pb_game *g = &sg->game;
        ck_assert_int_eq(g->phase, PB_PHASE_OVER);
        ck_assert_int_eq(g->quarter, 1);
        int h = g->score[PB_HOME], a = g->score[PB_AWAY], x = h ? h : a;
        ck_assert_msg((h == 0) != (a == 0), "chain %llu: %d-%d", (unsigned long long)i, h, a);
        ck_assert_msg(x == 2 || x == 3 || x == 6 || x == 7 || x == 8, "chain %llu: %d points", (unsigned long long)i, x);
        tds += g->stat[0][PB_STAT_TD] + g->stat[1][PB_STAT_TD];
        timeouts_used += g->stat[0][PB_STAT_CARD_TIMEOUTS] + g->stat[1][PB_STAT_CARD_TIMEOUTS];
    }
    ck_assert_int_eq(w.kickoffs, 0);
    ck_assert_int_eq(w.quarters, 0);
    ck_assert_int_eq(w.bad_timeouts, 0);
    ck_assert_int_eq(w.tries, tds);
    ck_assert_int_gt(timeouts_used, 1000);  /* timeouts are used, and restored before the next snap */
    mpq_t prob[PB_CARD_COUNT];
    for (int c = 0; c < PB_CARD_COUNT; c++) {
        mpq_init(prob[c]);
        mpq_set_ui(prob[c], 1, PB_CARD_COUNT);
    }
    pb_stats_fit res;
    char serr[256];
    ck_assert_msg(pb_stats_goodness_of_fit(PB_STATS_CHI2, w.cards + 1, prob, PB_CARD_COUNT, &res, serr, sizeof serr) == 0,
                  "%s", serr);
    ck_assert_msg(res.p_value > 1e-6, "play cards not uniform: p = %g over %d snaps", res.p_value, w.snaps);
    for (int c = 0; c < PB_CARD_COUNT; c++)
        mpq_clear(prob[c]);
    free(sg);
    pb_sim_eval_free(memo);
    pb_strategy_release(&st);
}
END_TEST

START_TEST(test_scripted_chain)
{
    /* Scripted dice, standard v1.11-ja except fg_max_togo 99: home 4th and 1 at togo 30 kicks
     * (row "within 30": a die shows 1 or 2, or doubles): 3-5 misses; the away team takes over
     * at the spot, togo 70, and kicks (no row: doubles only): 4-4 is good. Away 3, home 0;
     * the chain is over without a kickoff, the two dice used and no card drawn. */
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    rs.fg_max_togo = 99;
    pb_strategy st;
    parse_strategy(&st, fg_text);
    pb_rng rng;
    pb_rng_seed(&rng, 1, 0);
    pb_dice dice[] = {{3, 5}, {4, 4}};
    pb_script_oracle so;
    pb_script_oracle_from(&so, dice, 2);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pb_play_env env = {&rs, pol, NULL, NULL};
    pb_game g;
    pb_game_init(&g, &env, &st, &st, &rng, &so.base);
    ck_assert_int_eq(pb_game_play_drive(&g, PB_HOME, 30, 4, 1), 0);
    ck_assert_str_eq(so.error, "");
    ck_assert_int_eq(pb_script_oracle_unused(&so), 0);
    ck_assert_int_eq(g.score[PB_HOME], 0);
    ck_assert_int_eq(g.score[PB_AWAY], 3);
    ck_assert_int_eq(g.stat[PB_HOME][PB_STAT_FG_ATT], 1);
    ck_assert_int_eq(g.stat[PB_AWAY][PB_STAT_FG_MADE], 1);
    ck_assert_int_eq(g.stat[PB_HOME][PB_STAT_DRIVES] + g.stat[PB_AWAY][PB_STAT_DRIVES], 2);
    ck_assert_int_eq(g.phase, PB_PHASE_OVER);
    pb_strategy_release(&st);
}
END_TEST

/* ---- [return] ---- */

START_TEST(test_landing_spots)
{
    /* v1.11-ja: a kickoff from the own 30 travels sum x 2 + 50: 1-1 -> 54, landing at the
     * receiver's togo 84; 4-5 -> 68, 98; 5-5 -> 70, 100 (the goal line); 6-6 -> 74, stopped at
     * 100. A free kick from the 20 with 6-6: 94. A punt travels 50: from togo 60 it stops at the
     * receiver's togo 100 - (60 - 50) = 90; from 50 or nearer, at the goal line (100); from 99,
     * at 51. */
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    ck_assert_int_eq(pb_kickoff_landing(&rs, 30, (pb_dice){1, 1}), 84);
    ck_assert_int_eq(pb_kickoff_landing(&rs, 30, (pb_dice){4, 5}), 98);
    ck_assert_int_eq(pb_kickoff_landing(&rs, 30, (pb_dice){5, 5}), 100);
    ck_assert_int_eq(pb_kickoff_landing(&rs, 30, (pb_dice){6, 6}), 100);
    ck_assert_int_eq(pb_kickoff_landing(&rs, 20, (pb_dice){6, 6}), 94);
    ck_assert_int_eq(pb_punt_landing(&rs, 60), 90);
    ck_assert_int_eq(pb_punt_landing(&rs, 50), 100);
    ck_assert_int_eq(pb_punt_landing(&rs, 10), 100);
    ck_assert_int_eq(pb_punt_landing(&rs, 99), 51);
    ck_assert_int_eq(pb_punt_landing(&rs, 0), -1);
}
END_TEST

typedef struct {
    const pb_ruleset *rs;
    int team;                        /* the team whose [return] is tested */
    int punts_right, punts_wrong;    /* received punts whose choice followed the landing rule */
    int kick_returns, kick_touchbacks;
} ret_watch;

/* "togo 100 = return 1, default = touchback 1": return exactly the balls stopped at the goal
 * line. */
static void observe_returns(void *self, const pb_game *g, const pb_game_event *e)
{
    ret_watch *w = self;
    (void)g;
    if (e->kind == PB_EV_PUNT && e->team == 1 - w->team) {
        bool returned = (e->result.flags & PB_FLAG_RETURNED) || e->result.kind == PB_OUT_RETURN_TD;
        bool want = pb_punt_landing(w->rs, e->sit.togo) == 100;
        if (returned == want && (returned || (e->result.flags & PB_FLAG_TOUCHBACK)))
            w->punts_right++;
        else
            w->punts_wrong++;
    }
    if (e->kind == PB_EV_KICKOFF && e->team == 1 - w->team && !e->onside && !e->free_kick) {
        w->kick_returns += (e->result.flags & PB_FLAG_RETURNED) || e->result.kind == PB_OUT_RETURN_TD;
        w->kick_touchbacks += (e->result.flags & PB_FLAG_TOUCHBACK) != 0;
    }
}

static void run_returns(const char *ret_section, pb_policies pol, uint64_t games, ret_watch *w, pb_sim_totals *t)
{
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    char err[512];
    pb_strategy coach, mine;
    ck_assert(pb_strategy_load(&coach, "coach", err, sizeof err) == 0);
    const char *base = pb_strategy_builtin_text("coach");
    size_t n = strlen(base) + strlen(ret_section) + 2;
    char *text = malloc(n);
    snprintf(text, n, "%s\n%s", base, ret_section);
    parse_strategy(&mine, text);
    free(text);
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rs;
    cfg.policies = pol;
    cfg.strategy[PB_HOME] = &mine;
    cfg.strategy[PB_AWAY] = &coach;
    cfg.seed = 5;
    cfg.games = games;
    cfg.threads = 1;
    pb_sim_totals_init(t);
    pb_sim_game *sg = malloc(sizeof *sg);
    memset(w, 0, sizeof *w);
    w->rs = &rs;
    w->team = PB_HOME;
    for (uint64_t i = 0; i < games; i++) {
        pb_sim_game_init(sg, &cfg, i, NULL);
        sg->game.observe = observe_returns;
        sg->game.observer = w;
        ck_assert_int_eq(pb_sim_game_play(sg, &cfg), 0);
        pb_sim_totals_add_game(t, &sg->game);
    }
    free(sg);
    pb_strategy_release(&coach);
    pb_strategy_release(&mine);
}

START_TEST(test_return_touchback_only)
{
    /* `default = touchback 1`: the home team never returns a kick or punt (the away team, the
     * plain coach, returns as the "best" policy says); even under --policy return=return */
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    for (int p = 0; p < 2; p++) {
        pol.ret = p ? PB_RETURN_ALWAYS : PB_RETURN_BEST;
        ret_watch w;
        pb_sim_totals t;
        run_returns("[return]\ndefault = touchback 1\n", pol, 2000, &w, &t);
        ck_assert_uint_eq(t.stat[PB_HOME][PB_STAT_RETURNS], 0);
        ck_assert_uint_eq(t.stat[PB_HOME][PB_STAT_TD_RETURN], 0);
        ck_assert_uint_gt(t.stat[PB_HOME][PB_STAT_TOUCHBACKS], 2000);
        ck_assert_uint_gt(t.stat[PB_AWAY][PB_STAT_RETURNS], 2000);
    }
}
END_TEST

START_TEST(test_return_at_goal_line)
{
    /* `togo 100 = return 1` then `default = touchback 1`: every punt the home team receives is
     * returned exactly when it stopped at the goal line; of its regular kickoffs received, those
     * of a roll summing 10 or more (5-5, 4-6, 6-4, 5-6, 6-5, 6-6: 6/36) reach the goal line
     * (30 + 2 x 10 + 50 = 100), so about 1/6 are returned. */
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    ret_watch w;
    pb_sim_totals t;
    run_returns("[return]\ntogo 100 = return 1\ndefault = touchback 1\n", pol, 4000, &w, &t);
    ck_assert_int_gt(w.punts_right, 1000);
    ck_assert_int_eq(w.punts_wrong, 0);
    int n = w.kick_returns + w.kick_touchbacks;
    double sd = sqrt(n * (1.0 / 6) * (5.0 / 6));
    ck_assert_msg(fabs(w.kick_returns - n / 6.0) < 4 * sd, "%d of %d kickoffs returned", w.kick_returns, n);
}
END_TEST

START_TEST(test_return_errors)
{
    /* loader errors in [return], with FILE:LINE:COL like every section */
    static const struct {
        const char *body;
        const char *want;
    } bad[] = {
        {"[return]\ntogo 100 = fair_catch 1\n", "t:8:12: unknown choice 'fair_catch' in [return] (return, touchback)"},
        {"[return]\ndown 1 = return 1\n", "t:8:1: condition 'down' does not apply in [return]"},
        {"[return]\ntogo 90-1O = return 1\n", "t:8:6: togo: '90-1O' is not a range"},
        {"[return]\ndefault = return 0, touchback 0\n", "t:8:11: every weight is 0"},
        {"[return]\ndefault = return 1\ndefault = touchback 1\n", "t:9:1: a second 'default' in [return]"},
        {"[retrun]\ndefault = return 1\n", "t:7:2: unknown section [retrun] (strategy, offense, defense, kickoff, try, end_of_half, return)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[512], err[512];
        snprintf(text, sizeof text, "[strategy]\nname = t\n[offense]\ndefault = run 1\n[defense]\ndefault = d1 1\n%s",
                 bad[i].body);
        pb_strategy st;
        ck_assert_int_eq(pb_strategy_parse(&st, text, "t", err, sizeof err), -1);
        ck_assert_msg(strncmp(err, bad[i].want, strlen(bad[i].want)) == 0, "case %zu: got '%s', want '%s'", i, err,
                      bad[i].want);
    }
}
END_TEST

START_TEST(test_many_rules_table)
{
    /* a per-state strategy like `solve ep --strategy-out` writes (39,600 rules: down, togo,
     * ytg): the compiled table (filled rule by rule) gives each state its own rule, and the
     * default outside them */
    size_t cap = 4u << 20, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text + len, cap - len, "[strategy]\nname = big\n[offense]\n");
    int rules = 0;
    for (int togo = 1; togo <= 99; togo++)
        for (int down = 1; down <= 4; down++)
            for (int ytg = 1; ytg <= togo && ytg <= 100; ytg++) {
                len += (size_t)snprintf(text + len, cap - len, "down %d, togo %d, ytg %d = run %d, short %d\n", down,
                                        togo, ytg, 1 + (togo * 7 + ytg) % 13, 1 + (down * 5 + ytg) % 11);
                rules++;
            }
    len += (size_t)snprintf(text + len, cap - len, "default = long 1\n[defense]\ndefault = d1 1\n");
    ck_assert_int_eq(rules, 19800);
    pb_strategy st;
    parse_strategy(&st, text);
    free(text);
    ck_assert(st.section[PB_STRAT_OFFENSE].table.built);
    for (int togo = 0; togo <= 101; togo++)
        for (int down = 0; down <= 5; down++)
            for (int ytg = 0; ytg <= 101; ytg++) {
                pb_strat_view v;
                memset(&v, 0, sizeof v);
                v.v[PB_FIELD_DOWN] = down;
                v.v[PB_FIELD_TOGO] = togo;
                v.v[PB_FIELD_YTG] = ytg;
                const pb_strat_rule *r = pb_strategy_rule(&st, PB_STRAT_OFFENSE, &v, PB_STRAT_ALL);
                ck_assert_ptr_nonnull(r);
                bool inside = togo >= 1 && togo <= 99 && down >= 1 && down <= 4 && ytg >= 1 && ytg <= togo;
                if (!inside) {
                    ck_assert_int_eq(r->fields, 0);  /* the default */
                    continue;
                }
                ck_assert_int_eq(r->lo[PB_FIELD_TOGO], togo);
                ck_assert_int_eq(r->lo[PB_FIELD_DOWN], down);
                ck_assert_int_eq(r->lo[PB_FIELD_YTG], ytg);
                ck_assert_uint_eq(r->weight[0], 1 + (unsigned)((togo * 7 + ytg) % 13));
            }
    pb_strategy_release(&st);
}
END_TEST

/* --real-deck: every card turned in a chain is the next card of a dealt quarter deck (20 dealt,
 * 4 set aside, together a permutation of the 24), the deck being dealt anew when used up; the
 * chains start at a random card of a fresh deal, so the deals are not all played from their
 * first card. */
typedef struct {
    int snaps, bad, redeals, started_late;
    int last_next;
} deck_watch;

static void observe_deck(void *self, const pb_game *g, const pb_game_event *e)
{
    deck_watch *w = self;
    if (e->kind != PB_EV_SNAP)
        return;
    w->snaps++;
    int seen[PB_CARD_COUNT + 1] = {0};
    for (int i = 0; i < g->deck_end; i++)
        seen[g->deck[i]]++;
    for (int i = 0; i < g->aside_count; i++)
        seen[g->aside[i]]++;
    for (int c = 1; c <= PB_CARD_COUNT; c++)
        w->bad += seen[c] != 1;
    w->bad += g->deck_end != 20 || g->aside_count != 4 || g->deck_next < 1 || e->card != g->deck[g->deck_next - 1];
    if (w->last_next >= 0 && g->deck_next <= w->last_next)
        w->redeals++;
    if (w->last_next < 0 && g->deck_next > 1)
        w->started_late++;
    w->last_next = g->deck_next;
}

START_TEST(test_real_deck)
{
    pb_ruleset rs;
    load_rules(&rs, "v1.11-ja");
    pb_strategy st;
    char err[256];
    ck_assert(pb_strategy_load(&st, "coach", err, sizeof err) == 0);
    pb_sim_config cfg = drive_config(&rs, &st, &st, 99, 1, 10, 2000, 1);
    cfg.drive_deck = true;
    pb_sim_game *sg = malloc(sizeof *sg);
    deck_watch w;
    memset(&w, 0, sizeof w);
    for (uint64_t i = 0; i < cfg.games; i++) {
        pb_sim_game_init(sg, &cfg, i, NULL);
        ck_assert(sg->game.drive_deck);
        w.last_next = -1;
        sg->game.observe = observe_deck;
        sg->game.observer = &w;
        ck_assert_msg(pb_sim_game_play(sg, &cfg) == 0, "chain %llu: %s", (unsigned long long)i, sg->game.error);
    }
    ck_assert_int_eq(w.bad, 0);
    ck_assert_int_gt(w.snaps, 10000);
    ck_assert_int_gt(w.redeals, 100);
    ck_assert_int_gt(w.started_late, 1500);  /* 19 in 20 chains start past the first card */
    free(sg);
    pb_strategy_release(&st);
}
END_TEST

Suite *pb_suite_sim_drive(void)
{
    Suite *s = suite_create("sim_drive");
    TCase *tc = tcase_create("sim_drive");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_fg_chain_value);
    tcase_add_test(tc, test_threads_same_totals);
    tcase_add_test(tc, test_chain_invariants);
    tcase_add_test(tc, test_scripted_chain);
    tcase_add_test(tc, test_landing_spots);
    tcase_add_test(tc, test_return_touchback_only);
    tcase_add_test(tc, test_return_at_goal_line);
    tcase_add_test(tc, test_return_errors);
    tcase_add_test(tc, test_many_rules_table);
    tcase_add_test(tc, test_real_deck);
    suite_add_tcase(s, tc);
    return s;
}
