/* tune/tune.h: which rule values give the game the designer wants (`paperbowl tune`).
 *
 * A tune varies numbers (and die-face lists, switches) of a ruleset and asks `ask` for a target at
 * each combination: the inverse of `ask`. The ruleset is varied as data: the base ruleset is
 * written in the file format (pb_ruleset_write), the varied keys' lines are replaced, and the text
 * is read back by the one loader (pb_ruleset_parse), so a key is exactly a `section.key` that
 * `paperbowl rules show` prints and a value is refused exactly when the loader refuses it.
 *
 *   KEY        section.key: pat.kick_at_least, punt.distance, defense 5.run, field_goal.within_30;
 *              a switch by its id (END-LINE) or as switches.END-LINE
 *   VALUES     LO..HI or LO..HI/STEP (whole numbers), a list a,b,c, or {a|b|c} (values with spaces
 *              or commas: die faces "1 2 3")
 *   TARGET     an `ask` question that yields a number (P(...), E(...), E(next_score) ...), or the
 *              difference of two, written 'A - B' (a minus with a space on each side); with the
 *              game option also the game's WP ... and timeout_value ... (solved per ruleset and
 *              kept in a cache folder as value files named by the ruleset's fingerprint)
 *
 * Levels: a play-level target (P, E) is exact (a fraction); a drive-level one (E(next_score)) and a
 * game-level one are a solver's: a midpoint with a certified bound (the true value is within
 * midpoint +- bound). Play-level evaluations run on several threads at once; drive- and game-level
 * ones one at a time, the solver using the threads.
 *
 * The life of a tune: pb_tune_new, pb_tune_vary (each key), pb_tune_target (each target),
 * pb_tune_prepare (every combination built and loaded once: a value the loader refuses is an error
 * before any evaluation), pb_tune_run (the evaluations, then the best), the accessors, pb_tune_free.
 * Nothing here prints: errors are -1 and a message in the caller's buffer (for the CLI, one line:
 * "--vary: ...", "--target: ..."); progress goes to the caller's callback. Not thread-safe itself
 * (one tune at a time in a process: the ask drive-solver cache is process-wide). */
#ifndef PB_TUNE_H
#define PB_TUNE_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "ask.h"
#include "ruleset.h"
#include "wp.h"

#define PB_TUNE_KEYS_MAX 4
#define PB_TUNE_VALUES_MAX 256
#define PB_TUNE_VALUE_LEN 40
#define PB_TUNE_TARGETS_MAX 8
#define PB_TUNE_ROWS_MAX 20000
#define PB_TUNE_SWITCHES_MAX 8

typedef enum { PB_TUNE_PLAY, PB_TUNE_DRIVE, PB_TUNE_GAME } pb_tune_level;
typedef enum { PB_TUNE_GOAL_NONE, PB_TUNE_GOAL_EQUAL, PB_TUNE_GOAL_MIN, PB_TUNE_GOAL_MAX } pb_tune_goal;

const char *pb_tune_level_name(pb_tune_level l);   /* "play", "drive", "game" */

typedef struct {
    const char *ruleset;                    /* NULL: v1.11-ja */
    const pb_ruleset *rules;                /* non-NULL: this ruleset as data instead of `ruleset` (copied;
                                               the workbench's edited one): give it a source of its own,
                                               as ask's drive cache knows a ruleset by name and source */
    const char *switches[PB_TUNE_SWITCHES_MAX];   /* ID=VALUE on the base ruleset */
    int nswitches;
    pb_policies policies;
    pb_ask_defaults ask;                    /* defaults of the targets' situations (ruleset fields unused) */
    pb_tune_goal goal;
    const char *equal;                      /* GOAL_EQUAL: X as a decimal or a fraction ("0.9", "1/2") */
    bool balance;                           /* several targets: make them as equal as possible */
    bool bisect;                            /* one numeric key, GOAL_EQUAL: bisection instead of the grid */
    bool check_monotone;                    /* bisect: evaluate every value too and check the order */
    int threads;                            /* <= 0: 1 */
    bool game;                              /* game-level targets allowed (a game solve each) */
    const char *cache;                      /* game: the folder of the value files (NULL: "out") */
    int lead_cap;                           /* game: the solver's lead cap (<= 0: its default) */
    const pb_wp_dist *dist;                 /* NULL: one process; else rows spread over the ranks */
    /* called after each evaluation (from the thread that did it, under the tune's lock) */
    void (*progress)(void *ctx, long done, long total);
    void *progress_ctx;
} pb_tune_opts;

void pb_tune_opts_init(pb_tune_opts *o);

/* One varied key and its values, each as the ruleset file writes it. */
typedef struct {
    char name[128];           /* as the output names it: "pat.kick_at_least", "END-LINE" */
    char section[64], key[64];
    int n;
    char value[PB_TUNE_VALUES_MAX][PB_TUNE_VALUE_LEN];
    bool numeric;             /* every value a whole number (bisection, charts) */
    long num[PB_TUNE_VALUES_MAX];
} pb_tune_key;

/* A value of a target at one ruleset. */
typedef struct {
    bool defined;             /* false: the target's condition cannot happen in that ruleset */
    bool exact;               /* q is the value; else q is a midpoint within +- bound */
    mpq_t q;
    double bound;
} pb_tune_value;

typedef struct {
    int idx[PB_TUNE_KEYS_MAX];               /* each key's value index */
    pb_tune_value t[PB_TUNE_TARGETS_MAX];
    pb_tune_value score;                     /* what the goal minimizes (|t - X|, t, -t, the spread) */
    bool evaluated;
    bool best;                               /* the best row, or tied with it within the bounds */
    double seconds;                          /* the evaluation's wall time */
} pb_tune_row;

typedef struct {
    bool used;
    int evaluations;
    bool monotone_checked;    /* every value evaluated and the order checked (check_monotone) */
    int direction;            /* +1 the target rises with the key, -1 falls */
    bool outside;             /* X is beyond the target at both ends: the nearer end is the answer */
} pb_tune_bisection;

typedef struct pb_tune pb_tune;

int pb_tune_new(pb_tune **out, const pb_tune_opts *o, char *err, size_t errlen);
void pb_tune_free(pb_tune *t);
/* --vary KEY=VALUES. 0, or -1 and "--vary: ..." in err. */
int pb_tune_vary(pb_tune *t, const char *spec, char *err, size_t errlen);
/* --target TEXT (`defines` may be NULL; it must outlive the tune). 0, or -1 and "--target: ..." in err
 * (a question's error with its column: "--target: 1:12: unknown event 'tdd'"). */
int pb_tune_target(pb_tune *t, const char *text, const pb_ask_defines *defines, char *err, size_t errlen);
/* Checks the whole tune and builds every combination once. 0, or -1 and a message. */
int pb_tune_prepare(pb_tune *t, char *err, size_t errlen);
/* Every evaluation, then the best. 0; -1 and a message (an evaluation failed: bad input found
 * only then, e.g. a target's field goal out of a varied range, sets *usage); 1 and a message: a
 * bisection found the target not monotone (the rows evaluated are kept). */
int pb_tune_run(pb_tune *t, bool *usage, char *err, size_t errlen);

int pb_tune_nkeys(const pb_tune *t);
const pb_tune_key *pb_tune_key_at(const pb_tune *t, int k);
int pb_tune_ntargets(const pb_tune *t);
const char *pb_tune_target_text(const pb_tune *t, int i);
pb_tune_level pb_tune_target_level(const pb_tune *t, int i);
/* The rows in grid order (the last key varies fastest); with bisection only those evaluated count. */
long pb_tune_nrows(const pb_tune *t);
const pb_tune_row *pb_tune_row_at(const pb_tune *t, long r);
const pb_tune_opts *pb_tune_options(const pb_tune *t);
const pb_tune_bisection *pb_tune_bisection_info(const pb_tune *t);
/* The base ruleset's name (with its switches) and the number the goal compares with (GOAL_EQUAL). */
const char *pb_tune_base_label(const pb_tune *t);
const pb_ruleset *pb_tune_base(const pb_tune *t);   /* the base ruleset, its switches applied */
void pb_tune_equal_value(const pb_tune *t, mpq_t out);
/* Rows marked best; more than one: a tie (they cannot be told apart within their bounds). */
int pb_tune_nbest(const pb_tune *t);

/* The ruleset of row r (for `ask --ruleset EDITED` and the tests): its text in the file format,
 * malloc'd (the caller frees), or NULL and a message. */
char *pb_tune_row_text(const pb_tune *t, long r, char *err, size_t errlen);

/* The rows and the best as JSON ({"keys":..., "targets":..., "rows":[{"set":{...},"value":"11/12",
 * "decimal":0.9166666667}...], "best":[...]}; a certified value has "lo" and "hi"), malloc'd, or NULL
 * when out of memory. */
char *pb_tune_json(const pb_tune *t);

/* A value as text: an exact one as a fraction ("11/12"), a certified one as its midpoint. The
 * decimal of either to `places` places (correctly rounded for an exact one). */
void pb_tune_value_fraction(const pb_tune_value *v, char *buf, size_t len);
void pb_tune_value_decimal(const pb_tune_value *v, int places, char *buf, size_t len);

#endif
