/* position.h — a position of one game, with make/unmake and FEN.
 *
 * Castling rights are four bits (color * 2 + side); the rook each right
 * belongs to is fixed when the position is set up.  En passant rights are
 * the squares (one, or two after an Ajax triple step) where a capture may
 * be made, kept only where an enemy pawn attacks them.
 */
#pragma once

#include "variant.h"

#define POSITION_HISTORY_MAX 4096

typedef struct {
  Key key;
  Bitboard ep_squares;     /* en passant capture squares, if any */
  Move move;               /* the move that led here */
  uint8_t castling;        /* rights: bit color * 2 + side */
  uint8_t ep_victim;       /* the pawn an en passant capture removes */
  Piece captured;          /* what the move that led here captured */
  uint16_t rule50;         /* plies since a pawn move or capture */
  uint16_t plies_from_null;/* plies since the last null move (repetition window) */
  Bitboard checkers;       /* the pieces that give check to the side to move */
} PositionState;

typedef struct Position {
  const Variant *variant;
  const Geometry *geometry;
  Piece board[SQUARE_NB];
  Bitboard by_type[PIECE_TYPE_MAX];
  Bitboard by_color[COLOR_NB];
  int side;                                /* to move */
  int fullmove_start;                      /* FEN move number of the set-up position */
  int king_square[COLOR_NB];
  uint8_t castle_rook[COLOR_NB][CASTLE_SIDE_NB]; /* rook square per right, NO_SQUARE if none */
  uint8_t castle_mask[SQUARE_NB];          /* rights lost when a move touches the square */
  int ply;                                 /* moves made since set-up */
  PositionState states[POSITION_HISTORY_MAX];
} Position;

static inline const PositionState *position_state (const Position *pos) { return &pos->states[pos->ply]; }
static inline Bitboard position_occupied (const Position *pos) { return pos->by_color[WHITE] | pos->by_color[BLACK]; }
static inline Bitboard position_pieces (const Position *pos, int color, int type) { return pos->by_type[type] & pos->by_color[color]; }
static inline Key position_key (const Position *pos) { return pos->states[pos->ply].key; }
/* A hash of where both sides' pawns stand (the correction history's and
 * the pawn cache's slot). */
static inline uint64_t position_pawn_hash (const Position *pos)
{
  Bitboard w = position_pieces (pos, WHITE, TYPE_PAWN), b = position_pieces (pos, BLACK, TYPE_PAWN);
  uint64_t h = (uint64_t) w * 0x9E3779B97F4A7C15u ^ (uint64_t) (w >> 64) * 0xC2B2AE3D27D4EB4Fu
               ^ (uint64_t) b * 0x165667B19E3779F9u ^ (uint64_t) (b >> 64) * 0xD6E8FEB86659FD93u;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9u;
  h ^= h >> 32;
  return h;
}
static inline bool position_can_castle (const Position *pos, int color, int side)
{
  return (pos->states[pos->ply].castling >> (color * 2 + side)) & 1;
}

/* Copies src into dst: only the history in use, not the whole array. */
void position_copy (Position *dst, const Position *src);

/* Sets up the game's standard start (for PMRC: start number 0). */
void position_set_start (Position *pos, const Variant *v);

/* Reads a FEN of game v.  On failure returns false, fills err (what and
 * at which character) and leaves pos as it was. */
bool position_set_fen (Position *pos, const Variant *v, const char *fen, ParseError *err);
/* The same, as Chess960 (UCI_Chess960): in a game that castles, the king
 * and its rooks may start anywhere on the first rank and keep their rights
 * (KQkq for the outermost rooks, or Shredder file letters). */
bool position_set_fen_chess960 (Position *pos, const Variant *v, const char *fen, ParseError *err);

/* Writes the FEN; buf should hold FEN_MAX bytes. */
#define FEN_MAX 160
void position_get_fen (const Position *pos, char *buf, size_t size);

/* Whether another move fits in the history (a game of over 4,000 plies
 * does not); position_make aborts rather than overrun it. */
static inline bool position_history_has_room (const Position *pos, int plies)
{
  return pos->ply + plies < POSITION_HISTORY_MAX;
}

/* Makes a legal move. */
void position_make (Position *pos, Move move);
void position_unmake (Position *pos);
/* Passes the turn, for the search; unmade with position_unmake_null. */
void position_make_null (Position *pos);
void position_unmake_null (Position *pos);

/* Pieces of color by that attack sq (capturing moves only), with the given
 * occupancy for sliders. */
Bitboard position_attackers (const Position *pos, int sq, int by, Bitboard occupied);
/* The same for both colours at once. */
Bitboard position_all_attackers (const Position *pos, int sq, Bitboard occupied);
/* Riders of both colours that attack sq: the only attackers that taking a
 * piece off the board can add (a leaper's or pawn's attacks do not pass
 * through squares). */
Bitboard position_slider_attackers (const Position *pos, int sq, Bitboard occupied);
/* Kept by position_make and the set-up, so asking costs nothing. */
static inline Bitboard position_checkers (const Position *pos) { return position_state (pos)->checkers; }
static inline bool position_in_check (const Position *pos) { return position_state (pos)->checkers != 0; }

/* Squares a piece of the given type and color on sq attacks (captures on). */
Bitboard position_piece_attacks (const Position *pos, int color, int type, int sq, Bitboard occupied);

/* Squares color's pawns attack (capture on). */
Bitboard position_pawn_attacks (const Position *pos, int color);

/* Number of times the current position occurred before (same side, rights). */
int position_repetitions (const Position *pos);

/* A full consistency check, for assert() in debug builds and tests. */
bool position_ok (const Position *pos);

/* Key recomputed from scratch (position_ok compares it). */
Key position_compute_key (const Position *pos);
/* The pieces giving check to the side to move, found from the board (what
 * position_checkers() keeps). */
Bitboard position_compute_checkers (const Position *pos);

/* The castling rook for color's right on side, or NO_SQUARE. */
int position_castle_rook (const Position *pos, int color, int side);

/* The square where color's king lands when castling on side. */
int position_castle_king_target (const Position *pos, int color, int side);
int position_castle_rook_target (const Position *pos, int color, int side);
