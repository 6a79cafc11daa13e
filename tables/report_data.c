/* tables/report_data.c: the explorer's data, as compact JSON embedded in the report.
 *
 * cells[((o * 5 + (d - 1)) * 26 + card) * ntogo + k] (card 0 none, 1..24, 25 the deck; k over
 * "togo") is {"s": [P(first down), P(touchdown), P(turnover), mean yards, P(a yardage outcome): the plays the mean is over] as rounded text
 * (percent at 3 places, as the outcome list shows them; yards at 2),
 * "y": the first yardage of "g", "g": P(gain = y) for y = "y", "y"+1, ..., "p": [[yards, P]]
 * penalties, "k": [[yards, P]] sacks, "x": [incomplete, touchdown, turnover, turnover TD,
 * safety, cut, rare]}. Every P is an integer: the probability in thousandths of a percent,
 * rounded half to even from the exact fraction (so the page only inserts a decimal point);
 * null in "x" means exactly zero. Yardage outcomes that round to 0 are summed, exactly, into
 * "rare" instead of being listed one by one. "colors" is the report's palette
 * (pb_svg_palette_json): the explorer colours each kind of outcome as every chart does. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "svg.h"

/* Thousandths of a percent, rounded half to even: num / den * 100000. */
static long milli_pct(mpz_srcptr num, mpz_srcptr den)
{
    mpq_t q;
    char buf[64];
    mpq_init(q);
    mpz_mul_ui(mpq_numref(q), num, 100000);
    mpz_set(mpq_denref(q), den);
    mpq_canonicalize(q);
    pb_exact_decimal(buf, sizeof buf, q, 0);
    mpq_clear(q);
    return strtol(buf, NULL, 10);
}

void pb_report_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == '<' || c == '>' || c == '&')
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void stat_text(FILE *out, const mpq_t q, pb_col_kind kind)
{
    char buf[64];
    pb_table_number_text(buf, sizeof buf, q, kind, kind == PB_COL_PERCENT ? 3 : 2);
    pb_report_json_string(out, buf);
}

/* 0, or -1: out of memory */
static int cell_json(FILE *out, const pb_dist *dist, const pb_table_stats *st)
{
    enum { X_INC, X_TD, X_TO, X_TOTD, X_SF, X_CUT, X_RARE, NX };
    mpz_t x[NX];
    bool any[NX] = {false};
    for (int i = 0; i < NX; i++)
        mpz_init(x[i]);
    int ymin = 0, ymax = -1;
    bool have = false;
    for (size_t i = 0; i < dist->count; i++)
        if (dist->entries[i].kind == PB_OUT_GAIN && milli_pct(dist->entries[i].num, dist->den) > 0) {
            int y = dist->entries[i].yards;
            if (!have || y < ymin)
                ymin = y;
            if (!have || y > ymax)
                ymax = y;
            have = true;
        }
    long *g = calloc(have ? (size_t)(ymax - ymin + 1) : 1, sizeof *g);
    if (!g) {
        for (int i = 0; i < NX; i++)
            mpz_clear(x[i]);
        return -1;
    }
    fputs("{\"s\":[", out);
    stat_text(out, st->first_down, PB_COL_PERCENT);
    fputc(',', out);
    stat_text(out, st->td, PB_COL_PERCENT);
    fputc(',', out);
    stat_text(out, st->turnover, PB_COL_PERCENT);
    fputc(',', out);
    if (mpq_sgn(st->yard_p) == 0)
        pb_report_json_string(out, "-");
    else
        stat_text(out, st->mean_yards, PB_COL_DECIMAL);
    fputc(',', out);
    stat_text(out, st->yard_p, PB_COL_PERCENT);   /* the share of plays mean_yards is over */
    fputs("],\"p\":[", out);
    bool first_p = true, first_k = true;
    /* penalties now, sacks into a buffer of their own pass below */
    for (size_t i = 0; i < dist->count; i++) {
        const pb_dist_entry *e = &dist->entries[i];
        long m = milli_pct(e->num, dist->den);
        switch (e->kind) {
        case PB_OUT_GAIN:
            if (m > 0)
                g[e->yards - ymin] = m;
            else
                mpz_add(x[X_RARE], x[X_RARE], e->num), any[X_RARE] = true;
            break;
        case PB_OUT_PENALTY:
            if (m > 0) {
                fprintf(out, "%s[%d,%ld]", first_p ? "" : ",", e->yards, m);
                first_p = false;
            } else {
                mpz_add(x[X_RARE], x[X_RARE], e->num), any[X_RARE] = true;
            }
            break;
        case PB_OUT_INCOMPLETE: mpz_add(x[X_INC], x[X_INC], e->num), any[X_INC] = true; break;
        case PB_OUT_TOUCHDOWN: mpz_add(x[X_TD], x[X_TD], e->num), any[X_TD] = true; break;
        case PB_OUT_TURNOVER: mpz_add(x[X_TO], x[X_TO], e->num), any[X_TO] = true; break;
        case PB_OUT_TURNOVER_TD: mpz_add(x[X_TOTD], x[X_TOTD], e->num), any[X_TOTD] = true; break;
        case PB_OUT_SAFETY: mpz_add(x[X_SF], x[X_SF], e->num), any[X_SF] = true; break;
        case PB_OUT_CUT: mpz_add(x[X_CUT], x[X_CUT], e->num), any[X_CUT] = true; break;
        default: break;
        }
    }
    fputs("],\"k\":[", out);
    for (size_t i = 0; i < dist->count; i++) {
        const pb_dist_entry *e = &dist->entries[i];
        if (e->kind != PB_OUT_SACK)
            continue;
        long m = milli_pct(e->num, dist->den);
        if (m > 0) {
            fprintf(out, "%s[%d,%ld]", first_k ? "" : ",", e->yards, m);
            first_k = false;
        } else {
            mpz_add(x[X_RARE], x[X_RARE], e->num), any[X_RARE] = true;
        }
    }
    fprintf(out, "],\"y\":%d,\"g\":[", have ? ymin : 0);
    for (int y = 0; have && y <= ymax - ymin; y++)
        fprintf(out, "%s%ld", y ? "," : "", g[y]);
    fputs("],\"x\":[", out);
    for (int i = 0; i < NX; i++) {
        if (i)
            fputc(',', out);
        if (any[i] && mpz_sgn(x[i]) > 0)
            fprintf(out, "%ld", milli_pct(x[i], dist->den));
        else
            fputs("null", out);
        mpz_clear(x[i]);
    }
    fputs("]}", out);
    free(g);
    return 0;
}

int pb_report_explorer_json(FILE *out, const pb_table_data *d)
{
    fputs("{\"ruleset\":", out);
    pb_report_json_string(out, d->rules.name);
    fputs(",\"offense\":[", out);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        if (o)
            fputc(',', out);
        pb_report_json_string(out, pb_report_offense(d, o));
    }
    fputs("],\"defense\":[", out);
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char name[64];
        pb_report_defense(d, k, name, sizeof name);
        if (k > 1)
            fputc(',', out);
        pb_report_json_string(out, name);
    }
    fputs("],\"cards\":[", out);
    for (int c = 0; c < PB_TABLE_NCARDS; c++) {
        char label[96];
        pb_table_card_label(d, c, label, sizeof label);
        if (c)
            fputc(',', out);
        pb_report_json_string(out, label);
    }
    fputs("],\"togo\":[", out);
    for (int k = 0; k < pb_table_explore_ntogo; k++)
        fprintf(out, "%s%d", k ? "," : "", pb_table_explore_togo[k]);
    fprintf(out, "],\"redZone\":%d,\"firstDown\":%d,\"colors\":", d->rules.red_zone, d->rules.first_down_yards);
    pb_svg_palette_json(out);
    /* the script's words in the report's language: the catalogue's entries (none in English) */
    fputs(",\"lang\":", out);
    pb_report_json_string(out, pb_lang_code(d->lang));
    fputs(",\"dict\":{", out);
    bool first = true;
    for (size_t i = 0, n = pb_msg_count(d->lang); i < n; i++) {
        const char *id, *str;
        pb_msg_entry(d->lang, i, &id, &str);
        if (!id || !*id || strchr(id, '\004'))
            continue;
        if (!first)
            fputc(',', out);
        first = false;
        pb_report_json_string(out, id);
        fputc(':', out);
        pb_report_json_string(out, str);
    }
    fputs("}", out);
    fputs(",\"cells\":[\n", out);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
            for (int c = 0; c < PB_TABLE_NCARDS; c++)
                for (int t = 0; t < pb_table_explore_ntogo; t++) {
                    int togo = pb_table_explore_togo[t];
                    long slot = pb_table_explore_slot(o, k, c, togo);
                    bool last = o == PB_OFFENSE_COUNT - 1 && k == PB_DEFENSE_COUNT && c == PB_TABLE_NCARDS - 1 &&
                                t == pb_table_explore_ntogo - 1;
                    if (cell_json(out, &d->explore[slot], pb_table_play(d, o, k, c, togo)) != 0)
                        return -1;
                    fputs(last ? "\n" : ",\n", out);
                }
    fputs("]}", out);
    return ferror(out) ? -1 : 0;
}
