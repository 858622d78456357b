/* The compiled twin of the board engine's movement geometry (engine/board/movement.py):
 * `reach` and `distance_field` on a movement query in data form (engine/board/query.py), with
 * HeroScape climbing as the step cost. Game-agnostic: it knows spaces, neighbours, levels and
 * which edges block, and per query the flags and engagement masks the caller computed.
 *
 * The Python functions are the specification; this returns exactly what they return for the
 * same query: the same spaces in the same order (dict order), the same routes in the same
 * order, the same tie-breaking (tests/engine/board/test_compiled.py). Only Python.h.
 *
 * A Geometry holds one board's static part (built once per board and blocking set):
 * neighbour lists in CSR form (in Board.neighbours' order: exploration order depends on it),
 * whether each (space, neighbour) edge is open, and the levels; on a grid board also each
 * space's coordinate, for `visible` (engine/board/sight.py's line of sight, yes or no), whose
 * straight lines it asks of the Python (hexes.line_offsets) once per offset and keeps. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* per-space flag bits (query.py's CLOSED, STOPS, NO_PASS, NO_END) */
#define F_CLOSED 1  /* no step may enter it */
#define F_STOPS 2   /* entering it ends the move */
#define F_NO_PASS 4 /* may not be passed through */
#define F_NO_END 8  /* may not be ended on */

typedef struct {
    PyObject_HEAD
    int size;
    int *first;          /* size + 1 offsets into nbr */
    int *nbr;            /* neighbours, in Board.neighbours' order */
    unsigned char *open; /* per nbr entry: the edge does not block */
    int *level;
    PyObject **ints;     /* the Python int of each space, shared by every result */
    /* scratch, reused by every call (the GIL serialises them) */
    int *best;
    int *parent;
    unsigned char *done;
    int *order;
    unsigned char *flags; /* a query's flags with its sets marked */
    unsigned int *mark;   /* nearest_list's stamps: a space seen or settled in this search */
    unsigned int stamp;   /* the last stamp used (mark[] is cleared when it would wrap) */
    void *heap;
    Py_ssize_t heap_cap; /* bytes */
    void *labels;
    Py_ssize_t labels_cap; /* bytes */
    PyObject *inf;       /* math.inf */
    int busy;            /* a call is running: its scratch is in use */
    /* sight, on a grid board (coordinates given): else grid is 0 and visible answers None */
    int grid;
    int *cq, *cr;          /* each space's coordinate; on_grid[s] 0 for a space off it */
    unsigned char *on_grid;
    int minq, minr, width, height; /* the box the coordinates fill */
    int *at;               /* width * height: the space at a coordinate, or -1 */
    PyObject *line_offsets; /* (dq, dr) -> (plus, minus): the two nudged lines as offsets */
    int **lines;           /* (2 width - 1) (2 height - 1): those offsets, kept when first asked */
} Geometry;

/* -- growing buffers ------------------------------------------------------------------------ */
/* Make room for `need` items of `item` bytes; *cap counts bytes (one buffer serves items of
 * different sizes: the heap holds (cost, space) pairs or labels). */
static int grow(void **buf, Py_ssize_t *cap, Py_ssize_t need, size_t item) {
    Py_ssize_t bytes = need * (Py_ssize_t)item;
    if (bytes <= *cap) return 0;
    Py_ssize_t cap2 = *cap ? *cap : 4096;
    while (cap2 < bytes) cap2 *= 2;
    void *p = PyMem_Realloc(*buf, (size_t)cap2);
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    *buf = p;
    *cap = cap2;
    return 0;
}

/* -- heaps: binary min-heaps on keys that are all distinct, so the pop order is the order of
 * the keys whatever the heap's layout, the same as heapq's. ---------------------------------- */
typedef struct {
    int cost;
    int space;
} Entry2; /* _cheapest's (cost, space) */

static inline int less2(const Entry2 *a, const Entry2 *b) {
    return a->cost < b->cost || (a->cost == b->cost && a->space < b->space);
}

static int push2(Geometry *g, Py_ssize_t *n, Entry2 e) {
    if (grow(&g->heap, &g->heap_cap, *n + 1, sizeof(Entry2)) < 0) return -1;
    Entry2 *h = (Entry2 *)g->heap;
    Py_ssize_t i = (*n)++;
    while (i > 0) {
        Py_ssize_t up = (i - 1) >> 1;
        if (!less2(&e, &h[up])) break;
        h[i] = h[up];
        i = up;
    }
    h[i] = e;
    return 0;
}

static Entry2 pop2(Geometry *g, Py_ssize_t *n) {
    Entry2 *h = (Entry2 *)g->heap;
    Entry2 top = h[0];
    Entry2 last = h[--(*n)];
    Py_ssize_t i = 0, size = *n;
    for (;;) {
        Py_ssize_t c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && less2(&h[c + 1], &h[c])) c++;
        if (!less2(&h[c], &last)) break;
        h[i] = h[c];
        i = c;
    }
    if (size) h[i] = last;
    return top;
}

typedef struct {
    int cost;
    int pen;
    Py_ssize_t counter;
    int space;
    Py_ssize_t parent;
} Label; /* reach's (cost, penalty, order, space, parent label) */

static inline int less5(const Label *a, const Label *b) {
    if (a->cost != b->cost) return a->cost < b->cost;
    if (a->pen != b->pen) return a->pen < b->pen;
    return a->counter < b->counter;
}

static int push5(Geometry *g, Py_ssize_t *n, Label e) {
    if (grow(&g->heap, &g->heap_cap, *n + 1, sizeof(Label)) < 0) return -1;
    Label *h = (Label *)g->heap;
    Py_ssize_t i = (*n)++;
    while (i > 0) {
        Py_ssize_t up = (i - 1) >> 1;
        if (!less5(&e, &h[up])) break;
        h[i] = h[up];
        i = up;
    }
    h[i] = e;
    return 0;
}

static Label pop5(Geometry *g, Py_ssize_t *n) {
    Label *h = (Label *)g->heap;
    Label top = h[0];
    Label last = h[--(*n)];
    Py_ssize_t i = 0, size = *n;
    for (;;) {
        Py_ssize_t c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && less5(&h[c + 1], &h[c])) c++;
        if (!less5(&h[c], &last)) break;
        h[i] = h[c];
        i = c;
    }
    if (size) h[i] = last;
    return top;
}

/* HeroScape climbing (movement.climbing_cost) from frm into its k-th neighbour `to`: -1 where
 * impossible. */
static inline int step_cost(const Geometry *g, int frm, int k, int to, int height,
                            const unsigned char *flags) {
    if (flags && (flags[to] & F_CLOSED)) return -1;
    if (!g->open[k]) return -1;
    int climb = g->level[to] - g->level[frm];
    if (climb <= 0) return 1;
    if (climb >= height) return -1;
    return 1 + climb;
}

/* -- building results ------------------------------------------------------------------------ */

/* A Route (movement.Route: a NamedTuple, so a tuple subclass) made as a tuple of its type,
 * without calling the class. Steals the reference to `spaces`. */
static PyObject *make_route(PyTypeObject *route_type, int cost, int pen, PyObject *spaces) {
    if (!spaces) return NULL;
    PyObject *r = route_type->tp_alloc(route_type, 3);
    PyObject *c = PyLong_FromLong(cost);
    PyObject *p = PyLong_FromLong(pen);
    if (!r || !c || !p) {
        Py_XDECREF(r);
        Py_XDECREF(c);
        Py_XDECREF(p);
        Py_DECREF(spaces);
        return NULL;
    }
    PyTuple_SET_ITEM(r, 0, c);
    PyTuple_SET_ITEM(r, 1, p);
    PyTuple_SET_ITEM(r, 2, spaces);
    return r;
}

typedef struct {
    Py_buffer view;
    int held;
} Buf;

/* An optional per-space buffer: None, or `size` items of `item` bytes each. */
static int get_buf(PyObject *o, Buf *b, int size, Py_ssize_t item, const char *what) {
    b->held = 0;
    if (o == Py_None) return 0;
    if (PyObject_GetBuffer(o, &b->view, PyBUF_SIMPLE) < 0) return -1;
    b->held = 1;
    if (b->view.len != (Py_ssize_t)size * item) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd", what, b->view.len,
                     (Py_ssize_t)size * item);
        return -1;
    }
    return 0;
}

static void release(Buf *b) {
    if (b->held) PyBuffer_Release(&b->view);
    b->held = 0;
}

/* -- reach without a penalty: movement._cheapest ---------------------------------------------- */
/* The search: g->order[0..settled) the spaces settled in order, g->best their costs,
 * g->parent their parents; it ends early once `stop` (a space, or -1 for none) is settled,
 * whose cost and route are then final. Returns `settled`, or -1 with an exception set.
 * cheapest_search (below) answers the same by buckets; this, with a heap, serves budgets too
 * large for them. */
static int heap_search(Geometry *g, int start, double budget, int height,
                       const unsigned char *flags, int stop) {
    int n = g->size;
    int *best = g->best, *parent = g->parent, *order = g->order;
    unsigned char *done = g->done;
    for (int i = 0; i < n; i++) best[i] = INT_MAX;
    memset(done, 0, (size_t)n);
    Py_ssize_t hn = 0;
    int settled = 0;
    best[start] = 0;
    parent[start] = -1;
    if (push2(g, &hn, (Entry2){0, start}) < 0) return -1;
    while (hn) {
        Entry2 e = pop2(g, &hn);
        int space = e.space;
        if (done[space]) continue;
        done[space] = 1;
        order[settled++] = space;
        if (space == stop) break;
        if (space != start && flags && (flags[space] & (F_STOPS | F_NO_PASS))) continue;
        for (int k = g->first[space]; k < g->first[space + 1]; k++) {
            int to = g->nbr[k];
            if (done[to]) continue;
            int step = step_cost(g, space, k, to, height, flags);
            if (step < 0) continue;
            int total = e.cost + step;
            if ((double)total > budget || total >= best[to]) continue;
            if (flags && (flags[to] & F_NO_PASS) && (flags[to] & F_NO_END)) continue;
            best[to] = total;
            parent[to] = space;
            if (push2(g, &hn, (Entry2){total, to}) < 0) return -1;
        }
    }
    return settled;
}

/* heap_search by Dial's algorithm: a step costs a whole number from 1 up, so the spaces
 * reached at cost c are all known once every cost below c is settled, and settling each cost's
 * spaces in ascending order settles them in the heap's (cost, space) order, with the same
 * costs and parents. A bucket per cost instead of a heap, and stamps (g->mark: seen, settled
 * in this search) instead of arrays cleared per search. Budgets of NEAR_BUCKETS or more (or
 * not a number) take heap_search. */
#define NEAR_BUCKETS 64

typedef struct {
    int space;
    int next; /* the next entry in its cost's bucket, or -1 */
} Link;

static int bucket_push(Geometry *g, Py_ssize_t *used, int *head, int cost, int space) {
    if (grow(&g->heap, &g->heap_cap, *used + 1, sizeof(Link)) < 0) return -1;
    Link *links = (Link *)g->heap;
    links[*used] = (Link){space, head[cost]};
    head[cost] = (int)(*used)++;
    return 0;
}

static int cheapest_search(Geometry *g, int start, double budget, int height,
                           const unsigned char *flags, int stop) {
    if (!(budget < NEAR_BUCKETS)) return heap_search(g, start, budget, height, flags, stop);
    int last = budget >= 0 ? (int)floor(budget) : 0; /* the highest cost within the budget */
    int head[NEAR_BUCKETS];
    for (int c = 0; c <= last; c++) head[c] = -1;
    if (g->stamp > UINT_MAX - 2) {
        memset(g->mark, 0, (size_t)g->size * sizeof(unsigned int));
        g->stamp = 0;
    }
    unsigned int seen = g->stamp + 1, done = g->stamp + 2;
    g->stamp += 2;
    unsigned int *mark = g->mark;
    int *best = g->best, *parent = g->parent, *order = g->order;
    Py_ssize_t used = 0;
    int settled = 0;
    best[start] = 0;
    parent[start] = -1;
    mark[start] = seen;
    if (bucket_push(g, &used, head, 0, start) < 0) return -1;
    for (int c = 0; c <= last; c++) {
        /* this cost's spaces (complete: every step costs 1 or more), ascending */
        int count = 0;
        for (int e = head[c]; e >= 0; e = ((Link *)g->heap)[e].next) count++;
        if (!count) continue;
        if (grow(&g->labels, &g->labels_cap, count, sizeof(int)) < 0) return -1;
        int *spaces = (int *)g->labels;
        count = 0;
        for (int e = head[c]; e >= 0; e = ((Link *)g->heap)[e].next) {
            int space = ((Link *)g->heap)[e].space, j = count++;
            for (; j > 0 && spaces[j - 1] > space; j--) spaces[j] = spaces[j - 1];
            spaces[j] = space;
        }
        for (int i = 0; i < count; i++) {
            int space = spaces[i];
            if (mark[space] == done) continue; /* settled at a lower cost, or twice here */
            mark[space] = done;
            order[settled++] = space;
            if (space == stop) return settled;
            if (space != start && flags && (flags[space] & (F_STOPS | F_NO_PASS))) continue;
            for (int k = g->first[space]; k < g->first[space + 1]; k++) {
                int to = g->nbr[k];
                if (mark[to] == done) continue;
                int step = step_cost(g, space, k, to, height, flags);
                if (step < 0) continue;
                int total = c + step;
                if ((double)total > budget || (mark[to] == seen && total >= best[to])) continue;
                if (flags && (flags[to] & F_NO_PASS) && (flags[to] & F_NO_END)) continue;
                best[to] = total;
                parent[to] = space;
                mark[to] = seen;
                if (bucket_push(g, &used, head, total, to) < 0) return -1;
            }
        }
    }
    return settled;
}

/* What reach makes of its search: every space's routes (ALL), only one space's (a space's
 * number: the dict holds it alone, if it is reached), or the spaces alone (ENDS: a list of the
 * dict's keys, in its order, and no routes made). */
#define ALL (-1)
#define ENDS (-2)

/* A space reach ends on, appended to `ends` (a list). */
static int add_end(Geometry *g, PyObject *ends, int space) {
    return PyList_Append(ends, g->ints[space]);
}

static PyObject *cheapest(Geometry *g, PyTypeObject *route_type, int start, double budget,
                          int height, const unsigned char *flags, int only) {
    /* one space's routes: the search may end once it is settled */
    int settled = cheapest_search(g, start, budget, height, flags, only >= 0 ? only : -1);
    if (settled < 0) return NULL;
    int *best = g->best, *parent = g->parent, *order = g->order;
    PyObject *result = only == ENDS ? PyList_New(0) : PyDict_New();
    if (!result) return NULL;
    for (int i = 0; i < settled; i++) {
        int space = order[i];
        if (space != start && flags && (flags[space] & F_NO_END)) continue;
        if (only == ENDS) {
            if (add_end(g, result, space) < 0) goto fail;
            continue;
        }
        if (only != ALL && space != only) continue;
        int len = 0;
        for (int b = space; b >= 0; b = parent[b]) len++;
        PyObject *spaces = PyTuple_New(len);
        if (!spaces) goto fail;
        int at = len;
        for (int b = space; b >= 0; b = parent[b]) {
            Py_INCREF(g->ints[b]);
            PyTuple_SET_ITEM(spaces, --at, g->ints[b]);
        }
        PyObject *route = make_route(route_type, best[space], 0, spaces);
        if (!route) goto fail;
        PyObject *routes = PyList_New(1);
        if (!routes) {
            Py_DECREF(route);
            goto fail;
        }
        PyList_SET_ITEM(routes, 0, route);
        int bad = PyDict_SetItem(result, g->ints[space], routes);
        Py_DECREF(routes);
        if (bad < 0) goto fail;
    }
    return result;
fail:
    Py_DECREF(result);
    return NULL;
}

/* -- reach with a penalty: the Pareto labels of movement.reach ------------------------------- */
static PyObject *pareto(Geometry *g, PyTypeObject *route_type, int start, double budget,
                        int height, const unsigned char *flags, const uint64_t *engaged,
                        int only) {
    int n = g->size;
    int *best_pen = g->best;
    for (int i = 0; i < n; i++) best_pen[i] = INT_MAX;
    Py_ssize_t hn = 0, nlabels = 0, counter = 1;
    if (push5(g, &hn, (Label){0, 0, 0, start, -1}) < 0) return NULL;
    while (hn) {
        Label label = pop5(g, &hn);
        int space = label.space;
        if (best_pen[space] <= label.pen) continue; /* dominated */
        best_pen[space] = label.pen;
        Py_ssize_t index = nlabels;
        if (grow(&g->labels, &g->labels_cap, nlabels + 1, sizeof(Label)) < 0) return NULL;
        ((Label *)g->labels)[nlabels++] = label;
        /* one space's routes: a label of it without a penalty dominates all that follow */
        if (space == only && label.pen == 0) break;
        if (space != start && flags && (flags[space] & (F_STOPS | F_NO_PASS))) continue;
        uint64_t here = engaged[space];
        for (int k = g->first[space]; k < g->first[space + 1]; k++) {
            int to = g->nbr[k];
            int step = step_cost(g, space, k, to, height, flags);
            if (step < 0) continue;
            int total = label.cost + step;
            if ((double)total > budget) continue;
            int extra = label.pen + __builtin_popcountll(here & ~engaged[to]);
            if (best_pen[to] <= extra) continue;
            if (flags && (flags[to] & F_NO_PASS) && (flags[to] & F_NO_END)) continue;
            if (push5(g, &hn, (Label){total, extra, counter++, to, index}) < 0) return NULL;
        }
    }
    Label *labels = (Label *)g->labels;
    PyObject *result = only == ENDS ? PyList_New(0) : PyDict_New();
    if (!result) return NULL;
    if (only == ENDS) memset(g->done, 0, (size_t)n); /* a space's first label makes its key */
    for (Py_ssize_t i = 0; i < nlabels; i++) {
        int space = labels[i].space;
        if (space != start && flags && (flags[space] & F_NO_END)) continue;
        if (only == ENDS) {
            if (!g->done[space] && add_end(g, result, space) < 0) goto fail;
            g->done[space] = 1;
            continue;
        }
        if (only != ALL && space != only) continue;
        Py_ssize_t len = 0;
        for (Py_ssize_t b = i; b >= 0; b = labels[b].parent) len++;
        PyObject *spaces = PyTuple_New(len);
        if (!spaces) goto fail;
        Py_ssize_t at = len;
        for (Py_ssize_t b = i; b >= 0; b = labels[b].parent) {
            PyObject *o = g->ints[labels[b].space];
            Py_INCREF(o);
            PyTuple_SET_ITEM(spaces, --at, o);
        }
        PyObject *route = make_route(route_type, labels[i].cost, labels[i].pen, spaces);
        if (!route) goto fail;
        PyObject *routes = PyDict_GetItemWithError(result, g->ints[space]);
        int bad;
        if (routes) {
            bad = PyList_Append(routes, route);
        } else if (PyErr_Occurred()) {
            bad = -1;
        } else {
            routes = PyList_New(1);
            if (!routes) {
                Py_DECREF(route);
                goto fail;
            }
            Py_INCREF(route);
            PyList_SET_ITEM(routes, 0, route);
            bad = PyDict_SetItem(result, g->ints[space], routes);
            Py_DECREF(routes);
        }
        Py_DECREF(route);
        if (bad < 0) goto fail;
    }
    return result;
fail:
    Py_DECREF(result);
    return NULL;
}

/* OR `bit` into flags[s] for each space s of `spaces` (any iterable of ints; a dict's keys). */
static int mark(PyObject *spaces, unsigned char *flags, int n, unsigned char bit) {
    if (PyDict_CheckExact(spaces)) {
        Py_ssize_t pos = 0;
        PyObject *key, *value;
        while (PyDict_Next(spaces, &pos, &key, &value)) {
            long s = PyLong_AsLong(key);
            if (s == -1 && PyErr_Occurred()) return -1;
            if (s < 0 || s >= n) goto outside;
            flags[s] |= bit;
        }
        return 0;
    }
    PyObject *it = PyObject_GetIter(spaces), *item;
    if (!it) return -1;
    while ((item = PyIter_Next(it))) {
        long s = PyLong_AsLong(item);
        Py_DECREF(item);
        if (s == -1 && PyErr_Occurred()) {
            Py_DECREF(it);
            return -1;
        }
        if (s < 0 || s >= n) {
            Py_DECREF(it);
            goto outside;
        }
        flags[s] |= bit;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
outside:
    PyErr_SetString(PyExc_IndexError, "a flagged space that is not on the board");
    return -1;
}

static int empty(PyObject *o) {
    return (PyTuple_CheckExact(o) && PyTuple_GET_SIZE(o) == 0) ||
           (PyDict_CheckExact(o) && PyDict_GET_SIZE(o) == 0) ||
           ((PyFrozenSet_CheckExact(o) || PySet_CheckExact(o)) && PySet_GET_SIZE(o) == 0) ||
           (PyList_CheckExact(o) && PyList_GET_SIZE(o) == 0);
}

/* A query's flags: `flags` (a buffer, held in *held, or None) with the spaces of `closed`,
 * `no_pass` and `no_end` marked over them in the Geometry's scratch copy. Sets *out (NULL:
 * no flags at all); returns -1 with an exception set. */
static int query_flags(Geometry *g, PyObject *flags, PyObject *closed, PyObject *no_pass,
                       PyObject *no_end, Buf *held, const unsigned char **out) {
    if (get_buf(flags, held, g->size, 1, "flags") < 0) return -1;
    const unsigned char *f = held->held ? (const unsigned char *)held->view.buf : NULL;
    if (!empty(closed) || !empty(no_pass) || !empty(no_end)) {
        /* the sets over the flags, in a copy */
        unsigned char *mine = g->flags;
        if (f)
            memcpy(mine, f, (size_t)g->size);
        else
            memset(mine, 0, (size_t)g->size);
        if (mark(closed, mine, g->size, F_CLOSED) < 0 ||
            mark(no_pass, mine, g->size, F_NO_PASS) < 0 ||
            mark(no_end, mine, g->size, F_NO_END) < 0)
            return -1;
        f = mine;
    }
    *out = f;
    return 0;
}

/* A query's start, budget and height (args[0..2]); returns -1 with an exception set. */
static int query_start(Geometry *g, PyObject *const *args, long *start, double *budget,
                       long *height) {
    *start = PyLong_AsLong(args[0]);
    *budget = PyFloat_AsDouble(args[1]);
    *height = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return -1;
    if (*start < 0 || *start >= g->size) {
        PyErr_Format(PyExc_IndexError, "start %ld: no such space", *start);
        return -1;
    }
    if (*height > INT_MAX / 2) *height = INT_MAX / 2;
    return 0;
}

/* The search of reach(...) on its query, args[0..7] being (start, budget, height, flags,
 * engaged, closed, no_pass, no_end), making what `only` says (ALL, ENDS or one space). */
static PyObject *reach_query(Geometry *g, PyTypeObject *route_type, PyObject *const *args,
                             int only) {
    long start, height;
    double budget;
    if (query_start(g, args, &start, &budget, &height) < 0) return NULL;
    Buf flags, engaged;
    flags.held = engaged.held = 0;
    PyObject *result = NULL;
    const unsigned char *f = NULL;
    if (get_buf(args[4], &engaged, g->size, 8, "engaged") < 0 ||
        query_flags(g, args[3], args[5], args[6], args[7], &flags, &f) < 0)
        goto done;
    if (engaged.held)
        result = pareto(g, route_type, (int)start, budget, (int)height, f,
                        (const uint64_t *)engaged.view.buf, only);
    else
        result = cheapest(g, route_type, (int)start, budget, (int)height, f, only);
done:
    release(&flags);
    release(&engaged);
    return result;
}

/* reach(route_type, start, budget, height, flags, engaged, closed, no_pass, no_end[, only]):
 * {space: [routes]}, every space's, or with `only` a space (not None) that space's alone. */
static PyObject *geometry_reach(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 9 && nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "reach(route_type, start, budget, height, flags, "
                                         "engaged, closed, no_pass, no_end[, only])");
        return NULL;
    }
    if (!PyType_Check(args[0]) ||
        !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "route_type should be a tuple type (a NamedTuple)");
        return NULL;
    }
    int only = ALL;
    if (nargs == 10 && args[9] != Py_None) {
        long space = PyLong_AsLong(args[9]);
        if (space == -1 && PyErr_Occurred()) return NULL;
        only = space < 0 || space >= g->size ? INT_MAX : (int)space; /* none: no routes */
    }
    return reach_query(g, (PyTypeObject *)args[0], args + 1, only);
}

/* ends(start, budget, height, flags, engaged, closed, no_pass, no_end): the keys of reach's
 * dict on the same query, in its order, without making a route. */
static PyObject *geometry_ends(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "ends(start, budget, height, flags, engaged, closed, "
                                         "no_pass, no_end)");
        return NULL;
    }
    return reach_query(g, NULL, args, ENDS);
}

/* Of the spaces a move without a penalty from `start` can end on (reach's keys, the start
 * among them), those of the lowest `value`, ascending, if that value is below the start's and
 * finite; else []. A new list, or NULL with an exception set. */
static PyObject *nearest_list(Geometry *g, int start, double budget, int height,
                              const unsigned char *f, const double *value) {
    int settled = cheapest_search(g, start, budget, height, f, -1);
    if (settled < 0) return NULL;
    double low = INFINITY;
    int count = 0;
    int *chosen = g->parent; /* reused: the routes are not asked for */
    for (int i = 0; i < settled; i++) {
        int space = g->order[i];
        if (space != start && f && (f[space] & F_NO_END)) continue;
        double v = value[space];
        if (v < low) {
            low = v;
            count = 0;
        }
        if (v == low) chosen[count++] = space;
    }
    if (!(low < value[start]) || isinf(low)) count = 0;
    for (int i = 1; i < count; i++) { /* ascending: few spaces tie, an insertion sort */
        int space = chosen[i], j = i;
        for (; j > 0 && chosen[j - 1] > space; j--) chosen[j] = chosen[j - 1];
        chosen[j] = space;
    }
    PyObject *result = PyList_New(count);
    if (!result) return NULL;
    for (int i = 0; i < count; i++) {
        Py_INCREF(g->ints[chosen[i]]);
        PyList_SET_ITEM(result, i, g->ints[chosen[i]]);
    }
    return result;
}

/* The field of a nearest query: a buffer of one double per space. */
static int field_buf(Geometry *g, PyObject *o, Buf *field) {
    if (get_buf(o, field, g->size, 8, "field") < 0) return -1;
    if (!field->held) {
        PyErr_SetString(PyExc_TypeError, "field should be a buffer of doubles, not None");
        return -1;
    }
    return 0;
}

/* nearest(start, budget, height, flags, closed, no_pass, no_end, field): nearest_list. */
static PyObject *geometry_nearest(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "nearest(start, budget, height, flags, closed, "
                                         "no_pass, no_end, field)");
        return NULL;
    }
    long start, height;
    double budget;
    if (query_start(g, args, &start, &budget, &height) < 0) return NULL;
    Buf flags, field;
    flags.held = field.held = 0;
    PyObject *result = NULL;
    const unsigned char *f = NULL;
    if (field_buf(g, args[7], &field) < 0 ||
        query_flags(g, args[3], args[4], args[5], args[6], &flags, &f) < 0)
        goto done;
    result = nearest_list(g, (int)start, budget, (int)height, f,
                          (const double *)field.view.buf);
done:
    release(&flags);
    release(&field);
    return result;
}

/* nearest_each(moves, flags, field): [nearest(start, budget, height, flags, (), (), (),
 * field) for (start, budget, height) in moves], in one call (a horde moving toward its lure). */
static PyObject *geometry_nearest_each(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "nearest_each(moves, flags, field)");
        return NULL;
    }
    Buf flags, field;
    flags.held = field.held = 0;
    PyObject *moves = NULL, *result = NULL;
    if (field_buf(g, args[2], &field) < 0 || get_buf(args[1], &flags, g->size, 1, "flags") < 0)
        goto done;
    moves = PySequence_Fast(args[0], "moves should be a sequence of (start, budget, height)");
    if (!moves) goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(moves);
    result = PyList_New(count);
    if (!result) goto done;
    const unsigned char *f = flags.held ? (const unsigned char *)flags.view.buf : NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *move = PySequence_Fast_GET_ITEM(moves, i);
        if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 3) {
            PyErr_SetString(PyExc_TypeError, "a move should be a (start, budget, height) tuple");
            goto fail;
        }
        long start, height;
        double budget;
        if (query_start(g, &PyTuple_GET_ITEM(move, 0), &start, &budget, &height) < 0) goto fail;
        PyObject *found = nearest_list(g, (int)start, budget, (int)height, f,
                                       (const double *)field.view.buf);
        if (!found) goto fail;
        PyList_SET_ITEM(result, i, found);
    }
    goto done;
fail:
    Py_CLEAR(result);
done:
    Py_XDECREF(moves);
    release(&flags);
    release(&field);
    return result;
}

/* distance_field(sources, height, passable): height None for steps of 1 (breadth first). */
/* A distance field's step from `from` into `space` (its k-th neighbour, the edge the same
 * either way) by climbing: -1 where impossible or `from` is not passable. */
static inline int field_step(const Geometry *g, int k, int space, int from, int height,
                             const unsigned char *pass) {
    if ((pass && !pass[from]) || !g->open[k]) return -1;
    int climb = g->level[space] - g->level[from];
    return climb <= 0 ? 1 : (climb >= height ? -1 : 1 + climb);
}

static PyObject *geometry_distance_field(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "distance_field(sources, height, passable)");
        return NULL;
    }
    int n = g->size;
    int climbing = args[1] != Py_None;
    long height = climbing ? PyLong_AsLong(args[1]) : 0;
    if (PyErr_Occurred()) return NULL;
    if (height > INT_MAX / 2) height = INT_MAX / 2;
    Buf passable;
    if (get_buf(args[2], &passable, n, 1, "passable") < 0) {
        release(&passable);
        return NULL;
    }
    const unsigned char *pass = passable.held ? (const unsigned char *)passable.view.buf : NULL;
    int *field = g->best;
    for (int i = 0; i < n; i++) field[i] = INT_MAX;
    PyObject *seq = PySequence_Fast(args[0], "sources should be a sequence");
    if (!seq) {
        release(&passable);
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    Py_ssize_t hn = 0;
    int *frontier = g->order, nf = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (s == -1 && PyErr_Occurred()) goto fail;
        if (s < 0 || s >= n) {
            PyErr_Format(PyExc_IndexError, "source %ld: no such space", s);
            goto fail;
        }
        if (field[s] == 0) continue;
        field[s] = 0;
        if (climbing) {
            if (height >= NEAR_BUCKETS && push2(g, &hn, (Entry2){0, (int)s}) < 0) goto fail;
        } else {
            frontier[nf++] = (int)s;
        }
    }
    if (!climbing) {
        /* breadth first: g->order holds the queue, each space entering it once */
        for (int head = 0; head < nf; head++) {
            int space = frontier[head];
            int d = field[space] + 1;
            for (int k = g->first[space]; k < g->first[space + 1]; k++) {
                int to = g->nbr[k];
                if (field[to] == INT_MAX && (!pass || pass[to])) {
                    field[to] = d;
                    frontier[nf++] = to;
                }
            }
        }
    } else if (height < NEAR_BUCKETS) {
        /* Dial's algorithm on a ring of buckets: a step costs 1 to `height`, so the costs
         * waiting are within `height` of the one settled (the field is the same whatever the
         * order among equal costs: it holds only the costs) */
        int ring = (height > 1 ? (int)height : 1) + 1, head[NEAR_BUCKETS + 1];
        for (int c = 0; c < ring; c++) head[c] = -1;
        Py_ssize_t used = 0, waiting = 0;
        for (int i = 0; i < n; i++) {
            if (field[i] == 0) {
                if (bucket_push(g, &used, head, 0, i) < 0) goto fail;
                waiting++;
            }
        }
        for (int cost = 0; waiting; cost++) {
            int b = cost % ring;
            while (head[b] >= 0) {
                Link e = ((Link *)g->heap)[head[b]];
                head[b] = e.next;
                waiting--;
                int space = e.space;
                if (field[space] != cost) continue; /* reached cheaper since */
                for (int k = g->first[space]; k < g->first[space + 1]; k++) {
                    int from = g->nbr[k];
                    int step = field_step(g, k, space, from, (int)height, pass);
                    if (step < 0) continue;
                    int total = cost + step;
                    if (total < field[from]) {
                        field[from] = total;
                        if (bucket_push(g, &used, head, total % ring, from) < 0) goto fail;
                        waiting++;
                    }
                }
            }
        }
    } else {
        while (hn) {
            Entry2 e = pop2(g, &hn);
            int space = e.space;
            if (e.cost > field[space]) continue;
            for (int k = g->first[space]; k < g->first[space + 1]; k++) {
                int from = g->nbr[k];
                int step = field_step(g, k, space, from, (int)height, pass);
                if (step < 0) continue;
                int total = e.cost + step;
                if (total < field[from]) {
                    field[from] = total;
                    if (push2(g, &hn, (Entry2){total, from}) < 0) goto fail;
                }
            }
        }
    }
    Py_DECREF(seq);
    release(&passable);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = field[i] == INT_MAX ? g->inf : g->ints[field[i]];
        if (field[i] != INT_MAX && field[i] >= n) {
            v = PyLong_FromLong(field[i]);
            if (!v) {
                Py_DECREF(out);
                return NULL;
            }
        } else {
            Py_INCREF(v);
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
fail:
    Py_DECREF(seq);
    release(&passable);
    return NULL;
}

/* engagement(out, height, spaces, heights): query.engagement_masks. `out` a writable buffer
 * of one zeroed uint64 per space; fills it and returns True, or False where 64 bits are too
 * few (out is then unspecified). */
static PyObject *geometry_engagement(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "engagement(out, height, spaces, heights)");
        return NULL;
    }
    int n = g->size;
    long height = PyLong_AsLong(args[1]);
    if (height == -1 && PyErr_Occurred()) return NULL;
    Py_buffer out;
    if (PyObject_GetBuffer(args[0], &out, PyBUF_WRITABLE) < 0) return NULL;
    PyObject *spaces = NULL, *heights = NULL, *result = NULL;
    if (out.len != (Py_ssize_t)n * 8) {
        PyErr_Format(PyExc_ValueError, "out: %zd bytes, expected %zd", out.len,
                     (Py_ssize_t)n * 8);
        goto done;
    }
    spaces = PySequence_Fast(args[2], "spaces should be a sequence");
    heights = spaces ? PySequence_Fast(args[3], "heights should be a sequence") : NULL;
    if (!heights) goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(spaces);
    if (PySequence_Fast_GET_SIZE(heights) != count) {
        PyErr_SetString(PyExc_ValueError, "one height per space");
        goto done;
    }
    uint64_t *mask = (uint64_t *)out.buf;
    int *zone = g->order; /* the spaces engaged from, at most one per neighbour */
    for (Py_ssize_t i = 0; i < count; i++) {
        long at = PyLong_AsLong(PySequence_Fast_GET_ITEM(spaces, i));
        long tall = PyLong_AsLong(PySequence_Fast_GET_ITEM(heights, i));
        if (PyErr_Occurred()) goto done;
        if (at < 0 || at >= n) {
            PyErr_Format(PyExc_IndexError, "enemy on %ld: no such space", at);
            goto done;
        }
        long base = g->level[at];
        int nz = 0;
        uint64_t used = 0;
        for (int k = g->first[at]; k < g->first[at + 1]; k++) {
            int s = g->nbr[k];
            long here = g->level[s];
            if (!(base < here + height && here < base + tall)) continue;
            zone[nz++] = s;
            used |= mask[s];
            for (int j = g->first[s]; j < g->first[s + 1]; j++) used |= mask[g->nbr[j]];
        }
        if (!nz) continue;
        if (used == ~(uint64_t)0) {
            result = Py_False;
            Py_INCREF(result);
            goto done;
        }
        uint64_t bit = ~used & (used + 1); /* the lowest bit free */
        for (int z = 0; z < nz; z++) mask[zone[z]] |= bit;
    }
    result = Py_True;
    Py_INCREF(result);
done:
    Py_XDECREF(spaces);
    Py_XDECREF(heights);
    PyBuffer_Release(&out);
    return result;
}

/* -- line of sight: sight.visible ----------------------------------------------------------- */
#define OFF_MAP (-1) /* lines.OFF_MAP: a cell a line crosses where the map has no space */

static inline int cell_at(const Geometry *g, int q, int r) {
    int x = q - g->minq, y = r - g->minr;
    if (x < 0 || y < 0 || x >= g->width || y >= g->height) return OFF_MAP;
    return g->at[x + g->width * y];
}

/* Whether the edge between two spaces blocks: a feature in the Geometry's blocking set. The
 * cells of a line that follow each other are adjacent, and every edge carrying a feature is
 * among the neighbours (Board._neighbours), so a pair not found carries none. */
static inline int edge_blocks(const Geometry *g, int a, int b) {
    for (int k = g->first[a]; k < g->first[a + 1]; k++)
        if (g->nbr[k] == b) return !g->open[k];
    return 0;
}

/* A sequence of (dq, dr) pairs into out[0..2 len); returns len, or -1 with an exception. */
static int read_offsets(PyObject *seq, int *out, Py_ssize_t room) {
    PyObject *fast = PySequence_Fast(seq, "line offsets should be a sequence");
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (out && len * 2 > room) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "line offsets changed length");
        return -1;
    }
    for (Py_ssize_t i = 0; out && i < len; i++) {
        PyObject *pair = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), "an offset pair");
        if (!pair) {
            Py_DECREF(fast);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(pair) != 2) {
            Py_DECREF(pair);
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "an offset should be a (dq, dr) pair");
            return -1;
        }
        long dq = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 0));
        long dr = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 1));
        Py_DECREF(pair);
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[2 * i] = (int)dq;
        out[2 * i + 1] = (int)dr;
    }
    Py_DECREF(fast);
    return (int)len;
}

/* The two nudged lines from (0, 0) to (dq, dr), kept: [plus length, minus length or -1 where
 * the nudges agree, the plus pairs, the minus pairs]. NULL with an exception set. */
static const int *line_of(Geometry *g, int dq, int dr) {
    Py_ssize_t index = (Py_ssize_t)(dq + g->width - 1) +
                       (Py_ssize_t)(2 * g->width - 1) * (dr + g->height - 1);
    if (g->lines[index]) return g->lines[index];
    PyObject *found = PyObject_CallFunction(g->line_offsets, "ii", dq, dr);
    if (!found) return NULL;
    int *kept = NULL;
    if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2) {
        PyErr_SetString(PyExc_TypeError, "line_offsets should return (plus, minus)");
        goto done;
    }
    PyObject *plus = PyTuple_GET_ITEM(found, 0), *minus = PyTuple_GET_ITEM(found, 1);
    int np = read_offsets(plus, NULL, 0);
    int nm = minus == plus ? -1 : read_offsets(minus, NULL, 0);
    if (np < 1 || (minus != plus && nm < 1)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a line should have at least one cell");
        goto done;
    }
    Py_ssize_t pairs = np + (nm > 0 ? nm : 0);
    kept = PyMem_Malloc(sizeof(int) * (size_t)(2 + 2 * pairs));
    if (!kept) {
        PyErr_NoMemory();
        goto done;
    }
    kept[0] = np;
    kept[1] = nm;
    if (read_offsets(plus, kept + 2, 2 * np) < 0 ||
        (nm > 0 && read_offsets(minus, kept + 2 + 2 * np, 2 * nm) < 0)) {
        PyMem_Free(kept);
        kept = NULL;
        goto done;
    }
    g->lines[index] = kept;
done:
    Py_DECREF(found);
    return kept;
}

/* sight._profile and sight._figure_blocks in one pass: whether the line from the space at
 * (qa, ra), its top at za, through these `len` offsets to a top at zb is clear. -1 with an
 * exception set (a figure's height that is not an int). */
static int line_clear(const Geometry *g, int qa, int ra, const int *off, int len, long za,
                      long zb, PyObject *figures, const unsigned char *opaque) {
    long long n = len - 1, rise = zb - za;
    int previous = cell_at(g, qa + off[0], ra + off[1]);
    for (int i = 1; i <= n; i++) {
        int cell = cell_at(g, qa + off[2 * i], ra + off[2 * i + 1]);
        if (previous != OFF_MAP && cell != OFF_MAP && edge_blocks(g, previous, cell)) return 0;
        previous = cell;
        if (i == n || cell == OFF_MAP) continue;
        /* heights scaled by n, as in sight._block: exact in integers */
        long long need = za * n + rise * i - (long long)g->level[cell] * n;
        if (need < 0 || (opaque && opaque[cell])) return 0;
        if (figures) {
            PyObject *tall = PyDict_GetItemWithError(figures, g->ints[cell]);
            if (tall) {
                long long t = PyLong_AsLongLong(tall);
                if (t == -1 && PyErr_Occurred()) return -1;
                if (t * n >= need) return 0;
            } else if (PyErr_Occurred()) {
                return -1;
            }
        }
    }
    return 1;
}

/* visible(a, spaces, za, height_b, figures, opaque, either): sight.python_visible on a grid
 * board: the spaces of `spaces` (in their order) that a top at level za on space a sees, a
 * target's top being its level plus height_b; `figures` a dict (space -> a standing figure's
 * height) or None, `opaque` a byte per space (nonzero: its terrain blocks) or None, `either`
 * the grazing rule "either" (else "both"). None where the Python must answer: a board without
 * coordinates, a space off the grid or not on the board. */
static PyObject *geometry_visible(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "visible(a, spaces, za, height_b, figures, opaque, either)");
        return NULL;
    }
    int n = g->size;
    long a = PyLong_AsLong(args[0]);
    long za = PyLong_AsLong(args[2]);
    long height_b = PyLong_AsLong(args[3]);
    int either = PyObject_IsTrue(args[6]);
    if (PyErr_Occurred() || either < 0) return NULL;
    if (za < -(1L << 28) || za > (1L << 28) || height_b < -(1L << 28) || height_b > (1L << 28)) {
        PyErr_SetString(PyExc_ValueError, "a height out of range");
        return NULL;
    }
    PyObject *figures = args[4] == Py_None ? NULL : args[4];
    if (figures && !PyDict_Check(figures)) {
        PyErr_SetString(PyExc_TypeError, "figures should be a dict or None");
        return NULL;
    }
    if (figures && PyDict_GET_SIZE(figures) == 0) figures = NULL;
    if (!g->grid || a < 0 || a >= n || !g->on_grid[a]) Py_RETURN_NONE;
    Buf opaque;
    if (get_buf(args[5], &opaque, n, 1, "opaque") < 0) {
        release(&opaque);
        return NULL;
    }
    const unsigned char *dark = opaque.held ? (const unsigned char *)opaque.view.buf : NULL;
    PyObject *seq = PySequence_Fast(args[1], "spaces should be a sequence");
    PyObject *result = NULL;
    if (!seq) goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < count; i++) { /* the Python answers for any space off the grid */
        long b = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (b == -1 && PyErr_Occurred()) goto done;
        if (b < 0 || b >= n || !g->on_grid[b]) {
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
    }
    result = PyList_New(0);
    if (!result) goto done;
    int qa = g->cq[a], ra = g->cr[a];
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        long b = PyLong_AsLong(item);
        int seen = 1;
        if (b != a) {
            const int *line = line_of(g, g->cq[b] - qa, g->cr[b] - ra);
            if (!line) goto fail;
            long zb = g->level[b] + height_b;
            seen = line_clear(g, qa, ra, line + 2, line[0], za, zb, figures, dark);
            /* the other nudge decides only where this one does not: "either" sees if either
             * line is clear, "both" needs both */
            if (seen >= 0 && line[1] > 0 && seen != either)
                seen = line_clear(g, qa, ra, line + 2 + 2 * line[0], line[1], za, zb, figures,
                                  dark);
            if (seen < 0) goto fail;
        }
        if (seen && PyList_Append(result, item) < 0) goto fail;
    }
    goto done;
fail:
    Py_CLEAR(result);
done:
    Py_XDECREF(seq);
    release(&opaque);
    return result;
}

/* Geometry.grid(coords, line_offsets): make `visible` answer on this board. coords one per
 * space, a (q, r) pair or None (off the grid); line_offsets(dq, dr) -> (plus, minus), the two
 * nudged lines from (0, 0) as sequences of (dq, dr) pairs, minus being plus (the same object)
 * where they agree. False (and no sight) where the coordinates spread too far to index. */
static PyObject *geometry_grid(Geometry *g, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "grid(coords, line_offsets)");
        return NULL;
    }
    if (g->grid) {
        PyErr_SetString(PyExc_ValueError, "a Geometry's grid is given once");
        return NULL;
    }
    if (!PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "line_offsets should be callable");
        return NULL;
    }
    int n = g->size;
    PyObject *seq = PySequence_Fast(args[0], "coords should be a sequence");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "coords should be one per space");
        return NULL;
    }
    size_t sz = (size_t)(n ? n : 1);
    int *cq = PyMem_Calloc(sz, sizeof(int)), *cr = PyMem_Calloc(sz, sizeof(int));
    unsigned char *on = PyMem_Calloc(sz, 1);
    int *at = NULL, **lines = NULL;
    long minq = LONG_MAX, maxq = LONG_MIN, minr = LONG_MAX, maxr = LONG_MIN;
    PyObject *result = NULL;
    if (!cq || !cr || !on) {
        PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < n; i++) {
        PyObject *c = PySequence_Fast_GET_ITEM(seq, i);
        if (c == Py_None) continue;
        PyObject *pair = PySequence_Fast(c, "a coordinate should be a (q, r) pair or None");
        if (!pair) goto done;
        long q = PySequence_Fast_GET_SIZE(pair) == 2
                     ? PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 0)) : 0;
        long r = PySequence_Fast_GET_SIZE(pair) == 2
                     ? PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 1)) : 0;
        int bad = PySequence_Fast_GET_SIZE(pair) != 2;
        Py_DECREF(pair);
        if (bad) PyErr_SetString(PyExc_ValueError, "a coordinate should be a (q, r) pair");
        if (PyErr_Occurred()) goto done;
        if (q < -(1L << 20) || q > (1L << 20) || r < -(1L << 20) || r > (1L << 20)) {
            result = Py_False; /* too far apart to index: the Python answers */
            Py_INCREF(result);
            goto done;
        }
        cq[i] = (int)q;
        cr[i] = (int)r;
        on[i] = 1;
        if (q < minq) minq = q;
        if (q > maxq) maxq = q;
        if (r < minr) minr = r;
        if (r > maxr) maxr = r;
    }
    long width = minq <= maxq ? maxq - minq + 1 : 1, height = minr <= maxr ? maxr - minr + 1 : 1;
    if ((2 * width - 1) * (2 * height - 1) > (1L << 22)) {
        result = Py_False;
        Py_INCREF(result);
        goto done;
    }
    at = PyMem_Malloc(sizeof(int) * (size_t)(width * height));
    lines = PyMem_Calloc((size_t)((2 * width - 1) * (2 * height - 1)), sizeof(int *));
    if (!at || !lines) {
        PyErr_NoMemory();
        goto done;
    }
    for (long i = 0; i < width * height; i++) at[i] = OFF_MAP;
    if (minq > maxq) minq = minr = 0;
    for (int i = 0; i < n; i++)
        if (on[i]) at[(cq[i] - minq) + width * (cr[i] - minr)] = i;
    g->cq = cq;
    g->cr = cr;
    g->on_grid = on;
    g->at = at;
    g->lines = lines;
    g->minq = (int)minq;
    g->minr = (int)minr;
    g->width = (int)width;
    g->height = (int)height;
    Py_INCREF(args[1]);
    g->line_offsets = args[1];
    g->grid = 1;
    cq = cr = NULL;
    on = NULL;
    at = NULL;
    lines = NULL;
    result = Py_True;
    Py_INCREF(result);
done:
    Py_DECREF(seq);
    PyMem_Free(cq);
    PyMem_Free(cr);
    PyMem_Free(on);
    PyMem_Free(at);
    PyMem_Free(lines);
    return result;
}

/* -- the Geometry type ------------------------------------------------------------------------ */
static void geometry_dealloc(Geometry *g) {
    if (g->ints) {
        for (int i = 0; i < g->size; i++) Py_XDECREF(g->ints[i]);
    }
    Py_XDECREF(g->inf);
    PyMem_Free(g->ints);
    PyMem_Free(g->first);
    PyMem_Free(g->nbr);
    PyMem_Free(g->open);
    PyMem_Free(g->level);
    PyMem_Free(g->best);
    PyMem_Free(g->parent);
    PyMem_Free(g->done);
    PyMem_Free(g->order);
    PyMem_Free(g->flags);
    PyMem_Free(g->mark);
    PyMem_Free(g->heap);
    PyMem_Free(g->labels);
    if (g->lines) {
        Py_ssize_t count = (Py_ssize_t)(2 * g->width - 1) * (2 * g->height - 1);
        for (Py_ssize_t i = 0; i < count; i++) PyMem_Free(g->lines[i]);
    }
    PyMem_Free(g->lines);
    PyMem_Free(g->at);
    PyMem_Free(g->cq);
    PyMem_Free(g->cr);
    PyMem_Free(g->on_grid);
    Py_XDECREF(g->line_offsets);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

/* Geometry(neighbours, open, levels): neighbours a sequence of sequences of spaces, open the
 * same shape of truth values (the edge does not block), levels one int per space. */
static int geometry_init(Geometry *g, PyObject *args, PyObject *kw) {
    PyObject *neighbours, *open, *levels;
    static char *names[] = {"neighbours", "open", "levels", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO:Geometry", names, &neighbours, &open,
                                     &levels))
        return -1;
    if (g->first) {
        PyErr_SetString(PyExc_TypeError, "a Geometry is built once");
        return -1;
    }
    PyObject *nb = PySequence_Fast(neighbours, "neighbours should be a sequence");
    PyObject *op = nb ? PySequence_Fast(open, "open should be a sequence") : NULL;
    PyObject *lv = op ? PySequence_Fast(levels, "levels should be a sequence") : NULL;
    int ok = -1;
    if (!lv) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(nb);
    if (n > INT_MAX / 4 || PySequence_Fast_GET_SIZE(op) != n ||
        PySequence_Fast_GET_SIZE(lv) != n) {
        PyErr_SetString(PyExc_ValueError, "neighbours, open and levels should be one per space");
        goto done;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len = PyObject_Length(PySequence_Fast_GET_ITEM(nb, i));
        if (len < 0) goto done;
        total += len;
    }
    size_t sz = (size_t)(n ? n : 1);
    g->size = (int)n;
    g->first = PyMem_Calloc(sz + 1, sizeof(int));
    g->nbr = PyMem_Calloc((size_t)(total ? total : 1), sizeof(int));
    g->open = PyMem_Calloc((size_t)(total ? total : 1), 1);
    g->level = PyMem_Calloc(sz, sizeof(int));
    g->ints = PyMem_Calloc(sz, sizeof(PyObject *));
    g->best = PyMem_Calloc(sz, sizeof(int));
    g->parent = PyMem_Calloc(sz, sizeof(int));
    g->done = PyMem_Calloc(sz, 1);
    g->order = PyMem_Calloc(sz, sizeof(int));
    g->flags = PyMem_Calloc(sz, 1);
    g->mark = PyMem_Calloc(sz, sizeof(unsigned int));
    g->inf = PyFloat_FromDouble(INFINITY);
    if (!g->first || !g->nbr || !g->open || !g->level || !g->ints || !g->best || !g->parent ||
        !g->done || !g->order || !g->flags || !g->mark || !g->inf) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        g->first[i] = (int)at;
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(nb, i), "a neighbour list");
        PyObject *orow = row ? PySequence_Fast(PySequence_Fast_GET_ITEM(op, i), "an open list")
                             : NULL;
        if (!orow) {
            Py_XDECREF(row);
            goto done;
        }
        Py_ssize_t len = PySequence_Fast_GET_SIZE(row);
        if (PySequence_Fast_GET_SIZE(orow) != len) {
            PyErr_SetString(PyExc_ValueError, "open should match neighbours");
            Py_DECREF(row);
            Py_DECREF(orow);
            goto done;
        }
        for (Py_ssize_t j = 0; j < len; j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            int t = PyObject_IsTrue(PySequence_Fast_GET_ITEM(orow, j));
            if ((v == -1 && PyErr_Occurred()) || t < 0) {
                Py_DECREF(row);
                Py_DECREF(orow);
                goto done;
            }
            if (v < 0 || v >= n) {
                PyErr_Format(PyExc_ValueError, "neighbour %ld: no such space", v);
                Py_DECREF(row);
                Py_DECREF(orow);
                goto done;
            }
            g->nbr[at] = (int)v;
            g->open[at] = (unsigned char)t;
            at++;
        }
        Py_DECREF(row);
        Py_DECREF(orow);
        long level = PyLong_AsLong(PySequence_Fast_GET_ITEM(lv, i));
        if (level == -1 && PyErr_Occurred()) goto done;
        if (level < -(1L << 20) || level > (1L << 20)) {
            PyErr_Format(PyExc_ValueError, "level %ld out of range", level);
            goto done;
        }
        g->level[i] = (int)level;
        g->ints[i] = PyLong_FromSsize_t(i);
        if (!g->ints[i]) goto done;
    }
    g->first[n] = (int)at;
    ok = 0;
done:
    Py_XDECREF(nb);
    Py_XDECREF(op);
    Py_XDECREF(lv);
    return ok;
}

static PyObject *geometry_size(Geometry *g, void *closure) {
    (void)closure;
    return PyLong_FromLong(g->size);
}

static int ready(Geometry *g) {
    if (!g->first) {
        PyErr_SetString(PyExc_ValueError, "Geometry not initialised");
        return 0;
    }
    return 1;
}

/* The scratch buffers serve one call at a time: a call made while another runs on the same
 * Geometry (Python code run from inside one: a finalizer, an iterator) raises Busy, and
 * query.py's wrappers answer it in Python. */
static PyObject *Busy;

typedef PyObject *(*Method)(Geometry *, PyObject *const *, Py_ssize_t);

static PyObject *guarded(Method method, PyObject *self, PyObject *const *args,
                         Py_ssize_t nargs) {
    Geometry *g = (Geometry *)self;
    if (!ready(g)) return NULL;
    if (g->busy) {
        PyErr_SetString(Busy, "the Geometry is answering another query");
        return NULL;
    }
    g->busy = 1;
    PyObject *result = method(g, args, nargs);
    g->busy = 0;
    return result;
}

static PyObject *reach_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_reach, self, args, nargs);
}

static PyObject *nearest_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_nearest, self, args, nargs);
}

static PyObject *field_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_distance_field, self, args, nargs);
}

static PyObject *engagement_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_engagement, self, args, nargs);
}

static PyObject *ends_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_ends, self, args, nargs);
}

static PyObject *nearest_each_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_nearest_each, self, args, nargs);
}

static PyObject *visible_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_visible, self, args, nargs);
}

static PyObject *grid_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return guarded(geometry_grid, self, args, nargs);
}

static PyMethodDef geometry_methods[] = {
    {"engagement", (PyCFunction)(void (*)(void))engagement_method, METH_FASTCALL,
     "engagement(out, height, spaces, heights) -> whether 64 bits sufficed"},
    {"reach", (PyCFunction)(void (*)(void))reach_method, METH_FASTCALL,
     "reach(route_type, start, budget, height, flags, engaged, closed, no_pass, no_end"
     "[, only]) -> {space: [routes]}"},
    {"ends", (PyCFunction)(void (*)(void))ends_method, METH_FASTCALL,
     "ends(start, budget, height, flags, engaged, closed, no_pass, no_end) -> [spaces]"},
    {"nearest", (PyCFunction)(void (*)(void))nearest_method, METH_FASTCALL,
     "nearest(start, budget, height, flags, closed, no_pass, no_end, field) -> [spaces]"},
    {"nearest_each", (PyCFunction)(void (*)(void))nearest_each_method, METH_FASTCALL,
     "nearest_each(moves, flags, field) -> [[spaces] for each (start, budget, height)]"},
    {"distance_field", (PyCFunction)(void (*)(void))field_method, METH_FASTCALL,
     "distance_field(sources, height, passable) -> [cost or math.inf per space]"},
    {"grid", (PyCFunction)(void (*)(void))grid_method, METH_FASTCALL,
     "grid(coords, line_offsets) -> whether visible can answer on this board"},
    {"visible", (PyCFunction)(void (*)(void))visible_method, METH_FASTCALL,
     "visible(a, spaces, za, height_b, figures, opaque, either) -> [spaces] or None"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef geometry_getset[] = {
    {"size", (getter)geometry_size, NULL, "The number of spaces.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject GeometryType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "deadtable.engine.board._geometry.Geometry",
    .tp_basicsize = sizeof(Geometry),
    .tp_dealloc = (destructor)geometry_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One board's movement geometry (neighbours, open edges, levels), compiled.",
    .tp_methods = geometry_methods,
    .tp_getset = geometry_getset,
    .tp_init = (initproc)geometry_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef geometry_module = {
    PyModuleDef_HEAD_INIT, "_geometry", "The board engine's movement geometry (C).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__geometry(void) {
    if (PyType_Ready(&GeometryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&geometry_module);
    if (!m) return NULL;
    Busy = PyErr_NewExceptionWithDoc("deadtable.engine.board._geometry.Busy",
                                     "A Geometry asked again while it answers.",
                                     PyExc_RuntimeError, NULL);
    if (!Busy || PyModule_AddObjectRef(m, "Busy", Busy) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&GeometryType);
    if (PyModule_AddObject(m, "Geometry", (PyObject *)&GeometryType) < 0) {
        Py_DECREF(&GeometryType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
