/* The CPython binding of Chainsaw Warrior's kernel (engine/kernel.py's protocol): a Kernel
 * holds the card data and rules of one option set; a Game holds one State. Only Python.h.
 *
 * One translation unit: the rule files are included below, after the prototypes they share
 * (the Python modules call each other freely; so do these). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "cw.h"

/* -- prototypes of the rule files ------------------------------------------------------ */
static void then1(State *s, Task a);
static void then2(State *s, Task a, Task b);
static void push_task(State *s, Task t);
static void insert_task(State *s, int at, Task t);
static void ask(State *s, int phase);
static void run(State *s);
static void next_turn(State *s);
static int free_actions(const State *s, Act *out);
static void answer_free(State *s, const Act *a);
static void step_explore(State *s);
static int next_card(State *s);
static void step_turn(State *s, int sprint);
static void answer_climb(State *s, const Act *a);
static void turn_card(State *s, int climbed, int sprint);
static void carry_on_check(State *s);
static void wound(State *s, int n);
static void end_game(State *s, int result, int cause);
static void pass_time(State *s, int boxes);
static void heal(State *s, int n);
static void irradiate(State *s, int n);
static void envenom(State *s);
static void infect(State *s);
static void remote_camera(State *s);
static int skip_card(State *s);
static void wandering_check(State *s, int context, int after_kind, int after_a, int quiet_kind,
                            int quiet_a, int on);
static void encounter(State *s, int card);
static void meet(State *s, int card);
static void agent_9(State *s, int card);
static void dump(State *s, int card);
static void first_aid_kit(State *s, int card);
static void secret_passage(State *s, int card);
static void slime(State *s, int card);
static void burn_slime(State *s, int card, int index);
static void missing_darkness(State *s);
static int draw_house(State *s, int d);
static int next_deck(const State *s);
static int may_take_from(const State *s, int pile);
static void spring(State *s, int card);
static void retrace(State *s, int door);
static void struggle(State *s);
static void cut_free(State *s, int index);
static void tangle(State *s);
static void breakage(State *s, int lo, int hi);
static void fight_begin(State *s, const uint8_t *opp, int n, int context, const uint8_t *wand,
                        int nwand);
static void fight_finish(State *s, int won);
static int can_hide(const State *s);
static void aimed_shot(State *s, int item, int target, int dum_dum);
static void fire(State *s, int item_id, int target, int nshots, int dum_dum);
static void kill(State *s, int target);
static void implode(State *s);
static int specials(const State *s, Act *out, int n);
static void time_grenade(State *s, int card);
static void explode(State *s);
static void poison_works(State *s);
static void struck(State *s, int card, int escaping, int dbl);
static void lucky_shot(State *s, int item_id, int target, int bonus);
static void escaped(State *s);
static int escape_rating(const State *s);
static int imagizer_escape(const State *s);
static void step_fight(State *s);
static void leave_building(State *s, int chasm);
static void outside(State *s, int chasm);
static void rebuild(State *s);
static void kit_out(State *s, int points, int refit, int chosen, int waited);
static void kit_done(State *s);
static void start_kit(State *s, int points);
static void determination(State *s);
static void endurance_loss(State *s, int n);
static inline int determined(const State *s);
static void time_and_turn(State *s, int sprint);
static void roll_skill(State *s);
static void train_begin(State *s, int kit);
static void train_show(State *s, const int *values);
static void train_ask(State *s, int *values, int left, int kit);
static void train_finish(State *s, int kit);
static int carry_limit_reached(const State *s);

#include "dice.c"
#include "decks.c"
#include "state.c"
#include "equipment.c"
#include "tracks.c"
#include "items.c"
#include "house.c"
#include "traps.c"
#include "fight.c"
#include "building.c"
#include "turn.c"
#include "training.c"
#include "setup.c"
#include "agent.c"

/* -- the decision: turn.py's decide, each question's options --------------------------- */
static int decide(const State *s, Act *out) {
    int n = 0;
    switch (s->phase) {
    case Q_KIT: return kit_actions(s, out);
    case Q_FREE: return free_actions(s, out);
    case Q_CLIMB: out[0] = (Act){A_CLIMB, 0, 0, 0}; out[1] = (Act){A_ENTER, 0, 0, 0}; return 2;
    case Q_GEIGER: out[0] = (Act){A_AVOID, 0, 0, 0}; out[1] = (Act){A_FACE, 0, 0, 0}; return 2;
    case Q_DUMP: return dump_actions(s, s->ctx.offers, out);
    case Q_FULL:
        for (int i = 0; i < s->nitems; i++)  /* the X-oskeleton "may not be removed" */
            if (s->items[i].item != NAMED(s, N_XOSK)) out[n++] = (Act){A_DROP, (int16_t)i, 0, 0};
        out[n++] = (Act){A_LEAVE_KIT, 0, 0, 0};
        return n;
    case Q_PASSAGE: return passage_actions(s, out);
    case Q_SLIME: {
        int w[MAXCARRY], m = slime_weapons(s, w);
        for (int k = 0; k < m; k++) out[n++] = (Act){A_USE, s->items[w[k]].item, 0, 0};
        return n;
    }
    case Q_DOOR: return door_actions(s, out);
    case Q_NET: return net_actions(s, out);
    case Q_WIRE: out[0] = (Act){A_ACID, 0, 0, 0}; out[1] = (Act){A_STRUGGLE, 0, 0, 0}; return 2;
    case Q_ANTI_RAD: out[0] = (Act){A_ANTI_RAD, 0, 0, 0}; out[1] = (Act){A_KEEP, 0, 0, 0}; return 2;
    case Q_HIDE: out[0] = (Act){A_HIDE, 0, 0, 0}; out[1] = (Act){A_FACE, 0, 0, 0}; return 2;
    case Q_SHOOT:
        n = shots(s, out, 0);
        n = implode_action(s, out, n);
        out[n++] = (Act){A_HTH, 0, 0, 0};
        return n;
    case Q_STEP6:
        n = specials(s, out, 0);
        out[n++] = (Act){A_HTH, 0, 0, 0};
        return n;
    case Q_ORDER:
        for (int k = 0; k < s->fight.nopp; k++) out[n++] = (Act){A_FIGHT_ONE, s->fight.opp[k], 0, 0};
        return n;
    case Q_AGENT3:
        for (int i = 0; i < s->nitems; i++) out[n++] = (Act){A_LOSE, (int16_t)i, 0, 0};
        return n;
    case Q_MEAT: out[0] = (Act){A_REFLEXES, 0, 0, 0}; out[1] = (Act){A_LOSE_HTH, 0, 0, 0}; return 2;
    case Q_LUCKY:
        n = lucky_shots(s, out, 0);
        n = implode_action(s, out, n);
        out[n++] = (Act){A_NO, 0, 0, 0};
        return n;
    case Q_ESCAPE: return escape_actions(s, out);
    case Q_DUM_DUMS: out[0] = (Act){A_PUT_BACK, 0, 0, 0}; out[1] = (Act){A_KEEP, 0, 0, 0}; return 2;
    case Q_WAIT_KIT: out[0] = (Act){A_WAIT, 0, 0, 0}; out[1] = (Act){A_ENTER, 0, 0, 0}; return 2;
    case Q_SPRINT: out[0] = (Act){A_SPRINT, 0, 0, 0}; out[1] = (Act){A_WALK, 0, 0, 0}; return 2;
    case Q_BURST: return burst_actions(s, out);
    case Q_FRENZY: out[0] = (Act){A_BERSERK, 0, 0, 0}; out[1] = (Act){A_CALM, 0, 0, 0}; return 2;
    case Q_TRAIN: return train_actions(s->ctx.values, s->ctx.left, out);
    default: return 0;
    }
}

static void answer(State *s, const Act *a) {
    int phase = s->phase;
    s->phase = Q_NONE;
    switch (phase) {
    case Q_KIT: answer_kit(s, a); break;
    case Q_FREE: answer_free(s, a); break;
    case Q_CLIMB: answer_climb(s, a); break;
    case Q_GEIGER: answer_geiger(s, a); break;
    case Q_DUMP: answer_dump(s, a); break;
    case Q_FULL: answer_full(s, a); break;
    case Q_PASSAGE: answer_passage(s, a); break;
    case Q_SLIME: answer_slime(s, a); break;
    case Q_DOOR: answer_door(s, a); break;
    case Q_NET: answer_net(s, a); break;
    case Q_WIRE: answer_wire(s, a); break;
    case Q_ANTI_RAD: answer_anti_rad(s, a); break;
    case Q_HIDE: answer_hide(s, a); break;
    case Q_SHOOT: answer_shoot(s, a); break;
    case Q_STEP6: answer_step6(s, a); break;
    case Q_ORDER: answer_order(s, a); break;
    case Q_AGENT3: answer_agent3(s, a); break;
    case Q_MEAT: answer_meat(s, a); break;
    case Q_LUCKY: answer_lucky(s, a); break;
    case Q_ESCAPE: answer_escape(s, a); break;
    case Q_DUM_DUMS: answer_dum_dums(s, a); break;
    case Q_WAIT_KIT: answer_wait_kit(s, a); break;
    case Q_SPRINT: answer_sprint(s, a); break;
    case Q_BURST: answer_burst(s, a); break;
    case Q_FRENZY: answer_frenzy(s, a); break;
    case Q_TRAIN: answer_train(s, a); break;
    default: FAIL(s, "no question is asked");
    }
    run(s);
}

static inline int count_of(State *s) {
    if (OVER(s)) return 0;
    if (!s->acts_valid) {
        s->nacts = decide(s, s->acts);
        s->acts_valid = 1;
    }
    return s->nacts;
}

static inline void apply_index(State *s, int i) {
    Act a = s->acts[i];
    s->acts_valid = 0;
    answer(s, &a);
}

/* random legal actions until the game ends or `depth` were played, each the
 * below(count)-th with `agent` (RandomAgent's choice, the mcts agent's random rollout);
 * returns how many were played */
static long rollout(State *s, Dice *agent, long depth) {
    long steps = 0;
    while (!s->err && steps < depth) {
        int n = count_of(s);
        if (!n) break;
        apply_index(s, below(agent, n));
        steps++;
    }
    return steps;
}

/* the heuristic (agent.c) until the game ends or `depth` actions were played; how many were */
static long play_out(State *s, long depth) {
    long steps = 0;
    while (!s->err && steps < depth) {
        int n = count_of(s);
        if (!n) break;
        int i = heuristic_choice(s, s->acts, n);
        if (s->err) break;
        apply_index(s, i);
        steps++;
    }
    return steps;
}

/* ======================================================================================== */
/* Python objects                                                                            */
/* ======================================================================================== */
typedef struct {
    PyObject_HEAD
    Data data;
    PyObject *card_ids;   /* list of str, by card index */
    PyObject *item_ids;   /* list of str, by item index */
    PyObject *outcome;    /* Outcome(results, cause, scores) */
} KernelObject;

typedef struct {
    PyObject_HEAD
    KernelObject *kernel;
    State s;
} GameObject;

static PyTypeObject KernelType, GameType;

static const char *PILE_NAMES[NPILES] = {"clothing", "device", "gun", "hth-weapon", "heavy-weapon"};
static const char *CAUSES[] = {"time", "wounds", "radiation", "venom", "slime",
                               "darkness-destroyed", "implosion"};
static const char *RESULTS[] = {"", "win", "loss", "draw"};
static const char *TRAIN_NAMES[NTRAIN] = {"endurance", "wounds", "hth", "marksman", "reflexes",
                                          "equipment"};

static PyObject *act_id(KernelObject *k, const Act *a) {
    PyObject *items = k->item_ids, *cards = k->card_ids;
#define IID(i) PyList_GET_ITEM(items, (i))
#define CID(i) PyList_GET_ITEM(cards, (i))
    switch (a->verb) {
    case A_EXPLORE: return PyUnicode_FromString("explore");
    case A_RELOAD: return PyUnicode_FromFormat("reload:%U", IID(a->a));
    case A_HEAL: return PyUnicode_FromFormat("heal:%U", IID(a->a));
    case A_WAIT: return PyUnicode_FromString("wait");
    case A_LEAVE: return PyUnicode_FromString("leave");
    case A_FITCATS: return PyUnicode_FromFormat("fit-cats:%U", IID(a->a));
    case A_SMASH: return PyUnicode_FromString("smash");
    case A_CAMERA: return PyUnicode_FromString("camera");
    case A_ROPE: return PyUnicode_FromString("rope");
    case A_DYNAMITE: return PyUnicode_FromString("dynamite");
    case A_FLARE: return PyUnicode_FromString("flare");
    case A_DRAW: return PyUnicode_FromFormat("draw:%s", PILE_NAMES[a->a]);
    case A_REFILL: return PyUnicode_FromFormat("refill:%d", (int)a->a);
    case A_CLIP: return PyUnicode_FromFormat("clip:%d", (int)a->a);
    case A_DONE: return PyUnicode_FromString("done");
    case A_CLIMB: return PyUnicode_FromString("climb");
    case A_ENTER: return PyUnicode_FromString("enter");
    case A_AVOID: return PyUnicode_FromString("avoid");
    case A_FACE: return PyUnicode_FromString("face");
    case A_TAKE: return PyUnicode_FromString("take");
    case A_TAKE_NOTHING: return PyUnicode_FromString("leave");
    case A_DROP: return PyUnicode_FromFormat("drop:%d", (int)a->a);
    case A_LEAVE_KIT: return PyUnicode_FromString("leave-kit");
    case A_SKIP: return PyUnicode_FromString("skip");
    case A_STOP: return PyUnicode_FromString("stop");
    case A_USE: return PyUnicode_FromFormat("use:%U", IID(a->a));
    case A_SMASH_DOOR: return PyUnicode_FromFormat("smash:%U", IID(a->a));
    case A_ACID: return PyUnicode_FromString("acid");
    case A_RETRACE: return PyUnicode_FromString("retrace");
    case A_CUT: return PyUnicode_FromFormat("cut:%U", IID(a->a));
    case A_STRUGGLE: return PyUnicode_FromString("struggle");
    case A_ANTI_RAD: return PyUnicode_FromString("anti-rad");
    case A_KEEP: return PyUnicode_FromString("keep");
    case A_HIDE: return PyUnicode_FromString("hide");
    case A_SHOOT:
        return a->c ? PyUnicode_FromFormat("shoot:%U:%U:dum-dum", IID(a->a), CID(a->b))
                    : PyUnicode_FromFormat("shoot:%U:%U", IID(a->a), CID(a->b));
    case A_IMPLODE: return PyUnicode_FromString("implode");
    case A_HTH: return PyUnicode_FromString("hth");
    case A_CNES: return PyUnicode_FromString("cnes");
    case A_NEEDLE: return PyUnicode_FromString("needle");
    case A_THROW_NET: return PyUnicode_FromString("throw-net");
    case A_GRENADE: return PyUnicode_FromString("grenade");
    case A_FLASH: return PyUnicode_FromString(a->a == FLASH_BONUS ? "flash:bonus" : "flash:escape");
    case A_FIGHT_ONE: return PyUnicode_FromFormat("fight:%U", CID(a->a));
    case A_LOSE: return PyUnicode_FromFormat("lose:%d", (int)a->a);
    case A_REFLEXES: return PyUnicode_FromString("reflexes");
    case A_LOSE_HTH: return PyUnicode_FromString("hth");
    case A_LUCKY:
        return a->c ? PyUnicode_FromFormat("lucky:%U:%U:imagizer", IID(a->a), CID(a->b))
                    : PyUnicode_FromFormat("lucky:%U:%U", IID(a->a), CID(a->b));
    case A_NO: return PyUnicode_FromString("no");
    case A_ESCAPE: return PyUnicode_FromString("escape");
    case A_IMAGIZER: return PyUnicode_FromString("imagizer");
    case A_FIGHT_ON: return PyUnicode_FromString("fight");
    case A_CHOOSE: return PyUnicode_FromString("choose");
    case A_PICK: return PyUnicode_FromFormat("pick:%U", IID(a->a));
    case A_PUT_BACK: return PyUnicode_FromString("put-back");
    case A_SPRINT: return PyUnicode_FromString("sprint");
    case A_WALK: return PyUnicode_FromString("walk");
    case A_BURST: return PyUnicode_FromFormat("burst:%d", (int)a->a);
    case A_BERSERK: return PyUnicode_FromString("berserk");
    case A_CALM: return PyUnicode_FromString("calm");
    case A_TRAIN:
        return a->c ? PyUnicode_FromFormat("train:%s:%d", TRAIN_NAMES[a->a], (int)a->b)
                    : PyUnicode_FromFormat("train:%s", TRAIN_NAMES[a->a]);
    default: return PyUnicode_FromString("?");
    }
#undef IID
#undef CID
}

static int check_err(State *s) {
    if (s->err) {
        PyErr_Format(PyExc_RuntimeError, "chainsaw-warrior kernel: %s", s->err);
        return -1;
    }
    return 0;
}

/* -- Game ------------------------------------------------------------------------------ */
static GameObject *game_new(KernelObject *k) {
    GameObject *g = PyObject_New(GameObject, &GameType);
    if (!g) return NULL;
    Py_INCREF(k);
    g->kernel = k;
    return g;
}

static void game_dealloc(GameObject *g) {
    Py_XDECREF(g->kernel);
    PyObject_Free(g);
}

static PyObject *game_actions(GameObject *g, PyObject *unused) {
    int n = count_of(&g->s);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *id = act_id(g->kernel, &g->s.acts[i]);
        if (!id) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, id);
    }
    return list;
}

static PyObject *game_count(GameObject *g, PyObject *unused) {
    return PyLong_FromLong(count_of(&g->s));
}

static PyObject *game_apply(GameObject *g, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    int n = count_of(&g->s);
    if (i < 0 || i >= n) {
        PyErr_Format(PyExc_IndexError, "action index %ld out of range: %d legal actions", i, n);
        return NULL;
    }
    apply_index(&g->s, (int)i);
    if (check_err(&g->s)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *game_apply_id(GameObject *g, PyObject *arg) {
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "apply_id takes an action id (str)");
        return NULL;
    }
    PyObject *ids = game_actions(g, NULL);
    if (!ids) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(ids);
    for (Py_ssize_t i = 0; i < n; i++) {
        int eq = PyUnicode_Compare(PyList_GET_ITEM(ids, i), arg);
        if (eq == 0) {
            Py_DECREF(ids);
            apply_index(&g->s, (int)i);
            if (check_err(&g->s)) return NULL;
            Py_RETURN_NONE;
        }
        if (PyErr_Occurred()) { Py_DECREF(ids); return NULL; }
    }
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *joined = sep ? PyUnicode_Join(sep, ids) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(ids);
    if (!joined) return NULL;
    if (OVER(&g->s))
        PyErr_Format(PyExc_ValueError, "%R is not a legal action: the game is over", arg);
    else
        PyErr_Format(PyExc_ValueError, "%R is not a legal action for warrior now; "
                     "legal actions: %U", arg, joined);
    Py_DECREF(joined);
    return NULL;
}

static PyObject *game_seat(GameObject *g, PyObject *unused) {
    if (OVER(&g->s)) Py_RETURN_NONE;
    return PyUnicode_FromString("warrior");
}

static PyObject *results_scores(State *s, PyObject **results, PyObject **scores) {
    *results = Py_BuildValue("{s:s}", "warrior", RESULTS[s->result]);
    *scores = Py_BuildValue("{s:d}", "minutes", s->time / 2.0);
    return (*results && *scores) ? *results : NULL;
}

static PyObject *game_outcome(GameObject *g, PyObject *unused) {
    State *s = &g->s;
    if (!OVER(s)) Py_RETURN_NONE;
    PyObject *results, *scores;
    if (!results_scores(s, &results, &scores)) { Py_XDECREF(results); Py_XDECREF(scores); return NULL; }
    PyObject *out = PyObject_CallFunction(g->kernel->outcome, "OsO", results, CAUSES[s->cause], scores);
    Py_DECREF(results);
    Py_DECREF(scores);
    return out;
}

static PyObject *game_clone(GameObject *g, PyObject *unused) {
    GameObject *other = game_new(g->kernel);
    if (!other) return NULL;
    memcpy(&other->s, &g->s, sizeof(State));
    return (PyObject *)other;
}

static int seed_of(PyObject *obj, uint64_t *out);

/* determinize(seat, dice): state.py's determinize with Dice(dice); returns its state after */
static PyObject *game_determinize(GameObject *g, PyObject *args) {
    PyObject *seat, *seed;
    if (!PyArg_ParseTuple(args, "UO:determinize", &seat, &seed)) return NULL;
    Dice agent = {0, 0, 0, 0};
    if (seed_of(seed, &agent.state)) return NULL;
    determinize(&g->s, &agent);  /* the one seat sees all that is open: `seat` changes nothing */
    if (check_err(&g->s)) return NULL;
    return PyLong_FromUnsignedLongLong(agent.state);
}

/* rollout(dice, depth): (actions played, the dice's state after) */
static PyObject *game_rollout(GameObject *g, PyObject *args) {
    PyObject *seed, *limit;
    if (!PyArg_ParseTuple(args, "OO!:rollout", &seed, &PyLong_Type, &limit)) return NULL;
    Dice agent = {0, 0, 0, 0};
    if (seed_of(seed, &agent.state)) return NULL;
    int overflow;
    long depth = PyLong_AsLongAndOverflow(limit, &overflow);  /* any int, as range() takes */
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (overflow) depth = overflow > 0 ? LONG_MAX : 0;
    long steps = rollout(&g->s, &agent, depth);
    if (check_err(&g->s)) return NULL;
    return Py_BuildValue("(lK)", steps, (unsigned long long)agent.state);
}

/* synchronise(): state.dice.synchronise() */
static PyObject *game_synchronise(GameObject *g, PyObject *unused) {
    dice_synchronise(&g->s.dice);
    Py_RETURN_NONE;
}

/* the agent named, if the kernel plays it (its `agents`), with its memory checked; 0 if not */
static int agent_of(GameObject *g, PyObject *agent, PyObject *memory) {
    PyObject *agents = PyObject_GetAttrString((PyObject *)g->kernel, "agents");
    if (!agents) return 0;
    int in = PySequence_Contains(agents, agent);
    Py_DECREF(agents);
    if (in < 0) return 0;
    if (!in || PyUnicode_CompareWithASCIIString(agent, "heuristic") != 0) {
        PyErr_Format(PyExc_ValueError, "the kernel does not play the agent %R here", agent);
        return 0;
    }
    /* HeuristicAgent.kernel_memory(): (its dice's state,); it never draws them */
    Py_ssize_t n = PySequence_Size(memory);
    if (n < 0) return 0;
    if (n != 1) {
        PyErr_SetString(PyExc_ValueError, "the heuristic's memory is (its dice's state,)");
        return 0;
    }
    PyObject *dice = PySequence_GetItem(memory, 0);
    if (!dice) return 0;
    uint64_t state;
    int bad = seed_of(dice, &state);
    Py_DECREF(dice);
    return !bad;
}

/* play_out(agent, memory, depth): the game's own agent (agent.c) plays; the actions played */
static PyObject *game_play_out(GameObject *g, PyObject *args) {
    PyObject *agent, *memory, *limit;
    if (!PyArg_ParseTuple(args, "UOO!:play_out", &agent, &memory, &PyLong_Type, &limit))
        return NULL;
    if (!agent_of(g, agent, memory)) return NULL;
    int overflow;
    long depth = PyLong_AsLongAndOverflow(limit, &overflow);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (overflow) depth = overflow > 0 ? LONG_MAX : 0;
    long steps = play_out(&g->s, depth);
    if (check_err(&g->s)) return NULL;
    return PyLong_FromLong(steps);
}

/* _heuristic(): the index of the heuristic's choice now, without taking it; None once over */
static PyObject *game_heuristic(GameObject *g, PyObject *unused) {
    int n = count_of(&g->s);
    if (!n) Py_RETURN_NONE;
    int i = heuristic_choice(&g->s, g->s.acts, n);
    if (check_err(&g->s)) return NULL;
    return PyLong_FromLong(i);
}

static PyMethodDef game_methods[] = {
    {"actions", (PyCFunction)game_actions, METH_NOARGS, "The legal action ids, in order."},
    {"count", (PyCFunction)game_count, METH_NOARGS, "How many legal actions there are."},
    {"apply", (PyCFunction)game_apply, METH_O, "Take the index-th legal action."},
    {"apply_id", (PyCFunction)game_apply_id, METH_O, "Take the action with this id."},
    {"seat", (PyCFunction)game_seat, METH_NOARGS, "The seat that decides now, or None."},
    {"outcome", (PyCFunction)game_outcome, METH_NOARGS, "The Outcome, or None while it runs."},
    {"clone", (PyCFunction)game_clone, METH_NOARGS, "An independent copy."},
    {"determinize", (PyCFunction)game_determinize, METH_VARARGS,
     "determinize(seat, dice): deal anew what seat cannot see, as GameState.determinize(seat, "
     "Dice(dice)); returns that Dice's state afterwards."},
    {"rollout", (PyCFunction)game_rollout, METH_VARARGS,
     "rollout(dice, depth): random legal actions (Dice(dice).below(count()) each) until the "
     "end or depth of them; returns (actions played, the dice's state afterwards)."},
    {"synchronise", (PyCFunction)game_synchronise, METH_NOARGS,
     "state.dice.synchronise(): from the next fixed point on, synchronised dice."},
    {"play_out", (PyCFunction)game_play_out, METH_VARARGS,
     "play_out(agent, memory, depth): the game's own agent (one of the kernel's agents) plays "
     "until the end or depth actions; returns the actions played."},
    {"_heuristic", (PyCFunction)game_heuristic, METH_NOARGS,
     "The index of the heuristic's choice at this decision, not taken (a test hook); None "
     "once over."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deadtable.games.chainsaw_warrior.kernel._cw.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One Chainsaw Warrior game in the kernel.",
    .tp_methods = game_methods,
};

/* -- Kernel ---------------------------------------------------------------------------- */
static int ints(PyObject *seq, int *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %d numbers expected", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static Expr expr_of(const int *v) { return (Expr){(int8_t)v[0], (int8_t)v[1], (int8_t)v[2], (int8_t)v[3]}; }

#define CARD_FIELDS 28
#define ITEM_FIELDS 28

static int load_card(Card *c, const int *v) {
    c->kind = (int8_t)v[0]; c->back = (int8_t)v[1]; c->creature = (int8_t)v[2];
    c->trap = (int8_t)v[3]; c->offers = (int8_t)v[4]; c->hth = (int8_t)v[5];
    c->wounds = (int8_t)v[6]; c->no_escape = (int8_t)v[7]; c->agent = (int8_t)v[8];
    c->target = (int8_t)v[9]; c->wound_table = (int8_t)v[10]; c->has_rad = (int8_t)v[11];
    c->rad = expr_of(v + 12); c->has_rad_on_hit = (int8_t)v[16]; c->rad_on_hit = expr_of(v + 17);
    c->skip = expr_of(v + 21); c->radioactive = (int8_t)v[25]; c->item = (int8_t)v[26];
    c->agent_flags = (int8_t)v[27];
    return 0;
}

static int load_item(Item *it, const int *v) {
    it->type = (int8_t)v[0]; it->back = (int8_t)v[1]; it->uses = (int8_t)v[2];
    it->one_use = (int8_t)v[3]; it->door = (int8_t)v[4]; it->hth_bonus = (int8_t)v[5];
    it->throw_mod = (int8_t)v[6]; it->electric = (int8_t)v[7]; it->slime = (int8_t)v[8];
    it->cuts_net = (int8_t)v[9]; it->night_vision = (int8_t)v[10]; it->has_heal = (int8_t)v[11];
    it->heal = expr_of(v + 12); it->reflexes = (int8_t)v[16]; it->fits_cats = (int8_t)v[17];
    it->shoots = (int8_t)v[18];
    for (int k = 0; k < NCREATURES; k++) it->to_hit[k] = (int8_t)v[19 + k];
    it->house = (int16_t)v[25];
    it->pick_rank = (int8_t)v[26]; it->agent_flags = (int8_t)v[27];
    return 0;
}

/* Kernel(header, cards, items, named, pile_items, card_ids, item_ids, outcome): the data
 * tables the Python wrapper builds from CardData and the options (kernel/__init__.py) */
static int kernel_init(KernelObject *k, PyObject *args, PyObject *kw) {
    PyObject *header, *cards, *items, *named, *piles, *card_ids, *item_ids, *outcome;
    if (!PyArg_ParseTuple(args, "OOOOOO!O!O", &header, &cards, &items, &named, &piles,
                          &PyList_Type, &card_ids, &PyList_Type, &item_ids, &outcome))
        return -1;
    Data *D = &k->data;
    memset(D, 0, sizeof *D);
    /* header: nhouse, nwander, nitems, darkness, costs[5], escape[6], marks[6], rules[7],
     * rolls[6][4] */
    int h[4 + 5 + 6 + 6 + 7 + 24 + 2];
    if (ints(header, h, (int)(sizeof h / sizeof h[0]), "header")) return -1;
    D->nhouse = h[0]; D->nwander = h[1]; D->nitems = h[2]; D->darkness = h[3];
    if (D->nhouse > MAXH || D->nwander > MAXW || D->nitems > MAXI || D->nhouse + D->nwander > 255) {
        PyErr_SetString(PyExc_ValueError, "card data too large for the kernel");
        return -1;
    }
    memcpy(D->costs, h + 4, sizeof(int) * 5);
    memcpy(D->escape, h + 9, sizeof(int) * 6);
    for (int r = 1; r <= 6; r++) D->marks_table[r] = h[15 + r - 1];
    D->lucky_one_d6 = h[21]; D->lucky_ammo_mask = h[22]; D->lucky_marksmanship = h[23];
    D->escape_time = h[24]; D->clothing_hth = h[25]; D->lance_counts = h[26];
    D->cross_decks = h[27];
    for (int r = 0; r < 6; r++) D->rolls[r] = expr_of(h + 28 + 4 * r);
    D->overkill = h[52];
    D->difficulty = h[53];
    if (PySequence_Size(cards) != D->nhouse + D->nwander || PySequence_Size(items) != D->nitems) {
        PyErr_SetString(PyExc_ValueError, "card tables of the wrong size");
        return -1;
    }
    for (int i = 0; i < D->nhouse + D->nwander; i++) {
        int v[CARD_FIELDS];
        PyObject *row = PySequence_GetItem(cards, i);
        if (!row) return -1;
        int bad = ints(row, v, CARD_FIELDS, "card");
        Py_DECREF(row);
        if (bad) return -1;
        load_card(&D->cards[i], v);
    }
    for (int i = 0; i < D->nitems; i++) {
        int v[ITEM_FIELDS];
        PyObject *row = PySequence_GetItem(items, i);
        if (!row) return -1;
        int bad = ints(row, v, ITEM_FIELDS, "item");
        Py_DECREF(row);
        if (bad) return -1;
        load_item(&D->items[i], v);
    }
    if (ints(named, D->named, NNAMED, "named items")) return -1;
    {   /* each item's rank among the ids sorted: after the named ones */
        PyObject *sorted_ids = PySequence_List(item_ids);
        if (!sorted_ids || PyList_Sort(sorted_ids) < 0) { Py_XDECREF(sorted_ids); return -1; }
        for (int i = 0; i < D->nitems; i++) {
            Py_ssize_t r = PySequence_Index(sorted_ids, PyList_GET_ITEM(item_ids, i));
            if (r < 0) { Py_DECREF(sorted_ids); return -1; }
            D->item_rank[i] = (int)r;
            D->item_by_rank[r] = i;
        }
        Py_DECREF(sorted_ids);
    }
    {   /* and each card's, for the deals of determinize (ids are unique: checked above) */
        PyObject *sorted_ids = PySequence_List(card_ids);
        if (!sorted_ids || PyList_Sort(sorted_ids) < 0) { Py_XDECREF(sorted_ids); return -1; }
        if (PyList_GET_SIZE(sorted_ids) != D->nhouse + D->nwander) {
            Py_DECREF(sorted_ids);
            PyErr_SetString(PyExc_ValueError, "card ids of the wrong size");
            return -1;
        }
        for (int i = 0; i < D->nhouse + D->nwander; i++) {
            Py_ssize_t r = PySequence_Index(sorted_ids, PyList_GET_ITEM(card_ids, i));
            if (r < 0) { Py_DECREF(sorted_ids); return -1; }
            D->card_rank[i] = (int)r;
            D->card_by_rank[r] = i;
        }
        Py_DECREF(sorted_ids);
    }
    for (int i = 0; i < D->nhouse; i++) D->house_order[i] = i;
    if (PySequence_Size(piles) != NPILES) {
        PyErr_SetString(PyExc_ValueError, "five equipment piles expected");
        return -1;
    }
    for (int p = 0; p < NPILES; p++) {
        PyObject *row = PySequence_GetItem(piles, p);
        if (!row) return -1;
        Py_ssize_t n = PySequence_Size(row);
        if (n < 0 || n > MAXI) { Py_DECREF(row); PyErr_SetString(PyExc_ValueError, "pile too large"); return -1; }
        int bad = ints(row, D->pile_items[p], (int)n, "pile");
        Py_DECREF(row);
        if (bad) return -1;
        D->pile_count[p] = (int)n;
    }
    Py_INCREF(card_ids); Py_XSETREF(k->card_ids, card_ids);
    Py_INCREF(item_ids); Py_XSETREF(k->item_ids, item_ids);
    Py_INCREF(outcome); Py_XSETREF(k->outcome, outcome);
    return 0;
}

static void kernel_dealloc(KernelObject *k) {
    Py_XDECREF(k->card_ids);
    Py_XDECREF(k->item_ids);
    Py_XDECREF(k->outcome);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static int seed_of(PyObject *obj, uint64_t *out) {
    /* any Python int, taken modulo 2**64 as Dice does (seed & MASK) */
    unsigned long long v = PyLong_AsUnsignedLongLongMask(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)v;
    return 0;
}

static int ready(KernelObject *k) {
    if (!k->card_ids || !k->item_ids || !k->outcome) {
        PyErr_SetString(PyExc_RuntimeError, "the kernel was not given its card data (__init__)");
        return 0;
    }
    return 1;
}

static PyObject *kernel_new_game(KernelObject *k, PyObject *args, PyObject *kw) {
    static char *names[] = {"seed", "synchronise", NULL};
    PyObject *seed;
    int sync = 0;
    if (!ready(k) || !PyArg_ParseTupleAndKeywords(args, kw, "O|p", names, &seed, &sync)) return NULL;
    uint64_t s64;
    if (seed_of(seed, &s64)) return NULL;
    GameObject *g = game_new(k);
    if (!g) return NULL;
    start(&g->s, &k->data, s64);
    if (check_err(&g->s)) { Py_DECREF(g); return NULL; }
    if (sync) dice_synchronise(&g->s.dice);
    return (PyObject *)g;
}

/* a whole game with a random agent: Dice(agent_seed).choice(actions) at each decision */
static PyObject *kernel_play_random(KernelObject *k, PyObject *args, PyObject *kw) {
    static char *names[] = {"game_seed", "agent_seeds", "max_steps", "synchronise", NULL};
    PyObject *seed, *agents;
    long max_steps;
    int sync = 0;
    if (!ready(k) || !PyArg_ParseTupleAndKeywords(args, kw, "OOl|p", names, &seed, &agents,
                                                  &max_steps, &sync))
        return NULL;
    uint64_t s64, a64;
    if (seed_of(seed, &s64)) return NULL;
    PyObject *first = PySequence_GetItem(agents, 0);
    if (!first) return NULL;
    int bad = seed_of(first, &a64);
    Py_DECREF(first);
    if (bad) return NULL;
    State *s = PyMem_Malloc(sizeof(State));
    if (!s) return PyErr_NoMemory();
    Dice agent = {a64, 0, 0, 0};
    long steps = 0;
    Py_BEGIN_ALLOW_THREADS
    start(s, &k->data, s64);
    if (sync) dice_synchronise(&s->dice);
    steps = rollout(s, &agent, max_steps);
    Py_END_ALLOW_THREADS
    if (check_err(s)) { PyMem_Free(s); return NULL; }
    if (!OVER(s)) { PyMem_Free(s); Py_RETURN_NONE; }
    PyObject *results, *scores;
    if (!results_scores(s, &results, &scores)) {
        Py_XDECREF(results); Py_XDECREF(scores); PyMem_Free(s); return NULL;
    }
    PyObject *out = Py_BuildValue("(slNNs)", RESULTS[s->result], steps, results, scores,
                                  CAUSES[s->cause]);
    PyMem_Free(s);
    return out;
}


/* -- load: a Python position, as the wrapper flattens it (kernel/__init__.py: _position) -- */
static int pile_of(PyObject *seq, Pile *p, int limit) {
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return -1;
    if (n > PILECAP) { PyErr_SetString(PyExc_ValueError, "a pile too large for the kernel"); return -1; }
    int v[PILECAP];
    if (ints(seq, v, (int)n, "pile")) return -1;
    for (int i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] >= limit) { PyErr_SetString(PyExc_ValueError, "unknown card"); return -1; }
        p->c[i] = (uint8_t)v[i];
    }
    p->n = (int16_t)n;
    return 0;
}

static int item_of(PyObject *seq, uint8_t *out, int *n, int cap) {
    Py_ssize_t m = PySequence_Size(seq);
    if (m < 0) return -1;
    if (m > cap) { PyErr_SetString(PyExc_ValueError, "too many cards for the kernel"); return -1; }
    int v[PILECAP];
    if (ints(seq, v, (int)m, "cards")) return -1;
    for (int i = 0; i < m; i++) out[i] = (uint8_t)v[i];
    *n = (int)m;
    return 0;
}

static PyObject *kernel_load(KernelObject *k, PyObject *args) {
    PyObject *dice, *warrior, *scalars, *decks, *discards, *removed, *wandering, *piles, *items,
        *ctx, *tasks, *fight, *end, *seen, *known, *pile_order;
    int phase;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOiOOOOOOO", &dice, &warrior, &scalars, &decks,
                          &discards, &removed, &wandering, &piles, &items, &phase, &ctx, &tasks,
                          &fight, &end, &seen, &known, &pile_order) || !ready(k))
        return NULL;
    const Data *D = &k->data;
    int ncards = D->nhouse + D->nwander;
    GameObject *g = game_new(k);
    if (!g) return NULL;
    State *s = &g->s;
    memset(s, 0, sizeof *s);
    s->data = D;
    PyObject *item;
    int v[32];
#define GET(seq, i) (item = PySequence_GetItem((seq), (i)))
#define TRY(x) do { if ((x) < 0) goto fail; } while (0)
    {   /* dice: state, synchronised, base, marks */
        PyObject *f = PySequence_Fast(dice, "dice");
        if (!f || PySequence_Fast_GET_SIZE(f) != 4) { Py_XDECREF(f); PyErr_SetString(PyExc_ValueError, "dice"); goto fail; }
        uint64_t st, base;
        int bad = seed_of(PySequence_Fast_GET_ITEM(f, 0), &st) || seed_of(PySequence_Fast_GET_ITEM(f, 2), &base);
        long synced = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, 1));
        long marks = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, 3));
        Py_DECREF(f);
        if (bad || PyErr_Occurred()) goto fail;
        s->dice = (Dice){st, base, (uint64_t)marks, (uint8_t)(synced != 0)};
    }
    TRY(ints(warrior, v, 11, "warrior"));
    s->w = (Warrior){v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]};
    TRY(ints(scalars, v, 16, "scalars"));
    s->determination = v[10]; s->has_mark = v[11];
    s->mark[0] = v[12]; s->mark[1] = v[13]; s->mark[2] = v[14]; s->mark[3] = v[15];
    s->time = v[0]; s->current = v[1]; s->field_until = v[2]; s->turned = v[3]; s->free = v[4];
    s->left_building = v[5]; s->exiting = v[6]; s->smash_until = v[7]; s->flare = v[8];
    s->sprint = v[9];
    for (int d = 0; d < 2; d++) {
        GET(decks, d); if (!item) goto fail;
        int r = pile_of(item, &s->decks[d], D->nhouse); Py_DECREF(item); TRY(r);
        GET(discards, d); if (!item) goto fail;
        r = pile_of(item, &s->discards[d], D->nhouse); Py_DECREF(item); TRY(r);
    }
    {
        uint8_t r[PILECAP]; int n;
        TRY(item_of(removed, r, &n, PILECAP));
        for (int i = 0; i < n; i++) if (r[i] < MAXH) s->removed[r[i]] = 1;
    }
    TRY(pile_of(wandering, &s->wandering, ncards));
    for (int p = 0; p < NPILES; p++) {
        GET(piles, p); if (!item) goto fail;
        int r = pile_of(item, &s->piles[p], D->nitems); Py_DECREF(item); TRY(r);
    }
    {
        Py_ssize_t n = PySequence_Size(items);
        if (n < 0) goto fail;
        if (n > MAXCARRY) { PyErr_SetString(PyExc_ValueError, "too many items for the kernel"); goto fail; }
        for (Py_ssize_t i = 0; i < n; i++) {
            GET(items, i); if (!item) goto fail;
            int r = ints(item, v, 4, "item"); Py_DECREF(item); TRY(r);
            s->items[i] = (Carried){(int8_t)v[0], (int8_t)v[1], (int8_t)v[2], (int8_t)v[3]};
        }
        s->nitems = (int)n;
    }
    s->phase = phase;
    TRY(ints(ctx, v, 17, "ctx"));
    s->ctx = (Ctx){v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                   {v[8], v[9], v[10], v[11], v[12], v[13]}, v[14], v[15], v[16]};
    {
        Py_ssize_t n = PySequence_Size(tasks);
        if (n < 0) goto fail;
        if (n > MAXTASK) { PyErr_SetString(PyExc_ValueError, "too many steps for the kernel"); goto fail; }
        for (Py_ssize_t i = 0; i < n; i++) {
            GET(tasks, i); if (!item) goto fail;
            int r = ints(item, v, 9, "task"); Py_DECREF(item); TRY(r);
            s->tasks[i] = (Task){(uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3],
                                 (uint8_t)v[4], (int16_t)v[5], (int16_t)v[6], (int16_t)v[7],
                                 (int16_t)v[8]};
        }
        s->ntasks = (int)n;
    }
    if (fight != Py_None) {
        /* opponents, wandering, fought, poison cards, poison rounds, then 13 numbers */
        Fight *f = &s->fight;
        int n;
        GET(fight, 0); if (!item) goto fail;
        int r = item_of(item, f->opp, &n, MAXOPP); Py_DECREF(item); TRY(r); f->nopp = (uint8_t)n;
        GET(fight, 1); if (!item) goto fail;
        r = item_of(item, f->wand, &n, MAXOPP); Py_DECREF(item); TRY(r); f->nwand = (uint8_t)n;
        GET(fight, 2); if (!item) goto fail;
        r = item_of(item, f->fought, &n, 2 * MAXOPP); Py_DECREF(item); TRY(r); f->nfought = (uint8_t)n;
        GET(fight, 3); if (!item) goto fail;
        r = item_of(item, f->poison_card, &n, MAXOPP); Py_DECREF(item); TRY(r); f->npoison = (uint8_t)n;
        GET(fight, 4); if (!item) goto fail;
        r = ints(item, v, n, "poison"); Py_DECREF(item); TRY(r);
        for (int i = 0; i < n; i++) f->poison_rounds[i] = (int8_t)v[i];
        GET(fight, 5); if (!item) goto fail;
        r = ints(item, v, 13, "fight"); Py_DECREF(item); TRY(r);
        f->current = (int16_t)v[0]; f->rounds = (int16_t)v[1]; f->shot = (int8_t)v[2];
        f->context = (int8_t)v[3]; f->next_hth = (int8_t)v[4]; f->no_escape = (int8_t)v[5];
        f->lucky_bonus = (int8_t)v[6]; f->no_lucky = (int8_t)v[7]; f->knife_dropped = (int8_t)v[8];
        f->step = (int8_t)v[9]; f->flash = (int8_t)v[10]; f->berserk = (int8_t)v[11];
        f->lost_round = (int8_t)v[12];
        s->has_fight = 1;
    }
    TRY(ints(end, v, 2, "outcome"));
    s->result = v[0]; s->cause = v[1];
    {   /* what determinize keeps: the cards seen, the Remote Camera's, the piles' order */
        uint8_t r[PILECAP]; int n;
        TRY(item_of(seen, r, &n, PILECAP));
        for (int i = 0; i < n; i++) {
            if (r[i] >= D->nhouse) { PyErr_SetString(PyExc_ValueError, "unknown card seen"); goto fail; }
            s->seen[r[i]] = 1;
        }
        TRY(item_of(known, s->known, &n, MAXKNOWN));
        s->nknown = n;
        TRY(ints(pile_order, v, NPILES, "pile order"));
        int used = 0;
        for (int p = 0; p < NPILES; p++) {
            if (v[p] < 0 || v[p] >= NPILES || (used >> v[p]) & 1) {
                PyErr_SetString(PyExc_ValueError, "pile order: each pile once");
                goto fail;
            }
            used |= 1 << v[p];
            s->pile_order[p] = (uint8_t)v[p];
        }
    }
#undef GET
#undef TRY
    return (PyObject *)g;
fail:
    Py_DECREF(g);
    return NULL;
}

static PyMethodDef kernel_methods[] = {
    {"new", (PyCFunction)(void (*)(void))kernel_new_game, METH_VARARGS | METH_KEYWORDS,
     "new(seed, synchronise=False): the game Game.new(seed=seed) starts."},
    {"play_random", (PyCFunction)(void (*)(void))kernel_play_random, METH_VARARGS | METH_KEYWORDS,
     "play_random(game_seed, agent_seeds, max_steps, synchronise=False)."},
    {"_load", (PyCFunction)kernel_load, METH_VARARGS,
     "_load(...): a game at a position the Python wrapper flattened (use load(state))."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deadtable.games.chainsaw_warrior.kernel._cw.Kernel",
    .tp_basicsize = sizeof(KernelObject),
    .tp_dealloc = (destructor)kernel_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Chainsaw Warrior's rules in C, bound to one set of card data and options.",
    .tp_methods = kernel_methods,
    .tp_init = (initproc)kernel_init,
    .tp_new = PyType_GenericNew,
};

#include "encode.c" /* the RL encoding's observation (the Encoder type) */

static struct PyModuleDef cw_module = {
    PyModuleDef_HEAD_INIT, "_cw", "Chainsaw Warrior's kernel (C).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cw(void) {
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&GameType) < 0) return NULL;
    PyObject *m = PyModule_Create(&cw_module);
    if (!m) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    if (add_encoder(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "NNAMED", NNAMED);
    PyModule_AddIntConstant(m, "STATE_SIZE", (long)sizeof(State));
    return m;
}
