/* tables/build_cards.c: per offense x defense x play card, at midfield, in the red zone and
 * backed up: P(first down), P(touchdown), P(turnover), mean yards; one table per statistic
 * and field position, rows the cards (none, 01-24, the deck), columns offense x defense.
 * Where it is goal to go a first down can only be a touchdown, so there is no first-down
 * table there. */
#include "build.h"

#include <stdio.h>
#include <stddef.h>

#define PLACES 2

const int pb_table_card_togo[] = {50, 20, 10, 5, 2, 95};
const int pb_table_card_ntogo = (int)(sizeof pb_table_card_togo / sizeof pb_table_card_togo[0]);

typedef struct {
    const char *id, *title, *note;
    size_t offset;
    pb_col_kind kind;
} stat_info;

static const stat_info stats[] = {
    {"first-down", PB_N_("P(first down) by play card, %d yards to go (ball on %s, %s)"),
     PB_N_("P(first down) in percent: the offense keeps the ball, does not score, and reaches the line to gain (or an "
     "accepted defensive penalty reaches it)."),
     offsetof(pb_table_stats, first_down), PB_COL_PERCENT},
    {"td", PB_N_("P(touchdown) by play card, %d yards to go (ball on %s, %s)"),
     PB_N_("P(touchdown) in percent (by the offense)."), offsetof(pb_table_stats, td), PB_COL_PERCENT},
    {"turnover", PB_N_("P(turnover) by play card, %d yards to go (ball on %s, %s)"),
     PB_N_("P(turnover) in percent: interception or fumble lost, returned for a score or not."),
     offsetof(pb_table_stats, turnover), PB_COL_PERCENT},
    {"mean-yards", PB_N_("Mean yards by play card, %d yards to go (ball on %s, %s)"),
     PB_N_("Mean yards: the mean net yards over the plays that end in a gain, an incompletion (0), a sack or a penalty "
     "(touchdowns, turnovers and safeties are not in it); - when every play scores or turns the ball over."),
     offsetof(pb_table_stats, mean_yards), PB_COL_DECIMAL},
};

static const char *place_name(const pb_table_data *d, int togo)
{
    if (togo == 50)
        return pb_msgc(d->lang, "field zone", "midfield");
    if (togo <= d->rules.red_zone)
        return pb_msgc(d->lang, "field zone", "red zone");
    if (togo >= 90)
        return pb_msgc(d->lang, "field zone", "backed up");
    return pb_msgc(d->lang, "field zone", "field");
}

void pb_table_build_cards(const pb_table_data *d, pb_table_list *l)
{
    for (int i = 0; i < pb_table_card_ntogo; i++) {
        int togo = pb_table_card_togo[i];
        char ball[64], sit[512];
        pb_table_ball_on(d->lang, togo, ball, sizeof ball);
        pb_table_situation_text(d, togo, sit, sizeof sit);
        for (size_t s = 0; s < sizeof stats / sizeof stats[0]; s++) {
            if (s == 0 && togo <= d->rules.first_down_yards)
                continue; /* goal to go */
            char id[64], title[512];
            snprintf(id, sizeof id, "card-%s-togo%d", stats[s].id, togo);
            snprintf(title, sizeof title, pb_msg(d->lang, stats[s].title), togo, ball, place_name(d, togo));
            pb_table *t = pb_table_list_add(l, id, title);
            pb_table_assume(t, d, sit, PLACES);
            /* TRANSLATORS: %s is the sentence on what the numbers are */
            pb_table_note(t, pb_msg(d->lang, "%s Columns: offense card and Defense 1-5; the deck row averages the 24 "
                                             "play cards."),
                          pb_msg(d->lang, stats[s].note));
            pb_table_col_add(t, pb_msg(d->lang, "play card"), NULL, PB_COL_TEXT, 0);
            pb_table_cols_offense_defense(t, d->lang, stats[s].kind, PLACES);
            for (int c = 0; c < PB_TABLE_NCARDS; c++) {
                char label[96];
                size_t r = pb_table_row_add(t, c == 1 || c == PB_TABLE_DECK);
                pb_table_card_label(d, c, label, sizeof label);
                pb_table_set_text(t, r, 0, "%s", label);
                size_t col = 1;
                for (int o = 0; o < PB_OFFENSE_COUNT; o++)
                    for (int k = 1; k <= PB_DEFENSE_COUNT; k++, col++) {
                        const pb_table_stats *st = pb_table_play(d, o, k, c, togo);
                        const mpq_t *q = (const mpq_t *)((const char *)st + stats[s].offset);
                        if (stats[s].kind == PB_COL_DECIMAL && mpq_sgn(st->yard_p) == 0)
                            continue; /* no play ends with yardage: no mean ("-") */
                        pb_table_set_q(t, r, col, *q);
                    }
            }
        }
    }
}
