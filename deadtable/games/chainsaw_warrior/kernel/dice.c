/* engine/dice.py: splitmix64, `below`, the dice, Fisher-Yates, synchronised streams. */
#include "cw.h"

#define GOLDEN 0x9E3779B97F4A7C15ULL

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t derive_seed1(uint64_t seed, uint64_t p) {
    return mix64(seed + GOLDEN * (p + 1));
}

static inline uint64_t dice_next(Dice *d) {
    d->state += GOLDEN;
    return mix64(d->state);
}

/* (next * n) >> 64: the high word of a 64x64 product */
static inline int below(Dice *d, int n) {
    return (int)(((unsigned __int128)dice_next(d) * (uint64_t)n) >> 64);
}

static inline int roll(Dice *d, int sides) { return below(d, sides) + 1; }
static inline int d6(Dice *d) { return below(d, 6) + 1; }

static int total(Dice *d, int n, int sides, int plus) {
    int sum = plus;
    for (int i = 0; i < n; i++) sum += roll(d, sides);
    return sum;
}

/* parse_and_roll of a pre-parsed expression; keep-highest rolls all dice first */
static int roll_expr(Dice *d, Expr e) {
    if (e.keep <= 0) return total(d, e.n, e.sides, e.plus);
    int r[16], n = e.n > 16 ? 16 : e.n;
    for (int i = 0; i < n; i++) r[i] = roll(d, e.sides);
    for (int i = 1; i < n; i++)  /* sort highest first */
        for (int j = i; j > 0 && r[j] > r[j - 1]; j--) { int t = r[j]; r[j] = r[j - 1]; r[j - 1] = t; }
    int sum = e.plus;
    for (int i = 0; i < e.keep && i < n; i++) sum += r[i];
    return sum;
}

static void shuffle_u8(Dice *d, uint8_t *items, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(d, i + 1);
        uint8_t t = items[i]; items[i] = items[j]; items[j] = t;
    }
}

static void dice_synchronise(Dice *d) { d->base = d->state; d->marks = 0; d->synced = 1; }

/* a search world's fixed point: restart the stream at (base, marks) */
static inline void dice_mark(Dice *d) {
    if (d->synced) { d->marks++; d->state = derive_seed1(d->base, d->marks); }
}
