/* state.py: determinizing, a searcher's guess at what the warrior cannot see (and, before it,
 * engine/state.py's GameState.determinize: the game's dice anew). */
#include "cw.h"

static void keep_top_back(State *s, int nxt, int back, Dice *dice);

/* Unseen House cards may lie in either deck: deal them anew into the same places; every
 * deck's order is unknown; Darkness stays in Deck Two until it is met; the next card keeps
 * the back you can see. Every card drawn from `dice`, the searcher's own. */
static void determinize(State *s, Dice *dice) {
    const Data *D = s->data;
    /* GameState.determinize: Dice(dice.below(1 << 62)), not synchronised */
    s->dice = (Dice){dice_next(dice) >> 2, 0, 0, 0};
    s->acts_valid = 0;
    int nxt = s->decks[s->current].n ? s->current : 1;
    int back = s->decks[nxt].n ? D->cards[s->decks[nxt].c[0]].back : -1;
    uint8_t unknown[2 * PILECAP], slot_deck[2 * PILECAP];
    int16_t slot_at[2 * PILECAP];
    int m = 0;
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < s->decks[d].n; i++) {
            int card = s->decks[d].c[i];
            if (s->seen[card] || card == D->darkness) continue;
            slot_deck[m] = (uint8_t)d;
            slot_at[m] = (int16_t)i;
            unknown[m++] = (uint8_t)card;
        }
    /* sorted first: the deal must not depend on where the cards truly lie (Pile.redeal) */
    sort_by_id(unknown, m, D->card_rank, D->card_by_rank, D->nhouse + D->nwander);
    shuffle_u8(dice, unknown, m);
    for (int k = 0; k < m; k++) s->decks[slot_deck[k]].c[slot_at[k]] = unknown[k];
    for (int d = 0; d < 2; d++) redeal_cards(D, dice, &s->decks[d]);
    if (s->nknown) {  /* the Remote Camera's cards stay where it saw them */
        Pile *deck = &s->decks[s->current], rest = *deck;
        for (int k = 0; k < s->nknown; k++) {
            int i = pile_index(&rest, s->known[k]);
            if (i < 0) { FAIL(s, "a card the Remote Camera saw is not in the deck"); return; }
            memmove(rest.c + i, rest.c + i + 1, (size_t)(rest.n - i - 1));
            rest.n--;
        }
        memcpy(deck->c, s->known, (size_t)s->nknown);
        memcpy(deck->c + s->nknown, rest.c, (size_t)rest.n);
    } else if (back >= 0) {
        keep_top_back(s, nxt, back, dice);
    }
    redeal_cards(D, dice, &s->wandering);
    for (int k = 0; k < NPILES; k++) redeal_items(D, dice, &s->piles[s->pile_order[k]]);
}

static void keep_top_back(State *s, int nxt, int back, Dice *dice) {
    const Data *D = s->data;
    Pile *deck = &s->decks[nxt];
    int here[PILECAP], n = 0;
    for (int i = 0; i < deck->n; i++) if (D->cards[deck->c[i]].back == back) here[n++] = i;
    if (n) {
        int i = here[below(dice, n)];
        uint8_t t = deck->c[0]; deck->c[0] = deck->c[i]; deck->c[i] = t;
        return;
    }
    /* the card with that back was dealt to the other deck: trade identities with it */
    Pile *other = &s->decks[1 - nxt];
    int there[PILECAP], mine[PILECAP], nthere = 0, nmine = 0;
    for (int i = 0; i < other->n; i++) {
        int c = other->c[i];
        if (D->cards[c].back == back && !s->seen[c] && c != D->darkness) there[nthere++] = i;
    }
    for (int i = 0; i < deck->n; i++) {
        int c = deck->c[i];
        if (!s->seen[c] && c != D->darkness) mine[nmine++] = i;
    }
    if (!nthere || !nmine) { FAIL(s, "no card to keep the next card's back"); return; }
    int j = there[below(dice, nthere)];
    int k = mine[below(dice, nmine)];
    uint8_t t = other->c[j]; other->c[j] = deck->c[k]; deck->c[k] = t;
    t = deck->c[0]; deck->c[0] = deck->c[k]; deck->c[k] = t;
}
