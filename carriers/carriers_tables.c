/* carriers/carriers_tables.c: Carriers!!'s tables, exactly (carriers_tables.h). */
#include "carriers_tables.h"

#include <string.h>

#include "msg.h"

#include "carriers_dice.h"

const char *const cr_table_ids[CR_TABLES] = {"intercept-zones", "intercept-straight", "intercept-charts", "rolls",
                                             "injury"};

const int cr_chart_vectors[CR_CHART_VECTORS][2] = {
    {5, 0}, {5, 5}, {3, 2}, {5, 1}, {4, 1}, {5, 2}, {2, 1}, {4, 2}, {5, 3}, {3, 1}, {4, 3},
    {5, 4}, {6, 1}, {6, 3}, {7, 1}, {6, 2}, {6, 4}, {7, 2}, {7, 3}, {8, 2}, {8, 1}, {1, 9}};

static void note_rules(pb_table *t, pb_lang lang, const cr_rules *r, const int *ids, int n)
{
    char buf[200];
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; k < n && at < sizeof buf; k++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s = %s", k ? ", " : "", cr_switches[ids[k]].id,
                               r->value[ids[k]]);
    if (n)
        pb_table_note(t, pb_msg(lang, "Ruleset %s; switches: %s. Exact fractions in the CSV."), r->name, buf);
    else
        pb_table_note(t, pb_msg(lang, "Ruleset %s. Exact fractions in the CSV."), r->name);
}

static void zones(pb_table *t, pb_lang lang, const cr_rules *r)
{
    pb_table_init(t, "intercept-zones", pb_msg(lang, "Interception: P(success) by zone (2d6, the defense rolls) (%)"));
    note_rules(t, lang, r, NULL, 0);
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "zone"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "squares from the end"), NULL, PB_COL_TEXT, 0);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "succeeds when"), NULL, PB_COL_TEXT, 0);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "P(intercepted)"), NULL, PB_COL_PERCENT, 2);
    static const char *const dist[] = {"1", "2", "3", PB_N_("4 or more")};
    for (int z = 0; z < CR_ZONES; z++) {
        size_t row = pb_table_row_add(t, false);
        mpq_t q;
        mpq_init(q);
        cr_zone_p(q, (cr_zone)z);
        pb_table_set_text(t, row, c0, "%c", 'A' + z);
        pb_table_set_text(t, row, c1, "%s", pb_msg(lang, dist[z]));
        pb_table_set_text(t, row, c2, "%s", pb_msg(lang, cr_zone_rule((cr_zone)z)));
        pb_table_set_q(t, row, c3, q);
        mpq_clear(q);
    }
}

static void straight(pb_table *t, pb_lang lang, const cr_rules *r)
{
    pb_table_init(t, "intercept-straight", pb_msg(lang, "Interception of a pass L squares long by one defender N squares from the passer (%)"));
    int ids[] = {1};
    note_rules(t, lang, r, ids, 1);
    pb_table_note(t, "%s", pb_msg(lang, "A straight pass along a file or a rank; \"-\": no square there."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "L"), NULL, PB_COL_INT, 0);
    size_t col[10];
    for (int n = 1; n <= 9; n++) {
        char name[16];
        snprintf(name, sizeof name, "N=%d", n);
        col[n] = pb_table_col_add(t, name, pb_msg(lang, "defender at"), PB_COL_PERCENT, 2);
    }
    for (int len = 2; len <= 10; len++) {
        size_t row = pb_table_row_add(t, false);
        pb_table_set_int(t, row, c0, len);
        for (int n = 1; n < len; n++) {
            mpq_t q;
            mpq_init(q);
            cr_zone_p(q, cr_zone_at(r, n, len));
            pb_table_set_q(t, row, col[n], q);
            mpq_clear(q);
        }
    }
}

static void charts(pb_table *t, pb_lang lang, const cr_rules *r)
{
    pb_table_init(t, "intercept-charts", pb_msg(lang, "The chart vectors: squares on the route and P(intercepted) (%)"));
    int ids[] = {1, 2, 3};
    note_rules(t, lang, r, ids, 3);
    pb_table_note(t, "%s", pb_msg(lang, "(x,y) also stands for (y,x) and every sign; (a,0) and (a,a) drawn at a = 5. "
                                        "'paperbowl carriers chart --pass X,Y' draws one."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "pass"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "route squares"), NULL, PB_COL_INT, 0);
    size_t cz[CR_ZONES];
    for (int z = 0; z < CR_ZONES; z++) {
        char name[4] = {(char)('A' + z), 0};
        cz[z] = pb_table_col_add(t, name, pb_msg(lang, "squares in zone"), PB_COL_INT, 0);
    }
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "best square"), pb_msg(lang, "one defender"), PB_COL_PERCENT, 2);
    size_t c2b = pb_table_col_add(t, pb_msg(lang, "safest square"), pb_msg(lang, "one defender"), PB_COL_PERCENT, 2);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "a defender on every square"), NULL, PB_COL_PERCENT, 2);
    for (int v = 0; v < CR_CHART_VECTORS; v++) {
        cr_square sq[CR_ROUTE_MAX];
        int x = cr_chart_vectors[v][0], y = cr_chart_vectors[v][1];
        int n = cr_route(r, x, y, sq, CR_ROUTE_MAX);
        size_t row = pb_table_row_add(t, v == 2);
        pb_table_set_text(t, row, c0, "(%d,%d)", x, y);
        pb_table_set_int(t, row, c1, n);
        int count[CR_ZONES] = {0};
        cr_zone zs[CR_ROUTE_MAX];
        for (int k = 0; k < n; k++) {
            count[sq[k].zone]++;
            zs[k] = sq[k].zone;
        }
        for (int z = 0; z < CR_ZONES; z++)
            pb_table_set_int(t, row, cz[z], count[z]);
        mpq_t q, best, least;
        mpq_inits(q, best, least, NULL);
        for (int k = 0; k < n; k++) {
            cr_zone_p(q, zs[k]);
            if (mpq_cmp(q, best) > 0)
                mpq_set(best, q);
            if (k == 0 || mpq_cmp(q, least) < 0)
                mpq_set(least, q);
        }
        pb_table_set_q(t, row, c2, best);
        pb_table_set_q(t, row, c2b, least);
        cr_intercept_p(q, r, zs, n);
        pb_table_set_q(t, row, c3, q);
        mpq_clears(q, best, least, NULL);
    }
}

static void rolls(pb_table *t, pb_lang lang, const cr_rules *r)
{
    pb_table_init(t, "rolls", pb_msg(lang, "The other rolls (%)"));
    note_rules(t, lang, r, NULL, 0);
    pb_table_note(t, pb_msg(lang, "A goal is worth 5, then the conversion roll adds 2: %s points a goal on average."), "6");
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "roll"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "P"), NULL, PB_COL_PERCENT, 2);
    for (int k = 0; k < CR_ROLLS; k++) {
        size_t row = pb_table_row_add(t, false);
        mpq_t q;
        mpq_init(q);
        cr_roll_p(q, (cr_roll)k);
        pb_table_set_text(t, row, c0, "%s", pb_msg(lang, cr_roll_name((cr_roll)k)));
        pb_table_set_q(t, row, c1, q);
        mpq_clear(q);
    }
}

static void injury(pb_table *t, pb_lang lang, const cr_rules *r)
{
    pb_table_init(t, "injury", pb_msg(lang, "Injury: P(a card is injured within one phase) by the tackles it takes (%)"));
    int ids[] = {5, CR_NSWITCH - 1};
    note_rules(t, lang, r, ids, 2);
    pb_table_note(t, "%s", pb_msg(lang, "A check (equal mod 3, 1/3) after every 2nd counted tackle; a failed check "
                                        "resets the count."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "tackles"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "P(injured)"), NULL, PB_COL_PERCENT, 2);
    for (int n = 1; n <= 10; n++) {
        size_t row = pb_table_row_add(t, false);
        mpq_t q;
        mpq_init(q);
        cr_injury_p(q, r, n);
        pb_table_set_int(t, row, c0, n);
        pb_table_set_q(t, row, c1, q);
        mpq_clear(q);
    }
}

void cr_tables_build(cr_table_list *l, const cr_rules *r, pb_lang lang)
{
    memset(l, 0, sizeof *l);
    zones(&l->t[l->n++], lang, r);
    straight(&l->t[l->n++], lang, r);
    charts(&l->t[l->n++], lang, r);
    rolls(&l->t[l->n++], lang, r);
    injury(&l->t[l->n++], lang, r);
}

void cr_tables_release(cr_table_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        pb_table_release(&l->t[i]);
    l->n = 0;
}
