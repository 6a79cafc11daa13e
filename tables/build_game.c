/* tables/build_game.c: the game solver's tables (solve/wp.h), built only when the data carry a
 * solved game (d->game, `paperbowl tables --game`): the coin toss (game-coin-toss), the win
 * probability of a lead by cards left in either half (game-wp-lead, game-wp-lead-half1), the two-point chart (game-two-point), when
 * to kick onside (game-onside) and what a timeout is worth (game-timeouts), and the lookups the
 * report's game section shares (build.h, "the game solver's numbers").
 *
 * The values are the solver's doubles: each is a certified interval, printed at its midpoint with
 * printf's correctly rounded "%.*f" and its half-width beside it or in the notes. A choice (two or
 * the PAT, onside or deep) is printed only where the difference is wider than the two values'
 * bounds together; else "?" (not decided by the solve). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"

#define WP_PLACES 2       /* win probability in percent */
#define TRY_LEAD_MIN (-15)
#define TRY_LEAD_MAX 9
#define KICK_LEAD_MIN (-17)
#define KICK_LEAD_MAX 8

const int pb_table_game_leads[] = {-21, -17, -14, -10, -7, -3, 0, 3, 7, 10, 14, 17, 21};
const int pb_table_game_nleads = (int)(sizeof pb_table_game_leads / sizeof pb_table_game_leads[0]);

int pb_table_game_cards(const pb_table_data *d)
{
    return d->game ? pb_wp_cards_per_half(d->game) : 0;
}

double pb_table_game_first_down(const pb_table_data *d, int left, int lead, int own, int opp, double *bound)
{
    return pb_table_game_first_down_in(d, 2, left, lead, own, opp, 0, bound);
}

double pb_table_game_first_down_in(const pb_table_data *d, int half, int left, int lead, int own, int opp, int receives,
                                   double *bound)
{
    const pb_ruleset *rs = &d->rules;
    int tb = rs->touchback_togo;
    pb_wp_moment m = {PB_WP_SNAP, half, left, 0, lead, own, opp, half == 1 && receives, tb, 1,
                      tb < rs->first_down_yards ? tb : rs->first_down_yards};
    pb_wp_value v;
    char err[256];
    if (!d->game || pb_wp_value_at(d->game, &m, &v, err, sizeof err) != 0 || !v.stored) {
        *bound = NAN;
        return NAN;
    }
    *bound = v.bound;
    return v.wp;
}

/* The kicking team's value at the first kickoff of half 1, or of the overtime (half 3). */
static double first_kick(const pb_table_data *d, int half, double *bound)
{
    int T = d->rules.sw.timeouts, P = pb_table_game_cards(d);
    pb_wp_moment m = {PB_WP_KICKOFF, half, half == 3 ? P / 2 : P, 0, 0, T, T, half == 1, 0, 0, 0};
    pb_wp_value v;
    char err[256];
    if (!d->game || pb_wp_value_at(d->game, &m, &v, err, sizeof err) != 0) {
        *bound = NAN;
        return NAN;
    }
    *bound = v.bound;
    return v.wp;
}

double pb_table_game_coin(const pb_table_data *d, double *bound) { return first_kick(d, 1, bound); }
double pb_table_game_overtime_coin(const pb_table_data *d, double *bound) { return first_kick(d, 3, bound); }

/* first or second: the same (within rounding), or not decided when they differ by less than both
 * values' bounds (each alternative is within `radius` of its exact value). */
static int decide(double first, double second, double radius)
{
    double diff = fabs(first - second);
    if (diff <= 2 * radius && radius > 1e-12)   /* equal midpoints of wide intervals decide nothing */
        return PB_TABLE_GAME_OPEN;
    if (diff <= 1e-12)
        return PB_TABLE_GAME_SAME;
    if (diff <= 2 * radius)
        return PB_TABLE_GAME_OPEN;
    return first > second ? PB_TABLE_GAME_FIRST : PB_TABLE_GAME_SECOND;
}

/* The second half's try or kickoff at (left, lead), both sides with every timeout, in detail. */
static int kick_or_try(const pb_table_data *d, pb_wp_kind kind, int left, int lead, pb_wp_detail *x)
{
    int T = d->rules.sw.timeouts;
    pb_wp_moment m = {kind, 2, left, 0, lead, T, T, 0, 0, 0, 0};
    char err[256];
    return d->game && pb_wp_detail_at(d->game, &m, x, err, sizeof err) == 0 ? 0 : -1;
}

int pb_table_game_try(const pb_table_data *d, int left, int lead, double *pat, double *two)
{
    pb_wp_detail x;
    if (kick_or_try(d, PB_WP_TRY, left, lead, &x) != 0)
        return PB_TABLE_GAME_NONE;
    *pat = x.pat;
    *two = x.two;
    return decide(x.two, x.pat, x.radius);
}

int pb_table_game_kick(const pb_table_data *d, int left, int lead, double *regular, double *onside)
{
    pb_wp_detail x;
    if (kick_or_try(d, PB_WP_KICKOFF, left, lead, &x) != 0)
        return PB_TABLE_GAME_NONE;
    *regular = x.regular;
    *onside = x.onside;
    return decide(x.onside, x.regular, x.radius);
}

int pb_table_game_try_lefts(const pb_table_data *d, int *out)
{
    int P = pb_table_game_cards(d), n = 0;
    const int cand[] = {P - 1, 3 * P / 4, P / 2, P / 4, 12, 8, 6, 4, 3, 2, 1, 0};
    for (int i = 0; i < (int)(sizeof cand / sizeof cand[0]); i++)
        if (cand[i] >= 0 && cand[i] <= P - 1 && (n == 0 || cand[i] < out[n - 1]))
            out[n++] = cand[i];
    return n;
}

/* "1 timeout", "3 timeouts" (a static buffer: one use per expression) */
const char *pb_table_game_timeouts_text(pb_lang L, int n)
{
    static _Thread_local char buf[64];
    snprintf(buf, sizeof buf, n == 1 ? pb_msg(L, "%d timeout") : pb_msg(L, "%d timeouts"), n);
    return buf;
}

/* The notes every game table carries: ruleset, policies, the model, the lead cap, the bounds. */
void pb_table_game_assume(pb_table *t, const pb_table_data *d, const char *situation)
{
    pb_table_note_setting(t, d, situation, pb_msg(d->lang, " (the in-play decisions; every other choice is made by win probability)"));
    if (!d->game)
        return;
    pb_wp_stats st;
    pb_wp_stats_get(d->game, &st);
    pb_table_note(t, pb_msg(d->lang, "Model (the game solver, 'paperbowl solve game'): the win probability P(win) + P(tie)/2 of the "
                     "team named, both sides at the equilibrium of every snap and choosing every kick, try, fourth "
                     "down and end-of-half timeout by win probability; %d play cards a half, each card uniform over the "
                     "24 on every play; %.3g states solved."),
                  pb_wp_cards_per_half(d->game), st.states);
    pb_table_note(t, pb_msg(d->lang, "Values: floating point, certified: each is the midpoint of an interval that holds the exact value "
                     "(the +- or the bound given); leads beyond +-%d are not solved but bounded. Mixes exploitable by at "
                     "most %.1e."),
                  st.lead_cap, st.max_exploit);
}

static void build_coin(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "game-coin-toss", pb_msg(d->lang, "The coin toss: kick off first or receive first"));
    char sit[512];
    int P = pb_table_game_cards(d), ot = d->rules.sw.overtime == PB_OT_SUDDEN_DEATH;
    int n = snprintf(sit, sizeof sit, pb_msg(d->lang, "the opening kickoff, 0-0, %s each, all %d play cards of the half left"),
                     pb_table_game_timeouts_text(d->lang, d->rules.sw.timeouts), P);
    if (ot && n > 0 && (size_t)n < sizeof sit)   /* the overtime's rows are at its own kickoff */
        snprintf(sit + n, sizeof sit - (size_t)n,
                 P / 2 == 1 ? pb_msg(d->lang, "; the overtime rows: its kickoff, all %d play card of the overtime left "
                                              "(sudden death: the first score wins)")
                            : pb_msg(d->lang, "; the overtime rows: its kickoff, all %d play cards of the overtime left "
                                              "(sudden death: the first score wins)"),
                 P / 2);
    pb_table_game_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "WP: the chooser's win probability in percent; +-: the certified bound, as a probability."));
    pb_table_col_add(t, pb_msg(d->lang, "choice"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "WP %"), NULL, PB_COL_REAL, 4);
    pb_table_col_add(t, "+-", NULL, PB_COL_TEXT, 0);
    if (!d->game)
        return;
    /* the game's toss; with OT=sudden-death the overtime's too (its first score wins) */
    for (int half = 1; half <= (d->rules.sw.overtime == PB_OT_SUDDEN_DEATH ? 3 : 1); half += 2) {
        const char *pre = half == 3 ? pb_msg(d->lang, "overtime: ") : "";
        double b, kick = first_kick(d, half, &b);
        for (int k = 0; k < 2; k++) {
            size_t r = pb_table_row_add(t, false);
            pb_table_set_text(t, r, 0, "%s%s", pre, k ? pb_msg(d->lang, "receive first") : pb_msg(d->lang, "kick off first"));
            pb_table_set_real(t, r, 1, 100 * (k ? 1 - kick : kick));
            pb_table_set_text(t, r, 2, "%.1e", b);
        }
        size_t r = pb_table_row_add(t, true);
        pb_table_set_text(t, r, 0, "%s%s", pre, fabs(2 * kick - 1) <= 2 * b ? pb_msg(d->lang, "best: a tie within the bound")
                                                : kick > 0.5                ? pb_msg(d->lang, "best: kick off first")
                                                                            : pb_msg(d->lang, "best: receive first"));
        pb_table_set_real(t, r, 1, 100 * fabs(2 * kick - 1));
        pb_table_set_text(t, r, 2, "%.1e", 2 * b);
    }
}

/* game-wp-lead (half 2) and game-wp-lead-half1: a row per card left (half 1: two, the team with the
 * ball receiving the second-half kickoff or kicking it), a column per lead. */
static void build_wp_lead(const pb_table_data *d, pb_table_list *l, int half)
{
    const pb_ruleset *rs = &d->rules;
    int tb = rs->touchback_togo, T = rs->sw.timeouts, P = pb_table_game_cards(d);
    pb_table *t = half == 1 ? pb_table_list_add(l, "game-wp-lead-half1",
                                                pb_msg(d->lang, "Win probability of a lead by cards left (first half)"))
                            : pb_table_list_add(l, "game-wp-lead",
                                                pb_msg(d->lang, "Win probability of a lead by cards left (second half)"));
    char sit[512], ball[64];
    pb_table_ball_on(d->lang, tb, ball, sizeof ball);
    snprintf(sit, sizeof sit,
             half == 1 ? pb_msg(d->lang, "first half, the team with the ball at 1st and 10 on the %s (togo %d), %s each")
                       : pb_msg(d->lang, "second half, the team with the ball at 1st and 10 on the %s (togo %d), %s each"),
             ball, tb, pb_table_game_timeouts_text(d->lang, T));
    pb_table_game_assume(t, d, sit);
    if (half == 1)
        pb_table_note(t, pb_msg(d->lang, "Rows: the play cards left in the first half (this play's card included), twice: the "
                                         "team with the ball receiving the second-half kickoff, or kicking it; columns: its "
                                         "lead; cells: its win probability in percent; +-: the row's largest bound, as a "
                                         "probability."));
    else
        pb_table_note(t, pb_msg(d->lang, "Rows: the play cards left in the half (this play's card included); columns: the lead of the team "
                         "with the ball; cells: its win probability in percent; +-: the row's largest bound, as a "
                         "probability."));
    pb_table_col_add(t, pb_msg(d->lang, "cards left"), NULL, PB_COL_INT, 0);
    if (half == 1)
        pb_table_col_add(t, pb_msg(d->lang, "2nd-half kickoff"), NULL, PB_COL_TEXT, 0);
    size_t c0 = half == 1 ? 2 : 1;
    for (int j = 0; j < pb_table_game_nleads; j++) {
        char name[64];
        snprintf(name, sizeof name, "%+d", pb_table_game_leads[j]);
        pb_table_col_add(t, pb_table_game_leads[j] ? name : "0", pb_msg(d->lang, "lead"), PB_COL_REAL, WP_PLACES);
    }
    pb_table_col_add(t, "+-", NULL, PB_COL_TEXT, 0);
    for (int left = P; left >= 1 && d->game; left--)
        for (int rec = half == 1 ? 1 : 0; rec >= 0; rec--) {
            size_t r = pb_table_row_add(t, left % 10 == 0 && left < P && rec == (half == 1));
            pb_table_set_int(t, r, 0, left);
            if (half == 1)
                pb_table_set_text(t, r, 1, "%s", rec ? pb_msgc(d->lang, "second-half kickoff", "receives") : pb_msgc(d->lang, "second-half kickoff", "kicks"));
            double worst = 0;
            for (int j = 0; j < pb_table_game_nleads; j++) {
                double b, v = pb_table_game_first_down_in(d, half, left, pb_table_game_leads[j], T, T, rec, &b);
                pb_table_set_real(t, r, (size_t)j + c0, 100 * v);
                worst = fmax(worst, b);
            }
            pb_table_set_text(t, r, (size_t)pb_table_game_nleads + c0, "%.1e", worst);
        }
}

/* A grid of choices: rows the lead, columns the cards left; first/second the letters. */
static void build_choice(const pb_table_data *d, pb_table_list *l, int kick)
{
    const char *first = kick ? "O" : "2", *second = kick ? "D" : "K";
    pb_table *t = kick ? pb_table_list_add(l, "game-onside", pb_msg(d->lang, "When to kick onside (second half)"))
                       : pb_table_list_add(l, "game-two-point", pb_msg(d->lang, "The two-point chart: PAT or two (second half)"));
    char sit[512];
    snprintf(sit, sizeof sit, pb_msg(d->lang, "%s, second half, %s each"), kick ? pb_msg(d->lang, "the kickoff after a score") : pb_msg(d->lang, "the try after a touchdown"),
             pb_table_game_timeouts_text(d->lang, d->rules.sw.timeouts));
    pb_table_game_assume(t, d, sit);
    if (kick)
        pb_table_note(t, pb_msg(d->lang, "Rows: the kicking team's lead; columns: the play cards left in the half. O: kick onside, D: kick "
                         "deep (a regular kickoff), .: the same, ?: not decided (the two values differ by less than "
                         "their bounds)."));
    else
        pb_table_note(t, pb_msg(d->lang, "Rows: the lead after the touchdown, before the try (the 6 counted); columns: the play cards left "
                         "in the half after the scoring play. 2: go for two, K: kick the PAT, .: the same (the game "
                         "is decided either way), ?: not decided (the two values differ by less than their bounds)."));
    int lefts[16], nl = pb_table_game_try_lefts(d, lefts);
    if (kick && nl > 0 && lefts[nl - 1] == 0)   /* no kickoff after the half's last card */
        nl--;
    pb_table_col_add(t, pb_msg(d->lang, "lead"), NULL, PB_COL_INT, 0);
    for (int i = 0; i < nl; i++) {
        char name[64];
        snprintf(name, sizeof name, "%d", lefts[i]);
        pb_table_col_add(t, name, pb_msg(d->lang, "cards left"), PB_COL_TEXT, 0);
    }
    if (!d->game)
        return;
    int lo = kick ? KICK_LEAD_MIN : TRY_LEAD_MIN, hi = kick ? KICK_LEAD_MAX : TRY_LEAD_MAX;
    for (int s = lo; s <= hi; s++) {
        size_t r = pb_table_row_add(t, s == 0);
        pb_table_set_int(t, r, 0, s);
        for (int i = 0; i < nl; i++) {
            double a, b;
            int c = kick ? pb_table_game_kick(d, lefts[i], s, &a, &b) : pb_table_game_try(d, lefts[i], s, &a, &b);
            if (c == PB_TABLE_GAME_NONE)
                continue;
            pb_table_set_text(t, r, (size_t)i + 1, "%s",
                              c == PB_TABLE_GAME_FIRST    ? first
                              : c == PB_TABLE_GAME_SECOND ? second
                              : c == PB_TABLE_GAME_SAME   ? "."
                                                          : "?");
        }
    }
}

static void build_timeouts(const pb_table_data *d, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    int T = rs->sw.timeouts, tb = rs->touchback_togo, P = pb_table_game_cards(d);
    if (T == 0)
        return;
    pb_table *t = pb_table_list_add(l, "game-timeouts", pb_msg(d->lang, "What a timeout is worth by cards left (second half)"));
    char sit[512], ball[64];
    pb_table_ball_on(d->lang, tb, ball, sizeof ball);
    snprintf(sit, sizeof sit, pb_msg(d->lang, "second half, score tied, the team with the ball at 1st and 10 on the %s (togo %d), the "
                              "opponent with %s"), ball, tb, pb_table_game_timeouts_text(d->lang, T));
    pb_table_game_assume(t, d, sit);
    int none = T >= 2;   /* a column for no timeouts left, when that is not T - 1 */
    if (none)
        pb_table_note(t, pb_msg(d->lang, "WP in percent with %d, %d and no timeouts left to the team with the ball; the first timeout's "
                         "worth is WP(%d) - WP(%d), in percentage points; +-: the bound of that difference, as a "
                         "probability."), T, T - 1, T, T - 1);
    else
        pb_table_note(t, pb_msg(d->lang, "WP in percent with %d and %d timeouts left to the team with the ball; the timeout's worth is "
                         "the difference, in percentage points; +-: the bound of that difference, as a probability."),
                      T, T - 1);
    char name[64];
    pb_table_col_add(t, pb_msg(d->lang, "cards left"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_table_game_timeouts_text(d->lang, T), pb_msg(d->lang, "WP %"), PB_COL_REAL, WP_PLACES);
    pb_table_col_add(t, pb_table_game_timeouts_text(d->lang, T - 1), pb_msg(d->lang, "WP %"), PB_COL_REAL, WP_PLACES);
    if (none)
        pb_table_col_add(t, pb_msg(d->lang, "none"), pb_msg(d->lang, "WP %"), PB_COL_REAL, WP_PLACES);
    snprintf(name, sizeof name, "%s", pb_msg(d->lang, "a timeout"));
    pb_table_col_add(t, name, NULL, PB_COL_REAL, 3);
    pb_table_col_add(t, "+-", NULL, PB_COL_TEXT, 0);
    for (int left = P; left >= 1 && d->game; left--) {
        size_t r = pb_table_row_add(t, left % 10 == 0 && left < P), c = 0;
        double b1, b2, b0;
        double v1 = pb_table_game_first_down(d, left, 0, T, T, &b1);
        double v2 = pb_table_game_first_down(d, left, 0, T - 1, T, &b2);
        pb_table_set_int(t, r, c++, left);
        pb_table_set_real(t, r, c++, 100 * v1);
        pb_table_set_real(t, r, c++, 100 * v2);
        if (none)
            pb_table_set_real(t, r, c++, 100 * pb_table_game_first_down(d, left, 0, 0, T, &b0));
        pb_table_set_real(t, r, c++, 100 * (v1 - v2));
        pb_table_set_text(t, r, c, "%.1e", b1 + b2);
    }
}

void pb_table_build_game(const pb_table_data *d, pb_table_list *l)
{
    if (!d->game)
        return;
    build_coin(d, l);
    build_wp_lead(d, l, 2);
    build_wp_lead(d, l, 1);
    build_choice(d, l, 0);
    build_choice(d, l, 1);
    build_timeouts(d, l);
    pb_table_build_game_cards(d, l);
}

int pb_table_bound_decimals(double bound)
{
    int k = bound > 0 ? (int)ceil(-log10(bound)) : 9;
    return k < 4 ? 4 : k > 9 ? 9 : k;
}
