/* start.c — the PMRC start arrays and the relocation phase (doc/rules.md,
 * Prime Ministers Random Chess and Capablanca Relocation Chess, "Special Rules"). */
#include "start.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define PMRC_FILES 9
#define EMPTY_CELL '.'

/* doc/rules.md's order of the knight pairs among the five squares left, 0-based. */
static const int knight_pairs[10][2] = {
  { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 },
};

/* Puts letter on the index-th still empty square, counted from file a. */
static void place_on_empty (char *array, int index, char letter)
{
  for (int file = 0; file < PMRC_FILES; file++)
    if (array[file] == EMPTY_CELL && index-- == 0)
      {
        array[file] = letter;
        return;
      }
}

bool pmrc_array (int n, char array[10])
{
  if (n < 0 || n >= PMRC_POSITIONS || !array)
    return false;

  int dark = n % 5;
  n /= 5;
  int light = n % 4;
  n /= 4;
  int queen = n % 7;
  n /= 7;
  int minister = n % 6;
  int knights = n / 6;

  memset (array, EMPTY_CELL, PMRC_FILES);
  array[PMRC_FILES] = '\0';
  /* a1 is dark: the dark files are a c e g i, the light ones b d f h. */
  array[2 * dark] = 'B';
  array[2 * light + 1] = 'B';
  place_on_empty (array, queen, 'Q');
  place_on_empty (array, minister, 'M');
  /* The later knight first, so the earlier one's index still counts the same squares. */
  place_on_empty (array, knight_pairs[knights][1], 'N');
  place_on_empty (array, knight_pairs[knights][0], 'N');
  place_on_empty (array, 0, 'R');
  place_on_empty (array, 0, 'K');
  place_on_empty (array, 0, 'R');
  return true;
}

/* The index of the skip-th (0-based) square holding letter among the
 * squares whose letter is not in placed; -1 when there is none. */
static int index_among_free (const char *array, const char *placed, char letter, int skip)
{
  int index = 0;
  for (int file = 0; file < PMRC_FILES; file++)
    {
      if (strchr (placed, array[file]))
        continue;
      if (array[file] == letter && skip-- == 0)
        return index;
      index++;
    }
  return -1;
}

int pmrc_number (const char *array)
{
  int dark = -1, light = -1, bishops = 0;

  if (!array || strlen (array) != PMRC_FILES)
    return -1;
  for (int file = 0; file < PMRC_FILES; file++)
    if (array[file] == 'B')
      {
        bishops++;
        if (file % 2 == 0)
          dark = file / 2;
        else
          light = file / 2;
      }
  if (bishops != 2 || dark < 0 || light < 0)
    return -1;

  int queen = index_among_free (array, "B", 'Q', 0);
  int minister = index_among_free (array, "BQ", 'M', 0);
  int first_knight = index_among_free (array, "BQM", 'N', 0);
  int second_knight = index_among_free (array, "BQM", 'N', 1);
  int knights = -1;
  for (int k = 0; k < 10; k++)
    if (knight_pairs[k][0] == first_knight && knight_pairs[k][1] == second_knight)
      knights = k;
  if (queen < 0 || minister < 0 || knights < 0)
    return -1;

  /* The indices say where each piece would be; rebuilding the array checks
   * the rest (one of each, R K R last, no stray letters). */
  int n = dark + 5 * (light + 4 * (queen + 7 * (minister + 6 * knights)));
  char rebuilt[10];
  if (!pmrc_array (n, rebuilt) || strcmp (rebuilt, array) != 0)
    return -1;
  return n;
}

bool pmrc_fen (int n, char *fen, size_t size)
{
  char white[10], black[10];

  if (!fen || !pmrc_array (n, white))
    return false;
  for (int file = 0; file <= PMRC_FILES; file++)
    black[file] = (char) tolower ((unsigned char) white[file]);
  int written = snprintf (fen, size, "%s/ppppppppp/9/9/9/9/PPPPPPPPP/%s w KQkq - 0 1", black, white);
  return written > 0 && (size_t) written < size;
}

/* SplitMix64, one step of the caller's state. */
static uint64_t splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

int pmrc_random (uint64_t *seed)
{
  /* Draws at or above the last whole multiple of 8,400 are redrawn, so that
   * every number is equally likely. */
  const uint64_t limit = UINT64_MAX - UINT64_MAX % PMRC_POSITIONS;
  uint64_t draw;

  if (!seed)
    return -1;
  do
    draw = splitmix64 (seed);
  while (draw >= limit);
  return (int) (draw % PMRC_POSITIONS);
}

static bool type_is_rook (const Variant *v, int type)
{
  return type == v->castle_rook_type || v->kinds[type] == KIND_ROOK || v->kinds[type] == KIND_AJAX_ROOK;
}

static bool type_is_bishop (const Variant *v, int type)
{
  return v->kinds[type] == KIND_BISHOP || v->kinds[type] == KIND_AJAX_BISHOP;
}

static bool type_is_king_or_queen (const Variant *v, int type)
{
  return type == TYPE_KING || v->kinds[type] == KIND_QUEEN;
}

static int first_rank (const Position *pos, int color)
{
  return color == WHITE ? 0 : pos->variant->ranks - 1;
}

/* Whether color's bishops, with the pieces on squares a and b swapped,
 * would all stand on squares of one colour (a1 dark). */
static bool bishops_on_one_colour_after_swap (const Position *pos, int color, int a, int b)
{
  const Variant *v = pos->variant;
  Bitboard bishops = 0;
  int count[2] = { 0, 0 };

  for (int type = 0; type < v->types; type++)
    if (type_is_bishop (v, type))
      bishops |= position_pieces (pos, color, type);
  if (((bishops >> a) & 1) != ((bishops >> b) & 1))
    bishops ^= bb_square (a) | bb_square (b);
  if (!bb_more_than_one (bishops))
    return false;
  while (bishops)
    {
      int sq = bb_pop_lsb (&bishops);
      count[(square_file (v, sq) + square_rank (v, sq)) % 2]++;
    }
  return count[0] == 0 || count[1] == 0;
}

/* Whether a king moved to king_file stays between the rooks it may castle with. */
static bool king_keeps_castling_rooks (const Position *pos, int color, int king_file)
{
  const Variant *v = pos->variant;

  for (int side = 0; side < CASTLE_SIDE_NB; side++)
    {
      int rook = position_castle_rook (pos, color, side);
      if (rook == NO_SQUARE)
        continue;
      if (side == CASTLE_A_SIDE ? square_file (v, rook) >= king_file : square_file (v, rook) <= king_file)
        return false;
    }
  return true;
}

RelocationVerdict relocation_check (const Position *pos, int color, Relocation r)
{
  if (!pos || (color != WHITE && color != BLACK))
    return RELOCATION_NOT_NOW;

  const Variant *v = pos->variant;
  if (v->start != START_RELOCATION || pos->ply != 0)
    return RELOCATION_NOT_NOW;
  if (r.file_a == -1 && r.file_b == -1)
    return RELOCATION_OK;
  if (r.file_a < 0 || r.file_a >= v->files || r.file_b < 0 || r.file_b >= v->files || r.file_a == r.file_b)
    return RELOCATION_OFF_RANK;

  int rank = first_rank (pos, color);
  int a = variant_square (v, r.file_a, rank), b = variant_square (v, r.file_b, rank);
  Piece piece_a = pos->board[a], piece_b = pos->board[b];
  if (!piece_a || !piece_b || piece_color (piece_a) != color || piece_color (piece_b) != color)
    return RELOCATION_NOT_OWN_PIECES;

  int type_a = piece_type (piece_a), type_b = piece_type (piece_b);
  if (type_is_rook (v, type_a) || type_is_rook (v, type_b))
    return RELOCATION_ROOK;
  /* Two pieces of one type would leave the array as it was. */
  if (type_a == type_b)
    return RELOCATION_ALIKE;
  if (!type_is_king_or_queen (v, type_a) && !type_is_king_or_queen (v, type_b))
    return RELOCATION_NO_KING_OR_QUEEN;
  if (bishops_on_one_colour_after_swap (pos, color, a, b))
    return RELOCATION_BISHOPS;
  if (type_a == TYPE_KING && !king_keeps_castling_rooks (pos, color, r.file_b))
    return RELOCATION_KING_OUTSIDE;
  if (type_b == TYPE_KING && !king_keeps_castling_rooks (pos, color, r.file_a))
    return RELOCATION_KING_OUTSIDE;
  return RELOCATION_OK;
}

bool relocation_is_legal (const Position *pos, int color, Relocation r)
{
  return relocation_check (pos, color, r) == RELOCATION_OK;
}

int relocation_choices (const Position *pos, int color, Relocation out[RELOCATION_ARRAYS + 2])
{
  const Relocation keep = { -1, -1 };
  int count = 0;

  if (!relocation_is_legal (pos, color, keep))
    return 0;
  out[count++] = keep;
  for (int a = 0; a < pos->variant->files; a++)
    for (int b = a + 1; b < pos->variant->files; b++)
      {
        Relocation swap = { a, b };
        /* Only an odd first rank (two queens, no rooks) could hold more. */
        if (count < RELOCATION_ARRAYS + 2 && relocation_is_legal (pos, color, swap))
          out[count++] = swap;
      }
  return count;
}

static bool relocation_fail (ParseError *err, const char *message)
{
  if (err)
    {
      err->offset = -1;
      snprintf (err->message, sizeof err->message, "%s", message);
    }
  return false;
}

/* The character of the piece on (file, rank) in a FEN's board field, or
 * NULL when that square is empty. */
static char *fen_piece_at (const Variant *v, char *fen, int file, int rank)
{
  char *p = fen;

  for (int skip = v->ranks - 1 - rank; skip > 0 && *p; p++)
    if (*p == '/')
      skip--;
  for (int f = 0; *p && *p != '/' && *p != ' '; p++)
    {
      if (isdigit ((unsigned char) *p))
        {
          int run = *p - '0';
          if (isdigit ((unsigned char) p[1]))
            run = run * 10 + *++p - '0';
          f += run;
        }
      else if (f++ == file)
        return p;
    }
  return NULL;
}

bool relocation_apply (Position *pos, int color, Relocation r, ParseError *err)
{
  char fen[FEN_MAX];

  if (!pos)
    return relocation_fail (err, "no position");
  if (pos->variant->start != START_RELOCATION)
    return relocation_fail (err, "this game has no relocation phase");
  if (pos->ply != 0)
    return relocation_fail (err, "pieces may be relocated only before the first move");
  if (!relocation_is_legal (pos, color, r))
    return relocation_fail (err, "not a legal relocation: the King or Queen may swap with one other piece "
                                 "of its first rank that is not a Rook, leaving the Bishops on both colours");
  if (r.file_a == -1)
    return true;

  /* Writing the FEN and reading it back rebuilds keys, king squares and
   * castling masks the same way any set-up does. */
  position_get_fen (pos, fen, sizeof fen);
  char *piece_a = fen_piece_at (pos->variant, fen, r.file_a, first_rank (pos, color));
  char *piece_b = fen_piece_at (pos->variant, fen, r.file_b, first_rank (pos, color));
  if (!piece_a || !piece_b)
    return relocation_fail (err, "the position's FEN does not match its board");
  char swapped = *piece_a;
  *piece_a = *piece_b;
  *piece_b = swapped;
  return position_set_fen (pos, pos->variant, fen, err);
}
