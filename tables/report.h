/* tables/report.h: out/report.html, one self-contained page (no network, no external file):
 * the assumptions, SVG charts (a heatmap of offense x defense by P(first down), P(touchdown)
 * against field position, the gain distributions as bars), the drive solver's section (when
 * the data carry a solved drive game: tables/report_drive.c), the game solver's section (with
 * `tables --game`: tables/report_game.c), an explorer (offense, defense,
 * card, togo -> the distribution, its summary and its chart, in plain JavaScript over data
 * embedded in the page) and every table. It prints cleanly (print stylesheet: charts and
 * table rows are not split across pages, the explorer's controls are hidden).
 *
 * The page is a pure function of the data: no date, no path, no random id. Every number on
 * it is correctly rounded from the exact fraction in C (the JavaScript only formats integers
 * it is given); a table cell's title attribute holds the exact fraction. */
#ifndef PB_REPORT_H
#define PB_REPORT_H

#include <stdio.h>

#include "build.h"
#include "data.h"

/* Writes the page. 0, or -1 when the stream failed or memory ran out. */
int pb_report_write(FILE *out, const pb_table_data *d, const pb_table_list *tables);

/* The drive solver's section (nothing when d->drive is NULL): what the numbers are, the try
 * and kickoff headline, the EP curve, the last-down chart, the mixes, the card values. */
void pb_report_drive_section(FILE *out, const pb_table_data *d);

/* The game solver's section (nothing when d->game is NULL): the coin toss, a timeout's worth, the
 * win probability of a lead by cards left, the two-point and onside charts, the timeouts chart
 * (tables/report_game.c). */
void pb_report_game_section(FILE *out, const pb_table_data *d);

/* The game section's last-down chart by win probability, with a ring where the drive solver's EP
 * chart calls otherwise (tables/report_game_fourth.c); a line saying so when the value file does
 * not keep those states. Nothing without d->game. */
void pb_report_game_fourth(FILE *out, const pb_table_data *d);
/* How many of that chart's cells the EP chart calls otherwise; *cells: how many it has. */
int pb_report_game_fourth_disagree(const pb_table_data *d, int *cells);
/* The game section's card chart: each play card's worth in win probability against a blank card
 * at the moments of game-cards-blank (tables/report_game_cards.c). Nothing without d->game. */
void pb_report_game_cards(FILE *out, const pb_table_data *d);

/* The whole-game section (nothing when d->sim is NULL): the simulator's points per game, win and
 * tie rates, mean absolute margin, the margin chart and the most common finals, each with its
 * standard error (tables/report_sim.c). */
void pb_report_sim_section(FILE *out, const pb_table_data *d);
/* A final, either side winning: the winner's and the loser's points and the games that ended so. */
typedef struct {
    int winner, loser;
    uint64_t games;
} pb_report_final;
/* The n most common finals (points under PB_SIM_FINALS_MAX), the most common first; how many. */
int pb_report_sim_finals(const pb_sim_totals *t, pb_report_final *out, int n);
/* num / den correctly rounded from the exact fraction, to `places` decimals (percent: as a
 * percentage, "%" appended), as the simulator's own report prints it. */
void pb_report_sim_ratio(char *buf, size_t len, uint64_t num, uint64_t den, int places, int percent);
/* The standard error of a rate k / games (sqrt(p (1 - p) / games)), in percentage points. */
double pb_report_sim_rate_se(uint64_t k, uint64_t games);
/* The sum over games of |home - away|. */
uint64_t pb_report_sim_abs_margin(const pb_sim_totals *t);

/* The summary at the top of the page: a few findings read off the sections below (the best
 * and worst first-down matchup; with the drive solver the try, the kickoff, 4th and 1 and the
 * card values; with the game solver the coin toss), each linking to its section
 * (tables/report_summary.c). */
void pb_report_summary(FILE *out, const pb_table_data *d);

/* The explorer's data as JSON (the part of the page inside <script id="pb-data">). 0, or -1 (the
 * stream failed, or out of memory). */
int pb_report_explorer_json(FILE *out, const pb_table_data *d);

/* A probability as the report prints it (tables/report_fmt.c): a percentage to one decimal
 * place, correctly rounded; "0%" and "100%" only for exact 0 and 1 (pb_report_pct_q), "< 0.1%"
 * and "> 99.9%" for values that are possible but round to those ends (every solver value:
 * pb_report_pct_d). sign: append "%" (0: the number alone, for a chart's cells). */
void pb_report_pct_q(const mpq_t q, char *buf, size_t len, int sign);
void pb_report_pct_d(double p, char *buf, size_t len, int sign);

/* The offense's and a defense card's names in the report's language (the rulebook's terms). */
const char *pb_report_offense(const pb_table_data *d, int offense);
void pb_report_defense(const pb_table_data *d, int k, char *buf, size_t len);

/* s as HTML text in buf (as pb_table_put_html writes it: <, >, &, " escaped, ">=" and "<=" as
 * the signs), cut at a character's boundary when buf is too short; for a name inside a sentence
 * printed with printf. */
void pb_report_html_text(const char *s, char *buf, size_t len);

/* s as a JSON string, safe inside <script> (<, >, & escaped). */
void pb_report_json_string(FILE *out, const char *s);

/* The embedded stylesheet and script (tables/report.css, tables/report.js). */
extern const char pb_report_css[];
extern const char pb_report_js[];

#endif
