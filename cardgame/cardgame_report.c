/* cardgame/cardgame_report.c: the HTML page of the card-game draft (cardgame_report.h). */
#include "cardgame_report.h"

#include <stdio.h>
#include <stdlib.h>

#include "cardgame_deal.h"
#include "cardgame_tables.h"
#include "game_page.h"

enum { K = 16 };  /* at most this many columns (cards 0..15) */

char *cg_report_render(const cg_rules *r, pb_lang lang, size_t *len)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    if (!out)
        return NULL;
    int bad = 0;
    char lead[512], deck[160];
    snprintf(deck, sizeof deck, pb_msg(lang, "%d suits of %d ranks; %d players of %d cards each."), r->deck[CG_SUITS],
             r->deck[CG_RANKS], r->deck[CG_PLAYERS], r->deck[CG_HAND]);
    snprintf(lead, sizeof lead, "%s %s: %s %s", pb_msg(lang, "Ruleset"), r->name, deck,
             pb_msg(lang, "No dice: the deal is the only chance, and every figure is exact."));
    pb_game_page_open(out, lang, pb_msg(lang, "The football card game, exactly"), lead);
    mpq_t q[2 * K];
    const mpq_t *cells[2 * K];
    char names[K][12];
    const char *cols[K];
    for (int i = 0; i < 2 * K; i++) {
        mpq_init(q[i]);
        cells[i] = (const mpq_t *)&q[i];
    }
    pb_game_page_heading(out, pb_msg(lang, "The deal"));
    int n = 0;
    for (int k = 0; k <= r->deck[CG_HAND] && k <= r->deck[CG_RANKS] && n < K; k++, n++) {
        cg_suit_count_p(q[n], r, k);
        snprintf(names[n], sizeof names[n], "%d", k);
        cols[n] = names[n];
    }
    const char *row1[] = {pb_msg(lang, "P")};
    bad |= pb_game_page_pct_map(out, lang, "c-suit", pb_msg(lang, "Cards of a given suit in a hand (%)"),
                                pb_msg(lang, "cards of the suit"), "", 1, row1, n, cols, cells,
                                pb_msg(lang, "P(a hand holds exactly this many cards of a given suit) in percent; "
                                             "\"0\" only where it is impossible."));
    n = 0;
    for (int k = 1; k <= r->deck[CG_RANKS] && k <= r->deck[CG_HAND] && n < K; k++, n++) {
        cg_follow_p(q[n], q[K + n], r, k);
        snprintf(names[n], sizeof names[n], "%d", k);
        cols[n] = names[n];
    }
    /* row-major: the first row (a given player) then the second (all others) */
    const mpq_t *follow[2 * K];
    for (int i = 0; i < n; i++) {
        follow[i] = (const mpq_t *)&q[i];
        follow[n + i] = (const mpq_t *)&q[K + i];
    }
    const char *rows[] = {pb_msg(lang, "a given player follows"), pb_msg(lang, "all others follow")};
    bad |= pb_game_page_pct_map(out, lang, "c-follow",
                                pb_msg(lang, "A run play at the first trick: who can follow the led suit (%)"),
                                pb_msg(lang, "cards of the led suit in the lead's hand"), "", 2, rows, n, cols, follow,
                                pb_msg(lang, "P(follows suit) in percent; the others' hands are unseen."));
    for (int i = 0; i < 2 * K; i++)
        mpq_clear(q[i]);
    cg_table_list l;
    cg_tables_build(&l, r, lang);
    bad |= pb_game_page_tables(out, lang, l.t, l.n);
    cg_tables_release(&l);
    pb_game_page_close(out, lang, "paperbowl cardgame table --format csv");
    if (fclose(out) != 0 || bad) {
        free(buf);
        return NULL;
    }
    return buf;
}
