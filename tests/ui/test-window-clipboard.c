/* test-window-clipboard.c — Set Up Position, Copy FEN, Copy PGN and
 * Paste under a virtual X server: the editor starts from the position
 * shown, edits it with its palette, refuses with the engine's reasons and
 * starts a game from it; the position shown and the game go to the
 * clipboard; pasted FEN or PGN opens as the game shown, in whichever game
 * reads it; broken text is refused with the reader's message and the game
 * stays. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-marks.h"
#include "chancellor-marks-layer.h"
#include "chancellor-pgn.h"
#include "chancellor-position-editor.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

typedef struct {
  gboolean done;
  char *text;
} Reading;

static void
text_read (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Reading *reading = data;

  reading->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  reading->done = TRUE;
}

/* The clipboard's text, read as another program would. */
static char *
clipboard_text (ChancellorWindow *window)
{
  Reading reading = { FALSE, NULL };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, text_read, &reading);
  test_wait_for_flag (&reading.done, 5000);
  return reading.text;
}

static void
close_alert (GtkWindow *dialog)
{
  g_object_ref (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_destroy (dialog);
  g_object_unref (dialog);
}

/* Copy FEN takes the position shown (not the last), Copy PGN the game. */
static void
test_copy (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorGame *game = chancellor_window_get_game (window);
  g_autofree char *fen = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *pgn = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;

  test_play_text (game, "e2e4");
  test_play_text (game, "e9e7");
  test_play_text (game, "d2d4");
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 2);
  g_assert_cmpuint (chancellor_board_view_get_ply (chancellor_window_get_board_view (window)), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL));
  fen = chancellor_game_get_fen (game, 2);
  copied = clipboard_text (window);
  g_assert_cmpstr (copied, ==, fen);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Position copied as FEN");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-pgn", NULL));
  pgn = clipboard_text (window);
  games = chancellor_pgn_read (pgn, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chancellor_game_get_variant_id (games->pdata[0]), ==, "ajax");
  g_assert_cmpuint (chancellor_game_get_n_moves (games->pdata[0]), ==, 3);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Game copied as PGN");

  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In a text field (the comment editor) the keys copy and paste its text:
 * the game is neither copied nor replaced. */
static void
test_text_field_keeps_keys (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  ChancellorGame *game = chancellor_window_get_game (window);
  GtkTextView *view;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  g_autofree char *copied = NULL;
  g_autofree char *text = NULL;

  test_play_text (game, "e4");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-comment", NULL));
  view = GTK_TEXT_VIEW (ui_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  test_spin (100);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (view));
  buffer = gtk_text_view_get_buffer (view);
  gtk_text_buffer_set_text (buffer, "A sharp reply", -1);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_select_range (buffer, &start, &end);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL));
  copied = clipboard_text (window);
  g_assert_cmpstr (copied, ==, "A sharp reply");

  /* Pasting FEN there pastes text; the game stays. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "8/8/8/8/8/8/8/K6k w - - 0 1");
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_place_cursor (buffer, &end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL));
  test_spin (300);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_cmpstr (text, ==, "A sharp reply8/8/8/8/8/8/8/K6k w - - 0 1");
  g_assert_true (chancellor_window_get_game (window) == game);
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));

  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
game_changed (gpointer data)
{
  void **pair = data;

  return chancellor_window_get_game (pair[0]) != pair[1];
}

/* Good text opens, in the game that reads it; Ctrl+V goes through the
 * clipboard. */
static void
test_paste (void)
{
  static const char *const chess_fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 12";
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorGame *before = chancellor_window_get_game (window);
  ChancellorGame *game;
  g_autofree char *fen = NULL;
  void *pair[2] = { window, NULL };

  ui_test_assert_accel ("win.copy-fen", "<Control>c");
  ui_test_assert_accel ("win.copy-pgn", "<Shift><Control>c");
  ui_test_assert_accel ("win.paste", "<Control>v");

  /* A chess position while Ajax Chess is shown: chess reads it. */
  _chancellor_window_paste_text (window, chess_fen);
  game = chancellor_window_get_game (window);
  g_assert_true (game != before);
  g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "chess");
  fen = chancellor_game_get_fen (game, 0);
  g_assert_cmpstr (fen, ==, chess_fen);
  g_assert_null (chancellor_document_get_file (chancellor_window_get_document (window)));
  /* The en passant capture is there to play. */
  g_assert_true (chancellor_game_play_text (game, "exd6", NULL));
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);

  /* PGN with its moves, shown at its end. */
  _chancellor_window_paste_text (window, "[Variant \"capablanca\"]\n\n1. e4 e5 2. Nh3 *\n");
  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "capablanca");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 3);
  g_assert_cmpuint (chancellor_board_view_get_ply (chancellor_window_get_board_view (window)), ==, 3);

  /* Through the clipboard, as Ctrl+V does it. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "  1. d4 d5 2. c4  ");
  pair[1] = game;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL));
  g_assert_true (test_run_until (game_changed, pair, 5000));
  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "chess");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Broken text is refused with the reader's own message, as a file is, and
 * the game shown stays as it was. */
static void
test_paste_broken (void)
{
  static const struct {
    const char *text;
    const char *expected;       /* in the alert's body */
  } cases[] = {
    { "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "the side not to move is in check" },
    { "4k3/8/8/8/8/8/8/8 w - - 0 1", "White must have exactly one king" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "cannot be read as Chess: 'X' is not a piece" },
    { "1. e4 e5 2. Ke3 *", "Line 1, column 13 (game 1, move 2): “Ke3”" },
    { "[Variant \"bughouse\"]\n\n1. e4 *\n", "bughouse" },
    { "", "There is no game in the text" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ChancellorWindow *window = ui_test_new_shown_window ("chess");
      ChancellorGame *game = chancellor_window_get_game (window);
      g_autofree char *fen = NULL;
      g_autofree char *after = NULL;
      GtkWindow *alert;

      test_play_text (game, "e4");
      fen = chancellor_game_get_fen (game, 1);
      _chancellor_window_paste_text (window, cases[i].text);
      alert = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (alert);
      g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (alert)), ==, "Could Not Paste");
      g_test_message ("%s", adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (alert)));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (alert)), cases[i].expected));

      g_assert_true (chancellor_window_get_game (window) == game);
      g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);
      after = chancellor_game_get_fen (game, 1);
      g_assert_cmpstr (after, ==, fen);
      close_alert (alert);
      chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static ChancellorPositionEditor *
open_editor (ChancellorWindow *window)
{
  GtkWindow *editor;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.set-up-position", NULL));
  editor = ui_test_find_window_over (window, CHANCELLOR_TYPE_POSITION_EDITOR);
  g_assert_nonnull (editor);
  if (g_getenv ("CHANCELLOR_TEST_PAUSE"))
    test_spin (3000);
  return CHANCELLOR_POSITION_EDITOR (editor);
}

/* The editor in every game: it starts at the position shown, and the
 * engine's refusals are shown until the position can be played. */
static void
test_set_up (void)
{
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);
      ChancellorWindow *window = ui_test_new_shown_window (id);
      ChancellorGame *game = chancellor_window_get_game (window);
      ChancellorPositionEditor *editor;
      int files = chancellor_game_get_files (game), ranks = chancellor_game_get_ranks (game);
      int white_king = -1, black_king = -1;
      g_autofree char *fen = NULL;
      g_autofree char *shown = NULL;

      g_test_message ("%s", id);
      while (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_RELOCATION)
        g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));
      shown = chancellor_game_get_fen (game, chancellor_game_get_n_moves (game));
      chancellor_move_list_set_ply (chancellor_window_get_move_list (window), chancellor_game_get_n_moves (game));
      editor = open_editor (window);
      fen = chancellor_position_editor_dup_fen (editor);
      g_assert_cmpstr (fen, ==, shown);
      g_assert_null (chancellor_position_editor_get_problem (editor));

      /* An empty board: no kings. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "position-editor.clear", NULL));
      g_assert_nonnull (strstr (chancellor_position_editor_get_problem (editor), "White must have exactly one king"));
      g_assert_false (gtk_widget_activate_action (GTK_WIDGET (editor), "position-editor.start", NULL)
                      && chancellor_window_get_game (window) != game);

      /* Kings from the palette (type 0), clicked on their squares: a1
       * and the last square of the board. */
      white_king = 0;
      black_king = files * ranks - 1;
      chancellor_position_editor_choose_tool (editor, 0, CHANCELLOR_COLOR_WHITE);
      chancellor_position_editor_click_square (editor, white_king, FALSE);
      chancellor_position_editor_choose_tool (editor, 0, CHANCELLOR_COLOR_BLACK);
      chancellor_position_editor_click_square (editor, black_king, FALSE);
      g_assert_true (chancellor_position_editor_get_piece (editor, black_king).present);
      g_assert_null (chancellor_position_editor_get_problem (editor));
      /* Dragged along the first rank and back; a piece dragged off the
       * board goes. */
      chancellor_position_editor_move_piece (editor, white_king, 1);
      g_assert_false (chancellor_position_editor_get_piece (editor, white_king).present);
      g_assert_true (chancellor_position_editor_get_piece (editor, 1).present);
      chancellor_position_editor_move_piece (editor, 1, white_king);
      chancellor_position_editor_set_piece (editor, 2, 0, CHANCELLOR_COLOR_WHITE);
      g_assert_nonnull (strstr (chancellor_position_editor_get_problem (editor), "White must have exactly one king"));
      chancellor_position_editor_move_piece (editor, 2, -1);
      g_assert_false (chancellor_position_editor_get_piece (editor, 2).present);
      g_assert_null (chancellor_position_editor_get_problem (editor));

      /* A white rook-like piece giving check along the last rank while
       * White is to move: the side not to move is in check.  The kind is
       * found by its moves (the engine judges): each kind in turn next
       * to the black king until one checks it. */
      {
        gboolean refused = FALSE;

        for (int type = 1; type < chancellor_game_get_piece_type_count (game) && !refused; type++)
          {
            chancellor_position_editor_choose_tool (editor, type, CHANCELLOR_COLOR_WHITE);
            chancellor_position_editor_click_square (editor, black_king - 1, FALSE);
            refused = chancellor_position_editor_get_problem (editor) != NULL
                      && strstr (chancellor_position_editor_get_problem (editor), "the side not to move is in check");
            if (refused)
              break;
          }
        g_assert_true (refused);
        /* With Black to move it is a position. */
        chancellor_position_editor_set_side_to_move (editor, CHANCELLOR_COLOR_BLACK);
        g_assert_null (chancellor_position_editor_get_problem (editor));
        /* A right click takes the piece off again. */
        chancellor_position_editor_click_square (editor, black_king - 1, TRUE);
        g_assert_false (chancellor_position_editor_get_piece (editor, black_king - 1).present);
      }

      /* Castling rights without their rooks: the engine drops them (a
       * FEN from elsewhere may say more than the board allows). */
      chancellor_position_editor_set_castling (editor, "KQkq");
      g_assert_null (chancellor_position_editor_get_problem (editor));
      chancellor_position_editor_set_castling (editor, "");
      g_assert_null (chancellor_position_editor_get_problem (editor));
      /* An en passant square no pawn passed over. */
      chancellor_position_editor_set_en_passant (editor, "c3");
      g_assert_nonnull (chancellor_position_editor_get_problem (editor));
      g_test_message ("%s", chancellor_position_editor_get_problem (editor));
      chancellor_position_editor_set_en_passant (editor, NULL);
      g_assert_null (chancellor_position_editor_get_problem (editor));

      /* Start Game: the window plays the position set up. */
      g_clear_pointer (&fen, g_free);
      fen = chancellor_position_editor_dup_fen (editor);
      chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "position-editor.start", NULL));
      g_assert_true (chancellor_window_get_game (window) != game);
      game = chancellor_window_get_game (window);
      g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, id);
      {
        g_autofree char *start = chancellor_game_get_start_fen (game);

        g_assert_cmpstr (start, ==, fen);
      }
      g_assert_cmpint (chancellor_game_get_side_to_move (game, 0), ==, CHANCELLOR_COLOR_BLACK);
      g_assert_null (ui_test_find_window_over (window, CHANCELLOR_TYPE_POSITION_EDITOR));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static gboolean
drawn_count_is (gpointer data)
{
  gpointer *pair = data;

  return chancellor_marks_layer_get_n_drawn (pair[0]) == GPOINTER_TO_UINT (pair[1]);
}

static void
assert_drawn (ChancellorMarksLayer *layer,
              guint                 count)
{
  gpointer pair[2] = { layer, GUINT_TO_POINTER (count) };

  gtk_widget_queue_draw (GTK_WIDGET (layer));
  g_assert_true (test_run_until (drawn_count_is, pair, 5000));
}

/* Arrows and circles on the board: kept in the comment of the move shown
 * as [%cal]/[%csl], drawn over the board for that position only, toggled
 * off again, and saved with the game. */
static void
test_marks (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorMarksLayer *layer;
  g_autofree char *pgn = NULL;

  layer = CHANCELLOR_MARKS_LAYER (ui_test_find_widget_of_type (GTK_WIDGET (window), CHANCELLOR_TYPE_MARKS_LAYER));
  g_assert_nonnull (layer);
  test_play_text (game, "e2e4");
  test_play_text (game, "e9e7");
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 2);

  /* e2 = 14, e4 = 34, f9 = 85, f5 = 45 on the 10 × 10 board. */
  chancellor_marks_layer_mark (layer, 14, 34, 0);
  chancellor_marks_layer_mark (layer, 85, 45, GDK_ALT_MASK);
  chancellor_marks_layer_mark (layer, 34, 34, GDK_SHIFT_MASK);
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "[%csl Re4] [%cal Ge2e4,Bf9f5]");
  g_assert_true (chancellor_document_get_modified (chancellor_window_get_document (window)));
  assert_drawn (layer, 3);
  if (g_getenv ("CHANCELLOR_TEST_PAUSE"))
    test_spin (3000);

  /* Another position shows its own marks (none). */
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 1);
  assert_drawn (layer, 0);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 2);
  assert_drawn (layer, 3);

  /* The same gesture again takes a mark off. */
  chancellor_marks_layer_mark (layer, 85, 45, GDK_ALT_MASK);
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "[%csl Re4] [%cal Ge2e4]");
  assert_drawn (layer, 2);

  pgn = chancellor_pgn_write (game);
  g_assert_nonnull (strstr (pgn, "{[%csl Re4] [%cal Ge2e4]}"));
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Marks read from another program's PGN (the commands back to back, in
 * either order, a move with two of each) are drawn on their positions, and
 * go through Save and Open unchanged: the round trip a file makes. */
static void
test_marks_round_trip (void)
{
  static const char *const pgn =
    "[Variant \"chess\"]\n\n"
    "1. e4 {[%cal Ge2e4,Rd7d5][%csl Yd4]} 1... e5 {A reply [%csl Gd5,Rh5] [%cal Bb8c6] [%cal Yg8f6]} *\n";
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  ChancellorMarksLayer *layer;
  ChancellorGame *game;
  g_autofree char *dir = test_scratch_dir_new ("marks-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "marks.pgn", NULL);
  g_autofree char *saved = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) marks = NULL;

  layer = CHANCELLOR_MARKS_LAYER (ui_test_find_widget_of_type (GTK_WIDGET (window), CHANCELLOR_TYPE_MARKS_LAYER));
  _chancellor_window_paste_text (window, pgn);
  game = chancellor_window_get_game (window);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  marks = chancellor_marks_get (game, 2);
  g_assert_cmpuint (marks->len, ==, 4);
  /* Circles first, in the order written. */
  g_assert_cmpint (g_array_index (marks, ChancellorMark, 0).color, ==, 'G');
  g_assert_cmpint (g_array_index (marks, ChancellorMark, 0).from, ==, test_square_named (game, "d5"));
  g_assert_cmpint (g_array_index (marks, ChancellorMark, 3).color, ==, 'Y');
  g_assert_cmpint (g_array_index (marks, ChancellorMark, 3).to, ==, test_square_named (game, "f6"));
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 1);
  assert_drawn (layer, 3);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 2);
  assert_drawn (layer, 4);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 0);
  assert_drawn (layer, 0);

  /* Saved, the commands are written as they were read. */
  g_assert_true (chancellor_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_strdelimit (saved, "\n", ' ');
  g_assert_nonnull (strstr (saved, "{[%cal Ge2e4,Rd7d5][%csl Yd4]}"));
  g_assert_nonnull (strstr (saved, "{A reply [%csl Gd5,Rh5] [%cal Bb8c6] [%cal Yg8f6]}"));

  /* Opened again in the window: drawn again where they were. */
  chancellor_window_open_file (window, file);
  test_spin (300);
  g_assert_true (chancellor_window_get_game (window) != game);
  game = chancellor_window_get_game (window);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 1);
  assert_drawn (layer, 3);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 2);
  assert_drawn (layer, 4);

  test_remove_tree (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The colour of the PNG's pixel at (x, y) of a square of size pixels. */
static void
pixel_at (GFile   *file,
          double   x,
          double   y,
          guint8   rgba[4],
          int     *width)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = gdk_texture_new_from_file (file, &error);
  g_autofree guint8 *data = NULL;
  int stride;

  g_assert_no_error (error);
  *width = gdk_texture_get_width (texture);
  stride = *width * 4;
  data = g_malloc ((gsize) stride * (gsize) gdk_texture_get_height (texture));
  gdk_texture_download (texture, data, (gsize) stride);
  /* GDK_MEMORY_DEFAULT is B, G, R, A in memory on a little-endian machine. */
  memcpy (rgba, data + (int) y * stride + (int) x * 4, 4);
}

/* Export as PNG and SVG: the board alone, square, with the arrows. */
static void
test_export (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorMarksLayer *layer;
  g_autofree char *dir = g_dir_make_tmp ("chancellor-export-XXXXXX", NULL);
  g_autoptr (GFile) plain = g_file_new_build_filename (dir, "plain.png", NULL);
  g_autoptr (GFile) marked = g_file_new_build_filename (dir, "marked.png", NULL);
  g_autoptr (GFile) svg = g_file_new_build_filename (dir, "marked.svg", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *svg_text = NULL;
  graphene_rect_t a1;
  guint8 before[4], after[4];
  int width = 0, width2 = 0;
  double square, x, y;

  g_assert_nonnull (dir);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  test_spin (300);
  g_assert_true (chancellor_board_view_get_square_bounds (chancellor_window_get_board_view (window), 0, &a1));
  square = a1.size.width;
  /* e3's middle, where an arrow from e2 to e4 passes. */
  x = 4.5 * square;
  y = 5.5 * square;

  g_assert_true (_chancellor_window_export_image (window, plain, &error));
  g_assert_no_error (error);
  pixel_at (plain, x, y, before, &width);
  g_assert_cmpint (ABS (width - (int) (8 * square)), <=, 1);

  layer = CHANCELLOR_MARKS_LAYER (ui_test_find_widget_of_type (GTK_WIDGET (window), CHANCELLOR_TYPE_MARKS_LAYER));
  chancellor_marks_layer_mark (layer, test_square_named (game, "e2"), test_square_named (game, "e4"), 0);
  assert_drawn (layer, 1);
  g_assert_true (_chancellor_window_export_image (window, marked, &error));
  g_assert_no_error (error);
  pixel_at (marked, x, y, after, &width2);
  g_assert_cmpint (width2, ==, width);
  g_test_message ("e3 before %u,%u,%u after %u,%u,%u (B, G, R)", before[0], before[1], before[2], after[0],
                  after[1], after[2]);
  /* The green arrow: greener than red and blue where the square was not. */
  g_assert_true (after[1] > after[2] && after[1] > after[0]);
  g_assert_false (before[1] > before[2] && before[1] > before[0]);

  g_assert_true (_chancellor_window_export_image (window, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (svg, NULL, &svg_text, NULL, NULL, &error));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "<image"));

  g_file_delete (plain, NULL, NULL);
  g_file_delete (marked, NULL, NULL);
  g_file_delete (svg, NULL, NULL);
  g_rmdir (dir);
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "TestClipboard", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/window-clipboard/set-up", test_set_up);
  g_test_add_func ("/window-clipboard/copy", test_copy);
  g_test_add_func ("/window-clipboard/text-field-keeps-keys", test_text_field_keeps_keys);
  g_test_add_func ("/window-clipboard/marks", test_marks);
  g_test_add_func ("/window-clipboard/marks-round-trip", test_marks_round_trip);
  g_test_add_func ("/window-clipboard/export", test_export);
  g_test_add_func ("/window-clipboard/paste", test_paste);
  g_test_add_func ("/window-clipboard/paste-broken", test_paste_broken);

  return ui_test_run ();
}
