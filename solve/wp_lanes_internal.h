/* solve/wp_lanes_internal.h: a batch's lane-by-lane helpers in phase A (wp_snaps.c): the entries'
 * radii, the pure strategies' values, the widened entries and the first-guess supports. Written
 * once for two ways of holding a batch's PB_WP_LANES lanes: WL_PARTS parts of WL_VEC each.
 * wp_snaps.c includes it twice: the lanes whole (one 8-wide part, the machines with AVX-512) and
 * as two 4-wide halves (the others, where GCC keeps an 8-wide vector in memory and moves it piece
 * by piece, its masks through the integer registers). Each lane does the same operations in the
 * same order either way, so both give the same bits.
 *
 * Defined by the includer: WL_VEC (a part's vector type), WL_MASK (its comparisons' type,
 * may_alias), WL_PARTS (PB_WP_LANES over WL_VEC's lanes) and WL(name) (the names' suffix);
 * undefined again at the end, so the next include defines them anew. */

#define WL_P(v, h) (((const WL_VEC *)&(v))[h])
#define WL_W(v, h) (((WL_VEC *)&(v))[h])

/* Lane by lane min, max and |x| of one part into *r (exact; no NaN or -0 among the entries, and
 * the sign of a -0 aside, which no comparison below sees; pointers, not vector arguments: the
 * ABI). */
static inline __attribute__((always_inline)) void WL(vmin)(WL_VEC *r, const WL_VEC *a, const WL_VEC *b)
{
    WL_VEC t;   /* lane by lane: GCC makes the loop one minpd, which is this comparison exactly */
    for (int i = 0; i < (int)(sizeof t / sizeof t[0]); i++)
        t[i] = (*a)[i] < (*b)[i] ? (*a)[i] : (*b)[i];
    *r = t;
}
static inline __attribute__((always_inline)) void WL(vmax)(WL_VEC *r, const WL_VEC *a, const WL_VEC *b)
{
    WL_VEC t;
    for (int i = 0; i < (int)(sizeof t / sizeof t[0]); i++)
        t[i] = (*a)[i] > (*b)[i] ? (*a)[i] : (*b)[i];
    *r = t;
}
static inline __attribute__((always_inline)) void WL(vabs)(WL_VEC *r, const WL_VEC *a)
{
    WL_MASK m = *a < 0;
    WL_VEC n = -*a;
    *r = (WL_VEC)((m & (WL_MASK)n) | (~m & (WL_MASK)*a));
}

/* The same for all the lanes, part by part. */
static inline __attribute__((always_inline)) void WL(lanes_min)(wp_lanes *r, const wp_lanes *a, const wp_lanes *b)
{
    for (int h = 0; h < WL_PARTS; h++)
        WL(vmin)(&WL_W(*r, h), &WL_P(*a, h), &WL_P(*b, h));
}
static inline __attribute__((always_inline)) void WL(lanes_max)(wp_lanes *r, const wp_lanes *a, const wp_lanes *b)
{
    for (int h = 0; h < WL_PARTS; h++)
        WL(vmax)(&WL_W(*r, h), &WL_P(*a, h), &WL_P(*b, h));
}

/* cell_radius for every lane and the 15 cells of a togo at once, not the last down (r0) and the
 * last (r1) in one pass, each cell's terms in the same order as cell_radius, so each lane has the
 * bits cell_radius gives. The cells' sums side by side, so that each term does not wait on the last one of
 * its own sum (one cell's two sums alone ran at the latency of an add). A gain m leads to the same
 * togo in every cell, so its half-widths are loaded once for the 15. */
static inline __attribute__((always_inline)) void WL(cell_radius_all)(const pb_drive_cell *const *cell, int t,
                                                                      const rad_lanes *x, wp_lanes *r0, wp_lanes *r1)
{
    int mlo = 1 << 20, mhi = -(1 << 20), npen = 0, nto = 0;
    for (int c = 0; c < 15; c++) {
        if (cell[c]->ng > 0) {
            mlo = cell[c]->gmin < mlo ? cell[c]->gmin : mlo;
            mhi = cell[c]->gmin + cell[c]->ng - 1 > mhi ? cell[c]->gmin + cell[c]->ng - 1 : mhi;
        }
        npen = cell[c]->npen > npen ? cell[c]->npen : npen;
        nto = cell[c]->nto > nto ? cell[c]->nto : nto;
    }
    for (int h = 0; h < WL_PARTS; h++) {
        WL_VEC s0[15], s1[15];
#pragma GCC unroll 15
        for (int c = 0; c < 15; c++)
            s0[c] = s1[c] = (WL_VEC){0};
        for (int m = mlo; m <= mhi; m++) {
            int to = on_field(t - m);
            WL_VEC o = WL_P(x->own[to], h), l = WL_P(x->last[to], h);
#pragma GCC unroll 15
            for (int c = 0; c < 15; c++) {
                int k = m - cell[c]->gmin;
                if (k >= 0 && k < cell[c]->ng) {
                    s0[c] += cell[c]->pg[k] * o;
                    s1[c] += cell[c]->pg[k] * l;
                }
            }
        }
        for (int k = 0; k < npen; k++)
#pragma GCC unroll 15
            for (int c = 0; c < 15; c++)
                if (k < cell[c]->npen) {
                    WL_VEC v = cell[c]->pen_p[k] * WL_P(x->own[on_field(t - cell[c]->pen_m[k])], h);
                    s0[c] += v;
                    s1[c] += v;
                }
        for (int k = 0; k < nto; k++)
#pragma GCC unroll 15
            for (int c = 0; c < 15; c++)
                if (k < cell[c]->nto) {
                    WL_VEC v = cell[c]->to_p[k] * WL_P(x->opp[on_field(cell[c]->to_t[k])], h);
                    s0[c] += v;
                    s1[c] += v;
                }
#pragma GCC unroll 15
        for (int c = 0; c < 15; c++) {
            const pb_drive_cell *e = cell[c];
            WL_W(r0[c], h) = s0[c] + e->p_td * WL_P(x->r[0], h) + e->p_safety * WL_P(x->r[1], h) + e->p_ttd * WL_P(x->r[2], h);
            WL_W(r1[c], h) = s1[c] + e->p_td * WL_P(x->r[0], h) + e->p_safety * WL_P(x->r[1], h) + e->p_ttd * WL_P(x->r[2], h);
        }
    }
}

/* The bound of the decision points of the 15 cells at togo t, not the last down (R[c][0]) and the
 * last (R[c][1]), lane by lane, from their shared plan: each distinct alternative's outcomes times
 * the half-widths of where they lead (as cell_radius), each point's widest alternative, times its
 * probability in each cell (pb_wp_nodes_radius's sum, point by point). ar: scratch of 2 x
 * pl->nalt. */
static inline __attribute__((always_inline)) void WL(plan_radius_lanes)(const pb_wp_nplan *pl, int t,
                                                                        const rad_lanes *rl, wp_lanes *ar,
                                                                        wp_lanes R[15][2])
{
    for (int h = 0; h < WL_PARTS; h++) {
        for (int a = 0; a < pl->nalt; a++) {
            WL_VEC s0 = {0}, s1 = {0};
            for (int q = pl->alt_first[a]; q < pl->alt_first[a + 1]; q++) {
                const pb_wp_out *o = &pl->out[q];
                const rad_lanes *x = &rl[o->group];
                switch (o->kind) {
                case PB_WP_O_GAIN: {
                    int to = on_field(t - o->m);
                    s0 += o->p * WL_P(x->own[to], h);
                    s1 += o->p * WL_P(x->last[to], h);
                    continue;
                }
                case PB_WP_O_PEN:
                case PB_WP_O_PEN_DEF: {
                    WL_VEC v = o->p * WL_P(x->own[on_field(t - o->m)], h);
                    s0 += v;
                    s1 += v;
                    continue;
                }
                default: {
                    const wp_lanes *r = o->kind == PB_WP_O_TD    ? &x->r[0]
                                        : o->kind == PB_WP_O_SF  ? &x->r[1]
                                        : o->kind == PB_WP_O_TTD ? &x->r[2]
                                                                 : &x->opp[on_field(o->m)];
                    WL_VEC v = o->p * WL_P(*r, h);
                    s0 += v;
                    s1 += v;
                }
                }
            }
            WL_W(ar[2 * a], h) = s0;
            WL_W(ar[2 * a + 1], h) = s1;
        }
        for (int c = 0; c < 15; c++)
            WL_W(R[c][0], h) = WL_W(R[c][1], h) = (WL_VEC){0};
        for (int i = 0; i < pl->nnode; i++) {
            const int *al = pl->node_alt + (size_t)i * PB_NODE_ALTS;
            WL_VEC wd0 = {0}, wd1 = {0};
            for (int k = 0; k < pl->node_n[i]; k++) {
                WL(vmax)(&wd0, &wd0, &WL_P(ar[2 * al[k]], h));
                WL(vmax)(&wd1, &wd1, &WL_P(ar[2 * al[k] + 1], h));
            }
            for (int z = pl->wnz_first[i]; z < pl->wnz_first[i + 1]; z++) {
                WL_W(R[pl->wnz_cell[z]][0], h) += pl->wnz_w[z] * wd0;
                WL_W(R[pl->wnz_cell[z]][1], h) += pl->wnz_w[z] * wd1;
            }
        }
    }
}

/* The pure strategies' values of the 8 lanes' games: maximin (the best row's worst column) and
 * minimax. A lane where they are equal has a saddle point: the pure pair is an equilibrium, its
 * interval [maximin - R, minimax + R] the one solve_state would give (exploitability 0), and no
 * game is solved (about half of the snaps). */
static inline __attribute__((always_inline)) void WL(pure_values)(const wp_lanes *e, wp_lanes *maximin,
                                                                  wp_lanes *minimax)
{
    wp_lanes r[3], c[5];
    for (int i = 0; i < 3; i++) {
        r[i] = e[5 * i];
        for (int j = 1; j < 5; j++)
            WL(lanes_min)(&r[i], &r[i], &e[5 * i + j]);
    }
    WL(lanes_max)(maximin, &r[0], &r[1]);
    WL(lanes_max)(maximin, maximin, &r[2]);
    for (int j = 0; j < 5; j++) {
        WL(lanes_max)(&c[j], &e[j], &e[5 + j]);
        WL(lanes_max)(&c[j], &c[j], &e[10 + j]);
    }
    *minimax = c[0];
    for (int j = 1; j < 5; j++)
        WL(lanes_min)(minimax, minimax, &c[j]);
}

/* em = e - rc and ep = e + rc, entry by entry: each row's worst entry at its lowest, each
 * column's best at its highest (the pure strategies' bounds, run_batch). */
static inline __attribute__((always_inline)) void WL(widen)(const wp_lanes *e, const wp_lanes *rc, wp_lanes *em,
                                                            wp_lanes *ep)
{
    for (int c = 0; c < 15; c++)
        for (int h = 0; h < WL_PARTS; h++) {
            WL_W(em[c], h) = WL_P(e[c], h) - WL_P(rc[c], h);
            WL_W(ep[c], h) = WL_P(e[c], h) + WL_P(rc[c], h);
        }
}

/* matgame_support.c's indifferent for every lane at once (k <= 3, the closed forms): the mix over
 * `who` that makes each of the other side's `against` earn the same, into mix[who[u]]; the lanes
 * where it exists and is >= 0. The same operations in the same order as the one-game code. */
static inline __attribute__((always_inline)) void WL(indifferent)(const WL_VEC *a, int rows, const int *who,
                                                                  const int *against, int k, WL_VEC *mix,
                                                                  WL_MASK *okp)
{
#define A(u, v) (rows ? a[5 * who[u] + against[v]] : a[5 * against[v] + who[u]])
    WL_VEC z[3], ad;
    WL_MASK ok;
    if (k == 1) {
        mix[who[0]] = (WL_VEC){0} + 1.0;
        return;
    }
    if (k == 2) {
        WL_VEC d0 = A(0, 1) - A(0, 0), d1 = A(1, 1) - A(1, 0), den = d0 - d1;
        WL(vabs)(&ad, &den);
        ok = ad > 1e-14;
        z[0] = -d1 / den;
        z[1] = d0 / den;
    } else {
        WL_VEC p0 = A(0, 1) - A(0, 0), p1 = A(1, 1) - A(1, 0), p2 = A(2, 1) - A(2, 0);
        WL_VEC q0 = A(0, 2) - A(0, 0), q1 = A(1, 2) - A(1, 0), q2 = A(2, 2) - A(2, 0);
        WL_VEC c0 = p1 * q2 - p2 * q1, c1 = p2 * q0 - p0 * q2, c2 = p0 * q1 - p1 * q0;
        WL_VEC den = c0 + c1 + c2;
        WL(vabs)(&ad, &den);
        ok = ad > 1e-14;
        z[0] = c0 / den;
        z[1] = c1 / den;
        z[2] = c2 / den;
    }
#undef A
    for (int u = 0; u < k; u++) {
        ok &= z[u] >= 0;
        mix[who[u]] = z[u];
    }
    *okp &= ok;
}

/* solve_state's first guess for every lane at once: each lane's game (entries e, radii rc) solved
 * on the supports sp (pb_mg_solve_support) and, where the pair is taken, its interval (before the
 * pure strategies' bounds) in *lo, *hi and its exploitability in *ex. The same operations in the
 * same order, lane by lane, as the one-game code, so the same bits: a lane not taken here is not
 * taken there either. The mask: the lanes taken. (The first guess serves nine in ten of the mixed
 * games; tried one lane at a time, pb_mg_solve_support, indifferent and value_exploit held 17 % of
 * a profile's samples at cap 16, of the games' 24 %.) */
static inline __attribute__((always_inline)) void WL(support)(const WL_VEC *e, const WL_VEC *rc,
                                                              pb_mg_support sp, WL_VEC *lo, WL_VEC *hi,
                                                              WL_VEC *ex, WL_MASK *okp)
{
    int R[3], C[5], k = 0, kc = 0;
    for (int i = 0; i < 3; i++)
        if (sp.rows >> i & 1u)
            R[k++] = i;
    for (int j = 0; j < 5; j++)
        if (sp.cols >> j & 1u)
            C[kc++] = j;
    *okp = (WL_VEC){0} != (WL_VEC){0};
    if (k == 0 || k != kc)
        return;
    WL_VEC amax = {0}, x[3] = {{0}}, y[5] = {{0}};
    for (int c = 0; c < 15; c++) {
        WL_VEC fa;
        WL(vabs)(&fa, &e[c]);
        WL(vmax)(&amax, &fa, &amax);
    }
    WL_VEC tol = (WL_VEC){0} + PB_WP_MIX_TOL, rel = PB_MG_TOL_REL * amax, t;
    WL(vmax)(&t, &tol, &rel);
    WL_MASK ok = amax <= DBL_MAX;
    WL(indifferent)(e, 1, R, C, k, x, &ok);
    WL(indifferent)(e, 0, C, R, k, y, &ok);
    /* matgame.c's value_exploit */
    WL_VEC v = {0}, best_row = (WL_VEC){0} - INFINITY, best_col = (WL_VEC){0} + INFINITY;
    for (int i = 0; i < 3; i++) {
        WL_VEC s = {0};
        for (int j = 0; j < 5; j++)
            s += e[5 * i + j] * y[j];
        v += x[i] * s;
        WL(vmax)(&best_row, &s, &best_row);
    }
    for (int j = 0; j < 5; j++) {
        WL_VEC s = {0};
        for (int i = 0; i < 3; i++)
            s += x[i] * e[5 * i + j];
        WL(vmin)(&best_col, &s, &best_col);
    }
    WL_VEC e_row = best_row - v, e_col = v - best_col;
    WL(vmax)(ex, &e_row, &e_col);
    ok &= *ex <= t;
    /* solve_state's interval */
    WL_VEC xs = x[0] + x[1] + x[2], ys = {0}, cl = (WL_VEC){0} + INFINITY, cu = (WL_VEC){0} - INFINITY;
    for (int j = 0; j < 5; j++)
        ys += y[j];
    for (int j = 0; j < 5; j++) {
        WL_VEC q = (x[0] * (e[j] - rc[j]) + x[1] * (e[5 + j] - rc[5 + j]) + x[2] * (e[10 + j] - rc[10 + j])) / xs;
        WL(vmin)(&cl, &cl, &q);
    }
    for (int o = 0; o < 3; o++) {
        WL_VEC u = {0};
        for (int j = 0; j < 5; j++)
            u += (e[5 * o + j] + rc[5 * o + j]) * y[j];
        u = u / ys;
        WL(vmax)(&cu, &cu, &u);
    }
    WL_VEC zero = {0}, one = zero + 1.0;
    WL(vmax)(lo, &zero, &cl);
    WL(vmin)(hi, &one, &cu);
    *okp = ok;
}

/* WL(support) for all the lanes, part by part (the same bits lane by lane); whole lanes in place. */
static inline __attribute__((always_inline)) void WL(support_lanes)(const wp_lanes *e, const wp_lanes *rc,
                                                                    pb_mg_support sp, wp_lanes *lo, wp_lanes *hi,
                                                                    wp_lanes *ex, wp_mask *okp)
{
#if WL_PARTS == 1
    *lo = *hi = *ex = (wp_lanes){0};   /* (read only where ok) */
    WL(support)(e, rc, sp, lo, hi, ex, (WL_MASK *)okp);
#else
    for (int h = 0; h < WL_PARTS; h++) {
        WL_VEC eh[15], rh[15], l = {0}, u = {0}, x = {0};   /* (read only where ok) */
        WL_MASK ok;
        for (int c = 0; c < 15; c++) {
            eh[c] = WL_P(e[c], h);
            rh[c] = WL_P(rc[c], h);
        }
        WL(support)(eh, rh, sp, &l, &u, &x, &ok);
        WL_W(*lo, h) = l;
        WL_W(*hi, h) = u;
        WL_W(*ex, h) = x;
        ((WL_MASK *)okp)[h] = ok;
    }
#endif
}

#undef WL_P
#undef WL_W
#undef WL_VEC
#undef WL_MASK
#undef WL_PARTS
#undef WL
