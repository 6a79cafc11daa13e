/* serve/serve_http.c: the HTTP side of `paperbowl serve` (GNU libmicrohttpd): the listening
 * socket, the checks every request passes (token, Host, Origin, sizes), the routes, and the clean
 * stop on SIGINT / SIGTERM.
 *
 * Every request goes through check_request first: the Host header must be one of the served
 * address's spellings (421 otherwise: a page of another site that a rebound DNS name points here),
 * the token must come in the query (?token=, which sets the cookie) or the cookie (403 otherwise),
 * and a POST must carry the page's own Origin (403 otherwise). Bodies are read up to
 * PB_SERVE_BODY_MAX (413 past it, whether announced by Content-Length or not). */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ask.h"
#include "serve_internal.h"

/* One request's state between the calls MHD makes for it. */
typedef struct {
    char *body;
    size_t len, cap;
    bool too_large;
} request;

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type, const char *text,
                                 size_t len, const char *cookie)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)text, MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                            "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    if (cookie)
        MHD_add_response_header(r, "Set-Cookie", cookie);
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result send_json_text(struct MHD_Connection *c, unsigned status, char *text)
{
    if (!text)
        return send_text(c, 500, "application/json", "{\"error\":\"out of memory\"}", 25, NULL);
    enum MHD_Result ok = send_text(c, status, "application/json; charset=utf-8", text, strlen(text), NULL);
    free(text);
    return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg)
{
    return send_json_text(c, status, pb_serve_error_json(msg));
}

static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return send_json_text(c, status, text);
}

/* 0 when the request may go on; else the refusal's status (and *why). */
static unsigned check_request(pb_serve *s, struct MHD_Connection *c, const char *method, bool *set_cookie,
                              const char **why)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    bool host_ok = false;
    for (int i = 0; host && i < s->nhost; i++)
        host_ok = host_ok || strcmp(host, s->host_ok[i]) == 0;
    if (!host_ok) {
        *why = "this server answers only to the address it printed (the Host header is another)";
        return 421;
    }
    *set_cookie = false;
    const char *qtoken = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    const char *cookies = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Cookie");
    char ctoken[128];
    bool ok = false;
    if (qtoken && pb_serve_secret_cmp(qtoken, s->token) == 0)
        ok = *set_cookie = true;
    else if (cookies && pb_serve_cookie(cookies, s->cookie_name, ctoken, sizeof ctoken) == 0 &&
             pb_serve_secret_cmp(ctoken, s->token) == 0)
        ok = true;
    if (!ok) {
        *why = "no valid token: open the URL that 'paperbowl serve' printed";
        return 403;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
        bool origin_ok = false;
        for (int i = 0; origin && i < s->nhost; i++)
            origin_ok = origin_ok || strcmp(origin, s->origin_ok[i]) == 0;
        if (!origin_ok) {
            *why = "a change must come from the workbench's own page (the Origin header is missing or another)";
            return 403;
        }
    }
    return 0;
}

/* The edited ruleset of a request body: 0, or an error response already queued (*sent). */
static enum MHD_Result load_edited(struct MHD_Connection *c, json_t *body, pb_ruleset *rs, bool *sent)
{
    pb_serve_ruleset_text rt;
    char err[PB_ERR_MAX];
    bool too_large = false;
    *sent = true;
    if (pb_serve_ruleset_decode(body, &rt, &too_large, err, sizeof err) != 0)
        return send_error(c, too_large ? 413 : 400, err);
    char lerr[PB_ERR_MAX];
    if (pb_ruleset_parse(rs, rt.text, rt.edits ? "edited" : "upload", lerr, sizeof lerr) != 0) {
        json_t *j = json_pack("{s:s}", "error", lerr);
        int line = pb_serve_error_line(lerr);
        if (j && rt.edits && line >= 1 && line <= rt.nlines && rt.line_edit[line - 1] >= 0) {
            json_t *e = json_array_get(rt.edits, (size_t)rt.line_edit[line - 1]);
            json_object_set(j, "section", json_array_get(e, 0));
            json_object_set(j, "key", json_array_get(e, 1));
        }
        pb_serve_ruleset_text_release(&rt);
        return send_json(c, 400, j);
    }
    pb_serve_ruleset_text_release(&rt);
    /* named as the command line names the downloaded file edited.ini (a copy of an embedded ruleset that
     * differs from it is "edited"), and its source carries its fingerprint: ask/'s drive cache knows
     * rulesets by name and source */
    if (pb_ruleset_name_by_file(rs, "edited.ini") != 0)
        return send_error(c, 503, "out of memory");
    snprintf(rs->source, sizeof rs->source, "edited in the workbench");
    char fp[20];
    if (pb_serve_fingerprint(rs, fp) != 0)
        return send_error(c, 503, "out of memory");
    snprintf(rs->source, sizeof rs->source, "edited in the workbench, %s", fp);
    *sent = false;
    return MHD_YES;
}

static enum MHD_Result route_post(pb_serve *s, struct MHD_Connection *c, const char *url, request *rq, pb_lang lang)
{
    char err[256];
    json_t *body = pb_serve_body_parse(rq->body ? rq->body : "", rq->len, err, sizeof err);
    if (!body)
        return send_error(c, 400, err);
    enum MHD_Result ok;
    if (strcmp(url, "/api/cancel") == 0) {
        json_t *id = json_object_get(body, "job");
        ok = json_is_integer(id) && json_integer_value(id) > 0 &&
                     pb_serve_job_cancel(s, (unsigned long)json_integer_value(id)) == 0
                 ? send_json(c, 200, json_pack("{s:b}", "cancelled", 1))
                 : send_error(c, 404, "no such job");
        json_decref(body);
        return ok;
    }
    if (strcmp(url, "/api/game-cancel") == 0) {
        json_decref(body);
        return pb_serve_game_cancel(s) == 0 ? send_json(c, 200, json_pack("{s:b}", "cancelled", 1))
                                            : send_error(c, 404, "no game solve is running");
    }
    if (strcmp(url, "/api/game") == 0) {
        int st;
        char *text = pb_serve_game(body, lang, &st);
        json_decref(body);
        return send_json_text(c, (unsigned)st, text);
    }
    bool rules = strcmp(url, "/api/rules") == 0, play = strcmp(url, "/api/play") == 0,
         drive = strcmp(url, "/api/drive") == 0, ask = strcmp(url, "/api/ask") == 0,
         tune = strcmp(url, "/api/tune") == 0, game = strcmp(url, "/api/game-solve") == 0;
    if (!rules && !play && !drive && !ask && !tune && !game) {
        json_decref(body);
        return send_error(c, 404, "no such page");
    }
    const char *question = "";
    if (ask) {
        json_t *q = json_object_get(body, "question");
        if (!json_is_string(q) || json_string_length(q) == 0 || json_string_length(q) > PB_SERVE_QUESTION_MAX ||
            strlen(json_string_value(q)) != json_string_length(q)) {
            json_decref(body);
            return send_error(c, 400, "give a question (at most 4096 bytes) in \"question\"");
        }
        question = json_string_value(q);
    }
    char *spec = NULL;
    if (tune) {
        /* the tune's spec goes to the job as JSON text (decoded there, by serve_tune.c) */
        json_t *t = json_pack("{s:O?,s:O?,s:O?,s:O?}", "vary", json_object_get(body, "vary"), "target",
                              json_object_get(body, "target"), "goal", json_object_get(body, "goal"), "equal",
                              json_object_get(body, "equal"));
        spec = t ? json_dumps(t, JSON_COMPACT) : NULL;
        json_decref(t);
        if (!spec || strlen(spec) > PB_SERVE_QUESTION_MAX) {
            free(spec);
            json_decref(body);
            return send_error(c, 400, "the tune's keys and target are too long (at most 4096 bytes)");
        }
        question = spec;
    }
    pb_ruleset *rs = malloc(sizeof *rs);
    if (!rs) {
        json_decref(body);
        return send_error(c, 503, "out of memory");
    }
    bool sent;
    ok = load_edited(c, body, rs, &sent);
    if (!sent) {
        if (rules) {
            char *ini = pb_serve_ruleset_ini(rs);
            json_t *form = pb_serve_form(rs, lang);
            ok = ini && form ? send_json(c, 200, json_pack("{s:o,s:s}", "form", form, "ini", ini))
                             : send_error(c, 503, "out of memory");
            free(ini);
        } else if (game) {
            int st;
            char *text = pb_serve_game_start(s, rs, &st);
            ok = send_json_text(c, (unsigned)st, text);
        } else {
            unsigned long id = pb_serve_job_submit(
                s, play ? PB_SERVE_JOB_PLAY : drive ? PB_SERVE_JOB_DRIVE : tune ? PB_SERVE_JOB_TUNE : PB_SERVE_JOB_ASK, rs,
                question, lang);
            ok = id ? send_json(c, 202, json_pack("{s:I}", "job", (json_int_t)id))
                    : send_error(c, 429, "the server is busy (too many jobs waiting): try again in a moment");
        }
    }
    free(rs);
    free(spec);
    json_decref(body);
    return ok;
}

static json_t *dictionary(pb_lang lang)
{
    json_t *d = json_object();
    size_t n = pb_msg_count(lang);
    for (size_t i = 0; d && i < n; i++) {
        const char *id, *str;
        pb_msg_entry(lang, i, &id, &str);
        if (id && str && *id && !strchr(id, '\004'))
            json_object_set_new(d, id, json_string(str));
    }
    return d;
}

static enum MHD_Result route_get(pb_serve *s, struct MHD_Connection *c, const char *url, bool set_cookie,
                                 pb_lang lang)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "%s=%s; HttpOnly; SameSite=Strict; Path=/", s->cookie_name, s->token);
    if (strcmp(url, "/") == 0) {
        if (set_cookie) {
            /* the token leaves the address bar (and the history) for the cookie */
            struct MHD_Response *r = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
            if (!r)
                return MHD_NO;
            MHD_add_response_header(r, "Set-Cookie", cookie);
            MHD_add_response_header(r, "Location", "/");
            MHD_add_response_header(r, "Cache-Control", "no-store");
            MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
            enum MHD_Result ok = MHD_queue_response(c, 303, r);
            MHD_destroy_response(r);
            return ok;
        }
        return send_text(c, 200, "text/html; charset=utf-8", pb_serve_page_html, strlen(pb_serve_page_html), NULL);
    }
    if (strcmp(url, "/page.js") == 0)
        return send_text(c, 200, "text/javascript; charset=utf-8", pb_serve_page_js, strlen(pb_serve_page_js), NULL);
    if (strcmp(url, "/page.css") == 0)
        return send_text(c, 200, "text/css; charset=utf-8", pb_serve_page_css, strlen(pb_serve_page_css), NULL);
    if (strcmp(url, "/api/init") == 0) {
        json_t *names = json_array();
        for (int i = 0; names && pb_ruleset_builtin_names[i]; i++)
            json_array_append_new(names, json_string(pb_ruleset_builtin_names[i]));
        char *ini = pb_serve_ruleset_ini(&s->base);
        json_t *j = ini ? json_pack("{s:s,s:o,s:o,s:s,s:s,s:o}", "lang", pb_lang_code(lang), "dict", dictionary(lang),
                                    "form", pb_serve_form(&s->base, lang), "base", s->base.name, "ini", ini,
                                    "rulesets", names)
                        : NULL;
        free(ini);
        return send_json(c, j ? 200 : 503, j);
    }
    if (strcmp(url, "/api/game-job") == 0)
        return send_json_text(c, 200, pb_serve_game_poll(s));
    if (strcmp(url, "/api/job") == 0) {
        long id;
        if (pb_serve_query_long(MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "id"), 1, 0x7fffffffL, &id) != 0)
            return send_error(c, 400, "give the job's number: /api/job?id=N");
        int status = 200;
        char *text = pb_serve_job_poll(s, (unsigned long)id, &status);
        if (!text)
            return send_error(c, 404, "no such job (finished jobs are kept a while, then forgotten)");
        return send_json_text(c, (unsigned)status, text);
    }
    return send_error(c, 404, "no such page");
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    pb_serve *s = cls;
    request *rq = *con_cls;
    if (!rq) {
        /* the first call: the headers are in; refuse early what will be refused anyway */
        bool set_cookie;
        const char *why = "";
        unsigned st = check_request(s, c, method, &set_cookie, &why);
        if (st)
            return send_error(c, st, why);
        if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0 && strcmp(method, "POST") != 0)
            return send_error(c, 405, "only GET and POST");
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        long n;
        if (cl && (pb_serve_query_long(cl, 0, PB_SERVE_BODY_MAX, &n) != 0))
            return send_error(c, 413, "the request is too large (at most 256 KiB)");
        if (!(rq = calloc(1, sizeof *rq)))
            return MHD_NO;
        *con_cls = rq;
        return MHD_YES;
    }
    if (*upload_size) {
        if (!rq->too_large && rq->len + *upload_size > PB_SERVE_BODY_MAX)
            rq->too_large = true;
        if (!rq->too_large) {
            if (rq->len + *upload_size + 1 > rq->cap) {
                size_t nc = rq->len + *upload_size + 1;
                nc = nc < 4096 ? 4096 : nc * 2;
                char *b = realloc(rq->body, nc);
                if (!b)
                    return MHD_NO;
                rq->body = b;
                rq->cap = nc;
            }
            memcpy(rq->body + rq->len, upload, *upload_size);
            rq->len += *upload_size;
            rq->body[rq->len] = 0;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (rq->too_large)
        return send_error(c, 413, "the request is too large (at most 256 KiB)");
    bool set_cookie = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token") != NULL;
    pb_lang lang = pb_serve_lang(MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "lang"),
                                 MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Language"));
    if (strcmp(method, "POST") == 0)
        return route_post(s, c, url, rq, lang);
    return route_get(s, c, url, set_cookie, lang);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)cls, (void)c, (void)why;
    request *rq = *con_cls;
    if (rq) {
        free(rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

static void quiet_logger(void *cls, const char *fmt, va_list ap) { (void)cls, (void)fmt, (void)ap; }

/* The listening socket on addr:port: the socket, or -1 with a message in err. */
static int listen_on(const char *addr, int port, int *bound_port, bool *v6, char *err, size_t errlen)
{
    struct sockaddr_storage ss;
    socklen_t sl;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, addr, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)port);
        sl = sizeof *a4;
        *v6 = false;
    } else if (inet_pton(AF_INET6, addr, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        sl = sizeof *a6;
        *v6 = true;
    } else {
        snprintf(err, errlen, "--listen: '%s' is not an IPv4 or IPv6 address", addr);
        return -1;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open a socket: %s", strerror(errno));
        return -1;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&ss, sl) != 0 || listen(fd, 64) != 0) {
        int e = errno;
        if (e == EADDRINUSE)
            snprintf(err, errlen, "port %d on %s is already in use (another 'paperbowl serve'? choose another "
                                  "with --port N, or --port 0 for any free one)", port, addr);
        else
            snprintf(err, errlen, "cannot listen on %s port %d: %s", addr, port, strerror(e));
        close(fd);
        return -1;
    }
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0)
        *bound_port = ntohs(*v6 ? a6->sin6_port : a4->sin_port);
    return fd;
}

int pb_serve_run(const pb_serve_config *cfg)
{
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    pb_serve *s = calloc(1, sizeof *s);
    if (!s)
        return 1;
    s->cfg = *cfg;
    s->base = *cfg->base;
    unsigned char raw[32];
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            fprintf(cfg->log, "paperbowl serve: error: no random bytes for the token: %s\n", strerror(errno));
            free(s);
            return 2;
        }
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(s->token + 2 * i, 3, "%02x", raw[i]);

    char err[PB_ERR_MAX];
    int port = 0;
    bool v6 = false;
    int fd = listen_on(cfg->listen, cfg->port, &port, &v6, err, sizeof err);
    if (fd < 0) {
        fprintf(cfg->log, "paperbowl serve: error: %s\n", err);
        free(s);
        return 2;
    }
    if (strcmp(cfg->listen, "127.0.0.1") != 0 && strcmp(cfg->listen, "::1") != 0)
        fprintf(cfg->log, "paperbowl serve: warning: listening on %s: other machines can reach the workbench; "
                          "the token is the only guard (and the traffic is not encrypted)\n", cfg->listen);
    snprintf(s->cookie_name, sizeof s->cookie_name, "pb_token_%d", port);
    const char *b0 = v6 ? "[" : "", *b1 = v6 ? "]" : "";
    snprintf(s->host_ok[0], sizeof s->host_ok[0], "%s%s%s:%d", b0, cfg->listen, b1, port);
    s->nhost = 1;
    if (strcmp(cfg->listen, "127.0.0.1") == 0 || strcmp(cfg->listen, "::1") == 0)
        snprintf(s->host_ok[s->nhost++], sizeof s->host_ok[0], "localhost:%d", port);
    for (int i = 0; i < s->nhost; i++) {
        char origin[sizeof s->origin_ok[0]];   /* (not straight into s: the compiler sees an overlap) */
        snprintf(origin, sizeof origin, "http://%s", s->host_ok[i]);
        memcpy(s->origin_ok[i], origin, sizeof origin);
    }
    if (pb_serve_jobs_start(s) != 0) {
        close(fd);
        free(s);
        return 1;
    }
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, 0, NULL, NULL, handler, s, MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)PB_SERVE_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)PB_SERVE_TIMEOUT, MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_NOTIFY_COMPLETED, completed, s,
        MHD_OPTION_EXTERNAL_LOGGER, quiet_logger, NULL, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)64 * 1024,
        MHD_OPTION_END);
    if (!d) {
        fprintf(cfg->log, "paperbowl serve: error: the HTTP server did not start on %s port %d\n", cfg->listen, port);
        pb_serve_jobs_stop(s);
        close(fd);
        free(s);
        return 2;
    }
    fprintf(cfg->out, "http://%s/?token=%s\n", s->host_ok[0], s->token);
    fflush(cfg->out);
    fprintf(cfg->log, "paperbowl serve: the workbench of %s is at the address above (Ctrl-C stops it)\n",
            s->base.name);
    int sig = 0;
    while (sigwait(&stop, &sig) == 0 && sig == SIGPIPE)
        ;
    MHD_stop_daemon(d);   /* (closes the listening socket too) */
    pb_serve_game_stop(s);   /* a game solve running: SIGTERM (its temporary removed), waited for */
    pb_serve_jobs_stop(s);
    pb_serve_results_release(s);
    pb_ask_release_solves();   /* the drive games ask/ kept (the worker is joined: no one uses them) */
    free(s);
    return 0;
}
