/* tables/build_drive.c: the drive solver's tables (solve/drive.h): expected points by field
 * position (drive-ep), the last-down chart as a grid (drive-fourth) and in full
 * (drive-fourth-detail), the equilibrium mixes at 1st and 10 (drive-mixes), the card values
 * (drive-cards) and the try and the kickoffs (drive-kicks).
 *
 * The values are the solver's doubles, not exact fractions: each is printed with printf's
 * correctly rounded "%.*f" (pb_table_set_real) at a stated number of places, and the notes
 * give the certified bound. Without a solved game (d->drive NULL: listing the ids) the
 * tables have their columns but no rows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"

#define EP_PLACES 6
#define MIX_PLACES 1
#define CARD_PLACES 4

const char *pb_table_ordinal(int n, char *buf, size_t len)
{
    const char *suffix = "th";
    if (n % 100 < 11 || n % 100 > 13)
        suffix = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    snprintf(buf, len, "%d%s", n, suffix);
    return buf;
}

void pb_table_note_setting(pb_table *t, const pb_table_data *d, const char *situation, const char *policies_tail)
{
    char pol[256], rules[PB_NAME_MAX + 600];
    pb_policies_format(&d->policies, pol, sizeof pol);
    pb_table_ruleset_text(d, rules, sizeof rules);
    pb_table_note(t, pb_msg(d->lang, "Ruleset: %s."), rules);
    pb_table_note(t, pb_msg(d->lang, "Situation: %s."), situation);
    pb_table_note(t, pb_msg(d->lang, "Policies: %s%s."), pol, policies_tail);
}

void pb_table_drive_assume(pb_table *t, const pb_table_data *d, const char *situation)
{
    pb_table_note_setting(t, d, situation, "");
    pb_table_note(t, d->rules.sw.timeouts == 1 ? pb_msg(d->lang, "Model (the drive solver): next-score expected points (EP) for the team with the ball: touchdown 6 "
                     "plus the try, field goal 3, safety -2, the opponent's scores negative; each snap a zero-sum game "
                     "(offense and defense call at once, both at equilibrium); the play card uniform over the 24 on "
                     "every play; every snap with the score tied and %d timeout each; no clock.")
                                               : pb_msg(d->lang, "Model (the drive solver): next-score expected points (EP) for the team with the ball: touchdown 6 "
                     "plus the try, field goal 3, safety -2, the opponent's scores negative; each snap a zero-sum game "
                     "(offense and defense call at once, both at equilibrium); the play card uniform over the 24 on "
                     "every play; every snap with the score tied and %d timeouts each; no clock."),
                  d->rules.sw.timeouts);
    if (d->drive) {
        pb_drive_stats st;
        pb_drive_stats_get(d->drive, &st);
        pb_table_note(t, pb_msg(d->lang, "Values: floating point (not exact fractions); every EP is certified within +-%.1e of the "
                         "exact value (interval iteration); mixes exploitable by at most %.1e. Printed rounded to the "
                         "places shown."),
                      st.max_bound, st.max_exploit);
    }
}

/* The spot, for people: "own 20", "50", "opp 20". */
/* A new row for `togo` (a rule above every tenth): its togo and where the ball is in the first two
 * columns. */
static size_t togo_row(pb_table *t, const pb_table_data *d, int togo)
{
    size_t r = pb_table_row_add(t, togo % 10 == 9 && togo < 99);
    char ball[64];
    pb_table_ball_on(d->lang, togo, ball, sizeof ball);
    pb_table_set_int(t, r, 0, togo);
    pb_table_set_text(t, r, 1, "%s", ball);
    return r;
}

static int goal_ytg(const pb_table_data *d, int togo)
{
    return togo < d->rules.first_down_yards ? togo : d->rules.first_down_yards;
}

static void build_ep(const pb_table_data *d, pb_table_list *l)
{
    const int downs = d->rules.downs, fd = d->rules.first_down_yards;
    char title[512], sit[512];
    snprintf(title, sizeof title, pb_msg(d->lang, "Expected points (EP) by field position and down, %d yards to gain "
                                                  "(goal to go inside the %d)"), fd, fd);
    pb_table *t = pb_table_list_add(l, "drive-ep", title);
    snprintf(sit, sizeof sit, pb_msg(d->lang, "every down with %d yards to gain (1st and goal, 2nd and goal, ... inside "
                                              "the %d)"), fd, fd);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "+-: the certified bound of the row's EP (the largest of its downs): the exact EP lies within it "
                     "of the unrounded value."));
    pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
    for (int down = 1; down <= downs; down++) {
        char name[64];
        pb_table_col_add(t, pb_table_ordinal(down, name, sizeof name), pb_msg(d->lang, "EP by down"), PB_COL_REAL, EP_PLACES);
    }
    pb_table_col_add(t, "+-", NULL, PB_COL_TEXT, 0);
    if (!d->drive)
        return;
    for (int togo = 99; togo >= 1; togo--) {
        size_t r = togo_row(t, d, togo);
        double bound = 0;
        for (int down = 1; down <= downs; down++) {
            pb_drive_state s;
            if (pb_drive_get(d->drive, togo, down, goal_ytg(d, togo), &s) != 0)
                continue;
            pb_table_set_real(t, r, 1 + (size_t)down, s.ep);
            if (s.bound > bound)
                bound = s.bound;
        }
        pb_table_set_text(t, r, 2 + (size_t)downs, "%.1e", bound);
    }
}

/* The letter of a last-down call in the chart's cells, in the table's language. */
static const char *choice_letter(pb_lang L, pb_drive_choice_kind best)
{
    switch (best) {
    case PB_CHOICE_GO: return pb_msgc(L, "4th-down letter", "G");
    case PB_CHOICE_FG: return pb_msgc(L, "4th-down letter", "F");
    default: return pb_msgc(L, "4th-down letter", "P");
    }
}

static void build_fourth(const pb_table_data *d, pb_table_list *l)
{
    const int down = d->rules.downs;
    char title[512], sit[512], nth[16];
    pb_table_ordinal(down, nth, sizeof nth);
    snprintf(title, sizeof title, pb_msg(d->lang, "%s-down chart: go for it (G), field goal (F) or punt (P), by field "
                                                  "position and yards to gain"), nth);
    title[0] = (char)(title[0] >= 'a' && title[0] <= 'z' ? title[0] - 'a' + 'A' : title[0]);
    pb_table *t = pb_table_list_add(l, "drive-fourth", title);
    snprintf(sit, sizeof sit, pb_msg(d->lang, "%s down and 1 to %d yards to gain"), nth, PB_TABLE_FOURTH_YTG);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "Each cell: the call with the highest EP: go for it (the game of Run, Short and Long Pass against "
                     "the defense, at equilibrium), a field goal, or a punt (the receiver takes the touchback or the "
                     "return, whichever is worth more to it). '-': more yards to gain than to the goal line. The "
                     "margins are in drive-fourth-detail."));
    pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
    for (int y = 1; y <= PB_TABLE_FOURTH_YTG; y++) {
        char name[64];
        snprintf(name, sizeof name, "%d", y);
        pb_table_col_add(t, name, pb_msg(d->lang, "yards to gain"), PB_COL_TEXT, 0);
    }
    if (!d->drive)
        return;
    for (int togo = 99; togo >= 1; togo--) {
        size_t r = togo_row(t, d, togo);
        for (int y = 1; y <= PB_TABLE_FOURTH_YTG && y <= togo; y++) {
            pb_drive_choice ch;
            if (pb_drive_choices(d->drive, togo, down, y, &ch) == 0)
                pb_table_set_text(t, r, 1 + (size_t)y, "%s", choice_letter(d->lang, ch.best));
        }
    }
}

static void build_fourth_detail(const pb_table_data *d, pb_table_list *l)
{
    const int down = d->rules.downs;
    char title[512], sit[512], nth[16];
    pb_table_ordinal(down, nth, sizeof nth);
    snprintf(title, sizeof title, pb_msg(d->lang, "%s-down decisions in full: EP of going for it, a field goal and a punt"), nth);
    title[0] = (char)(title[0] >= 'a' && title[0] <= 'z' ? title[0] - 'a' + 'A' : title[0]);
    pb_table *t = pb_table_list_add(l, "drive-fourth-detail", title);
    snprintf(sit, sizeof sit, pb_msg(d->lang, "%s down and 1 to %d yards to gain"), nth, PB_TABLE_FOURTH_YTG);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "best: the call with the highest EP; margin: its EP minus the next best's. go: the game of Run, "
                     "Short and Long Pass against the defense at equilibrium; field goal: '-' where it is not allowed "
                     "(farther than %d yards to go); punt: the receiver takes the touchback or the return by EP."),
                  d->rules.fg_max_togo);
    pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ytg"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "best"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "margin"), NULL, PB_COL_REAL, EP_PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "go"), NULL, PB_COL_REAL, EP_PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "field goal"), NULL, PB_COL_REAL, EP_PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "punt"), NULL, PB_COL_REAL, EP_PLACES);
    if (!d->drive)
        return;
    for (int togo = 99; togo >= 1; togo--)
        for (int y = 1; y <= PB_TABLE_FOURTH_YTG && y <= togo; y++) {
            pb_drive_choice ch;
            if (pb_drive_choices(d->drive, togo, down, y, &ch) != 0)
                continue;
            size_t r = pb_table_row_add(t, false);
            pb_table_set_int(t, r, 0, togo);
            pb_table_set_int(t, r, 1, y);
            pb_table_set_text(t, r, 2, "%s", ch.best == PB_CHOICE_GO           ? pb_msgc(d->lang, "drive choice", "go")
                                             : ch.best == PB_CHOICE_FG ? pb_msgc(d->lang, "drive choice", "field_goal")
                                             : ch.best == PB_CHOICE_PUNT       ? pb_msgc(d->lang, "drive choice", "punt")
                                                                               : pb_drive_choice_name(ch.best));
            pb_table_set_real(t, r, 3, ch.margin);
            pb_table_set_real(t, r, 4, ch.go);
            if (ch.fg_allowed)
                pb_table_set_real(t, r, 5, ch.fg);
            pb_table_set_real(t, r, 6, ch.punt);
        }
}

void pb_table_drive_mix(const pb_drive_state *s, double off[PB_DRIVE_CALLS])
{
    for (int c = 0; c < PB_DRIVE_CALLS; c++)
        off[c] = 0;
    for (int i = 0; i < s->ncalls; i++)
        off[s->calls[i]] = s->off_mix[i];
}

static void build_mixes(const pb_table_data *d, pb_table_list *l)
{
    const char *const calls[PB_DRIVE_CALLS] = {pb_msgc(d->lang, "call", "Run"), pb_msgc(d->lang, "call", "Short"),
                                               pb_msgc(d->lang, "call", "Long"), pb_msgc(d->lang, "call", "FG"),
                                               pb_msgc(d->lang, "call", "Punt")};
    char sit[512];
    pb_table *t = pb_table_list_add(l, "drive-mixes", pb_msg(d->lang, "Equilibrium play-calling by field position: how often each side "
                                                      "calls each card (%), 1st and 10"));
    pb_table_situation_text(d, 0, sit, sizeof sit);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "Offense: Run, Short Pass, Long Pass, field goal (FG), punt; defense: Defense 1-5. Each side's "
                     "mix makes the other side's calls all worth the same (or less); 0: never called. EP is the "
                     "value of the snap (drive-ep)."));
    pb_table_col_add(t, pb_msg(d->lang, "togo"), NULL, PB_COL_INT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "ball on"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "EP"), NULL, PB_COL_REAL, EP_PLACES);
    for (int c = 0; c < PB_DRIVE_CALLS; c++)
        pb_table_col_add(t, calls[c], pb_msg(d->lang, "offense (%)"), PB_COL_REAL, MIX_PLACES);
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char name[64];
        snprintf(name, sizeof name, "D%d", k);
        pb_table_col_add(t, name, pb_msg(d->lang, "defense (%)"), PB_COL_REAL, MIX_PLACES);
    }
    if (!d->drive)
        return;
    for (int togo = 99; togo >= 1; togo--) {
        pb_drive_state s;
        if (pb_drive_get(d->drive, togo, 1, goal_ytg(d, togo), &s) != 0)
            continue;
        size_t r = togo_row(t, d, togo);
        pb_table_set_real(t, r, 2, s.ep);
        double off[PB_DRIVE_CALLS];
        pb_table_drive_mix(&s, off);
        for (int c = 0; c < PB_DRIVE_CALLS; c++)
            pb_table_set_real(t, r, 3 + (size_t)c, 100 * off[c]);
        for (int k = 0; k < PB_DEFENSE_COUNT; k++)
            pb_table_set_real(t, r, 3 + PB_DRIVE_CALLS + (size_t)k, 100 * s.def_mix[k]);
    }
}

void pb_table_drive_card_order(const pb_table_data *d, int order[PB_CARD_COUNT], double mean[PB_CARD_COUNT])
{
    for (int c = 0; c < PB_CARD_COUNT; c++) {
        double m = 0;
        for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
            m += d->card_value[k][c];
        mean[c] = m / PB_TABLE_DRIVE_NCARD;
        order[c] = c;
    }
    for (int a = 1; a < PB_CARD_COUNT; a++) /* insertion sort by mean, descending; ties by card number */
        for (int b = a; b > 0 && mean[order[b]] > mean[order[b - 1]]; b--) {
            int x = order[b];
            order[b] = order[b - 1];
            order[b - 1] = x;
        }
}

void pb_table_drive_card_label(const pb_table_data *d, int k, char *buf, size_t len)
{
    int togo = pb_table_drive_card_togo[k];
    if (togo <= d->rules.first_down_yards)
        snprintf(buf, len, pb_msg(d->lang, "goal at %d"), togo);
    else
        snprintf(buf, len, pb_msg(d->lang, "togo %d"), togo);
}

static void build_cards(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "drive-cards", pb_msg(d->lang, "Play card values: the EP a card adds (or costs) when it is "
                                                      "turned, from the most valuable to the most costly"));
    char sit[512];
    snprintf(sit, sizeof sit, pb_msg(d->lang, "1st and %d at togo 80 (own 20), 50 and 20 (opp 20); 1st and goal at togo 5"),
             d->rules.first_down_yards);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "Each value: the state's EP with this card turned instead of a random one (both sides keeping "
                     "their equilibrium calls; a field goal or punt turns no card), minus the state's EP. mean: the "
                     "average over the four states. Sorted by mean, most valuable first."));
    pb_table_col_add(t, pb_msg(d->lang, "card"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "name"), NULL, PB_COL_TEXT, 0);
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++) {
        char name[64];
        pb_table_drive_card_label(d, k, name, sizeof name);
        pb_table_col_add(t, name, pb_msg(d->lang, "EP change"), PB_COL_REAL, CARD_PLACES);
    }
    pb_table_col_add(t, pb_msg(d->lang, "mean"), pb_msg(d->lang, "EP change"), PB_COL_REAL, CARD_PLACES);
    if (!d->drive)
        return;
    int order[PB_CARD_COUNT];
    double mean[PB_CARD_COUNT];
    pb_table_drive_card_order(d, order, mean);
    for (int i = 0; i < PB_CARD_COUNT; i++) {
        int c = order[i];
        size_t r = pb_table_row_add(t, false);
        pb_table_set_text(t, r, 0, "%02d", c + 1);
        pb_table_set_text(t, r, 1, "%s", d->rules.card[c].name);
        for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
            pb_table_set_text(t, r, 2 + (size_t)k, "%+.*f", CARD_PLACES, d->card_value[k][c]);
        pb_table_set_text(t, r, 2 + PB_TABLE_DRIVE_NCARD, "%+.*f", CARD_PLACES, mean[c]);
    }
}

/* drive-cards-blank: the card values against a blank card (a card with no effect), the rows in
 * drive-cards' order (the same: against a blank card each state's values move by one constant),
 * and a last row for the deck itself. */
static void build_cards_blank(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "drive-cards-blank", pb_msg(d->lang, "Play card values against a blank card: the EP a card "
                                                            "adds (or costs) against a card with no effect"));
    char sit[512];
    snprintf(sit, sizeof sit, pb_msg(d->lang, "1st and %d at togo 80 (own 20), 50 and 20 (opp 20); 1st and goal at togo 5"),
             d->rules.first_down_yards);
    pb_table_drive_assume(t, d, sit);
    pb_table_note(t, pb_msg(d->lang, "Each value: the state's EP with this card turned instead of a random one, minus the EP with a "
                     "blank card turned (one with no effect: the play as with no card), both sides keeping their "
                     "equilibrium calls, the score tied (a card that applies only when leading is a blank card here: "
                     "0). The last row: the deck itself, a random card against a blank one. mean: the average over "
                     "the four states. Sorted as drive-cards."));
    pb_table_col_add(t, pb_msg(d->lang, "card"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "name"), NULL, PB_COL_TEXT, 0);
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++) {
        char name[64];
        pb_table_drive_card_label(d, k, name, sizeof name);
        pb_table_col_add(t, name, pb_msg(d->lang, "EP change vs blank"), PB_COL_REAL, CARD_PLACES);
    }
    pb_table_col_add(t, pb_msg(d->lang, "mean"), pb_msg(d->lang, "EP change vs blank"), PB_COL_REAL, CARD_PLACES);
    if (!d->drive)
        return;
    int order[PB_CARD_COUNT];
    double mean[PB_CARD_COUNT];
    pb_table_drive_card_order(d, order, mean);
    for (int i = 0; i <= PB_CARD_COUNT; i++) {
        int c = i < PB_CARD_COUNT ? order[i] : -1;
        size_t r = pb_table_row_add(t, c < 0);
        if (c >= 0) {
            pb_table_set_text(t, r, 0, "%02d", c + 1);
            pb_table_set_text(t, r, 1, "%s", d->rules.card[c].name);
        } else {
            pb_table_set_text(t, r, 0, "%s", pb_msg(d->lang, "deck"));
            pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "a random card"));
        }
        for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
            pb_table_set_text(t, r, 2 + (size_t)k, "%+.*f", CARD_PLACES,
                              (c >= 0 ? d->card_value[k][c] : 0) - d->card_blank[k]);
        double m = 0;   /* the mean of the differences (card 07's: 0 exactly, as its cells) */
        for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
            m += ((c >= 0 ? d->card_value[k][c] : 0) - d->card_blank[k]) / PB_TABLE_DRIVE_NCARD;
        pb_table_set_text(t, r, 2 + PB_TABLE_DRIVE_NCARD, "%+.*f", CARD_PLACES, m);
    }
}

static void build_kicks(const pb_table_data *d, pb_table_list *l)
{
    pb_table *t = pb_table_list_add(l, "drive-kicks", pb_msg(d->lang, "The try and the kickoff by expected points: PAT kick or "
                                                      "two-point try, regular kickoff or onside kick"));
    pb_table_drive_assume(t, d, pb_msg(d->lang, "after a touchdown (the try); a kickoff from the own 30, a free kick after a "
                                                "safety"));
    pb_table_note(t, pb_msg(d->lang, "The try: points (PAT: P(good) x 1; two-point try: 2 x P(touchdown) at the equilibrium of Run, "
                     "Short and Long Pass against Defense 1-5, no card). Kicks: the kicking team's EP after the kick "
                     "(negative: the receiver has the ball); the receiver takes the touchback or the return by EP. "
                     "P(success): the PAT good, the two-point try scored, the onside kick kept."));
    pb_table_col_add(t, pb_msg(d->lang, "play"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "option"), NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, pb_msg(d->lang, "points / EP"), NULL, PB_COL_REAL, EP_PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "P(success)"), NULL, PB_COL_REAL, EP_PLACES);
    pb_table_col_add(t, pb_msg(d->lang, "best"), NULL, PB_COL_TEXT, 0);
    if (!d->drive)
        return;
    pb_drive_try tr;
    pb_drive_try_get(d->drive, &tr);
    size_t r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, "%s", pb_msg(d->lang, "try after a touchdown"));
    pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "PAT kick"));
    pb_table_set_real(t, r, 2, tr.pat);
    pb_table_set_real(t, r, 3, tr.pat);
    if (!tr.two_better)
        pb_table_set_text(t, r, 4, "%s", pb_msg(d->lang, "best"));
    r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, "%s", pb_msg(d->lang, "try after a touchdown"));
    pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "two-point try"));
    pb_table_set_real(t, r, 2, tr.two_point);
    pb_table_set_real(t, r, 3, tr.two_point / 2);
    if (tr.two_better)
        pb_table_set_text(t, r, 4, "%s", pb_msg(d->lang, "best"));
    for (int f = 0; f < 2; f++) {
        pb_drive_kickoff k;
        if (pb_drive_kickoff_get(d->drive, f, &k) != 0)
            continue;
        const char *what = f ? pb_msg(d->lang, "free kick after a safety") : pb_msg(d->lang, "kickoff");
        r = pb_table_row_add(t, true);
        pb_table_set_text(t, r, 0, "%s", what);
        pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "regular"));
        pb_table_set_real(t, r, 2, k.regular);
        if (!k.onside_better)
            pb_table_set_text(t, r, 4, "%s", pb_msg(d->lang, "best"));
        r = pb_table_row_add(t, false);
        pb_table_set_text(t, r, 0, "%s", what);
        pb_table_set_text(t, r, 1, "%s", pb_msg(d->lang, "onside kick"));
        pb_table_set_real(t, r, 2, k.onside);
        pb_table_set_real(t, r, 3, k.p_kept);
        if (k.onside_better)
            pb_table_set_text(t, r, 4, "%s", pb_msg(d->lang, "best"));
    }
}

void pb_table_build_drive(const pb_table_data *d, pb_table_list *l)
{
    build_ep(d, l);
    build_fourth(d, l);
    build_fourth_detail(d, l);
    build_mixes(d, l);
    build_cards(d, l);
    build_cards_blank(d, l);
    build_kicks(d, l);
}
