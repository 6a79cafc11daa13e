/* cardgame/cardgame_tables.c: the card-game draft's tables, exactly (cardgame_tables.h). */
#include "cardgame_tables.h"

#include <stdio.h>
#include <string.h>

#include "msg.h"

#include "cardgame_deal.h"

const char *const cg_table_ids[CG_TABLES] = {"suit-count", "deal", "shared", "follow", "sketch", "kick"};

static void suit_count(pb_table *t, pb_lang lang, const cg_rules *r)
{
    pb_table_init(t, "suit-count", pb_msg(lang, "Cards of a given suit in a hand (%)"));
    pb_table_note(t, pb_msg(lang, "Ruleset %s: %d suits x %d ranks, %d players x %d cards. Exact fractions in the CSV."), r->name,
                  r->deck[CG_SUITS], r->deck[CG_RANKS], r->deck[CG_PLAYERS], r->deck[CG_HAND]);
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "cards"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "P"), NULL, PB_COL_PERCENT, 2);
    mpq_t q;
    mpq_init(q);
    for (int k = 0; k <= r->deck[CG_HAND] && k <= r->deck[CG_RANKS]; k++) {
        size_t row = pb_table_row_add(t, false);
        cg_suit_count_p(q, r, k);
        pb_table_set_int(t, row, c0, k);
        pb_table_set_q(t, row, c1, q);
    }
    mpq_clear(q);
}

static void deal(pb_table *t, pb_lang lang, const cg_rules *r)
{
    pb_table_init(t, "deal", pb_msg(lang, "The deal (%)"));
    char sw[64];
    snprintf(sw, sizeof sw, "T11 = %s", r->value[10]);
    pb_table_note(t, pb_msg(lang, "Ruleset %s; switches: %s. Exact fractions in the CSV."), r->name, sw);
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "event"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "P"), NULL, PB_COL_PERCENT, 2);
    mpq_t q;
    mpq_init(q);
    struct { const char *name; void (*f)(mpq_t, const cg_rules *); } rows[] = {
        {PB_N_("a hand is void in a given suit"), cg_void_p},
        {PB_N_("a hand is void in some suit"), cg_void_any_p},
        {PB_N_("the kicker holds a card <= onside_max (an onside kick is possible)"), cg_onside_possible_p},
        {PB_N_("every card of the kicker is <= onside_max (an onside kick is forced)"), cg_onside_forced_p},
        {PB_N_("a team holds at least one 1"), cg_team_has_one_p},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t row = pb_table_row_add(t, false);
        rows[i].f(q, r);
        pb_table_set_text(t, row, c0, "%s", pb_msg(lang, rows[i].name));
        pb_table_set_q(t, row, c1, q);
    }
    mpq_clear(q);
}

/* How many of the partner's cards a player has seen (T11): counts, not a chance. */
static void shared(pb_table *t, pb_lang lang, const cg_rules *r)
{
    pb_table_init(t, "shared", pb_msg(lang, "The partner's cards a player sees (T11)"));
    char sw[64];
    snprintf(sw, sizeof sw, "T11 = %s", r->value[10]);
    pb_table_note(t, pb_msg(lang, "Ruleset %s; switches: %s. Counted by the rule, not a chance."), r->name, sw);
    bool team = strcmp(r->value[10], "per-team") == 0;
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "team"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "cards seen"), NULL, PB_COL_INT, 0);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, team ? PB_N_("cards of the team") : PB_N_("cards in the hand")), NULL,
                                 PB_COL_INT, 0);
    for (int side = 0; side < 2; side++) {
        size_t row = pb_table_row_add(t, false);
        pb_table_set_text(t, row, c0, "%s",
                          side ? pb_msgc(lang, "card game", "defense") : pb_msgc(lang, "card game", "offense"));
        pb_table_set_int(t, row, c1, r->deck[side ? CG_SHARE_DEF : CG_SHARE_OFF]);
        pb_table_set_int(t, row, c2, r->deck[CG_HAND] * (team ? 2 : 1));
    }
}

static void follow(pb_table *t, pb_lang lang, const cg_rules *r)
{
    pb_table_init(t, "follow", pb_msg(lang, "A run play at the first trick: who can follow the led suit (%)"));
    pb_table_note(t, "%s", pb_msg(lang, "The lead holds k cards of the suit he leads; the others' hands are unseen."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "k"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "a given player follows"), NULL, PB_COL_PERCENT, 2);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "all others follow"), NULL, PB_COL_PERCENT, 2);
    mpq_t one, all;
    mpq_inits(one, all, NULL);
    for (int k = 1; k <= r->deck[CG_RANKS] && k <= r->deck[CG_HAND]; k++) {
        size_t row = pb_table_row_add(t, false);
        cg_follow_p(one, all, r, k);
        pb_table_set_int(t, row, c0, k);
        pb_table_set_q(t, row, c1, one);
        pb_table_set_q(t, row, c2, all);
    }
    mpq_clears(one, all, NULL);
}

static void sketch(pb_table *t, pb_lang lang, const cg_rules *r)
{
    (void)r;
    pb_table_init(t, "sketch", pb_msg(lang, "The designer's guesses in the draft, checked"));
    pb_table_note(t, "%s", pb_msg(lang, "The first sketch: \"5 cards in 3 suits, 2 expected\" (its PST deck taken as "
                                        "3 x 11)."));
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "figure"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "exact"), NULL, PB_COL_DECIMAL, 3);
    mpq_t q;
    mpq_init(q);
    size_t row = pb_table_row_add(t, false);
    mpq_set_ui(q, 5, 3);
    pb_table_set_text(t, row, c0, "%s", pb_msg(lang, "5 cards, 3 suits: cards of a given suit"));
    pb_table_set_q(t, row, c1, q);
    static const struct {
        int suits, hand;
        const char *label;
    } longest[] = {{3, 5, PB_N_("5 cards, 3 suits: the longest suit")},
                   {3, 6, PB_N_("6 cards (the sketch's fix), 3 suits: the longest suit")},
                   {4, 10, PB_N_("the final deal, 10 cards, 4 suits: the longest suit")}};
    for (size_t i = 0; i < sizeof longest / sizeof longest[0]; i++) {
        row = pb_table_row_add(t, false);
        cg_longest_suit_mean(q, longest[i].suits, 11, longest[i].hand);
        pb_table_set_text(t, row, c0, "%s", pb_msg(lang, longest[i].label));
        pb_table_set_q(t, row, c1, q);
    }
    mpq_clear(q);
}

static void kick(pb_table *t, pb_lang lang, const cg_rules *r)
{
    pb_table_init(t, "kick", pb_msg(lang, "The kick after 3 tricks (T4, T5): series that reach it, and those that score"));
    pb_table_note(t, pb_msg(lang, "Every series with trick numbers 1..%d, each trick taken by the lead or his partner (+%d), "
                                  "the marker %d..%d, no touchdown in 3 tricks; counted, not weighted by chance."),
                  r->deck[CG_RANKS], r->deck[CG_BONUS], r->deck[CG_ONSIDE_MAX] + 1, r->deck[CG_TARGET_MAX]);
    size_t c0 = pb_table_col_add(t, pb_msg(lang, "T4"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, pb_msg(lang, "T5"), NULL, PB_COL_TEXT, 0);
    size_t c2 = pb_table_col_add(t, pb_msg(lang, "series reaching the kick"), NULL, PB_COL_INT, 0);
    size_t c3 = pb_table_col_add(t, pb_msg(lang, "kick scores"), NULL, PB_COL_INT, 0);
    size_t c4 = pb_table_col_add(t, pb_msg(lang, "share %"), NULL, PB_COL_PERCENT, 2);
    for (int before = 0; before < 2; before++)
        for (int tdonly = 0; tdonly < 2; tdonly++) {
            cg_rules x = *r;
            x.kick_before = before;
            x.bonus_td_only = tdonly;
            long n, s;
            cg_kick_findings(&x, &n, &s);
            size_t row = pb_table_row_add(t, false);
            pb_table_set_text(t, row, c0, "%s", before ? "before" : "after");
            pb_table_set_text(t, row, c1, "%s", tdonly ? "td-only" : "counts");
            pb_table_set_int(t, row, c2, n);
            pb_table_set_int(t, row, c3, s);
            mpq_t q;
            mpq_init(q);
            if (n) {
                mpq_set_ui(q, (unsigned long)s, (unsigned long)n);
                mpq_canonicalize(q);
            }
            pb_table_set_q(t, row, c4, q);
            mpq_clear(q);
        }
}

void cg_tables_build(cg_table_list *l, const cg_rules *r, pb_lang lang)
{
    memset(l, 0, sizeof *l);
    suit_count(&l->t[l->n++], lang, r);
    deal(&l->t[l->n++], lang, r);
    shared(&l->t[l->n++], lang, r);
    follow(&l->t[l->n++], lang, r);
    sketch(&l->t[l->n++], lang, r);
    kick(&l->t[l->n++], lang, r);
}

void cg_tables_release(cg_table_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        pb_table_release(&l->t[i]);
    l->n = 0;
}
