/* test-util.h — small helpers shared by the engine tests. */
#pragma once

#include <glib.h>

#include "movegen.h"

/* A position of game id from fen (the game's start when fen is NULL);
 * aborts the test on a bad FEN.  Free with g_free. */
Position *test_position_new (const char *id, const char *fen);

/* The legal move from -> to ("e2", "e10"), with promotion letter promo
 * (0 for none); MOVE_NONE when there is none. */
Move test_find_move (const Position *pos, const char *from, const char *to, char promo);

/* Makes from -> to, which must be legal. */
void test_play (Position *pos, const char *from, const char *to);

/* Plays up to plies random legal moves (stops at the end of the game). */
void test_random_playout (Position *pos, GRand *rand, int plies);

/* The position's FEN, newly allocated. */
char *test_fen (const Position *pos);
