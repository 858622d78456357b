/* fight.py: FIGHTING CREATURES in the rulebook's order: meeting (radiation, venom, Agent 8's
 * knife, Hiding), the one Aimed Shot, Hand-to-Hand with the step-6 specials, the wounds and
 * the Extra Wound table, the Lucky Shot, time passing and escaping. */
#include "cw.h"

static const int MEAT_MACHINE_WOUNDS[7] = {0, 1, 1, 2, 2, 3, 3};
#define HTH_FLOOR 7

#define CARD(s, i) (&(s)->data->cards[i])

static int u8_index(const uint8_t *a, int n, int v) {
    for (int i = 0; i < n; i++) if (a[i] == v) return i;
    return -1;
}

static void u8_remove_at(uint8_t *a, int *n, int i) {
    memmove(a + i, a + i + 1, (size_t)(*n - i - 1));
    (*n)--;
}

static void opp_remove(State *s, int card) {
    Fight *f = &s->fight;
    int i = u8_index(f->opp, f->nopp, card);
    if (i < 0) { FAIL(s, "an opponent is not in the fight"); return; }
    int n = f->nopp;
    u8_remove_at(f->opp, &n, i);
    f->nopp = (uint8_t)n;
}

static void fight_begin(State *s, const uint8_t *opp, int n, int context, const uint8_t *wand,
                        int nwand) {
    Fight *f = &s->fight;
    memset(f, 0, sizeof *f);
    if (n > MAXOPP || nwand > MAXOPP) { FAIL(s, "too many opponents"); return; }
    memcpy(f->opp, opp, (size_t)n); f->nopp = (uint8_t)n;
    if (nwand) memcpy(f->wand, wand, (size_t)nwand);
    f->nwand = (uint8_t)nwand;
    f->current = -1;
    f->context = (int8_t)context;
    f->step = ST_START;
    s->has_fight = 1;
    Task t = {0}; t.kind = TK_FIGHT;
    then1(s, t);
    if (nwand && HAS(s, O_WANDERING_ZOMBIE_DELAYS)) pass_time(s, 1);  /* the surprise */
}

static int is_darkness(const State *s) {
    return u8_index(s->fight.opp, s->fight.nopp, s->data->darkness) >= 0;
}

/* -- 1 and 2: meeting the creatures ----------------------------------------------------- */
static void stage_meet(State *s) {
    Fight *f = &s->fight;
    for (int k = 0; k < f->nopp; k++) {
        const Card *c = CARD(s, f->opp[k]);
        if (c->has_rad) irradiate(s, roll_expr(&s->dice, c->rad));
        if (c->creature == CR_ZOMBIE && s->w.infected) {
            if (d6(&s->dice) >= 5) envenom(s);
        }
        if (c->agent == 8) {
            if (d6(&s->dice) >= 5) wound(s, 1);
        }
        if (OVER(s)) return;
    }
    f->step = ST_SHOOT;
    if (can_hide(s) && !is_darkness(s)) ask(s, Q_HIDE);
}

static int can_hide(const State *s) {
    return s->w.skill == SK_HIDING || has(s, N_CHAMELEON);
}

static void answer_hide(State *s, const Act *a) {
    if (a->verb == A_FACE) return;
    int r = d6(&s->dice);
    int bonus = (s->w.skill == SK_HIDING && has(s, N_CHAMELEON)) ? 1 : 0;
    bonus += determined(s);
    if (r + bonus >= 6) {
        s->fight.nopp = 0;
        s->free = 0;
        fight_finish(s, 0);
    }
}

/* -- 3 to 5: the Aimed Shot ------------------------------------------------------------- */
static int no_aimed_shot(int agent) { return agent == 1 || agent == 2 || agent == 3 || agent == 8; }

static int weapons_for(const State *s, int card, int aimed, int *out) {
    const Card *c = CARD(s, card);
    int n = 0;
    for (int i = 0; i < s->nitems; i++) {
        const Item *item = ITEM(s, s->items[i]);
        if (c->creature < 0 || item->to_hit[c->creature] < 0 || !usable(s, &s->items[i])) continue;
        if (s->items[i].item == NAMED(s, N_KNIFE) && s->has_fight && s->fight.knife_dropped)
            continue;
        if (aimed && s->has_fight && s->fight.context == CTX_NET && item->type != IT_GUN)
            continue;  /* in the Net "you can only shoot it with a Gun" */
        out[n++] = i;
    }
    return n;
}

static int shots(const State *s, Act *out, int n) {
    const Fight *f = &s->fight;
    for (int k = 0; k < f->nopp; k++) {
        int target = f->opp[k];
        const Card *c = CARD(s, target);
        if (no_aimed_shot(c->agent)) continue;
        if (f->context == CTX_AGENT9 && c->creature != CR_ZOMBIE) continue;
        int w[MAXCARRY], m = weapons_for(s, target, 1, w);
        for (int j = 0; j < m; j++) {
            int item = s->items[w[j]].item;
            out[n++] = (Act){A_SHOOT, (int16_t)item, (int16_t)target, 0};
            if (s->data->items[item].type == IT_GUN && has(s, N_DUMDUM))
                out[n++] = (Act){A_SHOOT, (int16_t)item, (int16_t)target, 1};
        }
    }
    return n;
}

static int implode_action(const State *s, Act *out, int n) {
    if (s->has_fight && is_darkness(s) && has(s, N_WAISTCOAT)) out[n++] = (Act){A_IMPLODE, 0, 0, 0};
    return n;
}

static void stage_shoot(State *s) {
    Fight *f = &s->fight;
    Act acts[MAXACT];
    f->step = ST_HTH;
    if (f->shot) return;
    if (shots(s, acts, 0) || implode_action(s, acts, 0)) ask(s, Q_SHOOT);
    else f->shot = 1;
}

static void answer_shoot(State *s, const Act *a) {
    s->fight.shot = 1;
    if (a->verb == A_IMPLODE) { implode(s); return; }
    if (a->verb == A_HTH) return;
    aimed_shot(s, a->a, a->b, a->c);
}

static int reflex_test_skipped(const State *s, const Card *c, int item) {
    int ctx = s->fight.context;
    if (ctx == CTX_AMBUSH || ctx == CTX_FLOORBOARDS) return 1;
    if (c->creature == CR_ZOMBIE && has(s, N_SONIC)) return 1;
    if ((c->creature == CR_RATS || c->creature == CR_AGENT) && has(s, N_HEAT)) return 1;
    if (c->creature == CR_MEAT && has(s, N_METAL)) return 1;
    if (item == NAMED(s, N_LANCE) && has(s, N_TDD)) return 1;
    return 0;
}

static void aimed_shot(State *s, int item, int target, int dum_dum) {
    if (!reflex_test_skipped(s, CARD(s, target), item)) {
        int r = total(&s->dice, 2, 6, 0);
        if (r > reflexes(s)) return;  /* it jumps you before you can fire */
    }
    int index = find(s, item);
    int uses = index >= 0 && s->items[index].uses > 0 ? s->items[index].uses : 0;
    if (HAS(s, O_RAPID_FIRE) && s->data->items[item].type == IT_GUN && !dum_dum && uses > 1) {
        ask(s, Q_BURST);  /* "After passing your Reflex test" */
        s->ctx.item = item;
        s->ctx.target = target;
        return;
    }
    fire(s, item, target, 1, dum_dum);
}

static int burst_actions(const State *s, Act *out) {
    int index = find(s, s->ctx.item), n = 0;
    int most = index >= 0 && s->items[index].uses > 0 ? s->items[index].uses : 0;
    if (most > 6) most = 6;
    out[n++] = (Act){A_BURST, 1, 0, 0};
    for (int k = 2; k <= most; k++) out[n++] = (Act){A_BURST, (int16_t)k, 0, 0};
    return n;
}

static void answer_burst(State *s, const Act *a) {
    fire(s, s->ctx.item, s->ctx.target, a->a, 0);
}

static int shot_modifier(const State *s, const Item *item, const Card *c) {
    int mod = item->throw_mod;
    if (c->agent == 6) mod -= 3;
    if (c->agent == 7) mod -= 1;
    if (s->fight.context == CTX_WIRE) mod += 1;
    return mod;
}

static void fire(State *s, int item_id, int target, int nshots, int dum_dum) {
    Fight *f = &s->fight;
    const Card *c = CARD(s, target);
    const Item *item = &s->data->items[item_id];
    int index = find(s, item_id);
    int marks = marksmanship(s, item_id) + (dum_dum ? 2 : 0);
    int modifier = shot_modifier(s, item, c);
    if (dum_dum) use(s, find(s, NAMED(s, N_DUMDUM)));
    else if (item_id != NAMED(s, N_KNIFE)) for (int k = 0; k < nshots; k++) use(s, index);
    int hit = 0;
    for (int k = 0; k < nshots; k++) {
        int r = total(&s->dice, 2, 6, 0);
        if (r + marks + modifier >= item->to_hit[c->creature]) hit = 1;
    }
    if (item_id == NAMED(s, N_KNIFE) && !hit) f->knife_dropped = 1;
    if (hit) kill(s, target);
}

static void kill(State *s, int target) {
    if (target == s->data->darkness) { end_game(s, R_WIN, C_DARKNESS); return; }
    opp_remove(s, target);
    if (s->fight.current == target) s->fight.current = -1;
}

static void implode(State *s) {
    use(s, find(s, NAMED(s, N_WAISTCOAT)));
    end_game(s, R_DRAW, C_IMPLOSION);
}

/* -- 6: Hand-to-Hand -------------------------------------------------------------------- */
static void stage_hth(State *s) {
    Fight *f = &s->fight;
    Act acts[MAXACT];
    if (!f->nopp) { fight_finish(s, 1); return; }
    if (f->current < 0) {
        if (f->nopp > 1) { ask(s, Q_ORDER); return; }
        f->current = f->opp[0];
    }
    if (CARD(s, f->current)->agent == 7) { explode(s); return; }
    f->step = ST_ROUND;
    if (specials(s, acts, 0)) ask(s, Q_STEP6);
}

/* what may be used in step 6 instead of (or before) rolling for HtH */
static int specials(const State *s, Act *out, int n) {
    const Fight *f = &s->fight;
    const Card *c = CARD(s, f->current);
    int first = u8_index(f->fought, f->nfought, f->current) < 0;
    int dark = c->kind == K_DARKNESS;
    if (has(s, N_CNES) && !dark) out[n++] = (Act){A_CNES, 0, 0, 0};
    if (first && has(s, N_NEEDLE) && !dark) out[n++] = (Act){A_NEEDLE, 0, 0, 0};
    if (first && has(s, N_THROW_NETS) && !dark && c->creature != CR_MEAT)
        out[n++] = (Act){A_THROW_NET, 0, 0, 0};
    if (first && has(s, N_GRENADES) && !dark) out[n++] = (Act){A_GRENADE, 0, 0, 0};
    if (f->rounds == 0 && !f->flash && s->time >= NIGHT && has(s, N_FLASH)) {
        out[n++] = (Act){A_FLASH, FLASH_BONUS, 0, 0};
        out[n++] = (Act){A_FLASH, FLASH_ESCAPE, 0, 0};
    }
    return n;
}

static void fought_add(State *s, int card) {
    Fight *f = &s->fight;
    if (f->nfought >= 2 * MAXOPP) { FAIL(s, "too many creatures fought"); return; }
    f->fought[f->nfought++] = (uint8_t)card;
}

static void answer_step6(State *s, const Act *a) {
    Fight *f = &s->fight;
    Act acts[MAXACT];
    int card = f->current;
    if (a->verb == A_HTH) return;
    if (a->verb == A_FLASH) {
        use(s, find(s, NAMED(s, N_FLASH)));
        f->flash = (int8_t)a->a;
        if (s->has_fight && specials(s, acts, 0)) ask(s, Q_STEP6);
        return;
    }
    fought_add(s, card);
    if (a->verb == A_CNES) {
        kill(s, card);
        wound(s, d6(&s->dice));
    } else if (a->verb == A_NEEDLE) {
        use(s, find(s, NAMED(s, N_NEEDLE)));
        int rounds = (d6(&s->dice) + 1) / 2;
        int i = u8_index(f->poison_card, f->npoison, card);
        if (i >= 0) f->poison_rounds[i] = (int8_t)rounds;
        else {
            f->poison_card[f->npoison] = (uint8_t)card;
            f->poison_rounds[f->npoison++] = (int8_t)rounds;
        }
        return;  /* and the round is fought as usual */
    } else if (a->verb == A_THROW_NET) {
        use(s, find(s, NAMED(s, N_THROW_NETS)));
        kill(s, card);
    } else {
        use(s, find(s, NAMED(s, N_GRENADES)));
        time_grenade(s, card);
    }
    f->step = ST_LUCKY;  /* "in place of your first round of HtH combat" */
}

/* into the other deck (Deck One: into Deck Two; Deck Two: into Deck One's discards) */
static void time_grenade(State *s, int card) {
    Fight *f = &s->fight;
    opp_remove(s, card);
    f->current = -1;
    if (u8_index(f->wand, f->nwand, card) >= 0) return;
    Pile *here = &s->discards[s->current];
    if (pile_index(here, card) >= 0) pile_remove(s, here, card);
    if (s->current == 0) { pile_bury(s, &s->decks[1], card); pile_shuffle(s, &s->decks[1]); }
    else { pile_bury(s, &s->discards[0], card); pile_shuffle(s, &s->discards[0]); }
}

static void answer_order(State *s, const Act *a) { s->fight.current = a->a; }

static void explode(State *s) {
    Fight *f = &s->fight;
    wound(s, d6(&s->dice));
    breakage(s, 5, 6);
    opp_remove(s, f->current);
    f->current = -1;
    f->step = ST_HTH;
}

/* a die for every item; on rolls lo..hi it is removed */
static void breakage(State *s, int lo, int hi) {
    if (OVER(s)) return;
    Carried kept[MAXCARRY];
    int n = 0;
    for (int i = 0; i < s->nitems; i++) {
        int r = d6(&s->dice);
        if (!(r >= lo && r <= hi)) kept[n++] = s->items[i];
    }
    memcpy(s->items, kept, sizeof(Carried) * (size_t)n);
    s->nitems = n;
    carry_on_check(s);
}

static int warrior_hth(const State *s, const Card *c) {
    const Fight *f = &s->fight;
    int hth = s->w.hth + hth_weapon_bonus(s) + clothing_bonus(s);
    int night = s->time >= NIGHT;
    if (night && !night_vision(s)) hth -= 1;
    if (night && (c->creature == CR_ZOMBIE || c->creature == CR_RATS) && has(s, N_TORCH)) hth += 1;
    if (NAMED(s, N_XOSK) >= 0 && !has(s, N_XOSK)) {
        for (int i = 0; i < s->nitems; i++)
            if (s->items[i].item == NAMED(s, N_XOSK)) { hth -= 2; break; }
    }
    if (s->time < s->smash_until) hth += 3;
    if (f->flash == FLASH_BONUS) hth += 3;
    if (f->berserk) hth += 3;
    if (f->context == CTX_FLOORBOARDS) hth -= 1;
    if (f->context == CTX_SPRINT && f->rounds == 0) hth -= 1;
    if (c->agent == 6) hth -= 3;
    return hth + f->next_hth + determined(s);
}

static int creature_hth(const State *s, const Card *c) {
    if (s->fight.context == CTX_NET && c->creature == CR_ZOMBIE) return c->hth + 3;
    return c->hth;
}

static void stage_round(State *s) {
    Fight *f = &s->fight;
    if (f->lost_round && !f->berserk) {  /* "If you lose a round of combat and are wounded" */
        f->lost_round = 0;
        ask(s, Q_FRENZY);
        return;
    }
    const Card *c = CARD(s, f->current);
    int mine = warrior_hth(s, c);
    f->next_hth = 0;
    f->lucky_bonus = 0;
    f->no_lucky = 0;
    f->no_escape = 0;
    f->rounds++;
    if (u8_index(f->fought, f->nfought, f->current) < 0) fought_add(s, f->current);
    int berserk = f->berserk;
    f->berserk = 0;
    if (berserk) {
        endurance_loss(s, 1);  /* frenzied fighting is tiring */
        if (OVER(s)) return;
    }
    f->lost_round = 0;
    int creature = total(&s->dice, 2, 6, 0) + creature_hth(s, c);
    int warrior = total(&s->dice, 2, 6, 0) + mine;
    f->step = ST_LUCKY;
    if (warrior > creature) {
        if (f->current != s->data->darkness) kill(s, f->current);
    } else if (warrior < creature) {
        struck(s, (int)(c - s->data->cards), 0, berserk);
    }
    poison_works(s);
}

static void poison_works(State *s) {
    Fight *f = &s->fight;
    /* over a copy, in insertion order, as list(fight.poison.items()) */
    uint8_t cards[MAXOPP]; int8_t rounds[MAXOPP];
    int n = f->npoison;
    memcpy(cards, f->poison_card, (size_t)n);
    memcpy(rounds, f->poison_rounds, (size_t)n);
    for (int k = 0; k < n; k++) {
        int target = cards[k];
        int i = u8_index(f->poison_card, f->npoison, target);
        if (u8_index(f->opp, f->nopp, target) < 0 || rounds[k] <= 1) {
            int m = f->npoison;
            memmove(f->poison_rounds + i, f->poison_rounds + i + 1, (size_t)(m - i - 1));
            u8_remove_at(f->poison_card, &m, i);
            f->npoison = (uint8_t)m;
            if (u8_index(f->opp, f->nopp, target) >= 0) kill(s, target);
        } else f->poison_rounds[i] = (int8_t)(rounds[k] - 1);
    }
}

/* -- 9: wounds and the Extra Wound table ------------------------------------------------ */
static void struck(State *s, int card, int escaping, int dbl) {
    Fight *f = &s->fight;
    const Card *c = CARD(s, card);
    if (c->agent == 4 && !escaping) {  /* knocked out */
        int r = total(&s->dice, 3, 6, 0);
        pass_time(s, r * 2);
        opp_remove(s, card);
        f->current = -1;
        return;
    }
    int n = c->wounds;
    if (c->wound_table && !escaping) n = MEAT_MACHINE_WOUNDS[d6(&s->dice)];
    if (c->creature == CR_RATS && has(s, N_STEEL_GLOVES) && n > 1) n = 1;
    if (dbl) n *= 2;
    int table = total(&s->dice, 2, 6, 0);
    if (table == 2) return;
    if (table == 11) n += 1;
    if (table == 12) s->w.marksmanship -= 1;
    if (table == 3) f->next_hth = 2;
    else if (table >= 8 && table <= 10) f->next_hth = (int8_t)-(table - 7);
    if (table >= 8) f->no_lucky = 1;
    if (table >= 7 && table <= 10) f->no_escape = 1;
    if (table == 4) f->lucky_bonus = 1;
    if (c->agent == 3 && s->nitems) { ask(s, Q_AGENT3); s->ctx.left = n; }
    else wound(s, n);
    if (OVER(s)) return;
    if (!escaping && HAS(s, O_FRENZY)) {
        if (table >= 11) f->berserk = 1;  /* you go berserk */
        else f->lost_round = 1;
    }
    if (c->creature == CR_ZOMBIE && !has(s, N_HELMET)) infect(s);
    if (c->agent == 5) infect(s);  /* the Helmet does not help */
    if (c->has_rad_on_hit && !escaping) irradiate(s, roll_expr(&s->dice, c->rad_on_hit));
    if (c->wound_table && !escaping && !OVER(s)) {
        if (s->w.reflexes > 6 && s->w.hth > HTH_FLOOR) ask(s, Q_MEAT);
        else if (s->w.reflexes > 6) s->w.reflexes -= 1;
        else if (s->w.hth > HTH_FLOOR) s->w.hth -= 1;
    }
}

static void answer_agent3(State *s, const Act *a) {
    int left = s->ctx.left;
    destroy(s, a->a);
    if (left > 1) {
        if (s->nitems) { ask(s, Q_AGENT3); s->ctx.left = left - 1; }
        else wound(s, left - 1);
    }
}

static void answer_frenzy(State *s, const Act *a) { s->fight.berserk = a->verb == A_BERSERK; }

static void answer_meat(State *s, const Act *a) {
    if (a->verb == A_REFLEXES) s->w.reflexes -= 1;
    else s->w.hth -= 1;
}

/* -- the Lucky Shot --------------------------------------------------------------------- */
static int lucky_shots(const State *s, Act *out, int n) {
    const Fight *f = &s->fight;
    if (f->no_lucky) return n;
    for (int k = 0; k < f->nopp; k++) {
        int target = f->opp[k];
        int w[MAXCARRY], m = weapons_for(s, target, 0, w);
        for (int j = 0; j < m; j++) {
            int item = s->items[w[j]].item;
            if (target == s->data->darkness && item != NAMED(s, N_LANCE)) continue;
            out[n++] = (Act){A_LUCKY, (int16_t)item, (int16_t)target, 0};
            if (has(s, N_IMAGIZER)) out[n++] = (Act){A_LUCKY, (int16_t)item, (int16_t)target, 1};
        }
    }
    return n;
}

static void stage_lucky(State *s) {
    Act acts[MAXACT];
    s->fight.step = ST_NEXT;
    if (s->fight.nopp && (lucky_shots(s, acts, 0) || implode_action(s, acts, 0))) ask(s, Q_LUCKY);
}

static void answer_lucky(State *s, const Act *a) {
    if (a->verb == A_NO) return;
    if (a->verb == A_IMPLODE) { implode(s); return; }
    if (a->c) use(s, find(s, NAMED(s, N_IMAGIZER)));
    lucky_shot(s, a->a, a->b, a->c ? 1 : 0);
}

/* one die on the Lucky Shot table; Marksmanship never counts */
static void lucky_shot(State *s, int item_id, int target, int bonus) {
    Fight *f = &s->fight;
    const Card *c = CARD(s, target);
    const Item *item = &s->data->items[item_id];
    int r = d6(&s->dice);
    bonus += f->lucky_bonus + (cats_on(s, item_id) ? 1 : 0);
    int result = r + bonus > 6 ? 6 : r + bonus;
    int index = find(s, item_id);
    if (item_id == NAMED(s, N_KNIFE)) {
        /* "If the knife is used and a 1 is rolled, you still drop it", whichever reading */
        if (result == 1 || (s->data->lucky_ammo_mask & (1 << result))) f->knife_dropped = 1;
    } else if (s->data->lucky_ammo_mask & (1 << result)) { use(s, index); index = find(s, item_id); }
    switch (result) {
    case 1: {
        int wounds = s->data->lucky_one_d6 ? d6(&s->dice) : 1;
        wound(s, wounds);  /* you shoot yourself */
        break;
    }
    case 2:  /* the weapon is smashed */
        destroy(s, find_carried(s, item_id));
        break;
    case 3: wound(s, 1); break;
    case 4: break;
    case 5: {
        int marks = s->data->lucky_marksmanship ? s->w.marksmanship : 0;
        int t = total(&s->dice, 2, 6, 0);
        if (t + marks >= item->to_hit[c->creature]) kill(s, target);
        break;
    }
    default: kill(s, target);
    }
}

/* -- between rounds: time, and escaping ------------------------------------------------- */
static void stage_next(State *s) {
    Fight *f = &s->fight;
    if (!f->nopp) { fight_finish(s, 1); return; }
    pass_time(s, 1);
    if (OVER(s)) return;
    if (is_darkness(s) && s->w.infected) {
        if (d6(&s->dice) >= 4) envenom(s);
        if (OVER(s)) return;
    }
    f->step = ST_HTH;
    if (f->flash == FLASH_ESCAPE && f->rounds == 1) escaped(s);
    else if (escape_rating(s) >= 0 || imagizer_escape(s)) ask(s, Q_ESCAPE);
}

static int imagizer_escape(const State *s) { return has(s, N_IMAGIZER) && !is_darkness(s); }

/* the roll needed to escape now, or -1 when you may not try */
static int escape_rating(const State *s) {
    const Fight *f = &s->fight;
    if (f->rounds < 1 || f->no_escape || f->context == CTX_WIRE) return -1;
    int best = -1;
    for (int k = 0; k < f->nopp; k++) {
        const Card *c = CARD(s, f->opp[k]);
        if (c->no_escape || c->creature < 0 || s->data->escape[c->creature] < 0) return -1;
        if (s->data->escape[c->creature] > best) best = s->data->escape[c->creature];
    }
    return best;
}

static int escape_actions(const State *s, Act *out) {
    int n = 0;
    if (escape_rating(s) >= 0) out[n++] = (Act){A_ESCAPE, 0, 0, 0};
    if (imagizer_escape(s)) out[n++] = (Act){A_IMAGIZER, 0, 0, 0};
    out[n++] = (Act){A_FIGHT_ON, 0, 0, 0};
    return n;
}

static void answer_escape(State *s, const Act *a) {
    Fight *f = &s->fight;
    if (a->verb == A_FIGHT_ON) return;
    if (a->verb == A_IMAGIZER) {
        use(s, find(s, NAMED(s, N_IMAGIZER)));
        escaped(s);
        return;
    }
    int rating = escape_rating(s);
    if (d6(&s->dice) >= rating - determined(s)) { escaped(s); return; }
    if (HAS(s, O_ESCAPING_ALTERNATIVE)) {  /* 30 seconds, then fight or try again */
        pass_time(s, 1);
        if (!OVER(s)) ask(s, Q_ESCAPE);
        return;
    }
    int target = f->current >= 0 ? f->current : f->opp[0];
    struck(s, target, 1, 0);
}

/* away: a die of boxes pass and the turn ends */
static void escaped(State *s) {
    int boxes = d6(&s->dice);
    s->free = 0;
    fight_finish(s, 0);
    pass_time(s, boxes);
}

/* Wandering Zombies go back to their deck, reshuffled; a thrown Knife is lost unless won */
static void fight_finish(State *s, int won) {
    Fight *f = &s->fight;
    if (f->nwand) {
        Pile *p = &s->wandering;
        if (p->n + f->nwand > PILECAP) { FAIL(s, "a pile overflows"); return; }
        memcpy(p->c + p->n, f->wand, f->nwand);
        p->n += f->nwand;
        pile_shuffle(s, p);
    }
    if (f->knife_dropped && !won) {
        for (int i = 0; i < s->nitems; i++)
            if (s->items[i].item == NAMED(s, N_KNIFE)) { destroy(s, i); break; }
    }
    s->has_fight = 0;
}

static void run_stage(State *s) {
    switch (s->fight.step) {
    case ST_START: stage_meet(s); break;
    case ST_SHOOT: stage_shoot(s); break;
    case ST_HTH: stage_hth(s); break;
    case ST_ROUND: stage_round(s); break;
    case ST_LUCKY: stage_lucky(s); break;
    default: stage_next(s);
    }
}

/* run the stages until a question, the end, or a step a stage asked for first; then go on
 * after them */
static void step_fight(State *s) {
    int pending = s->ntasks;
    while (s->has_fight && !OVER(s) && !s->phase && s->ntasks == pending && !s->err)
        run_stage(s);
    if (s->has_fight && !OVER(s)) {
        Task t = {0}; t.kind = TK_FIGHT;
        insert_task(s, pending, t);
    }
}
