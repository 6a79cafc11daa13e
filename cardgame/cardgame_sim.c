/* cardgame/cardgame_sim.c: the card game simulated with random legal play (cardgame_sim.h). */
#include "cardgame_sim.h"

#include <string.h>

#define MAXH 16
#define NP 4

typedef struct {
    int hand[NP][MAXH], n[NP];
    uint64_t rng;
    int score[2];
    bool over;
} game;

static uint64_t next(uint64_t *s)  /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int pick(game *g, int n) { return (int)(next(&g->rng) % (uint64_t)n); }

static int team(int p) { return p % 2; }
static int num(int c, int ranks) { return c % ranks + 1; }
static int suit(int c, int ranks) { return c / ranks; }

/* removes and returns the card at index i of p's hand */
static int take(game *g, int p, int i)
{
    int c = g->hand[p][i];
    g->hand[p][i] = g->hand[p][--g->n[p]];
    return c;
}

static int play_any(game *g, int p) { return take(g, p, pick(g, g->n[p])); }

static int play_following(game *g, int p, int s, int ranks, bool *followed)
{
    int idx[MAXH], k = 0;
    for (int i = 0; i < g->n[p]; i++)
        if (suit(g->hand[p][i], ranks) == s)
            idx[k++] = i;
    *followed = k > 0;
    return k ? take(g, p, idx[pick(g, k)]) : play_any(g, p);
}

static bool someone_empty(const game *g)
{
    for (int p = 0; p < NP; p++)
        if (g->n[p] == 0)
            return true;
    return false;
}

void cg_sim_run(const cg_rules *r, long games, uint64_t seed, cg_sim_result *out)
{
    memset(out, 0, sizeof *out);
    out->games = games;
    int ranks = r->deck[CG_RANKS], deck = r->deck[CG_SUITS] * ranks, hand = r->deck[CG_HAND];
    if (hand > MAXH)
        hand = MAXH;
    bool t1_plays = strcmp(r->value[0], "plays") == 0, t2_another = strcmp(r->value[1], "another") == 0;
    bool t3_winner = strcmp(r->value[2], "winner") == 0, t5_tdonly = r->bonus_td_only;
    int t6 = strcmp(r->value[5], "immediately") == 0 ? 0 : strcmp(r->value[5], "trick") == 0 ? 1 : 2;
    bool t12_kicker = strcmp(r->value[11], "kicker") == 0;
    double pts[2] = {0, 0}, ties = 0, wins = 0, tds = 0, kicks = 0, tries = 0, onsides = 0, series = 0;
    uint64_t rng = seed;
    for (long gi = 0; gi < games; gi++) {
        game g;
        memset(&g, 0, sizeof g);
        g.rng = next(&rng);
        int cards[64];
        for (int i = 0; i < deck; i++)
            cards[i] = i;
        for (int i = deck - 1; i > 0; i--) {
            int j = pick(&g, i + 1), t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        for (int p = 0; p < NP; p++) {
            for (int i = 0; i < hand; i++)
                g.hand[p][i] = cards[p * hand + i];
            g.n[p] = hand;
        }
        int lead = 0, first_def = team(1);
        bool kickoff = true;
        int marker = 0, kicker = -1;
        while (!g.over) {
            /* 1: the kick-off (skipped after an onside turnover) */
            int skip = -1;
            if (kickoff) {
                series++;
                kicker = (lead + 1) % NP;
                if (g.n[kicker] == 0)
                    break;
                int kc = play_any(&g, kicker);
                marker = num(kc, ranks);
                if (t6 == 0 && someone_empty(&g))
                    break;
                if (marker <= r->deck[CG_ONSIDE_MAX]) {
                    onsides++;
                    int best = -1, bestn = 1 << 20;
                    for (int k = 0; k < NP; k++) {  /* from the lead clockwise: ties go to the nearer */
                        int p = (lead + k) % NP, c;
                        if (p == kicker && !t2_another)
                            c = kc;
                        else if (g.n[p] == 0)
                            continue;
                        else
                            c = play_any(&g, p);
                        if (num(c, ranks) < bestn) {
                            bestn = num(c, ranks);
                            best = p;
                        }
                    }
                    lead = best;
                    if (team(best) == team(kicker)) {  /* the defense takes it: possession changes */
                        marker = 12 - (t3_winner ? bestn : marker);
                        kickoff = false;
                        if (t6 == 0 && someone_empty(&g))
                            break;
                        series++;  /* the new offense plays on from the onside winner's lead */
                    }
                    if (t6 == 0 && someone_empty(&g))
                        break;
                } else if (!t1_plays) {
                    skip = kicker;
                }
            }
            kickoff = true;
            /* 2, 3: up to 3 tricks */
            int off = team(lead), total = 0, kick_total = 0, last = 0, before_last = 0;
            bool ended = false;
            for (int trick = 0; trick < 3 && !ended && !g.over; trick++) {
                if (g.n[lead] == 0) {
                    g.over = true;
                    break;
                }
                bool run = pick(&g, 2) == 0;
                int played[NP], who[NP], np = 0;
                bool fol[NP], reversed = false, cancelled = false;
                int lc = play_any(&g, lead), ls = suit(lc, ranks);
                played[np] = lc;
                who[np] = lead;
                fol[np++] = true;
                for (int k = 1; k < NP; k++) {
                    int p = (lead + k) % NP;
                    if ((trick == 0 && p == skip) || g.n[p] == 0)
                        continue;
                    bool f;
                    int c = run ? play_following(&g, p, ls, ranks, &f) : play_any(&g, p);
                    if (!run)
                        f = suit(c, ranks) == ls;
                    played[np] = c;
                    who[np] = p;
                    fol[np++] = f;
                    if (!f && !cancelled) {  /* the skill of a card that did not follow */
                        if (num(c, ranks) == 10)
                            reversed = !reversed;
                        if (num(c, ranks) == 3)
                            cancelled = true;
                    }
                }
                int w = -1;
                for (int i = 0; i < np; i++)
                    if (fol[i] && (w < 0 || (reversed ? num(played[i], ranks) > num(played[w], ranks)
                                                      : num(played[i], ranks) < num(played[w], ranks))))
                        w = i;
                int winner = who[w], x = num(played[w], ranks);
                bool empty = someone_empty(&g);
                if (t6 == 0 && empty) {
                    g.over = true;
                    break;
                }
                if (team(winner) != off) {  /* the defense takes it: the series ends */
                    lead = winner;
                    ended = true;
                } else {
                    int bonus = winner == (lead + 2) % NP ? r->deck[CG_BONUS] : 0;
                    before_last = kick_total;
                    total += x + bonus;
                    kick_total += x + (t5_tdonly ? 0 : bonus);
                    last = x;
                    lead = winner;
                    if (total >= marker) {
                        g.score[off] += total == marker ? 7 : 8;
                        tds++;
                        lead = (winner + 1) % NP;
                        ended = true;
                    } else if (trick == 2) {
                        tries++;
                        int remaining = marker - (r->kick_before ? before_last : kick_total);
                        if (last >= remaining) {
                            g.score[off] += 3;
                            kicks++;
                        }
                        lead = t12_kicker ? kicker : (winner + 1) % NP;
                        ended = true;
                    }
                }
                if (empty && t6 == 1)
                    g.over = true;
            }
            if (someone_empty(&g))
                g.over = true;
        }
        int fo = 1 - first_def;
        pts[0] += g.score[fo];
        pts[1] += g.score[first_def];
        if (g.score[0] == g.score[1])
            ties++;
        else if (g.score[fo] > g.score[first_def])
            wins++;
    }
    double n = games > 0 ? (double)games : 1.0;
    out->points[0] = pts[0] / n;
    out->points[1] = pts[1] / n;
    out->tie_rate = ties / n;
    out->first_offense_wins = wins / n;
    out->touchdowns = tds / n;
    out->kicks_scored = kicks / n;
    out->kicks_tried = tries / n;
    out->onside = onsides / n;
    out->series = series / n;
}
