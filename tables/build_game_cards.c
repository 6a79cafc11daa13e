/* tables/build_game_cards.c: a card's worth in win probability against a blank card (the table
 * game-cards-blank and the numbers the report's game section shares, build.h): at a few stated
 * moments of the second half, 1st and 10 after a touchback with every timeout, the win probability
 * with each play card turned minus with a blank card turned (one with no effect: the play as with
 * no card), both sides keeping the snap's equilibrium calls (solve/wp.h, pb_wp_card_worth_at).
 * The moments: the start of the half tied, down 3 and up 3 (card 07, a foul only when the offense
 * leads, shows only there), and a quarter of the half left up 3. Each is the moment recomputed once
 * (under a lock) for the whole report. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"

#define WORTH_PLACES 2   /* percentage points */

struct pb_table_game_cards {
    const pb_wp *game;                        /* the game they were made from */
    int ok[PB_TABLE_GAME_NCARD_MOMENTS];
    pb_wp_card_worth at[PB_TABLE_GAME_NCARD_MOMENTS];
    char err[PB_TABLE_GAME_NCARD_MOMENTS][256];
};

void pb_table_game_card_moment(const pb_table_data *d, int k, pb_wp_moment *m)
{
    static const int lead[PB_TABLE_GAME_NCARD_MOMENTS] = {0, -3, 3, 3};
    const pb_ruleset *rs = &d->rules;
    int P = pb_table_game_cards(d), T = rs->sw.timeouts, tb = rs->touchback_togo;
    int left = k < 3 ? P : (P / 4 > 0 ? P / 4 : 1);
    *m = (pb_wp_moment){PB_WP_SNAP, 2, left, 0, lead[k], T, T, 0, tb, 1, tb < rs->first_down_yards ? tb : rs->first_down_yards};
}

const pb_wp_card_worth *pb_table_game_card_worth(const pb_table_data *d, int k)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    if (!d->game || k < 0 || k >= PB_TABLE_GAME_NCARD_MOMENTS || pb_table_game_cards(d) < 1)
        return NULL;
    pthread_mutex_lock(&lock);
    pb_table_data *w = (pb_table_data *)d;   /* the cache is made once, under the lock */
    if (w->game_cards && w->game_cards->game != d->game) {
        free(w->game_cards);
        w->game_cards = NULL;
    }
    if (!w->game_cards && (w->game_cards = calloc(1, sizeof *w->game_cards)) != NULL) {
        w->game_cards->game = d->game;
        for (int i = 0; i < PB_TABLE_GAME_NCARD_MOMENTS; i++) {
            pb_wp_moment m;
            pb_table_game_card_moment(d, i, &m);
            w->game_cards->ok[i] = pb_wp_card_worth_at(d->game, &m, &w->game_cards->at[i], w->game_cards->err[i],
                                                       sizeof w->game_cards->err[i]) == 0;
        }
    }
    const pb_wp_card_worth *x = w->game_cards && w->game_cards->ok[k] ? &w->game_cards->at[k] : NULL;
    pthread_mutex_unlock(&lock);
    return x;
}

/* "start of the half, tied", ... as a column label */
void pb_table_game_card_label(const pb_table_data *d, int k, char *buf, size_t len)
{
    pb_wp_moment m;
    pb_table_game_card_moment(d, k, &m);
    if (m.lead == 0)
        snprintf(buf, len, pb_msg(d->lang, "%d left, tied"), m.left);
    else if (m.lead < 0)
        snprintf(buf, len, pb_msg(d->lang, "%d left, down %d"), m.left, -m.lead);
    else
        snprintf(buf, len, pb_msg(d->lang, "%d left, up %d"), m.left, m.lead);
}

void pb_table_build_game_cards(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "game-cards-blank", pb_msg(d->lang, "Play card values in win probability against a "
                                                                         "blank card (second half)"));
    char sit[512], ball[64];
    const pb_ruleset *rs = &d->rules;
    pb_table_ball_on(d->lang, rs->touchback_togo, ball, sizeof ball);
    pb_wp_moment m0, m3;
    pb_table_game_card_moment(d, 0, &m0);
    pb_table_game_card_moment(d, 3, &m3);
    snprintf(sit, sizeof sit, pb_msg(d->lang, "second half, the team with the ball at 1st and 10 on the %s (togo %d), %s "
                                              "each: at its start (%d cards left) tied, down 3 and up 3, and with %d cards "
                                              "left up 3"),
             ball, rs->touchback_togo, pb_table_game_timeouts_text(d->lang, rs->sw.timeouts), m0.left, m3.left);
    pb_table_game_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "Each value: the win probability of the team with the ball with this card turned minus "
                                     "with a blank card turned (one with no effect: the play as with no card), both sides "
                                     "keeping the snap's equilibrium calls (made before the card is turned), in "
                                     "percentage points. The last rows: the deck itself, a random card against a blank "
                                     "one; and each column's largest certified bound, in percentage points."));
    pb_table_col_add(t, pb_msg(d->lang, "card"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "name"), NULL, PB_COL_TEXT, 0);
    for (int k = 0; k < PB_TABLE_GAME_NCARD_MOMENTS; k++) {
        char name[64];
        pb_table_game_card_label(d, k, name, sizeof name);
        pb_table_col_add(t, name, pb_msg(d->lang, "WP change vs blank (points)"), PB_COL_REAL, WORTH_PLACES);
    }
    if (!d->game)
        return;
    const pb_wp_card_worth *x[PB_TABLE_GAME_NCARD_MOMENTS];
    for (int k = 0; k < PB_TABLE_GAME_NCARD_MOMENTS; k++)
        x[k] = pb_table_game_card_worth(d, k);
    for (int c = 1; c <= PB_CARD_COUNT + 2; c++) {
        size_t r = pb_table_row_add(t, c == PB_CARD_COUNT + 1);
        if (c <= PB_CARD_COUNT) {
            pb_table_set_text(t, r, 0, "%02d", c);
            pb_table_set_text(t, r, 1, "%s", rs->card[c - 1].name);
        } else if (c == PB_CARD_COUNT + 1) {
            pb_table_set_text(t, r, 0, "%s", pb_msg(d->lang, "deck"));
            pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "a random card"));
        } else {
            pb_table_set_text(t, r, 0, "+-");
            pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "the largest bound"));
        }
        for (int k = 0; k < PB_TABLE_GAME_NCARD_MOMENTS; k++) {
            if (!x[k])
                continue;
            if (c <= PB_CARD_COUNT)
                pb_table_set_text(t, r, 2 + (size_t)k, "%+.*f", WORTH_PLACES, 100 * x[k]->worth[c]);
            else if (c == PB_CARD_COUNT + 1)   /* the deck: the snap's own game against the blank card */
                pb_table_set_text(t, r, 2 + (size_t)k, "%+.*f", WORTH_PLACES, 100 * (x[k]->game - x[k]->at_mix[0]));
            else {
                double b = 0;
                for (int j = 1; j <= PB_CARD_COUNT; j++)
                    b = fmax(b, x[k]->bound[j]);
                b = fmax(b, x[k]->mean_radius + x[k]->radius[0] + 1e-14);
                pb_table_set_text(t, r, 2 + (size_t)k, "%.1e", 100 * b);
            }
        }
    }
}
