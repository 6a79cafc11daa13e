/* tables/output.c: the tables and the report written into a directory, each file atomically
 * (see output.h). */
#include "output.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textfile.h"
#include "report.h"

bool pb_table_selected(const char *only, const char *id)
{
    if (!only)
        return true;
    const char *at = only;
    for (;;) {
        size_t n = strcspn(at, ",");
        char pat[128];
        if (n < sizeof pat) {
            memcpy(pat, at, n);
            pat[n] = '\0';
            if (fnmatch(pat, id, 0) == 0)
                return true;
        }
        if (!at[n])
            return false;
        at += n + 1;
    }
}

char *pb_table_render(const pb_table *t, pb_table_format f, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (!m)
        return NULL;
    int rc = pb_table_write(t, f, m);
    if (fclose(m) != 0 || rc != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int put(const char *dir, const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(path, n, "%s/%s", dir, name);
    int rc = pb_write_text_file(path, text, len);
    if (rc != 0)
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    free(path);
    return rc;
}

static int write_tex_document(const pb_table_data *d, const pb_table_list *l, const char *dir, const char *only,
                              char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    fprintf(m, "%% tables.tex: every table of paperbowl tables for ruleset %s, as one LaTeX document.\n"
               "%% Build it with: pdflatex tables.tex (in this directory). Or \\input{ID} single tables into a "
               "rulebook\n%% (they need \\usepackage{booktabs} and, for the long ones, \\usepackage{longtable}).\n",
            d->rules.name);
    fputs("\\documentclass[10pt]{article}\n\\usepackage[a4paper,landscape,margin=12mm]{geometry}\n"
          "\\usepackage{booktabs}\n\\usepackage{longtable}\n\\setlength{\\tabcolsep}{3pt}\n"
          "\\begin{document}\n\\section*{PAPER BOWL: exact tables (",
          m);
    pb_table_put_tex(m, d->rules.name);
    fputs(")}\n", m);
    for (size_t i = 0; i < l->count; i++)
        if (pb_table_selected(only, l->items[i].id))
            fprintf(m, "\\input{%s}\n\\clearpage\n", l->items[i].id);
    fputs("\\end{document}\n", m);
    if (fclose(m) != 0) {
        free(buf);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = put(dir, "tables.tex", buf, len, err, errlen);
    free(buf);
    return rc;
}

int pb_table_output(const pb_table_data *d, const pb_table_list *l, unsigned formats, const char *dir,
                    const char *only, char *err, size_t errlen)
{
    static const pb_table_format fmts[] = {PB_FMT_TXT, PB_FMT_MD, PB_FMT_CSV, PB_FMT_TEX};
    int files = 0;
    for (size_t i = 0; i < l->count; i++) {
        const pb_table *t = &l->items[i];
        if (!pb_table_selected(only, t->id))
            continue;
        for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
            if (!(formats & (unsigned)fmts[f]))
                continue;
            size_t len = 0;
            char *text = pb_table_render(t, fmts[f], &len);
            if (!text) {
                snprintf(err, errlen, "cannot render table '%s'", t->id);
                return -1;
            }
            char name[160];
            snprintf(name, sizeof name, "%s.%s", t->id, pb_table_format_ext(fmts[f]));
            int rc = put(dir, name, text, len, err, errlen);
            free(text);
            if (rc != 0)
                return -1;
            files++;
        }
    }
    if ((formats & PB_FMT_TEX) && files > 0) {
        if (write_tex_document(d, l, dir, only, err, errlen) != 0)
            return -1;
        files++;
    }
    if ((formats & PB_FMT_HTML) && pb_table_selected(only, "report")) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (!m) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        int rc = pb_report_write(m, d, l);
        if (fclose(m) != 0 || rc != 0) {   /* in memory: only memory can run out */
            free(buf);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        rc = put(dir, "report.html", buf, len, err, errlen);
        free(buf);
        if (rc != 0)
            return -1;
        files++;
    }
    return files;
}
