/* notation.c — moves as text: SAN with each game's letters and castling
 * notation (doc/rules.md, "Writing the games down"), UCI, and long algebraic.
 *
 * Readers never trust their input: it is trimmed into a bounded copy
 * first, and every move read is resolved against the legal move list.
 */
#include "notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The longest text read as a move; "Qa10xb10=Q+!?" is far below it. */
#define INPUT_MAX 64
/* How much of a rejected text an error message quotes. */
#define QUOTE_MAX 24

typedef struct {
  char text[INPUT_MAX + 1];    /* the trimmed input */
  size_t length;               /* without trailing annotations (+#!? e.p.) */
  char quoted[QUOTE_MAX + 4];  /* printable copy for messages */
} Input;

/* A move given by squares (UCI, long algebraic). */
typedef struct {
  int type;                    /* piece letter given, -1 if none */
  int from;
  int to;
  int promotion;               /* type, -1 if none */
} Coordinates;

/* What a SAN text says about its move; -1 for what it leaves open. */
typedef struct {
  int type;
  int from_file;
  int from_rank;
  int to;
  int promotion;
} SanParts;

typedef Move (*MoveReader) (const Position *pos, const Input *in, ParseError *err, bool *understood);

static bool is_digit (char c) { return c >= '0' && c <= '9'; }
static bool is_upper (char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower (char c) { return c >= 'a' && c <= 'z'; }
static bool is_space (char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static char to_upper (char c) { return is_lower (c) ? (char) (c - 'a' + 'A') : c; }

__attribute__ ((format (printf, 3, 4)))
static Move fail (ParseError *err, int offset, const char *format, ...)
{
  if (!err)
    return MOVE_NONE;
  va_list args;
  va_start (args, format);
  err->offset = offset;
  vsnprintf (err->message, sizeof err->message, format, args);
  va_end (args);
  return MOVE_NONE;
}

/* Copies up to QUOTE_MAX characters of text for a message, control and
 * non-ASCII bytes shown as '?', "..." when cut. */
static void quote (const char *text, size_t length, char *out)
{
  size_t n = length < QUOTE_MAX ? length : QUOTE_MAX;
  for (size_t i = 0; i < n; i++)
    out[i] = text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
  strcpy (out + n, length > QUOTE_MAX ? "..." : "");
}

static bool is_annotation (char c)
{
  return c == '+' || c == '#' || c == '!' || c == '?' || is_space (c);
}

/* The length of text once trailing check marks, annotations ("!?") and an
 * en passant mark ("e.p.", "ep") after a square are cut off. */
static size_t strip_annotations (const char *text, size_t length)
{
  static const char *const ep_marks[] = { "e.p.", "ep" };

  for (;;)
    {
      size_t before = length;
      while (length > 0 && is_annotation (text[length - 1]))
        length--;
      for (size_t i = 0; i < sizeof ep_marks / sizeof ep_marks[0]; i++)
        {
          size_t mark = strlen (ep_marks[i]);
          if (length > mark && strncmp (text + length - mark, ep_marks[i], mark) == 0
              && (is_digit (text[length - mark - 1]) || is_space (text[length - mark - 1])))
            {
              length -= mark;
              break;
            }
        }
      if (length == before)
        return length;
    }
}

/* Trims the caller's text into in; false (with err) when there is none
 * or it is too long to be a move. */
static bool read_input (const char *text, Input *in, ParseError *err)
{
  if (!text)
    {
      fail (err, -1, "no move given");
      return false;
    }
  const char *start = text;
  while (is_space (*start))
    start++;
  size_t length = 0;
  while (length <= INPUT_MAX && start[length])
    length++;
  if (length > INPUT_MAX)
    {
      quote (start, length, in->quoted);
      fail (err, (int) (start - text), "'%s' is too long to be a move", in->quoted);
      return false;
    }
  while (length > 0 && is_space (start[length - 1]))
    length--;
  if (length == 0)
    {
      fail (err, -1, "no move given");
      return false;
    }
  memcpy (in->text, start, length);
  in->text[length] = '\0';
  quote (in->text, length, in->quoted);
  in->length = strip_annotations (in->text, length);
  return true;
}

static Move not_a_move (const Position *pos, const Input *in, ParseError *err)
{
  return fail (err, 0, "'%s' is not a move of %s", in->quoted, pos->variant->name);
}

static Move no_legal_move (const Input *in, ParseError *err)
{
  return fail (err, -1, "no legal move matches '%s'", in->quoted);
}

void notation_square (const Variant *v, int sq, char *buf)
{
  if (sq < 0 || sq >= v->files * v->ranks)
    {
      strcpy (buf, "-");
      return;
    }
  int rank = square_rank (v, sq) + 1;
  *buf++ = (char) ('a' + square_file (v, sq));
  if (rank >= 10)
    *buf++ = (char) ('0' + rank / 10);
  *buf++ = (char) ('0' + rank % 10);
  *buf = '\0';
}

static int castling_side (const Position *pos, Move move)
{
  const Variant *v = pos->variant;
  return square_file (v, move_to (move)) > square_file (v, move_from (move)) ? CASTLE_H_SIDE : CASTLE_A_SIDE;
}

static bool is_capture (const Position *pos, Move move)
{
  return move_kind (move) == MOVE_EN_PASSANT
         || (move_kind (move) != MOVE_CASTLING && pos->board[move_to (move)] != NO_PIECE);
}

/* "+" or "#" when the move gives check or mate, else "". */
static const char *check_suffix (const Position *pos, Move move)
{
  /* Casting away const is safe: make then unmake restores *pos exactly. */
  Position *scratch = (Position *) pos;
  const char *suffix = "";

  if (!position_history_has_room (pos, 1))
    return suffix;  /* no room in the history to try the move */
  position_make (scratch, move);
  if (position_in_check (scratch))
    suffix = movegen_count (scratch) > 0 ? "+" : "#";
  position_unmake (scratch);
  return suffix;
}

/* The from-square part a piece move needs to tell it from the other legal
 * moves of the same piece type to the same square: file, else rank, else
 * both (empty when there are none). */
static void write_disambiguation (const Position *pos, Move move, char *out, size_t size)
{
  const Variant *v = pos->variant;
  int from = move_from (move), to = move_to (move);
  int type = piece_type (pos->board[from]);
  bool clash = false, same_file = false, same_rank = false;
  MoveList list;
  char square[4];

  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move other = list.moves[i];
      int other_from = move_from (other);
      if (other_from == from || move_to (other) != to || move_kind (other) == MOVE_CASTLING
          || piece_type (pos->board[other_from]) != type)
        continue;
      clash = true;
      same_file |= square_file (v, other_from) == square_file (v, from);
      same_rank |= square_rank (v, other_from) == square_rank (v, from);
    }
  notation_square (v, from, square);
  if (!clash)
    out[0] = '\0';
  else if (!same_file)
    snprintf (out, size, "%c", square[0]);
  else if (!same_rank)
    snprintf (out, size, "%s", square + 1);
  else
    snprintf (out, size, "%s", square);
}

void notation_san (const Position *pos, Move move, char *buf, size_t size)
{
  const Variant *v = pos->variant;
  int from = move_from (move), to = move_to (move);
  char out[MOVE_TEXT_MAX * 2], letter[2] = "", target[4], from_part[4] = "", promotion[3] = "";

  if (size == 0)
    return;
  if (move == MOVE_NONE || from >= SQUARE_NB || pos->board[from] == NO_PIECE)
    {
      snprintf (buf, size, "--");
      return;
    }
  if (move_kind (move) == MOVE_CASTLING)
    {
      snprintf (buf, size, "%s%s", v->castle_san[castling_side (pos, move)], check_suffix (pos, move));
      return;
    }

  int type = piece_type (pos->board[from]);
  bool capture = is_capture (pos, move);
  notation_square (v, to, target);
  if (type == TYPE_PAWN)
    {
      /* A pawn capture names the file it leaves ("exd5"). */
      if (capture)
        snprintf (from_part, sizeof from_part, "%c", 'a' + square_file (v, from));
    }
  else
    {
      letter[0] = v->type_letter[type];
      if (type != TYPE_KING)
        write_disambiguation (pos, move, from_part, sizeof from_part);
    }
  if (move_kind (move) == MOVE_PROMOTION)
    snprintf (promotion, sizeof promotion, "=%c", v->type_letter[move_promotion (move)]);

  snprintf (out, sizeof out, "%s%s%s%s%s%s", letter, from_part, capture ? "x" : "", target, promotion,
            check_suffix (pos, move));
  snprintf (buf, size, "%s", out);
}

void notation_uci (const Position *pos, Move move, bool chess960, char *buf, size_t size)
{
  const Variant *v = pos->variant;
  int from = move_from (move), to = move_to (move);
  char from_name[4], to_name[4], promotion[2] = "";

  if (size == 0)
    return;
  if (move == MOVE_NONE)
    {
      snprintf (buf, size, "0000");
      return;
    }
  if (move_kind (move) == MOVE_CASTLING && !chess960 && v->castling != CASTLING_FREE)
    to = position_castle_king_target (pos, pos->side, castling_side (pos, move));
  if (move_kind (move) == MOVE_PROMOTION)
    promotion[0] = (char) (v->type_letter[move_promotion (move)] - 'A' + 'a');
  notation_square (v, from, from_name);
  notation_square (v, to, to_name);
  snprintf (buf, size, "%s%s%s", from_name, to_name, promotion);
}

/* A file letter of the game, or -1. */
static int read_file (const Variant *v, char c)
{
  return c >= 'a' && c < 'a' + v->files ? c - 'a' : -1;
}

/* A rank of one or two digits at text[*i], before end; -1 if none or not
 * on the board. */
static int read_rank (const Variant *v, const char *text, size_t *i, size_t end)
{
  size_t start = *i;
  int rank = 0;

  while (*i < end && *i - start < 2 && is_digit (text[*i]))
    rank = rank * 10 + text[(*i)++] - '0';
  if (*i == start || text[start] == '0' || rank > v->ranks)
    return -1;
  return rank - 1;
}

/* A square name at text[*i], before end; -1 if none. */
static int read_square (const Variant *v, const char *text, size_t *i, size_t end)
{
  if (*i >= end)
    return -1;
  int file = read_file (v, text[*i]);
  size_t after = *i + 1;
  int rank = file < 0 ? -1 : read_rank (v, text, &after, end);
  if (rank < 0)
    return -1;
  *i = after;
  return variant_square (v, file, rank);
}

/* An upper-case piece letter of the game, or -1. */
static int read_piece_letter (const Variant *v, char c)
{
  return is_upper (c) ? v->letter_type[(unsigned char) c] : -1;
}

/* The castling side text names in the game ("O-Ob", "0-0", and the
 * O-O / O-O-O aliases where the game has them), or -1.  Whole strings are
 * compared, so "O-O" is never taken for the start of "O-Ob". */
static int read_castling (const Variant *v, const char *text, size_t length)
{
  char normal[8];

  if (v->castling == CASTLING_NONE || length >= sizeof normal)
    return -1;
  for (size_t i = 0; i < length; i++)
    normal[i] = text[i] == '0' || text[i] == 'o' ? 'O' : text[i];
  normal[length] = '\0';
  for (int side = 0; side < CASTLE_SIDE_NB; side++)
    if (v->castle_san[side] && strcmp (normal, v->castle_san[side]) == 0)
      return side;
  if (v->castle_san_aliases && strcmp (normal, "O-O") == 0)
    return CASTLE_H_SIDE;
  if (v->castle_san_aliases && strcmp (normal, "O-O-O") == 0)
    return CASTLE_A_SIDE;
  return -1;
}

static Move find_castling (const MoveList *list, const Position *pos, int side)
{
  for (int i = 0; i < list->count; i++)
    if (move_kind (list->moves[i]) == MOVE_CASTLING && castling_side (pos, list->moves[i]) == side)
      return list->moves[i];
  return MOVE_NONE;
}

/* Splits a SAN body: [piece] [from file] [from rank] [x|:] square
 * [=promotion | Promotion].  False when the text is not of that shape. */
static bool split_san (const Variant *v, const char *text, size_t length, SanParts *parts)
{
  size_t i = 0, end = length;
  bool capture = false;

  *parts = (SanParts) { TYPE_PAWN, -1, -1, -1, -1 };
  if (length > 0 && is_upper (text[0]))
    {
      parts->type = read_piece_letter (v, text[0]);
      if (parts->type < 0)
        return false;
      i = 1;
    }
  /* The promotion: "=Q", "=q", "Q", and the older "/Q" and "(Q)" that
   * some programs and books still write. */
  char promotion = '\0';
  if (end >= i + 4 && text[end - 1] == ')' && text[end - 3] == '(')
    {
      promotion = text[end - 2];
      end -= 3;
    }
  else if (end >= i + 2 && (text[end - 2] == '=' || text[end - 2] == '/')
           && (is_upper (text[end - 1]) || is_lower (text[end - 1])))
    {
      promotion = text[end - 1];
      end -= 2;
    }
  else if (end >= i + 2 && is_upper (text[end - 1]))
    {
      promotion = text[end - 1];
      end--;
    }
  if (promotion)
    {
      parts->promotion = read_piece_letter (v, to_upper (promotion));
      if (parts->promotion < 0 || parts->promotion == TYPE_PAWN || parts->promotion == TYPE_KING)
        return false;
    }

  /* The target square: a file letter and the digits that end the text. */
  size_t square_start = end;
  while (square_start > i && is_digit (text[square_start - 1]))
    square_start--;
  if (square_start == end || square_start == i)
    return false;
  square_start--;
  size_t cursor = square_start;
  parts->to = read_square (v, text, &cursor, end);
  if (parts->to < 0 || cursor != end)
    return false;
  end = square_start;

  if (end > i && (text[end - 1] == 'x' || text[end - 1] == ':'))
    {
      capture = true;
      end--;
    }
  if (i < end && read_file (v, text[i]) >= 0)
    parts->from_file = read_file (v, text[i++]);
  if (i < end)
    {
      parts->from_rank = read_rank (v, text, &i, end);
      if (parts->from_rank < 0 || i != end)
        return false;
    }
  /* A pawn move without a file is a push along the target's file. */
  if (parts->type == TYPE_PAWN && parts->from_file < 0 && !capture)
    parts->from_file = square_file (v, parts->to);
  return true;
}

static bool san_matches (const Position *pos, Move move, const SanParts *parts, bool check_promotion)
{
  const Variant *v = pos->variant;
  int from = move_from (move);

  if (move_kind (move) == MOVE_CASTLING || move_to (move) != parts->to
      || piece_type (pos->board[from]) != parts->type
      || (parts->from_file >= 0 && square_file (v, from) != parts->from_file)
      || (parts->from_rank >= 0 && square_rank (v, from) != parts->from_rank))
    return false;
  if (!check_promotion)
    return true;
  if (parts->promotion < 0)
    return move_kind (move) != MOVE_PROMOTION;
  return move_kind (move) == MOVE_PROMOTION && move_promotion (move) == parts->promotion;
}

static Move ambiguous (const Position *pos, const Input *in, const MoveList *candidates, ParseError *err)
{
  char list[sizeof err->message] = "";
  size_t used = 0;

  for (int i = 0; i < candidates->count; i++)
    {
      char san[MOVE_TEXT_MAX];
      notation_san (pos, candidates->moves[i], san, sizeof san);
      if (used + strlen (san) + 3 >= sizeof list / 2)
        {
          strcpy (list + used, i ? ", ..." : "...");
          break;
        }
      used += (size_t) snprintf (list + used, sizeof list - used, "%s%s", i ? ", " : "", san);
    }
  return fail (err, -1, "'%s' is ambiguous: %s", in->quoted, list);
}

static Move read_san (const Position *pos, const Input *in, ParseError *err, bool *understood)
{
  const Variant *v = pos->variant;
  const char *text = in->text;
  MoveList legal, candidates = { .count = 0 };
  SanParts parts;

  movegen_legal (pos, &legal);
  if (in->length > 0 && (text[0] == 'O' || text[0] == 'o' || text[0] == '0'))
    {
      int side = read_castling (v, text, in->length);
      if (side < 0)
        return not_a_move (pos, in, err);
      *understood = true;
      Move move = find_castling (&legal, pos, side);
      return move ? move : no_legal_move (in, err);
    }
  if (!split_san (v, text, in->length, &parts))
    return not_a_move (pos, in, err);
  *understood = true;

  for (int i = 0; i < legal.count; i++)
    if (san_matches (pos, legal.moves[i], &parts, true))
      candidates.moves[candidates.count++] = legal.moves[i];
  if (candidates.count == 1)
    return candidates.moves[0];
  if (candidates.count > 1)
    return ambiguous (pos, in, &candidates, err);
  for (int i = 0; i < legal.count && parts.promotion < 0; i++)
    if (san_matches (pos, legal.moves[i], &parts, false))
      return fail (err, -1, "'%s' needs a promotion piece (one of %s)", in->quoted, v->promotions);
  return no_legal_move (in, err);
}

/* Splits "e2e4", "e7e8q" (UCI) or, with long_form, also "Ng1-f3",
 * "e2xe4", "e7-e8=Q".  False when the text is not of that shape. */
static bool split_coordinates (const Variant *v, const char *text, size_t length, bool long_form,
                               Coordinates *c)
{
  size_t i = 0;

  *c = (Coordinates) { -1, -1, -1, -1 };
  if (long_form && length > 0 && is_upper (text[0]))
    {
      c->type = read_piece_letter (v, text[0]);
      if (c->type < 0)
        return false;
      i = 1;
    }
  c->from = read_square (v, text, &i, length);
  if (c->from < 0)
    return false;
  if (long_form && i < length && (text[i] == '-' || text[i] == 'x' || text[i] == ':'))
    i++;
  c->to = read_square (v, text, &i, length);
  if (c->to < 0)
    return false;
  if (long_form && i + 1 < length && text[i] == '=')
    i++;
  if (i + 1 == length)
    {
      c->promotion = read_piece_letter (v, to_upper (text[i]));
      if (c->promotion < 0 || c->promotion == TYPE_PAWN || c->promotion == TYPE_KING)
        return false;
      i++;
    }
  return i == length;
}

/* The legal move from c->from to c->to.  A castling may be given as the
 * king taking its own rook or as the king's move to its landing square
 * (also from == to when it stays); an ordinary king move to the same
 * square wins over the landing-square form, and the rook-square form
 * wins over a landing square of the other side. */
static Move match_coordinates (const Position *pos, const Input *in, const Coordinates *c, ParseError *err)
{
  MoveList legal;
  Move landing = MOVE_NONE;
  bool needs_promotion = false;

  if (c->type >= 0 && (pos->board[c->from] == NO_PIECE || piece_type (pos->board[c->from]) != c->type))
    return no_legal_move (in, err);
  movegen_legal (pos, &legal);
  for (int i = 0; i < legal.count; i++)
    {
      Move move = legal.moves[i];
      if (move_from (move) != c->from || move_kind (move) == MOVE_CASTLING || move_to (move) != c->to)
        continue;
      if (move_kind (move) != MOVE_PROMOTION && c->promotion < 0)
        return move;
      if (move_kind (move) == MOVE_PROMOTION && move_promotion (move) == c->promotion)
        return move;
      needs_promotion |= move_kind (move) == MOVE_PROMOTION && c->promotion < 0;
    }
  for (int i = 0; i < legal.count && c->promotion < 0; i++)
    {
      Move move = legal.moves[i];
      if (move_kind (move) != MOVE_CASTLING || move_from (move) != c->from)
        continue;
      if (move_to (move) == c->to)
        return move;
      if (position_castle_king_target (pos, pos->side, castling_side (pos, move)) == c->to)
        landing = move;
    }
  if (landing)
    return landing;
  if (needs_promotion)
    return fail (err, -1, "'%s' needs a promotion piece (one of %s)", in->quoted, pos->variant->promotions);
  return no_legal_move (in, err);
}

static Move read_coordinates (const Position *pos, const Input *in, bool long_form, ParseError *err,
                              bool *understood)
{
  Coordinates c;

  if (!split_coordinates (pos->variant, in->text, in->length, long_form, &c))
    return not_a_move (pos, in, err);
  *understood = true;
  return match_coordinates (pos, in, &c, err);
}

static Move read_uci (const Position *pos, const Input *in, ParseError *err, bool *understood)
{
  return read_coordinates (pos, in, false, err, understood);
}

static Move read_long_algebraic (const Position *pos, const Input *in, ParseError *err, bool *understood)
{
  return read_coordinates (pos, in, true, err, understood);
}

Move notation_parse_san (const Position *pos, const char *text, ParseError *err)
{
  Input in;
  bool understood = false;

  if (!read_input (text, &in, err))
    return MOVE_NONE;
  return read_san (pos, &in, err, &understood);
}

Move notation_parse_uci (const Position *pos, const char *text, ParseError *err)
{
  Input in;
  bool understood = false;

  if (!read_input (text, &in, err))
    return MOVE_NONE;
  return read_uci (pos, &in, err, &understood);
}

/* The move every reader in turn makes of in; MOVE_NONE with *first set to
 * the first reader that understood the text but found no legal move (its
 * message says more than "not a move"), unless *have_first already. */
static Move read_any (const Position *pos, const Input *in, ParseError *first, bool *have_first)
{
  static const MoveReader readers[] = { read_san, read_uci, read_long_algebraic };

  for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
    {
      ParseError reader_err;
      bool understood = false;
      Move move = readers[i] (pos, in, &reader_err, &understood);
      if (move)
        return move;
      if (understood && !*have_first)
        {
          *first = reader_err;
          *have_first = true;
        }
    }
  return MOVE_NONE;
}

Move notation_parse_move (const Position *pos, const char *text, ParseError *err)
{
  Input in;
  ParseError first = { .offset = -1 };
  bool have_first = false;

  if (!read_input (text, &in, err))
    return MOVE_NONE;
  Move move = read_any (pos, &in, &first, &have_first);
  if (move)
    return move;
  /* A piece letter typed in lower case ("nf3", "qxd8"): tried as upper
   * case only once the text as it stands is no legal move, because a, b
   * and c are files too and "bc4" is first a pawn's capture. */
  if (is_lower (in.text[0]) && read_piece_letter (pos->variant, to_upper (in.text[0])) >= 0)
    {
      Input upper = in;
      upper.text[0] = to_upper (in.text[0]);
      move = read_any (pos, &upper, &first, &have_first);
      if (move)
        return move;
    }
  if (!have_first)
    return not_a_move (pos, &in, err);
  if (err)
    *err = first;
  return MOVE_NONE;
}
