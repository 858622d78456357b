/* The game's data (state.py) as one fixed-size struct: no pointers into the heap, so a clone
 * is a memcpy and a step never allocates.
 *
 * Cards: 0 is no card; 1..52 are the 52 cards in cards.full_deck() order (suits C D H S, ranks
 * 2..10 J Q K A): code = suit * 13 + rank + 1; 53 is the Joker (the two Jokers are the same
 * card, as their ids are the same string).
 *
 * The city: grid[y + OY][x + OX] holds a card code, with FACE_DOWN set for a face-down block.
 * Why this is enough: the deck has at most 54 cards (cards.full_deck()), and every card ever
 * put down after SETUP lands next to a spot that holds or held a card (you stand on a card; the
 * card you came from is one). SETUP lays the row y = 0, x = 0..row+1 (row <= 20) with row + 2
 * cards; after it at most 54 - (row + 2) drawn cards and `row` flipped cards are put down, so
 * no card is ever more than 52 steps from that row, and a neighbour looked at is at most 53.
 * x in [-53, 74] and y in [-53, 53] fit OX/OY/GW/GH below with room to spare; a card put down
 * outside would be a bug, and the kernel then fails loudly (ERR_BOUNDS) rather than guess. */
#ifndef OATD_STATE_H
#define OATD_STATE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

#define OX 56
#define OY 56
#define GW 136 /* x in [-56, 79] */
#define GH 112 /* y in [-56, 55] */
#define FACE_DOWN 0x80
#define SEEN 0x40 /* stranded()'s search marks cells while it runs, and clears them after */
#define CARD_BITS 0x3f

#define CARD_JOKER 53
#define NO_CHARGE INT32_MIN /* Weapon.charge None: a weapon that never runs out */

/* Ranks by index: 0..8 are 2..10, then J Q K A; 13 is the Joker's rank. */
enum { RANK_J = 9, RANK_Q = 10, RANK_K = 11, RANK_A = 12, RANK_JOKER = 13 };

/* Weapon kinds: 0 is none (Fists of Fury), then data.WEAPONS order. */
enum { W_NONE = 0, W_BAT = 1, W_CHAINSAW = 2, W_SHOTGUN = 3 };

/* state.phase */
enum {
    PH_MOVE, PH_REVEAL, PH_PLACE_FLIPPED, PH_PLACE, PH_ZOMBIES, PH_COMBAT, PH_SHARE,
    PH_SURVIVOR_WEAPON, PH_HELICOPTER, PH_COUNT
};

/* Outcome causes */
enum { C_EVACUATED, C_KILLED, C_OVERRUN, C_STRANDED, C_OUT_OF_TIME, C_COUNT };

/* What a revealed non-number card brings (finds.reveal), per rank class J Q K A Joker. */
enum { FIND_NOTHING = 0, FIND_ACE = 4, FIND_JOKER = 5 }; /* 1..3: a weapon of that kind */

/* Errors the Python rules would raise (or hang on): the binding turns them into exceptions. */
enum {
    ERR_NONE, ERR_BOUNDS, ERR_EMPTY_DECK, ERR_NO_NUMBER, ERR_DICE_OF, ERR_NO_ACTION, ERR_PHASE,
    ERR_CAPACITY
};

/* Actions: verb in the low byte, arguments above it. */
enum {
    A_MOVE, A_PLACE, A_TAKE, A_TAKE_GIVE, A_ARM, A_SWAP, A_TAKE_SURVIVOR_WEAPON, A_RESCUE,
    A_FIGHT_WEAPON, A_FIGHT_FISTS, A_SHARE, A_SURVIVOR_WEAPON, A_SURVIVOR_FISTS, A_PROVISIONS
};
#define ACT(verb, a, b, c) ((uint32_t)(verb) | ((uint32_t)(a) << 8) | ((uint32_t)(b) << 16) | \
                            ((uint32_t)(c) << 24))
#define ACT_VERB(x) ((x) & 0xff)
#define ACT_A(x) (((x) >> 8) & 0xff)
#define ACT_B(x) (((x) >> 16) & 0xff)
#define ACT_C(x) (((x) >> 24) & 0xff)
#define ACT_N(x) ((x) >> 8) /* provisions:N */
#define MAX_ACTIONS 256

/* The rule numbers and option values one kernel plays with (data.Rules + the options). */
typedef struct {
    int row, max_turns;
    int final_survive, heli_card_value, flip_prev, numbers_only, same_turn, mixed;
    int share_by_dice, scoring_kills;
    int power[4], rank[4], charged[4]; /* by weapon kind, fists first */
    int find[5];                       /* by rank class J Q K A Joker */
    int pool[3];                       /* zombie dice of 10, 5 and 1 */
    int per_point;                     /* zombies per point of damage */
    DiceExpr survivor_life, provisions;
    int nremove;
    int remove_rank[32], remove_count[32]; /* SETUP's removals in the data file's order */
} Config;

typedef struct { int8_t x, y; } Pos;

typedef struct {
    uint8_t kind;
    int32_t charge;
} Weapon;

typedef struct {
    int32_t life, life_max;
    Weapon weapon;
} Survivor;

typedef struct {
    const Config *cfg;
    Dice dice;
    int32_t life, life_max, zombies, kills, turn, provisions, battle_round;
    Pos helicopter, start, pos, came_from;
    Weapon weapon;
    uint8_t has_survivor;
    Survivor survivor;
    /* map_weapons: a kind lies at most once on the map (finds._weapon_card moves it) */
    uint8_t map_has[4];
    Pos map_pos[4];
    int32_t map_charge[4];
    uint8_t has_map_survivor;
    Pos map_survivor_pos;
    Survivor map_survivor;
    uint8_t phase;
    uint8_t nflips, npending, nrevealed;
    Pos flips[4];
    uint8_t has_holding;
    Pos holding;
    uint8_t pending[4];
    Pos revealed[16];
    /* every face-down card lies in this box (x, then y): SETUP's row, or what load() was
     * given; no card is ever turned face down after that, so determinize looks only here */
    uint8_t has_hidden;
    Pos hidden_lo, hidden_hi;
    uint8_t use_weapon, has_share;
    int16_t share[3];
    /* outcome */
    uint8_t over, won, cause, error;
    double score;
    /* the deck, a ring: card i from the top is deck[(deck_head + i) & 63] */
    uint8_t deck_head, deck_len;
    uint8_t deck[64];
    /* the grid rows (y + OY) cards have been put on: every other row is all zero. A clone
     * copies only these and GRID_MARGIN rows either side (game_clone), so the rows beyond
     * those may hold anything there; put_row keeps the margin zero as cards spread. */
    uint8_t rows_lo, rows_hi;
    /* the decision: the legal actions, in the Python decision's order (actions must stay
     * the last fields before grid: a clone copies only the first nactions of them) */
    uint16_t nactions;
    uint32_t actions[MAX_ACTIONS];
    uint8_t grid[GH][GW];
} State;

/* -- geometry: state.DIRECTIONS order is right, up, down, left -------------------------- */
static const int DX[4] = {1, 0, 0, -1};
static const int DY[4] = {0, 1, -1, 0};

static inline Pos pos_step(Pos p, int dir) {
    Pos q = {(int8_t)(p.x + DX[dir]), (int8_t)(p.y + DY[dir])};
    return q;
}
static inline int pos_eq(Pos a, Pos b) { return a.x == b.x && a.y == b.y; }
static inline int pos_cmp(Pos a, Pos b) { return a.x != b.x ? a.x - b.x : a.y - b.y; }
static inline int adjacent(Pos a, Pos b) { return abs(a.x - b.x) + abs(a.y - b.y) == 1; }
static inline int in_bounds(Pos p) {
    return p.x + OX >= 1 && p.x + OX < GW - 1 && p.y + OY >= 1 && p.y + OY < GH - 1;
}
static inline uint8_t *cell(State *s, Pos p) { return &s->grid[p.y + OY][p.x + OX]; }
static inline uint8_t cell_at(const State *s, Pos p) { return s->grid[p.y + OY][p.x + OX]; }
static inline int card_at(const State *s, Pos p) { return cell_at(s, p) & CARD_BITS; }

/* Every cell the rules read lies at most one step from a card (you stand on a card; the card
 * you came from is one; zombies and the blocked-path search look at the neighbours of cards),
 * so two rows of zeros around the rows with cards are all a clone needs to see empty city. */
#define GRID_MARGIN 2

/* put_row: a card is about to be put on grid row `row` (from SETUP, load or a placement):
 * widen the rows with cards to it, zeroing the margin rows the widening brings in (in a clone
 * they are whatever was in memory). */
static inline void put_row(State *s, int row) {
    while (row < s->rows_lo) {
        s->rows_lo--;
        if (s->rows_lo >= GRID_MARGIN) memset(s->grid[s->rows_lo - GRID_MARGIN], 0, GW);
    }
    while (row > s->rows_hi) {
        s->rows_hi++;
        if (s->rows_hi + GRID_MARGIN < GH) memset(s->grid[s->rows_hi + GRID_MARGIN], 0, GW);
    }
}

/* -- cards (cards.py) -------------------------------------------------------------------- */
static inline int card_rank(int c) { return c == CARD_JOKER ? RANK_JOKER : (c - 1) % 13; }
static inline int card_suit(int c) { return c == CARD_JOKER ? -1 : (c - 1) / 13; }
static inline int is_number(int c) { return c >= 1 && c <= 52 && (c - 1) % 13 < 9; }
static inline int card_value(int c) { return (c - 1) % 13 + 2; }

/* -- the deck (engine/cards.py Pile) ----------------------------------------------------- */
static inline int deck_at(const State *s, int i) { return s->deck[(s->deck_head + i) & 63]; }
static inline int deck_draw(State *s) {
    int c = s->deck[s->deck_head];
    s->deck_head = (uint8_t)((s->deck_head + 1) & 63);
    s->deck_len--;
    return c;
}
static inline void deck_bury(State *s, int c) {
    s->deck[(s->deck_head + s->deck_len) & 63] = (uint8_t)c;
    s->deck_len++;
}

/* -- the procedure, file by file as in Python ------------------------------------------- */
/* state.py */
int distance(const State *s, Pos p);
int on_path(const State *s, Pos p);
void finish(State *s, int won, int cause);
void note_hidden(State *s, Pos p);
void determinize(State *s, Dice *agent);
/* setup.py */
void start(State *s, const Config *cfg, uint64_t seed);
/* movement.py */
int can_move(const State *s);
void move_actions(State *s);
int flip_spots(const State *s, Pos flipped, int dirs[4]);
int place_spots(const State *s, int card);
void place_actions(State *s, int mask);
int face_down_neighbours(const State *s, Pos out[4]);
int stranded(State *s);
Pos around_of(const State *s);
/* zombies.py */
int new_zombies(const State *s);
int make_change(int count, const int pool[3], int out[3]);
/* combat.py */
void weapon_actions(State *s);
void share_actions(State *s);
void survivor_weapon_actions(State *s);
void battle(State *s, int survivor_weapon);
double score(const State *s, int won);
/* finds.py */
void reveal(State *s, Pos p);
void share_provisions(State *s, int amount, int to_survivor);
void provisions_actions(State *s);
void free_actions(State *s);
void do_free_action(State *s, uint32_t action);
/* turn.py */
void arrive(State *s);
void decide(State *s);
void do_action(State *s, uint32_t action);
void settle(State *s);
long rollout(State *s, Dice *agent, long depth);

/* agent.py: the heuristic player's memory (HeuristicAgent.kernel_memory): its dice, the
 * zombies worth a charged weapon, and where it has walked with how often, in the order it
 * first went there (the Python dict's order). visits is malloc'ed by the caller, grown by
 * agent.c (realloc) when it walks somewhere new. */
typedef struct { int64_t x, y, count; } Visit;
typedef struct {
    Dice dice;
    int64_t big_fight;
    int nvisits, cap;
    Visit *visits;
} Agent;
int heuristic_act(const State *s, Agent *a);
long heuristic_play_out(State *s, Agent *a, long depth);

static inline void push_action(State *s, uint32_t a) {
    if (s->nactions >= MAX_ACTIONS) {
        s->error = ERR_CAPACITY;
        return;
    }
    s->actions[s->nactions++] = a;
}

#endif
