/* Seed 000's simulation, as its listing has it (Group 5, "Snakes and
 * Ladders Simulator", version 1.0), for a side-by-side timing with
 * `tabula simulate snakes`: the same algorithm (a board array of jumps,
 * glibc rand() % 6 + 1 for the die, a landing count per square, a tally
 * of game lengths, the path of the first 100 throws), on tabula's classic
 * board (games/snakes/boards/classic.ron; the seed's own array lost
 * entries in its listing), with the number of games from the command
 * line. The seed's "tools.h" is replaced by the standard headers it
 * stands for, and its PrintMoves/TestDice, which time nothing, are left
 * out. Run by benches/seed-c.sh. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROLL_COUNT 200
#define SQUARE_COUNT 107
#define MOVE_COUNT 120

static char rules[SQUARE_COUNT];
static short moves[MOVE_COUNT];
static long squareCount[SQUARE_COUNT];

static short dice(void) {
    long num = rand();
    num %= 6;
    return (short)(++num);
}

static long CalculateGame(void) {
    short pos = 0;
    long numRolls = 0;
    while (pos < 100) {
        pos += dice();
        squareCount[pos] += 1;
        if (rules[pos] != 0) { pos = rules[pos]; squareCount[pos] += 1; }
        if (numRolls < 100) { moves[numRolls] = pos; }
        numRolls++;
    }
    return numRolls;
}

int main(int argc, char **argv) {
    static const int jumps[][2] = {
        {1, 38}, {4, 14}, {9, 31}, {21, 42}, {28, 84}, {36, 44}, {51, 67},
        {71, 91}, {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19},
        {64, 60}, {87, 24}, {93, 73}, {95, 75}, {98, 78},
    };
    long games = argc > 1 ? atol(argv[1]) : 1000000;
    long countRolls[ROLL_COUNT] = {0};
    long i, game, min = 200, sum = 0, max = 0, mode = 0;
    clock_t tv1, tv2;
    if (games <= 0) {
        fprintf(stderr, "usage: snakes [GAMES]\n");
        return 2;
    }
    for (i = 0; i < (long)(sizeof jumps / sizeof jumps[0]); i++)
        rules[jumps[i][0]] = (char)jumps[i][1];
    srand((unsigned)time(NULL));
    tv1 = clock();
    for (i = 0; i < games; i++) {
        game = CalculateGame();
        if (game < min) min = game;
        sum += game;
        if (game < ROLL_COUNT) countRolls[game] += 1;
    }
    tv2 = clock();
    for (i = 0; i < ROLL_COUNT; i++)
        if (countRolls[i] > max) { max = countRolls[i]; mode = i; }
    printf("games %ld\nmean throws %g\nminimum %ld\nmost common %ld\n"
           "time per game %g us\nlast path starts at %d\n",
           games, (double)sum / games, min, mode,
           (double)(tv2 - tv1) / CLOCKS_PER_SEC / games * 1e6, moves[0]);
    return 0;
}
