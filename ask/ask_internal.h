/* ask/ask_internal.h: what the files of `paperbowl ask` share, not part of its API.
 *
 *   ask_parse.c      the reader (pb_ask_reader): measure, events, what applies to what
 *   ask_condition.c  the conditions after the measure (KEY=VALUE, vs)
 *   ask_scan.c       words, integers, positions; errors and their carets; did you mean
 *   ask_values.c     the value of each condition (offense=..., togo=...), read into the query
 *   ask_event.c      event and quantity names and meanings
 *   ask_plan.c       defaults, zones, rulesets, weights: the cells of a question
 *   ask_run.c        every cell enumerated and mixed exactly
 *   ask_format.c     the answer as text; numbers, the measure, the names used (shared)
 *   ask_json.c       the answer as JSON
 *   ask_weight.c     --weight files
 *   ask_drive.c      the drive solver behind E(next_score), best and --weight field: solves kept
 *                    per ruleset and policies, a state's numbers, the field weights
 *   ask_drive_format.c  E(next_score) and best as text and JSON */
#ifndef PB_ASK_INTERNAL_H
#define PB_ASK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "ask.h"

typedef struct {
    pb_ask_query *q;
    const pb_ask_defines *defs;
    const char *s;        /* the text being read: the question or a define */
    int source;           /* -1 the question, k define k */
    size_t pos;
    int depth;
    pb_ask_error *err;
    int *def_state;       /* per define: 0 unread, 1 being read, 2 read */
} pb_ask_reader;

/* Record the first error (at offset, span bytes of r->s) and return -1. */
int pb_ask_fail(pb_ask_reader *r, size_t offset, size_t span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Words: letters, digits, '_' and '-' (ask_scan.c). */
bool pb_ask_is_word_start(int c);
void pb_ask_skip_space(pb_ask_reader *r);
/* The length of the word at pos (0: none). */
size_t pb_ask_word_at(const char *s, size_t pos);
/* Is w[0, n) the word lit (case-insensitive)? */
bool pb_ask_word_is(const char *w, size_t n, const char *lit);
/* The conditions after the measure, to the end of r->s: 0, or -1 and the error. */
int pb_ask_parse_conditions(pb_ask_reader *r);

int pb_ask_char_len(const char *s);
int pb_ask_column(const char *s, size_t offset);
/* An integer at pos (optional sign): its length in bytes, or 0. */
size_t pb_ask_int_at(const char *s, size_t pos, int *value);
int pb_ask_distance(const char *a, size_t an, const char *b, size_t bn);
const char *pb_ask_suggest(const char *word, size_t n, const char *const *names);

/* Value readers: the text s[vs, ve) of one condition into r->q; 0, or -1 and the error. */
int pb_ask_read_offense(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_defense(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_card(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_togo(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_down(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_ytg(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_lead(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_timeouts(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_zone(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_kick(pb_ask_reader *r, size_t vs, size_t ve);
int pb_ask_read_policy(pb_ask_reader *r, size_t vs, size_t ve);
/* One "ID=VALUE" switch at s[vs, ve), checked against the switch table. */
int pb_ask_switch_check(pb_ask_reader *r, size_t vs, size_t ve);

/* "a play", "kick=fg (a field goal)", ... */
const char *pb_ask_action_name(pb_action a);
/* "kick=fg" etc.: the keyword of an action. */
const char *pb_ask_action_keyword(pb_action a);
/* The actions in an applies mask, as words: "plays", "kick=fg, kick=pat". */
void pb_ask_applies_text(unsigned applies, char *buf, size_t len);
/* Bit d set: the action reads dimension d. */
unsigned pb_ask_action_dims(pb_action a);
const char *pb_ask_zone_name(pb_ask_zone z);
/* The zone's togo range (red: up to the ruleset's red_zone). */
void pb_ask_zone_range(pb_ask_zone z, const pb_ruleset *rs, int *lo, int *hi);

/* The answer's pieces (ask_format.c), shared by the text and the JSON (ask_json.c).
 * An exact value as "num/den" in lowest terms, or correctly rounded to `places` as a decimal or
 * (percent) a percentage; malloc'd, NULL when out of memory. */
char *pb_ask_fraction_text(const mpq_t q);
char *pb_ask_decimal_text(const mpq_t q, int places, bool percent);
/* "P(event | given)" or "E(quantity | given)", as read. */
void pb_ask_measure_text(const pb_ask_query *q, const pb_ask_defines *defs, char *buf, size_t len);
/* Every atom, comparison quantity and define used, once each, in order of appearance. */
typedef struct {
    int atoms[PB_ASK_ATOM_COUNT], natoms;
    int quants[PB_ASK_Q_COUNT], nquants;
    int defs[PB_ASK_DEFINES_MAX], ndefs;
} pb_ask_names;
void pb_ask_names_used(const pb_ask_query *q, pb_ask_names *u);

/* ---- the drive solver (ask_drive.c) ---- */
typedef struct {
    const pb_drive *d[2];              /* each side's solved game (state measures), else NULL */
    const pb_drive_visits *visits;     /* --weight field: the first ruleset's visits, else NULL */
} pb_ask_drives;

/* Solve (or find solved) what the plan needs: each side's game for the state measures (state),
 * the first side's game and visits for --weight field. Fills r->solver and r->solved. */
int pb_ask_drives_get(const pb_ask_plan *p, bool state, pb_ask_drives *out, pb_ask_result *r, char *err,
                      size_t errlen);
/* Is dimension d one the field weighs (togo, down, ytg)? */
bool pb_ask_field_dim(int d);
/* The state of a cell under side s's ruleset: ytg the default (min(first_down_yards, togo)) or
 * clipped to togo (goal to go). */
void pb_ask_cell_state(const pb_ask_plan *p, int side, const pb_ask_cell *cell, int *togo, int *down, int *ytg);
/* The sum of the visits over the question's (togo, down, ytg) combinations; -1 and a message when
 * none is ever reached. */
int pb_ask_field_sum(const pb_ask_plan *p, const pb_ask_drives *dr, mpq_t sum, char *err, size_t errlen);
/* out *= the cell's field weight: its state's visits / sum (exact: the double's own rational). */
void pb_ask_field_weight(const pb_ask_plan *p, const pb_ask_drives *dr, const pb_ask_cell *cell, const mpq_t sum,
                         mpq_t out);
/* A state measure's cell on side s: ep, bound, num = EP, den = 1, and best's numbers. */
int pb_ask_state_cell(const pb_ask_plan *p, const pb_ask_drives *dr, int side, pb_ask_cell *cell, pb_ask_best *best,
                      char *err, size_t errlen);

/* ---- output shared with the solver's measures ---- */
extern const char pb_ask_next_score_meaning[], pb_ask_best_meaning[];   /* "read as" */
/* "read as" (ask_format.c): the measure, meanings, dimensions, rulesets, policies, weights and, when
 * the drive solver was used, its figures. */
void pb_ask_print_read_as(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);
/* The weight of value i of dimension d: the plan's, or with --weight field the result's. */
mpq_srcptr pb_ask_value_weight(const pb_ask_plan *p, const pb_ask_result *r, int d, int i);
/* A dimension value as people read it: "35", "4th", "10, or goal to go inside the 10". */
void pb_ask_value_label(const pb_ask_plan *p, int d, int v, char *buf, size_t len);
/* ask_drive_format.c */
void pb_ask_drive_print_text(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);
char *pb_ask_drive_json(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);
/* ask_json.c: the "read" object (a json_t *), shared with ask_drive_format.c. */
struct json_t *pb_ask_json_read(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);

#endif
