/* tracks.py: Time, Wounds, Endurance with Radiation and Venom; reaching an end ends the game. */
#include "cw.h"

#define NIGHT 60        /* boxes: 30 minutes */
#define OUT_OF_TIME 120 /* boxes: 60 minutes */

static void end_game(State *s, int result, int cause) {
    if (!OVER(s)) { s->result = result; s->cause = cause; }
}

static void pass_time(State *s, int boxes) {
    if (boxes <= 0 || OVER(s)) return;
    int before = s->time;
    s->time += boxes;
    if (before < s->smash_until && s->smash_until <= s->time) {  /* Smash wears off */
        int r = d6(&s->dice);
        wound(s, r);
        if (OVER(s)) return;
    }
    if (s->time >= OUT_OF_TIME) end_game(s, R_LOSS, C_TIME);
}

/* Body Armour takes each wound on a 5 or 6, losing a use */
static void wound(State *s, int n) {
    if (n <= 0 || OVER(s)) return;
    int absorbed = 0;
    for (int k = 0; k < n; k++) {
        int armour = find(s, NAMED(s, N_BODY_ARMOUR));
        if (armour < 0) break;
        if (d6(&s->dice) >= 5) { absorbed++; use(s, armour); }
    }
    if (absorbed) {
        n -= absorbed;
        if (n == 0) return;
    }
    s->w.wounds -= n;
    if (s->w.wounds <= 0) end_game(s, R_LOSS, C_WOUNDS);
}

static void heal(State *s, int n) {
    int gained = s->w.max_wounds - s->w.wounds;
    if (n < gained) gained = n;
    if (gained < 0) gained = 0;
    s->w.wounds += gained;
}

static void irradiate(State *s, int n) {
    if (has(s, N_JUMPSUIT) && n > 0) n -= 1;
    if (n <= 0 || OVER(s)) return;
    s->w.radiation += n;
    if (s->w.radiation >= s->w.endurance) end_game(s, R_LOSS, C_RADIATION);
    else if (has(s, N_ANTI_RAD)) {  /* asked once the step that irradiated is done */
        Task t = {0}; t.kind = TK_ASK; t.a = (int16_t)n;
        then1(s, t);
    }
}

static void envenom(State *s) {
    s->w.venom += 1;
    if (s->w.venom >= s->w.endurance) end_game(s, R_LOSS, C_VENOM);
}

static void infect(State *s) { s->w.infected = 1; }

/* a permanent drop of the Endurance marker (Frenzy): Radiation and Venom come closer */
static void endurance_loss(State *s, int n) {
    s->w.endurance -= n;
    if (s->w.radiation >= s->w.endurance) end_game(s, R_LOSS, C_RADIATION);
    else if (s->w.infected && s->w.venom >= s->w.endurance) end_game(s, R_LOSS, C_VENOM);
}
