/* flow.py and turn.py: the pending steps, the questions, a free area between turns, the Time
 * and Exploration phases. */
#include "cw.h"

/* -- flow.py ---------------------------------------------------------------------------- */
static inline void push_task(State *s, Task t) {
    if (s->ntasks >= MAXTASK) { FAIL(s, "too many pending steps"); return; }
    s->tasks[s->ntasks++] = t;
}

/* then(state, a): a runs next */
static inline void then1(State *s, Task a) { push_task(s, a); }

/* then(state, a, b): a runs next, then b */
static inline void then2(State *s, Task a, Task b) { push_task(s, b); push_task(s, a); }

static void insert_task(State *s, int at, Task t) {
    if (s->ntasks >= MAXTASK) { FAIL(s, "too many pending steps"); return; }
    memmove(&s->tasks[at + 1], &s->tasks[at], sizeof(Task) * (size_t)(s->ntasks - at));
    s->tasks[at] = t;
    s->ntasks++;
}

static inline void ask(State *s, int phase) {
    s->phase = phase;
    memset(&s->ctx, 0, sizeof s->ctx);
}

static void run_task(State *s, const Task *t) {
    switch (t->kind) {
    case TK_ASK: ask(s, Q_ANTI_RAD); s->ctx.amount = t->a; break;
    case TK_EXPLORE: step_explore(s); break;
    case TK_TURN: step_turn(s, t->a); break;
    case TK_EXIT_STEP: s->exiting -= 1; break;
    case TK_OUTSIDE: step_outside(s, t); break;
    case TK_FIGHT: step_fight(s); break;
    case TK_WZ_CHECK: step_wz_check(s, t); break;
    case TK_WAIT: step_wait(s, t); break;
    case TK_HEAL: step_heal(s, t); break;
    case TK_HEALED: step_healed(s, t); break;
    case TK_ASK_DOOR: step_ask_door(s, t); break;
    default: FAIL(s, "unknown step");
    }
}

/* play on until the player must choose or the game ends */
static void run(State *s) {
    while (!OVER(s) && !s->phase && !s->err) {
        if (!s->ntasks) { next_turn(s); continue; }
        Task t = s->tasks[--s->ntasks];
        run_task(s, &t);
    }
}

/* -- turn.py ---------------------------------------------------------------------------- */
static void next_turn(State *s) {
    determination(s);
    if (!s->exiting && lance_status(s) == LANCE_GONE) { leave_building(s, 0); return; }
    Act acts[MAXACT];
    if (s->free && free_actions(s, acts) > 1) { ask(s, Q_FREE); return; }
    Task t = {0}; t.kind = TK_EXPLORE;
    then1(s, t);
}

static int free_actions(const State *s, Act *out) {
    int n = 0;
    out[n++] = (Act){A_EXPLORE, 0, 0, 0};
    for (int i = 0; i < s->nitems; i++) {
        const Carried *c = &s->items[i];
        const Item *item = ITEM(s, *c);
        if (c->uses == 0 && c->clip && !disabled(s, item)) out[n++] = (Act){A_RELOAD, c->item, 0, 0};
        if (item->has_heal && usable(s, c) && s->w.wounds < s->w.max_wounds)
            out[n++] = (Act){A_HEAL, c->item, 0, 0};
    }
    if (s->time < s->field_until) out[n++] = (Act){A_WAIT, 0, 0, 0};
    if (lance_status(s) == LANCE_EMPTY && !s->exiting) out[n++] = (Act){A_LEAVE, 0, 0, 0};
    return items_free_actions(s, out, n);
}

static void answer_free(State *s, const Act *a) {
    switch (a->verb) {
    case A_EXPLORE: { Task t = {0}; t.kind = TK_EXPLORE; then1(s, t); break; }
    case A_RELOAD: {
        Carried *c = &s->items[find_carried(s, a->a)];
        c->uses = s->data->items[a->a].uses;
        c->clip = 0;
        pass_time(s, 1);
        wandering_check(s, CTX_NONE, 0, 0, 0, 0, 6);  /* a Zombie comes after the reload */
        break;
    }
    case A_HEAL: { Task t = {0}; t.kind = TK_HEAL; t.a = a->a; then1(s, t); break; }
    case A_WAIT:
        pass_time(s, 1);
        wandering_check(s, CTX_NONE, 0, 0, 0, 0, 6);
        break;
    case A_LEAVE: leave_building(s, 0); break;
    default: items_answer(s, a);
    }
}

/* -- the Time and Exploration phases ----------------------------------------------------- */
static void step_explore(State *s) {
    int top = next_card(s);
    if (s->err) return;
    int back = s->data->cards[top].back;
    if (HAS(s, O_SPRINTING) && (back == BACK_CORRIDOR || back == BACK_STAIRS) && !s->exiting) {
        ask(s, Q_SPRINT);  /* "you may decide to sprint before turning the card face-up" */
        return;
    }
    time_and_turn(s, 0);
}

static void answer_sprint(State *s, const Act *a) { time_and_turn(s, a->verb == A_SPRINT); }

/* the card the next turn shows; on from Deck One into Deck Two */
static int next_card(State *s) {
    int d = next_deck(s);
    if (d < 0) {  /* only if Darkness has left the decks some other way */
        missing_darkness(s);
        d = 1;
    }
    if (d != s->current) {
        s->current = d;
        s->nknown = 0;
    }
    if (!s->decks[d].n) { FAIL(s, "no card to turn"); return 0; }
    return s->decks[d].c[0];
}

static void time_and_turn(State *s, int sprint) {
    int top = next_card(s);
    if (s->err) return;
    int kind = s->data->cards[top].kind;
    /* sprinting through a Clear or Empty area "you do not move the Timer on 30 seconds" */
    if (!(sprint && (kind == K_CLEAR || kind == K_EMPTY))) {
        pass_time(s, 1);  /* the Time Phase */
        if (OVER(s)) return;
    }
    step_turn(s, sprint);
}

/* the Exploration Phase, once the Time Phase is done */
static void step_turn(State *s, int sprint) {
    int top = next_card(s);
    if (s->err) return;
    if (s->data->cards[top].back == BACK_ELEVATOR && s->w.skill == SK_CLIMBING && !sprint) {
        ask(s, Q_CLIMB);
        return;
    }
    turn_card(s, 0, sprint);
}

static void answer_climb(State *s, const Act *a) { turn_card(s, a->verb == A_CLIMB, 0); }

/* turn over the first card, face up on its discard pile, and respond to it */
static void turn_card(State *s, int climbed, int sprint) {
    dice_mark(&s->dice);  /* a search world's dice: from each card turned the same in all */
    int card = draw_house(s, s->current);
    pile_put_on_top(s, &s->discards[s->current], card);
    s->turned = card;
    s->free = 1;
    s->sprint = sprint;
    s->has_mark = 1;  /* Determination: what the card may take from you */
    s->mark[0] = s->w.wounds; s->mark[1] = s->w.radiation; s->mark[2] = s->w.venom;
    s->mark[3] = s->nitems;
    const Card *c = &s->data->cards[card];
    if (s->exiting) {
        Task t = {0}; t.kind = TK_EXIT_STEP;
        then1(s, t);  /* runs once this card's encounter is over */
    }
    if (climbed && c->kind != K_DARKNESS) return;
    if (flare_cover(s)) return;
    if (sprint && (c->kind == K_CLEAR || c->kind == K_EMPTY)) return;
    if (sprint && c->kind == K_PASSAGE) return;
    encounter(s, card);
}

/* Overkill Determination: a counter for each House card that got the better of you (cost
 * wounds, radiation, venom or an item, or made you run); all go when you beat one */
static void determination(State *s) {
    if (!HAS(s, O_DETERMINATION) || !s->has_mark || s->turned < 0) return;
    const Warrior *w = &s->w;
    int beaten = w->wounds < s->mark[0] || w->radiation > s->mark[1] || w->venom > s->mark[2]
        || s->nitems < s->mark[3] || !s->free;
    if (beaten) s->determination += 1;
    else if (s->determination) s->determination = 0;
    s->has_mark = 0;
}
