/* tables/build.h: the rulebook tables, built from the table data (tables/data.h).
 *
 * Each builder appends pb_tables to a list; every table carries notes that say which ruleset,
 * situation, policies and rounding it assumes. The ids (file name stems) are stable:
 *   gain-run, gain-short, gain-long     P(gain = y), P(gain >= y) by yardage, no card, togo 50
 *   gain-summary                        completion rate, mean gain, P(touchdown), no card, togo 50
 *   card-STAT-togoN                     per offense x defense x card (and the deck) at togo N
 *                                       (N = 50, 20, 10, 5, 2, 95; STAT = first-down, td,
 *                                       turnover, mean-yards; no first-down table where it is
 *                                       goal to go)
 *   field-td, field-first-down, field-turnover   by togo 1-99, offense x defense, deck average
 *   fg, pat, two-point, onside, kickoff, punt-start, punt    special teams
 *   drive-ep, drive-fourth, drive-fourth-detail, drive-mixes, drive-cards, drive-kicks
 *                                       the drive solver's (solve/drive.h): EP by field
 *                                       position, the last-down chart, the equilibrium mixes,
 *                                       the card values, the try and the kickoffs (no rows
 *                                       while d->drive is NULL)
 * Ownership: the list owns its tables. */
#ifndef PB_TABLE_BUILD_H
#define PB_TABLE_BUILD_H

#include <stddef.h>

#include "data.h"
#include "table.h"

typedef struct {
    pb_table *items;
    size_t count, cap;
    pb_table spare;     /* out of memory in pb_table_list_add: the builder fills this instead */
    bool failed;        /* ... and the list is incomplete */
} pb_table_list;

void pb_table_list_init(pb_table_list *l);
void pb_table_list_release(pb_table_list *l);
/* A new, initialized table at the end of the list (valid until the next add). Out of memory:
 * l->failed and a spare table that is thrown away (never NULL). */
pb_table *pb_table_list_add(pb_table_list *l, const char *id, const char *title);
/* The table with this id, or NULL. */
const pb_table *pb_table_list_find(const pb_table_list *l, const char *id);

/* Field positions of the per-card tables. */
extern const int pb_table_card_togo[];
extern const int pb_table_card_ntogo;

void pb_table_build_gain(const pb_table_data *d, pb_table_list *l);
void pb_table_build_cards(const pb_table_data *d, pb_table_list *l);
void pb_table_build_field(const pb_table_data *d, pb_table_list *l);
void pb_table_build_special(const pb_table_data *d, pb_table_list *l);
void pb_table_build_drive(const pb_table_data *d, pb_table_list *l);
/* The game solver's tables (only when d->game is set): game-coin-toss, game-wp-lead,
 * game-wp-lead-half1, game-two-point, game-onside, game-timeouts (tables/build_game.c). */
void pb_table_build_game(const pb_table_data *d, pb_table_list *l);
/* All of the above, in that order. 0, or -1: out of memory (a table is incomplete or missing;
 * the caller releases the list and reports it). */
int pb_table_build_all(const pb_table_data *d, pb_table_list *l);

/* Add to n what the table with this id needs ("report": everything). */
void pb_table_need_add(pb_table_need *n, const char *id);

/* ---- helpers shared by the builders and the report ---- */

/* "Run", "Short Pass", "Long Pass". */
const char *pb_table_offense_label(pb_lang L, int offense);
/* "none", "01 Intercept", ..., "deck (each card 1/24)". */
void pb_table_card_label(const pb_table_data *d, int card, char *buf, size_t len);
/* Where the ball is, for people: togo 80 -> "own 20", 50 -> "50", 30 -> "opp 30". */
void pb_table_ball_on(pb_lang L, int togo, char *buf, size_t len);
/* "1st and 10, score tied, 3 timeouts each" (or goal to go) for a togo; togo 0: the general
 * "1st and 10 (goal to go inside the 10), ..." */
void pb_table_situation_text(const pb_table_data *d, int togo, char *buf, size_t len);
/* "v1.11-ja (embedded)", "mine (from rules/mine.ini)", plus any switches flipped. */
void pb_table_ruleset_text(const pb_table_data *d, char *buf, size_t len);
/* The standard notes: ruleset, situation (a given text), policies, and how values are rounded. */
void pb_table_assume(pb_table *t, const pb_table_data *d, const char *situation, int places);
/* The yards to gain shown in the last-down chart: 1 to this. */
#define PB_TABLE_FOURTH_YTG 15
/* "1st", "2nd", "3rd", "4th", "5th", ... */
const char *pb_table_ordinal(int n, char *buf, size_t len);
/* The notes on the setting: ruleset, situation, policies (policies_tail appended to that line). */
void pb_table_note_setting(pb_table *t, const pb_table_data *d, const char *situation, const char *policies_tail);
/* The drive tables' notes: ruleset, situation, policies, the model, the certified bound. */
void pb_table_drive_assume(pb_table *t, const pb_table_data *d, const char *situation);
/* A state's offense mix by call (PB_DRIVE_RUN .. PB_DRIVE_PUNT; 0 where not available). */
void pb_table_drive_mix(const pb_drive_state *s, double off[PB_DRIVE_CALLS]);
/* The cards by their mean value over the card-value states, most valuable first (ties by
 * card number): order[i] is a card index 0..23; mean[c] the mean of card index c. */
void pb_table_drive_card_order(const pb_table_data *d, int order[PB_CARD_COUNT], double mean[PB_CARD_COUNT]);
/* The card-value state k as a column label: "togo 80", ..., "goal at 5". */
void pb_table_drive_card_label(const pb_table_data *d, int k, char *buf, size_t len);

/* ---- the game solver's numbers (d->game; NAN or PB_TABLE_GAME_NONE without it) ---- */

/* The lead columns of game-wp-lead and the report's chart. */
extern const int pb_table_game_leads[];
extern const int pb_table_game_nleads;
/* Play cards per half of the solved game (0 without one). */
int pb_table_game_cards(const pb_table_data *d);
/* The win probability of the team with the ball at 1st and 10 from the touchback spot in the second
 * half with `left` cards left, its lead, its and the opponent's timeouts; *bound its certified
 * half-width. */
double pb_table_game_first_down(const pb_table_data *d, int left, int lead, int own, int opp, double *bound);
/* The same in either half (1, 2); in half 1 `receives` says whether the team with the ball receives
 * the second-half kickoff (ignored in half 2). NAN where the value file does not keep the state. */
double pb_table_game_first_down_in(const pb_table_data *d, int half, int left, int lead, int own, int opp, int receives,
                                   double *bound);
/* The kicking team's value of the opening kickoff (the toss winner who kicks), and its bound. */
double pb_table_game_coin(const pb_table_data *d, double *bound);
/* The decimals that show a value of half-width `bound` to its last certain digit (4 to 9): so
 * a decided toss shows the difference it was decided by (0.499945 and 0.500055, not 0.4999 and
 * 0.5001). */
int pb_table_bound_decimals(double bound);
/* The same for the overtime's toss (OT=sudden-death only: its first kickoff, 0-0). */
double pb_table_game_overtime_coin(const pb_table_data *d, double *bound);
/* A choice between two: the first (two-point, onside) better, the second (PAT, deep), the same
 * (within 1e-12: the game is decided either way), or not decided (the difference within the values'
 * bounds); NONE: not in the game. */
enum { PB_TABLE_GAME_NONE = -1, PB_TABLE_GAME_OPEN, PB_TABLE_GAME_FIRST, PB_TABLE_GAME_SECOND, PB_TABLE_GAME_SAME };
/* The try in the second half after a touchdown that leaves `left` cards (lead: the 6 counted). */
int pb_table_game_try(const pb_table_data *d, int left, int lead, double *pat, double *two);
/* The kickoff in the second half with `left` cards left (lead: the kicking team's). */
int pb_table_game_kick(const pb_table_data *d, int left, int lead, double *regular, double *onside);
/* The cards-left columns of the two-point and onside tables (descending; may end with 0). */
int pb_table_game_try_lefts(const pb_table_data *d, int *out);
/* The game tables' notes: ruleset, situation, policies, the model, the bounds. */
void pb_table_game_assume(pb_table *t, const pb_table_data *d, const char *situation);
/* "1 timeout", "3 timeouts" (a thread's static buffer: one use per expression). */
const char *pb_table_game_timeouts_text(pb_lang L, int n);
/* A card's worth in win probability against a blank card (tables/build_game_cards.c): the
 * moments of game-cards-blank (k: the start of the second half tied, down 3, up 3; a quarter of
 * the half left up 3; 1st and 10 after a touchback, every timeout), their column labels, and their
 * card worths (made once for the data, under a lock; NULL where the game has no such moment). */
#define PB_TABLE_GAME_NCARD_MOMENTS 4
void pb_table_game_card_moment(const pb_table_data *d, int k, pb_wp_moment *m);
void pb_table_game_card_label(const pb_table_data *d, int k, char *buf, size_t len);
const pb_wp_card_worth *pb_table_game_card_worth(const pb_table_data *d, int k);
void pb_table_build_game_cards(const pb_table_data *d, pb_table_list *l);

/* Add the 15 offense x defense columns (grouped by offense) of a PERCENT or DECIMAL kind. */
void pb_table_cols_offense_defense(pb_table *t, pb_lang L, pb_col_kind kind, int places);

#endif
