/* tables/build_gain.c: the gain tables: per offense, P(gain = y) and P(gain >= y) by yardage
 * against each defense, no play card, 1st and 10 at midfield; and the summary per offense x
 * defense (completion rate, mean gain, P(touchdown)).
 *
 * "Gain" is the net yards the ball moves for the offense: a gain, sack or penalty by its
 * yards, an incomplete pass 0, a touchdown the 50 yards to the goal line (it stands above
 * every yardage in P(gain >= y)). Turnovers, safeties and cut chains have no yardage here;
 * they get their own rows (they cannot happen without a play card under v1.11). */
#include "build.h"

#include <stdlib.h>
#include <string.h>

#define GAIN_TOGO 50
#define PLACES 2

/* Row keys: yardage rows, then these. */
enum { ROW_INCOMPLETE = 1000, ROW_TOUCHDOWN, ROW_TURNOVER, ROW_SAFETY, ROW_CUT, ROW_OTHER };

static int row_key(const pb_dist_entry *e)
{
    switch (e->kind) {
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
    case PB_OUT_PENALTY:
        return e->yards;
    case PB_OUT_INCOMPLETE: return ROW_INCOMPLETE;
    case PB_OUT_TOUCHDOWN: return ROW_TOUCHDOWN;
    case PB_OUT_TURNOVER:
    case PB_OUT_TURNOVER_TD: return ROW_TURNOVER;
    case PB_OUT_SAFETY: return ROW_SAFETY;
    case PB_OUT_CUT: return ROW_CUT;
    default: return ROW_OTHER;
    }
}

/* Yardage for P(gain >= y): incomplete 0, touchdown above every yardage; others none. */
static bool row_yards(int key, int *y)
{
    if (key < ROW_INCOMPLETE)
        *y = key;
    else if (key == ROW_INCOMPLETE)
        *y = 0;
    else if (key == ROW_TOUCHDOWN)
        *y = GAIN_TOGO;
    else
        return false;
    return true;
}

static const char *row_label(pb_lang L, int key, char *buf, size_t len)
{
    switch (key) {
    case ROW_INCOMPLETE: return pb_msg(L, "incomplete");
    case ROW_TOUCHDOWN: return pb_msg(L, "touchdown");
    case ROW_TURNOVER: return pb_msg(L, "turnover");
    case ROW_SAFETY: return pb_msg(L, "safety");
    case ROW_CUT: return pb_msg(L, "cut chain");
    case ROW_OTHER: return pb_msg(L, "other");
    default: snprintf(buf, len, "%d", key); return buf;
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* P(row key) in a distribution, exact. */
static void key_p(const pb_dist *d, int key, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++)
        if (row_key(&d->entries[i]) == key)
            mpz_add(s, s, d->entries[i].num);
    mpz_set(mpq_numref(out), s);
    mpz_set(mpq_denref(out), d->den);
    mpq_canonicalize(out);
    mpz_clear(s);
}

/* P(gain >= y) over the rows that have a yardage. */
static void ge_p(const pb_dist *d, int y, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++) {
        int yy;
        if (row_yards(row_key(&d->entries[i]), &yy) && yy >= y)
            mpz_add(s, s, d->entries[i].num);
    }
    mpz_set(mpq_numref(out), s);
    mpz_set(mpq_denref(out), d->den);
    mpq_canonicalize(out);
    mpz_clear(s);
}

/* Mean gain over the outcomes with a yardage (touchdown = 50), exact. */
static void mean_gain(const pb_dist *d, mpq_t out)
{
    mpz_t s, w;
    mpz_inits(s, w, NULL);
    for (size_t i = 0; i < d->count; i++) {
        int y;
        if (!row_yards(row_key(&d->entries[i]), &y))
            continue;
        mpz_add(w, w, d->entries[i].num);
        if (y >= 0)
            mpz_addmul_ui(s, d->entries[i].num, (unsigned long)y);
        else
            mpz_submul_ui(s, d->entries[i].num, (unsigned long)-(long)y);
    }
    if (mpz_sgn(w) == 0) {
        mpq_set_ui(out, 0, 1);
    } else {
        mpz_set(mpq_numref(out), s);
        mpz_set(mpq_denref(out), w);
        mpq_canonicalize(out);
    }
    mpz_clears(s, w, NULL);
}

static const pb_dist *gain_dist(const pb_table_data *d, int o, int k)
{
    long x = pb_table_explore_slot(o, k, PB_TABLE_NONE, GAIN_TOGO);
    return x >= 0 ? &d->explore[x] : NULL;
}

static void gain_table(const pb_table_data *d, pb_table_list *l, int o)
{
    static const char *const ids[PB_OFFENSE_COUNT] = {"gain-run", "gain-short", "gain-long"};
    char title[512], sit[512];
    snprintf(title, sizeof title, pb_msg(d->lang, "%s: gain by yardage against each defense (no play card, midfield)"),
             pb_table_offense_label(d->lang, o));
    pb_table *t = pb_table_list_add(l, ids[o], title);
    pb_table_situation_text(d, GAIN_TOGO, sit, sizeof sit);
    pb_table_assume(t, d, sit, PLACES);
    pb_table_note(t, pb_msg(d->lang, "Play card: none. Probabilities in percent. Gain: net yards; an incomplete pass "
                                     "gains 0; a touchdown is the %d yards to the goal line and counts in every "
                                     "P(gain >= y)."), GAIN_TOGO);
    pb_table_col_add(t, pb_msg(d->lang, "gain (yards)"), NULL, PB_COL_TEXT, 0);
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char g[64];
        snprintf(g, sizeof g, pb_msg(d->lang, "Defense %d"), k);
        pb_table_col_add(t, "P(=y)", g, PB_COL_PERCENT, PLACES);
        pb_table_col_add(t, "P(>=y)", g, PB_COL_PERCENT, PLACES);
    }
    /* the union of the row keys over the five defenses */
    int *keys = NULL;
    size_t nkeys = 0, cap = 0;
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        const pb_dist *dist = gain_dist(d, o, k);
        for (size_t i = 0; dist && i < dist->count; i++) {
            int key = row_key(&dist->entries[i]);
            bool seen = false;
            for (size_t j = 0; j < nkeys && !seen; j++)
                seen = keys[j] == key;
            if (seen)
                continue;
            if (nkeys == cap) {
                int *p = realloc(keys, (cap ? 2 * cap : 64) * sizeof *keys);
                if (!p) {
                    t->failed = true;   /* out of memory: the table is refused (pb_table_build_all) */
                    continue;
                }
                cap = cap ? 2 * cap : 64;
                keys = p;
            }
            keys[nkeys++] = key;
        }
    }
    if (nkeys)
        qsort(keys, nkeys, sizeof *keys, cmp_int);
    /* incomplete first (it is the 0-yard row of a pass), then yardages, then the rest */
    int order[2048];
    size_t n = 0;
    for (size_t j = 0; j < nkeys && n < 2048; j++)
        if (keys[j] == ROW_INCOMPLETE)
            order[n++] = keys[j];
    for (size_t j = 0; j < nkeys && n < 2048; j++)
        if (keys[j] != ROW_INCOMPLETE)
            order[n++] = keys[j];
    mpq_t p;
    mpq_init(p);
    for (size_t j = 0; j < n; j++) {
        char buf[32];
        bool block = j > 0 && (order[j] >= ROW_INCOMPLETE) != (order[j - 1] >= ROW_INCOMPLETE);
        size_t r = pb_table_row_add(t, block);
        pb_table_set_text(t, r, 0, "%s", row_label(d->lang, order[j], buf, sizeof buf));
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const pb_dist *dist = gain_dist(d, o, k);
            key_p(dist, order[j], p);
            pb_table_set_q(t, r, (size_t)(2 * k - 1), p);
            int y;
            if (row_yards(order[j], &y) && order[j] != ROW_INCOMPLETE) {
                ge_p(dist, y, p);
                pb_table_set_q(t, r, (size_t)(2 * k), p);
            }
        }
    }
    mpq_clear(p);
    free(keys);
}

static void summary_table(const pb_table_data *d, pb_table_list *l)
{
    char sit[512];
    pb_table *t = pb_table_list_add(l, "gain-summary",
                                    pb_msg(d->lang, "Completion, mean gain and touchdowns by offense and defense (no "
                                                    "play card, midfield)"));
    pb_table_situation_text(d, GAIN_TOGO, sit, sizeof sit);
    pb_table_assume(t, d, sit, PLACES);
    pb_table_note(t, pb_msg(d->lang, "Play card: none. Completion and P(...) in percent; a caught pass counts as "
                                     "complete. Mean gain in yards: incomplete 0, touchdown %d (the gain tables' "
                                     "yardage)."), GAIN_TOGO);
    pb_table_col_add(t, pb_msg(d->lang, "offense"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "defense"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "completion"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "mean gain"), NULL, PB_COL_DECIMAL, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(gain >= 10)"), NULL, PB_COL_PERCENT, PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(touchdown)"), NULL, PB_COL_PERCENT, PLACES);
    mpq_t p;
    mpq_init(p);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const pb_dist *dist = gain_dist(d, o, k);
            const pb_table_stats *s = pb_table_play(d, o, k, PB_TABLE_NONE, GAIN_TOGO);
            size_t r = pb_table_row_add(t, k == 1 && o > 0);
            pb_table_set_text(t, r, 0, "%s", pb_table_offense_label(d->lang, o));
            pb_table_set_text(t, r, 1, pb_msg(d->lang, "Defense %d"), k);
            if (o != PB_OFF_RUN)
                pb_table_set_q(t, r, 2, s->complete);
            mean_gain(dist, p);
            pb_table_set_q(t, r, 3, p);
            ge_p(dist, 10, p);
            pb_table_set_q(t, r, 4, p);
            pb_table_set_q(t, r, 5, s->td);
        }
    mpq_clear(p);
}

void pb_table_build_gain(const pb_table_data *d, pb_table_list *l)
{
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        gain_table(d, l, o);
    summary_table(d, l);
}
