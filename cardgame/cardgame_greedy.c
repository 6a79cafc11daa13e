/* cardgame/cardgame_greedy.c: a greedy legal strategy for the card-game simulator: each choice is
 * the one that leaves the player's team holding the trick as it stands (for the offense, with the
 * highest number, which is distance), looking no further than the cards already played. Kick-off:
 * the highest card (the longest field); onside: the lowest; the lead: a run play, the highest card
 * of its longest suit (whoever is void in it cannot take the trick); a card that does not matter:
 * the highest (the low cards are kept). */
#include "cardgame_state.h"

#include <string.h>

/* the trick as it stands, from p's side: 0 when the other team holds it, 100 + (for the offense)
 * the number it would be taken with */
static int standing(const cg_state *t, int p)
{
    int w = cg_trick_winner(t);
    if (w < 0 || t->who[w] % 2 != p % 2)
        return 0;
    return 100 + (p % 2 == t->lead % 2 ? t->val[w] : 0);
}

static int best_of(const int *score, int k)
{
    int b = 0;
    for (int i = 1; i < k; i++)
        if (score[i] > score[b])
            b = i;
    return b;
}

int cg_greedy_choose(const cg_state *g, int kind, int p, const int *opt, int k, int amount)
{
    int score[CG_MAXHAND];
    if (k > CG_MAXHAND)
        k = CG_MAXHAND;
    for (int i = 0; i < k; i++) {
        int c = opt[i];
        switch (kind) {
        case CG_CH_KICK:
        case CG_CH_GIVE:
        case CG_CH_TAKE:
            score[i] = cg_num(g, c);
            break;
        case CG_CH_ONSIDE:
            score[i] = -cg_num(g, c);
            break;
        case CG_CH_LEAD: {
            int same = 0;
            for (int m = 0; m < g->n[p]; m++)
                same += cg_suit(g, g->hand[p][m]) == cg_suit(g, c);
            score[i] = 20 * same + cg_num(g, c);  /* the longest suit, then its highest card */
            break;
        }
        case CG_CH_RUN:
            score[i] = c;  /* run */
            break;
        case CG_CH_PLAY: {
            cg_state t = *g;
            int j = t.np++;
            bool f = t.ls < 0 || cg_suit(g, c) == t.ls;
            if (t.ls < 0)
                t.ls = cg_suit(g, c);
            t.card[j] = c;
            t.who[j] = p;
            t.val[j] = cg_num(g, c);
            t.su[j] = cg_suit(g, c);
            t.present[j] = true;
            if (!f && !t.cancelled && cg_num(g, c) == 10 && (g->o->skills >> 10 & 1u))
                t.reversed = !t.reversed;
            score[i] = 100 * standing(&t, p) + cg_num(g, c);
            break;
        }
        case CG_CH_RETURN: {
            cg_state t = *g;
            t.present[c] = false;
            if (c == 0 && strcmp(g->r->value[9], "next") == 0) {  /* T10 = next, as the simulator */
                t.ls = -1;
                for (int m = 1; m < t.np && t.ls < 0; m++)
                    if (t.present[m])
                        t.ls = t.su[m];
            }
            score[i] = standing(&t, p);
            break;
        }
        case CG_CH_PLUS: {
            cg_state t = *g;
            t.val[c] += amount;
            score[i] = standing(&t, p);
            break;
        }
        case CG_CH_COLOUR: {
            if (amount < 0) {  /* T9 = next: the partner's coming card to the led suit */
                score[i] = c == g->ls;
                break;
            }
            cg_state t = *g;
            t.su[amount] = c;
            score[i] = standing(&t, p);
            break;
        }
        default:
            score[i] = 0;
        }
    }
    return best_of(score, k);
}
