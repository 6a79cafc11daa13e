/* sim/game.c: the whole-game state machine (see game.h; the flow choices are listed in
 * doc/sim.md, "Game flow"). One pb_game_step is one action. The action that plays the
 * quarter's last card sets clock_out; the step crosses the quarter (or half) boundary after
 * the action and its events, and after any try (end_of_quarter). Here: the game's primitives,
 * the clock, scrimmage plays and the steps; kickoffs, punts, tries and field goals are in
 * game_kick.c. */
#include "game.h"

#include <stdio.h>
#include <string.h>

#include "sim_internal.h"

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

void pb_game_emit(pb_game *g, pb_game_event *e)
{
    e->quarter = g->quarter;
    if (g->observe)
        g->observe(g->observer, g, e);
}

void pb_game_event_init(pb_game_event *e, pb_game_event_kind kind, int team)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->team = team;
}

void pb_game_fail(pb_game *g, const char *msg)
{
    if (!g->error[0])
        snprintf(g->error, sizeof g->error, "%s", msg);
    g->phase = PB_PHASE_OVER;
}

/* Is quarter q the last of a half? (quarters 2 and 4; overtime is a half of its own) */
static bool half_ends_after(const pb_game *g, int q)
{
    return q % 2 == 0 || q >= pb_game_rules(g)->quarters;
}

int pb_game_cards_left_in_half(const pb_game *g)
{
    int left = g->deck_end - g->deck_next;
    if (!half_ends_after(g, g->quarter))
        left += pb_game_rules(g)->plays_per_quarter;
    return left;
}

/* The planted change (pb_game.plant_card): a deterministic 1 in 100 of the planted card's snaps,
 * by a hash of (plant_key, the game's snap count), so that it draws from no generator. */
static bool side_free_plant(const pb_game *g)
{
    uint64_t st = g->plant_key + (uint64_t)(g->stat[0][PB_STAT_SNAPS] + g->stat[1][PB_STAT_SNAPS]) * UINT64_C(0x9E3779B97F4A7C15);
    return pb_rng_splitmix64(&st) % 100 == 0;
}

/* The generator of the play cards: their own when the game has one, else the game's. */
static pb_rng *cards_rng(pb_game *g) { return g->card_rng ? g->card_rng : g->rng; }

/* Paired: the generator for number n of the game's `salt` kind: (pair_seed ^ salt ^ mix(n),
 * pair_index), mix a bijection, so every n of a game has its own stream. */
static void pair_seed_rng(const pb_game *g, pb_rng *r, uint64_t salt, uint64_t n)
{
    uint64_t st = n;
    pb_rng_seed(r, g->pair_seed ^ salt ^ pb_rng_splitmix64(&st), g->pair_index);
}

/* Paired: the game's generator and the dice's seeded for the next step, by its slot: the deal,
 * the card of the deal to be turned next, and the steps since the last card was turned (at most
 * the idle limit) - the same slot in two runs whose cards differ. */
static void pair_step(pb_game *g)
{
    if (!g->paired)
        return;
    int slot = g->pair_deals * 64 + g->deck_next;
    g->pair_sub = slot == g->pair_slot ? g->pair_sub + 1 : 0;
    g->pair_slot = slot;
    uint64_t n = ((uint64_t)slot << 12) | (uint64_t)(g->pair_sub & 4095);
    pair_seed_rng(g, g->rng, PB_GAME_MIX_SALT, n);
    pair_seed_rng(g, g->dice_rng, PB_GAME_DICE_SALT, n);
}

void pb_game_pair(pb_game *g, uint64_t seed, uint64_t index, pb_rng *card_rng, pb_rng *dice_rng)
{
    g->paired = true;
    g->pair_seed = seed;
    g->pair_index = index;
    g->card_rng = card_rng;
    g->dice_rng = dice_rng;
    g->pair_deals = g->pair_sub = 0;
    g->pair_slot = -1;
    pair_seed_rng(g, g->rng, PB_GAME_MIX_SALT, UINT64_MAX);   /* the coin toss */
    pair_seed_rng(g, dice_rng, PB_GAME_DICE_SALT, UINT64_MAX);
}

/* Paired deal: plays cards from the deal's uniform draws, the real deck without replacement (see
 * pb_game.paired) or, for a uniform drive, with it. */
static void pair_deal(pb_game *g, bool real)
{
    const pb_ruleset *rs = pb_game_rules(g);
    pb_rng fill;
    pair_seed_rng(g, &fill, PB_GAME_FILL_SALT, (uint64_t)g->pair_deals);
    bool out[PB_CARD_COUNT + 1] = {false};
    int n = rs->plays_per_quarter, cards[PB_CARD_COUNT];
    for (int k = 0; k < n; k++) {
        int c = 1 + (int)pb_rng_below(g->card_rng, PB_CARD_COUNT);
        if (real && out[c]) {  /* the j-th card not yet out, j uniform */
            int j = (int)pb_rng_below(&fill, (uint32_t)(PB_CARD_COUNT - k));
            for (c = 1; out[c] || j-- > 0; c++)
                ;
        }
        out[c] = true;
        cards[k] = c;
    }
    int aside[PB_CARD_COUNT], na = 0;
    if (real) {
        for (int c = 1; c <= PB_CARD_COUNT; c++)
            if (!out[c])
                aside[na++] = c;
        pb_rng_shuffle(&fill, aside, (size_t)na);
    }
    pb_game_set_deck(g, cards, n, aside, na);
}

static void deal(pb_game *g)
{
    const pb_ruleset *rs = pb_game_rules(g);
    if (g->paired) {  /* this deal's own stream */
        g->pair_deals++;
        pair_seed_rng(g, g->card_rng, PB_GAME_CARD_SALT, (uint64_t)g->pair_deals);
    }
    if (g->uniform_cards && !g->drive_mode) {  /* no deck: the quarter's snaps are counted */
        g->deck_next = 0;
        g->deck_end = rs->plays_per_quarter;
        g->aside_count = rs->set_aside;
        g->clock_out = g->deck_end == 0;
        return;
    }
    if (g->paired) {
        pair_deal(g, !g->drive_mode || g->drive_deck);
        return;
    }
    int cards[PB_CARD_COUNT];
    for (int i = 0; i < PB_CARD_COUNT; i++)
        cards[i] = i + 1;
    pb_rng_shuffle(cards_rng(g), cards, PB_CARD_COUNT);
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

void pb_game_add(pb_game *g, int team, pb_stat s, int n) { g->stat[team][s] += n; }

void pb_game_score(pb_game *g, int team, int points)
{
    g->score[team] += points;
    pb_game_add(g, team, PB_STAT_POINTS, points);
    int q = g->quarter < PB_PERIODS_MAX ? g->quarter : PB_PERIODS_MAX;
    g->period_points[q - 1][team] += points;
}

int pb_game_choose(pb_game *g, int team, pb_strat_section sec, const pb_strat_view *v, unsigned usable)
{
    if (g->decider[team])
        return pb_game_decider_choose(g, team, sec, v, usable);
    int c = pb_strategy_choose(g->strategy[team], sec, v, usable, g->rng);
    if (c < 0)
        pb_game_fail(g, "a strategy has no usable choice");  /* excluded by the loader's checks */
    return c < 0 ? 0 : c;
}

/* ---- drives ---- */

static void drive_start(pb_game *g, int team)
{
    g->drive_team = team;
    pb_game_add(g, team, PB_STAT_DRIVES, 1);
}

void pb_game_drive_end(pb_game *g, pb_stat how)
{
    if (g->drive_team < 0)
        return;
    pb_game_add(g, g->drive_team, how, 1);
    g->drive_team = -1;
}

/* ---- the clock ---- */

static void start_half(pb_game *g)
{
    g->timeouts[0] = g->timeouts[1] = pb_game_rules(g)->sw.timeouts;
    g->extra_plays = 0;
}

static void begin_quarter(pb_game *g)
{
    deal(g);
    pb_game_event e;
    pb_game_event_init(&e, PB_EV_QUARTER, -1);
    pb_game_emit(g, &e);
}

void pb_game_half_over(pb_game *g)
{
    const pb_ruleset *rs = pb_game_rules(g);
    pb_game_drive_end(g, PB_STAT_END_HALF);
    pb_game_event e;
    pb_game_event_init(&e, PB_EV_HALF_END, -1);
    pb_game_emit(g, &e);
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
        pb_game_event_init(&toss, PB_EV_COIN_TOSS, g->kicker);
        pb_game_emit(g, &toss);
        begin_quarter(g);
        return;
    }
    g->phase = PB_PHASE_OVER;
    pb_game_event end;
    pb_game_event_init(&end, PB_EV_GAME_END, -1);
    pb_game_emit(g, &end);
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
        pb_game_half_over(g);
}

/* A score in overtime ends the game at once (before any try or kickoff). */
static bool sudden_death_over(pb_game *g)
{
    if (!g->overtime || g->phase == PB_PHASE_OVER || g->score[0] == g->score[1])
        return false;
    pb_game_drive_end(g, PB_STAT_END_HALF);
    g->phase = PB_PHASE_OVER;
    pb_game_event end;
    pb_game_event_init(&end, PB_EV_GAME_END, -1);
    pb_game_emit(g, &end);
    return true;
}

/* `team` takes over at togo, 1st and 10 (or goal to go). */
void pb_game_possession(pb_game *g, int team, int togo)
{
    const pb_ruleset *rs = pb_game_rules(g);
    g->offense = team;
    g->togo = togo;
    g->down = 1;
    g->ytg = rs->first_down_yards < togo ? rs->first_down_yards : togo;
    drive_start(g, team);
    advance(g, PB_PHASE_SCRIMMAGE);
}

static void touchdown(pb_game *g, int team, pb_stat kind)
{
    pb_game_score(g, team, 6);
    pb_game_add(g, team, PB_STAT_TD, 1);
    pb_game_add(g, team, kind, 1);
    g->offense = team;
    g->phase = PB_PHASE_TRY;  /* the try comes before any end of quarter */
}

void pb_game_kick_after_score(pb_game *g, int kicker, bool free_kick)
{
    g->kicker = kicker;
    g->free_kick = free_kick;
    advance(g, g->drive_mode ? PB_PHASE_OVER : PB_PHASE_KICKOFF);  /* a drive ends at its first score */
}

/* The receiving team's choice on a kick or punt, for the counters. */
static void count_receipt(pb_game *g, int receiver, const pb_result *r)
{
    if (r->flags & PB_FLAG_TOUCHBACK)
        pb_game_add(g, receiver, PB_STAT_TOUCHBACKS, 1);
    if (r->flags & PB_FLAG_RETURNED)
        pb_game_add(g, receiver, PB_STAT_RETURNS, 1);
}

/* The receiving team gets a kicked ball: a start or a return touchdown. */
void pb_game_receive(pb_game *g, int receiver, const pb_result *r)
{
    count_receipt(g, receiver, r);
    if (r->kind == PB_OUT_RETURN_TD)
        touchdown(g, receiver, PB_STAT_TD_RETURN);
    else if (r->kind == PB_OUT_START)
        pb_game_possession(g, receiver, r->yards);
    else
        pb_game_fail(g, "a kick ended in a cut chain (the simulator rolls chains without a depth limit)");
}

/* ---- the actions ---- */

/* The order in which `team` picks the set-aside card it adds: its strategy's, or the built-in
 * one when a decider plays the team (the strategy is not read then). */
static void end_of_half_order(const pb_game *g, int team, bool as_offense, int order[PB_CARD_COUNT])
{
    for (int i = 0; i < PB_CARD_COUNT; i++)
        if (g->decider[team])
            order[i] = pb_strat_default_offense_cards[as_offense ? i : PB_CARD_COUNT - 1 - i];
        else
            order[i] = as_offense ? g->strategy[team]->offense_cards[i] : g->strategy[team]->defense_cards[i];
}

/* At a half's last play, a team may take a timeout to add a set-aside card (3.2). */
static void maybe_extend(pb_game *g)
{
    const pb_ruleset *rs = pb_game_rules(g);
    if (!half_ends_after(g, g->quarter) || g->deck_end - g->deck_next != 1 || g->aside_count == 0)
        return;
    if (rs->extra_plays_max >= 0 && g->extra_plays >= rs->extra_plays_max)
        return;
    for (int side = 0; side < 2; side++) {
        int team = side == 0 ? g->offense : 1 - g->offense;
        if (g->timeouts[team] <= 0)
            continue;
        pb_strat_view v;
        pb_game_strat_view(g, team, &v);
        if (pb_game_choose(g, team, PB_STRAT_END_OF_HALF, &v, ~0u) != PB_EOH_TIMEOUT)
            continue;
        /* the team picks its favourite of the set-aside cards; it is played after the
         * remaining card (added at the bottom of the deck). Uniform cards: one more snap, its
         * card drawn when it is played */
        int pick = 0;
        if (g->uniform_cards) {
            g->aside_count--;
            g->deck_end++;
        } else {
            int order[PB_CARD_COUNT];
            end_of_half_order(g, team, side == 0, order);
            for (int i = 0; i < PB_CARD_COUNT && !pick; i++)
                for (int j = 0; j < g->aside_count; j++)
                    if (g->aside[j] == order[i]) {
                        pick = order[i];
                        g->aside[j] = g->aside[--g->aside_count];
                        break;
                    }
            g->deck[g->deck_end++] = pick;
        }
        g->timeouts[team]--;
        g->extra_plays++;
        pb_game_add(g, team, PB_STAT_EXTRA_PLAYS, 1);
        pb_game_add(g, team, PB_STAT_TIMEOUTS_USED, 1);
        pb_game_event e;
        pb_game_event_init(&e, PB_EV_EXTRA_PLAY, team);
        e.card = pick;
        pb_game_emit(g, &e);
        return;
    }
}

/* Downs and distance after a play that kept the ball with the offense, no score. Returns
 * true on a turnover on downs. */
static bool move_chains(pb_game *g, const pb_result *r, int moved, bool replay_down)
{
    const pb_ruleset *rs = pb_game_rules(g);
    int off = g->offense;
    g->togo -= moved;
    g->ytg -= moved;
    if (r->flags & PB_FLAG_FIRST_DOWN) {
        pb_game_add(g, off, PB_STAT_FIRST_DOWNS, 1);
        g->down = 1;
        g->ytg = rs->first_down_yards < g->togo ? rs->first_down_yards : g->togo;
        advance(g, PB_PHASE_SCRIMMAGE);
        return false;
    }
    if (g->ytg < 1)
        g->ytg = 1;  /* a penalty reaching the line without a first down (PEN-1ST=no-first-down) */
    if (!replay_down && ++g->down > rs->downs) {
        pb_game_add(g, off, PB_STAT_DOWNS, 1);
        pb_game_drive_end(g, PB_STAT_END_DOWNS);
        pb_game_possession(g, 1 - off, 100 - g->togo);
        return true;
    }
    advance(g, PB_PHASE_SCRIMMAGE);
    return false;
}

/* The counters of one play. The common, unpredictable facts (a catch, an interception, a
 * fumble, a timeout) are added as 0 or 1 without a branch; the rare ones branch. */
static void count_play(pb_game *g, int card, const pb_result *r)
{
    const pb_ruleset *rs = pb_game_rules(g);
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
    const pb_ruleset *rs = pb_game_rules(g);
    if (g->drive_mode)  /* every snap with full timeouts, as in the drive solver */
        g->timeouts[0] = g->timeouts[1] = rs->sw.timeouts;
    maybe_extend(g);
    int off = g->offense, def = 1 - off;
    pb_strat_view ov;
    pb_game_strat_view(g, off, &ov);
    unsigned usable = g->togo <= rs->fg_max_togo ? ~0u : ~(1u << PB_CALL_FG);
    int call = pb_game_choose(g, off, PB_STRAT_OFFENSE, &ov, usable);
    if (g->phase == PB_PHASE_OVER)  /* a decider's bad answer, here or at the end of the half */
        return;

    if (call == PB_CALL_PUNT) {
        pb_game_event e;
        pb_game_event_init(&e, PB_EV_PUNT, off);
        e.sit.togo = g->togo;
        e.result = pb_game_punt(g);
        pb_game_add(g, off, PB_STAT_PUNTS, 1);
        pb_game_drive_end(g, PB_STAT_END_PUNT);
        pb_game_receive(g, def, &e.result);
        pb_game_emit(g, &e);
        return;
    }
    if (call == PB_CALL_FG) {
        pb_game_field_goal(g, false);
        return;
    }

    pb_strat_view dv = ov;  /* the same but for the side and the lead */
    dv.v[PB_FIELD_LEAD] = -ov.v[PB_FIELD_LEAD];
    dv.v[PB_FIELD_SIDE] = 1;
    int defense = pb_game_choose(g, def, PB_STRAT_DEFENSE, &dv, ~0u) + 1;
    if (g->phase == PB_PHASE_OVER)
        return;
    pb_situation sit = {g->togo, g->down, g->ytg, g->score[off] - g->score[def], g->timeouts[off], g->timeouts[def]};
    int card;
    if (g->drive_mode && (g->drive_deck || g->paired)) {  /* dealt again when used up; no clock */
        if (g->deck_next >= g->deck_end)
            deal(g);
        card = g->deck[g->deck_next++];
    } else if (g->drive_mode) {
        card = 1 + (int)pb_rng_below(cards_rng(g), PB_CARD_COUNT);  /* no deck, no clock */
    } else {  /* the quarter's deck; uniform cards: a card drawn, the snap counted */
        card = g->uniform_cards ? 1 + (int)pb_rng_below(cards_rng(g), PB_CARD_COUNT) : g->deck[g->deck_next];
        g->deck_next++;
        g->clock_out = g->deck_next >= g->deck_end;
    }
    g->idle = 0;
    pb_call c = {(pb_offense)call, defense, card, PB_TIMEOUT_POLICY};
    pb_call played = c;
    if (card == g->plant_card && side_free_plant(g)) {
        played.card = 0;
        g->plant_fired++;
    }  /* the planted change: this snap plays as if no card were turned */
    pb_side side = rs->card[card - 1].timeout;
    const pb_game_decider *chooser = side == PB_SIDE_NONE ? NULL : g->decider[side == PB_SIDE_OFFENSE ? off : def];
    if (g->timeout_decider && !(chooser && chooser->in_play)) {
        if (side != PB_SIDE_NONE && (side == PB_SIDE_OFFENSE ? sit.timeouts_off : sit.timeouts_def) > 0)
            g->timeout_decider->decide(g->timeout_decider->self, &sit, &played);
    }
    pb_oracle *dice = pb_game_decides_in_play(g) ? pb_game_in_play_oracle(g, &ov, &dv, &played) : g->dice;
    pb_result r = pb_play_resolve(&g->env, &sit, &played, dice);
    if (g->phase == PB_PHASE_OVER)  /* a decider failed inside the play */
        return;
    g->timeouts[off] -= r.timeouts_off_used;
    g->timeouts[def] -= r.timeouts_def_used;
    count_play(g, card, &r);
    bool downs = false;

    switch (r.kind) {
    case PB_OUT_TOUCHDOWN:
        pb_game_add(g, off, PB_STAT_YARDS, g->togo);
        pb_game_drive_end(g, PB_STAT_END_TD);
        touchdown(g, off, r.offense == PB_OFF_RUN ? PB_STAT_TD_RUSH : PB_STAT_TD_PASS);
        break;
    case PB_OUT_SAFETY:
        pb_game_add(g, off, PB_STAT_YARDS, -(100 - g->togo));
        pb_game_score(g, def, 2);
        pb_game_add(g, def, PB_STAT_SAFETIES, 1);
        pb_game_drive_end(g, PB_STAT_END_SAFETY);
        pb_game_kick_after_score(g, off, true);
        break;
    case PB_OUT_TURNOVER:
        pb_game_drive_end(g, PB_STAT_END_TURNOVER);
        pb_game_possession(g, def, r.yards);
        break;
    case PB_OUT_TURNOVER_TD:
        pb_game_drive_end(g, PB_STAT_END_TURNOVER);
        touchdown(g, def, PB_STAT_TD_DEFENSE);
        break;
    case PB_OUT_GAIN:
    case PB_OUT_SACK:
        pb_game_add(g, off, PB_STAT_YARDS, r.yards);
        downs = move_chains(g, &r, r.yards, false);
        break;
    case PB_OUT_INCOMPLETE:
        downs = move_chains(g, &r, 0, false);
        break;
    case PB_OUT_PENALTY:
        move_chains(g, &r, r.yards, true);
        break;
    default:
        pb_game_fail(g, "a play ended in a cut chain (the simulator rolls chains without a depth limit)");
        break;
    }
    if (g->observe) {
        pb_game_event e;
        pb_game_event_init(&e, PB_EV_SNAP, off);
        e.sit = sit;
        e.call = c;
        e.card = card;
        e.result = r;
        pb_game_emit(g, &e);
    }
    if (downs) {
        pb_game_event d;
        pb_game_event_init(&d, PB_EV_DOWNS, off);
        d.sit.togo = 100 - g->togo;  /* where the offense lost the ball */
        pb_game_emit(g, &d);
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
    pb_game_event_init(&toss, PB_EV_COIN_TOSS, g->kicker);
    pb_game_emit(g, &toss);
    begin_quarter(g);
}

void pb_game_step(pb_game *g)
{
    pair_step(g);
    if (g->phase != PB_PHASE_OVER && ++g->idle > IDLE_LIMIT) {
        pb_game_fail(g, "runaway game: 1000 actions in a row without a play (do the strategies ever run or pass?)");
        return;
    }
    switch (g->phase) {
    case PB_PHASE_KICKOFF:
        pb_game_do_kickoff(g);
        break;
    case PB_PHASE_SCRIMMAGE:
        do_scrimmage(g);
        break;
    case PB_PHASE_TRY:
        pb_game_do_try(g);
        break;
    case PB_PHASE_FINAL_FG:
        pb_game_do_final_fg(g);
        break;
    case PB_PHASE_OVER:
        break;
    }
    if (g->error[0]) {  /* e.g. a decider's bad answer: nothing after it counts */
        g->phase = PB_PHASE_OVER;
        return;
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
    if (g->drive_deck || g->paired) {  /* a fresh deal, some of it already played: a random moment of a quarter */
        deal(g);
        g->deck_next = (int)pb_rng_below(cards_rng(g), (uint32_t)g->deck_end);
    }
    g->clock_out = false;  /* no clock: the card of each snap is drawn or dealt (do_scrimmage) */
    g->offense = team;
    g->togo = togo;
    g->down = down;
    g->ytg = ytg;
    drive_start(g, team);
    g->phase = PB_PHASE_SCRIMMAGE;
}

void pb_game_start_at(pb_game *g, int team, const pb_game_view *m)
{
    const pb_ruleset *rs = pb_game_rules(g);
    int ppq = rs->plays_per_quarter, first_quarter = m->half <= 2 && m->left > ppq;
    g->quarter = m->half == 3 ? rs->quarters + 1 : 2 * m->half - first_quarter;
    g->overtime = m->half == 3;
    start_half(g);
    g->timeouts[team] = m->timeouts_own;
    g->timeouts[1 - team] = m->timeouts_opp;
    g->extra_plays = m->extras;
    g->opening_receiver = m->half == 1 && m->receives_second_half ? 1 - team : team;
    g->kicker = 1 - g->opening_receiver;
    g->score[team] = m->lead > 0 ? m->lead : 0;
    g->score[1 - team] = m->lead < 0 ? -m->lead : 0;
    deal(g);
    /* the quarter's cards already turned; extra plays came from the set-aside cards */
    int here = first_quarter ? m->left - ppq : m->left;
    g->deck_next = g->deck_end > here ? g->deck_end - here : 0;
    g->aside_count = g->aside_count > m->extras ? g->aside_count - m->extras : 0;
    g->clock_out = false;
    g->free_kick = false;
    g->offense = team;
    g->togo = m->togo;
    g->down = m->down;
    g->ytg = m->ytg;
    drive_start(g, team);
    g->phase = PB_PHASE_SCRIMMAGE;
}

int pb_game_play_from(pb_game *g, int team, const pb_game_view *m)
{
    pb_game_start_at(g, team, m);
    while (g->phase != PB_PHASE_OVER)
        pb_game_step(g);
    return g->error[0] ? -1 : 0;
}

int pb_game_play_drive(pb_game *g, int team, int togo, int down, int ytg)
{
    pb_game_start_drive(g, team, togo, down, ytg);
    while (g->phase != PB_PHASE_OVER)
        pb_game_step(g);
    return g->error[0] ? -1 : 0;
}

