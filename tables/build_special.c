/* tables/build_special.c: special teams: field goal by distance, PAT kick, two-point try by
 * offense x defense, the kicks (kickoff, free kick, onside) and punts: their starting-position
 * distributions and summaries. A start is the receiving team's togo (80 = its own 20). */
#include "build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLACES 2
#define DIST_PLACES 3

/* Punts whose full starting-position distribution is printed. */
static const int punt_from[] = {95, 90, 80, 70, 60, 50};
#define NPUNT (int)(sizeof punt_from / sizeof punt_from[0])

static void kick_notes(pb_table *t, const pb_table_data *d, int places)
{
    pb_table_assume(t, d, pb_msg(d->lang, "a kick or punt (no play card, no down)"), places);
}

/* Which touchback-or-return choice the kick tables show: the play policy's (--policy return=),
 * which `solve special` does not follow (it chooses by EP): said in every table where a kick is
 * returned. */
static void return_note(pb_table *t, const pb_table_data *d)
{
    const pb_ruleset *rs = &d->rules;
    if (d->policies.ret == PB_RETURN_ALWAYS)
        pb_table_note(t, pb_msg(d->lang, "Touchback or return: the receiving team always returns (return=always)."));
    else if (d->policies.ret == PB_RETURN_TOUCHBACK)
        pb_table_note(t, pb_msg(d->lang, "Touchback or return: the receiving team always takes the touchback (return=touchback)."));
    else
        pb_table_note(t, pb_msg(d->lang, "Touchback or return: by yards (return=best): the receiving team returns unless the expected "
                         "start after the return (a return touchdown counting as togo 0) is worse than the touchback's "
                         "togo %d. 'paperbowl solve special' chooses by expected points instead, and may return where "
                         "these tables take the touchback."), rs->touchback_togo);
}

static void fg_table(const pb_table_data *d, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_table *t = pb_table_list_add(l, "fg", pb_msg(d->lang, "Field goal success by distance"));
    kick_notes(t, d, PLACES);
    pb_table_note(t, pb_msg(d->lang, "P(good) in percent. togo: yards from the ball to the goal line (rule 3.6: allowed up to %d). A "
                     "miss gives the opponent the ball at the spot."), rs->fg_max_togo);
    pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "good when"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "P(good)"), NULL, PB_COL_PERCENT, PLACES);
    int prev_row = -1;
    for (int togo = 1; togo <= rs->fg_max_togo && togo < PB_TABLE_NTOGO; togo++) {
        int row = -1;
        for (int i = 0; i < rs->fg_row_count && row < 0; i++)
            if (togo <= rs->fg_rows[i].max_togo)
                row = i;
        char when[192], faces[32], ball[64];
        if (row >= 0) {
            pb_faces_format(rs->fg_rows[row].faces, faces, sizeof faces);
            snprintf(when, sizeof when, rs->fg_doubles ? pb_msg(d->lang, "a die shows %s, or doubles") : pb_msg(d->lang, "a die shows %s"),
                     faces);
        } else {
            snprintf(when, sizeof when, "%s", rs->fg_doubles ? pb_msg(d->lang, "doubles only") : pb_msg(d->lang, "never"));
        }
        size_t r = pb_table_row_add(t, togo > 1 && row != prev_row);
        prev_row = row;
        pb_table_set_int(t, r, 0, togo);
        pb_table_ball_on(d->lang, togo, ball, sizeof ball);
        pb_table_set_text(t, r, 1, "%s", ball);
        pb_table_set_text(t, r, 2, "%s", when);
        pb_table_set_q(t, r, 3, d->fg_good[togo]);
    }
}

static void pat_table(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "pat", pb_msg(d->lang, "Point after touchdown: the kick"));
    kick_notes(t, d, PLACES);
    pb_table_note(t, pb_msg(d->lang, "P(good) in percent (rule 3.5: good when the sum of the dice is %d or more)."),
                  d->rules.pat_kick_at_least);
    pb_table_col_add(t, pb_msg(d->lang, "try"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "points"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "P(good)"), NULL, PB_COL_PERCENT, PLACES);
    size_t r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, pb_msg(d->lang, "PAT kick (sum >= %d)"), d->rules.pat_kick_at_least);
    pb_table_set_int(t, r, 1, 1);
    pb_table_set_q(t, r, 2, d->pat_good);
}

static void two_point_table(const pb_table_data *d, pb_table_list *l)
{
    char sit[512];
    pb_table *t = pb_table_list_add(l, "two-point", pb_msg(d->lang, "Two-point try by offense and defense"));
    snprintf(sit, sizeof sit, pb_msg(d->lang, "one play from %d yards to go, no play card"), d->rules.two_point_togo);
    pb_table_assume(t, d, sit, PLACES);
    pb_table_note(t, pb_msg(d->lang, "P(scored) in percent (rule 3.5). For comparison: a PAT kick is worth 1 point with the "
                     "probability in table pat; a try is worth it when 2 x P(scored) is larger."));
    pb_table_col_add(t, pb_msg(d->lang, "offense"), NULL, PB_COL_TEXT, 0);
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char name[64];
        snprintf(name, sizeof name, pb_msg(d->lang, "Defense %d"), k);
        pb_table_col_add(t, name, NULL, PB_COL_PERCENT, PLACES);
    }
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        size_t r = pb_table_row_add(t, false);
        pb_table_set_text(t, r, 0, "%s", pb_table_offense_label(d->lang, o));
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
            pb_table_set_q(t, r, (size_t)k, d->two_point[o][k - 1]);
    }
}

/* ---- starting-position distributions ---- */

/* Row key of an outcome: kind, yards, touchback. */
typedef struct {
    int kind, yards, touchback;
} skey;

static skey key_of(const pb_dist_entry *e)
{
    skey k = {(int)e->kind, pb_outcome_has_yards(e->kind) ? e->yards : 0, (e->flags & PB_FLAG_TOUCHBACK) != 0};
    return k;
}

static int rank(const skey *k)
{
    if (k->kind == PB_OUT_START && k->touchback)
        return 0;
    if (k->kind == PB_OUT_KEPT)
        return 1;
    if (k->kind == PB_OUT_START)
        return 2;
    return 3 + k->kind;
}

static int skey_cmp(const void *pa, const void *pb)
{
    const skey *a = pa, *b = pb;
    int ra = rank(a), rb = rank(b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    if (a->yards != b->yards)
        return a->yards > b->yards ? -1 : 1; /* own goal line first */
    return 0;
}

static bool skey_eq(const skey *a, const skey *b)
{
    return a->kind == b->kind && a->yards == b->yards && a->touchback == b->touchback;
}

static void skey_label(pb_lang L, const skey *k, char *buf, size_t len)
{
    char ball[64];
    pb_table_ball_on(L, k->yards > 0 && k->yards < 100 ? k->yards : 50, ball, sizeof ball);
    if (k->kind == PB_OUT_START && k->touchback)
        snprintf(buf, len, pb_msg(L, "touchback: start on %s (togo %d)"), ball, k->yards);
    else if (k->kind == PB_OUT_START)
        snprintf(buf, len, pb_msg(L, "start on %s (togo %d)"), ball, k->yards);
    else if (k->kind == PB_OUT_KEPT)
        snprintf(buf, len, pb_msg(L, "kicking team keeps it on %s (togo %d)"), ball, k->yards);
    else if (k->kind == PB_OUT_RETURN_TD)
        snprintf(buf, len, "%s", pb_msg(L, "return touchdown"));
    else
        snprintf(buf, len, "%s", pb_outcome_name((pb_outcome_kind)k->kind));
}

static void dist_table(const pb_table_data *d, pb_table_list *l, const char *id, const char *title, const char *note,
                       const pb_dist *const *dists, const char *const *names, int n)
{
    pb_table *t = pb_table_list_add(l, id, title);
    kick_notes(t, d, DIST_PLACES);
    pb_table_note(t, "%s", note);
    if (strcmp(id, "onside") != 0)  /* an onside kick is never returned */
        return_note(t, d);
    pb_table_col_add(t, pb_msg(d->lang, "outcome"), NULL, PB_COL_TEXT, 0);
    for (int i = 0; i < n; i++)
        pb_table_col_add(t, names[i], NULL, PB_COL_PERCENT, DIST_PLACES);
    skey *keys = NULL;
    size_t nkeys = 0, cap = 0;
    for (int i = 0; i < n; i++)
        for (size_t e = 0; e < dists[i]->count; e++) {
            skey k = key_of(&dists[i]->entries[e]);
            bool seen = false;
            for (size_t j = 0; j < nkeys && !seen; j++)
                seen = skey_eq(&keys[j], &k);
            if (seen)
                continue;
            if (nkeys == cap) {
                skey *p = realloc(keys, (cap ? 2 * cap : 64) * sizeof *p);
                if (!p) {
                    t->failed = true;   /* out of memory: the table is refused (pb_table_build_all) */
                    continue;
                }
                cap = cap ? 2 * cap : 64;
                keys = p;
            }
            keys[nkeys++] = k;
        }
    if (nkeys)
        qsort(keys, nkeys, sizeof *keys, skey_cmp);
    mpz_t s;
    mpq_t p;
    mpz_init(s);
    mpq_init(p);
    for (size_t j = 0; j < nkeys; j++) {
        char label[192];
        size_t r = pb_table_row_add(t, j > 0 && rank(&keys[j]) != rank(&keys[j - 1]));
        skey_label(d->lang, &keys[j], label, sizeof label);
        pb_table_set_text(t, r, 0, "%s", label);
        for (int i = 0; i < n; i++) {
            mpz_set_ui(s, 0);
            for (size_t e = 0; e < dists[i]->count; e++) {
                skey k = key_of(&dists[i]->entries[e]);
                if (skey_eq(&k, &keys[j]))
                    mpz_add(s, s, dists[i]->entries[e].num);
            }
            mpz_set(mpq_numref(p), s);
            mpz_set(mpq_denref(p), dists[i]->den);
            mpq_canonicalize(p);
            pb_table_set_q(t, r, (size_t)i + 1, p);
        }
    }
    mpq_clear(p);
    mpz_clear(s);
    free(keys);
}

/* P(touchback), P(return touchdown), P(kept), mean start (over every start, touchbacks included). */
static void kick_summary(const pb_dist *dist, mpq_t tb, mpq_t td, mpq_t kept, mpq_t mean)
{
    mpz_t a, b, c, w, sy;
    mpz_inits(a, b, c, w, sy, NULL);
    for (size_t i = 0; i < dist->count; i++) {
        const pb_dist_entry *e = &dist->entries[i];
        if (e->kind == PB_OUT_START) {
            if (e->flags & PB_FLAG_TOUCHBACK)
                mpz_add(a, a, e->num);
            mpz_add(w, w, e->num);
            mpz_addmul_ui(sy, e->num, (unsigned long)(e->yards > 0 ? e->yards : 0));
        } else if (e->kind == PB_OUT_RETURN_TD) {
            mpz_add(b, b, e->num);
        } else if (e->kind == PB_OUT_KEPT) {
            mpz_add(c, c, e->num);
        }
    }
    mpq_set_num(tb, a), mpq_set_den(tb, dist->den), mpq_canonicalize(tb);
    mpq_set_num(td, b), mpq_set_den(td, dist->den), mpq_canonicalize(td);
    mpq_set_num(kept, c), mpq_set_den(kept, dist->den), mpq_canonicalize(kept);
    if (mpz_sgn(w))
        mpq_set_num(mean, sy), mpq_set_den(mean, w), mpq_canonicalize(mean);
    else
        mpq_set_ui(mean, 0, 1);
    mpz_clears(a, b, c, w, sy, NULL);
}

static void kicks_table(const pb_table_data *d, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_table *t = pb_table_list_add(l, "kicks", pb_msg(d->lang, "Kickoffs, free kicks and onside kicks: summary"));
    kick_notes(t, d, PLACES);
    pb_table_note(t, pb_msg(d->lang, "P(...) in percent. Mean start: the receiving team's mean togo when it gets the ball (touchbacks "
                     "at %d included; return touchdowns and kept onside kicks not)."), rs->touchback_togo);
    return_note(t, d);
    pb_table_col_add(t, pb_msg(d->lang, "kick"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "P(touchback)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(return TD)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(kept)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "mean start (togo)"), NULL, PB_COL_DECIMAL, PLACES);
    const struct { const char *fmt; int from; const pb_dist *dist; } k[] = {
        {PB_N_("kickoff from own %d"), rs->kickoff_from, &d->kickoff},
        {PB_N_("free kick from own %d (after a safety)"), rs->free_kick_from, &d->free_kick},
        {PB_N_("onside kick from own %d"), rs->kickoff_from, &d->onside},
        {PB_N_("onside free kick from own %d"), rs->free_kick_from, &d->onside_free},
    };
    mpq_t tb, td, kept, mean;
    mpq_inits(tb, td, kept, mean, NULL);
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        size_t r = pb_table_row_add(t, i == 2);
        pb_table_set_text(t, r, 0, pb_msg(d->lang, k[i].fmt), k[i].from);
        kick_summary(k[i].dist, tb, td, kept, mean);
        pb_table_set_q(t, r, 1, tb);
        pb_table_set_q(t, r, 2, td);
        pb_table_set_q(t, r, 3, kept);
        pb_table_set_q(t, r, 4, mean);
    }
    mpq_clears(tb, td, kept, mean, NULL);
}

static void punt_table(const pb_table_data *d, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    pb_table *t = pb_table_list_add(l, "punt", pb_msg(d->lang, "Punts by field position: summary"));
    kick_notes(t, d, PLACES);
    pb_table_note(t, pb_msg(d->lang, "The punt travels %d yards, stopped at the goal line; the receiving team takes a touchback (togo "
                     "%d) or returns. P(...) in percent; mean start: the receiving team's mean togo when it gets the "
                     "ball (return touchdowns not included)."), rs->punt_distance, rs->touchback_togo);
    return_note(t, d);
    pb_table_col_add(t, pb_msg(d->lang, "punt from (togo)"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "lands (receiver togo)"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "P(touchback)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(return TD)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "mean start (togo)"), NULL, PB_COL_DECIMAL, PLACES);
    mpq_t tb, td, kept, mean;
    mpq_inits(tb, td, kept, mean, NULL);
    for (int togo = 99; togo >= 1; togo--) {
        char ball[64];
        int land = 100 - (togo - rs->punt_distance);
        if (land > 100)
            land = 100;
        size_t r = pb_table_row_add(t, togo < 99 && togo % 10 == 9);
        pb_table_set_int(t, r, 0, togo);
        pb_table_ball_on(d->lang, togo, ball, sizeof ball);
        pb_table_set_text(t, r, 1, "%s", ball);
        pb_table_set_int(t, r, 2, land < 1 ? 1 : land);
        kick_summary(&d->punt[togo], tb, td, kept, mean);
        pb_table_set_q(t, r, 3, tb);
        pb_table_set_q(t, r, 4, td);
        pb_table_set_q(t, r, 5, mean);
    }
    mpq_clears(tb, td, kept, mean, NULL);
}

void pb_table_build_special(const pb_table_data *d, pb_table_list *l)
{
    const pb_ruleset *rs = &d->rules;
    fg_table(d, l);
    pat_table(d, l);
    two_point_table(d, l);
    kicks_table(d, l);
    char n0[128], n1[128], note[512];
    snprintf(n0, sizeof n0, pb_msg(d->lang, "kickoff (own %d)"), rs->kickoff_from);
    snprintf(n1, sizeof n1, pb_msg(d->lang, "free kick (own %d)"), rs->free_kick_from);
    const pb_dist *kd[] = {&d->kickoff, &d->free_kick};
    const char *kn[] = {n0, n1};
    snprintf(note, sizeof note, pb_msg(d->lang, "Probability in percent of each start of the receiving team (togo %d = "
                                                "its own %d); the kick goes %d x sum + %d yards, stopped at the goal "
                                                "line (rule 3.1)."),
             rs->touchback_togo, 100 - rs->touchback_togo, rs->kickoff_multiplier, rs->kickoff_base);
    dist_table(d, l, "kickoff", pb_msg(d->lang, "Kickoffs: where the receiving team starts"), note, kd, kn, 2);
    snprintf(n0, sizeof n0, pb_msg(d->lang, "onside (own %d)"), rs->kickoff_from);
    snprintf(n1, sizeof n1, pb_msg(d->lang, "onside free kick (own %d)"), rs->free_kick_from);
    const pb_dist *od[] = {&d->onside, &d->onside_free};
    snprintf(note, sizeof note, pb_msg(d->lang, "Probability in percent of each outcome: the kicking team keeps the ball "
                                                "when %d x die is %d or more (rule 3.1); no return."), rs->onside_multiplier, rs->onside_keep_at_least);
    dist_table(d, l, "onside", pb_msg(d->lang, "Onside kicks: who gets the ball, and where"), note, od, kn, 2);
    const pb_dist *pd[NPUNT];
    char pname[NPUNT][64];
    const char *pn[NPUNT];
    for (int i = 0; i < NPUNT; i++) {
        pd[i] = &d->punt[punt_from[i]];
        snprintf(pname[i], sizeof pname[i], pb_msg(d->lang, "from togo %d"), punt_from[i]);
        pn[i] = pname[i];
    }
    snprintf(note, sizeof note, "%s", pb_msg(d->lang, "Probability in percent of each start of the receiving team, by "
                                                      "where the punt is kicked from (togo of the punting team)."));
    dist_table(d, l, "punt-start", pb_msg(d->lang, "Punts: where the receiving team starts"), note, pd, pn, NPUNT);
    punt_table(d, l);
}
