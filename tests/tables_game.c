/* tests/tables_game.c: Check suite for the game solver's tables and report section
 * (tables/build_game.c, build_game_cards.c, report_game.c, report_game_cards.c) and the solver
 * answers they read (pb_wp_card_worth_at, pb_wp_widest_get): every cell is the solver's own number (values, not
 * shapes), the choices at the end of the game are the ones derived by hand below, and the kickoff
 * choices read from the headline values (a value file without every state) agree with the ones
 * read from every state kept. The game is tests/data/game_tiny.ini (one play card a quarter, no
 * timeouts), solved twice for the test case (an unchecked fixture): headline only and every state
 * kept (under the sanitizer: headline only, at a smaller lead cap). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "data.h"
#include "enumerate.h"
#include "report.h"
#include "wp.h"

#ifdef __SANITIZE_ADDRESS__
#define LEAD_CAP 4      /* the sanitizer build: the same paths on fewer slices, no second solve */
#define SANITIZER 1
#else
#define LEAD_CAP 10
#define SANITIZER 0
#endif

static pb_ruleset rules;
static const pb_policies POL = {0, 0, 0, 0, 0};
static pb_wp *HEAD, *FULL;   /* the tiny game solved once for the test case: headline only, every state */

static pb_wp *solve_tiny(int keep_all)
{
    char err[PB_ERR_MAX];
    pb_wp *w = NULL;
    pb_wp_opts o = {&rules, POL, 2, LEAD_CAP, keep_all, NULL, 0, 0};
    ck_assert_msg(pb_wp_solve(&w, &o, err, sizeof err) == 0, "%s", err);
    return w;
}

static pb_table_data *data_for(const pb_wp *w)
{
    pb_table_data *d = malloc(sizeof *d);
    ck_assert_ptr_nonnull(d);
    pb_table_data_init(d, &rules, &POL);
    d->game = w;
    return d;
}

static void release(pb_table_data *d)
{
    pb_table_data_release(d);
    free(d);
}

static const char *cell(const pb_table *t, size_t r, size_t c)
{
    const pb_table_cell *x = pb_table_cell_at(t, r, c);
    return x->set ? x->text : "-";
}

static void expect_real(const pb_table *t, size_t r, size_t c, const char *fmt, double v, const char *what)
{
    char want[64];
    snprintf(want, sizeof want, fmt, v);
    ck_assert_msg(strcmp(cell(t, r, c), want) == 0, "%s: %s row %zu col %zu shows '%s', the solver says %s", what,
                  t->id, r, c, cell(t, r, c), want);
}

/* The row whose first cell is this number. */
static long row_of(const pb_table *t, int key)
{
    char k[16];
    snprintf(k, sizeof k, "%d", key);
    for (size_t r = 0; r < t->nrows; r++)
        if (strcmp(cell(t, r, 0), k) == 0)
            return (long)r;
    return -1;
}

static double value_at(const pb_wp *w, pb_wp_moment m, double *bound)
{
    pb_wp_value v;
    char err[256];
    ck_assert_msg(pb_wp_value_at(w, &m, &v, err, sizeof err) == 0 && v.stored, "%s", err);
    *bound = v.bound;
    return v.wp;
}

/* The report's game section for d, as a string (free it); *len its length. Not inlined: GCC 12
 * takes the memstream's buffer for the local it was returned through and warns of a dangling
 * pointer (-Wdangling-pointer) on every search of the page */
__attribute__((noinline)) static char *game_section(const pb_table_data *d, size_t *len)
{
    char *page = NULL;
    FILE *m = open_memstream(&page, len);
    ck_assert_ptr_nonnull(m);
    pb_report_game_section(m, d);
    fclose(m);
    return page;
}

/* Without a solved game there are no game tables at all (they are asked for with --game). */
START_TEST(no_game_no_tables)
{
    pb_table_data *d = data_for(NULL);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_game(d, &l);
    ck_assert_uint_eq(l.count, 0);
    pb_table_list_release(&l);
    size_t len;
    free(game_section(d, &len));
    ck_assert_uint_eq(len, 0);
    release(d);
}
END_TEST

/* The tables show the solver's numbers: the coin toss (the kicking team's value of the opening
 * kickoff, at 4 places of a percent), every cell of the lead table (1st and 10 at the touchback
 * spot, half 2, at 2 places), its bounds. game_tiny has no timeouts: no game-timeouts table.
 *
 * The two-point chart after the half's last card (0 cards left) is worked out by hand: the game
 * ends after the try. Lead -2 after the touchdown: the PAT leaves it at -1, a loss either way (0);
 * two points tie it with the two-point try's probability q > 0 (q / 2): go for two. Lead +1: +1 and
 * +2 both win, and so does a miss: the same. Lead -9: -8 or -7 lose: the same. Lead 0: the PAT
 * wins with its probability p, else a tie (p + (1 - p) / 2); two wins with q (q + (1 - q) / 2):
 * with p = 11/12 and q = 1/2, 23/24 against 3/4: kick. */
START_TEST(tables_carry_the_solver_values)
{
    const pb_wp *w = HEAD;
    pb_table_data *d = data_for(w);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_game(d, &l);
    ck_assert_uint_eq(l.count, 6);
    ck_assert_ptr_null(pb_table_list_find(&l, "game-timeouts"));
    int P = pb_wp_cards_per_half(w);
    ck_assert_int_eq(P, 2);

    const pb_table *coin = pb_table_list_find(&l, "game-coin-toss");
    ck_assert_ptr_nonnull(coin);
    double cb, kick = value_at(w, (pb_wp_moment){PB_WP_KICKOFF, 1, P, 0, 0, 0, 0, 1, 0, 0, 0}, &cb);
    expect_real(coin, 0, 1, "%.4f", 100 * kick, "kick off first");
    expect_real(coin, 1, 1, "%.4f", 100 * (1 - kick), "receive first");
    expect_real(coin, 0, 2, "%.1e", cb, "coin bound");

    const pb_table *lead = pb_table_list_find(&l, "game-wp-lead");
    ck_assert_ptr_nonnull(lead);
    ck_assert_uint_eq(lead->nrows, (size_t)P);
    ck_assert_uint_eq(lead->ncols, (size_t)pb_table_game_nleads + 2);
    for (int left = P; left >= 1; left--) {
        long r = row_of(lead, left);
        ck_assert(r >= 0);
        double worst = 0;
        for (int j = 0; j < pb_table_game_nleads; j++) {
            double b, v = value_at(w, (pb_wp_moment){PB_WP_SNAP, 2, left, 0, pb_table_game_leads[j], 0, 0, 0, 80, 1, 10}, &b);
            expect_real(lead, (size_t)r, (size_t)j + 1, "%.2f", 100 * v, "wp by lead");
            worst = fmax(worst, b);
        }
        expect_real(lead, (size_t)r, (size_t)pb_table_game_nleads + 1, "%.1e", worst, "row bound");
    }

    const pb_table *tp = pb_table_list_find(&l, "game-two-point");
    ck_assert_ptr_nonnull(tp);
    size_t c0 = 0;   /* the column of 0 cards left */
    for (size_t c = 1; c < tp->ncols; c++)
        if (strcmp(tp->cols[c].name, "0") == 0)
            c0 = c;
    ck_assert_uint_gt(c0, 0);
    ck_assert_str_eq(cell(tp, (size_t)row_of(tp, -2), c0), "2");
    ck_assert_str_eq(cell(tp, (size_t)row_of(tp, 1), c0), ".");
    ck_assert_str_eq(cell(tp, (size_t)row_of(tp, -9), c0), ".");
    pb_wp_detail x;
    char err[256];
    ck_assert(pb_wp_detail_at(w, &(pb_wp_moment){PB_WP_TRY, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0}, &x, err, sizeof err) == 0);
    /* p = 11/12 (the PAT fails on 3 of 36 rolls: the `pat` table) and q = 1/2 (the two-point
     * game's value at equilibrium, `drive-kicks`: 1.0 point): PAT 11/12 + 1/24 = 23/24, two
     * 1/2 + 1/4 = 3/4, so K */
    ck_assert_msg(fabs(x.pat - 23.0 / 24) < 1e-12 && fabs(x.two - 0.75) < 1e-12, "PAT %.17g, two %.17g", x.pat, x.two);
    ck_assert_str_eq(cell(tp, (size_t)row_of(tp, 0), c0), "K");
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* The kickoff and try choices of a headline-only solve (the kicks rebuilt from the 1st downs kept
 * as floats) are those of a solve that keeps every state (the layers' doubles), cell for cell,
 * and each is the better of the two values the detail gives. */
START_TEST(headline_choices_match_every_state)
{
    pb_table_data *dh = data_for(HEAD), *df = data_for(FULL);
    pb_table_list lh, lf;
    pb_table_list_init(&lh);
    pb_table_list_init(&lf);
    pb_table_build_game(dh, &lh);
    pb_table_build_game(df, &lf);
    const char *ids[] = {"game-two-point", "game-onside"};
    int decided = 0;
    for (int k = 0; k < 2; k++) {
        const pb_table *a = pb_table_list_find(&lh, ids[k]), *b = pb_table_list_find(&lf, ids[k]);
        ck_assert_ptr_nonnull(a);
        ck_assert_ptr_nonnull(b);
        ck_assert_uint_eq(a->nrows, b->nrows);
        ck_assert_uint_gt(a->nrows, 20);
        for (size_t r = 0; r < a->nrows; r++)
            for (size_t c = 1; c < a->ncols; c++) {
                /* "." (the same) and "?" (not shown to differ) agree: the floats of the headline can
                 * widen an interval where the values are equal */
                const char *x = cell(a, r, c), *y = cell(b, r, c);
                int open_x = strchr(".?", x[0]) != NULL, open_y = strchr(".?", y[0]) != NULL;
                ck_assert_msg(strcmp(x, y) == 0 || (open_x && open_y), "%s row %s, %s cards left: headline %s, "
                              "every state %s", ids[k], cell(a, r, 0), a->cols[c].name, x, y);
                decided += strchr("2KOD", cell(a, r, c)[0]) != NULL;
            }
    }
    ck_assert_int_gt(decided, 20);
    /* the onside letters against the detail's two values */
    for (int s = -17; s <= 8; s++) {
        double reg, ons;
        int c = pb_table_game_kick(dh, 1, s, &reg, &ons);
        if (s < -LEAD_CAP || s > LEAD_CAP) {   /* beyond the cap a kick is only bounded: no choice */
            ck_assert_int_eq(c, PB_TABLE_GAME_NONE);
            continue;
        }
        ck_assert_int_ne(c, PB_TABLE_GAME_NONE);
        if (c == PB_TABLE_GAME_FIRST)
            ck_assert(ons > reg);
        else if (c == PB_TABLE_GAME_SECOND)
            ck_assert(reg > ons);
        double reg2, ons2;
        pb_table_game_kick(df, 1, s, &reg2, &ons2);
        ck_assert_msg(fabs(reg - reg2) < 1e-6 && fabs(ons - ons2) < 1e-6, "lead %d: %.9f %.9f vs %.9f %.9f", s, reg,
                      ons, reg2, ons2);
    }
    pb_table_list_release(&lh);
    pb_table_list_release(&lf);
    release(dh);
    release(df);
}
END_TEST

/* The report's game section: its three charts (no timeouts chart: the tiny game has none), one
 * grid cell per (lead, cards left), the coin toss as the table gives it. */
START_TEST(report_section)
{
    const pb_wp *w = HEAD;
    pb_table_data *d = data_for(w);
    size_t len;
    char *page = game_section(d, &len);
    ck_assert_ptr_nonnull(strstr(page, "<section id=\"game\">"));
    ck_assert_ptr_nonnull(strstr(page, "id=\"chart-game-lead\""));
    ck_assert_ptr_nonnull(strstr(page, "id=\"chart-game-two-point\""));
    ck_assert_ptr_nonnull(strstr(page, "id=\"chart-game-onside\""));
    ck_assert_ptr_null(strstr(page, "id=\"chart-game-timeouts\""));
    double cb, kick = value_at(w, (pb_wp_moment){PB_WP_KICKOFF, 1, 2, 0, 0, 0, 0, 1, 0, 0, 0}, &cb);
    char want[200];
    /* the toss: a fair toss when the two values are within their bounds (as in the tiny game), or
     * within half a percentage point of an even game, and by how much; else the better side */
    if (fabs(2 * kick - 1) <= 2 * cb)
        snprintf(want, sizeof want, "a fair toss: kicking off first and receiving first are worth the same within the "
                                    "solve's bounds (&plusmn;%.1e)", cb);
    else if (fabs(2 * kick - 1) < 0.01)
        snprintf(want, sizeof want, "a fair toss: the side that %s first wins %.2g percentage points more often",
                 kick > 0.5 ? "kicks off" : "receives", 100 * fabs(2 * kick - 1));
    else
        snprintf(want, sizeof want, "the toss winner should %s", kick > 0.5 ? "kick" : "receive");
    ck_assert_msg(strstr(page, want) != NULL, "missing: %s", want);
    /* two-point grid: 25 leads x 2 columns (1 and 0 cards left); onside: the 26 leads -17..8 that
     * are within the lead cap x 1 (beyond it a kick's alternatives are only bounded: no cell) */
    int cells = 0, kick_leads = (LEAD_CAP < 8 ? LEAD_CAP : 8) + (LEAD_CAP < 17 ? LEAD_CAP : 17) + 1;
    const char *f4 = strstr(page, "id=\"chart-game-fourth\""), *f4end = f4 ? strstr(f4, "</svg>") : NULL;
    for (const char *p = page; (p = strstr(p, "class=\"cell\"")) != NULL; p++)
        if (!f4 || p < f4 || p > f4end)   /* the 4th-down chart by win probability: counted apart */
            cells++;
    /* + the first half's lead chart (the same cells) and the card chart (24 cards x its moments) */
    ck_assert_int_eq(cells, 25 * 2 + kick_leads + pb_table_game_nleads * 2 * 2 + 24 * PB_TABLE_GAME_NCARD_MOMENTS);
    /* the win probability by lead: a heat map, a cell per lead of game-wp-lead and card left,
     * each with its value at 1 place of a percent (here tied with 2 cards left) */
    double b, tied = pb_table_game_first_down(d, 2, 0, 0, 0, &b);
    snprintf(want, sizeof want, "<title>2 vs tied: %.1f</title>", 100 * tied);   /* not near 0 or 100 */
    ck_assert_msg(strstr(page, want) != NULL, "missing: %s", want);
    /* the first half's: its own chart, its values those of half 1 for the team kicking off the
     * second half (not half 2's: the tiny game's halves differ here) */
    const char *h1 = strstr(page, "id=\"chart-game-lead-half1\""), *h1end = h1 ? strstr(h1, "</svg>") : NULL;
    ck_assert_ptr_nonnull(h1end);
    double t1 = pb_table_game_first_down_in(d, 1, 2, 0, 0, 0, 0, &b);
    snprintf(want, sizeof want, "<title>2 vs tied: %.1f</title>", 100 * t1);
    const char *f1 = strstr(h1, want);
    ck_assert_msg(f1 && f1 < h1end, "missing in the first half's chart: %s", want);
    ck_assert_msg(fabs(t1 - tied) > 0.001, "the halves' values alike (%.4f): the check proves nothing", t1);
    ck_assert_ptr_nonnull(strstr(page, "id=\"chart-game-receive\""));
    ck_assert_ptr_nonnull(strstr(page, "id=\"chart-game-cards\""));
    free(page);
    release(d);
}
END_TEST

/* The first half's lead table: two rows per card left (receiving the second-half kickoff, then
 * kicking it), every cell the solver's value of half 1 with that flag; and the two rows differ
 * (who receives the second-half kickoff matters), so a table that read half 2 or one flag fails. */
START_TEST(first_half_table)
{
    const pb_wp *w = HEAD;
    pb_table_data *d = data_for(w);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_game(d, &l);
    const pb_table *t = pb_table_list_find(&l, "game-wp-lead-half1");
    ck_assert_ptr_nonnull(t);
    int P = pb_wp_cards_per_half(w);
    ck_assert_uint_eq(t->nrows, (size_t)(2 * P));
    ck_assert_uint_eq(t->ncols, (size_t)pb_table_game_nleads + 3);
    int differ = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        int left = P - (int)r / 2, rec = r % 2 == 0;
        char k[16];
        snprintf(k, sizeof k, "%d", left);
        ck_assert_str_eq(cell(t, r, 0), k);
        ck_assert_str_eq(cell(t, r, 1), rec ? "receives" : "kicks");
        double worst = 0;
        for (int j = 0; j < pb_table_game_nleads; j++) {
            double b, v = value_at(w, (pb_wp_moment){PB_WP_SNAP, 1, left, 0, pb_table_game_leads[j], 0, 0, rec, 80, 1, 10}, &b);
            expect_real(t, r, (size_t)j + 2, "%.2f", 100 * v, "half-1 wp by lead");
            double b2, v2 = value_at(w, (pb_wp_moment){PB_WP_SNAP, 2, left, 0, pb_table_game_leads[j], 0, 0, 0, 80, 1, 10}, &b2);
            double b0, v0 = value_at(w, (pb_wp_moment){PB_WP_SNAP, 1, left, 0, pb_table_game_leads[j], 0, 0, !rec, 80, 1, 10}, &b0);
            differ += fabs(v - v0) > b + b0 && fabs(v - v2) > b + b2;
            worst = fmax(worst, b);
        }
        expect_real(t, r, (size_t)pb_table_game_nleads + 2, "%.1e", worst, "half-1 row bound");
    }
    ck_assert_int_gt(differ, 0);
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* Where the loosest kept state is: no kept 1st down, kickoff, free kick or try of any layer, slice
 * or togo has a wider interval (each read back through pb_wp_value_at), the one named has it (its
 * interval as wide, unless cut at 0 or 1), it is at least the solve's own max_gap, and the report's
 * badge says where. */
START_TEST(widest_state_named)
{
    const pb_wp *w = HEAD;
    pb_wp_widest x;
    pb_wp_widest_get(w, &x);
    pb_wp_stats st;
    pb_wp_stats_get(w, &st);
    ck_assert(x.width > 0);
    /* the kept 1st downs are the layer's values with their togo's radius (every down of it), so at
     * least as wide as the solve's own intervals (max_gap), up to the floats' rounding */
    ck_assert_msg(x.width >= st.max_gap - 4e-7, "widest %.9g, max_gap %.9g", x.width, st.max_gap);
    int P = pb_wp_cards_per_half(w), S = pb_wp_lead_cap(w);
    double seen = 0;
    for (int half = 1; half <= 2; half++)
        for (int L = 1; L <= P; L++)
            for (int s = -S; s <= S; s++)
                for (int r = 0; r <= (half == 1); r++)
                    for (int kind = 0; kind < 4; kind++)
                        for (int t = kind == PB_WP_SNAP ? 1 : 0; t <= (kind == PB_WP_SNAP ? 99 : 0); t++) {
                            pb_wp_moment m = {(pb_wp_kind)kind, half, L, 0, s, 0, 0, r, t, 1, t < 10 ? t : 10};
                            if (kind != PB_WP_SNAP)
                                m.togo = m.down = m.ytg = 0;
                            pb_wp_value v;
                            char err[256];
                            if (pb_wp_value_at(w, &m, &v, err, sizeof err) != 0)
                                continue;
                            ck_assert_msg(v.hi - v.lo <= x.width, "half %d, %d left, lead %+d, kind %d, togo %d: %.9g "
                                          "wider than the widest %.9g", half, L, s, kind, t, v.hi - v.lo, x.width);
                            seen = fmax(seen, v.hi - v.lo);
                        }
    pb_wp_value v;
    char err[256];
    ck_assert_msg(pb_wp_value_at(w, &x.at, &v, err, sizeof err) == 0, "%s", err);
    ck_assert(v.hi - v.lo == x.width || v.hi == 1.0 || v.lo == 0.0);
    ck_assert(x.lead_min <= x.at.lead && x.at.lead <= x.lead_max);
    ck_assert(seen > 0.5 * x.width);
    /* the badge names it when it is looser than the values shown */
    pb_table_data *d = data_for(w);
    size_t len;
    char *page = game_section(d, &len), want[200];
    snprintf(want, sizeof want, "the widest interval of any kept state is %.1e wide", x.width);
    char *at = strstr(page, want);
    if (at) {
        snprintf(want, sizeof want, "with %d play card%s left, at lead %+d, %d timeouts to the opponent's %d", x.at.left,
                 x.at.left == 1 ? "" : "s", x.at.lead, x.at.timeouts_own, x.at.timeouts_opp);
        ck_assert_msg(strstr(at, want) != NULL, "the badge does not say where: %s", want);
    }
    free(page);
    release(d);
}
END_TEST

/* A card's worth in win probability: at the start of the second half, 1st and 10 at the own 20,
 * tied and up 3. The 24 cards' matrices average to the snap's own game, which is pb_wp_detail_at's
 * matrix; card 07 (a foul only when the offense leads) is the blank card exactly when tied and
 * worth something when ahead; the deck's worth is the mean of the cards'; the headline-only and
 * the every-state solves agree within the stated bounds; the table prints these numbers. */
START_TEST(card_worth_against_blank)
{
    int P = pb_wp_cards_per_half(HEAD);
    for (int lead = 0; lead <= 3; lead += 3) {
        pb_wp_moment m = {PB_WP_SNAP, 2, P, 0, lead, 0, 0, 0, 80, 1, 10};
        static pb_wp_card_worth x, y;
        char err[256];
        ck_assert_msg(pb_wp_card_worth_at(HEAD, &m, &x, err, sizeof err) == 0, "%s", err);
        pb_wp_detail det;
        ck_assert_msg(pb_wp_detail_at(HEAD, &m, &det, err, sizeof err) == 0, "%s", err);
        double mean_at = 0;
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++) {
                double avg = 0;
                for (int c = 1; c <= 24; c++)
                    avg += x.matrix[c][o][j] / 24;
                ck_assert_msg(fabs(avg - x.mean[o][j]) < 1e-12, "lead %d, entry %d,%d: the cards' mean %.17g, the "
                              "snap's %.17g", lead, o, j, avg, x.mean[o][j]);
                ck_assert_msg(fabs(x.mean[o][j] - det.matrix[o][j]) <= x.mean_radius + det.radius, "lead %d: entry %d,%d "
                              "%.17g against the detail's %.17g", lead, o, j, x.mean[o][j], det.matrix[o][j]);
                ck_assert(x.radius[0] > 0 && x.radius[0] < 1e-3);
            }
        for (int c = 1; c <= 24; c++)
            mean_at += x.at_mix[c] / 24;
        ck_assert_msg(fabs(mean_at - x.game) < 1e-12, "the deck %.17g, the game %.17g", mean_at, x.game);
        ck_assert_msg(fabs(x.game - det.go) < 1e-9, "the game %.17g, the detail's go %.17g", x.game, det.go);
        if (lead == 0)
            ck_assert_msg(memcmp(x.matrix[7], x.matrix[0], sizeof x.matrix[0]) == 0 && x.worth[7] == 0,
                          "card 07 tied is not a blank card: worth %.17g", x.worth[7]);
        else
            ck_assert_msg(x.worth[7] < -x.bound[7], "card 07 ahead by 3: worth %.3g (+-%.1e)", x.worth[7], x.bound[7]);
        if (FULL) {   /* the every-state solve: the same values within both bounds */
            ck_assert_msg(pb_wp_card_worth_at(FULL, &m, &y, err, sizeof err) == 0, "%s", err);
            for (int c = 1; c <= 24; c++)
                ck_assert_msg(fabs(x.worth[c] - y.worth[c]) <= x.bound[c] + y.bound[c] + 1e-9, "card %02d, lead %d: "
                              "%.9g against %.9g (+-%.1e, %.1e)", c, lead, x.worth[c], y.worth[c], x.bound[c], y.bound[c]);
        }
    }
    /* the table: each card's worth at each moment as the API gives it */
    pb_table_data *d = data_for(HEAD);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_game(d, &l);
    const pb_table *t = pb_table_list_find(&l, "game-cards-blank");
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(t->nrows, 26);
    for (int k = 0; k < PB_TABLE_GAME_NCARD_MOMENTS; k++) {
        pb_wp_moment m;
        pb_table_game_card_moment(d, k, &m);
        static pb_wp_card_worth x;
        char err[256];
        ck_assert_msg(pb_wp_card_worth_at(HEAD, &m, &x, err, sizeof err) == 0, "%s", err);
        for (int c = 1; c <= 24; c++)
            expect_real(t, (size_t)c - 1, (size_t)k + 2, "%+.2f", 100 * x.worth[c], "card worth");
        expect_real(t, 24, (size_t)k + 2, "%+.2f", 100 * (x.game - x.at_mix[0]), "the deck's worth");
    }
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* The section in Japanese: no English prose left (the lead paragraph, the certified bound, the
 * toss, the captions, the charts' titles and tooltips, the 4th-down chart's), the rulebook's terms. */
START_TEST(section_in_japanese)
{
    pb_table_data *d = data_for(HEAD);
    d->lang = PB_LANG_JA;
    size_t len;
    char *page = game_section(d, &len);
    static const char *const english[] = {"win probability", "Win probability", "Certified bound", "The coin toss",
                                          "fair toss", "Hover a cell", "cards left", "percentage points", "blank card",
                                          "go for two", "kick onside", "by win probability", "the team with the ball",
                                          "Other solved states", "receiving the second-half kickoff", "tied"};
    for (size_t i = 0; i < sizeof english / sizeof english[0]; i++)
        ck_assert_msg(strstr(page, english[i]) == NULL, "English left in the Japanese section: '%s'", english[i]);
    static const char *const japanese[] = {"勝利確率", "誤差保証つき", "コイン・トス", "オンサイド・キック", "ツー・ポイント",
                                           "白紙のカード", "前半", "後半のキックオフ"};
    for (size_t i = 0; i < sizeof japanese / sizeof japanese[0]; i++)
        ck_assert_msg(strstr(page, japanese[i]) != NULL, "missing in the Japanese section: '%s'", japanese[i]);
    free(page);
    release(d);
}
END_TEST

static void solve_both(void)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&rules, "tests/data/game_tiny.ini", err, sizeof err) == 0, "%s", err);
    HEAD = solve_tiny(0);
    FULL = SANITIZER ? NULL : solve_tiny(1);
}

static void free_both(void)
{
    pb_wp_free(HEAD);
    pb_wp_free(FULL);
    HEAD = FULL = NULL;
    pb_enum_cache_clear();
}

Suite *pb_suite_tables_game(void)
{
    Suite *s = suite_create("pb_suite_tables_game");
    TCase *tc = tcase_create("game");
    tcase_add_unchecked_fixture(tc, solve_both, free_both);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, no_game_no_tables);
    tcase_add_test(tc, tables_carry_the_solver_values);
    if (!SANITIZER)   /* make check runs it */
        tcase_add_test(tc, headline_choices_match_every_state);
    tcase_add_test(tc, report_section);
    tcase_add_test(tc, first_half_table);
    tcase_add_test(tc, widest_state_named);
    tcase_add_test(tc, card_worth_against_blank);
    tcase_add_test(tc, section_in_japanese);
    suite_add_tcase(s, tc);
    return s;
}
