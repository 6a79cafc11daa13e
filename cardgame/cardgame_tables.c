/* cardgame/cardgame_tables.c: the card-game draft's tables, exactly (cardgame_tables.h). */
#include "cardgame_tables.h"

#include <string.h>

#include "msg.h"

#include "cardgame_deal.h"

const char *const cg_table_ids[CG_TABLES] = {"suit-count", "deal", "shared", "follow", "sketch", "kick"};

static void suit_count(pb_table *t, const cg_rules *r)
{
    pb_table_init(t, "suit-count", PB_N_("Cards of a given suit in a hand (%)"));
    pb_table_note(t, "Ruleset %s: %d suits x %d ranks, %d players x %d cards. Exact fractions in the CSV.", r->name,
                  r->deck[CG_SUITS], r->deck[CG_RANKS], r->deck[CG_PLAYERS], r->deck[CG_HAND]);
    size_t c0 = pb_table_col_add(t, PB_N_("cards"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("P"), NULL, PB_COL_PERCENT, 2);
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

static void deal(pb_table *t, const cg_rules *r)
{
    pb_table_init(t, "deal", PB_N_("The deal (%)"));
    pb_table_note(t, "Ruleset %s; switches: T11 = %s. Exact fractions in the CSV.", r->name, r->value[10]);
    size_t c0 = pb_table_col_add(t, PB_N_("event"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("P"), NULL, PB_COL_PERCENT, 2);
    mpq_t q;
    mpq_init(q);
    struct { const char *name; void (*f)(mpq_t, const cg_rules *); } rows[] = {
        {"a hand is void in a given suit", cg_void_p},
        {"a hand is void in some suit", cg_void_any_p},
        {"the kicker holds a card <= onside_max (an onside kick is possible)", cg_onside_possible_p},
        {"every card of the kicker is <= onside_max (an onside kick is forced)", cg_onside_forced_p},
        {"a team holds at least one 1", cg_team_has_one_p},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t row = pb_table_row_add(t, false);
        rows[i].f(q, r);
        pb_table_set_text(t, row, c0, "%s", rows[i].name);
        pb_table_set_q(t, row, c1, q);
    }
    mpq_clear(q);
}

/* How many of the partner's cards a player has seen (T11): counts, not a chance. */
static void shared(pb_table *t, const cg_rules *r)
{
    pb_table_init(t, "shared", PB_N_("The partner's cards a player sees (T11)"));
    pb_table_note(t, "Ruleset %s; switches: T11 = %s. Counted by the rule, not a chance.", r->name, r->value[10]);
    bool team = strcmp(r->value[10], "per-team") == 0;
    size_t c0 = pb_table_col_add(t, PB_N_("team"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("cards seen"), NULL, PB_COL_INT, 0);
    size_t c2 = pb_table_col_add(t, team ? PB_N_("cards of the team") : PB_N_("cards in the hand"), NULL, PB_COL_INT, 0);
    for (int side = 0; side < 2; side++) {
        size_t row = pb_table_row_add(t, false);
        pb_table_set_text(t, row, c0, "%s", side ? "defense" : "offense");
        pb_table_set_int(t, row, c1, r->deck[side ? CG_SHARE_DEF : CG_SHARE_OFF]);
        pb_table_set_int(t, row, c2, r->deck[CG_HAND] * (team ? 2 : 1));
    }
}

static void follow(pb_table *t, const cg_rules *r)
{
    pb_table_init(t, "follow", PB_N_("A run play at the first trick: who can follow the led suit (%)"));
    pb_table_note(t, "The lead holds k cards of the suit he leads; the others' hands are unseen.");
    size_t c0 = pb_table_col_add(t, PB_N_("k"), NULL, PB_COL_INT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("a given player follows"), NULL, PB_COL_PERCENT, 2);
    size_t c2 = pb_table_col_add(t, PB_N_("all others follow"), NULL, PB_COL_PERCENT, 2);
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

static void sketch(pb_table *t, const cg_rules *r)
{
    (void)r;
    pb_table_init(t, "sketch", PB_N_("The designer's guesses in the draft, checked"));
    pb_table_note(t, "The first sketch: \"5 cards in 3 suits, 2 expected\" (its PST deck taken as 3 x 11).");
    size_t c0 = pb_table_col_add(t, PB_N_("figure"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("exact"), NULL, PB_COL_DECIMAL, 3);
    mpq_t q;
    mpq_init(q);
    size_t row = pb_table_row_add(t, false);
    mpq_set_ui(q, 5, 3);
    pb_table_set_text(t, row, c0, "5 cards, 3 suits: cards of a given suit");
    pb_table_set_q(t, row, c1, q);
    static const struct {
        int suits, hand;
        const char *label;
    } longest[] = {{3, 5, "5 cards, 3 suits: the longest suit"},
                   {3, 6, "6 cards (the sketch's fix), 3 suits: the longest suit"},
                   {4, 10, "the final deal, 10 cards, 4 suits: the longest suit"}};
    for (size_t i = 0; i < sizeof longest / sizeof longest[0]; i++) {
        row = pb_table_row_add(t, false);
        cg_longest_suit_mean(q, longest[i].suits, 11, longest[i].hand);
        pb_table_set_text(t, row, c0, "%s", longest[i].label);
        pb_table_set_q(t, row, c1, q);
    }
    mpq_clear(q);
}

static void kick(pb_table *t, const cg_rules *r)
{
    pb_table_init(t, "kick", PB_N_("The kick after 3 tricks (T4, T5): series that reach it, and those that score"));
    pb_table_note(t, "Every series with trick numbers 1..%d, each trick taken by the lead or his partner (+%d), "
                  "the marker %d..%d, no touchdown in 3 tricks; counted, not weighted by chance.",
                  r->deck[CG_RANKS], r->deck[CG_BONUS], r->deck[CG_ONSIDE_MAX] + 1, r->deck[CG_TARGET_MAX]);
    size_t c0 = pb_table_col_add(t, PB_N_("T4"), NULL, PB_COL_TEXT, 0);
    size_t c1 = pb_table_col_add(t, PB_N_("T5"), NULL, PB_COL_TEXT, 0);
    size_t c2 = pb_table_col_add(t, PB_N_("series reaching the kick"), NULL, PB_COL_INT, 0);
    size_t c3 = pb_table_col_add(t, PB_N_("kick scores"), NULL, PB_COL_INT, 0);
    size_t c4 = pb_table_col_add(t, PB_N_("share %"), NULL, PB_COL_PERCENT, 2);
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

void cg_tables_build(cg_table_list *l, const cg_rules *r)
{
    memset(l, 0, sizeof *l);
    suit_count(&l->t[l->n++], r);
    deal(&l->t[l->n++], r);
    shared(&l->t[l->n++], r);
    follow(&l->t[l->n++], r);
    sketch(&l->t[l->n++], r);
    kick(&l->t[l->n++], r);
}

void cg_tables_release(cg_table_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        pb_table_release(&l->t[i]);
    l->n = 0;
}
