/* tests/sim_deck.c: the real deck as the rulebook deals it (PAPER BOWL v1.11, section 2.5):
 * each quarter 4 of the 24 play cards set aside at random, the other 20 turned without
 * replacement; and the card stream of the paired deck check (pb_sim_config.paired_streams).
 *
 * 10^6 quarters dealt by the game itself (pb_game_start's deal, its card generator on its own
 * stream; and the same with the paired deal of the deck check, pb_game_pair): exact counts of what must never happen (a card twice in one deal, a deal of other
 * than 20 or a set-aside of other than 4, a card outside 1..24: all exactly 0), every position's
 * and every card's count exactly 10^6, and the counts per (position, card) uniform: a chi-square
 * test per position (Holm over the 24 at 1e-6) and each count within 5.5 standard errors of
 * 10^6/24. A deck dealt with replacement, or one that keeps a set-aside card in the pile, fails
 * the exact counts; one that shuffles only part of the pile fails the uniformity. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "stats.h"
#include "strategy.h"
#include "deck.h"

#define QUARTERS 1000000

static void deal_million(bool paired)
{
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[256];
    ck_assert_msg(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(rs->plays_per_quarter, 20);
    ck_assert_int_eq(rs->set_aside, 4);
    pb_strategy st;
    ck_assert_msg(pb_strategy_load(&st, "coach", err, sizeof err) == 0, "%s", err);
    pb_rng rng, cards, dice_rng;
    pb_rng_seed(&rng, 47, 0);
    pb_rng_seed(&cards, 47, 1);
    pb_sim_oracle dice;
    pb_sim_oracle_init(&dice, &rng);
    pb_play_env env = {rs, {0}, NULL, NULL};
    pb_game *g = malloc(sizeof *g);
    static uint64_t count[PB_CARD_COUNT][PB_CARD_COUNT + 1];  /* [position][card]: 0..19 dealt, 20..23 aside */
    memset(count, 0, sizeof count);
    uint64_t repeats = 0, bad_size = 0, bad_card = 0, bad_start = 0;
    for (long qn = 0; qn < QUARTERS; qn++) {
        pb_game_init(g, &env, &st, &st, &rng, &dice.base);
        if (paired)  /* the coupled deal: each quarter from its own stream (index qn) */
            pb_game_pair(g, 47, (uint64_t)qn, &cards, &dice_rng);
        else
            g->card_rng = &cards;
        pb_game_start(g);  /* the coin toss (rng) and the first quarter's deal (cards) */
        bad_size += g->deck_end != 20 || g->aside_count != 4;
        bad_start += g->deck_next != 0;
        bool seen[PB_CARD_COUNT + 1] = {false};
        for (int i = 0; i < PB_CARD_COUNT; i++) {
            int c = i < 20 ? g->deck[i] : g->aside[i - 20];
            if (c < 1 || c > PB_CARD_COUNT) {
                bad_card++;
                continue;
            }
            repeats += seen[c];
            seen[c] = true;
            count[i][c]++;
        }
    }
    ck_assert_uint_eq(repeats, 0);
    ck_assert_uint_eq(bad_size, 0);
    ck_assert_uint_eq(bad_card, 0);
    ck_assert_uint_eq(bad_start, 0);
    for (int i = 0; i < PB_CARD_COUNT; i++) {  /* exact: every position holds a card, every card a position */
        uint64_t pos = 0, card = 0;
        for (int j = 0; j < PB_CARD_COUNT; j++) {
            pos += count[i][j + 1];
            card += count[j][i + 1];
        }
        ck_assert_uint_eq(pos, QUARTERS);
        ck_assert_uint_eq(card, QUARTERS);
    }
    double p[PB_CARD_COUNT], e = QUARTERS / 24.0, sd = sqrt(QUARTERS * (1 / 24.0) * (23 / 24.0));
    for (int i = 0; i < PB_CARD_COUNT; i++) {
        double x2 = 0;
        for (int c = 1; c <= PB_CARD_COUNT; c++) {
            double d = (double)count[i][c] - e;
            x2 += d * d / e;
            ck_assert_msg(fabs(d) <= 5.5 * sd, "position %d card %02d: %llu, expected %.0f (sd %.0f)", i + 1, c,
                          (unsigned long long)count[i][c], e, sd);
        }
        p[i] = pb_stats_chi2_upper(x2, 23);
    }
    bool rejected[PB_CARD_COUNT];
    ck_assert_int_eq(pb_stats_holm(p, PB_CARD_COUNT, 1e-6, rejected), 0);
    pb_strategy_release(&st);
    free(g);
    free(rs);
}

START_TEST(test_deal_million)
{
    deal_million(false);
}
END_TEST

/* The paired deal (pb_game_pair: the real deck dealt from the uniform card's own draws, a repeat
 * replaced by a card drawn from those not yet out) deals the same way: the same exact counts and
 * the same uniformity. Without the replacement (a repeat kept), the repeats are not 0. */
START_TEST(test_deal_million_paired)
{
    deal_million(true);
}
END_TEST

/* The planted faults the test above catches, dealt the same way by hand: a deal with
 * replacement repeats cards (the exact count is not 0), and a shuffle of the first 20 only
 * never sets aside cards 1..20 (positions 21..24 hold 21..24 only: chi-square p = 0). */
START_TEST(test_deal_faults_caught)
{
    pb_rng r;
    pb_rng_seed(&r, 47, 2);
    uint64_t repeats = 0;
    for (int q = 0; q < 1000; q++) {
        bool seen[PB_CARD_COUNT + 1] = {false};
        for (int i = 0; i < 20; i++) {
            int c = 1 + (int)pb_rng_below(&r, PB_CARD_COUNT);
            repeats += seen[c];
            seen[c] = true;
        }
    }
    ck_assert_uint_gt(repeats, 0);
    uint64_t aside[PB_CARD_COUNT + 1] = {0};
    for (int q = 0; q < 24000; q++) {
        int cards[PB_CARD_COUNT];
        for (int i = 0; i < PB_CARD_COUNT; i++)
            cards[i] = i + 1;
        pb_rng_shuffle(&r, cards, 20);
        aside[cards[20]]++;
    }
    double x2 = 0;
    for (int c = 1; c <= PB_CARD_COUNT; c++)
        x2 += ((double)aside[c] - 1000) * ((double)aside[c] - 1000) / 1000;
    ck_assert(pb_stats_chi2_upper(x2, 23) < 1e-6);
}
END_TEST

/* paired_streams: the card process draws from its own stream, so a game's coin toss, strategy
 * mixes and dice do not depend on the deck: after the toss and the first deal (real) or no deal
 * (uniform), the game's generator and the dice generator are in the same state. Without it the
 * cards come from the game's one stream (seed, i), as they always did. */
START_TEST(test_paired_streams)
{
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[256];
    ck_assert_msg(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0, "%s", err);
    pb_strategy st;
    ck_assert_msg(pb_strategy_load(&st, "coach", err, sizeof err) == 0, "%s", err);
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = rs;
    cfg.strategy[0] = cfg.strategy[1] = &st;
    cfg.seed = 9;
    cfg.games = 1;
    cfg.threads = 1;
    pb_sim_game *sg = malloc(sizeof *sg);
    int differ = 0;
    for (uint64_t i = 0; i < 64; i++) {
        pb_rng game_rng[2], dice_rng[2];
        int kicker[2];
        cfg.paired_streams = true;
        for (int uniform = 0; uniform < 2; uniform++) {
            cfg.uniform_cards = uniform;
            pb_sim_game_init(sg, &cfg, i, NULL);
            ck_assert_ptr_eq(sg->game.card_rng, &sg->card_rng);
            ck_assert_ptr_eq(sg->dice.rng, &sg->dice_rng);
            pb_game_start(&sg->game);
            kicker[uniform] = sg->game.kicker;
            game_rng[uniform] = sg->rng;
            dice_rng[uniform] = sg->dice_rng;
        }
        ck_assert_int_eq(kicker[0], kicker[1]);
        ck_assert_mem_eq(&game_rng[0], &game_rng[1], sizeof game_rng[0]);
        ck_assert_mem_eq(&dice_rng[0], &dice_rng[1], sizeof dice_rng[0]);
        cfg.uniform_cards = false;
        pb_sim_game_init(sg, &cfg, i, NULL);
        pb_game_start(&sg->game);
        int first_paired = sg->game.deck[0];
        cfg.paired_streams = false;
        pb_sim_game_init(sg, &cfg, i, NULL);
        ck_assert_ptr_null(sg->game.card_rng);
        pb_game_start(&sg->game);
        differ += sg->game.deck[0] != first_paired;  /* another stream: another deal, mostly */
    }
    ck_assert_int_gt(differ, 40);
    free(sg);
    pb_strategy_release(&st);
    free(rs);
}
END_TEST

/* verify/deck.c: the paired engine. (1) Its planted run replays the uniform game only where the
 * plant changed a snap: its sums equal those of both runs played in full here (an independent
 * loop). (2) On common random numbers the real deck's difference has a smaller standard error than
 * two independent runs would (100,000 drives from the own 20: about 0.022 against 0.028). */
static void drive_cfg(pb_sim_config *cfg, const pb_ruleset *rs, const pb_strategy *st, uint64_t n)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->rules = rs;
    cfg->strategy[0] = cfg->strategy[1] = st;
    cfg->seed = 5;
    cfg->games = n;
    cfg->threads = 2;
    cfg->drive = true;
    cfg->drive_togo = 80;
    cfg->drive_down = 1;
    cfg->drive_ytg = 10;
}

START_TEST(test_paired_engine)
{
    pb_ruleset *rs = malloc(sizeof *rs);
    char err[256];
    ck_assert_msg(pb_ruleset_load(rs, "v1.11-ja", err, sizeof err) == 0, "%s", err);
    pb_strategy st;
    ck_assert_msg(pb_strategy_load(&st, "coach", err, sizeof err) == 0, "%s", err);
    pb_sim_config cfg;
    drive_cfg(&cfg, rs, &st, 30000);
    pb_verify_pair got;
    ck_assert_msg(pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_PLANT, &got, err, sizeof err) == 0, "%s", err);
    pb_verify_pair want;
    memset(&want, 0, sizeof want);
    pb_sim_game *sg = malloc(sizeof *sg);
    cfg.paired_streams = true;
    cfg.uniform_cards = true;
    for (uint64_t i = 0; i < cfg.games; i++) {
        int64_t v[2];
        for (int k = 0; k < 2; k++) {
            cfg.plant_card = k ? PB_VERIFY_DECK_PLANT_CARD : 0;
            pb_sim_game_init(sg, &cfg, i, NULL);
            ck_assert_int_eq(pb_sim_game_play(sg, &cfg), 0);
            v[k] = (int64_t)sg->game.score[PB_HOME] - sg->game.score[PB_AWAY];
        }
        want.n++;
        want.differ += v[0] != v[1];
        for (int k = 0; k < 2; k++) {
            want.sum[k] += v[k];
            want.sq[k] += (uint64_t)(v[k] * v[k]);
        }
        want.cross += v[0] * v[1];
    }
    ck_assert_uint_eq(got.n, want.n);
    ck_assert_uint_eq(got.differ, want.differ);
    ck_assert_int_eq(got.sum[0], want.sum[0]);
    ck_assert_int_eq(got.sum[1], want.sum[1]);
    ck_assert_uint_eq(got.sq[0], want.sq[0]);
    ck_assert_uint_eq(got.sq[1], want.sq[1]);
    ck_assert_int_eq(got.cross, want.cross);
    ck_assert_uint_gt(want.differ, 0);  /* the plant did change some drives */

    drive_cfg(&cfg, rs, &st, 100000);
    pb_verify_pair p;
    ck_assert_msg(pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_REAL, &p, err, sizeof err) == 0, "%s", err);
    pb_verify_pair_stats_t t;
    pb_verify_pair_stats(&p, 1.0, &t);
    ck_assert_msg(t.se_paired < 0.9 * t.se_independent, "paired SE %g, independent %g", t.se_paired, t.se_independent);
    free(sg);
    pb_strategy_release(&st);
    free(rs);
}
END_TEST

Suite *pb_suite_sim_deck(void)
{
    Suite *s = suite_create("sim_deck");
    TCase *tc = tcase_create("deal");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_deal_million);
    tcase_add_test(tc, test_deal_million_paired);
    tcase_add_test(tc, test_deal_faults_caught);
    tcase_add_test(tc, test_paired_streams);
    tcase_add_test(tc, test_paired_engine);
    suite_add_tcase(s, tc);
    return s;
}
