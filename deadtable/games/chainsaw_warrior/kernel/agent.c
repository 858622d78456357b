/* agent.py's HeuristicAgent in C: its choice at a decision, as the index of the action among
 * decide()'s, for play_out (the mcts agent's heuristic rollouts). Each procedure is the twin of
 * its Python namesake, in the same order.
 *
 * What it reads. The Python agent reads its observation's view (view.py) and the decision's
 * ids and labels, nothing else. These procedures read only the State fields the view shows:
 * the warrior (s->w), the time (minutes), the current deck and the decks' sizes (never their
 * cards), the Remote Camera's cards (s->known: the view's "camera"), the carried items, the
 * fight's opponents and current one, the Determination track (in a shot's label) and the
 * question (s->phase); the card data (Data: public); and the decision's actions. The deck
 * order, the piles' order and the Wandering Zombies are never read: no procedure here touches
 * s->decks[d].c, s->piles, s->wandering, s->discards or s->dice (grep this file).
 * Where the Python reads a number from a label (the number a shot needs, a door's "N+", the
 * Anti-Rad's "back by N") it is computed from the rules the label is built from (fight.py's
 * _shot_number, traps.py's _door_options, items.py's _anti_rad_options).
 * The id comparisons (e.g. "reload:laser-lance" as a prefix) use per-card and per-item flags
 * the wrapper computes from the ids and titles (kernel/__init__.py: _tables).
 *
 * The Python agent's dice (kernel_memory) are never drawn: it breaks no tie at random, so
 * neither does this. Where the Python would raise (a number beyond AT_LEAST, a Laser-lance
 * that never runs out compared with 3) the C sets err, and play_out raises. */

/* P(2d6 >= n) * 36; the Python's AT_LEAST holds n in -10..19 only (else KeyError) */
static int at_least36(State *s, int n) {
    if (n < -10 || n > 19) { FAIL(s, "the heuristic's AT_LEAST has no such number"); return 0; }
    int k = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) k += a + b >= n;
    return k;
}

static const int PILE_KIT_ORDER[NPILES] = {2, 4, 3, 1, 0};  /* KIT_ORDER in PILE_NAMES' indexes */

/* the first action with this verb (and, when a >= 0, this first argument), else -1 */
static int h_find(const Act *acts, int n, int verb, int a) {
    for (int i = 0; i < n; i++)
        if (acts[i].verb == verb && (a < 0 || acts[i].a == a)) return i;
    return -1;
}

static int h_or(int i, int otherwise) { return i >= 0 ? i : otherwise; }

#define ITEM_FLAG(s, item, f) (((s)->data->items[item].agent_flags >> (f)) & 1)
#define CARD_FLAG(s, card, f) (((s)->data->cards[card].agent_flags >> (f)) & 1)

/* the opponent the view calls current: fight.current's card, else the first */
static int h_current(State *s) {
    const Fight *f = &s->fight;
    for (int k = 0; k < f->nopp; k++)
        if (f->opp[k] == f->current) return f->opp[k];
    if (!f->nopp) { FAIL(s, "the heuristic found no opponent"); return 0; }
    return f->opp[0];
}

/* -- each question ------------------------------------------------------------------------ */
static int h_kit(State *s, const Act *acts, int n) {
    int i = h_find(acts, n, A_CHOOSE, -1);
    if (i >= 0 && s->w.equipment_allowance >= 5) return i;
    int best = -1, rank = 1 << 30;
    for (int k = 0; k < n; k++) {  /* PICKS order: the lowest rank among the picks offered */
        if (acts[k].verb != A_PICK) continue;
        int r = s->data->items[acts[k].a].pick_rank;
        if (r >= 0 && r < rank) { best = k; rank = r; }
    }
    if (best >= 0) return best;
    if ((i = h_find(acts, n, A_PICK, -1)) >= 0) return i;
    for (int k = 0; k < NPILES; k++)
        if ((i = h_find(acts, n, A_DRAW, PILE_KIT_ORDER[k])) >= 0) return i;
    for (int k = 0; k < n; k++)
        if ((acts[k].verb == A_CLIP || acts[k].verb == A_REFILL) && acts[k].a == 0) return k;
    return h_or(h_find(acts, n, A_DONE, -1), 0);
}

static const int TRAIN_TO[NTRAIN] = {12, 14, 10, 5, 8, 4};  /* TRAINED's order */

static int h_train(State *s, const Act *acts, int n) {
    const Warrior *w = &s->w;
    static const int MARKSMAN[5] = {1, 2, 3, 5, 6};  /* marksmanship -2..2 */
    if (w->marksmanship < -2 || w->marksmanship > 2) {
        FAIL(s, "the heuristic has no Marksman value for this marksmanship");
        return 0;
    }
    int now[NTRAIN] = {w->endurance, w->wounds, w->hth, MARKSMAN[w->marksmanship + 2],
                       w->reflexes, w->equipment_allowance};
    for (int a = 0; a < NTRAIN; a++) {
        if (now[a] >= TRAIN_TO[a]) continue;
        for (int k = 0; k < n; k++)  /* "train:<attribute>": one point (no ":k") */
            if (acts[k].verb == A_TRAIN && acts[k].a == a && !acts[k].c) return k;
    }
    return 0;
}

static int h_wait_kit(State *s, const Act *acts, int n) {
    return h_or(h_find(acts, n, A_ENTER, -1), 0);
}

static int h_dum_dums(State *s, const Act *acts, int n) {
    return h_or(h_find(acts, n, A_PUT_BACK, -1), 0);
}

static int h_free(State *s, const Act *acts, int n) {
    int lance = NAMED(s, N_LANCE), i;
    for (int k = 0; k < n; k++) {  /* "reload:laser-lance…" or "fit-cats:laser-lance" */
        if (acts[k].verb == A_RELOAD && ITEM_FLAG(s, acts[k].a, 0)) return k;
        if (acts[k].verb == A_FITCATS && acts[k].a == lance) return k;
    }
    if ((i = h_find(acts, n, A_FITCATS, -1)) >= 0) return i;
    if ((i = h_find(acts, n, A_SMASH, -1)) >= 0 && s->current == 1 && s->decks[1].n <= 10)
        return i;
    if ((i = h_find(acts, n, A_FLARE, -1)) >= 0) return i;
    if (s->current == 0) {
        if ((i = h_find(acts, n, A_ROPE, -1)) >= 0) return i;
        if ((i = h_find(acts, n, A_DYNAMITE, -1)) >= 0) return i;
    }
    if ((i = h_find(acts, n, A_HEAL, -1)) >= 0 && s->w.max_wounds - s->w.wounds >= 4) return i;
    if ((i = h_find(acts, n, A_RELOAD, -1)) >= 0) return i;
    if ((i = h_find(acts, n, A_LEAVE, -1)) >= 0) return i;
    return h_or(h_find(acts, n, A_EXPLORE, -1), 0);
}

static int h_shoot(State *s, const Act *acts, int n) {
    const Fight *f = &s->fight;
    int lance = NAMED(s, N_LANCE), darkness = 0, lance_left = 0, i;
    for (int k = 0; k < f->nopp; k++) darkness |= s->data->cards[f->opp[k]].kind == K_DARKNESS;
    for (int k = 0; k < s->nitems; k++)
        if (s->items[k].item == lance) { lance_left = s->items[k].uses; break; }  /* -1: None */
    if ((i = h_find(acts, n, A_IMPLODE, -1)) >= 0 && (lance_left <= 0 || s->w.wounds <= 3))
        return i;
    int best = h_find(acts, n, A_HTH, -1), best_p = 0;  /* p in 72nds: exact, as the floats */
    for (int k = 0; k < n; k++) {
        if (acts[k].verb != A_SHOOT) continue;
        const Item *item = &s->data->items[acts[k].a];
        const Card *c = &s->data->cards[acts[k].b];
        int need = item->to_hit[c->creature] - marksmanship(s, acts[k].a)
                   - shot_modifier(s, item, c) - (acts[k].c ? 2 : 0);  /* the label's needs */
        int p = 2 * at_least36(s, need);
        if (s->err) return 0;
        if (acts[k].a == lance && !darkness) {
            if (lance_left < 0) { FAIL(s, "the heuristic compares None with 3"); return 0; }
            p = lance_left > 3 ? p / 2 : 0;  /* keep the charges for Darkness */
        }
        if (p > best_p) { best = k; best_p = p; }
    }
    return h_or(best, 0);
}

static int h_lucky(State *s, const Act *acts, int n) {
    int lance = NAMED(s, N_LANCE), i;
    for (int k = 0; k < n; k++)  /* "lucky:laser-lance:darkness:imagizer" */
        if (acts[k].verb == A_LUCKY && acts[k].a == lance && acts[k].c
            && CARD_FLAG(s, acts[k].b, 1)) return k;
    for (int k = 0; k < n; k++)  /* "lucky:laser-lance:darkness…" */
        if (acts[k].verb == A_LUCKY && acts[k].a == lance && CARD_FLAG(s, acts[k].b, 2)) return k;
    if ((i = h_find(acts, n, A_IMPLODE, -1)) >= 0 && s->w.wounds <= 3) return i;
    return h_or(h_find(acts, n, A_NO, -1), 0);
}

static int h_escape(State *s, const Act *acts, int n) {
    int current = h_current(s), i;
    if (s->err) return 0;
    if (s->data->cards[current].hth >= s->w.hth + 1 || s->w.wounds <= 3) {
        if ((i = h_find(acts, n, A_IMAGIZER, -1)) >= 0) return i;
        if ((i = h_find(acts, n, A_ESCAPE, -1)) >= 0) return i;
    }
    return h_or(h_find(acts, n, A_FIGHT_ON, -1), 0);
}

static int h_order(State *s, const Act *acts, int n) {
    const Fight *f = &s->fight;
    if (!f->nopp) { FAIL(s, "the heuristic found no opponent"); return 0; }
    int weakest = f->opp[0];  /* min(): the first of the weakest */
    for (int k = 1; k < f->nopp; k++)
        if (s->data->cards[f->opp[k]].hth < s->data->cards[weakest].hth) weakest = f->opp[k];
    return h_or(h_find(acts, n, A_FIGHT_ONE, weakest), 0);
}

static int h_hide(State *s, const Act *acts, int n) { return h_or(h_find(acts, n, A_HIDE, -1), 0); }

static int h_climb(State *s, const Act *acts, int n) { return h_or(h_find(acts, n, A_CLIMB, -1), 0); }

static int h_meat_machine(State *s, const Act *acts, int n) {
    int reflexes = s->w.reflexes - 6 >= s->w.hth - 7;
    return h_or(h_find(acts, n, reflexes ? A_REFLEXES : A_LOSE_HTH, -1), 0);
}

static int h_agent_3(State *s, const Act *acts, int n) {
    if (!s->nitems) { FAIL(s, "the heuristic has no item to lose"); return 0; }
    int first = 0, key = 4;  /* the first item of the least key (KEEP, gun): sorted() is stable */
    for (int k = 0; k < s->nitems; k++) {
        int item = s->items[k].item;
        int kk = 2 * ITEM_FLAG(s, item, 1) + (s->data->items[item].type == IT_GUN);
        if (kk < key) { first = k; key = kk; }
    }
    return h_or(h_find(acts, n, A_LOSE, first), 0);
}

static int h_door(State *s, const Act *acts, int n) {
    int lance = NAMED(s, N_LANCE), best = -1, best_p = -1;
    for (int k = 0; k < n; k++)
        if (acts[k].verb == A_SMASH_DOOR && ITEM_FLAG(s, acts[k].a, 2)) return k;  /* chainsaw */
    for (int k = 0; k < n; k++) {
        if (acts[k].verb != A_SMASH_DOOR || acts[k].a == lance) continue;
        int door = s->data->items[acts[k].a].door;  /* the label's "(\d+)\+" reads "-3+" as 3 */
        int p = at_least36(s, door < 0 ? -door : door);
        if (s->err) return 0;
        if (p > best_p) { best = k; best_p = p; }  /* max(): the first of the best */
    }
    if (best >= 0) return best;
    return h_or(h_find(acts, n, A_RETRACE, -1), 0);
}

static int h_dump(State *s, const Act *acts, int n) {
    for (int k = 0; k < n; k++)  /* "refill:0" or "clip:0" */
        if ((acts[k].verb == A_REFILL || acts[k].verb == A_CLIP) && acts[k].a == 0) return k;
    return h_or(h_find(acts, n, A_TAKE, -1), 0);
}

static int h_full(State *s, const Act *acts, int n) {
    return h_or(h_find(acts, n, A_LEAVE_KIT, -1), 0);
}

static int h_passage(State *s, const Act *acts, int n) {
    int skip = h_or(h_find(acts, n, A_SKIP, -1), 0), i;
    if (s->current == 0 && s->decks[0].n > 0) return skip;
    if ((i = h_find(acts, n, A_CAMERA, -1)) >= 0 && !s->nknown) return i;
    if (s->nknown && !CARD_FLAG(s, s->known[0], 0)) return skip;  /* title not "Darkness" */
    return h_or(h_find(acts, n, A_STOP, -1), 0);
}

static int h_step_6(State *s, const Act *acts, int n) {
    int current = h_current(s), i;
    if (s->err) return 0;
    int strong = s->data->cards[current].hth >= s->w.hth;
    static const int SPECIAL[3] = {A_GRENADE, A_THROW_NET, A_NEEDLE};
    for (int k = 0; k < 3; k++)
        if ((i = h_find(acts, n, SPECIAL[k], -1)) >= 0 && strong) return i;
    if ((i = h_find(acts, n, A_CNES, -1)) >= 0 && strong && s->w.wounds > 7) return i;
    if ((i = h_find(acts, n, A_FLASH, FLASH_BONUS)) >= 0) return i;
    return h_or(h_find(acts, n, A_HTH, -1), 0);
}

static int h_burst(State *s, const Act *acts, int n) {
    if (!s->fight.nopp) { FAIL(s, "the heuristic found no opponent"); return 0; }
    int creature = s->data->cards[s->fight.opp[0]].creature;
    int shots = creature == CR_MEAT || creature == CR_MUTANT ? 3 : 1;
    return h_or(h_find(acts, n, A_BURST, shots), h_or(h_find(acts, n, A_BURST, 1), 0));
}

static int h_frenzy(State *s, const Act *acts, int n) {
    const Warrior *w = &s->w;
    int margin = w->endurance - (w->radiation > w->venom ? w->radiation : w->venom);
    int berserk = w->wounds > 6 && margin > 4;
    return h_or(h_find(acts, n, berserk ? A_BERSERK : A_CALM, -1), 0);
}

static int h_anti_rad(State *s, const Act *acts, int n) {
    if (s->ctx.amount < 0) { FAIL(s, "the heuristic cannot read a negative amount"); return 0; }
    return h_or(h_find(acts, n, s->ctx.amount >= 4 ? A_ANTI_RAD : A_KEEP, -1), 0);
}

static int h_geiger(State *s, const Act *acts, int n) { return h_or(h_find(acts, n, A_AVOID, -1), 0); }

static int h_sprint(State *s, const Act *acts, int n) {
    return h_or(h_find(acts, n, s->time >= 90 ? A_SPRINT : A_WALK, -1), 0);  /* 45 minutes */
}

static int h_wire(State *s, const Act *acts, int n) {
    return h_or(h_find(acts, n, A_STRUGGLE, -1), 0);  /* the Acid is kept for the Slime */
}

static int h_slime(State *s, const Act *acts, int n) {
    int lance = NAMED(s, N_LANCE);
    for (int k = 0; k < n; k++)
        if (!(acts[k].verb == A_USE && acts[k].a == lance)) return k;
    return 0;
}

static int h_net(State *s, const Act *acts, int n) {
    int lance = NAMED(s, N_LANCE), acid = NAMED(s, N_ACID);
    for (int k = 0; k < n; k++) {
        if (acts[k].verb == A_STRUGGLE) continue;
        if (acts[k].verb == A_CUT && (acts[k].a == lance || acts[k].a == acid)) continue;
        return k;
    }
    return h_or(h_find(acts, n, A_STRUGGLE, -1), 0);
}

/* HeuristicAgent.choose: the index of its action among the decision's n */
static int heuristic_choice(State *s, const Act *acts, int n) {
    switch (s->phase) {
    case Q_KIT: return h_kit(s, acts, n);
    case Q_TRAIN: return h_train(s, acts, n);
    case Q_WAIT_KIT: return h_wait_kit(s, acts, n);
    case Q_DUM_DUMS: return h_dum_dums(s, acts, n);
    case Q_FREE: return h_free(s, acts, n);
    case Q_SHOOT: return h_shoot(s, acts, n);
    case Q_LUCKY: return h_lucky(s, acts, n);
    case Q_ESCAPE: return h_escape(s, acts, n);
    case Q_ORDER: return h_order(s, acts, n);
    case Q_HIDE: return h_hide(s, acts, n);
    case Q_CLIMB: return h_climb(s, acts, n);
    case Q_MEAT: return h_meat_machine(s, acts, n);
    case Q_AGENT3: return h_agent_3(s, acts, n);
    case Q_DOOR: return h_door(s, acts, n);
    case Q_DUMP: return h_dump(s, acts, n);
    case Q_FULL: return h_full(s, acts, n);
    case Q_PASSAGE: return h_passage(s, acts, n);
    case Q_STEP6: return h_step_6(s, acts, n);
    case Q_BURST: return h_burst(s, acts, n);
    case Q_FRENZY: return h_frenzy(s, acts, n);
    case Q_ANTI_RAD: return h_anti_rad(s, acts, n);
    case Q_GEIGER: return h_geiger(s, acts, n);
    case Q_SPRINT: return h_sprint(s, acts, n);
    case Q_WIRE: return h_wire(s, acts, n);
    case Q_SLIME: return h_slime(s, acts, n);
    case Q_NET: return h_net(s, acts, n);
    default: return 0;  /* a question it has no procedure for: ids[0] */
    }
}
