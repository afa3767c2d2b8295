/* test-game-review.c — the analysis of a whole game, without a display:
 * a blunder marked with the better move, [%eval] comments merged into the
 * game's own, the same verdicts on every run at a fixed depth, a cancel
 * that stops the thread within 100 ms, clearing (a player's lines stay),
 * and the readers. */
#include "config.h"

#include <string.h>

#include "chancellor-game-review.h"
#include "chancellor-pgn.h"
#include "test-util.h"

/* 2... Qg5?? leaves the queen to the knight, and 3. d3?? does not take it. */
static const char *const blunder_moves[] = { "e4", "e5", "Nf3", "Qg5", "d3" };

static void
finished (ChancellorGameReview *analysis,
          gboolean                complete,
          gpointer                data)
{
  int *outcome = data;

  *outcome = complete ? 1 : 2;
}

static void
test_blunder (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autofree char *best = NULL;
  g_autofree char *better = NULL;
  g_autofree char *text = NULL;
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  double expectation;

  chancellor_game_set_comment (game, 5, "A quiet move [%eval 9.99] [%clk 0:01:00]");
  /* Depth 6: at depth 4 the scores of the opening moves swing by 80 cp
   * (2. Nf3 was marked an inaccuracy). */
  chancellor_game_review_set_limits (analysis, 6, 0);
  g_assert_true (test_review_run (analysis, 60000));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), ==, 6);
  g_assert_cmpuint (chancellor_game_review_get_n_positions (analysis), ==, 6);

  /* The moves of the opening are not marked; both blunders are. */
  for (guint ply = 1; ply <= 3; ply++)
    g_assert_cmpint (chancellor_game_review_get_mark (analysis, ply), ==, CHANCELLOR_MOVE_MARK_NONE);
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 4), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  best = chancellor_game_review_dup_best_move (analysis, 5);
  g_assert_cmpstr (best, ==, "Nxg5");

  /* In the game: the NAG, the better line, and [%eval] replacing the old. */
  g_assert_cmpuint (chancellor_game_get_nags (game, 5, nags, G_N_ELEMENTS (nags)), ==, 1);
  g_assert_cmpuint (nags[0], ==, 4);
  g_assert_cmpint (chancellor_game_review_read_mark (game, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 5), ==, 1);
  g_assert_true (g_str_has_prefix (chancellor_game_get_variation (game, 5, 0), "{[%eval "));
  g_assert_nonnull (strstr (chancellor_game_get_variation (game, 5, 0), "} 3. Nxg5"));
  better = chancellor_game_review_read_better_move (game, 5);
  g_assert_cmpstr (better, ==, "Nxg5");
  g_test_message ("after 3. d3: %s", chancellor_game_get_comment (game, 5));
  g_assert_true (g_str_has_prefix (chancellor_game_get_comment (game, 5), "[%eval "));
  g_assert_true (g_str_has_suffix (chancellor_game_get_comment (game, 5), "] A quiet move [%clk 0:01:00]"));
  g_assert_null (strstr (chancellor_game_get_comment (game, 5), "9.99"));
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 2), ==, 0);

  /* The readers: White is far ahead after 2... Qg5, not after 3. d3. */
  g_assert_true (chancellor_game_review_has_scores (game));
  g_assert_true (chancellor_game_review_read_score (game, 4, &expectation, &text));
  g_assert_cmpfloat (expectation, >, 0.9);
  g_assert_true (text[0] == '+');
  g_clear_pointer (&text, g_free);
  g_assert_true (chancellor_game_review_read_score (game, 5, &expectation, &text));
  g_assert_cmpfloat (expectation, <, 0.8);
  g_assert_false (chancellor_game_review_read_score (game, 0, NULL, NULL));
  /* Black gave away a queen, White the chance to take it. */
  g_assert_cmpint (chancellor_game_review_read_average_loss (game, CHANCELLOR_COLOR_BLACK), >=, 300);
  g_assert_cmpint (chancellor_game_review_read_average_loss (game, CHANCELLOR_COLOR_WHITE), >=, 200);

  /* Clearing leaves the game's own comment. */
  chancellor_game_review_clear (game);
  g_assert_cmpstr (chancellor_game_get_comment (game, 5), ==, "A quiet move [%clk 0:01:00]");
  g_assert_cmpuint (chancellor_game_get_nags (game, 5, nags, G_N_ELEMENTS (nags)), ==, 0);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 5), ==, 0);
  g_assert_false (chancellor_game_review_has_scores (game));
  g_assert_cmpint (chancellor_game_review_read_average_loss (game, CHANCELLOR_COLOR_WHITE), ==, -1);
}

/* Every annotation of the game, as one text. */
static char *
annotations_text (ChancellorGame *game)
{
  GString *text = g_string_new (NULL);

  for (guint ply = 0; ply <= chancellor_game_get_n_moves (game); ply++)
    {
      guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
      guint n_nags = ply > 0 ? chancellor_game_get_nags (game, ply, nags, G_N_ELEMENTS (nags)) : 0;

      g_string_append_printf (text, "%u {%s}", ply, chancellor_game_get_comment (game, ply));
      for (guint i = 0; i < n_nags; i++)
        g_string_append_printf (text, " $%u", nags[i]);
      for (guint i = 0; i < chancellor_game_get_n_variations (game, ply); i++)
        g_string_append_printf (text, " (%s)", chancellor_game_get_variation (game, ply, i));
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
test_deterministic (void)
{
  static const char *const moves[] = { "e4", "e5", "Nc3", "Nc6", "Nh3", "Nh6" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("capablanca", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  chancellor_game_review_set_limits (analysis, 3, 0);
  g_assert_true (test_review_run (analysis, 60000));
  first = annotations_text (game);
  g_assert_nonnull (strstr (first, "[%eval "));
  g_assert_true (test_review_run (analysis, 60000));
  second = annotations_text (game);
  g_assert_cmpstr (first, ==, second);
}

static void
test_cancel (void)
{
  static const char *const moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("capablanca", NULL, 0);
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  gint64 cancelled, end;
  int outcome = 0;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    chancellor_game_play_text (game, moves[i], NULL);
  /* Deep enough to run for minutes. */
  chancellor_game_review_set_limits (analysis, 40, 0);
  g_signal_connect (analysis, "finished", G_CALLBACK (finished), &outcome);
  chancellor_game_review_start (analysis);
  end = g_get_monotonic_time () + 300 * G_TIME_SPAN_MILLISECOND;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (chancellor_game_review_get_running (analysis));

  cancelled = g_get_monotonic_time ();
  chancellor_game_review_cancel (analysis);
  while (outcome == 0)
    {
      g_assert_cmpint (g_get_monotonic_time () - cancelled, <, 100 * G_TIME_SPAN_MILLISECOND);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpint (outcome, ==, 2);
  g_assert_false (chancellor_game_review_get_running (analysis));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), <, 9);
}

/* Taking a move back cancels; dropping the object mid-run is safe. */
static void
test_game_changes (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  ChancellorGameReview *analysis = chancellor_game_review_new (game);
  int outcome = 0;

  chancellor_game_review_set_limits (analysis, 40, 0);
  g_signal_connect (analysis, "finished", G_CALLBACK (finished), &outcome);
  chancellor_game_review_start (analysis);
  chancellor_game_undo (game);
  while (outcome == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (outcome, ==, 2);

  chancellor_game_review_start (analysis);
  g_object_unref (analysis);
  /* The run winds down on its own. */
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_mate_in_game (void)
{
  static const char *const moves[] = { "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autofree char *text = NULL;
  g_autofree char *mate_text = NULL;
  double expectation;

  chancellor_game_review_set_limits (analysis, 3, 0);
  g_assert_true (test_review_run (analysis, 60000));
  /* 3... Nf6?? allows the mate: #1 after it; the mate itself has no [%eval]. */
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 6), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_true (g_str_has_prefix (chancellor_game_get_comment (game, 6), "[%eval #1]"));
  g_assert_true (chancellor_game_review_read_score (game, 6, &expectation, &mate_text));
  g_assert_cmpstr (mate_text, ==, "#1");
  g_assert_cmpfloat (expectation, ==, 1.0);
  g_assert_null (chancellor_game_get_comment (game, 7));
  g_assert_true (chancellor_game_review_read_score (game, 7, &expectation, &text));
  g_assert_cmpstr (text, ==, "1-0");
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 7), ==, CHANCELLOR_MOVE_MARK_NONE);
}

/* What the analysis wrote goes into the PGN, and a file's annotations
 * read back as scores and marks. */
static void
test_pgn (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *better = NULL;
  g_autofree char *score = NULL;
  g_auto (GStrv) lines = NULL;
  ChancellorGame *read;
  double expectation;

  chancellor_game_review_set_limits (analysis, 4, 0);
  g_assert_true (test_review_run (analysis, 60000));
  text = chancellor_pgn_write (game);
  lines = g_strsplit (text, "\n", -1);
  joined = g_strjoinv (" ", lines);
  g_assert_nonnull (strstr (joined, "2... Qg5 $4 {[%eval "));
  g_assert_nonnull (strstr (joined, "3. d3 $4 {[%eval "));
  g_assert_nonnull (strstr (joined, "({[%eval "));
  g_assert_nonnull (strstr (joined, "} 3. Nxg5"));

  games = chancellor_pgn_read (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  read = g_ptr_array_index (games, 0);
  g_assert_true (chancellor_game_review_has_scores (read));
  g_assert_cmpint (chancellor_game_review_read_mark (read, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  better = chancellor_game_review_read_better_move (read, 5);
  g_assert_cmpstr (better, ==, "Nxg5");
  g_assert_true (chancellor_game_review_read_score (read, 4, &expectation, &score));
  g_assert_cmpfloat (expectation, >, 0.9);
}

/* The variations of a game as one text, ply by ply. */
static char *
variations_text (ChancellorGame *game)
{
  GString *text = g_string_new (NULL);

  for (guint ply = 1; ply <= chancellor_game_get_n_moves (game); ply++)
    for (guint i = 0; i < chancellor_game_get_n_variations (game, ply); i++)
      g_string_append_printf (text, "%u (%s) ", ply, chancellor_game_get_variation (game, ply, i));
  return g_string_free (text, FALSE);
}

static void
add_line (ChancellorGame *game,
          guint           ply,
          const char     *movetext)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_game_add_variation (game, ply, movetext, &error));
  g_assert_no_error (error);
}

/* A player's lines and a file's, at moves the review marks and at others,
 * survive a re-run and a clear, also in a file read back; the better move
 * is the review's, not the player's line before it. */
static void
test_player_lines (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGameReview) first = chancellor_game_review_new (game);
  g_autoptr (ChancellorGameReview) second = chancellor_game_review_new (game);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *after_run = NULL;
  g_autofree char *after_rerun = NULL;
  g_autofree char *cleared = NULL;
  g_autofree char *read_cleared = NULL;
  g_autofree char *better = NULL;
  g_autofree char *read_better = NULL;
  g_autofree char *players = NULL;
  ChancellorGame *read;

  /* A player's line at each blunder (one with its own comment first, one
   * whose move carries another program's [%eval]), and one at a move the
   * review leaves unmarked. */
  add_line (game, 5, "3. Bc4");
  add_line (game, 5, "3. h3 {[%eval 0.50]}");
  add_line (game, 4, "{Mine} 2... Nc6");
  add_line (game, 3, "2. Bc4");
  players = variations_text (game);
  g_assert_cmpstr (players, ==, "3 (2. Bc4) 4 ({Mine} 2... Nc6) 5 (3. Bc4) 5 (3. h3 {[%eval 0.50]}) ");

  chancellor_game_review_set_limits (first, 4, 0);
  g_assert_true (test_review_run (first, 60000));
  g_assert_cmpint (chancellor_game_review_read_mark (game, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 5), ==, 3);
  g_assert_cmpstr (chancellor_game_get_variation (game, 5, 0), ==, "3. Bc4");
  g_assert_true (g_str_has_prefix (chancellor_game_get_variation_comment (game, 5, 2), "[%eval "));
  g_assert_null (chancellor_game_get_variation_comment (game, 5, 1));
  g_assert_cmpstr (chancellor_game_get_variation_comment (game, 4, 0), ==, "Mine");
  better = chancellor_game_review_read_better_move (game, 5);
  g_assert_cmpstr (better, ==, "Nxg5");
  after_run = variations_text (game);

  /* A second run replaces the review's lines and leaves the player's. */
  chancellor_game_review_set_limits (second, 4, 0);
  g_assert_true (test_review_run (second, 60000));
  after_rerun = variations_text (game);
  g_assert_cmpstr (after_rerun, ==, after_run);

  /* Saved and read back, the review's line is still known as its own. */
  text = chancellor_pgn_write (game);
  g_test_message ("%s", text);
  games = chancellor_pgn_read (text, -1, &error);
  g_assert_no_error (error);
  read = g_ptr_array_index (games, 0);
  read_better = chancellor_game_review_read_better_move (read, 5);
  g_assert_cmpstr (read_better, ==, "Nxg5");

  /* Clearing leaves exactly the player's lines, in the game and the file. */
  chancellor_game_review_clear (game);
  cleared = variations_text (game);
  g_assert_cmpstr (cleared, ==, players);
  chancellor_game_review_clear (read);
  read_cleared = variations_text (read);
  g_assert_cmpstr (read_cleared, ==, players);
  g_assert_null (chancellor_game_review_read_better_move (read, 5));
}

/* Capablanca Relocation Chess: the arrays chosen are the start. */
static void
test_relocation (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new ("capablanca-relocation", NULL, &error);
  g_autoptr (ChancellorGameReview) analysis = NULL;

  g_assert_no_error (error);
  g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));
  g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));
  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  g_assert_true (chancellor_game_play_text (game, "e5", NULL));
  analysis = chancellor_game_review_new (game);
  chancellor_game_review_set_limits (analysis, 2, 0);
  g_assert_true (test_review_run (analysis, 60000));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), ==, 3);
  g_assert_true (g_str_has_prefix (chancellor_game_get_comment (game, 2), "[%eval "));
}

static void
test_symbols (void)
{
  g_assert_cmpstr (chancellor_move_mark_get_symbol (CHANCELLOR_MOVE_MARK_NONE), ==, "");
  g_assert_cmpstr (chancellor_move_mark_get_symbol (CHANCELLOR_MOVE_MARK_INACCURACY), ==, "?!");
  g_assert_cmpstr (chancellor_move_mark_get_symbol (CHANCELLOR_MOVE_MARK_MISTAKE), ==, "?");
  g_assert_cmpstr (chancellor_move_mark_get_symbol (CHANCELLOR_MOVE_MARK_BLUNDER), ==, "??");
  g_assert_cmpstr (chancellor_move_mark_get_symbol (CHANCELLOR_MOVE_MARK_BRILLIANT), ==, "!!");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-review/blunder", test_blunder);
  g_test_add_func ("/game-review/deterministic", test_deterministic);
  g_test_add_func ("/game-review/cancel", test_cancel);
  g_test_add_func ("/game-review/game-changes", test_game_changes);
  g_test_add_func ("/game-review/mate", test_mate_in_game);
  g_test_add_func ("/game-review/pgn", test_pgn);
  g_test_add_func ("/game-review/player-lines", test_player_lines);
  g_test_add_func ("/game-review/relocation", test_relocation);
  g_test_add_func ("/game-review/symbols", test_symbols);

  return g_test_run ();
}
