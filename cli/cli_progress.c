/* cli/cli_progress.c: the progress line (cli_progress.h). Reports only store the state (what, how
 * far) under a mutex; a ticker thread, started when the line is enabled, draws it five times a
 * second, so a long step that reports nothing (building the play tables) still shows its time so
 * far, and reports from many worker threads cost a lock each. The time left is the time since
 * the current step's first report, scaled: (t - t0) x (1 - f) / (f - f0), shown once the step has
 * run a second, where f is the fraction done now as the step's own rate tells it between two
 * reports (pb_cli_time_left: a count that moves in large steps, as the game solver's layers, counts
 * down between them instead of climbing); before that, or with no count, the time so far of the
 * phase (the reports of one `what`, from its first). Nothing is drawn during the command's first half second, so quick
 * commands never flash a line. A report of the whole done (done >= total, outside a stage) clears the line: the
 * command's results follow (pb_verify_parallel_named reports it after its threads, the game
 * solver at its last layer). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_progress.h"
#include "progress.h"   /* core/progress.h: the library's reports */

static struct {
    pthread_mutex_t lock;
    bool enabled, ticking;
    char cmd[32];
    double start, after;
    int shown;                 /* the width of the line on screen, 0: none */
    char line[256];            /* the line on screen */
    bool active;               /* a state to draw */
    char what[96];
    double done, total;
    double step_t0, step_f0;   /* the current step's first report: its time and fraction */
    double adv_t, adv_f;       /* the step's last advance: its time and the fraction it reached */
    int adv_n;                 /* the step's advances: adv_f - step_f0 is their sum */
    double phase_t0;           /* the first report of this `what` (its stages and steps): "so far" counts from it */
    int stage_k, stage_n;
    char stage[64];
} P = {.lock = PTHREAD_MUTEX_INITIALIZER};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void span(char *buf, size_t len, double s)
{
    if (s < 1)
        snprintf(buf, len, "under 1 s");
    else if (s < 60)
        snprintf(buf, len, "%.0f s", s);
    else if (s < 3600)
        snprintf(buf, len, "%d min %02d s", (int)(s / 60), (int)s % 60);
    else
        snprintf(buf, len, "%d h %02d min", (int)(s / 3600), (int)(s / 60) % 60);
}

static double fraction(void)
{
    double part = P.total > 0 ? (P.done < P.total ? P.done / P.total : 1) : 0;
    return P.stage_n > 0 ? (P.stage_k + part) / P.stage_n : part;
}

double pb_cli_time_left(double t, double t0, double f0, double tr, double f, double df)
{
    if (!(f > f0) || !(f < 1) || !(tr > t0) || t < tr)
        return -1;
    double rate = (f - f0) / (tr - t0);
    /* the work since the last report: at the step's rate, for as long as an average advance, and
     * never more than half of what is left (the last advance may be the last) */
    double more = fmin(fmin(rate * (t - tr), df > 0 ? df : 0), (1 - f) / 2);
    double fe = f + more;
    return (t - t0) * (1 - fe) / (fe - f0);
}

/* After a report or a stage (P.lock held): an advance of the fraction is noted with its time. */
static void note_advance(void)
{
    double f = fraction();
    if (f > P.adv_f) {
        P.adv_n++;
        P.adv_f = f;
        P.adv_t = now();
    }
}

/* Draw the state (P.lock held). */
static void draw(double t)
{
    double f = fraction();
    char line[256], count[64] = "", pct[16] = "", stage[80] = "", left[48] = "", s[32];
    if (P.stage[0])
        snprintf(stage, sizeof stage, " (%s)", P.stage);
    if (P.total > 0)
        snprintf(count, sizeof count, " %.0f of %.0f", P.done, P.total);
    if (P.total > 0 || P.stage_n > 0)
        snprintf(pct, sizeof pct, " (%.0f%%)", 100 * f);
    double rest = pb_cli_time_left(t, P.step_t0, P.step_f0, P.adv_t, f, P.adv_n > 0 ? (P.adv_f - P.step_f0) / P.adv_n : 0);
    if (rest >= 0 && t - P.step_t0 > 1) {
        span(s, sizeof s, rest);
        snprintf(left, sizeof left, rest < 1 ? ", %s left" : ", about %s left", s);   /* not "about under 1 s" */
    } else {
        span(s, sizeof s, t - P.phase_t0);
        snprintf(left, sizeof left, ", %s so far", s);
    }
    int n = snprintf(line, sizeof line, "paperbowl %s: %s%s:%s%s%s", P.cmd, P.what, stage,
                     P.total > 0 ? count : " working", pct, left);
    if (n > 200)
        n = 200, line[200] = '\0';
    if (P.shown && strcmp(line, P.line) == 0)
        return;
    snprintf(P.line, sizeof P.line, "%s", line);
    fprintf(stderr, "\r%s%*s", line, P.shown > n ? P.shown - n : 0, "");
    fflush(stderr);
    P.shown = n;
}

static void *ticker(void *arg)
{
    (void)arg;
    for (;;) {
        struct timespec ts = {0, 200 * 1000 * 1000};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&P.lock);
        double t = now();
        if (P.active && t - P.start >= P.after)
            draw(t);
        pthread_mutex_unlock(&P.lock);
    }
    return NULL;
}

static void from_library(void *self, const char *what, double done, double total)
{
    (void)self;
    pb_cli_progress(what, done, total);
}

void pb_cli_progress_init(const char *cmd, bool allowed)
{
    /* PB_PROGRESS_AFTER: seconds before the first drawing (default 0.5; tests/progress.sh: 0) */
    const char *after = getenv("PB_PROGRESS_AFTER");
    P.after = after && *after ? atof(after) : 0.5;
    P.enabled = allowed && isatty(STDERR_FILENO);
    snprintf(P.cmd, sizeof P.cmd, "%s", cmd);
    P.start = now();
    pb_progress_set(P.enabled ? from_library : NULL, NULL);
    pthread_t t;
    if (P.enabled && !P.ticking && pthread_create(&t, NULL, ticker, NULL) == 0) {
        pthread_detach(t);
        P.ticking = true;
    }
}

bool pb_cli_progress_enabled(void) { return P.enabled; }

void pb_cli_progress_stage(int k, int n, const char *label)
{
    if (!P.enabled)
        return;
    pthread_mutex_lock(&P.lock);
    P.stage_k = k;
    P.stage_n = n;
    snprintf(P.stage, sizeof P.stage, "%s", n > 0 && label ? label : "");
    note_advance();
    pthread_mutex_unlock(&P.lock);
}

static void clear_locked(void)
{
    P.active = false;
    P.what[0] = '\0';
    if (P.shown) {
        fprintf(stderr, "\r%*s\r", P.shown, "");
        fflush(stderr);
        P.shown = 0;
    }
}

void pb_cli_progress(const char *what, double done, double total)
{
    if (!P.enabled)
        return;
    pthread_mutex_lock(&P.lock);
    if (total > 0 && done >= total && P.stage_n <= 0) {   /* the work is done: its results follow */
        clear_locked();
        pthread_mutex_unlock(&P.lock);
        return;
    }
    if (!P.active || strcmp(P.what, what) != 0 || done < P.done) {   /* a new step */
        if (!P.active || strcmp(P.what, what) != 0)   /* a new phase: its own time so far */
            P.phase_t0 = now();
        snprintf(P.what, sizeof P.what, "%s", what);
        P.done = done;
        P.total = total;
        P.step_t0 = now();
        P.step_f0 = fraction();
        P.adv_t = P.step_t0;
        P.adv_f = P.step_f0;
        P.adv_n = 0;
    }
    if (done >= P.done) {   /* from many threads: the furthest report stands */
        P.done = done;
        P.total = total;
    }
    note_advance();
    P.active = true;
    pthread_mutex_unlock(&P.lock);
}

void pb_cli_progress_clear(void)
{
    if (!P.enabled)
        return;
    pthread_mutex_lock(&P.lock);
    clear_locked();
    pthread_mutex_unlock(&P.lock);
}
