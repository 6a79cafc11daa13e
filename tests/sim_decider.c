/* tests/sim_decider.c: the game decider hook (pb_game_decider, pb_sim_config.decider): callbacks
 * that make every choice of one team instead of its strategy.
 *
 * A decider that reads its answers from a strategy plays exactly the games of the strategy
 * itself (same totals, byte for byte: the mixes are drawn the same way from the same rng),
 * with the real deck and with uniform cards, kicks returned by [return] rules or by the policy.
 * A recording decider checks what each callback is asked and what it sees: every view field
 * against the game state at that moment, the number of calls of each kind against the game's
 * counters, left == 1 at end_of_half, final_fg only in range with left == 0, the first
 * kickoff's view, receives_second_half for both teams. Bad answers stop the game with an error. */
#include <check.h>

#ifdef __SANITIZE_ADDRESS__
#define GAMES(n) ((n) / 5)   /* the sanitizer build: the same paths, fewer games */
#else
#define GAMES(n) (n)
#endif
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "sim.h"
#include "strategy.h"

/* ---- a decider that plays a strategy ---- */

typedef struct {
    const pb_strategy *st;
    const pb_ruleset *rs;
} adapter;

static void strat_view(const pb_game_view *v, bool defending, pb_strat_view *sv)
{
    sv->v[PB_FIELD_DOWN] = v->down;
    sv->v[PB_FIELD_YTG] = v->ytg;
    sv->v[PB_FIELD_TOGO] = v->togo;
    sv->v[PB_FIELD_LEAD] = v->lead;
    sv->v[PB_FIELD_LEFT] = v->left;
    sv->v[PB_FIELD_QUARTER] = v->quarter;
    sv->v[PB_FIELD_SIDE] = defending;
}

/* The deciding rule's weights (the strategy must have one). */
static void rule_weights(const adapter *a, pb_strat_section sec, const pb_strat_view *sv, unsigned usable, unsigned *w,
                         int n)
{
    const pb_strat_rule *r = pb_strategy_rule(a->st, sec, sv, usable);
    ck_assert(r != NULL);
    for (int i = 0; i < n; i++)
        w[i] = r->weight[i];
}

/* A rule with a single choice (the yes/no callbacks draw nothing): that choice, or -1. */
static int pure_choice(const adapter *a, pb_strat_section sec, const pb_strat_view *sv)
{
    const pb_strat_rule *r = pb_strategy_rule(a->st, sec, sv, PB_STRAT_ALL);
    if (!r)
        return -1;
    ck_assert_msg((r->mask & (r->mask - 1)) == 0, "a mixed rule in [%s]", pb_strat_section_name(sec));
    return __builtin_ctz(r->mask);
}

static void ad_offense(void *self, const pb_game_view *v, unsigned w[5])
{
    const adapter *a = self;
    pb_strat_view sv;
    strat_view(v, false, &sv);
    rule_weights(a, PB_STRAT_OFFENSE, &sv, v->togo <= a->rs->fg_max_togo ? PB_STRAT_ALL : PB_STRAT_NO_FG, w, 5);
}

static void ad_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    pb_strat_view sv;
    strat_view(v, true, &sv);
    rule_weights(self, PB_STRAT_DEFENSE, &sv, PB_STRAT_ALL, w, 5);
}

static void ad_kickoff(void *self, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    (void)free_kick;
    pb_strat_view sv;
    strat_view(v, false, &sv);
    rule_weights(self, PB_STRAT_KICKOFF, &sv, PB_STRAT_ALL, w, 2);
}

static void ad_try(void *self, const pb_game_view *v, unsigned w[4])
{
    pb_strat_view sv;
    strat_view(v, false, &sv);
    rule_weights(self, PB_STRAT_TRY, &sv, PB_STRAT_ALL, w, 4);
}

static int ad_ret(void *self, const pb_game_view *v, int landing)
{
    pb_strat_view sv;
    strat_view(v, true, &sv);
    sv.v[PB_FIELD_TOGO] = landing;
    int c = pure_choice(self, PB_STRAT_RETURN, &sv);
    return c < 0 ? -1 : c == PB_RET_RETURN;
}

static int ad_end_of_half(void *self, const pb_game_view *v, bool as_offense)
{
    pb_strat_view sv;
    strat_view(v, !as_offense, &sv);
    return pure_choice(self, PB_STRAT_END_OF_HALF, &sv) == PB_EOH_TIMEOUT;
}

static int ad_final_fg(void *self, const pb_game_view *v)
{
    (void)v;
    return ((const adapter *)self)->st->final_field_goal;
}

static pb_game_decider adapter_decider(adapter *a)
{
    pb_game_decider d = {ad_offense, ad_defense, ad_kickoff, ad_try, ad_defense,
                         ad_ret,     ad_end_of_half, ad_final_fg, NULL, a};
    return d;
}

/* coach with a [return] section: touchback from the goal line and inside the own 5, or when
 * leading in the 4th quarter; else return */
static char *coach_with_returns(void)
{
    const char *text = pb_strategy_builtin_text("coach");
    ck_assert(text != NULL);
    const char extra[] = "\n[return]\ntogo 95.. = touchback 1\nquarter 4, lead >0 = touchback 1\ndefault = return 1\n";
    char *s = malloc(strlen(text) + sizeof extra);
    strcpy(s, text);
    strcat(s, extra);
    return s;
}

static void run_totals(const pb_sim_config *cfg, pb_sim_totals *t)
{
    char err[256];
    ck_assert_msg(pb_sim_run(cfg, t, err, sizeof err) == 0, "%s", err);
}

START_TEST(test_strategy_decider_plays_the_same_games)
{
    /* coach (its [end_of_half] rules are pure, its cards the built-in order) and coach with
     * [return] rules, against each other: each team played by its strategy, then by a decider
     * reading the same strategy. The same totals, byte for byte, with the real deck and with
     * uniform cards, with the exact evaluator behind "best" (the card-timeout and return tables)
     * and without it; 1 and 3 threads. */
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[512];
    ck_assert(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0);
    pb_strategy st[2];
    ck_assert_msg(pb_strategy_load(&st[0], "coach", err, sizeof err) == 0, "%s", err);
    char *text = coach_with_returns();
    ck_assert_msg(pb_strategy_parse(&st[1], text, "coach+return", err, sizeof err) == 0, "%s", err);
    free(text);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), rs, &pol);
    adapter a[2] = {{&st[0], rs}, {&st[1], rs}};
    pb_game_decider d[2] = {adapter_decider(&a[0]), adapter_decider(&a[1])};
    pb_sim_totals *t = malloc(2 * sizeof *t);
    for (int mode = 0; mode < 4; mode++) {
        bool uniform = mode & 1, exact = mode & 2;
        pb_sim_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.rules = rs;
        cfg.policies = pol;
        cfg.eval = exact ? pb_sim_eval_evaluator(memo) : NULL;
        cfg.timeouts = exact ? pb_sim_eval_decider(memo) : NULL;
        cfg.returns = exact ? pb_sim_eval_return_decider(memo) : NULL;
        cfg.strategy[PB_HOME] = &st[0];
        cfg.strategy[PB_AWAY] = &st[1];
        cfg.seed = 17 + (uint64_t)mode;
        cfg.games = GAMES(3000);
        cfg.threads = 1;
        cfg.uniform_cards = uniform;
        run_totals(&cfg, &t[0]);
        cfg.decider[PB_HOME] = &d[0];
        cfg.decider[PB_AWAY] = &d[1];
        cfg.threads = 3;
        run_totals(&cfg, &t[1]);
        ck_assert_msg(memcmp(&t[0], &t[1], sizeof *t) == 0, "mode %d (uniform %d, exact %d): totals differ", mode,
                      uniform, exact);
        /* the comparison is not empty: kicks returned and taken as touchbacks by the [return]
         * rules, extra plays, final field goals, two-point tries */
        ck_assert_uint_gt(t[0].stat[PB_AWAY][PB_STAT_TOUCHBACKS], 0);
        ck_assert_uint_gt(t[0].stat[PB_AWAY][PB_STAT_RETURNS], 0);
        ck_assert_uint_gt(t[0].stat[PB_HOME][PB_STAT_EXTRA_PLAYS], 0);
        ck_assert_uint_gt(t[0].stat[PB_HOME][PB_STAT_FG_FINAL_ATT], 0);
        ck_assert_uint_gt(t[0].stat[PB_HOME][PB_STAT_TWO_ATT], 0);
    }
    free(t);
    pb_sim_eval_free(memo);
    pb_strategy_release(&st[0]);
    pb_strategy_release(&st[1]);
    free(rs);
}
END_TEST

/* ---- a recording decider ---- */

enum { K_OFFENSE, K_DEFENSE, K_KICKOFF, K_TRY, K_TRY_DEFENSE, K_RET, K_EOH, K_FINAL_FG, K_COUNT };

typedef struct {
    const pb_game *g;
    int team;
    uint64_t calls[K_COUNT];
    uint64_t free_kicks, eoh_yes, eoh_defense, out_of_range_fg;
    bool first_kickoff_seen;
    pb_game_view first_kickoff;
    bool bad_weights;   /* answer with unusable weights (the error test) */
    char fail[256];
} recorder;

#define RK(cond, ...) do { if (!(cond) && !r->fail[0]) snprintf(r->fail, sizeof r->fail, __VA_ARGS__); } while (0)

/* The fields every view has, against the game state; the field state when `field` says so. */
static void check_view(recorder *r, const pb_game_view *v, const char *kind, bool field)
{
    const pb_game *g = r->g;
    const pb_ruleset *rs = g->env.rules;
    int me = r->team, other = 1 - me;
    int half = g->quarter > rs->quarters ? 3 : (g->quarter + 1) / 2;
    RK(v->quarter == g->quarter, "%s: quarter %d, game %d", kind, v->quarter, g->quarter);
    RK(v->half == half, "%s: half %d in quarter %d", kind, v->half, g->quarter);
    RK(v->left == pb_game_cards_left_in_half(g), "%s: left %d, game %d", kind, v->left, pb_game_cards_left_in_half(g));
    RK(v->extras == g->extra_plays, "%s: extras %d, game %d", kind, v->extras, g->extra_plays);
    RK(v->lead == g->score[me] - g->score[other], "%s: lead %d, score %d-%d", kind, v->lead, g->score[me],
       g->score[other]);
    RK(v->timeouts_own == g->timeouts[me] && v->timeouts_opp == g->timeouts[other], "%s: timeouts %d,%d", kind,
       v->timeouts_own, v->timeouts_opp);
    RK(v->receives_second_half == (me != g->opening_receiver), "%s: receives_second_half %d", kind,
       v->receives_second_half);
    if (field)
        RK(v->togo == g->togo && v->down == g->down && v->ytg == g->ytg, "%s: field %d/%d/%d, game %d/%d/%d", kind,
           v->togo, v->down, v->ytg, g->togo, g->down, g->ytg);
}

static void rec_offense(void *self, const pb_game_view *v, unsigned w[5])
{
    recorder *r = self;
    r->calls[K_OFFENSE]++;
    check_view(r, v, "offense", true);
    RK(r->g->phase == PB_PHASE_SCRIMMAGE && r->g->offense == r->team, "offense asked out of turn");
    /* run, short, long on any down; punt or fg on 4th down, fg weighted even out of range */
    w[PB_CALL_RUN] = 2, w[PB_CALL_SHORT] = 1, w[PB_CALL_LONG] = 1;
    w[PB_CALL_PUNT] = v->down == 4 && v->togo > 40 ? 3 : 0;
    w[PB_CALL_FG] = v->down == 4 ? 3 : 0;
    r->out_of_range_fg += v->down == 4 && v->togo > r->g->env.rules->fg_max_togo;
    if (r->bad_weights)
        memset(w, 0, 5 * sizeof *w);
}

static void rec_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    recorder *r = self;
    r->calls[K_DEFENSE]++;
    check_view(r, v, "defense", true);
    RK(r->g->phase == PB_PHASE_SCRIMMAGE && r->g->offense != r->team, "defense asked out of turn");
    for (int i = 0; i < 5; i++)
        w[i] = 1;
}

static void rec_kickoff(void *self, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    recorder *r = self;
    r->calls[K_KICKOFF]++;
    check_view(r, v, "kickoff", false);
    RK(v->togo == 0 && v->down == 0 && v->ytg == 0, "kickoff: field %d/%d/%d", v->togo, v->down, v->ytg);
    RK(r->g->phase == PB_PHASE_KICKOFF && r->g->kicker == r->team, "kickoff asked out of turn");
    RK(free_kick == r->g->free_kick, "free_kick %d", free_kick);
    r->free_kicks += free_kick;
    if (!r->first_kickoff_seen) {
        r->first_kickoff_seen = true;
        r->first_kickoff = *v;
    }
    w[PB_KICK_REGULAR] = 5;
    w[PB_KICK_ONSIDE] = 1;
}

static void rec_try(void *self, const pb_game_view *v, unsigned w[4])
{
    recorder *r = self;
    r->calls[K_TRY]++;
    check_view(r, v, "try_call", false);
    int two = r->g->env.rules->two_point_togo;
    RK(v->togo == two && v->down == 1 && v->ytg == two, "try_call: field %d/%d/%d", v->togo, v->down, v->ytg);
    RK(r->g->phase == PB_PHASE_TRY && r->g->offense == r->team, "try asked out of turn");
    w[PB_TRY_KICK] = 3, w[PB_TRY_RUN] = 1, w[PB_TRY_SHORT] = 1, w[PB_TRY_LONG] = 1;
}

static void rec_try_defense(void *self, const pb_game_view *v, unsigned w[5])
{
    recorder *r = self;
    r->calls[K_TRY_DEFENSE]++;
    check_view(r, v, "try_defense", false);
    int two = r->g->env.rules->two_point_togo;
    RK(v->togo == two && v->down == 1 && v->ytg == two, "try_defense: field %d/%d/%d", v->togo, v->down, v->ytg);
    RK(r->g->phase == PB_PHASE_TRY && r->g->offense != r->team, "try_defense asked out of turn");
    memset(w, 0, 5 * sizeof *w);
    w[4] = 1;  /* Defense 5 */
}

static int rec_ret(void *self, const pb_game_view *v, int landing)
{
    recorder *r = self;
    r->calls[K_RET]++;
    check_view(r, v, "ret", false);
    RK(v->togo == 0 && v->down == 0 && v->ytg == 0, "ret: field %d/%d/%d", v->togo, v->down, v->ytg);
    RK(landing >= 1 && landing <= 100, "ret: landing %d", landing);
    bool kick = r->g->phase == PB_PHASE_KICKOFF;
    RK(kick ? r->g->kicker != r->team : r->g->offense != r->team, "ret asked of the kicking team");
    return landing % 2;  /* some of each */
}

static int rec_end_of_half(void *self, const pb_game_view *v, bool as_offense)
{
    recorder *r = self;
    r->calls[K_EOH]++;
    check_view(r, v, "end_of_half", true);
    RK(v->left == 1, "end_of_half at left %d", v->left);
    RK(v->timeouts_own > 0, "end_of_half without a timeout");
    RK(as_offense == (r->g->offense == r->team), "end_of_half: as_offense %d", as_offense);
    int yes = as_offense ? v->lead <= 0 : v->lead < 0;
    r->eoh_yes += yes;
    r->eoh_defense += !as_offense;
    return yes;
}

static int rec_final_fg(void *self, const pb_game_view *v)
{
    recorder *r = self;
    r->calls[K_FINAL_FG]++;
    check_view(r, v, "final_fg", true);
    RK(v->left == 0, "final_fg at left %d", v->left);
    RK(v->togo <= r->g->env.rules->fg_max_togo, "final_fg from togo %d", v->togo);
    RK(r->g->phase == PB_PHASE_FINAL_FG && r->g->offense == r->team, "final_fg asked out of turn");
    return 1;
}

static const pb_game_decider recording = {rec_offense, rec_defense, rec_kickoff, rec_try, rec_try_defense,
                                          rec_ret,     rec_end_of_half, rec_final_fg, NULL, NULL};

static void no_fg_out_of_range(void *self, const pb_game *g, const pb_game_event *e)
{
    recorder *r = self;
    if (e->kind == PB_EV_FIELD_GOAL)
        RK(e->sit.togo <= g->env.rules->fg_max_togo, "a field goal from togo %d", e->sit.togo);
}

START_TEST(test_calls_and_views)
{
    /* 2000 games of two recording deciders, no strategies at all (v1.11-ja: no overtime, so
     * every touchdown has its try). Per team and game: offense calls = snaps + punts + field
     * goals before the last card; defense calls = the other team's snaps; kickoff calls =
     * kickoffs + onside kicks; try calls = touchdowns; try_defense calls = the other team's
     * two-point tries; ret calls = returns + touchbacks (every regular kick and punt asks);
     * final_fg calls = final field goals (always kicked); extra plays = end_of_half yeses. */
    pb_ruleset rs;
    char err[512];
    ck_assert(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err) == 0);
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rs;
    cfg.seed = 5;
    cfg.games = GAMES(2000);
    cfg.threads = 1;
    pb_game_decider d[2] = {recording, recording};
    recorder *r = calloc(2, sizeof *r);
    pb_sim_game *sg = malloc(sizeof *sg);
    uint64_t total[K_COUNT] = {0}, free_kicks = 0, eoh_defense = 0, out_of_range_fg = 0;
    for (uint64_t i = 0; i < cfg.games; i++) {
        for (int t = 0; t < 2; t++) {
            memset(&r[t], 0, sizeof r[t]);
            r[t].team = t;
            d[t].self = &r[t];
            cfg.decider[t] = &d[t];
        }
        pb_sim_game_init(sg, &cfg, i, NULL);
        r[0].g = r[1].g = &sg->game;
        sg->game.observe = no_fg_out_of_range;
        sg->game.observer = &r[0];
        ck_assert_msg(pb_sim_game_play(sg, &cfg) == 0, "game %llu: %s", (unsigned long long)i, sg->game.error);
        const pb_game *g = &sg->game;
        for (int t = 0; t < 2; t++) {
            const int *s = g->stat[t], *o = g->stat[1 - t];
            const uint64_t *c = r[t].calls;
            ck_assert_msg(!r[t].fail[0], "game %llu team %d: %s", (unsigned long long)i, t, r[t].fail);
            ck_assert_uint_eq(c[K_OFFENSE],
                              s[PB_STAT_SNAPS] + s[PB_STAT_PUNTS] + s[PB_STAT_FG_ATT] - s[PB_STAT_FG_FINAL_ATT]);
            ck_assert_uint_eq(c[K_DEFENSE], o[PB_STAT_SNAPS]);
            ck_assert_uint_eq(c[K_KICKOFF], s[PB_STAT_KICKOFFS] + s[PB_STAT_ONSIDE_ATT]);
            ck_assert_uint_eq(c[K_TRY], s[PB_STAT_TD]);
            ck_assert_uint_eq(c[K_TRY_DEFENSE], o[PB_STAT_TWO_ATT]);
            ck_assert_uint_eq(c[K_RET], s[PB_STAT_RETURNS] + s[PB_STAT_TOUCHBACKS]);
            ck_assert_uint_eq(c[K_FINAL_FG], s[PB_STAT_FG_FINAL_ATT]);
            ck_assert_uint_eq(r[t].eoh_yes, s[PB_STAT_EXTRA_PLAYS]);
            ck_assert_uint_eq(r[t].free_kicks, s[PB_STAT_FREE_KICKS]);
            for (int k = 0; k < K_COUNT; k++)
                total[k] += c[k];
            free_kicks += r[t].free_kicks;
            eoh_defense += r[t].eoh_defense;
            out_of_range_fg += r[t].out_of_range_fg;
        }
        ck_assert_msg(!r[0].fail[0], "game %llu: %s", (unsigned long long)i, r[0].fail);
        /* the first kickoff: the kicking team, before any play */
        int k = 1 - g->opening_receiver;
        const pb_game_view *v = &r[k].first_kickoff;
        ck_assert(r[k].first_kickoff_seen);
        ck_assert_int_eq(v->half, 1);
        ck_assert_int_eq(v->quarter, 1);
        ck_assert_int_eq(v->left, 2 * rs.plays_per_quarter);
        ck_assert_int_eq(v->extras, 0);
        ck_assert_int_eq(v->lead, 0);
        ck_assert_int_eq(v->timeouts_own, rs.sw.timeouts);
        ck_assert_int_eq(v->timeouts_opp, rs.sw.timeouts);
        ck_assert(v->receives_second_half);  /* the opening kicker receives the second half */
        if (r[1 - k].first_kickoff_seen) {  /* the receiver kicked later on: it kicks off the second half */
            ck_assert(!r[1 - k].first_kickoff.receives_second_half);
        }
    }
    /* every kind was asked, free kicks and the defense's end-of-half call included, and the
     * fg weight given out of range was never played */
    for (int k = 0; k < K_COUNT; k++)
        ck_assert_msg(total[k] > 0, "kind %d never asked", k);
    ck_assert_uint_gt(free_kicks, 0);
    ck_assert_uint_gt(eoh_defense, 0);
    ck_assert_uint_gt(out_of_range_fg, 0);
    free(sg);
    free(r);
}
END_TEST

START_TEST(test_no_strategy_report)
{
    /* a team with a decider needs no strategy: the reports and the log name it "decider" */
    pb_ruleset rs;
    char err[512];
    ck_assert(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err) == 0);
    pb_strategy coach;
    ck_assert(pb_strategy_load(&coach, "coach", err, sizeof err) == 0);
    adapter a = {&coach, &rs};
    pb_game_decider d = adapter_decider(&a);
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rs;
    cfg.strategy[PB_AWAY] = &coach;
    cfg.decider[PB_HOME] = &d;
    cfg.seed = 2;
    cfg.games = 200;
    cfg.threads = 2;
    pb_sim_totals t;
    run_totals(&cfg, &t);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_sim_report_text(f, &cfg, &t);
    ck_assert_int_eq(pb_sim_report_json(f, &cfg, &t), 0);
    ck_assert_int_eq(pb_sim_log(f, &cfg, 0, 1, err, sizeof err), 0);
    fclose(f);
    ck_assert(strstr(text, "home decider, away coach (embedded)") != NULL);
    ck_assert(strstr(text, "\"home\": \"decider\"") != NULL);
    ck_assert(strstr(text, "Home decider, Away coach") != NULL);
    free(text);
    pb_strategy_release(&coach);
}
END_TEST

static int bad_eoh(void *self, const pb_game_view *v, bool as_offense)
{
    (void)self, (void)v, (void)as_offense;
    return 2;
}

START_TEST(test_bad_answers)
{
    /* all-zero weights, and fg alone out of range, and an end_of_half answer of 2: the game
     * stops with an error (pb_sim_run: "game N: ...") */
    pb_ruleset rs;
    char err[512];
    ck_assert(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err) == 0);
    recorder r[2];
    memset(r, 0, sizeof r);
    pb_game_decider d[2] = {recording, recording};
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rs;
    cfg.seed = 1;
    cfg.games = 1;
    cfg.threads = 1;
    pb_sim_game *sg = malloc(sizeof *sg);
    for (int k = 0; k < 2; k++) {
        memset(r, 0, sizeof r);
        for (int t = 0; t < 2; t++) {
            r[t].team = t;
            r[t].bad_weights = true;
            d[t].self = &r[t];
            d[t].end_of_half = k ? bad_eoh : rec_end_of_half;
            cfg.decider[t] = &d[t];
        }
        if (k) {  /* the weights fine: only the end-of-half answer is bad */
            r[0].bad_weights = r[1].bad_weights = false;
        }
        pb_sim_game_init(sg, &cfg, 0, NULL);
        r[0].g = r[1].g = &sg->game;
        ck_assert_int_eq(pb_sim_game_play(sg, &cfg), -1);
        ck_assert_str_eq(sg->game.error, k ? "a decider's end_of_half answer is not 0 or 1"
                                           : "a decider gave no usable choice (all weights 0)");
        ck_assert_int_eq(sg->game.phase, PB_PHASE_OVER);
    }
    free(sg);
}
END_TEST

static void only_fg(void *self, const pb_game_view *v, unsigned w[5])
{
    (void)self, (void)v;
    memset(w, 0, 5 * sizeof *w);
    w[PB_CALL_FG] = 1;
}

START_TEST(test_fg_alone_out_of_range)
{
    /* an offense that only kicks field goals: fine in range, an error at the first snap
     * beyond fg_max_togo (the fg weight is ignored there, nothing is left) */
    pb_ruleset rs;
    char err[512];
    ck_assert(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err) == 0);
    recorder r[2];
    memset(r, 0, sizeof r);
    pb_game_decider d[2] = {recording, recording};
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rs;
    cfg.games = 1;
    cfg.threads = 1;
    for (int t = 0; t < 2; t++) {
        r[t].team = t;
        d[t].self = &r[t];
        d[t].offense = only_fg;
        cfg.decider[t] = &d[t];
    }
    pb_sim_game *sg = malloc(sizeof *sg);
    pb_sim_game_init(sg, &cfg, 0, NULL);
    r[0].g = r[1].g = &sg->game;
    ck_assert_int_eq(pb_sim_game_play(sg, &cfg), -1);
    ck_assert_str_eq(sg->game.error, "a decider gave no usable choice (all weights 0)");
    ck_assert_int_gt(sg->game.togo, rs.fg_max_togo);
    free(sg);
}
END_TEST

/* ---- a decider inside the play ---- */

typedef struct {
    adapter a;
    const pb_play_env *env;
    int answer;            /* the yes/no answer to every decision */
    uint64_t asked[PB_DECIDE_COUNT], matched;
    char fail[320];
} in_player;

static bool dist_same(const pb_dist *x, const pb_dist *y)
{
    if (x->count != y->count)
        return false;
    mpq_t p, q;
    mpq_inits(p, q, NULL);
    bool same = true;
    for (size_t i = 0; i < x->count && same; i++) {
        pb_dist_p(x, i, p);
        pb_dist_p(y, i, q);
        same = x->entries[i].kind == y->entries[i].kind && x->entries[i].yards == y->entries[i].yards &&
               x->entries[i].flags == y->entries[i].flags && mpq_equal(p, q);
    }
    mpq_clears(p, q, NULL);
    return same;
}

static bool node_same(const pb_play_node *x, const pb_play_node *y)
{
    if (x->what != y->what || x->chooser != y->chooser || x->nalt != y->nalt)
        return false;
    for (int k = 0; k < x->nalt; k++)
        if (x->label[k] != y->label[k] || !dist_same(&x->alt[k], &y->alt[k]))
            return false;
    return true;
}

/* The rest of the play from its log is one of the play's decision points, exactly; then the
 * fixed answer (a card timeout also changes the card: to a run, to Defense 1). */
static int ip_in_play(void *self, const pb_game_view *v, const pb_call *call, const pb_oracle_log *log,
                      pb_decision what, int policy_choice, int *next)
{
    in_player *ip = self;
    (void)policy_choice;
    ip->asked[what]++;
    bool own = pb_decision_by_offense(what);   /* v is the chooser's: the offense's situation */
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = PB_ACTION_PLAY;
    q.sit = (pb_situation){v->togo, v->down, v->ytg, own ? v->lead : -v->lead,
                           own ? v->timeouts_own : v->timeouts_opp, own ? v->timeouts_opp : v->timeouts_own};
    q.offense = call->offense;
    q.defense = call->defense;
    q.card = call->card;
    char err[256];
    pb_play_compiled after, whole;
    if (pb_enumerate_compiled_after(&after, ip->env, &q, log, what, err, sizeof err) != 0) {
        snprintf(ip->fail, sizeof ip->fail, "card %d, %s: %s", call->card, pb_decision_name(what), err);
        return -1;
    }
    ck_assert_msg(pb_enumerate_compiled(&whole, ip->env, &q, err, sizeof err) == 0, "%s", err);
    for (size_t i = 0; i < whole.nnode; i++)
        if (node_same(&after.node[0], &whole.node[i])) {
            ip->matched++;
            break;
        }
    pb_play_compiled_release(&after);
    pb_play_compiled_release(&whole);
    *next = -1;
    if (ip->answer && what == PB_DECIDE_TIMEOUT_OFFENSE && call->card == 23)
        *next = PB_OFF_RUN;
    if (ip->answer && what == PB_DECIDE_TIMEOUT_DEFENSE && call->card == 24)
        *next = 1;
    return ip->answer;
}

START_TEST(test_in_play_decisions)
{
    /* Both teams decide in play with a fixed answer (always yes, then always no), every snap's
     * play under the game's recording oracle: at every decision the play replayed from its log
     * comes to that decision, and the rest of the play from there is one of the decision points
     * of the compiled play (pb_enumerate_compiled), exactly; the game honours the answers (its
     * challenges and card timeouts). */
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[512];
    ck_assert(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0);
    pb_strategy st;
    ck_assert_msg(pb_strategy_load(&st, "coach", err, sizeof err) == 0, "%s", err);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    pb_play_env env = {rs, pol, NULL, NULL};
    pb_sim_totals *t = malloc(sizeof *t);
    for (int answer = 1; answer >= 0; answer--) {
        in_player ip;
        memset(&ip, 0, sizeof ip);
        ip.a = (adapter){&st, rs};
        ip.env = &env;
        ip.answer = answer;
        pb_game_decider d = adapter_decider(&ip.a);
        d.in_play = ip_in_play;
        d.self = &ip;
        pb_sim_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.rules = rs;
        cfg.policies = pol;
        cfg.strategy[PB_HOME] = cfg.strategy[PB_AWAY] = &st;
        cfg.decider[PB_HOME] = cfg.decider[PB_AWAY] = &d;
        cfg.seed = 5;
        cfg.games = GAMES(30);
        cfg.threads = 1;
        cfg.uniform_cards = true;
        run_totals(&cfg, t);
        ck_assert_msg(!ip.fail[0], "%s", ip.fail);
        uint64_t asked = 0;
        for (int k = 0; k < PB_DECIDE_COUNT; k++)
            asked += ip.asked[k];
        ck_assert_msg(ip.matched == asked, "%llu of %llu decisions matched a decision point",
                      (unsigned long long)ip.matched, (unsigned long long)asked);
        for (int k = PB_DECIDE_TIMEOUT_OFFENSE; k <= PB_DECIDE_PENALTY_DEFENSE; k++)
            if (k != PB_DECIDE_CHANGE_OFFENSE && k != PB_DECIDE_CHANGE_DEFENSE)
                ck_assert_msg(ip.asked[k] > 0, "no %s decision in %d games", pb_decision_name(k), GAMES(30));
        ck_assert_uint_eq(ip.asked[PB_DECIDE_CHANGE_OFFENSE] + ip.asked[PB_DECIDE_CHANGE_DEFENSE], 0);
        uint64_t challenges = t->stat[0][PB_STAT_CHALLENGES] + t->stat[1][PB_STAT_CHALLENGES];
        uint64_t timeouts = t->stat[0][PB_STAT_CARD_TIMEOUTS] + t->stat[1][PB_STAT_CARD_TIMEOUTS];
        uint64_t declined = t->stat[0][PB_STAT_DECLINED] + t->stat[1][PB_STAT_DECLINED];
        if (answer) {
            ck_assert_uint_gt(challenges, 0);
            ck_assert_uint_gt(timeouts, 0);
            ck_assert_uint_eq(declined, 0);
        } else {
            ck_assert_uint_eq(challenges, 0);
            ck_assert_uint_eq(timeouts, 0);
            ck_assert_uint_gt(declined, 0);
        }
    }
    free(t);
    pb_strategy_release(&st);
    free(rs);
}
END_TEST

Suite *pb_suite_sim_decider(void)
{
    Suite *s = suite_create("sim_decider");
    TCase *tc = tcase_create("sim_decider");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_strategy_decider_plays_the_same_games);
    tcase_add_test(tc, test_calls_and_views);
    tcase_add_test(tc, test_no_strategy_report);
    tcase_add_test(tc, test_bad_answers);
    tcase_add_test(tc, test_fg_alone_out_of_range);
    tcase_add_test(tc, test_in_play_decisions);
    suite_add_tcase(s, tc);
    return s;
}
