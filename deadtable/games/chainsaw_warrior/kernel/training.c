/* training.py: ADVANCED TRAINING (Overkill): 24 points placed among the Attributes, each from
 * its Basic value up to its Maximum; then the skill is rolled and you kit out. */
#include "cw.h"

#define TRAIN_POINTS 24
/* endurance, wounds, hth, marksman, reflexes, equipment: (Basic, Maximum) */
static const int TRAIN_BASIC[NTRAIN] = {4, 8, 7, 1, 6, 3};
static const int TRAIN_MAX[NTRAIN] = {24, 18, 12, 6, 11, 8};
enum { TR_ENDURANCE, TR_WOUNDS, TR_HTH, TR_MARKSMAN, TR_REFLEXES, TR_EQUIPMENT };

static void train_begin(State *s, int kit) {
    int values[NTRAIN];
    memcpy(values, TRAIN_BASIC, sizeof values);
    memset(&s->w, 0, sizeof s->w);
    s->w.skill = -1;
    train_show(s, values);
    train_ask(s, values, TRAIN_POINTS, kit);
}

/* the tracks on the board follow the points as they are placed */
static void train_show(State *s, const int *values) {
    Warrior *w = &s->w;
    w->endurance = values[TR_ENDURANCE];
    w->hth = values[TR_HTH];
    w->reflexes = values[TR_REFLEXES];
    w->wounds = w->max_wounds = values[TR_WOUNDS];
    w->marksmanship = s->data->marks_table[values[TR_MARKSMAN]];
    w->equipment_allowance = values[TR_EQUIPMENT];
}

static int train_actions(const int *values, int left, Act *out) {
    int n = 0;
    for (int a = 0; a < NTRAIN; a++) {
        int room = TRAIN_MAX[a] - values[a];
        if (left < room) room = left;
        if (room >= 1) out[n++] = (Act){A_TRAIN, (int16_t)a, 1, 0};
        for (int k = 2; k <= room; k++) out[n++] = (Act){A_TRAIN, (int16_t)a, (int16_t)k, 1};
    }
    return n;
}

static void train_ask(State *s, int *values, int left, int kit) {
    Act acts[MAXACT];
    while (left) {
        int n = train_actions(values, left, acts);
        if (n > 1) {
            ask(s, Q_TRAIN);
            memcpy(s->ctx.values, values, sizeof s->ctx.values);
            s->ctx.left = left;
            s->ctx.kit = kit;
            return;
        }
        values[acts[0].a] += acts[0].b;  /* one way only: taken at once */
        train_show(s, values);
        left -= acts[0].b;
    }
    train_finish(s, kit);
}

static void answer_train(State *s, const Act *a) {
    int values[NTRAIN];
    memcpy(values, s->ctx.values, sizeof values);
    int left = s->ctx.left - a->b, kit = s->ctx.kit;
    values[a->a] += a->b;
    train_show(s, values);
    memset(&s->ctx, 0, sizeof s->ctx);
    train_ask(s, values, left, kit);
}

/* all 24 placed: the skill rolled as usual, then kitting out with the trained allowance */
static void train_finish(State *s, int kit) {
    roll_skill(s);
    if (kit) start_kit(s, s->w.equipment_allowance);
}
