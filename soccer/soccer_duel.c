/* soccer/soccer_duel.c: charges, penalty kicks and the shoot-out, exactly (soccer_duel.h). */
#include "soccer_duel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"

const char *ms_charger_name(ms_charger c)
{
    static const char *const n[] = {PB_N_("field player"), PB_N_("defender in his area"),
                                    PB_N_("other player in his area"), PB_N_("goalkeeper in his area")};
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

/* The regular kicks by a recurrence over the score: after i kicks (A kicks when i is even) only
 * the lead d = A's goals - B's goals matters, so mass[d + n] is P(lead d and not yet decided).
 * A state is decided when the side behind cannot catch up with the kicks it has left, or after
 * the 2n kicks; its mass goes to the result then. O(n^2) exact steps, n <= 20 in a blink. */
static void regular(ms_shootout *s, int n, const mpq_t p, const mpq_t q)
{
    int w = 2 * n + 1;
    mpq_t *mass = malloc(2 * (size_t)w * sizeof *mass), *next = mass + w, t, hit;
    if (!mass)
        abort();  /* a few hundred bytes */
    for (int k = 0; k < 2 * w; k++)
        mpq_init(mass[k]);
    mpq_inits(t, hit, NULL);
    mpq_set_ui(mass[n], 1, 1);
    for (int i = 0; i <= 2 * n; i++) {
        int ka = (i + 1) / 2, kb = i / 2;  /* kicks each side has taken */
        for (int d = -n; d <= n; d++) {
            mpq_ptr m = mass[d + n];
            if (mpq_sgn(m) == 0)
                continue;
            if (d + (n - ka) < 0 || -d + (n - kb) < 0 || i == 2 * n) {
                mpq_set_ui(t, (unsigned long)i, 1);
                mpq_mul(t, t, m);
                mpq_add(s->kicks, s->kicks, t);
                mpq_ptr to = d > 0 ? s->first_wins : d < 0 ? s->second_wins : s->regular_tied;
                mpq_add(to, to, m);
                mpq_set_ui(m, 0, 1);
            }
        }
        if (i == 2 * n)
            break;
        int step = i % 2 == 0 ? 1 : -1;
        mpq_srcptr x = i % 2 == 0 ? p : q;
        for (int k = 0; k < w; k++)
            mpq_set_ui(next[k], 0, 1);
        for (int d = -n; d <= n; d++) {
            mpq_ptr m = mass[d + n];
            if (mpq_sgn(m) == 0)
                continue;
            mpq_mul(hit, m, x);
            mpq_add(next[d + step + n], next[d + step + n], hit);  /* |d + step| <= n: undecided before */
            mpq_sub(t, m, hit);
            mpq_add(next[d + n], next[d + n], t);
        }
        for (int k = 0; k < w; k++)
            mpq_swap(mass[k], next[k]);
    }
    for (int k = 0; k < 2 * w; k++)
        mpq_clear(mass[k]);
    free(mass);
    mpq_clears(t, hit, NULL);
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
    regular(s, r->shootout_kicks, p, q);
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
