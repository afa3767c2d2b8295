/* test-move-list.c — the move list with a game's annotations, under a
 * virtual X server: a PGN's comments, NAGs and variations as the list
 * shows them (and reads them out), annotating through the list's actions,
 * and a long annotated game loading and growing quickly.
 *
 * With CHANCELLOR_TEST_HOLD_MS set, the annotated window (and the side
 * lines, a side move shown) stays on screen that long
 * (CHANCELLOR_TEST_DARK=1: in the dark style), for a screenshot. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chancellor-pgn.h"
#include "ui-test-util.h"

/* Loading and showing a long game may take this long, even under the
 * sanitizers; one more move is timed and printed, and shown to renew only
 * what changed by the rows it keeps (a bound in milliseconds would fail on
 * a loaded machine). */
#define LONG_GAME_PLIES 300
#define LOAD_MAX_MS 5000

static ChancellorApplication *app;

static const char annotated_pgn[] =
  "[Event \"Study\"]\n"
  "[White \"Alpha\"]\n"
  "[Black \"Beta\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "{The Spanish Game,   as old as\nthe hills.} 1. e4 e5 2. Nf3 $1 {Develops [%eval 0.30] with tempo. [%clk 0:05:00]}\n"
  "Nc6 3. Bb5 a6 $6 (3... Nf6 4. O-O Nxe4 $5 {The Berlin.}) 4. Ba4 $14 Nf6 5. O-O $22 Be7 *\n";

/* Lets GTK lay out and draw what changed. */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static ChancellorWindow *
window_with_pgn (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = chancellor_pgn_read (text, -1, &error);
  ChancellorWindow *window;

  g_assert_no_error (error);
  window = chancellor_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 860);
  gtk_window_present (GTK_WINDOW (window));
  chancellor_window_show_games (window, games, NULL);
  return window;
}

static void
assert_row (ChancellorMoveList *list,
            guint               row,
            const char         *expected)
{
  g_autofree char *text = chancellor_move_list_dup_row_text (list, row);
  g_autofree char *plain = NULL;

  /* Where no font draws ⩲, the list writes "+=". */
  if (strstr (expected, "⩲") && !strstr (text, "⩲"))
    {
      g_auto (GStrv) parts = g_strsplit (expected, "⩲", -1);

      plain = g_strjoinv ("+=", parts);
      expected = plain;
    }
  g_assert_cmpstr (text, ==, expected);
}

static void
assert_notes (ChancellorMoveList *list,
              guint               ply,
              const char         *expected)
{
  g_autofree char *text = chancellor_move_list_dup_notes_text (list, ply);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_show (void)
{
  ChancellorWindow *window = window_with_pgn (annotated_pgn);
  ChancellorMoveList *list = chancellor_window_get_move_list (window);
  g_autofree char *spoken = NULL;
  g_autofree char *bishop = NULL;

  settle ();
  g_assert_cmpuint (chancellor_move_list_get_n_rows (list), ==, 5);
  /* NAGs as symbols: the assessment joined to the move, a position NAG
   * after it, one without a symbol only in the tooltip. */
  assert_row (list, 0, "1. e4 e5");
  assert_row (list, 1, "2. Nf3! Nc6");
  assert_row (list, 2, "3. Bb5 a6?!");
  assert_row (list, 3, "4. Ba4 ⩲ Nf6");
  assert_row (list, 4, "5. O-O Be7");

  /* Comments without their commands, spaces collapsed; the first one at
   * the top. */
  assert_notes (list, 0, "The Spanish Game, as old as the hills.");
  assert_notes (list, 3, "Develops with tempo.");
  assert_notes (list, 4, "");
  /* A variation in brackets with its move numbers and own annotations. */
  assert_notes (list, 6, "(3... Nf6 4. O-O Nxe4!? {The Berlin.})");

  spoken = chancellor_move_list_dup_spoken_move (list, 3);
  g_assert_cmpstr (spoken, ==, "Knight to f3, good move, comment: Develops with tempo.");
  bishop = chancellor_move_list_dup_spoken_move (list, 7);
  g_assert_cmpstr (bishop, ==, "Bishop to a4, White is slightly better");

  /* Browsing still works over the annotated rows. */
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.first", NULL));
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, 3);
  g_assert_cmpuint (chancellor_board_view_get_ply (chancellor_window_get_board_view (window)), ==, 3);

  if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
    {
      chancellor_move_list_set_ply (list, 6);
      test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_line_label (GtkWidget     *widget,
               gconstpointer  data)
{
  return g_object_get_data (G_OBJECT (widget), "line-ply") != NULL;
}

/* Side lines by playing, in the window: a move on the board at an earlier
 * position starts a line that the list shows in brackets under the move
 * it replaces; its moves are links; the keys step through it; the menu's
 * actions promote and delete it; saving writes it as a PGN variation and
 * opening the file reads it back. */
static void
test_side_lines (void)
{
  ChancellorWindow *window = window_with_pgn (annotated_pgn);
  ChancellorMoveList *list = chancellor_window_get_move_list (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  ChancellorGame *game = chancellor_window_get_game (window);
  g_autofree char *dir = test_scratch_dir_new ("side-lines-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "lines.pgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *notes = NULL;
  g_autoptr (GPtrArray) reread = NULL;
  GtkWidget *label;
  guint bc4, nf6, old_line;
  gboolean handled = FALSE;

  settle ();
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 10);

  /* After 2... Nc6, 3. Bc4 instead of 3. Bb5. */
  chancellor_move_list_set_ply (list, 4);
  ui_test_click_move (window, "f1", "c4");
  bc4 = chancellor_board_view_get_ply (board);
  g_assert_true (chancellor_game_is_side_ply (game, bc4));
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, bc4);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 10);
  settle ();
  assert_notes (list, 5, "(3. Bc4)");
  /* The line grows from its last move. */
  ui_test_click_move (window, "g8", "f6");
  nf6 = chancellor_board_view_get_ply (board);
  settle ();
  assert_notes (list, 5, "(3. Bc4 Nf6)");
  /* The same move again follows the line instead of doubling it. */
  chancellor_move_list_set_ply (list, 4);
  ui_test_click_move (window, "f1", "c4");
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, bc4);
  assert_notes (list, 5, "(3. Bc4 Nf6)");

  /* Next and Previous step along the line and back onto the main line. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, nf6);
  /* The line's end: Next stays. */
  gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, nf6);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.previous", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.previous", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 5);

  /* A side move's link shows its position. */
  label = ui_test_find_widget (GTK_WIDGET (list), is_line_label, NULL);
  g_assert_nonnull (label);
  {
    g_autofree char *uri = g_strdup_printf ("ply:%u", nf6);

    g_signal_emit_by_name (label, "activate-link", uri, &handled);
  }
  g_assert_true (handled);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, nf6);
  g_assert_true (chancellor_game_get_piece (game, nf6, test_square_named (game, "f6")).present);
  if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
    test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));

  /* Promoted: 3. Bc4 Nf6 is the game; 3. Bb5 and the rest, with their
   * annotations and their own variation, the line beside it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.promote-variation", NULL));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 6);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 6);
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, 6);
  settle ();
  g_assert_cmpuint (chancellor_move_list_get_n_rows (list), ==, 3);
  assert_row (list, 2, "3. Bc4 Nf6");
  notes = chancellor_move_list_dup_notes_text (list, 5);
  g_assert_true (g_str_has_prefix (notes, "(3. Bb5 a6?! (3... Nf6 4. O-O Nxe4!? {The Berlin.}) 4. Ba4"));
  g_assert_true (g_str_has_suffix (notes, "Nf6 5. O-O Be7)"));

  /* Saved as a PGN variation, read back the same. */
  g_assert_true (chancellor_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  /* The writer breaks lines at 80 columns. */
  g_strdelimit (saved, "\n", ' ');
  g_assert_nonnull (strstr (saved, "3. Bc4 (3. Bb5 a6 $6 (3... Nf6 4. O-O Nxe4 $5 {The Berlin.}) 4. Ba4 $14"));
  reread = chancellor_pgn_read (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chancellor_game_get_n_moves (g_ptr_array_index (reread, 0)), ==, 6);
  g_assert_cmpuint (chancellor_game_get_n_variations (g_ptr_array_index (reread, 0), 5), ==, 1);
  g_assert_cmpstr (chancellor_game_get_variation (g_ptr_array_index (reread, 0), 5, 0), ==,
                   chancellor_game_get_variation (game, 5, 0));

  /* Deleted from one of its moves: the board goes back where it left. */
  chancellor_window_open_file (window, file);
  test_spin (300);
  game = chancellor_window_get_game (window);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 5), ==, 1);
  /* Reopened, the list shows the line as it was, and its moves show. */
  settle ();
  g_clear_pointer (&notes, g_free);
  notes = chancellor_move_list_dup_notes_text (list, 5);
  g_assert_true (g_str_has_prefix (notes, "(3. Bb5 a6?! (3... Nf6 4. O-O Nxe4!? {The Berlin.}) 4. Ba4"));
  old_line = chancellor_game_get_variation_ply (game, 5, 0);
  g_assert_true (chancellor_game_get_next_ply (game, old_line, &old_line));
  label = ui_test_find_widget (GTK_WIDGET (list), is_line_label, NULL);
  g_assert_nonnull (label);
  {
    g_autofree char *uri = g_strdup_printf ("ply:%u", old_line);

    handled = FALSE;
    g_signal_emit_by_name (label, "activate-link", uri, &handled);
  }
  g_assert_true (handled);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, old_line);
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, old_line);
  g_assert_true (chancellor_game_get_piece (game, old_line, test_square_named (game, "a6")).present);
  g_assert_false (chancellor_game_get_piece (game, old_line, test_square_named (game, "a7")).present);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.delete-variation", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 4);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 5), ==, 0);
  settle ();
  assert_notes (list, 5, "");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 6);

  test_remove_tree (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Capablanca Relocation Chess: the arrays chosen show above the moves, as
 * each side chooses, and the PGN starts from them (SetUp and FEN). */
static void
test_relocation_choices (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("capablanca-relocation");
  ChancellorMoveList *list = chancellor_window_get_move_list (window);
  ChancellorGame *game = chancellor_window_get_game (window);
  g_autoptr (GError) error = NULL;
  g_autofree char *pgn = NULL;

  settle ();
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpstr (chancellor_move_list_get_relocation_text (list), ==, "");
  /* Black swaps its Queen (e8) and King (f8). */
  g_assert_true (chancellor_game_relocate (game, 4, 5, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_cmpstr (chancellor_move_list_get_relocation_text (list), ==, "Black swapped its Queen and King (e8, f8).");
  g_assert_true (chancellor_game_relocate (game, -1, -1, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_cmpstr (chancellor_move_list_get_relocation_text (list), ==,
                   "Black swapped its Queen and King (e8, f8). White kept its array.");
  pgn = chancellor_pgn_write (game);
  g_assert_nonnull (strstr (pgn, "[SetUp \"1\"]"));
  g_assert_nonnull (strstr (pgn, "[FEN \"rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w"));

  /* Read back, the list says the same. */
  {
    g_autoptr (GPtrArray) games = chancellor_pgn_read (pgn, -1, &error);

    g_assert_no_error (error);
    chancellor_window_show_games (window, games, NULL);
    settle ();
    g_assert_cmpstr (chancellor_move_list_get_relocation_text (list), ==,
                     "Black swapped its Queen and King (e8, f8). White kept its array.");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_annotate (void)
{
  ChancellorWindow *window = window_with_pgn (annotated_pgn);
  ChancellorMoveList *list = chancellor_window_get_move_list (window);
  ChancellorGame *game = chancellor_window_get_game (window);
  GtkTextView *view;
  GtkWidget *popover;
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint assessment;

  settle ();
  g_assert_false (chancellor_document_get_modified (chancellor_window_get_document (window)));

  /* The comment of 2. Nf3, through the editor: its commands stay. */
  chancellor_move_list_set_ply (list, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.edit-comment", NULL));
  settle ();
  view = GTK_TEXT_VIEW (ui_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  popover = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_POPOVER);
  g_assert_true (gtk_widget_get_visible (popover));
  /* Its heading names the move as the list numbers it. */
  {
    GtkWidget *heading = ui_test_find_widget_of_type (popover, GTK_TYPE_LABEL);

    g_assert_nonnull (heading);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (heading)), ==, "Comment on 2. Nf3");
  }
  {
    GtkTextIter start, end;
    g_autofree char *shown = NULL;

    gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
    shown = gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
    g_assert_cmpstr (shown, ==, "Develops with tempo.");
  }
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Natural,\nand good.", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.save-comment", NULL));
  g_assert_cmpstr (chancellor_game_get_comment (game, 3), ==, "[%eval 0.30] [%clk 0:05:00] Natural,\nand good.");
  assert_notes (list, 3, "Natural, and good.");
  g_assert_true (chancellor_document_get_modified (chancellor_window_get_document (window)));

  /* Cancel keeps the comment as it was; the window's action (Ctrl+E)
   * opens the same editor. */
  gtk_popover_popdown (GTK_POPOVER (popover));
  ui_test_assert_accel ("win.edit-comment", "<Control>e");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-comment", NULL));
  g_assert_true (gtk_widget_get_visible (popover));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Thrown away", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.cancel-comment", NULL));
  assert_notes (list, 3, "Natural, and good.");

  /* A comment on a move that had none; its reply moves below it. */
  chancellor_move_list_set_ply (list, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.edit-comment", NULL));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Best by test.", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.save-comment", NULL));
  g_assert_cmpstr (chancellor_game_get_comment (game, 1), ==, "Best by test.");
  assert_notes (list, 1, "Best by test.");
  assert_row (list, 0, "1. e4 e5");
  /* Emptied, it goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.edit-comment", NULL));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "  ", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.save-comment", NULL));
  g_assert_null (chancellor_game_get_comment (game, 1));
  assert_notes (list, 1, "");

  /* The assessment replaces the one there; a position NAG stays. */
  chancellor_move_list_set_ply (list, 3);
  g_object_get (list, "assessment", &assessment, NULL);
  g_assert_cmpuint (assessment, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.assessment", "u", 4));
  g_assert_cmpuint (chancellor_game_get_nags (game, 3, nags, G_N_ELEMENTS (nags)), ==, 1);
  g_assert_cmpuint (nags[0], ==, 4);
  assert_row (list, 1, "2. Nf3?? Nc6");
  chancellor_move_list_set_ply (list, 7);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.assessment", "u", 5));
  g_assert_cmpuint (chancellor_game_get_nags (game, 7, nags, G_N_ELEMENTS (nags)), ==, 2);
  assert_row (list, 3, "4. Ba4!? ⩲ Nf6");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.assessment", "u", 0));
  assert_row (list, 3, "4. Ba4 ⩲ Nf6");

  /* Deleting the variations of 3... a6. */
  chancellor_move_list_set_ply (list, 6);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (list)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.clear-variations", NULL));
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 6), ==, 0);
  assert_notes (list, 6, "");

  /* The opening comment, from the start position. */
  chancellor_move_list_set_ply (list, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.edit-comment", NULL));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Rewritten.", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.save-comment", NULL));
  assert_notes (list, 0, "Rewritten.");

  /* Taking moves back and playing others keeps the rows right. */
  chancellor_game_undo (game);
  chancellor_game_undo (game);
  chancellor_game_undo (game);
  g_assert_cmpuint (chancellor_move_list_get_n_rows (list), ==, 4);
  assert_row (list, 3, "4. Ba4 ⩲");
  g_assert_true (chancellor_game_play_text (game, "Nge7", NULL));
  g_assert_true (chancellor_game_play_text (game, "Nc3", NULL));
  assert_row (list, 3, "4. Ba4 ⩲ Nge7");
  assert_row (list, 4, "5. Nc3");
  settle ();

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game of legal moves picked by a seeded generator, annotated every few
 * plies; NULL when it ended before plies. */
static ChancellorGame *
random_game (guint32 seed,
             guint   plies)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new ("chess", NULL, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  int squares = chancellor_game_get_files (game) * chancellor_game_get_ranks (game);
  g_autofree gboolean *targets = g_new0 (gboolean, squares);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (int) * 2);

  while (chancellor_game_get_n_moves (game) < plies)
    {
      guint n = chancellor_game_get_n_moves (game);
      ChancellorColor side = chancellor_game_get_side_to_move (game, n);
      int promotion = -1;
      int *move;

      if (chancellor_game_get_phase (game) != CHANCELLOR_PHASE_PLAYING)
        return NULL;
      g_array_set_size (moves, 0);
      for (int from = 0; from < squares; from++)
        {
          ChancellorPiece piece = chancellor_game_get_piece (game, n, from);

          if (!piece.present || piece.color != side)
            continue;
          chancellor_game_get_targets (game, from, targets);
          for (int to = 0; to < squares; to++)
            if (targets[to])
              {
                int pair[2] = { from, to };

                g_array_append_vals (moves, pair, 1);
              }
        }
      g_assert_cmpuint (moves->len, >, 0);
      move = &g_array_index (moves, int, 2 * g_rand_int_range (rand, 0, (int) moves->len));
      if (chancellor_game_move_needs_promotion (game, move[0], move[1]))
        chancellor_game_get_promotion_types (game, &promotion, 1);
      g_assert_true (chancellor_game_play (game, move[0], move[1], promotion, NULL));
      if (n % 3 == 0)
        {
          g_autofree char *comment = g_strdup_printf ("[%%eval 0.%02u] Move %u: a comment long enough to wrap "
                                                      "over two lines of the panel.", n % 100, n + 1);
          const guint8 nag[] = { 1 + n % 6 };

          chancellor_game_set_comment (game, n + 1, comment);
          chancellor_game_set_nags (game, n + 1, nag, 1);
        }
    }
  return g_steal_pointer (&game);
}

static void
test_long_game (void)
{
  g_autoptr (ChancellorGame) game = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *first_notes = NULL;
  ChancellorWindow *window;
  ChancellorMoveList *list;
  gint64 start, loaded, shown, moved;
  GtkWidget *first_row, *before_last_row, *last_row;

  for (guint32 seed = 1; !game; seed++)
    game = random_game (seed, LONG_GAME_PLIES);
  pgn = chancellor_pgn_write (game);

  window = chancellor_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 860);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  list = chancellor_window_get_move_list (window);

  start = g_get_monotonic_time ();
  games = chancellor_pgn_read (pgn, -1, &error);
  g_assert_no_error (error);
  chancellor_window_show_games (window, games, NULL);
  loaded = g_get_monotonic_time ();
  settle ();
  shown = g_get_monotonic_time ();
  g_test_message ("%u plies with %u comments: read and listed in %" G_GINT64_FORMAT " ms, "
                  "laid out and drawn %" G_GINT64_FORMAT " ms later",
                  LONG_GAME_PLIES, LONG_GAME_PLIES / 3, (loaded - start) / 1000, (shown - loaded) / 1000);
  g_assert_cmpuint (chancellor_move_list_get_ply (list), ==, LONG_GAME_PLIES);
  g_assert_cmpuint (chancellor_move_list_get_n_rows (list), ==, LONG_GAME_PLIES / 2);
  first_notes = chancellor_move_list_dup_notes_text (list, 1);
  g_assert_true (g_str_has_prefix (first_notes, "Move 1: a comment"));
  g_assert_cmpint (shown - start, <, LOAD_MAX_MS * 1000);

  /* The move shown is scrolled into sight wherever it was chosen: here
   * as the evaluation graph or the board's keys choose it. */
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (list->scrolled);
    GtkWidget *first = g_ptr_array_index (list->move_buttons, 0);
    graphene_rect_t bounds;

    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
    chancellor_move_list_set_ply (list, 1);
    /* At the next frame. */
    test_spin (200);
    g_assert_true (gtk_widget_compute_bounds (first, GTK_WIDGET (list->scrolled), &bounds));
    g_assert_cmpfloat (bounds.origin.y, >=, 0);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_adjustment_get_page_size (adjustment));
  }

  /* One more move renews only what changed: every row but the last is the
   * same widget as before (held, so that a new row cannot take its
   * address). */
  first_row = g_object_ref (((MovePair *) g_ptr_array_index (list->pairs, 0))->box);
  before_last_row = g_object_ref (((MovePair *) g_ptr_array_index (list->pairs, list->pairs->len - 2))->box);
  last_row = g_object_ref (((MovePair *) g_ptr_array_index (list->pairs, list->pairs->len - 1))->box);
  start = g_get_monotonic_time ();
  chancellor_move_list_set_ply (list, 1);
  chancellor_game_undo (chancellor_window_get_game (window));
  settle ();
  moved = g_get_monotonic_time ();
  g_test_message ("a move taken back: %" G_GINT64_FORMAT " ms", (moved - start) / 1000);
  g_assert_cmpuint (chancellor_move_list_get_n_rows (list), ==, LONG_GAME_PLIES / 2);
  g_assert_true (((MovePair *) g_ptr_array_index (list->pairs, 0))->box == first_row);
  g_assert_true (((MovePair *) g_ptr_array_index (list->pairs, list->pairs->len - 2))->box == before_last_row);
  g_assert_true (((MovePair *) g_ptr_array_index (list->pairs, list->pairs->len - 1))->box == last_row);
  g_object_unref (first_row);
  g_object_unref (before_last_row);
  g_object_unref (last_row);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "TestMoveList", G_APPLICATION_NON_UNIQUE);
  if (g_strcmp0 (g_getenv ("CHANCELLOR_TEST_DARK"), "1") == 0)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

  g_test_add_func ("/move-list/show", test_show);
  g_test_add_func ("/move-list/annotate", test_annotate);
  g_test_add_func ("/move-list/side-lines", test_side_lines);
  g_test_add_func ("/move-list/relocation-choices", test_relocation_choices);
  g_test_add_func ("/move-list/long-game", test_long_game);

  return ui_test_run ();
}
