/* turn.py: the turn in the rulebook's order: MOVEMENT (move, flip, draw and place), ZOMBIES,
 * COMBAT, DAMAGE, then the next MOVEMENT; the END GAME at the helicopter. Steps that need no
 * choice run straight on; a step with one legal action takes it without asking. */
#include "state.h"

void finish(State *s, int won, int cause) {
    s->score = score(s, won); /* scored before the game is marked over, as Outcome(...) is */
    s->over = 1;
    s->won = (uint8_t)won;
    s->cause = (uint8_t)cause;
}

/* -- MOVEMENT ------------------------------------------------------------------------- */
/* arrive: you are on a new card: turn over the face-down cards next to it, then draw. */
void arrive(State *s) {
    s->nrevealed = 0;
    s->nflips = (uint8_t)face_down_neighbours(s, s->flips);
    s->phase = PH_REVEAL;
}

static void add_revealed(State *s, Pos p) {
    if (s->nrevealed >= 16) { /* at most 4 flips and 4 draws a turn: cannot happen */
        s->error = ERR_CAPACITY;
        return;
    }
    s->revealed[s->nrevealed++] = p;
}

static void reveal_next(State *s) {
    if (s->nflips) {
        Pos p = s->flips[0];
        for (int i = 1; i < s->nflips; i++) s->flips[i - 1] = s->flips[i];
        s->nflips--;
        *cell(s, p) &= (uint8_t)~FACE_DOWN;
        int card = card_at(s, p);
        if (is_number(card)) {
            add_revealed(s, p);
            return;
        }
        int dirs[4];
        if (!flip_spots(s, p, dirs)) { /* nowhere else to go: it stays and blocks */
            add_revealed(s, p);
            reveal(s, p);
            return;
        }
        s->holding = p;
        s->has_holding = 1;
        s->phase = PH_PLACE_FLIPPED;
        return;
    }
    int spots = 0;
    for (int d = 0; d < 4; d++)
        if (cell_at(s, pos_step(s->pos, d)) == 0) spots++;
    int drawn = spots < s->deck_len ? spots : s->deck_len; /* draw_many: fewer if it runs out */
    for (int i = 0; i < drawn; i++) s->pending[i] = (uint8_t)deck_draw(s);
    s->npending = (uint8_t)drawn;
    s->phase = drawn ? PH_PLACE : PH_ZOMBIES;
}

static void place(State *s, int dir) {
    Pos target;
    int card;
    if (s->phase == PH_PLACE_FLIPPED) {
        Pos src = s->holding;
        target = pos_step(around_of(s), dir);
        if (!in_bounds(target)) { s->error = ERR_BOUNDS; return; }
        put_row(s, target.y + OY);
        card = card_at(s, src);
        *cell(s, src) = 0;
        *cell(s, target) = (uint8_t)card;
        s->has_holding = 0;
        s->phase = PH_REVEAL;
    } else {
        target = pos_step(s->pos, dir);
        if (!in_bounds(target)) { s->error = ERR_BOUNDS; return; }
        put_row(s, target.y + OY);
        card = s->pending[0];
        for (int i = 1; i < s->npending; i++) s->pending[i - 1] = s->pending[i];
        s->npending--;
        *cell(s, target) = (uint8_t)card;
        if (!s->npending) s->phase = PH_ZOMBIES;
    }
    add_revealed(s, target);
    if (!is_number(card)) reveal(s, target);
}

static void move(State *s, int dir) {
    s->came_from = s->pos;
    s->pos = pos_step(s->pos, dir);
    s->turn += 1;
    dice_mark(&s->dice); /* a search world's dice: from each move on the same in every world */
    if (pos_eq(s->pos, s->helicopter)) {
        s->nrevealed = 0;
        s->phase = PH_HELICOPTER;
        return;
    }
    arrive(s);
}

static void enter_move(State *s) {
    s->phase = PH_MOVE;
    s->battle_round = 0;
    if (s->turn >= s->cfg->max_turns) finish(s, 0, C_OUT_OF_TIME);
    else if (!can_move(s) || stranded(s)) finish(s, 0, C_STRANDED);
}

static void evacuate(State *s);

/* -- ZOMBIES -------------------------------------------------------------------------- */
static void add_zombies(State *s, int added) {
    int total = s->zombies + added, dice[3];
    if (!make_change(total, s->cfg->pool, dice)) { /* not enough zombie dice to show them */
        finish(s, 0, C_OVERRUN);
        return;
    }
    s->zombies = total;
}

static void zombies(State *s) {
    int added = new_zombies(s);
    s->nrevealed = 0;
    add_zombies(s, added);
    if (s->over) return;
    if (s->zombies) s->phase = PH_COMBAT;
    else enter_move(s);
}

/* The final battle (designed, A-53): the helicopter card's zombies join yours. */
static void helicopter(State *s) {
    if (s->cfg->heli_card_value) {
        add_zombies(s, card_value(card_at(s, s->helicopter)));
        if (s->over) return;
    }
    if (s->zombies) s->phase = PH_COMBAT;
    else evacuate(s);
}

static void evacuate(State *s) { finish(s, 1, C_EVACUATED); }

/* -- COMBAT --------------------------------------------------------------------------- */
static void fight(State *s, int survivor_weapon) {
    battle(s, survivor_weapon);
    if (s->over || s->error) return;
    if (!pos_eq(s->pos, s->helicopter)) {
        enter_move(s);
        return;
    }
    s->battle_round += 1;
    if (s->cfg->final_survive || s->zombies == 0) evacuate(s);
    else s->phase = PH_COMBAT;
}

/* -- the procedure -------------------------------------------------------------------- */
/* decide: the legal actions now, in the order the Python decision lists them. */
void decide(State *s) {
    s->nactions = 0;
    if (s->provisions) {
        provisions_actions(s);
        return;
    }
    switch (s->phase) {
    case PH_PLACE_FLIPPED: {
        int dirs[4], n = flip_spots(s, s->holding, dirs);
        for (int i = 0; i < n; i++) push_action(s, ACT(A_PLACE, dirs[i], 0, 0));
        return;
    }
    case PH_PLACE:
        place_actions(s, place_spots(s, s->pending[0]));
        return;
    case PH_COMBAT:
        free_actions(s);
        weapon_actions(s);
        return;
    case PH_SHARE:
        share_actions(s);
        return;
    case PH_SURVIVOR_WEAPON:
        survivor_weapon_actions(s);
        return;
    case PH_MOVE:
        move_actions(s);
        free_actions(s);
        return;
    default:
        s->error = ERR_PHASE;
    }
}

/* _do: one action. Provisions are shared first, whatever else the phase is. */
void do_action(State *s, uint32_t a) {
    int verb = ACT_VERB(a);
    if (s->provisions) {
        share_provisions(s, s->provisions, (int)ACT_N(a));
        return;
    }
    switch (verb) {
    case A_TAKE: case A_TAKE_GIVE: case A_ARM: case A_SWAP: case A_TAKE_SURVIVOR_WEAPON:
    case A_RESCUE:
        do_free_action(s, a);
        return;
    case A_PLACE:
        place(s, ACT_A(a));
        return;
    case A_MOVE:
        move(s, ACT_A(a));
        return;
    case A_FIGHT_WEAPON: case A_FIGHT_FISTS:
        s->use_weapon = verb == A_FIGHT_WEAPON;
        if (s->has_survivor) s->phase = PH_SHARE;
        else fight(s, 0);
        return;
    case A_SHARE: {
        int t = ACT_A(a), f = ACT_B(a), o = ACT_C(a);
        s->share[0] = (int16_t)t;
        s->share[1] = (int16_t)f;
        s->share[2] = (int16_t)o;
        s->has_share = 1;
        if (s->has_survivor && s->survivor.weapon.kind != W_NONE && (t || f || o))
            s->phase = PH_SURVIVOR_WEAPON;
        else
            fight(s, 0);
        return;
    }
    case A_SURVIVOR_WEAPON: case A_SURVIVOR_FISTS:
        fight(s, verb == A_SURVIVOR_WEAPON);
        return;
    }
}

/* settle: run the procedure until the player must choose (the actions are then in
 * s->actions) or the game ends (no actions). */
void settle(State *s) {
    while (!s->over && !s->error) {
        if (!s->provisions) {
            switch (s->phase) {
            case PH_REVEAL: reveal_next(s); continue;
            case PH_ZOMBIES: zombies(s); continue;
            case PH_HELICOPTER: helicopter(s); continue;
            default: break;
            }
        }
        decide(s);
        if (s->error) break;
        if (s->nactions == 0) { s->error = ERR_NO_ACTION; break; }
        if (s->nactions == 1) {
            do_action(s, s->actions[0]);
            continue;
        }
        return;
    }
    s->nactions = 0;
}

/* rollout: the mcts agent's random rollout (agents/mcts.py: _play_out_compiled): at most
 * `depth` actions, each the agent.below(count)-th legal one, until the game ends. Returns how
 * many were played; stops early on an error (the binding raises it). */
long rollout(State *s, Dice *agent, long depth) {
    long steps = 0;
    while (steps < depth && !s->over && !s->error) {
        do_action(s, s->actions[dice_below(agent, s->nactions)]);
        settle(s);
        steps++;
    }
    return steps;
}
