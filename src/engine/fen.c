/* fen.c — reading and writing FEN (doc/rules.md, "Writing the games down").
 *
 * Ranks may hold two-digit runs ("10"); castling is KQkq or Shredder file
 * letters; en passant is "-" or one or two squares run together ("e3e4").
 */
#include "position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool fail (ParseError *err, const char *fen, const char *at, const char *format, ...)
{
  if (!err)
    return false;
  va_list args;
  va_start (args, format);
  err->offset = at ? (int) (at - fen) : -1;
  vsnprintf (err->message, sizeof err->message, format, args);
  va_end (args);
  return false;
}

static const char *skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* Reads a square name ("e3", "e10"); returns the characters used, 0 if none. */
static int read_square (const Variant *v, const char *p, int *sq)
{
  if (*p < 'a' || *p >= 'a' + v->files || !isdigit ((unsigned char) p[1]))
    return 0;
  int rank = p[1] - '0', used = 2;
  if (isdigit ((unsigned char) p[2]))
    rank = rank * 10 + p[2] - '0', used = 3;
  if (rank < 1 || rank > v->ranks)
    return 0;
  *sq = variant_square (v, *p - 'a', rank - 1);
  return used;
}

static bool read_board (Position *pos, const char *fen, const char **cursor, ParseError *err)
{
  const Variant *v = pos->variant;
  const char *p = *cursor;

  for (int rank = v->ranks - 1; rank >= 0; rank--)
    {
      int file = 0;
      while (*p && *p != '/' && *p != ' ')
        {
          if (isdigit ((unsigned char) *p))
            {
              const char *start = p;
              int run = 0;
              while (isdigit ((unsigned char) *p) && run <= v->files)
                run = run * 10 + *p++ - '0';
              if (*start == '0')
                return fail (err, fen, start, "a run of empty squares cannot start with 0");
              if (file + run > v->files)
                return fail (err, fen, start, "rank %d holds more than %d squares", rank + 1, v->files);
              file += run;
              continue;
            }
          int type = isalpha ((unsigned char) *p) ? v->letter_type[toupper ((unsigned char) *p)] : -1;
          if (type < 0)
            return fail (err, fen, p, "'%c' is not a piece of %s", *p, v->name);
          if (file >= v->files)
            return fail (err, fen, p, "rank %d holds more than %d squares", rank + 1, v->files);
          pos->board[variant_square (v, file++, rank)] = make_piece (islower ((unsigned char) *p) ? BLACK : WHITE, type);
          p++;
        }
      if (file != v->files)
        return fail (err, fen, p, "rank %d holds %d squares, not %d", rank + 1, file, v->files);
      if (rank > 0)
        {
          if (*p != '/')
            return fail (err, fen, p, "the board has %d ranks, this one only %d", v->ranks, v->ranks - rank);
          p++;
        }
    }
  if (*p == '/')
    return fail (err, fen, p, "the board has more than %d ranks", v->ranks);
  *cursor = p;
  return true;
}

/* The outermost castling rook of color on side of its king, or -1. */
static int outermost_rook (const Position *pos, int color, int side)
{
  const Variant *v = pos->variant;
  int rank = color == WHITE ? 0 : v->ranks - 1;
  int king_file = square_file (v, pos->king_square[color]);
  Piece rook = make_piece (color, v->castle_rook_type);

  if (side == CASTLE_A_SIDE)
    {
      for (int f = 0; f < king_file; f++)
        if (pos->board[variant_square (v, f, rank)] == rook)
          return variant_square (v, f, rank);
    }
  else
    for (int f = v->files - 1; f > king_file; f--)
      if (pos->board[variant_square (v, f, rank)] == rook)
        return variant_square (v, f, rank);
  return -1;
}

/* Reads the castling field.  A right that cannot apply (the game has no
 * castling, the king is off its first rank or, in the fixed-castling
 * games, off its starting square, or there is no rook for it) is dropped,
 * as other programs do, so that a position from another program still
 * reads; a character that is no castling right, or a right given twice,
 * is an error.  Read as Chess960 (UCI_Chess960), a game that castles
 * castles from any array, as in the free-castling games. */
static bool read_castling (Position *pos, const char *fen, bool chess960, const char **cursor, ParseError *err)
{
  const Variant *v = pos->variant;
  CastlingStyle style = chess960 && v->castling != CASTLING_NONE ? CASTLING_FREE : v->castling;
  const char *p = *cursor;
  uint8_t rights = 0, named = 0;

  if (*p == '-')
    {
      *cursor = p + 1;
      return true;
    }
  for (; *p && *p != ' '; p++)
    {
      int color = isupper ((unsigned char) *p) ? WHITE : BLACK;
      char c = (char) toupper ((unsigned char) *p);
      int rank = color == WHITE ? 0 : v->ranks - 1;
      int king = pos->king_square[color];
      bool king_on_rank = square_rank (v, king) == rank;
      int rook = -1, side;
      uint8_t right;

      if (c == 'K' || c == 'Q')
        {
          side = c == 'K' ? CASTLE_H_SIDE : CASTLE_A_SIDE;
          if (king_on_rank)
            rook = outermost_rook (pos, color, side);
        }
      else if (c >= 'A' && c < 'A' + v->files)
        {
          rook = variant_square (v, c - 'A', rank);
          side = square_file (v, rook) > square_file (v, king) ? CASTLE_H_SIDE : CASTLE_A_SIDE;
          if (!king_on_rank || pos->board[rook] != make_piece (color, v->castle_rook_type))
            rook = -1;
        }
      else
        return fail (err, fen, p, "'%c' is not a castling right", *p);

      /* "Given twice" counts the letters as written, kept or dropped. */
      right = (uint8_t) (1u << (color * 2 + side));
      if (named & right)
        return fail (err, fen, p, "castling right '%c' is given twice", *p);
      named |= right;

      if (rook < 0 || style == CASTLING_NONE)
        continue;
      if (style == CASTLING_FIXED
          && (square_file (v, king) != v->king_home_file[color]
              || square_file (v, rook) != (side == CASTLE_A_SIDE ? 0 : v->files - 1)))
        continue;
      rights |= right;
      pos->castle_rook[color][side] = (uint8_t) rook;
    }
  if (p == *cursor)
    return fail (err, fen, p, "the castling field is missing");
  pos->states[0].castling = rights;
  *cursor = p;
  return true;
}

static bool read_en_passant (Position *pos, const char *fen, const char **cursor, ParseError *err)
{
  const Variant *v = pos->variant;
  const char *p = *cursor;
  PositionState *st = &pos->states[0];
  int us = pos->side, them = !us;
  int step = them == WHITE ? v->files : -v->files;
  int victim = NO_SQUARE;

  if (*p == '-')
    {
      *cursor = p + 1;
      return true;
    }
  while (*p && *p != ' ')
    {
      int sq, used = read_square (v, p, &sq);
      if (!used)
        return fail (err, fen, p, "'%.3s' is not an en passant square of %s", p, v->name);
      /* The pawn that passed sq stands further along its file. */
      int target = sq, rank_from_home = them == WHITE ? square_rank (v, sq) - 1 : v->ranks - 2 - square_rank (v, sq);
      if (pos->board[sq] || rank_from_home < 1 || rank_from_home >= v->pawn_step_max)
        return fail (err, fen, p, "no pawn can have passed over the en passant square %.*s", used, p);
      do
        target += step;
      while (!pos->board[target] && square_rank (v, target) != (them == WHITE ? 1 + v->pawn_step_max : v->ranks - 2 - v->pawn_step_max));
      if (pos->board[target] != make_piece (them, TYPE_PAWN)
          || (rank_from_home + (target - sq) / step > v->pawn_step_max)
          || (victim != NO_SQUARE && victim != target))
        return fail (err, fen, p, "no pawn can have passed over the en passant square %.*s", used, p);
      victim = target;
      if (pos->geometry->pawn_attack[them][sq] & position_pieces (pos, us, TYPE_PAWN))
        st->ep_squares |= bb_square (sq);
      p += used;
    }
  if (st->ep_squares)
    st->ep_victim = (uint8_t) victim;
  *cursor = p;
  return true;
}

/* Counters stop at 65535, which PositionState's 16-bit clock holds. */
static bool read_counter (const char *fen, const char **cursor, int *value, int min, ParseError *err)
{
  const char *p = *cursor;
  long n = 0;

  if (!isdigit ((unsigned char) *p))
    return fail (err, fen, p, "expected a move counter, found '%.8s'", p);
  while (isdigit ((unsigned char) *p))
    {
      n = n * 10 + *p++ - '0';
      if (n > 65535)
        return fail (err, fen, *cursor, "the move counter is larger than 65535");
    }
  if (n < min)
    return fail (err, fen, *cursor, "the move counter must be at least %d", min);
  *value = (int) n;
  *cursor = p;
  return true;
}

static void position_finish_setup (Position *pos)
{
  for (int sq = 0; sq < SQUARE_NB; sq++)
    pos->castle_mask[sq] = 0xff;
  for (int c = 0; c < COLOR_NB; c++)
    {
      pos->castle_mask[pos->king_square[c]] &= (uint8_t) ~(3u << (2 * c));
      for (int side = 0; side < CASTLE_SIDE_NB; side++)
        if (pos->states[0].castling & (1u << (c * 2 + side)))
          pos->castle_mask[pos->castle_rook[c][side]] &= (uint8_t) ~(1u << (c * 2 + side));
    }
  pos->states[0].key = position_compute_key (pos);
  pos->states[0].checkers = position_compute_checkers (pos);
}

/* What a FEN sets: all of a Position but its history after the first
 * entry (the whole is 256 KiB, far too much to clear for each FEN read). */
#define SETUP_SIZE (offsetof (Position, states) + sizeof (PositionState))

static bool set_fen (Position *pos, const Variant *v, const char *fen, bool chess960, ParseError *err)
{
  unsigned char saved[SETUP_SIZE];
  const char *p;
  int rule50 = 0, fullmove = 1;

  if (!v || !fen)
    return fail (err, fen, NULL, v ? "no FEN given" : "unknown game");
  /* Read in place; what was there is put back if the FEN is refused. */
  memcpy (saved, pos, SETUP_SIZE);
  memset (pos, 0, SETUP_SIZE);
  pos->variant = v;
  pos->geometry = v->geometry;
  memset (pos->castle_rook, NO_SQUARE, sizeof pos->castle_rook);
  pos->states[0].ep_victim = NO_SQUARE;

  p = skip_spaces (fen);
  if (!read_board (pos, fen, &p, err))
    goto error;
  for (int sq = 0; sq < v->geometry->squares; sq++)
    if (pos->board[sq])
      {
        Piece pc = pos->board[sq];
        pos->by_type[piece_type (pc)] |= bb_square (sq);
        pos->by_color[piece_color (pc)] |= bb_square (sq);
      }
  for (int c = 0; c < COLOR_NB; c++)
    {
      Bitboard kings = position_pieces (pos, c, TYPE_KING);
      if (bb_count (kings) != 1)
        {
          fail (err, fen, NULL, "%s must have exactly one king, not %d", c == WHITE ? "White" : "Black", bb_count (kings));
          goto error;
        }
      pos->king_square[c] = bb_lsb (kings);
    }
  if (pos->by_type[TYPE_PAWN] & (v->geometry->rank_bb[0] | v->geometry->rank_bb[v->ranks - 1]))
    {
      fail (err, fen, NULL, "a pawn stands on the first or last rank");
      goto error;
    }

  p = skip_spaces (p);
  if (*p == 'w' || *p == 'b')
    pos->side = *p++ == 'w' ? WHITE : BLACK;
  else if (*p)
    {
      fail (err, fen, p, "the side to move must be 'w' or 'b', not '%c'", *p);
      goto error;
    }
  if (*p && *p != ' ')
    {
      fail (err, fen, p, "expected a space after the side to move");
      goto error;
    }
  p = skip_spaces (p);
  if (*p && !read_castling (pos, fen, chess960, &p, err))
    goto error;
  p = skip_spaces (p);
  if (*p && !read_en_passant (pos, fen, &p, err))
    goto error;
  p = skip_spaces (p);
  if (*p && !read_counter (fen, &p, &rule50, 0, err))
    goto error;
  p = skip_spaces (p);
  if (*p && !read_counter (fen, &p, &fullmove, 1, err))
    goto error;
  p = skip_spaces (p);
  if (*p)
    {
      fail (err, fen, p, "unexpected text after the move number: '%.12s'", p);
      goto error;
    }
  if (position_attackers (pos, pos->king_square[!pos->side], pos->side, position_occupied (pos)))
    {
      fail (err, fen, NULL, "the side not to move is in check");
      goto error;
    }
  pos->states[0].rule50 = (uint16_t) rule50;
  pos->fullmove_start = fullmove * 2 + (pos->side == BLACK);
  position_finish_setup (pos);
  return true;

error:
  memcpy (pos, saved, SETUP_SIZE);
  return false;
}

bool position_set_fen (Position *pos, const Variant *v, const char *fen, ParseError *err)
{
  return set_fen (pos, v, fen, false, err);
}

bool position_set_fen_chess960 (Position *pos, const Variant *v, const char *fen, ParseError *err)
{
  return set_fen (pos, v, fen, true, err);
}

void position_set_start (Position *pos, const Variant *v)
{
  bool ok = position_set_fen (pos, v, v->start_fen, NULL);
  (void) ok;
}

static char piece_char (const Variant *v, Piece pc)
{
  char c = v->type_letter[piece_type (pc)];
  return piece_color (pc) == WHITE ? c : (char) tolower ((unsigned char) c);
}

void position_get_fen (const Position *pos, char *buf, size_t size)
{
  const Variant *v = pos->variant;
  const PositionState *st = position_state (pos);
  char out[FEN_MAX];
  size_t n = 0;

  for (int rank = v->ranks - 1; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < v->files; file++)
        {
          Piece pc = pos->board[variant_square (v, file, rank)];
          if (!pc)
            {
              empty++;
              continue;
            }
          if (empty)
            n += (size_t) sprintf (out + n, "%d", empty);
          empty = 0;
          out[n++] = piece_char (v, pc);
        }
      if (empty)
        n += (size_t) sprintf (out + n, "%d", empty);
      if (rank > 0)
        out[n++] = '/';
    }
  out[n++] = ' ';
  out[n++] = pos->side == WHITE ? 'w' : 'b';
  out[n++] = ' ';
  if (!st->castling)
    out[n++] = '-';
  for (int c = 0; c < COLOR_NB; c++)
    for (int side = CASTLE_H_SIDE; side >= CASTLE_A_SIDE; side--)
      if (position_can_castle (pos, c, side))
        {
          int rook = pos->castle_rook[c][side];
          char letter = rook == outermost_rook (pos, c, side) ? (side == CASTLE_H_SIDE ? 'K' : 'Q')
                                                              : (char) ('A' + square_file (v, rook));
          out[n++] = c == WHITE ? letter : (char) tolower ((unsigned char) letter);
        }
  out[n++] = ' ';
  if (!st->ep_squares)
    out[n++] = '-';
  for (Bitboard ep = st->ep_squares; ep;)
    {
      int sq = bb_pop_lsb (&ep);
      n += (size_t) sprintf (out + n, "%c%d", 'a' + square_file (v, sq), square_rank (v, sq) + 1);
    }
  int fullmove = (pos->fullmove_start + pos->ply) / 2;
  snprintf (out + n, sizeof out - n, " %d %d", st->rule50, fullmove);
  snprintf (buf, size, "%s", out);
}
