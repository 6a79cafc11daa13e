/* tables/build_field.c: by field position (togo 99 down to 1), per offense x defense, averaged
 * over the deck (each play card 1/24): P(touchdown), P(first down), P(turnover). */
#include "build.h"

#include <stddef.h>
#include <stdio.h>

#define PLACES 2

void pb_table_build_field(const pb_table_data *d, pb_table_list *l)
{
    static const struct {
        const char *id, *title, *note;
        size_t offset;
    } stats[] = {
        {"field-td", PB_N_("P(touchdown) by field position (deck average)"), PB_N_("P(touchdown) in percent."),
         offsetof(pb_table_stats, td)},
        {"field-first-down", PB_N_("P(first down) by field position (deck average)"),
         PB_N_("P(first down) in percent: the offense keeps the ball, does not score and reaches the line to gain; 0 where "
         "it is goal to go (the line to gain is the goal line)."),
         offsetof(pb_table_stats, first_down)},
        {"field-turnover", PB_N_("P(turnover) by field position (deck average)"),
         PB_N_("P(turnover) in percent: interception or fumble lost, returned for a score or not."),
         offsetof(pb_table_stats, turnover)},
    };
    char sit[512];
    pb_table_situation_text(d, 0, sit, sizeof sit);
    for (size_t s = 0; s < sizeof stats / sizeof stats[0]; s++) {
        pb_table *t = pb_table_list_add(l, stats[s].id, pb_msg(d->lang, stats[s].title));
        pb_table_assume(t, d, sit, PLACES);
        /* TRANSLATORS: %s is the sentence on what the numbers are */
        pb_table_note(t, pb_msg(d->lang, "Play card: the deck, each of the 24 cards 1/24. %s togo: yards to the goal "
                                         "line."),
                      pb_msg(d->lang, stats[s].note));
        pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
        pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
        pb_table_cols_offense_defense(t, d->lang, PB_COL_PERCENT, PLACES);
        for (int togo = 99; togo >= 1; togo--) {
            char ball[64];
            size_t r = pb_table_row_add(t, togo < 99 && togo % 10 == 9);
            pb_table_set_int(t, r, 0, togo);
            pb_table_ball_on(d->lang, togo, ball, sizeof ball);
            pb_table_set_text(t, r, 1, "%s", ball);
            size_t col = 2;
            for (int o = 0; o < PB_OFFENSE_COUNT; o++)
                for (int k = 1; k <= PB_DEFENSE_COUNT; k++, col++) {
                    const pb_table_stats *st = pb_table_play(d, o, k, PB_TABLE_DECK, togo);
                    pb_table_set_q(t, r, col, *(const mpq_t *)((const char *)st + stats[s].offset));
                }
        }
    }
}
