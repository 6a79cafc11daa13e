/* tables/report_game_cards.c: the game section's card chart (see report.h): what each play card is
 * worth in win probability against a blank card at the moments of the table game-cards-blank
 * (tables/build_game_cards.c), a heat map on a diverging scale (a row per card, a column per
 * moment, each cell with its value in percentage points), and a caption that names the cards whose
 * worth depends on the score (card 07 Delay of Game: a foul only when the offense leads). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

void pb_report_game_cards(FILE *out, const pb_table_data *d)
{
    enum { NR = PB_CARD_COUNT, NC = PB_TABLE_GAME_NCARD_MOMENTS };
    const pb_wp_card_worth *x[NC];
    for (int k = 0; k < NC; k++)
        if (!(x[k] = pb_table_game_card_worth(d, k)))
            return;
    pb_lang L = d->lang;
    static char rl[NR][96], cl[NC][64], tb[NR * NC][16];
    const char *rows[NR], *cols[NC], *text[NR * NC];
    double v[NR * NC], top = 0, bound = 0;
    for (int k = 0; k < NC; k++) {
        pb_table_game_card_label(d, k, cl[k], sizeof cl[k]);
        cols[k] = cl[k];
    }
    for (int c = 0; c < NR; c++) {
        snprintf(rl[c], sizeof rl[c], "%02d %s", c + 1, d->rules.card[c].name);
        rows[c] = rl[c];
        for (int k = 0; k < NC; k++) {
            int i = c * NC + k;
            v[i] = 100 * x[k]->worth[c + 1];
            snprintf(tb[i], sizeof tb[i], "%+.2f", v[i]);
            text[i] = tb[i];
            top = fmax(top, fabs(v[i]));
            bound = fmax(bound, x[k]->bound[c + 1]);
        }
    }
    if (top <= 0)
        top = 1;
    char lo[32], hi[32];
    snprintf(lo, sizeof lo, "%+.1f", -top);
    snprintf(hi, sizeof hi, "%+.1f", top);
    pb_svg_frame f = {"chart-game-cards",
                      pb_msg(L, "What each play card is worth in win probability against a blank card (percentage "
                                "points), second half, 1st and 10 after a touchback"),
                      pb_msg(L, "the moment (cards left in the second half, the score)"), pb_msg(L, "play card"),
                      900, 60 + 20 * NR + 44, 0, 0};
    fputs("<figure class=\"chart-fig\">\n", out);
    pb_svg_heatmap(out, &f, NR, rows, NC, cols, v, text, -top, top, lo, hi, "0",
                   pb_msg(L, "worth (percentage points)"));
    /* the cards whose worth moves with the score: the largest change between tied and up 3 at the
     * start of the half, beyond both values' bounds */
    int moved = 0;
    double most = 0;
    for (int c = 1; c <= NR; c++) {
        double dd = fabs(x[2]->worth[c] - x[0]->worth[c]);
        if (dd > x[2]->bound[c] + x[0]->bound[c] && dd > most) {
            most = dd;
            moved = c;
        }
    }
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(L, "Each cell: the win probability of the team with the ball at 1st and 10 after a touchback with "
                           "this card turned minus with a blank card turned (one with no effect: the play as with no "
                           "card), both sides keeping the snap's equilibrium calls, which are made before the card is "
                           "turned; in percentage points, each within &plusmn;%.1e points. Table game-cards-blank has the "
                           "values, the deck's own and the bounds."),
            100 * bound);
    if (moved) {
        fputs(" ", out);
        fprintf(out, pb_msg(L, "The card whose worth the score moves most at the start of the half is %02d %s: %+.2f "
                               "points tied, %+.2f up 3."),
                moved, d->rules.card[moved - 1].name, 100 * x[0]->worth[moved], 100 * x[2]->worth[moved]);
    }
    fputs("</figcaption>\n</figure>\n", out);
}
