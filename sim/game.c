/* sim/game.c: the whole-game state machine (see game.h; the flow choices are listed in
 * doc/sim.md, "Game flow"). One pb_game_step is one action. The action that plays the
 * quarter's last card sets clock_out; the step crosses the quarter (or half) boundary after
 * the action and its events, and after any try (end_of_quarter). */
#include "game.h"

#include <stdio.h>
#include <string.h>

#define IDLE_LIMIT 1000  /* actions in a row without a play card before a game is declared runaway */

static const char *const stat_names[PB_STAT_COUNT] = {
#define PB_STAT_NAME(id, json, text) json,
    PB_GAME_STATS(PB_STAT_NAME)
#undef PB_STAT_NAME
};
static const char *const stat_texts[PB_STAT_COUNT] = {
#define PB_STAT_TEXT(id, json, text) text,
    PB_GAME_STATS(PB_STAT_TEXT)
#undef PB_STAT_TEXT
};

_Static_assert(PB_STAT_SHORT == PB_STAT_RUNS + PB_OFF_SHORT && PB_STAT_LONG == PB_STAT_RUNS + PB_OFF_LONG,
               "the play counters follow pb_offense");

const char *pb_stat_name(pb_stat s) { return s < PB_STAT_COUNT ? stat_names[s] : "?"; }
const char *pb_stat_description(pb_stat s) { return s < PB_STAT_COUNT ? stat_texts[s] : "?"; }

/* ---- small helpers ---- */

static const pb_ruleset *rules(const pb_game *g) { return g->env.rules; }

static void emit(pb_game *g, pb_game_event *e)
{
    e->quarter = g->quarter;
    if (g->observe)
        g->observe(g->observer, g, e);
}

static void event_init(pb_game_event *e, pb_game_event_kind kind, int team)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->team = team;
}

static void fail(pb_game *g, const char *msg)
{
    if (!g->error[0])
        snprintf(g->error, sizeof g->error, "%s", msg);
    g->phase = PB_PHASE_OVER;
}

/* Is quarter q the last of a half? (quarters 2 and 4; overtime is a half of its own) */
static bool half_ends_after(const pb_game *g, int q)
{
    return q % 2 == 0 || q >= rules(g)->quarters;
}

int pb_game_cards_left_in_half(const pb_game *g)
{
    int left = g->deck_end - g->deck_next;
    if (!half_ends_after(g, g->quarter))
        left += rules(g)->plays_per_quarter;
    return left;
}

static void deal(pb_game *g)
{
    const pb_ruleset *rs = rules(g);
    int cards[PB_CARD_COUNT];
    for (int i = 0; i < PB_CARD_COUNT; i++)
        cards[i] = i + 1;
    pb_rng_shuffle(g->rng, cards, PB_CARD_COUNT);
    pb_game_set_deck(g, cards + rs->set_aside, rs->plays_per_quarter, cards, rs->set_aside);
}

void pb_game_set_deck(pb_game *g, const int *cards, int ncards, const int *aside, int naside)
{
    if (ncards > 0)
        memcpy(g->deck, cards, (size_t)ncards * sizeof *cards);
    if (naside > 0)
        memcpy(g->aside, aside, (size_t)naside * sizeof *aside);
    g->deck_next = 0;
    g->deck_end = ncards;
    g->aside_count = naside;
    g->clock_out = ncards == 0;
}

static void add(pb_game *g, int team, pb_stat s, int n) { g->stat[team][s] += n; }

static void score(pb_game *g, int team, int points)
{
    g->score[team] += points;
    add(g, team, PB_STAT_POINTS, points);
    int q = g->quarter < PB_PERIODS_MAX ? g->quarter : PB_PERIODS_MAX;
    g->period_points[q - 1][team] += points;
}

/* What `team` sees: its lead, the time, the quarter; down, ytg and togo always describe the
 * team with the ball (for the defense too: togo 5 means the ball is 5 yards from its goal). */
static inline void view_for(const pb_game *g, int team, pb_strat_view *v)
{
    v->v[PB_FIELD_DOWN] = g->down;
    v->v[PB_FIELD_YTG] = g->ytg;
    v->v[PB_FIELD_TOGO] = g->togo;
    v->v[PB_FIELD_LEAD] = g->score[team] - g->score[1 - team];
    v->v[PB_FIELD_LEFT] = pb_game_cards_left_in_half(g);
    v->v[PB_FIELD_QUARTER] = g->quarter;
    v->v[PB_FIELD_SIDE] = team != g->offense;
}

static int choose(pb_game *g, int team, pb_strat_section sec, const pb_strat_view *v, unsigned usable)
{
    int c = pb_strategy_choose(g->strategy[team], sec, v, usable, g->rng);
    if (c < 0)
        fail(g, "a strategy has no usable choice");  /* excluded by the loader's checks */
    return c < 0 ? 0 : c;
}

/* ---- drives ---- */

static void drive_start(pb_game *g, int team)
{
    g->drive_team = team;
    add(g, team, PB_STAT_DRIVES, 1);
}

static void drive_end(pb_game *g, pb_stat how)
{
    if (g->drive_team < 0)
        return;
    add(g, g->drive_team, how, 1);
    g->drive_team = -1;
}

/* ---- the clock ---- */

static void start_half(pb_game *g)
{
    g->timeouts[0] = g->timeouts[1] = rules(g)->sw.timeouts;
    g->extra_plays = 0;
}

static void begin_quarter(pb_game *g)
{
    deal(g);
    pb_game_event e;
    event_init(&e, PB_EV_QUARTER, -1);
    emit(g, &e);
}

static void half_over(pb_game *g)
{
    const pb_ruleset *rs = rules(g);
    drive_end(g, PB_STAT_END_HALF);
    pb_game_event e;
    event_init(&e, PB_EV_HALF_END, -1);
    emit(g, &e);
    if (g->quarter < rs->quarters) {
        /* halftime: the opening receiver kicks off the second half (2ND-HALF-KICK) */
        g->quarter++;
        start_half(g);
        g->kicker = g->opening_receiver;
        g->free_kick = false;
        g->phase = PB_PHASE_KICKOFF;
        begin_quarter(g);
        return;
    }
    if (g->quarter == rs->quarters && g->score[0] == g->score[1] && rs->sw.overtime == PB_OT_SUDDEN_DEATH) {
        /* sudden death: a new coin toss, one period of a quarter's cards, the first score wins */
        g->quarter++;
        g->overtime = true;
        start_half(g);
        g->kicker = (int)pb_rng_below(g->rng, 2);
        g->free_kick = false;
        g->phase = PB_PHASE_KICKOFF;
        pb_game_event toss;
        event_init(&toss, PB_EV_COIN_TOSS, g->kicker);
        emit(g, &toss);
        begin_quarter(g);
        return;
    }
    g->phase = PB_PHASE_OVER;
    pb_game_event end;
    event_init(&end, PB_EV_GAME_END, -1);
    emit(g, &end);
}

/* Go on to `next` (never out of OVER). The end of the quarter is crossed after the action,
 * by end_of_quarter, once its events are out. */
static void advance(pb_game *g, pb_phase next)
{
    if (g->phase != PB_PHASE_OVER)
        g->phase = next;
}

/* After the action that used the quarter's last card (and after any try). */
static void end_of_quarter(pb_game *g)
{
    g->clock_out = false;
    if (!half_ends_after(g, g->quarter)) {
        g->quarter++;  /* the same team keeps the ball, same down and distance */
        begin_quarter(g);
        return;
    }
    /* the end of a half: a team with the ball may still try a field goal (3.2); a kickoff
     * pending after a score is not made */
    if (g->phase == PB_PHASE_SCRIMMAGE)
        g->phase = PB_PHASE_FINAL_FG;
    else
        half_over(g);
}

/* A score in overtime ends the game at once (before any try or kickoff). */
static bool sudden_death_over(pb_game *g)
{
    if (!g->overtime || g->phase == PB_PHASE_OVER || g->score[0] == g->score[1])
        return false;
    drive_end(g, PB_STAT_END_HALF);
    g->phase = PB_PHASE_OVER;
    pb_game_event end;
    event_init(&end, PB_EV_GAME_END, -1);
    emit(g, &end);
    return true;
}

/* `team` takes over at togo, 1st and 10 (or goal to go). */
static void possession(pb_game *g, int team, int togo)
{
    const pb_ruleset *rs = rules(g);
    g->offense = team;
    g->togo = togo;
    g->down = 1;
    g->ytg = rs->first_down_yards < togo ? rs->first_down_yards : togo;
    drive_start(g, team);
    advance(g, PB_PHASE_SCRIMMAGE);
}

static void touchdown(pb_game *g, int team, pb_stat kind)
{
    score(g, team, 6);
    add(g, team, PB_STAT_TD, 1);
    add(g, team, kind, 1);
    g->offense = team;
    g->phase = PB_PHASE_TRY;  /* the try comes before any end of quarter */
}

static void kick_after_score(pb_game *g, int kicker, bool free_kick)
{
    g->kicker = kicker;
    g->free_kick = free_kick;
    advance(g, g->drive_mode ? PB_PHASE_OVER : PB_PHASE_KICKOFF);  /* a drive ends at its first score */
}

/* The receiving team's choice on a kick or punt, for the counters. */
static void count_receipt(pb_game *g, int receiver, const pb_result *r)
{
    if (r->flags & PB_FLAG_TOUCHBACK)
        add(g, receiver, PB_STAT_TOUCHBACKS, 1);
    if (r->flags & PB_FLAG_RETURNED)
        add(g, receiver, PB_STAT_RETURNS, 1);
}

/* The receiving team gets a kicked ball: a start or a return touchdown. */
static void receive(pb_game *g, int receiver, const pb_result *r)
{
    count_receipt(g, receiver, r);
    if (r->kind == PB_OUT_RETURN_TD)
        touchdown(g, receiver, PB_STAT_TD_RETURN);
    else if (r->kind == PB_OUT_START)
        possession(g, receiver, r->yards);
    else
        fail(g, "a kick ended in a cut chain (the simulator rolls chains without a depth limit)");
}

/* ---- kicks with the return decided first ---- */

/* An oracle that answers its first two-dice roll with a roll already made, then passes every
 * call to the inner oracle: a kickoff whose dice the game rolled first. */
typedef struct {
    pb_oracle base;
    pb_oracle *inner;
    pb_dice first;
    bool used;
} preroll_oracle;

static pb_dice preroll_roll2(pb_oracle *o, pb_roll_purpose why)
{
    preroll_oracle *p = (preroll_oracle *)o;
    if (!p->used) {
        p->used = true;
        return p->first;
    }
    return pb_oracle_roll2(p->inner, why);
}

static int preroll_roll1(pb_oracle *o, pb_roll_purpose why) { return pb_oracle_roll1(((preroll_oracle *)o)->inner, why); }

static int preroll_chain(pb_oracle *o, const pb_chain_spec *spec, int cap)
{
    return pb_oracle_chain(((preroll_oracle *)o)->inner, spec, cap);
}

static int preroll_decide(pb_oracle *o, pb_decision what, int choice)
{
    return pb_oracle_decide(((preroll_oracle *)o)->inner, what, choice);
}

static const pb_oracle_ops preroll_ops = {preroll_roll2, preroll_roll1, preroll_chain, preroll_decide};

/* The env for a kick whose return choice is `want` (-1: the policy's). */
static pb_play_env kick_env(const pb_game *g, int want)
{
    pb_play_env env = g->env;
    if (want >= 0)
        env.policies.ret = want ? PB_RETURN_ALWAYS : PB_RETURN_TOUCHBACK;
    return env;
}

static bool decide_returns(const pb_game *g)
{
    return g->return_decider && g->env.policies.ret == PB_RETURN_BEST;
}

/* The receiving team's [return] rules, when it has them: 1 return, 0 touchback, -1 none apply
 * (the policy decides). `landing`: where the ball stops, the receiver's togo. */
static bool has_return_rules(const pb_game *g, int receiver)
{
    return g->strategy[receiver]->section[PB_STRAT_RETURN].count > 0;
}

static int strategy_return(pb_game *g, int receiver, int landing)
{
    if (landing < 1)
        return -1;
    pb_strat_view v;
    view_for(g, receiver, &v);
    v.v[PB_FIELD_TOGO] = landing;
    int c = pb_strategy_choose(g->strategy[receiver], PB_STRAT_RETURN, &v, PB_STRAT_ALL, g->rng);
    return c < 0 ? -1 : c == PB_RET_RETURN;
}

/* A kick with the return decided first: by the receiver's [return] rules when it has some
 * that apply, else by the decider (policy "best"), else by the policy inside the kick. */
static pb_result regular_kickoff(pb_game *g, int from)
{
    int receiver = 1 - g->kicker;
    bool own = has_return_rules(g, receiver);
    if (!own && !decide_returns(g))
        return pb_kickoff(&g->env, from, g->dice);
    preroll_oracle p = {{&preroll_ops}, g->dice, pb_oracle_roll2(g->dice, PB_ROLL_KICKOFF), false};
    int want = own ? strategy_return(g, receiver, pb_kickoff_landing(rules(g), from, p.first)) : -1;
    if (want < 0 && decide_returns(g))
        want = g->return_decider->kickoff(g->return_decider->self, from, p.first);
    pb_play_env env = kick_env(g, want);
    return pb_kickoff(&env, from, &p.base);
}

static pb_result punt(pb_game *g)
{
    int receiver = 1 - g->offense;
    bool own = has_return_rules(g, receiver);
    if (!own && !decide_returns(g))
        return pb_punt(&g->env, g->togo, g->dice);
    int want = own ? strategy_return(g, receiver, pb_punt_landing(rules(g), g->togo)) : -1;
    if (want < 0 && decide_returns(g))
        want = g->return_decider->punt(g->return_decider->self, g->togo);
    pb_play_env env = kick_env(g, want);
    return pb_punt(&env, g->togo, g->dice);
}

/* ---- the actions ---- */

static void do_kickoff(pb_game *g)
{
    const pb_ruleset *rs = rules(g);
    int k = g->kicker, receiver = 1 - k;
    pb_strat_view v;
    view_for(g, k, &v);
    bool onside = choose(g, k, PB_STRAT_KICKOFF, &v, ~0u) == PB_KICK_ONSIDE;
    int from = g->free_kick ? rs->free_kick_from : rs->kickoff_from;
    pb_result r = onside ? pb_onside(&g->env, from, g->dice) : regular_kickoff(g, from);
    bool free_kick = g->free_kick;
    g->free_kick = false;
    add(g, k, onside ? PB_STAT_ONSIDE_ATT : PB_STAT_KICKOFFS, 1);
    if (free_kick)
        add(g, k, PB_STAT_FREE_KICKS, 1);
    if (r.kind == PB_OUT_KEPT) {
        add(g, k, PB_STAT_ONSIDE_KEPT, 1);
        possession(g, k, r.yards);
    } else {
        receive(g, receiver, &r);
    }
    pb_game_event e;
    event_init(&e, PB_EV_KICKOFF, k);
    e.onside = onside;
    e.free_kick = free_kick;
    e.result = r;
    emit(g, &e);
}

static void do_try(pb_game *g)
{
    int team = g->offense, other = 1 - team;
    pb_strat_view v;
    view_for(g, team, &v);
    int c = choose(g, team, PB_STRAT_TRY, &v, ~0u);
    pb_game_event e;
    if (c == PB_TRY_KICK) {
        pb_result r = pb_pat_kick(&g->env, g->dice);
        add(g, team, PB_STAT_PAT_ATT, 1);
        if (r.kind == PB_OUT_GOOD) {
            score(g, team, 1);
            add(g, team, PB_STAT_PAT_MADE, 1);
        }
        event_init(&e, PB_EV_PAT, team);
        e.result = r;
    } else {
        /* the defense calls its card as on 1st and goal from the two-point line */
        const pb_ruleset *rs = rules(g);
        int save_togo = g->togo, save_down = g->down, save_ytg = g->ytg;
        g->togo = g->ytg = rs->two_point_togo;
        g->down = 1;
        pb_strat_view dv;
        view_for(g, other, &dv);
        g->togo = save_togo;
        g->down = save_down;
        g->ytg = save_ytg;
        int def = choose(g, other, PB_STRAT_DEFENSE, &dv, ~0u) + 1;
        pb_offense off = (pb_offense)(c - PB_TRY_RUN);
        pb_result r = pb_two_point(&g->env, off, def, g->dice);
        add(g, team, PB_STAT_TWO_ATT, 1);
        if (r.kind == PB_OUT_TOUCHDOWN) {
            score(g, team, 2);
            add(g, team, PB_STAT_TWO_MADE, 1);
        }
        event_init(&e, PB_EV_TWO_POINT, team);
        e.call.offense = off;
        e.call.defense = def;
        e.result = r;
    }
    kick_after_score(g, team, false);
    emit(g, &e);
}

/* A field goal by the offense from togo (final: after the half's last card; the caller ends
 * the half). */
static void field_goal(pb_game *g, bool final)
{
    int team = g->offense, other = 1 - team;
    pb_game_event e;
    event_init(&e, PB_EV_FIELD_GOAL, team);
    e.sit.togo = g->togo;
    e.final = final;
    e.result = pb_field_goal(&g->env, g->togo, g->dice);
    const pb_ruleset *rs = rules(g);
    int row = 0;
    while (row < rs->fg_row_count && g->togo > rs->fg_rows[row].max_togo)
        row++;
    g->fg_row_att[row]++;
    add(g, team, PB_STAT_FG_ATT, 1);
    if (final)
        add(g, team, PB_STAT_FG_FINAL_ATT, 1);
    if (e.result.kind == PB_OUT_GOOD) {
        g->fg_row_made[row]++;
        score(g, team, 3);
        add(g, team, PB_STAT_FG_MADE, 1);
        if (final)
            add(g, team, PB_STAT_FG_FINAL_MADE, 1);
        drive_end(g, PB_STAT_END_FG);
        if (!final)
            kick_after_score(g, team, false);
    } else {
        drive_end(g, PB_STAT_END_FG_MISSED);
        if (!final)
            possession(g, other, e.result.yards);
    }
    emit(g, &e);
}

static void do_final_fg(pb_game *g)
{
    if (g->togo <= rules(g)->fg_max_togo && g->strategy[g->offense]->final_field_goal)
        field_goal(g, true);
    half_over(g);
}

/* At a half's last play, a team may take a timeout to add a set-aside card (3.2). */
static void maybe_extend(pb_game *g)
{
    const pb_ruleset *rs = rules(g);
    if (!half_ends_after(g, g->quarter) || g->deck_end - g->deck_next != 1 || g->aside_count == 0)
        return;
    if (rs->extra_plays_max >= 0 && g->extra_plays >= rs->extra_plays_max)
        return;
    for (int side = 0; side < 2; side++) {
        int team = side == 0 ? g->offense : 1 - g->offense;
        if (g->timeouts[team] <= 0)
            continue;
        pb_strat_view v;
        view_for(g, team, &v);
        if (choose(g, team, PB_STRAT_END_OF_HALF, &v, ~0u) != PB_EOH_TIMEOUT)
            continue;
        /* the team picks its favourite of the set-aside cards; it is played after the
         * remaining card (added at the bottom of the deck) */
        const int *order = side == 0 ? g->strategy[team]->offense_cards : g->strategy[team]->defense_cards;
        int pick = 0;
        for (int i = 0; i < PB_CARD_COUNT && !pick; i++)
            for (int j = 0; j < g->aside_count; j++)
                if (g->aside[j] == order[i]) {
                    pick = order[i];
                    g->aside[j] = g->aside[--g->aside_count];
                    break;
                }
        g->deck[g->deck_end++] = pick;
        g->timeouts[team]--;
        g->extra_plays++;
        add(g, team, PB_STAT_EXTRA_PLAYS, 1);
        add(g, team, PB_STAT_TIMEOUTS_USED, 1);
        pb_game_event e;
        event_init(&e, PB_EV_EXTRA_PLAY, team);
        e.card = pick;
        emit(g, &e);
        return;
    }
}

/* Downs and distance after a play that kept the ball with the offense, no score. Returns
 * true on a turnover on downs. */
static bool move_chains(pb_game *g, const pb_result *r, int moved, bool replay_down)
{
    const pb_ruleset *rs = rules(g);
    int off = g->offense;
    g->togo -= moved;
    g->ytg -= moved;
    if (r->flags & PB_FLAG_FIRST_DOWN) {
        add(g, off, PB_STAT_FIRST_DOWNS, 1);
        g->down = 1;
        g->ytg = rs->first_down_yards < g->togo ? rs->first_down_yards : g->togo;
        advance(g, PB_PHASE_SCRIMMAGE);
        return false;
    }
    if (g->ytg < 1)
        g->ytg = 1;  /* a penalty reaching the line without a first down (PEN-1ST=no-first-down) */
    if (!replay_down && ++g->down > rs->downs) {
        add(g, off, PB_STAT_DOWNS, 1);
        drive_end(g, PB_STAT_END_DOWNS);
        possession(g, 1 - off, 100 - g->togo);
        return true;
    }
    advance(g, PB_PHASE_SCRIMMAGE);
    return false;
}

/* The counters of one play. The common, unpredictable facts (a catch, an interception, a
 * fumble, a timeout) are added as 0 or 1 without a branch; the rare ones branch. */
static void count_play(pb_game *g, int card, const pb_result *r)
{
    const pb_ruleset *rs = rules(g);
    const pb_play_card *pc = card >= 1 && card <= PB_CARD_COUNT ? &rs->card[card - 1] : NULL;
    int off = g->offense, def = 1 - off;
    unsigned f = r->flags;
    int *so = g->stat[off], *sd = g->stat[def];
    so[PB_STAT_SNAPS]++;
    so[PB_STAT_DRIVE_PLAYS]++;
    so[PB_STAT_RUNS + (int)r->offense]++;  /* RUNS, SHORT, LONG are in pb_offense order */
    so[PB_STAT_COMPLETIONS] += (f & PB_FLAG_COMPLETE) != 0;
    so[PB_STAT_INTERCEPTIONS] += (f & PB_FLAG_INTERCEPTION) != 0;
    so[PB_STAT_FUMBLES] += (f & PB_FLAG_FUMBLE) != 0;
    so[PB_STAT_SACKS] += r->kind == PB_OUT_SACK;
    so[PB_STAT_CARD_TIMEOUTS] += (f & PB_FLAG_TIMEOUT_OFFENSE) != 0;
    sd[PB_STAT_CARD_TIMEOUTS] += (f & PB_FLAG_TIMEOUT_DEFENSE) != 0;
    so[PB_STAT_TIMEOUTS_USED] += r->timeouts_off_used;
    sd[PB_STAT_TIMEOUTS_USED] += r->timeouts_def_used;
    if (r->kind == PB_OUT_SAFETY && pc && pc->effect == PB_EFFECT_SACK && (f & PB_FLAG_PASS) &&
        !(f & PB_FLAG_COMPLETE))
        so[PB_STAT_SACKS]++;  /* sacked in the own end zone */
    if (pc && (f & (PB_FLAG_CHALLENGE_WON | PB_FLAG_CHALLENGE_LOST))) {
        int *sw = pc->challenge == PB_SIDE_DEFENSE ? sd : so;
        sw[PB_STAT_CHALLENGES]++;
        sw[PB_STAT_CHALLENGES_WON] += (f & PB_FLAG_CHALLENGE_WON) != 0;
    }
    if (f & (PB_FLAG_FOUL_OFFENSE | PB_FLAG_FOUL_DEFENSE)) {
        int *sf = f & PB_FLAG_FOUL_OFFENSE ? so : sd;
        if (f & PB_FLAG_DECLINED) {
            sf[PB_STAT_DECLINED]++;
        } else {
            sf[PB_STAT_PENALTIES]++;
            sf[PB_STAT_PENALTY_YARDS] += r->yards < 0 ? -r->yards : r->yards;
        }
    }
}

static void do_scrimmage(pb_game *g)
{
    const pb_ruleset *rs = rules(g);
    if (g->drive_mode)  /* every snap with full timeouts, as in the drive solver */
        g->timeouts[0] = g->timeouts[1] = rs->sw.timeouts;
    maybe_extend(g);
    int off = g->offense, def = 1 - off;
    pb_strat_view ov;
    view_for(g, off, &ov);
    unsigned usable = g->togo <= rs->fg_max_togo ? ~0u : ~(1u << PB_CALL_FG);
    int call = choose(g, off, PB_STRAT_OFFENSE, &ov, usable);

    if (call == PB_CALL_PUNT) {
        pb_game_event e;
        event_init(&e, PB_EV_PUNT, off);
        e.sit.togo = g->togo;
        e.result = punt(g);
        add(g, off, PB_STAT_PUNTS, 1);
        drive_end(g, PB_STAT_END_PUNT);
        receive(g, def, &e.result);
        emit(g, &e);
        return;
    }
    if (call == PB_CALL_FG) {
        field_goal(g, false);
        return;
    }

    pb_strat_view dv = ov;  /* the same but for the side and the lead */
    dv.v[PB_FIELD_LEAD] = -ov.v[PB_FIELD_LEAD];
    dv.v[PB_FIELD_SIDE] = 1;
    int defense = choose(g, def, PB_STRAT_DEFENSE, &dv, ~0u) + 1;
    pb_situation sit = {g->togo, g->down, g->ytg, g->score[off] - g->score[def], g->timeouts[off], g->timeouts[def]};
    int card;
    if (g->drive_mode) {
        card = 1 + (int)pb_rng_below(g->rng, PB_CARD_COUNT);  /* no deck, no clock */
    } else {
        card = g->deck[g->deck_next++];
        g->clock_out = g->deck_next >= g->deck_end;
    }
    g->idle = 0;
    pb_call c = {(pb_offense)call, defense, card, PB_TIMEOUT_POLICY};
    pb_call played = c;
    if (g->timeout_decider) {
        pb_side side = rs->card[card - 1].timeout;
        if (side != PB_SIDE_NONE && (side == PB_SIDE_OFFENSE ? sit.timeouts_off : sit.timeouts_def) > 0)
            g->timeout_decider->decide(g->timeout_decider->self, &sit, &played);
    }
    pb_result r = pb_play_resolve(&g->env, &sit, &played, g->dice);
    g->timeouts[off] -= r.timeouts_off_used;
    g->timeouts[def] -= r.timeouts_def_used;
    count_play(g, card, &r);
    bool downs = false;

    switch (r.kind) {
    case PB_OUT_TOUCHDOWN:
        add(g, off, PB_STAT_YARDS, g->togo);
        drive_end(g, PB_STAT_END_TD);
        touchdown(g, off, r.offense == PB_OFF_RUN ? PB_STAT_TD_RUSH : PB_STAT_TD_PASS);
        break;
    case PB_OUT_SAFETY:
        add(g, off, PB_STAT_YARDS, -(100 - g->togo));
        score(g, def, 2);
        add(g, def, PB_STAT_SAFETIES, 1);
        drive_end(g, PB_STAT_END_SAFETY);
        kick_after_score(g, off, true);
        break;
    case PB_OUT_TURNOVER:
        drive_end(g, PB_STAT_END_TURNOVER);
        possession(g, def, r.yards);
        break;
    case PB_OUT_TURNOVER_TD:
        drive_end(g, PB_STAT_END_TURNOVER);
        touchdown(g, def, PB_STAT_TD_DEFENSE);
        break;
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
        add(g, off, PB_STAT_YARDS, r.yards);
        downs = move_chains(g, &r, r.yards, false);
        break;
    case PB_OUT_INCOMPLETE:
        downs = move_chains(g, &r, 0, false);
        break;
    case PB_OUT_PENALTY:
        move_chains(g, &r, r.yards, true);
        break;
    default:
        fail(g, "a play ended in a cut chain (the simulator rolls chains without a depth limit)");
        break;
    }
    if (g->observe) {
        pb_game_event e;
        event_init(&e, PB_EV_SNAP, off);
        e.sit = sit;
        e.call = c;
        e.card = card;
        e.result = r;
        emit(g, &e);
    }
    if (downs) {
        pb_game_event d;
        event_init(&d, PB_EV_DOWNS, off);
        d.sit.togo = 100 - g->togo;  /* where the offense lost the ball */
        emit(g, &d);
    }
}

/* ---- the game ---- */

void pb_game_init(pb_game *g, const pb_play_env *env, const pb_strategy *home, const pb_strategy *away,
                  pb_rng *rng, pb_oracle *dice)
{
    memset(g, 0, sizeof *g);
    g->env = *env;
    g->strategy[PB_HOME] = home;
    g->strategy[PB_AWAY] = away;
    g->rng = rng;
    g->dice = dice;
    g->drive_team = -1;
    g->phase = PB_PHASE_KICKOFF;
}

void pb_game_start(pb_game *g)
{
    g->quarter = 1;
    start_half(g);
    g->kicker = (int)pb_rng_below(g->rng, 2);
    g->opening_receiver = 1 - g->kicker;
    g->free_kick = false;
    g->phase = PB_PHASE_KICKOFF;
    pb_game_event toss;
    event_init(&toss, PB_EV_COIN_TOSS, g->kicker);
    emit(g, &toss);
    begin_quarter(g);
}

void pb_game_step(pb_game *g)
{
    if (g->phase != PB_PHASE_OVER && ++g->idle > IDLE_LIMIT) {
        fail(g, "runaway game: 1000 actions in a row without a play (do the strategies ever run or pass?)");
        return;
    }
    switch (g->phase) {
    case PB_PHASE_KICKOFF:
        do_kickoff(g);
        break;
    case PB_PHASE_SCRIMMAGE:
        do_scrimmage(g);
        break;
    case PB_PHASE_TRY:
        do_try(g);
        break;
    case PB_PHASE_FINAL_FG:
        do_final_fg(g);
        break;
    case PB_PHASE_OVER:
        break;
    }
    if (sudden_death_over(g))
        return;
    if (g->clock_out && g->phase != PB_PHASE_TRY && g->phase != PB_PHASE_OVER)
        end_of_quarter(g);
}

int pb_game_play(pb_game *g)
{
    pb_game_start(g);
    while (g->phase != PB_PHASE_OVER)
        pb_game_step(g);
    return g->error[0] ? -1 : 0;
}

void pb_game_start_drive(pb_game *g, int team, int togo, int down, int ytg)
{
    g->drive_mode = true;
    g->quarter = 1;
    start_half(g);
    pb_game_set_deck(g, NULL, 0, NULL, 0);
    g->clock_out = false;  /* no deck: the card of each snap is drawn (do_scrimmage) */
    g->offense = team;
    g->togo = togo;
    g->down = down;
    g->ytg = ytg;
    drive_start(g, team);
    g->phase = PB_PHASE_SCRIMMAGE;
}

int pb_game_play_drive(pb_game *g, int team, int togo, int down, int ytg)
{
    pb_game_start_drive(g, team, togo, down, ytg);
    while (g->phase != PB_PHASE_OVER)
        pb_game_step(g);
    return g->error[0] ? -1 : 0;
}
