/* movement.py: moving, flipping the face-down card, drawing and placing, the blocked path. */
#include "state.h"

/* state.distance / state.on_path: a spot "in the path" brings you closer to the helicopter. */
int distance(const State *s, Pos p) {
    return abs(p.x - s->helicopter.x) + abs(p.y - s->helicopter.y);
}

int on_path(const State *s, Pos p) { return distance(s, p) < distance(s, s->pos); }

/* turn._around: where a flipped non-number card goes next to (option flip-placement). */
Pos around_of(const State *s) { return s->cfg->flip_prev ? s->came_from : s->pos; }

/* _move_targets / can_move: an adjacent face-up number card, in DIRECTIONS order. */
static inline int move_target(const State *s, int dir) {
    uint8_t c = cell_at(s, pos_step(s->pos, dir));
    return !(c & FACE_DOWN) && is_number(c & CARD_BITS);
}

int can_move(const State *s) {
    for (int d = 0; d < 4; d++)
        if (move_target(s, d)) return 1;
    return 0;
}

/* move_actions: move onto an adjacent face-up number card (never onto a non-number card). */
void move_actions(State *s) {
    for (int d = 0; d < 4; d++)
        if (move_target(s, d)) push_action(s, ACT(A_MOVE, d, 0, 0));
}

/* flip_spots: the other open positions next to the card you stand on (or came from, by
 * option), off your path if possible. Directions from `around`, in DIRECTIONS order. */
int flip_spots(const State *s, Pos flipped, int dirs[4]) {
    Pos around = around_of(s);
    int all[4], n = 0, off = 0;
    for (int d = 0; d < 4; d++) {
        Pos p = pos_step(around, d);
        if (cell_at(s, p) == 0 && !pos_eq(p, flipped)) all[n++] = d;
    }
    for (int i = 0; i < n; i++)
        if (!on_path(s, pos_step(around, all[i]))) dirs[off++] = all[i];
    if (off) return off;
    for (int i = 0; i < n; i++) dirs[i] = all[i];
    return n;
}

/* place_spots: every open space next to you gets a card; a non-number card goes in your
 * path only when the cards drawn leave no way to avoid it. With m non-number cards still to
 * place and q open spaces off the path: a non-number goes in the path only if m > q, a
 * number takes an off-path space only if m < q. Returns a mask of directions from pos (the
 * actions are listed in DIRECTIONS order whatever the order of the spots). */
int place_spots(const State *s, int card) {
    int spots = 0, off = 0, on = 0, q = 0, m = 0;
    for (int d = 0; d < 4; d++) {
        Pos p = pos_step(s->pos, d);
        if (cell_at(s, p) != 0) continue;
        spots |= 1 << d;
        if (on_path(s, p)) {
            on |= 1 << d;
        } else {
            off |= 1 << d;
            q++;
        }
    }
    for (int i = 0; i < s->npending; i++)
        if (!is_number(s->pending[i])) m++;
    if (!is_number(card)) return m > q ? spots : off;
    return m < q ? spots : (on ? on : spots);
}

void place_actions(State *s, int mask) {
    for (int d = 0; d < 4; d++)
        if (mask & (1 << d)) push_action(s, ACT(A_PLACE, d, 0, 0));
}

int face_down_neighbours(const State *s, Pos out[4]) {
    int n = 0;
    for (int d = 0; d < 4; d++) {
        Pos p = pos_step(s->pos, d);
        if (cell_at(s, p) & FACE_DOWN) out[n++] = p;
    }
    return n;
}

/* stranded: no walk reaches the helicopter and no card that could open one can ever come
 * up. The answer does not depend on the order of the search (it is "no hope anywhere
 * reachable"), so the search marks the cells it has seen in the grid and clears them after. */
int stranded(State *s) {
    int deck_left = s->deck_len > 0;
    Pos goal = s->helicopter;
    Pos seen[64], todo[64];
    int nseen = 0, ntodo = 0, result = 1;
    *cell(s, s->pos) |= SEEN;
    seen[nseen++] = s->pos;
    todo[ntodo++] = s->pos;
    while (ntodo && result) {
        Pos here = todo[--ntodo];
        for (int d = 0; d < 4; d++) {
            Pos n = pos_step(here, d);
            uint8_t c = cell_at(s, n);
            if (c & SEEN) continue;
            if ((c & CARD_BITS) == 0) {
                if (deck_left) { result = 0; break; } /* a card can still be drawn here */
                continue;
            }
            if (c & FACE_DOWN) { result = 0; break; } /* it may turn up a number */
            if (pos_eq(n, goal)) { result = 0; break; }
            if (is_number(c & CARD_BITS)) {
                *cell(s, n) |= SEEN;
                seen[nseen++] = n;
                todo[ntodo++] = n;
            }
        }
    }
    for (int i = 0; i < nseen; i++) *cell(s, seen[i]) &= (uint8_t)~SEEN;
    return result;
}
