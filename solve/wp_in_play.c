/* solve/wp_in_play.c: a decision inside a play by value at one moment of a game solved with
 * --in-play value, for the simulator's decider (wp_decider.c). The rest of the play from the
 * decision is enumerated from the play's log (pb_enumerate_compiled_after): it is one of the
 * solver's decision points of that snap, with the same alternatives (the same rationals: points
 * are merged only when their alternatives are equal), so each alternative valued at the layer
 * below as the layer's snaps value it (pb_wp_node_values) gives the solver's choice. The play is
 * enumerated in the solver's canonical situation (down 1, the lead and the timeouts as the
 * variant reads them), as wp_tables.c compiles it. */
#include <stdio.h>
#include <string.h>

#include "wp_internal.h"

/* The moment's snap within the solve, its layer below kept; 0, or -1 and a message. */
static int check_moment(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, char *err, size_t errlen)
{
    int L = m->left, e = m->extras, h = m->half, a = m->timeouts_own, b = m->timeouts_opp;
    if (m->kind != PB_WP_SNAP || h < 1 || h > pb_wp_halves(w) || L < 1 || L > pb_wp_top(w, h, e) || a < 0 ||
        a > w->T || b < 0 || b > w->T || m->togo < 1 || m->togo > PB_DRIVE_TOGO || call->card < 1 ||
        call->card > PB_CARD_COUNT) {
        snprintf(err, errlen, "a decision in play at a moment the solve has no snap for");
        return -1;
    }
    if (!pb_wp_kept(w, h, L - 1, L == 2 ? e : 0)) {
        snprintf(err, errlen, "the layer below this moment is not kept");
        return -1;
    }
    return 0;
}

static int clamped_lead(const pb_wp *w, int lead) { return lead > w->S ? w->S : lead < -w->S ? -w->S : lead; }

int pb_wp_in_play_nodes(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_oracle_log *log,
                        pb_decision what, pb_wp_nodes *nd, char *err, size_t errlen)
{
    memset(nd, 0, sizeof *nd);
    if (check_moment(w, m, call, err, errlen) != 0)
        return -1;
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = PB_ACTION_PLAY;
    q.sit.togo = m->togo;
    q.sit.down = 1;
    q.sit.ytg = w->fdy < m->togo ? w->fdy : m->togo;
    q.sit.lead = clamped_lead(w, m->lead) > 0;
    q.sit.timeouts_off = m->timeouts_own > 0;
    q.sit.timeouts_def = m->timeouts_opp > 0;
    q.offense = call->offense;
    q.defense = call->defense;
    q.card = call->card;
    pb_play_env env = {w->rs, w->pol, NULL, NULL};
    pb_play_compiled comp;
    if (pb_enumerate_compiled_after(&comp, &env, &q, log, what, err, errlen) != 0)
        return -1;
    int st = pb_wp_nodes_add(nd, &comp.node[0], call->card, m->togo, &w->rs->card[call->card - 1], err, errlen);
    pb_play_compiled_release(&comp);
    if (st != 0)
        pb_wp_nodes_release(nd);
    return st;
}

int pb_wp_in_play_pick(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_wp_nodes *nd,
                       pb_decision what, int *choice, int *next, char *err, size_t errlen)
{
    *next = -1;
    if (check_moment(w, m, call, err, errlen) != 0)
        return -1;
    int L = m->left, e = m->extras, h = m->half;
    int r = h == 1 ? (m->receives_second != 0) : 0;
    const pb_wp_layer *prev = pb_wp_kept(w, h, L - 1, L == 2 ? e : 0);
    double val[PB_NODE_ALTS];
    if (pb_wp_node_values(w, prev, r, clamped_lead(w, m->lead), m->timeouts_own, m->timeouts_opp, m->togo, m->down,
                          m->ytg, nd, 0, val) != 0) {
        snprintf(err, errlen, "a decision's alternative spends a timeout the moment does not have");
        return -1;
    }
    const pb_wp_node *n = &nd->node[0];
    int best = 0;
    for (int k = 1; k < n->nalt; k++)
        if (n->chooser ? val[k] < val[best] : val[k] > val[best])
            best = k;
    *choice = n->label[best] / 8;
    *next = n->label[best] % 8 - 1;
    if (*next >= 0 && what == PB_DECIDE_TIMEOUT_DEFENSE)
        *next += 1;   /* the defense's cards are 1..5 */
    return 0;
}

int pb_wp_in_play_choice(const pb_wp *w, const pb_wp_moment *m, const pb_call *call, const pb_oracle_log *log,
                         pb_decision what, int *choice, int *next, char *err, size_t errlen)
{
    *next = -1;
    pb_wp_nodes nd;
    if (pb_wp_in_play_nodes(w, m, call, log, what, &nd, err, errlen) != 0)
        return -1;
    int st = pb_wp_in_play_pick(w, m, call, &nd, what, choice, next, err, errlen);
    pb_wp_nodes_release(&nd);
    return st;
}
