/* serve/serve_internal.h: what the server's files share: the server's state, the job queue, the
 * request decoding (serve_req.c, also the fuzz target's), the computations each job runs. */
#ifndef PB_SERVE_INTERNAL_H
#define PB_SERVE_INTERNAL_H

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "build.h"
#include "msg.h"
#include "ruleset.h"
#include "serve.h"

/* ---- request decoding (serve_req.c: no I/O, no globals; tests/fuzz/fuzz_serve.c) ---- */

#define PB_SERVE_EDITS_MAX 1024   /* keys of one edited ruleset */
#define PB_SERVE_QUESTION_MAX 4096

/* Where each line of a ruleset text assembled from edits came from (an error's line -> field). */
typedef struct {
    char *text;                 /* the ruleset text (malloc'd) */
    int nlines;
    int *line_edit;             /* line_edit[l - 1]: the edit on line l, or -1 (a section line) */
    json_t *edits;              /* the edits as decoded (borrowed from the request's document) */
} pb_serve_ruleset_text;

/* A request body's JSON object: "edits": [[section, key, value], ...] (the form) or "text": a
 * ruleset file's text (an upload). Into rt (release with pb_serve_ruleset_text_release): 0; or -1
 * and a message in err (a malformed body, a key or value that could not be a ruleset line: a
 * newline, a bracket or '=' in a key, a control byte; too many edits; *too_large: past
 * PB_SERVE_RULESET_MAX). */
int pb_serve_ruleset_decode(const json_t *body, pb_serve_ruleset_text *rt, bool *too_large, char *err, size_t errlen);
void pb_serve_ruleset_text_release(pb_serve_ruleset_text *rt);

/* The body's text as a JSON object (NULL and a message when it is not one). */
json_t *pb_serve_body_parse(const char *body, size_t len, char *err, size_t errlen);

/* The loader's "edited:LINE:COL: message" -> LINE (0 when there is none). */
int pb_serve_error_line(const char *err);

/* A query-string number in [lo, hi]: 0, or -1 (absent, not a whole number, out of range). */
int pb_serve_query_long(const char *text, long lo, long hi, long *out);

/* The language of a request: ?lang= (en, ja) when given, else the first of Accept-Language's
 * that the catalogue has, else English. */
pb_lang pb_serve_lang(const char *query_lang, const char *accept_language);

/* Constant-time comparison of a secret (0 when equal and of the same length). */
int pb_serve_secret_cmp(const char *given, const char *secret);

/* The value of cookie `name` in a Cookie header, copied into buf: 0, or -1. */
int pb_serve_cookie(const char *header, const char *name, char *buf, size_t len);

/* ---- the ruleset as a form (serve_form.c) ---- */

/* The ruleset as the form: [{section, ref, title, rule, keys: [{key, value}]}], in the file
 * format's order (pb_ruleset_write), with the rulebook's section and text in `lang`. NULL: out of
 * memory. */
json_t *pb_serve_form(const pb_ruleset *rs, pb_lang lang);
/* The ruleset in the file format (malloc'd), or NULL. */
char *pb_serve_ruleset_ini(const pb_ruleset *rs);
/* The ruleset's fingerprint: 16 hex digits of FNV-1a over its file text (into buf[20]). 0, or -1. */
int pb_serve_fingerprint(const pb_ruleset *rs, char buf[20]);
/* The rulebook's section of a ruleset section ("defense 3" -> "4.2"), its title and rule text
 * (English msgids: translate with pb_msg). */
void pb_serve_rulebook(const char *section, const char **ref, const char **title, const char **rule);

/* ---- jobs (serve_jobs.c) ---- */

typedef enum { PB_SERVE_JOB_PLAY, PB_SERVE_JOB_DRIVE, PB_SERVE_JOB_ASK, PB_SERVE_JOB_TUNE } pb_serve_job_kind;
typedef enum {
    PB_SERVE_FREE, PB_SERVE_QUEUED, PB_SERVE_RUNNING, PB_SERVE_DONE, PB_SERVE_FAILED, PB_SERVE_CANCELLED
} pb_serve_job_state;

#define PB_SERVE_JOBS 64           /* slots: queued, running and finished jobs kept for polling */
#define PB_SERVE_ABANDON 15.0      /* seconds without a poll: the client is gone, the job cancelled
                                      (the environment's PB_SERVE_ABANDON_SECONDS: the tests' shorter) */

typedef struct pb_serve pb_serve;

typedef struct {
    unsigned long id;
    pb_serve_job_kind kind;
    pb_serve_job_state state;
    pb_ruleset rules;              /* the edited ruleset */
    char question[PB_SERVE_QUESTION_MAX + 1];   /* ask: the question; tune: its spec (JSON) */
    pb_lang lang;
    char *result;                  /* JSON text (malloc'd): the answer, or {"error": ...} */
    int http_status;               /* of the result */
    double submitted, started, finished, seen;
    long done, total;              /* progress */
    bool cancel;
} pb_serve_job;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pb_serve_job slot[PB_SERVE_JOBS];
    unsigned long next_id;
    bool stop;
    pthread_t worker;
    bool started;
    double abandon;                /* PB_SERVE_ABANDON, or the environment's */
} pb_serve_jobs;

/* The game level's one job (serve_game.c); its fields under jobs.lock. */
typedef struct {
    unsigned long id;
    pb_serve_job_state state;      /* FREE (none yet), RUNNING, DONE, FAILED, CANCELLED */
    pid_t pid;
    int out_fd, err_fd;
    bool cancel;
    double started, finished;
    double base_estimate, edited_estimate;   /* seconds of the solves still to do (0: cached) */
    char base_file[1200], edited_file[1200]; /* their value files in the cache */
    char *result;                  /* {"text": what diff --game printed, "log", "status", "changed"} */
    pthread_t thread;
    bool started_thread;
    char fingerprint[20];          /* the edited ruleset's, of the job running or last run */
    struct { char fingerprint[20]; char *result; } seen[8];   /* the results of this server's life */
    int nseen;
} pb_serve_gamejob;

struct pb_serve {
    pb_serve_config cfg;
    pb_ruleset base;
    char token[65];
    char cookie_name[40];
    char host_ok[2][96];           /* the Host values accepted */
    char origin_ok[2][112];        /* the Origin values accepted */
    int nhost;
    pb_serve_jobs jobs;
    pb_serve_gamejob game;
    /* the base ruleset's play-level and drive-level numbers, computed once by the worker (only it
     * touches them), and their tables built from them once per language (the same numbers, the
     * words of the request's language) */
    bool base_ready;
    pb_table_data base_data;
    bool base_tables_ready[PB_LANG_COUNT];
    pb_table_list base_tables[PB_LANG_COUNT];
    pb_drive *base_drive;
    bool base_drive_ready;
    pb_table_data base_drive_data;
    bool base_drive_tables_ready[PB_LANG_COUNT];
    pb_table_list base_drive_tables[PB_LANG_COUNT];
};

double pb_serve_now(void);
int pb_serve_jobs_start(pb_serve *s);
void pb_serve_jobs_stop(pb_serve *s);
/* Queue a job (rules and question copied): its id; 0 when the queue is full (429). */
unsigned long pb_serve_job_submit(pb_serve *s, pb_serve_job_kind kind, const pb_ruleset *rules, const char *question,
                                  pb_lang lang);
/* The job's state as JSON text (malloc'd; the result inlined when finished); NULL: no such job. */
char *pb_serve_job_poll(pb_serve *s, unsigned long id, int *http_status);
/* 0, or -1: no such job. */
int pb_serve_job_cancel(pb_serve *s, unsigned long id);
/* For the computations: a progress report (done of total); true when the job was cancelled. */
bool pb_serve_job_progress(pb_serve *s, unsigned long id, long done, long total);

/* ---- the computations (run by the worker; each returns JSON text, malloc'd) ---- */
char *pb_serve_play_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, pb_lang lang, int *http_status);
char *pb_serve_drive_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, pb_lang lang, int *http_status);
char *pb_serve_ask_run(pb_serve *s, const pb_ruleset *edited, const char *question, int *http_status);
char *pb_serve_tune_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, const char *spec, int *http_status);
/* Tables of the edited ruleset beside the base's (matched by id): {tables: [{id, title, notes, cols,
 * rows, changes: [{r, c, before, after, delta, exact}]}], summary: [the 12 largest moves of a
 * probability], moved: N, seconds: secs} as JSON text (malloc'd), or NULL. */
char *pb_serve_compare(const pb_table *base, size_t nbase, const pb_table *ed, size_t ned, double secs);
/* The other games (serve_games.c): the body {game: NAME, edits?: [...]} answered with the game's
 * ruleset as a form and its tables beside the embedded ruleset's, their words in `lang`; *status
 * 200, 400 or 404. */
char *pb_serve_game(const json_t *body, pb_lang lang, int *status);
/* The computations' caches, freed at the end. */
void pb_serve_results_release(pb_serve *s);

/* {"error": msg, ...}: JSON text (malloc'd). */
char *pb_serve_error_json(const char *msg);

/* The game level (serve_game.c): start `diff BASE EDITED --game --cache DIR` (202 {game_job}; 429
 * while one runs), its state as JSON text, cancel it (0, or -1: none running), stop it at the end. */
char *pb_serve_game_start(pb_serve *s, const pb_ruleset *edited, int *http_status);
char *pb_serve_game_poll(pb_serve *s);
int pb_serve_game_cancel(pb_serve *s);
void pb_serve_game_stop(pb_serve *s);

/* The page's files (serve_assets.c). */
extern const char pb_serve_page_html[], pb_serve_page_js[], pb_serve_page_css[];

#endif
