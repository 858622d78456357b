/* equipment.py: the cards you carry, their uses, and what the rules ask of them. */
#include "cw.h"

#define ITEM(s, carried) (&(s)->data->items[(carried).item])
#define NAMED(s, n) ((s)->data->named[n])

static inline int disabled(const State *s, const Item *item) {
    return item->electric && s->time < s->field_until;  /* the Magnetic Field */
}

static inline int usable(const State *s, const Carried *c) {
    return !disabled(s, &s->data->items[c->item]) && (c->uses < 0 || c->uses > 0);
}

/* the display index of a carried, usable item, or -1 */
static inline int find(const State *s, int item) {
    if (item < 0) return -1;
    for (int i = 0; i < s->nitems; i++)
        if (s->items[i].item == item && usable(s, &s->items[i])) return i;
    return -1;
}

static int find_carried(State *s, int item) {
    for (int i = 0; i < s->nitems; i++) if (s->items[i].item == item) return i;
    FAIL(s, "an item is not carried");
    return 0;
}

static inline int has(const State *s, int named) { return find(s, s->data->named[named]) >= 0; }

static void items_delete(State *s, int index) {
    memmove(&s->items[index], &s->items[index + 1],
            sizeof(Carried) * (size_t)(s->nitems - index - 1));
    s->nitems--;
}

static void items_append(State *s, int item) {  /* fresh(item) joins the display */
    if (s->nitems >= MAXCARRY) { FAIL(s, "too many items"); return; }
    Carried c = {(int8_t)item, s->data->items[item].uses, 0, -1};
    s->items[s->nitems++] = c;
}

/* tick off one use; a One Use Only item is then discarded */
static void use(State *s, int index) {
    if (index < 0 || index >= s->nitems) { FAIL(s, "use of no item"); return; }
    Carried *c = &s->items[index];
    if (c->uses >= 0) {
        c->uses--;
        if (c->uses <= 0 && ITEM(s, *c)->one_use) items_delete(s, index);
    }
}

static void destroy(State *s, int index) {
    items_delete(s, index);
    carry_on_check(s);
}

static void recharge(State *s, int index, int refill) {
    Carried *c = &s->items[index];
    if (refill) c->uses = ITEM(s, *c)->uses;
    else c->clip = 1;
}

/* only the best usable HtH weapon counts */
static int hth_weapon_bonus(const State *s) {
    int best = 0;
    for (int i = 0; i < s->nitems; i++) {
        const Item *item = ITEM(s, s->items[i]);
        if (item->type == IT_HTH && usable(s, &s->items[i])) {
            if (s->items[i].item == NAMED(s, N_KNIFE) && s->has_fight && s->fight.knife_dropped)
                continue;
            if (item->hth_bonus > best) best = item->hth_bonus;
        }
    }
    return best;
}

static int clothing_bonus(const State *s) {
    if (!s->data->clothing_hth) return 0;
    int sum = 0;
    for (int i = 0; i < s->nitems; i++) {
        const Item *item = ITEM(s, s->items[i]);
        if (item->type != IT_HTH && item->hth_bonus && usable(s, &s->items[i]))
            sum += item->hth_bonus;
    }
    return sum;
}

static int night_vision(const State *s) {
    for (int i = 0; i < s->nitems; i++)
        if (ITEM(s, s->items[i])->night_vision && usable(s, &s->items[i])) return 1;
    return 0;
}

enum { LANCE_READY, LANCE_EMPTY, LANCE_GONE };
static int lance_status(const State *s) {
    for (int i = 0; i < s->nitems; i++)
        if (s->items[i].item == NAMED(s, N_LANCE))
            return (s->items[i].uses > 0 || s->items[i].clip) ? LANCE_READY : LANCE_EMPTY;
    return LANCE_GONE;
}
