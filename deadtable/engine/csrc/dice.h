/* engine/dice.py's generator in C, for the games' kernels: splitmix64, `below`, derived
 * seeds and synchronised streams, drawing exactly what the Python draws.
 *
 * The whole generator is one 64-bit word, so a clone of a kernel's state copies it. `below`
 * is the multiply-shift of Dice.below ((next * n) >> 64). Synchronised dice (Dice.synchronise
 * and Dice.mark) restart the stream at derive_seed(base, marks) at each mark. Kernels never
 * hold scripted dice (their load() refuses them). Everything here is static inline: each
 * kernel is its own extension and compiles its own copy. */
#ifndef DEADTABLE_DICE_H
#define DEADTABLE_DICE_H

#include <stdint.h>

#define DICE_GOLDEN 0x9E3779B97F4A7C15ULL

typedef struct {
    uint64_t state;
    uint64_t base;   /* synchronised: the seed of every marked stream */
    uint64_t marks;  /* fixed points passed since synchronising (a Python int; never near 2^64) */
    uint8_t synced;  /* Dice.base is not None */
} Dice;

/* dice.py's _mix */
static inline uint64_t dice_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* derive_seed(seed, p): one step down the path to a sub-stream. */
static inline uint64_t dice_derive(uint64_t seed, uint64_t p) {
    return dice_mix(seed + DICE_GOLDEN * (p + 1));
}

/* The high 64 bits of a 64x64 product, with or without a 128-bit type. */
static inline uint64_t dice_mulhi(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;
    return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
#endif
}

/* Dice(seed) */
static inline void dice_seed(Dice *d, uint64_t seed) {
    d->state = seed;
    d->base = 0;
    d->marks = 0;
    d->synced = 0;
}

/* Dice.synchronise: from now on every mark restarts the stream. */
static inline void dice_synchronise(Dice *d) {
    d->base = d->state;
    d->marks = 0;
    d->synced = 1;
}

/* Dice.mark: a synchronised die restarts at (base, marks); a real game's dice go on. */
static inline void dice_mark(Dice *d) {
    if (d->synced) {
        d->marks += 1;
        d->state = dice_derive(d->base, d->marks);
    }
}

static inline uint64_t dice_next(Dice *d) {
    d->state += DICE_GOLDEN;
    return dice_mix(d->state);
}

/* Dice.below: a uniform integer in [0, n), n > 0. */
static inline uint64_t dice_below(Dice *d, uint64_t n) {
    return dice_mulhi(dice_next(d), n);
}

/* Dice.roll(sides): 1..sides. */
static inline int dice_roll(Dice *d, int sides) {
    return (int)dice_below(d, (uint64_t)sides) + 1;
}

#endif
