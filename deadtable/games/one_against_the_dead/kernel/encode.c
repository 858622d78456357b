/* encoding.py's observation, written straight from the kernel's state: the same float32
 * numbers as OneAgainstTheDeadEncoding.encode(state.view("player")), bit for bit (each
 * number computed in double, as Python does, then stored as float), without building the
 * view. tests/games/one_against_the_dead/test_kernel_encoding.py compares the two. The
 * layout constants below are encoding.py's; encode_size() lets the wrapper check them. */
#include "state.h"

#define RADIUS 4
#define SIDE (2 * RADIUS + 1)
#define CELL 28 /* CELL_CHANNELS */
#define CARD_SIZE 18
#define NPHASES 9
#define PENDING_SLOTS 4
#define DECK_CARDS 53

/* encoding.py's offsets, in its feature order */
enum {
    O_WINDOW = 0,
    O_PHASE = O_WINDOW + SIDE * SIDE * CELL,
    O_PROV_PENDING = O_PHASE + NPHASES,
    O_TURN = O_PROV_PENDING + 1,
    O_LIFE = O_TURN + 1,
    O_WEAPON = O_LIFE + 2,
    O_SURVIVOR = O_WEAPON + 5,
    O_ZOMBIES = O_SURVIVOR + 8,
    O_KILLS = O_ZOMBIES + 4,
    O_HOLDING = O_KILLS + 1,
    O_TO_PLACE = O_HOLDING + 1 + CARD_SIZE,
    O_PROVISIONS = O_TO_PLACE + PENDING_SLOTS * (1 + CARD_SIZE),
    O_DECK_COUNT = O_PROVISIONS + 1,
    O_HELI = O_DECK_COUNT + 1,
    O_POSITION = O_HELI + 2,
    O_REMOVED = O_POSITION + 2,
    O_FACE_UP = O_REMOVED + DECK_CARDS,
    O_SIZE = O_FACE_UP + DECK_CARDS
};

/* the kernel's phase (state.h) -> encoding.PHASES' index */
static const int PHASE_INDEX[PH_COUNT] = {0, 6, 2, 1, 7, 3, 4, 5, 8};

int encode_size(void) { return O_SIZE; }

static double clamp1(double x) { return x < -1.0 ? -1.0 : x > 1.0 ? 1.0 : x; }
static double min1(double x) { return x < 1.0 ? x : 1.0; }

/* card code -> encoding.card_index: 0..51 suit-major, 52 the Joker */
static int card_index(int c) { return c == CARD_JOKER ? 52 : card_suit(c) * 13 + card_rank(c); }

/* suit one-hot, rank one-hot, joker flag, from `at` */
static void put_card(float *out, int at, int c) {
    if (c == CARD_JOKER) {
        out[at + 17] = 1.0f;
        return;
    }
    out[at + card_suit(c)] = 1.0f;
    out[at + 4 + card_rank(c)] = 1.0f;
}

static double charge_of(int32_t charge) { return charge == NO_CHARGE ? 0.0 : charge; }

static void put_weapon(float *out, int at, Weapon w) {
    if (w.kind == W_NONE) {
        out[at] = 1.0f;
        return;
    }
    out[at + w.kind] = 1.0f;
    out[at + 4] = (float)(charge_of(w.charge) / 6.0);
}

void encode(const State *s, float *out, double provisions_max) {
    const Config *cfg = s->cfg;
    memset(out, 0, sizeof(float) * O_SIZE);
    int present[54] = {0};
    for (int y = s->rows_lo; y <= s->rows_hi; y++)
        for (int x = 0; x < GW; x++) {
            uint8_t raw = s->grid[y][x];
            int c = raw & CARD_BITS;
            if (c == 0) continue;
            present[c]++;
            Pos p = {(int8_t)(x - OX), (int8_t)(y - OY)};
            int up = !(raw & FACE_DOWN);
            if (up) out[O_FACE_UP + card_index(c)] = 1.0f;
            int dx = p.x - s->pos.x, dy = p.y - s->pos.y;
            if (dx > RADIUS || dx < -RADIUS || dy > RADIUS || dy < -RADIUS) continue;
            int at = O_WINDOW + ((dy + RADIUS) * SIDE + dx + RADIUS) * CELL;
            if (up) {
                out[at + 1] = 1.0f;
                put_card(out, at + 2, c);
            } else {
                out[at] = 1.0f;
            }
            for (int k = W_BAT; k <= W_SHOTGUN; k++)
                if (s->map_has[k] && pos_eq(s->map_pos[k], p)) {
                    out[at + 20 + k - 1] = 1.0f;
                    out[at + 23] = (float)(charge_of(s->map_charge[k]) / 6.0);
                }
            if (s->has_map_survivor && pos_eq(s->map_survivor_pos, p)) {
                out[at + 24] = 1.0f;
                out[at + 25] = (float)min1(s->map_survivor.life / 12.0);
            }
            if (pos_eq(p, s->helicopter)) out[at + 26] = 1.0f;
            if (pos_eq(p, s->start)) out[at + 27] = 1.0f;
        }
    out[O_PHASE + PHASE_INDEX[s->phase]] = 1.0f;
    out[O_PROV_PENDING] = s->provisions ? 1.0f : 0.0f;
    out[O_TURN] = (float)min1(s->turn / (double)cfg->max_turns);
    out[O_LIFE] = (float)(s->life / (double)(s->life_max > 1 ? s->life_max : 1));
    out[O_LIFE + 1] = (float)min1(s->life_max / 40.0);
    put_weapon(out, O_WEAPON, s->weapon);
    if (s->has_survivor) {
        out[O_SURVIVOR] = 1.0f;
        out[O_SURVIVOR + 1] = (float)min1(s->survivor.life / 12.0);
        out[O_SURVIVOR + 2] = (float)min1(s->survivor.life_max / 12.0);
        put_weapon(out, O_SURVIVOR + 3, s->survivor.weapon);
    }
    double most = 10.0 * cfg->pool[0] + 5.0 * cfg->pool[1] + cfg->pool[2];
    out[O_ZOMBIES] = (float)min1(s->zombies / most);
    int dice[3];
    if (make_change(s->zombies, cfg->pool, dice))
        for (int i = 0; i < 3; i++)
            out[O_ZOMBIES + 1 + i] = (float)(dice[i] / (double)(cfg->pool[i] > 1 ? cfg->pool[i] : 1));
    out[O_KILLS] = (float)min1(s->kills / 250.0);
    if (s->has_holding) {
        out[O_HOLDING] = 1.0f;
        put_card(out, O_HOLDING + 1, card_at(s, s->holding));
    }
    for (int i = 0; i < s->npending; i++) {
        present[s->pending[i]]++;
        if (i >= PENDING_SLOTS) continue;
        int at = O_TO_PLACE + i * (1 + CARD_SIZE);
        out[at] = 1.0f;
        put_card(out, at + 1, s->pending[i]);
    }
    out[O_PROVISIONS] = (float)min1(s->provisions / provisions_max);
    out[O_DECK_COUNT] = (float)(s->deck_len / 54.0);
    out[O_HELI] = (float)clamp1((s->helicopter.x - s->pos.x) / 25.0);
    out[O_HELI + 1] = (float)clamp1((s->helicopter.y - s->pos.y) / 25.0);
    out[O_POSITION] = (float)clamp1((s->pos.x - s->start.x) / 25.0);
    out[O_POSITION + 1] = (float)clamp1((s->pos.y - s->start.y) / 25.0);
    /* SETUP's removals are what is nowhere else: no card leaves the game after it */
    for (int i = 0; i < s->deck_len; i++) present[deck_at(s, i)]++;
    for (int c = 1; c <= CARD_JOKER; c++)
        if (present[c] < (c == CARD_JOKER ? 2 : 1)) out[O_REMOVED + card_index(c)] = 1.0f;
}
