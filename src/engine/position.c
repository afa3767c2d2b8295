/* position.c — make/unmake, attacks, keys and repetition. */
#include "position.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static void put_piece (Position *pos, int sq, Piece pc)
{
  Bitboard b = bb_square (sq);
  pos->board[sq] = pc;
  pos->by_type[piece_type (pc)] |= b;
  pos->by_color[piece_color (pc)] |= b;
}

static void remove_piece (Position *pos, int sq)
{
  Piece pc = pos->board[sq];
  Bitboard b = bb_square (sq);
  pos->board[sq] = NO_PIECE;
  pos->by_type[piece_type (pc)] &= ~b;
  pos->by_color[piece_color (pc)] &= ~b;
}

/* The union of the bitboards of the types in a type mask. */
static Bitboard types_bb (const Position *pos, unsigned types)
{
  Bitboard b = 0;
  for (; types; types &= types - 1)
    b |= pos->by_type[__builtin_ctz (types)];
  return b;
}

void position_copy (Position *dst, const Position *src)
{
  memcpy (dst, src, offsetof (Position, states) + (size_t) (src->ply + 1) * sizeof (PositionState));
}

Bitboard position_slider_attackers (const Position *pos, int sq, Bitboard occupied)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  Bitboard attackers = 0;

  if (v->rook_sliders)
    attackers |= rook_attacks (g, sq, occupied) & types_bb (pos, v->rook_sliders);
  if (v->bishop_sliders)
    attackers |= bishop_attacks (g, sq, occupied) & types_bb (pos, v->bishop_sliders);
  return attackers;
}

/* Pieces of either colour but pawns that attack sq. */
static Bitboard piece_attackers (const Position *pos, int sq, Bitboard occupied)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  Bitboard attackers = position_slider_attackers (pos, sq, occupied);

  for (int a = 0; a < ATOM_LEAP_NB; a++)
    if (v->atom_types[a])
      attackers |= g->leap[a][sq] & types_bb (pos, v->atom_types[a]);
  return attackers;
}

Bitboard position_attackers (const Position *pos, int sq, int by, Bitboard occupied)
{
  Bitboard pawns = pos->geometry->pawn_attack[!by][sq] & pos->by_type[TYPE_PAWN];
  return (pawns | piece_attackers (pos, sq, occupied)) & pos->by_color[by];
}

Bitboard position_all_attackers (const Position *pos, int sq, Bitboard occupied)
{
  const Geometry *g = pos->geometry;
  Bitboard pawns = (g->pawn_attack[BLACK][sq] & position_pieces (pos, WHITE, TYPE_PAWN))
                   | (g->pawn_attack[WHITE][sq] & position_pieces (pos, BLACK, TYPE_PAWN));
  return pawns | piece_attackers (pos, sq, occupied);
}

Bitboard position_piece_attacks (const Position *pos, int color, int type, int sq, Bitboard occupied)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;

  if (type == TYPE_PAWN)
    return g->pawn_attack[color][sq];
  Bitboard attacks = v->leap_attacks[type][sq];
  if (v->rook_sliders & (1u << type))
    attacks |= rook_attacks (g, sq, occupied);
  if (v->bishop_sliders & (1u << type))
    attacks |= bishop_attacks (g, sq, occupied);
  return attacks;
}

Bitboard position_pawn_attacks (const Position *pos, int color)
{
  const Geometry *g = pos->geometry;
  Bitboard pawns = position_pieces (pos, color, TYPE_PAWN);
  /* Every pawn at once: a rank forward, a file aside (none off the board's
   * edge files). */
  Bitboard west = pawns & ~g->file_bb[0], east = pawns & ~g->file_bb[g->files - 1];
  if (color == WHITE)
    return ((west << (g->files - 1)) | (east << (g->files + 1))) & g->all;
  return (west >> (g->files + 1)) | (east >> (g->files - 1));
}

Bitboard position_compute_checkers (const Position *pos)
{
  return position_attackers (pos, pos->king_square[pos->side], !pos->side, position_occupied (pos));
}

/* The mover's sliders that check the king along its line through sq
 * (none when sq is on no line with it). */
static inline Bitboard line_checkers (const Position *pos, int king, int sq, Bitboard occupied, Bitboard mover)
{
  const Geometry *g = pos->geometry;
  int d = g->direction[king][sq];
  if (d < 0)
    return 0;
  /* N, E, S and W are the orthogonal directions (bitboard.h). */
  unsigned sliders = d == DIR_N || d == DIR_E || d == DIR_S || d == DIR_W ? pos->variant->rook_sliders
                                                                          : pos->variant->bishop_sliders;
  return sliders ? ray_attacks (g, d, king, occupied) & types_bb (pos, sliders) & mover : 0;
}

/* The checkers after a move from `from` to `to` (not castling; victim
 * the square an en passant capture emptied, or NO_SQUARE) from a position
 * where the side now to move was not in check: a leaper or pawn can only
 * check by having moved there, and a slider only along a line through
 * the king that the move opened or closed, the one through `from`, `to`
 * or the victim (position_ok() checks that the result agrees with every
 * kind's attacks on the king square). */
static Bitboard checkers_after_move (const Position *pos, int from, int to, int victim)
{
  const Variant *v = pos->variant;
  int king = pos->king_square[pos->side], mover_color = !pos->side;
  int type = piece_type (pos->board[to]);
  Bitboard occupied = position_occupied (pos), mover = pos->by_color[mover_color];
  Bitboard checkers = line_checkers (pos, king, from, occupied, mover) | line_checkers (pos, king, to, occupied, mover);
  if (victim != NO_SQUARE)
    checkers |= line_checkers (pos, king, victim, occupied, mover);
  Bitboard direct = type == TYPE_PAWN ? pos->geometry->pawn_attack[mover_color][to] : v->leap_attacks[type][to];

  if (direct & bb_square (king))
    checkers |= bb_square (to);
  return checkers;
}

int position_castle_rook (const Position *pos, int color, int side)
{
  return position_can_castle (pos, color, side) ? pos->castle_rook[color][side] : NO_SQUARE;
}

static int back_rank (const Position *pos, int color)
{
  return color == WHITE ? 0 : pos->variant->ranks - 1;
}

int position_castle_king_target (const Position *pos, int color, int side)
{
  return variant_square (pos->variant, pos->variant->castle_king_file[side], back_rank (pos, color));
}

int position_castle_rook_target (const Position *pos, int color, int side)
{
  return variant_square (pos->variant, pos->variant->castle_rook_file[side], back_rank (pos, color));
}

static Key ep_key (const Variant *v, Bitboard squares)
{
  Key k = 0;
  while (squares)
    k ^= v->zobrist_ep[bb_pop_lsb (&squares)];
  return k;
}

Key position_compute_key (const Position *pos)
{
  const Variant *v = pos->variant;
  const PositionState *st = position_state (pos);
  Key k = 0;

  for (int sq = 0; sq < pos->geometry->squares; sq++)
    if (pos->board[sq])
      k ^= v->zobrist_piece[pos->board[sq]][sq];
  if (pos->side == BLACK)
    k ^= v->zobrist_side;
  return k ^ v->zobrist_castling[st->castling] ^ ep_key (v, st->ep_squares);
}

void position_make (Position *pos, Move move)
{
  const Variant *v = pos->variant;
  const PositionState *prev = &pos->states[pos->ply];
  PositionState *st = &pos->states[pos->ply + 1];
  int us = pos->side, them = !us;
  int from = move_from (move), to = move_to (move);
  Key key = prev->key ^ v->zobrist_side ^ ep_key (v, prev->ep_squares);

  if (!position_history_has_room (pos, 1))
    abort ();
  pos->ply++;
  st->move = move;
  st->captured = NO_PIECE;
  st->ep_squares = 0;
  st->ep_victim = NO_SQUARE;
  st->rule50 = (uint16_t) (prev->rule50 + 1);
  st->plies_from_null = (uint16_t) (prev->plies_from_null + 1);

  if (move_kind (move) == MOVE_CASTLING)
    {
      int side = to > from ? CASTLE_H_SIDE : CASTLE_A_SIDE;
      int king_to = position_castle_king_target (pos, us, side);
      int rook_to = position_castle_rook_target (pos, us, side);
      Piece king = pos->board[from], rook = pos->board[to];
      remove_piece (pos, from);
      remove_piece (pos, to);
      put_piece (pos, king_to, king);
      put_piece (pos, rook_to, rook);
      key ^= v->zobrist_piece[king][from] ^ v->zobrist_piece[king][king_to]
           ^ v->zobrist_piece[rook][to] ^ v->zobrist_piece[rook][rook_to];
      pos->king_square[us] = king_to;
    }
  else
    {
      Piece pc = pos->board[from];
      int type = piece_type (pc);
      int capture_sq = move_kind (move) == MOVE_EN_PASSANT ? prev->ep_victim : to;
      Piece captured = pos->board[capture_sq];

      if (captured)
        {
          remove_piece (pos, capture_sq);
          key ^= v->zobrist_piece[captured][capture_sq];
          st->captured = captured;
          st->rule50 = 0;
        }
      remove_piece (pos, from);
      key ^= v->zobrist_piece[pc][from];
      if (move_kind (move) == MOVE_PROMOTION)
        pc = make_piece (us, move_promotion (move));
      put_piece (pos, to, pc);
      key ^= v->zobrist_piece[pc][to];

      if (type == TYPE_KING)
        pos->king_square[us] = to;
      else if (type == TYPE_PAWN)
        {
          int step = us == WHITE ? v->files : -v->files;
          st->rule50 = 0;
          /* A double or triple step: en passant on each passed square that
           * an enemy pawn attacks (doc/rules.md, "Pawns and Promotion"). */
          bool long_step = abs (to - from) > v->files && (to - from) % v->files == 0;
          for (int sq = from + step; long_step && sq != to; sq += step)
            if (pos->geometry->pawn_attack[us][sq] & position_pieces (pos, them, TYPE_PAWN))
              st->ep_squares |= bb_square (sq);
          if (st->ep_squares)
            {
              st->ep_victim = (uint8_t) to;
              key ^= ep_key (v, st->ep_squares);
            }
        }
    }

  st->castling = prev->castling & pos->castle_mask[from] & pos->castle_mask[to];
  key ^= v->zobrist_castling[prev->castling] ^ v->zobrist_castling[st->castling];
  st->key = key;
  pos->side = them;
  st->checkers = move_kind (move) == MOVE_CASTLING ? position_compute_checkers (pos)
                 : checkers_after_move (pos, from, to,
                                        move_kind (move) == MOVE_EN_PASSANT ? prev->ep_victim : NO_SQUARE);
}

void position_unmake (Position *pos)
{
  const PositionState *st = &pos->states[pos->ply];
  Move move = st->move;
  int from = move_from (move), to = move_to (move);
  int us = !pos->side;

  assert (pos->ply > 0);
  pos->side = us;
  if (move_kind (move) == MOVE_CASTLING)
    {
      int side = to > from ? CASTLE_H_SIDE : CASTLE_A_SIDE;
      int king_to = position_castle_king_target (pos, us, side);
      int rook_to = position_castle_rook_target (pos, us, side);
      Piece king = pos->board[king_to], rook = pos->board[rook_to];
      remove_piece (pos, king_to);
      remove_piece (pos, rook_to);
      put_piece (pos, from, king);
      put_piece (pos, to, rook);
      pos->king_square[us] = from;
    }
  else
    {
      Piece pc = pos->board[to];
      remove_piece (pos, to);
      if (move_kind (move) == MOVE_PROMOTION)
        pc = make_piece (us, TYPE_PAWN);
      put_piece (pos, from, pc);
      if (piece_type (pc) == TYPE_KING)
        pos->king_square[us] = from;
      if (st->captured)
        put_piece (pos, move_kind (move) == MOVE_EN_PASSANT ? pos->states[pos->ply - 1].ep_victim : to,
                   st->captured);
    }
  pos->ply--;
}

void position_make_null (Position *pos)
{
  const Variant *v = pos->variant;
  const PositionState *prev = &pos->states[pos->ply];
  PositionState *st = &pos->states[pos->ply + 1];

  if (!position_history_has_room (pos, 1))
    abort ();
  *st = *prev;
  st->key = prev->key ^ v->zobrist_side ^ ep_key (v, prev->ep_squares);
  st->ep_squares = 0;
  st->ep_victim = NO_SQUARE;
  st->move = MOVE_NONE;
  st->captured = NO_PIECE;
  st->rule50 = (uint16_t) (prev->rule50 + 1);
  st->plies_from_null = 0;
  pos->ply++;
  pos->side = !pos->side;
  st->checkers = position_compute_checkers (pos);
}

void position_unmake_null (Position *pos)
{
  pos->ply--;
  pos->side = !pos->side;
}

int position_repetitions (const Position *pos)
{
  const PositionState *st = position_state (pos);
  int window = st->rule50 < st->plies_from_null ? st->rule50 : st->plies_from_null;
  int count = 0;

  if (window > pos->ply)
    window = pos->ply;
  for (int back = 4; back <= window; back += 2)
    if (pos->states[pos->ply - back].key == st->key)
      count++;
  return count;
}

bool position_ok (const Position *pos)
{
  const Geometry *g = pos->geometry;
  Bitboard by_type[PIECE_TYPE_MAX] = { 0 }, by_color[COLOR_NB] = { 0 };

  for (int sq = 0; sq < g->squares; sq++)
    {
      Piece pc = pos->board[sq];
      if (!pc)
        continue;
      if (piece_type (pc) >= pos->variant->types)
        return false;
      by_type[piece_type (pc)] |= bb_square (sq);
      by_color[piece_color (pc)] |= bb_square (sq);
    }
  if (memcmp (by_type, pos->by_type, sizeof by_type) != 0 || memcmp (by_color, pos->by_color, sizeof by_color) != 0)
    return false;
  for (int c = 0; c < COLOR_NB; c++)
    if (position_pieces (pos, c, TYPE_KING) != bb_square (pos->king_square[c]))
      return false;
  if (position_attackers (pos, pos->king_square[!pos->side], pos->side, position_occupied (pos)))
    return false;
  if (position_compute_checkers (pos) != position_checkers (pos))
    return false;
  return position_compute_key (pos) == position_key (pos);
}
