/* ask/ask_drive.c: the drive solver behind `ask`'s state measures and --weight field.
 *
 *   E(next_score) togo=T down=D ytg=Y   the state's next-score expected points (pb_drive_ep) with
 *                                       its certified bound; open dimensions averaged with the
 *                                       weights like every measure
 *   best togo=T down=D ytg=Y            go / field goal / punt (pb_drive_choices) and the state's
 *                                       equilibrium mixes (pb_drive_get)
 *   --weight field                      togo, down and ytg weighted jointly by the expected snaps
 *                                       per drive from the kickoff (pb_drive_visits_from_kickoff)
 *
 * A drive game is solved once per (ruleset, switches, policies) in a process and kept (a few
 * seconds each; `vs` solves both rulesets); pb_ask_release_solves frees them. The games keep a
 * private copy of their ruleset, so a plan may go away before them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask_internal.h"

#define SOLVES_MAX 8

typedef struct {
    char key[1024];            /* source, label, policies */
    pb_ruleset *rules;         /* the game's own copy (it must outlive the game) */
    pb_drive *d;
    pb_drive_visits *visits;   /* --weight field, once asked */
} solved;

/* Most recently used last; an entry moves, what it points to does not. */
static solved cache[SOLVES_MAX];
static int ncache;

static void forget(solved *s)
{
    pb_drive_free(s->d);
    free(s->rules);
    if (s->visits) {
        pb_drive_visits_release(s->visits);
        free(s->visits);
    }
    memset(s, 0, sizeof *s);
}

void pb_ask_release_solves(void)
{
    for (int i = 0; i < ncache; i++)
        forget(&cache[i]);
    ncache = 0;
}

/* Move entry i to the end (most recently used); its new place. */
static solved *touch(int i)
{
    solved keep = cache[i];
    memmove(cache + i, cache + i + 1, (size_t)(ncache - 1 - i) * sizeof cache[0]);
    cache[ncache - 1] = keep;
    return &cache[ncache - 1];
}

static solved *solve_side(const pb_ask_plan *p, int side, char *err, size_t errlen)
{
    char key[1024], pol[256];
    pb_policies_format(&p->policies, pol, sizeof pol);
    snprintf(key, sizeof key, "%s\n%s\n%s", p->rules[side].source, p->label[side], pol);
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i].key, key) == 0)
            return touch(i);
    if (ncache == SOLVES_MAX) {   /* forget the least recently used (never the other side of this question) */
        forget(&cache[0]);
        memmove(cache, cache + 1, (SOLVES_MAX - 1) * sizeof cache[0]);
        ncache--;
        memset(&cache[ncache], 0, sizeof cache[ncache]);
    }
    solved *s = &cache[ncache];
    s->rules = malloc(sizeof *s->rules);
    if (!s->rules) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    *s->rules = p->rules[side];
    pb_drive_opts o = {s->rules, p->policies, 2, 0};
    char msg[256];
    if (pb_drive_solve(&s->d, &o, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "the drive solver (%s): %s", p->label[side], msg);
        free(s->rules);
        memset(s, 0, sizeof *s);
        return NULL;
    }
    snprintf(s->key, sizeof s->key, "%s", key);
    ncache++;
    return s;
}

int pb_ask_drives_get(const pb_ask_plan *p, bool state, pb_ask_drives *out, pb_ask_result *r, char *err,
                      size_t errlen)
{
    memset(out, 0, sizeof *out);
    r->solved = true;
    for (int side = 0; side < (state ? p->nrules : 1); side++) {
        solved *s = solve_side(p, side, err, errlen);
        if (!s)
            return -1;
        if (side == 0 && p->field && !s->visits) {
            char msg[256];
            pb_drive_visits *v = calloc(1, sizeof *v);
            if (!v) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            if (pb_drive_visits_from_kickoff(s->d, v, msg, sizeof msg) != 0) {
                free(v);
                snprintf(err, errlen, "--weight field (%s): %s", p->label[0], msg);
                return -1;
            }
            s->visits = v;
        }
        if (state)
            out->d[side] = s->d;
        pb_ask_solver *info = &r->solver[side];
        pb_drive_stats_get(s->d, &info->stats);
        pb_drive_try tr;
        pb_drive_try_get(s->d, &tr);
        info->try_value = tr.value;
        if (side == 0 && p->field) {
            out->visits = s->visits;
            info->visits = true;
            info->snaps = s->visits->snaps;
            info->p_return_td = s->visits->p_return_td;
            info->unpushed = s->visits->unpushed;
        }
    }
    return 0;
}

bool pb_ask_field_dim(int d)
{
    return d == PB_ASK_DIM_TOGO || d == PB_ASK_DIM_DOWN || d == PB_ASK_DIM_YTG;
}

static void state_of(const pb_ask_plan *p, int side, int ti, int di, int yi, int *togo, int *down, int *ytg)
{
    int t = p->v[PB_ASK_DIM_TOGO][ti], y = p->v[PB_ASK_DIM_YTG][yi];
    int fdy = p->rules[side].first_down_yards;
    *togo = t;
    *down = p->v[PB_ASK_DIM_DOWN][di];
    *ytg = y <= 0 ? (fdy < t ? fdy : t) : y < t ? y : t;
}

void pb_ask_cell_state(const pb_ask_plan *p, int side, const pb_ask_cell *cell, int *togo, int *down, int *ytg)
{
    state_of(p, side, cell->idx[PB_ASK_DIM_TOGO], cell->idx[PB_ASK_DIM_DOWN], cell->idx[PB_ASK_DIM_YTG], togo, down,
             ytg);
}

int pb_ask_field_sum(const pb_ask_plan *p, const pb_ask_drives *dr, mpq_t sum, char *err, size_t errlen)
{
    mpq_t v;
    mpq_init(v);
    mpq_set_ui(sum, 0, 1);
    for (int ti = 0; ti < p->n[PB_ASK_DIM_TOGO]; ti++)
        for (int di = 0; di < p->n[PB_ASK_DIM_DOWN]; di++)
            for (int yi = 0; yi < p->n[PB_ASK_DIM_YTG]; yi++) {
                int t, dn, y;
                state_of(p, 0, ti, di, yi, &t, &dn, &y);
                mpq_set_d(v, pb_drive_visits_at(dr->visits, t, dn, y));
                mpq_add(sum, sum, v);
            }
    mpq_clear(v);
    if (mpq_sgn(sum) == 0) {
        snprintf(err, errlen, "--weight field: no situation of the question is ever reached in a drive from the "
                 "kickoff (%s)", p->label[0]);
        return -1;
    }
    return 0;
}

void pb_ask_field_weight(const pb_ask_plan *p, const pb_ask_drives *dr, const pb_ask_cell *cell, const mpq_t sum,
                         mpq_t out)
{
    int t, dn, y;
    pb_ask_cell_state(p, 0, cell, &t, &dn, &y);
    mpq_t v;
    mpq_init(v);
    mpq_set_d(v, pb_drive_visits_at(dr->visits, t, dn, y));
    mpq_div(v, v, sum);
    mpq_mul(out, out, v);
    mpq_clear(v);
}

int pb_ask_state_cell(const pb_ask_plan *p, const pb_ask_drives *dr, int side, pb_ask_cell *cell, pb_ask_best *best,
                      char *err, size_t errlen)
{
    int t, dn, y;
    pb_ask_cell_state(p, side, cell, &t, &dn, &y);
    pb_drive_state st;
    if (pb_drive_get(dr->d[side], t, dn, y, &st) != 0) {
        snprintf(err, errlen, "togo %d, down %d, ytg %d is off the field (%s)", t, dn, y, p->label[side]);
        return -1;
    }
    cell->ep[side] = st.ep;
    cell->bound[side] = st.bound;
    mpq_set_d(cell->num[side], st.ep);
    mpq_set_ui(cell->den[side], 1, 1);
    if (best) {
        memset(best, 0, sizeof *best);
        if (pb_drive_choices(dr->d[side], t, dn, y, &best->choice) != 0) {
            snprintf(err, errlen, "internal error: go / field goal / punt at togo %d, down %d, ytg %d (%s)", t, dn, y,
                     p->label[side]);
            return -1;
        }
        for (int i = 0; i < st.ncalls; i++)
            best->off_mix[st.calls[i]] = st.off_mix[i];
        memcpy(best->def_mix, st.def_mix, sizeof best->def_mix);
    }
    return 0;
}
