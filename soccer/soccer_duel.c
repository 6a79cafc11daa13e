/* soccer/soccer_duel.c: charges, penalty kicks and the shoot-out, exactly (soccer_duel.h). */
#include "soccer_duel.h"

#include <stdio.h>
#include <string.h>

const char *ms_charger_name(ms_charger c)
{
    static const char *const n[] = {"field player", "defender in his area", "other player in his area",
                                    "goalkeeper in his area"};
    return c < MS_CHARGERS ? n[c] : "?";
}

int ms_charge_bonus(const ms_rules *r, ms_charger c)
{
    switch (c) {
    case MS_CHARGER_AREA_DEFENDER: return r->charge_bonus_defender;
    case MS_CHARGER_AREA_OTHER: return r->charge_bonus_any ? r->charge_bonus_defender : 0;
    case MS_CHARGER_KEEPER: return r->charge_bonus_keeper;
    default: return 0;
    }
}

void ms_charge_p(mpq_t out, const ms_rules *r, ms_charger c)
{
    int b = ms_charge_bonus(r, c), n = 0;
    for (int a = 1; a <= MS_FACES; a++)
        for (int h = 1; h <= MS_FACES; h++)
            n += a + b >= h;  /* a tie goes to the charging side 「同じ数字のときはまもりがわの勝ち」 */
    mpq_set_ui(out, (unsigned long)n, MS_FACES * MS_FACES);
    mpq_canonicalize(out);
}

bool ms_charge_roll(const ms_rules *r, ms_charger c, int cf, int hf, char *steps, size_t len)
{
    int b = ms_charge_bonus(r, c), v = cf + b;
    bool win = v >= hf;
    if (!steps)
        return win;
    char first[96];
    if (b)
        snprintf(first, sizeof first, "%d + %d penalty-area bonus = %d", cf, b, v);
    else
        snprintf(first, sizeof first, "%d", cf);
    snprintf(steps, len, "1. the charger (%s) rolls %s\n2. the holder rolls %d\n3. %d %s %d: %s\n",
             ms_charger_name(c), first, hf, v, v > hf ? ">" : v == hf ? "=" : "<", hf,
             !win ? "the holder keeps the ball"
                  : v == hf ? "a tie goes to the charging (defending) side: he wins the ball, the two swap squares"
                            : "the charger wins the ball, the two swap squares");
    return win;
}

void ms_pk_p(mpq_t out, const ms_rules *r)
{
    int on = MS_FACES - r->pk_off_faces;
    if (r->pk_keeper_any)  /* the keeper guesses any face, uniformly: he saves when he guessed the face rolled */
        mpq_set_ui(out, (unsigned long)(on * (MS_FACES - 1)), MS_FACES * MS_FACES);
    else  /* he guesses one of the on-target faces */
        mpq_set_ui(out, (unsigned long)(on > 0 ? on - 1 : 0), MS_FACES);
    mpq_canonicalize(out);
}

bool ms_pk_roll(const ms_rules *r, int face, int guess, char *steps, size_t len)
{
    bool off = face <= r->pk_off_faces, saved = !off && face == guess;
    if (steps)
        snprintf(steps, len, "1. the goalkeeper guesses %d and stands before it\n2. the kicker rolls %d\n3. %s\n",
                 guess, face,
                 off ? "an off-target face: the kick misses the frame"
                     : saved ? "the keeper guessed it: he catches the ball" : "on target and not guessed: a goal");
    return !off && !saved;
}

void ms_shootout_init(ms_shootout *s)
{
    mpq_inits(s->first_wins, s->second_wins, s->tied, s->regular_tied, s->kicks, NULL);
    s->endless = false;
}

void ms_shootout_clear(ms_shootout *s) { mpq_clears(s->first_wins, s->second_wins, s->tied, s->regular_tied, s->kicks, NULL); }

/* Walk the regular kicks as a tree of (kicks taken, goals) with their probability. */
static void regular(ms_shootout *s, int n, int i, int a, int b, const mpq_t p, const mpq_t q, const mpq_t pr)
{
    /* i kicks taken: A kicks when i is even. Decided: one side cannot catch up. */
    int ka = (i + 1) / 2, kb = i / 2;
    if (a + (n - ka) < b || b + (n - kb) < a || i == 2 * n) {
        mpq_t t;
        mpq_init(t);
        mpq_set_ui(t, (unsigned long)i, 1);
        mpq_mul(t, t, pr);
        mpq_add(s->kicks, s->kicks, t);
        mpq_clear(t);
        if (a > b)
            mpq_add(s->first_wins, s->first_wins, pr);
        else if (b > a)
            mpq_add(s->second_wins, s->second_wins, pr);
        else
            mpq_add(s->regular_tied, s->regular_tied, pr);
        return;
    }
    const mpq_t *x = i % 2 == 0 ? (const mpq_t *)p : (const mpq_t *)q;
    mpq_t hit, miss;
    mpq_inits(hit, miss, NULL);
    mpq_mul(hit, pr, *x);
    mpq_sub(miss, pr, hit);
    if (i % 2 == 0) {
        regular(s, n, i + 1, a + 1, b, p, q, hit);
        regular(s, n, i + 1, a, b, p, q, miss);
    } else {
        regular(s, n, i + 1, a, b + 1, p, q, hit);
        regular(s, n, i + 1, a, b, p, q, miss);
    }
    mpq_clears(hit, miss, NULL);
}

void ms_shootout_solve(ms_shootout *s, const ms_rules *r, const mpq_t p, const mpq_t q)
{
    mpq_set_ui(s->first_wins, 0, 1);
    mpq_set_ui(s->second_wins, 0, 1);
    mpq_set_ui(s->tied, 0, 1);
    mpq_set_ui(s->regular_tied, 0, 1);
    mpq_set_ui(s->kicks, 0, 1);
    s->endless = false;
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    regular(s, r->shootout_kicks, 0, 0, 0, p, q, one);
    if (!r->sudden_death || mpq_sgn(s->regular_tied) == 0) {
        mpq_set(s->tied, s->regular_tied);
        mpq_clear(one);
        return;
    }
    /* sudden death: rounds of one kick each; a round decides with P(p(1-q) + q(1-p)) */
    mpq_t pa, pb, dec, t;
    mpq_inits(pa, pb, dec, t, NULL);
    mpq_sub(t, one, q);
    mpq_mul(pa, p, t);  /* A scores, B misses */
    mpq_sub(t, one, p);
    mpq_mul(pb, q, t);
    mpq_add(dec, pa, pb);
    if (mpq_sgn(dec) == 0) {
        s->endless = true;
        mpq_set(s->tied, s->regular_tied);
    } else {
        mpq_div(t, pa, dec);
        mpq_mul(t, t, s->regular_tied);
        mpq_add(s->first_wins, s->first_wins, t);
        mpq_div(t, pb, dec);
        mpq_mul(t, t, s->regular_tied);
        mpq_add(s->second_wins, s->second_wins, t);
        /* every round takes 2 kicks; rounds until decided: 1/dec on average */
        mpq_set_ui(t, 2, 1);
        mpq_div(t, t, dec);
        mpq_mul(t, t, s->regular_tied);
        mpq_add(s->kicks, s->kicks, t);
    }
    mpq_clears(pa, pb, dec, t, one, NULL);
}
