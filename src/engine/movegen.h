/* movegen.h — legal move generation and perft. */
#pragma once

#include "position.h"

/* Every legal move of the side to move. */
void movegen_legal (const Position *pos, MoveList *list);

/* The legal captures (en passant included) and promotions, for the
 * quiescence search. */
void movegen_captures (const Position *pos, MoveList *list);

/* The number of legal moves, without listing them (perft's leaves). */
int movegen_count (const Position *pos);

/* Whether move is one of the legal moves. */
bool movegen_is_legal (const Position *pos, Move move);

/* Whether from -> to is a pawn's double step that only Carrera's rule
 * forbids: it would block the check, but the enemy could take it en passant. */
bool movegen_double_step_forbidden (const Position *pos, int from, int to);

/* Leaf nodes at depth (bulk-counted at depth 1). */
uint64_t perft (Position *pos, int depth);

/* Where a piece of type and color standing alone on an empty board at from
 * may go (doc/rules.md, "Pieces"): *moves gets the squares it may move to while
 * they are empty, *captures those where it may capture.  A pawn on its
 * first rank gets its longest first step; castling is not a piece move. */
void movegen_piece_reach (const Variant *v, int type, int color, int from,
                          Bitboard *moves, Bitboard *captures);
