/* building.py: KITTING OUT (spending an allowance) and ESCAPING THE BUILDING. The kernel
 * plays neither Kitting Out I, II nor III (nor the easy and medium kits that use them). */
#include "cw.h"

#define REFILL_COST 2

/* the piles in sorted(state.piles) order: clothing, device, gun, heavy-weapon, hth-weapon */
static const int SORTED_PILES[NPILES] = {IT_CLOTHING, IT_DEVICE, IT_GUN, IT_HEAVY, IT_HTH};

static int kit_actions(const State *s, Act *out) {
    int n = 0, points = s->ctx.points, refit = s->ctx.refit;
    for (int k = 0; k < NPILES; k++) {
        int pile = SORTED_PILES[k];
        if (s->data->costs[pile] <= points && may_take_from(s, pile))
            out[n++] = (Act){A_DRAW, (int16_t)pile, 0, 0};
    }
    if (refit && points >= REFILL_COST) {  /* spare clips: on refitting only */
        for (int i = 0; i < s->nitems; i++) {
            const Carried *c = &s->items[i];
            const Item *item = ITEM(s, *c);
            if (c->uses < 0 || item->one_use) continue;
            if (item->uses >= 0 && c->uses < item->uses) out[n++] = (Act){A_REFILL, (int16_t)i, 0, 0};
            if (!c->clip) out[n++] = (Act){A_CLIP, (int16_t)i, 0, 0};
        }
    }
    out[n++] = (Act){A_DONE, 0, 0, 0};
    return n;
}

static void kit_out(State *s, int points, int refit) {
    Act acts[MAXACT];
    ask(s, Q_KIT);
    s->ctx.points = points;
    s->ctx.refit = refit;
    if (kit_actions(s, acts) == 1) kit_done(s);  /* nothing to buy: straight in */
}

static void kit_done(State *s) {
    s->phase = Q_NONE;
    memset(&s->ctx, 0, sizeof s->ctx);
}

static void answer_kit(State *s, const Act *a) {
    int points = s->ctx.points, refit = s->ctx.refit;
    if (a->verb == A_DONE) { kit_done(s); return; }
    if (a->verb == A_DRAW) {
        points -= s->data->costs[a->a];
        items_append(s, pile_draw(s, &s->piles[a->a]));
    } else {
        points -= REFILL_COST;
        recharge(s, a->a, a->verb == A_REFILL);
    }
    kit_out(s, points, refit);
}

/* -- Escaping the Building ------------------------------------------------------------- */
static void leave_building(State *s, int chasm) {
    memset(&s->ctx, 0, sizeof s->ctx);
    int implant = find(s, NAMED(s, N_TELEPORT));
    if (implant >= 0) {
        use(s, implant);
        outside(s, chasm);
        return;
    }
    int r = total(&s->dice, 2, 6, 0);
    s->exiting = r;
    Task t = {0}; t.kind = TK_OUTSIDE; t.a = (int16_t)chasm;
    push_task(s, t);  /* appended: it runs next */
}

static void step_outside(State *s, const Task *task) {
    if (s->exiting > 0) {  /* still on the way: the next card first */
        Task explore = {0}; explore.kind = TK_EXPLORE;
        push_task(s, *task);
        push_task(s, explore);
        return;
    }
    outside(s, task->a);
}

/* out: time, healing, a new allowance with the compulsory Laser-lance, the decks anew */
static void outside(State *s, int chasm) {
    s->exiting = 0;
    s->left_building += 1;
    int r = d6(&s->dice);
    pass_time(s, r * s->data->escape_time);
    if (OVER(s)) return;
    heal(s, d6(&s->dice));
    int points = d6(&s->dice);
    int lance_item = NAMED(s, N_LANCE), lance = -1;
    for (int i = 0; i < s->nitems; i++) if (s->items[i].item == lance_item) { lance = i; break; }
    if (!(chasm && lance >= 0)) {
        if (lance >= 0) items_delete(s, lance);
        points -= 1;
        if (s->nitems >= MAXCARRY) { FAIL(s, "too many items"); return; }
        memmove(&s->items[1], &s->items[0], sizeof(Carried) * (size_t)s->nitems);
        s->items[0] = (Carried){(int8_t)lance_item, s->data->items[lance_item].uses, 0, -1};
        s->nitems++;
    }
    rebuild(s);
    s->free = 1;
    s->turned = -1;
    kit_out(s, points, 1);
}

/* gather the House cards still in play and deal two decks as at the start */
static void rebuild(State *s) {
    uint8_t cards[2 * PILECAP];
    int n = 0;
    const Pile *piles[4] = {&s->decks[0], &s->decks[1], &s->discards[0], &s->discards[1]};
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < piles[p]->n; i++)
            if (!s->removed[piles[p]->c[i]]) cards[n++] = piles[p]->c[i];
    if (n > PILECAP) { FAIL(s, "a pile overflows"); return; }
    build_house(s, cards, n, &s->decks[0], &s->decks[1]);
    s->discards[0].n = 0;
    s->discards[1].n = 0;
}
