/* traps.py: each trap played as its card says, in its order. */
#include "cw.h"

static int test_reflexes(State *s, int modifier) {
    if (s->sprint) return 0;  /* at a sprint you never leap clear */
    int r = total(&s->dice, 2, 6, 0);
    return r + modifier <= reflexes(s);
}

/* a die a trap rolls against you: a 6 at a sprint (the worst result) */
static int trap_d6(State *s) { return s->sprint ? 6 : d6(&s->dice); }

static void t_ambush(State *s) {
    if (has(s, N_UV)) return;
    int r = d6(&s->dice);
    uint8_t zombies[8];
    int n = pile_draw_many(&s->wandering, r, zombies);
    if (n) fight_begin(s, zombies, n, s->sprint ? CTX_SPRINT : CTX_AMBUSH, zombies, n);
}

static void t_cave_in(State *s) {
    if (has(s, N_SONIC) && !s->sprint) { pass_time(s, 2); return; }
    if (test_reflexes(s, 0)) return;
    int r = trap_d6(s);
    pass_time(s, 2 * r);
    wound(s, 1);
    breakage(s, 6, 6);
}

static void t_chasm(State *s, int card) {
    if (s->w.skill == SK_CLIMBING) return;
    int rope = find(s, NAMED(s, N_ROPE));
    if (rope >= 0) { use(s, rope); return; }
    pile_remove(s, &s->discards[s->current], card);
    s->removed[card] = 1;
    if (!s->exiting) leave_building(s, 1);
}

/* -- Locked Door ------------------------------------------------------------------------ */
static void t_locked_door(State *s, int card) {
    if (has(s, N_LOCKPICK)) return;
    ask(s, Q_DOOR);
    s->ctx.card = card;
}

static int door_actions(const State *s, Act *out) {
    int n = 0;
    for (int i = 0; i < s->nitems; i++)
        if (ITEM(s, s->items[i])->door && usable(s, &s->items[i]))
            out[n++] = (Act){A_SMASH_DOOR, s->items[i].item, 0, 0};
    if (has(s, N_ACID)) out[n++] = (Act){A_ACID, 0, 0, 0};
    out[n++] = (Act){A_RETRACE, 0, 0, 0};
    return n;
}

static void answer_door(State *s, const Act *a) {
    int card = s->ctx.card;
    if (a->verb == A_ACID) { use(s, find(s, NAMED(s, N_ACID))); return; }
    if (a->verb == A_RETRACE) { retrace(s, card); return; }
    const Item *item = &s->data->items[a->a];
    int index = find(s, a->a);
    int marks = item->shoots ? marksmanship(s, a->a) : 0;
    int r = total(&s->dice, 2, 6, 0);
    if (item->uses >= 0) use(s, index);
    if (r + marks >= item->door) {  /* the noise may bring a Zombie */
        wandering_check(s, CTX_NONE, 0, 0, 0, 0, 6);
        return;
    }
    pass_time(s, 1);
    if (!OVER(s)) wandering_check(s, CTX_NONE, TK_ASK_DOOR, card, TK_ASK_DOOR, card, 6);
}

static void step_ask_door(State *s, const Task *task) {
    ask(s, Q_DOOR);
    s->ctx.card = task->a;
}

/* five discards (or all, if fewer) back into the current deck; the door stays discarded */
static void retrace(State *s, int door) {
    Pile *discards = &s->discards[s->current];
    if (pile_index(discards, door) >= 0) pile_remove(s, discards, door);
    if (!discards->n) { pile_put_on_top(s, discards, door); return; }
    retrace_steps(s, discards, &s->decks[s->current]);
    s->nknown = 0;  /* the deck is shuffled: what the Remote Camera saw is lost */
    pile_put_on_top(s, discards, door);
}

/* -- the rest --------------------------------------------------------------------------- */
static void t_lunatic(State *s) {
    if (has(s, N_HEAT) && !s->sprint) return;
    int grabbable[MAXCARRY], n = 0;
    for (int i = 0; i < s->nitems; i++)
        if (ITEM(s, s->items[i])->type != IT_CLOTHING) grabbable[n++] = i;
    if (!n) return;
    destroy(s, grabbable[below(&s->dice, n)]);
}

static void t_magnetic_field(State *s) {
    int r = s->sprint ? 12 : total(&s->dice, 2, 6, 0);
    int until = s->time + 2 * r;
    if (until > s->field_until) s->field_until = until;
    s->free = 0;  /* "the room with this trap in is not empty" */
}

static void t_mines(State *s) {
    if (has(s, N_METAL) && !s->sprint) { pass_time(s, 2); return; }
    if (test_reflexes(s, 2)) return;
    if (s->sprint) { wound(s, 6); breakage(s, 6, 6); return; }
    int r = d6(&s->dice);
    wound(s, r + 1);
    breakage(s, 6, 6);
}

static int cutters(const State *s, int *out) {
    int n = 0;
    for (int i = 0; i < s->nitems; i++)
        if (ITEM(s, s->items[i])->cuts_net && usable(s, &s->items[i])) out[n++] = i;
    return n;
}

/* a cutter that costs nothing is always used; one that costs a use is your choice */
static void t_net(State *s) {
    int cut[MAXCARRY], n = cutters(s, cut), free_cut = -1;
    for (int k = 0; k < n; k++) if (s->items[cut[k]].uses < 0) { free_cut = cut[k]; break; }
    if (s->sprint && n) return;
    if (free_cut >= 0) cut_free(s, free_cut);
    else if (n) ask(s, Q_NET);
    else struggle(s);
}

static void struggle(State *s) {
    int r = trap_d6(s);
    wait_out(s, 2 * r, 2, CTX_NET);
}

static void cut_free(State *s, int index) {
    if (s->items[index].uses >= 0) use(s, index);
    pass_time(s, 1);
}

static int net_actions(const State *s, Act *out) {
    int cut[MAXCARRY], n = cutters(s, cut), m = 0;
    for (int k = 0; k < n; k++) out[m++] = (Act){A_CUT, s->items[cut[k]].item, 0, 0};
    out[m++] = (Act){A_STRUGGLE, 0, 0, 0};
    return m;
}

static void answer_net(State *s, const Act *a) {
    if (a->verb == A_STRUGGLE) { struggle(s); return; }
    cut_free(s, find(s, a->a));
}

static void t_rad_canister(State *s) {
    int r = trap_d6(s);
    irradiate(s, r + 3);
}

static void t_spiked_pit(State *s) {
    if (test_reflexes(s, 1)) return;
    int r = trap_d6(s);
    wound(s, (r + 1) / 2);
    if (s->w.skill == SK_CLIMBING) return;
    int climb = trap_d6(s);
    pass_time(s, 2 * climb);
}

static void t_weak_floorboards(State *s) {
    if (test_reflexes(s, 0)) return;
    int r = trap_d6(s);
    wait_out(s, 2 * r, 2, CTX_FLOORBOARDS);
}

static void t_wire(State *s) {
    if (has(s, N_WIRE_CUTTERS)) return;
    if (has(s, N_METAL) && !s->sprint) { pass_time(s, 2); return; }
    if (has(s, N_ACID) && !s->sprint) { ask(s, Q_WIRE); return; }
    tangle(s);
}

static void tangle(State *s) {
    int r = trap_d6(s);
    wait_out(s, r, 1, CTX_WIRE);
}

static void answer_wire(State *s, const Act *a) {
    if (a->verb == A_STRUGGLE) { tangle(s); return; }
    use(s, find(s, NAMED(s, N_ACID)));
}

static void spring(State *s, int card) {
    switch (s->data->cards[card].trap) {
    case T_AMBUSH: t_ambush(s); break;
    case T_CAVE_IN: t_cave_in(s); break;
    case T_CHASM: t_chasm(s, card); break;
    case T_LOCKED_DOOR: t_locked_door(s, card); break;
    case T_LUNATIC: t_lunatic(s); break;
    case T_MAGNETIC: t_magnetic_field(s); break;
    case T_MINES: t_mines(s); break;
    case T_NET: t_net(s); break;
    case T_RAD_CANISTER: t_rad_canister(s); break;
    case T_SPIKED_PIT: t_spiked_pit(s); break;
    case T_FLOORBOARDS: t_weak_floorboards(s); break;
    default: t_wire(s);
    }
}
