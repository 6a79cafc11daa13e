/* soccer/soccer_report.c: the HTML page of Masume Soccer TACTICS's tables and charts (soccer_report.h). */
#include "soccer_report.h"

#include <stdio.h>
#include <stdlib.h>

#include "soccer_duel.h"
#include "soccer_kick.h"
#include "soccer_tables.h"
#include "svg.h"
#include "table.h"

static double p_of(const ms_rules *r, ms_kick_type type, ms_kicker kicker, int d, char last, ms_outcome_kind kind)
{
    ms_kick k = {type, kicker, "", 1};
    for (int i = 0; i < d - 1; i++)
        k.line[i] = '.';
    k.line[d - 1] = last;
    k.line[d] = 0;
    mpq_t q;
    mpq_init(q);
    ms_kick_p(q, r, &k, kind, false);
    double v = 100.0 * mpq_get_d(q);
    mpq_clear(q);
    return v;
}

char *ms_report_render(const ms_rules *r, size_t *len)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    if (!out)
        return NULL;
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                 "<title>Masume Soccer TACTICS, exactly</title>\n<style>body{font-family:sans-serif;max-width:60em;"
                 "margin:auto}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}"
                 "td:first-child{text-align:left}figure{margin:1em 0}</style></head><body>\n"
                 "<h1>Masume Soccer TACTICS, exactly</h1>\n<p>Ruleset %s. Switches:", r->name);
    for (int i = 0; i < MS_NSWITCH; i++)
        fprintf(out, " %s = %s%s", ms_switches[i].id, r->value[i], i + 1 < MS_NSWITCH ? "," : ".");
    fprintf(out, " Every figure is exact (the CSV of `paperbowl soccer table --format csv` has the fractions).</p>\n");
    enum { N = 10 };
    int x[N];
    for (int i = 0; i < N; i++)
        x[i] = i + 1;
    double y[4 * N];
    for (int i = 0; i < N; i++) {
        y[0 * N + i] = p_of(r, MS_GROUNDER, MS_KICKER_FIELD, i + 1, 'G', MS_OUT_GOAL);
        y[1 * N + i] = p_of(r, MS_GROUNDER, MS_KICKER_GOAL_KICK, i + 1, 'G', MS_OUT_GOAL);
        y[2 * N + i] = p_of(r, MS_LOB, MS_KICKER_FIELD, i + 1, 'G', MS_OUT_GOAL);
        y[3 * N + i] = p_of(r, MS_LOB, MS_KICKER_GOAL_KICK, i + 1, 'G', MS_OUT_GOAL);
    }
    const char *shots[] = {"grounder", "grounder, goal kick", "lob", "lob, goal kick"};
    pb_svg_frame f1 = {"c-shot", "Scoring chance by distance, nobody in the way", "squares to the goal",
                       "P(goal) (%)", 640, 320, 0, 0};
    fprintf(out, "<figure>");
    pb_svg_lines(out, &f1, N, x, 1, N, 1, 4, shots, y, 0, 100, 20, "%");
    fprintf(out, "</figure>\n");
    for (int i = 0; i < N; i++) {
        y[0 * N + i] = p_of(r, MS_GROUNDER, MS_KICKER_FIELD, i + 1, 'T', MS_OUT_PASS);
        y[1 * N + i] = p_of(r, MS_LOB, MS_KICKER_FIELD, i + 1, 'T', MS_OUT_PASS);
    }
    const char *passes[] = {"grounder: kept", "lob: lands on him"};
    pb_svg_frame f2 = {"c-pass", "Pass success by distance, nobody between", "squares to the receiver",
                       "P(complete) (%)", 640, 320, 0, 0};
    fprintf(out, "<figure>");
    pb_svg_lines(out, &f2, N, x, 1, N, 1, 2, passes, y, 0, 100, 20, "%");
    fprintf(out, "</figure>\n");
    int bx[3] = {0, 1, 2};
    double by[3];
    const ms_charger kinds[3] = {MS_CHARGER_FIELD, MS_CHARGER_AREA_DEFENDER, MS_CHARGER_KEEPER};
    for (int i = 0; i < 3; i++) {
        mpq_t q;
        mpq_init(q);
        ms_charge_p(q, r, kinds[i]);
        by[i] = 100.0 * mpq_get_d(q);
        mpq_clear(q);
    }
    pb_svg_frame f3 = {"c-charge", "Charge: the charger wins, by his penalty-area bonus", "bonus", "P(wins) (%)", 480,
                       300, 0, 0};
    fprintf(out, "<figure>");
    pb_svg_bars(out, &f3, 3, bx, by, 0, 2, 1, 100, 20, "%", "charger wins", "charger wins", "0: field player, 1: defender, 2: keeper");
    fprintf(out, "</figure>\n");
    ms_table_list l;
    ms_tables_build(&l, r);
    for (size_t i = 0; i < l.n; i++)
        pb_table_write_html(&l.t[i], out);
    ms_tables_release(&l);
    fprintf(out, "</body></html>\n");
    if (fclose(out) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}
