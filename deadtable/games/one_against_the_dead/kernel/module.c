/* The CPython binding: _oatd.Kernel (one set of rule numbers and option values) and
 * _oatd.Game (one position: the KernelGame protocol of deadtable/engine/kernel.py).
 *
 * The hot path (count, apply, play_random) builds no Python object per step; only
 * actions() and apply_id() spell action ids. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <string.h>

#include "state.h"

static PyObject *OutcomeClass, *GameOverClass, *EmptyPileClass;
static PyObject *str_player, *str_win, *str_loss, *cause_str[C_COUNT];
static const char *CAUSES[C_COUNT] = {"evacuated", "killed", "overrun", "stranded",
                                      "out-of-time"};
static const char *DIRS[4] = {"right", "up", "down", "left"};
static const char *KINDS[4] = {"fists", "bat", "chainsaw", "shotgun"};

typedef struct {
    PyObject_HEAD
    int ready; /* __init__ read a whole config */
    Config cfg;
} KernelObject;

typedef struct {
    PyObject_HEAD
    PyObject *kernel; /* keeps cfg alive */
    State s;
} GameObject;

static PyTypeObject KernelType, GameType;

/* -- action ids ------------------------------------------------------------------------ */
static void action_id(uint32_t a, char *buf, size_t size) {
    switch (ACT_VERB(a)) {
    case A_MOVE: snprintf(buf, size, "move:%s", DIRS[ACT_A(a)]); return;
    case A_PLACE: snprintf(buf, size, "place:%s", DIRS[ACT_A(a)]); return;
    case A_TAKE: snprintf(buf, size, "take:%s", KINDS[ACT_A(a)]); return;
    case A_TAKE_GIVE: snprintf(buf, size, "take:%s:give", KINDS[ACT_A(a)]); return;
    case A_ARM: snprintf(buf, size, "arm:%s", KINDS[ACT_A(a)]); return;
    case A_SWAP: snprintf(buf, size, "swap"); return;
    case A_TAKE_SURVIVOR_WEAPON: snprintf(buf, size, "take-survivor-weapon"); return;
    case A_RESCUE: snprintf(buf, size, "rescue"); return;
    case A_FIGHT_WEAPON: snprintf(buf, size, "fight:weapon"); return;
    case A_FIGHT_FISTS: snprintf(buf, size, "fight:fists"); return;
    case A_SHARE:
        snprintf(buf, size, "share:%u.%u.%u", ACT_A(a), ACT_B(a), ACT_C(a));
        return;
    case A_SURVIVOR_WEAPON: snprintf(buf, size, "survivor:weapon"); return;
    case A_SURVIVOR_FISTS: snprintf(buf, size, "survivor:fists"); return;
    case A_PROVISIONS: snprintf(buf, size, "provisions:%u", ACT_N(a)); return;
    }
    snprintf(buf, size, "?");
}

/* -- errors ---------------------------------------------------------------------------- */
static int raise_error(const State *s) {
    switch (s->error) {
    case ERR_NONE: return 0;
    case ERR_BOUNDS:
        PyErr_SetString(PyExc_RuntimeError,
                        "one-against-the-dead kernel: a card went outside the bounded city grid "
                        "(a bug: see state.h for why it cannot)");
        break;
    case ERR_EMPTY_DECK: PyErr_SetString(EmptyPileClass, "the deck pile is empty"); break;
    case ERR_NO_NUMBER:
        PyErr_SetString(PyExc_RuntimeError,
                        "one-against-the-dead kernel: no number card is left in the deck to deal "
                        "(the Python rules would deal forever)");
        break;
    case ERR_DICE_OF:
        PyErr_Format(PyExc_ValueError, "%d zombies cannot be shown with the zombie dice",
                     s->zombies);
        break;
    case ERR_NO_ACTION:
        PyErr_SetString(PyExc_ValueError, "a decision needs at least one legal action");
        break;
    case ERR_PHASE: PyErr_SetString(PyExc_AssertionError, "no decision in this phase"); break;
    default:
        PyErr_SetString(PyExc_RuntimeError,
                        "one-against-the-dead kernel: a fixed-size table is full (a bug)");
    }
    return -1;
}

/* -- Game -------------------------------------------------------------------------------- */
static GameObject *game_alloc(PyObject *kernel) {
    GameObject *g = PyObject_New(GameObject, &GameType);
    if (g == NULL) return NULL;
    Py_INCREF(kernel);
    g->kernel = kernel;
    return g;
}

static void game_dealloc(GameObject *g) {
    Py_XDECREF(g->kernel);
    PyObject_Free(g);
}

static int check_usable(GameObject *g) {
    if (g->s.error) return raise_error(&g->s);
    return 0;
}

static PyObject *game_actions(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    if (check_usable(g)) return NULL;
    int n = g->s.over ? 0 : g->s.nactions;
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    char buf[64];
    for (int i = 0; i < n; i++) {
        action_id(g->s.actions[i], buf, sizeof buf);
        PyObject *id = PyUnicode_FromString(buf);
        if (id == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, id);
    }
    return list;
}

static PyObject *game_count(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLong(g->s.over || g->s.error ? 0 : g->s.nactions);
}

static PyObject *game_over_error(GameObject *g) {
    PyErr_Format(GameOverClass, "the game is over (%s); no action can be applied",
                 CAUSES[g->s.cause]);
    return NULL;
}

static PyObject *game_apply(GameObject *g, PyObject *arg) {
    if (check_usable(g)) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (g->s.over) return game_over_error(g);
    if (i < 0 || i >= g->s.nactions) {
        PyErr_Format(PyExc_IndexError, "action index %zd is not in [0, %d)", i,
                     (int)g->s.nactions);
        return NULL;
    }
    do_action(&g->s, g->s.actions[i]);
    settle(&g->s);
    if (raise_error(&g->s)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *game_apply_id(GameObject *g, PyObject *arg) {
    if (check_usable(g)) return NULL;
    const char *want = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;
    if (want == NULL && PyErr_Occurred()) return NULL;
    if (g->s.over) return game_over_error(g);
    char buf[64];
    if (want != NULL)
        for (int i = 0; i < g->s.nactions; i++) {
            action_id(g->s.actions[i], buf, sizeof buf);
            if (strcmp(buf, want) == 0) {
                do_action(&g->s, g->s.actions[i]);
                settle(&g->s);
                if (raise_error(&g->s)) return NULL;
                Py_RETURN_NONE;
            }
        }
    PyObject *legal = game_actions(g, NULL);
    if (legal == NULL) return NULL;
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *joined = sep ? PyUnicode_Join(sep, legal) : NULL;
    if (joined != NULL)
        PyErr_Format(PyExc_ValueError, "%R is not a legal action for player now; legal actions: %U",
                     arg, joined);
    Py_XDECREF(sep);
    Py_XDECREF(joined);
    Py_DECREF(legal);
    return NULL;
}

static PyObject *game_seat(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    if (g->s.over) Py_RETURN_NONE;
    Py_INCREF(str_player);
    return str_player;
}

static PyObject *outcome_parts(const State *s, PyObject **results, PyObject **scores) {
    *results = Py_BuildValue("{OO}", str_player, s->won ? str_win : str_loss);
    *scores = *results ? Py_BuildValue("{Od}", str_player, s->score) : NULL;
    return *scores;
}

static PyObject *game_outcome(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    if (!g->s.over) Py_RETURN_NONE;
    PyObject *results, *scores;
    if (outcome_parts(&g->s, &results, &scores) == NULL) {
        Py_XDECREF(results);
        return NULL;
    }
    PyObject *out = PyObject_CallFunctionObjArgs(OutcomeClass, results, cause_str[g->s.cause],
                                                 scores, NULL);
    Py_DECREF(results);
    Py_DECREF(scores);
    return out;
}

static PyObject *game_clone(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    GameObject *other = game_alloc(g->kernel);
    if (other == NULL) return NULL;
    /* Not the whole struct: the legal actions there are, and the grid rows with cards and
     * their margins (state.h: put_row); the rest of the grid is never read. */
    const State *s = &g->s;
    memcpy(&other->s, s, offsetof(State, actions) + s->nactions * sizeof s->actions[0]);
    int lo = s->rows_lo - GRID_MARGIN, hi = s->rows_hi + GRID_MARGIN;
    if (lo < 0) lo = 0;
    if (hi > GH - 1) hi = GH - 1;
    memcpy(other->s.grid[lo], s->grid[lo], (size_t)(hi - lo + 1) * GW);
    return (PyObject *)other;
}

/* determinize(seat, dice): state.py's determinize with the agent's Dice(dice); returns the
 * agent's dice state after. A solo game hides the same from any seat: like the Python, the
 * seat is not looked at. */
static PyObject *game_determinize(GameObject *g, PyObject *args) {
    const char *seat;
    PyObject *dice_obj;
    if (!PyArg_ParseTuple(args, "sO:determinize", &seat, &dice_obj)) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLongMask(dice_obj); /* Dice(dice): dice & MASK */
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (check_usable(g)) return NULL;
    Dice agent;
    dice_seed(&agent, state);
    determinize(&g->s, &agent);
    if (raise_error(&g->s)) return NULL;
    return PyLong_FromUnsignedLongLong(agent.state);
}

/* rollout(dice, depth): random play in C, as the mcts agent's random rollout draws it;
 * returns (actions played, the agent's dice state after). */
static PyObject *game_rollout(GameObject *g, PyObject *args) {
    PyObject *dice_obj;
    long depth;
    if (!PyArg_ParseTuple(args, "Ol:rollout", &dice_obj, &depth)) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLongMask(dice_obj);
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (check_usable(g)) return NULL;
    Dice agent;
    dice_seed(&agent, state);
    long steps = rollout(&g->s, &agent, depth);
    if (raise_error(&g->s)) return NULL;
    return Py_BuildValue("(lN)", steps, PyLong_FromUnsignedLongLong(agent.state));
}

/* synchronise(): state.dice.synchronise(). */
static PyObject *game_synchronise(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    if (check_usable(g)) return NULL;
    dice_synchronise(&g->s.dice);
    Py_RETURN_NONE;
}

/* -- the heuristic agent's memory (agent.py: HeuristicAgent.kernel_memory) --------------------
 * (dice state, big_fight, n, x1, y1, count1, ..., xn, yn, countn): its Dice's state (0 <=
 * state < 2**64), big_fight (any int: beyond 64 bits it is clamped, which compares with the
 * zombies alike), and its n visits in the dict's order, each position's coordinates fitting
 * 64 bits and its count in [0, 2**61] (the cost 2 * count + distance stays in 64 bits). */
#define MAX_VISIT_COUNT (1LL << 61)

static int read_memory(PyObject *memory, Agent *a) {
    a->visits = NULL;
    a->nvisits = a->cap = 0;
    PyObject *fast = PySequence_Fast(memory, "the agent's memory must be a sequence of ints");
    if (fast == NULL) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    long long n = -1;
    if (len >= 3) {
        n = PyLong_AsLongLong(items[2]);
        if (n == -1 && PyErr_Occurred()) goto fail;
    }
    if (n < 0 || n > (1 << 24) || len != 3 + 3 * n) {
        PyErr_SetString(PyExc_ValueError, "the heuristic's memory is (dice state, big_fight, n, "
                                          "then x, y, count n times): see kernel_memory()");
        goto fail;
    }
    unsigned long long state = PyLong_AsUnsignedLongLong(items[0]);
    if (state == (unsigned long long)-1 && PyErr_Occurred()) goto fail;
    dice_seed(&a->dice, state);
    int overflow;
    long long big = PyLong_AsLongLongAndOverflow(items[1], &overflow);
    if (big == -1 && PyErr_Occurred()) goto fail;
    a->big_fight = overflow > 0 ? INT64_MAX : overflow < 0 ? INT64_MIN : big;
    a->cap = n > 64 ? (int)n : 64;
    a->visits = malloc((size_t)a->cap * sizeof *a->visits);
    if (a->visits == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (long long i = 0; i < n; i++) {
        long long v[3];
        for (int j = 0; j < 3; j++) {
            v[j] = PyLong_AsLongLong(items[3 + 3 * i + j]);
            if (v[j] == -1 && PyErr_Occurred()) goto fail;
        }
        if (v[2] < 0 || v[2] > MAX_VISIT_COUNT) {
            PyErr_SetString(PyExc_ValueError, "a visit count of the heuristic's memory is out "
                                              "of [0, 2**61]");
            goto fail;
        }
        Visit w = {v[0], v[1], v[2]};
        a->visits[a->nvisits++] = w;
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    free(a->visits);
    a->visits = NULL;
    return -1;
}

static PyObject *memory_tuple(const Agent *a) {
    PyObject *t = PyTuple_New(3 + 3 * (Py_ssize_t)a->nvisits);
    if (t == NULL) return NULL;
    PyObject *head[3] = {PyLong_FromUnsignedLongLong(a->dice.state),
                         PyLong_FromLongLong(a->big_fight), PyLong_FromLong(a->nvisits)};
    for (int i = 0; i < 3; i++) PyTuple_SET_ITEM(t, i, head[i]);
    for (int i = 0; i < a->nvisits; i++) {
        PyTuple_SET_ITEM(t, 3 + 3 * i, PyLong_FromLongLong(a->visits[i].x));
        PyTuple_SET_ITEM(t, 4 + 3 * i, PyLong_FromLongLong(a->visits[i].y));
        PyTuple_SET_ITEM(t, 5 + 3 * i, PyLong_FromLongLong(a->visits[i].count));
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++)
        if (PyTuple_GET_ITEM(t, i) == NULL) {
            Py_DECREF(t);
            return NULL;
        }
    return t;
}

/* play_out(agent, memory, depth): the game's own agent (only "heuristic") in C from its
 * memory until the game ends or depth actions were played; the actions played. */
static PyObject *game_play_out(GameObject *g, PyObject *args) {
    const char *name;
    PyObject *memory;
    long depth;
    if (!PyArg_ParseTuple(args, "sOl:play_out", &name, &memory, &depth)) return NULL;
    if (strcmp(name, "heuristic") != 0) {
        PyErr_Format(PyExc_ValueError, "the kernel plays no agent %s; it plays: heuristic", name);
        return NULL;
    }
    if (check_usable(g)) return NULL;
    Agent a;
    if (read_memory(memory, &a)) return NULL;
    long steps = heuristic_play_out(&g->s, &a, depth);
    free(a.visits);
    if (steps < 0) return PyErr_NoMemory();
    if (raise_error(&g->s)) return NULL;
    return PyLong_FromLong(steps);
}

/* _heuristic(memory): for tests, the heuristic's choice now without taking it: (the index of
 * the action it chooses, its memory after choosing). */
static PyObject *game_heuristic(GameObject *g, PyObject *memory) {
    if (check_usable(g)) return NULL;
    if (g->s.over) return game_over_error(g);
    Agent a;
    if (read_memory(memory, &a)) return NULL;
    int i = heuristic_act(&g->s, &a);
    PyObject *out = i < 0 ? PyErr_NoMemory() : Py_BuildValue("(iN)", i, memory_tuple(&a));
    free(a.visits);
    return out;
}

/* _dealt(): what determinize deals, for the tests to compare with the Python state: (the
 * game's dice state, its base or None, its marks, the deck top first as card codes, the
 * face-down cards as (x, y, code) sorted by position). */
static PyObject *game_dealt(GameObject *g, PyObject *Py_UNUSED(ignored)) {
    const State *s = &g->s;
    char deck[64];
    for (int i = 0; i < s->deck_len; i++) deck[i] = (char)deck_at(s, i);
    PyObject *down = PyList_New(0);
    if (down == NULL) return NULL;
    for (int x = 0; x < GW; x++)
        for (int y = s->rows_lo; y <= s->rows_hi; y++) { /* no card elsewhere */
            uint8_t c = s->grid[y][x];
            if (!(c & FACE_DOWN)) continue;
            PyObject *item = Py_BuildValue("(iii)", x - OX, y - OY, c & CARD_BITS);
            if (item == NULL || PyList_Append(down, item)) {
                Py_XDECREF(item);
                Py_DECREF(down);
                return NULL;
            }
            Py_DECREF(item);
        }
    PyObject *base = s->dice.synced ? PyLong_FromUnsignedLongLong(s->dice.base)
                                    : (Py_INCREF(Py_None), Py_None);
    if (base == NULL) {
        Py_DECREF(down);
        return NULL;
    }
    return Py_BuildValue("(KNKy#N)", (unsigned long long)s->dice.state, base,
                         (unsigned long long)s->dice.marks, deck, (Py_ssize_t)s->deck_len, down);
}

/* encode.c: the RL encoding's observation, written into a float32 buffer */
int encode_size(void);
void encode(const State *s, float *out, double provisions_max);

static PyObject *game_encode(GameObject *g, PyObject *args) {
    Py_buffer out;
    double provisions_max;
    if (!PyArg_ParseTuple(args, "w*d", &out, &provisions_max)) return NULL;
    if (out.len != (Py_ssize_t)(encode_size() * sizeof(float)) || out.itemsize != 4 ||
        !PyBuffer_IsContiguous(&out, 'C')) {
        PyErr_Format(PyExc_ValueError, "encode needs a contiguous float32 buffer of %d numbers",
                     encode_size());
        PyBuffer_Release(&out);
        return NULL;
    }
    encode(&g->s, (float *)out.buf, provisions_max);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef game_methods[] = {
    {"encode", (PyCFunction)game_encode, METH_VARARGS,
     "encode(out, provisions_max): encoding.py's observation into a float32 array."},
    {"actions", (PyCFunction)game_actions, METH_NOARGS, "The legal action ids, in order."},
    {"count", (PyCFunction)game_count, METH_NOARGS, "How many legal actions (0 once over)."},
    {"apply", (PyCFunction)game_apply, METH_O, "Take the index-th legal action."},
    {"apply_id", (PyCFunction)game_apply_id, METH_O, "Take the action with this id."},
    {"seat", (PyCFunction)game_seat, METH_NOARGS, "The seat that decides; None once over."},
    {"outcome", (PyCFunction)game_outcome, METH_NOARGS, "The Outcome, or None."},
    {"clone", (PyCFunction)game_clone, METH_NOARGS, "An independent copy."},
    {"__copy__", (PyCFunction)game_clone, METH_NOARGS, "An independent copy."},
    {"determinize", (PyCFunction)game_determinize, METH_VARARGS,
     "determinize(seat, dice) -> dice state: deal anew what the seat cannot see."},
    {"rollout", (PyCFunction)game_rollout, METH_VARARGS,
     "rollout(dice, depth) -> (steps, dice state): random play to the end or depth."},
    {"synchronise", (PyCFunction)game_synchronise, METH_NOARGS,
     "state.dice.synchronise(): the dice from the next fixed point on come from a stream."},
    {"play_out", (PyCFunction)game_play_out, METH_VARARGS,
     "play_out(agent, memory, depth) -> steps: the game's own agent in C."},
    {"_heuristic", (PyCFunction)game_heuristic, METH_O,
     "For tests: _heuristic(memory) -> (index chosen now, memory after choosing)."},
    {"_dealt", (PyCFunction)game_dealt, METH_NOARGS,
     "For tests: (dice state, base, marks, deck codes, face-down (x, y, code) sorted)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deadtable.games.one_against_the_dead.kernel._oatd.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One Against the Dead in the kernel: a position and its decision.",
    .tp_methods = game_methods,
};

/* -- Kernel ------------------------------------------------------------------------------ */
static int read_ints(PyObject *seq, Py_ssize_t *at, int *out, int n) {
    for (int i = 0; i < n; i++) {
        if (*at >= PyTuple_GET_SIZE(seq)) {
            PyErr_SetString(PyExc_ValueError, "kernel config: too short");
            return -1;
        }
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, *at));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < INT32_MIN || v > INT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "kernel config: a number out of range");
            return -1;
        }
        out[i] = (int)v;
        (*at)++;
    }
    return 0;
}

/* Kernel(config): config is the flat tuple of ints kernel/__init__.py:_config makes. */
static int kernel_init(KernelObject *k, PyObject *args, PyObject *Py_UNUSED(kwds)) {
    PyObject *t;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &t)) return -1;
    Config *c = &k->cfg;
    k->ready = 0;
    memset(c, 0, sizeof *c);
    Py_ssize_t at = 0;
    int head[10], expr[10];
    if (read_ints(t, &at, head, 10)) return -1;
    c->row = head[0];
    c->max_turns = head[1];
    c->final_survive = head[2];
    c->heli_card_value = head[3];
    c->flip_prev = head[4];
    c->numbers_only = head[5];
    c->same_turn = head[6];
    c->mixed = head[7];
    c->share_by_dice = head[8];
    c->scoring_kills = head[9];
    if (read_ints(t, &at, c->power, 4) || read_ints(t, &at, c->rank, 4) ||
        read_ints(t, &at, c->charged, 4) || read_ints(t, &at, c->find, 5) ||
        read_ints(t, &at, c->pool, 3) || read_ints(t, &at, &c->per_point, 1) ||
        read_ints(t, &at, expr, 10) || read_ints(t, &at, &c->nremove, 1))
        return -1;
    DiceExpr *es[2] = {&c->survivor_life, &c->provisions};
    for (int i = 0; i < 2; i++) {
        es[i]->kind = expr[5 * i];
        es[i]->n = expr[5 * i + 1];
        es[i]->sides = expr[5 * i + 2];
        es[i]->keep = expr[5 * i + 3];
        es[i]->plus = expr[5 * i + 4];
    }
    if (c->nremove < 0 || c->nremove > 32) {
        PyErr_SetString(PyExc_ValueError, "kernel config: too many removals");
        return -1;
    }
    for (int i = 0; i < c->nremove; i++) {
        if (read_ints(t, &at, &c->remove_rank[i], 1) || read_ints(t, &at, &c->remove_count[i], 1))
            return -1;
    }
    if (c->row < 1 || c->row > 20 || c->per_point <= 0) {
        PyErr_SetString(PyExc_ValueError, "kernel config: row must be 1..20, per_point > 0");
        return -1;
    }
    k->ready = 1;
    return 0;
}

static int check_ready(KernelObject *k) {
    if (k->ready) return 0;
    PyErr_SetString(PyExc_RuntimeError, "this kernel was never given its rules (Kernel(config))");
    return -1;
}

static PyObject *kernel_new(KernelObject *k, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"seed", "synchronise", NULL};
    PyObject *seed_obj;
    int sync = 0;
    if (check_ready(k) || !PyArg_ParseTupleAndKeywords(args, kwds, "O|p", kwlist, &seed_obj, &sync))
        return NULL;
    uint64_t seed = PyLong_AsUnsignedLongLongMask(seed_obj); /* Dice(seed): seed & MASK */
    if (seed == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    GameObject *g = game_alloc((PyObject *)k);
    if (g == NULL) return NULL;
    start(&g->s, &k->cfg, seed);
    if (raise_error(&g->s)) {
        Py_DECREF(g);
        return NULL;
    }
    if (sync) dice_synchronise(&g->s.dice);
    return (PyObject *)g;
}

/* play_random: sim.run.play_one with a RandomAgent on the one seat: Dice(agent_seed).choice
 * of the legal actions at every decision. */
static PyObject *kernel_play_random(KernelObject *k, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"game_seed", "agent_seeds", "max_steps", "synchronise", NULL};
    PyObject *seed_obj, *agents;
    Py_ssize_t max_steps;
    int sync = 0;
    if (check_ready(k) || !PyArg_ParseTupleAndKeywords(args, kwds, "OOn|p", kwlist, &seed_obj,
                                                       &agents, &max_steps, &sync))
        return NULL;
    uint64_t seed = PyLong_AsUnsignedLongLongMask(seed_obj);
    if (seed == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    PyObject *first = PySequence_GetItem(agents, 0);
    if (first == NULL) return NULL;
    uint64_t agent_seed = PyLong_AsUnsignedLongLongMask(first);
    Py_DECREF(first);
    if (agent_seed == (uint64_t)-1 && PyErr_Occurred()) return NULL;

    State *s = PyMem_Malloc(sizeof(State));
    if (s == NULL) return PyErr_NoMemory();
    start(s, &k->cfg, seed);
    if (sync) dice_synchronise(&s->dice);
    Dice agent;
    dice_seed(&agent, agent_seed);
    Py_ssize_t steps = 0;
    while (!s->error && !s->over) {
        if (steps >= max_steps) {
            PyMem_Free(s);
            Py_RETURN_NONE;
        }
        do_action(s, s->actions[dice_below(&agent, s->nactions)]);
        settle(s);
        steps++;
    }
    if (raise_error(s)) {
        PyMem_Free(s);
        return NULL;
    }
    PyObject *results, *scores;
    if (outcome_parts(s, &results, &scores) == NULL) {
        Py_XDECREF(results);
        PyMem_Free(s);
        return NULL;
    }
    PyObject *out = Py_BuildValue("(OnNNO)", s->won ? str_win : str_loss, steps, results, scores,
                                  cause_str[s->cause]);
    PyMem_Free(s);
    return out;
}

/* -- load: a Python state, flattened by kernel/__init__.py:_flatten ---------------------- */
static int get_pos(PyObject *o, Pos *p) {
    int x, y;
    if (!PyArg_ParseTuple(o, "ii", &x, &y)) return -1;
    Pos q = {(int8_t)x, (int8_t)y};
    if (x < -100 || x > 100 || y < -100 || y > 100 || !in_bounds(q)) {
        PyErr_Format(PyExc_ValueError, "position (%d, %d) is outside the kernel's city grid", x,
                     y);
        return -1;
    }
    *p = q;
    return 0;
}

static int get_pos_list(PyObject *list, Pos *out, int cap, uint8_t *n) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > cap) {
        PyErr_SetString(PyExc_ValueError, "a list of positions is too long for the kernel");
        return -1;
    }
    *n = (uint8_t)PyList_GET_SIZE(list);
    for (Py_ssize_t i = 0; i < *n; i++)
        if (get_pos(PyList_GET_ITEM(list, i), &out[i])) return -1;
    return 0;
}

static int get_weapon(int kind, int charge, Weapon *w) {
    if (kind < 0 || kind > 3) {
        PyErr_SetString(PyExc_ValueError, "unknown weapon kind");
        return -1;
    }
    w->kind = (uint8_t)kind;
    w->charge = kind == W_NONE ? NO_CHARGE : charge;
    return 0;
}

static int get_survivor(PyObject *o, Survivor *sv) {
    int life, life_max, kind, charge;
    if (!PyArg_ParseTuple(o, "iiii", &life, &life_max, &kind, &charge)) return -1;
    if (life_max > 250) {
        PyErr_SetString(PyExc_ValueError, "a survivor's life is too large for the kernel");
        return -1;
    }
    sv->life = life;
    sv->life_max = life_max;
    return get_weapon(kind, charge, &sv->weapon);
}

static PyObject *kernel_load(KernelObject *k, PyObject *args) {
    unsigned long long dstate, base, marks;
    int synced;
    const char *deck, *pending;
    Py_ssize_t ndeck, npending;
    PyObject *grid, *survivor, *map_weapons, *map_survivor, *flips, *holding, *revealed, *share,
        *outcome, *heli, *startp, *posp, *came;
    int life, life_max, wkind, wcharge, zombies, kills, turn, phase, provisions, use_weapon,
        battle_round;
    if (check_ready(k)) return NULL;
    if (!PyArg_ParseTuple(args, "KpKKy#OOOOOii(ii)OOOiiiiOOy#OiiOiO", &dstate, &synced, &base,
                          &marks, &deck, &ndeck, &grid, &heli, &startp, &posp, &came, &life,
                          &life_max, &wkind, &wcharge, &survivor, &map_weapons, &map_survivor,
                          &zombies, &kills, &turn, &phase, &flips, &holding, &pending, &npending,
                          &revealed, &provisions, &use_weapon, &share, &battle_round, &outcome))
        return NULL;
    GameObject *g = game_alloc((PyObject *)k);
    if (g == NULL) return NULL;
    State *s = &g->s;
    memset(s, 0, sizeof *s);
    s->cfg = &k->cfg;
    s->dice.state = dstate;
    s->dice.synced = (uint8_t)synced;
    s->dice.base = synced ? base : 0;
    s->dice.marks = synced ? marks : 0;
    if (ndeck > 54 || npending > 4 || phase < 0 || phase >= PH_COUNT) {
        PyErr_SetString(PyExc_ValueError, "the state does not fit the kernel");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < ndeck; i++) {
        if (deck[i] < 1 || deck[i] > CARD_JOKER) goto bad_card;
        s->deck[i] = (uint8_t)deck[i];
    }
    s->deck_len = (uint8_t)ndeck;
    s->rows_lo = s->rows_hi = OY;
    if (!PyList_Check(grid)) goto bad_grid;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(grid); i++) {
        PyObject *item = PyList_GET_ITEM(grid, i);
        int x, y, code, down;
        if (!PyArg_ParseTuple(item, "iiip", &x, &y, &code, &down)) goto fail;
        PyObject *xy = Py_BuildValue("(ii)", x, y);
        Pos p;
        int bad = xy == NULL || get_pos(xy, &p);
        Py_XDECREF(xy);
        if (bad) goto fail;
        if (code < 1 || code > CARD_JOKER) goto bad_card;
        put_row(s, p.y + OY);
        *cell(s, p) = (uint8_t)(code | (down ? FACE_DOWN : 0));
        if (down) note_hidden(s, p);
    }
    if (get_pos(heli, &s->helicopter) || get_pos(startp, &s->start) || get_pos(posp, &s->pos) ||
        get_pos(came, &s->came_from))
        goto fail;
    /* where the rules look around (cards, in any state a game reaches): within the copied rows */
    put_row(s, s->helicopter.y + OY);
    put_row(s, s->start.y + OY);
    put_row(s, s->pos.y + OY);
    put_row(s, s->came_from.y + OY);
    s->life = life;
    s->life_max = life_max;
    if (get_weapon(wkind, wcharge, &s->weapon)) goto fail;
    s->survivor.weapon.charge = s->map_survivor.weapon.charge = NO_CHARGE;
    if (survivor != Py_None) {
        if (get_survivor(survivor, &s->survivor)) goto fail;
        s->has_survivor = 1;
    }
    if (!PyList_Check(map_weapons)) goto bad_grid;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(map_weapons); i++) {
        int kind, x, y, charge;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(map_weapons, i), "iiii", &kind, &x, &y, &charge))
            goto fail;
        if (kind < W_BAT || kind > W_SHOTGUN || s->map_has[kind]) {
            PyErr_SetString(PyExc_ValueError, "the map holds two weapons of a kind, or fists");
            goto fail;
        }
        PyObject *xy = Py_BuildValue("(ii)", x, y);
        int bad = xy == NULL || get_pos(xy, &s->map_pos[kind]);
        Py_XDECREF(xy);
        if (bad) goto fail;
        s->map_has[kind] = 1;
        s->map_charge[kind] = charge;
    }
    if (map_survivor != Py_None) {
        PyObject *where, *who;
        if (!PyArg_ParseTuple(map_survivor, "OO", &where, &who) ||
            get_pos(where, &s->map_survivor_pos) || get_survivor(who, &s->map_survivor))
            goto fail;
        s->has_map_survivor = 1;
    }
    s->zombies = zombies;
    s->kills = kills;
    s->turn = turn;
    s->phase = (uint8_t)phase;
    if (get_pos_list(flips, s->flips, 4, &s->nflips)) goto fail;
    if (holding != Py_None) {
        if (get_pos(holding, &s->holding)) goto fail;
        s->has_holding = 1;
    }
    for (Py_ssize_t i = 0; i < npending; i++) {
        if (pending[i] < 1 || pending[i] > CARD_JOKER) goto bad_card;
        s->pending[i] = (uint8_t)pending[i];
    }
    s->npending = (uint8_t)npending;
    if (get_pos_list(revealed, s->revealed, 16, &s->nrevealed)) goto fail;
    s->provisions = provisions;
    s->use_weapon = (uint8_t)use_weapon;
    if (share != Py_None) {
        int t, f, o;
        if (!PyArg_ParseTuple(share, "iii", &t, &f, &o)) goto fail;
        if (t < 0 || t > 255 || f < 0 || f > 255 || o < 0 || o > 255) {
            PyErr_SetString(PyExc_ValueError, "the survivor's share does not fit the kernel");
            goto fail;
        }
        s->share[0] = (int16_t)t;
        s->share[1] = (int16_t)f;
        s->share[2] = (int16_t)o;
        s->has_share = 1;
    }
    s->battle_round = battle_round;
    if (outcome != Py_None) {
        int won, cause;
        double sc;
        if (!PyArg_ParseTuple(outcome, "iid", &won, &cause, &sc)) goto fail;
        if (cause < 0 || cause >= C_COUNT) {
            PyErr_SetString(PyExc_ValueError, "unknown outcome cause");
            goto fail;
        }
        s->over = 1;
        s->won = (uint8_t)won;
        s->cause = (uint8_t)cause;
        s->score = sc;
        return (PyObject *)g;
    }
    /* The decision as the Python state asks it (state.decision is decide(), never settled). */
    decide(s);
    if (!s->error && s->nactions == 0) s->error = ERR_NO_ACTION;
    if (raise_error(s)) goto fail;
    return (PyObject *)g;
bad_card:
    PyErr_SetString(PyExc_ValueError, "unknown card code");
    goto fail;
bad_grid:
    PyErr_SetString(PyExc_TypeError, "kernel load: a list was expected");
fail:
    Py_DECREF(g);
    return NULL;
}

static PyMethodDef kernel_methods[] = {
    {"new", (PyCFunction)(void (*)(void))kernel_new, METH_VARARGS | METH_KEYWORDS,
     "new(seed, synchronise=False): the game Game.new(seed=seed) starts."},
    {"play_random", (PyCFunction)(void (*)(void))kernel_play_random, METH_VARARGS | METH_KEYWORDS,
     "play_random(game_seed, agent_seeds, max_steps, synchronise=False)"},
    {"load", (PyCFunction)kernel_load, METH_VARARGS, "load(*flat): a flattened Python state."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deadtable.games.one_against_the_dead.kernel._oatd.Kernel",
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One Against the Dead's rules compiled, for one set of rule numbers and options.",
    .tp_methods = kernel_methods,
    .tp_init = (initproc)kernel_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_oatd", "One Against the Dead's kernel.", -1, NULL,
};

static PyObject *import_attr(const char *mod, const char *name) {
    PyObject *m = PyImport_ImportModule(mod);
    if (m == NULL) return NULL;
    PyObject *attr = PyObject_GetAttrString(m, name);
    Py_DECREF(m);
    return attr;
}

PyMODINIT_FUNC PyInit__oatd(void) {
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&GameType) < 0) return NULL;
    OutcomeClass = import_attr("deadtable.engine.state", "Outcome");
    GameOverClass = import_attr("deadtable.engine.decisions", "GameOver");
    EmptyPileClass = import_attr("deadtable.engine.cards", "EmptyPile");
    if (!OutcomeClass || !GameOverClass || !EmptyPileClass) return NULL;
    str_player = PyUnicode_InternFromString("player");
    str_win = PyUnicode_InternFromString("win");
    str_loss = PyUnicode_InternFromString("loss");
    for (int i = 0; i < C_COUNT; i++) cause_str[i] = PyUnicode_InternFromString(CAUSES[i]);
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&KernelType);
    Py_INCREF(&GameType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0 ||
        PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0 ||
        PyModule_AddIntConstant(m, "NO_CHARGE", NO_CHARGE) < 0 ||
        PyModule_AddIntConstant(m, "MAX_ACTIONS", MAX_ACTIONS) < 0)
        return NULL;
    return m;
}
