/* finds.py: WEAPONS, SURVIVORS & PROVISIONS: what a revealed non-number card brings, and
 * the exchanges you may make at any time outside combat. */
#include "state.h"

static void weapon_card(State *s, Pos p, int kind);
static void ace(State *s, Pos p);
static void joker(State *s);
static void give_provisions(State *s, int amount);

/* reveal: a card has just been turned up at p, at its final place. */
void reveal(State *s, Pos p) {
    int r = card_rank(card_at(s, p));
    if (r < RANK_J) return; /* a number card brings nothing */
    int find = s->cfg->find[r - RANK_J];
    if (find >= W_BAT && find <= W_SHOTGUN) weapon_card(s, p, find);
    else if (find == FIND_ACE) ace(s, p);
    else if (find == FIND_JOKER) joker(s);
}

/* _weapon_card: a weapon lies on the card, unless you or the survivor carry that kind; an
 * unclaimed one of that kind moves here (keeping its charge); else a new one, its charge
 * rolled on a d6 if it has one. */
static void weapon_card(State *s, Pos p, int kind) {
    if (s->weapon.kind == kind || (s->has_survivor && s->survivor.weapon.kind == kind)) return;
    if (s->map_has[kind]) {
        s->map_pos[kind] = p;
        return;
    }
    int charge = s->cfg->charged[kind] ? dice_roll(&s->dice, 6) : NO_CHARGE;
    s->map_has[kind] = 1;
    s->map_pos[kind] = p;
    s->map_charge[kind] = charge;
}

/* _ace: a survivor in the rubble (there is only one in the game). */
static void ace(State *s, Pos p) {
    if (s->has_survivor) return;
    if (s->has_map_survivor) {
        s->map_survivor_pos = p;
        return;
    }
    int life = dice_roll_expr(&s->dice, &s->cfg->survivor_life);
    s->has_map_survivor = 1;
    s->map_survivor_pos = p;
    s->map_survivor.life = s->map_survivor.life_max = life;
    s->map_survivor.weapon.kind = W_NONE;
    s->map_survivor.weapon.charge = NO_CHARGE;
}

/* _joker: the Joker is a convenience store. */
static void joker(State *s) { give_provisions(s, dice_roll_expr(&s->dice, &s->cfg->provisions)); }

/* give_provisions: share now if there is a choice to make; provisions cannot be stored. */
static void give_provisions(State *s, int amount) {
    int my_room = s->life_max - s->life;
    int his_room = s->has_survivor ? s->survivor.life_max - s->survivor.life : 0;
    if (my_room > 0 && his_room > 0 && amount > 0) {
        s->provisions = amount; /* the player decides (turn.c) */
        return;
    }
    if (s->has_survivor && his_room > 0) share_provisions(s, amount, amount);
    else share_provisions(s, amount, 0);
}

void share_provisions(State *s, int amount, int to_survivor) {
    if (s->has_survivor && to_survivor) {
        int room = s->survivor.life_max - s->survivor.life;
        s->survivor.life += to_survivor < room ? to_survivor : room;
    }
    int room = s->life_max - s->life, mine = amount - to_survivor;
    s->life += mine < room ? mine : room;
    s->provisions = 0;
}

void provisions_actions(State *s) {
    int room = s->survivor.life_max - s->survivor.life;
    int most = s->provisions < room ? s->provisions : room;
    for (int n = most; n >= 0; n--) push_action(s, ACT(A_PROVISIONS, n & 0xff, (n >> 8) & 0xff, 0));
}

/* free_actions: taking weapons, arming or disarming the survivor, rescuing; each keeps the
 * rule that a survivor never carries a more powerful weapon than you. */
void free_actions(State *s) {
    const int *rank = s->cfg->rank;
    int any_map = s->map_has[1] | s->map_has[2] | s->map_has[3];
    if (!any_map && !s->has_survivor && !s->has_map_survivor) return; /* the common case */
    int mine = s->weapon.kind, has_s = s->has_survivor;
    int my_rank = rank[mine];
    int his_rank = has_s ? rank[s->survivor.weapon.kind] : -1;
    /* _adjacent_weapons: the weapons next to you, sorted by position. */
    int near[3], nnear = 0;
    for (int k = W_BAT; k <= W_SHOTGUN; k++)
        if (s->map_has[k] && adjacent(s->map_pos[k], s->pos)) {
            int i = nnear++;
            while (i > 0 && pos_cmp(s->map_pos[near[i - 1]], s->map_pos[k]) > 0) {
                near[i] = near[i - 1];
                i--;
            }
            near[i] = k;
        }
    for (int i = 0; i < nnear; i++) {
        int k = near[i], w_rank = rank[k];
        if (his_rank <= w_rank) push_action(s, ACT(A_TAKE, k, 0, 0));
        if (has_s && mine != W_NONE && my_rank <= w_rank) push_action(s, ACT(A_TAKE_GIVE, k, 0, 0));
        if (has_s && w_rank <= my_rank) push_action(s, ACT(A_ARM, k, 0, 0));
    }
    if (has_s && s->survivor.weapon.kind != W_NONE) {
        if (mine != W_NONE && rank[mine] <= rank[s->survivor.weapon.kind])
            push_action(s, ACT(A_SWAP, 0, 0, 0));
        push_action(s, ACT(A_TAKE_SURVIVOR_WEAPON, 0, 0, 0));
    }
    if (s->has_map_survivor && !has_s && adjacent(s->map_survivor_pos, s->pos))
        push_action(s, ACT(A_RESCUE, 0, 0, 0));
}

void do_free_action(State *s, uint32_t action) {
    int verb = ACT_VERB(action);
    if (verb == A_TAKE || verb == A_TAKE_GIVE || verb == A_ARM) {
        int k = ACT_A(action);
        Weapon w = {(uint8_t)k, s->map_charge[k]};
        s->map_has[k] = 0;
        if (verb == A_ARM) {
            s->survivor.weapon = w;
        } else if (verb == A_TAKE_GIVE) {
            s->survivor.weapon = s->weapon;
            s->weapon = w;
        } else {
            s->weapon = w;
        }
    } else if (verb == A_SWAP) {
        Weapon w = s->weapon;
        s->weapon = s->survivor.weapon;
        s->survivor.weapon = w;
    } else if (verb == A_TAKE_SURVIVOR_WEAPON) {
        s->weapon = s->survivor.weapon;
        s->survivor.weapon.kind = W_NONE;
        s->survivor.weapon.charge = NO_CHARGE;
    } else if (verb == A_RESCUE) {
        s->survivor = s->map_survivor;
        s->has_survivor = 1;
        s->has_map_survivor = 0;
    }
}
