/* serve/serve_ask.c: the page's question box: one `ask` question (ask/) answered for the base and
 * the edited ruleset, each printed exactly as `paperbowl ask` prints it (pb_ask_print_text, the
 * default format). The drive solver's cache of ask/ knows a ruleset by its name and source: the
 * edited ruleset's source carries its fingerprint (serve_http.c), so two edits never share one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"
#include "serve_internal.h"

/* One side's answer as text (malloc'd), or NULL and a message. */
static char *answer(const pb_ask_query *q, const char *question, const pb_ruleset *rs, char *err, size_t errlen)
{
    pb_ask_defaults d;
    pb_ask_defaults_init(&d);
    d.rules = rs;
    d.ruleset = rs->name;
    pb_ask_plan plan;
    pb_ask_error e;
    if (pb_ask_plan_init(&plan, q, &d, NULL, &e) != 0) {
        pb_ask_error_format(&e, question, NULL, 1, err, errlen);
        pb_ask_plan_release(&plan);
        return NULL;
    }
    pb_ask_result r;
    char *text = NULL;
    if (pb_ask_run(&plan, &r, err, errlen) == 0) {
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        if (m) {
            pb_ask_format fmt = {2, false, NULL, false};
            pb_ask_print_text(m, &plan, &r, &fmt);
            if (fclose(m) != 0) {
                free(text);
                text = NULL;
                snprintf(err, errlen, "out of memory");
            }
        }
    }
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
    return text;
}

char *pb_serve_ask_run(pb_serve *s, const pb_ruleset *edited, const char *question, int *status)
{
    pb_ask_query q;
    pb_ask_error e;
    pb_ask_game_query gq;
    char where[1400], ctx[2400], err[PB_ERR_MAX];
    *status = 400;
    int game = pb_ask_game_parse(&gq, question, &e);
    if (game == 0)
        return pb_serve_error_json("a question about the whole game needs a solved game: ask it with 'paperbowl ask "
                                   "--values FILE' (the workbench answers the play and drive questions)");
    if (game < 0 || pb_ask_parse(&q, question, NULL, &e) != 0) {
        pb_ask_error_format(&e, question, NULL, 1, where, sizeof where);
        pb_ask_error_context(&e, question, NULL, ctx, sizeof ctx);
        json_t *j = json_pack("{s:s,s:s}", "error", where, "context", ctx);
        char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
        return t;
    }
    char *a = answer(&q, question, &s->base, err, sizeof err);
    if (!a)
        return pb_serve_error_json(err);
    char *b = answer(&q, question, edited, err, sizeof err);
    if (!b) {
        free(a);
        return pb_serve_error_json(err);
    }
    *status = 200;
    json_t *j = json_pack("{s:s,s:s,s:s,s:s}", "question", question, "base", a, "edited", b, "base_name", s->base.name);
    free(a);
    free(b);
    char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return t;
}
