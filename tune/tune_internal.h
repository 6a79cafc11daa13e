/* tune/tune_internal.h: the tune's own data, shared by the files of tune/ (not an API). */
#ifndef PB_TUNE_INTERNAL_H
#define PB_TUNE_INTERNAL_H

#include <pthread.h>

#include "tune.h"

/* One term of a target: an `ask` question or one of the game's, with its sign. */
typedef struct {
    int sign;                   /* +1, or -1 for the B of 'A - B' */
    bool game;
    pb_ask_query q;             /* !game */
    pb_ask_game_query gq;       /* game */
    int choice;                 /* best(go|field_goal|punt): that choice's EP (pb_drive_choice_kind), else -1 */
    char text[PB_ASK_TEXT_MAX];
} pb_tune_term;

typedef struct {
    char text[PB_ASK_TEXT_MAX];
    int nterms;
    pb_tune_term term[2];
    pb_tune_level level;
} pb_tune_tgt;

struct pb_tune {
    pb_tune_opts o;
    char *switch_copy[PB_TUNE_SWITCHES_MAX];
    pb_ruleset base;
    char base_label[320];
    char *base_text;            /* the base ruleset in the file format */
    const pb_ask_defines *defines;
    pb_tune_key key[PB_TUNE_KEYS_MAX];
    int nkeys;
    pb_tune_tgt tgt[PB_TUNE_TARGETS_MAX];
    int ntargets;
    pb_tune_level level;        /* the highest of the targets' */
    mpq_t equal;
    bool prepared;
    long nrows;                 /* the grid's rows */
    pb_tune_row *rows;
    long *order;                /* the rows shown: all of them, or the bisection's evaluated ones */
    long nshown;
    int nbest;
    pb_tune_bisection bis;
    pthread_mutex_t lock;
    long done, total;
};

/* tune_key.c */
/* The ruleset text of row r's combination (malloc'd), or NULL (out of memory). */
char *pb_tune_edit(const pb_tune *t, const int *idx);
/* idx of row r (the last key fastest). */
void pb_tune_row_index(const pb_tune *t, long r, int *idx);
/* Parse text into rs, naming it after the base with a source of its own: 0, or -1 and the
 * loader's message without its place in the (generated) text. */
int pb_tune_load(const pb_tune *t, const char *text, const int *idx, pb_ruleset *rs, char *err, size_t errlen);
/* "pat.kick_at_least=4, punt.distance=40" of a combination. */
void pb_tune_combo_label(const pb_tune *t, const int *idx, char *buf, size_t len);

/* tune_eval.c */
/* Every target at ruleset rs into row->t: 0, or -1 and a message (*usage: bad input). */
int pb_tune_eval_row(pb_tune *t, const pb_ruleset *rs, pb_tune_row *row, const char *combo, int threads, bool *usage,
                     char *err, size_t errlen);
void pb_tune_value_init(pb_tune_value *v);
void pb_tune_value_clear(pb_tune_value *v);

/* tune_best.c */
void pb_tune_score(const pb_tune *t, pb_tune_row *row);
/* Marks the best among the shown rows; their number. */
int pb_tune_pick(pb_tune *t);
/* <0, 0, >0: a's midpoint against b's. */
int pb_tune_cmp(const pb_tune_value *a, const pb_tune_value *b);
/* Do a and b overlap within their bounds (exact: equal)? */
bool pb_tune_overlap(const pb_tune_value *a, const pb_tune_value *b);

#endif
