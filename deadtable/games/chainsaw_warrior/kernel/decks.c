/* engine/cards.py (Pile) and decks.py: building the House, retracing your steps. */
#include "cw.h"

static inline int pile_draw(State *s, Pile *p) {
    if (p->n <= 0) { FAIL(s, "a pile is empty"); return 0; }
    int card = p->c[0];
    memmove(p->c, p->c + 1, (size_t)(p->n - 1));
    p->n--;
    return card;
}

static inline void pile_put_on_top(State *s, Pile *p, int card) {
    if (p->n >= PILECAP) { FAIL(s, "a pile overflows"); return; }
    memmove(p->c + 1, p->c, (size_t)p->n);
    p->c[0] = (uint8_t)card;
    p->n++;
}

static inline void pile_bury(State *s, Pile *p, int card) {
    if (p->n >= PILECAP) { FAIL(s, "a pile overflows"); return; }
    p->c[p->n++] = (uint8_t)card;
}

static inline int pile_index(const Pile *p, int card) {
    for (int i = 0; i < p->n; i++) if (p->c[i] == card) return i;
    return -1;
}

static inline int pile_remove(State *s, Pile *p, int card) {
    int i = pile_index(p, card);
    if (i < 0) { FAIL(s, "a card is not in its pile"); return 0; }
    memmove(p->c + i, p->c + i + 1, (size_t)(p->n - i - 1));
    p->n--;
    return 1;
}

/* draw_many: up to n cards from the top */
static int pile_draw_many(Pile *p, int n, uint8_t *out) {
    if (n > p->n) n = p->n;
    if (n < 0) n = 0;
    memcpy(out, p->c, (size_t)n);
    memmove(p->c, p->c + n, (size_t)(p->n - n));
    p->n -= n;
    return n;
}

static inline void pile_shuffle(State *s, Pile *p) { shuffle_u8(&s->dice, p->c, p->n); }

/* build_house: remove Darkness, shuffle, split in two, Darkness into the second, shuffle it */
static void build_house(State *s, const uint8_t *cards, int n, Pile *one, Pile *two) {
    uint8_t rest[PILECAP];
    int m = 0, dark = s->data->darkness;
    for (int i = 0; i < n; i++) if (cards[i] != dark) rest[m++] = cards[i];
    if (m == n) { FAIL(s, "the House cards lack Darkness"); return; }
    shuffle_u8(&s->dice, rest, m);
    int half = m / 2;
    one->n = (int16_t)half;
    memcpy(one->c, rest, (size_t)half);
    two->n = (int16_t)(m - half + 1);
    memcpy(two->c, rest + half, (size_t)(m - half));
    two->c[m - half] = (uint8_t)dark;
    pile_shuffle(s, two);
}

/* retrace_steps: shuffle the discards, five of them back into the deck, shuffle it */
static int retrace_steps(State *s, Pile *discards, Pile *deck) {
    uint8_t back[8];
    pile_shuffle(s, discards);
    int n = pile_draw_many(discards, 5, back);
    if (deck->n + n > PILECAP) { FAIL(s, "a pile overflows"); return 0; }
    memcpy(deck->c + deck->n, back, (size_t)n);
    deck->n += n;
    pile_shuffle(s, deck);
    return n;
}

/* cards (by index) in the order Python sorts their ids: `rank` is each one's place among
 * all the ids sorted, `by_rank` the card at each place, `domain` how many places. A set of
 * places, read in order; a card twice in the pile (never, with the packaged data) is
 * counted instead. */
#define RANK_WORDS 4  /* 256 places: more than MAXCARD and MAXI */
static void sort_by_id(uint8_t *c, int n, const int *rank, const int *by_rank, int domain) {
    uint64_t places[RANK_WORDS] = {0};
    for (int i = 0; i < n; i++) {
        int r = rank[c[i]];
        uint64_t bit = 1ULL << (r & 63);
        if (places[r >> 6] & bit) {  /* twice: count them all */
            uint8_t count[MAXCARD > MAXI ? MAXCARD : MAXI];
            memset(count, 0, (size_t)domain);
            for (int j = 0; j < n; j++) count[rank[c[j]]]++;
            int k = 0;
            for (int q = 0; q < domain && k < n; q++)
                for (int m = count[q]; m > 0; m--) c[k++] = (uint8_t)by_rank[q];
            return;
        }
        places[r >> 6] |= bit;
    }
    int k = 0;
    for (int w = 0; w < RANK_WORDS; w++)
        for (uint64_t x = places[w]; x; x &= x - 1)
            c[k++] = (uint8_t)by_rank[(w << 6) | __builtin_ctzll(x)];
}

/* Pile.redeal: sorted by id, then shuffled with `dice` (a searcher's): the new order carries
 * nothing of the true one */
static void redeal_cards(const Data *D, Dice *dice, Pile *p) {
    sort_by_id(p->c, p->n, D->card_rank, D->card_by_rank, D->nhouse + D->nwander);
    shuffle_u8(dice, p->c, p->n);
}

static void redeal_items(const Data *D, Dice *dice, Pile *p) {
    sort_by_id(p->c, p->n, D->item_rank, D->item_by_rank, D->nitems);
    shuffle_u8(dice, p->c, p->n);
}
