/* cardgame/cardgame_sim.c: the card game simulated, by random or greedy legal play or from a script
 * (cardgame_sim.h). */
#include "cardgame_state.h"
#include "splitmix.h"
#include "num_parse.h"

#include <stdio.h>
#include <string.h>

#define NP 4

static int pick(cg_state *g, int n) { return (int)(pb_splitmix_next(&g->rng) % (uint64_t)n); }

static int team(int p) { return p % 2; }

void cg_sim_opts_default(cg_sim_opts *o)
{
    o->skills = CG_SKILLS_TEXT;
    o->strategy[0] = o->strategy[1] = CG_STRAT_RANDOM;
}

/* one choice among opt[0..k-1] (k >= 1) by player p: scripted, greedy or uniformly at random */
static int choose(cg_state *g, int kind, int p, const int *opt, int k, int amount)
{
    if (g->script) {
        if (g->pos < g->script->nchoice && !g->script_error) {
            int v = g->script->choice[g->pos++];
            for (int i = 0; i < k; i++)
                if (opt[i] == v)
                    return v;
        }
        g->script_error = true;
        g->over = true;
        return opt[0];
    }
    if (g->o->strategy[p % 2] == CG_STRAT_GREEDY)
        return opt[cg_greedy_choose(g, kind, p, opt, k, amount)];
    return opt[pick(g, k)];
}

/* removes card c from p's hand (the last card takes its place, as a random pick always did) */
static void take(cg_state *g, int p, int c)
{
    for (int i = 0; i < g->n[p]; i++)
        if (g->hand[p][i] == c) {
            g->hand[p][i] = g->hand[p][--g->n[p]];
            break;
        }
    if (g->n[p] == 0)
        g->ran_out = true;
}

static void give(cg_state *g, int p, int c)
{
    if (g->n[p] < CG_MAXHAND)
        g->hand[p][g->n[p]++] = c;
}

/* p plays a card of suit s if he must and can (s < 0: any card) */
static int play(cg_state *g, int kind, int p, int s)
{
    int opt[CG_MAXHAND], k = 0;
    for (int i = 0; s >= 0 && i < g->n[p]; i++)
        if (cg_suit(g, g->hand[p][i]) == s)
            opt[k++] = g->hand[p][i];
    if (k == 0)
        for (int i = 0; i < g->n[p]; i++)
            opt[k++] = g->hand[p][i];
    int c = choose(g, kind, p, opt, k, 0);
    take(g, p, c);
    return c;
}

int cg_trick_winner(const cg_state *g)
{
    int w = -1;
    if (g->ls < 0)
        return -1;
    for (int i = 0; i < g->np; i++)
        if (g->present[i] && g->su[i] == g->ls &&
            (w < 0 || (g->reversed ? g->val[i] > g->val[w] : g->val[i] < g->val[w])))
            w = i;
    return w;
}

/* the place in the trick of seat q's card (-1: q has no card in it) */
static int place_of(const cg_state *g, int q)
{
    for (int i = 0; i < g->np; i++)
        if (g->who[i] == q && g->present[i])
            return i;
    return -1;
}

/* the skill of the card at place i (played by p, not followed, not cancelled); true if it acted */
static bool apply_skill(cg_state *g, int i, int p, bool later_partner)
{
    int q = (p + 2) % NP, opt[CG_MAXHAND], k = 0;
    switch (cg_num(g, g->card[i])) {
    case 1:  /* show a card to the partner: information only, which neither strategy uses */
        return g->n[p] > 0;
    case 3:
        g->cancelled = true;
        return true;
    case 4: {  /* another played card back to its owner's hand */
        for (int j = 0; j < g->np; j++)
            if (j != i && g->present[j])
                opt[k++] = j;
        if (k == 0)
            return false;
        int j = choose(g, CG_CH_RETURN, p, opt, k, 0);
        g->present[j] = false;
        give(g, g->who[j], g->card[j]);
        if (j == 0 && strcmp(g->r->value[9], "next") == 0) {
            /* T10 = next: the next card in play order (played already, or still to come) leads */
            g->ls = -1;
            for (int m = 1; m < g->np && g->ls < 0; m++)
                if (g->present[m])
                    g->ls = g->su[m];
        }
        return true;
    }
    case 6: {  /* the partner's suit to another colour */
        bool t9_next = strcmp(g->r->value[8], "next") == 0;
        int j = t9_next ? -1 : place_of(g, q);
        if (t9_next ? !later_partner : j < 0)
            return false;
        for (int s = 0; s < g->r->deck[CG_SUITS] && k < CG_MAXHAND; s++)
            if (t9_next || s != g->su[j])
                opt[k++] = s;
        int s = choose(g, CG_CH_COLOUR, p, opt, k, j);
        if (t9_next)
            g->pending[q] = s;
        else
            g->su[j] = s;
        return true;
    }
    case 7: {  /* one card to the partner, one back */
        if (g->n[p] == 0 || g->n[q] == 0)
            return false;
        int a = choose(g, CG_CH_GIVE, p, g->hand[p], g->n[p], 0);
        int b = choose(g, CG_CH_TAKE, q, g->hand[q], g->n[q], 0);
        for (int i2 = 0; i2 < g->n[p]; i2++)  /* in place: neither hand is ever empty */
            if (g->hand[p][i2] == a)
                g->hand[p][i2] = b;
        for (int i2 = 0; i2 < g->n[q]; i2++)
            if (g->hand[q][i2] == b)
                g->hand[q][i2] = a;
        return true;
    }
    case 8:
    case 11: {  /* +1 / +2 to any one played card */
        for (int j = 0; j < g->np; j++)
            if (g->present[j])
                opt[k++] = j;
        int amount = cg_num(g, g->card[i]) == 8 ? 1 : 2;
        int j = choose(g, CG_CH_PLUS, p, opt, k, amount);
        g->val[j] += amount;
        return true;
    }
    case 10:
        g->reversed = !g->reversed;
        return true;
    default:  /* 2, 5, 9: blank (T7) */
        return false;
    }
}

/* plays one game from g's hands; seat `lead` leads first */
static void play_game(cg_state *g, cg_game_log *log)
{
    const cg_rules *r = g->r;
    bool t1_plays = strcmp(r->value[0], "plays") == 0, t2_another = strcmp(r->value[1], "another") == 0;
    bool t3_winner = strcmp(r->value[2], "winner") == 0, t5_tdonly = r->bonus_td_only;
    int t6 = strcmp(r->value[5], "immediately") == 0 ? 0 : strcmp(r->value[5], "trick") == 0 ? 1 : 2;
    bool t12_kicker = strcmp(r->value[11], "kicker") == 0;
    int lead = 0, kicker = -1;
    bool kickoff = true;
    while (!g->over) {
        /* 1: the kick-off (skipped after an onside turnover) */
        int skip = -1;
        if (kickoff) {
            log->series++;
            kicker = (lead + 1) % NP;
            if (g->n[kicker] == 0)
                break;
            int kc = play(g, CG_CH_KICK, kicker, -1);
            g->marker = cg_num(g, kc);
            if (g->over || (t6 == 0 && g->ran_out))
                break;
            if (g->marker <= r->deck[CG_ONSIDE_MAX]) {
                log->onside++;
                int best = -1, bestn = 1 << 20;
                for (int k = 0; k < NP; k++) {  /* from the lead clockwise: ties go to the nearer */
                    int p = (lead + k) % NP, c;
                    if (p == kicker && !t2_another)
                        c = kc;
                    else if (g->n[p] == 0)
                        continue;
                    else
                        c = play(g, CG_CH_ONSIDE, p, -1);
                    if (cg_num(g, c) < bestn) {
                        bestn = cg_num(g, c);
                        best = p;
                    }
                }
                if (g->over)
                    break;
                lead = best;
                if (team(best) == team(kicker)) {  /* the defense takes it: possession changes */
                    g->marker = 12 - (t3_winner ? bestn : g->marker);
                    kickoff = false;
                    if (t6 == 0 && g->ran_out)
                        break;
                    log->series++;  /* the new offense plays on from the onside winner's lead */
                }
                if (t6 == 0 && g->ran_out)
                    break;
            } else if (!t1_plays) {
                skip = kicker;
            }
        }
        kickoff = true;
        /* 2, 3: up to 3 tricks */
        int off = team(lead), kick_total = 0, last = 0, before_last = 0;
        bool ended = false;
        g->total = 0;
        for (int trick = 0; trick < 3 && !ended && !g->over; trick++) {
            if (g->n[lead] == 0) {
                g->over = true;
                break;
            }
            int runopt[2] = {1, 0};
            g->run = choose(g, CG_CH_RUN, lead, runopt, 2, 0) == 1;
            g->lead = lead;
            g->np = 0;
            g->reversed = g->cancelled = false;
            for (int i = 0; i < NP; i++)
                g->pending[i] = -1;
            int lc = play(g, CG_CH_LEAD, lead, -1);
            g->ls = cg_suit(g, lc);
            g->card[0] = lc;
            g->who[0] = lead;
            g->val[0] = cg_num(g, lc);
            g->su[0] = g->ls;
            g->present[0] = true;
            g->np = 1;
            if (t6 == 0 && g->ran_out)
                g->over = true;
            for (int k = 1; k < NP && !g->over; k++) {
                int p = (lead + k) % NP;
                if ((trick == 0 && p == skip) || g->n[p] == 0)
                    continue;
                int c = play(g, CG_CH_PLAY, p, g->run ? g->ls : -1);
                bool f = g->ls < 0 || cg_suit(g, c) == g->ls;
                if (g->ls < 0)
                    g->ls = cg_suit(g, c);
                int i = g->np++;
                g->card[i] = c;
                g->who[i] = p;
                g->val[i] = cg_num(g, c);
                g->su[i] = cg_suit(g, c);
                g->present[i] = true;
                if (g->pending[p] >= 0) {  /* T9 = next: the partner's skill 6 recolours this card */
                    g->su[i] = g->pending[p];
                    g->pending[p] = -1;
                }
                if (g->over || (t6 == 0 && g->ran_out)) {
                    g->over = true;
                    break;
                }
                int sk = cg_num(g, c);
                if (!f && !g->cancelled && sk <= 11 && (g->o->skills >> sk & 1u)) {
                    /* does the partner still play in this trick (skill 6 under T9 = next)? */
                    int q = (p + 2) % NP;
                    bool later = k + 2 < NP && g->n[q] > 0 && !(trick == 0 && q == skip);
                    if (apply_skill(g, i, p, later))
                        log->skills_fired[sk]++;
                }
                if (g->over)
                    break;
            }
            if (g->over)
                break;
            log->tricks++;
            int w = cg_trick_winner(g);
            if (w < 0) {  /* nobody followed: the down is spent, the lead stays */
                log->void_tricks++;
            } else if (team(g->who[w]) != off) {  /* the defense takes it: the series ends */
                lead = g->who[w];
                ended = true;
            } else {
                int winner = g->who[w], x = g->val[w];
                int bonus = winner == (lead + 2) % NP ? r->deck[CG_BONUS] : 0;
                before_last = kick_total;
                g->total += x + bonus;
                kick_total += x + (t5_tdonly ? 0 : bonus);
                last = x;
                lead = winner;
                if (g->total >= g->marker) {
                    g->score[off] += g->total == g->marker ? 7 : 8;
                    log->touchdowns++;
                    lead = (winner + 1) % NP;
                    ended = true;
                }
            }
            if (!ended && trick == 2) {
                log->kicks_tried++;
                int remaining = g->marker - (r->kick_before ? before_last : kick_total);
                if (last > 0 && last >= remaining) {
                    g->score[off] += 3;
                    log->kicks_scored++;
                }
                lead = t12_kicker ? kicker : (lead + 1) % NP;
                ended = true;
            }
            if (g->ran_out && t6 == 1)
                g->over = true;
        }
        if (g->ran_out)
            g->over = true;
    }
    memcpy(log->score, g->score, sizeof log->score);
    memcpy(log->hand, g->hand, sizeof log->hand);
    memcpy(log->n, g->n, sizeof log->n);
    log->script_error = g->script_error;
    log->script_pos = g->pos;
}

static void state_init(cg_state *g, const cg_rules *r, const cg_sim_opts *o)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    g->o = o;
    g->ranks = r->deck[CG_RANKS];
}

int cg_sim_check(const cg_rules *r, char *err, size_t errlen)
{
    const int *d = r->deck;
    if (d[CG_PLAYERS] != NP || d[CG_HAND] > CG_MAXHAND || d[CG_SUITS] * d[CG_RANKS] > 64 || d[CG_SUITS] > CG_MAXHAND) {
        snprintf(err, errlen,
                 "the simulator plays 4 players, hands of at most %d cards, at most %d suits and 64 cards "
                 "(the ruleset has %d players, hands of %d, %d x %d cards)",
                 CG_MAXHAND, CG_MAXHAND, d[CG_PLAYERS], d[CG_HAND], d[CG_SUITS], d[CG_RANKS]);
        return -1;
    }
    return 0;
}

void cg_sim_script(const cg_rules *r, const cg_sim_opts *o, const cg_script *s, cg_game_log *out)
{
    cg_state g;
    state_init(&g, r, o);
    g.script = s;
    for (int p = 0; p < NP; p++) {
        g.n[p] = s->n[p] < CG_MAXHAND ? s->n[p] : CG_MAXHAND;
        memcpy(g.hand[p], s->hand[p], sizeof g.hand[p]);
    }
    memset(out, 0, sizeof *out);
    play_game(&g, out);
}

void cg_sim_run(const cg_rules *r, const cg_sim_opts *o, long games, uint64_t seed, cg_sim_result *out)
{
    memset(out, 0, sizeof *out);
    out->games = games;
    int deck = r->deck[CG_SUITS] * r->deck[CG_RANKS], hand = r->deck[CG_HAND];
    if (hand > CG_MAXHAND)
        hand = CG_MAXHAND;
    if (deck > 64)
        deck = 64;
    double pts[2] = {0, 0}, ties = 0, wins = 0;
    uint64_t rng = seed;
    for (long gi = 0; gi < games; gi++) {
        cg_state g;
        state_init(&g, r, o);
        g.rng = pb_splitmix_next(&rng);
        int cards[64];
        for (int i = 0; i < deck; i++)
            cards[i] = i;
        for (int i = deck - 1; i > 0; i--) {
            int j = pick(&g, i + 1), t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        for (int p = 0; p < NP; p++) {
            for (int i = 0; i < hand && p * hand + i < deck; i++)
                g.hand[p][g.n[p]++] = cards[p * hand + i];
        }
        cg_game_log log;
        memset(&log, 0, sizeof log);
        play_game(&g, &log);
        /* seat 0 leads first: team 0 is the first offense, team 1 the first defense */
        pts[0] += log.score[0];
        pts[1] += log.score[1];
        if (log.score[0] == log.score[1])
            ties++;
        else if (log.score[0] > log.score[1])
            wins++;
        out->touchdowns += log.touchdowns;
        out->kicks_scored += log.kicks_scored;
        out->kicks_tried += log.kicks_tried;
        out->onside += log.onside;
        out->series += log.series;
        out->void_tricks += log.void_tricks;
        for (int k = 0; k < 12; k++)
            out->skills_fired[k] += log.skills_fired[k];
    }
    double n = games > 0 ? (double)games : 1.0;
    out->points[0] = pts[0] / n;
    out->points[1] = pts[1] / n;
    out->tie_rate = ties / n;
    out->first_offense_wins = wins / n;
    out->touchdowns /= n;
    out->kicks_scored /= n;
    out->kicks_tried /= n;
    out->onside /= n;
    out->series /= n;
    out->void_tricks /= n;
    for (int k = 0; k < 12; k++)
        out->skills_fired[k] /= n;
}

int cg_sim_parse_skills(const char *text, unsigned *skills, char *err, size_t errlen)
{
    if (strcmp(text, "text") == 0 || strcmp(text, "none") == 0 || strcmp(text, "first") == 0) {
        *skills = text[0] == 't' ? CG_SKILLS_TEXT : text[0] == 'f' ? CG_SKILLS_FIRST : 0u;
        return 0;
    }
    unsigned m = 0;
    for (const char *s = text;;) {
        const char *comma = strchr(s, ',');
        int64_t k;
        if (pb_num_digits(s, comma ? (int)(comma - s) : -1, 1, 11, &k) != PB_NUM_OK)
            break;
        m |= 1u << k;
        if (!comma) {
            *skills = m;
            return 0;
        }
        s = comma + 1;
    }
    snprintf(err, errlen, "bad skill list '%s' (text, first, none, or numbers 1..11 separated by commas)", text);
    return -1;
}

static int strategy_of(const char *s, size_t len)
{
    if (len == 6 && strncmp(s, "random", 6) == 0)
        return CG_STRAT_RANDOM;
    if (len == 6 && strncmp(s, "greedy", 6) == 0)
        return CG_STRAT_GREEDY;
    return -1;
}

int cg_sim_parse_strategy(const char *text, int strategy[2], char *err, size_t errlen)
{
    const char *slash = strchr(text, '/');
    int a = strategy_of(text, slash ? (size_t)(slash - text) : strlen(text));
    int b = slash ? strategy_of(slash + 1, strlen(slash + 1)) : a;
    if (a < 0 || b < 0) {
        snprintf(err, errlen, "unknown strategy '%s' (random, greedy, or A/B: the first offense's, the first "
                 "defense's)", text);
        return -1;
    }
    strategy[0] = a;
    strategy[1] = b;
    return 0;
}
