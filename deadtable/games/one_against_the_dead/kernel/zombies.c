/* zombies.py: which revealed number cards make zombies, and change in zombie dice. */
#include "state.h"

static inline int was_revealed(const State *s, Pos p) {
    for (int i = 0; i < s->nrevealed; i++)
        if (pos_eq(s->revealed[i], p)) return 1;
    return 0;
}

/* matches_all: does the number card at p match all its adjacent existing cards (A-27,
 * A-55) in suit or number? With none to match it does not count as matching (designed). */
static int matches_all(const State *s, Pos p) {
    const Config *cfg = s->cfg;
    int card = card_at(s, p), suit = card_suit(card), value = card_value(card);
    int others = 0, all_either = 1, all_suit = 1, all_number = 1;
    for (int d = 0; d < 4; d++) {
        Pos n = pos_step(p, d);
        uint8_t c = cell_at(s, n);
        if ((c & CARD_BITS) == 0 || (c & FACE_DOWN)) continue; /* not face up */
        if (!cfg->same_turn && was_revealed(s, n)) continue; /* turned up this turn */
        int other = c & CARD_BITS;
        if (cfg->numbers_only && !is_number(other)) continue;
        others++;
        int same_suit = card_suit(other) >= 0 && card_suit(other) == suit;
        int same_number = is_number(other) && card_value(other) == value;
        if (!(same_suit || same_number)) all_either = 0;
        if (!same_suit) all_suit = 0;
        if (!same_number) all_number = 0;
    }
    if (!others) return 0;
    return cfg->mixed ? all_either : (all_suit || all_number);
}

/* new_zombies: the sum of the non-matching number cards turned up this turn. */
int new_zombies(const State *s) {
    int total = 0;
    for (int i = 0; i < s->nrevealed; i++) {
        Pos p = s->revealed[i];
        int card = card_at(s, p);
        if (!is_number(card)) continue;
        if (!matches_all(s, p)) total += card_value(card);
    }
    return total;
}

/* make_change: the fewest zombie dice (10s, 5s, 1s, largest first) showing `count`, or 0
 * when the pool cannot show it. */
int make_change(int count, const int pool[3], int out[3]) {
    static const int sizes[3] = {10, 5, 1};
    int left = count;
    for (int i = 0; i < 3; i++) {
        int n = left / sizes[i];
        if (pool[i] < n) n = pool[i];
        out[i] = n;
        left -= n * sizes[i];
    }
    return left == 0;
}
