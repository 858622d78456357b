/* setup.py and warrior.py: the decks, the warrior, and kitting out before entering. */
#include "cw.h"

#define REFLEXES_FLOOR 6

/* Creating Your Warrior, in the rulebook's order; the skill last, applied at once */
static void create_warrior(State *s) {
    const Data *D = s->data;
    Warrior *w = &s->w;
    memset(w, 0, sizeof *w);
    w->endurance = roll_expr(&s->dice, D->rolls[0]);
    w->wounds = w->max_wounds = roll_expr(&s->dice, D->rolls[1]);
    w->hth = roll_expr(&s->dice, D->rolls[2]);
    int r = roll_expr(&s->dice, D->rolls[3]);
    w->reflexes = r > REFLEXES_FLOOR ? r : REFLEXES_FLOOR;
    int m = roll_expr(&s->dice, D->rolls[4]);
    if (m < 1 || m > 6) { FAIL(s, "no Marksmanship for that roll"); return; }
    w->marksmanship = D->marks_table[m];
    roll_skill(s);
}

/* Skills: one die, applied at once (an Endurance skill rolls one more die) */
static void roll_skill(State *s) {
    Warrior *w = &s->w;
    w->skill = d6(&s->dice) - 1;
    if (w->skill == SK_MARKSMANSHIP) w->marksmanship += 1;
    else if (w->skill == SK_ENDURANCE) w->endurance += d6(&s->dice);
    else if (w->skill == SK_AGILITY) w->reflexes += 1;
    else if (w->skill == SK_STRENGTH) w->hth += 1;
}

static void start(State *s, const Data *D, uint64_t seed) {
    memset(s, 0, sizeof *s);
    s->data = D;
    s->dice.state = seed;
    /* the two House decks, the Wandering Zombies, the Equipment piles */
    uint8_t house[MAXH];
    for (int i = 0; i < D->nhouse; i++) house[i] = (uint8_t)D->house_order[i];
    build_house(s, house, D->nhouse, &s->decks[0], &s->decks[1]);
    s->wandering.n = (int16_t)D->nwander;
    for (int i = 0; i < D->nwander; i++) s->wandering.c[i] = (uint8_t)(D->nhouse + i);
    pile_shuffle(s, &s->wandering);
    for (int p = 0; p < NPILES; p++) {
        s->piles[p].n = (int16_t)D->pile_count[p];
        for (int i = 0; i < D->pile_count[p]; i++) s->piles[p].c[i] = (uint8_t)D->pile_items[p][i];
        pile_shuffle(s, &s->piles[p]);
        s->pile_order[p] = (uint8_t)p;  /* the piles dict: in PILES order */
    }
    s->current = 0;
    s->turned = -1;
    s->free = 1;
    /* Creating Your Warrior; Advanced Training asks */
    int training = HAS(s, O_ADVANCED_TRAINING);
    if (!training) create_warrior(s);
    /* Kitting Out: the free Laser-lance, then the allowance */
    items_append(s, D->named[N_LANCE]);
    if (training) train_begin(s, 1);  /* the points are placed first; kitting out follows */
    else {
        int points = roll_expr(&s->dice, D->rolls[5]);
        s->w.equipment_allowance = points;
        start_kit(s, points);
    }
    run(s);
}
