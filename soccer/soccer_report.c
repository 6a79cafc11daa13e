/* soccer/soccer_report.c: the HTML page of Masume Soccer TACTICS's tables and charts (soccer_report.h). */
#include "soccer_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_page.h"
#include "soccer_duel.h"
#include "soccer_kick.h"
#include "soccer_tables.h"
#include "svg.h"
#include "table.h"

enum { N = 10 };  /* distances 1..N on the charts */

/* P(kind) of a kick along d-1 empty squares then `last`. */
static void p_of(mpq_t q, const ms_rules *r, ms_kick_type type, ms_kicker kicker, int d, char last,
                 ms_outcome_kind kind)
{
    ms_kick k = {type, kicker, "", 1};
    for (int i = 0; i < d - 1; i++)
        k.line[i] = '.';
    k.line[d - 1] = last;
    k.line[d] = 0;
    ms_kick_p(q, r, &k, kind, false);
}

/* A chart of nrows rows over the distances 1..N. */
static int distance_map(FILE *out, pb_lang lang, const char *id, const char *title, const char *xlabel, int nrows,
                        const char *const *rows, mpq_t *q, const char *caption)
{
    const char *cols[N];
    char names[N][12];
    const mpq_t *cells[4 * N];
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "%d", i + 1);
        cols[i] = names[i];
    }
    for (int i = 0; i < nrows * N; i++)
        cells[i] = (const mpq_t *)&q[i];
    return pb_game_page_pct_map(out, lang, id, title, xlabel, "", nrows, rows, N, cols, cells, caption);
}

char *ms_report_render(const ms_rules *r, pb_lang lang, size_t *len)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    if (!out)
        return NULL;
    int bad = 0;
    char lead[1024];
    int at = snprintf(lead, sizeof lead, "%s %s. %s:", pb_msg(lang, "Ruleset"), r->name, pb_msg(lang, "Switches"));
    for (int i = 0; i < MS_NSWITCH && at > 0 && (size_t)at < sizeof lead; i++)
        at += snprintf(lead + at, sizeof lead - (size_t)at, " %s = %s%s", ms_switches[i].id, r->value[i],
                       i + 1 < MS_NSWITCH ? "," : ".");
    pb_game_page_open(out, lang, pb_msg(lang, "Masume Soccer TACTICS, exactly"), lead);

    mpq_t q[4 * N];
    for (int i = 0; i < 4 * N; i++)
        mpq_init(q[i]);
    pb_game_page_heading(out, pb_msg(lang, "Kicks"));
    for (int i = 0; i < N; i++) {
        p_of(q[0 * N + i], r, MS_GROUNDER, MS_KICKER_FIELD, i + 1, 'G', MS_OUT_GOAL);
        p_of(q[1 * N + i], r, MS_GROUNDER, MS_KICKER_GOAL_KICK, i + 1, 'G', MS_OUT_GOAL);
        p_of(q[2 * N + i], r, MS_LOB, MS_KICKER_FIELD, i + 1, 'G', MS_OUT_GOAL);
        p_of(q[3 * N + i], r, MS_LOB, MS_KICKER_GOAL_KICK, i + 1, 'G', MS_OUT_GOAL);
    }
    const char *shots[] = {pb_msg(lang, "grounder"), pb_msg(lang, "grounder, goal kick"), pb_msg(lang, "lob"),
                           pb_msg(lang, "lob, goal kick")};
    bad |= distance_map(out, lang, "c-shot", pb_msg(lang, "Scoring chance by distance, nobody in the way (%)"),
                        pb_msg(lang, "squares to the goal"), 4, shots, q,
                        pb_msg(lang, "P(goal) in percent for each kick and distance; the goal kick adds 2 to the "
                                     "die."));
    for (int i = 0; i < N; i++) {
        p_of(q[0 * N + i], r, MS_GROUNDER, MS_KICKER_FIELD, i + 1, 'T', MS_OUT_PASS);
        p_of(q[1 * N + i], r, MS_LOB, MS_KICKER_FIELD, i + 1, 'T', MS_OUT_PASS);
    }
    const char *passes[] = {pb_msg(lang, "grounder: kept"), pb_msg(lang, "lob: lands on him")};
    bad |= distance_map(out, lang, "c-pass", pb_msg(lang, "Pass success by distance, nobody between (%)"),
                        pb_msg(lang, "squares to the receiver"), 2, passes, q,
                        pb_msg(lang, "P(complete) in percent for each kick and distance."));

    pb_game_page_heading(out, pb_msg(lang, "Charge"));
    const ms_charger kinds[3] = {MS_CHARGER_FIELD, MS_CHARGER_AREA_DEFENDER, MS_CHARGER_KEEPER};
    const mpq_t *cells[3];
    for (int i = 0; i < 3; i++) {
        ms_charge_p(q[i], r, kinds[i]);
        cells[i] = (const mpq_t *)&q[i];
    }
    const char *chargers[] = {pb_msg(lang, "field player (bonus 0)"), pb_msg(lang, "area defender (+1)"),
                              pb_msg(lang, "keeper (+2)")};
    const char *wins[] = {pb_msg(lang, "charger wins")};
    bad |= pb_game_page_pct_map(out, lang, "c-charge",
                                pb_msg(lang, "Charge: the charger wins, by his penalty-area bonus (%)"),
                                pb_msg(lang, "the charger"), "", 1, wins, 3, chargers, cells,
                                pb_msg(lang, "P(the charger wins the ball) in percent."));
    for (int i = 0; i < 4 * N; i++)
        mpq_clear(q[i]);

    ms_table_list l;
    ms_tables_build(&l, r, lang);
    bad |= pb_game_page_tables(out, lang, l.t, l.n);
    ms_tables_release(&l);
    pb_game_page_close(out, lang, "paperbowl soccer table --format csv");
    if (fclose(out) != 0 || bad) {
        free(buf);
        return NULL;
    }
    return buf;
}
