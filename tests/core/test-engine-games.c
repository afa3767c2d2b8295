/* test-engine-games.c — which games an external engine plays: the variant
 * file written from the engine tables, and the check by perft, with a
 * fake engine that counts wrong and with Debian's fairy-stockfish; the
 * list of engines to choose from, and a whole game reviewed by one. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chancellor-engine-analysis.h"
#include "chancellor-engine-games.h"
#include "chancellor-engine-list.h"
#include "chancellor-game-review.h"
#include "chancellor-match.h"
#include "chancellor-variant-list.h"
#include "test-util.h"

#define FAIRY_STOCKFISH "/usr/games/fairy-stockfish"

static char *scratch_dir;

/* Every game has a section that names it and its start; pieces beyond
 * Fairy-Stockfish's built-in ones are defined by their moves, the Ajax
 * pawns step three squares where the tables say so. */
static void
test_definitions (void)
{
  g_autoptr (ChancellorVariantList) list = chancellor_variant_list_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (list), i);
      const char *id = chancellor_variant_info_get_id (info);
      g_autofree char *header = g_strdup_printf ("[%s]\n", id);
      g_autofree char *start = g_strdup_printf ("startFen = %s\n", chancellor_variant_info_get_start_fen (info));
      g_autofree char *text = NULL;
      gboolean custom = FALSE;

      text = chancellor_engine_games_fsf_definition (id, &custom);
      g_assert_nonnull (text);
      g_test_message ("%s", text);
      g_assert_true (g_str_has_prefix (text, header));
      g_assert_nonnull (strstr (text, start));
      g_assert_nonnull (strstr (text, "king = k\n"));
      g_assert_cmpint (custom, ==, strstr (text, "customPiece1 = ") != NULL);
    }
  g_assert_null (chancellor_engine_games_fsf_definition ("no-such-game", NULL));
}

/* Known sections, checked line by line (RULES.md, "Pieces", "The games"). */
static void
test_definition_lines (void)
{
  g_autofree char *ajax = chancellor_engine_games_fsf_definition ("ajax", NULL);
  g_autofree char *carrera = chancellor_engine_games_fsf_definition ("carrera", NULL);
  g_autofree char *pmrc = chancellor_engine_games_fsf_definition ("prime-ministers-random", NULL);

  g_assert_nonnull (strstr (ajax, "maxFile = j\nmaxRank = 10\n"));
  g_assert_nonnull (strstr (ajax, ":RmF\n"));
  g_assert_nonnull (strstr (ajax, ":BmW\n"));
  g_assert_nonnull (strstr (ajax, ":NmWmF\n"));
  g_assert_nonnull (strstr (ajax, ":WFAD\n"));
  g_assert_nonnull (strstr (ajax, "tripleStepRegionWhite = *2\ntripleStepRegionBlack = *9\n"));
  g_assert_nonnull (strstr (ajax, "promotionRegionWhite = *10\n"));
  g_assert_nonnull (strstr (ajax, "castlingKingsideFile = i\ncastlingQueensideFile = b\n"));
  g_assert_null (strstr (ajax, "chess960"));

  g_assert_nonnull (strstr (carrera, "archbishop = a\n"));
  g_assert_nonnull (strstr (carrera, "chancellor = c\n"));
  g_assert_nonnull (strstr (carrera, "castling = false\n"));
  g_assert_nonnull (strstr (carrera, "promotionPieceTypes = qca\n"));
  g_assert_null (strstr (carrera, "customPiece"));

  g_assert_nonnull (strstr (pmrc, "maxFile = i\n"));
  g_assert_nonnull (strstr (pmrc, "archbishop = m\n"));
  g_assert_nonnull (strstr (pmrc, "chess960 = true\ncastlingKingsideFile = h\ncastlingQueensideFile = b\n"));
}

typedef struct {
  gboolean done;
  GPtrArray *games;
  char *path;
  GError *error;
} CheckResult;

static void
check_done (GObject *source, GAsyncResult *result, gpointer data)
{
  CheckResult *check = data;

  check->games = chancellor_engine_games_check_finish (result, &check->path, &check->error);
  check->done = TRUE;
}

static void
start_done (GObject *source, GAsyncResult *result, gpointer data)
{
  gboolean *done = data;

  g_assert_true (chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, NULL));
  *done = TRUE;
}

static ChancellorUciEngine *
engine_started (const char *path)
{
  ChancellorUciEngine *engine = chancellor_uci_engine_new (path);
  gboolean done = FALSE;

  chancellor_uci_engine_start_async (engine, NULL, start_done, &done);
  test_wait_for_flag (&done, 10000);
  return engine;
}

typedef struct {
  gboolean done;
  char *move;
  GError *error;
} Search;

static void
go_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Search *search = data;

  search->move = chancellor_uci_engine_go_finish (CHANCELLOR_UCI_ENGINE (source), result, NULL, &search->error);
  search->done = TRUE;
}

static const ChancellorEngineGame *
find_game (GPtrArray  *games,
           const char *id)
{
  for (guint i = 0; i < games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (games, i);

      if (g_str_equal (game->id, id))
        return game;
    }
  g_assert_not_reached ();
}

/* The fake engine counts 400 whatever it is asked: no game passes, each
 * says so with both counts; it lists chess and capablanca itself, so the
 * variant file defines the others only. */
static void
test_check_fake_engine (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autoptr (ChancellorUciEngine) engine = engine_started (script);
  g_autoptr (ChancellorVariantList) list = chancellor_variant_list_new ();
  g_autofree char *ini = NULL;
  CheckResult check = { 0 };
  const ChancellorEngineGame *chess;

  chancellor_engine_games_check_async (engine, scratch_dir, NULL, check_done, &check);
  test_wait_for_flag (&check.done, 20000);
  g_assert_no_error (check.error);
  g_assert_cmpuint (check.games->len, ==, g_list_model_get_n_items (G_LIST_MODEL (list)));
  for (guint i = 0; i < check.games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (check.games, i);

      g_test_message ("%s: %s", game->id, game->reason);
      g_assert_false (game->playable);
      g_assert_nonnull (game->reason);
    }
  chess = find_game (check.games, "chess");
  g_assert_nonnull (strstr (chess->reason, "counts 400 positions 3 moves deep where the rules give 8902"));

  g_assert_nonnull (check.path);
  g_assert_true (g_str_has_prefix (check.path, scratch_dir));
  g_assert_true (g_file_get_contents (check.path, &ini, NULL, NULL));
  g_assert_nonnull (strstr (ini, "\n[ajax]\n"));
  g_assert_nonnull (strstr (ini, "\n[carrera]\n"));
  g_assert_null (strstr (ini, "[capablanca]"));
  g_assert_null (strstr (ini, "[chess]"));
  g_ptr_array_unref (check.games);
  g_free (check.path);
}

/* Debian's Fairy-Stockfish 11.1 plays Capablanca, chess, Carrera, PMRC and
 * Relocation from the file; it cannot express the Ajax pieces (it crashes
 * on them), and the check says so and goes on. */
static void
test_check_fairy_stockfish (void)
{
  g_autoptr (ChancellorUciEngine) engine = NULL;
  g_autoptr (ChancellorGame) carrera = NULL;
  ChancellorThinkLimits limits = { .depth = 2 };
  CheckResult check = { 0 };
  Search search = { 0 };
  gint64 started;

  if (!g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip (FAIRY_STOCKFISH " is not installed");
      return;
    }
  engine = engine_started (FAIRY_STOCKFISH);
  started = g_get_monotonic_time ();
  chancellor_engine_games_check_async (engine, scratch_dir, NULL, check_done, &check);
  test_wait_for_flag (&check.done, 60000);
  g_assert_no_error (check.error);
  g_test_message ("checked in %" G_GINT64_FORMAT " ms", (g_get_monotonic_time () - started) / 1000);
  for (guint i = 0; i < check.games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (check.games, i);

      g_test_message ("%s: %s", game->id, game->playable ? "playable" : game->reason);
      if (g_str_has_prefix (game->id, "ajax"))
        {
          g_assert_false (game->playable);
          g_assert_nonnull (strstr (game->reason, "cannot express the pieces of this game: its version is too old"));
        }
      else
        g_assert_true (game->playable);
    }
  /* The engine is left running, with the file loaded: it plays Carrera,
   * but not its double-step rule (RULES.md): here White, in check from
   * a5, may not block with b2-b4 (c4 could take en passant), which is
   * checkmate by our rules and the one move by Fairy-Stockfish's.  The
   * referee refuses it. */
  g_assert_null (chancellor_uci_engine_get_failure (engine));
  carrera = test_game_new ("carrera", "9k/10/10/b9/2p7/10/1P2PP4/3BKB4 w - - 0 1");
  chancellor_uci_engine_go_async (engine, carrera, 0, &limits, NULL, go_done, &search);
  test_wait_for_flag (&search.done, 10000);
  g_assert_null (search.move);
  g_assert_error (search.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_ILLEGAL_MOVE);
  g_test_message ("%s", search.error->message);
  g_assert_nonnull (strstr (search.error->message, "played b2b4, which is not a legal move here"));
  g_clear_error (&search.error);
  g_ptr_array_unref (check.games);
  g_free (check.path);
}

typedef struct {
  guint max_lines;
  guint reports;
  char *failure;
} Watch;

static void
on_lines (ChancellorEngineAnalysis *analysis, guint ply, GPtrArray *lines, gpointer data)
{
  Watch *watch = data;

  g_assert_cmpuint (ply, ==, 2);
  watch->reports++;
  watch->max_lines = MAX (watch->max_lines, lines->len);
  for (guint i = 0; i < lines->len; i++)
    {
      ChancellorEngineLine *line = g_ptr_array_index (lines, i);

      g_assert_cmpint (line->multipv, ==, (int) i + 1);
      g_assert_null (line->illegal_move);
      g_assert_true (g_str_has_prefix (line->pv, "2. "));
    }
}

static void
on_analysis_failed (ChancellorEngineAnalysis *analysis, const char *message, gpointer data)
{
  Watch *watch = data;

  g_free (watch->failure);
  watch->failure = g_strdup (message);
}

static gboolean
three_lines (gpointer data)
{
  return ((Watch *) data)->max_lines >= 3;
}

static gboolean
failure_said (gpointer data)
{
  return ((Watch *) data)->failure != NULL;
}

/* Live analysis by Fairy-Stockfish: three lines of a Capablanca position,
 * then an Ajax game it does not play, said in a sentence. */
static void
test_engine_analysis (void)
{
  static const char *const moves[] = { "e4", "e5" };
  g_autoptr (ChancellorEngineAnalysis) analysis = NULL;
  g_autoptr (ChancellorGame) capablanca = test_game_new_with ("capablanca", moves, 2);
  g_autoptr (ChancellorGame) ajax = test_game_new ("ajax", NULL);
  Watch watch = { 0 };

  if (!g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip (FAIRY_STOCKFISH " is not installed");
      return;
    }
  analysis = chancellor_engine_analysis_new (FAIRY_STOCKFISH);
  g_signal_connect (analysis, "lines-updated", G_CALLBACK (on_lines), &watch);
  g_signal_connect (analysis, "failed", G_CALLBACK (on_analysis_failed), &watch);
  chancellor_engine_analysis_start (analysis, capablanca, 2, 3);
  g_assert_true (test_run_until (three_lines, &watch, 30000));
  g_assert_null (watch.failure);
  chancellor_engine_analysis_stop (analysis);
  test_spin (100);
  watch.reports = 0;
  test_spin (300);
  g_assert_cmpuint (watch.reports, ==, 0);

  chancellor_engine_analysis_start (analysis, ajax, 0, 3);
  g_assert_true (test_run_until (failure_said, &watch, 5000));
  g_assert_nonnull (strstr (watch.failure, "its version is too old"));
  g_free (watch.failure);
}

static void
on_engine_failed (ChancellorMatch *match, const char *message, gpointer data)
{
  char **failure = data;

  g_free (*failure);
  *failure = g_strdup (message);
}

static gboolean
string_set (gpointer data)
{
  return *(char **) data != NULL;
}

static gboolean
two_moves_played (gpointer data)
{
  return chancellor_game_get_n_moves (data) >= 2;
}

/* Fairy-Stockfish as the computer player plays Capablanca moves on the
 * board; an engine whose move our rules refuse (the fake engine that
 * plays e2e5) pauses the match, which says so, and the board keeps its
 * position. */
static void
test_match_engine (void)
{
  g_autoptr (ChancellorUciEngine) engine = NULL;
  g_autoptr (ChancellorUciEngine) illegal = NULL;
  g_autoptr (ChancellorMatch) match = chancellor_match_new ();
  g_autoptr (ChancellorGame) capablanca = test_game_new ("capablanca", NULL);
  g_autoptr (ChancellorGame) chess = test_game_new ("chess", NULL);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autofree char *link = g_build_filename (scratch_dir, "fake-illegal", NULL);
  g_autofree char *failure = NULL;
  CheckResult check = { 0 };

  g_signal_connect (match, "engine-failed", G_CALLBACK (on_engine_failed), &failure);
  chancellor_match_set_move_delay (match, 0);
  chancellor_match_set_level (match, 1);
  chancellor_match_set_player (match, CHANCELLOR_COLOR_WHITE, CHANCELLOR_PLAYER_COMPUTER);
  chancellor_match_set_player (match, CHANCELLOR_COLOR_BLACK, CHANCELLOR_PLAYER_COMPUTER);

  if (g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      engine = engine_started (FAIRY_STOCKFISH);
      chancellor_engine_games_check_async (engine, scratch_dir, NULL, check_done, &check);
      test_wait_for_flag (&check.done, 60000);
      g_assert_no_error (check.error);
      g_ptr_array_unref (check.games);
      g_free (check.path);
      chancellor_match_set_engine (match, engine);
      g_assert_true (chancellor_match_get_engine (match) == engine);
      chancellor_match_set_game (match, capablanca);
      g_assert_true (test_run_until (two_moves_played, capablanca, 20000));
      g_assert_null (failure);
      chancellor_match_set_game (match, NULL);
    }

  g_assert_no_errno (symlink (script, link));
  illegal = engine_started (link);
  chancellor_match_set_engine (match, illegal);
  chancellor_match_set_game (match, chess);
  g_assert_true (test_run_until (string_set, &failure, 20000));
  g_test_message ("%s", failure);
  g_assert_nonnull (strstr (failure, "played e2e5, which is not a legal move here"));
  g_assert_true (chancellor_match_get_paused (match));
  g_assert_cmpuint (chancellor_game_get_n_moves (chess), ==, 0);

  /* The built-in engine takes over. */
  chancellor_match_set_engine (match, NULL);
  chancellor_match_set_paused (match, FALSE);
  g_assert_true (test_run_until (two_moves_played, chess, 20000));
  chancellor_match_set_game (match, NULL);
}

/* Fairy-Stockfish is found where a package puts it: a program named
 * fairy-stockfish on PATH (the Flatpak's /app/bin), and /usr/games. */
static void
test_find_installed (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autofree char *bin = g_build_filename (scratch_dir, "app-bin", NULL);
  g_autofree char *program = g_build_filename (bin, "fairy-stockfish", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_auto (GStrv) found = NULL;

  g_assert_no_errno (g_mkdir_with_parents (bin, 0755));
  g_assert_no_errno (symlink (script, program));
  g_setenv ("PATH", bin, TRUE);
  found = chancellor_engine_games_find_installed ();
  g_setenv ("PATH", old_path, TRUE);
  g_assert_nonnull (found[0]);
  g_assert_cmpstr (found[0], ==, program);
  g_assert_cmpuint (g_strv_length (found), ==, g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE) ? 2 : 1);
}

static void
count_changes (guint *changes)
{
  (*changes)++;
}

/* The engines to choose from: the installed ones, then those the settings
 * add, each checked once (a failed one again when retried); what each
 * plays, and why not. */
static void
test_engine_list (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autofree char *plain = g_build_filename (scratch_dir, "fake-plain", NULL);
  g_autofree char *missing = g_build_filename (scratch_dir, "no-such-engine", NULL);
  const char *const added[] = { plain, missing, NULL };
  g_autoptr (ChancellorEngineList) engines = NULL;
  gboolean installed = g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE);
  const char *reason = NULL;
  guint index = 0, changes = 0;

  g_assert_no_errno (symlink (script, plain));
  g_settings_set_strv (settings, "engines", added);
  engines = chancellor_engine_list_new (settings);
  g_signal_connect_swapped (engines, "changed", G_CALLBACK (count_changes), &changes);
  g_assert_cmpuint (chancellor_engine_list_get_n_engines (engines), ==, installed ? 3 : 2);
  g_assert_true (chancellor_engine_list_lookup (engines, plain, &index));
  g_assert_cmpuint (index, ==, installed ? 1 : 0);
  g_assert_cmpstr (chancellor_engine_list_get_name (engines, index), ==, "fake-plain");
  g_assert_false (chancellor_engine_list_plays (engines, index, "chess", &reason));
  g_assert_nonnull (strstr (reason, "still checking"));
  g_assert_true (test_run_until (test_engine_list_checked, engines, 30000));
  g_assert_cmpuint (changes, >, 0);

  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_READY);
  g_assert_cmpstr (chancellor_engine_list_get_name (engines, index), ==, "Fake Engine (plain)");
  g_assert_true (chancellor_engine_list_plays (engines, index, "chess", &reason));
  g_assert_null (reason);
  g_assert_false (chancellor_engine_list_plays (engines, index, "capablanca", &reason));
  g_assert_nonnull (strstr (reason, "does not play this game by its rules"));
  g_assert_false (chancellor_engine_list_has_skill_level (engines, index));

  g_assert_true (chancellor_engine_list_lookup (engines, missing, &index));
  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_FAILED);
  g_assert_false (chancellor_engine_list_plays (engines, index, "chess", &reason));
  g_test_message ("%s", reason);
  g_assert_nonnull (strstr (reason, "no-such-engine"));
  /* Retried once the program is there, it is checked again; retrying an
   * engine that did not fail starts nothing. */
  g_assert_no_errno (symlink (script, missing));
  changes = 0;
  chancellor_engine_list_retry (engines, index);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_CHECKING);
  g_assert_null (chancellor_engine_list_get_failure (engines, index));
  g_assert_true (test_run_until (test_engine_list_checked, engines, 30000));
  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_READY);
  g_assert_cmpstr (chancellor_engine_list_get_name (engines, index), ==, "Fake Engine (good)");
  g_assert_nonnull (chancellor_engine_list_get_games (engines, index));
  changes = 0;
  chancellor_engine_list_retry (engines, index);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_READY);

  if (installed)
    {
      g_assert_true (chancellor_engine_list_lookup (engines, FAIRY_STOCKFISH, &index));
      g_assert_cmpuint (index, ==, 0);
      g_assert_true (chancellor_engine_list_plays (engines, index, "capablanca", NULL));
      g_assert_false (chancellor_engine_list_plays (engines, index, "ajax", &reason));
      g_assert_nonnull (strstr (reason, "too old"));
      g_assert_true (chancellor_engine_list_has_skill_level (engines, index));
    }

  /* Taken out of the settings, it goes from the list; put back, it is
   * known at once, without a second check. */
  g_settings_set_strv (settings, "engines", (const char *const *) &added[1]);
  g_assert_false (chancellor_engine_list_lookup (engines, plain, NULL));
  g_settings_set_strv (settings, "engines", added);
  g_assert_true (chancellor_engine_list_lookup (engines, plain, &index));
  g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_READY);
  g_settings_reset (settings, "engines");
}

/* Reviews by an external engine (chancellor-game-review-engine.c); kept
 * here, out of test-game-review, which also runs under ThreadSanitizer. */

/* 2... Qg5?? leaves the queen to the knight, and 3. d3?? does not take it. */
static const char *const blunder_moves[] = { "e4", "e5", "Nf3", "Qg5", "d3" };

/* The fake engine (engines/fake-engine.sh) as mode, through a link named
 * fake-MODE in dir. */
static char *
fake_engine (const char *dir,
             const char *mode)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autofree char *name = g_strdup_printf ("fake-%s", mode);
  char *link = g_build_filename (dir, name, NULL);

  g_assert_no_errno (symlink (script, link));
  return link;
}

static void
review_finished (ChancellorGameReview *review,
                 gboolean              complete,
                 gpointer              data)
{
  *(int *) data = complete ? 1 : 2;
}

/* Fairy-Stockfish reviews the game: the two blunders marked, the better
 * move after 3. d3 found, every move given its [%eval]. */
static void
test_engine_fairy_stockfish (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autofree char *best = NULL;

  if (!g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip (FAIRY_STOCKFISH " is not installed");
      return;
    }
  chancellor_game_review_set_engine (analysis, FAIRY_STOCKFISH);
  chancellor_game_review_set_limits (analysis, 10, 0);
  g_assert_true (test_review_run (analysis, 60000));
  g_assert_null (chancellor_game_review_get_failure (analysis));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), ==, 6);
  /* Its own opinion of the opening (11.1 calls 1... e5 an inaccuracy at
   * depth 10) is not asserted. */
  for (guint ply = 1; ply <= 5; ply++)
    g_test_message ("%u: %s %s", ply, chancellor_game_get_comment (game, ply),
                    chancellor_move_mark_get_symbol (chancellor_game_review_get_mark (analysis, ply)));
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 4), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  best = chancellor_game_review_dup_best_move (analysis, 5);
  g_assert_cmpstr (best, ==, "Nxg5");
  /* The review's own line, opened by its value. */
  g_assert_true (g_str_has_prefix (chancellor_game_get_variation (game, 5, 0), "{[%eval "));
  g_assert_nonnull (strstr (chancellor_game_get_variation (game, 5, 0), "} 3. Nxg5"));
  for (guint ply = 1; ply <= 5; ply++)
    g_assert_true (g_str_has_prefix (chancellor_game_get_comment (game, ply), "[%eval "));
  g_assert_cmpint (chancellor_game_review_read_average_loss (game, CHANCELLOR_COLOR_BLACK), >=, 300);
}

/* An engine's review stops when cancelled, and when its game changes;
 * dropping it mid-run ends its process quietly. */
static void
test_engine_cancel (void)
{
  static const char *const moves[] = { "e4", "e5", "Nc3", "Nc6", "d4", "d5" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("capablanca", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  int outcome = 0;
  gint64 cancelled;

  if (!g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip (FAIRY_STOCKFISH " is not installed");
      return;
    }
  chancellor_game_review_set_engine (analysis, FAIRY_STOCKFISH);
  /* Deep enough to run for minutes. */
  chancellor_game_review_set_limits (analysis, 60, 0);
  g_signal_connect (analysis, "finished", G_CALLBACK (review_finished), &outcome);
  chancellor_game_review_start (analysis);
  test_spin (1500);
  g_assert_true (chancellor_game_review_get_running (analysis));
  cancelled = g_get_monotonic_time ();
  chancellor_game_review_cancel (analysis);
  while (outcome == 0)
    {
      /* The engine's answer to stop, within its margin. */
      g_assert_cmpint (g_get_monotonic_time () - cancelled, <, 3 * G_TIME_SPAN_SECOND);
      g_main_context_iteration (NULL, TRUE);
    }
  g_test_message ("stopped %" G_GINT64_FORMAT " ms after the cancel",
                  (g_get_monotonic_time () - cancelled) / 1000);
  g_assert_cmpint (outcome, ==, 2);
  g_assert_null (chancellor_game_review_get_failure (analysis));
  g_assert_false (chancellor_game_review_get_running (analysis));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), <, 7);

  /* A move taken back stops it as well. */
  outcome = 0;
  chancellor_game_review_start (analysis);
  test_spin (1000);
  cancelled = g_get_monotonic_time ();
  chancellor_game_undo (game);
  while (outcome == 0)
    {
      g_assert_cmpint (g_get_monotonic_time () - cancelled, <, 3 * G_TIME_SPAN_SECOND);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpint (outcome, ==, 2);

  /* Dropped while it runs: nothing is heard of it after. */
  chancellor_game_review_start (analysis);
  test_spin (1000);
  g_clear_object (&analysis);
  test_spin (2500);
}

/* The app is the referee: a line the engine goes on with an illegal move
 * is cut there, and the better line written says so; an illegal best
 * move stops the review, naming it; a game the engine does not play is
 * refused with the reason. */
static void
test_engine_referee (void)
{
  static const char *const moves[] = { "d4" };
  g_autofree char *dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_autofree char *cut = fake_engine (dir, "cut");
  g_autofree char *illegal = fake_engine (dir, "illegal");
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGame) capablanca = test_game_new_with ("capablanca", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGameReview) analysis = chancellor_game_review_new (game);
  g_autoptr (ChancellorGameReview) refused = chancellor_game_review_new (capablanca);
  const char *variation;

  /* 1. d4 is judged against the engine's e2e4 e7e5, then e4e6. */
  chancellor_game_review_set_engine (analysis, cut);
  g_assert_true (test_review_run (analysis, 20000));
  g_assert_cmpint (chancellor_game_review_get_mark (analysis, 1), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 1), ==, 1);
  variation = chancellor_game_get_variation (game, 1, 0);
  g_test_message ("%s", variation);
  g_assert_true (g_str_has_prefix (variation, "{[%eval "));
  g_assert_nonnull (strstr (variation, "} 1. e4 e5 {"));
  g_assert_nonnull (strstr (variation, "went on with e4e6, which is not a legal move here"));

  chancellor_game_review_set_engine (analysis, illegal);
  g_assert_false (test_review_run (analysis, 20000));
  g_test_message ("%s", chancellor_game_review_get_failure (analysis));
  g_assert_nonnull (strstr (chancellor_game_review_get_failure (analysis), "e2e5"));
  g_assert_cmpuint (chancellor_game_review_get_n_done (analysis), ==, 0);

  chancellor_game_review_set_engine (refused, cut);
  g_assert_false (test_review_run (refused, 20000));
  g_assert_nonnull (strstr (chancellor_game_review_get_failure (refused), "does not play this game"));

  test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch_dir = g_dir_make_tmp ("engine-games-XXXXXX", NULL);

  g_test_add_func ("/engine-games/definitions", test_definitions);
  g_test_add_func ("/engine-games/definition-lines", test_definition_lines);
  g_test_add_func ("/engine-games/check-fake-engine", test_check_fake_engine);
  g_test_add_func ("/engine-games/check-fairy-stockfish", test_check_fairy_stockfish);
  g_test_add_func ("/engine-games/analysis", test_engine_analysis);
  g_test_add_func ("/engine-games/match-engine", test_match_engine);
  g_test_add_func ("/engine-games/engine-list", test_engine_list);
  g_test_add_func ("/engine-games/find-installed", test_find_installed);
  g_test_add_func ("/engine-games/review/fairy-stockfish", test_engine_fairy_stockfish);
  g_test_add_func ("/engine-games/review/cancel", test_engine_cancel);
  g_test_add_func ("/engine-games/review/referee", test_engine_referee);

  status = g_test_run ();
  test_remove_tree (scratch_dir);
  g_free (scratch_dir);
  return status;
}
