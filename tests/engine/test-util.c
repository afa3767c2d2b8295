/* test-util.c — small helpers shared by the engine tests. */
#include "test-util.h"

Position *test_position_new (const char *id, const char *fen)
{
  const Variant *v = variant_by_id (id);
  Position *pos = g_new0 (Position, 1);
  ParseError err;

  if (!v)
    g_error ("unknown game %s", id);
  if (!position_set_fen (pos, v, fen ? fen : v->start_fen, &err))
    g_error ("%s: bad FEN '%s': %s", id, fen, err.message);
  return pos;
}

static int square_from_name (const Variant *v, const char *name)
{
  int file = name[0] - 'a', rank = atoi (name + 1) - 1;

  g_assert_true (file >= 0 && file < v->files && rank >= 0 && rank < v->ranks);
  return variant_square (v, file, rank);
}

Move test_find_move (const Position *pos, const char *from, const char *to, char promo)
{
  const Variant *v = pos->variant;
  int from_sq = square_from_name (v, from), to_sq = square_from_name (v, to);
  MoveList list;

  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move m = list.moves[i];
      int promotion = move_kind (m) == MOVE_PROMOTION ? v->type_letter[move_promotion (m)] : 0;
      if (move_from (m) == from_sq && move_to (m) == to_sq && promotion == promo)
        return m;
    }
  return MOVE_NONE;
}

void test_play (Position *pos, const char *from, const char *to)
{
  Move m = test_find_move (pos, from, to, 0);

  if (m == MOVE_NONE)
    g_error ("%s-%s is not legal in %s", from, to, pos->variant->id);
  position_make (pos, m);
  g_assert_true (position_ok (pos));
}

void test_random_playout (Position *pos, GRand *rand, int plies)
{
  MoveList list;

  for (int i = 0; i < plies; i++)
    {
      movegen_legal (pos, &list);
      if (list.count == 0)
        return;
      position_make (pos, list.moves[g_rand_int_range (rand, 0, list.count)]);
    }
}

char *test_fen (const Position *pos)
{
  char fen[FEN_MAX];

  position_get_fen (pos, fen, sizeof fen);
  return g_strdup (fen);
}
