/* test-uci-engine.c — an external UCI engine through the core: the
 * handshake, options checked against it, lines and best moves checked
 * against our rules, and a fake engine (engines/fake-engine.sh) that
 * misbehaves in each way the app must survive; then a short game of
 * Capablanca with Debian's fairy-stockfish when it is installed. */
#include "config.h"

#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chancellor-uci-engine.h"
#include "test-util.h"

#define FAIRY_STOCKFISH "/usr/games/fairy-stockfish"

typedef struct {
  gboolean done;
  gboolean ok;
  char *move;
  char *san;
  guint64 nodes;
  GError *error;
} Call;

static void
call_clear (Call *call)
{
  g_clear_pointer (&call->move, g_free);
  g_clear_pointer (&call->san, g_free);
  g_clear_error (&call->error);
  memset (call, 0, sizeof *call);
}

static void
start_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;

  call->ok = chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, &call->error);
  call->done = TRUE;
}

static void
sync_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;

  call->ok = chancellor_uci_engine_sync_finish (CHANCELLOR_UCI_ENGINE (source), result, &call->error);
  call->done = TRUE;
}

static void
go_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;

  call->move = chancellor_uci_engine_go_finish (CHANCELLOR_UCI_ENGINE (source), result, &call->san, &call->error);
  call->ok = call->move != NULL;
  call->done = TRUE;
}

static void
perft_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;

  call->ok = chancellor_uci_engine_perft_finish (CHANCELLOR_UCI_ENGINE (source), result, &call->nodes, &call->error);
  call->done = TRUE;
}

static char *fake_engines_dir;

/* The fake engine behaving as mode: a link named fake-MODE to the script,
 * which reads its mode from its name. */
static char *
fake_engine_path (const char *mode)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engines", "fake-engine.sh", NULL);
  g_autofree char *name = g_strdup_printf ("fake-%s", mode);
  char *path = g_build_filename (fake_engines_dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    g_assert_no_errno (symlink (script, path));
  return path;
}

/* The fake engine in mode, started (the handshake must succeed). */
static ChancellorUciEngine *
fake_engine_new (const char *mode)
{
  g_autofree char *path = fake_engine_path (mode);
  ChancellorUciEngine *engine;
  Call call = { 0 };

  engine = chancellor_uci_engine_new (path);
  chancellor_uci_engine_set_timeouts (engine, 3000, 500);
  chancellor_uci_engine_start_async (engine, NULL, start_done, &call);
  test_wait_for_flag (&call.done, 10000);
  g_assert_no_error (call.error);
  g_assert_true (call.ok);
  return engine;
}

static void
on_failed (ChancellorUciEngine *engine, const char *message, gpointer data)
{
  char **failure = data;

  g_assert_null (*failure);
  *failure = g_strdup (message);
}

static void
test_handshake (void)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new ("good");
  const ChancellorUciOption *option;
  g_autoptr (GError) error = NULL;
  Call call = { 0 };

  g_assert_cmpstr (chancellor_uci_engine_get_name (engine), ==, "Fake Engine (good)");
  g_assert_cmpstr (chancellor_uci_engine_get_author (engine), ==, "Chancellor tests");
  g_assert_cmpuint (chancellor_uci_engine_get_n_options (engine), ==, 5);
  option = chancellor_uci_engine_find_option (engine, "skill level");
  g_assert_nonnull (option);
  g_assert_cmpstr (option->name, ==, "Skill Level");
  g_assert_cmpstr (option->type, ==, "spin");
  g_assert_cmpstr (option->default_value, ==, "20");
  g_assert_cmpint (option->min, ==, 0);
  g_assert_cmpint (option->max, ==, 20);
  option = chancellor_uci_engine_find_option (engine, "VariantPath");
  g_assert_cmpstr (option->default_value, ==, "<empty>");
  g_assert_true (chancellor_uci_engine_knows_variant (engine, "capablanca"));
  g_assert_false (chancellor_uci_engine_knows_variant (engine, "ajax"));

  /* Options are checked against what the engine declared. */
  g_assert_true (chancellor_uci_engine_set_option (engine, "Skill Level", "5", &error));
  g_assert_no_error (error);
  g_assert_false (chancellor_uci_engine_set_option (engine, "Skill Level", "21", &error));
  g_assert_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION);
  g_assert_nonnull (strstr (error->message, "from 0 to 20"));
  g_clear_error (&error);
  g_assert_false (chancellor_uci_engine_set_option (engine, "Skill Level", "five", &error));
  g_clear_error (&error);
  g_assert_false (chancellor_uci_engine_set_option (engine, "UCI_Variant", "ajax", &error));
  g_assert_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION);
  g_clear_error (&error);
  g_assert_false (chancellor_uci_engine_set_option (engine, "Contempt", "0", &error));
  g_clear_error (&error);
  g_assert_false (chancellor_uci_engine_set_option (engine, "Ponder", "maybe", &error));
  g_clear_error (&error);

  chancellor_uci_engine_sync_async (engine, NULL, sync_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_no_error (call.error);
  g_assert_true (call.ok);
  call_clear (&call);

  /* The fake engine counts 400, whatever it is asked. */
  chancellor_uci_engine_perft_async (engine, "chess", "8/8/8/8/8/8/8/K1k5 w - - 0 1", 2, NULL, perft_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_no_error (call.error);
  g_assert_cmpuint (call.nodes, ==, 400);
  call_clear (&call);
}

static void
test_not_a_program (void)
{
  g_autoptr (ChancellorUciEngine) missing = chancellor_uci_engine_new ("/nonexistent/engine");
  g_autoptr (ChancellorUciEngine) not_executable = NULL;
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "test-uci-engine.c", NULL);
  Call call = { 0 };

  chancellor_uci_engine_start_async (missing, NULL, start_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NOT_EXECUTABLE);
  g_assert_nonnull (strstr (call.error->message, "/nonexistent/engine"));
  call_clear (&call);

  not_executable = chancellor_uci_engine_new (source);
  chancellor_uci_engine_start_async (not_executable, NULL, start_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NOT_EXECUTABLE);
  call_clear (&call);
}

static void
test_silent (void)
{
  g_autofree char *path = fake_engine_path ("silent");
  g_autoptr (ChancellorUciEngine) engine = chancellor_uci_engine_new (path);
  g_autofree char *failure = NULL;
  Call call = { 0 };
  gint64 started = g_get_monotonic_time ();

  chancellor_uci_engine_set_timeouts (engine, 300, 300);
  g_signal_connect (engine, "failed", G_CALLBACK (on_failed), &failure);
  chancellor_uci_engine_start_async (engine, NULL, start_done, &call);
  test_wait_for_flag (&call.done, 10000);
  g_assert_false (call.ok);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NO_HANDSHAKE);
  g_assert_nonnull (strstr (call.error->message, "uciok"));
  g_assert_cmpstr (failure, ==, call.error->message);
  g_assert_cmpint (g_get_monotonic_time () - started, <, 5 * G_USEC_PER_SEC);
  call_clear (&call);
}

/* The best move is checked; so is every move of a line, which is cut at
 * the first illegal one. */
static void
on_line (ChancellorUciEngine *engine, ChancellorEngineLine *line, gpointer data)
{
  GPtrArray *lines = data;

  g_ptr_array_add (lines, chancellor_engine_line_copy (line));
}

static void
test_lines_and_moves (void)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new ("good");
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_line_free);
  ChancellorThinkLimits limits = { .movetime_ms = 100 };
  ChancellorEngineLine *line;
  Call call = { 0 };

  g_signal_connect (engine, "line-updated", G_CALLBACK (on_line), lines);
  chancellor_uci_engine_go_async (engine, game, 0, &limits, NULL, go_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_no_error (call.error);
  g_assert_cmpstr (call.move, ==, "e2e4");
  g_assert_cmpstr (call.san, ==, "e4");
  call_clear (&call);

  g_assert_cmpuint (lines->len, ==, 2);
  line = g_ptr_array_index (lines, 0);
  g_assert_cmpint (line->multipv, ==, 1);
  g_assert_cmpint (line->score, ==, 20);
  g_assert_cmpstr (line->pv, ==, "1. e4 e5");
  g_assert_cmpuint (g_strv_length (line->moves), ==, 2);
  g_assert_null (line->illegal_move);
  line = g_ptr_array_index (lines, 1);
  g_assert_cmpint (line->multipv, ==, 2);
  g_assert_cmpint (line->mate, ==, 3);
  g_assert_cmpstr (line->pv, ==, "1. d4");

  /* From Black's side the score turns round to White's. */
  test_play_text (game, "e4");
  g_ptr_array_set_size (lines, 0);
  chancellor_uci_engine_analyse (engine, game, 1);
  test_spin (300);
  chancellor_uci_engine_stop_analysis (engine);
  test_spin (200);
  g_assert_cmpuint (lines->len, ==, 2);
  line = g_ptr_array_index (lines, 0);
  g_assert_cmpint (line->ply, ==, 1);
  g_assert_cmpint (line->score, ==, -20);
  /* e2e4 is no move of Black's: the line is cut at once, and marked. */
  g_assert_cmpstr (line->pv, ==, "");
  g_assert_cmpstr (line->illegal_move, ==, "e2e4");
  line = g_ptr_array_index (lines, 1);
  g_assert_cmpint (line->mate, ==, -3);
  g_assert_null (chancellor_uci_engine_get_failure (engine));

  /* The engine still answers after the analysis. */
  chancellor_uci_engine_sync_async (engine, NULL, sync_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_true (call.ok);
  call_clear (&call);
}

static void
test_illegal_move (void)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new ("illegal");
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_line_free);
  ChancellorThinkLimits limits = { .depth = 3 };
  ChancellorEngineLine *line;
  Call call = { 0 };

  g_signal_connect (engine, "line-updated", G_CALLBACK (on_line), lines);
  chancellor_uci_engine_go_async (engine, game, 0, &limits, NULL, go_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_null (call.move);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (call.error->message, "e2e5"));
  g_assert_nonnull (strstr (call.error->message, "Fake Engine (illegal)"));
  call_clear (&call);
  /* Nothing reached the game. */
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);

  g_assert_cmpuint (lines->len, ==, 1);
  line = g_ptr_array_index (lines, 0);
  g_assert_cmpstr (line->pv, ==, "1. e4 e5");
  g_assert_cmpstr (line->illegal_move, ==, "e4e6");
}

/* Each misbehaviour during a search: the search fails with one sentence,
 * "failed" says the same once, and the process is gone. */
static void
check_misbehaviour (const char               *mode,
                    ChancellorUciEngineError  code,
                    const char               *words)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new (mode);
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autofree char *failure = NULL;
  ChancellorThinkLimits limits = { .movetime_ms = 200 };
  Call call = { 0 };
  gint64 started = g_get_monotonic_time ();

  g_signal_connect (engine, "failed", G_CALLBACK (on_failed), &failure);
  /* Reading is what a sanitizer slows down: time enough to see a flood. */
  if (code == CHANCELLOR_UCI_ENGINE_ERROR_FLOOD)
    chancellor_uci_engine_set_timeouts (engine, 3000, 3000);
  chancellor_uci_engine_go_async (engine, game, 0, &limits, NULL, go_done, &call);
  test_wait_for_flag (&call.done, 10000);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, (int) code);
  g_test_message ("%s: %s", mode, call.error->message);
  g_assert_nonnull (strstr (call.error->message, words));
  g_assert_null (strchr (call.error->message, '\n'));
  g_assert_cmpstr (failure, ==, call.error->message);
  g_assert_cmpstr (chancellor_uci_engine_get_failure (engine), ==, failure);
  g_assert_cmpint (g_get_monotonic_time () - started, <, 5 * G_USEC_PER_SEC);
  call_clear (&call);

  /* A stopped engine refuses further calls with the same sentence. */
  chancellor_uci_engine_sync_async (engine, NULL, sync_done, &call);
  test_wait_for_flag (&call.done, 1000);
  g_assert_error (call.error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_STOPPED);
  g_assert_cmpstr (call.error->message, ==, failure);
  call_clear (&call);
}

static void
test_crash (void)
{
  check_misbehaviour ("crash", CHANCELLOR_UCI_ENGINE_ERROR_CRASHED, "exit status 3");
}

static void
test_hang (void)
{
  check_misbehaviour ("hang", CHANCELLOR_UCI_ENGINE_ERROR_TIMEOUT, "in time");
}

static void
test_flood (void)
{
  check_misbehaviour ("flood", CHANCELLOR_UCI_ENGINE_ERROR_FLOOD, "megabyte");
}

static void
test_garbage (void)
{
  check_misbehaviour ("garbage", CHANCELLOR_UCI_ENGINE_ERROR_GARBAGE, "not text");
}

static gboolean
failure_said (gpointer data)
{
  return *(char **) data != NULL;
}

/* A hung analysis is stopped when it does not answer stop in time. */
static void
test_hang_on_stop (void)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new ("hang");
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autofree char *failure = NULL;

  g_signal_connect (engine, "failed", G_CALLBACK (on_failed), &failure);
  chancellor_uci_engine_analyse (engine, game, 0);
  test_spin (100);
  g_assert_null (failure);
  chancellor_uci_engine_stop_analysis (engine);
  g_assert_true (test_run_until (failure_said, &failure, 5000));
  g_assert_nonnull (strstr (failure, "did not stop"));
}

/* Cancelling a search stops it; the engine then searches again. */
static void
test_cancel (void)
{
  g_autoptr (ChancellorUciEngine) engine = fake_engine_new ("good");
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  ChancellorThinkLimits limits = { .movetime_ms = 100 };
  Call call = { 0 };

  g_cancellable_cancel (cancellable);
  chancellor_uci_engine_go_async (engine, game, 0, &limits, cancellable, go_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_error (call.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  call_clear (&call);

  chancellor_uci_engine_go_async (engine, game, 0, &limits, NULL, go_done, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_cmpstr (call.move, ==, "e2e4");
  call_clear (&call);
}

/* A caller may drop its last reference from its callback, which runs
 * while the engine is reading the line that answered. */
static void
go_done_unref (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;

  call->move = chancellor_uci_engine_go_finish (CHANCELLOR_UCI_ENGINE (source), result, NULL, &call->error);
  g_object_unref (source);
  call->done = TRUE;
}

static void
test_unref_in_callback (void)
{
  ChancellorUciEngine *engine = fake_engine_new ("good");
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  ChancellorThinkLimits limits = { .movetime_ms = 100 };
  Call call = { 0 };

  chancellor_uci_engine_go_async (engine, game, 0, &limits, NULL, go_done_unref, &call);
  test_wait_for_flag (&call.done, 5000);
  g_assert_cmpstr (call.move, ==, "e2e4");
  test_spin (50);
  call_clear (&call);
}

/* Disposing the engine ends its process, which is then reaped. */
static void
test_dispose_ends_process (void)
{
  ChancellorUciEngine *engine = fake_engine_new ("hang");
  g_autofree char *list_path = g_strdup_printf ("/proc/%d/task/%d/children", getpid (), getpid ());
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (!g_file_get_contents (list_path, &before, NULL, NULL))
    {
      g_object_unref (engine);
      g_test_skip ("no /proc children list here");
      return;
    }
  g_assert_cmpstr (g_strstrip (before), !=, "");
  g_object_unref (engine);
  /* GLib's worker reaps the child as soon as it has ended. */
  for (int i = 0; i < 100; i++)
    {
      g_free (after);
      g_assert_true (g_file_get_contents (list_path, &after, NULL, NULL));
      if (*g_strstrip (after) == '\0')
        break;
      test_spin (20);
    }
  g_assert_cmpstr (after, ==, "");
}

/* Fairy-Stockfish plays a few moves of Capablanca, each one checked and
 * played on our game, with a second line from MultiPV. */
static void
test_fairy_stockfish_capablanca (void)
{
  g_autoptr (ChancellorUciEngine) engine = NULL;
  g_autoptr (ChancellorGame) game = NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_line_free);
  g_autoptr (GError) error = NULL;
  ChancellorThinkLimits limits = { .movetime_ms = 100 };
  gboolean saw_second_line = FALSE;
  Call call = { 0 };

  if (!g_file_test (FAIRY_STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip (FAIRY_STOCKFISH " is not installed");
      return;
    }
  engine = chancellor_uci_engine_new (FAIRY_STOCKFISH);
  chancellor_uci_engine_start_async (engine, NULL, start_done, &call);
  test_wait_for_flag (&call.done, 10000);
  g_assert_no_error (call.error);
  call_clear (&call);
  g_assert_true (g_str_has_prefix (chancellor_uci_engine_get_name (engine), "Fairy-Stockfish"));
  g_assert_true (chancellor_uci_engine_knows_variant (engine, "capablanca"));
  g_assert_true (chancellor_uci_engine_set_option (engine, "MultiPV", "2", &error));
  g_assert_no_error (error);

  game = test_game_new ("capablanca", NULL);
  g_signal_connect (engine, "line-updated", G_CALLBACK (on_line), lines);
  for (int ply = 0; ply < 8; ply++)
    {
      chancellor_uci_engine_go_async (engine, game, ply, &limits, NULL, go_done, &call);
      test_wait_for_flag (&call.done, 10000);
      g_assert_no_error (call.error);
      g_test_message ("ply %d: %s (%s)", ply, call.san, call.move);
      test_play_text (game, call.move);
      call_clear (&call);
    }
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 8);
  g_assert_cmpuint (lines->len, >, 0);
  for (guint i = 0; i < lines->len; i++)
    {
      ChancellorEngineLine *line = g_ptr_array_index (lines, i);

      g_assert_null (line->illegal_move);
      g_assert_cmpstr (line->pv, !=, "");
      saw_second_line |= line->multipv == 2;
    }
  g_assert_true (saw_second_line);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fake_engines_dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_assert_nonnull (fake_engines_dir);

  g_test_add_func ("/uci-engine/handshake", test_handshake);
  g_test_add_func ("/uci-engine/not-a-program", test_not_a_program);
  g_test_add_func ("/uci-engine/silent", test_silent);
  g_test_add_func ("/uci-engine/lines-and-moves", test_lines_and_moves);
  g_test_add_func ("/uci-engine/illegal-move", test_illegal_move);
  g_test_add_func ("/uci-engine/crash", test_crash);
  g_test_add_func ("/uci-engine/hang", test_hang);
  g_test_add_func ("/uci-engine/hang-on-stop", test_hang_on_stop);
  g_test_add_func ("/uci-engine/flood", test_flood);
  g_test_add_func ("/uci-engine/garbage", test_garbage);
  g_test_add_func ("/uci-engine/cancel", test_cancel);
  g_test_add_func ("/uci-engine/unref-in-callback", test_unref_in_callback);
  g_test_add_func ("/uci-engine/dispose-ends-process", test_dispose_ends_process);
  g_test_add_func ("/uci-engine/fairy-stockfish-capablanca", test_fairy_stockfish_capablanca);

  status = g_test_run ();
  test_remove_tree (fake_engines_dir);
  g_free (fake_engines_dir);
  return status;
}
