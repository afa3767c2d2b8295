/* test-pgn.c — ChancellorGame to PGN and back: tags, comments, NAGs,
 * variations and outcomes in every game, several games in a file, and
 * errors that leave nothing behind. */
#include "config.h"

#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-marks.h"
#include "chancellor-pgn.h"
#include "test-util.h"

#include "movegen.h"
#include "notation.h"
#include "pgn.h"

/* A random legal move of the live position, as SAN; NULL when none. */
static char *
random_san (ChancellorGame *game,
            GRand          *rand)
{
  g_autoptr (ChancellorPosition) pos = chancellor_game_dup_position (game, chancellor_game_get_n_moves (game));
  MoveList list;
  char san[MOVE_TEXT_MAX];

  movegen_legal (pos, &list);
  if (list.count == 0)
    return NULL;
  notation_san (pos, list.moves[g_rand_int_range (rand, 0, list.count)], san, sizeof san);
  return g_strdup (san);
}

static GPtrArray *
read_games (const char *text)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = chancellor_pgn_read (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games;
}

static void
assert_same_game (ChancellorGame *a,
                  ChancellorGame *b)
{
  g_auto (GStrv) names_a = chancellor_game_dup_tag_names (a);
  g_auto (GStrv) names_b = chancellor_game_dup_tag_names (b);
  g_autofree char *start_a = chancellor_game_get_start_fen (a);
  g_autofree char *start_b = chancellor_game_get_start_fen (b);
  guint n = chancellor_game_get_n_moves (a);

  g_assert_cmpstr (chancellor_game_get_variant_id (a), ==, chancellor_game_get_variant_id (b));
  g_assert_cmpstr (start_a, ==, start_b);
  g_assert_cmpuint (n, ==, chancellor_game_get_n_moves (b));
  g_assert_cmpint (chancellor_game_get_result (a), ==, chancellor_game_get_result (b));
  g_assert_cmpint (chancellor_game_get_reason (a), ==, chancellor_game_get_reason (b));
  g_assert_cmpint (chancellor_game_get_start_number (a), ==, chancellor_game_get_start_number (b));
  g_assert_cmpstrv (names_a, names_b);
  for (guint i = 0; names_a[i]; i++)
    g_assert_cmpstr (chancellor_game_get_tag (a, names_a[i]), ==, chancellor_game_get_tag (b, names_a[i]));
  for (guint ply = 0; ply <= n; ply++)
    {
      guint8 nags_a[CHANCELLOR_GAME_NAGS_MAX], nags_b[CHANCELLOR_GAME_NAGS_MAX];
      guint count_a, count_b;

      if (ply > 0)
        {
          g_autofree char *san_a = chancellor_game_get_san (a, ply);
          g_autofree char *san_b = chancellor_game_get_san (b, ply);
          g_assert_cmpstr (san_a, ==, san_b);
        }
      g_assert_cmpstr (chancellor_game_get_comment (a, ply), ==, chancellor_game_get_comment (b, ply));
      count_a = chancellor_game_get_nags (a, ply, nags_a, G_N_ELEMENTS (nags_a));
      count_b = chancellor_game_get_nags (b, ply, nags_b, G_N_ELEMENTS (nags_b));
      g_assert_cmpmem (nags_a, count_a, nags_b, count_b);
      g_assert_cmpuint (chancellor_game_get_n_variations (a, ply), ==, chancellor_game_get_n_variations (b, ply));
      for (guint v = 0; v < chancellor_game_get_n_variations (a, ply); v++)
        g_assert_cmpstr (chancellor_game_get_variation (a, ply, v), ==, chancellor_game_get_variation (b, ply, v));
    }
}

/* A random game with annotations and an ending. */
static ChancellorGame *
random_game (const char *id,
             GRand      *rand)
{
  g_autoptr (ChancellorGame) game = NULL;
  int plies = g_rand_int_range (rand, 0, 60);
  int n_starts;

  chancellor_catalogue_get_start_rule (id, &n_starts);
  game = chancellor_game_new_start (id, g_rand_int_range (rand, 0, n_starts), NULL);
  g_assert_nonnull (game);
  while (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_RELOCATION)
    {
      int a[16], b[16];
      int count = chancellor_game_get_relocations (game, a, b, G_N_ELEMENTS (a));
      int pick = g_rand_int_range (rand, 0, MIN (count, (int) G_N_ELEMENTS (a)));

      g_assert_true (chancellor_game_relocate (game, a[pick], b[pick], NULL));
    }

  chancellor_game_set_tag (game, "Event", "Test \"quoted\"");
  if (g_rand_boolean (rand))
    chancellor_game_set_tag (game, "White", "Ann");
  if (g_rand_boolean (rand))
    chancellor_game_set_tag (game, "PlyCount", "12");
  if (g_rand_boolean (rand))
    chancellor_game_set_comment (game, 0, "Before the first move");

  for (int i = 0; i < plies && chancellor_game_get_phase (game) == CHANCELLOR_PHASE_PLAYING; i++)
    {
      g_autofree char *san = random_san (game, rand);
      guint ply;

      if (!san)
        break;
      /* A variation first: the other moves the position allowed. */
      if (i > 0 && g_rand_int_range (rand, 0, 6) == 0)
        {
          g_autofree char *other = random_san (game, rand);
          g_autofree char *line = g_strdup_printf ("%s {instead}", other);
          g_autoptr (GError) error = NULL;

          test_play_text (game, san);
          ply = chancellor_game_get_n_moves (game);
          g_assert_true (chancellor_game_add_variation (game, ply, line, &error));
          g_assert_no_error (error);
        }
      else
        {
          test_play_text (game, san);
          ply = chancellor_game_get_n_moves (game);
        }
      if (g_rand_int_range (rand, 0, 5) == 0)
        chancellor_game_set_comment (game, ply, "a comment {with braces");
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          const guint8 nags[] = { (guint8) g_rand_int_range (rand, 1, 256), 14 };
          chancellor_game_set_nags (game, ply, nags, (guint) g_rand_int_range (rand, 1, 3));
        }
    }

  if (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_PLAYING)
    switch (g_rand_int_range (rand, 0, 5))
      {
      case 0:
        chancellor_game_resign (game, g_rand_boolean (rand) ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK);
        break;
      case 1:
        chancellor_game_flag (game, g_rand_boolean (rand) ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK);
        break;
      case 2:
        g_assert_true (chancellor_game_set_outcome (game, CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_AGREEMENT));
        break;
      default:
        break;
      }
  return g_steal_pointer (&game);
}

static void
test_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (51);

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    for (int round = 0; round < 6; round++)
      {
        g_autoptr (ChancellorGame) game = random_game (chancellor_catalogue_get_game_id (i), rand);
        g_autofree char *text = chancellor_pgn_write (game);
        g_autoptr (GPtrArray) games = read_games (text);
        g_autofree char *again = NULL;

        g_test_message ("%s", text);
        g_assert_cmpuint (games->len, ==, 1);
        assert_same_game (game, g_ptr_array_index (games, 0));
        g_assert_cmpint (chancellor_game_get_phase (g_ptr_array_index (games, 0)), !=, CHANCELLOR_PHASE_RELOCATION);
        again = chancellor_pgn_write (g_ptr_array_index (games, 0));
        g_assert_cmpstr (again, ==, text);
      }
}

static void
test_several_games (void)
{
  g_autoptr (ChancellorGame) chess = test_game_new ("chess", NULL);
  g_autoptr (ChancellorGame) ajax = test_game_new ("ajax", NULL);
  g_autoptr (ChancellorGame) pmrc = chancellor_game_new_start ("prime-ministers-random", 1234, NULL);
  ChancellorGame *all[] = { chess, ajax, pmrc };
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) games = NULL;

  test_play_text (chess, "e4");
  test_play_text (ajax, "e5");
  test_play_text (pmrc, "e4");
  text = chancellor_pgn_write_all (all, G_N_ELEMENTS (all));
  g_assert_nonnull (strstr (text, "[StartNumber \"1234\"]"));
  games = read_games (text);
  g_assert_cmpuint (games->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_same_game (all[i], g_ptr_array_index (games, i));
  g_assert_cmpint (chancellor_game_get_start_number (g_ptr_array_index (games, 2)), ==, 1234);
}

/* A result the board does not show becomes the game's outcome. */
static void
test_outcomes (void)
{
  static const struct {
    const char *text;
    ChancellorResult result;
    ChancellorReason reason;
  } cases[] = {
    { "1. e4 e5 1-0", CHANCELLOR_RESULT_WHITE_WINS, CHANCELLOR_REASON_RESIGNATION },
    { "[Termination \"time forfeit\"]\n1. e4 0-1", CHANCELLOR_RESULT_BLACK_WINS, CHANCELLOR_REASON_TIME },
    { "1. e4 1/2-1/2", CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_AGREEMENT },
    { "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2", CHANCELLOR_RESULT_DRAW,
      CHANCELLOR_REASON_THREEFOLD_REPETITION },
    { "1. f3 e5 2. g4 Qh4# 1-0", CHANCELLOR_RESULT_BLACK_WINS, CHANCELLOR_REASON_CHECKMATE },
    { "[Result \"1-0\"]\n1. e4", CHANCELLOR_RESULT_WHITE_WINS, CHANCELLOR_REASON_RESIGNATION },
    { "1. e4 *", CHANCELLOR_RESULT_NONE, CHANCELLOR_REASON_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) games = read_games (cases[i].text);
      ChancellorGame *game = g_ptr_array_index (games, 0);

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (chancellor_game_get_result (game), ==, cases[i].result);
      g_assert_cmpint (chancellor_game_get_reason (game), ==, cases[i].reason);
    }
}

/* Relocation Chess from a file starts in the playing phase. */
static void
test_relocation (void)
{
  g_autoptr (GPtrArray) games = read_games (
    "[Variant \"capablanca-relocation\"]\n"
    "[FEN \"rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\"]\n1. e4 *");
  ChancellorGame *game = g_ptr_array_index (games, 0);
  g_autofree char *start = chancellor_game_get_start_fen (game);

  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpstr (start, ==, "rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);
}

/* Errors say where, and a broken game anywhere returns nothing. */
static void
test_errors (void)
{
  static const struct {
    const char *text;
    ChancellorPgnError code;
    const char *in_message;
  } cases[] = {
    { "1. e4 e5 2. Ke3 *", CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE, "Line 1, column 13 (game 1, move 2): “Ke3”" },
    { "1. e4 -- 2. d4 *", CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE,
      "Line 1, column 7 (game 1, move 1…): “--” is a null move (a pass), which no game allows" },
    { "[Variant \"capablanca\"]\n1. e4 Nf6", CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE,
      "Line 2, column 7 (game 1, move 1…): “Nf6” is not a legal move in the position "
      "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1." },
    { "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. e4 {open", CHANCELLOR_PGN_ERROR_SYNTAX,
      "Line 5, column 7 (game 2, move 1…)" },
    { "[Variant \"gothic\"]\n*", CHANCELLOR_PGN_ERROR_UNKNOWN_VARIANT, "Line 1, column 11 (game 1): " },
    { "[Variant \"chess\"]\n[FEN \"8/8/8 w - - 0 1\"]\n*", CHANCELLOR_PGN_ERROR_BAD_FEN, "Line 2, column 7" },
    { "", CHANCELLOR_PGN_ERROR_NO_GAME, "no game" },
    { "hello\n", CHANCELLOR_PGN_ERROR_NO_GAME,
      "Line 1, column 1: This is not a PGN file: no PGN tags or moves found (it starts with “hello”)." },
    { "1. e4 ((((", CHANCELLOR_PGN_ERROR_SYNTAX, "column 8" },
    /* Legal for the reader, but the game was over by then (the 75-move
     * rule would be the same): moves after a fivefold repetition. */
    { "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *",
      CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE, "(game 1, move 9): “e4” comes after the end of the game" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      GPtrArray *games = chancellor_pgn_read (cases[i].text, -1, &error);

      g_test_message ("%s -> %s", cases[i].text, error ? error->message : "(none)");
      g_assert_null (games);
      g_assert_error (error, CHANCELLOR_PGN_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].in_message));
    }

  /* A length that cuts the text short is honoured. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) games = chancellor_pgn_read ("1. e4 e5 garbage", 8, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (chancellor_game_get_n_moves (g_ptr_array_index (games, 0)), ==, 2);
  }
}

/* Pasted text: a FEN of every game (read as the game hinted, or found
 * when the hint does not read it), PGN, and refusals that explain. */
static void
test_read_text (void)
{
  static const struct {
    const char *text;
    const char *hint;
    gboolean pgn;                /* a PGN error, not a game's */
    int code;
    const char *in_message;
  } broken[] = {
    /* Black's king stands in the white rook's line with White to move. */
    { "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "chess", FALSE, CHANCELLOR_GAME_ERROR_BAD_FEN,
      "the side not to move is in check" },
    { "4k3/8/8/8/8/8/8/8 w - - 0 1", "chess", FALSE, CHANCELLOR_GAME_ERROR_BAD_FEN, "White must have exactly one king" },
    { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "chess", FALSE, CHANCELLOR_GAME_ERROR_BAD_FEN, "the side to move must be" },
    /* Not a position of the hinted game nor of any other: the hint's error. */
    { "4k3/8/8/8/8/8/8/4K2P w - - 0 1", "chess", FALSE, CHANCELLOR_GAME_ERROR_BAD_FEN,
      "cannot be read as Chess: a pawn stands on the first or last rank" },
    { "1. e4 e5 2. Ke3 *", "chess", TRUE, CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE, "“Ke3”" },
    { "1/2-1/2 garbage", NULL, TRUE, CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE, "column 9 (game 2, move 1): “garbage”" },
    { "  \n ", NULL, TRUE, CHANCELLOR_PGN_ERROR_NO_GAME, "no game" },
  };

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);
      g_autoptr (ChancellorGame) start = chancellor_game_new (id, NULL, NULL);
      g_autofree char *fen = chancellor_game_get_fen (start, 0);
      g_autofree char *padded = g_strdup_printf ("\n  %s \n", fen);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) hinted = chancellor_pgn_read_text (padded, id, &error);
      g_autoptr (GPtrArray) found = NULL;
      g_autofree char *found_fen = NULL;
      g_autofree char *hinted_fen = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (hinted->len, ==, 1);
      g_assert_cmpstr (chancellor_game_get_variant_id (hinted->pdata[0]), ==, id);
      hinted_fen = chancellor_game_get_start_fen (hinted->pdata[0]);
      g_assert_cmpstr (hinted_fen, ==, fen);
      /* Without a hint (or a wrong one) some game that reads it is taken. */
      found = chancellor_pgn_read_text (fen, i == 0 ? "chess" : chancellor_catalogue_get_game_id (0), &error);
      g_assert_no_error (error);
      found_fen = chancellor_game_get_fen (found->pdata[0], 0);
      g_assert_cmpstr (found_fen, ==, fen);
      g_assert_cmpint (chancellor_game_get_files (found->pdata[0]), ==, chancellor_game_get_files (start));
    }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) games = chancellor_pgn_read_text ("[Event \"x\"]\n1. e4 e5 *\n\n[Event \"y\"]\n1. d4 *",
                                                            "ajax", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 2);
    g_assert_cmpstr (chancellor_game_get_variant_id (games->pdata[0]), ==, "chess");
    g_assert_cmpuint (chancellor_game_get_n_moves (games->pdata[0]), ==, 2);
  }

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr (GError) error = NULL;
      GPtrArray *games = chancellor_pgn_read_text (broken[i].text, broken[i].hint, &error);
      GQuark domain = broken[i].pgn ? CHANCELLOR_PGN_ERROR : CHANCELLOR_GAME_ERROR;

      g_test_message ("%s -> %s", broken[i].text, error ? error->message : "(none)");
      g_assert_null (games);
      g_assert_error (error, domain, broken[i].code);
      g_assert_nonnull (strstr (error->message, broken[i].in_message));
    }
}

static char *
marks_text (ChancellorGame *game,
            guint           ply)
{
  g_autoptr (GArray) marks = chancellor_marks_get (game, ply);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < marks->len; i++)
    {
      ChancellorMark *m = &g_array_index (marks, ChancellorMark, i);

      g_string_append_printf (text, "%s%c%d-%d", i ? " " : "", m->color, m->from, m->to);
    }
  return g_string_free (text, FALSE);
}

/* Arrows and circles: read from lichess's and other programs' comments
 * (on a 10 × 10 board too), kept per move, set and toggled, and written
 * back the same. */
static void
test_marks (void)
{
  static const char *const pgn =
    "[Variant \"ajax\"]\n\n"
    "{Start [%csl Ge2]} 1. e2e4 {A move [%cal Ge2e4,rd9d7,Xa1a2,Gz1a1] fine [%csl Ye4,Bj10] [%clk 0:05:00]} "
    "e9e7 {[%cal Bj10a1]} *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = chancellor_pgn_read (pgn, -1, &error);
  ChancellorGame *game;
  g_autofree char *written = NULL;
  g_autoptr (GPtrArray) again = NULL;
  ChancellorMark green_arrow = { 'G', 0, 11 }, red_circle = { 'R', 44, 44 };
  /* Squares of the 10 × 10 board: e2 = 14, e4 = 34, d9 = 83, d7 = 63, j10 = 99, a1 = 0. */
  static const char *const expected[] = { "G14-14", "Y34-34 B99-99 G14-34 R83-63", "B99-0" };

  g_assert_no_error (error);
  game = games->pdata[0];
  for (guint ply = 0; ply < G_N_ELEMENTS (expected); ply++)
    {
      g_autofree char *text = marks_text (game, ply);

      g_assert_cmpstr (text, ==, expected[ply]);
    }

  /* Written back and read again: the same marks, the clock kept. */
  written = chancellor_pgn_write (game);
  g_test_message ("%s", written);
  g_assert_nonnull (strstr (written, "[%clk 0:05:00]"));
  again = chancellor_pgn_read (written, -1, &error);
  g_assert_no_error (error);
  for (guint ply = 0; ply < G_N_ELEMENTS (expected); ply++)
    {
      g_autofree char *text = marks_text (again->pdata[0], ply);

      g_assert_cmpstr (text, ==, expected[ply]);
    }

  /* Toggling: a new arrow is added, the same again removes it, another
   * colour recolours; the comment's words and other commands stay. */
  chancellor_marks_toggle (game, 1, green_arrow);
  chancellor_marks_toggle (game, 1, red_circle);
  {
    g_autofree char *text = marks_text (game, 1);

    g_assert_cmpstr (text, ==, "Y34-34 B99-99 R44-44 G14-34 R83-63 G0-11");
  }
  g_assert_cmpstr (chancellor_game_get_comment (game, 1), ==,
                   "A move fine [%clk 0:05:00] [%csl Ye4,Bj10,Re5] [%cal Ge2e4,Rd9d7,Ga1b2]");
  chancellor_marks_toggle (game, 1, green_arrow);
  red_circle.color = 'B';
  chancellor_marks_toggle (game, 1, red_circle);
  {
    g_autofree char *text = marks_text (game, 1);

    g_assert_cmpstr (text, ==, "Y34-34 B99-99 B44-44 G14-34 R83-63");
  }
  /* Clearing leaves the words alone, and an empty comment goes. */
  chancellor_marks_set (game, 1, NULL, 0);
  g_assert_cmpstr (chancellor_game_get_comment (game, 1), ==, "A move fine [%clk 0:05:00]");
  chancellor_marks_set (game, 2, NULL, 0);
  g_assert_null (chancellor_game_get_comment (game, 2));
  chancellor_marks_set (game, 2, &green_arrow, 1);
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "[%cal Ga1b2]");
}

/* PGN knowledge kept once, in the engine: the symbols of NAGs both ways,
 * the derived tags, the comment commands, as the app reads them. */
static void
test_shared_knowledge (void)
{
  static const struct {
    int nag;
    const char *shown;
    const char *ascii;
  } symbols[] = {
    { 1, "!", "!" }, { 2, "?", "?" }, { 3, "!!", "!!" }, { 4, "??", "??" }, { 5, "!?", "!?" },
    { 6, "?!", "?!" }, { 10, "=", "=" }, { 13, "∞", NULL }, { 14, "⩲", "+=" }, { 15, "⩱", "=+" },
    { 16, "±", "+/-" }, { 17, "∓", "-/+" }, { 18, "+−", "+-" }, { 19, "−+", "-+" },
  };
  g_autofree char *commands = NULL;
  g_autofree char *text = NULL;
  const char *command;
  size_t length = 0;

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    {
      g_assert_cmpstr (chancellor_pgn_nag_symbol (symbols[i].nag, FALSE), ==, symbols[i].shown);
      g_assert_cmpstr (chancellor_pgn_nag_symbol (symbols[i].nag, TRUE), ==, symbols[i].ascii);
      if (symbols[i].ascii)
        g_assert_cmpint (pgn_nag_from_symbol (symbols[i].ascii, strlen (symbols[i].ascii)), ==, symbols[i].nag);
    }
  g_assert_null (chancellor_pgn_nag_symbol (0, FALSE));
  g_assert_null (chancellor_pgn_nag_symbol (200, FALSE));
  g_assert_cmpint (pgn_nag_from_symbol ("+/=", 3), ==, 14);
  g_assert_cmpint (pgn_nag_from_symbol ("⩲", strlen ("⩲")), ==, 14);
  g_assert_cmpint (pgn_nag_from_symbol ("!!!", 3), ==, -1);
  /* The minus-sign spellings are shown, never read: the reader takes "+-". */
  g_assert_cmpint (pgn_nag_from_symbol ("+−", strlen ("+−")), ==, -1);

  g_assert_true (pgn_is_derived_tag ("FEN"));
  g_assert_true (pgn_is_derived_tag ("startnumber"));
  g_assert_true (pgn_is_derived_tag ("Termination"));
  g_assert_false (pgn_is_derived_tag ("Event"));
  g_assert_false (pgn_is_derived_tag ("Annotator"));

  command = pgn_comment_find_command ("Good. [%clk 0:05:00] then [%eval 0.35] more", "eval", &length);
  g_assert_nonnull (command);
  g_assert_cmpint ((int) length, ==, (int) strlen ("[%eval 0.35]"));
  g_assert_true (strncmp (command, "[%eval 0.35]", length) == 0);
  command = pgn_comment_find_command ("Good. [%clk 0:05:00] then", NULL, &length);
  g_assert_true (strncmp (command, "[%clk 0:05:00]", length) == 0);
  g_assert_null (pgn_comment_find_command ("no commands [here]", NULL, &length));
  command = pgn_comment_find_command ("open [%eval 1", "eval", &length);
  g_assert_cmpint ((int) length, ==, (int) strlen ("[%eval 1"));

  text = chancellor_pgn_comment_split ("  A  fine\n move [%eval 0.35]  and [%clk 0:01:00] more ", &commands);
  g_assert_cmpstr (text, ==, "A fine move and more");
  g_assert_cmpstr (commands, ==, "[%eval 0.35] [%clk 0:01:00]");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&commands, g_free);
  text = chancellor_pgn_comment_split ("[%eval #3]", &commands);
  g_assert_null (text);
  g_assert_cmpstr (commands, ==, "[%eval #3]");
  g_clear_pointer (&commands, g_free);
  text = chancellor_pgn_comment_split ("plain", &commands);
  g_assert_cmpstr (text, ==, "plain");
  g_assert_null (commands);
}

/* Text that is not all UTF-8 (a Latin-1 name) reads with U+FFFD in its
 * place, and every game read from it says so; UTF-8 text does not. */
static void
test_repaired_utf8 (void)
{
  g_autoptr (GPtrArray) latin1 = read_games ("[White \"M\374ller\"]\n\n1. e4 *\n\n[White \"Ann\"]\n\n1. d4 *\n");
  g_autoptr (GPtrArray) utf8 = read_games ("[White \"M\303\274ller\"]\n\n1. e4 *\n");

  g_assert_cmpuint (latin1->len, ==, 2);
  g_assert_cmpstr (chancellor_game_get_tag (latin1->pdata[0], "White"), ==, "M\357\277\275ller");
  g_assert_true (chancellor_pgn_game_was_repaired (latin1->pdata[0]));
  g_assert_true (chancellor_pgn_game_was_repaired (latin1->pdata[1]));
  g_assert_cmpstr (chancellor_game_get_tag (utf8->pdata[0], "White"), ==, "M\303\274ller");
  g_assert_false (chancellor_pgn_game_was_repaired (utf8->pdata[0]));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/round-trip", test_round_trip);
  g_test_add_func ("/pgn/several-games", test_several_games);
  g_test_add_func ("/pgn/outcomes", test_outcomes);
  g_test_add_func ("/pgn/relocation", test_relocation);
  g_test_add_func ("/pgn/errors", test_errors);
  g_test_add_func ("/pgn/shared-knowledge", test_shared_knowledge);
  g_test_add_func ("/pgn/read-text", test_read_text);
  g_test_add_func ("/pgn/marks", test_marks);
  g_test_add_func ("/pgn/repaired-utf8", test_repaired_utf8);

  return g_test_run ();
}
