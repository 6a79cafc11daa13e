/* serve/serve_jobs.c: the workbench's jobs: a fixed table of slots, a bounded queue (at most
 * PB_SERVE_QUEUE waiting: the next gets 429), one worker thread that runs them in order (each
 * computation uses every CPU itself; the drive solver's and ask's caches are touched by this
 * thread only). A job is polled for its progress and result; one not polled for PB_SERVE_ABANDON
 * seconds is cancelled (its client is gone), as is one the page cancels: a queued job never
 * starts, a running one is told through its progress calls and its result is dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve_internal.h"

double pb_serve_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char *const state_names[] = {"free", "queued", "running", "done", "failed", "cancelled"};

static pb_serve_job *find(pb_serve_jobs *q, unsigned long id)
{
    for (int i = 0; i < PB_SERVE_JOBS; i++)
        if (q->slot[i].state != PB_SERVE_FREE && q->slot[i].id == id)
            return &q->slot[i];
    return NULL;
}

/* The oldest queued job that is still wanted (the lock held); the abandoned ones are cancelled. */
static pb_serve_job *next_job(pb_serve_jobs *q)
{
    double now = pb_serve_now();
    pb_serve_job *best = NULL;
    for (int i = 0; i < PB_SERVE_JOBS; i++) {
        pb_serve_job *j = &q->slot[i];
        if (j->state != PB_SERVE_QUEUED)
            continue;
        if (j->cancel || now - j->seen > q->abandon) {
            j->state = PB_SERVE_CANCELLED;
            j->finished = now;
            continue;
        }
        if (!best || j->id < best->id)
            best = j;
    }
    return best;
}

static void *worker(void *arg)
{
    pb_serve *s = arg;
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_lock(&q->lock);
    for (;;) {
        pb_serve_job *j;
        while (!q->stop && !(j = next_job(q)))
            pthread_cond_wait(&q->wake, &q->lock);
        if (q->stop)
            break;
        j->state = PB_SERVE_RUNNING;
        j->started = pb_serve_now();
        unsigned long id = j->id;
        pb_serve_job_kind kind = j->kind;
        pb_lang lang = j->lang;
        pb_ruleset *rules = malloc(sizeof *rules);
        char *question = strdup(j->question);
        if (rules)
            *rules = j->rules;
        pthread_mutex_unlock(&q->lock);
        int status = 200;
        char *result = NULL;
        if (rules && question)
            result = kind == PB_SERVE_JOB_PLAY    ? pb_serve_play_run(s, id, rules, lang, &status)
                     : kind == PB_SERVE_JOB_DRIVE ? pb_serve_drive_run(s, id, rules, lang, &status)
                     : kind == PB_SERVE_JOB_TUNE  ? pb_serve_tune_run(s, id, rules, question, &status)
                                                  : pb_serve_ask_run(s, rules, question, &status);
        free(rules);
        free(question);
        pthread_mutex_lock(&q->lock);
        j = find(q, id);   /* (the slot stays the job's while it runs: only finished jobs are reused) */
        if (j) {
            j->finished = pb_serve_now();
            if (j->cancel || j->finished - j->seen > q->abandon) {
                j->state = PB_SERVE_CANCELLED;
                free(result);
            } else {
                j->state = result && status == 200 ? PB_SERVE_DONE : PB_SERVE_FAILED;
                j->result = result ? result : pb_serve_error_json("out of memory");
                j->http_status = result ? status : 503;
            }
        } else
            free(result);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

int pb_serve_jobs_start(pb_serve *s)
{
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->wake, NULL);
    q->next_id = 1;
    const char *e = getenv("PB_SERVE_ABANDON_SECONDS");
    char *end;
    double v = e ? strtod(e, &end) : 0;
    q->abandon = e && *e && !*end && v >= 0.5 && v <= 3600 ? v : PB_SERVE_ABANDON;
    if (pthread_create(&q->worker, NULL, worker, s) != 0)
        return -1;
    q->started = true;
    return 0;
}

void pb_serve_jobs_stop(pb_serve *s)
{
    pb_serve_jobs *q = &s->jobs;
    if (!q->started)
        return;
    pthread_mutex_lock(&q->lock);
    q->stop = true;
    for (int i = 0; i < PB_SERVE_JOBS; i++)
        q->slot[i].cancel = true;
    pthread_cond_broadcast(&q->wake);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->worker, NULL);
    for (int i = 0; i < PB_SERVE_JOBS; i++)
        free(q->slot[i].result);
    pthread_cond_destroy(&q->wake);
    pthread_mutex_destroy(&q->lock);
    q->started = false;
}

unsigned long pb_serve_job_submit(pb_serve *s, pb_serve_job_kind kind, const pb_ruleset *rules, const char *question,
                                  pb_lang lang)
{
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_lock(&q->lock);
    int waiting = 0;
    pb_serve_job *free_slot = NULL, *oldest = NULL;
    for (int i = 0; i < PB_SERVE_JOBS; i++) {
        pb_serve_job *j = &q->slot[i];
        if (j->state == PB_SERVE_QUEUED)
            waiting++;
        else if (j->state == PB_SERVE_FREE)
            free_slot = free_slot ? free_slot : j;
        else if (j->state != PB_SERVE_RUNNING && (!oldest || j->finished < oldest->finished))
            oldest = j;
    }
    pb_serve_job *j = free_slot ? free_slot : oldest;
    if (waiting >= PB_SERVE_QUEUE || !j) {
        pthread_mutex_unlock(&q->lock);
        return 0;
    }
    free(j->result);
    memset(j, 0, sizeof *j);
    j->id = q->next_id++;
    j->kind = kind;
    j->state = PB_SERVE_QUEUED;
    j->rules = *rules;
    snprintf(j->question, sizeof j->question, "%s", question ? question : "");
    j->lang = lang;
    j->submitted = j->seen = pb_serve_now();
    unsigned long id = j->id;
    pthread_cond_signal(&q->wake);
    pthread_mutex_unlock(&q->lock);
    return id;
}

char *pb_serve_job_poll(pb_serve *s, unsigned long id, int *http_status)
{
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_lock(&q->lock);
    pb_serve_job *j = find(q, id);
    char *text = NULL;
    if (j) {
        double now = pb_serve_now();
        j->seen = now;
        double elapsed = j->state == PB_SERVE_RUNNING ? now - j->started : 0;
        double left = j->done > 0 && j->total > j->done ? elapsed * (double)(j->total - j->done) / (double)j->done : -1;
        /* {"job":..., "state":..., "done":..., "total":..., "elapsed":..., "left":..., "result": ...} */
        char head[320];
        snprintf(head, sizeof head,
                 "{\"job\":%lu,\"state\":\"%s\",\"done\":%ld,\"total\":%ld,\"elapsed\":%.2f,\"left\":%.1f",
                 j->id, state_names[j->state], j->done, j->total, elapsed, left);
        const char *res = (j->state == PB_SERVE_DONE || j->state == PB_SERVE_FAILED) && j->result ? j->result : NULL;
        size_t n = strlen(head) + (res ? strlen(res) + 16 : 0) + 4;
        if ((text = malloc(n))) {
            if (res)
                snprintf(text, n, "%s,\"result\":%s}", head, res);
            else
                snprintf(text, n, "%s}", head);
        }
        *http_status = j->state == PB_SERVE_FAILED ? j->http_status : 200;
    }
    pthread_mutex_unlock(&q->lock);
    return text;
}

int pb_serve_job_cancel(pb_serve *s, unsigned long id)
{
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_lock(&q->lock);
    pb_serve_job *j = find(q, id);
    if (j && (j->state == PB_SERVE_QUEUED || j->state == PB_SERVE_RUNNING))
        j->cancel = true;
    pthread_mutex_unlock(&q->lock);
    return j ? 0 : -1;
}

bool pb_serve_job_progress(pb_serve *s, unsigned long id, long done, long total)
{
    pb_serve_jobs *q = &s->jobs;
    pthread_mutex_lock(&q->lock);
    pb_serve_job *j = find(q, id);
    bool cancel = !j || j->cancel || q->stop;
    if (j) {
        j->done = done;
        j->total = total;
        if (pb_serve_now() - j->seen > q->abandon)
            cancel = j->cancel = true;
    }
    pthread_mutex_unlock(&q->lock);
    return cancel;
}
