/* Dice.parse_and_roll for an expression the Python wrapper has already parsed. */
#include "dice.h"

int dice_roll_expr(Dice *d, const DiceExpr *e) {
    if (e->kind == EXPR_D66) {
        /* Two d6 read as tens and units: the tens die is rolled first. */
        int tens = dice_roll(d, 6);
        int units = dice_roll(d, 6);
        return tens * 10 + units;
    }
    if (e->kind == EXPR_KEEP) {
        /* keep_highest: roll all n, keep the `keep` highest (the sum does not care how ties
         * are ordered, only that every die is rolled, in order). */
        int rolls[EXPR_MAX_DICE];
        for (int i = 0; i < e->n; i++) rolls[i] = dice_roll(d, e->sides);
        for (int i = 1; i < e->n; i++) { /* insertion sort, highest first */
            int v = rolls[i], j = i - 1;
            while (j >= 0 && rolls[j] < v) { rolls[j + 1] = rolls[j]; j--; }
            rolls[j + 1] = v;
        }
        int sum = 0;
        for (int i = 0; i < e->keep; i++) sum += rolls[i];
        return sum + e->plus;
    }
    /* total(n, sides, plus) */
    int sum = 0;
    for (int i = 0; i < e->n; i++) sum += dice_roll(d, e->sides);
    return sum + e->plus;
}
