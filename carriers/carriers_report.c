/* carriers/carriers_report.c: the HTML page of Carriers!! (carriers_report.h). */
#include "carriers_report.h"

#include <stdio.h>
#include <stdlib.h>

#include "carriers_dice.h"
#include "carriers_tables.h"
#include "game_page.h"

char *cr_report_render(const cr_rules *r, pb_lang lang, size_t *len)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    if (!out)
        return NULL;
    int bad = 0;
    char lead[512];
    snprintf(lead, sizeof lead, "%s %s. %s", pb_msg(lang, "Ruleset"), r->name,
             pb_msg(lang, "Every roll of the game as an exact fraction; the switches each table depends on are "
                          "named in its notes."));
    pb_game_page_open(out, lang, pb_msg(lang, "Carriers!!, exactly"), lead);
    enum { M = 10 };
    mpq_t q[M];
    const mpq_t *cells[M];
    for (int i = 0; i < M; i++) {
        mpq_init(q[i]);
        cells[i] = (const mpq_t *)&q[i];
    }
    pb_game_page_heading(out, pb_msg(lang, "Interception"));
    const char *zones[CR_ZONES] = {pb_msg(lang, "A: 1 square"), pb_msg(lang, "B: 2 squares"),
                                   pb_msg(lang, "C: 3 squares"), pb_msg(lang, "D: 4 or more")};
    for (int z = 0; z < CR_ZONES; z++)
        cr_zone_p(q[z], (cr_zone)z);
    const char *row1[] = {pb_msg(lang, "intercepted")};
    bad |= pb_game_page_pct_map(out, lang, "c-zones", pb_msg(lang, "Interception by the defender's zone (2d6) (%)"),
                                pb_msg(lang, "the defender's distance from the nearer end of the pass"), "", 1, row1,
                                CR_ZONES, zones, cells,
                                pb_msg(lang, "P(intercepted) in percent: A the dice differ, B the parities match, "
                                             "C equal mod 3, D the dice are equal."));
    pb_game_page_heading(out, pb_msg(lang, "The other rolls"));
    /* short names under the cells; the table names each roll in full */
    static const char *const roll_short[CR_ROLLS] = {PB_N_("start: B"), PB_N_("conversion"), PB_N_("defense +2"),
                                                     PB_N_("injury"), PB_N_("tie-break")};
    const char *rolls[CR_ROLLS];
    for (int k = 0; k < CR_ROLLS; k++) {
        cr_roll_p(q[k], (cr_roll)k);
        rolls[k] = pb_msg(lang, roll_short[k]);
    }
    const char *row2[] = {pb_msg(lang, "succeeds")};
    bad |= pb_game_page_pct_map(out, lang, "c-rolls", pb_msg(lang, "The other rolls (%)"), pb_msg(lang, "the roll"),
                                "", 1, row2, CR_ROLLS, rolls, cells,
                                pb_msg(lang, "P(the roll succeeds) in percent: the start (B is offense when the "
                                             "parities match), the conversion after a goal, the defense's 2-point "
                                             "roll, an injury check, the tie-break."));
    const char *tackles[M];
    char names[M][12];
    for (int n = 1; n <= M; n++) {
        cr_injury_p(q[n - 1], r, n);
        snprintf(names[n - 1], sizeof names[n - 1], "%d", n);
        tackles[n - 1] = names[n - 1];
    }
    const char *row3[] = {pb_msg(lang, "injured")};
    bad |= pb_game_page_pct_map(out, lang, "c-injury",
                                pb_msg(lang, "Injury within one phase, by the tackles the card takes (%)"),
                                pb_msg(lang, "tackles"), "", 1, row3, M, tackles, cells,
                                pb_msg(lang, "P(injured) in percent: a check (equal mod 3) after every second counted "
                                             "tackle; a failed check resets the count."));
    for (int i = 0; i < M; i++)
        mpq_clear(q[i]);
    cr_table_list l;
    cr_tables_build(&l, r, lang);
    bad |= pb_game_page_tables(out, lang, l.t, l.n);
    cr_tables_release(&l);
    pb_game_page_close(out, lang, "paperbowl carriers table --format csv");
    if (fclose(out) != 0 || bad) {
        free(buf);
        return NULL;
    }
    return buf;
}
