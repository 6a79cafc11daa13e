/* tests/sim_flow.c: the game flow of sim/game.c on scripted dice.
 *
 * Each test sets a game state by hand (the fields of pb_game are its documented state), gives
 * the dice in order through the script oracle (core/oracle_script.h), steps the game, and
 * checks the state and the events against values worked out by hand in the comments. The
 * strategies are written out in each test so that no choice is random; the rng only deals the
 * decks, which the tests replace where it matters. Every test also checks that the game used
 * exactly the dice given (no more, no fewer). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "oracle_script.h"
#include "strategy.h"

#define MAX_EVENTS 256

typedef struct {
    pb_ruleset rs;
    pb_strategy st;
    pb_rng rng;
    pb_script_oracle so;
    pb_game g;
    pb_game_event ev[MAX_EVENTS];
    int nev;
} fixture;

static void record(void *self, const pb_game *g, const pb_game_event *e)
{
    (void)g;
    fixture *f = self;
    if (f->nev < MAX_EVENTS)
        f->ev[f->nev++] = *e;
}

/* A strategy: the given [offense] rules before "default = run 1", Defense 1 always, PAT kicks,
 * regular kickoffs, no end-of-half timeouts unless `eoh` says otherwise. */
static void load_strategy(fixture *f, const char *offense, const char *eoh)
{
    char text[2048], err[512];
    snprintf(text, sizeof text,
             "[strategy]\nname = test\n[offense]\n%sdefault = run 1\n[defense]\ndefault = d1 1\n"
             "[try]\ndefault = kick 1\n[kickoff]\ndefault = regular 1\n[end_of_half]\n%s",
             offense, eoh ? eoh : "default = none 1\nfinal_field_goal = no\n");
    int rc = pb_strategy_parse(&f->st, text, "test", err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
}

/* Set up a game after the coin toss with `dice` scripted. policies: return = touchback when
 * `touchback`, else best (with no evaluator: always return). */
static fixture *setup(const char *ruleset, const char *offense, const char *eoh, const pb_dice *dice, int ndice,
                      bool touchback)
{
    fixture *f = calloc(1, sizeof *f);
    char err[512];
    ck_assert_msg(pb_ruleset_load(&f->rs, ruleset, err, sizeof err) == 0, "%s", err);
    load_strategy(f, offense, eoh);
    pb_rng_seed(&f->rng, 1, 0);
    pb_script_oracle_from(&f->so, dice, ndice);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    if (touchback)
        pol.ret = PB_RETURN_TOUCHBACK;
    pb_play_env env = {&f->rs, pol, NULL, NULL};
    pb_game_init(&f->g, &env, &f->st, &f->st, &f->rng, &f->so.base);
    f->g.observe = record;
    f->g.observer = f;
    pb_game_start(&f->g);
    f->nev = 0;
    return f;
}

static void teardown(fixture *f)
{
    ck_assert_msg(f->so.error[0] == 0, "script: %s", f->so.error);
    ck_assert_int_eq(pb_script_oracle_unused(&f->so), 0);
    ck_assert_str_eq(f->g.error, "");
    pb_strategy_release(&f->st);
    free(f);
}

/* The offense has the ball: 1st-and-goal or 1st-and-10 style states are set explicitly. */
static void ball(pb_game *g, int team, int togo, int down, int ytg)
{
    g->phase = PB_PHASE_SCRIMMAGE;
    g->offense = team;
    g->togo = togo;
    g->down = down;
    g->ytg = ytg;
    g->drive_team = team;
}

/* Replace the rest of the quarter's deck with `cards` (and the set-aside cards). */
static void deck(pb_game *g, const int *cards, int n, const int *aside, int naside)
{
    pb_game_set_deck(g, cards, n, aside, naside);
}

static int count_events(const fixture *f, pb_game_event_kind kind)
{
    int n = 0;
    for (int i = 0; i < f->nev; i++)
        n += f->ev[i].kind == kind;
    return n;
}

/* Card 14 (Pass-Play Bonus) does not apply to a run: a run with it is a plain run. */
static const int plain[20] = {14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14};

START_TEST(test_touchdown_pat_kickoff)
{
    /* Home, 1st and goal at the 5, runs against Defense 1 (run value 0): 3-4 is 7 yards >= 5:
     * touchdown, 6. PAT kick 2-2: sum 4 >= 4 (3.5, v1.11-ja): good, 7. Home kicks off from its
     * 30: 1-2, 3 x 2 + 50 = 56 yards, the ball stops at Away's togo 30 + 56 = 86; Away returns
     * (no evaluator: "best" returns) 2-3: 5 x 2 = 10 yards: Away 1st and 10 at togo 76. */
    const pb_dice dice[] = {{3, 4}, {2, 2}, {1, 2}, {2, 3}};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 4, false);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 5, 1, 5);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(g->phase, PB_PHASE_TRY);
    ck_assert_int_eq(g->score[PB_HOME], 6);
    ck_assert_int_eq(f->ev[0].kind, PB_EV_SNAP);
    ck_assert_int_eq(f->ev[0].result.kind, PB_OUT_TOUCHDOWN);
    pb_game_step(g);
    ck_assert_int_eq(g->score[PB_HOME], 7);
    ck_assert_int_eq(g->phase, PB_PHASE_KICKOFF);
    ck_assert_int_eq(g->kicker, PB_HOME);
    ck_assert_int_eq(f->ev[1].kind, PB_EV_PAT);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[2].kind, PB_EV_KICKOFF);
    ck_assert_int_eq(g->phase, PB_PHASE_SCRIMMAGE);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 76);
    ck_assert_int_eq(g->down, 1);
    ck_assert_int_eq(g->ytg, 10);
    ck_assert_int_eq(g->score[PB_AWAY], 0);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_TD_RUSH], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_TD], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_PAT_MADE], 1);
    ck_assert_int_eq(g->deck_next, 1);  /* the try and the kickoff turned no card */
    teardown(f);
}
END_TEST

START_TEST(test_safety_free_kick)
{
    /* Home at its own 3 (togo 97) runs against Defense 5 (run value 6): 1-2 is 3 - 6 = -3
     * yards: the ball at togo 100, in Home's end zone: safety, 2 to Away. Home free-kicks from
     * its own 20: 1-2, 56 yards: the ball stops at Away's togo 20 + 56 = 76 (from the 30 it
     * would be 86). Away returns 1-3: 4 x 2 = 8 yards: Away at togo 68. */
    const pb_dice dice[] = {{1, 2}, {1, 2}, {1, 3}};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 3, false);
    pb_game *g = &f->g;
    pb_strategy_release(&f->st);
    char text[] = "[strategy]\nname = t\n[offense]\ndefault = run 1\n[defense]\ndefault = d5 1\n";
    char err[256];
    ck_assert(pb_strategy_parse(&f->st, text, "t", err, sizeof err) == 0);
    ball(g, PB_HOME, 97, 1, 10);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].result.kind, PB_OUT_SAFETY);
    ck_assert_int_eq(g->score[PB_AWAY], 2);
    ck_assert_int_eq(g->phase, PB_PHASE_KICKOFF);
    ck_assert_int_eq(g->kicker, PB_HOME);
    ck_assert(g->free_kick);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[1].kind, PB_EV_KICKOFF);
    ck_assert(f->ev[1].free_kick);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 68);
    ck_assert(!g->free_kick);
    ck_assert_int_eq(g->stat[PB_AWAY][PB_STAT_SAFETIES], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_SAFETY], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_FREE_KICKS], 1);
    teardown(f);
}
END_TEST

START_TEST(test_quarter_ends_after_20th_card)
{
    /* A fresh first quarter of 20 cards, Home at its own 20 running 1-2 (3 yards against
     * Defense 1) every play: 3 + 3 + 3 = 9 on three downs, the 4th-down run makes 12 >= 10: a
     * first down every 4 plays, 12 yards. After 20 plays: 60 yards, togo 20, 1st and 10, and
     * the second quarter begins with a new deck, Home keeping the ball. */
    pb_dice dice[20];
    for (int i = 0; i < 20; i++)
        dice[i] = (pb_dice){1, 2};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 20, false);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 80, 1, 10);
    deck(g, plain, 20, NULL, 0);
    for (int i = 0; i < 19; i++) {
        pb_game_step(g);
        ck_assert_int_eq(g->quarter, 1);
    }
    pb_game_step(g);
    ck_assert_int_eq(count_events(f, PB_EV_SNAP), 20);
    ck_assert_int_eq(f->ev[20].kind, PB_EV_QUARTER);  /* after the 20th play */
    ck_assert_int_eq(g->quarter, 2);
    ck_assert_int_eq(g->deck_next, 0);
    ck_assert_int_eq(g->deck_end, 20);
    ck_assert_int_eq(g->offense, PB_HOME);
    ck_assert_int_eq(g->phase, PB_PHASE_SCRIMMAGE);
    ck_assert_int_eq(g->togo, 20);
    ck_assert_int_eq(g->down, 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_FIRST_DOWNS], 5);
    teardown(f);
}
END_TEST

START_TEST(test_end_of_half_timeout_adds_card)
{
    /* Second quarter, one card left (14), set aside 03 20 16 07. Home, with one timeout,
     * takes it at the half's last play (its [end_of_half] rule) and adds its favourite
     * set-aside card: the default order puts 16 first. The remaining card is played first
     * (run 1-2: 3 yards), then 16 (run 1-2: 3 more; 16 does not apply to a run). Home has no
     * timeout left, Away does not want one: the half ends after 2 plays, with no field goal
     * (final_field_goal = no); the opening receiver (Home here) kicks off the second half. */
    const pb_dice dice[] = {{1, 2}, {1, 2}};
    fixture *f = setup("v1.11-ja", "", "side offense = timeout 1\ndefault = none 1\nfinal_field_goal = no\n", dice, 2,
                       false);
    pb_game *g = &f->g;
    g->quarter = 2;
    g->opening_receiver = PB_HOME;
    g->timeouts[PB_HOME] = 1;
    g->timeouts[PB_AWAY] = 3;
    ball(g, PB_HOME, 50, 1, 10);
    const int last[] = {14}, aside[] = {3, 20, 16, 7};
    deck(g, last, 1, aside, 4);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].kind, PB_EV_EXTRA_PLAY);
    ck_assert_int_eq(f->ev[0].team, PB_HOME);
    ck_assert_int_eq(f->ev[0].card, 16);
    ck_assert_int_eq(f->ev[1].kind, PB_EV_SNAP);
    ck_assert_int_eq(f->ev[1].card, 14);
    ck_assert_int_eq(g->timeouts[PB_HOME], 0);
    ck_assert_int_eq(g->aside_count, 3);
    ck_assert_int_eq(g->deck_end - g->deck_next, 1);
    ck_assert_int_eq(g->deck[g->deck_next], 16);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[2].kind, PB_EV_SNAP);
    ck_assert_int_eq(f->ev[2].card, 16);
    ck_assert_int_eq(count_events(f, PB_EV_EXTRA_PLAY), 1);
    ck_assert_int_eq(g->phase, PB_PHASE_FINAL_FG);
    pb_game_step(g);
    ck_assert_int_eq(g->quarter, 3);
    ck_assert_int_eq(g->phase, PB_PHASE_KICKOFF);
    ck_assert_int_eq(g->kicker, PB_HOME);
    ck_assert_int_eq(g->timeouts[PB_HOME], 3);  /* a new half: 3 timeouts each */
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_HALF], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_EXTRA_PLAYS], 1);
    teardown(f);
}
END_TEST

START_TEST(test_extra_plays_limit)
{
    /* v1.11-ja allows 4 extra plays a half (3.2): with 9 timeouts and a team that always
     * extends, the half has its last card plus exactly 4 added ones (5 plays), then ends. */
    pb_dice dice[5];
    for (int i = 0; i < 5; i++)
        dice[i] = (pb_dice){1, 2};
    fixture *f = setup("v1.11-ja", "", "default = timeout 1\nfinal_field_goal = no\n", dice, 5, false);
    pb_game *g = &f->g;
    g->quarter = 4;
    g->timeouts[PB_HOME] = 9;
    ball(g, PB_HOME, 80, 1, 10);
    const int last[] = {14}, aside[] = {3, 20, 16, 7, 11, 12};
    deck(g, last, 1, aside, 6);
    while (g->phase != PB_PHASE_OVER)
        pb_game_step(g);
    ck_assert_int_eq(count_events(f, PB_EV_SNAP), 5);
    ck_assert_int_eq(count_events(f, PB_EV_EXTRA_PLAY), 4);
    ck_assert_int_eq(g->timeouts[PB_HOME], 5);
    teardown(f);
}
END_TEST

START_TEST(test_missed_field_goal_at_spot)
{
    /* Home, 4th and 8 at togo 33, kicks (its rule "down 4 = fg 1"): the row for togo <= 35
     * is face 1 (3.6); 2-4 shows no 1 and is not doubles: missed. Away takes over at the spot:
     * togo 100 - 33 = 67, 1st and 10. */
    const pb_dice dice[] = {{2, 4}};
    fixture *f = setup("v1.11-ja", "down 4 = fg 1\n", NULL, dice, 1, false);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 33, 4, 8);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].kind, PB_EV_FIELD_GOAL);
    ck_assert_int_eq(f->ev[0].result.kind, PB_OUT_START);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 67);
    ck_assert_int_eq(g->down, 1);
    ck_assert_int_eq(g->ytg, 10);
    ck_assert_int_eq(g->score[PB_HOME], 0);
    ck_assert_int_eq(g->deck_next, 0);  /* no play card */
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_FG_MISSED], 1);
    ck_assert_int_eq(g->fg_row_att[3], 1);  /* rows 20, 25, 30, 35: the fourth */
    teardown(f);
}
END_TEST

START_TEST(test_turnover_on_downs)
{
    /* Home, 4th and 5 at togo 40, runs 1-2 against Defense 1: 3 yards, short of the line:
     * Away takes over where the ball is, togo 100 - 37 = 63. */
    const pb_dice dice[] = {{1, 2}};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 1, false);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 40, 4, 5);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].kind, PB_EV_SNAP);
    ck_assert_int_eq(f->ev[1].kind, PB_EV_DOWNS);
    ck_assert_int_eq(f->ev[1].team, PB_HOME);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 63);
    ck_assert_int_eq(g->down, 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_DOWNS], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_DOWNS], 1);
    ck_assert_int_eq(g->stat[PB_AWAY][PB_STAT_DRIVES], 1);
    teardown(f);
}
END_TEST

START_TEST(test_punt_touchback)
{
    /* Home punts on 4th down from togo 45: 50 yards would carry 5 yards past the goal line; the
     * ball stops at the goal line (3.3) and Away takes the touchback (policy return=touchback):
     * Away at its own 20, togo 80. A punt rolls no dice and turns no card. */
    fixture *f = setup("v1.11-ja", "down 4 = punt 1\n", NULL, NULL, 0, true);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 45, 4, 7);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].kind, PB_EV_PUNT);
    ck_assert(f->ev[0].result.flags & PB_FLAG_TOUCHBACK);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 80);
    ck_assert_int_eq(g->deck_next, 0);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_PUNT], 1);
    ck_assert_int_eq(g->stat[PB_AWAY][PB_STAT_TOUCHBACKS], 1);
    teardown(f);
}
END_TEST

START_TEST(test_final_field_goal_after_last_card)
{
    /* Last card of the 4th quarter, Away (trailing 0-2) at togo 20 runs 1-2 for 3 yards
     * (togo 17); the cards are gone, but a field goal may still be tried (3.2): 5-5 shows no
     * face of the <= 20 row (1-4) but is doubles: good, 3 points, Away wins 3-2. The game then
     * ends (no overtime in v1.11-ja). */
    const pb_dice dice[] = {{1, 2}, {5, 5}};
    fixture *f = setup("v1.11-ja", "", "default = none 1\nfinal_field_goal = yes\n", dice, 2, false);
    pb_game *g = &f->g;
    g->quarter = 4;
    g->score[PB_HOME] = 2;
    ball(g, PB_AWAY, 20, 1, 10);
    const int last[] = {14};
    deck(g, last, 1, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(g->phase, PB_PHASE_FINAL_FG);
    pb_game_step(g);
    ck_assert_int_eq(f->ev[1].kind, PB_EV_FIELD_GOAL);
    ck_assert(f->ev[1].final);
    ck_assert_int_eq(f->ev[1].sit.togo, 17);
    ck_assert_int_eq(g->score[PB_AWAY], 3);
    ck_assert_int_eq(g->phase, PB_PHASE_OVER);
    ck_assert_int_eq(f->ev[f->nev - 1].kind, PB_EV_GAME_END);
    ck_assert_int_eq(g->stat[PB_AWAY][PB_STAT_FG_FINAL_MADE], 1);
    teardown(f);
}
END_TEST

START_TEST(test_no_kickoff_after_score_on_last_card)
{
    /* A touchdown on the half's last card: the try is still taken (tries turn no card), but
     * the kickoff is not: the second half starts with the opening receiver's kickoff. Home
     * scores from the 5 (3-4, 7 yards), kicks the PAT (6-6). */
    const pb_dice dice[] = {{3, 4}, {6, 6}};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 2, false);
    pb_game *g = &f->g;
    g->quarter = 2;
    g->opening_receiver = PB_AWAY;
    ball(g, PB_HOME, 5, 1, 5);
    const int last[] = {14};
    deck(g, last, 1, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(g->phase, PB_PHASE_TRY);
    ck_assert_int_eq(g->quarter, 2);
    pb_game_step(g);
    ck_assert_int_eq(g->score[PB_HOME], 7);
    ck_assert_int_eq(g->quarter, 3);
    ck_assert_int_eq(g->phase, PB_PHASE_KICKOFF);
    ck_assert_int_eq(g->kicker, PB_AWAY);
    ck_assert_int_eq(count_events(f, PB_EV_KICKOFF), 0);
    teardown(f);
}
END_TEST

START_TEST(test_interception_turnover)
{
    /* Home, 1st and 10 at togo 60, long pass (its rule), Defense 1 (4 5 6 make a long pass
     * incomplete), card 01 Intercept (the defense numbers ignored; a completed pass with a 1 or
     * 6 is intercepted): 1-2 is 2 x 3 = 6 yards, complete, shows a 1: intercepted 6 yards
     * downfield, at togo 54; the offense may challenge (3.7) and does (it has a timeout and a
     * won challenge helps it): 2-2, sum 4 even: lost, a timeout lost. No return for card 01:
     * Away takes over at the spot: togo 100 - 54 = 46. */
    const pb_dice dice[] = {{1, 2}, {2, 2}};
    fixture *f = setup("v1.11-ja", "togo 1-99 = long 1\n", NULL, dice, 2, false);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 60, 1, 10);
    const int cards[] = {1, 14};
    deck(g, cards, 2, NULL, 0);
    g->timeouts[PB_HOME] = 3;
    pb_game_step(g);
    ck_assert_int_eq(f->ev[0].result.kind, PB_OUT_TURNOVER);
    ck_assert_int_eq(g->offense, PB_AWAY);
    ck_assert_int_eq(g->togo, 46);
    ck_assert_int_eq(g->timeouts[PB_HOME], 2);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_INTERCEPTIONS], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_CHALLENGES], 1);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_CHALLENGES_WON], 0);
    ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_END_TURNOVER], 1);
    teardown(f);
}
END_TEST

START_TEST(test_onside_kept)
{
    /* Home kicks onside from its 30 (its [kickoff] rule): die 5, 10 yards >= 10 (v1.11-ja):
     * Home keeps the ball where it stopped, its own 40: togo 60. In v1.11-en (more than 10) the
     * same die gives the ball to Away at togo 40 (Home's 40 seen from Away). */
    for (int en = 0; en < 2; en++) {
        const pb_dice dice[] = {{5, 0}};
        fixture *f = setup(en ? "v1.11-en" : "v1.11-ja", "", NULL, dice, 1, false);
        pb_game *g = &f->g;
        pb_strategy_release(&f->st);
        char text[] = "[strategy]\nname = t\n[offense]\ndefault = run 1\n[defense]\ndefault = d1 1\n"
                      "[kickoff]\ndefault = onside 1\n";
        char err[256];
        ck_assert(pb_strategy_parse(&f->st, text, "t", err, sizeof err) == 0);
        g->phase = PB_PHASE_KICKOFF;
        g->kicker = PB_HOME;
        pb_game_step(g);
        ck_assert(f->ev[0].onside);
        ck_assert_int_eq(g->offense, en ? PB_AWAY : PB_HOME);
        ck_assert_int_eq(g->togo, en ? 40 : 60);
        ck_assert_int_eq(g->stat[PB_HOME][PB_STAT_ONSIDE_KEPT], en ? 0 : 1);
        teardown(f);
    }
}
END_TEST

START_TEST(test_overtime_sudden_death)
{
    /* With OT = sudden-death, a tie after the 4th quarter goes to overtime: a new coin toss,
     * a fresh deck, 3 timeouts each; the first score ends the game at once (no try). The
     * tied game reaches the end of the 4th quarter on its last card (run 1-2); then in
     * overtime the receiving team scores from the 5 (the test places the ball) with 3-4. */
    const pb_dice dice[] = {{1, 2}, {3, 4}};
    fixture *f = setup("v1.11-ja", "", NULL, dice, 2, false);
    pb_game *g = &f->g;
    g->env.rules = &f->rs;
    f->rs.sw.overtime = PB_OT_SUDDEN_DEATH;
    g->quarter = 4;
    g->score[PB_HOME] = g->score[PB_AWAY] = 10;
    ball(g, PB_HOME, 50, 1, 10);
    const int last[] = {14};
    deck(g, last, 1, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(g->phase, PB_PHASE_FINAL_FG);
    pb_game_step(g);  /* no field goal: the strategy says no */
    ck_assert_int_eq(g->quarter, 5);
    ck_assert(g->overtime);
    ck_assert_int_eq(g->phase, PB_PHASE_KICKOFF);
    ck_assert_int_eq(g->deck_end, 20);
    ck_assert_int_eq(g->timeouts[PB_AWAY], 3);
    ball(g, PB_AWAY, 5, 1, 5);
    deck(g, plain, 20, NULL, 0);
    pb_game_step(g);
    ck_assert_int_eq(g->score[PB_AWAY], 16);
    ck_assert_int_eq(g->phase, PB_PHASE_OVER);
    ck_assert_int_eq(g->period_points[4][PB_AWAY], 6);
    teardown(f);
}
END_TEST

START_TEST(test_runaway_game_stops)
{
    /* A strategy that punts on every down never turns a play card: the game would never end.
     * It stops after 1000 actions without a play, with a message. */
    fixture *f = setup("v1.11-ja", "togo 1-99 = punt 1\n", NULL, NULL, 0, true);
    pb_game *g = &f->g;
    ball(g, PB_HOME, 50, 1, 10);
    for (int i = 0; i < 2000 && g->phase != PB_PHASE_OVER; i++)
        pb_game_step(g);
    ck_assert_int_eq(g->phase, PB_PHASE_OVER);
    ck_assert(strstr(g->error, "runaway") != NULL);
    snprintf(g->error, sizeof g->error, "%s", "");
    teardown(f);
}
END_TEST

Suite *pb_suite_sim_flow(void)
{
    Suite *s = suite_create("sim_flow");
    TCase *tc = tcase_create("flow");
    tcase_add_test(tc, test_touchdown_pat_kickoff);
    tcase_add_test(tc, test_safety_free_kick);
    tcase_add_test(tc, test_quarter_ends_after_20th_card);
    tcase_add_test(tc, test_end_of_half_timeout_adds_card);
    tcase_add_test(tc, test_extra_plays_limit);
    tcase_add_test(tc, test_missed_field_goal_at_spot);
    tcase_add_test(tc, test_turnover_on_downs);
    tcase_add_test(tc, test_punt_touchback);
    tcase_add_test(tc, test_final_field_goal_after_last_card);
    tcase_add_test(tc, test_no_kickoff_after_score_on_last_card);
    tcase_add_test(tc, test_interception_turnover);
    tcase_add_test(tc, test_onside_kept);
    tcase_add_test(tc, test_overtime_sudden_death);
    tcase_add_test(tc, test_runaway_game_stops);
    suite_add_tcase(s, tc);
    return s;
}
