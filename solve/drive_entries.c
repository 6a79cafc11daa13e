/* solve/drive_entries.c: the EP of each call at one state, given state values: the 3 x 5
 * play entries, the field-goal and punt rows, the return after a kick (drive_internal.h).
 * The transitions mirror sim/game.c (move_chains, possession, receive): see drive.h. One fixed
 * order of summation, used for the final matrices, the reports and the card values; the
 * interval iteration (drive_solve.c) groups the same terms differently for speed. */
#include "drive_internal.h"

void pb_drive_play_entries(const pb_drive *d, const pb_drive_cell cells[3][5], int t, int dn, int y,
                           const double *own, const double *opp, double td_own, double td_opp, double out[3][5])
{
    int pen1st = d->rs->sw.pen_1st == PB_PEN1ST_FIRST_DOWN, last = dn >= d->downs;
    for (int o = 0; o < 3; o++)
        for (int j = 0; j < 5; j++) {
            const pb_drive_cell *c = &cells[o][j];
            double s = c->p_td * td_own - 2.0 * c->p_safety + c->p_ttd * td_opp;
            for (int k = 0; k < c->nto; k++)
                s -= c->to_p[k] * opp[pb_drive_first(d, c->to_t[k])];
            /* gains below the line to gain, then the 1st downs (g >= y) */
            int split = y - c->gmin;   /* k < split: g < y */
            if (split > c->ng)
                split = c->ng;
            if (!last && split > 0) {
                const double *v = own + pb_drive_index(t, dn + 1, y) - c->gmin;   /* v[-k]: (t-g, dn+1, y-g) */
                for (int k = 0; k < split; k++)
                    s += c->pg[k] * v[-k];
            } else if (last) {
                for (int k = 0; k < split; k++)   /* turnover on downs at 100 - (t - g) */
                    s -= c->pg[k] * opp[pb_drive_first(d, 100 - t + c->gmin + k)];
            }
            for (int k = split > 0 ? split : 0; k < c->ng; k++)
                s += c->pg[k] * own[pb_drive_first(d, t - c->gmin - k)];
            for (int k = 0; k < c->npen; k++) {
                int m = c->pen_m[k], t2 = t - m, y2 = y - m;
                if (c->pen_def[k] && m >= y && pen1st)
                    s += c->pen_p[k] * own[pb_drive_first(d, t2)];
                else
                    s += c->pen_p[k] * own[pb_drive_index(t2, dn, y2 < 1 ? 1 : y2)];
            }
            out[o][j] = s;
        }
}

double pb_drive_fg_value(const pb_drive *d, int togo, const double *opp)
{
    const pb_drive_sdist *f = &d->fg[togo];
    double s = 0;
    for (int i = 0; i < f->n; i++)
        s += f->e[i].p * (f->e[i].kind == PB_OUT_GOOD ? 3.0 : -opp[pb_drive_first(d, f->e[i].yards)]);
    return s;
}

double pb_drive_return_value(const pb_drive *d, int landing, const double *v, double td)
{
    const pb_drive_sdist *r = &d->ret[landing];
    double s = 0;
    for (int i = 0; i < r->n; i++)
        s += r->e[i].p * (r->e[i].kind == PB_OUT_RETURN_TD ? td : v[pb_drive_first(d, r->e[i].yards)]);
    return s;
}

double pb_drive_punt_value(const pb_drive *d, int togo, const double *opp, double td_recv)
{
    const pb_drive_sdist *r = &d->punt[togo];
    double ret = 0, tb = opp[pb_drive_first(d, d->rs->touchback_togo)];
    for (int i = 0; i < r->n; i++)
        ret += r->e[i].p * (r->e[i].kind == PB_OUT_RETURN_TD ? td_recv : opp[pb_drive_first(d, r->e[i].yards)]);
    return -(ret > tb ? ret : tb);
}
