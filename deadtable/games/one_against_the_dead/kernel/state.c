/* state.py: GameState.determinize for this game: deal anew what the player cannot see. */
#include "state.h"

/* Python's order of the card ids (cards.py: rank then suit, "10C" ... "QS", then "joker"),
 * which sorted() puts them in: the first characters decide ('1' < '2'..'9' < 'A' < 'J' < 'K'
 * < 'Q' < 'j'; only "10" starts with '1'), then the suit (C < D < H < S). As rank indices
 * (state.h: 0..8 are 2..10, then J Q K A): 10, 2..9, A, J, K, Q. */
static const int RANK_ORDER[13] = {8, 0, 1, 2, 3, 4, 5, 6, 7, 12, 9, 11, 10};

/* note_hidden: a face-down card lies at p (SETUP or load): keep the box around them. */
void note_hidden(State *s, Pos p) {
    if (!s->has_hidden) {
        s->has_hidden = 1;
        s->hidden_lo = s->hidden_hi = p;
        return;
    }
    if (p.x < s->hidden_lo.x) s->hidden_lo.x = p.x;
    if (p.y < s->hidden_lo.y) s->hidden_lo.y = p.y;
    if (p.x > s->hidden_hi.x) s->hidden_hi.x = p.x;
    if (p.y > s->hidden_hi.y) s->hidden_hi.y = p.y;
}

/* determinize: GameState.determinize, then this game's own. The game's dice become
 * Dice(agent.below(2**62)), a fresh die (not synchronised: the Python's new Dice has no
 * base). The face-down cards, in sorted position order, and the deck, top first, are dealt
 * anew from their cards sorted in Python's string order and shuffled with the agent's dice
 * (Dice.shuffle); the face-down cards get the first of them, the deck the rest. The decision
 * is then asked again, as the Python's (state._decision = None) is, if the game is not over. */
void determinize(State *s, Dice *agent) {
    dice_seed(&s->dice, dice_below(agent, (uint64_t)1 << 62));
    /* sorted(face_down): by x, then y */
    Pos hidden[64];
    int nh = 0;
    if (s->has_hidden)
        for (int x = s->hidden_lo.x; x <= s->hidden_hi.x; x++)
            for (int y = s->hidden_lo.y; y <= s->hidden_hi.y; y++) {
                Pos p = {(int8_t)x, (int8_t)y};
                if (!(cell_at(s, p) & FACE_DOWN)) continue;
                if (nh == 64) { /* more than a deck: a loaded state no game reaches */
                    s->error = ERR_CAPACITY;
                    return;
                }
                hidden[nh++] = p;
            }
    /* sorted(hidden cards + deck): equal ids are the same card (the two Jokers), so a count
     * of each card, read in Python's order, is the sorted list */
    int count[CARD_JOKER + 1] = {0};
    for (int i = 0; i < nh; i++) count[card_at(s, hidden[i])]++;
    for (int i = 0; i < s->deck_len; i++) count[deck_at(s, i)]++;
    uint8_t unknown[128];
    int n = 0;
    for (int r = 0; r < 13; r++)
        for (int suit = 0; suit < 4; suit++) {
            int c = suit * 13 + RANK_ORDER[r] + 1;
            while (count[c]--) unknown[n++] = (uint8_t)c;
        }
    while (count[CARD_JOKER]--) unknown[n++] = CARD_JOKER;
    for (int i = n - 1; i > 0; i--) { /* Dice.shuffle: Fisher-Yates */
        int j = (int)dice_below(agent, (uint64_t)(i + 1));
        uint8_t t = unknown[i];
        unknown[i] = unknown[j];
        unknown[j] = t;
    }
    for (int i = 0; i < nh; i++) *cell(s, hidden[i]) = (uint8_t)(unknown[i] | FACE_DOWN);
    s->deck_head = 0;
    s->deck_len = (uint8_t)(n - nh);
    for (int i = nh; i < n; i++) s->deck[i - nh] = unknown[i];
    if (s->over) return;
    decide(s);
    if (!s->error && s->nactions == 0) s->error = ERR_NO_ACTION;
}
