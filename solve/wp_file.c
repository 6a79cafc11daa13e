/* solve/wp_file.c: writing and reading the game solver's value file (wp_file.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "textfile.h"
#include "wp_file.h"
#include "wp_internal.h"

#define MAGIC "PBWP 3\n"   /* 2: the radii by slice and togo; 3: the solve's figures (stats) */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h ^= c[i];
        h *= 1099511628211ull;
    }
    return h;
}
#define FNV0 14695981039346656037ull

int pb_wp_file_fingerprint(const pb_ruleset *rules, const pb_policies *pol, char *buf, size_t len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&text, &n);
    if (!mem)
        return -1;
    pb_ruleset_write(rules, mem);
    if (fclose(mem) != 0) {
        free(text);
        return -1;
    }
    /* the canonical text without its comments (they name the file it was read from) */
    uint64_t h = FNV0;
    for (char *line = text; line && line < text + n;) {
        char *end = memchr(line, '\n', (size_t)(text + n - line));
        size_t k = end ? (size_t)(end - line) + 1 : (size_t)(text + n - line);
        if (line[0] != ';' && line[0] != '#')
            h = fnv(h, line, k);
        line = end ? end + 1 : NULL;
    }
    char pols[256];
    pb_policies_format(pol, pols, sizeof pols);
    snprintf(buf, len, "ruleset %s\nruleset_fnv %016llx\npolicies %s\n", rules->name, (unsigned long long)h, pols);
    free(text);
    return 0;
}

int pb_wp_is_full(const pb_wp *w) { return w->keep_all; }

/* The payload as a list of blocks, the same order for writing and reading. */
typedef struct {
    void *p;
    size_t bytes;
} block;

static int blocks_of(pb_wp *w, block *b, int max)
{
    int n = 0;
    size_t ns = (size_t)(2 * w->S + 1);
#define ADD(ptr, sz)                   \
    do {                               \
        if (n >= max)                  \
            return -1;                 \
        b[n].p = (ptr);                \
        b[n++].bytes = (sz);           \
    } while (0)
    ADD(w->h2_lo, ns * sizeof(double));
    ADD(w->h2_hi, ns * sizeof(double));
    for (int h = pb_wp_halves(w); h >= 1; h--)
        for (int L = 0; L <= pb_wp_cards(w, h); L++) {
            pb_wp_head *hd = &w->head[h][L];
            size_t k = (size_t)pb_wp_nslices(w, h);
            ADD(hd->first_lo, k * 100 * sizeof(float));
            ADD(hd->first_hi, k * 100 * sizeof(float));
            ADD(hd->klo, k * 2 * sizeof(double));
            ADD(hd->khi, k * 2 * sizeof(double));
            ADD(hd->tlo, k * sizeof(double));
            ADD(hd->thi, k * sizeof(double));
        }
    if (w->keep_all)
        for (int h = pb_wp_halves(w); h >= 1; h--) {
            size_t k = (size_t)pb_wp_nslices(w, h);
            int P = pb_wp_cards(w, h);
            for (int L = 0; L <= P + 2 * w->E; L++) {
                pb_wp_layer *l = L <= P ? w->full[h][L] : w->fullx[h][1 + (L - P - 1) / w->E][1 + (L - P - 1) % w->E];
                if (!l)
                    return -1;
                ADD(l->v, k * (size_t)w->F * sizeof(double));
                ADD(l->rad, k * 100 * sizeof(double));
                ADD(l->klo, k * 2 * sizeof(double));
                ADD(l->khi, k * 2 * sizeof(double));
                ADD(l->tlo, k * sizeof(double));
                ADD(l->thi, k * sizeof(double));
            }
        }
#undef ADD
    return n;
}

static int header(const pb_wp *w, int full, size_t payload, char *buf, size_t len)
{
    char fp[512];
    if (pb_wp_file_fingerprint(w->rs, &w->pol, fp, sizeof fp) != 0)
        return -1;
    snprintf(buf, len,
             MAGIC "%slead_cap %d\ntimeouts %d\nextras %d\ncards_per_half %d\ndowns %d\nfull %d\n"
                   "stats %d %.17g %.17g %.17g %.17g\npayload %zu\nend\n",
             fp, w->S, w->T, w->E, w->P, w->downs, full, w->stats.layers, w->stats.states, w->stats.max_gap,
             w->stats.max_exploit, w->stats.epsilon, payload);
    return 0;
}

#define MAX_BLOCKS (8 + 6 * 3 * 80 + 6 * 3 * 100)

int pb_wp_file_write(const pb_wp *w, const char *path, char *err, size_t errlen)
{
    block *b = malloc(MAX_BLOCKS * sizeof *b);
    int n = b ? blocks_of((pb_wp *)w, b, MAX_BLOCKS) : -1;
    if (n < 0) {
        free(b);
        snprintf(err, errlen, "internal error: the value file's layout");
        return -1;
    }
    size_t payload = 0;
    uint64_t h = FNV0;
    for (int i = 0; i < n; i++) {
        payload += b[i].bytes;
        h = fnv(h, b[i].p, b[i].bytes);
    }
    char head[1024];
    header(w, w->keep_all, payload, head, sizeof head);
    pb_outfile out;
    if (pb_outfile_open(&out, path, err, errlen) != 0) {
        free(b);
        return -1;
    }
    int ok = fputs(head, out.f) >= 0;
    for (int i = 0; ok && i < n; i++)
        ok = fwrite(b[i].p, 1, b[i].bytes, out.f) == b[i].bytes;
    ok = ok && fwrite(&h, sizeof h, 1, out.f) == 1;
    free(b);
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        pb_outfile_abort(&out);
        return -1;
    }
    return pb_outfile_commit(&out, err, errlen);
}

#ifdef PB_FUZZ_NO_CHECKSUM   /* make fuzz: a changed payload is read on past its checksum (and below) */
#define CHECKSUM_OK(stored, h) ((void)(stored), (void)(h), 1)
#else
#define CHECKSUM_OK(stored, h) ((stored) == (h))
#endif

static int read_line(FILE *f, char *buf, size_t len)
{
    if (!fgets(buf, (int)len, f))
        return -1;
    return strchr(buf, '\n') ? 0 : -1;
}

int pb_wp_file_read(pb_wp **out, const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap,
                    int threads, char *err, size_t errlen)
{
    *out = NULL;
    FILE *f = pb_open_regular(path, err, errlen);   /* never a FIFO's blocking read */
    if (!f)
        return -1;
    char line[512], fp[512], want[512];
    int S = 0, T = 0, E = 0, P = 0, downs = 0, full = 0, st = 0;
    pb_wp_stats figures;
    memset(&figures, 0, sizeof figures);
    size_t payload = 0;
    fp[0] = 0;
    if (read_line(f, line, sizeof line) != 0 || strncmp(line, MAGIC, 5) != 0) {
        snprintf(err, errlen, "%s: not a paperbowl value file (written by 'paperbowl solve game')", path);
        fclose(f);
        return -1;
    }
    if (strcmp(line, MAGIC) != 0) {
        snprintf(err, errlen, "%s: a value file of another version (%.*s): solve the game again", path,
                 (int)strcspn(line, "\n"), line);
        fclose(f);
        return -1;
    }
    for (int i = 0; i < 3 && st == 0; i++) {
        if (read_line(f, line, sizeof line) != 0)
            st = -1;
        else
            strncat(fp, line, sizeof fp - strlen(fp) - 1);
    }
    if (st == 0) {
        char tail[32];
        st = read_line(f, line, sizeof line) || sscanf(line, "lead_cap %d", &S) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "timeouts %d", &T) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "extras %d", &E) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "cards_per_half %d", &P) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "downs %d", &downs) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "full %d", &full) != 1 ||
             read_line(f, line, sizeof line) ||
             sscanf(line, "stats %d %lf %lf %lf %lf", &figures.layers, &figures.states, &figures.max_gap,
                    &figures.max_exploit, &figures.epsilon) != 5 ||
             read_line(f, line, sizeof line) || sscanf(line, "payload %zu", &payload) != 1 ||
             read_line(f, line, sizeof line) || sscanf(line, "end%31s", tail) == 1 || strcmp(line, "end\n") != 0
                 ? -1
                 : 0;
    }
    if (st != 0) {
        snprintf(err, errlen, "%s: corrupt value file (a bad header)", path);
        fclose(f);
        return -1;
    }
    if (pb_wp_file_fingerprint(rules, pol, want, sizeof want) != 0 || strcmp(want, fp) != 0) {
        snprintf(err, errlen, "%s: stale value file: it was solved for another ruleset, switches or policies "
                              "(solve again with 'paperbowl solve game')", path);
        fclose(f);
        return -1;
    }
    if (lead_cap > 0 && lead_cap != S) {
        snprintf(err, errlen, "%s: the file was solved with --lead-cap %d, not %d", path, S, lead_cap);
        fclose(f);
        return -1;
    }
    if (T != rules->sw.timeouts || P != 2 * rules->plays_per_quarter || downs != rules->downs || S < 1 || S > 400 ||
        E < 0 || E > 8) {
        snprintf(err, errlen, "%s: corrupt value file (its geometry does not fit the ruleset)", path);
        fclose(f);
        return -1;
    }
    pb_wp *w = NULL;
    st = pb_wp_alloc_for_file(&w, rules, pol, S, full, threads, err, errlen);
    block *b = st == 0 ? malloc(MAX_BLOCKS * sizeof *b) : NULL;
    int n = b ? blocks_of(w, b, MAX_BLOCKS) : -1;
    if (st == 0 && n < 0) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    size_t expect = 0;
    for (int i = 0; st == 0 && i < n; i++)
        expect += b[i].bytes;
    if (st == 0 && expect != payload) {
        if (w->ot)   /* the layout of version 3 before the overtime was solved (half 3) */
            snprintf(err, errlen, "%s: a value file without the overtime's layers (written before the overtime "
                                  "was solved): solve the game again", path);
        else
            snprintf(err, errlen, "%s: corrupt value file (its size does not fit the ruleset)", path);
        st = -1;
    }
    size_t total = 0;
    uint64_t h = FNV0, stored = 0;
    for (int i = 0; st == 0 && i < n; i++) {
        total += b[i].bytes;
        if (fread(b[i].p, 1, b[i].bytes, f) != b[i].bytes)
            st = -2;
        else
            h = fnv(h, b[i].p, b[i].bytes);
    }
    if (st == 0 &&
        (total != payload || fread(&stored, sizeof stored, 1, f) != 1 || !CHECKSUM_OK(stored, h) || fgetc(f) != EOF))
        st = -2;
    if (st == -2)
        snprintf(err, errlen, "%s: corrupt value file (short, or its checksum does not match)", path);
#ifdef PB_FUZZ_NO_CHECKSUM   /* the play tables are the ruleset's, seconds to rebuild: the fuzzer stops here */
    if (st == 0 && snprintf(err, errlen, "%s: read (a fuzzing build)", path) > 0)
        st = -1;
#endif
    free(b);
    fclose(f);
    if (st == 0)
        st = pb_wp_tables_finish(w, err, errlen);
    for (int h = 1; st == 0 && full && h <= pb_wp_halves(w); h++)
        for (int L = 0; st == 0 && L <= pb_wp_top(w, h, w->E); L++) {   /* extra plays: L 1, 2 */
            if (L <= pb_wp_cards(w, h))
                st = pb_wp_layer_firsts(w, w->full[h][L]);
            for (int e = 1; st == 0 && L >= 1 && L <= 2 && e <= w->E; e++)
                st = pb_wp_layer_firsts(w, w->fullx[h][L][e]);
        }
    if (st != 0) {
        pb_wp_free(w);
        return -1;
    }
    /* the solve's figures as it reported them (the times and memory are the solve's, not kept) */
    w->stats.layers = figures.layers;
    w->stats.states = figures.states;
    w->stats.max_gap = figures.max_gap;
    w->stats.max_exploit = figures.max_exploit;
    w->stats.epsilon = figures.epsilon;
    w->stats.lead_cap = S;
    *out = w;
    return 0;
}
