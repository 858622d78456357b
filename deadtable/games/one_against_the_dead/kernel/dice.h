/* The game's dice: the engine's generator (engine/csrc/dice.h, splitmix64 exactly as
 * deadtable/engine/dice.py draws it) and the dice expressions of the game's data file. */
#ifndef OATD_DICE_H
#define OATD_DICE_H

#include <stdint.h>

#include "engine/csrc/dice.h"

/* A dice expression compiled by the Python wrapper from Dice.parse_and_roll's grammar:
 * 'd66', 'NdM+P' and 'NdMkhK+P'. */
enum { EXPR_TOTAL = 0, EXPR_D66 = 1, EXPR_KEEP = 2 };
#define EXPR_MAX_DICE 64 /* keep-highest rolls at most this many (the wrapper checks) */

typedef struct {
    int kind, n, sides, keep, plus;
} DiceExpr;

int dice_roll_expr(Dice *d, const DiceExpr *e);

#endif
