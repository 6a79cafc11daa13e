/* verify/findings.c: facts a designer should know, computed exactly from the findings table
 * (findings_table.c).
 *
 * Findings (all comparisons exact, mpq_cmp):
 *   dominated cards    defense x is dominated by y when, against every offense at every togo,
 *                      y allows at most x's P(first down) and mean yards, and less somewhere;
 *                      offense x by y when y gains at least as much against every defense;
 *                      in two readings (see compare_cards): the summaries as defined, and
 *                      P(first down or touchdown) with the expected play value;
 *   non-monotone       P(touchdown) should not rise as the ball moves away from the goal, nor
 *                      P(safety) fall as it moves toward the offense's own goal line;
 *   red-zone jumps     a summary that changes more between togo R and R+1 (R = red_zone) than
 *                      between either neighbouring pair;
 *   inert cards        a play card that leaves a play's distribution unchanged at every togo;
 *   equivalent calls   two offense x defense calls with the same outcomes at every togo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_internal.h"

/* ---- the findings ---- */

enum { S_TD = 0, S_TURNOVER = 1, S_SAFETY = 3, S_COMPLETE = 4, S_FIRST_DOWN = 5, S_MEAN_YARDS = 9 };

/* How many (opponent, togo) pairs y is at least as good as x on both criteria of `reading`,
 * whether it is strictly better somewhere, and whether P(touchdown) agrees everywhere.
 * Readings: PB_VERIFY_LITERAL compares P(first down) and mean_yards as the summaries define
 * them (mean_yards leaves touchdowns out: a card that allows a touchdown on every roll has a
 * mean of 0 there); PB_VERIFY_VALUE compares P(first down or touchdown) and the expected play
 * value (pb_play_value: the yardstick of the "best" policies, a touchdown worth its togo). */
static int compare_cards(const pb_verify_table *t, int slot, bool defense, int x, int y, int reading, bool *strict,
                         bool *td_too)
{
    int ok = 0;
    *strict = false;
    *td_too = true;
    int nopp = defense ? NOFF : NDEF;
    for (int opp = 0; opp < nopp; opp++)
        for (int togo = 1; togo <= NTOGO; togo++) {
            int o1 = defense ? opp : x, d1 = defense ? x : opp + 1;
            int o2 = defense ? opp : y, d2 = defense ? y : opp + 1;
            const tcell *a = &t->cell[cell_at(o1, d1, slot, togo)], *b = &t->cell[cell_at(o2, d2, slot, togo)];
            int cf, cm;
            if (reading == PB_VERIFY_LITERAL) {
                cf = mpq_cmp(b->s[S_FIRST_DOWN], a->s[S_FIRST_DOWN]);
                cm = mpq_cmp(b->s[S_MEAN_YARDS], a->s[S_MEAN_YARDS]);
            } else {
                cf = mpq_cmp(b->convert, a->convert);
                cm = mpq_cmp(b->value, a->value);
            }
            int ct = mpq_cmp(b->s[S_TD], a->s[S_TD]);
            if (!defense) {
                cf = -cf;
                cm = -cm;
                ct = -ct;
            }
            /* y better than x: for the defense, y's values are <= x's; for the offense, >= */
            if (cf <= 0 && cm <= 0) {
                ok++;
                if (cf < 0 || cm < 0)
                    *strict = true;
            }
            if (ct > 0)
                *td_too = false;
        }
    return ok;
}

bool pb_verify_defense_dominated(const pb_verify_table *t, int slot, int x, int y, int reading)
{
    bool strict, td;
    return x != y && compare_cards(t, slot, true, x, y, reading, &strict, &td) == NOFF * NTOGO && strict;
}

bool pb_verify_offense_dominated(const pb_verify_table *t, int slot, pb_offense x, pb_offense y, int reading)
{
    bool strict, td;
    return x != y && compare_cards(t, slot, false, (int)x, (int)y, reading, &strict, &td) == NDEF * NTOGO && strict;
}

int pb_verify_card_inert(const pb_verify_table *t, pb_offense o, int defense, int card)
{
    int level = 2;
    for (int togo = 1; togo <= NTOGO && level > 0; togo++) {
        const tcell *a = &t->cell[cell_at(o, defense, 0, togo)], *b = &t->cell[cell_at(o, defense, card, togo)];
        if (memcmp(&a->outcomes, &b->outcomes, sizeof a->outcomes) != 0)
            level = 0;
        else if (memcmp(&a->full, &b->full, sizeof a->full) != 0)
            level = 1;
        if (card == 7 && level > 0) {
            const pb_verify_print *l = t->lead07[o][defense - 1][togo - 1], *n = t->none_lead[o][defense - 1][togo - 1];
            if (memcmp(&l[1], &n[1], sizeof l[1]) != 0)
                level = 0;
            else if (memcmp(&l[0], &n[0], sizeof l[0]) != 0 && level > 1)
                level = 1;
        }
    }
    return level;
}

static const char *slot_name(int slot, char *buf, size_t len)
{
    if (slot == 0)
        return "card none";
    if (slot == PB_VERIFY_DECK_SLOT)
        return "deck";
    snprintf(buf, len, "card %02d", slot);
    return buf;
}

static void play_name(int o, int d, int slot, char *buf, size_t len)
{
    char s[32];
    snprintf(buf, len, "%s vs D%d, %s", pb_offense_name((pb_offense)o), d, slot_name(slot, s, sizeof s));
}

static void dominance(const pb_verify_table *t, FILE *out)
{
    static const int slots[] = {0, PB_VERIFY_DECK_SLOT};
    static const char *const readings[2] = {
        "P(first down) and mean_yards (the summaries as defined: mean_yards leaves touchdowns out)",
        "P(first down or touchdown) and the expected play value (a touchdown worth its togo)"};
    fprintf(out, "1. dominated cards: worse than another card for its side at every togo 1-99 against every\n"
                 "   opponent card, strictly somewhere ('almost': all but at most 3 of the (opponent, togo)\n"
                 "   pairs; 'and td' when P(touchdown) agrees everywhere too)\n");
    for (int reading = 0; reading < 2; reading++)
        for (size_t si = 0; si < 2; si++) {
            int slot = slots[si];
            char sb[32];
            fprintf(out, "   by %s,\n   with %s:\n", readings[reading],
                    slot ? "the deck (each card 1/24)" : slot_name(slot, sb, sizeof sb));
            int found = 0;
            for (int x = 1; x <= NDEF; x++)
                for (int y = 1; y <= NDEF; y++) {
                    if (x == y)
                        continue;
                    bool strict, td;
                    int ok = compare_cards(t, slot, true, x, y, reading, &strict, &td);
                    if (ok == NOFF * NTOGO && strict) {
                        fprintf(out, "     Defense %d is dominated by Defense %d%s\n", x, y, td ? " (and td)" : "");
                        found++;
                    } else if (ok >= NOFF * NTOGO - 3 && strict) {
                        fprintf(out, "     Defense %d is almost dominated by Defense %d: all but %d of %d (offense, togo)\n",
                                x, y, NOFF * NTOGO - ok, NOFF * NTOGO);
                        found++;
                    }
                }
            for (int x = 0; x < NOFF; x++)
                for (int y = 0; y < NOFF; y++) {
                    if (x == y)
                        continue;
                    bool strict, td;
                    int ok = compare_cards(t, slot, false, x, y, reading, &strict, &td);
                    if (ok == NDEF * NTOGO && strict) {
                        fprintf(out, "     %s is dominated by %s%s\n", pb_offense_name((pb_offense)x),
                                pb_offense_name((pb_offense)y), td ? " (and td)" : "");
                        found++;
                    } else if (ok >= NDEF * NTOGO - 3 && strict) {
                        fprintf(out, "     %s is almost dominated by %s: all but %d of %d (defense, togo)\n",
                                pb_offense_name((pb_offense)x), pb_offense_name((pb_offense)y), NDEF * NTOGO - ok,
                                NDEF * NTOGO);
                        found++;
                    }
                }
            if (!found)
                fprintf(out, "     none: every card is best somewhere\n");
        }
}

typedef struct {
    int o, d, slot, togo, k;
    mpq_t size;   /* the reversal or jump, absolute */
    mpq_t delta;  /* signed */
} item;

static int item_cmp(const void *pa, const void *pb)
{
    const item *a = pa, *b = pb;
    int c = mpq_cmp(b->size, a->size);
    if (c)
        return c;
#define CMP(f) if (a->f != b->f) return a->f < b->f ? -1 : 1;
    CMP(o) CMP(d) CMP(slot) CMP(togo) CMP(k)
#undef CMP
    return 0;
}

typedef struct {
    item *v;
    size_t n, cap;
    bool failed;   /* out of memory: items were dropped (into `spare`), the report fails */
    item spare;
} items;

/* Out of memory while reporting (the report's sections are called in turn by one thread). */
static _Thread_local bool report_failed;

static item *push(items *l)
{
    if (l->n == l->cap) {
        item *v = l->failed ? NULL : realloc(l->v, (l->cap ? 2 * l->cap : 256) * sizeof *l->v);
        if (!v) {
            if (!l->failed) {
                mpq_init(l->spare.size);
                mpq_init(l->spare.delta);
            }
            l->failed = true;
            report_failed = true;
            return &l->spare;
        }
        l->v = v;
        l->cap = l->cap ? 2 * l->cap : 256;
    }
    item *it = &l->v[l->n++];
    mpq_init(it->size);
    mpq_init(it->delta);
    return it;
}

static void items_release(items *l)
{
    for (size_t i = 0; i < l->n; i++) {
        mpq_clear(l->v[i].size);
        mpq_clear(l->v[i].delta);
    }
    if (l->failed) {
        mpq_clear(l->spare.size);
        mpq_clear(l->spare.delta);
    }
    free(l->v);
}

/* pb_verify_fraction, or "" and report_failed (out of memory) */
static char *fraction(mpq_srcptr q)
{
    static char none[1];
    char *s = pb_verify_fraction(q, true);
    if (!s)
        report_failed = true;
    return s ? s : none;
}

static void fraction_free(char *s)
{
    if (*s)
        free(s);
}

static void dec(char *buf, size_t len, mpq_srcptr q, int k, bool sign)
{
    pb_verify_fmt(buf, len, q, pb_verify_sum[k].probability, sign);
}

static void monotone(const pb_verify_table *t, size_t top, FILE *out)
{
    items l = {0};
    size_t curves[2] = {0, 0};
    mpq_t d;
    mpq_init(d);
    for (int o = 0; o < NOFF; o++)
        for (int dd = 1; dd <= NDEF; dd++)
            for (int slot = 0; slot < NSLOT; slot++) {
                bool bad[2] = {false, false};
                for (int togo = 1; togo < NTOGO; togo++) {
                    const tcell *a = &t->cell[cell_at(o, dd, slot, togo)];
                    const tcell *b = &t->cell[cell_at(o, dd, slot, togo + 1)];
                    /* td must not rise, safety must not fall, as togo grows */
                    mpq_sub(d, b->s[S_TD], a->s[S_TD]);
                    if (mpq_sgn(d) > 0) {
                        item *it = push(&l);
                        it->o = o, it->d = dd, it->slot = slot, it->togo = togo, it->k = S_TD;
                        mpq_set(it->delta, d);
                        mpq_abs(it->size, d);
                        bad[0] = true;
                    }
                    mpq_sub(d, b->s[S_SAFETY], a->s[S_SAFETY]);
                    if (mpq_sgn(d) < 0) {
                        item *it = push(&l);
                        it->o = o, it->d = dd, it->slot = slot, it->togo = togo, it->k = S_SAFETY;
                        mpq_set(it->delta, d);
                        mpq_abs(it->size, d);
                        bad[1] = true;
                    }
                }
                curves[0] += bad[0];
                curves[1] += bad[1];
            }
    mpq_clear(d);
    /* the curves of the tables (card none, the deck) first, then those with a play card */
    items lt = {0}, lc = {0};
    for (size_t i = 0; i < l.n; i++) {
        bool table = l.v[i].slot == 0 || l.v[i].slot == PB_VERIFY_DECK_SLOT;
        item *it = push(table ? &lt : &lc);
        mpq_clear(it->size);
        mpq_clear(it->delta);
        *it = l.v[i];
    }
    free(l.v);
    qsort(lt.v, lt.n, sizeof *lt.v, item_cmp);
    qsort(lc.v, lc.n, sizeof *lc.v, item_cmp);
    fprintf(out, "\n2. probabilities not monotone in field position (P(td) should not rise as the ball moves\n"
                 "   away from the goal line, nor P(safety) fall as it moves toward the offense's own goal)\n");
    fprintf(out, "   P(td) rises with togo in %zu of %d curves (offense x defense x card none/01-24/deck);\n"
                 "   P(safety) falls in %zu; %zu steps in all\n",
            curves[0], NOFF * NDEF * NSLOT, curves[1], lt.n + lc.n);
    for (int pass = 0; pass < 2; pass++) {
        items *li = pass ? &lc : &lt;
        fprintf(out, "   %s: %zu steps\n", pass ? "with a play card" : "with card none or the deck (the tables)",
                li->n);
        size_t n = top && top < li->n ? top : li->n;
        for (size_t i = 0; i < n; i++) {
            const item *it = &li->v[i];
            char name[96], a[32], b[32], c[32];
            play_name(it->o, it->d, it->slot, name, sizeof name);
            dec(a, sizeof a, t->cell[cell_at(it->o, it->d, it->slot, it->togo)].s[it->k], it->k, false);
            dec(b, sizeof b, t->cell[cell_at(it->o, it->d, it->slot, it->togo + 1)].s[it->k], it->k, false);
            dec(c, sizeof c, it->delta, it->k, true);
            char *exact = fraction(it->delta);
            fprintf(out, "   %-28s %-6s togo %2d: %8s -> togo %2d: %8s  (%s, exact %s)\n", name,
                    pb_verify_sum[it->k].name, it->togo, a, it->togo + 1, b, c, exact);
            fraction_free(exact);
        }
        if (n < li->n)
            fprintf(out, "   ... %zu more (--top 0 lists all)\n", li->n - n);
        items_release(li);
    }
}

static void red_zone(const pb_verify_table *t, size_t top, FILE *out)
{
    int r = t->red_zone;
    if (r < 2 || r > NTOGO - 2) {
        fprintf(out, "\n3. red-zone jumps: the red zone (togo <= %d) has no inner boundary to test\n", r);
        return;
    }
    static const int ks[] = {S_TD, S_COMPLETE, S_FIRST_DOWN, S_TURNOVER, S_MEAN_YARDS};
    items l = {0};
    mpq_t jump, before, after;
    mpq_inits(jump, before, after, NULL);
    for (int o = 0; o < NOFF; o++)
        for (int dd = 1; dd <= NDEF; dd++)
            for (int slot = 0; slot < NSLOT; slot++)
                for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
                    int k = ks[ki];
                    mpq_srcptr s19 = t->cell[cell_at(o, dd, slot, r - 1)].s[k];
                    mpq_srcptr s20 = t->cell[cell_at(o, dd, slot, r)].s[k];
                    mpq_srcptr s21 = t->cell[cell_at(o, dd, slot, r + 1)].s[k];
                    mpq_srcptr s22 = t->cell[cell_at(o, dd, slot, r + 2)].s[k];
                    mpq_sub(jump, s20, s21);  /* stepping into the red zone */
                    mpq_sub(before, s21, s22);
                    mpq_sub(after, s19, s20);
                    mpq_abs(before, before);
                    mpq_abs(after, after);
                    item probe;
                    mpq_init(probe.size);
                    mpq_abs(probe.size, jump);
                    bool is_jump = mpq_cmp(probe.size, before) > 0 && mpq_cmp(probe.size, after) > 0;
                    mpq_clear(probe.size);
                    if (!is_jump)
                        continue;
                    item *it = push(&l);
                    it->o = o, it->d = dd, it->slot = slot, it->togo = r, it->k = k;
                    mpq_set(it->delta, jump);
                    mpq_abs(it->size, jump);
                }
    mpq_clears(jump, before, after, NULL);
    /* the tables' curves (card none, the deck), then those with a play card; probabilities
     * before means (yards are not on the same scale) */
    items part[4];
    memset(part, 0, sizeof part);
    for (size_t i = 0; i < l.n; i++) {
        bool table = l.v[i].slot == 0 || l.v[i].slot == PB_VERIFY_DECK_SLOT;
        item *it = push(&part[(table ? 0 : 2) + !pb_verify_sum[l.v[i].k].probability]);
        mpq_clear(it->size);
        mpq_clear(it->delta);
        *it = l.v[i];
    }
    free(l.v);
    fprintf(out, "\n3. jumps at the red-zone boundary (togo %d -> %d: a change larger than at either\n"
                 "   neighbouring step; td, complete, first_down, turnover and mean_yards): %zu\n",
            r + 1, r, l.n);
    static const char *const titles[4] = {"with card none or the deck (the tables), probabilities",
                                          "with card none or the deck, mean_yards", "with a play card, probabilities",
                                          "with a play card, mean_yards"};
    for (int pass = 0; pass < 4; pass++) {
        items *li = &part[pass];
        qsort(li->v, li->n, sizeof *li->v, item_cmp);
        fprintf(out, "   %s: %zu\n", titles[pass], li->n);
        size_t n = top && top < li->n ? top : li->n;
        for (size_t i = 0; i < n; i++) {
            const item *it = &li->v[i];
            char name[96], a[32], b[32], c[32];
            play_name(it->o, it->d, it->slot, name, sizeof name);
            dec(a, sizeof a, t->cell[cell_at(it->o, it->d, it->slot, r + 1)].s[it->k], it->k, false);
            dec(b, sizeof b, t->cell[cell_at(it->o, it->d, it->slot, r)].s[it->k], it->k, false);
            dec(c, sizeof c, it->delta, it->k, true);
            char *exact = fraction(it->delta);
            fprintf(out, "   %-28s %-10s togo %d: %9s -> togo %d: %9s  (%s, exact %s)\n", name,
                    pb_verify_sum[it->k].name, r + 1, a, r, b, c, exact);
            fraction_free(exact);
        }
        if (n < li->n)
            fprintf(out, "   ... %zu more (--top 0 lists all)\n", li->n - n);
        items_release(li);
    }
}

static void inert(const pb_verify_table *t, const pb_ruleset *rs, FILE *out)
{
    fprintf(out, "\n4. play cards that never change a play (same distribution as card none at every togo\n"
                 "   1-99, 1st and 10, tied, timeouts 3,3; card 07 also when leading by 1):\n");
    for (int card = 1; card <= PB_CARD_COUNT; card++) {
        char line[512] = "", facts[512] = "";
        size_t n1 = 0, n2 = 0;
        for (int o = 0; o < NOFF; o++) {
            int lv[NDEF + 1];
            int c2 = 0, c1 = 0;
            for (int d = 1; d <= NDEF; d++) {
                lv[d] = pb_verify_card_inert(t, (pb_offense)o, d, card);
                c2 += lv[d] == 2;
                c1 += lv[d] == 1;
            }
            for (int want = 2; want >= 1; want--) {
                int cnt = want == 2 ? c2 : c1;
                if (!cnt)
                    continue;
                char part[96];
                if (cnt == NDEF) {
                    snprintf(part, sizeof part, "%s%s (all defenses)", (want == 2 ? n2 : n1) ? "; " : "",
                             pb_offense_name((pb_offense)o));
                } else {
                    size_t u = (size_t)snprintf(part, sizeof part, "%s%s vs D", (want == 2 ? n2 : n1) ? "; " : "",
                                                pb_offense_name((pb_offense)o));
                    bool first = true;
                    for (int d = 1; d <= NDEF && u < sizeof part - 4; d++)
                        if (lv[d] == want) {
                            u += (size_t)snprintf(part + u, sizeof part - u, "%s%d", first ? "" : ",", d);
                            first = false;
                        }
                }
                char *dst = want == 2 ? line : facts;
                size_t *cntp = want == 2 ? &n2 : &n1;
                strncat(dst, part, 511 - strlen(dst));
                (*cntp)++;
            }
        }
        if (!n1 && !n2)
            continue;
        fprintf(out, "   card %02d %-22s", card, rs->card[card - 1].name);
        if (n2)
            fprintf(out, " never changes: %s", line);
        if (n1)
            fprintf(out, "%s changes only facts (flags), not outcomes: %s", n2 ? ";" : "", facts);
        fputc('\n', out);
    }
}

bool pb_verify_calls_equivalent(const pb_verify_table *t, pb_offense o1, int d1, pb_offense o2, int d2)
{
    for (int togo = 1; togo <= NTOGO; togo++) {
        const tcell *a = &t->cell[cell_at(o1, d1, 0, togo)], *b = &t->cell[cell_at(o2, d2, 0, togo)];
        if (memcmp(&a->outcomes, &b->outcomes, sizeof a->outcomes) != 0)
            return false;
    }
    return true;
}

static void equivalent(const pb_verify_table *t, FILE *out)
{
    fprintf(out, "\n5. different calls with the same outcomes (card none, every togo 1-99; facts such as\n"
                 "   'complete' may differ):\n");
    int found = 0;
    for (int c1 = 0; c1 < NOFF * NDEF; c1++)
        for (int c2 = c1 + 1; c2 < NOFF * NDEF; c2++) {
            pb_offense o1 = (pb_offense)(c1 / NDEF), o2 = (pb_offense)(c2 / NDEF);
            int d1 = c1 % NDEF + 1, d2 = c2 % NDEF + 1;
            if (!pb_verify_calls_equivalent(t, o1, d1, o2, d2))
                continue;
            fprintf(out, "   %s vs D%d and %s vs D%d\n", pb_offense_name(o1), d1, pb_offense_name(o2), d2);
            found++;
        }
    if (!found)
        fprintf(out, "   none\n");
}

int pb_verify_findings_report(const pb_verify_table *t, const pb_ruleset *rs, size_t top, FILE *out)
{
    report_failed = false;
    dominance(t, out);
    monotone(t, top, out);
    red_zone(t, top, out);
    inert(t, rs, out);
    equivalent(t, out);
    return report_failed ? -1 : 0;
}
