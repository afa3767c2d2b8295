/* test-window-files.c — games as files through the window: save and open
 * again, broken files, several games in one, atomic saving, the question
 * before unsaved changes go, the autosave and the command line.
 *
 * XDG_DATA_HOME is a scratch directory (set before GLib reads it), so the
 * autosave and the recent files never touch the user's. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "chancellor-application.h"
#include "chancellor-game-chooser-private.h"
#include "chancellor-pgn.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;
static char *scratch;           /* this run's files */

static GFile *
scratch_file (const char *name)
{
  return g_file_new_build_filename (scratch, name, NULL);
}

static void
write_scratch (const char *name,
               const char *text)
{
  g_autofree char *path = g_build_filename (scratch, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static char *
read_scratch (const char *name)
{
  g_autofree char *path = g_build_filename (scratch, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Plays n legal moves, taking a different piece each turn so the games
 * differ from one variant to the next (the relocation phase keeps both
 * arrays). */
static void
play_moves (ChancellorGame *game,
            guint           n)
{
  int squares = chancellor_game_get_files (game) * chancellor_game_get_ranks (game);
  g_autofree gboolean *targets = g_new0 (gboolean, squares);

  while (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_RELOCATION)
    g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));

  for (guint i = 0; i < n && chancellor_game_get_phase (game) == CHANCELLOR_PHASE_PLAYING; i++)
    {
      guint ply = chancellor_game_get_n_moves (game);
      ChancellorColor color = chancellor_game_get_side_to_move (game, ply);
      gboolean played = FALSE;

      for (int k = 0; k < squares && !played; k++)
        {
          int from = (int) ((guint) k + i * 7) % squares;
          ChancellorPiece piece = chancellor_game_get_piece (game, ply, from);

          if (!piece.present || piece.color != color)
            continue;
          chancellor_game_get_targets (game, from, targets);
          for (int to = 0; to < squares && !played; to++)
            {
              int promotion = -1;
              g_autoptr (GError) error = NULL;

              if (!targets[to])
                continue;
              if (chancellor_game_move_needs_promotion (game, from, to))
                g_assert_cmpint (chancellor_game_get_promotion_types (game, &promotion, 1), >, 0);
              g_assert_true (chancellor_game_play (game, from, to, promotion, &error));
              g_assert_no_error (error);
              played = TRUE;
            }
        }
      g_assert_true (played);
    }
}

static void
assert_same_game (ChancellorGame *a,
                  ChancellorGame *b)
{
  g_autofree char *start_a = chancellor_game_get_start_fen (a);
  g_autofree char *start_b = chancellor_game_get_start_fen (b);
  guint n = chancellor_game_get_n_moves (a);

  g_assert_cmpstr (chancellor_game_get_variant_id (a), ==, chancellor_game_get_variant_id (b));
  g_assert_cmpstr (start_a, ==, start_b);
  g_assert_cmpuint (chancellor_game_get_n_moves (b), ==, n);
  for (guint ply = 1; ply <= n; ply++)
    {
      g_autofree char *san_a = chancellor_game_get_san (a, ply);
      g_autofree char *san_b = chancellor_game_get_san (b, ply);

      g_assert_cmpstr (san_a, ==, san_b);
    }
  {
    g_autofree char *fen_a = chancellor_game_get_fen (a, n);
    g_autofree char *fen_b = chancellor_game_get_fen (b, n);

    g_assert_cmpstr (fen_a, ==, fen_b);
  }
}

/* Runs the main loop until done (data) says so, for at most 30 seconds. */
static void
wait_for (gboolean (*done) (gpointer data),
          gpointer  data)
{
  g_assert_true (test_run_until (done, data, 30 * 1000));
}

typedef struct {
  ChancellorWindow *window;
  GType type;
} Awaited;

static gboolean
window_over (gpointer data)
{
  Awaited *awaited = data;

  return ui_test_find_window_over (awaited->window, awaited->type) != NULL;
}

static GtkWindow *
wait_for_window_over (ChancellorWindow *window,
                      GType             type)
{
  Awaited awaited = { window, type };

  wait_for (window_over, &awaited);
  return ui_test_find_window_over (window, type);
}

typedef struct {
  ChancellorWindow *window;
  GFile *file;
} Opening;

static gboolean
file_shown (gpointer data)
{
  Opening *opening = data;
  GFile *file = chancellor_document_get_file (chancellor_window_get_document (opening->window));

  return file != NULL && g_file_equal (file, opening->file);
}

/* Opens file in window and waits until its one game is shown. */
static void
open_and_wait (ChancellorWindow *window,
               GFile            *file)
{
  Opening opening = { window, file };

  chancellor_window_open_file (window, file);
  wait_for (file_shown, &opening);
}

/* Each game saved through the window and opened in another one comes back
 * the same, at its last position, for two players without a clock. */
static void
test_save_and_open (void)
{
  static const char *const variants[] = {
    "ajax", "ajax-ministers", "carrera", "prime-ministers-random", "capablanca-relocation", "chess",
  };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-saved.pgn", variants[i]);
      g_autoptr (GFile) file = scratch_file (name);
      ChancellorWindow *window = ui_test_new_shown_window (variants[i]);
      ChancellorGame *game = chancellor_window_get_game (window);
      ChancellorDocument *document = chancellor_window_get_document (window);
      ChancellorWindow *other;
      ChancellorGame *opened;
      ChancellorMatch *match;
      g_autoptr (GError) error = NULL;
      guint ply;

      g_test_message ("%s", variants[i]);
      play_moves (game, 9);
      g_assert_true (chancellor_document_get_modified (document));
      g_assert_true (chancellor_window_save_to_file (window, file, &error));
      g_assert_no_error (error);
      g_assert_false (chancellor_document_get_modified (document));
      g_assert_true (g_file_equal (chancellor_document_get_file (document), file));

      other = ui_test_new_shown_window ("chess");
      open_and_wait (other, file);
      opened = chancellor_window_get_game (other);
      g_assert_true (opened != game);
      assert_same_game (game, opened);
      g_assert_false (chancellor_document_get_modified (chancellor_window_get_document (other)));
      g_object_get (chancellor_window_get_board_view (other), "ply", &ply, NULL);
      g_assert_cmpuint (ply, ==, chancellor_game_get_n_moves (opened));
      match = chancellor_window_get_match (other);
      g_assert_cmpint (chancellor_match_get_player (match, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
      g_assert_cmpint (chancellor_match_get_player (match, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_HUMAN);
      g_assert_false (chancellor_clock_get_enabled (chancellor_match_get_clock (match)));

      gtk_window_destroy (GTK_WINDOW (other));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The titles say which file the game is in, and mark unsaved changes:
 * moves, undo, comments, NAGs and tags. */
static void
test_modified_and_titles (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorDocument *document = chancellor_window_get_document (window);
  g_autoptr (GFile) file = scratch_file ("ajax-game.pgn");
  guint8 nag = 1;

  g_assert_false (chancellor_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ajax Chess");
  play_moves (game, 2);
  g_assert_true (chancellor_document_get_modified (document));
  /* A game never saved has no file to name. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ajax Chess");

  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "ajax-game.pgn — Ajax Chess");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "White to move");

  chancellor_game_undo (game);
  g_assert_true (chancellor_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• ajax-game.pgn — Ajax Chess");

  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  g_assert_false (chancellor_document_get_modified (document));
  chancellor_game_set_comment (game, 1, "A quiet start");
  g_assert_true (chancellor_document_get_modified (document));

  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  chancellor_game_set_nags (game, 1, &nag, 1);
  g_assert_true (chancellor_document_get_modified (document));

  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  chancellor_game_set_tag (game, "White", "Ajax");
  g_assert_true (chancellor_document_get_modified (document));

  /* A new game has no file and nothing to save. */
  g_assert_true (chancellor_window_start_variant (window, "chess", NULL));
  g_assert_null (chancellor_document_get_file (document));
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Chess");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file that does not read is reported with its name and where it goes
 * wrong, and the game shown stays exactly as it was. */
static void
test_broken_file (void)
{
  static const struct {
    const char *name;
    const char *text;
    const char *expected;       /* in the dialog's body */
  } cases[] = {
    { "illegal.pgn",
      "[Event \"Broken\"]\n[Variant \"ajax\"]\n\n1. e2e5 e9e6 2. e5e6 *\n",
      "Line 4" },
    { "unknown-variant.pgn", "[Variant \"bughouse\"]\n\n1. e4 *\n", "Line" },
    { "nonexistent.pgn", NULL, "does not exist" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ChancellorWindow *window = ui_test_new_shown_window ("capablanca");
      ChancellorGame *game = chancellor_window_get_game (window);
      ChancellorDocument *document = chancellor_window_get_document (window);
      g_autoptr (GFile) file = scratch_file (cases[i].name);
      g_autofree char *fen = NULL;
      g_autofree char *heading = g_strdup_printf ("Could Not Open “%s”", cases[i].name);
      GtkWindow *dialog;

      g_test_message ("%s", cases[i].name);
      if (cases[i].text)
        write_scratch (cases[i].name, cases[i].text);
      play_moves (game, 5);
      fen = chancellor_game_get_fen (game, 5);

      chancellor_window_open_file (window, file);
      dialog = wait_for_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
      g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, heading);
      g_test_message ("%s", adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), cases[i].expected));

      g_assert_true (chancellor_window_get_game (window) == game);
      g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 5);
      {
        g_autofree char *after = chancellor_game_get_fen (game, 5);

        g_assert_cmpstr (after, ==, fen);
      }
      g_assert_null (chancellor_document_get_file (document));
      g_assert_true (chancellor_document_get_modified (document));
      ui_test_respond (dialog, "close");

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Beyond 64 MiB a file is refused before it is read. */
static void
test_too_large (void)
{
  g_autofree char *path = g_build_filename (scratch, "huge.pgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  FILE *stream = fopen (path, "w");

  g_assert_nonnull (stream);
  g_assert_cmpint (ftruncate (fileno (stream), CHANCELLOR_DOCUMENT_MAX_SIZE + 1), ==, 0);
  fclose (stream);

  games = chancellor_document_read_games (file, NULL, &error);
  g_assert_null (games);
  g_assert_error (error, CHANCELLOR_DOCUMENT_ERROR, CHANCELLOR_DOCUMENT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "huge.pgn"));
  g_unlink (path);
}

static const char multi_game_text[] =
  "[Event \"Club night\"]\n[Date \"2026.11.20\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n"
  "[Result \"1-0\"]\n[Variant \"capablanca\"]\n\n1. e4 e5 2. Nc3 1-0\n\n"
  "[Event \"Club night\"]\n[White \"Carol\"]\n[Black \"Dave\"]\n[Result \"*\"]\n"
  "[Variant \"ajax\"]\n\n1. e2e5 *\n\n"
  "[Event \"Casual\"]\n[White \"Erin\"]\n[Black \"Frank\"]\n[Result \"1/2-1/2\"]\n\n"
  "1. e4 e5 1/2-1/2\n";

static void
assert_subtitle_has (ChancellorWindow *window,
                     const char       *text)
{
  AdwWindowTitle *title = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "window_title");

  g_assert_nonnull (strstr (adw_window_title_get_subtitle (title), text));
}

/* A file of several games opens a chooser; the game picked is shown. */
static void
test_several_games (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GFile) file = scratch_file ("club.pgn");
  ChancellorGameChooser *chooser;
  ChancellorGame *game;
  g_autofree char *first = NULL;
  g_autofree char *found = NULL;

  write_scratch ("club.pgn", multi_game_text);
  chancellor_window_open_file (window, file);
  chooser = CHANCELLOR_GAME_CHOOSER (wait_for_window_over (window, CHANCELLOR_TYPE_GAME_CHOOSER));
  g_assert_cmpuint (chancellor_game_chooser_get_n_shown (chooser), ==, 3);
  first = chancellor_game_chooser_dup_row_text (chooser, 0);
  g_assert_cmpstr (first, ==, "Alice – Bob\nClub night · 2026.11.20 · Capablanca Chess · 2 moves · 1-0");

  chancellor_game_chooser_set_query (chooser, "club CAROL");
  g_assert_cmpuint (chancellor_game_chooser_get_n_shown (chooser), ==, 1);
  found = chancellor_game_chooser_dup_row_text (chooser, 0);
  g_assert_cmpstr (found, ==, "Carol – Dave\nClub night · Ajax Chess · 1 move · *");
  chancellor_game_chooser_set_query (chooser, "nobody");
  g_assert_cmpuint (chancellor_game_chooser_get_n_shown (chooser), ==, 0);
  chancellor_game_chooser_set_query (chooser, "carol");

  /* The game shown is untouched, so it is replaced without a question;
   * Enter in the search opens the game found. */
  g_signal_emit_by_name (chancellor_game_chooser_get_search_entry (chooser), "activate");
  g_assert_null (ui_test_find_window_over (window, CHANCELLOR_TYPE_GAME_CHOOSER));
  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "ajax");
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, "Carol");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);
  g_assert_true (g_file_equal (chancellor_document_get_file (chancellor_window_get_document (window)), file));

  /* The header says which game of the file it is; the menu steps to the
   * file's next and previous games, and no further than its ends. */
  assert_subtitle_has (window, "club.pgn, game 2 of 3");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL));
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Erin");
  assert_subtitle_has (window, "club.pgn, game 3 of 3");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Erin");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL));
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Alice");
  assert_subtitle_has (window, "club.pgn, game 1 of 3");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Alice");
  /* A game changed (a side line in this finished game) is asked about
   * before another of the file replaces it. */
  chancellor_board_view_set_ply (chancellor_window_get_board_view (window), 0);
  ui_test_click_move (window, "d2", "d4");
  g_assert_true (chancellor_document_get_modified (chancellor_window_get_document (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL));
  ui_test_respond (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG), "cancel");
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Alice");
  /* A new game is no game of the file. */
  g_assert_true (chancellor_window_start_variant (window, "chess", NULL));
  test_spin (50);
  g_assert_null (strstr (adw_window_title_get_subtitle (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW,
                                                                                  "window_title")), "game"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file whose text was not all UTF-8 opens, with U+FFFD for each bad
 * byte, and a toast says so, naming the file. */
static void
test_repaired_utf8 (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GFile) file = scratch_file ("latin1.pgn");
  g_autoptr (GFile) clean = scratch_file ("clean.pgn");

  write_scratch ("latin1.pgn", "[White \"M\374ller\"]\n\n1. e4 e5 *\n");
  open_and_wait (window, file);
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==,
                   "M\357\277\275ller");
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==,
                   "Some characters in “latin1.pgn” were not valid UTF-8 and were replaced");

  /* A clean file says nothing of the kind. */
  write_scratch ("clean.pgn", "[White \"M\303\274ller\"]\n\n1. e4 e5 *\n");
  open_and_wait (window, clean);
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "M\303\274ller");
  g_assert_null (strstr (chancellor_window_get_last_toast (window) ? chancellor_window_get_last_toast (window) : "",
                         "clean.pgn"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* No temporary files are left beside a file whose save failed. */
static void
assert_only_file (const char *name)
{
  g_autoptr (GDir) dir = g_dir_open (scratch, 0, NULL);
  const char *entry;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)))
    g_assert_true (g_str_equal (entry, name) || !g_str_has_prefix (entry, "."));
}

/* A save that fails leaves the old file as it was, says why, and names
 * the file; the game keeps its unsaved changes. */
static void
test_atomic_save_failure (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("carrera");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorDocument *document = chancellor_window_get_document (window);
  g_autoptr (GFile) file = scratch_file ("kept.pgn");
  g_autoptr (GFile) nowhere = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  struct rlimit limit, small;
  GtkWindow *dialog;

  play_moves (game, 2);
  g_assert_true (chancellor_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  before = read_scratch ("kept.pgn");
  g_assert_nonnull (before);

  /* The disk fills up halfway through: writes past the limit fail (even
   * for root, whom a read-only folder would not stop). */
  play_moves (game, 60);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  small = limit;
  small.rlim_cur = strlen (before) + 16;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  g_assert_false (chancellor_window_save_to_file (window, file, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  after = read_scratch ("kept.pgn");
  g_assert_cmpstr (after, ==, before);
  assert_only_file ("kept.pgn");
  g_assert_true (chancellor_document_get_modified (document));

  /* A folder that is not writable, where permissions hold. */
  if (geteuid () != 0)
    {
      g_autofree char *again = NULL;

      g_assert_cmpint (g_chmod (scratch, 0500), ==, 0);
      g_assert_false (chancellor_window_save_to_file (window, file, &error));
      g_assert_cmpint (g_chmod (scratch, 0700), ==, 0);
      g_assert_nonnull (error);
      g_clear_error (&error);
      again = read_scratch ("kept.pgn");
      g_assert_cmpstr (again, ==, before);
    }

  /* Save to a file whose folder is a file: the dialog names it. */
  write_scratch ("plain", "not a folder\n");
  nowhere = g_file_new_build_filename (scratch, "plain", "game.pgn", NULL);
  chancellor_document_set_game (document, game, nowhere);
  chancellor_document_set_modified (document, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Could Not Save “game.pgn”");
  g_test_message ("%s", adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)));
  ui_test_respond (dialog, "close");
  g_assert_true (chancellor_document_get_modified (document));

  chancellor_document_set_modified (document, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
n_autosaves (void)
{
  g_autoptr (GPtrArray) files = chancellor_document_list_autosave_files ();

  return files->len;
}

static gboolean
autosave_exists (void)
{
  return n_autosaves () > 0;
}

/* Windows of the tests before may have kept their games. */
static void
remove_autosave (void)
{
  g_autoptr (GPtrArray) files = chancellor_document_list_autosave_files ();

  for (guint i = 0; i < files->len; i++)
    g_file_delete (files->pdata[i], NULL, NULL);
  g_assert_false (autosave_exists ());
}

/* Whether some autosave file holds exactly this game's text. */
static gboolean
autosave_holds (gpointer data)
{
  g_autofree char *expected = chancellor_pgn_write (data);
  g_autoptr (GPtrArray) files = chancellor_document_list_autosave_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *text = NULL;

      if (g_file_get_contents (g_file_peek_path (files->pdata[i]), &text, NULL, NULL)
          && g_str_equal (text, expected))
        return TRUE;
    }
  return FALSE;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

static gboolean
one_autosave (gpointer data)
{
  return n_autosaves () == 1;
}

static gboolean
window_gone (gpointer data)
{
  return *(ChancellorWindow **) data == NULL;
}

/* Closing asks about unsaved changes: Cancel keeps the window, Save
 * saves to the game's file, Discard closes without keeping anything. */
static void
test_close_asks (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GFile) file = scratch_file ("closing.pgn");
  g_autofree char *saved = NULL;
  g_autofree char *expected = NULL;
  GtkWindow *question;

  remove_autosave ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);

  /* Untouched: it closes at once. */
  gtk_window_close (GTK_WINDOW (window));
  g_assert_null (window);

  window = ui_test_new_shown_window ("chess");
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  play_moves (chancellor_window_get_game (window), 3);
  gtk_window_close (GTK_WINDOW (window));
  question = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  /* Closing again asks no second question. */
  gtk_window_close (GTK_WINDOW (window));
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    guint questions = 0;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

        questions += ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window);
      }
    g_assert_cmpuint (questions, ==, 1);
  }
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (question)), ==, "Save the Game?");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (ADW_MESSAGE_DIALOG (question), "discard"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  ui_test_respond (question, "cancel");
  g_assert_nonnull (window);

  /* With a file, Save saves there and closes. */
  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  play_moves (chancellor_window_get_game (window), 1);
  expected = chancellor_pgn_write (chancellor_window_get_game (window));
  gtk_window_close (GTK_WINDOW (window));
  question = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (question)), "closing.pgn"));
  ui_test_respond (question, "save");
  wait_for (window_gone, &window);
  saved = read_scratch ("closing.pgn");
  g_assert_cmpstr (saved, ==, expected);

  /* Discard: gone, and not kept in the autosave either. */
  window = ui_test_new_shown_window ("chess");
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  play_moves (chancellor_window_get_game (window), 3);
  gtk_window_close (GTK_WINDOW (window));
  ui_test_respond (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG), "discard");
  wait_for (window_gone, &window);
  g_assert_false (autosave_exists ());
}

/* Quit with several windows asks about every changed game before any
 * window closes: Cancel at the second question leaves all three open;
 * once each is saved or discarded, they all close. */
static void
test_quit_asks_first (void)
{
  ChancellorWindow *changed = ui_test_new_shown_window ("chess");
  ChancellorWindow *clean = ui_test_new_shown_window ("capablanca");
  ChancellorWindow *changed_too = ui_test_new_shown_window ("ajax");
  GtkWindow *question;

  remove_autosave ();
  g_object_add_weak_pointer (G_OBJECT (changed), (gpointer *) &changed);
  g_object_add_weak_pointer (G_OBJECT (clean), (gpointer *) &clean);
  g_object_add_weak_pointer (G_OBJECT (changed_too), (gpointer *) &changed_too);
  play_moves (chancellor_window_get_game (changed), 2);
  play_moves (chancellor_window_get_game (changed_too), 3);

  /* The window used last asks first. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  test_spin (50);
  question = ui_test_find_window_over (changed_too, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  g_assert_null (ui_test_find_window_over (changed, ADW_TYPE_MESSAGE_DIALOG));
  ui_test_respond (question, "discard");
  test_spin (50);
  /* The first answered, nothing closed yet: the other game's question. */
  g_assert_nonnull (changed_too);
  g_assert_nonnull (clean);
  question = ui_test_find_window_over (changed, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  ui_test_respond (question, "cancel");
  test_spin (50);
  g_assert_nonnull (changed);
  g_assert_nonnull (clean);
  g_assert_nonnull (changed_too);

  /* Again: the discarded game asks no more; Discard closes them all. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  test_spin (50);
  g_assert_null (ui_test_find_window_over (changed_too, ADW_TYPE_MESSAGE_DIALOG));
  ui_test_respond (ui_test_find_window_over (changed, ADW_TYPE_MESSAGE_DIALOG), "discard");
  wait_for (window_gone, &changed);
  wait_for (window_gone, &clean);
  wait_for (window_gone, &changed_too);
}

/* Opening over unsaved moves asks first, like closing. */
static void
test_open_asks (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  ChancellorGame *game = chancellor_window_get_game (window);
  g_autoptr (GFile) file = scratch_file ("several.pgn");
  ChancellorGameChooser *chooser;

  play_moves (game, 2);
  write_scratch ("several.pgn", multi_game_text);
  chancellor_window_open_file (window, file);
  chooser = CHANCELLOR_GAME_CHOOSER (wait_for_window_over (window, CHANCELLOR_TYPE_GAME_CHOOSER));
  chancellor_game_chooser_choose (chooser, 2);
  ui_test_respond (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG), "cancel");
  g_assert_true (chancellor_window_get_game (window) == game);

  chancellor_window_open_file (window, file);
  chooser = CHANCELLOR_GAME_CHOOSER (wait_for_window_over (window, CHANCELLOR_TYPE_GAME_CHOOSER));
  chancellor_game_chooser_choose (chooser, 2);
  ui_test_respond (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG), "discard");
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Erin");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Each window keeps its unsaved game in an autosave file of its own,
 * written a moment after each change (no quitting needed); a window that
 * goes without asking (the program quits) leaves it; the next start offers
 * every game kept, and a game saved or discarded loses its autosave. */
static void
test_autosave (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorWindow *other = ui_test_new_shown_window ("chess");
  g_autoptr (ChancellorGame) played = g_object_ref (chancellor_window_get_game (window));
  g_autoptr (ChancellorGame) played_other = g_object_ref (chancellor_window_get_game (other));
  g_autoptr (GFile) file = scratch_file ("resumed.pgn");
  ChancellorWindow *resumed_other = NULL;
  ChancellorGame *resumed;
  GList *toplevels;

  remove_autosave ();
  play_moves (played, 7);
  play_moves (played_other, 3);
  /* Two windows, two files, each with its game, while both are open. */
  wait_for (autosave_holds, played);
  wait_for (autosave_holds, played_other);
  g_assert_cmpuint (n_autosaves (), ==, 2);
  /* A move rewrites the window's file, in place. */
  play_moves (played, 1);
  wait_for (autosave_holds, played);
  g_assert_cmpuint (n_autosaves (), ==, 2);

  /* The program quits: both are kept. */
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (other));
  g_assert_cmpuint (n_autosaves (), ==, 2);

  /* The next start offers both: one here, the other in a window of its own. */
  window = ui_test_new_shown_window ("chess");
  chancellor_window_offer_autosave (window);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Resume your 2 unsaved games?");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resume-game", NULL));
  resumed = chancellor_window_get_game (window);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l; l = l->next)
    if (CHANCELLOR_IS_WINDOW (l->data) && l->data != (gpointer) window
        && chancellor_game_get_n_moves (chancellor_window_get_game (l->data)) > 0)
      resumed_other = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (resumed_other);
  if (chancellor_game_get_n_moves (resumed) == chancellor_game_get_n_moves (played))
    {
      assert_same_game (played, resumed);
      assert_same_game (played_other, chancellor_window_get_game (resumed_other));
    }
  else
    {
      assert_same_game (played_other, resumed);
      assert_same_game (played, chancellor_window_get_game (resumed_other));
    }
  g_assert_true (chancellor_document_get_modified (chancellor_window_get_document (window)));
  g_assert_true (chancellor_document_get_modified (chancellor_window_get_document (resumed_other)));
  g_assert_null (chancellor_document_get_file (chancellor_window_get_document (window)));
  /* Resumed, each keeps its file. */
  g_assert_cmpuint (n_autosaves (), ==, 2);

  /* Saved: its autosave goes; discarded: the other's too. */
  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  g_assert_cmpuint (n_autosaves (), ==, 1);
  chancellor_document_set_modified (chancellor_window_get_document (resumed_other), FALSE);
  g_assert_cmpuint (n_autosaves (), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (resumed_other));
  g_assert_false (autosave_exists ());

  /* One game kept: offered as the last game. */
  window = ui_test_new_shown_window ("ajax");
  play_moves (chancellor_window_get_game (window), 2);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpuint (n_autosaves (), ==, 1);

  /* Playing on in the new game declines the offer: the game kept goes,
   * the new one is kept in its place a moment later. */
  window = ui_test_new_shown_window ("chess");
  chancellor_window_offer_autosave (window);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Resume your last game?");
  play_moves (chancellor_window_get_game (window), 1);
  g_assert_false (autosave_exists ());
  wait_for (one_autosave, NULL);
  g_assert_true (autosave_holds (chancellor_window_get_game (window)));
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  g_assert_false (autosave_exists ());
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_false (autosave_exists ());

  /* Nothing kept: nothing offered. */
  window = ui_test_new_shown_window ("chess");
  chancellor_window_offer_autosave (window);
  g_assert_null (chancellor_window_get_last_toast (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An autosave that cannot be written says so once, not at every move. */
static void
test_autosave_fails (void)
{
  ChancellorWindow *window;
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "chancellor", "autosave", NULL);
  g_autofree char *parent = g_path_get_dirname (folder);

  remove_autosave ();
  /* A file where the folder should be. */
  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_rmdir (folder);
  g_assert_true (g_file_set_contents (folder, "in the way", -1, NULL));

  window = ui_test_new_shown_window ("chess");
  g_test_expect_message ("chancellor-window", G_LOG_LEVEL_WARNING, "Could not keep the game being played*");
  play_moves (chancellor_window_get_game (window), 1);
  test_run_until (never, NULL, 700);
  play_moves (chancellor_window_get_game (window), 1);
  test_run_until (never, NULL, 700);
  /* Two failed writes, one warning (and one toast). */
  g_test_assert_expected_messages ();
  g_assert_nonnull (chancellor_window_get_last_toast (window));
  g_assert_true (g_str_has_prefix (chancellor_window_get_last_toast (window), "The unsaved game cannot be kept safe"));
  g_assert_false (autosave_exists ());

  g_unlink (folder);
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
recent_listed (gpointer data)
{
  GMenuModel *menu = G_MENU_MODEL (gtk_widget_get_template_child (data, CHANCELLOR_TYPE_WINDOW, "recent_menu"));

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
          && g_str_equal (label, "recent.pgn"))
        return TRUE;
    }
  return FALSE;
}

/* Saved files are remembered in the recent files, for Open's list. */
static void
test_recent (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GFile) file = scratch_file ("recent.pgn");
  g_autofree char *uri = g_file_get_uri (file);

  play_moves (chancellor_window_get_game (window), 2);
  g_assert_true (chancellor_window_save_to_file (window, file, NULL));
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  wait_for (recent_listed, window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file that failed to open is not among the recent games, even when
 * the file chooser had put it there. */
static void
test_failed_not_recent (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GFile) file = scratch_file ("hello.pgn");
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentManager *recent = gtk_recent_manager_get_default ();

  write_scratch ("hello.pgn", "hello\n");
  g_assert_true (gtk_recent_manager_add_item (recent, uri));
  test_spin (50);
  g_assert_true (gtk_recent_manager_has_item (recent, uri));
  chancellor_window_open_file (window, file);
  for (int i = 0; i < 100 && gtk_recent_manager_has_item (recent, uri); i++)
    test_spin (20);
  g_assert_false (gtk_recent_manager_has_item (recent, uri));
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "chess");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file dropped on the window opens as Open opens it. */
static void
test_drop (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  g_autoptr (GFile) file = scratch_file ("dropped.pgn");
  g_autoptr (GSList) files = g_slist_prepend (NULL, file);
  g_auto (GValue) value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  gboolean accepted = FALSE;
  Opening opening = { window, file };

  write_scratch ("dropped.pgn", "[White \"Judy\"]\n[Variant \"carrera\"]\n\n1. e4 *\n");
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !target; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  wait_for (file_shown, &opening);
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "carrera");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Files opened by the desktop in the running program: one that cannot be
 * read is reported over the window used last, which stays as it was; one
 * that can is shown in a window with nothing to lose. */
static void
test_open_from_desktop (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  ChancellorGame *game = chancellor_window_get_game (window);
  g_autoptr (GFile) broken = scratch_file ("desktop-broken.pgn");
  g_autoptr (GFile) good = scratch_file ("desktop-good.pgn");
  GtkWindow *dialog;

  write_scratch ("desktop-broken.pgn", "[Variant \"chess\"]\n\n1. e5 *\n");
  write_scratch ("desktop-good.pgn", "[White \"Ivan\"]\n\n1. d4 d5 *\n");

  g_application_open (G_APPLICATION (app), &broken, 1, "");
  dialog = wait_for_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Could Not Open “desktop-broken.pgn”");
  g_assert_true (chancellor_window_get_game (window) == game);
  ui_test_respond (dialog, "close");

  g_application_open (G_APPLICATION (app), &good, 1, "");
  {
    Opening opening = { window, good };

    wait_for (file_shown, &opening);
  }
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Ivan");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* "chancellor FILE" with a file that cannot be read says so on standard
 * error, naming it, and ends with a failure status before any window. */
static void
test_command_line (void)
{
  const char *program = g_getenv ("CHANCELLOR_PROGRAM");
  static const char *const names[] = { "missing-file.pgn", "broken-file.pgn" };
  g_auto (GStrv) env = g_get_environ ();

  if (program == NULL)
    {
      g_test_skip ("CHANCELLOR_PROGRAM is not set");
      return;
    }
  write_scratch ("broken-file.pgn", "[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n");
  /* Never the desktop's running Chancellor: no session bus, not unique. */
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus", TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (scratch, names[i], NULL);
      const char *argv[] = { program, path, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr (GError) error = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                   &error));
      g_assert_no_error (error);
      g_test_message ("%s", err);
      g_assert_false (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (err, names[i]));
    }
  {
    g_autofree char *path = g_build_filename (scratch, "broken-file.pgn", NULL);
    const char *argv[] = { program, path, NULL };
    g_autofree char *err = NULL;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, NULL, NULL));
    g_assert_nonnull (strstr (err, "Line 3"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  /* Before anything asks GLib for it. */
  scratch = test_scratch_dir_new ("chancellor-files-XXXXXX");
  data_home = g_build_filename (scratch, "data-home", NULL);

  app = ui_test_init (&argc, &argv, "Test", G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_cmpstr (g_get_user_data_dir (), ==, data_home);

  g_test_add_func ("/window-files/save-and-open", test_save_and_open);
  g_test_add_func ("/window-files/modified-and-titles", test_modified_and_titles);
  g_test_add_func ("/window-files/broken-file", test_broken_file);
  g_test_add_func ("/window-files/too-large", test_too_large);
  g_test_add_func ("/window-files/several-games", test_several_games);
  g_test_add_func ("/window-files/repaired-utf8", test_repaired_utf8);
  g_test_add_func ("/window-files/atomic-save-failure", test_atomic_save_failure);
  g_test_add_func ("/window-files/close-asks", test_close_asks);
  g_test_add_func ("/window-files/open-asks", test_open_asks);
  g_test_add_func ("/window-files/quit-asks-first", test_quit_asks_first);
  g_test_add_func ("/window-files/autosave", test_autosave);
  g_test_add_func ("/window-files/autosave-fails", test_autosave_fails);
  g_test_add_func ("/window-files/recent", test_recent);
  g_test_add_func ("/window-files/failed-not-recent", test_failed_not_recent);
  g_test_add_func ("/window-files/drop", test_drop);
  g_test_add_func ("/window-files/open-from-desktop", test_open_from_desktop);
  g_test_add_func ("/window-files/command-line", test_command_line);

  status = ui_test_run ();
  test_remove_tree (scratch);
  g_free (scratch);
  return status;
}
