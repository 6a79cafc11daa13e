/* enumerate/pow6.c: the powers of 6, computed once and shared by every thread.
 *
 * Invariant: chunk[i], once published (an atomic store after it is filled), holds
 * 6^(64 i) .. 6^(64 i + 63) and is never changed or freed until pb_enum_cache_clear. The chunks
 * live in static storage (132 KB): a power of 6 never fails for want of memory but in GMP's own
 * allocation of its digits (doc/api.md, "Out of memory"). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "enum_internal.h"

#define CHUNK 64
#define NCHUNK ((PB_POW6_MAX + CHUNK) / CHUNK)

static _Atomic(mpz_t *) chunks[NCHUNK];
static mpz_t store[NCHUNK][CHUNK];
static pthread_mutex_t pow6_lock = PTHREAD_MUTEX_INITIALIZER;

static mpz_t *fill_chunk(unsigned c)
{
    mpz_t *ch = store[c];
    mpz_init(ch[0]);
    mpz_ui_pow_ui(ch[0], 6, (unsigned long)c * CHUNK);
    for (unsigned i = 1; i < CHUNK; i++) {
        mpz_init(ch[i]);
        mpz_mul_ui(ch[i], ch[i - 1], 6);
    }
    return ch;
}

mpz_srcptr pb_pow6(unsigned k)
{
    if (k > PB_POW6_MAX)
        abort();  /* callers bound their exponents (depth and cap limits) */
    unsigned c = k / CHUNK;
    mpz_t *ch = atomic_load_explicit(&chunks[c], memory_order_acquire);
    if (!ch) {
        pthread_mutex_lock(&pow6_lock);
        ch = atomic_load_explicit(&chunks[c], memory_order_relaxed);
        if (!ch) {
            ch = fill_chunk(c);
            atomic_store_explicit(&chunks[c], ch, memory_order_release);
        }
        pthread_mutex_unlock(&pow6_lock);
    }
    return ch[k % CHUNK];
}

void pb_pow6_clear(void)
{
    pthread_mutex_lock(&pow6_lock);
    for (unsigned c = 0; c < NCHUNK; c++) {
        mpz_t *ch = atomic_load_explicit(&chunks[c], memory_order_relaxed);
        if (!ch)
            continue;
        for (unsigned i = 0; i < CHUNK; i++)
            mpz_clear(ch[i]);
        atomic_store_explicit(&chunks[c], NULL, memory_order_relaxed);
    }
    pthread_mutex_unlock(&pow6_lock);
}
