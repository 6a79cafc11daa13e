/* sim/rng.c: xoshiro256** seeded by SplitMix64, and unbiased dice (see rng.h).
 *
 * Both generators are written from Blackman & Vigna's published descriptions; the test suite
 * checks them against the reference output sequences. */
#include "rng.h"

#include <assert.h>

#define PB_RNG_GOLDEN     UINT64_C(0x9E3779B97F4A7C15) /* SplitMix64 increment */
#define PB_RNG_STREAM_KEY UINT64_C(0x6A09E667F3BCC909) /* separates stream from seed */

/* SplitMix64's output function: a bijection on 64-bit words with good avalanche. */
static uint64_t pb_rng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t pb_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t pb_rng_splitmix64(uint64_t *state)
{
    *state += PB_RNG_GOLDEN;
    return pb_rng_mix(*state);
}

void pb_rng_seed(pb_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t m = pb_rng_mix(seed + PB_RNG_GOLDEN) ^ pb_rng_mix(stream ^ PB_RNG_STREAM_KEY);
    for (int i = 0; i < 4; i++)
        r->s[i] = pb_rng_splitmix64(&m);
}

void pb_rng_set_state(pb_rng *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3)
{
    assert((s0 | s1 | s2 | s3) != 0);
    r->s[0] = s0;
    r->s[1] = s1;
    r->s[2] = s2;
    r->s[3] = s3;
}

uint64_t pb_rng_next(pb_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = pb_rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = pb_rng_rotl(s[3], 45);
    return result;
}

/* Lemire, "Fast random integer generation in an interval" (2019): x*n / 2^32 for a uniform
 * 32-bit x, rejecting the (2^32 mod n) low products that would bias it. */
uint32_t pb_rng_below(pb_rng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    uint64_t product = (pb_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)product;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n; /* 2^32 mod n */
        while (low < threshold) {
            product = (pb_rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

int pb_rng_d6(pb_rng *r)
{
    return (int)pb_rng_below(r, 6) + 1;
}

void pb_rng_shuffle(pb_rng *r, int *a, size_t n)
{
    assert(n <= UINT32_MAX);
    for (size_t i = n; i > 1; i--) {
        size_t j = pb_rng_below(r, (uint32_t)i); /* uniform in [0, i) */
        int tmp = a[i - 1];
        a[i - 1] = a[j];
        a[j] = tmp;
    }
}
