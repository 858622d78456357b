/* setup.py: SETUP: the deck, the city row, your life. */
#include <string.h>

#include "state.h"

/* build_deck: take out the cards SETUP names, chosen at random in the data file's order,
 * then shuffle (Fisher-Yates, Dice.shuffle). No stacked cards: Game.new(deck=...) is a test
 * hook the kernel never sees. */
static void build_deck(State *s) {
    const Config *cfg = s->cfg;
    uint8_t deck[54];
    int n = 0;
    for (int c = 1; c <= 52; c++) deck[n++] = (uint8_t)c; /* cards.full_deck() order */
    deck[n++] = CARD_JOKER;
    deck[n++] = CARD_JOKER;
    for (int r = 0; r < cfg->nremove; r++) {
        int rank = cfg->remove_rank[r];
        int candidates[54], nc = 0;
        for (int i = 0; i < n; i++)
            if (card_rank(deck[i]) == rank) candidates[nc++] = deck[i];
        for (int k = 0; k < cfg->remove_count[r]; k++) {
            int j = (int)dice_below(&s->dice, (uint64_t)nc); /* the wrapper checked nc > 0 */
            int card = candidates[j];
            for (int i = j + 1; i < nc; i++) candidates[i - 1] = candidates[i];
            nc--;
            for (int i = 0; i < n; i++) /* deck.remove(card): its first occurrence */
                if (deck[i] == card) {
                    memmove(deck + i, deck + i + 1, (size_t)(n - i - 1));
                    n--;
                    break;
                }
        }
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)dice_below(&s->dice, (uint64_t)(i + 1));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    memcpy(s->deck, deck, (size_t)n);
    s->deck_head = 0;
    s->deck_len = (uint8_t)n;
}

/* deal_number_card: deal until a number card comes up, burning the others to the bottom.
 * Where the Python would fail (an empty deck) or never stop (no number card left), the
 * kernel stops with an error instead. */
static int deal_number_card(State *s) {
    int burned = 0;
    while (1) {
        if (!s->deck_len) { s->error = ERR_EMPTY_DECK; return 0; }
        int card = deck_draw(s);
        if (is_number(card)) return card;
        deck_bury(s, card);
        if (++burned > s->deck_len) { s->error = ERR_NO_NUMBER; return 0; }
    }
}

void start(State *s, const Config *cfg, uint64_t seed) {
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    dice_seed(&s->dice, seed);
    build_deck(s);
    int row = cfg->row;
    /* The city: the helicopter at the right end, the face-down blocks, your start at the left. */
    s->helicopter.x = (int8_t)(row + 1);
    s->helicopter.y = 0;
    s->start.x = s->start.y = 0;
    s->rows_lo = s->rows_hi = OY; /* SETUP's row, y = 0 */
    *cell(s, s->helicopter) = (uint8_t)deal_number_card(s);
    if (s->error) return;
    for (int x = row; x > 0; x--) { /* "dealt to the left of the faceup card" */
        if (!s->deck_len) { s->error = ERR_EMPTY_DECK; return; }
        Pos p = {(int8_t)x, 0};
        *cell(s, p) = (uint8_t)(deck_draw(s) | FACE_DOWN);
        note_hidden(s, p);
    }
    *cell(s, s->start) = (uint8_t)deal_number_card(s);
    if (s->error) return;
    s->pos = s->came_from = s->start;
    s->life = s->life_max = 2 * row;
    s->weapon.charge = s->survivor.weapon.charge = s->map_survivor.weapon.charge = NO_CHARGE;
    s->phase = PH_MOVE;
    arrive(s);
    settle(s);
}
