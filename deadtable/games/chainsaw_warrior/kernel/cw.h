/* Chainsaw Warrior's kernel: the rules of the Python package compiled, one game in a
 * fixed-size struct (a clone is a memcpy). Every procedure mirrors its Python namesake in the
 * file of the same name, in the same order, rolling the same dice in the same order.
 *
 * Built as one translation unit: module.c includes every .c file, so the helpers are static
 * and inline across files (the hot path is apply/count with no Python object made). */
#ifndef CW_H
#define CW_H

#include <stdint.h>
#include <string.h>

#include "engine/csrc/dice.h"

/* -- capacities (the kernel refuses card data that exceeds them) ------------------------ */
#define MAXH 128     /* House cards, Darkness included */
#define MAXW 48      /* Wandering Zombies */
#define MAXCARD (MAXH + MAXW)  /* card indexes: House first, then Wandering Zombies */
#define MAXI 64      /* Equipment cards (First Aid Kits included) */
#define PILECAP 192  /* any pile */
#define MAXCARRY 24
#define MAXTASK 96
#define MAXACT 128
#define MAXOPP 12
#define NPILES 5
#define MAXKNOWN 16  /* the Remote Camera sees 2d6 cards at most */

/* -- the data's vocabularies, in data.py's order ---------------------------------------- */
enum { BACK_ROOM, BACK_CORRIDOR, BACK_ELEVATOR, BACK_STAIRS, BACK_BALCONY };
enum { CR_NONE = -1, CR_ZOMBIE, CR_RATS, CR_MUTANT, CR_AGENT, CR_MEAT, CR_DARKNESS, NCREATURES };
enum { K_CREATURE, K_DARKNESS, K_SLIME, K_CLEAR, K_EMPTY, K_DUMP, K_FAK, K_PASSAGE, K_TRAP };
enum { T_AMBUSH, T_CAVE_IN, T_CHASM, T_LOCKED_DOOR, T_LUNATIC, T_MAGNETIC, T_MINES, T_NET,
       T_RAD_CANISTER, T_SPIKED_PIT, T_FLOORBOARDS, T_WIRE };
/* item types; the first five are also the piles (PILES order) */
enum { IT_CLOTHING, IT_DEVICE, IT_GUN, IT_HTH, IT_HEAVY, IT_SPECIAL };

/* items the rules name, looked up by id at construction (-1: not in the data) */
enum { N_LANCE, N_BODY_ARMOUR, N_JUMPSUIT, N_ANTI_RAD, N_TELEPORT, N_UV, N_GEIGER, N_CAMERA,
       N_TDD, N_SONIC, N_LOCKPICK, N_ACID, N_HEAT, N_METAL, N_WIRE_CUTTERS, N_ROPE,
       N_CHAMELEON, N_WAISTCOAT, N_DUMDUM, N_CNES, N_NEEDLE, N_THROW_NETS, N_GRENADES,
       N_FLASH, N_STEEL_GLOVES, N_HELMET, N_IMAGIZER, N_KNIFE, N_TORCH, N_XOSK, N_CATS,
       N_SMASH, N_DYNAMITE, N_FLARE_GUN, NNAMED };

typedef struct { int8_t n, sides, plus, keep; } Expr;  /* a dice expression: NdS(khK)+P */

typedef struct {
    int8_t kind, back, creature, trap, offers;  /* offers: a Dump's pile */
    int8_t hth, wounds, no_escape, agent, target, wound_table;
    int8_t has_rad, has_rad_on_hit, radioactive;
    Expr rad, rad_on_hit, skip;
    int8_t item;  /* a First Aid Kit: its index among the items, else -1 */
    int8_t agent_flags;  /* for the heuristic (agent.c): 1 title "Darkness", 2 id "darkness",
                          * 4 id starts "darkness" */
} Card;

typedef struct {
    int8_t type, back;          /* back: a pile index, or -1 for "special" */
    int8_t uses;                /* -1: never runs out */
    int8_t one_use, door, hth_bonus, throw_mod, electric, slime, cuts_net, night_vision;
    int8_t has_heal, reflexes, fits_cats, shoots;
    int8_t to_hit[NCREATURES];  /* -1: cannot shoot that creature */
    Expr heal;
    int16_t house;              /* a First Aid Kit: its House card, else -1 */
    int8_t pick_rank;           /* the heuristic's (agent.c): its place in PICKS, else -1 */
    int8_t agent_flags;         /* 1 id starts "laser-lance", 2 in KEEP, 4 id "chainsaw" */
} Item;

typedef struct {
    int nhouse, nwander, nitems, darkness;
    Card cards[MAXCARD];
    Item items[MAXI];
    int named[NNAMED];
    int costs[NPILES];
    int escape[NCREATURES];  /* -1: no rating */
    int marks_table[7];
    int house_order[MAXH];   /* data.house's order (the deck is built from it) */
    int pile_items[NPILES][MAXI], pile_count[NPILES];  /* each pile's cards, in data order */
    /* rules (rules.py) */
    int lucky_one_d6, lucky_ammo_mask, lucky_marksmanship, escape_time, clothing_hth,
        lance_counts, cross_decks;
    Expr rolls[6];  /* endurance, wounds, hth, reflexes, marksmanship, equipment */
    int overkill;    /* the Overkill options switched on: bit i is rules.py's OVERKILL[i] */
    int difficulty;  /* D_HARD, D_MEDIUM, D_EASY */
    int item_rank[MAXI];  /* each item's place in the items sorted by id (Kitting Out II) */
    int card_rank[MAXCARD];  /* each card's place in all the cards sorted by id (determinize) */
    int card_by_rank[MAXCARD], item_by_rank[MAXI];  /* the inverses: the card of each place */
} Data;

enum { O_ADVANCED_EQUIPMENT, O_ADVANCED_TRAINING, O_EXTRA_TRAINING_1, O_EXTRA_TRAINING_2,
       O_DETERMINATION, O_FRENZY, O_ESCAPING_ALTERNATIVE, O_KITTING_OUT_1, O_KITTING_OUT_2,
       O_KITTING_OUT_3, O_RAPID_FIRE, O_SPRINTING, O_WANDERING_ZOMBIE_DELAYS };
enum { D_HARD, D_MEDIUM, D_EASY };
#define HAS(s, option) (((s)->data->overkill >> (option)) & 1)

typedef struct { int16_t n; uint8_t c[PILECAP]; } Pile;  /* c[0] is the top card */


typedef struct {
    int8_t item, uses, clip, on;  /* uses -1: never runs out; on: C.A.T.S.'s weapon, -1 */
} Carried;

enum { CTX_NONE, CTX_AMBUSH, CTX_AGENT9, CTX_NET, CTX_FLOORBOARDS, CTX_WIRE, CTX_SPRINT };
enum { ST_START, ST_SHOOT, ST_HTH, ST_ROUND, ST_LUCKY, ST_NEXT };
enum { FLASH_NONE, FLASH_BONUS, FLASH_ESCAPE };

typedef struct {
    uint8_t nopp, nwand, nfought, npoison;
    uint8_t opp[MAXOPP], wand[MAXOPP], fought[2 * MAXOPP];
    uint8_t poison_card[MAXOPP]; int8_t poison_rounds[MAXOPP];  /* insertion order */
    int16_t current;  /* -1: none */
    int16_t rounds;
    int8_t shot, context, next_hth, no_escape, lucky_bonus, no_lucky, knife_dropped, step,
        flash, berserk, lost_round;
} Fight;

/* pending steps (flow.py): the last one runs next */
enum { TK_NONE, TK_ASK, TK_EXPLORE, TK_TURN, TK_EXIT_STEP, TK_OUTSIDE, TK_FIGHT, TK_WZ_CHECK,
       TK_WAIT, TK_HEAL, TK_HEALED, TK_ASK_DOOR };
typedef struct {
    uint8_t kind, context, on, after_kind, quiet_kind;
    int16_t a, b, after_a, quiet_a;
} Task;

/* the questions (phase) */
enum { Q_NONE, Q_KIT, Q_FREE, Q_CLIMB, Q_GEIGER, Q_DUMP, Q_FULL, Q_PASSAGE, Q_SLIME, Q_DOOR,
       Q_NET, Q_WIRE, Q_ANTI_RAD, Q_HIDE, Q_SHOOT, Q_STEP6, Q_ORDER, Q_AGENT3, Q_MEAT,
       Q_LUCKY, Q_ESCAPE, Q_DUM_DUMS, Q_WAIT_KIT, Q_SPRINT, Q_BURST, Q_FRENZY, Q_TRAIN };

enum { R_NONE, R_WIN, R_LOSS, R_DRAW };
enum { C_TIME, C_WOUNDS, C_RADIATION, C_VENOM, C_SLIME, C_DARKNESS, C_IMPLOSION };

/* an action: a verb and up to three arguments; actions() spells its id */
enum { A_EXPLORE, A_RELOAD, A_HEAL, A_WAIT, A_LEAVE, A_FITCATS, A_SMASH, A_CAMERA, A_ROPE,
       A_DYNAMITE, A_FLARE, A_DRAW, A_REFILL, A_CLIP, A_DONE, A_CLIMB, A_ENTER, A_AVOID,
       A_FACE, A_TAKE, A_TAKE_NOTHING, A_DROP, A_LEAVE_KIT, A_SKIP, A_STOP, A_USE,
       A_SMASH_DOOR, A_ACID, A_RETRACE, A_CUT, A_STRUGGLE, A_ANTI_RAD, A_KEEP, A_HIDE,
       A_SHOOT, A_IMPLODE, A_HTH, A_CNES, A_NEEDLE, A_THROW_NET, A_GRENADE, A_FLASH,
       A_FIGHT_ONE, A_LOSE, A_REFLEXES, A_LOSE_HTH, A_LUCKY, A_NO, A_ESCAPE, A_IMAGIZER,
       A_FIGHT_ON, A_CHOOSE, A_PICK, A_PUT_BACK, A_SPRINT, A_WALK, A_BURST, A_BERSERK,
       A_CALM, A_TRAIN, NVERBS };
typedef struct { uint8_t verb; int16_t a, b, c; } Act;

typedef struct {
    int endurance, wounds, max_wounds, hth, reflexes, marksmanship, skill,
        equipment_allowance, radiation, venom, infected;
} Warrior;
enum { SK_MARKSMANSHIP, SK_ENDURANCE, SK_AGILITY, SK_STRENGTH, SK_CLIMBING, SK_HIDING };

#define NTRAIN 6  /* Advanced Training's attributes, in training.py's TABLE order */
typedef struct {
    int card, points, refit, chosen, waited, left, amount, offers;  /* offers: also a pile */
    int values[NTRAIN], kit, item, target;
} Ctx;

typedef struct State {
    const Data *data;
    Dice dice;
    Warrior w;
    int time, current, field_until, turned, free, left_building, exiting, smash_until, flare,
        sprint;
    Pile decks[2], discards[2], wandering, piles[NPILES];
    uint8_t removed[MAXH];
    int nitems;
    Carried items[MAXCARRY];
    int phase;
    Ctx ctx;
    int ntasks;
    Task tasks[MAXTASK];
    int has_fight;
    Fight fight;
    int determination, has_mark, mark[4];  /* Determination (Overkill) */
    /* what the warrior has seen, for determinizing (state.py): the House cards ever turned
     * face up, and the top cards of the current deck the Remote Camera saw, in order */
    uint8_t seen[MAXH];
    int nknown;
    uint8_t known[MAXKNOWN];
    uint8_t pile_order[NPILES];  /* the Python state's piles dict, in its order (determinize) */
    int result, cause;  /* R_NONE while the game runs */
    const char *err;    /* set if the C met what the Python would raise on */
    /* the decision, cached until the next action */
    int nacts, acts_valid;
    Act acts[MAXACT];
} State;

#define OVER(s) ((s)->result != R_NONE)
#define FAIL(s, msg) do { if (!(s)->err) (s)->err = (msg); } while (0)

#endif
