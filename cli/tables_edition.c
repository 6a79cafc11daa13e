/* cli/tables_edition.c: `paperbowl tables --edition rulebook`: compute what the rulebook edition
 * needs (the special teams, four field positions, the drive game), build its tables
 * (tables/edition.h) and write DIR/rulebook-LANG.txt, DIR/rulebook-LANG.tex (a LuaLaTeX document)
 * and each table as a fragment DIR/rulebook-LANG/ID.tex. Every file is written whole or not at all
 * (core/textfile.h). */
#include "tables_edition.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_progress.h"
#include "edition.h"
#include "textfile.h"

static void progress(void *arg, long done, long total)
{
    (void)arg;
    pb_cli_progress("computing the cells", (double)done, (double)total);
}

typedef int (*writer)(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, const pb_table *t,
                      FILE *out);

static int write_doc_txt(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, const pb_table *t,
                         FILE *out)
{
    (void)t;
    return pb_edition_write_txt(d, o, l, out);
}

static int write_doc_tex(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, const pb_table *t,
                         FILE *out)
{
    (void)t;
    return pb_edition_write_tex(d, o, l, out);
}

static int write_frag(const pb_table_data *d, const pb_edition_opts *o, const pb_table_list *l, const pb_table *t,
                      FILE *out)
{
    (void)d, (void)o, (void)l;
    return pb_edition_write_fragment(t, out);
}

/* One file through a memory buffer: 0, or an exit status (the message printed). */
static int put_file(const char *cmd, const char *path, writer w, const pb_table_data *d, const pb_edition_opts *o,
                    const pb_table_list *l, const pb_table *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return pb_cli_error(cmd, "out of memory");
    int rc = w(d, o, l, t, m);
    if (fclose(m) != 0 || rc != 0) {
        free(buf);
        return pb_cli_error(cmd, "out of memory");
    }
    if (pb_write_text_file(path, buf, len) != 0) {
        int e = errno;
        free(buf);
        return pb_cli_error(cmd, "cannot write '%s': %s", path, strerror(e));
    }
    free(buf);
    return PB_EXIT_OK;
}

int pb_cli_tables_edition(const char *cmd, pb_table_data *d, pb_lang lang, int digits, const char *out, int threads,
                          int quiet)
{
    char err[PB_ERR_MAX];
    pb_table_need need;
    pb_edition_need(&need);
    bool show = !quiet && pb_cli_progress_enabled();
    int rc = pb_table_data_compute(d, &need, threads, show ? progress : NULL, NULL, err, sizeof err);
    pb_drive *drive = NULL;
    if (rc == 0) {
        if (show)
            pb_cli_progress("solving the drive game", 0, 0);
        rc = pb_table_drive_solve(&drive, d, threads, err, sizeof err);
        if (rc == 0)
            rc = pb_table_drive_attach(d, drive, err, sizeof err);
    }
    if (show)
        pb_cli_progress_clear();
    if (rc != 0) {
        pb_drive_free(drive);
        return pb_cli_error(cmd, "%s", err);
    }
    pb_edition_opts o = {lang, digits};
    pb_table_list list;
    pb_table_list_init(&list);
    int status = PB_EXIT_OK, files = 0;
    if (pb_edition_build(d, &o, &list) != 0)
        status = pb_cli_error(cmd, "out of memory");
    const char *code = pb_lang_code(lang);
    size_t plen = strlen(out) + 64;
    char *path = malloc(plen);
    if (!path) {
        pb_table_list_release(&list);
        pb_drive_free(drive);
        d->drive = NULL;
        return pb_cli_error(cmd, "out of memory");
    }
    if (status == PB_EXIT_OK) {
        snprintf(path, plen, "%s/rulebook-%s", out, code);
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            status = pb_cli_error(cmd, "cannot create directory '%s': %s", path, strerror(errno));
    }
    for (size_t i = 0; i < list.count && status == PB_EXIT_OK; i++) {
        snprintf(path, plen, "%s/rulebook-%s/%s.tex", out, code, list.items[i].id);
        status = put_file(cmd, path, write_frag, d, &o, &list, &list.items[i]);
        files++;
    }
    if (status == PB_EXIT_OK) {
        snprintf(path, plen, "%s/rulebook-%s.txt", out, code);
        status = put_file(cmd, path, write_doc_txt, d, &o, &list, NULL);
        files++;
    }
    if (status == PB_EXIT_OK) {
        snprintf(path, plen, "%s/rulebook-%s.tex", out, code);
        status = put_file(cmd, path, write_doc_tex, d, &o, &list, NULL);
        files++;
    }
    free(path);
    size_t ntables = list.count;
    pb_table_list_release(&list);
    pb_drive_free(drive);
    d->drive = NULL;
    if (status == PB_EXIT_OK)
        printf("paperbowl tables: the rulebook edition (%s, %zu tables; the charts by %s) in %s/rulebook-%s.tex, "
               ".txt and %s/rulebook-%s/ (%d files)\n",
               code, ntables, d->game ? "win probability where the value file keeps the states" : "drive EP", out,
               code, out, code, files);
    return status;
}
