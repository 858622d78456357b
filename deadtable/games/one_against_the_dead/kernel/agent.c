/* agent.py: the game's heuristic player (HeuristicAgent) in C, its procedures in the same
 * order, choosing exactly what the Python chooses from the same memory (kernel_memory(): its
 * dice, big_fight and visits, here an Agent) at the same decision.
 *
 * It sees only what the player's view (view.py) shows. How that is made sure: the choosers
 * below never read the State themselves; every read goes through the seen_* helpers just
 * below, one per field of the view the Python agent reads (position, helicopter, life,
 * zombies, weapon, survivor, the card held or to place, the face-up cards) or the decision's
 * actions. seen_card gives no card for a face-down block, as the view gives its card as None
 * and face_up False (so _fewest_zombies leaves it out), and nothing here reads the deck. The
 * tests check it too: a choice is the same after determinize deals the hidden cards anew. */
#include "state.h"

/* -- what the view shows ----------------------------------------------------------------- */
static inline Pos seen_position(const State *s) { return s->pos; }           /* "position" */
static inline Pos seen_helicopter(const State *s) { return s->helicopter; }  /* "helicopter" */
static inline int seen_life(const State *s) { return s->life; }              /* "life" */
static inline int seen_zombies(const State *s) { return s->zombies; }        /* "zombies" */
static inline const Weapon *seen_weapon(const State *s) { /* "weapon": None for fists */
    return s->weapon.kind == W_NONE ? NULL : &s->weapon;
}
static inline const Survivor *seen_survivor(const State *s) { /* "survivor" */
    return s->has_survivor ? &s->survivor : NULL;
}
/* "cards": the card at p if the view shows it face up, else 0 (no card, or face down). */
static inline int seen_card(const State *s, Pos p) {
    if (!in_bounds(p)) return 0; /* no card is ever outside (state.h) */
    uint8_t c = cell_at(s, p);
    return c & FACE_DOWN ? 0 : c & CARD_BITS;
}
/* view["holding"] or view["to_place"][0]: the card you hold (shown, whatever its block) or
 * the first of the cards drawn to place (shown in your hand). */
static inline int seen_card_to_place(const State *s) {
    return s->has_holding ? card_at(s, s->holding) : s->pending[0];
}
/* the decision: decision.ids */
static inline int seen_nactions(const State *s) { return s->nactions; }
static inline uint32_t seen_action(const State *s, int i) { return s->actions[i]; }

static int find_action(const State *s, uint32_t a) { /* ids.index(a), or -1 */
    for (int i = 0; i < seen_nactions(s); i++)
        if (seen_action(s, i) == a) return i;
    return -1;
}
static int find_verb(const State *s, int verb) {
    for (int i = 0; i < seen_nactions(s); i++)
        if ((int)ACT_VERB(seen_action(s, i)) == verb) return i;
    return -1;
}

static int match(int card, int other);
static int64_t manhattan(Pos a, Pos b) { return abs(a.x - b.x) + abs(a.y - b.y); }

/* RANK: the weapon kinds' codes are their ranks here (None 0, bat 1, chainsaw 2, shotgun 3). */
static int free_(const State *s);
static int place_(const State *s);
static int fewest_zombies(const State *s, const int *places, int n);
static int fight(const State *s, const Agent *a);
static int share(const State *s);
static int move_(const State *s, Agent *a);

/* act: the index of the chosen action; -1 if the agent's memory could not grow (no memory). */
int heuristic_act(const State *s, Agent *a) {
    int chosen = free_(s);
    if (chosen < 0) chosen = place_(s);
    if (chosen < 0) chosen = fight(s, a);
    if (chosen < 0) chosen = share(s);
    if (chosen < 0) chosen = move_(s, a);
    if (chosen == -2) return -1;
    return chosen < 0 ? 0 : chosen;
}

/* -- weapons and survivors --------------------------------------------------------------- */
static int free_(const State *s) {
    int rescue = find_verb(s, A_RESCUE);
    if (rescue >= 0) return rescue;
    const Weapon *mine = seen_weapon(s);
    int my_rank = mine == NULL ? 0 : mine->kind;
    int best = -1, best_rank = my_rank;
    for (int i = 0; i < seen_nactions(s); i++) {
        uint32_t a = seen_action(s, i);
        int verb = (int)ACT_VERB(a), kind = (int)ACT_A(a);
        if ((verb == A_TAKE || verb == A_TAKE_GIVE) && kind > best_rank) {
            int give = find_action(s, ACT(A_TAKE_GIVE, kind, 0, 0));
            best = give >= 0 ? give : i;
            best_rank = kind;
        }
    }
    if (best >= 0) return best;
    const Survivor *survivor = seen_survivor(s);
    if (survivor != NULL && survivor->weapon.kind == W_NONE) {
        int arm = -1, arm_rank = -1; /* max: the first of the highest */
        for (int i = 0; i < seen_nactions(s); i++) {
            uint32_t a = seen_action(s, i);
            if (ACT_VERB(a) == A_ARM && (int)ACT_A(a) > arm_rank) {
                arm = i;
                arm_rank = ACT_A(a);
            }
        }
        if (arm >= 0) return arm;
    }
    return -1;
}

/* -- laying cards ------------------------------------------------------------------------ */
static int place_(const State *s) {
    int places[4], n = 0;
    for (int i = 0; i < seen_nactions(s) && n < 4; i++)
        if (ACT_VERB(seen_action(s, i)) == A_PLACE) places[n++] = i;
    if (n == 0) return -1;
    return n == 1 ? places[0] : fewest_zombies(s, places, n);
}

static int fewest_zombies(const State *s, const int *places, int n) {
    /* A number card is best next to cards it matches; a non-number card off the path. */
    Pos here = seen_position(s), heli = seen_helicopter(s);
    int card = seen_card_to_place(s);
    int best = -1, best0 = 0, best1 = 0;
    for (int k = 0; k < n; k++) {
        Pos p = pos_step(here, ACT_A(seen_action(s, places[k])));
        int closer = manhattan(p, heli) < manhattan(here, heli);
        int c0, c1;
        if (!is_number(card)) {
            c0 = closer ? 1 : 0;
            c1 = 0;
        } else {
            int around = 0, all = 1;
            for (int d = 0; d < 4; d++) { /* _neighbours: right, up, down, left */
                int other = seen_card(s, pos_step(p, d));
                if (!other) continue;
                around++;
                if (!match(card, other)) all = 0;
            }
            int matches = all && around > 0;
            /* Matching cards make no zombies; otherwise put high cards away from the path. */
            c0 = matches ? 0 : card_value(card);
            c1 = closer ? 0 : 1;
        }
        if (best < 0 || c0 < best0 || (c0 == best0 && c1 < best1)) {
            best = places[k];
            best0 = c0;
            best1 = c1;
        }
    }
    return best;
}

/* -- combat ------------------------------------------------------------------------------ */
static int fight(const State *s, const Agent *a) {
    if (find_verb(s, A_FIGHT_FISTS) < 0 && find_verb(s, A_SURVIVOR_FISTS) < 0) return -1;
    int zombies = seen_zombies(s);
    int weapon = find_verb(s, A_FIGHT_WEAPON);
    if (weapon >= 0) {
        const Weapon *w = seen_weapon(s);
        int spend = w->charge == NO_CHARGE || zombies >= a->big_fight || seen_life(s) <= 4;
        return spend ? weapon : find_verb(s, A_FIGHT_FISTS);
    }
    int survivor_weapon = find_verb(s, A_SURVIVOR_WEAPON);
    if (survivor_weapon >= 0) return survivor_weapon;
    return -1;
}

static int share(const State *s) {
    const Survivor *survivor = seen_survivor(s);
    /* Let him take the fewest zombies that still spare you damage, while he can bear it. */
    int fewest = survivor == NULL || survivor->life <= 1;
    int best = -1, best_taken = 0;
    for (int i = 0; i < seen_nactions(s); i++) {
        uint32_t a = seen_action(s, i);
        if (ACT_VERB(a) != A_SHARE) continue;
        int taken = 10 * (int)ACT_A(a) + 5 * (int)ACT_B(a) + (int)ACT_C(a);
        if (best < 0 || (fewest ? taken < best_taken : taken > best_taken)) {
            best = i;
            best_taken = taken;
        }
    }
    return best;
}

/* -- moving ------------------------------------------------------------------------------ */
static Visit *visit_of(Agent *a, Pos p) {
    for (int i = 0; i < a->nvisits; i++)
        if (a->visits[i].x == p.x && a->visits[i].y == p.y) return &a->visits[i];
    return NULL;
}

static int move_(const State *s, Agent *a) {
    Pos here = seen_position(s), heli = seen_helicopter(s);
    int best = -1;
    int64_t best0 = 0;
    uint64_t best1 = 0;
    for (int i = 0; i < seen_nactions(s); i++) {
        uint32_t act = seen_action(s, i);
        if (ACT_VERB(act) != A_MOVE) continue;
        Pos p = pos_step(here, ACT_A(act));
        Visit *v = visit_of(a, p);
        /* min's key, for every move in order: one die each */
        int64_t c0 = manhattan(p, heli) + 2 * (v == NULL ? 0 : v->count);
        uint64_t c1 = dice_below(&a->dice, 1000);
        if (best < 0 || c0 < best0 || (c0 == best0 && c1 < best1)) {
            best = i;
            best0 = c0;
            best1 = c1;
        }
    }
    if (best < 0) return -1;
    Pos p = pos_step(here, ACT_A(seen_action(s, best)));
    Visit *v = visit_of(a, p);
    if (v != NULL) {
        v->count += 1;
        return best;
    }
    if (a->nvisits == a->cap) { /* a new place: the memory grows (dict insertion order) */
        int cap = a->cap ? 2 * a->cap : 64;
        Visit *more = realloc(a->visits, (size_t)cap * sizeof *more);
        if (more == NULL) return -2;
        a->visits = more;
        a->cap = cap;
    }
    Visit w = {p.x, p.y, 1};
    a->visits[a->nvisits++] = w;
    return best;
}

/* _is_number is state.h's is_number. */
static int match(int card, int other) {
    if (other == CARD_JOKER) return 0;
    return card_suit(other) == card_suit(card) || card_rank(other) == card_rank(card);
}
/* _neighbours is pos_step over state.h's DX/DY, in the same order. */

/* play_out: the heuristic in every decision until the game ends or `depth` actions were
 * played; the actions played (-1: the memory could not grow). Stops early on an error (the
 * binding raises it). */
long heuristic_play_out(State *s, Agent *a, long depth) {
    long steps = 0;
    while (steps < depth && !s->over && !s->error) {
        int i = heuristic_act(s, a);
        if (i < 0) return -1;
        do_action(s, s->actions[i]);
        settle(s);
        steps++;
    }
    return steps;
}
