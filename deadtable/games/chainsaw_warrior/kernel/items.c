/* items.py: the items' own powers: ratings, C.A.T.S., Anti-Rad Capsules, what a free area
 * allows (Smash, Remote Camera, Rope and Launcher, Dynamite, Flare Gun), the Flare's cover and
 * what goes with a lost weapon. */
#include "cw.h"

#define SMASH_BOXES 10

/* Determination counters: +1 each to every characteristic and test (Overkill) */
static inline int determined(const State *s) {
    return HAS(s, O_DETERMINATION) ? s->determination : 0;
}

/* Reflexes with the X-oskeleton's -1 (never beneath 6), then Determination's counters */
static int reflexes(const State *s) {
    int mod = 0;
    for (int i = 0; i < s->nitems; i++)
        if (usable(s, &s->items[i])) mod += ITEM(s, s->items[i])->reflexes;
    int r = s->w.reflexes + mod;
    return (r < 6 ? 6 : r) + determined(s);
}

static int cats_on(const State *s, int item) {
    for (int i = 0; i < s->nitems; i++)
        if (s->items[i].item == NAMED(s, N_CATS) && s->items[i].on == item
            && usable(s, &s->items[i])) return 1;
    return 0;
}

static int marksmanship(const State *s, int item) {
    return s->w.marksmanship + (cats_on(s, item) ? 2 : 0) + determined(s);
}

static void answer_anti_rad(State *s, const Act *a) {
    if (a->verb == A_KEEP || !has(s, N_ANTI_RAD)) return;
    use(s, find_carried(s, NAMED(s, N_ANTI_RAD)));
    s->w.radiation -= s->ctx.amount;
}

static int items_free_actions(const State *s, Act *out, int n) {
    for (int i = 0; i < s->nitems; i++) {
        const Carried *c = &s->items[i];
        if (c->item == NAMED(s, N_CATS) && c->on < 0 && usable(s, c))
            for (int j = 0; j < s->nitems; j++)
                if (s->data->items[s->items[j].item].fits_cats)
                    out[n++] = (Act){A_FITCATS, s->items[j].item, 0, 0};
    }
    if (has(s, N_SMASH) && s->smash_until <= s->time) out[n++] = (Act){A_SMASH, 0, 0, 0};
    if (has(s, N_CAMERA) && s->decks[s->current].n) out[n++] = (Act){A_CAMERA, 0, 0, 0};
    if (s->turned >= 0 && s->data->cards[s->turned].back == BACK_BALCONY && has(s, N_ROPE))
        out[n++] = (Act){A_ROPE, 0, 0, 0};
    if (has(s, N_DYNAMITE) && !s->exiting) out[n++] = (Act){A_DYNAMITE, 0, 0, 0};
    if (s->time >= NIGHT && has(s, N_FLARE_GUN) && !s->flare) out[n++] = (Act){A_FLARE, 0, 0, 0};
    return n;
}

static void items_answer(State *s, const Act *a) {
    switch (a->verb) {
    case A_FITCATS:
        for (int i = 0; i < s->nitems; i++)
            if (s->items[i].item == NAMED(s, N_CATS) && s->items[i].on < 0) {
                s->items[i].on = (int8_t)a->a;
                break;
            }
        break;
    case A_SMASH:
        use(s, find_carried(s, NAMED(s, N_SMASH)));
        s->smash_until = s->time + SMASH_BOXES;
        break;
    case A_CAMERA:
        remote_camera(s);
        break;
    case A_ROPE: {
        use(s, find_carried(s, NAMED(s, N_ROPE)));
        pass_time(s, 1);
        int r = d6(&s->dice), balcony = s->turned;
        for (int k = 0; k < r; k++) if (!skip_card(s)) break;
        if (s->turned == balcony) s->turned = -1;  /* past the balcony: no rope from it again */
        break;
    }
    case A_DYNAMITE: {
        /* "At the start of any turn, after adding 30 seconds to the time as usual" */
        use(s, find_carried(s, NAMED(s, N_DYNAMITE)));
        pass_time(s, 1);
        if (OVER(s)) return;
        int r = d6(&s->dice);
        for (int k = 0; k < r; k++) if (!skip_card(s)) break;
        /* the noise: a Wandering Zombie on 4, 5 or 6; then the turn's card */
        wandering_check(s, CTX_NONE, TK_TURN, 0, TK_TURN, 0, 4);
        break;
    }
    default: {  /* the Flare Gun */
        use(s, find_carried(s, NAMED(s, N_FLARE_GUN)));
        s->flare = d6(&s->dice);
        Task t = {0}; t.kind = TK_EXPLORE;
        then1(s, t);
    }
    }
}

/* 30 seconds, no Wandering Zombie check; 2d6 cards of the current deck seen. The camera
 * cannot see past a Secret Passage's closed doors */
static void remote_camera(State *s) {
    use(s, find_carried(s, NAMED(s, N_CAMERA)));
    pass_time(s, 1);
    int roll = total(&s->dice, 2, 6, 0);
    const Pile *deck = &s->decks[s->current];
    int n = 0;
    for (int i = 0; i < roll && i < deck->n && n < MAXKNOWN; i++) {
        int card = deck->c[i];
        s->known[n++] = (uint8_t)card;
        s->seen[card] = 1;
        if (s->data->cards[card].kind == K_PASSAGE) break;
    }
    s->nknown = n;
}

/* is the card just turned lit as Clear by the Flare Gun? Traps and Darkness put it out */
static int flare_cover(State *s) {
    if (!s->flare || s->turned < 0) return 0;
    int kind = s->data->cards[s->turned].kind;
    if (kind == K_TRAP || kind == K_DARKNESS || kind == K_SLIME) { s->flare = 0; return 0; }
    s->flare -= 1;
    if (kind == K_CREATURE || kind == K_CLEAR || kind == K_EMPTY) return 1;
    s->flare = 0;
    return 0;
}

/* after a weapon is lost: C.A.T.S. on it and Dum-Dums without a gun go too */
static void carry_on_check(State *s) {
    int has_gun = 0;
    for (int i = 0; i < s->nitems; i++) if (ITEM(s, s->items[i])->type == IT_GUN) has_gun = 1;
    Carried kept[MAXCARRY];
    int n = 0;
    for (int i = 0; i < s->nitems; i++) {
        const Carried *c = &s->items[i];
        if (c->item == NAMED(s, N_CATS) && c->on >= 0) {
            int there = 0;
            for (int j = 0; j < s->nitems; j++) if (s->items[j].item == c->on) there = 1;
            if (!there) continue;
        }
        if (c->item == NAMED(s, N_DUMDUM) && !has_gun) continue;
        kept[n++] = *c;
    }
    memcpy(s->items, kept, sizeof(Carried) * (size_t)n);
    s->nitems = n;
}
