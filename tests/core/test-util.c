/* test-util.c — helpers shared by the tests of the GObject layer
 * (test-util.h). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "chancellor-engine-list.h"
#include "chancellor-game-review.h"
#include "test-util.h"

/* How often test_run_until looks at its clock when nothing else happens. */
#define WAKE_MS 10

ChancellorGame *
test_game_new (const char *variant,
               const char *fen)
{
  g_autoptr (GError) error = NULL;
  ChancellorGame *game = chancellor_game_new (variant, fen, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

ChancellorGame *
test_game_new_with (const char        *variant,
                    const char *const *moves,
                    guint              n_moves)
{
  ChancellorGame *game = test_game_new (variant, NULL);

  for (guint i = 0; i < n_moves; i++)
    test_play_text (game, moves[i]);
  return game;
}

ChancellorGameSetup *
test_setup_new (const char           *variant,
                ChancellorPlayerKind  white,
                ChancellorPlayerKind  black,
                int                   level)
{
  return g_object_new (CHANCELLOR_TYPE_GAME_SETUP,
                       "variant-id", variant,
                       "white-player", white,
                       "black-player", black,
                       "level", level,
                       NULL);
}

void
test_play_text (ChancellorGame *game,
                const char     *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_game_play_text (game, text, &error));
  g_assert_no_error (error);
}

int
test_square_named (ChancellorGame *game,
                   const char     *name)
{
  int file = name[0] - 'a';
  int rank = atoi (name + 1) - 1;

  g_assert_cmpint (file, >=, 0);
  g_assert_cmpint (file, <, chancellor_game_get_files (game));
  g_assert_cmpint (rank, >=, 0);
  g_assert_cmpint (rank, <, chancellor_game_get_ranks (game));
  return rank * chancellor_game_get_files (game) + file;
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

void
test_spin (guint ms)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

static gboolean
wake (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
test_run_until (gboolean (*done) (gpointer data),
                gpointer   data,
                guint      timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * G_TIME_SPAN_MILLISECOND;
  guint waker = g_timeout_add (WAKE_MS, wake, NULL);
  gboolean in_time = TRUE;

  while (!done (data))
    {
      if (g_get_monotonic_time () > end)
        {
          in_time = FALSE;
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (waker);
  return in_time;
}

static gboolean
flag_set (gpointer data)
{
  const gboolean *flag = data;

  return *flag;
}

void
test_wait_for_flag (const gboolean *flag,
                    guint           timeout_ms)
{
  g_assert_true (test_run_until (flag_set, (gpointer) flag, timeout_ms));
}

char *
test_scratch_dir_new (const char *tmpl)
{
  g_autoptr (GError) error = NULL;
  char *scratch = g_dir_make_tmp (tmpl, &error);
  g_autofree char *data_home = NULL;

  g_assert_no_error (error);
  data_home = g_build_filename (scratch, "data-home", NULL);
  g_assert_cmpint (g_mkdir_with_parents (data_home, 0700), ==, 0);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  return scratch;
}

void
test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *entry;

      while (dir && (entry = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, entry, NULL);

          test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static gboolean
ticker_tick (gpointer data)
{
  TestTicker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  if (ticker->last)
    ticker->worst = MAX (ticker->worst, now - ticker->last - TEST_FRAME_MS * 1000);
  ticker->last = now;
  ticker->ticks++;
  return G_SOURCE_CONTINUE;
}

guint
test_ticker_start (TestTicker *ticker)
{
  ticker->started = g_get_monotonic_time ();
  return g_timeout_add (TEST_FRAME_MS, ticker_tick, ticker);
}

gboolean
test_ticker_kept_pace (const TestTicker *ticker)
{
  gint64 elapsed = g_get_monotonic_time () - ticker->started;

  return (gint64) ticker->ticks * 10 * TEST_FRAME_MS * 1000 >= elapsed;
}

gboolean
test_engine_list_checked (gpointer engines)
{
  for (guint i = 0; i < chancellor_engine_list_get_n_engines (engines); i++)
    if (chancellor_engine_list_get_state (engines, i) == CHANCELLOR_ENGINE_CHECKING)
      return FALSE;
  return TRUE;
}

static void
review_finished (ChancellorGameReview *review,
                 gboolean              complete,
                 gpointer              data)
{
  *(int *) data = complete ? 1 : 2;
}

gboolean
test_review_run (gpointer review,
                 guint    timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  int outcome = 0;
  gulong handler = g_signal_connect (review, "finished", G_CALLBACK (review_finished), &outcome);

  chancellor_game_review_start (review);
  g_assert_true (chancellor_game_review_get_running (review));
  while (outcome == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (review, handler);
  g_assert_false (chancellor_game_review_get_running (review));
  return outcome == 1;
}
