/* serve/serve.h: the designer's workbench, `paperbowl serve`: a local HTTP server (GNU
 * libmicrohttpd) whose page edits a ruleset and shows what the edit does, computed in-process by
 * the library rooms (tables/, ask/) on a worker thread.
 *
 * The server's face beside cli/: it calls the library rooms and is never included by them.
 * Safe by default (doc/serve.md, "Security"): 127.0.0.1 unless told otherwise, a random token
 * (URL, then an HttpOnly SameSite=Strict cookie), the Host header checked against the address
 * served (DNS rebinding), POSTs only from the page's own Origin, bounded request and ruleset sizes,
 * a connection limit and per-connection timeout, and a bounded queue of jobs. No path from a
 * request is ever opened: rulesets arrive as text. */
#ifndef PB_SERVE_H
#define PB_SERVE_H

#include <stdio.h>

#include "ruleset.h"

/* Limits (doc/serve.md). */
#define PB_SERVE_BODY_MAX (256u * 1024u)      /* a request body: 413 past this */
#define PB_SERVE_RULESET_MAX (64u * 1024u)    /* a ruleset's text: 413 past this */
#define PB_SERVE_CONNECTIONS 256              /* open connections at once */
#define PB_SERVE_TIMEOUT 30                   /* seconds a connection may idle */
#define PB_SERVE_QUEUE 8                      /* jobs waiting: 429 past this */

typedef struct {
    const char *listen;     /* the address to listen on: "127.0.0.1" unless --listen */
    int port;               /* 0: any free port (the URL says which) */
    const pb_ruleset *base; /* the ruleset the edits start from and are compared with */
    int threads;            /* worker threads of one computation (<= 0: every CPU) */
    const char *cache;      /* the folder of the game's value files (--cache; default "out") */
    const char *self;       /* this program's binary (the game level runs `paperbowl diff --game` in it) */
    FILE *out;              /* the URL line, then nothing */
    FILE *log;              /* warnings and errors (stderr) */
} pb_serve_config;

/* Serves until SIGINT or SIGTERM (both blocked in the calling thread first; every thread the
 * server starts inherits that). 0 on a clean stop; 2 with one message on `log` when it cannot
 * start (the address in use, a bad address); 1 when out of memory. */
int pb_serve_run(const pb_serve_config *cfg);

#endif
