/* house.py: the House cards but the traps: creatures, Chaos Agent 9, Clear and Empty areas,
 * Dumps, the First Aid Kit, the Secret Passage, Slime; the Wandering Zombie check. */
#include "cw.h"

#define MAX_ITEMS 13

static void encounter(State *s, int card) {
    const Card *c = &s->data->cards[card];
    if (c->radioactive && has(s, N_GEIGER)) { ask(s, Q_GEIGER); s->ctx.card = card; }
    else if (c->kind == K_CREATURE || c->kind == K_DARKNESS) meet(s, card);
    else if (c->kind == K_CLEAR || c->kind == K_EMPTY) wandering_check(s, CTX_NONE, 0, 0, 0, 0, 6);
    else if (c->kind == K_DUMP) dump(s, card);
    else if (c->kind == K_FAK) first_aid_kit(s, card);
    else if (c->kind == K_PASSAGE) secret_passage(s, card);
    else if (c->kind == K_SLIME) slime(s, card);
    else spring(s, card);
}

/* a creature: at a sprint "You may not fire an Aimed Shot" and the first round is -1 */
static void meet(State *s, int card) {
    if (s->data->cards[card].agent == 9) agent_9(s, card);
    else {
        uint8_t one = (uint8_t)card;
        fight_begin(s, &one, 1, s->sprint ? CTX_SPRINT : CTX_NONE, NULL, 0);
        if (s->sprint && s->has_fight) s->fight.shot = 1;
    }
}

static void answer_geiger(State *s, const Act *a) {
    int card = s->ctx.card;
    if (a->verb == A_AVOID) retrace(s, card);
    else if (s->data->cards[card].kind == K_TRAP) spring(s, card);
    else meet(s, card);
}

/* -- Wandering Zombies ------------------------------------------------------------------ */
static void wandering_check(State *s, int context, int after_kind, int after_a, int quiet_kind,
                            int quiet_a, int on) {
    Task t = {0};
    t.kind = TK_WZ_CHECK; t.context = (uint8_t)context; t.on = (uint8_t)on;
    t.after_kind = (uint8_t)after_kind; t.after_a = (int16_t)after_a;
    t.quiet_kind = (uint8_t)quiet_kind; t.quiet_a = (int16_t)quiet_a;
    then1(s, t);
}

static void step_wz_check(State *s, const Task *task) {
    uint8_t drawn[1];
    int n = 0;
    if (!has(s, N_UV)) {  /* "you need never check for Wandering Zombies" */
        int r = d6(&s->dice);
        if (r >= task->on) n = pile_draw_many(&s->wandering, 1, drawn);
    }
    if (n) {
        if (task->after_kind) {
            Task t = {0}; t.kind = task->after_kind; t.a = task->after_a;
            then1(s, t);
        }
        fight_begin(s, drawn, 1, task->context, drawn, 1);
    } else if (task->quiet_kind) {
        Task t = {0}; t.kind = task->quiet_kind; t.a = task->quiet_a;
        then1(s, t);
    }
}

/* time lost in a trap, with a Wandering Zombie check every `every` boxes */
static void step_wait(State *s, const Task *task) {
    int boxes = task->b < task->a ? task->b : task->a;
    pass_time(s, boxes);
    if (OVER(s)) return;
    int rest = task->a - boxes;
    Task check = {0}; check.kind = TK_WZ_CHECK; check.context = task->context; check.on = 6;
    if (rest > 0) {
        Task more = *task; more.a = (int16_t)rest;
        then2(s, check, more);
    } else then1(s, check);
}

static void wait_out(State *s, int boxes, int every, int context) {
    if (boxes > 0) {
        Task t = {0}; t.kind = TK_WAIT; t.a = (int16_t)boxes; t.b = (int16_t)every;
        t.context = (uint8_t)context;
        then1(s, t);
    }
}

/* -- Chaos Agent 9 brings two Wandering Zombies; a minute passes -------------------------- */
static void agent_9(State *s, int card) {
    uint8_t friends[2], opp[3];
    int n = pile_draw_many(&s->wandering, 2, friends);
    pass_time(s, 2);
    if (!OVER(s)) {
        opp[0] = (uint8_t)card;
        memcpy(opp + 1, friends, (size_t)n);
        fight_begin(s, opp, 1 + n, CTX_AGENT9, friends, n);
    }
}

/* -- Dumps ------------------------------------------------------------------------------ */
static int carry_limit_reached(const State *s) {
    int counted = 0;
    for (int i = 0; i < s->nitems; i++)
        if (s->data->lance_counts || s->items[i].item != NAMED(s, N_LANCE)) counted++;
    return counted >= MAX_ITEMS;
}

static int may_take_from(const State *s, int pile) {
    if (!s->piles[pile].n || carry_limit_reached(s)) return 0;
    if (pile == IT_GUN || pile == IT_HEAVY) {
        for (int i = 0; i < s->nitems; i++) if (ITEM(s, s->items[i])->type == pile) return 0;
    }
    return 1;
}

static int dump_actions(const State *s, int offers, Act *out) {
    int n = 0;
    if (may_take_from(s, offers)) out[n++] = (Act){A_TAKE, 0, 0, 0};
    for (int i = 0; i < s->nitems; i++) {
        const Carried *c = &s->items[i];
        const Item *item = ITEM(s, *c);
        if (c->uses < 0 || item->one_use) continue;  /* not refillable */
        if (item->uses >= 0 && c->uses < item->uses) out[n++] = (Act){A_REFILL, (int16_t)i, 0, 0};
        if (!c->clip) out[n++] = (Act){A_CLIP, (int16_t)i, 0, 0};
    }
    out[n++] = (Act){A_TAKE_NOTHING, 0, 0, 0};
    return n;
}

static void dump(State *s, int card) {
    Act acts[MAXACT];
    int offers = s->data->cards[card].offers;
    if (dump_actions(s, offers, acts) > 1) { ask(s, Q_DUMP); s->ctx.card = card; s->ctx.offers = offers; }
}

static void answer_dump(State *s, const Act *a) {
    if (a->verb == A_TAKE) items_append(s, pile_draw(s, &s->piles[s->ctx.offers]));
    else if (a->verb != A_TAKE_NOTHING) recharge(s, a->a, a->verb == A_REFILL);
}

/* -- First Aid Kit ---------------------------------------------------------------------- */
static void take_kit(State *s, int card) {
    pile_remove(s, &s->discards[s->current], card);
    items_append(s, s->data->cards[card].item);
}

static void first_aid_kit(State *s, int card) {
    if (carry_limit_reached(s)) { ask(s, Q_FULL); s->ctx.card = card; return; }
    take_kit(s, card);
}

static void answer_full(State *s, const Act *a) {
    if (a->verb == A_LEAVE_KIT) return;
    destroy(s, a->a);
    take_kit(s, s->ctx.card);
}

/* First Aid Kit / Medi-Kit: 30 seconds and a Wandering Zombie check; if none comes, heal */
static void step_heal(State *s, const Task *task) {
    if (!s->free || find(s, task->a) < 0) return;  /* you ran from the Zombie */
    pass_time(s, 1);
    if (!OVER(s)) wandering_check(s, CTX_NONE, TK_HEAL, task->a, TK_HEALED, task->a, 6);
}

static void step_healed(State *s, const Task *task) {
    int index = find(s, task->a);
    if (index < 0) return;
    const Item *item = &s->data->items[task->a];
    heal(s, roll_expr(&s->dice, item->heal));
    items_delete(s, index);
    if (item->house >= 0) pile_put_on_top(s, &s->discards[s->current], item->house);
}

/* -- Secret Passage --------------------------------------------------------------------- */
static void secret_passage(State *s, int card) {
    int r = roll_expr(&s->dice, s->data->cards[card].skip);
    ask(s, Q_PASSAGE);
    s->ctx.left = r;
}

static int next_deck(const State *s) {
    if (s->decks[s->current].n) return s->current;
    if (s->current == 0 && s->decks[1].n) return 1;
    return -1;
}

static int skippable(const State *s) {
    int d = next_deck(s);
    return d >= 0 && (d == s->current || s->data->cross_decks);
}

static int passage_actions(const State *s, Act *out) {
    int n = 0;
    out[n++] = (Act){A_SKIP, 0, 0, 0};
    out[n++] = (Act){A_STOP, 0, 0, 0};
    if (has(s, N_CAMERA) && s->decks[s->current].n) out[n++] = (Act){A_CAMERA, 0, 0, 0};
    return n;
}

static void answer_passage(State *s, const Act *a) {
    int left = s->ctx.left;
    if (a->verb == A_STOP) return;
    if (a->verb == A_CAMERA) {
        remote_camera(s);
        ask(s, Q_PASSAGE); s->ctx.left = left;
        return;
    }
    if (skip_card(s) && left > 1 && skippable(s)) { ask(s, Q_PASSAGE); s->ctx.left = left - 1; }
}

/* turn over and discard the next card unencountered; 0 if it was Darkness or none is left */
static int skip_card(State *s) {
    int d = next_deck(s);
    if (d < 0) return 0;
    s->current = d;
    int card = draw_house(s, d);
    if (card == s->data->darkness) {
        if (has(s, N_TDD)) {  /* the TDD "will never miss Darkness": stop and fight it */
            pile_put_on_top(s, &s->discards[d], card);
            s->turned = card;
            meet(s, card);
            return 0;
        }
        missing_darkness(s);
        return 0;
    }
    pile_put_on_top(s, &s->discards[d], card);
    return 1;
}

/* the top card of a House deck; the Remote Camera's knowledge moves along with it */
static int draw_house(State *s, int d) {
    int card = pile_draw(s, &s->decks[d]);
    s->seen[card] = 1;
    if (s->nknown && s->known[0] == card && d == s->current) {
        memmove(s->known, s->known + 1, (size_t)(s->nknown - 1));
        s->nknown--;
    } else {
        s->nknown = 0;
    }
    return card;
}

static void missing_darkness(State *s) {
    Pile *deck = &s->decks[1], *disc = &s->discards[1];
    if (deck->n + disc->n + 1 > PILECAP) { FAIL(s, "a pile overflows"); return; }
    memcpy(deck->c + deck->n, disc->c, (size_t)disc->n);
    deck->n += disc->n;
    disc->n = 0;
    pile_put_on_top(s, deck, s->data->darkness);
    pile_shuffle(s, deck);
    s->current = 1;
    s->nknown = 0;
}

/* -- Slime ------------------------------------------------------------------------------ */
static int slime_weapons(const State *s, int *out) {
    int n = 0;
    for (int i = 0; i < s->nitems; i++)
        if (ITEM(s, s->items[i])->slime && usable(s, &s->items[i])
            && (s->items[i].item != NAMED(s, N_FLARE_GUN) || s->time >= NIGHT)) out[n++] = i;
    return n;
}

static void slime(State *s, int card) {
    int w[MAXCARRY];
    int n = slime_weapons(s, w);
    if (!n) end_game(s, R_LOSS, C_SLIME);
    else if (n == 1) burn_slime(s, card, w[0]);
    else { ask(s, Q_SLIME); s->ctx.card = card; }
}

static void answer_slime(State *s, const Act *a) {
    burn_slime(s, s->ctx.card, find(s, a->a));
}

/* no Reflex test: 2d6 + Marksmanship, 7 or more singes it out of the way */
static void burn_slime(State *s, int card, int index) {
    int r = total(&s->dice, 2, 6, 0);
    int passed = r + s->w.marksmanship >= s->data->cards[card].target;
    use(s, index);
    if (!passed) end_game(s, R_LOSS, C_SLIME);
}
