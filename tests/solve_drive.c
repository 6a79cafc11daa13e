/* tests/solve_drive.c: the drive solver (solve/drive.h): values checked against hand derivations
 * and against entries recomputed here, independently, from pb_enumerate's exact distributions
 * (using play.c's own PB_FLAG_FIRST_DOWN, so the solver's mirror of sim/game.c is tested too);
 * certified bounds and exploitability at every state; determinism across thread counts; the
 * independence of a snap's outcome distribution from the down and the yards to gain. v1.11-ja
 * is solved once per test case (an unchecked fixture: the forked tests share it). */
#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "enumerate.h"
#include "lrs.h"
#include "matgame.h"

static pb_ruleset rules;
static pb_drive *JA;

static void solve_ja(void)
{
    char err[PB_ERR_MAX];
    ck_assert(pb_ruleset_load(&rules, "v1.11-ja", err, sizeof err) == 0);
    pb_drive_opts o = {&rules, {0, 0, 0, 0, 0}, 2, 0};
    ck_assert_msg(pb_drive_solve(&JA, &o, err, sizeof err) == 0, "%s", err);
}

static void free_ja(void)
{
    pb_drive_free(JA);
    JA = NULL;
}

static double ep1(int togo) { return pb_drive_ep(JA, togo, 1, togo < 10 ? togo : 10); }
static double td(void)
{
    pb_drive_try t;
    pb_drive_try_get(JA, &t);
    return 6 + t.value;
}

static void enumerate(pb_dist *out, pb_action a, pb_situation s, pb_offense o, int def, int card, int ret)
{
    char err[PB_ERR_MAX];
    pb_play_env env = {&rules, {0, 0, 0, ret, 0}, NULL, NULL};
    pb_enum_query q = {a, s, o, def, card, 0};
    ck_assert_msg(pb_enumerate(out, &env, &q, err, sizeof err) == 0, "%s", err);
}

static double p_of(const pb_dist *d, size_t i)
{
    mpq_t q;
    mpq_init(q);
    pb_dist_p(d, i, q);
    double p = mpq_get_d(q);
    mpq_clear(q);
    return p;
}

/* ---- the try ---- */

/* PAT: good when the sum is >= 4 (ja): 1 - P(sum 2 or 3) = 1 - 3/36 = 11/12.
 * Two-point try from 2 yards, P(touchdown) from pb_enumerate (exact):
 *            D1    D2    D3     D4    D5
 *   Run      1     1     17/18  7/9   1/2
 *   Short    1     1/3   13/18  1     1/2
 *   Long     1/3   4/9   5/18   1/6   1/6
 * (Run, D5) is a saddle point: 1/2 is the least of the Run row and the largest of the D5 column,
 * so the game is worth P = 1/2, 2 x 1/2 = 1 point > 11/12: the two-point try is the better one
 * and every touchdown is worth 7 in v1.11-ja. */
START_TEST(try_value)
{
    mpq_t p, want;
    mpq_inits(p, want, NULL);
    pb_dist d;
    enumerate(&d, PB_ACTION_PAT, pb_situation_default(&rules, 50), 0, 1, 0, 0);
    pb_dist_kind_p(&d, PB_OUT_GOOD, p);
    mpq_set_ui(want, 11, 12);
    ck_assert(mpq_equal(p, want));
    pb_dist_release(&d);
    mpq_t m[3][5];
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++) {
            mpq_init(m[o][j]);
            enumerate(&d, PB_ACTION_TWO_POINT, pb_situation_default(&rules, 50), (pb_offense)o, j + 1, 0, 0);
            pb_dist_kind_p(&d, PB_OUT_TOUCHDOWN, m[o][j]);
            pb_dist_release(&d);
        }
    mpq_set_ui(want, 1, 2);
    ck_assert(mpq_equal(m[0][4], want));
    for (int j = 0; j < 5; j++)
        ck_assert(mpq_cmp(m[0][j], want) >= 0);   /* Run guarantees 1/2 */
    for (int o = 0; o < 3; o++)
        ck_assert(mpq_cmp(m[o][4], want) <= 0);   /* Defense 5 holds every call to 1/2 */
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            mpq_clear(m[o][j]);
    mpq_clears(p, want, NULL);

    pb_drive_try t;
    pb_drive_try_get(JA, &t);
    ck_assert(fabs(t.pat - 11.0 / 12) <= 1e-15);
    ck_assert(fabs(t.two_point - 1.0) <= 1e-12);
    ck_assert(t.two_better == 1 && t.value == t.two_point);
    ck_assert(t.lo <= 1.0 && 1.0 <= t.hi && t.hi - t.lo <= 1e-12);
    ck_assert(t.two_exploit <= 1e-12);
}
END_TEST

/* ---- one state, by hand ---- */

/* 4th and goal at the 10: the field goal dominates (margin > 1 point). Its row is a constant:
 * from 10 yards the <= 20 row (faces 1-4) or doubles are good: only 5-6 and 6-5 miss, 2/36, so
 * P(good) = 17/18 (checked exactly here), and a miss gives the opponent 1st and 10 at togo 90:
 *     EP = 17/18 x 3 - 1/18 x EP(1st and 10 at 90). */
START_TEST(field_goal_dominates)
{
    pb_dist d;
    mpq_t p, want;
    mpq_inits(p, want, NULL);
    enumerate(&d, PB_ACTION_FIELD_GOAL, pb_situation_default(&rules, 10), 0, 1, 0, 0);
    pb_dist_kind_p(&d, PB_OUT_GOOD, p);
    mpq_set_ui(want, 17, 18);
    ck_assert(mpq_equal(p, want));
    ck_assert(d.count == 2 && d.entries[0].kind == PB_OUT_START && d.entries[0].yards == 90);
    pb_dist_release(&d);
    mpq_clears(p, want, NULL);

    double hand = 17.0 / 18 * 3 - 1.0 / 18 * ep1(90);
    pb_drive_state st;
    ck_assert(pb_drive_get(JA, 10, 4, 10, &st) == 0);
    ck_assert_msg(fabs(st.ep - hand) <= st.bound + 1e-12, "ep %.15f, by hand %.15f", st.ep, hand);
    ck_assert(st.ncalls == 5 && st.calls[3] == PB_DRIVE_FG && st.off_mix[3] > 1 - 1e-9);
    pb_drive_choice c;
    ck_assert(pb_drive_choices(JA, 10, 4, 10, &c) == 0);
    ck_assert(c.best == PB_CHOICE_FG && c.margin > 1 && fabs(c.fg - hand) <= 1e-12);
    ck_assert(fabs(c.fg_good - 17.0 / 18) <= 1e-15 && fabs(c.fg_ep_miss + ep1(90)) <= 1e-12);
    double best = fmax(c.go, fmax(c.fg, c.punt));
    ck_assert(fabs(best - st.ep) <= st.bound + 1e-12);   /* value = max(go, fg, punt) */
}
END_TEST

/* ---- every state ---- */

START_TEST(bounds_and_exploitability)
{
    pb_drive_stats s;
    pb_drive_stats_get(JA, &s);
    ck_assert(s.states == 4 * 99 * 100 / 2 && s.sweeps > 0 && s.max_gap <= 2e-9);
    int n = 0;
    for (int t = 1; t <= 99; t++)
        for (int dn = 1; dn <= 4; dn++)
            for (int y = 1; y <= t; y++, n++) {
                pb_drive_state st;
                ck_assert(pb_drive_get(JA, t, dn, y, &st) == 0);
                ck_assert(st.lo <= st.ep && st.ep <= st.hi && st.lo >= -8 && st.hi <= 8);
                ck_assert_msg(st.bound <= 1e-9 && st.exploit <= 1e-9, "togo %d down %d ytg %d: bound %g exploit %g",
                              t, dn, y, st.bound, st.exploit);
                ck_assert(st.ncalls == (t <= rules.fg_max_togo ? 5 : 4));
                double xs = 0, ys = 0, v = 0;
                for (int i = 0; i < st.ncalls; i++) {
                    xs += st.off_mix[i];
                    for (int j = 0; j < 5; j++)
                        v += st.off_mix[i] * st.matrix[i][j] * st.def_mix[j];
                }
                for (int j = 0; j < 5; j++)
                    ys += st.def_mix[j];
                ck_assert(fabs(xs - 1) <= 1e-12 && fabs(ys - 1) <= 1e-12);
                ck_assert_msg(fabs(v - st.ep) <= st.bound + 1e-12, "togo %d down %d ytg %d: game %.15f, ep %.15f", t,
                              dn, y, v, st.ep);
            }
    ck_assert(n == s.states);
}
END_TEST

/* The punt: the receiver takes the better of the touchback and the return, by EP; computed here
 * from the punt's own distributions (return=touchback, return=always). */
START_TEST(punt_is_the_receivers_best)
{
    for (int t = 1; t <= 99; t++) {
        pb_dist tb, ret;
        enumerate(&tb, PB_ACTION_PUNT, pb_situation_default(&rules, t), 0, 1, 0, PB_RETURN_TOUCHBACK);
        enumerate(&ret, PB_ACTION_PUNT, pb_situation_default(&rules, t), 0, 1, 0, PB_RETURN_ALWAYS);
        ck_assert(tb.count == 1 && tb.entries[0].kind == PB_OUT_START);
        double v_tb = ep1(tb.entries[0].yards), v_ret = 0;
        for (size_t i = 0; i < ret.count; i++)
            v_ret += p_of(&ret, i) * (ret.entries[i].kind == PB_OUT_RETURN_TD ? td() : ep1(ret.entries[i].yards));
        pb_drive_choice c;
        ck_assert(pb_drive_choices(JA, t, 4, t < 10 ? t : 10, &c) == 0);
        ck_assert_msg(fabs(c.punt + fmax(v_tb, v_ret)) <= 1e-12, "togo %d: punt %.15f, receiver %.15f / %.15f", t,
                      c.punt, v_tb, v_ret);
        pb_dist_release(&tb);
        pb_dist_release(&ret);
    }
}
END_TEST

/* ---- entries recomputed independently ---- */

/* The EP of one snap's exact distribution at (t, dn, y), successors at the solved EP, the chains
 * moved as sim/game.c's move_chains does, 1st downs by play.c's flag. */
static double snap_ep(const pb_dist *d, int t, int dn, int y)
{
    double v = 0;
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        double p = p_of(d, i), x;
        int g = e->kind == PB_OUT_INCOMPLETE ? 0 : e->yards, t2 = t - g;
        switch (e->kind) {
        case PB_OUT_TOUCHDOWN: x = td(); break;
        case PB_OUT_SAFETY: x = -2; break;
        case PB_OUT_TURNOVER_TD: x = -td(); break;
        case PB_OUT_TURNOVER: x = -ep1(e->yards); break;
        case PB_OUT_PENALTY:
            x = e->flags & PB_FLAG_FIRST_DOWN ? ep1(t2) : pb_drive_ep(JA, t2, dn, y - g < 1 ? 1 : y - g);
            break;
        default:
            ck_assert(e->kind == PB_OUT_GAIN || e->kind == PB_OUT_SACK || e->kind == PB_OUT_INCOMPLETE);
            x = e->flags & PB_FLAG_FIRST_DOWN ? ep1(t2) : dn < 4 ? pb_drive_ep(JA, t2, dn + 1, y - g) : -ep1(100 - t2);
        }
        v += p * x;
    }
    return v;
}

START_TEST(entries_recomputed)
{
    static const int states[][3] = {{80, 1, 10}, {35, 4, 3}, {5, 3, 5}, {1, 4, 1}, {50, 2, 7}, {97, 4, 20}, {3, 2, 2},
                                    {62, 3, 1}};
    for (size_t k = 0; k < sizeof states / sizeof states[0]; k++) {
        int t = states[k][0], dn = states[k][1], y = states[k][2];
        pb_drive_state st;
        ck_assert(pb_drive_get(JA, t, dn, y, &st) == 0);
        pb_situation s = {t, dn, y, 0, rules.sw.timeouts, rules.sw.timeouts};
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++) {
                pb_dist d;
                enumerate(&d, PB_ACTION_PLAY, s, (pb_offense)o, j + 1, PB_CARD_DECK, 0);
                double v = snap_ep(&d, t, dn, y);
                ck_assert_msg(fabs(v - st.matrix[o][j]) <= 1e-12, "togo %d down %d ytg %d, %d vs %d: %.15f != %.15f", t,
                              dn, y, o, j + 1, v, st.matrix[o][j]);
                pb_dist_release(&d);
            }
    }
}
END_TEST

/* Card values: the mean over the 24 cards is 0 (the deck is their uniform mix); card 16 (+20
 * yards each roll) recomputed here with the state's mixes. */
START_TEST(card_values)
{
    double cv[24], mean = 0;
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_drive_card_values(JA, 80, 1, 10, cv, err, sizeof err) == 0, "%s", err);
    for (int c = 0; c < 24; c++)
        mean += cv[c] / 24;
    ck_assert_msg(fabs(mean) <= 1e-9, "mean %g", mean);
    pb_drive_state st;
    pb_drive_get(JA, 80, 1, 10, &st);
    pb_situation s = pb_situation_default(&rules, 80);
    double v = 0;
    for (int i = 0; i < st.ncalls; i++)
        for (int j = 0; j < 5; j++) {
            double a = st.matrix[i][j];
            if (st.calls[i] <= PB_DRIVE_LONG) {
                pb_dist d;
                enumerate(&d, PB_ACTION_PLAY, s, (pb_offense)st.calls[i], j + 1, 16, 0);
                a = snap_ep(&d, 80, 1, 10);
                pb_dist_release(&d);
            }
            v += st.off_mix[i] * st.def_mix[j] * a;
        }
    ck_assert_msg(fabs(v - st.ep - cv[15]) <= 1e-12, "card 16: %.15f != %.15f", v - st.ep, cv[15]);
    ck_assert(cv[15] > 0.5 && cv[0] < -0.5);   /* +20 yards helps, an interception hurts */
}
END_TEST

/* Against a blank card: the blank card's value (card 0, no effect) recomputed here with the
 * state's mixes, as card 16 above; the same 24 values as pb_drive_card_values; card 07 (Delay of
 * Game, only when the offense leads) changes nothing with the score tied: its value is the blank
 * card's, exactly (the same cells). Were the blank the deck average, it would be 0, and card 07's
 * value (about +0.23 EP at togo 80) would differ from it. */
START_TEST(card_values_blank)
{
    double cv[24], cv2[24], blank = 99;
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_drive_card_values_blank(JA, 80, 1, 10, cv, &blank, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_drive_card_values(JA, 80, 1, 10, cv2, err, sizeof err) == 0, "%s", err);
    for (int c = 0; c < 24; c++)
        ck_assert_msg(cv[c] == cv2[c], "card %02d: %.17g != %.17g", c + 1, cv[c], cv2[c]);
    ck_assert(rules.card[6].requires_lead);
    ck_assert_msg(cv[6] == blank, "card 07 %.17g, blank %.17g", cv[6], blank);
    ck_assert_msg(blank > 0.1, "the blank card against the deck: %g", blank);   /* the deck costs the offense */
    pb_drive_state st;
    pb_drive_get(JA, 80, 1, 10, &st);
    pb_situation s = pb_situation_default(&rules, 80);
    double v = 0;
    for (int i = 0; i < st.ncalls; i++)
        for (int j = 0; j < 5; j++) {
            double a = st.matrix[i][j];
            if (st.calls[i] <= PB_DRIVE_LONG) {
                pb_dist d;
                enumerate(&d, PB_ACTION_PLAY, s, (pb_offense)st.calls[i], j + 1, 0, 0);
                a = snap_ep(&d, 80, 1, 10);
                pb_dist_release(&d);
            }
            v += st.off_mix[i] * st.def_mix[j] * a;
        }
    ck_assert_msg(fabs(v - st.ep - blank) <= 1e-12, "blank: %.15f != %.15f", v - st.ep, blank);
}
END_TEST

/* Kicks: every landing spot's return from pb_enumerate; the kickoff against the enumerated
 * kickoff with return=always (v1.11-ja returns every kickoff: checked), the onside kick. */
START_TEST(kicks)
{
    for (int L = 1; L <= 99; L++) {
        pb_dist r;
        enumerate(&r, PB_ACTION_RETURN, pb_situation_default(&rules, L), 0, 1, 0, 0);
        double v = 0;
        for (size_t i = 0; i < r.count; i++)
            v += p_of(&r, i) * (r.entries[i].kind == PB_OUT_RETURN_TD ? td() : ep1(r.entries[i].yards));
        pb_drive_landing l;
        ck_assert(pb_drive_landing_get(JA, L, &l) == 0);
        ck_assert(fabs(l.ret - v) <= 1e-12 && l.touchback == ep1(rules.touchback_togo) && l.returns == (v > l.touchback));
        pb_dist_release(&r);
    }
    pb_drive_kickoff k;
    ck_assert(pb_drive_kickoff_get(JA, 0, &k) == 0);
    double p = 0;
    for (int r = 0; r < 21; r++) {
        int want = rules.kickoff_from + (k.roll[r].a + k.roll[r].b) * rules.kickoff_multiplier + rules.kickoff_base;
        ck_assert(k.roll[r].landing == (want < 100 ? want : 100) && k.roll[r].returns);
        p += k.roll[r].p;
    }
    ck_assert(fabs(p - 1) <= 1e-15);
    pb_dist d;
    enumerate(&d, PB_ACTION_KICKOFF, pb_situation_default(&rules, 50), 0, 1, 0, PB_RETURN_ALWAYS);
    double v = 0;
    for (size_t i = 0; i < d.count; i++)
        v -= p_of(&d, i) * (d.entries[i].kind == PB_OUT_RETURN_TD ? td() : ep1(d.entries[i].yards));
    pb_dist_release(&d);
    ck_assert_msg(fabs(v - k.regular) <= 1e-12, "kickoff %.15f != %.15f", k.regular, v);
    enumerate(&d, PB_ACTION_ONSIDE, pb_situation_default(&rules, 50), 0, 1, 0, 0);
    v = 0;
    for (size_t i = 0; i < d.count; i++)
        v += p_of(&d, i) * (d.entries[i].kind == PB_OUT_KEPT ? 1 : -1) * ep1(d.entries[i].yards);
    pb_dist_release(&d);
    ck_assert(fabs(v - k.onside) <= 1e-12 && fabs(k.p_kept - 1.0 / 3) <= 1e-15);
}
END_TEST

START_TEST(off_the_field)
{
    pb_drive_state st;
    static const int bad[][3] = {{0, 1, 1}, {100, 1, 10}, {50, 0, 10}, {50, 5, 10}, {50, 1, 0}, {5, 1, 6}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        ck_assert(pb_drive_get(JA, bad[k][0], bad[k][1], bad[k][2], &st) == -1);
        ck_assert(isnan(pb_drive_ep(JA, bad[k][0], bad[k][1], bad[k][2])));
    }
    pb_drive_landing l;
    ck_assert(pb_drive_landing_get(JA, 0, &l) == -1 && pb_drive_landing_get(JA, 101, &l) == -1);
    FILE *f = tmpfile();
    ck_assert(f && pb_drive_write_strategy(JA, f) == 0);
    rewind(f);
    int lines = 0, ch;
    while ((ch = fgetc(f)) != EOF)
        lines += ch == '\n';
    fclose(f);
    ck_assert(lines == 19800 + 1);
}
END_TEST

/* The same bits with 1 thread as with 2. */
START_TEST(deterministic)
{
    char err[PB_ERR_MAX];
    pb_drive *one;
    pb_drive_opts o = {&rules, {0, 0, 0, 0, 0}, 1, 0};
    ck_assert_msg(pb_drive_solve(&one, &o, err, sizeof err) == 0, "%s", err);
    for (int t = 1; t <= 99; t++)
        for (int dn = 1; dn <= 4; dn++)
            for (int y = 1; y <= t; y++) {
                pb_drive_state a, b;
                pb_drive_get(JA, t, dn, y, &a);
                pb_drive_get(one, t, dn, y, &b);
                ck_assert(memcmp(&a, &b, sizeof a) == 0);
            }
    pb_drive_free(one);
}
END_TEST

/* The collapsed distribution (kind, yards, penalty side) of a snap does not depend on the down
 * or the yards to gain, and play.c's PB_FLAG_FIRST_DOWN is the solver's rule: a kept gain
 * g >= ytg, or an accepted defensive foul of m >= ytg yards (PEN-1ST=first-down). */
typedef struct {
    size_t n;
    long key[1024];
    mpz_t num[1024];
    unsigned exp6;   /* probability = num / 6^exp6 */
} collapsed;

static void collapse(const pb_dist *d, collapsed *c)
{
    c->n = 0;
    c->exp6 = d->exp6;
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        long side = e->kind == PB_OUT_PENALTY ? (e->flags & PB_FLAG_FOUL_DEFENSE ? 1 : 2) : 0;
        long key = (side * PB_OUT_KIND_COUNT + e->kind) * 1000 + e->yards + 500;
        size_t k = 0;
        while (k < c->n && c->key[k] != key)
            k++;
        ck_assert(k < 1024);
        if (k == c->n) {
            c->key[c->n] = key;
            mpz_init_set_ui(c->num[c->n++], 0);
        }
        mpz_add(c->num[k], c->num[k], e->num);
    }
}

/* The same probabilities: a / 6^ea == b / 6^eb. */
static int same(const collapsed *a, const collapsed *b)
{
    if (a->n != b->n)
        return 0;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    int ok = 1;
    for (size_t i = 0; i < a->n && ok; i++) {
        size_t k = 0;
        while (k < b->n && b->key[k] != a->key[i])
            k++;
        if (k == b->n) {
            ok = 0;
            break;
        }
        mpz_ui_pow_ui(x, 6, b->exp6);
        mpz_mul(x, x, a->num[i]);
        mpz_ui_pow_ui(y, 6, a->exp6);
        mpz_mul(y, y, b->num[k]);
        ok = mpz_cmp(x, y) == 0;
    }
    mpz_clears(x, y, NULL);
    return ok;
}

static void collapsed_clear(collapsed *c)
{
    for (size_t i = 0; i < c->n; i++)
        mpz_clear(c->num[i]);
    c->n = 0;
}

START_TEST(independent_of_down)
{
    static const int togos[] = {1, 2, 5, 9, 10, 11, 20, 21, 35, 50, 80, 99};
    for (size_t k = 0; k < sizeof togos / sizeof togos[0]; k++) {
        int t = togos[k];
        int var[4][2] = {{1, t < 10 ? t : 10}, {4, t}, {3, 1}, {2, t < 17 ? t : 17}};
        for (int o = 0; o < 3; o++)
            for (int j = 1; j <= 5; j++) {
                static collapsed ref, cur;
                for (int v = 0; v < 4; v++) {
                    pb_situation s = {t, var[v][0], var[v][1], 0, rules.sw.timeouts, rules.sw.timeouts};
                    pb_dist d;
                    enumerate(&d, PB_ACTION_PLAY, s, (pb_offense)o, j, PB_CARD_DECK, 0);
                    for (size_t i = 0; i < d.count; i++) {
                        const pb_dist_entry *e = &d.entries[i];
                        int fd = -1, g = e->kind == PB_OUT_INCOMPLETE ? 0 : e->yards;
                        if (e->kind == PB_OUT_GAIN || e->kind == PB_OUT_SACK || e->kind == PB_OUT_INCOMPLETE)
                            fd = g >= s.ytg;
                        else if (e->kind == PB_OUT_PENALTY)
                            fd = (e->flags & PB_FLAG_FOUL_DEFENSE) && g >= s.ytg;
                        ck_assert_msg(fd < 0 || fd == !!(e->flags & PB_FLAG_FIRST_DOWN), "togo %d: %s %d", t,
                                      pb_outcome_name(e->kind), e->yards);
                    }
                    collapse(&d, v ? &cur : &ref);
                    if (v) {   /* exactly the same probabilities as at 1st and 10 */
                        ck_assert_msg(same(&ref, &cur),
                                      "togo %d, %d vs %d: depends on down %d ytg %d", t, o, j, s.down, s.ytg);
                        collapsed_clear(&cur);
                    }
                    pb_dist_release(&d);
                }
                collapsed_clear(&ref);
            }
    }
}
END_TEST

/* The English edition: the same guarantees, different numbers. */
START_TEST(english_edition)
{
    char err[PB_ERR_MAX];
    pb_ruleset en;
    ck_assert(pb_ruleset_load(&en, "v1.11-en", err, sizeof err) == 0);
    pb_drive *d;
    pb_drive_opts o = {&en, {0, 0, 0, 0, 0}, 2, 0};
    ck_assert_msg(pb_drive_solve(&d, &o, err, sizeof err) == 0, "%s", err);
    pb_drive_stats s;
    pb_drive_stats_get(d, &s);
    ck_assert(s.max_bound <= 1e-9 && s.max_exploit <= 1e-9);
    pb_drive_try t;
    pb_drive_try_get(d, &t);
    ck_assert(fabs(t.pat - 30.0 / 36) <= 1e-15);   /* "more than 4": sum >= 5 */
    ck_assert(pb_drive_ep(d, 80, 1, 10) != ep1(80));
    pb_drive_free(d);
}
END_TEST

/* An independent solver on the same payoffs: the snap's matrix game (every available call
 * against Defense 1..5, the successors at their EP) solved by lrsnash in exact rational
 * arithmetic at 76 states across the field, every down of 1 and 4, 10 and 3 to gain; its value
 * must be the state's EP to 1e-9 (the EP is the value of that game up to its bound). */
START_TEST(lrsnash_agrees)
{
    static const int togos[] = {1, 2, 3, 5, 8, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 99};
    int n = 0, mixed = 0;
    double worst = 0;
    for (size_t i = 0; i < sizeof togos / sizeof togos[0]; i++)
        for (int dn = 1; dn <= 4; dn += 3)
            for (int k = 0; k < 2; k++) {
                int t = togos[i], y = k ? (t < 3 ? t : 3) : (t < 10 ? t : 10);
                pb_drive_state st;
                ck_assert(pb_drive_get(JA, t, dn, y, &st) == 0);
                pb_mg_game g = {st.ncalls, 5, {{0}}};
                for (int r = 0; r < st.ncalls; r++)
                    for (int j = 0; j < 5; j++)
                        g.a[r][j] = st.matrix[r][j];
                double v;
                char err[256];
                ck_assert_msg(pb_test_lrsnash_value(&g, &v, err, sizeof err) == 0, "togo %d down %d ytg %d: %s", t,
                              dn, y, err);
                ck_assert_msg(fabs(v - st.ep) <= 1e-9, "togo %d down %d ytg %d: lrsnash %.15f, ep %.15f", t, dn, y, v,
                              st.ep);
                worst = fmax(worst, fabs(v - st.ep));
                mixed += pb_mg_maximin(&g) < pb_mg_minimax(&g);
                n++;
            }
    ck_assert(n == 76);
    ck_assert_msg(mixed >= 30, "only %d of the states have a mixed equilibrium: pick other states", mixed);
    printf("drive: lrsnash agrees at %d states (%d mixed), worst |difference| %.2e\n", n, mixed, worst);
}
END_TEST

Suite *pb_suite_drive(void)
{
    Suite *s = suite_create("drive");
    TCase *tc = tcase_create("drive");
    tcase_set_timeout(tc, 300);
    tcase_add_unchecked_fixture(tc, solve_ja, free_ja);
    tcase_add_test(tc, try_value);
    tcase_add_test(tc, field_goal_dominates);
    tcase_add_test(tc, bounds_and_exploitability);
    tcase_add_test(tc, punt_is_the_receivers_best);
    tcase_add_test(tc, entries_recomputed);
    tcase_add_test(tc, card_values);
    tcase_add_test(tc, card_values_blank);
    tcase_add_test(tc, kicks);
    tcase_add_test(tc, off_the_field);
    tcase_add_test(tc, deterministic);
    tcase_add_test(tc, independent_of_down);
    tcase_add_test(tc, english_edition);
    tcase_add_test(tc, lrsnash_agrees);
    suite_add_tcase(s, tc);
    return s;
}
