/* serve/serve_tune.c: the page's tuning panel: the tune engine (tune/, the one `paperbowl tune`
 * runs) over the edited ruleset: one or two keys over their values, a target written as an ask
 * question, the best by a goal (closest to X, smallest, largest). The answer is the engine's own
 * JSON (pb_tune_json, as `tune --json` prints it). Bounded: at most PB_SERVE_TUNE_ROWS rows of a
 * play-level target, PB_SERVE_TUNE_SOLVES of a drive-level one (a drive solve each); no game
 * targets (a game solve each: `paperbowl tune --game`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"
#include "tune.h"

#define PB_SERVE_TUNE_ROWS 400
#define PB_SERVE_TUNE_SOLVES 25

typedef struct {
    pb_serve *s;
    unsigned long id;
} tune_progress_arg;

static void progress(void *ctx, long done, long total)
{
    tune_progress_arg *a = ctx;
    pb_serve_job_progress(a->s, a->id, done, total);
}

/* spec: {"vary": [KEY=VALUES, ...1 or 2], "target": TEXT, "goal": "equal"|"min"|"max", "equal": X} */
char *pb_serve_tune_run(pb_serve *s, unsigned long id, const pb_ruleset *edited, const char *spec, int *status)
{
    char err[PB_ERR_MAX];
    *status = 400;
    json_t *j = pb_serve_body_parse(spec, strlen(spec), err, sizeof err);
    if (!j)
        return pb_serve_error_json(err);
    json_t *vary = json_object_get(j, "vary"), *target = json_object_get(j, "target"),
           *goal = json_object_get(j, "goal"), *equal = json_object_get(j, "equal");
    const char *g = json_is_string(goal) ? json_string_value(goal) : "";
    char *text = NULL;
    if (!json_is_array(vary) || json_array_size(vary) < 1 || json_array_size(vary) > 2 || !json_is_string(target) ||
        (strcmp(g, "equal") != 0 && strcmp(g, "min") != 0 && strcmp(g, "max") != 0) ||
        (strcmp(g, "equal") == 0 && !json_is_string(equal))) {
        json_decref(j);
        return pb_serve_error_json("give one or two keys to vary (\"vary\"), a target (\"target\") and a goal "
                                   "(\"goal\": equal with \"equal\": X, min or max)");
    }
    tune_progress_arg pa = {s, id};
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    o.rules = edited;
    o.threads = s->cfg.threads;
    o.goal = strcmp(g, "equal") == 0 ? PB_TUNE_GOAL_EQUAL : strcmp(g, "min") == 0 ? PB_TUNE_GOAL_MIN : PB_TUNE_GOAL_MAX;
    o.equal = o.goal == PB_TUNE_GOAL_EQUAL ? json_string_value(equal) : NULL;
    o.progress = progress;
    o.progress_ctx = &pa;
    pb_tune *t = NULL;
    bool usage = false;
    if (pb_tune_new(&t, &o, err, sizeof err) != 0)
        goto fail;
    for (size_t i = 0; i < json_array_size(vary); i++) {
        json_t *v = json_array_get(vary, i);
        if (!json_is_string(v)) {
            snprintf(err, sizeof err, "--vary: give KEY=VALUES");
            goto fail;
        }
        if (pb_tune_vary(t, json_string_value(v), err, sizeof err) != 0)
            goto fail;
    }
    if (pb_tune_target(t, json_string_value(target), NULL, err, sizeof err) != 0 ||
        pb_tune_prepare(t, err, sizeof err) != 0)
        goto fail;
    long rows = 1;   /* (pb_tune_nrows counts the rows once they are run) */
    for (int k = 0; k < pb_tune_nkeys(t); k++)
        rows *= pb_tune_key_at(t, k)->n;
    bool drive = pb_tune_target_level(t, 0) != PB_TUNE_PLAY;
    if (pb_tune_target_level(t, 0) == PB_TUNE_GAME || rows > (drive ? PB_SERVE_TUNE_SOLVES : PB_SERVE_TUNE_ROWS)) {
        snprintf(err, sizeof err, "the workbench tunes at most %d values of a play-level target, %d of a drive-level "
                 "one, and no game-level target: the command 'paperbowl tune' has no such limit (this: %ld)",
                 PB_SERVE_TUNE_ROWS, PB_SERVE_TUNE_SOLVES, rows);
        goto fail;
    }
    if (pb_tune_run(t, &usage, err, sizeof err) < 0)
        goto fail;
    text = pb_tune_json(t);
    pb_tune_free(t);
    json_decref(j);
    *status = text ? 200 : 503;
    return text ? text : pb_serve_error_json("out of memory");
fail:
    pb_tune_free(t);
    json_decref(j);
    return pb_serve_error_json(err);
}
