/* combat.py: COMBAT, BATTLE and DAMAGE: all zombies every turn, your weapon, the survivor's
 * share. */
#include "state.h"

static const int SIZES[3] = {10, 5, 1};

/* weapon_actions: whether or not to use your weapon. */
void weapon_actions(State *s) {
    if (s->weapon.kind != W_NONE) push_action(s, ACT(A_FIGHT_WEAPON, 0, 0, 0));
    push_action(s, ACT(A_FIGHT_FISTS, 0, 0, 0));
}

/* share_actions: the survivor fights as many zombies as you, or fewer; counted in
 * zombies or, by option, in dice. t, f, o run over his 10-, 5- and 1-dice in that order. */
void share_actions(State *s) {
    int have[3];
    if (!make_change(s->zombies, s->cfg->pool, have)) {
        s->error = ERR_DICE_OF;
        return;
    }
    int by_dice = s->cfg->share_by_dice, dice = have[0] + have[1] + have[2];
    for (int t = 0; t <= have[0]; t++)
        for (int f = 0; f <= have[1]; f++)
            for (int o = 0; o <= have[2]; o++) {
                int his = 10 * t + 5 * f + o, mine = s->zombies - his;
                int fair = by_dice ? (t + f + o <= dice - (t + f + o)) : his <= mine;
                if (fair) push_action(s, ACT(A_SHARE, t, f, o));
            }
}

void survivor_weapon_actions(State *s) {
    push_action(s, ACT(A_SURVIVOR_WEAPON, 0, 0, 0));
    push_action(s, ACT(A_SURVIVOR_FISTS, 0, 0, 0));
}

/* _roll_pile: toss every zombie die of a pile, largest first; how many zombies are left. */
static int roll_pile(State *s, const int dice[3], int strength) {
    int left = 0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < dice[i]; k++) {
            int roll = dice_roll(&s->dice, 6);
            if (roll <= strength) s->kills += SIZES[i];
            else left += SIZES[i];
        }
    return left;
}

/* _use: the kind fought with, and the weapon carried afterwards (its charge decremented, and
 * gone back to the pool when spent). */
static int use(Weapon *w, int chosen) {
    if (w->kind == W_NONE || !chosen) return W_NONE;
    int kind = w->kind;
    if (w->charge != NO_CHARGE) {
        w->charge -= 1;
        if (w->charge <= 0) {
            w->kind = W_NONE;
            w->charge = NO_CHARGE;
        }
    }
    return kind;
}

static void keep_rank_rule(State *s);

/* battle: fight, then suffer one damage per five zombies left in each pile. */
void battle(State *s, int survivor_weapon) {
    const Config *cfg = s->cfg;
    int share[3] = {0, 0, 0};
    if (s->has_survivor && s->has_share)
        for (int i = 0; i < 3; i++) share[i] = s->share[i];
    int his_count = 10 * share[0] + 5 * share[1] + share[2];
    int total[3], mine[3];
    if (!make_change(s->zombies, cfg->pool, total)) {
        s->error = ERR_DICE_OF;
        return;
    }
    for (int i = 0; i < 3; i++) mine[i] = total[i] - share[i];

    /* Decrement the charge of each weapon used before the dice are tossed. */
    int my_kind = use(&s->weapon, s->use_weapon);
    int my_power = cfg->power[my_kind];
    int his_kind = W_NONE;
    if (s->has_survivor && his_count) his_kind = use(&s->survivor.weapon, survivor_weapon);
    int his_power = cfg->power[his_kind];

    int my_left = roll_pile(s, mine, my_power);
    int his_left = his_count ? roll_pile(s, share, his_power) : 0;
    int my_damage = my_left / cfg->per_point, his_damage = his_left / cfg->per_point;
    s->life -= my_damage;
    if (s->has_survivor && his_count) {
        s->survivor.life -= his_damage;
        if (s->survivor.life <= 0) s->has_survivor = 0; /* killed, with his weapon */
    }
    keep_rank_rule(s);
    s->zombies = my_left + his_left;
    s->has_share = 0;
    s->use_weapon = 0;
    if (s->life <= 0) {
        s->life = 0;
        finish(s, 0, C_KILLED);
    }
}

/* _keep_rank_rule: a survivor may not carry a more powerful weapon than you; when yours is
 * spent and his is better, you take his once the fight is over (designed). */
static void keep_rank_rule(State *s) {
    if (!s->has_survivor || s->survivor.weapon.kind == W_NONE) return;
    const int *rank = s->cfg->rank;
    if (rank[s->survivor.weapon.kind] > rank[s->weapon.kind]) {
        s->weapon = s->survivor.weapon;
        s->survivor.weapon.kind = W_NONE;
        s->survivor.weapon.charge = NO_CHARGE;
    }
}

/* score: remaining life (times an evacuated survivor's), or zombies killed. */
double score(const State *s, int won) {
    if (s->cfg->scoring_kills) return (double)s->kills;
    if (!won) return 0.0;
    return (double)((int64_t)s->life * (s->has_survivor ? s->survivor.life : 1));
}
