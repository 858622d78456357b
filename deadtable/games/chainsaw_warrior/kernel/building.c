/* building.py: KITTING OUT (spending an allowance, with Kitting Out I, II and III) and
 * ESCAPING THE BUILDING. */
#include "cw.h"

#define REFILL_COST 2
#define CHOOSE_COST 2
#define WAIT_UNTIL 20  /* Kitting Out III: the ten-minute box */

/* the piles in sorted(state.piles) order: clothing, device, gun, heavy-weapon, hth-weapon */
static const int SORTED_PILES[NPILES] = {IT_CLOTHING, IT_DEVICE, IT_GUN, IT_HEAVY, IT_HTH};

/* Kitting Out II is on offer at the start with the option or at medium difficulty */
static int may_choose(const State *s) {
    return HAS(s, O_KITTING_OUT_2) || s->data->difficulty == D_MEDIUM;
}

static int cost_of(const State *s, int item) { return s->data->costs[s->data->items[item].back]; }

/* one gun and one heavy weapon at most, and never more than 13 items */
static int may_pick(const State *s, int item) {
    int type = s->data->items[item].type;
    if (carry_limit_reached(s)) return 0;
    if (type == IT_GUN || type == IT_HEAVY)
        for (int i = 0; i < s->nitems; i++) if (ITEM(s, s->items[i])->type == type) return 0;
    return 1;
}

static int kit_actions(const State *s, Act *out) {
    int n = 0, points = s->ctx.points, refit = s->ctx.refit;
    if (s->ctx.chosen) {
        for (int k = 0; k < NPILES; k++) {  /* each card by id: the pile's order stays unseen */
            const Pile *p = &s->piles[SORTED_PILES[k]];
            int order[PILECAP], m = p->n;
            for (int i = 0; i < m; i++) order[i] = p->c[i];
            for (int i = 1; i < m; i++)
                for (int j = i; j > 0 && s->data->item_rank[order[j]] < s->data->item_rank[order[j - 1]]; j--) {
                    int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
                }
            for (int i = 0; i < m; i++)
                if (cost_of(s, order[i]) <= points && may_pick(s, order[i]))
                    out[n++] = (Act){A_PICK, (int16_t)order[i], 0, 0};
        }
    } else {
        for (int k = 0; k < NPILES; k++) {
            int pile = SORTED_PILES[k];
            if (s->data->costs[pile] <= points && may_take_from(s, pile))
                out[n++] = (Act){A_DRAW, (int16_t)pile, 0, 0};
        }
        if (!refit && may_choose(s) && points > CHOOSE_COST) {
            for (int p = 0; p < NPILES; p++)  /* any pile, in the piles' own order */
                if (s->data->costs[p] <= points - CHOOSE_COST && may_take_from(s, p)) {
                    out[n++] = (Act){A_CHOOSE, 0, 0, 0};
                    break;
                }
        }
    }
    if ((refit || HAS(s, O_KITTING_OUT_1)) && points >= REFILL_COST) {  /* spare clips */
        for (int i = 0; i < s->nitems; i++) {
            const Carried *c = &s->items[i];
            const Item *item = ITEM(s, *c);
            if (c->uses < 0 || item->one_use) continue;
            if (refit && item->uses >= 0 && c->uses < item->uses) out[n++] = (Act){A_REFILL, (int16_t)i, 0, 0};
            if (!c->clip) out[n++] = (Act){A_CLIP, (int16_t)i, 0, 0};
        }
    }
    out[n++] = (Act){A_DONE, 0, 0, 0};
    return n;
}

/* Kitting out at the start; Extra Training II chooses its cards without paying for it */
static void start_kit(State *s, int points) {
    kit_out(s, points, 0, s->data->difficulty == D_EASY, 0);
}

static void kit_out(State *s, int points, int refit, int chosen, int waited) {
    Act acts[MAXACT];
    ask(s, Q_KIT);
    s->ctx.points = points;
    s->ctx.refit = refit;
    s->ctx.chosen = chosen;
    s->ctx.waited = waited;
    if (kit_actions(s, acts) == 1) kit_done(s);  /* nothing to buy: straight in */
}

/* kitting done: at the start with Kitting Out III, you may still wait for more */
static void kit_done(State *s) {
    Ctx ctx = s->ctx;
    s->phase = Q_NONE;
    memset(&s->ctx, 0, sizeof s->ctx);
    if (!ctx.refit && !ctx.waited && HAS(s, O_KITTING_OUT_3)) {
        ask(s, Q_WAIT_KIT);
        s->ctx.points = ctx.points;
        s->ctx.chosen = ctx.chosen;
    }
}

static void answer_kit(State *s, const Act *a) {
    int points = s->ctx.points, refit = s->ctx.refit, chosen = s->ctx.chosen,
        waited = s->ctx.waited;
    if (a->verb == A_DONE) { kit_done(s); return; }
    if (a->verb == A_CHOOSE) {
        points -= CHOOSE_COST;
        chosen = 1;
    } else if (a->verb == A_DRAW) {
        points -= s->data->costs[a->a];
        int item = pile_draw(s, &s->piles[a->a]);
        items_append(s, item);
        if (item == NAMED(s, N_DUMDUM)) {
            int gun = 0;
            for (int i = 0; i < s->nitems; i++) if (ITEM(s, s->items[i])->type == IT_GUN) gun = 1;
            if (!gun) {
                ask(s, Q_DUM_DUMS);
                s->ctx.points = points; s->ctx.refit = refit; s->ctx.chosen = chosen;
                s->ctx.waited = waited; s->ctx.offers = a->a;
                return;
            }
        }
    } else if (a->verb == A_PICK) {
        points -= cost_of(s, a->a);
        pile_remove(s, &s->piles[s->data->items[a->a].back], a->a);
        items_append(s, a->a);
    } else {
        points -= REFILL_COST;
        recharge(s, a->a, a->verb == A_REFILL);
    }
    kit_out(s, points, refit, chosen, waited);
}

/* Dum-Dum Bullets without a gun: back under their pile, their cost refunded, or kept */
static void answer_dum_dums(State *s, const Act *a) {
    Ctx ctx = s->ctx;
    int points = ctx.points;
    if (a->verb == A_PUT_BACK) {
        for (int i = 0; i < s->nitems; i++)
            if (s->items[i].item == NAMED(s, N_DUMDUM)) { items_delete(s, i); break; }
        pile_bury(s, &s->piles[ctx.offers], NAMED(s, N_DUMDUM));
        points += s->data->costs[ctx.offers];
    }
    kit_out(s, points, ctx.refit, ctx.chosen, ctx.waited);
}

/* Kitting Out III: the Time marker to the ten-minute box, then half a die (up) more points */
static void answer_wait_kit(State *s, const Act *a) {
    int points = s->ctx.points, chosen = s->ctx.chosen;
    memset(&s->ctx, 0, sizeof s->ctx);
    if (a->verb == A_ENTER) return;
    if (s->time < WAIT_UNTIL) s->time = WAIT_UNTIL;
    int extra = (d6(&s->dice) + 1) / 2;
    s->w.equipment_allowance += extra;
    kit_out(s, points + extra, 0, chosen, 1);
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
    kit_out(s, points, 1, 0, 0);
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
    memset(s->seen, 0, sizeof s->seen);
    s->nknown = 0;
}
