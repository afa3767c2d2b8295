/* types.h — the engine's shared vocabulary: squares, pieces, moves, keys.
 *
 * Plain C17, libc only.  Boards are up to 10×10; a square is
 * rank * files + file, so a board's squares fit in a 128-bit bitboard.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FILES_MAX 10
#define RANKS_MAX 10
#define SQUARE_NB (FILES_MAX * RANKS_MAX)
#define NO_SQUARE 0x7f

/* Game-local piece types: every game numbers its pieces 0..types-1 with
 * the king first and the pawn second, so the rules code can name them. */
#define PIECE_TYPE_MAX 8
#define TYPE_KING 0
#define TYPE_PAWN 1
#define NO_TYPE 0x0f

typedef uint8_t Square;
typedef uint64_t Key;

enum { WHITE, BLACK, COLOR_NB };

/* A piece on the board: 0 is empty, otherwise 1 + type + 8 * color. */
typedef uint8_t Piece;
#define NO_PIECE 0
static inline Piece make_piece (int color, int type) { return (Piece) (1 + type + 8 * color); }
static inline int piece_type (Piece p) { return (p - 1) & 7; }
static inline int piece_color (Piece p) { return (p - 1) >> 3; }

/* Move layout (32 bits):
 *   bits  0-6   from square
 *   bits  7-13  to square (for castling: the castling rook's square)
 *   bits 14-15  kind: normal, promotion, en passant, castling
 *   bits 16-19  promotion piece type
 * Castling is stored as king-takes-own-rook so that a castling where the
 * king does not move is still a distinct move.  0 is "no move". */
typedef uint32_t Move;
#define MOVE_NONE 0u

enum { MOVE_NORMAL, MOVE_PROMOTION, MOVE_EN_PASSANT, MOVE_CASTLING };

static inline Move move_make (int from, int to, int kind, int promo)
{
  return (Move) from | ((Move) to << 7) | ((Move) kind << 14) | ((Move) promo << 16);
}
static inline int move_from (Move m) { return (int) (m & 0x7f); }
static inline int move_to (Move m) { return (int) ((m >> 7) & 0x7f); }
static inline int move_kind (Move m) { return (int) ((m >> 14) & 3); }
static inline int move_promotion (Move m) { return (int) ((m >> 16) & 0xf); }

/* Enough for any position of these games (the record is well under 200). */
#define MOVES_MAX 512

typedef struct {
  Move moves[MOVES_MAX];
  int count;
} MoveList;

/* Errors the parsers report: a code plus a message naming what and where. */
typedef struct {
  int offset;          /* character offset in the input, -1 if none */
  char message[160];
} ParseError;
