/* solve/wp_file.c: writing and reading the game solver's value file (wp_file.h). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "textfile.h"
#include "wp_file.h"
#include "wp_file_internal.h"
#include "wp_internal.h"

#define MAGIC PB_WP_MAGIC
#define BINS 10   /* the 1st downs' half-widths: one per ten yards of togo */
#define HEADER_MAX PB_WP_HEADER_MAX

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
int pb_wp_kept_last(const pb_wp *w) { return w->keep_all ? 0 : w->keep_last; }

/* FNV-1a by 8-byte words (a block's checksum: 8 times fewer steps than by bytes), the tail by bytes. */
static uint64_t fnv_words(const void *p, size_t n)
{
    const unsigned char *c = p;
    uint64_t h = FNV0, x;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&x, c + i, 8);
        h = (h ^ x) * 1099511628211ull;
    }
    return fnv(h, c + i, n - i);
}

/* The payload as a list of blocks, the same order for writing and reading; each names what it
 * holds (G the whole game's, H a headline layer's, V a kept layer's) so that a reader can take
 * only the blocks a question needs. */
enum { B_SIZES, B_GAME, B_HEAD, B_LAYER, B_CELLS };
typedef struct {
    void *p;
    size_t bytes;
    int kind, h, L, e;
} block;

static int blocks_of(pb_wp *w, block *b, int max)
{
    int n = 0;
    size_t ns = (size_t)(2 * w->S + 1);
#define ADD(ptr, sz, k, hh, LL, ee)                                 \
    do {                                                            \
        if (n >= max)                                               \
            return -1;                                              \
        b[n++] = (block){(ptr), (sz), (k), (hh), (LL), (ee)};       \
    } while (0)
    ADD(w->cell_bytes, sizeof w->cell_bytes, B_SIZES, 0, 0, 0);   /* first: the cells' sizes (open_values) */
    ADD(w->h2_lo, ns * sizeof(double), B_GAME, 0, 0, 0);
    ADD(w->h2_hi, ns * sizeof(double), B_GAME, 0, 0, 0);
    ADD(w->reach, (size_t)w->F, B_GAME, 0, 0, 0);
    for (int h = pb_wp_halves(w); h >= 1; h--)
        for (int L = 0; L <= pb_wp_cards(w, h); L++) {
            pb_wp_head *hd = &w->head[h][L];
            size_t k = (size_t)pb_wp_nslices(w, h);
            ADD(hd->pmid, k * 100 * sizeof(float), B_HEAD, h, L, 0);
            ADD(hd->prad, k * BINS * sizeof(float), B_HEAD, h, L, 0);
            ADD(hd->klo, k * 2 * sizeof(double), B_HEAD, h, L, 0);
            ADD(hd->khi, k * 2 * sizeof(double), B_HEAD, h, L, 0);
            ADD(hd->tlo, k * sizeof(double), B_HEAD, h, L, 0);
            ADD(hd->thi, k * sizeof(double), B_HEAD, h, L, 0);
        }
    for (int h = pb_wp_halves(w); h >= 1; h--)   /* the extra plays' layers */
        for (int L = 1; L <= pb_wp_top(w, h, w->E) && L <= 2; L++)
            for (int e = 1; e <= w->E; e++) {
                pb_wp_head *hd = &w->headx[h][L][e];
                size_t k = (size_t)pb_wp_nslices(w, h);
                ADD(hd->pmid, k * 100 * sizeof(float), B_HEAD, h, L, e);
                ADD(hd->prad, k * BINS * sizeof(float), B_HEAD, h, L, e);
                ADD(hd->klo, k * 2 * sizeof(double), B_HEAD, h, L, e);
                ADD(hd->khi, k * 2 * sizeof(double), B_HEAD, h, L, e);
                ADD(hd->tlo, k * sizeof(double), B_HEAD, h, L, e);
                ADD(hd->thi, k * sizeof(double), B_HEAD, h, L, e);
            }
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        if (w->cell_bytes[t])
            ADD(w->cell_buf[t], (size_t)w->cell_bytes[t], B_CELLS, 0, t, 0);
    for (int h = pb_wp_halves(w); h >= 1; h--) {   /* the layers kept whole (pb_wp_keeps), if any */
        size_t k = (size_t)pb_wp_nslices(w, h);
        int P = pb_wp_cards(w, h);
        for (int L = 0; L <= P + 2 * w->E; L++) {
            int LL = L <= P ? L : 1 + (L - P - 1) / w->E, e = L <= P ? 0 : 1 + (L - P - 1) % w->E;
            if (!pb_wp_keeps(w, h, LL, e))
                continue;
            pb_wp_layer *l = e == 0 ? w->full[h][LL] : w->fullx[h][LL][e];
            if (!l)
                return -1;
            ADD(l->v, k * (size_t)w->F * sizeof(double), B_LAYER, h, LL, e);
            ADD(l->rad, k * 100 * sizeof(double), B_LAYER, h, LL, e);
            ADD(l->klo, k * 2 * sizeof(double), B_LAYER, h, LL, e);
            ADD(l->khi, k * 2 * sizeof(double), B_LAYER, h, LL, e);
            ADD(l->tlo, k * sizeof(double), B_LAYER, h, LL, e);
            ADD(l->thi, k * sizeof(double), B_LAYER, h, LL, e);
        }
    }
#undef ADD
    return n;
}

/* Two checksums that must agree (the fuzz build skips the test, so that the fuzzer reaches what
 * the checksums guard). */
static int sums_differ(uint64_t a, uint64_t b)
{
#ifdef PB_FUZZ_NO_CHECKSUM
    (void)a;
    (void)b;
    return 0;
#else
    return a != b;
#endif
}

/* The trailer's checksum: the header's bytes, then the blocks' own checksums and their count. */
static uint64_t trailer_sum(const char *head, size_t hlen, const uint64_t *sums, uint64_t n)
{
    uint64_t h = fnv(FNV0, head, hlen);
    h = fnv(h, sums, (size_t)n * sizeof *sums);
    return fnv(h, &n, sizeof n);
}

static int file_write(const pb_wp *w, const char *path, char *err, size_t errlen);

#define MAX_BLOCKS (8 + 6 * 3 * 80 + 6 * 3 * 2 * 8 + 100 + 6 * 3 * 100)

static int layer_wanted(const pb_wp_moment *m, int L, int e);
static int head_wanted(const pb_wp_moment *m, int L);

/* ---- the 1st downs' file form: a float midpoint each, a float half-width per ten yards ---- */

static pb_wp_head *head_of(pb_wp *w, int h, int L, int e) { return e == 0 ? &w->head[h][L] : &w->headx[h][L][e]; }

/* Every headline layer (h, L, e): calls f(w, h, L, e); 0, or the first -1. */
static int each_head(pb_wp *w, int (*f)(pb_wp *, int, int, int, const void *), const void *arg)
{
    for (int h = 1; h <= pb_wp_halves(w); h++)
        for (int L = 0; L <= pb_wp_top(w, h, w->E); L++)
            for (int e = 0; e <= (L >= 1 && L <= 2 ? w->E : 0); e++)
                if ((e > 0 || L <= pb_wp_cards(w, h)) && f(w, h, L, e, arg) != 0)
                    return -1;
    return 0;
}

static int packed_alloc(pb_wp *w, int h, int L, int e, const void *arg)
{
    (void)arg;
    pb_wp_head *hd = head_of(w, h, L, e);
    size_t k = (size_t)pb_wp_nslices(w, h);
    if (!hd->pmid)
        hd->pmid = malloc(k * 100 * sizeof(float));
    if (!hd->prad)
        hd->prad = malloc(k * BINS * sizeof(float));
    return hd->pmid && hd->prad ? 0 : -1;
}

static int packed_free(pb_wp *w, int h, int L, int e, const void *arg)
{
    (void)arg;
    pb_wp_head *hd = head_of(w, h, L, e);
    free(hd->pmid);
    free(hd->prad);
    hd->pmid = hd->prad = NULL;
    return 0;
}

/* [lo, hi] into a float midpoint and, per ten yards, a float half-width that covers every interval
 * of them (rounded up). */
static int pack(pb_wp *w, int h, int L, int e, const void *arg)
{
    (void)arg;
    pb_wp_head *hd = head_of(w, h, L, e);
    if (packed_alloc(w, h, L, e, NULL) != 0)
        return -1;
    for (int sl = 0; sl < hd->nslices; sl++) {
        double r[BINS] = {0};
        hd->pmid[sl * 100] = 0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            double lo = hd->first_lo[sl * 100 + t], hi = hd->first_hi[sl * 100 + t];
            float m = (float)(0.5 * (lo + hi));
            hd->pmid[sl * 100 + t] = m;
            double d = fmax(hi - (double)m, (double)m - lo) * (1 + 4 * PB_DRIVE_U);
            r[(t - 1) / 10] = fmax(r[(t - 1) / 10], d);
        }
        for (int k = 0; k < BINS; k++)
            hd->prad[sl * BINS + k] = nextafterf((float)r[k], INFINITY);
    }
    return 0;
}

/* The 1st downs back as float intervals, rounded outward; -1 when a value is not a number in range. */
static int unpack(pb_wp *w, int h, int L, int e, const void *arg)
{
    const pb_wp_moment *m = arg;
    if (m && !(h == m->half && (layer_wanted(m, L, e) || head_wanted(m, L))))
        return 0;
    pb_wp_head *hd = head_of(w, h, L, e);
    for (int sl = 0; sl < hd->nslices; sl++) {
        hd->first_lo[sl * 100] = hd->first_hi[sl * 100] = 0;
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            double c = hd->pmid[sl * 100 + t], r = hd->prad[sl * BINS + (t - 1) / 10];
            if (!(c >= -1 && c <= 2 && r >= 0 && r <= 1))
                return -1;
            hd->first_lo[sl * 100 + t] = pb_wp_float_below(c - r);
            hd->first_hi[sl * 100 + t] = pb_wp_float_above(c + r);
        }
    }
    return 0;
}

/* The play cells into w->cell_buf (every togo's, when the tables are all built and the policies
 * decide inside plays: the decision points of in-play by value are not kept), or none. */
static int cells_out(pb_wp *w)
{
    memset(w->cell_bytes, 0, sizeof w->cell_bytes);
    if (w->tables_togo != 0 || w->node || !w->cell)
        return 0;
    /* only where the values outweigh them (the default game: 28 MB of cells to some 70 MB of values;
       a small game's headline is a few MB, and its answers reach few togos) */
    double cells = 0, values = 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        cells += (double)pb_wp_cells_bytes(w, t);
    for (int h = 1; h <= pb_wp_halves(w); h++) {
        int layers = pb_wp_cards(w, h) + 1 + 2 * w->E;
        values += (double)layers * pb_wp_nslices(w, h) * (100 + BINS + 12) * 4.0;
        if (w->keep_all)
            values += (double)layers * pb_wp_nslices(w, h) * w->F * 8.0;
    }
    if (cells > values)
        return 0;
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        w->cell_bytes[t] = pb_wp_cells_bytes(w, t);
        if (!(w->cell_buf[t] = malloc((size_t)w->cell_bytes[t])))
            return -1;
        pb_wp_cells_write(w, t, w->cell_buf[t]);
    }
    return 0;
}

static void cells_free(pb_wp *w)
{
    for (int t = 0; t <= PB_DRIVE_TOGO; t++) {
        free(w->cell_buf[t]);
        w->cell_buf[t] = NULL;
    }
}

int pb_wp_file_write(const pb_wp *cw, const char *path, char *err, size_t errlen)
{
    pb_wp *w = (pb_wp *)cw;   /* (the cells' bytes and the packed 1st downs, for the time of the write) */
    if (cells_out(w) != 0 || each_head(w, pack, NULL) != 0) {
        cells_free(w);
        each_head(w, packed_free, NULL);
        memset(w->cell_bytes, 0, sizeof w->cell_bytes);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = file_write(w, path, err, errlen);
    cells_free(w);
    each_head(w, packed_free, NULL);
    memset(w->cell_bytes, 0, sizeof w->cell_bytes);
    return rc;
}

static int file_write(const pb_wp *w, const char *path, char *err, size_t errlen)
{
    block *b = malloc(MAX_BLOCKS * sizeof *b);
    uint64_t *sums = malloc((MAX_BLOCKS + 2) * sizeof *sums);
    int n = b && sums ? blocks_of((pb_wp *)w, b, MAX_BLOCKS) : -1;
    char fp[512], head[HEADER_MAX];
    pb_wp_fields x = {w->S, w->T, w->E, w->P, w->downs, w->keep_all, w->keep_last, w->stats.layers, w->stats.states,
                      w->stats.max_gap, w->stats.max_exploit, w->stats.epsilon, 0};
    for (int i = 0; i < n; i++) {
        x.payload += b[i].bytes;
        sums[i] = fnv_words(b[i].p, b[i].bytes);
    }
    int hlen = n >= 0 && pb_wp_file_fingerprint(w->rs, &w->pol, fp, sizeof fp) == 0
                   ? pb_wp_header_text(fp, &x, head, sizeof head)
                   : -1;
    if (hlen < 0) {
        free(b);
        free(sums);
        snprintf(err, errlen, "internal error: the value file's layout");
        return -1;
    }
    sums[n] = (uint64_t)n;
    sums[n + 1] = trailer_sum(head, (size_t)hlen, sums, (uint64_t)n);
    pb_outfile out;
    if (pb_outfile_open(&out, path, err, errlen) != 0) {
        free(b);
        free(sums);
        return -1;
    }
    int ok = fwrite(head, 1, (size_t)hlen, out.f) == (size_t)hlen;
    for (int i = 0; ok && i < n; i++)
        ok = fwrite(b[i].p, 1, b[i].bytes, out.f) == b[i].bytes;
    ok = ok && fwrite(sums, sizeof *sums, (size_t)n + 2, out.f) == (size_t)n + 2;
    free(b);
    free(sums);
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        pb_outfile_abort(&out);
        return -1;
    }
    return pb_outfile_commit(&out, err, errlen);
}

static int fail(FILE *f, char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "%s: %s", path, why);
    if (f)
        fclose(f);
    return -1;
}

/* A value file opened: its header and trailer checked, the pb_wp allocated, no block read yet. */
typedef struct {
    FILE *f;
    const char *path;
    pb_wp *w;
    pb_wp_fields x;
    long hlen;
    uint64_t nb, *sums;
    block *b;
    int n;
} opened;

static void close_values(opened *o, int keep_w)
{
    if (o->f)
        fclose(o->f);
    free(o->sums);
    free(o->b);
    if (!keep_w)
        pb_wp_free(o->w);
    memset(o, 0, sizeof *o);
}

static int open_values(opened *o, const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap,
                       int threads, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    FILE *f = pb_open_regular(path, err, errlen);   /* never a FIFO's blocking read */
    if (!f)
        return -1;
    char head[HEADER_MAX], want[512], why[256];
    long hlen = pb_wp_header_read(f, head);
    size_t m = strcspn(head, "\n");
    if (strncmp(head, MAGIC, 5) != 0)
        return fail(f, err, errlen, path, "not a paperbowl value file (written by 'paperbowl solve game')");
    if (m > 0 && head[m - 1] == '\r')
        return fail(f, err, errlen, path, "its line ends were converted to CR LF (a value file is binary: copy it "
                                          "unchanged, e.g. as a binary file in git)");
    if (head[m] != '\n')  /* the file ends inside its first line: "PBWP 5" alone is no version */
        return fail(f, err, errlen, path, "cut short: it ends inside its first line (a value file written whole "
                                          "starts with a full header): solve the game again");
    if (strncmp(head, MAGIC, m + 1) != 0 || m + 1 != strlen(MAGIC)) {
        snprintf(why, sizeof why, "a value file of another version (%.*s; this one reads %.*s): solve the game again",
                 (int)(m < 16 ? m : 16), head, (int)strlen(MAGIC) - 1, MAGIC);
        return fail(f, err, errlen, path, why);
    }
    /* the trailer: the blocks' checksums, their count, the checksum of the header and of those */
    uint64_t tail[2];
    off_t size = fseeko(f, 0, SEEK_END) == 0 ? ftello(f) : -1;
    if (hlen < 0 || size < hlen + 16 || fseeko(f, size - 16, SEEK_SET) != 0 || fread(tail, 8, 2, f) != 2 ||
        tail[0] > MAX_BLOCKS || (off_t)(16 + 8 * tail[0]) > size - hlen)
        return fail(f, err, errlen, path, "corrupt value file (short, or a bad header)");
    uint64_t nb = tail[0];
    uint64_t *sums = malloc((size_t)(nb + 1) * sizeof *sums);
    if (!sums)
        return fail(f, err, errlen, path, "out of memory");
    if (fseeko(f, size - 16 - (off_t)(8 * nb), SEEK_SET) != 0 || fread(sums, 8, (size_t)nb, f) != nb ||
        sums_differ(trailer_sum(head, (size_t)hlen, sums, nb), tail[1])) {
        free(sums);
        return fail(f, err, errlen, path, "corrupt value file (its checksum does not match)");
    }
    /* the header, strictly: every field in its range and written as the writer writes it */
    const char *p = head;
    for (int i = 0; p && i < 4; i++)   /* the magic and the fingerprint's 3 lines */
        if ((p = strchr(p, '\n')) != NULL)
            p++;
    if (!p) {
        free(sums);
        return fail(f, err, errlen, path, "corrupt value file (a bad header: ruleset)");
    }
    pb_wp_fields x;
    const char *bad = NULL;
    char canon[HEADER_MAX], fp[512];
    snprintf(fp, sizeof fp, "%.*s", (int)(p - head - strlen(MAGIC)), head + strlen(MAGIC));
    if (pb_wp_header_parse(p, &x, &bad) != 0 || pb_wp_header_text(fp, &x, canon, sizeof canon) != hlen ||
        memcmp(canon, head, (size_t)hlen) != 0) {
        free(sums);
        snprintf(why, sizeof why, "corrupt value file (a bad header: %s)", bad ? bad : "not as written");
        return fail(f, err, errlen, path, why);
    }
    if (pb_wp_file_fingerprint(rules, pol, want, sizeof want) != 0 || strcmp(want, fp) != 0) {
        free(sums);
        return fail(f, err, errlen, path, "stale value file: it was solved for another ruleset, switches or "
                                          "policies (solve again with 'paperbowl solve game')");
    }
    if (lead_cap > 0 && lead_cap != x.S) {
        free(sums);
        snprintf(why, sizeof why, "the file was solved with --lead-cap %d, not %d", x.S, lead_cap);
        return fail(f, err, errlen, path, why);
    }
    if (x.T != rules->sw.timeouts || x.P != 2 * rules->plays_per_quarter || x.downs != rules->downs) {
        free(sums);
        return fail(f, err, errlen, path, "corrupt value file (its geometry does not fit the ruleset)");
    }
    /* the play cells' sizes: the payload's first block, before the layout is known */
    uint64_t cb[PB_DRIVE_TOGO + 1];
    if (nb < 1 || fseeko(f, hlen, SEEK_SET) != 0 || fread(cb, sizeof cb, 1, f) != 1 ||
        sums_differ(fnv_words(cb, sizeof cb), sums[0])) {
        free(sums);
        return fail(f, err, errlen, path, "corrupt value file (short, or its checksum does not match)");
    }
    for (int t = 0; t <= PB_DRIVE_TOGO; t++)
        if (cb[t] > ((uint64_t)1 << 26) || (t == 0 && cb[t] != 0) || (t > 0 && (cb[t] == 0) != (cb[1] == 0))) {
            free(sums);
            return fail(f, err, errlen, path, "corrupt value file (its play cells' sizes)");
        }
    o->f = f;
    o->sums = sums;
    o->nb = nb;
    o->x = x;
    o->hlen = hlen;
    if (x.last > x.P) {
        free(sums);
        return fail(f, err, errlen, path, "corrupt value file (a bad header: full)");
    }
    int st = pb_wp_alloc_for_file(&o->w, rules, pol, x.S, x.full, x.last, threads, err, errlen);
    pb_wp *w = o->w;
    if (st == 0) {
        memcpy(w->cell_bytes, cb, sizeof cb);
        for (int t = 1; t <= PB_DRIVE_TOGO && st == 0; t++)
            if (cb[t] && !(w->cell_buf[t] = malloc((size_t)cb[t]))) {
                snprintf(err, errlen, "out of memory");
                st = -1;
            }
    }
    if (st == 0 && x.E != w->E) {
        snprintf(err, errlen, "%s: corrupt value file (extras %d: the ruleset allows %d)", path, x.E, w->E);
        st = -1;
    }
    if (st == 0 && each_head(w, packed_alloc, NULL) != 0) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    if (st == 0 && !(w->reach = malloc((size_t)w->F))) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    o->b = st == 0 ? malloc(MAX_BLOCKS * sizeof *o->b) : NULL;
    o->n = o->b ? blocks_of(w, o->b, MAX_BLOCKS) : -1;
    if (st == 0 && o->n < 0) {
        snprintf(err, errlen, "out of memory");
        st = -1;
    }
    size_t expect = 0;
    for (int i = 0; st == 0 && i < o->n; i++)
        expect += o->b[i].bytes;
    if (st == 0 && (expect != x.payload || (uint64_t)o->n != nb)) {
        if (w->ot)   /* a layout before the overtime was solved (half 3) */
            snprintf(err, errlen, "%s: a value file without the overtime's layers (written before the overtime "
                                  "was solved): solve the game again", path);
        else
            snprintf(err, errlen, "%s: corrupt value file (its size does not fit the ruleset)", path);
        st = -1;
    }
    if (st == 0 && size != (off_t)((size_t)hlen + x.payload + 8 * nb + 16)) {
        snprintf(err, errlen, "%s: corrupt value file (its length does not fit its header)", path);
        st = -1;
    }
    if (st != 0)
        close_values(o, 0);
    return st;
}

int pb_wp_file_as_read(pb_wp *w)
{
    int st = each_head(w, pack, NULL) == 0 && each_head(w, unpack, NULL) == 0 ? 0 : -1;
    each_head(w, packed_free, NULL);
    for (int h = 1; st == 0 && h <= pb_wp_halves(w); h++)   /* the kept layers' first downs, as read */
        for (int L = 0; st == 0 && L <= pb_wp_top(w, h, w->E); L++) {
            if (L <= pb_wp_cards(w, h) && w->full[h][L])
                st = pb_wp_layer_firsts(w, w->full[h][L]);
            for (int e = 1; st == 0 && L >= 1 && L <= 2 && e <= w->E; e++)
                if (w->fullx[h][L][e])
                    st = pb_wp_layer_firsts(w, w->fullx[h][L][e]);
        }
    return st;
}

int pb_wp_file_kept(const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap, int *keep_all,
                    int *keep_last, char *err, size_t errlen)
{
    opened o;
    if (open_values(&o, path, rules, pol, lead_cap, 1, err, errlen) != 0)
        return -1;
    *keep_all = o.x.full;
    *keep_last = o.x.full ? 0 : o.x.last;
    close_values(&o, 0);
    return 0;
}

/* The blocks `want` accepts (NULL: every one), each checked against its checksum. */
static int read_blocks(opened *o, int (*want)(const block *, const void *), const void *arg, char *err,
                       size_t errlen)
{
    off_t at = o->hlen;
    int st = 0;
    for (int i = 0; st == 0 && i < o->n; i++) {
        block *b = &o->b[i];
        if (!want || want(b, arg))
            if (fseeko(o->f, at, SEEK_SET) != 0 || fread(b->p, 1, b->bytes, o->f) != b->bytes ||
                sums_differ(fnv_words(b->p, b->bytes), o->sums[i]))
                st = -1;
        at += (off_t)b->bytes;
    }
    if (st != 0)
        snprintf(err, errlen, "%s: corrupt value file (short, or its checksum does not match)", o->path);
    return st;
}

static int not_cells(const block *b, const void *arg)
{
    (void)arg;
    return b->kind != B_CELLS;
}

/* The play cells read (every togo's) into the tables, each togo marked built. 0, or -1. */
static int cells_in(pb_wp *w)
{
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        if (pb_wp_cells_read(w, t, w->cell_buf[t], (size_t)w->cell_bytes[t]) != 0)
            return -1;
        atomic_store(&w->togo_built[t], 1);
        free(w->cell_buf[t]);
        w->cell_buf[t] = NULL;
    }
    return 0;
}

/* The solve's figures as it reported them (the times and memory are the solve's, not kept). */
static void figures(pb_wp *w, const pb_wp_fields *x)
{
    w->stats.layers = x->layers;
    w->stats.states = x->states;
    w->stats.max_gap = x->max_gap;
    w->stats.max_exploit = x->max_exploit;
    w->stats.epsilon = x->epsilon;
    w->stats.lead_cap = x->S;
}

int pb_wp_file_read(pb_wp **out, const char *path, const pb_ruleset *rules, const pb_policies *pol, int lead_cap,
                    int threads, char *err, size_t errlen)
{
    *out = NULL;
    opened o;
    if (open_values(&o, path, rules, pol, lead_cap, threads, err, errlen) != 0)
        return -1;
    pb_wp *w = o.w;
    int st = read_blocks(&o, not_cells, NULL, err, errlen);   /* (the tables are built: every togo's) */
#ifdef PB_FUZZ_NO_CHECKSUM   /* the play tables are the ruleset's, seconds to rebuild: the fuzzer stops here */
    if (st == 0 && snprintf(err, errlen, "%s: read (a fuzzing build)", path) > 0)
        st = -1;
#endif
    if (st == 0 && each_head(w, unpack, NULL) != 0) {
        snprintf(err, errlen, "%s: corrupt value file (a 1st down out of range)", path);
        st = -1;
    }
    each_head(w, packed_free, NULL);
    unsigned char *kept = w->reach;   /* the reachable states: built again from the tables, and compared */
    w->reach = NULL;
    if (st == 0)
        st = pb_wp_tables_finish(w, err, errlen);
    if (st == 0 && memcmp(kept, w->reach, (size_t)w->F) != 0) {
        snprintf(err, errlen, "%s: stale value file: its reachable states are not the ruleset's (solve the game "
                              "again)", path);
        st = -1;
    }
    free(kept);
    for (int h = 1; st == 0 && h <= pb_wp_halves(w); h++)
        for (int L = 0; st == 0 && L <= pb_wp_top(w, h, w->E); L++) {   /* extra plays: L 1, 2 */
            if (L <= pb_wp_cards(w, h) && w->full[h][L])
                st = pb_wp_layer_firsts(w, w->full[h][L]);
            for (int e = 1; st == 0 && L >= 1 && L <= 2 && e <= w->E; e++)
                if (w->fullx[h][L][e])
                    st = pb_wp_layer_firsts(w, w->fullx[h][L][e]);
        }
    if (st != 0) {
        close_values(&o, 0);
        return -1;
    }
    cells_free(w);
    memset(w->cell_bytes, 0, sizeof w->cell_bytes);
    figures(w, &o.x);
    close_values(&o, 1);
    *out = w;
    return 0;
}

/* The layers a moment's answer reads (pb_wp_value_at, pb_wp_detail_at): its own (h, L, e) and its
 * natural (h, L, 0), the one below, the extra play's above the last card (the whole game's blocks
 * are read too). */
static int layer_wanted(const pb_wp_moment *m, int L, int e)
{
    int below = m->left - 1, ebelow = m->left == 2 ? m->extras : 0;
    return (L == m->left && e == m->extras) || (L == m->left && e == 0) || (L == below && e == ebelow) ||
           (L == below && e == 0) || (m->left == 1 && L == 2 && e == m->extras + 1);
}

/* The headline layers a snap not kept is recomputed from (wp_moment.c): its own and
 * PB_WP_RECOMPUTE_DEPTH below. */
static int head_wanted(const pb_wp_moment *m, int L)
{
    return m->kind == PB_WP_SNAP && L <= m->left && L >= m->left - PB_WP_RECOMPUTE_DEPTH;
}

static int moment_wants(const block *b, const void *arg)
{
    const pb_wp_moment *m = arg;
    if (b->kind == B_GAME || b->kind == B_SIZES || b->kind == B_CELLS)
        return 1;
    return b->h == m->half && (layer_wanted(m, b->L, b->e) || (b->kind == B_HEAD && head_wanted(m, b->L)));
}

int pb_wp_file_read_moment(pb_wp **out, const char *path, const pb_ruleset *rules, const pb_policies *pol,
                           int lead_cap, const pb_wp_moment *m, char *err, size_t errlen)
{
    *out = NULL;
    opened o;
    if (open_values(&o, path, rules, pol, lead_cap, 1, err, errlen) != 0)
        return -1;
    pb_wp *w = o.w;
    int cells = w->cell_bytes[1] != 0;   /* the play cells are in the file: no play is enumerated */
    w->tables_togo = !cells && m->kind == PB_WP_SNAP && m->togo >= 1 && m->togo <= PB_DRIVE_TOGO ? m->togo : -1;
    int st = read_blocks(&o, moment_wants, m, err, errlen);
    if (st == 0)
        st = pb_wp_tables_finish(w, err, errlen);
    if (st == 0 && each_head(w, unpack, m) != 0) {
        snprintf(err, errlen, "%s: corrupt value file (a 1st down out of range)", path);
        st = -1;
    }
    each_head(w, packed_free, NULL);
    if (st == 0 && cells && cells_in(w) != 0) {
        snprintf(err, errlen, "%s: corrupt value file (its play cells)", path);
        st = -1;
    }
    w->eps = o.x.epsilon;   /* the solve's (its tables were every togo's) */
    for (int h = 1; st == 0 && h <= pb_wp_halves(w); h++)
        for (int L = 0; st == 0 && L <= pb_wp_top(w, h, w->E); L++)
            for (int e = 0; st == 0 && e <= (L >= 1 && L <= 2 ? w->E : 0); e++) {
                pb_wp_layer *l = e == 0 ? (L <= pb_wp_cards(w, h) ? w->full[h][L] : NULL) : w->fullx[h][L][e];
                if (l && h == m->half && layer_wanted(m, L, e))
                    st = pb_wp_layer_firsts(w, l);
            }
    if (st != 0) {
        close_values(&o, 0);
        return -1;
    }
    figures(w, &o.x);
    close_values(&o, 1);
    *out = w;
    return 0;
}
