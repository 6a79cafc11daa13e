/* sim/rng.h: the simulator's random-number generator.
 *
 * xoshiro256** (Blackman & Vigna), seeded through SplitMix64. A pb_rng is a plain value
 * (four 64-bit words, never all zero); copy it freely, no release needed.
 *
 * Streams. pb_rng_seed(r, seed, stream) gives every (seed, stream) pair its own generator,
 * so random numbers are tied to a unit of work (game index, grid cell), never to a thread:
 *
 *     m     = splitmix64_mix(seed + 0x9E3779B97F4A7C15)          (first SplitMix64 output of seed)
 *           ^ splitmix64_mix(stream ^ 0x6A09E667F3BCC909)
 *     s[i]  = the (i+1)-th output of a SplitMix64 whose state starts at m, i = 0..3
 *
 * where splitmix64_mix is SplitMix64's output function (z ^= z>>30; z *= 0xBF58476D1CE4E5B9;
 * z ^= z>>27; z *= 0x94D049BB133111EB; z ^= z>>31), a bijection of 64-bit words. Hence, for a
 * fixed seed, distinct streams give distinct states (and for a fixed stream, distinct seeds),
 * and the four words are distinct outputs of a bijection, so never all zero. The state depends
 * on the two numbers only: same (seed, stream), same sequence, on any machine.
 *
 * Derived draws (d6, below, shuffle) use Lemire's nearly-divisionless method on the top 32 bits
 * of one pb_rng_next() output and are exactly unbiased. */
#ifndef PB_RNG_H
#define PB_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct pb_rng {
    uint64_t s[4];
} pb_rng;

/* One step of SplitMix64: advances *state by 0x9E3779B97F4A7C15 and returns the mixed value.
 * Exposed for seeding and for the reference test vectors. */
uint64_t pb_rng_splitmix64(uint64_t *state);

/* Seed r for the pair (seed, stream) as described above. */
void pb_rng_seed(pb_rng *r, uint64_t seed, uint64_t stream);

/* Set the raw xoshiro256** state (for tests). The four words must not all be zero. */
void pb_rng_set_state(pb_rng *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3);

/* The next 64 uniformly distributed bits. */
uint64_t pb_rng_next(pb_rng *r);

/* A uniform integer in [0, n), exactly unbiased. Returns 0 when n == 0. */
uint32_t pb_rng_below(pb_rng *r, uint32_t n);

/* One fair six-sided die: 1..6. */
int pb_rng_d6(pb_rng *r);

/* Fisher–Yates shuffle of a[0..n-1] into a uniformly random order; n <= UINT32_MAX. */
void pb_rng_shuffle(pb_rng *r, int *a, size_t n);

#endif
