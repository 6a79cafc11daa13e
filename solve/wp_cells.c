/* solve/wp_cells.c: the game solver's play cells of one togo as bytes, for the value file (wp_file.c):
 * an answer read from the file takes the cells from it instead of enumerating the plays again
 * (some 20 ms of both cores per togo: most of a recomputed moment's time, wp_moment.c).
 *
 * Togo t's bytes: for each (offense, defense, variant, group) in that order, five int32 (gmin,
 * ng, nto, npen, nterms), three doubles (p_td, p_safety, p_ttd), then the cell's arrays as
 * pb_drive_cell_from_dist lays them in one block: pg[ng], to_p[nto], pen_p[npen] (doubles),
 * to_t[nto], pen_m[npen] (int32), pen_def[npen] (bytes), and one byte. This machine's byte order,
 * as the rest of the file; the file's checksums guard the bytes, and the reader checks every
 * count and yardage against the field before it takes a cell. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wp_internal.h"

#define HEAD_BYTES (5 * sizeof(int32_t) + 3 * sizeof(double))

size_t pb_wp_cells_bytes(const pb_wp *w, int t)
{
    size_t n = 0;
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            for (int v = 0; v < PB_WP_VARIANTS; v++)
                for (int g = 0; g < PB_WP_GROUPS; g++) {
                    const pb_drive_cell *c = &w->cell[t][o][j][v][g];
                    n += HEAD_BYTES + pb_drive_cell_block_bytes(c->ng, c->nto, c->npen);
                }
    return n;
}

void pb_wp_cells_write(const pb_wp *w, int t, unsigned char *buf)
{
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            for (int v = 0; v < PB_WP_VARIANTS; v++)
                for (int g = 0; g < PB_WP_GROUPS; g++) {
                    const pb_drive_cell *c = &w->cell[t][o][j][v][g];
                    int32_t h[5] = {c->gmin, c->ng, c->nto, c->npen, c->nterms};
                    double p[3] = {c->p_td, c->p_safety, c->p_ttd};
                    memcpy(buf, h, sizeof h);
                    memcpy(buf + sizeof h, p, sizeof p);
                    buf += HEAD_BYTES;
                    size_t k = pb_drive_cell_block_bytes(c->ng, c->nto, c->npen);
                    if (c->block)
                        memcpy(buf, c->block, k);
                    else
                        memset(buf, 0, k);
                    buf += k;
                }
}

static int prob_ok(double p) { return p >= 0 && p <= 1; }

int pb_wp_cells_read(pb_wp *w, int t, const unsigned char *buf, size_t n)
{
    const unsigned char *end = buf + n;
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++)
            for (int v = 0; v < PB_WP_VARIANTS; v++)
                for (int g = 0; g < PB_WP_GROUPS; g++) {
                    pb_drive_cell *c = &w->cell[t][o][j][v][g];
                    int32_t h[5];
                    double p[3];
                    if ((size_t)(end - buf) < HEAD_BYTES)
                        return -1;
                    memcpy(h, buf, sizeof h);
                    memcpy(p, buf + sizeof h, sizeof p);
                    buf += HEAD_BYTES;
                    int ng = h[1], nto = h[2], npen = h[3];
                    if (ng < 0 || ng > PB_DRIVE_TOGO || nto < 0 || nto > PB_DRIVE_TOGO || npen < 0 || npen > 2 * 100 ||
                        h[4] < 0 || (ng > 0 && (h[0] < t - PB_DRIVE_TOGO || h[0] + ng - 1 > t - 1)) ||
                        !prob_ok(p[0]) || !prob_ok(p[1]) || !prob_ok(p[2]))
                        return -1;
                    size_t k = pb_drive_cell_block_bytes(ng, nto, npen);
                    if ((size_t)(end - buf) < k)
                        return -1;
                    char *b = malloc(k);
                    if (!b)
                        return -1;
                    memcpy(b, buf, k);
                    buf += k;
                    pb_drive_cell_release(c);
                    pb_drive_cell_layout(c, b, ng, nto, npen);
                    c->gmin = h[0];
                    c->nto = nto;
                    c->npen = npen;
                    c->nterms = h[4];
                    c->p_td = p[0];
                    c->p_safety = p[1];
                    c->p_ttd = p[2];
                    for (int i = 0; i < ng; i++)
                        if (!prob_ok(c->pg[i]))
                            return -1;
                    for (int i = 0; i < nto; i++)
                        if (!prob_ok(c->to_p[i]) || c->to_t[i] < 1 || c->to_t[i] > PB_DRIVE_TOGO)
                            return -1;
                    for (int i = 0; i < npen; i++)
                        if (!prob_ok(c->pen_p[i]) || t - c->pen_m[i] < 1 || t - c->pen_m[i] > PB_DRIVE_TOGO ||
                            c->pen_def[i] > 1)
                            return -1;
                }
    return buf == end ? 0 : -1;
}
