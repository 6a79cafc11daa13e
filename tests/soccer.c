/* tests/soccer.c: Check suite for Masume Soccer TACTICS (soccer/): the ruleset file, every kick
 * rule, charges, the PK (the text's own "4 of 6"), the shoot-out, the switch impact and the Monte
 * Carlo cross-check with rules planted wrong. Values are derived by hand in the comments. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "soccer_duel.h"
#include "soccer_kick.h"
#include "soccer_mc.h"
#include "soccer_report.h"
#include "soccer_rules.h"
#include "soccer_tables.h"
#include "expect_q.h"

static ms_rules rules_with(const char *set)
{
    ms_rules r;
    ms_rules_default(&r);
    char err[200];
    if (set)
        ck_assert_msg(ms_rules_assign(&r, set, err, sizeof err) == 0, "%s: %s", set, err);
    return r;
}

static void expect_kick(const ms_rules *r, ms_kick_type type, ms_kicker kicker, const char *line, ms_outcome_kind kind,
                        bool chosen, unsigned long sixths)
{
    ms_kick k = {type, kicker, "", 1};
    snprintf(k.line, sizeof k.line, "%s", line);
    mpq_t q;
    mpq_init(q);
    ms_kick_p(q, r, &k, kind, chosen);
    char what[96];
    snprintf(what, sizeof what, "%s %s line %s: P(%s)", type == MS_LOB ? "lob" : "grounder",
             kicker == MS_KICKER_GOAL_KICK ? "goal kick" : "field", line, ms_outcome_name(kind));
    pb_expect_q(q, sixths, 6, what);
    mpq_clear(q);
}

START_TEST(test_ruleset_file)
{
    ms_rules r;
    char err[256];
    ck_assert_msg(ms_rules_parse(&r, ms_rules_builtin_text(), "tactics.ini", err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(r.name, "tactics");
    ck_assert_int_eq(r.goal_kick_adv, 2);
    ck_assert_int_eq(r.shootout_kicks, 5);
    ck_assert(r.lob_plus[1] && r.lob_plus[2] && r.lob_plus[3] && !r.lob_plus[4]);
    ck_assert_int_eq(r.adjacent[4], 0);
    ck_assert_int_eq(r.adjacent[5], 1);
    ck_assert_int_eq(r.adjacent[6], 2);
    /* every switch's default is its first reading */
    for (int i = 0; i < MS_NSWITCH; i++)
        ck_assert_str_eq(r.value[i], ms_switches[i].alts[0]);
    /* a bad value names file:line:col */
    const char *bad = "[game]\nname = x\n[switches]\nM3 = KKX\n";
    ck_assert_int_eq(ms_rules_parse(&r, bad, "my.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "my.ini:4:6: switch M3: bad value 'KKX'"), "%s", err);
    ck_assert_int_eq(ms_rules_parse(&r, "[rules]\nfoo = 1\n", "my.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "my.ini:2:1: unknown key 'foo' in [rules]"), "%s", err);
    /* a missing switch is an error, not a silent default */
    ck_assert_int_eq(ms_rules_parse(&r, "[game]\nname = x\n", "my.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is missing"), "%s", err);
    /* a bad --set leaves the rules unchanged */
    ms_rules_default(&r);
    ck_assert_int_eq(ms_rules_assign(&r, "M1=17", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "switch M1: bad value '17'"), "%s", err);
    ck_assert(r.lob_plus[1] && r.lob_plus[3]);
    ck_assert_int_eq(ms_rules_assign(&r, "M99=x", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "unknown switch 'M99'"), "%s", err);
    /* M11 takes its listed readings only */
    ck_assert_int_eq(ms_rules_assign(&r, "M11=anything", err, sizeof err), -1);
    ck_assert_str_eq(err, "switch M11: bad value 'anything' (expected 90min, 40min or golden-goal)");
    ck_assert_int_eq(ms_rules_assign(&r, "M11=golden-goal", err, sizeof err), 0);
    ck_assert_str_eq(r.value[10], "golden-goal");
    /* a [rules] key or [game] name given twice: FILE:LINE of the second, the first's line */
    const char *twice = "[game]\nname = x\n[rules]\nlob_advantage = 2\nshootout_kicks = 5\nlob_advantage = 3\n";
    ck_assert_int_eq(ms_rules_parse(&r, twice, "my.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "my.ini:6:1: duplicate 'lob_advantage' in [rules] (first at line 4)");
    ck_assert_int_eq(ms_rules_parse(&r, "[game]\nname = x\nname = y\n", "my.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "my.ini:3:1: duplicate 'name' in [game] (first at line 2)");
    ck_assert_int_eq(ms_rules_parse(&r, "[rules]\ndie_faces = 6\ndie_faces = 6\n", "my.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "my.ini:3:1: duplicate 'die_faces' in [rules] (first at line 2)");
}
END_TEST

START_TEST(test_pk_text_four_of_six)
{
    /* 「ゴールする確率は6つの内4つ」: one face off the frame, one guessed by the keeper: 4/6 */
    ms_rules r = rules_with(NULL);
    mpq_t q;
    mpq_init(q);
    ms_pk_p(q, &r);
    pb_expect_q(q, 4, 6, "PK");
    /* M9 = any: a keeper guessing any face at random saves 1/6 of the 5 on-target faces: 5/6 * 5/6 = 25/36 */
    r = rules_with("M9=any");
    ms_pk_p(q, &r);
    pb_expect_q(q, 25, 36, "PK, M9 = any");
    /* no face off the frame: 5 of 6 */
    r = rules_with("pk_off_faces=0");
    ms_pk_p(q, &r);
    pb_expect_q(q, 5, 6, "PK, no off face");
    mpq_clear(q);
    r = rules_with(NULL);
    ck_assert(!ms_pk_roll(&r, 1, 3, NULL, 0));  /* face 1 off target */
    ck_assert(!ms_pk_roll(&r, 3, 3, NULL, 0));  /* guessed */
    ck_assert(ms_pk_roll(&r, 4, 3, NULL, 0));
}
END_TEST

START_TEST(test_charge)
{
    /* ties to the charger: P(a + b >= h) over 36 pairs. bonus 0: 36 - 15 (h > a) = 21 -> 7/12;
     * bonus 1: h <= a + 1: 2+3+4+5+6+6 = 26 -> 13/18; bonus 2: 3+4+5+6+6+6 = 30 -> 5/6 */
    ms_rules r = rules_with(NULL);
    mpq_t q;
    mpq_init(q);
    ms_charge_p(q, &r, MS_CHARGER_FIELD);
    pb_expect_q(q, 7, 12, "charge, field");
    ms_charge_p(q, &r, MS_CHARGER_AREA_DEFENDER);
    pb_expect_q(q, 13, 18, "charge, defender in area");
    ms_charge_p(q, &r, MS_CHARGER_KEEPER);
    pb_expect_q(q, 5, 6, "charge, keeper");
    ms_charge_p(q, &r, MS_CHARGER_AREA_OTHER);
    pb_expect_q(q, 13, 18, "charge, other in area, M7 = any");
    r = rules_with("M7=position");
    ms_charge_p(q, &r, MS_CHARGER_AREA_OTHER);
    pb_expect_q(q, 7, 12, "charge, other in area, M7 = position");
    mpq_clear(q);
    ck_assert(ms_charge_roll(&r, MS_CHARGER_FIELD, 4, 4, NULL, 0));   /* a tie: the charging side */
    ck_assert(!ms_charge_roll(&r, MS_CHARGER_FIELD, 3, 4, NULL, 0));
    ck_assert(ms_charge_roll(&r, MS_CHARGER_KEEPER, 2, 4, NULL, 0)); /* 2 + 2 = 4 */
}
END_TEST

START_TEST(test_grounder)
{
    ms_rules r = rules_with(NULL);
    /* a shot with nobody in the way: goal when the face reaches the goal: faces g..6 -> (7 - g)/6;
     * 「サイコロの目が6以上ならゴール」: 6 squares away, 1/6 */
    for (int g = 1; g <= 8; g++) {
        char line[16];
        memset(line, '.', (size_t)g - 1);
        line[g - 1] = 'G';
        line[g] = 0;
        expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, line, MS_OUT_GOAL, false, g <= 6 ? (unsigned long)(7 - g) : 0);
        /* a goal kick adds 2: faces g-2..6 */
        unsigned long gk = g <= 3 ? 6 : g <= 8 ? (unsigned long)(9 - g) : 0;
        expect_kick(&r, MS_GROUNDER, MS_KICKER_GOAL_KICK, line, MS_OUT_GOAL, false, gk);
        /* the keeper in his area in open play: +2 only under M12 = area */
        expect_kick(&r, MS_GROUNDER, MS_KICKER_GK_AREA, line, MS_OUT_GOAL, false, g <= 6 ? (unsigned long)(7 - g) : 0);
    }
    /* a teammate 4 away: face 4 at his feet, 5 trapped -> 2/6; faces 1-3 short; face 6 deflected 2 */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "...T", MS_OUT_PASS, false, 2);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "...T", MS_OUT_LOOSE, false, 3);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "...T", MS_OUT_DEFLECT, false, 1);
    /* 6 away: only face 6 (at the feet); 7 away: never */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, ".....T", MS_OUT_PASS, false, 1);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "......T", MS_OUT_PASS, false, 0);
    /* an opponent on the way steals on the same faces: 3 away, faces 3 and 4 */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "..O.T", MS_OUT_STEAL, false, 2);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "..O.T", MS_OUT_PASS, false, 0);
    /* the three readings of M3 at 1 square: P(keep) 4/6, 3/6, 2/6 (OTHER-GAMES: steal 2/3, 1/2, 1/3) */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "O", MS_OUT_STEAL, false, 4);
    ms_rules r2 = rules_with("M3=KKK112");
    expect_kick(&r2, MS_GROUNDER, MS_KICKER_FIELD, "O", MS_OUT_STEAL, false, 3);
    r2 = rules_with("M3=KK1234");
    expect_kick(&r2, MS_GROUNDER, MS_KICKER_FIELD, "O", MS_OUT_STEAL, false, 2);
    /* the keeper 2 away, the goal 3 away: faces 2,3 he keeps; 4,5,6 deflect 2,3,4 squares, which
     * the kicker may send straight on into the goal (M4 = kicker): 3/6; M4 = receiver: 0 */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, ".KG", MS_OUT_STEAL, false, 2);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, ".KG", MS_OUT_GOAL, true, 3);
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, ".KG", MS_OUT_GOAL, false, 0);
    r2 = rules_with("M4=receiver");
    expect_kick(&r2, MS_GROUNDER, MS_KICKER_FIELD, ".KG", MS_OUT_GOAL, true, 0);
    /* M6 = exact: from 2 away only face 2 scores; 3..6 go wide */
    r2 = rules_with("M6=exact");
    expect_kick(&r2, MS_GROUNDER, MS_KICKER_FIELD, ".G", MS_OUT_GOAL, false, 1);
    expect_kick(&r2, MS_GROUNDER, MS_KICKER_FIELD, ".G", MS_OUT_OVER, false, 4);
    /* the touch line 3 away: faces 3..6 out */
    expect_kick(&r, MS_GROUNDER, MS_KICKER_FIELD, "..|", MS_OUT_OUT, false, 4);
}
END_TEST

START_TEST(test_lob)
{
    ms_rules r = rules_with(NULL);
    /* faces 1..6 carry 3,4,5,4,5,6 (M1 = 123): 3: 1/6, 4: 2/6, 5: 2/6, 6: 1/6, over everybody */
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "..T", MS_OUT_PASS, false, 1);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "OOOT", MS_OUT_PASS, false, 2);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "....T", MS_OUT_PASS, false, 2);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, ".....T", MS_OUT_PASS, false, 1);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, ".T", MS_OUT_PASS, false, 0);
    /* a lob shot 4 away: the 4s score (2/6), the 5s and the 6 go over the bar (3/6), the 3 is short */
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "...G", MS_OUT_GOAL, false, 2);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "...G", MS_OUT_OVER, false, 3);
    expect_kick(&r, MS_LOB, MS_KICKER_FIELD, "...G", MS_OUT_LOOSE, false, 1);
    /* a goal-kick lob: stacking (M2 = stack) faces 1..6 carry 5,6,7,6,7,8; without stacking one +2
     * for every face: 3,4,5,6,7,8 */
    expect_kick(&r, MS_LOB, MS_KICKER_GOAL_KICK, "......T", MS_OUT_PASS, false, 2);  /* 7: faces 3, 5 */
    ms_rules r2 = rules_with("M2=no-stack");
    expect_kick(&r2, MS_LOB, MS_KICKER_GOAL_KICK, "......T", MS_OUT_PASS, false, 1); /* 7: face 5 */
    expect_kick(&r2, MS_LOB, MS_KICKER_GOAL_KICK, "..T", MS_OUT_PASS, false, 1);     /* 3: face 1 */
    /* M1 = 12: face 3 no longer carries 5 but 3 */
    r2 = rules_with("M1=12");
    expect_kick(&r2, MS_LOB, MS_KICKER_FIELD, "..T", MS_OUT_PASS, false, 2);
}
END_TEST

START_TEST(test_inside_and_dist)
{
    ms_rules r = rules_with(NULL);
    ms_kick k = {MS_INSIDE, MS_KICKER_FIELD, "TO", 1};
    ms_outcome o;
    ms_kick_resolve(&r, &k, 1, &o, NULL, 0);
    ck_assert_int_eq(o.kind, MS_OUT_BARRED);  /* 「途中(2マス以内)」: the opponent on square 2 bars it */
    ms_rules r2 = rules_with("M13=before-target");
    ms_kick_resolve(&r2, &k, 1, &o, NULL, 0);
    ck_assert_int_eq(o.kind, MS_OUT_PASS);
    /* every distribution sums to 1 */
    const char *lines[] = {".", "T", "O", "K", "G", "|", "..T.O.G", ".K...G", "OTOTOTOT", "...........T"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        for (int t = 0; t < 3; t++)
            for (int kk = 0; kk < 3; kk++) {
                ms_kick x = {(ms_kick_type)t, (ms_kicker)kk, "", 2};
                snprintf(x.line, sizeof x.line, "%s", lines[i]);
                ms_dist d;
                ms_kick_dist(&r, &x, &d);
                mpq_t s;
                mpq_init(s);
                for (int j = 0; j < d.n; j++)
                    mpq_add(s, s, d.p[j]);
                pb_expect_q(s, 1, 1, lines[i]);
                mpq_clear(s);
                ms_dist_clear(&d);
            }
    char err[128];
    ck_assert_int_eq(ms_line_check("..G.", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "must be the last square"), "%s", err);
    ck_assert_int_eq(ms_line_check("..x", err, sizeof err), -1);
    ck_assert_int_eq(ms_line_check("", err, sizeof err), -1);
}
END_TEST

START_TEST(test_roll_steps)
{
    ms_rules r = rules_with(NULL);
    ms_kick k = {MS_GROUNDER, MS_KICKER_FIELD, "...K.G", 1};
    ms_outcome o;
    char steps[1024];
    ms_kick_resolve(&r, &k, 6, &o, steps, sizeof steps);
    /* 6 against the keeper 4 away: +2, deflected 2 squares: 5 and then the goal at 6 */
    ck_assert_int_eq(o.kind, MS_OUT_DEFLECT);
    ck_assert_int_eq(o.deflect, 2);
    ck_assert(o.deflect_scores);
    ck_assert_msg(strstr(steps, "2. the opponent goalkeeper stands 4 squares away: compare 6 with 4: +2"), "%s", steps);
    k.kicker = MS_KICKER_GOAL_KICK;
    ms_kick_resolve(&r, &k, 1, &o, steps, sizeof steps);
    ck_assert_msg(strstr(steps, "face 1 + 2 goal-kick advantage = 3"), "%s", steps);
    ck_assert_int_eq(o.kind, MS_OUT_LOOSE);
}
END_TEST

/* The shoot-out by brute force: every one of the 2^10 sequences of regular kicks, stopped at the
 * first kick after which one side cannot catch up; then sudden death in rounds of two kicks: a
 * round decides with d = p(1-q) + q(1-p), so 2/d kicks and P(first) = p(1-q)/d. */
static void shootout_brute(const mpq_t p, const mpq_t q, mpq_t first, mpq_t level, mpq_t kicks)
{
    mpq_set_ui(first, 0, 1);
    mpq_set_ui(level, 0, 1);
    mpq_set_ui(kicks, 0, 1);
    mpq_t pr, t, one;
    mpq_inits(pr, t, one, NULL);
    mpq_set_ui(one, 1, 1);
    for (int m = 0; m < 1024; m++) {
        mpq_set_ui(pr, 1, 1);
        int a = 0, b = 0, stop = 0;
        for (int i = 0; i < 10; i++) {
            int hit = m >> i & 1;
            mpq_sub(t, one, i % 2 ? q : p);
            mpq_mul(pr, pr, hit ? (i % 2 ? q : p) : t);
            if (i % 2) b += hit; else a += hit;
            int ka = i / 2 + 1, kb = (i + 1) / 2;
            if (!stop && (a + 5 - ka < b || b + 5 - kb < a))
                stop = i + 1;
        }
        if (!stop)
            stop = 10;
        mpq_set_ui(t, (unsigned long)stop, 1);
        mpq_mul(t, t, pr);
        mpq_add(kicks, kicks, t);
        if (a > b)
            mpq_add(first, first, pr);
        else if (a == b)
            mpq_add(level, level, pr);
    }
    mpq_t d, pa;
    mpq_inits(d, pa, NULL);
    mpq_sub(t, one, q);
    mpq_mul(pa, p, t);
    mpq_sub(t, one, p);
    mpq_mul(d, q, t);
    mpq_add(d, d, pa);
    mpq_div(t, pa, d);
    mpq_mul(t, t, level);
    mpq_add(first, first, t);
    mpq_set_ui(t, 2, 1);
    mpq_div(t, t, d);
    mpq_mul(t, t, level);
    mpq_add(kicks, kicks, t);
    mpq_clears(pr, t, one, d, pa, NULL);
}

START_TEST(test_shootout)
{
    ms_rules r = rules_with(NULL);
    ms_shootout s;
    ms_shootout_init(&s);
    mpq_t p, q, first, level, kicks;
    mpq_inits(p, q, first, level, kicks, NULL);
    /* p = q = 2/3: level after 5 each: sum_k C(5,k)^2 4^k / 3^10 = (1+100+1600+6400+6400+1024)/59049
     * = 15525/59049 = 575/2187; equal teams: the first wins 1/2 */
    mpq_set_ui(p, 2, 3);
    ms_shootout_solve(&s, &r, p, p);
    pb_expect_q(s.regular_tied, 575, 2187, "level, 2/3");
    pb_expect_q(s.first_wins, 1, 2, "first wins, 2/3");
    pb_expect_q(s.tied, 0, 1, "no winner, sudden death");
    /* p = q = 1/2: level sum_k C(5,k)^2 / 2^10 = 252/1024 = 63/256 */
    mpq_set_ui(p, 1, 2);
    ms_shootout_solve(&s, &r, p, p);
    pb_expect_q(s.regular_tied, 63, 256, "level, 1/2");
    shootout_brute(p, p, first, level, kicks);
    ck_assert(mpq_equal(kicks, s.kicks));
    /* unequal teams against the brute force */
    mpq_set_ui(p, 5, 6);
    mpq_set_ui(q, 1, 2);
    ms_shootout_solve(&s, &r, p, q);
    shootout_brute(p, q, first, level, kicks);
    ck_assert(mpq_equal(first, s.first_wins));
    ck_assert(mpq_equal(level, s.regular_tied));
    ck_assert(mpq_equal(kicks, s.kicks));
    /* the order does not matter: each kick is independent, so P(the 5/6 team wins) is the same
     * kicking first or second (the brute force agrees above); only the expected length differs */
    mpq_t w1;
    mpq_init(w1);
    mpq_set(w1, s.first_wins);
    ms_shootout_solve(&s, &r, q, p);
    ck_assert(mpq_equal(w1, s.second_wins));
    ck_assert(!mpq_equal(kicks, s.kicks));
    ms_shootout_solve(&s, &r, p, q);
    mpq_clear(w1);
    /* M10 = draw: the level share stays unresolved */
    r = rules_with("M10=draw");
    ms_shootout_solve(&s, &r, p, q);
    ck_assert(mpq_equal(level, s.tied));
    /* both always score: sudden death never ends */
    r = rules_with(NULL);
    mpq_set_ui(p, 1, 1);
    ms_shootout_solve(&s, &r, p, p);
    ck_assert(s.endless);
    mpq_clears(p, q, first, level, kicks, NULL);
    ms_shootout_clear(&s);
}
END_TEST

/* The regular kicks the old way, kept as the reference: the tree of every kick, exponential in
 * the number of kicks (2^(2n) leaves), so only for small counts. */
static void shootout_tree(mpq_t first, mpq_t second, mpq_t level, mpq_t kicks, int n, int i, int a, int b,
                          const mpq_t p, const mpq_t q, const mpq_t pr)
{
    int ka = (i + 1) / 2, kb = i / 2;
    if (a + (n - ka) < b || b + (n - kb) < a || i == 2 * n) {
        mpq_t t;
        mpq_init(t);
        mpq_set_ui(t, (unsigned long)i, 1);
        mpq_mul(t, t, pr);
        mpq_add(kicks, kicks, t);
        mpq_clear(t);
        mpq_ptr to = a > b ? first : b > a ? second : level;
        mpq_add(to, to, pr);
        return;
    }
    mpq_t hit, miss;
    mpq_inits(hit, miss, NULL);
    mpq_mul(hit, pr, i % 2 == 0 ? p : q);
    mpq_sub(miss, pr, hit);
    shootout_tree(first, second, level, kicks, n, i + 1, a + (i % 2 == 0), b + (i % 2 == 1), p, q, hit);
    shootout_tree(first, second, level, kicks, n, i + 1, a, b, p, q, miss);
    mpq_clears(hit, miss, NULL);
}

/* The recurrence over the score gives the tree's values exactly for every count up to 8 (M10 =
 * draw, so the regular kicks alone are compared), and 20 kicks each (the most a ruleset takes)
 * at once: level after 20 each with p = q = 1/2 is sum_k C(20,k)^2 / 2^40 = C(40,20) / 2^40. */
START_TEST(test_shootout_counts)
{
    ms_rules r = rules_with("M10=draw");
    ms_shootout s;
    ms_shootout_init(&s);
    mpq_t p, q, first, second, level, kicks, one;
    mpq_inits(p, q, first, second, level, kicks, one, NULL);
    mpq_set_ui(one, 1, 1);
    static const unsigned long pq[][4] = {{5, 6, 1, 2}, {2, 3, 2, 3}, {1, 3, 3, 4}, {0, 1, 1, 1}};
    for (int n = 1; n <= 8; n++)
        for (size_t k = 0; k < sizeof pq / sizeof pq[0]; k++) {
            mpq_set_ui(p, pq[k][0], pq[k][1]);
            mpq_set_ui(q, pq[k][2], pq[k][3]);
            mpq_canonicalize(p);
            mpq_canonicalize(q);
            r.shootout_kicks = n;
            ms_shootout_solve(&s, &r, p, q);
            mpq_set_ui(first, 0, 1);
            mpq_set_ui(second, 0, 1);
            mpq_set_ui(level, 0, 1);
            mpq_set_ui(kicks, 0, 1);
            shootout_tree(first, second, level, kicks, n, 0, 0, 0, p, q, one);
            ck_assert_msg(mpq_equal(first, s.first_wins) && mpq_equal(second, s.second_wins) &&
                              mpq_equal(level, s.regular_tied) && mpq_equal(level, s.tied) && mpq_equal(kicks, s.kicks),
                          "n = %d, p/q case %zu", n, k);
        }
    r.shootout_kicks = 20;
    mpq_set_ui(p, 1, 2);
    ms_shootout_solve(&s, &r, p, p);
    mpq_set_str(level, "137846528820/1099511627776", 10);
    mpq_canonicalize(level);
    ck_assert(mpq_equal(level, s.regular_tied));
    mpq_sub(first, one, level);
    mpq_div_2exp(first, first, 1);
    ck_assert(mpq_equal(first, s.first_wins) && mpq_equal(first, s.second_wins));
    mpq_clears(p, q, first, second, level, kicks, one, NULL);
    ms_shootout_clear(&s);
}
END_TEST

START_TEST(test_impact)
{
    ms_rules a = rules_with(NULL), b = rules_with("M3=KK1234");
    ms_table_list la, lb;
    ms_changes c;
    ms_tables_build(&la, &a, PB_LANG_EN);
    ms_tables_build(&lb, &b, PB_LANG_EN);
    ck_assert_int_eq(ms_tables_compare(&la, &lb, &c), 0);
    /* the largest move: the keeper 1 away, the goal 2 away: with faces 3..6 deflecting (1..4 squares)
     * straight on into the goal, 2/6 -> 4/6 */
    ck_assert_uint_gt(c.n, 0);
    ck_assert_str_eq(c.c[c.largest].table, "shot-keeper");
    pb_expect_q(c.c[c.largest].delta, 1, 3, "M3 largest move");
    ms_changes_release(&c);
    ck_assert_int_eq(ms_tables_compare(&la, &la, &c), 0);
    ck_assert_uint_eq(c.n, 0);
    ms_tables_release(&la);
    ms_tables_release(&lb);
}
END_TEST

START_TEST(test_monte_carlo)
{
    ms_rules r = rules_with(NULL);
    ms_mc_opts o = {4000, 7, 5.0, MS_PLANT_NONE};
    ms_mc_result res;
    ms_mc_check(&r, &o, &res);
    ck_assert_msg(res.failed == 0, "clean rules failed: %s", res.worst);
    ck_assert_int_gt(res.compared, 1000);
    /* each rule planted wrong in the simulator is caught */
    for (int p = 1; p < MS_PLANTS; p++) {
        o.plant = (ms_plant)p;
        ms_mc_check(&r, &o, &res);
        ck_assert_msg(res.failed > 0, "plant %s not caught (worst %s)", ms_plant_name((ms_plant)p), res.worst);
    }
}
END_TEST

START_TEST(test_report)
{
    ms_rules r = rules_with(NULL);
    size_t len;
    char *page = ms_report_render(&r, PB_LANG_EN, &len);
    ck_assert_ptr_nonnull(page);
    ck_assert_uint_eq(strlen(page), len);
    ck_assert(strstr(page, "<svg") && strstr(page, "Scoring chance by distance"));
    ck_assert(strstr(page, "id=\"t-shot-grounder\"") && strstr(page, "id=\"t-shootout\""));
    ck_assert(strstr(page, "M3 = KKKK12"));
    /* the charge chart writes its values: the charger wins ties, so with bonus b he wins when his
     * die + b >= the holder's: 21/36, 26/36, 30/36 (by hand) */
    const char *charge = strstr(page, "id=\"c-charge\"");
    ck_assert_ptr_nonnull(charge);
    ck_assert(strstr(charge, ">58.33<") && strstr(charge, ">72.22<") && strstr(charge, ">83.33<"));
    ck_assert(!strstr(page, "href=\"") && !strchr(page, '`'));  /* no link to an unwritten file, no Markdown */
    free(page);
    page = ms_report_render(&r, PB_LANG_JA, &len);
    ck_assert_ptr_nonnull(page);
    ck_assert(strstr(page, "<html lang=\"ja\">") && strstr(page, "チャージ") && strstr(page, "グラウンダーキック"));
    free(page);
}
END_TEST

Suite *pb_suite_soccer(void)
{
    Suite *s = suite_create("soccer");
    TCase *tc = tcase_create("soccer");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ruleset_file);
    tcase_add_test(tc, test_pk_text_four_of_six);
    tcase_add_test(tc, test_charge);
    tcase_add_test(tc, test_grounder);
    tcase_add_test(tc, test_lob);
    tcase_add_test(tc, test_inside_and_dist);
    tcase_add_test(tc, test_roll_steps);
    tcase_add_test(tc, test_shootout);
    tcase_add_test(tc, test_shootout_counts);
    tcase_add_test(tc, test_impact);
    tcase_add_test(tc, test_monte_carlo);
    tcase_add_test(tc, test_report);
    suite_add_tcase(s, tc);
    return s;
}
