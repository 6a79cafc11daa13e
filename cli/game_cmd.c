/* cli/game_cmd.c: the other games' shared command pieces (game_cmd.h). */
#include "game_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"

int pb_gcmd_next(pb_cli_opts *g, pb_gcmd_common *c)
{
    int opt;
    while ((opt = pb_cli_opts_next(g)) > 0) {
        switch (opt) {
        case PB_GCMD_O_RULES: c->file = g->arg; break;
        case PB_GCMD_O_SET:
            if (c->sets.n >= PB_GCMD_SETS_MAX) {
                g->status = pb_cli_error(g->cmd, "--set: too many");
                return PB_CLI_OPTS_EXIT;
            }
            c->sets.v[c->sets.n++] = g->arg;
            break;
        case PB_GCMD_O_FORMAT: c->format = g->arg; break;
        case PB_GCMD_O_ONLY: c->only = g->arg; break;
        case PB_GCMD_O_LANG:
            if (pb_lang_parse(g->arg, &c->lang) != 0) {
                g->status = pb_cli_error(g->cmd, "--lang: unknown language '%s' (en, ja)", g->arg);
                return PB_CLI_OPTS_EXIT;
            }
            break;
        default: return opt;
        }
    }
    return opt;
}

int pb_gcmd_load(const char *cmd, const pb_gsw_rules_io *io, void *rules, const char *file, const pb_gcmd_sets *s,
                 int nsets)
{
    char err[320];
    if (!file) {
        io->builtin(rules);
    } else {
        char *text = pb_read_text_file(file, 1 << 16, "ruleset", err, sizeof err);
        if (!text)
            return pb_cli_error(cmd, "--rules: %s", err);
        int rc = io->parse(rules, text, file, err, sizeof err);
        free(text);
        if (rc != 0)
            return pb_cli_error(cmd, "--rules: %s", err);
    }
    for (int i = 0; i < nsets; i++)
        if (io->assign(rules, s->v[i], err, sizeof err) != 0)
            return pb_cli_error(cmd, "--set: %s", err);
    return 0;
}

int pb_gcmd_table_opts(const char *cmd, const char *format, const char *only, const char *const *ids, int n,
                       pb_table_format *f, bool *want)
{
    *f = PB_FMT_TXT;
    if (format) {
        if (strcmp(format, "txt") == 0 || strcmp(format, "text") == 0) *f = PB_FMT_TXT;
        else if (strcmp(format, "md") == 0) *f = PB_FMT_MD;
        else if (strcmp(format, "csv") == 0) *f = PB_FMT_CSV;
        else if (strcmp(format, "tex") == 0) *f = PB_FMT_TEX;
        else return pb_cli_error(cmd, "--format: unknown format '%s' (txt, md, csv, tex)", format);
    }
    for (int i = 0; i < n; i++)
        want[i] = only == NULL;
    if (only) {
        /* every id read whole, however long the list; an empty list or id ("", ",", "a,,b") is refused */
        for (const char *id = only;;) {
            const char *comma = strchr(id, ',');
            size_t len = comma ? (size_t)(comma - id) : strlen(id);
            if (len == 0)
                return pb_cli_error(cmd, "--only: an empty table id in '%s' (see 'paperbowl %s --help')", only, cmd);
            int k = -1;
            for (int i = 0; i < n; i++)
                if (strlen(ids[i]) == len && strncmp(ids[i], id, len) == 0)
                    k = i;
            if (k < 0)
                return pb_cli_error(cmd, "--only: unknown table '%.*s' (see 'paperbowl %s --help')", len > 64 ? 64 : (int)len, id, cmd);
            want[k] = true;
            if (!comma)
                break;
            id = comma + 1;
        }
    }
    return 0;
}

int pb_gcmd_write_tables(const pb_table *t, size_t n, const bool *want, pb_table_format f)
{
    int rc = 0, first = 1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (!want[i])
            continue;
        if (!first)
            putchar('\n');
        first = 0;
        rc = pb_table_write(&t[i], f, stdout);
    }
    return rc == 0 ? PB_EXIT_OK : PB_EXIT_FAIL;
}

int pb_gcmd_page_check(const char *cmd, const char *out)
{
    if (!out)
        return pb_cli_error(cmd, "report: --out FILE.html is required");
    char err[512];
    if (pb_outfile_check(out, err, sizeof err) != 0)
        return pb_cli_error(cmd, "--out: %s", err);
    return 0;
}

int pb_gcmd_page_write(const char *cmd, const char *out, char *page, size_t len)
{
    if (!page)
        return pb_cli_error(cmd, "out of memory");
    char err[512];
    int rc = pb_outfile_write(out, page, len, err, sizeof err);
    free(page);
    if (rc != 0)
        return pb_cli_error(cmd, "--out: %s", err);
    printf("wrote %s\n", out);
    return PB_EXIT_OK;
}
