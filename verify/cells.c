/* verify/cells.c: cells (one play or kick at one situation), their names, and the grid.
 * A cell names its situation relative to a ruleset (PB_VERIFY_DEFAULT fields take the
 * ruleset's default), so the same cell compares two rulesets that differ in, say, TIMEOUTS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify.h"

void pb_verify_cells_init(pb_verify_cells *l)
{
    l->cells = NULL;
    l->count = l->cap = 0;
    l->failed = false;
}

void pb_verify_cells_release(pb_verify_cells *l)
{
    free(l->cells);
    pb_verify_cells_init(l);
}

void pb_verify_cells_add(pb_verify_cells *l, const pb_verify_cell *c)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        pb_verify_cell *p = realloc(l->cells, cap * sizeof *p);
        if (!p) {
            l->failed = true;
            return;
        }
        l->cells = p;
        l->cap = cap;
    }
    l->cells[l->count++] = *c;
}

static pb_verify_cell blank(pb_action action)
{
    pb_verify_cell c;
    memset(&c, 0, sizeof c);
    c.action = action;
    c.down = c.ytg = c.lead = c.timeouts_off = c.timeouts_def = PB_VERIFY_DEFAULT;
    return c;
}

pb_verify_cell pb_verify_play_cell(pb_offense off, int defense, int card, int togo)
{
    pb_verify_cell c = blank(PB_ACTION_PLAY);
    c.offense = off;
    c.defense = defense;
    c.card = card;
    c.togo = togo;
    return c;
}

pb_verify_cell pb_verify_special_cell(pb_action action, int togo)
{
    pb_verify_cell c = blank(action);
    c.togo = togo;
    return c;
}

pb_situation pb_verify_cell_situation(const pb_verify_cell *c, const pb_ruleset *rs)
{
    int togo = c->togo >= 1 && c->togo <= 99 ? c->togo : 50;
    pb_situation s = pb_situation_default(rs, togo);
    if (c->down != PB_VERIFY_DEFAULT)
        s.down = c->down;
    if (c->ytg != PB_VERIFY_DEFAULT)
        s.ytg = c->ytg;
    if (s.ytg > s.togo)
        s.ytg = s.togo;
    if (c->lead != PB_VERIFY_DEFAULT)
        s.lead = c->lead;
    if (c->timeouts_off != PB_VERIFY_DEFAULT)
        s.timeouts_off = c->timeouts_off;
    if (c->timeouts_def != PB_VERIFY_DEFAULT)
        s.timeouts_def = c->timeouts_def;
    return s;
}

pb_enum_query pb_verify_cell_query(const pb_verify_cell *c, const pb_ruleset *rs)
{
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = c->action;
    q.sit = pb_verify_cell_situation(c, rs);
    q.offense = c->offense;
    q.defense = c->defense;
    q.card = c->action == PB_ACTION_PLAY ? c->card : 0;
    q.depth = 0;
    return q;
}

bool pb_verify_cell_valid(const pb_verify_cell *c, const pb_ruleset *rs)
{
    return c->action != PB_ACTION_FIELD_GOAL || c->togo <= rs->fg_max_togo;
}

void pb_verify_cell_name(const pb_verify_cell *c, char *buf, size_t len)
{
    static const char *const action_names[PB_ACTION_COUNT] = {
        "play", "kickoff", "free kick", "onside kick", "onside free kick", "punt", "return", "field goal",
        "PAT kick", "two-point"};
    size_t n = 0;
#define PUT(...)                                                                  \
    do {                                                                          \
        int k_ = snprintf(buf + n, n < len ? len - n : 0, __VA_ARGS__);           \
        if (k_ > 0)                                                               \
            n += (size_t)k_;                                                      \
    } while (0)
    if (len)
        buf[0] = '\0';
    switch (c->action) {
    case PB_ACTION_PLAY:
        PUT("%s vs D%d, ", pb_offense_name(c->offense), c->defense);
        if (c->card == 0)
            PUT("card none");
        else
            PUT("card %02d", c->card);
        PUT(", togo %d", c->togo);
        if (c->down != PB_VERIFY_DEFAULT)
            PUT(", down %d", c->down);
        if (c->ytg != PB_VERIFY_DEFAULT)
            PUT(", ytg %d", c->ytg < c->togo ? c->ytg : c->togo);
        if (c->lead != PB_VERIFY_DEFAULT)
            PUT(", lead %d", c->lead);
        if (c->timeouts_off != PB_VERIFY_DEFAULT && c->timeouts_def != PB_VERIFY_DEFAULT)
            PUT(", timeouts %d,%d", c->timeouts_off, c->timeouts_def);
        else if (c->timeouts_off != PB_VERIFY_DEFAULT)
            PUT(", offense timeouts %d", c->timeouts_off);
        else if (c->timeouts_def != PB_VERIFY_DEFAULT)
            PUT(", defense timeouts %d", c->timeouts_def);
        break;
    case PB_ACTION_TWO_POINT:
        PUT("two-point, %s vs D%d", pb_offense_name(c->offense), c->defense);
        break;
    case PB_ACTION_PUNT:
    case PB_ACTION_FIELD_GOAL:
        PUT("%s, togo %d", action_names[c->action], c->togo);
        break;
    case PB_ACTION_RETURN:
        PUT("return, landing togo %d", c->togo);
        break;
    default:
        PUT("%s", (int)c->action >= 0 && c->action < PB_ACTION_COUNT ? action_names[c->action] : "?");
        break;
    }
#undef PUT
}

void pb_verify_cells_grid(pb_verify_cells *l, int fg_max) { pb_verify_cells_grid_at(l, fg_max, NULL, 0); }

static bool wanted(const int *togos, size_t n, int togo)
{
    if (!togos)
        return true;
    for (size_t i = 0; i < n; i++)
        if (togos[i] == togo)
            return true;
    return false;
}

void pb_verify_cells_grid_at(pb_verify_cells *l, int fg_max, const int *togos, size_t ntogo)
{
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int d = 1; d <= PB_DEFENSE_COUNT; d++)
            for (int card = 0; card <= PB_CARD_COUNT; card++)
                for (int togo = 1; togo <= 99; togo++) {
                    if (!wanted(togos, ntogo, togo))
                        continue;
                    pb_verify_cell c = pb_verify_play_cell((pb_offense)o, d, card, togo);
                    pb_verify_cells_add(l, &c);
                    if (card == 7) {
                        c.lead = 1;
                        pb_verify_cells_add(l, &c);
                    }
                }
    static const pb_action once[] = {PB_ACTION_KICKOFF, PB_ACTION_FREE_KICK, PB_ACTION_ONSIDE,
                                     PB_ACTION_ONSIDE_FREE, PB_ACTION_PAT};
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
        pb_verify_cell c = pb_verify_special_cell(once[i], 0);
        pb_verify_cells_add(l, &c);
    }
    for (int togo = 1; togo <= 99; togo++) {
        if (!wanted(togos, ntogo, togo))
            continue;
        pb_verify_cell c = pb_verify_special_cell(PB_ACTION_PUNT, togo);
        pb_verify_cells_add(l, &c);
    }
    for (int togo = 1; togo <= 99; togo++) {
        if (!wanted(togos, ntogo, togo))
            continue;
        pb_verify_cell c = pb_verify_special_cell(PB_ACTION_RETURN, togo);
        pb_verify_cells_add(l, &c);
    }
    for (int togo = 1; togo <= fg_max && togo <= 99; togo++) {
        if (!wanted(togos, ntogo, togo))
            continue;
        pb_verify_cell c = pb_verify_special_cell(PB_ACTION_FIELD_GOAL, togo);
        pb_verify_cells_add(l, &c);
    }
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int d = 1; d <= PB_DEFENSE_COUNT; d++) {
            pb_verify_cell c = pb_verify_special_cell(PB_ACTION_TWO_POINT, 0);
            c.offense = (pb_offense)o;
            c.defense = d;
            pb_verify_cells_add(l, &c);
        }
}
