/* enumerate/dist.c: exact distributions (pb_dist) and the accumulator that builds them.
 *
 * Invariant of a pb_dist: den == 6^exp6 and entry i has probability entries[i].num / den;
 * the numerators of a finished distribution sum to den exactly (pb_dist_check). Entries are
 * unique by (kind, yards, flags); finished distributions are sorted by that key.
 *
 * Out of memory: the accumulator stops adding and remembers it (a path's outcome cannot be
 * dropped silently); pb_dist_acc_release says so (-1) and the distribution is incomplete. */
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"
#include "exact.h"

void pb_dist_init(pb_dist *d)
{
    d->entries = NULL;
    d->count = d->cap = 0;
    mpz_init_set_ui(d->den, 1);
    d->exp6 = 0;
}

void pb_dist_release(pb_dist *d)
{
    for (size_t i = 0; i < d->count; i++)
        mpz_clear(d->entries[i].num);
    free(d->entries);
    mpz_clear(d->den);
    d->entries = NULL;
    d->count = d->cap = 0;
}

void pb_dist_canon(mpq_t out, mpz_srcptr num, unsigned exp6)
{
    mpz_ptr n = mpq_numref(out), d = mpq_denref(out);
    mpz_set(n, num);
    if (mpz_sgn(n) == 0 || exp6 == 0) {
        mpz_set_ui(d, 1);
        return;
    }
    /* 6^e = 2^e 3^e: strip at most e twos and e threes (mpz_remove takes them all at once) */
    mp_bitcnt_t twos = mpz_scan1(n, 0);
    if (twos > exp6)
        twos = exp6;
    mpz_tdiv_q_2exp(n, n, twos);
    mpz_set_ui(d, 3);
    mp_bitcnt_t threes = mpz_remove(n, n, d);
    if (threes > exp6) {
        mpz_ui_pow_ui(d, 3, threes - exp6);
        mpz_mul(n, n, d);
        threes = exp6;
    }
    mpz_ui_pow_ui(d, 3, exp6 - threes);
    mpz_mul_2exp(d, d, exp6 - twos);
}

void pb_dist_p(const pb_dist *d, size_t i, mpq_t out) { pb_dist_canon(out, d->entries[i].num, d->exp6); }

void pb_dist_kind_p(const pb_dist *d, pb_outcome_kind k, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++)
        if (d->entries[i].kind == k)
            mpz_add(s, s, d->entries[i].num);
    pb_dist_canon(out, s, d->exp6);
    mpz_clear(s);
}

int pb_dist_check(const pb_dist *d)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++) {
        if (mpz_sgn(d->entries[i].num) < 0) {
            mpz_clear(s);
            return -1;
        }
        mpz_add(s, s, d->entries[i].num);
    }
    int r = mpz_cmp(s, d->den) == 0 && mpz_cmp(d->den, pb_pow6(d->exp6)) == 0 ? 0 : -1;
    mpz_clear(s);
    return r;
}

void pb_dist_rescale(pb_dist *d, unsigned exp6)
{
    if (exp6 <= d->exp6)
        return;
    mpz_srcptr f = pb_pow6(exp6 - d->exp6);
    for (size_t i = 0; i < d->count; i++)
        mpz_mul(d->entries[i].num, d->entries[i].num, f);
    d->exp6 = exp6;
    mpz_set(d->den, pb_pow6(exp6));
}

static int entry_cmp(const void *pa, const void *pb)
{
    const pb_dist_entry *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->yards != b->yards)
        return a->yards < b->yards ? -1 : 1;
    if (a->flags != b->flags)
        return a->flags < b->flags ? -1 : 1;
    return 0;
}

void pb_dist_sort(pb_dist *d)
{
    if (d->count > 1)   /* an empty distribution may have no entries array at all */
        qsort(d->entries, d->count, sizeof *d->entries, entry_cmp);
}

/* ---- the accumulator ---- */

static size_t key_hash(pb_outcome_kind kind, int yards, unsigned flags)
{
    uint64_t h = ((uint64_t)kind << 48) ^ ((uint64_t)(uint32_t)yards << 16) ^ flags;
    h *= UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 32);
}

/* The slots of a's entries in a fresh table of n slots (a power of 2). -1: out of memory (the
 * old table kept). */
static int fill_slots(pb_dist_acc *a, size_t n)
{
    int *slot = calloc(n, sizeof *slot);
    if (!slot)
        return -1;
    for (size_t i = 0; i < a->d->count; i++) {
        const pb_dist_entry *e = &a->d->entries[i];
        size_t h = key_hash(e->kind, e->yards, e->flags) & (n - 1);
        while (slot[h])
            h = (h + 1) & (n - 1);
        slot[h] = (int)i + 1;
    }
    free(a->slot);
    a->slot = slot;
    a->nslot = n;
    return 0;
}

void pb_dist_acc_init(pb_dist_acc *a, pb_dist *d)
{
    a->d = d;
    a->slot = NULL;
    a->nslot = 0;
    size_t n = 256;
    while (n < 2 * d->count + 16)
        n *= 2;
    a->failed = fill_slots(a, n) != 0;
    mpz_init(a->tmp);
}

int pb_dist_acc_release(pb_dist_acc *a)
{
    free(a->slot);
    a->slot = NULL;
    mpz_clear(a->tmp);
    return a->failed ? -1 : 0;
}

/* The numerator of (kind, yards, flags), a new entry (0) if need be; NULL: out of memory (the
 * accumulator has failed). */
static mpz_ptr entry_num(pb_dist_acc *a, pb_outcome_kind kind, int yards, unsigned flags)
{
    if (a->failed)
        return NULL;
    pb_dist *d = a->d;
    size_t mask = a->nslot - 1, h = key_hash(kind, yards, flags) & mask;
    for (; a->slot[h]; h = (h + 1) & mask) {
        pb_dist_entry *e = &d->entries[a->slot[h] - 1];
        if (e->kind == kind && e->yards == yards && e->flags == flags)
            return e->num;
    }
    if (d->count == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 32;
        pb_dist_entry *p = realloc(d->entries, cap * sizeof *p);
        if (!p) {
            a->failed = true;
            return NULL;
        }
        d->entries = p;
        d->cap = cap;
    }
    pb_dist_entry *e = &d->entries[d->count++];
    e->kind = kind;
    e->yards = yards;
    e->flags = flags;
    mpz_init(e->num);
    a->slot[h] = (int)d->count;
    if (2 * d->count > a->nslot && fill_slots(a, 2 * a->nslot) != 0)
        a->failed = true;   /* this entry is in; the next add fails */
    return e->num;
}

void pb_dist_acc_add(pb_dist_acc *a, pb_outcome_kind kind, int yards, unsigned flags, const pb_cursor *c)
{
    mpz_ptr num = entry_num(a, kind, yards, flags);
    if (!num)
        return;
    pb_dist *d = a->d;
    if (c->exp6 > d->exp6)
        pb_dist_rescale(d, c->exp6);
    unsigned diff = d->exp6 - c->exp6;
    unsigned long small = (unsigned long)c->small;
    if (c->nbig == 0) {
        if (diff == 0)
            mpz_add_ui(num, num, small);
        else
            mpz_addmul_ui(num, pb_pow6(diff), small);
        return;
    }
    if (c->nbig == 1 && diff == 0) {
        mpz_addmul_ui(num, c->big[0], small);
        return;
    }
    mpz_set(a->tmp, c->big[0]);
    for (int i = 1; i < c->nbig; i++)
        mpz_mul(a->tmp, a->tmp, c->big[i]);
    if (diff)
        mpz_mul(a->tmp, a->tmp, pb_pow6(diff));
    mpz_addmul_ui(num, a->tmp, small);
}

void pb_dist_acc_add_mpz(pb_dist_acc *a, pb_outcome_kind kind, int yards, unsigned flags, mpz_srcptr num,
                         unsigned exp6)
{
    mpz_ptr e = entry_num(a, kind, yards, flags);
    if (!e)
        return;
    pb_dist *d = a->d;
    if (exp6 > d->exp6)
        pb_dist_rescale(d, exp6);
    unsigned diff = d->exp6 - exp6;
    if (diff == 0) {
        mpz_add(e, e, num);
    } else {
        mpz_mul(a->tmp, num, pb_pow6(diff));
        mpz_add(e, e, a->tmp);
    }
}

int pb_dist_mix(pb_dist *out, const pb_dist *const *in, const unsigned long *wnum, const unsigned *wexp6, size_t n)
{
    pb_dist_init(out);
    pb_dist_acc acc;
    pb_dist_acc_init(&acc, out);
    mpz_t t;
    mpz_init(t);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < in[i]->count; j++) {
            const pb_dist_entry *e = &in[i]->entries[j];
            mpz_mul_ui(t, e->num, wnum[i]);
            pb_dist_acc_add_mpz(&acc, e->kind, e->yards, e->flags, t, in[i]->exp6 + wexp6[i]);
        }
    mpz_clear(t);
    if (pb_dist_acc_release(&acc) != 0) {
        pb_dist_release(out);
        pb_dist_init(out);
        return -1;
    }
    pb_dist_sort(out);
    return 0;
}

int pb_dist_collapse(const pb_dist *d, pb_dist *out)
{
    pb_dist_init(out);
    out->exp6 = d->exp6;
    mpz_set(out->den, d->den);
    out->entries = malloc((d->count ? d->count : 1) * sizeof *out->entries);
    if (!out->entries)
        return -1;
    out->cap = d->count ? d->count : 1;
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        pb_dist_entry *last = out->count ? &out->entries[out->count - 1] : NULL;
        if (last && last->kind == e->kind && last->yards == e->yards) {
            mpz_add(last->num, last->num, e->num);
            last->flags &= e->flags;
            continue;
        }
        pb_dist_entry *o = &out->entries[out->count++];
        o->kind = e->kind;
        o->yards = e->yards;
        o->flags = e->flags;
        mpz_init_set(o->num, e->num);
    }
    return 0;
}
