/* test-document.c — ChancellorDocument without a display: what changes the
 * modified flag, saving and reading back, the file name suggested, and the
 * files that are refused. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
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

static char *
read_path (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* A save keeps the file's permissions, saves through a symbolic link to
 * the file it names, and keeps hard links together; before, each save made
 * a new 0644 file in the link's place. */
static void
test_save_in_place (void)
{
  g_autofree char *private_path = g_build_filename (scratch, "private.pgn", NULL);
  g_autofree char *real = g_build_filename (scratch, "real.pgn", NULL);
  g_autofree char *link_path = g_build_filename (scratch, "link.pgn", NULL);
  g_autofree char *first = g_build_filename (scratch, "first.pgn", NULL);
  g_autofree char *second = g_build_filename (scratch, "second.pgn", NULL);
  g_autoptr (GFile) private_file = g_file_new_for_path (private_path);
  g_autoptr (GFile) link_file = g_file_new_for_path (link_path);
  g_autoptr (GFile) second_file = g_file_new_for_path (second);
  g_autofree char *read_real = NULL;
  g_autofree char *read_first = NULL;
  struct stat st;

  g_assert_true (g_file_set_contents (private_path, "old\n", -1, NULL));
  g_assert_cmpint (g_chmod (private_path, 0600), ==, 0);
  g_assert_true (chancellor_document_write_text (private_file, "new\n", NULL, NULL));
  g_assert_cmpint (g_stat (private_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  g_assert_true (g_file_set_contents (real, "old\n", -1, NULL));
  g_assert_cmpint (symlink ("real.pgn", link_path), ==, 0);
  g_assert_true (chancellor_document_write_text (link_file, "new\n", NULL, NULL));
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  read_real = read_path (real);
  g_assert_cmpstr (read_real, ==, "new\n");

  g_assert_true (g_file_set_contents (first, "old\n", -1, NULL));
  g_assert_cmpint (link (first, second), ==, 0);
  g_assert_true (chancellor_document_write_text (second_file, "new\n", NULL, NULL));
  read_first = read_path (first);
  g_assert_cmpstr (read_first, ==, "new\n");
  g_assert_cmpint (g_stat (first, &st), ==, 0);
  g_assert_cmpint (st.st_nlink, ==, 2);
}

/* Past the file size limit (ulimit -f) with SIGXFSZ ignored, as the app
 * does, a save fails with a message, leaves the old file whole and no
 * temporary file behind (the signal used to kill the program first). */
static void
test_size_limit (void)
{
  g_autofree char *dir = g_build_filename (scratch, "limited", NULL);
  g_autofree char *path = g_build_filename (dir, "game.pgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *big = g_strnfill (64 * 1024, 'x');
  g_autofree char *kept = NULL;
  struct rlimit old_limit, limit;
  void (*old_handler) (int) = signal (SIGXFSZ, SIG_IGN);
  gboolean saved;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 16 * 1024;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  saved = chancellor_document_write_text (file, big, NULL, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_false (saved);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  kept = read_path (path);
  g_assert_cmpstr (kept, ==, "old\n");
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
    int entries = 0;
    while (g_dir_read_name (listing))
      entries++;
    g_assert_cmpint (entries, ==, 1);
  }
}

static void
count_change (ChancellorDocument *document,
              guint              *changes)
{
  (*changes)++;
}

/* Every change of the game is signalled, modified before or not (the
 * autosave is rewritten at each). */
static void
test_changed_signal (void)
{
  g_autoptr (ChancellorDocument) document = chancellor_document_new ();
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  guint changes = 0;

  chancellor_document_set_game (document, game, NULL);
  g_signal_connect (document, "changed", G_CALLBACK (count_change), &changes);
  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (chancellor_game_play_text (game, "e5", NULL));
  g_assert_cmpuint (changes, ==, 2);
  chancellor_game_set_comment (game, 1, "Open");
  g_assert_cmpuint (changes, ==, 3);
  chancellor_game_set_tag (game, "Event", "Test");
  g_assert_cmpuint (changes, ==, 4);
  chancellor_document_set_modified (document, FALSE);
  g_assert_cmpuint (changes, ==, 4);
}

/* One autosave file per window, each name new, all in one folder; the
 * list finds them (and an older version's single file) and nothing else. */
static void
test_autosave_files (void)
{
  g_autoptr (GFile) first = chancellor_document_new_autosave_file ();
  g_autoptr (GFile) second = chancellor_document_new_autosave_file ();
  g_autofree char *folder = g_build_filename (scratch, "data-home", "chancellor", "autosave", NULL);
  g_autofree char *legacy = g_build_filename (scratch, "data-home", "chancellor", "autosave.pgn", NULL);
  g_autofree char *stray = g_build_filename (folder, "notes.txt", NULL);
  g_autoptr (GFile) parent = g_file_get_parent (first);
  g_autoptr (GPtrArray) listed = chancellor_document_list_autosave_files ();
  g_autofree char *first_name = g_file_get_basename (first);
  GFile *low;
  GFile *high;

  g_assert_cmpstr (g_file_peek_path (parent), ==, folder);
  g_assert_true (g_str_has_prefix (first_name, "window-"));
  g_assert_true (g_str_has_suffix (first_name, ".pgn"));
  g_assert_false (g_file_equal (first, second));
  g_assert_false (g_file_query_exists (first, NULL));
  g_assert_cmpuint (listed->len, ==, 0);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (chancellor_document_write_text (first, "1. e4 *\n", NULL, NULL));
  g_assert_true (chancellor_document_write_text (second, "1. d4 *\n", NULL, NULL));
  g_assert_true (g_file_set_contents (legacy, "1. c4 *\n", -1, NULL));
  g_assert_true (g_file_set_contents (stray, "not a game", -1, NULL));
  g_clear_pointer (&listed, g_ptr_array_unref);
  listed = chancellor_document_list_autosave_files ();
  g_assert_cmpuint (listed->len, ==, 3);
  g_assert_cmpstr (g_file_peek_path (listed->pdata[0]), ==, legacy);
  low = strcmp (g_file_peek_path (first), g_file_peek_path (second)) < 0 ? first : second;
  high = low == first ? second : first;
  g_assert_true (g_file_equal (listed->pdata[1], low));
  g_assert_true (g_file_equal (listed->pdata[2], high));

  g_unlink (legacy);
  g_unlink (stray);
  g_assert_true (g_file_delete (first, NULL, NULL));
  g_assert_true (g_file_delete (second, NULL, NULL));
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
  g_test_add_func ("/document/save-in-place", test_save_in_place);
  g_test_add_func ("/document/size-limit", test_size_limit);
  g_test_add_func ("/document/write-fails", test_write_fails);
  g_test_add_func ("/document/changed-signal", test_changed_signal);
  g_test_add_func ("/document/autosave-files", test_autosave_files);

  status = g_test_run ();
  test_remove_tree (scratch);
  g_free (scratch);
  return status;
}
