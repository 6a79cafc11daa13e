/* sim/sim_log.c: the play-by-play of simulated games (`paperbowl sim --log FILE`).
 *
 * A game is replayed from its index with a trace and a roll log; the observer prints one line
 * per action (quarter, cards left, down and distance, togo, the three cards, the dice, the
 * result, the score), the ruling step by step under it, and a box score at the end. Replaying
 * changes nothing: the trace and the roll log only record. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

typedef struct {
    FILE *out;
    pb_trace *trace;
    pb_sim_oracle *dice;
} log_ctx;

static const char *const team_name[2] = {"Home", "Away"};

static const char *nth(int down)
{
    static const char *const names[] = {"", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"};
    return down >= 1 && down <= 10 ? names[down] : "?";
}

/* "own 27", "50", "opp 30" for the team with the ball at togo. */
static const char *spot(char *buf, size_t len, int togo)
{
    if (togo == 50)
        snprintf(buf, len, "the 50");
    else if (togo > 50)
        snprintf(buf, len, "own %d", 100 - togo);
    else
        snprintf(buf, len, "opp %d", togo);
    return buf;
}

static void dice_text(const pb_sim_oracle *o, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->nrolls && used + 8 < len; i++) {
        int n = o->rolls[i].b ? snprintf(buf + used, len - used, "%s%d-%d", i ? "," : "", o->rolls[i].a, o->rolls[i].b)
                              : snprintf(buf + used, len - used, "%s%d", i ? "," : "", o->rolls[i].a);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    if (!o->nrolls)
        snprintf(buf, len, "no dice");
}

static void score_text(const pb_game *g, char *buf, size_t len)
{
    snprintf(buf, len, "Home %d - Away %d", g->score[PB_HOME], g->score[PB_AWAY]);
}

/* The ruling lines, indented, then reset the trace and the roll log. */
static void flush_ruling(log_ctx *c)
{
    if (c->trace->text && c->trace->len) {
        const char *p = c->trace->text;
        while (*p) {
            size_t n = strcspn(p, "\n");
            fprintf(c->out, "      %.*s\n", (int)n, p);
            p += n + (p[n] == '\n');
        }
    }
    c->trace->len = 0;
    if (c->trace->text)
        c->trace->text[0] = '\0';
    c->dice->nrolls = 0;
}

static void kick_result(const pb_game_event *e, int receiver, char *buf, size_t len)
{
    char at[24];
    const pb_result *r = &e->result;
    switch (r->kind) {
    case PB_OUT_START:
        snprintf(buf, len, "%s ball at %s%s", team_name[receiver], spot(at, sizeof at, r->yards),
                 r->flags & PB_FLAG_TOUCHBACK ? " (touchback)" : r->flags & PB_FLAG_RETURNED ? " after the return" : "");
        break;
    case PB_OUT_RETURN_TD:
        snprintf(buf, len, "returned for a touchdown by %s", team_name[receiver]);
        break;
    case PB_OUT_KEPT:
        snprintf(buf, len, "kept: %s ball at %s", team_name[e->team], spot(at, sizeof at, r->yards));
        break;
    default:
        snprintf(buf, len, "%s", pb_outcome_name(r->kind));
        break;
    }
}

static void observe(void *self, const pb_game *g, const pb_game_event *e)
{
    log_ctx *c = self;
    const pb_ruleset *rs = g->env.rules;
    char dice[160], score[48], res[96], at[24];
    dice_text(c->dice, dice, sizeof dice);
    score_text(g, score, sizeof score);
    int q = e->quarter;
    char qlabel[8];
    if (q > rs->quarters)
        snprintf(qlabel, sizeof qlabel, "OT");
    else
        snprintf(qlabel, sizeof qlabel, "Q%d", q);
    switch (e->kind) {
    case PB_EV_COIN_TOSS:
        fprintf(c->out, "coin toss: %s kicks off, %s receives\n", team_name[e->team], team_name[1 - e->team]);
        break;
    case PB_EV_QUARTER: {
        if (g->uniform_cards) {
            fprintf(c->out, "-- %s: %d plays, each play card drawn from the 24 (uniform cards)\n",
                    q > rs->quarters ? "overtime" : qlabel, g->deck_end - g->deck_next);
            break;
        }
        fprintf(c->out, "-- %s: %d play cards dealt; set aside:", q > rs->quarters ? "overtime" : qlabel,
                g->deck_end - g->deck_next);
        for (int i = 0; i < g->aside_count; i++)
            fprintf(c->out, " %02d", g->aside[i]);
        fprintf(c->out, "%s\n", g->aside_count ? "" : " none");
        break;
    }
    case PB_EV_KICKOFF:
        kick_result(e, 1 - e->team, res, sizeof res);
        fprintf(c->out, "%-3s %-10s %s %s%s | %s | %s | %s\n", qlabel, "kickoff", team_name[e->team],
                e->free_kick ? "free kick" : "kicks off", e->onside ? " (onside)" : "", dice, res, score);
        break;
    case PB_EV_SNAP: {
        const pb_situation *s = &e->sit;
        char down[32], calls[64];
        if (s->ytg == s->togo)
            snprintf(down, sizeof down, "%s & goal", nth(s->down));
        else
            snprintf(down, sizeof down, "%s & %d", nth(s->down), s->ytg);
        pb_result_text(&e->result, res, sizeof res);
        if (e->result.offense != e->call.offense || e->result.defense != e->call.defense)
            snprintf(calls, sizeof calls, "%s v Defense %d (called %s v %d)", pb_offense_name(e->result.offense),
                     e->result.defense, pb_offense_name(e->call.offense), e->call.defense);
        else
            snprintf(calls, sizeof calls, "%s v Defense %d", pb_offense_name(e->call.offense), e->call.defense);
        char num[16];
        snprintf(num, sizeof num, "#%d/%d", g->deck_next, g->deck_end);  /* this card's place in the deck */
        fprintf(c->out, "%-3s %-10s %s %s at %s (togo %d) | %s | card %02d %s | %s | %s | %s\n", qlabel, num,
                team_name[e->team], down, spot(at, sizeof at, s->togo), s->togo, calls, e->card,
                rs->card[e->card - 1].name, dice, res, score);
        break;
    }
    case PB_EV_PUNT:
        kick_result(e, 1 - e->team, res, sizeof res);
        fprintf(c->out, "%-3s %-10s %s punts from %s (togo %d) | %s | %s\n", qlabel, "punt", team_name[e->team],
                spot(at, sizeof at, e->sit.togo), e->sit.togo, res, score);
        break;
    case PB_EV_FIELD_GOAL:
        fprintf(c->out, "%-3s %-10s %s field goal from %s (togo %d)%s | %s | %s | %s\n", qlabel, "field goal",
                team_name[e->team], spot(at, sizeof at, e->sit.togo), e->sit.togo,
                e->final ? ", after the half's last card" : "", dice,
                e->result.kind == PB_OUT_GOOD ? "good" : "missed", score);
        break;
    case PB_EV_PAT:
        fprintf(c->out, "%-3s %-10s %s PAT kick | %s | %s | %s\n", qlabel, "try", team_name[e->team], dice,
                e->result.kind == PB_OUT_GOOD ? "good" : "no good", score);
        break;
    case PB_EV_TWO_POINT:
        pb_result_text(&e->result, res, sizeof res);
        fprintf(c->out, "%-3s %-10s %s two-point try: %s v Defense %d | %s | %s: %s | %s\n", qlabel, "try",
                team_name[e->team], pb_offense_name(e->call.offense), e->call.defense, dice, res,
                e->result.kind == PB_OUT_TOUCHDOWN ? "good" : "no good", score);
        break;
    case PB_EV_EXTRA_PLAY:
        if (e->card == 0) {  /* uniform cards: the added play's card is drawn when it is played */
            fprintf(c->out, "%-3s %-10s %s takes a timeout at the half's last play: a play added (%d timeouts left)\n",
                    qlabel, "timeout", team_name[e->team], g->timeouts[e->team]);
            break;
        }
        fprintf(c->out, "%-3s %-10s %s takes a timeout at the half's last play: card %02d %s added (%d timeouts left)\n",
                qlabel, "timeout", team_name[e->team], e->card, rs->card[e->card - 1].name, g->timeouts[e->team]);
        break;
    case PB_EV_DOWNS:
        fprintf(c->out, "%-3s %-10s %s turns the ball over on downs\n", qlabel, "downs", team_name[e->team]);
        break;
    case PB_EV_HALF_END:
        fprintf(c->out, "-- end of %s | %s\n", q > rs->quarters ? "overtime" : q >= rs->quarters ? "regulation" : "the half",
                score);
        break;
    case PB_EV_GAME_END:
        fprintf(c->out, "-- final%s | %s\n", g->overtime ? " (overtime)" : "", score);
        break;
    default:
        break;
    }
    flush_ruling(c);
}

static void box_score(FILE *out, const pb_game *g)
{
    int periods = g->env.rules->quarters + (g->overtime ? 1 : 0);
    if (periods > PB_PERIODS_MAX)
        periods = PB_PERIODS_MAX;
    fprintf(out, "\nbox score      ");
    for (int q = 0; q < periods; q++)
        fprintf(out, q < g->env.rules->quarters ? "  Q%-2d" : "  OT ", q + 1);
    fprintf(out, "  final\n");
    for (int team = 0; team < 2; team++) {
        fprintf(out, "  %-13s", team_name[team]);
        for (int q = 0; q < periods; q++)
            fprintf(out, " %4d", g->period_points[q][team]);
        fprintf(out, "  %5d\n", g->score[team]);
    }
    static const struct { pb_stat s; const char *label; } rows[] = {
        {PB_STAT_SNAPS, "plays"}, {PB_STAT_YARDS, "net yards"}, {PB_STAT_FIRST_DOWNS, "first downs"},
        {PB_STAT_TD, "touchdowns"}, {PB_STAT_FG_MADE, "field goals"}, {PB_STAT_FG_ATT, "field goal attempts"},
        {PB_STAT_INTERCEPTIONS, "interceptions"}, {PB_STAT_FUMBLES, "fumbles lost"},
        {PB_STAT_DOWNS, "turnovers on downs"}, {PB_STAT_PUNTS, "punts"}, {PB_STAT_PENALTIES, "penalties"},
        {PB_STAT_TIMEOUTS_USED, "timeouts used"}, {PB_STAT_DRIVES, "drives"},
    };
    fprintf(out, "  %-22s %6s %6s\n", "", "Home", "Away");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        fprintf(out, "  %-22s %6d %6d\n", rows[i].label, g->stat[0][rows[i].s], g->stat[1][rows[i].s]);
}

int pb_sim_log(FILE *out, const pb_sim_config *cfg, uint64_t first, uint64_t n, char *err, size_t errlen)
{
    pb_sim_game *sg = malloc(sizeof *sg);
    if (!sg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (uint64_t i = first; i < first + n && rc == 0; i++) {
        pb_trace trace;
        pb_trace_init(&trace);
        pb_sim_game_init(sg, cfg, i, &trace);
        sg->dice.record = true;
        log_ctx c = {out, &trace, &sg->dice};
        sg->game.observe = observe;
        sg->game.observer = &c;
        fprintf(out, "%s== game %" PRIu64 " (seed %" PRIu64 ", ruleset %s): Home %s, Away %s\n", i == first ? "" : "\n",
                i, cfg->seed, cfg->rules->name, pb_sim_team_label(cfg, PB_HOME, false),
                pb_sim_team_label(cfg, PB_AWAY, false));
        if (pb_sim_game_play(sg, cfg) != 0) {
            snprintf(err, errlen, "game %" PRIu64 ": %s", i, sg->game.error);
            rc = -1;
        } else if (trace.failed) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        } else {
            box_score(out, &sg->game);
        }
        pb_trace_release(&trace);
    }
    free(sg);
    return rc;
}
