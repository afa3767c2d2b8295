/* test-document.c — ChancellorDocument without a display: what changes the
 * modified flag, saving and reading back, the file name suggested, and the
 * files that are refused. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chancellor-document.h"
#include "test-util.h"

static char *scratch;

static GFile *
scratch_file (const char *name)
{
  return g_file_new_build_filename (scratch, name, NULL);
}

static void
test_modified (void)
{
  static const char *const moves[] = { "e4", "e5" };
  g_autoptr (ChancellorDocument) document = chancellor_document_new ();
  g_autoptr (ChancellorGame) game = test_game_new_with ("capablanca", moves, G_N_ELEMENTS (moves));
  g_autoptr (ChancellorGame) other = test_game_new ("chess", NULL);
  g_autoptr (GFile) file = scratch_file ("modified.pgn");

  chancellor_document_set_game (document, game, NULL);
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_null (chancellor_document_get_file (document));
  g_assert_null (chancellor_document_get_display_name (document));

  g_assert_true (chancellor_game_play_text (game, "Nc3", NULL));
  g_assert_true (chancellor_document_get_modified (document));
  g_assert_true (chancellor_document_save (document, file, NULL, NULL));
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_cmpstr (chancellor_document_get_display_name (document), ==, "modified.pgn");

  chancellor_game_undo (game);
  g_assert_true (chancellor_document_get_modified (document));
  chancellor_document_set_modified (document, FALSE);
  chancellor_game_set_comment (game, 1, "Central");
  g_assert_true (chancellor_document_get_modified (document));
  chancellor_document_set_modified (document, FALSE);
  chancellor_game_set_tag (game, "Event", "Test");
  g_assert_true (chancellor_document_get_modified (document));

  /* Another game: its changes count, the old one's no longer. */
  chancellor_document_set_game (document, other, NULL);
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_null (chancellor_document_get_file (document));
  g_assert_true (chancellor_game_play_text (game, "Nc3", NULL));
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_true (chancellor_game_play_text (other, "d4", NULL));
  g_assert_true (chancellor_document_get_modified (document));
}

static void
games_read (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GPtrArray **games = data;
  g_autoptr (GError) error = NULL;

  *games = chancellor_document_read_games_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_save_and_read (void)
{
  static const char *const moves[] = { "e2e5", "e9e6", "Nc3" };
  g_autoptr (ChancellorDocument) document = chancellor_document_new ();
  g_autoptr (ChancellorGame) game = test_game_new_with ("ajax", moves, G_N_ELEMENTS (moves));
  g_autoptr (GFile) file = scratch_file ("ajax.pgn");
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) async_games = NULL;
  g_autoptr (GError) error = NULL;
  ChancellorGame *read;

  chancellor_game_set_tag (game, "White", "Ajax");
  chancellor_document_set_game (document, game, NULL);
  g_assert_true (chancellor_document_save (document, file, NULL, &error));
  g_assert_no_error (error);

  games = chancellor_document_read_games (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  read = games->pdata[0];
  g_assert_cmpstr (chancellor_game_get_variant_id (read), ==, "ajax");
  g_assert_cmpstr (chancellor_game_get_tag (read, "White"), ==, "Ajax");
  g_assert_cmpuint (chancellor_game_get_n_moves (read), ==, 3);

  chancellor_document_read_games_async (file, NULL, games_read, &async_games);
  while (async_games == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (async_games->len, ==, 1);
}

static void
test_suggested_name (void)
{
  g_autoptr (ChancellorDocument) document = chancellor_document_new ();
  g_autoptr (ChancellorGame) game = test_game_new ("carrera", NULL);
  g_autoptr (GFile) file = scratch_file ("my game.pgn");
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *expected = g_strdup_printf ("carrera-%s.pgn", date);
  g_autofree char *name = NULL;
  g_autofree char *file_name = NULL;

  chancellor_document_set_game (document, game, NULL);
  name = chancellor_document_suggest_file_name (document);
  g_assert_cmpstr (name, ==, expected);
  chancellor_document_set_game (document, game, file);
  file_name = chancellor_document_suggest_file_name (document);
  g_assert_cmpstr (file_name, ==, "my game.pgn");
}

typedef struct {
  GFile *file;
  GError *error;
  gboolean read;
  gint done;
} ReadJob;

static gpointer
read_job (gpointer data)
{
  ReadJob *job = data;
  g_autoptr (GPtrArray) games = chancellor_document_read_games (job->file, NULL, &job->error);

  job->read = games != NULL;
  g_atomic_int_set (&job->done, 1);
  return NULL;
}

/* Reads on a thread of its own, so that a read that blocks (a FIFO with no
 * writer) or never ends (/dev/zero) fails the test instead of hanging it. */
static void
assert_not_regular (GFile *file)
{
  ReadJob job = { file, NULL, FALSE, 0 };
  GThread *thread = g_thread_new ("read", read_job, &job);

  for (int waited_ms = 0; !g_atomic_int_get (&job.done); waited_ms += 10)
    {
      if (waited_ms >= 10 * 1000)
        g_error ("reading %s still blocks after 10 s", g_file_peek_path (file));
      g_usleep (10 * 1000);
    }
  g_thread_join (thread);
  g_assert_false (job.read);
  g_assert_error (job.error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_test_message ("%s", job.error->message);
  g_assert_nonnull (strstr (job.error->message, "is not a regular file"));
  g_error_free (job.error);
}

/* A FIFO and a device are refused before they are opened: opening a FIFO
 * without a writer blocked, and /dev/zero was read until memory ran out. */
static void
test_not_regular (void)
{
  g_autofree char *fifo = g_build_filename (scratch, "fifo.pgn", NULL);
  g_autoptr (GFile) fifo_file = g_file_new_for_path (fifo);
  g_autoptr (GFile) zero = g_file_new_for_path ("/dev/zero");

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_not_regular (fifo_file);
  g_unlink (fifo);
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    assert_not_regular (zero);
}

static void
test_refused (void)
{
  g_autofree char *huge = g_build_filename (scratch, "huge.pgn", NULL);
  g_autoptr (GFile) huge_file = g_file_new_for_path (huge);
  g_autoptr (GFile) missing = scratch_file ("missing.pgn");
  g_autoptr (GFile) folder = g_file_new_for_path (scratch);
  g_autoptr (GFile) empty = scratch_file ("empty.pgn");
  g_autoptr (GError) error = NULL;
  FILE *stream;

  stream = fopen (huge, "w");
  g_assert_nonnull (stream);
  g_assert_cmpint (ftruncate (fileno (stream), CHANCELLOR_DOCUMENT_MAX_SIZE + 1), ==, 0);
  fclose (stream);
  g_assert_null (chancellor_document_read_games (huge_file, NULL, &error));
  g_assert_error (error, CHANCELLOR_DOCUMENT_ERROR, CHANCELLOR_DOCUMENT_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "huge.pgn"));
  g_clear_error (&error);
  g_unlink (huge);

  g_assert_null (chancellor_document_read_games (missing, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_null (chancellor_document_read_games (folder, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (g_file_peek_path (empty), "", 0, NULL));
  g_assert_null (chancellor_document_read_games (empty, NULL, &error));
  g_assert_nonnull (error);
}

/* A write that cannot be made leaves nothing behind. */
static void
test_write_fails (void)
{
  g_autoptr (GFile) plain = scratch_file ("plain");
  g_autoptr (GFile) inside = g_file_get_child (plain, "game.pgn");
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_document_write_text (plain, "not a folder\n", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (chancellor_document_write_text (inside, "[Event \"?\"]\n", NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (g_file_query_file_type (plain, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_REGULAR);
}

static void
test_autosave_file (void)
{
  g_autoptr (GFile) file = chancellor_document_get_autosave_file ();
  g_autofree char *expected = g_build_filename (scratch, "data-home", "chancellor", "autosave.pgn", NULL);

  g_assert_cmpstr (g_file_peek_path (file), ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  scratch = test_scratch_dir_new ("chancellor-document-XXXXXX");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/modified", test_modified);
  g_test_add_func ("/document/save-and-read", test_save_and_read);
  g_test_add_func ("/document/suggested-name", test_suggested_name);
  g_test_add_func ("/document/refused", test_refused);
  g_test_add_func ("/document/not-regular", test_not_regular);
  g_test_add_func ("/document/write-fails", test_write_fails);
  g_test_add_func ("/document/autosave-file", test_autosave_file);

  status = g_test_run ();
  test_remove_tree (scratch);
  g_free (scratch);
  return status;
}
