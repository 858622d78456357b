/* encoding.py's observation, written straight from the kernel's state: the same float32
 * numbers as ChainsawWarriorEncoding.encode(state.view("warrior")), bit for bit, without
 * building the view (tests/games/chainsaw_warrior/test_kernel_encoding.py compares them).
 *
 * An Encoder holds what the encoding derives from the card data, as kernel/encoder.py
 * computes it: each feature's offset, each kernel card's place in the encoding's sorted card
 * ids and its title's, each item's place in the sorted item ids, each question's slot. It
 * checks every feature's size against its own formula, so a layout change in encoding.py
 * that this file does not follow is refused at construction, never written wrongly.
 *
 * Each number is computed in double, as Python does, then stored as float; the one sum
 * (cards counted by title) adds in float32, as numpy 2 does `out[i] += x` on a float32 array.
 * Included by module.c after the Game type and its `ints` helper (one translation unit).
 * The question table spans cw.h's Q_NONE..Q_TRAIN: a question added after Q_TRAIN needs
 * its entry here and in kernel/__init__.py's QUESTIONS (Encoder() refuses a short table). */
#include "cw.h"

#define STAT_SCALE 20.0
#define NWARRIOR 9 /* encoding.WARRIOR */
#define NSKILLS 6
#define NKINDS 9
#define NBACKS 5
#define NCONTEXTS 7
#define OPPONENT_SLOTS 6
#define SLOT_SIZE (1 + NCREATURES + 3 + 1)

/* the features, in encoding.py's order; F_SLOTS only with aim="slot" */
enum { F_WARRIOR, F_CLOCK, F_DECKS, F_NEXT_BACK, F_DISCARDS, F_REMOVED, F_TURNED, F_ITEMS,
       F_PILES, F_WANDERING, F_QUESTION, F_AREA, F_FIGHT, F_SLOTS, NFEATURES };

typedef struct {
    PyObject_HEAD
    int size, at[NFEATURES];    /* at[F_SLOTS] -1: no slots */
    int nhouse, nwander, nitems, ncards, ntitles, nquestions;
    int card[MAXCARD];          /* kernel card -> encoding.card_index */
    int title[MAXCARD];         /* kernel card -> its title's encoding.title_index, -1: none */
    double title_weight[MAXCARD];  /* 1 / that title's copies */
    int item[MAXI];             /* kernel item -> encoding.item_index */
    int question[Q_TRAIN + 1];  /* cw.h's Q_* -> encoding.questions' index */
    double house_size, wandering_size, out_of_time;
    int night;
} EncoderObject;

static double clamp1(double x) { return x < -1.0 ? -1.0 : x > 1.0 ? 1.0 : x; }
static double min1(double x) { return x < 1.0 ? x : 1.0; }

/* each feature's size, given the tables' sizes */
static int feature_size(const EncoderObject *e, int f) {
    switch (f) {
    case F_WARRIOR: return NWARRIOR + 1 + NSKILLS;
    case F_CLOCK: return 3;
    case F_DECKS: return 4;
    case F_NEXT_BACK: return NBACKS;
    case F_DISCARDS: return 2 * e->ntitles;
    case F_REMOVED: return e->ntitles;
    case F_TURNED: return 1 + NKINDS + NBACKS + NCREATURES + 3 + e->ncards;
    case F_ITEMS: return 4 * e->nitems;
    case F_PILES: return NPILES;
    case F_WANDERING: return 1;
    case F_QUESTION: return e->nquestions;
    case F_AREA: return 3;
    case F_FIGHT: return 1 + 2 * e->ncards + 1 + NCONTEXTS + 3;
    default: return OPPONENT_SLOTS * SLOT_SIZE;
    }
}

/* a creature's class, HtH, wounds and no-escape, from `at` (encoding._card's and _slots') */
static void put_creature(float *out, int at, const Card *c) {
    out[at + c->creature] = 1.0f;
    out[at + NCREATURES] = (float)min1(c->hth / STAT_SCALE);
    out[at + NCREATURES + 1] = (float)min1(c->wounds / 10.0);
    out[at + NCREATURES + 2] = c->no_escape ? 1.0f : 0.0f;
}

static void put_card(const EncoderObject *e, const Data *d, float *out, int at, int card) {
    const Card *c = &d->cards[card];
    out[at] = 1.0f;
    at += 1;
    out[at + c->kind] = 1.0f;
    at += NKINDS;
    out[at + c->back] = 1.0f;
    at += NBACKS;
    if (c->creature >= 0) put_creature(out, at, c);
    at += NCREATURES + 3;
    out[at + e->card[card]] = 1.0f;
}

/* one more card of a title: numpy's float32 `+=` of 1 / its copies */
static void count_title(const EncoderObject *e, float *out, int base, int card) {
    int t = e->title[card];
    if (t >= 0) out[base + t] = out[base + t] + (float)e->title_weight[card];
}

static void put_fight(const EncoderObject *e, const Data *d, const Fight *f, float *out) {
    int at = e->at[F_FIGHT];
    out[at] = 1.0f;
    for (int i = 0; i < f->nopp; i++) out[at + 1 + e->card[f->opp[i]]] = 1.0f;
    if (f->current >= 0) out[at + 1 + e->ncards + e->card[f->current]] = 1.0f;
    at += 1 + 2 * e->ncards;
    out[at] = (float)min1(f->rounds / 10.0);
    out[at + 1 + f->context] = 1.0f;
    at += 1 + NCONTEXTS;
    out[at] = (float)clamp1(f->next_hth / 3.0);
    out[at + 1] = f->no_escape ? 1.0f : 0.0f;
    out[at + 2] = f->knife_dropped ? 1.0f : 0.0f;
    if (e->at[F_SLOTS] < 0) return;
    for (int slot = 0; slot < f->nopp && slot < OPPONENT_SLOTS; slot++) {
        int base = e->at[F_SLOTS] + slot * SLOT_SIZE;
        const Card *c = &d->cards[f->opp[slot]];
        out[base] = 1.0f;
        if (c->creature >= 0) put_creature(out, base + 1, c);
        out[base + 1 + NCREATURES + 3] = f->opp[slot] == f->current ? 1.0f : 0.0f;
    }
}

static void encode_state(const EncoderObject *e, const State *s, float *out) {
    const Data *d = s->data;
    const int *o = e->at;
    memset(out, 0, sizeof(float) * e->size);
    const Warrior *w = &s->w;
    int stats[NWARRIOR] = {w->endurance, w->wounds, w->max_wounds, w->hth, w->reflexes,
                           w->marksmanship, w->radiation, w->venom, w->equipment_allowance};
    for (int i = 0; i < NWARRIOR; i++) out[o[F_WARRIOR] + i] = (float)clamp1(stats[i] / STAT_SCALE);
    out[o[F_WARRIOR] + NWARRIOR] = w->infected ? 1.0f : 0.0f;
    if (w->skill >= 0) out[o[F_WARRIOR] + NWARRIOR + 1 + w->skill] = 1.0f;

    out[o[F_CLOCK]] = (float)min1(s->time / e->out_of_time);
    out[o[F_CLOCK] + 1] = s->time >= e->night ? 1.0f : 0.0f;
    out[o[F_CLOCK] + 2] = (float)min1(s->field_until / e->out_of_time);

    out[o[F_DECKS] + (s->current == 0 ? 0 : 1)] = 1.0f;
    for (int i = 0; i < 2; i++) out[o[F_DECKS] + 2 + i] = (float)min1(s->decks[i].n / e->house_size);
    const Pile *top = s->decks[s->current].n ? &s->decks[s->current] : &s->decks[1];
    if (top->n) out[o[F_NEXT_BACK] + d->cards[top->c[0]].back] = 1.0f;

    for (int p = 0; p < 2; p++)
        for (int i = 0; i < s->discards[p].n; i++)
            count_title(e, out, o[F_DISCARDS] + p * e->ntitles, s->discards[p].c[i]);
    for (int c = 0; c < e->ncards && c < MAXH; c++)
        if (s->removed[c]) count_title(e, out, o[F_REMOVED], c);
    if (s->turned >= 0) put_card(e, d, out, o[F_TURNED], s->turned);

    for (int i = 0; i < s->nitems; i++) {
        const Carried *c = &s->items[i];
        int base = o[F_ITEMS] + 4 * e->item[c->item];
        out[base] = 1.0f;
        out[base + 1] = (float)min1((c->uses < 0 ? 0 : c->uses) / 10.0);
        out[base + 2] = c->clip ? 1.0f : 0.0f;
        out[base + 3] = disabled(s, &d->items[c->item]) ? 1.0f : 0.0f;
    }
    for (int p = 0; p < NPILES; p++) out[o[F_PILES] + p] = (float)min1(s->piles[p].n / 20.0);
    out[o[F_WANDERING]] = (float)min1(s->wandering.n / e->wandering_size);
    out[o[F_QUESTION] + e->question[s->phase]] = 1.0f;
    out[o[F_AREA]] = s->free ? 1.0f : 0.0f;
    out[o[F_AREA] + 1] = (float)min1(s->exiting / 12.0);
    out[o[F_AREA] + 2] = (float)min1(s->left_building / 3.0);
    if (s->has_fight) put_fight(e, d, &s->fight, out);
}

/* -- the Python type --------------------------------------------------------------------- */
static int encoder_init(EncoderObject *e, PyObject *args, PyObject *kwds) {
    PyObject *sizes, *offsets, *cards, *titles, *weights, *items, *questions;
    if (!PyArg_ParseTuple(args, "OOOOOOOdddi", &sizes, &offsets, &cards, &titles, &weights,
                          &items, &questions, &e->house_size, &e->wandering_size,
                          &e->out_of_time, &e->night))
        return -1;
    int n[6];
    if (ints(sizes, n, 6, "sizes (House, Wandering, items, cards, titles, "
                                  "questions)") < 0)
        return -1;
    e->nhouse = n[0], e->nwander = n[1], e->nitems = n[2], e->ncards = n[3], e->ntitles = n[4];
    e->nquestions = n[5];
    int ncard = e->nhouse + e->nwander;
    if (e->nhouse < 0 || e->nwander < 0 || ncard > MAXCARD || e->nitems < 0 ||
        e->nitems > MAXI || e->ncards != ncard || e->house_size <= 0 || e->wandering_size <= 0 ||
        e->out_of_time <= 0) {
        PyErr_SetString(PyExc_ValueError, "Encoder: card data beyond the kernel's tables");
        return -1;
    }
    int at[NFEATURES + 1];
    if (ints(offsets, at, NFEATURES + 1, "offsets (each feature's, slots' or -1, "
                                                 "the size)") < 0)
        return -1;
    for (int f = 0; f < NFEATURES; f++) e->at[f] = at[f];
    e->size = at[NFEATURES];
    for (int f = 0; f < NFEATURES; f++) {
        int end = f + 1 < NFEATURES && at[f + 1] >= 0 ? at[f + 1] : e->size;
        if (f == F_SLOTS && at[f] < 0) continue;
        if (at[f] < 0 || end - at[f] != feature_size(e, f)) {
            PyErr_Format(PyExc_ValueError, "Encoder: feature %d of encoding.py's layout is not "
                         "the one encode.c writes (%d numbers at %d)", f, end - at[f], at[f]);
            return -1;
        }
    }
    if (ints(cards, e->card, ncard, "cards") < 0 ||
        ints(titles, e->title, ncard, "titles") < 0 ||
        ints(items, e->item, e->nitems, "items") < 0 ||
        ints(questions, e->question, Q_TRAIN + 1, "questions") < 0)
        return -1;
    PyObject *fast = PySequence_Fast(weights, "weights");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != ncard) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "Encoder: a title weight for every card");
        return -1;
    }
    for (int i = 0; i < ncard; i++)
        e->title_weight[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
    Py_DECREF(fast);
    if (PyErr_Occurred()) return -1;
    for (int i = 0; i < ncard; i++)
        if (e->card[i] < 0 || e->card[i] >= e->ncards || e->title[i] >= e->ntitles) {
            PyErr_SetString(PyExc_ValueError, "Encoder: a card index outside the encoding");
            return -1;
        }
    for (int i = 0; i < e->nitems; i++)
        if (e->item[i] < 0 || e->item[i] >= e->nitems) {
            PyErr_SetString(PyExc_ValueError, "Encoder: an item index outside the encoding");
            return -1;
        }
    for (int q = 0; q <= Q_TRAIN; q++)
        if (e->question[q] < 0 || e->question[q] >= e->nquestions) {
            PyErr_SetString(PyExc_ValueError, "Encoder: a question outside the encoding");
            return -1;
        }
    return 0;
}

static PyObject *encoder_encode(EncoderObject *e, PyObject *args) {
    PyObject *game;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "O!w*", &GameType, &game, &out)) return NULL;
    const Data *d = &((GameObject *)game)->kernel->data;
    if (d->nhouse != e->nhouse || d->nwander != e->nwander || d->nitems != e->nitems) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "encode: a game of other card data than this "
                                          "Encoder's");
        return NULL;
    }
    if (out.len != (Py_ssize_t)(e->size * sizeof(float)) || out.itemsize != 4 ||
        !PyBuffer_IsContiguous(&out, 'C') || (out.format && strcmp(out.format, "f") != 0)) {
        PyBuffer_Release(&out);
        PyErr_Format(PyExc_ValueError, "encode needs a contiguous float32 buffer of %d numbers",
                     e->size);
        return NULL;
    }
    encode_state(e, &((GameObject *)game)->s, (float *)out.buf);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* the fight's opponents' card ids, in fight order (what aim="slot"'s action names read) */
static PyObject *encoder_opponents(EncoderObject *e, PyObject *game) {
    (void)e;
    if (!PyObject_TypeCheck(game, &GameType)) {
        PyErr_SetString(PyExc_TypeError, "opponents(game): a kernel game");
        return NULL;
    }
    const State *s = &((GameObject *)game)->s;
    PyObject *ids = ((GameObject *)game)->kernel->card_ids;
    int n = s->has_fight ? s->fight.nopp : 0;
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *id = PyList_GET_ITEM(ids, s->fight.opp[i]);
        Py_INCREF(id);
        PyList_SET_ITEM(out, i, id);
    }
    return out;
}

static PyMethodDef encoder_methods[] = {
    {"encode", (PyCFunction)encoder_encode, METH_VARARGS,
     "encode(game, out): encoding.py's observation of a kernel game into a float32 array."},
    {"opponents", (PyCFunction)encoder_opponents, METH_O,
     "opponents(game): the card ids of the fight's opponents, in fight order ([] if none)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EncoderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deadtable.games.chainsaw_warrior.kernel._cw.Encoder",
    .tp_basicsize = sizeof(EncoderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "encoding.py's observation written from a kernel game (kernel/encoder.py "
              "builds it).",
    .tp_methods = encoder_methods,
    .tp_init = (initproc)encoder_init,
    .tp_new = PyType_GenericNew,
};

/* module.c's hook: the Encoder type in the module */
static int add_encoder(PyObject *m) {
    if (PyType_Ready(&EncoderType) < 0) return -1;
    Py_INCREF(&EncoderType);
    if (PyModule_AddObject(m, "Encoder", (PyObject *)&EncoderType) < 0) {
        Py_DECREF(&EncoderType);
        return -1;
    }
    return 0;
}
