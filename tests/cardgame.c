/* tests/cardgame.c: Check suite for the football card-game draft (cardgame/): the ruleset file,
 * the deal's exact probabilities and the T4 finding. Values are derived by hand in the comments. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "cardgame_deal.h"
#include "cardgame_rules.h"
#include "cardgame_sim.h"
#include "cardgame_state.h"
#include "expect_q.h"

START_TEST(test_rules_file)
{
    cg_rules r;
    char err[256];
    ck_assert_msg(cg_rules_parse(&r, cg_rules_builtin_text(), "cardgame.ini", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r.deck[CG_SUITS] * r.deck[CG_RANKS], 44);
    ck_assert_int_eq(r.deck[CG_HAND], 10);
    ck_assert_int_eq(cg_rules_assign(&r, "T4=sometimes", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "switch T4: bad value 'sometimes' (expected after, before)"), "%s", err);
    const char *bad = "[deck]\nsuits = 4\nranks = 11\nplayers = 4\nhand = 12\nonside_max = 4\ntarget_max = 11\n"
                      "share_offense = 3\nshare_defense = 5\ncombination_bonus = 3\n[switches]\nT1 = skips\n";
    ck_assert_int_eq(cg_rules_parse(&r, bad, "x.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is missing") || strstr(err, "does not add up"), "%s", err);
    /* a [deck] key or [game] name given twice: FILE:LINE of the second, the first's line */
    const char *twice = "[game]\nname = a\n[deck]\nsuits = 4\nranks = 11\nsuits = 5\n";
    ck_assert_int_eq(cg_rules_parse(&r, twice, "x.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "x.ini:6:1: duplicate 'suits' in [deck] (first at line 4)");
    ck_assert_int_eq(cg_rules_parse(&r, "[game]\nname = a\n\nname = b\n", "x.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "x.ini:4:1: duplicate 'name' in [game] (first at line 2)");
    /* a [deck] number is read whole (no wrap) */
    ck_assert_int_eq(cg_rules_parse(&r, "[deck]\nsuits = 4294967300\n", "x.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "x.ini:2:9: suits: expected a whole number 0..60, not '4294967300'");
}
END_TEST

/* --skills N,N,...: each a plain number 1..11, read whole, none empty */
START_TEST(test_skill_list)
{
    unsigned m = 0;
    char err[160];
    ck_assert_int_eq(cg_sim_parse_skills("1,3,11", &m, err, sizeof err), 0);
    ck_assert_uint_eq(m, 1u << 1 | 1u << 3 | 1u << 11);
    ck_assert_int_eq(cg_sim_parse_skills("03", &m, err, sizeof err), 0);
    ck_assert_uint_eq(m, 1u << 3);
    static const char *const bad[] = {"", "1,", ",1", "1,,3", "+1", "-1", "0", "12", "4294967299", "1 ,3", "1e0", "3x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m = 77;
        ck_assert_msg(cg_sim_parse_skills(bad[i], &m, err, sizeof err) == -1, "'%s' accepted", bad[i]);
        ck_assert_uint_eq(m, 77);
    }
}
END_TEST

START_TEST(test_deal)
{
    cg_rules r;
    cg_rules_default(&r);
    mpq_t q, all;
    mpq_inits(q, all, NULL);
    /* void in a given suit: C(33,10)/C(44,10) = 92561040/2481256778 */
    cg_void_p(q, &r);
    pb_expect_q_str(q, "92561040/2481256778", "void in a suit");
    /* some suit: 4 C(33,10) - 6 C(22,10) + 4 C(11,10) = 370244160 - 3879876 + 44 = 366364328 */
    cg_void_any_p(q, &r);
    pb_expect_q_str(q, "366364328/2481256778", "void in some suit");
    /* an onside kick forced: all 10 cards among the 16 cards 1..4: C(16,10) = 8008 */
    cg_onside_forced_p(q, &r);
    pb_expect_q_str(q, "8008/2481256778", "onside forced");
    /* possible: 1 - C(28,10)/C(44,10) = 1 - 13123110/2481256778 */
    cg_onside_possible_p(q, &r);
    pb_expect_q_str(q, "2468133668/2481256778", "onside possible");
    /* the suit counts sum to 1 and average 10/4 */
    mpq_t sum, mean, t;
    mpq_inits(sum, mean, t, NULL);
    for (int k = 0; k <= 10; k++) {
        cg_suit_count_p(q, &r, k);
        mpq_add(sum, sum, q);
        mpq_set_ui(t, (unsigned long)k, 1);
        mpq_mul(t, t, q);
        mpq_add(mean, mean, t);
    }
    pb_expect_q_str(sum, "1", "suit counts sum");
    pb_expect_q_str(mean, "5/2", "suit count mean");
    /* following: the lead holds 9 of the suit, 2 are left for 3 players: nobody-else-all, 0; a given
     * player: 1 - C(32,10)/C(34,10) = 1 - (24*23)/(34*33) = 1 - 92/187 = 95/187 */
    cg_follow_p(q, all, &r, 9);
    pb_expect_q_str(q, "95/187", "a given player follows, k = 9");
    pb_expect_q_str(all, "0", "all follow, k = 9");
    /* the lead holds 10: one card left: 1 - C(33,10)/C(34,10) = 10/34 */
    cg_follow_p(q, all, &r, 10);
    pb_expect_q_str(q, "5/17", "a given player follows, k = 10");
    /* the sketch: 5 cards from 3 x 11, the longest suit; by hand over the shapes (5,0,0) 3 C(11,5),
     * (4,1,0) 6 C(11,4) 11, (3,2,0) 6 C(11,3) C(11,2), (3,1,1) 3 C(11,3) 121, (2,2,1) 3 C(11,2)^2 11:
     * 1386, 21780, 54450, 59895, 99825 of C(33,5) = 237336;
     * mean = (5*1386 + 4*21780 + 3*(54450+59895) + 2*99825) / 237336 = 636735/237336 */
    cg_longest_suit_mean(q, 3, 11, 5);
    pb_expect_q_str(q, "636735/237336", "longest suit of 5 from 3 x 11");
    mpq_clears(q, all, sum, mean, t, NULL);
}
END_TEST

START_TEST(test_kick_finding)
{
    cg_rules r;
    cg_rules_default(&r);
    long n, s;
    /* T4 = before can never score: x3 >= M - S2 means S2 + x3 >= M, a touchdown already */
    r.kick_before = true;
    cg_kick_findings(&r, &n, &s);
    ck_assert_int_gt(n, 0);
    ck_assert_int_eq(s, 0);
    /* the marker 5 only: the series with all 3 tricks and sum <= 4 are (1,1,1) (1,1,2) (1,2,1)
     * (2,1,1), no bonus fits; after the last trick the kick needs x3 >= 5 - S3: all but (1,1,1) */
    r.kick_before = false;
    r.deck[CG_TARGET_MAX] = 5;
    cg_kick_findings(&r, &n, &s);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(s, 3);
}
END_TEST

static cg_rules sim_rules(const char *a, const char *b)
{
    cg_rules r;
    char err[200];
    cg_rules_default(&r);
    if (a)
        ck_assert_msg(cg_rules_assign(&r, a, err, sizeof err) == 0, "%s", err);
    if (b)
        ck_assert_msg(cg_rules_assign(&r, b, err, sizeof err) == 0, "%s", err);
    return r;
}

START_TEST(test_sim)
{
    cg_sim_result a, b;
    cg_rules r = sim_rules(NULL, NULL);
    cg_sim_opts o, first;
    cg_sim_opts_default(&o);
    first = o;
    first.skills = CG_SKILLS_FIRST;
    /* the same seed, the same games */
    cg_sim_run(&r, &o, 2000, 5, &a);
    cg_sim_run(&r, &o, 2000, 5, &b);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    ck_assert(a.touchdowns > 0.5 && a.points[0] > 1.0 && a.tie_rate > 0.0 && a.tie_rate < 1.0);
    /* T4 = before: kicks are tried, none scores (the finding, played out) */
    r = sim_rules("T4=before", NULL);
    cg_sim_run(&r, &o, 2000, 5, &a);
    ck_assert(a.kicks_tried > 0.0);
    ck_assert(a.kicks_scored == 0.0);
    /* with the kicker skipping the first trick (T1) and his kick card as his onside entry (T2), the
     * four hands shrink in lockstep: every hand runs out at the end of the same trick, so T6 =
     * trick and T6 = series play the very same games; with T1 = plays they differ. The lockstep
     * needs no card going back to a hand: skills 3 and 10 only (skill 4 breaks it) */
    r = sim_rules("T6=trick", NULL);
    cg_sim_run(&r, &first, 2000, 5, &a);
    r = sim_rules("T6=series", NULL);
    cg_sim_run(&r, &first, 2000, 5, &b);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    r = sim_rules("T6=trick", "T1=plays");
    cg_sim_run(&r, &first, 2000, 5, &a);
    r = sim_rules("T6=series", "T1=plays");
    cg_sim_run(&r, &first, 2000, 5, &b);
    ck_assert(a.points[0] != b.points[0] || a.points[1] != b.points[1]);
    o.skills = (1u << 3) | (1u << 4) | (1u << 10);
    r = sim_rules("T6=trick", NULL);
    cg_sim_run(&r, &o, 2000, 5, &a);
    r = sim_rules("T6=series", NULL);
    cg_sim_run(&r, &o, 2000, 5, &b);
    ck_assert(a.points[0] != b.points[0] || a.points[1] != b.points[1]);
}
END_TEST


/* Scripted games for the skills: seat 0 leads, seat 1 kicks, team 0 (seats 0, 2) is the offense.
 * Cards by suit and number; each script lists the choices in order: the kick card, run 1 / pass
 * 0, the lead card, the other cards in play order, each skill's choice after its card. T6 = trick
 * (or series), so the game ends after the trick in which a hand runs out: the kicker's, here. */
enum { SP, SS, SG, ST };  /* Power, Speed, Stamina, Tactics */
#define CARD(s, n) ((s) * 11 + (n) - 1)

static cg_game_log scripted(const char *a, const char *b, unsigned skills, const int hand[4][3], const int *choice,
                            int nchoice)
{
    cg_rules r = sim_rules(NULL, b);
    char err[200], buf[64];
    snprintf(buf, sizeof buf, "%s", a);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(cg_rules_assign(&r, t, err, sizeof err) == 0, "%s", err);
    cg_sim_opts o;
    cg_sim_opts_default(&o);
    o.skills = skills;
    cg_script sc;
    memset(&sc, 0, sizeof sc);
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < 3 && hand[p][i] >= 0; i++)
            sc.hand[p][sc.n[p]++] = hand[p][i];
    sc.choice = choice;
    sc.nchoice = nchoice;
    cg_game_log log;
    cg_sim_script(&r, &o, &sc, &log);
    ck_assert_msg(!log.script_error, "the script is not a legal game (stopped at choice %d)", log.script_pos);
    return log;
}
#define N(x) ((int)(sizeof(x) / sizeof(x)[0]))
#define NO_SKILL(k) (CG_SKILLS_TEXT & ~(1u << (k)))

START_TEST(test_skill_plus)
{
    /* skill 8: the marker 6 (kick P6); pass; lead S5, seat 2 T8 (off suit: +1 to the lead card),
     * seat 3 S9: S5 counts 6, the lowest followed: 6 = 6, a touchdown of 7. Without skill 8 (the
     * planted wrong): 5 < 6, no score. */
    const int h8[4][3] = {{CARD(SS, 5), -1}, {CARD(SP, 6), -1}, {CARD(ST, 8), -1}, {CARD(SS, 9), -1}};
    const int c8[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(ST, 8), 0, CARD(SS, 9)};
    cg_game_log g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h8, c8, N(c8));
    ck_assert_int_eq(g.score[0], 7);
    ck_assert_int_eq(g.score[1], 0);
    ck_assert_int_eq(g.skills_fired[8], 1);
    const int c8off[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(ST, 8), CARD(SS, 9)};
    g = scripted("T6=trick", NULL, NO_SKILL(8), h8, c8off, N(c8off));
    ck_assert_int_eq(g.score[0], 0);
    /* +1 on the T8 itself (place 1): the lead wins with 5, no score */
    const int c8self[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(ST, 8), 1, CARD(SS, 9)};
    g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h8, c8self, N(c8self));
    ck_assert_int_eq(g.score[0], 0);
    /* skill 11: the marker 6; lead S4, seat 2 S9, seat 3 P11 (off suit: +2 to the lead card): S4
     * counts 6 < 9, the lead takes it with 6 = 6: 7 points; +2 on S9 instead: 4 < 6, none;
     * without skill 11: none */
    const int h11[4][3] = {{CARD(SS, 4), -1}, {CARD(SP, 6), -1}, {CARD(SS, 9), -1}, {CARD(SP, 11), -1}};
    const int c11[] = {CARD(SP, 6), 0, CARD(SS, 4), CARD(SS, 9), CARD(SP, 11), 0};
    g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h11, c11, N(c11));
    ck_assert_int_eq(g.score[0], 7);
    ck_assert_int_eq(g.skills_fired[11], 1);
    const int c11b[] = {CARD(SP, 6), 0, CARD(SS, 4), CARD(SS, 9), CARD(SP, 11), 1};
    g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h11, c11b, N(c11b));
    ck_assert_int_eq(g.score[0], 0);
    const int c11off[] = {CARD(SP, 6), 0, CARD(SS, 4), CARD(SS, 9), CARD(SP, 11)};
    g = scripted("T6=trick", NULL, NO_SKILL(11), h11, c11off, N(c11off));
    ck_assert_int_eq(g.score[0], 0);
}
END_TEST

START_TEST(test_skill_return)
{
    /* skill 4: the marker 6; lead S2, seat 2 S6, seat 3 P4 (off suit: the lead card back to seat
     * 0's hand): S6 is the only followed card, the lead's partner takes it: 6 + 3 = 9 > 6, 8
     * points, and seat 0 holds S2 again. Without skill 4: S2 takes it, 2 < 6, none, seat 0 empty */
    const int h[4][3] = {{CARD(SS, 2), -1}, {CARD(SP, 6), -1}, {CARD(SS, 6), -1}, {CARD(SP, 4), -1}};
    const int c[] = {CARD(SP, 6), 0, CARD(SS, 2), CARD(SS, 6), CARD(SP, 4), 0};
    cg_game_log g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h, c, N(c));
    ck_assert_int_eq(g.score[0], 8);
    ck_assert_int_eq(g.n[0], 1);
    ck_assert_int_eq(g.hand[0][0], CARD(SS, 2));
    const int coff[] = {CARD(SP, 6), 0, CARD(SS, 2), CARD(SS, 6), CARD(SP, 4)};
    g = scripted("T6=trick", NULL, NO_SKILL(4), h, coff, N(coff));
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.n[0], 0);
    /* T10: lead S2, seat 2 T9 (off suit, blank), seat 3 P4 takes the lead card back. original: the
     * led suit stays Speed, nobody followed it: nobody takes the trick (0 points, one void trick);
     * next: the next card, T9, sets the led suit: the lead's partner takes it, 9 + 3 = 12, 8 points */
    const int h10[4][3] = {{CARD(SS, 2), -1}, {CARD(SP, 6), -1}, {CARD(ST, 9), -1}, {CARD(SP, 4), -1}};
    const int c10[] = {CARD(SP, 6), 0, CARD(SS, 2), CARD(ST, 9), CARD(SP, 4), 0};
    g = scripted("T6=trick", "T10=original", CG_SKILLS_TEXT, h10, c10, N(c10));
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.void_tricks, 1);
    g = scripted("T6=trick", "T10=next", CG_SKILLS_TEXT, h10, c10, N(c10));
    ck_assert_int_eq(g.score[0], 8);
    ck_assert_int_eq(g.void_tricks, 0);
}
END_TEST

START_TEST(test_skill_colour)
{
    /* skill 6, T9 = played, T1 = plays (the kicker plays in the first trick): the marker 5 (kick P5);
     * lead S5, seat 1 P1 (off suit; skill 1 finds no card left to show), seat 2 S8, seat 3 T6 (off
     * suit: the partner's P1 turns Speed): S1 now follows and is the lowest: the defense takes it,
     * no score. Turned Stamina instead, or without skill 6: S5 takes it, 5 = 5, 7 points */
    const int h[4][3] = {{CARD(SS, 5), -1}, {CARD(SP, 5), CARD(SP, 1), -1}, {CARD(SS, 8), -1}, {CARD(ST, 6), -1}};
    const int c[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(SP, 1), CARD(SS, 8), CARD(ST, 6), SS};
    cg_game_log g = scripted("T6=trick", "T1=plays", CG_SKILLS_TEXT, h, c, N(c));
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.skills_fired[6], 1);
    ck_assert_int_eq(g.skills_fired[1], 0);
    const int cg[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(SP, 1), CARD(SS, 8), CARD(ST, 6), SG};
    g = scripted("T6=trick", "T1=plays", CG_SKILLS_TEXT, h, cg, N(cg));
    ck_assert_int_eq(g.score[0], 7);
    const int coff[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(SP, 1), CARD(SS, 8), CARD(ST, 6)};
    g = scripted("T6=trick", "T1=plays", NO_SKILL(6), h, coff, N(coff));
    ck_assert_int_eq(g.score[0], 7);
    /* T9 = next: seat 1 plays T6 (off suit) before his partner: seat 3's coming card turns Speed;
     * seat 3 plays P2 (blank), now S2, followed and the lowest: the defense takes it, no score.
     * T9 = played: no partner's card in the trick yet, skill 6 does nothing: S5, 7 points */
    const int hn[4][3] = {{CARD(SS, 5), -1}, {CARD(SP, 5), CARD(ST, 6), -1}, {CARD(SS, 8), -1}, {CARD(SP, 2), -1}};
    const int cn[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(ST, 6), SS, CARD(SS, 8), CARD(SP, 2)};
    g = scripted("T1=plays T6=trick", "T9=next", CG_SKILLS_TEXT, hn, cn, N(cn));
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.skills_fired[6], 1);
    const int cp[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(ST, 6), CARD(SS, 8), CARD(SP, 2)};
    g = scripted("T1=plays T6=trick", "T9=played", CG_SKILLS_TEXT, hn, cp, N(cp));
    ck_assert_int_eq(g.score[0], 7);
    ck_assert_int_eq(g.skills_fired[6], 0);
}
END_TEST

START_TEST(test_skill_swap_show)
{
    /* skill 7, T6 = series (the series goes on after the kicker's hand runs out): the marker 6;
     * trick 1: lead S5, seat 2 P7 (off suit: gives G9 to seat 0, takes T1), seat 3 S9: S5 takes
     * it, 5 < 6. Trick 2: seat 0 leads G9, seat 2 plays T1: only G9 follows, 5 + 9 = 14 > 6, 8
     * points. Without skill 7: seat 0 leads T1, seat 2 plays G9 (blank): T1 takes it, 5 + 1 = 6, 7 points */
    const int h[4][3] = {{CARD(SS, 5), CARD(ST, 1), -1}, {CARD(SP, 6), -1}, {CARD(SP, 7), CARD(SG, 9), -1},
                         {CARD(SS, 9), -1}};
    const int c[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(SP, 7), CARD(SG, 9), CARD(ST, 1), CARD(SS, 9),
                     0, CARD(SG, 9), CARD(ST, 1)};
    cg_game_log g = scripted("T6=series", NULL, CG_SKILLS_TEXT, h, c, N(c));
    ck_assert_int_eq(g.score[0], 8);
    ck_assert_int_eq(g.skills_fired[7], 1);
    const int coff[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(SP, 7), CARD(SS, 9), 0, CARD(ST, 1), CARD(SG, 9)};
    g = scripted("T6=series", NULL, NO_SKILL(7), h, coff, N(coff));
    ck_assert_int_eq(g.score[0], 7);
    /* skill 1: shows a card to the partner, which no strategy here uses: it fires (seat 2 still
     * holds G2 to show) and the game is the same as without it: S5 takes it, 5 < 6, no score */
    const int h1[4][3] = {{CARD(SS, 5), -1}, {CARD(SP, 6), -1}, {CARD(SP, 1), CARD(SG, 2), -1}, {CARD(SS, 9), -1}};
    const int c1[] = {CARD(SP, 6), 0, CARD(SS, 5), CARD(SP, 1), CARD(SS, 9)};
    g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h1, c1, N(c1));
    ck_assert_int_eq(g.skills_fired[1], 1);
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.n[2], 1);
    ck_assert_int_eq(g.hand[2][0], CARD(SG, 2));
}
END_TEST

START_TEST(test_skill_reverse_cancel)
{
    /* skill 10: the marker 6; lead S2, seat 2 S9, seat 3 P10 (off suit: the highest followed card
     * takes it): S9, the lead's partner, 9 + 3 = 12 > 6, 8 points. Without skill 10: S2, 2 < 6, none */
    const int h[4][3] = {{CARD(SS, 2), -1}, {CARD(SP, 6), -1}, {CARD(SS, 9), -1}, {CARD(SP, 10), -1}};
    const int c[] = {CARD(SP, 6), 0, CARD(SS, 2), CARD(SS, 9), CARD(SP, 10)};
    cg_game_log g = scripted("T6=trick", NULL, CG_SKILLS_TEXT, h, c, N(c));
    ck_assert_int_eq(g.score[0], 8);
    g = scripted("T6=trick", NULL, NO_SKILL(10), h, c, N(c));
    ck_assert_int_eq(g.score[0], 0);
    /* skill 3, T1 = plays: the marker 5; lead S5, seat 1 S9, seat 2 P3 (off suit: later skills
     * cancelled), seat 3 P10 (no reversal): S5 takes it, 5 = 5, 7 points. Without skill 3 the
     * reversal gives the trick to S9, the defense: none */
    const int h3[4][3] = {{CARD(SS, 5), -1}, {CARD(SP, 5), CARD(SS, 9), -1}, {CARD(SP, 3), -1}, {CARD(SP, 10), -1}};
    const int c3[] = {CARD(SP, 5), 0, CARD(SS, 5), CARD(SS, 9), CARD(SP, 3), CARD(SP, 10)};
    g = scripted("T6=trick T1=plays", NULL, CG_SKILLS_TEXT, h3, c3, N(c3));
    ck_assert_int_eq(g.score[0], 7);
    ck_assert_int_eq(g.skills_fired[3], 1);
    ck_assert_int_eq(g.skills_fired[10], 0);
    g = scripted("T6=trick T1=plays", NULL, NO_SKILL(3), h3, c3, N(c3));
    ck_assert_int_eq(g.score[0], 0);
    ck_assert_int_eq(g.skills_fired[10], 1);
}
END_TEST

START_TEST(test_greedy)
{
    /* one trick by hand: the marker 11, seat 0 (offense) led S5 on a pass play, the kicker skipped.
     * Seat 2 (the partner) holds S3, S9, T11: S3 takes it with 3, S9 and T11 leave it to S5 (5); the
     * greedy choice is the one that keeps the trick with the highest number, then the highest card
     * spent: T11 (100 * (100 + 5) + 11). Then seat 3 (defense) after S9, holding S4, S2, P10: S4 and
     * S2 take it, P10 reverses it to S9 (the offense): S4, the higher of the two that take it */
    cg_rules r = sim_rules(NULL, NULL);
    cg_sim_opts o;
    cg_sim_opts_default(&o);
    cg_state g;
    memset(&g, 0, sizeof g);
    g.r = &r;
    g.o = &o;
    g.ranks = 11;
    g.lead = 0;
    g.ls = SS;
    g.np = 1;
    g.card[0] = CARD(SS, 5);
    g.who[0] = 0;
    g.val[0] = 5;
    g.su[0] = SS;
    g.present[0] = true;
    const int o2[] = {CARD(SS, 3), CARD(SS, 9), CARD(ST, 11)};
    ck_assert_int_eq(cg_greedy_choose(&g, CG_CH_PLAY, 2, o2, 3, 0), 2);
    g.card[1] = CARD(SS, 9);
    g.who[1] = 2;
    g.val[1] = 9;
    g.su[1] = SS;
    g.present[1] = true;
    g.np = 2;
    const int o3[] = {CARD(SS, 2), CARD(SS, 4), CARD(SP, 10)};
    ck_assert_int_eq(cg_greedy_choose(&g, CG_CH_PLAY, 3, o3, 3, 0), 1);
    /* +2 (skill 11) by seat 2: on S5 (7, still the lowest) rather than S9 (11; S5 takes it with 5) */
    const int places[] = {0, 1};
    ck_assert_int_eq(cg_greedy_choose(&g, CG_CH_PLUS, 2, places, 2, 2), 0);
    /* the lead: the highest card of the longest suit (20 per card of its suit + its number): of S2,
     * S7, S9, T1 the Speeds score 62, 67, 69, T1 21: S9 */
    const int ol[] = {CARD(SS, 2), CARD(SS, 7), CARD(SS, 9), CARD(ST, 1)};
    g.n[0] = 4;
    memcpy(g.hand[0], ol, sizeof ol);
    ck_assert_int_eq(cg_greedy_choose(&g, CG_CH_LEAD, 0, ol, 4, 0), 2);
    /* greedy against random over 2000 games (seed 5): the greedy team wins more as either team
     * (measured here: the first offense wins 46.6% random/random, 60.2% greedy/random, 18.5%
     * random/greedy; 20,000 games seed 1: 44.9%, 59.7%, 19.4%) */
    cg_sim_result rr, gr, rg;
    cg_sim_run(&r, &o, 2000, 5, &rr);
    o.strategy[0] = CG_STRAT_GREEDY;
    cg_sim_run(&r, &o, 2000, 5, &gr);
    o.strategy[0] = CG_STRAT_RANDOM;
    o.strategy[1] = CG_STRAT_GREEDY;
    cg_sim_run(&r, &o, 2000, 5, &rg);
    ck_assert_msg(gr.first_offense_wins > rr.first_offense_wins + 0.08, "%g %g", gr.first_offense_wins,
                  rr.first_offense_wins);
    ck_assert_msg(rg.first_offense_wins < rr.first_offense_wins - 0.15, "%g %g", rg.first_offense_wins,
                  rr.first_offense_wins);
}
END_TEST

Suite *pb_suite_cardgame(void)
{
    Suite *s = suite_create("cardgame");
    TCase *tc = tcase_create("cardgame");
    tcase_add_test(tc, test_rules_file);
    tcase_add_test(tc, test_skill_list);
    tcase_add_test(tc, test_deal);
    tcase_add_test(tc, test_kick_finding);
    tcase_add_test(tc, test_sim);
    tcase_add_test(tc, test_skill_plus);
    tcase_add_test(tc, test_skill_return);
    tcase_add_test(tc, test_skill_colour);
    tcase_add_test(tc, test_skill_swap_show);
    tcase_add_test(tc, test_skill_reverse_cancel);
    tcase_add_test(tc, test_greedy);
    suite_add_tcase(s, tc);
    return s;
}
