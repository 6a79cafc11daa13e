/* tables/edition.c: the rulebook edition's tables (tables/edition.h): the special teams by the
 * rule's bands, the offense x defense summaries at four field positions, the play cards that change
 * them, and the two charts a player decides by. Every cell is text made by tables/numfmt.h from
 * the exact values of the table data (or the solvers' certified doubles for the charts); every
 * word is the catalogue's (core/msg.h) in the edition's language. */
#include "edition.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "numfmt.h"

/* The four field positions of the play summaries (togo) and their ids. */
static const int play_togo[] = {80, 50, 20, 5};
static const char *const play_id[] = {"play-own20", "play-50", "play-opp20", "play-goal5"};
#define NPLAY 4

/* Punts from these spots (togo of the punting team). */
static const int punt_from[] = {80, 70, 60, 50, 45, 40};
#define NPUNT (int)(sizeof punt_from / sizeof punt_from[0])

/* The 4th-down chart's rows (togo) and columns (yards to gain). */
static const int fourth_togo[] = {95, 90, 80, 70, 60, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 3, 1};
static const int fourth_ytg[] = {1, 2, 3, 4, 5, 7, 10, 15};
#define NFOURTH_TOGO (int)(sizeof fourth_togo / sizeof fourth_togo[0])
#define NFOURTH_YTG (int)(sizeof fourth_ytg / sizeof fourth_ytg[0])

/* A play card changes the picture when one of its numbers at midfield differs from no card's by
 * this much or more (percentage points). */
#define CARD_POINTS 5

void pb_edition_need(pb_table_need *n)
{
    memset(n, 0, sizeof *n);
    n->special = true;
    for (int i = 0; i < NPLAY; i++)
        n->togo[play_togo[i]] = true;
    n->drive = true;
}

/* ---- words ---- */

static const char *offense_name(pb_lang L, int o)
{
    switch (o) {
    case PB_OFF_RUN: return pb_msgc(L, "offense card", "Run");
    case PB_OFF_SHORT: return pb_msgc(L, "offense card", "Short Pass");
    default: return pb_msgc(L, "offense card", "Long Pass");
    }
}

/* Where the ball is, from the team with the ball: "own 20", "midfield", "opp. 20". */
static void ball_on(pb_lang L, int togo, char *buf, size_t len)
{
    if (togo > 50)
        snprintf(buf, len, pb_msg(L, "own %d"), 100 - togo);
    else if (togo == 50)
        snprintf(buf, len, "%s", pb_msg(L, "midfield"));
    else
        snprintf(buf, len, pb_msg(L, "opp. %d"), togo);
}

/* The caption's ending: "Ruleset v1.11-ja." */
static void ruleset_words(const pb_table_data *d, pb_lang L, char *buf, size_t len)
{
    if (d->changes[0])
        snprintf(buf, len, pb_msg(L, "Ruleset %s, with %s."), d->rules.name, d->changes);
    else
        snprintf(buf, len, pb_msg(L, "Ruleset %s."), d->rules.name);
}

/* The line under an exact table: what it is, "exact", the ruleset. */
static void exact_line(pb_table *t, const pb_table_data *d, pb_lang L, const char *what)
{
    char rs[PB_NAME_MAX + 300];
    ruleset_words(d, L, rs, sizeof rs);
    /* TRANSLATORS: the line under a table: what it is, how exact, the ruleset (sentences joined) */
    pb_table_note(t, pb_msg(L, "%s %s %s"), what, pb_msg(L, "Exact: every roll of the dice counted."), rs);
}

static void prob_cell(pb_table *t, size_t r, size_t c, const mpq_t q, int digits)
{
    char buf[PB_NUMFMT_MAX];
    pb_numfmt_prob(buf, sizeof buf, q, digits);
    pb_table_set_text(t, r, c, "%s", buf);
}

/* The sum of a distribution's entries that `keep` accepts, as an exact probability. */
typedef bool (*entry_pred)(const pb_dist_entry *e, int a, int b);
static void dist_sum(const pb_dist *dist, entry_pred keep, int a, int b, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < dist->count; i++)
        if (keep(&dist->entries[i], a, b))
            mpz_add(s, s, dist->entries[i].num);
    mpz_set(mpq_numref(out), s);
    mpz_set(mpq_denref(out), dist->den);
    mpq_canonicalize(out);
    mpz_clear(s);
}

/* ---- special teams ---- */

static void fg_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "fg", pb_msg(L, "Field goal"));
    pb_table_col_add(t, pb_msg(L, "distance to the goal line"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "good when"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "P(good)"), NULL, PB_COL_REAL, 0);
    int lo = 1;
    for (int i = 0; i <= rs->fg_row_count && lo <= rs->fg_max_togo && lo < PB_TABLE_NTOGO; i++) {
        int hi = i < rs->fg_row_count ? rs->fg_rows[i].max_togo : rs->fg_max_togo;
        if (hi > rs->fg_max_togo)
            hi = rs->fg_max_togo;
        if (hi < lo)
            continue;
        char band[64], when[160], faces[32];
        snprintf(band, sizeof band, pb_msg(L, "%d-%d yards"), lo, hi);
        if (i < rs->fg_row_count) {
            pb_faces_format(rs->fg_rows[i].faces, faces, sizeof faces);
            for (char *s = faces; *s; s++)
                if (*s == ' ')
                    *s = ',';
            snprintf(when, sizeof when, "%s", "");
            if (rs->fg_doubles)
                snprintf(when, sizeof when, pb_msg(L, "a die shows %s, or doubles"), faces);
            else
                snprintf(when, sizeof when, pb_msg(L, "a die shows %s"), faces);
        } else {
            snprintf(when, sizeof when, "%s", rs->fg_doubles ? pb_msg(L, "doubles only") : pb_msg(L, "never"));
        }
        size_t r = pb_table_row_add(t, false);
        pb_table_set_text(t, r, 0, "%s", band);
        pb_table_set_text(t, r, 1, "%s", when);
        prob_cell(t, r, 2, d->fg_good[hi], o->digits);
        lo = hi + 1;
    }
    char what[256];
    snprintf(what, sizeof what, pb_msg(L, "The field goal by the rule's distance bands (rule 3.6: up to %d yards; a "
                                          "miss gives the ball to the opponent at the spot)."),
             rs->fg_max_togo);
    exact_line(t, d, L, what);
}

static void pat_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "pat", pb_msg(L, "Point after touchdown: the kick"));
    pb_table_col_add(t, pb_msg(L, "try"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "points"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "P(good)"), NULL, PB_COL_REAL, 0);
    size_t r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, pb_msg(L, "kick: the dice sum to %d or more"), d->rules.pat_kick_at_least);
    pb_table_set_text(t, r, 1, "1");
    prob_cell(t, r, 2, d->pat_good, o->digits);
    exact_line(t, d, L, pb_msg(L, "The kick after a touchdown (rule 3.5)."));
}

/* The defense columns D1..D5 under one heading. */
static void defense_cols(pb_table *t, pb_lang L)
{
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char name[32];
        snprintf(name, sizeof name, "%d", k);
        pb_table_col_add(t, name, pb_msg(L, "Defense card"), PB_COL_REAL, 0);
    }
}

static void two_point_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "two-point", pb_msg(L, "Two-point conversion"));
    pb_table_col_add(t, pb_msg(L, "offense card"), NULL, PB_COL_TEXT, 0);
    defense_cols(t, L);
    for (int off = 0; off < PB_OFFENSE_COUNT; off++) {
        size_t r = pb_table_row_add(t, false);
        pb_table_set_text(t, r, 0, "%s", offense_name(L, off));
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
            prob_cell(t, r, (size_t)k, d->two_point[off][k - 1], o->digits);
    }
    char what[256];
    snprintf(what, sizeof what, pb_msg(L, "P(scored): one play from %d yards, no play card (rule 3.5)."),
             d->rules.two_point_togo);
    exact_line(t, d, L, what);
}

/* Kicks: a = the row kind, b = a bound. */
enum { K_KEPT, K_TOUCHBACK, K_START, K_RETURN_TD };
static bool kick_pred(const pb_dist_entry *e, int kind, int band)
{
    switch (kind) {
    case K_KEPT: return e->kind == PB_OUT_KEPT;
    case K_TOUCHBACK: return e->kind == PB_OUT_START && (e->flags & PB_FLAG_TOUCHBACK);
    case K_RETURN_TD: return e->kind == PB_OUT_RETURN_TD;
    default:
        if (e->kind != PB_OUT_START || (e->flags & PB_FLAG_TOUCHBACK))
            return false;
        /* band b: the receiver's own yard line 100 - togo in [10b, 10b + 9]; b 5: midfield or beyond */
        int own = 100 - e->yards;
        return band == 5 ? own >= 50 : own >= 10 * band && own < 10 * band + 10 && own < 50;
    }
}

/* The receiving team's mean start (over every start, touchbacks included) as its own yard line. */
static void mean_start(const pb_dist *dist, mpq_t out, bool *any)
{
    mpz_t w, sy;
    mpz_inits(w, sy, NULL);
    for (size_t i = 0; i < dist->count; i++) {
        const pb_dist_entry *e = &dist->entries[i];
        if (e->kind == PB_OUT_START) {
            mpz_add(w, w, e->num);
            mpz_addmul_ui(sy, e->num, (unsigned long)(100 - e->yards));
        }
    }
    *any = mpz_sgn(w) != 0;
    if (*any) {
        mpz_set(mpq_numref(out), sy);
        mpz_set(mpq_denref(out), w);
        mpq_canonicalize(out);
    }
    mpz_clears(w, sy, NULL);
}

/* A mean spot, from the own goal line: "own 25.4", or past midfield "opp. 35.0". */
static void yard_cell(pb_table *t, size_t r, size_t c, pb_lang L, const mpq_t own)
{
    char y[64];
    if (mpq_cmp_ui(own, 50, 1) <= 0) {
        pb_exact_decimal(y, sizeof y, own, 1);
        pb_table_set_text(t, r, c, pb_msg(L, "own %s"), y);
        return;
    }
    mpq_t opp;
    mpq_init(opp);
    mpq_set_ui(opp, 100, 1);
    mpq_sub(opp, opp, own);
    pb_exact_decimal(y, sizeof y, opp, 1);
    mpq_clear(opp);
    pb_table_set_text(t, r, c, pb_msg(L, "opp. %s"), y);
}

static void kicks_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "kicks", pb_msg(L, "Kickoff and onside kick"));
    pb_table_col_add(t, pb_msg(L, "who gets the ball, and where"), NULL, PB_COL_TEXT, 0);
    char name[96];
    for (int g = 0; g < 2; g++)
        for (int f = 0; f < 2; f++) {
            snprintf(name, sizeof name, pb_msg(L, "from own %d"), f ? rs->free_kick_from : rs->kickoff_from);
            pb_table_col_add(t, name, g ? pb_msg(L, "onside kick") : pb_msg(L, "regular kick"), PB_COL_REAL, 0);
        }
    const pb_dist *k[4] = {&d->kickoff, &d->free_kick, &d->onside, &d->onside_free};
    mpq_t p;
    mpq_init(p);
    struct { int kind, band; } rows[] = {{K_KEPT, 0},  {K_TOUCHBACK, 0}, {K_START, 0}, {K_START, 1}, {K_START, 2},
                                         {K_START, 3}, {K_START, 4},     {K_START, 5}, {K_RETURN_TD, 0}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        bool any = false;
        for (int c = 0; c < 4; c++) {
            dist_sum(k[c], kick_pred, rows[i].kind, rows[i].band, p);
            any = any || mpq_sgn(p) != 0;
        }
        if (!any)
            continue;   /* a row no kick reaches */
        size_t r = pb_table_row_add(t, rows[i].kind == K_TOUCHBACK || rows[i].kind == K_RETURN_TD);
        char label[128];
        int b = rows[i].band;
        switch (rows[i].kind) {
        case K_KEPT: snprintf(label, sizeof label, "%s", pb_msg(L, "kicking team keeps the ball")); break;
        case K_TOUCHBACK:
            snprintf(label, sizeof label, pb_msg(L, "touchback: receiver on its own %d"),
                     100 - rs->touchback_togo);
            break;
        case K_RETURN_TD: snprintf(label, sizeof label, "%s", pb_msg(L, "return touchdown")); break;
        default:
            if (b == 0)
                snprintf(label, sizeof label, "%s", pb_msg(L, "receiver starts inside its own 10"));
            else if (b == 5)
                snprintf(label, sizeof label, "%s", pb_msg(L, "receiver starts at midfield or beyond"));
            else
                snprintf(label, sizeof label, pb_msg(L, "receiver starts on its own %d-%d"), 10 * b,
                         10 * b + 9);
        }
        pb_table_set_text(t, r, 0, "%s", label);
        for (int c = 0; c < 4; c++) {
            dist_sum(k[c], kick_pred, rows[i].kind, rows[i].band, p);
            prob_cell(t, r, (size_t)c + 1, p, o->digits);
        }
    }
    size_t r = pb_table_row_add(t, true);
    pb_table_set_text(t, r, 0, "%s", pb_msg(L, "receiver's mean start"));
    for (int c = 0; c < 4; c++) {
        bool any;
        mean_start(k[c], p, &any);
        if (any)
            yard_cell(t, r, (size_t)c + 1, L, p);
        else
            pb_table_set_text(t, r, (size_t)c + 1, "%s", PB_NUMFMT_DASH);
    }
    mpq_clear(p);
    char what[512];
    snprintf(what, sizeof what,
             pb_msg(L, "Rule 3.1: the kickoff from the own %d, the free kick after a safety from the own %d. The "
                       "receiving team takes the touchback or returns, whichever gives it the better start on average; "
                       "the onside kick is kept when 2 x the die is %d or more."),
             rs->kickoff_from, rs->free_kick_from, rs->onside_keep_at_least);
    exact_line(t, d, L, what);
}

static void punt_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "punt", pb_msg(L, "Punt"));
    pb_table_col_add(t, pb_msg(L, "punt from"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "the ball stops"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "touchback"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "return touchdown"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "receiver's mean start"), NULL, PB_COL_REAL, 0);
    mpq_t p;
    mpq_init(p);
    for (int i = 0; i < NPUNT; i++) {
        int togo = punt_from[i];
        const pb_dist *dist = &d->punt[togo];
        size_t r = pb_table_row_add(t, false);
        char where[64];
        ball_on(L, togo, where, sizeof where);
        pb_table_set_text(t, r, 0, "%s", where);
        int land = pb_punt_landing(rs, togo);   /* the receiver's togo; 100: its goal line */
        if (land >= 100)
            pb_table_set_text(t, r, 1, "%s", pb_msg(L, "at the goal line"));
        else if (land > 0)
            pb_table_set_text(t, r, 1, pb_msg(L, "on the receiver's own %d"), 100 - land);
        else
            pb_table_set_text(t, r, 1, "%s", PB_NUMFMT_DASH);
        dist_sum(dist, kick_pred, K_TOUCHBACK, 0, p);
        prob_cell(t, r, 2, p, o->digits);
        dist_sum(dist, kick_pred, K_RETURN_TD, 0, p);
        prob_cell(t, r, 3, p, o->digits);
        bool any;
        mean_start(dist, p, &any);
        if (any)
            yard_cell(t, r, 4, L, p);
        else
            pb_table_set_text(t, r, 4, "%s", PB_NUMFMT_DASH);
    }
    mpq_clear(p);
    char what[512];
    snprintf(what, sizeof what,
             pb_msg(L, "Rule 3.3: the punt goes %d yards, stopped at the goal line; the receiving team takes the "
                       "touchback (its own %d) or returns, whichever gives it the better start on average."),
             rs->punt_distance, 100 - rs->touchback_togo);
    exact_line(t, d, L, what);
}

static bool return_pred(const pb_dist_entry *e, int yards, int unused)
{
    (void)unused;
    if (e->kind == PB_OUT_RETURN_TD)
        return true;
    return e->kind == PB_OUT_START && 99 - e->yards >= yards;
}

static void return_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "return", pb_msg(L, "Return"));
    pb_table_col_add(t, pb_msg(L, "the return goes"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "probability"), NULL, PB_COL_REAL, 0);
    static const int yards[] = {10, 20, 30, 40, 50, 99};
    mpq_t p;
    mpq_init(p);
    for (size_t i = 0; i < sizeof yards / sizeof yards[0]; i++) {
        size_t r = pb_table_row_add(t, yards[i] == 99);
        if (yards[i] == 99)
            pb_table_set_text(t, r, 0, "%s", pb_msg(L, "all the way: a touchdown from the own 1"));
        else
            pb_table_set_text(t, r, 0, pb_msg(L, "%d yards or more"), yards[i]);
        dist_sum(&d->ret, return_pred, yards[i], 0, p);
        prob_cell(t, r, 1, p, o->digits);
    }
    mpq_clear(p);
    char what[512];
    snprintf(what, sizeof what,
             pb_msg(L, "Rule 3.4: the return goes %d x the sum of the dice, %d x the sum on doubles, and doubles roll "
                       "again."),
             d->rules.return_multiplier, d->rules.return_doubles_multiplier);
    exact_line(t, d, L, what);
}

/* ---- offense x defense at four field positions ---- */

/* The gain bands of a play: the net yards where the offense keeps the ball or scores. */
enum { B_LOSS, B_ZERO, B_SHORT, B_TEN, B_TWENTY, NBANDS };
static int band_of(const pb_dist_entry *e, int togo)
{
    int y;
    switch (e->kind) {
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
    case PB_OUT_PENALTY: y = e->yards; break;
    case PB_OUT_INCOMPLETE: y = 0; break;
    case PB_OUT_TOUCHDOWN: y = togo; break;
    case PB_OUT_SAFETY: y = -1; break;
    default: return -1;   /* turnovers: their own row */
    }
    return y < 0 ? B_LOSS : y == 0 ? B_ZERO : y < 10 ? B_SHORT : y < 20 ? B_TEN : B_TWENTY;
}

static bool band_pred(const pb_dist_entry *e, int band, int togo) { return band_of(e, togo) == band; }

enum { S_COMPLETE, S_FIRST_DOWN, S_TD, S_TURNOVER, NSTATS };

static void play_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l, int i)
{
    pb_lang L = o->lang;
    int togo = play_togo[i];
    char title[160], where[64];
    ball_on(L, togo, where, sizeof where);
    if (togo < d->rules.first_down_yards)
        snprintf(title, sizeof title, pb_msg(L, "Offense against defense: 1st and goal from the %d"), togo);
    else
        snprintf(title, sizeof title, pb_msg(L, "Offense against defense: 1st and %d, ball on %s"),
                 d->rules.first_down_yards, where);
    pb_table *t = pb_table_list_add(l, play_id[i], title);
    pb_table_col_add(t, pb_msg(L, "offense card"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, "", NULL, PB_COL_TEXT, 0);
    defense_cols(t, L);
    static const char *const stat_names[NSTATS] = {PB_N_("pass complete"), PB_N_("First down"), PB_N_("Touchdown"),
                                                   PB_N_("Turnover")};
    static const char *const band_names[NBANDS] = {PB_N_("loses yards"), PB_N_("no gain"), PB_N_("gains 1-9"),
                                                   PB_N_("gains 10-19"), PB_N_("gains 20 or more")};
    mpq_t p;
    mpq_init(p);
    for (int off = 0; off < PB_OFFENSE_COUNT; off++) {
        bool first = true;
        for (int s = 0; s < NSTATS + NBANDS; s++) {
            if (s == S_FIRST_DOWN && togo < d->rules.first_down_yards)
                continue;   /* goal to go: a first down is a touchdown */
            const mpq_t *q[PB_DEFENSE_COUNT];
            mpq_t band[PB_DEFENSE_COUNT];
            bool any = false;
            for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
                const pb_table_stats *st = pb_table_play(d, off, k, PB_TABLE_DECK, togo);
                mpq_init(band[k - 1]);
                if (s < NSTATS) {
                    q[k - 1] = s == S_COMPLETE ? &st->complete : s == S_FIRST_DOWN ? &st->first_down
                             : s == S_TD       ? &st->td
                                               : &st->turnover;
                } else {
                    long x = pb_table_explore_slot(off, k, PB_TABLE_DECK, togo);
                    if (x >= 0)
                        dist_sum(&d->explore[x], band_pred, s - NSTATS, togo, band[k - 1]);
                    q[k - 1] = &band[k - 1];
                }
                any = any || mpq_sgn(*q[k - 1]) != 0;
            }
            if (any) {   /* a row that is impossible against every defense (a Run's completion) is left out */
                size_t r = pb_table_row_add(t, first && off > 0);
                pb_table_set_text(t, r, 0, "%s", first ? offense_name(L, off) : "");
                pb_table_set_text(t, r, 1, "%s",
                                  pb_msg(L, s < NSTATS ? stat_names[s] : band_names[s - NSTATS]));
                for (int k = 0; k < PB_DEFENSE_COUNT; k++)
                    prob_cell(t, r, (size_t)k + 2, *q[k], o->digits);
                first = false;
            }
            for (int k = 0; k < PB_DEFENSE_COUNT; k++)
                mpq_clear(band[k]);
        }
    }
    mpq_clear(p);
    exact_line(t, d, L,
               pb_msg(L, "Each play with a play card turned at random (each of the 24 cards 1/24), the score tied. The "
                         "gain: the net yards of the play where the offense keeps the ball (a touchdown counts its "
                         "yards; a turnover has its own row)."));
}

/* ---- the play cards ---- */

/* The average over the 15 offense x defense pairs of one statistic of a card at togo. */
static void card_avg(const pb_table_data *d, int card, int togo, int s, mpq_t out)
{
    mpq_set_ui(out, 0, 1);
    for (int off = 0; off < PB_OFFENSE_COUNT; off++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const pb_table_stats *st = pb_table_play(d, off, k, card, togo);
            mpq_add(out, out, s == S_FIRST_DOWN ? st->first_down : s == S_TD ? st->td : st->turnover);
        }
    mpq_t n;
    mpq_init(n);
    mpq_set_ui(n, PB_OFFENSE_COUNT * PB_DEFENSE_COUNT, 1);
    mpq_div(out, out, n);
    mpq_clear(n);
}

static void cards_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    const int togo = 50, stats[] = {S_FIRST_DOWN, S_TD, S_TURNOVER};
    pb_table *t = pb_table_list_add(l, "cards", pb_msg(L, "The play cards that change the picture (midfield)"));
    pb_table_col_add(t, pb_msg(L, "Play card"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "First down"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "Touchdown"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "Turnover"), NULL, PB_COL_REAL, 0);
    mpq_t base[3], v[3], diff, limit;
    for (int s = 0; s < 3; s++) {
        mpq_inits(base[s], v[s], NULL);
        card_avg(d, PB_TABLE_NONE, togo, stats[s], base[s]);
    }
    mpq_inits(diff, limit, NULL);
    mpq_set_ui(limit, CARD_POINTS, 100);
    for (int c = -1; c <= PB_CARD_COUNT + 1; c++) {   /* -1: no card; 0..23: the cards; 25: the deck */
        int card = c < 0 ? PB_TABLE_NONE : c == PB_CARD_COUNT + 1 ? PB_TABLE_DECK : c + 1;
        if (c == PB_CARD_COUNT)
            continue;
        bool show = c < 0 || card == PB_TABLE_DECK;
        for (int s = 0; s < 3; s++) {
            card_avg(d, card, togo, stats[s], v[s]);
            mpq_sub(diff, v[s], base[s]);
            mpq_abs(diff, diff);
            show = show || mpq_cmp(diff, limit) >= 0;
        }
        if (!show)
            continue;
        size_t r = pb_table_row_add(t, c == 0 || card == PB_TABLE_DECK);
        if (c < 0)
            pb_table_set_text(t, r, 0, "%s", pb_msg(L, "no card (a blank card)"));
        else if (card == PB_TABLE_DECK)
            pb_table_set_text(t, r, 0, "%s", pb_msg(L, "a card at random (each 1/24)"));
        else
            pb_table_set_text(t, r, 0, "%02d %s", card, d->rules.card[card - 1].name);
        for (int s = 0; s < 3; s++)
            prob_cell(t, r, (size_t)s + 1, v[s], o->digits);
    }
    for (int s = 0; s < 3; s++)
        mpq_clears(base[s], v[s], NULL);
    mpq_clears(diff, limit, NULL);
    char what[512];
    snprintf(what, sizeof what,
             pb_msg(L, "1st and %d at midfield, the score tied; each number the average over the 15 pairs of offense "
                       "and defense card (each pair as likely). Shown: the cards whose first down, touchdown or "
                       "turnover differs from no card's by %d points or more."),
             d->rules.first_down_yards, CARD_POINTS);
    exact_line(t, d, L, what);
}

/* ---- the charts: by win probability where a game is solved, else by drive EP ---- */

static const char *choice_word(pb_lang L, int c)
{
    return c == 0 ? pb_msgc(L, "4th down", "go") : c == 1 ? pb_msgc(L, "4th down", "FG") : pb_msgc(L, "4th down", "punt");
}

/* The second half's moment the charts read: half its cards left. */
static int chart_left(const pb_table_data *d) { return pb_table_game_cards(d) / 2; }

/* Does the solved game (if any) keep the states of the 4th-down chart? */
static bool fourth_wp_kept(const pb_table_data *d)
{
    if (!d->game)
        return false;
    const int T = d->rules.sw.timeouts;
    pb_wp_moment m = {PB_WP_SNAP, 2, chart_left(d), 0, 0, T, T, 0, 50, d->rules.downs, 5};
    pb_wp_detail x;
    char err[256];
    return chart_left(d) >= 1 && pb_wp_detail_at(d->game, &m, &x, err, sizeof err) == 0;
}

/* The 4th-down chart by win probability (fourth_wp_kept): a cell whose state is missing is "—". */
static void fourth_wp(const pb_table_data *d, pb_table *t, pb_lang L, double *radius)
{
    const int down = d->rules.downs, T = d->rules.sw.timeouts, left = chart_left(d);
    *radius = 0;
    for (int i = 0; i < NFOURTH_TOGO; i++) {
        int togo = fourth_togo[i];
        size_t r = pb_table_row_add(t, false);
        char where[64];
        ball_on(L, togo, where, sizeof where);
        pb_table_set_text(t, r, 0, "%s", where);
        for (int j = 0; j < NFOURTH_YTG; j++) {
            int ytg = fourth_ytg[j];
            if (ytg > togo) {
                pb_table_set_text(t, r, (size_t)j + 1, "%s", PB_NUMFMT_DASH);
                continue;
            }
            pb_wp_moment m = {PB_WP_SNAP, 2, left, 0, 0, T, T, 0, togo, down, ytg};
            pb_wp_detail x;
            char err[256];
            if (pb_wp_detail_at(d->game, &m, &x, err, sizeof err) != 0) {
                pb_table_set_text(t, r, (size_t)j + 1, "%s", PB_NUMFMT_DASH);
                continue;
            }
            double v[3] = {x.go, x.fg, x.punt};
            int best = (int)x.best;
            double second = -INFINITY;
            for (int c = 0; c < 3; c++)
                if (c != best && v[c] > second)
                    second = v[c];
            if (x.radius > *radius)
                *radius = x.radius;
            if (v[best] - second <= 2 * x.radius)
                pb_table_set_text(t, r, (size_t)j + 1, "%s?", choice_word(L, best));
            else
                pb_table_set_text(t, r, (size_t)j + 1, "%s", choice_word(L, best));
        }
    }
}

static void fourth_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "fourth", pb_msg(L, "The 4th-down chart"));
    pb_table_col_add(t, pb_msg(L, "ball on"), NULL, PB_COL_TEXT, 0);
    for (int j = 0; j < NFOURTH_YTG; j++) {
        char name[16];
        snprintf(name, sizeof name, "%d", fourth_ytg[j]);
        pb_table_col_add(t, name, pb_msg(L, "yards to gain"), PB_COL_REAL, 0);
    }
    char rs[PB_NAME_MAX + 300], what[768];
    ruleset_words(d, L, rs, sizeof rs);
    double radius = 0;
    if (fourth_wp_kept(d)) {
        fourth_wp(d, t, L, &radius);
        snprintf(what, sizeof what,
                 pb_msg(L, "The call that wins most often on 4th down: go for it, field goal (FG) or punt; second half, "
                           "play cards left: %d, the score tied, every timeout left. By win probability from the "
                           "game solver, certified within +/-%.1g; '?': the two best are closer than that. %s"),
                 chart_left(d), radius, rs);
        pb_table_note(t, "%s", what);
        return;
    }
    /* by drive EP: no game, or a value file without these states */
    if (!d->drive)
        return;
    for (int i = 0; i < NFOURTH_TOGO; i++) {
        int togo = fourth_togo[i];
        size_t r = pb_table_row_add(t, false);
        char where[64];
        ball_on(L, togo, where, sizeof where);
        pb_table_set_text(t, r, 0, "%s", where);
        for (int j = 0; j < NFOURTH_YTG; j++) {
            int ytg = fourth_ytg[j];
            pb_drive_choice ch;
            if (ytg > togo || pb_drive_choices(d->drive, togo, d->rules.downs, ytg, &ch) != 0) {
                pb_table_set_text(t, r, (size_t)j + 1, "%s", PB_NUMFMT_DASH);
                continue;
            }
            pb_table_set_text(t, r, (size_t)j + 1, "%s", choice_word(L, (int)ch.best));
        }
    }
    pb_drive_stats st;
    pb_drive_stats_get(d->drive, &st);
    snprintf(what, sizeof what,
             pb_msg(L, "The call worth the most points on 4th down: go for it, field goal (FG) or punt. By expected "
                       "points of the drive (the score tied, no clock: not by win probability, for want of a value file "
                       "of a solved game with these states), certified within +/-%.1g points. %s"),
             st.max_bound, rs);
    pb_table_note(t, "%s", what);
}

static void two_chart_table(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    pb_lang L = o->lang;
    pb_table *t = pb_table_list_add(l, "two-chart", pb_msg(L, "The two-point chart"));
    char rs[PB_NAME_MAX + 300], what[768];
    ruleset_words(d, L, rs, sizeof rs);
    int lefts[16], nl = d->game ? pb_table_game_try_lefts(d, lefts) : 0;
    double pat, two;
    if (nl > 0 && pb_table_game_try(d, lefts[0], 0, &pat, &two) != PB_TABLE_GAME_NONE) {
        pb_table_col_add(t, pb_msg(L, "lead after the touchdown"), NULL, PB_COL_REAL, 0);
        for (int i = 0; i < nl; i++) {
            char name[16];
            snprintf(name, sizeof name, "%d", lefts[i]);
            pb_table_col_add(t, name, pb_msg(L, "play cards left"), PB_COL_REAL, 0);
        }
        for (int s = -15; s <= 9; s++) {
            size_t r = pb_table_row_add(t, s == 0);
            pb_table_set_text(t, r, 0, "%+d", s);
            for (int i = 0; i < nl; i++) {
                int c = pb_table_game_try(d, lefts[i], s, &pat, &two);
                pb_table_set_text(t, r, (size_t)i + 1, "%s",
                                  c == PB_TABLE_GAME_FIRST    ? "2"
                                  : c == PB_TABLE_GAME_SECOND ? "1"
                                  : c == PB_TABLE_GAME_SAME   ? "="
                                  : c == PB_TABLE_GAME_OPEN   ? "?"
                                                              : PB_NUMFMT_DASH);
            }
        }
        snprintf(what, sizeof what,
                 pb_msg(L, "After a touchdown in the second half: 2 go for two, 1 kick the point after; '=': the same, "
                           "'?': closer than the bound. Lead: the 6 points counted, before the try. By win probability "
                           "from the game solver, every timeout left. %s"),
                 rs);
        pb_table_note(t, "%s", what);
        return;
    }
    pb_table_col_add(t, pb_msg(L, "try"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(L, "expected points"), NULL, PB_COL_REAL, 0);
    pb_table_col_add(t, pb_msg(L, "better"), NULL, PB_COL_TEXT, 0);
    if (!d->drive)
        return;
    pb_drive_try tr;
    pb_drive_try_get(d->drive, &tr);
    size_t r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, "%s", pb_msg(L, "kick the point after"));
    pb_table_set_text(t, r, 1, "%.3f", tr.pat);
    pb_table_set_text(t, r, 2, "%s", tr.two_better ? "" : pb_msg(L, "better"));
    r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, "%s", pb_msg(L, "go for two (both sides at their best mix)"));
    pb_table_set_text(t, r, 1, "%.3f", tr.two_point);
    pb_table_set_text(t, r, 2, "%s", tr.two_better ? pb_msg(L, "better") : "");
    snprintf(what, sizeof what,
             pb_msg(L, "Points expected from the try, whatever the score (no value file of a solved game with these "
                       "states at hand; by win probability the choice depends on the score and the cards left). %s"),
             rs);
    pb_table_note(t, "%s", what);
}

int pb_edition_build(const pb_table_data *d, const pb_edition_opts *o, pb_table_list *l)
{
    fg_table(d, o, l);
    pat_table(d, o, l);
    two_point_table(d, o, l);
    kicks_table(d, o, l);
    punt_table(d, o, l);
    return_table(d, o, l);
    for (int i = 0; i < NPLAY; i++)
        play_table(d, o, l, i);
    cards_table(d, o, l);
    fourth_table(d, o, l);
    two_chart_table(d, o, l);
    if (l->failed)
        return -1;
    for (size_t i = 0; i < l->count; i++)
        if (l->items[i].failed)
            return -1;
    return 0;
}
