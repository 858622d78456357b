/* engine/dice.py in the game's words: `below`, the dice, expressions, Fisher-Yates (the
 * generator itself, with synchronised streams, is engine/csrc/dice.h). */
#include "cw.h"

/* the game's short names for the engine's generator (engine/csrc/dice.h) */
static inline int below(Dice *d, int n) { return (int)dice_below(d, (uint64_t)n); }
static inline int roll(Dice *d, int sides) { return dice_roll(d, sides); }
static inline int d6(Dice *d) { return dice_roll(d, 6); }

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
