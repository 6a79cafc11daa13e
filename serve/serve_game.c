/* serve/serve_game.c: the game level as a background job: `paperbowl diff BASE EDITED --game
 * --cache DIR`, the command itself, run as a child process of the server. It reads each game's
 * value file from the cache folder when it is fresh and else solves the game and writes the file
 * there (the value-file cache of `tables --game` and `diff --game`; the edited ruleset is named
 * edited-FINGERPRINT, so its file is its own), then prints the game section of the diff, which the
 * page shows as printed. A child because a game solve cannot be stopped half-way in a process:
 * cancel (and the server's own SIGTERM) send it SIGTERM, and the command's writer removes its
 * temporary, so no partial value file is left. One game job at a time, beside the light jobs
 * (the page stays responsive). Progress: which value files are there yet, the time since the
 * start, and the game solver's own estimate of each solve still to do (pb_wp_solve_estimate). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "serve_internal.h"
#include "wp.h"

extern char **environ;

/* CACHE/game-NAME.pbv (the name as `solve game --output` writes it, every policy at best). */
static void value_path(const char *dir, const char *name, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/game-", dir);
    size_t at = n > 0 ? (size_t)n : 0;
    for (const char *p = name; *p && at + 5 < len; p++) {
        char ch = *p;
        buf[at++] = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                            ch == '-' || ch == '=' || ch == '_'
                        ? ch
                        : '_';
    }
    snprintf(buf + at, len - at, ".pbv");
}

static bool exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Write rs into the cache folder as CACHE/serve-NAME.ini (the safe writer). 0, or -1. */
static int write_ruleset(const char *dir, const pb_ruleset *rs, char *path, size_t len, char *err, size_t errlen)
{
    char *ini = pb_serve_ruleset_ini(rs);
    if (!ini) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(path, len, "%s/serve-%s.ini", dir, rs->name);
    int rc = pb_outfile_write(path, ini, strlen(ini), err, errlen);
    free(ini);
    return rc;
}

static void *game_thread(void *arg)
{
    pb_serve *s = arg;
    pb_serve_gamejob *g = &s->game;
    char out[1 << 16];
    size_t nout = 0;
    char errbuf[4096];
    size_t nerr = 0;
    struct pollfd fds[2] = {{g->out_fd, POLLIN, 0}, {g->err_fd, POLLIN, 0}};
    int open_fds = 2;
    while (open_fds > 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char chunk[4096];
            ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
                continue;
            }
            char *dst = i == 0 ? out : errbuf;
            size_t *used = i == 0 ? &nout : &nerr, cap = i == 0 ? sizeof out : sizeof errbuf;
            size_t k = (size_t)n < cap - 1 - *used ? (size_t)n : cap - 1 - *used;
            memcpy(dst + *used, chunk, k);
            *used += k;
        }
    }
    out[nout] = 0;
    errbuf[nerr] = 0;
    int status = 0;
    while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
        ;
    pthread_mutex_lock(&s->jobs.lock);
    g->finished = pb_serve_now();
    if (g->cancel || (WIFSIGNALED(status))) {
        g->state = PB_SERVE_CANCELLED;
    } else {
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : 2;
        g->state = code <= 1 ? PB_SERVE_DONE : PB_SERVE_FAILED;
        json_t *j = json_pack("{s:s,s:s,s:i,s:b}", "text", out, "log", errbuf, "status", code, "changed", code == 1);
        free(g->result);
        g->result = j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
        /* kept for a second look at the same edit (its value files are in the cache for a restart) */
        if (g->state == PB_SERVE_DONE && g->result) {
            int k = g->nseen < 8 ? g->nseen++ : (int)(g->id % 8);
            free(g->seen[k].result);
            g->seen[k].result = strdup(g->result);
            memcpy(g->seen[k].fingerprint, g->fingerprint, sizeof g->fingerprint);
        }
    }
    g->pid = 0;
    pthread_mutex_unlock(&s->jobs.lock);
    return NULL;
}

char *pb_serve_game_start(pb_serve *s, const pb_ruleset *edited, int *status)
{
    pb_serve_gamejob *g = &s->game;
    char err[PB_ERR_MAX];
    pthread_mutex_lock(&s->jobs.lock);
    bool busy = g->state == PB_SERVE_RUNNING;
    pthread_mutex_unlock(&s->jobs.lock);
    if (busy) {
        *status = 429;
        return pb_serve_error_json("one game solve at a time: cancel the one running, or wait for it");
    }
    if (g->started_thread) {
        pthread_join(g->thread, NULL);
        g->started_thread = false;
    }
    if (mkdir(s->cfg.cache, 0777) != 0 && errno != EEXIST) {
        *status = 500;
        snprintf(err, sizeof err, "--cache %s: cannot make the folder: %s", s->cfg.cache, strerror(errno));
        return pb_serve_error_json(err);
    }
    /* the edited ruleset by its fingerprint: its value file is its own */
    pb_ruleset ed = *edited;
    char fp[20];
    if (pb_serve_fingerprint(edited, fp) != 0) {
        *status = 503;
        return pb_serve_error_json("out of memory");
    }
    snprintf(ed.name, sizeof ed.name, "edited-%s", fp);
    value_path(s->cfg.cache, s->base.name, g->base_file, sizeof g->base_file);
    value_path(s->cfg.cache, ed.name, g->edited_file, sizeof g->edited_file);
    for (int k = 0; k < g->nseen; k++)
        if (strcmp(g->seen[k].fingerprint, fp) == 0 && g->seen[k].result && exists(g->base_file) &&
            exists(g->edited_file)) {
            /* seen before in this server's life, its value files still there: at once */
            pthread_mutex_lock(&s->jobs.lock);
            g->id++;
            g->state = PB_SERVE_DONE;
            g->started = g->finished = pb_serve_now();
            free(g->result);
            g->result = strdup(g->seen[k].result);
            unsigned long id = g->id;
            pthread_mutex_unlock(&s->jobs.lock);
            *status = 202;
            json_t *j = json_pack("{s:I,s:f,s:f}", "game_job", (json_int_t)id, "estimate_base", 0.0, "estimate_edited", 0.0);
            char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
            json_decref(j);
            return t;
        }
    memcpy(g->fingerprint, fp, sizeof fp);
    char base_ini[1200], ed_ini[1200];
    *status = 500;
    if (write_ruleset(s->cfg.cache, &s->base, base_ini, sizeof base_ini, err, sizeof err) != 0 ||
        write_ruleset(s->cfg.cache, &ed, ed_ini, sizeof ed_ini, err, sizeof err) != 0)
        return pb_serve_error_json(err);
    pb_policies pol = {0};
    g->base_estimate = exists(g->base_file) ? 0 : pb_wp_solve_estimate(&s->base, &pol, 0, s->cfg.threads);
    g->edited_estimate = exists(g->edited_file) ? 0 : pb_wp_solve_estimate(&ed, &pol, 0, s->cfg.threads);
    int po[2], pe[2];
    if (pipe(po) != 0 || pipe(pe) != 0) {
        snprintf(err, sizeof err, "cannot start the game solve: %s", strerror(errno));
        return pb_serve_error_json(err);
    }
    for (int i = 0; i < 2; i++) {
        fcntl(po[i], F_SETFD, FD_CLOEXEC);
        fcntl(pe[i], F_SETFD, FD_CLOEXEC);
    }
    char threads[16];
    snprintf(threads, sizeof threads, "%d", s->cfg.threads > 0 ? s->cfg.threads : 1);
    char *argv[] = {"paperbowl", "diff", base_ini, ed_ini, "--game", "--cache", (char *)s->cfg.cache, "--threads",
                    threads, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, po[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    sigset_t none, dfl;
    sigemptyset(&none);
    sigemptyset(&dfl);
    sigaddset(&dfl, SIGINT);
    sigaddset(&dfl, SIGTERM);
    sigaddset(&dfl, SIGPIPE);
    posix_spawnattr_setsigmask(&at, &none);       /* the server blocks them; the child must not */
    posix_spawnattr_setsigdefault(&at, &dfl);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int rc = posix_spawn(&pid, s->cfg.self, &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(po[1]);
    close(pe[1]);
    if (rc != 0) {
        close(po[0]);
        close(pe[0]);
        snprintf(err, sizeof err, "cannot start the game solve: %s", strerror(rc));
        return pb_serve_error_json(err);
    }
    pthread_mutex_lock(&s->jobs.lock);
    g->id++;
    g->pid = pid;
    g->out_fd = po[0];
    g->err_fd = pe[0];
    g->state = PB_SERVE_RUNNING;
    g->cancel = false;
    g->started = pb_serve_now();
    free(g->result);
    g->result = NULL;
    unsigned long id = g->id;
    pthread_mutex_unlock(&s->jobs.lock);
    if (pthread_create(&g->thread, NULL, game_thread, s) != 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
        g->state = PB_SERVE_FAILED;
        return pb_serve_error_json("cannot start the game solve");
    }
    g->started_thread = true;
    *status = 202;
    json_t *j = json_pack("{s:I,s:f,s:f}", "game_job", (json_int_t)id, "estimate_base", g->base_estimate,
                          "estimate_edited", g->edited_estimate);
    char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return t;
}

char *pb_serve_game_poll(pb_serve *s)
{
    pb_serve_gamejob *g = &s->game;
    static const char *const names[] = {"none", "queued", "running", "done", "failed", "cancelled"};
    pthread_mutex_lock(&s->jobs.lock);
    double now = pb_serve_now(), elapsed = (g->state == PB_SERVE_RUNNING ? now : g->finished) - g->started;
    bool have_base = g->state != PB_SERVE_FREE && exists(g->base_file);
    bool have_ed = g->state != PB_SERVE_FREE && exists(g->edited_file);
    /* what is being done: the base game first, then the edited one (as diff solves them) */
    const char *phase = g->state != PB_SERVE_RUNNING ? "" : !have_base ? "base" : !have_ed ? "edited" : "diff";
    double left = -1;
    if (g->state == PB_SERVE_RUNNING && g->base_estimate >= 0 && g->edited_estimate >= 0)
        left = g->base_estimate + g->edited_estimate - elapsed;
    json_t *j = json_pack("{s:I,s:s,s:s,s:f,s:f,s:b,s:b}", "game_job", (json_int_t)g->id, "state", names[g->state],
                          "phase", phase, "elapsed", g->state == PB_SERVE_FREE ? 0.0 : elapsed, "left",
                          left < 0 ? 0.0 : left, "base_solved", have_base, "edited_solved", have_ed);
    if (j && g->result && g->state != PB_SERVE_RUNNING)
        json_object_set_new(j, "result", json_loads(g->result, 0, NULL));
    pthread_mutex_unlock(&s->jobs.lock);
    char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return t;
}

int pb_serve_game_cancel(pb_serve *s)
{
    pb_serve_gamejob *g = &s->game;
    pthread_mutex_lock(&s->jobs.lock);
    int rc = -1;
    if (g->state == PB_SERVE_RUNNING && g->pid > 0) {
        g->cancel = true;
        kill(g->pid, SIGTERM);
        rc = 0;
    }
    pthread_mutex_unlock(&s->jobs.lock);
    return rc;
}

void pb_serve_game_stop(pb_serve *s)
{
    pb_serve_game_cancel(s);
    if (s->game.started_thread)
        pthread_join(s->game.thread, NULL);
    s->game.started_thread = false;
    free(s->game.result);
    s->game.result = NULL;
    for (int k = 0; k < s->game.nseen; k++)
        free(s->game.seen[k].result);
    s->game.nseen = 0;
}
