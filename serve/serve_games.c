/* serve/serve_games.c: the other games on the page (soccer/, carriers/, cardgame/): each game's
 * ruleset file as a form (its embedded file's sections and keys, each key's comment beside it),
 * read back through the game's own loader (pb_gsw_rules_io), and its tables (the builders `soccer
 * table`, `carriers table`, `cardgame table` print) beside the embedded ruleset's with the moved
 * cells (tables/table_diff.c), in the request's language (both sides built in it, so that the labels
 * compared agree). Each game's tables take milliseconds: answered at once, no job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardgame_rules.h"
#include "cardgame_tables.h"
#include "carriers_rules.h"
#include "carriers_tables.h"
#include "serve_internal.h"
#include "soccer_rules.h"
#include "soccer_tables.h"

typedef union {
    ms_rules ms;
    cr_rules cr;
    cg_rules cg;
} any_rules;

typedef union {
    ms_table_list ms;
    cr_table_list cr;
    cg_table_list cg;
} any_tables;

typedef struct {
    const char *name, *title;
    const pb_gsw_rules_io *io;
    const char *(*text)(void);
} game_info;

static const game_info games[] = {
    {"soccer", PB_N_("Masume Soccer TACTICS"), &ms_rules_io, ms_rules_builtin_text},
    {"carriers", PB_N_("Carriers!!"), &cr_rules_io, cr_rules_builtin_text},
    {"cardgame", PB_N_("the football card game (draft)"), &cg_rules_io, cg_rules_builtin_text},
};

/* Build game g's tables of r into t, their words in lang: the tables and their count. */
static pb_table *build(int g, const any_rules *r, pb_lang lang, any_tables *t, size_t *n)
{
    switch (g) {
    case 0: ms_tables_build(&t->ms, &r->ms, lang); *n = t->ms.n; return t->ms.t;
    case 1: cr_tables_build(&t->cr, &r->cr, lang); *n = t->cr.n; return t->cr.t;
    default: cg_tables_build(&t->cg, &r->cg, lang); *n = t->cg.n; return t->cg.t;
    }
}

static void release(int g, any_tables *t)
{
    switch (g) {
    case 0: ms_tables_release(&t->ms); break;
    case 1: cr_tables_release(&t->cr); break;
    default: cg_tables_release(&t->cg); break;
    }
}

/* The game's ruleset file as the form: [{section, title, keys: [{key, value, note}]}]. The values
 * are the embedded file's, or the edits' (the same keys in the same order). */
static json_t *form_of(const char *text, const json_t *edits)
{
    char *copy = strdup(text);
    json_t *form = json_array();
    if (!copy || !form) {
        free(copy);
        json_decref(form);
        return NULL;
    }
    json_t *keys = NULL;
    size_t k = 0;
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        while (*line == ' ' || *line == '\t')
            line++;
        if (!*line || *line == ';' || *line == '#')
            continue;
        if (*line == '[') {
            char *end = strchr(line, ']');
            if (!end)
                continue;
            *end = 0;
            keys = json_array();
            json_array_append_new(form, json_pack("{s:s,s:s,s:s,s:s,s:o}", "section", line + 1, "ref", "", "title",
                                                  line + 1, "rule", "", "keys", keys));
            continue;
        }
        char *eq = strchr(line, '=');
        if (!eq || !keys)
            continue;
        *eq = 0;
        char *value = eq + 1, *note = "";
        char *c = strstr(value, " ;");
        if (!c)
            c = strstr(value, "\t;");
        if (c) {
            *c = 0;
            note = c + 2;
            while (*note == ' ')
                note++;
        }
        while (*value == ' ')
            value++;
        for (char *e = line + strlen(line); e > line && (e[-1] == ' ' || e[-1] == '\t');)
            *--e = 0;
        for (char *e = value + strlen(value); e > value && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r');)
            *--e = 0;
        const json_t *ed = edits ? json_array_get(edits, k) : NULL;
        const char *v = ed ? json_string_value(json_array_get(ed, 2)) : value;
        json_array_append_new(keys, json_pack("{s:s,s:s,s:s}", "key", line, "value", v ? v : value, "note", note));
        k++;
    }
    free(copy);
    return form;
}

char *pb_serve_game(const json_t *body, pb_lang lang, int *status)
{
    const char *name = json_string_value(json_object_get(body, "game"));
    int g = -1;
    for (int i = 0; name && i < (int)(sizeof games / sizeof games[0]); i++)
        if (strcmp(name, games[i].name) == 0)
            g = i;
    *status = 404;
    if (g < 0)
        return pb_serve_error_json("no such game (soccer, carriers, cardgame)");
    *status = 400;
    any_rules *base = malloc(sizeof *base), *ed = malloc(sizeof *ed);
    char err[PB_ERR_MAX];
    char *out = NULL;
    if (!base || !ed) {
        *status = 503;
        out = pb_serve_error_json("out of memory");
        goto done;
    }
    games[g].io->builtin(base);
    const json_t *edits = json_object_get(body, "edits");
    if (edits) {
        pb_serve_ruleset_text rt;
        bool too_large;
        if (pb_serve_ruleset_decode(body, &rt, &too_large, err, sizeof err) != 0) {
            *status = too_large ? 413 : 400;
            out = pb_serve_error_json(err);
            goto done;
        }
        games[g].io->builtin(ed);
        if (games[g].io->parse(ed, rt.text, "edited", err, sizeof err) != 0) {
            json_t *j = json_pack("{s:s}", "error", err);
            int line = pb_serve_error_line(err);
            if (j && line >= 1 && line <= rt.nlines && rt.line_edit[line - 1] >= 0) {
                json_t *e = json_array_get(edits, (size_t)rt.line_edit[line - 1]);
                json_object_set(j, "section", json_array_get(e, 0));
                json_object_set(j, "key", json_array_get(e, 1));
            }
            pb_serve_ruleset_text_release(&rt);
            out = j ? json_dumps(j, JSON_COMPACT) : NULL;
            json_decref(j);
            goto done;
        }
        pb_serve_ruleset_text_release(&rt);
    } else
        *ed = *base;
    double t0 = pb_serve_now();
    any_tables *tb = malloc(sizeof *tb), *te = malloc(sizeof *te);
    if (!tb || !te) {
        free(tb);
        free(te);
        *status = 503;
        out = pb_serve_error_json("out of memory");
        goto done;
    }
    size_t nb, ne;
    pb_table *bt = build(g, base, lang, tb, &nb), *et = build(g, ed, lang, te, &ne);
    char *cmp = pb_serve_compare(bt, nb, et, ne, pb_serve_now() - t0);
    release(g, tb);
    release(g, te);
    free(tb);
    free(te);
    json_t *res = cmp ? json_loads(cmp, 0, NULL) : NULL;
    free(cmp);
    json_t *form = form_of(games[g].text(), edits);
    if (res && form) {
        json_object_set_new(res, "form", form);
        json_object_set_new(res, "game", json_string(games[g].name));
        json_object_set_new(res, "title", json_string(pb_msg(lang, games[g].title)));
        out = json_dumps(res, JSON_COMPACT);
        *status = out ? 200 : 503;
    } else
        json_decref(form);
    json_decref(res);
done:
    free(base);
    free(ed);
    return out ? out : pb_serve_error_json("out of memory");
}
