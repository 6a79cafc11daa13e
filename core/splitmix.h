/* core/splitmix.h: SplitMix64 (Vigna), the small seeded generator of the other games' simulators
 * (soccer/, carriers/, cardgame/): reproducible from one 64-bit seed, no global state. Inline:
 * it sits in their inner loops. */
#ifndef PB_SPLITMIX_H
#define PB_SPLITMIX_H

#include <stdint.h>

/* Advances *state and returns the next 64 random bits. */
static inline uint64_t pb_splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
