/* ask/ask.h: designer questions (`paperbowl ask`), answered exactly.
 *
 * A question is one line of a small query language:
 *
 *     P(EVENT [| EVENT]) CONDITION...        a probability (| : given)
 *     E(QUANTITY [| EVENT]) CONDITION...     an expectation
 *     E(next_score) CONDITION...             a state's next-score expected points (drive solver)
 *     best CONDITION...                      go / field goal / punt at a state (drive solver)
 *
 *   EVENT      NAME | QUANTITY CMP INTEGER | not EVENT | EVENT and EVENT | EVENT or EVENT | ( EVENT )
 *              (also ! && || & |; names: complete, td, turnover, ... see pb_ask_atom_info)
 *   CONDITION  KEY=VALUE: offense, defense, card, togo, zone, down, ytg, lead, timeouts, kick,
 *              ruleset, switch, policy; a VALUE is a list (1,2,3), a range (30..40), * (all);
 *              `vs RULESET|ID=VALUE` compares a second ruleset side by side.
 *
 * The life of a question:
 *   pb_ask_parse     text -> pb_ask_query (syntax, names, values; no ruleset needed)
 *   pb_ask_plan      query + rulesets -> the cells (one enumeration each) and their weights
 *   pb_ask_run       every cell enumerated (pb_enumerate) and the answer mixed exactly; the
 *                    solver's measures and --weight field solve the drive game first (solve/drive.h,
 *                    once per ruleset and policies in a process: pb_ask_release_solves frees them)
 *   pb_ask_print_text / pb_ask_json   how the question was read, the answer, the breakdown
 *
 * Errors name a place in the question: pb_ask_error holds the byte offset and length of the
 * offending text; pb_ask_error_format writes "LINE:COL: message" (COL counts characters).
 *
 * Nothing here allocates except pb_ask_run (the cells; pb_ask_result_release frees them; and the
 * drive games it solves, kept in a process-wide cache until pb_ask_release_solves: not
 * thread-safe) and pb_ask_json (the caller frees the string). A pb_ask_query is plain data: copy
 * it freely. */
#ifndef PB_ASK_H
#define PB_ASK_H

#include <gmp.h>
#include <stdbool.h>
#include <stdio.h>

#include "drive.h"
#include "enumerate.h"
#include "play.h"
#include "ruleset.h"
#include "wp.h"

#define PB_ASK_NODES_MAX 256     /* event tree nodes, defines included */
#define PB_ASK_VALUES_MAX 128    /* values of one condition */
#define PB_ASK_DEFINES_MAX 16
#define PB_ASK_NEST_MAX 40       /* nesting of parentheses, not and defines */
#define PB_ASK_SWITCHES_MAX 8
#define PB_ASK_CELLS_MAX 50000   /* cells one question may have */
#define PB_ASK_BEST_MAX 2000     /* states `best` lists */
#define PB_ASK_PLAYS_MAX 100000  /* single-card enumerations (a deck cell counts 24): ~10 s */
#define PB_ASK_TEXT_MAX 4096     /* longest question */

/* ---- errors ---- */
typedef struct {
    int source;         /* -1: the question; k >= 0: --define number k */
    int offset, span;   /* bytes into that text; span >= 0 */
    char msg[256];
} pb_ask_error;

/* ---- events ---- */
typedef enum {
    PB_ASK_ATOM,   /* a named event (atom = pb_ask_atom_id) */
    PB_ASK_CMP,    /* quantity op n (atom = pb_ask_quantity) */
    PB_ASK_NOT,    /* not a */
    PB_ASK_AND,    /* a and b */
    PB_ASK_OR,     /* a or b */
    PB_ASK_DEF,    /* a --define (atom = its index; a = its tree) */
} pb_ask_node_kind;

typedef enum { PB_ASK_EQ, PB_ASK_NE, PB_ASK_LT, PB_ASK_LE, PB_ASK_GT, PB_ASK_GE } pb_ask_op;

typedef struct {
    pb_ask_node_kind kind;
    int atom;         /* see kind */
    pb_ask_op op;     /* PB_ASK_CMP */
    int n;            /* PB_ASK_CMP */
    int a, b;         /* children (node indices), -1 when unused */
    int source, offset, span;  /* where it was written */
} pb_ask_node;

/* Named events. Each holds or not for one outcome of one action. */
typedef enum {
    PB_ASK_COMPLETE, PB_ASK_INCOMPLETE, PB_ASK_TD, PB_ASK_TURNOVER, PB_ASK_TURNOVER_TD,
    PB_ASK_INTERCEPTION, PB_ASK_FUMBLE, PB_ASK_SACK, PB_ASK_SAFETY, PB_ASK_PENALTY, PB_ASK_FOUL,
    PB_ASK_OFFENSIVE_FOUL, PB_ASK_DEFENSIVE_FOUL, PB_ASK_DECLINED, PB_ASK_FIRST_DOWN, PB_ASK_DOUBLES,
    PB_ASK_CHALLENGE_WON, PB_ASK_CHALLENGE_LOST, PB_ASK_TIMEOUT, PB_ASK_SCORE, PB_ASK_CUT,
    PB_ASK_SUCCESS, PB_ASK_MISS, PB_ASK_TOUCHBACK, PB_ASK_RETURNED, PB_ASK_RETURN_TD,
    PB_ASK_ATOM_COUNT
} pb_ask_atom_id;

/* Quantities, for comparisons (gain, start) and expectations (all). */
typedef enum { PB_ASK_Q_YARDS, PB_ASK_Q_VALUE, PB_ASK_Q_POINTS, PB_ASK_Q_START, PB_ASK_Q_COUNT } pb_ask_quantity;

/* Which actions an atom or quantity applies to: bit (1u << pb_action). */
#define PB_ASK_ON(a) (1u << (a))
#define PB_ASK_ON_PLAYS (PB_ASK_ON(PB_ACTION_PLAY) | PB_ASK_ON(PB_ACTION_TWO_POINT))
#define PB_ASK_ON_ALL ((1u << PB_ACTION_COUNT) - 1u)

typedef struct {
    const char *name;      /* canonical: "first_down" */
    const char *aliases;   /* other spellings, space-separated, compared without case, '-' == '_' */
    unsigned applies;      /* PB_ASK_ON bits */
    const char *meaning;   /* one line for "read as" */
} pb_ask_atom_info;

const pb_ask_atom_info *pb_ask_atom(pb_ask_atom_id id);
/* The atom a word names, or -1. */
int pb_ask_atom_find(const char *word, size_t len);
/* Does the atom hold for this outcome of this action? */
bool pb_ask_atom_holds(pb_ask_atom_id id, pb_action act, pb_outcome_kind kind, int yards, unsigned flags);

typedef struct {
    const char *name;
    const char *aliases;
    unsigned applies;
    const char *meaning;   /* what E(q) averages, and over which outcomes */
    const char *compare;   /* what a comparison (gain >= 10) holds on */
    bool partial;          /* defined on some outcomes only: E is a conditional mean */
} pb_ask_quantity_info;

const pb_ask_quantity_info *pb_ask_quantity_get(pb_ask_quantity q);
int pb_ask_quantity_find(const char *word, size_t len);
/* Is the quantity defined for this outcome? (E averages over these; a comparison is false
 * elsewhere.) If so *value is set. `togo` is the cell's field position. */
bool pb_ask_quantity_value(pb_ask_quantity q, pb_action act, int togo, pb_outcome_kind kind, int yards,
                           unsigned flags, int *value);

/* ---- the question ---- */
typedef enum {
    PB_ASK_DIM_OFFENSE,   /* pb_offense */
    PB_ASK_DIM_DEFENSE,   /* 1..5 */
    PB_ASK_DIM_CARD,      /* PB_CARD_DECK (-1), 0 none, 1..24 */
    PB_ASK_DIM_TOGO,      /* 1..99 */
    PB_ASK_DIM_DOWN,      /* 1..4 */
    PB_ASK_DIM_YTG,       /* 0: the default (10, or togo when closer); 1..99 */
    PB_ASK_DIM_LEAD,      /* -999..999 */
    PB_ASK_DIM_TIMEOUTS,  /* offense * 10 + defense */
    PB_ASK_DIM_COUNT
} pb_ask_dim;

const char *pb_ask_dim_name(pb_ask_dim d);  /* "offense", ... */

typedef struct {
    int n;                       /* 0: not given */
    int v[PB_ASK_VALUES_MAX];    /* distinct, ascending */
    int offset, span;            /* the value in the question (when given) */
} pb_ask_set;

typedef enum { PB_ASK_ZONE_NONE, PB_ASK_ZONE_RED, PB_ASK_ZONE_GOAL, PB_ASK_ZONE_OWN, PB_ASK_ZONE_OPP,
               PB_ASK_ZONE_BACKED } pb_ask_zone;

/* P and E are about one play or kick; EP (E(next_score)) and BEST are about a state of a drive,
 * answered by the drive solver (togo, down, ytg only). */
typedef enum { PB_ASK_MEASURE_P, PB_ASK_MEASURE_E, PB_ASK_MEASURE_EP, PB_ASK_MEASURE_BEST } pb_ask_measure;

/* One ruleset of a question: a name or file, and switches flipped on it. */
typedef struct {
    char name[256];
    char sw[PB_ASK_SWITCHES_MAX][64];   /* "ID=VALUE" */
    int nsw;
    int offset, span;                    /* where it was named (span 0: the default) */
} pb_ask_side;

typedef struct {
    const char *name;   /* an identifier that is not an event or quantity name */
    const char *text;   /* the event it stands for */
} pb_ask_define;

typedef struct {
    pb_ask_define items[PB_ASK_DEFINES_MAX];
    int count;
} pb_ask_defines;

typedef struct {
    char text[PB_ASK_TEXT_MAX];        /* the question as given */
    pb_ask_measure measure;
    int event;                         /* P: the event's tree; -1 for E */
    pb_ask_quantity quantity;          /* E */
    int quantity_offset, quantity_span;
    int given;                         /* the condition after '|', or -1 */
    pb_ask_node nodes[PB_ASK_NODES_MAX];
    int nnodes;
    int def_root[PB_ASK_DEFINES_MAX];  /* each define's tree once parsed, else -1 */
    pb_action action;                  /* PB_ACTION_PLAY, or the kick= */
    int action_offset, action_span;
    pb_ask_set dim[PB_ASK_DIM_COUNT];
    pb_ask_zone zone;
    int zone_offset, zone_span;
    pb_ask_side side[2];
    int nsides;                        /* 1, or 2 with `vs` */
    pb_policies policies;
    bool policies_given;
} pb_ask_query;

/* An empty question (P, no event, a play, one ruleset). */
void pb_ask_query_init(pb_ask_query *q);
/* Parse a question. `defines` may be NULL. 0, or -1 and err. */
int pb_ask_parse(pb_ask_query *q, const char *text, const pb_ask_defines *defines, pb_ask_error *err);

/* Check every define on its own (names, syntax, cycles): 0, or -1 and err. */
int pb_ask_defines_check(const pb_ask_defines *defines, pb_ask_error *err);

/* "LINE:COL: message" with line = first_line + the lines before the offset, COL in characters
 * (1-based); a define's error is prefixed "--define NAME: ". */
void pb_ask_error_format(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, int first_line,
                         char *buf, size_t len);
/* The line of the error and a caret line under the offending text ("    ^~~~"), each ending
 * in '\n', into buf. */
void pb_ask_error_context(const pb_ask_error *err, const char *text, const pb_ask_defines *defines, char *buf,
                          size_t len);

/* Bit d set: the question reads dimension d (its action's dimensions; togo, down and ytg for
 * the solver's measures). */
unsigned pb_ask_query_dims(const pb_ask_query *q);

/* Does the event tree at `node` hold for this outcome of a cell at `togo`? */
bool pb_ask_event_holds(const pb_ask_query *q, int node, pb_action act, int togo, pb_outcome_kind kind, int yards,
                        unsigned flags);
/* The event tree written back canonically: "gain >= 10 or td". */
void pb_ask_event_text(const pb_ask_query *q, int node, const pb_ask_defines *defines, char *buf, size_t len);

/* ---- weights ---- */
/* Relative weights for the values of some dimensions (--weight FILE); a dimension not named
 * is weighted uniformly. Weights are exact, non-negative rationals; they are normalized over
 * the values a question uses. */
typedef struct {
    bool set[PB_ASK_DIM_COUNT];
    int n[PB_ASK_DIM_COUNT];
    int v[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    mpq_t w[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    char label[256];            /* the file */
    bool field;                 /* --weight field: togo, down, ytg by the expected visits per drive
                                   from the kickoff (pb_drive_visits_from_kickoff), at run time */
} pb_ask_weights;

void pb_ask_weights_init(pb_ask_weights *w);
void pb_ask_weights_release(pb_ask_weights *w);
/* Read a weight file: lines `DIM=VALUE WEIGHT` (VALUE a value, list or range of that
 * dimension; WEIGHT an integer, a decimal or a fraction a/b), # comments. 0, or -1 and
 * "FILE:LINE:COL: message" in err. */
int pb_ask_weights_parse(pb_ask_weights *w, const char *text, const char *label, char *err, size_t errlen);
int pb_ask_weights_load(pb_ask_weights *w, const char *path, char *err, size_t errlen);

/* ---- plan and answer ---- */
/* The values used on each dimension after defaults, zones and the action are resolved, with
 * their normalized weights, and the rulesets loaded. */
typedef struct {
    const pb_ask_query *q;
    pb_ruleset rules[2];
    char label[2][320];               /* "v1.11-ja", "v1.11-ja END-LINE=ge" */
    int nrules;
    pb_policies policies;
    int n[PB_ASK_DIM_COUNT];
    int v[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    mpq_t w[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    bool applies[PB_ASK_DIM_COUNT];   /* does the dimension matter for the action */
    bool open[PB_ASK_DIM_COUNT];      /* left open in the question (defaults to all values) */
    bool weighted[PB_ASK_DIM_COUNT];  /* weights from --weight */
    bool field;                       /* --weight field: togo, down and ytg weighted jointly at run
                                         time (pb_ask_result.mw has each value's weight) */
    long ncells;
    long nplays;                      /* single-card enumerations per ruleset (deck: 24) */
    int ytg_clipped;                  /* (ytg, togo) pairs with ytg past the goal line: goal to go */
} pb_ask_plan;

/* Defaults for a question (from command-line options): a ruleset, a situation, policies. */
typedef struct {
    const char *ruleset;             /* NULL: v1.11-ja */
    const pb_ruleset *rules;         /* non-NULL: this ruleset as data instead of `ruleset` (copied by
                                        pb_ask_plan_init; a question's own ruleset= still wins). The drive
                                        solver's cache knows it by its name and source: give each
                                        different ruleset a source of its own */
    const char *switches[PB_ASK_SWITCHES_MAX];
    int nswitches;
    int togo, down, ytg, timeouts;   /* -1: not given (timeouts: o * 10 + d) */
    int lead;
    bool lead_given;
    pb_policies policies;
} pb_ask_defaults;

void pb_ask_defaults_init(pb_ask_defaults *d);

/* Resolve a parsed question. Errors point into the question. `w` may be NULL. */
int pb_ask_plan_init(pb_ask_plan *p, const pb_ask_query *q, const pb_ask_defaults *d, const pb_ask_weights *w,
                     pb_ask_error *err);
void pb_ask_plan_release(pb_ask_plan *p);

/* Per cell and side: the answer is num / den (den 0: the condition cannot happen there). */
typedef struct {
    int idx[PB_ASK_DIM_COUNT];   /* index into plan.v of each dimension */
    mpq_t weight;                /* product of the dimension weights (--weight field: the joint weight
                                    of its togo, down, ytg times the others') */
    mpq_t num[2], den[2];        /* EP and best: num the EP as an exact rational of the double, den 1 */
    double ep[2], bound[2];      /* EP and best: the state's EP and its certified bound */
} pb_ask_cell;

/* best: go / field goal / punt at one state, and the state's equilibrium mixes. */
typedef struct {
    pb_drive_choice choice;
    double off_mix[PB_DRIVE_CALLS];   /* by pb_drive_call (run, short, long, field goal, punt) */
    double def_mix[5];
} pb_ask_best;

/* The drive solver behind an answer, for each side. */
typedef struct {
    pb_drive_stats stats;
    double try_value;            /* the try after a touchdown */
    bool visits;                 /* --weight field: the visits below were used (side 0 only) */
    double snaps, p_return_td, unpushed;   /* pb_drive_visits */
} pb_ask_solver;

typedef struct {
    pb_ask_cell *cells;
    long ncells;
    int nsides;
    mpq_t num[2], den[2];        /* the mixture of every cell: weight * num, weight * den summed */
    /* the same restricted to the cells where dimension d has value index i */
    mpq_t mnum[2][PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX], mden[2][PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    /* each value's weight: the sum of the weights of the cells with it (with --weight field the
       weights are known only now; else the plan's) */
    mpq_t mw[PB_ASK_DIM_COUNT][PB_ASK_VALUES_MAX];
    bool solved;                 /* the drive solver was used (EP, best, --weight field) */
    pb_ask_solver solver[2];
    pb_ask_best *best;           /* best: ncells x nsides (cell c, side s at c * nsides + s); else NULL */
} pb_ask_result;

/* Enumerate every cell (pb_enumerate) and mix. 0, or -1 and a message naming the cell. The
 * solver's measures and --weight field solve the drive game of each ruleset first (a few seconds;
 * kept for the next question with the same ruleset and policies). */
int pb_ask_run(const pb_ask_plan *p, pb_ask_result *r, char *err, size_t errlen);
void pb_ask_result_release(pb_ask_result *r);
/* Free the drive games solved so far (they are kept for the next question). */
void pb_ask_release_solves(void);

/* The answer for one side restricted to the cells whose dimension `dim` has value index `vi`
 * (dim < 0: every cell): num/den into out; false when the condition has probability 0. */
bool pb_ask_answer(const pb_ask_plan *p, const pb_ask_result *r, int side, int dim, int vi, mpq_t out);

/* The per-cell numbers from one distribution (used by pb_ask_run and tests): num / den. */
void pb_ask_cell_eval(const pb_ask_query *q, pb_action act, int togo, const pb_dist *d, mpq_t num, mpq_t den);

/* ---- output ---- */
typedef struct {
    int places;      /* decimal places of percentages and means (default 2) */
    bool cells;      /* text: every cell, not only the breakdown by dimension */
    const pb_ask_defines *defines;
    bool places_given;   /* the solver's numbers (EP) print with `places` only when given, else 6 */
} pb_ask_format;

void pb_ask_print_text(FILE *out, const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);
/* The answer as JSON (malloc'd, the caller frees), or NULL when out of memory. */
char *pb_ask_json(const pb_ask_plan *p, const pb_ask_result *r, const pb_ask_format *f);

/* ---- the game's questions (ask_game.c) ----
 * Three questions about one moment of the whole game, answered from a solved game (solve/wp.h,
 * usually a value file read for that moment, pb_wp_file_read_moment):
 *   WP CONDITIONS              (also P(win), win_probability) its win probability, certified
 *   best_wp CONDITIONS         (also best_by_wp) the best choice there by win probability
 *   timeout_value CONDITIONS   (also timeout) one of the team's timeouts: WP with it minus without
 * CONDITIONS: half=1|2|3 left=N (cards left in the half) lead=S (or tied) togo=T [down=D ytg=Y]
 * | kick=kickoff|free-kick|try, timeouts=N|O,D (default the ruleset's), receives=yes|no (half 1). */
typedef enum { PB_ASK_GAME_WP, PB_ASK_GAME_BEST, PB_ASK_GAME_TIMEOUT } pb_ask_game_measure;
typedef struct {
    pb_ask_game_measure measure;
    pb_wp_moment m;   /* timeouts -1: the ruleset's */
} pb_ask_game_query;
/* 1: not one of the game's questions (ask's own parser reads it); 0: read; -1: e names the place. */
int pb_ask_game_parse(pb_ask_game_query *q, const char *text, pb_ask_error *e);
typedef struct {
    pb_wp_moment m;           /* the moment asked (the timeouts filled in) */
    pb_wp_value value;        /* its win probability */
    pb_wp_value without;      /* timeout_value: with one timeout fewer */
    pb_wp_detail detail;      /* best_wp */
} pb_ask_game_answer;
/* 0, or -1 and a message (a moment off the game, a layer the value file does not keep). */
int pb_ask_game_answer_get(const pb_wp *w, const pb_ask_game_query *q, pb_ask_game_answer *a, char *err,
                           size_t errlen);
/* The answer as text ("question", "read as", "answer") or one JSON line; `values`: where the
 * solved game came from. */
void pb_ask_game_print(FILE *out, const char *text, const pb_ask_game_query *q, const pb_ask_game_answer *a,
                       const char *values, int json);

#endif
