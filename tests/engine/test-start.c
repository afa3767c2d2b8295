/* test-start.c — the 8,400 PMRC arrays and the relocation phase of
 * Capablanca Relocation Chess (doc/rules.md). */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "start.h"

#define RELOCATION_GAME "capablanca-relocation"
#define PMRC_GAME "prime-ministers-random"

/* The capablanca-relocation start after Black swaps K f8 with N b8
 * and White K f1 with C h1, as in the public perft table. */
#define PUBLIC_RELOCATION_FEN "rkabqnbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQCBKNR w KQkq - 0 1"

static Position *position_new_start (const char *game)
{
  const Variant *v = variant_by_id (game);
  Position *pos = g_new0 (Position, 1);

  g_assert_nonnull (v);
  position_set_start (pos, v);
  g_assert_true (position_ok (pos));
  return pos;
}

static char *position_fen (const Position *pos)
{
  char fen[FEN_MAX];
  position_get_fen (pos, fen, sizeof fen);
  return g_strdup (fen);
}

/* The first rank of a FEN's board field for color, as written. */
static char *fen_first_rank (const char *fen, int color)
{
  g_auto (GStrv) fields = g_strsplit (fen, " ", 2);
  g_auto (GStrv) ranks = g_strsplit (fields[0], "/", -1);
  return g_strdup (color == WHITE ? ranks[g_strv_length (ranks) - 1] : ranks[0]);
}

/* The legal move from one square to another (castling: to the rook). */
static Move find_move (const Position *pos, const char *from_name, const char *to_name)
{
  const Variant *v = pos->variant;
  int from = variant_square (v, from_name[0] - 'a', atoi (from_name + 1) - 1);
  int to = variant_square (v, to_name[0] - 'a', atoi (to_name + 1) - 1);
  MoveList list;

  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (move_from (list.moves[i]) == from && move_to (list.moves[i]) == to)
      return list.moves[i];
  g_error ("%s%s is not a legal move", from_name, to_name);
}

/* PMRC */

static void test_pmrc_zero (void)
{
  const Variant *v = variant_by_id (PMRC_GAME);
  char array[10], fen[FEN_MAX];

  g_assert_true (pmrc_array (0, array));
  g_assert_cmpstr (array, ==, "BBQMNNRKR");
  g_assert_cmpint (pmrc_number ("BBQMNNRKR"), ==, 0);
  g_assert_true (pmrc_fen (0, fen, sizeof fen));
  g_assert_cmpstr (fen, ==, v->start_fen);
  g_assert_cmpstr (fen, ==, "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1");
}

/* Spot values worked out by hand from the formula. */
static void test_pmrc_spot_values (void)
{
  static const struct {
    int n;
    const char *array;
  } spots[] = {
    { 1, "QBBMNNRKR" },      /* d = 1: dark bishop on c */
    { 5, "BQMBNNRKR" },      /* l = 1: light bishop on d */
    { 20, "BBMQNNRKR" },     /* q = 1 */
    { 140, "BBQNMNRKR" },    /* m = 1 */
    { 840, "BBQMNRNKR" },    /* k = 1: knights (1,3) */
    { 8399, "RKRNNMQBB" },   /* d = 4, l = 3, q = 6, m = 5, k = 9 */
  };
  char array[10];

  for (size_t i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      g_assert_true (pmrc_array (spots[i].n, array));
      g_assert_cmpstr (array, ==, spots[i].array);
      g_assert_cmpint (pmrc_number (spots[i].array), ==, spots[i].n);
    }
}

static void assert_valid_pmrc_array (const char *array)
{
  int count[128] = { 0 };
  int bishop_colour[2] = { 0, 0 };
  int king = -1, first_rook = -1, last_rook = -1;

  g_assert_cmpuint (strlen (array), ==, 9);
  for (int file = 0; file < 9; file++)
    {
      char c = array[file];
      g_assert_nonnull (strchr ("BQMNRK", c));
      count[(unsigned char) c]++;
      if (c == 'B')
        bishop_colour[file % 2]++;
      if (c == 'K')
        king = file;
      if (c == 'R')
        {
          if (first_rook < 0)
            first_rook = file;
          last_rook = file;
        }
    }
  g_assert_cmpint (count['B'], ==, 2);
  g_assert_cmpint (count['Q'], ==, 1);
  g_assert_cmpint (count['M'], ==, 1);
  g_assert_cmpint (count['N'], ==, 2);
  g_assert_cmpint (count['R'], ==, 2);
  g_assert_cmpint (count['K'], ==, 1);
  g_assert_cmpint (bishop_colour[0], ==, 1);
  g_assert_cmpint (bishop_colour[1], ==, 1);
  g_assert_cmpint (first_rook, <, king);
  g_assert_cmpint (king, <, last_rook);
}

static void test_pmrc_all (void)
{
  const Variant *v = variant_by_id (PMRC_GAME);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Position *pos = g_new0 (Position, 1);

  for (int n = 0; n < PMRC_POSITIONS; n++)
    {
      char array[10], fen[FEN_MAX], written[FEN_MAX];
      ParseError err = { 0 };

      g_assert_true (pmrc_array (n, array));
      assert_valid_pmrc_array (array);
      g_assert_cmpint (pmrc_number (array), ==, n);
      g_assert_true (g_hash_table_add (seen, g_strdup (array)));

      g_assert_true (pmrc_fen (n, fen, sizeof fen));
      if (!position_set_fen (pos, v, fen, &err))
        g_error ("PMRC %d: %s: %s", n, fen, err.message);
      g_assert_true (position_ok (pos));
      position_get_fen (pos, written, sizeof written);
      g_assert_cmpstr (written, ==, fen);
      /* Black copies White file by file. */
      g_autofree char *black = fen_first_rank (fen, BLACK);
      g_autofree char *white_down = g_ascii_strdown (array, -1);
      g_assert_cmpstr (black, ==, white_down);
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, PMRC_POSITIONS);
  g_free (pos);
}

static void test_pmrc_out_of_range (void)
{
  char array[10] = "", fen[FEN_MAX];

  g_assert_false (pmrc_array (-1, array));
  g_assert_false (pmrc_array (PMRC_POSITIONS, array));
  g_assert_false (pmrc_fen (-1, fen, sizeof fen));
  g_assert_false (pmrc_fen (PMRC_POSITIONS, fen, sizeof fen));
  /* Too small a buffer is refused, not cut short silently. */
  g_assert_false (pmrc_fen (0, fen, 20));
  g_assert_false (pmrc_fen (0, NULL, 0));
}

static void test_pmrc_malformed (void)
{
  static const char *const malformed[] = {
    "",
    "BBQMNNRK",      /* eight squares */
    "BBQMNNRKRR",    /* ten */
    "BBQMNNRKX",     /* not a piece */
    "bbqmnnrkr",     /* Black's letters */
    "BBQMNNKRR",     /* king not between the rooks */
    "BBQMNNRRK",
    "KBQMNNRBR",
    "BQBMNNRKR",     /* both bishops on dark squares */
    "QBMBNNRKR",     /* both on light squares */
    "BBQQNNRKR",     /* two queens, no Prime Minister */
    "BBQMNMRKR",     /* one knight */
    "BBQMNNRKK",
    "BBBMNNRKR",
    "BBQMNN RKR",
    "BBQMNNRK ",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (malformed); i++)
    if (pmrc_number (malformed[i]) != -1)
      g_error ("'%s' was taken for PMRC %d", malformed[i], pmrc_number (malformed[i]));
  g_assert_cmpint (pmrc_number (NULL), ==, -1);
}

/* The test data directory: G_TEST_SRCDIR/data, else beside this source. */
static char *data_file (const char *name)
{
  g_autofree char *dist = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autofree char *here = g_path_get_dirname (__FILE__);
  char *beside = g_build_filename (here, "data", name, NULL);

  if (g_file_test (dist, G_FILE_TEST_EXISTS))
    {
      g_free (beside);
      return g_steal_pointer (&dist);
    }
  return beside;
}

/* Rows of the public perft table for one game whose FEN is a start
 * position (full pawn ranks, nothing moved). */
static GPtrArray *public_start_fens (const char *game)
{
  g_autofree char *path = data_file ("perft-public.tsv");
  g_autofree char *text = NULL;
  GPtrArray *fens = g_ptr_array_new_with_free_func (g_free);

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return fens;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **line = lines; *line; line++)
    {
      g_auto (GStrv) fields = g_strsplit (*line, "\t", -1);
      if (g_strv_length (fields) < 2 || strcmp (fields[0], game) != 0)
        continue;
      g_autofree char *white = fen_first_rank (fields[1], WHITE);
      if (strpbrk (white, "0123456789") || !strstr (fields[1], " 0 1"))
        continue;
      if (!g_ptr_array_find_with_equal_func (fens, fields[1], g_str_equal, NULL))
        g_ptr_array_add (fens, g_strdup (fields[1]));
    }
  return fens;
}

static void test_pmrc_public_arrays (void)
{
  static const char *const known[] = { "BBQMNNRKR", "NNRMQKBBR", "MBBRNKNRQ", "RKRNNMQBB" };
  g_autoptr (GPtrArray) fens = public_start_fens (PMRC_GAME);
  char array[10], fen[FEN_MAX];

  for (size_t i = 0; i < G_N_ELEMENTS (known); i++)
    {
      int n = pmrc_number (known[i]);
      g_assert_cmpint (n, >=, 0);
      g_assert_true (pmrc_array (n, array));
      g_assert_cmpstr (array, ==, known[i]);
    }
  if (fens->len == 0)
    {
      g_test_skip ("data/perft-public.tsv not found");
      return;
    }
  for (guint i = 0; i < fens->len; i++)
    {
      const char *row = g_ptr_array_index (fens, i);
      g_autofree char *white = fen_first_rank (row, WHITE);
      int n = pmrc_number (white);
      g_assert_cmpint (n, >=, 0);
      g_assert_true (pmrc_fen (n, fen, sizeof fen));
      g_assert_cmpstr (fen, ==, row);
    }
}

static void test_pmrc_random (void)
{
  uint64_t seed = 20240601, again = 20240601;
  g_autofree int *hits = g_new0 (int, PMRC_POSITIONS);
  int missed = 0;

  /* 200,000 draws leave a given number out with odds of about e^-24. */
  for (int i = 0; i < 200000; i++)
    {
      int n = pmrc_random (&seed);
      g_assert_cmpint (n, >=, 0);
      g_assert_cmpint (n, <, PMRC_POSITIONS);
      g_assert_cmpint (pmrc_random (&again), ==, n);
      hits[n]++;
    }
  for (int n = 0; n < PMRC_POSITIONS; n++)
    missed += hits[n] == 0;
  g_assert_cmpint (missed, ==, 0);
  g_assert_cmpuint (seed, ==, again);
  g_assert_cmpint (pmrc_random (NULL), ==, -1);
}

/* Relocation */

static bool bishops_on_both_colours (const char *rank, int rank_index)
{
  int colours[2] = { 0, 0 };
  for (int file = 0; rank[file]; file++)
    if (g_ascii_toupper (rank[file]) == 'B')
      colours[(file + rank_index) % 2]++;
  return colours[0] == 1 && colours[1] == 1;
}

static void test_relocation_choices (void)
{
  Position *start = position_new_start (RELOCATION_GAME);
  g_autofree char *start_fen = position_fen (start);

  for (int color = WHITE; color <= BLACK; color++)
    {
      g_autoptr (GHashTable) ranks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      Relocation choices[RELOCATION_ARRAYS + 2];
      int count = relocation_choices (start, color, choices);

      g_assert_cmpint (count, ==, RELOCATION_ARRAYS);
      g_assert_cmpint (choices[0].file_a, ==, -1);
      g_assert_cmpint (choices[0].file_b, ==, -1);
      for (int i = 0; i < count; i++)
        {
          Position *pos = position_new_start (RELOCATION_GAME);
          ParseError err = { 0 };
          g_assert_true (relocation_is_legal (start, color, choices[i]));
          if (!relocation_apply (pos, color, choices[i], &err))
            g_error ("relocation %d-%d: %s", choices[i].file_a, choices[i].file_b, err.message);
          g_assert_true (position_ok (pos));
          g_autofree char *fen = position_fen (pos);
          char *rank = fen_first_rank (fen, color);
          g_assert_true (bishops_on_both_colours (rank, color == WHITE ? 0 : 7));
          g_assert_true (g_hash_table_add (ranks, rank));
          /* The other side's rank and the rights stay as they were. */
          g_autofree char *other = fen_first_rank (fen, !color);
          g_autofree char *other_start = fen_first_rank (start_fen, !color);
          g_assert_cmpstr (other, ==, other_start);
          g_assert_nonnull (strstr (fen, " w KQkq - 0 1"));
          g_free (pos);
        }
      g_assert_cmpuint (g_hash_table_size (ranks), ==, RELOCATION_ARRAYS);
    }
  g_free (start);
}

static void test_relocation_combined (void)
{
  g_autoptr (GHashTable) fens = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) public_fens = public_start_fens (RELOCATION_GAME);
  Position *start = position_new_start (RELOCATION_GAME);
  Position *pos = g_new0 (Position, 1);
  Position *after_black = g_new0 (Position, 1);
  Relocation black[RELOCATION_ARRAYS + 2], white[RELOCATION_ARRAYS + 2];
  int black_count = relocation_choices (start, BLACK, black);

  g_assert_cmpint (black_count, ==, RELOCATION_ARRAYS);
  for (int b = 0; b < black_count; b++)
    {
      /* Black chooses first, then White from the array Black left. */
      *pos = *start;
      g_assert_true (relocation_apply (pos, BLACK, black[b], NULL));
      int white_count = relocation_choices (pos, WHITE, white);
      g_assert_cmpint (white_count, ==, RELOCATION_ARRAYS);
      *after_black = *pos;
      for (int w = 0; w < white_count; w++)
        {
          *pos = *after_black;
          g_assert_true (relocation_apply (pos, WHITE, white[w], NULL));
          g_assert_true (position_ok (pos));
          g_assert_cmpint (movegen_count (pos), >, 0);
          g_assert_true (g_hash_table_add (fens, position_fen (pos)));
        }
    }
  g_assert_cmpuint (g_hash_table_size (fens), ==, RELOCATION_ARRAYS * RELOCATION_ARRAYS);
  g_assert_true (g_hash_table_contains (fens, PUBLIC_RELOCATION_FEN));
  for (guint i = 0; i < public_fens->len; i++)
    g_assert_true (g_hash_table_contains (fens, g_ptr_array_index (public_fens, i)));
  g_free (after_black);
  g_free (pos);
  g_free (start);
}

static void test_relocation_public_array (void)
{
  Position *pos = position_new_start (RELOCATION_GAME);
  ParseError err = { 0 };

  g_assert_true (relocation_apply (pos, BLACK, (Relocation) { 5, 1 }, &err));
  g_assert_true (relocation_apply (pos, WHITE, (Relocation) { 7, 5 }, &err));
  g_autofree char *fen = position_fen (pos);
  g_assert_cmpstr (fen, ==, PUBLIC_RELOCATION_FEN);
  g_free (pos);
}

static void test_relocation_either_order (void)
{
  Position *one = position_new_start (RELOCATION_GAME);
  Position *other = position_new_start (RELOCATION_GAME);

  g_assert_true (relocation_is_legal (one, WHITE, (Relocation) { 4, 5 }));
  g_assert_true (relocation_is_legal (one, WHITE, (Relocation) { 5, 4 }));
  g_assert_true (relocation_apply (one, WHITE, (Relocation) { 4, 5 }, NULL));
  g_assert_true (relocation_apply (other, WHITE, (Relocation) { 5, 4 }, NULL));
  g_autofree char *fen_one = position_fen (one);
  g_autofree char *fen_other = position_fen (other);
  g_assert_cmpstr (fen_one, ==, fen_other);
  g_assert_cmpstr (fen_one, ==, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABKQBCNR w KQkq - 0 1");
  g_free (one);
  g_free (other);
}

static void test_relocation_keep (void)
{
  Position *pos = position_new_start (RELOCATION_GAME);
  g_autofree char *before = position_fen (pos);

  g_assert_true (relocation_apply (pos, WHITE, (Relocation) { -1, -1 }, NULL));
  g_assert_true (relocation_apply (pos, BLACK, (Relocation) { -1, -1 }, NULL));
  g_autofree char *after = position_fen (pos);
  g_assert_cmpstr (after, ==, before);
  g_free (pos);
}

static void test_relocation_illegal (void)
{
  /* Files of RNABQKBCNR: R a0 N b1 A c2 B d3 Q e4 K f5 B g6 C h7 N i8 R j9. */
  static const struct {
    Relocation r;
    RelocationVerdict verdict;
    const char *why;
  } illegal[] = {
    { { 5, 0 }, RELOCATION_ROOK, "king with a rook" },
    { { 4, 9 }, RELOCATION_ROOK, "queen with a rook" },
    { { 5, 6 }, RELOCATION_BISHOPS, "king with the g bishop: both bishops light" },
    { { 4, 3 }, RELOCATION_BISHOPS, "queen with the d bishop: both bishops dark" },
    { { 1, 2 }, RELOCATION_NO_KING_OR_QUEEN, "neither is the king or the queen" },
    { { 3, 6 }, RELOCATION_ALIKE, "the two bishops" },
    { { 5, 5 }, RELOCATION_OFF_RANK, "a file with itself" },
    { { -1, 5 }, RELOCATION_OFF_RANK, "half a keep" },
    { { 5, 10 }, RELOCATION_OFF_RANK, "off the board" },
    { { 5, -2 }, RELOCATION_OFF_RANK, "off the board" },
  };
  Position *pos = position_new_start (RELOCATION_GAME);
  g_autofree char *before = position_fen (pos);

  for (size_t i = 0; i < G_N_ELEMENTS (illegal); i++)
    for (int color = WHITE; color <= BLACK; color++)
      {
        ParseError err = { 0 };
        if (relocation_is_legal (pos, color, illegal[i].r))
          g_error ("%s was allowed", illegal[i].why);
        if (relocation_check (pos, color, illegal[i].r) != illegal[i].verdict)
          g_error ("%s: verdict %d, not %d", illegal[i].why,
                   relocation_check (pos, color, illegal[i].r), illegal[i].verdict);
        g_assert_false (relocation_apply (pos, color, illegal[i].r, &err));
        g_assert_cmpstr (err.message, !=, "");
        g_autofree char *after = position_fen (pos);
        g_assert_cmpstr (after, ==, before);
      }
  g_assert_false (relocation_is_legal (pos, 2, (Relocation) { 4, 5 }));

  /* Never with an empty square (g1 emptied here). */
  g_assert_true (position_set_fen (pos, pos->variant,
                                   "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQK1CNR w KQkq - 0 1", NULL));
  g_assert_false (relocation_is_legal (pos, WHITE, (Relocation) { 5, 6 }));
  g_assert_cmpint (relocation_check (pos, WHITE, (Relocation) { 5, 6 }), ==, RELOCATION_NOT_OWN_PIECES);

  /* From a set-up start with the rooks on b1 and i1, the King may not go to
   * a1 with the Knight: it would castle with neither rook. */
  g_assert_true (position_set_fen (pos, pos->variant,
                                   "nrabqkbcrn/pppppppppp/10/10/10/10/PPPPPPPPPP/NRABQKBCRN w KQkq - 0 1", NULL));
  g_assert_cmpint (relocation_check (pos, WHITE, (Relocation) { 0, 5 }), ==, RELOCATION_KING_OUTSIDE);
  g_assert_cmpint (relocation_check (pos, WHITE, (Relocation) { 5, 7 }), ==, RELOCATION_OK);
  g_free (pos);
}

static void test_relocation_after_a_move (void)
{
  Position *pos = position_new_start (RELOCATION_GAME);
  ParseError err = { 0 };

  position_make (pos, find_move (pos, "e2", "e4"));
  g_autofree char *before = position_fen (pos);
  g_assert_cmpint (relocation_check (pos, WHITE, (Relocation) { 4, 5 }), ==, RELOCATION_NOT_NOW);
  g_assert_false (relocation_apply (pos, WHITE, (Relocation) { 4, 5 }, &err));
  g_assert_nonnull (strstr (err.message, "before the first move"));
  g_assert_false (relocation_apply (pos, BLACK, (Relocation) { 4, 5 }, &err));
  g_assert_false (relocation_apply (pos, WHITE, (Relocation) { -1, -1 }, &err));
  Relocation choices[RELOCATION_ARRAYS + 2];
  g_assert_cmpint (relocation_choices (pos, WHITE, choices), ==, 0);
  g_autofree char *after = position_fen (pos);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (pos->ply, ==, 1);
  g_free (pos);
}

static void test_relocation_other_games (void)
{
  Relocation choices[RELOCATION_ARRAYS + 2];
  ParseError err = { 0 };

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      if (v->start == START_RELOCATION)
        continue;
      Position *pos = position_new_start (v->id);
      g_assert_cmpint (relocation_choices (pos, WHITE, choices), ==, 0);
      g_assert_false (relocation_apply (pos, WHITE, (Relocation) { -1, -1 }, &err));
      g_free (pos);
    }
}

/* The king relocated onto i1 castles O-O without moving: only the rook goes
 * (j1 to h1).  Needs h1 cleared first. */
static void test_relocation_castling_king_stays (void)
{
  Position *pos = position_new_start (RELOCATION_GAME);
  const Variant *v = pos->variant;
  int i1 = variant_square (v, 8, 0), j1 = variant_square (v, 9, 0), h1 = variant_square (v, 7, 0);
  MoveList list;
  Move castling = MOVE_NONE;

  g_assert_true (relocation_apply (pos, WHITE, (Relocation) { 5, 8 }, NULL));
  g_assert_cmpint (pos->king_square[WHITE], ==, i1);
  g_assert_true (position_can_castle (pos, WHITE, CASTLE_H_SIDE));
  g_assert_true (position_can_castle (pos, WHITE, CASTLE_A_SIDE));
  g_assert_cmpint (position_castle_king_target (pos, WHITE, CASTLE_H_SIDE), ==, i1);

  position_make (pos, find_move (pos, "h1", "g3"));   /* the Chancellor leaps away */
  position_make (pos, find_move (pos, "a7", "a6"));
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (move_kind (list.moves[i]) == MOVE_CASTLING && move_from (list.moves[i]) == pos->king_square[WHITE])
      castling = list.moves[i];
  g_assert_cmpuint (castling, !=, MOVE_NONE);
  g_assert_cmpint (move_to (castling), ==, j1);

  position_make (pos, castling);
  g_assert_true (position_ok (pos));
  g_assert_cmpint (pos->king_square[WHITE], ==, i1);
  g_assert_cmpint (pos->board[h1], ==, make_piece (WHITE, v->letter_type['R']));
  g_assert_cmpint (pos->board[j1], ==, NO_PIECE);
  g_assert_false (position_can_castle (pos, WHITE, CASTLE_A_SIDE));
  position_unmake (pos);
  g_assert_true (position_ok (pos));
  g_free (pos);
}

/* The public perft array: White's king on h1 castles O-O one square to i1
 * once the knight has left i1. */
static void test_relocation_castling_king_moves (void)
{
  Position *pos = position_new_start (RELOCATION_GAME);
  const Variant *v = pos->variant;
  Move castling = MOVE_NONE;
  MoveList list;

  g_assert_true (relocation_apply (pos, WHITE, (Relocation) { 5, 7 }, NULL));
  position_make (pos, find_move (pos, "i1", "h3"));
  position_make (pos, find_move (pos, "a7", "a6"));
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (move_kind (list.moves[i]) == MOVE_CASTLING && move_to (list.moves[i]) == variant_square (v, 9, 0))
      castling = list.moves[i];
  g_assert_cmpuint (castling, !=, MOVE_NONE);
  position_make (pos, castling);
  g_assert_cmpint (pos->king_square[WHITE], ==, variant_square (v, 8, 0));
  g_autofree char *fen = position_fen (pos);
  g_assert_cmpstr (fen, ==, "rnabqkbcnr/1ppppppppp/p9/10/10/7N2/PPPPPPPPPP/RNABQCBRK1 b kq - 1 2");
  g_free (pos);
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/start/pmrc/zero", test_pmrc_zero);
  g_test_add_func ("/start/pmrc/spot-values", test_pmrc_spot_values);
  g_test_add_func ("/start/pmrc/all", test_pmrc_all);
  g_test_add_func ("/start/pmrc/out-of-range", test_pmrc_out_of_range);
  g_test_add_func ("/start/pmrc/malformed", test_pmrc_malformed);
  g_test_add_func ("/start/pmrc/public-arrays", test_pmrc_public_arrays);
  g_test_add_func ("/start/pmrc/random", test_pmrc_random);
  g_test_add_func ("/start/relocation/choices", test_relocation_choices);
  g_test_add_func ("/start/relocation/combined", test_relocation_combined);
  g_test_add_func ("/start/relocation/public-array", test_relocation_public_array);
  g_test_add_func ("/start/relocation/either-order", test_relocation_either_order);
  g_test_add_func ("/start/relocation/keep", test_relocation_keep);
  g_test_add_func ("/start/relocation/illegal", test_relocation_illegal);
  g_test_add_func ("/start/relocation/after-a-move", test_relocation_after_a_move);
  g_test_add_func ("/start/relocation/other-games", test_relocation_other_games);
  g_test_add_func ("/start/relocation/castling-king-stays", test_relocation_castling_king_stays);
  g_test_add_func ("/start/relocation/castling-king-moves", test_relocation_castling_king_moves);
  return g_test_run ();
}
