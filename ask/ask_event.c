/* ask/ask_event.c: the events and quantities of `paperbowl ask`: their names, what
 * each means for one outcome of one action, and event trees evaluated and written back.
 *
 * An outcome is what the enumerator's pb_dist holds: (kind, yards, PB_FLAG_* flags). Events
 * that an action cannot produce are simply false there; the parser refuses an event that does
 * not apply to the question's action at all (success on a run play). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ask.h"

#define KICKS_WITH_RETURN (PB_ASK_ON(PB_ACTION_KICKOFF) | PB_ASK_ON(PB_ACTION_FREE_KICK) | \
                           PB_ASK_ON(PB_ACTION_PUNT) | PB_ASK_ON(PB_ACTION_RETURN))
#define TRIES (PB_ASK_ON(PB_ACTION_FIELD_GOAL) | PB_ASK_ON(PB_ACTION_PAT) | PB_ASK_ON(PB_ACTION_TWO_POINT) | \
               PB_ASK_ON(PB_ACTION_ONSIDE) | PB_ASK_ON(PB_ACTION_ONSIDE_FREE))

static const pb_ask_atom_info atoms[PB_ASK_ATOM_COUNT] = {
    [PB_ASK_COMPLETE] = {"complete", "completed completion completions caught catch", PB_ASK_ON_PLAYS,
                         "the pass is caught (a catch later fumbled counts; intercepted, sacked or replaced by a penalty does not)"},
    [PB_ASK_INCOMPLETE] = {"incomplete", "incompletion incompletions incompleted", PB_ASK_ON_PLAYS,
                           "the pass falls incomplete"},
    [PB_ASK_TD] = {"td", "touchdown touchdowns tds", PB_ASK_ON_PLAYS | KICKS_WITH_RETURN,
                   "touchdown by the team with the ball (on a kick: a return touchdown)"},
    [PB_ASK_TURNOVER] = {"turnover", "turnovers to giveaway", PB_ASK_ON_PLAYS,
                         "the defense gets the ball (interception or fumble lost, returned for a touchdown or not)"},
    [PB_ASK_TURNOVER_TD] = {"turnover_td", "defensive_td pick_six pick6 return_turnover_td", PB_ASK_ON_PLAYS,
                            "the defense returns a turnover for a touchdown"},
    [PB_ASK_INTERCEPTION] = {"interception", "interceptions int pick intercepted ints", PB_ASK_ON_PLAYS,
                             "the pass is intercepted"},
    [PB_ASK_FUMBLE] = {"fumble", "fumbles fumble_lost fumbled", PB_ASK_ON_PLAYS, "a fumble lost to the defense"},
    [PB_ASK_SACK] = {"sack", "sacks sacked", PB_ASK_ON_PLAYS, "the quarterback is sacked (cards 19, 20)"},
    [PB_ASK_SAFETY] = {"safety", "safeties", PB_ASK_ON_PLAYS, "the play ends in a safety (2 points to the defense)"},
    [PB_ASK_PENALTY] = {"penalty", "penalties accepted_penalty", PB_ASK_ON_PLAYS,
                        "an accepted penalty: the play is replaced by the penalty yards"},
    [PB_ASK_FOUL] = {"foul", "fouls flag flags", PB_ASK_ON_PLAYS, "a foul is called, accepted or declined"},
    [PB_ASK_OFFENSIVE_FOUL] = {"offensive_foul", "offense_foul foul_offense", PB_ASK_ON_PLAYS,
                               "a foul by the offense is called"},
    [PB_ASK_DEFENSIVE_FOUL] = {"defensive_foul", "defense_foul foul_defense", PB_ASK_ON_PLAYS,
                               "a foul by the defense is called"},
    [PB_ASK_DECLINED] = {"declined", "declined_penalty decline", PB_ASK_ON_PLAYS, "a penalty is declined"},
    [PB_ASK_FIRST_DOWN] = {"first_down", "first_downs firstdown 1st_down 1st first new_set_of_downs",
                           PB_ASK_ON(PB_ACTION_PLAY),
                           "the offense keeps the ball without scoring and reaches the line to gain (the situation's "
                           "yards to gain), or an accepted defensive penalty gives it a first down"},
    [PB_ASK_DOUBLES] = {"doubles", "double zorome", PB_ASK_ON_PLAYS, "the first roll of the play is doubles"},
    [PB_ASK_CHALLENGE_WON] = {"challenge_won", "won_challenge", PB_ASK_ON_PLAYS, "a challenge succeeds"},
    [PB_ASK_CHALLENGE_LOST] = {"challenge_lost", "lost_challenge", PB_ASK_ON_PLAYS, "a challenge fails"},
    [PB_ASK_TIMEOUT] = {"timeout", "timeouts timeout_taken", PB_ASK_ON_PLAYS,
                        "a card timeout is taken (cards 21-24)"},
    [PB_ASK_SCORE] = {"score", "scores scored points_scored",
                      PB_ASK_ON_PLAYS | PB_ASK_ON(PB_ACTION_FIELD_GOAL) | PB_ASK_ON(PB_ACTION_PAT),
                      "the team with the ball scores (play, two-point try: touchdown; field goal, PAT: good)"},
    [PB_ASK_CUT] = {"cut", "truncated", PB_ASK_ON_ALL, "a doubles chain cut at the depth limit"},
    [PB_ASK_SUCCESS] = {"success", "good made successful converted conversion kept recovered", TRIES,
                        "the try succeeds (field goal or PAT good, two-point try scored, onside kick kept)"},
    [PB_ASK_MISS] = {"miss", "missed no_good failed fail failure", TRIES,
                     "the try fails (field goal or PAT missed, two-point try stopped, onside kick lost)"},
    [PB_ASK_TOUCHBACK] = {"touchback", "touchbacks", PB_ASK_ON_PLAYS | KICKS_WITH_RETURN,
                          "a touchback is taken or ruled"},
    [PB_ASK_RETURNED] = {"returned", "return runback", PB_ASK_ON_PLAYS | KICKS_WITH_RETURN, "the ball is returned"},
    [PB_ASK_RETURN_TD] = {"return_td", "kick_return_td", KICKS_WITH_RETURN,
                          "the receiving team returns the kick for a touchdown"},
};

static const pb_ask_quantity_info quantities[PB_ASK_Q_COUNT] = {
    [PB_ASK_Q_YARDS] = {"yards", "gain gains net net_yards yardage", PB_ASK_ON_PLAYS,
                        "net yards, averaged over the plays ending in a gain, an incompletion (0), a sack or an accepted "
                        "penalty (as `dist` mean_yards; touchdowns, turnovers and safeties are left out)",
                        "net yards of a play ending in a gain, a sack or an accepted penalty (an incompletion, a score or "
                        "a turnover is no gain)", true},
    [PB_ASK_Q_VALUE] = {"value", "play_value", PB_ASK_ON_PLAYS,
                        "the policies' value of a play in yards: touchdown = togo, gain/sack/penalty = yards, "
                        "incomplete 0, safety -(100 - togo) - 1, turnover at t = t - 200, turnover_td -200",
                        "the policies' value of the play in yards (see E(value))", false},
    [PB_ASK_Q_POINTS] = {"points", "pts point", PB_ASK_ON_ALL,
                         "points for the team with the ball or kicking: touchdown 6, safety -2, turnover_td -6; "
                         "field goal 3, PAT 1, two-point try 2; a kick returned for a touchdown -6",
                         "points scored on the play (see E(points))", false},
    [PB_ASK_Q_START] = {"start", "start_togo field_position", PB_ASK_ON(PB_ACTION_KICKOFF) |
                        PB_ASK_ON(PB_ACTION_FREE_KICK) | PB_ASK_ON(PB_ACTION_PUNT) | PB_ASK_ON(PB_ACTION_RETURN) |
                        PB_ASK_ON(PB_ACTION_FIELD_GOAL) | PB_ASK_ON(PB_ACTION_ONSIDE) | PB_ASK_ON(PB_ACTION_ONSIDE_FREE),
                        "the receiving team's yards to go where it starts, over the outcomes where it gets the ball "
                        "short of a touchdown (a missed field goal: the spot)",
                        "the receiving team's yards to go where it starts (a return touchdown or a kept onside kick is no "
                        "start)", true},
};

const pb_ask_atom_info *pb_ask_atom(pb_ask_atom_id id)
{
    return id >= 0 && id < PB_ASK_ATOM_COUNT ? &atoms[id] : NULL;
}

const pb_ask_quantity_info *pb_ask_quantity_get(pb_ask_quantity q)
{
    return q >= 0 && q < PB_ASK_Q_COUNT ? &quantities[q] : NULL;
}

/* Same word, ignoring case and treating '-' as '_'. */
static bool word_eq(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen)
        return false;
    for (size_t i = 0; i < alen; i++) {
        int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
        if (x == '-')
            x = '_';
        if (y == '-')
            y = '_';
        if (x != y)
            return false;
    }
    return true;
}

/* Is `word` the name or one of the space-separated aliases? */
static bool names_match(const char *name, const char *aliases, const char *word, size_t len)
{
    if (word_eq(name, strlen(name), word, len))
        return true;
    for (const char *p = aliases; *p;) {
        size_t n = strcspn(p, " ");
        if (n && word_eq(p, n, word, len))
            return true;
        p += n;
        while (*p == ' ')
            p++;
    }
    return false;
}

int pb_ask_atom_find(const char *word, size_t len)
{
    for (int i = 0; i < PB_ASK_ATOM_COUNT; i++)
        if (names_match(atoms[i].name, atoms[i].aliases, word, len))
            return i;
    return -1;
}

int pb_ask_quantity_find(const char *word, size_t len)
{
    for (int i = 0; i < PB_ASK_Q_COUNT; i++)
        if (names_match(quantities[i].name, quantities[i].aliases, word, len))
            return i;
    return -1;
}

static bool success(pb_action act, pb_outcome_kind kind)
{
    switch (act) {
    case PB_ACTION_FIELD_GOAL:
    case PB_ACTION_PAT:
        return kind == PB_OUT_GOOD;
    case PB_ACTION_TWO_POINT:
        return kind == PB_OUT_TOUCHDOWN;
    case PB_ACTION_ONSIDE:
    case PB_ACTION_ONSIDE_FREE:
        return kind == PB_OUT_KEPT;
    default:
        return false;
    }
}

bool pb_ask_atom_holds(pb_ask_atom_id id, pb_action act, pb_outcome_kind kind, int yards, unsigned flags)
{
    (void)yards;
    bool play = act == PB_ACTION_PLAY || act == PB_ACTION_TWO_POINT;
    switch (id) {
    case PB_ASK_COMPLETE: return (flags & PB_FLAG_COMPLETE) != 0;
    case PB_ASK_INCOMPLETE: return kind == PB_OUT_INCOMPLETE;
    case PB_ASK_TD: return play ? kind == PB_OUT_TOUCHDOWN : kind == PB_OUT_RETURN_TD;
    case PB_ASK_TURNOVER: return kind == PB_OUT_TURNOVER || kind == PB_OUT_TURNOVER_TD;
    case PB_ASK_TURNOVER_TD: return kind == PB_OUT_TURNOVER_TD;
    case PB_ASK_INTERCEPTION: return (flags & PB_FLAG_INTERCEPTION) != 0;
    case PB_ASK_FUMBLE: return (flags & PB_FLAG_FUMBLE) != 0;
    case PB_ASK_SACK: return kind == PB_OUT_SACK;
    case PB_ASK_SAFETY: return kind == PB_OUT_SAFETY;
    case PB_ASK_PENALTY: return kind == PB_OUT_PENALTY;
    case PB_ASK_FOUL: return (flags & (PB_FLAG_FOUL_OFFENSE | PB_FLAG_FOUL_DEFENSE)) != 0;
    case PB_ASK_OFFENSIVE_FOUL: return (flags & PB_FLAG_FOUL_OFFENSE) != 0;
    case PB_ASK_DEFENSIVE_FOUL: return (flags & PB_FLAG_FOUL_DEFENSE) != 0;
    case PB_ASK_DECLINED: return (flags & PB_FLAG_DECLINED) != 0;
    case PB_ASK_FIRST_DOWN: return (flags & PB_FLAG_FIRST_DOWN) != 0;
    case PB_ASK_DOUBLES: return (flags & PB_FLAG_DOUBLES) != 0;
    case PB_ASK_CHALLENGE_WON: return (flags & PB_FLAG_CHALLENGE_WON) != 0;
    case PB_ASK_CHALLENGE_LOST: return (flags & PB_FLAG_CHALLENGE_LOST) != 0;
    case PB_ASK_TIMEOUT: return (flags & (PB_FLAG_TIMEOUT_OFFENSE | PB_FLAG_TIMEOUT_DEFENSE)) != 0;
    case PB_ASK_SCORE:
        return play ? kind == PB_OUT_TOUCHDOWN : kind == PB_OUT_GOOD;
    case PB_ASK_CUT: return kind == PB_OUT_CUT;
    case PB_ASK_SUCCESS: return success(act, kind);
    case PB_ASK_MISS: return kind != PB_OUT_CUT && !success(act, kind);
    case PB_ASK_TOUCHBACK: return (flags & PB_FLAG_TOUCHBACK) != 0;
    case PB_ASK_RETURNED: return (flags & PB_FLAG_RETURNED) != 0;
    case PB_ASK_RETURN_TD: return kind == PB_OUT_RETURN_TD;
    default: return false;
    }
}

bool pb_ask_quantity_value(pb_ask_quantity q, pb_action act, int togo, pb_outcome_kind kind, int yards,
                           unsigned flags, int *value)
{
    (void)flags;
    switch (q) {
    case PB_ASK_Q_YARDS:
        if (kind == PB_OUT_GAIN || kind == PB_OUT_SACK || kind == PB_OUT_PENALTY || kind == PB_OUT_INCOMPLETE) {
            *value = kind == PB_OUT_INCOMPLETE ? 0 : yards;
            return true;
        }
        return false;
    case PB_ASK_Q_VALUE: {
        if (act != PB_ACTION_PLAY && act != PB_ACTION_TWO_POINT)
            return false;
        pb_result r;
        memset(&r, 0, sizeof r);
        r.kind = kind;
        r.yards = yards;
        *value = pb_play_value(&r, togo);
        return true;
    }
    case PB_ASK_Q_POINTS:
        switch (act) {
        case PB_ACTION_PLAY:
            *value = kind == PB_OUT_TOUCHDOWN ? 6 : kind == PB_OUT_SAFETY ? -2 : kind == PB_OUT_TURNOVER_TD ? -6 : 0;
            break;
        case PB_ACTION_TWO_POINT:
            *value = kind == PB_OUT_TOUCHDOWN ? 2 : 0;
            break;
        case PB_ACTION_FIELD_GOAL:
            *value = kind == PB_OUT_GOOD ? 3 : 0;
            break;
        case PB_ACTION_PAT:
            *value = kind == PB_OUT_GOOD ? 1 : 0;
            break;
        default:
            *value = kind == PB_OUT_RETURN_TD ? -6 : 0;
            break;
        }
        return kind != PB_OUT_CUT;
    case PB_ASK_Q_START:
        if (kind == PB_OUT_START) {
            *value = yards;
            return true;
        }
        return false;
    default:
        return false;
    }
}

static bool compare(int x, pb_ask_op op, int n)
{
    switch (op) {
    case PB_ASK_EQ: return x == n;
    case PB_ASK_NE: return x != n;
    case PB_ASK_LT: return x < n;
    case PB_ASK_LE: return x <= n;
    case PB_ASK_GT: return x > n;
    default: return x >= n;
    }
}

bool pb_ask_event_holds(const pb_ask_query *q, int node, pb_action act, int togo, pb_outcome_kind kind, int yards,
                        unsigned flags)
{
    const pb_ask_node *n = &q->nodes[node];
    switch (n->kind) {
    case PB_ASK_ATOM:
        return pb_ask_atom_holds((pb_ask_atom_id)n->atom, act, kind, yards, flags);
    case PB_ASK_CMP: {
        int x;
        /* a comparison on yards is about a gain, sack or penalty: an incompletion is no gain */
        if (n->atom == PB_ASK_Q_YARDS && kind == PB_OUT_INCOMPLETE)
            return false;
        if (!pb_ask_quantity_value((pb_ask_quantity)n->atom, act, togo, kind, yards, flags, &x))
            return false;
        return compare(x, n->op, n->n);
    }
    case PB_ASK_NOT:
        return !pb_ask_event_holds(q, n->a, act, togo, kind, yards, flags);
    case PB_ASK_AND:
        return pb_ask_event_holds(q, n->a, act, togo, kind, yards, flags) &&
               pb_ask_event_holds(q, n->b, act, togo, kind, yards, flags);
    case PB_ASK_OR:
        return pb_ask_event_holds(q, n->a, act, togo, kind, yards, flags) ||
               pb_ask_event_holds(q, n->b, act, togo, kind, yards, flags);
    case PB_ASK_DEF:
        return pb_ask_event_holds(q, n->a, act, togo, kind, yards, flags);
    }
    return false;
}

/* ---- writing an event back ---- */
typedef struct {
    char *buf;
    size_t len, used;
} out_buf;

static void put(out_buf *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len == 0)
        return;
    if (o->used + n >= o->len)
        n = o->len - 1 - o->used;
    memcpy(o->buf + o->used, s, n);
    o->used += n;
    o->buf[o->used] = '\0';
}

static const char *const op_text[] = {"=", "!=", "<", "<=", ">", ">="};

/* Precedence: or 1, and 2, not / atoms 3. */
static void event_text(const pb_ask_query *q, int node, const pb_ask_defines *defines, int outer, out_buf *o)
{
    const pb_ask_node *n = &q->nodes[node];
    char tmp[96];
    int prec = n->kind == PB_ASK_OR ? 1 : n->kind == PB_ASK_AND ? 2 : 3;
    if (prec < outer)
        put(o, "(");
    switch (n->kind) {
    case PB_ASK_ATOM:
        put(o, atoms[n->atom].name);
        break;
    case PB_ASK_CMP:
        snprintf(tmp, sizeof tmp, "%s %s %d", n->atom == PB_ASK_Q_YARDS ? "gain" : quantities[n->atom].name,
                 op_text[n->op], n->n);
        put(o, tmp);
        break;
    case PB_ASK_NOT:
        put(o, "not ");
        event_text(q, n->a, defines, 3, o);
        break;
    case PB_ASK_AND:
    case PB_ASK_OR:
        event_text(q, n->a, defines, prec, o);
        put(o, n->kind == PB_ASK_AND ? " and " : " or ");
        event_text(q, n->b, defines, prec + 1, o);
        break;
    case PB_ASK_DEF:
        put(o, defines && n->atom < defines->count ? defines->items[n->atom].name : "?");
        break;
    }
    if (prec < outer)
        put(o, ")");
}

void pb_ask_event_text(const pb_ask_query *q, int node, const pb_ask_defines *defines, char *buf, size_t len)
{
    out_buf o = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    event_text(q, node, defines, 0, &o);
}
