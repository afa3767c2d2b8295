/* test-window.c — the main window under a virtual X server: games played
 * through the game API and the window's actions, as the move list, the
 * titles and the toasts show them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chancellor-application.h"
#include "chancellor-enums.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

static void
play (ChancellorWindow *window,
      const char       *move)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_game_play_text (chancellor_window_get_game (window), move, &error));
  g_assert_no_error (error);
}

static void
activate (ChancellorWindow *window,
          const char       *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
}

static void
assert_row (ChancellorWindow *window,
            guint             row,
            const char       *expected)
{
  g_autofree char *text = chancellor_move_list_dup_row_text (chancellor_window_get_move_list (window), row);

  g_assert_cmpstr (text, ==, expected);
}

static guint
n_rows (ChancellorWindow *window)
{
  return chancellor_move_list_get_n_rows (chancellor_window_get_move_list (window));
}

static guint
shown_ply (ChancellorWindow *window)
{
  guint board_ply;
  guint list_ply = chancellor_move_list_get_ply (chancellor_window_get_move_list (window));

  g_object_get (chancellor_window_get_board_view (window), "ply", &board_ply, NULL);
  g_assert_cmpuint (board_ply, ==, list_ply);
  return list_ply;
}

/* A first start (no game ever chosen) shows the start page; Play the
 * Computer starts the game selected there against the computer, and the
 * next window goes straight to the remembered game. */
static void
test_first_start (void)
{
  ChancellorWindow *window = chancellor_window_new (app);
  GtkStack *stack = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "main_stack");
  ChancellorGameSetup *setup;

  gtk_window_present (GTK_WINDOW (window));
  test_spin (20);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-computer", "s", "ajax"));
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "ajax");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");
  setup = chancellor_window_get_setup (window);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  gtk_window_destroy (GTK_WINDOW (window));

  window = chancellor_window_new (app);
  stack = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "main_stack");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "ajax");
  g_assert_cmpint (chancellor_game_setup_get_player (chancellor_window_get_setup (window), CHANCELLOR_COLOR_BLACK),
                   ==, CHANCELLOR_PLAYER_COMPUTER);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
assert_browse (ChancellorWindow *window,
               guint             keyval,
               guint             expected_ply)
{
  g_assert_true (_chancellor_window_browse_key (window, keyval, 0));
  g_assert_cmpuint (shown_ply (window), ==, expected_ply);
}

/* Home, Left, Right and End look through the game wherever the focus is
 * (the board clicked, a header button, the move list, the players), but
 * not in a text being edited nor on the board while its cursor shows. */
static void
test_browse_from_every_focus (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  GtkWidget *root = GTK_WIDGET (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  GtkWidget *focuses[] = {
    GTK_WIDGET (board),
    ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "new_game_button"),
    ui_test_find_button (root, "Take Back a Move (Ctrl+Z)"),
    GTK_WIDGET (chancellor_window_get_move_list (window)),
    ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "players_button"),
    NULL,
  };

  play (window, "e4");
  play (window, "e5");
  play (window, "Nf3");
  play (window, "Nc6");
  test_spin (20);
  gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);

  for (gsize i = 0; i < G_N_ELEMENTS (focuses); i++)
    {
      if (focuses[i])
        gtk_widget_grab_focus (focuses[i]);
      else
        gtk_root_set_focus (GTK_ROOT (window), NULL);
      g_test_message ("focus on %s", focuses[i] ? G_OBJECT_TYPE_NAME (focuses[i]) : "nothing");
      assert_browse (window, GDK_KEY_Home, 0);
      assert_browse (window, GDK_KEY_Right, 1);
      assert_browse (window, GDK_KEY_KP_Right, 2);
      assert_browse (window, GDK_KEY_End, 4);
      assert_browse (window, GDK_KEY_Left, 3);
      assert_browse (window, GDK_KEY_End, 4);
    }

  /* Other keys and modifiers are not the window's. */
  g_assert_false (_chancellor_window_browse_key (window, GDK_KEY_Up, 0));
  g_assert_false (_chancellor_window_browse_key (window, GDK_KEY_Left, GDK_CONTROL_MASK));

  /* The board reached by Tab (focus shown) shows no cursor, and the
   * arrows still browse; Enter shows the cursor, which then takes them,
   * and Escape hides it again. */
  gtk_widget_grab_focus (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "new_game_button"));
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (board));
  test_spin (20);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (board)));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (board), ==, -1);
  assert_browse (window, GDK_KEY_Left, 3);
  assert_browse (window, GDK_KEY_Right, 4);
  g_assert_true (chancellor_board_view_key_press (board, GDK_KEY_Return));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (board), >=, 0);
  g_assert_false (_chancellor_window_browse_key (window, GDK_KEY_Left, 0));
  g_assert_cmpuint (shown_ply (window), ==, 4);
  g_assert_true (chancellor_board_view_key_press (board, GDK_KEY_Escape));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (board), ==, -1);
  assert_browse (window, GDK_KEY_Left, 3);
  assert_browse (window, GDK_KEY_End, 4);
  gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);

  /* A comment being written keeps its arrows. */
  activate (window, "win.edit-comment");
  test_spin (20);
  g_assert_true (GTK_IS_TEXT_VIEW (gtk_root_get_focus (GTK_ROOT (window))));
  g_assert_false (_chancellor_window_browse_key (window, GDK_KEY_Home, 0));
  g_assert_cmpuint (shown_ply (window), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (chancellor_window_get_move_list (window)),
                                             "move-list.cancel-comment", NULL));
  test_spin (20);

  gtk_window_destroy (GTK_WINDOW (window));
  test_spin (20);
}

static gboolean
window_is_flipped (ChancellorWindow *window)
{
  gboolean flipped;

  g_object_get (window, "flipped", &flipped, NULL);
  return flipped;
}

/* Each new game turns the board for its own players, not the last one's. */
static void
test_flip_follows_players (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  g_autoptr (ChancellorGameSetup) black_vs_computer = NULL;
  g_autoptr (ChancellorGameSetup) two_players = NULL;
  g_autoptr (GError) error = NULL;

  black_vs_computer = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", "chess", "white-player",
                                    CHANCELLOR_PLAYER_COMPUTER, "black-player", CHANCELLOR_PLAYER_HUMAN, NULL);
  two_players = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", "chess", "white-player",
                              CHANCELLOR_PLAYER_HUMAN, "black-player", CHANCELLOR_PLAYER_HUMAN, NULL);
  g_assert_true (chancellor_window_start_setup (window, black_vs_computer, &error));
  g_assert_true (window_is_flipped (window));
  g_assert_true (chancellor_window_start_setup (window, two_players, &error));
  g_assert_false (window_is_flipped (window));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game with numbered start arrays says its number under the title. */
static void
test_start_number_subtitle (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  AdwWindowTitle *title = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "window_title");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new_start ("prime-ministers-random", 1234, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "White to move");
  chancellor_window_start_game (window, game);
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "Start 1234 · White to move");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Browsing back, the subtitle follows the position shown. */
/* Which name is bold as the side to move: "white", "black" or "". */
static const char *
bold_name (ChancellorWindow *window)
{
  GtkWidget *white = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "white_name_label");
  GtkWidget *black = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "black_name_label");

  g_assert_false (gtk_widget_has_css_class (white, "to-move") && gtk_widget_has_css_class (black, "to-move"));
  return gtk_widget_has_css_class (white, "to-move") ? "white"
         : gtk_widget_has_css_class (black, "to-move") ? "black" : "";
}

static void
test_browsing_subtitle (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  AdwWindowTitle *title = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "window_title");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);

  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  g_assert_true (chancellor_game_play_text (game, "Nf6", NULL));
  g_assert_true (chancellor_game_play_text (game, "e5", NULL));
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "Black to move");
  /* The name of the side to move follows the position shown too (the
   * discs beside the names are the sides' colours, not the turn). */
  g_assert_cmpstr (bold_name (window), ==, "black");
  chancellor_board_view_set_ply (board, 2);
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "After 1… Nf6 · White to move");
  g_assert_cmpstr (bold_name (window), ==, "white");
  chancellor_board_view_set_ply (board, 0);
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "White to move");
  g_assert_cmpstr (bold_name (window), ==, "white");
  /* The game's own state is unchanged. */
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black to move");
  chancellor_board_view_set_ply (board, 3);
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "Black to move");
  g_assert_cmpstr (bold_name (window), ==, "black");
  /* Over: nobody is to move at its end; at an earlier position the side
   * that was. */
  g_assert_true (chancellor_game_play_text (game, "Ng8", NULL));
  chancellor_game_resign (game, CHANCELLOR_COLOR_BLACK);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  chancellor_board_view_set_ply (board, 4);
  g_assert_cmpstr (bold_name (window), ==, "");
  chancellor_board_view_set_ply (board, 1);
  g_assert_cmpstr (bold_name (window), ==, "black");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_start (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  g_autofree char *variant = NULL;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Chess");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "White to move");
  g_assert_cmpuint (n_rows (window), ==, 0);
  g_object_get (window, "variant-id", &variant, NULL);
  g_assert_cmpstr (variant, ==, "chess");
  g_assert_true (chancellor_board_view_get_game (chancellor_window_get_board_view (window))
                 == chancellor_window_get_game (window));

  /* Nothing to take back: the action is there but does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether a label below widget says text. */
static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static void
test_moves_undo_redo (void)
{
  ChancellorWindow *window = ui_test_new_window ("capablanca");
  ChancellorMoveList *list = chancellor_window_get_move_list (window);
  ChancellorGame *game = chancellor_window_get_game (window);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Capablanca Chess");
  play (window, "e4");
  play (window, "e5");
  play (window, "Nc3");
  g_assert_cmpuint (n_rows (window), ==, 2);
  assert_row (window, 0, "1. e4 e5");
  assert_row (window, 1, "2. Nc3");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black to move");
  g_assert_cmpuint (shown_ply (window), ==, 3);

  activate (window, "win.undo");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (n_rows (window), ==, 1);
  assert_row (window, 0, "1. e4 e5");
  g_assert_cmpuint (shown_ply (window), ==, 2);
  activate (window, "win.undo");
  assert_row (window, 0, "1. e4");
  activate (window, "win.redo");
  activate (window, "win.redo");
  assert_row (window, 1, "2. Nc3");
  g_assert_cmpuint (shown_ply (window), ==, 3);

  /* Looking back: the board shows the older position, the game stays. */
  chancellor_move_list_set_ply (list, 1);
  g_assert_cmpuint (shown_ply (window), ==, 1);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.next", NULL));
  g_assert_cmpuint (shown_ply (window), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.first", NULL));
  g_assert_cmpuint (shown_ply (window), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.last", NULL));
  g_assert_cmpuint (shown_ply (window), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.previous", NULL));
  g_assert_cmpuint (shown_ply (window), ==, 2);
  /* It names the move shown, as the list numbers it. */
  g_assert_true (has_label (GTK_WIDGET (list), "The board shows the position after 1… e5."));
  chancellor_move_list_set_ply (list, 1);
  g_assert_true (has_label (GTK_WIDGET (list), "The board shows the position after 1. e4."));

  /* A move made while the live position is not shown keeps the view;
   * back at the live position the list follows the game again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "move-list.last", NULL));
  play (window, "Nc6");
  g_assert_cmpuint (shown_ply (window), ==, 4);
  assert_row (window, 1, "2. Nc3 Nc6");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_black_first (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game =
    chancellor_game_new ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", &error);

  g_assert_no_error (error);
  chancellor_window_set_game (window, game);
  g_assert_cmpuint (n_rows (window), ==, 0);
  play (window, "c5");
  play (window, "Nf3");
  assert_row (window, 0, "7. … c5");
  assert_row (window, 1, "8. Nf3");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black to move");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_checkmate (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  ChancellorMoveList *list = chancellor_window_get_move_list (window);

  play (window, "f3");
  play (window, "e5");
  play (window, "g4");
  g_assert_cmpstr (chancellor_move_list_get_result_text (list), ==, "");
  play (window, "Qh4");
  assert_row (window, 1, "2. g4 Qh4#");
  g_assert_cmpstr (chancellor_move_list_get_result_text (list), ==, "0-1 Black wins by checkmate.");
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "0-1 Black wins by checkmate.");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black wins by checkmate.");

  activate (window, "win.undo");
  g_assert_cmpstr (chancellor_move_list_get_result_text (list), ==, "");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black to move");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_check_status (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");

  play (window, "e4");
  play (window, "f5");
  play (window, "Qh5");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black to move, in check");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_claim_draw (void)
{
  static const char *const shuffle[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
  ChancellorWindow *window = ui_test_new_window ("chess");
  ChancellorGame *game = chancellor_window_get_game (window);

  for (int i = 0; i < 8; i++)
    play (window, shuffle[i % 4]);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "White may claim a draw");
  activate (window, "win.claim-draw");
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_THREEFOLD_REPETITION);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "1/2-1/2 Draw by threefold repetition, claimed.");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_resign_and_flip (void)
{
  ChancellorWindow *window = ui_test_new_window ("carrera");
  gboolean flipped;

  activate (window, "win.flip");
  g_object_get (window, "flipped", &flipped, NULL);
  g_assert_true (flipped);
  g_assert_true (chancellor_board_view_get_flipped (chancellor_window_get_board_view (window)));
  activate (window, "win.flip");
  g_assert_false (chancellor_board_view_get_flipped (chancellor_window_get_board_view (window)));

  play (window, "e4");
  activate (window, "win.resign");
  g_assert_cmpint (chancellor_game_get_result (chancellor_window_get_game (window)), ==,
                   CHANCELLOR_RESULT_WHITE_WINS);
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "1-0 White wins: Black resigned.");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_game (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  g_autoptr (GError) error = NULL;

  play (window, "e4");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.start-game", "s", "ajax"));
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "ajax");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ajax Chess");
  g_assert_cmpuint (n_rows (window), ==, 0);
  g_assert_true (chancellor_board_view_get_game (chancellor_window_get_board_view (window))
                 == chancellor_window_get_game (window));
  play (window, "e2e5");
  assert_row (window, 0, "1. e5");

  g_assert_true (chancellor_window_start_variant (window, "prime-ministers-random", &error));
  g_assert_cmpint (chancellor_game_get_files (chancellor_window_get_game (window)), ==, 9);

  g_assert_false (chancellor_window_start_variant (window, "nope", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_UNKNOWN_VARIANT);
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==,
                   "prime-ministers-random");

  /* Ctrl+N's action opens the chooser in the window it finds. */
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_label_shown (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

/* The relocation phase: a refused swap's toast goes at the next good
 * one, and before the first move Undo takes back the swaps. */
static void
test_relocation (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("capablanca-relocation");
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  const char *refusal = "Black cannot swap a8 and b8: a Rook never swaps.";

  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black chooses its array");
  g_assert_false (chancellor_game_can_undo (game));
  chancellor_board_view_click_square (board, test_square_named (game, "a8"));
  chancellor_board_view_click_square (board, test_square_named (game, "b8"));
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, refusal);
  test_spin (100);
  g_assert_nonnull (ui_test_find_widget (GTK_WIDGET (window), is_label_shown, refusal));
  /* The King and Queen swapped: the toast goes. */
  chancellor_board_view_click_square (board, test_square_named (game, "e8"));
  chancellor_board_view_click_square (board, test_square_named (game, "f8"));
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "White chooses its array");
  test_spin (700);
  g_assert_null (ui_test_find_widget (GTK_WIDGET (window), is_label_shown, refusal));

  activate (window, "win.keep-array");
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "White to move");
  /* Taken back: White's keep, then Black's swap. */
  g_assert_true (chancellor_game_can_undo (game));
  activate (window, "win.undo");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "White chooses its array");
  activate (window, "win.undo");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Black chooses its array");
  g_assert_cmpint (chancellor_board_view_get_ply (board), ==, 0);
  g_assert_false (chancellor_game_can_undo (game));
  activate (window, "win.keep-array");
  activate (window, "win.keep-array");
  play (window, "e4");
  assert_row (window, 0, "1. e4");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accelerators (void)
{
  static const char *const expected[][2] = {
    { "app.new-game", "<Control>n" },
    { "app.quit", "<Control>q" },
    { "app.shortcuts", "<Control>question" },
    { "win.rules", "F1" },
    { "win.undo", "<Control>z" },
    { "win.redo", "<Shift><Control>z" },
    { "win.flip", "f" },
    { "win.previous-game", "<Alt>Page_Up" },
    { "win.next-game", "<Alt>Page_Down" },
  };
  g_auto (GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  g_autoptr (GHashTable) owners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ui_test_assert_accel (expected[i][0], expected[i][1]);

  /* No accelerator is given to two actions. */
  for (guint i = 0; actions[i]; i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);

      for (guint j = 0; accels[j]; j++)
        {
          const char *owner = g_hash_table_lookup (owners, accels[j]);

          if (owner)
            g_error ("%s is the accelerator of both %s and %s", accels[j], owner, actions[i]);
          g_hash_table_insert (owners, g_strdup (accels[j]), g_strdup (actions[i]));
        }
    }
  g_assert_cmpuint (g_hash_table_size (owners), >=, G_N_ELEMENTS (expected));
}

/* The About and shortcuts windows open over the main window (their .ui
 * and properties load without warnings, which would fail the test). */
static gboolean
shortcut_shows (GtkWidget     *widget,
                gconstpointer  accelerator)
{
  g_autofree char *shown = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "accelerator", &shown, NULL);
  return g_strcmp0 (shown, accelerator) == 0;
}

static void
test_dialogs (void)
{
  ChancellorWindow *window = ui_test_new_window ("chess");
  guint shortcuts = 0, about = 0;
  GList *windows;

  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);

  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  for (GList *l = windows; l; l = l->next)
    {
      if (GTK_IS_SHORTCUTS_WINDOW (l->data))
        {
          GtkWidget *switcher;

          shortcuts++;
          /* On one page (a second one shows GTK's page switcher), and it
           * says what starts the board's keyboard cursor. */
          test_spin (50);
          switcher = ui_test_find_widget_of_type (GTK_WIDGET (l->data), GTK_TYPE_STACK_SWITCHER);
          g_assert_true (switcher == NULL || !gtk_widget_get_mapped (switcher));
          g_assert_nonnull (ui_test_find_widget (GTK_WIDGET (l->data), shortcut_shows, "Return space"));
          /* The file's previous and next games, on that page too. */
          g_assert_nonnull (ui_test_find_widget (GTK_WIDGET (l->data), shortcut_shows, "<Alt>Page_Up"));
          g_assert_nonnull (ui_test_find_widget (GTK_WIDGET (l->data), shortcut_shows, "<Alt>Page_Down"));
        }
      else if (ADW_IS_ABOUT_WINDOW (l->data))
        about++;
      else
        continue;
      g_assert_nonnull (gtk_window_get_transient_for (l->data));
      gtk_window_destroy (l->data);
    }
  g_list_free (windows);
  g_assert_cmpuint (shortcuts, ==, 1);
  g_assert_cmpuint (about, ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}


typedef struct {
  const char *game;
  const char *fen;       /* NULL: the game's start */
  const char *clicks;    /* squares clicked on the board, in order */
  const char *last_san;  /* the move list's last move afterwards */
  const char *promotion; /* the chooser's piece after the last click, or NULL */
} ClickedGame;

/* Every game played in the real window by clicking its board: castling in
 * each style (king to its square, king onto its rook, a king that does not
 * move), en passant, a promotion through the chooser, and a relocation
 * phase with a refused and an accepted swap. */
static void
test_click_every_game (void)
{
  static const ClickedGame games[] = {
    { "chess", NULL, "e2 e4 a7 a6 e4 e5 d7 d5 e5 d6", "exd6", NULL },
    { "chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7 a8", "a8=Q+", "Queen" },
    { "capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1 i1", "O-O", NULL },
    { "ajax", "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1 a1 e10 j10", "O-Oi", NULL },
    { "ajax", NULL, "e2 e5 d9 d7", "d7", NULL },
    { "ajax-ministers", NULL, "d1 d3 g8 g6", "Mg6", NULL },
    { "ajax-capablanca", NULL, "b1 c3 i8 h6", "Nh6", NULL },
    { "ajax-capablanca-ministers", NULL, "d1 b3 e7 e5", "e5", NULL },
    { "prime-ministers-random", "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1", "b1 a1", "O-Ob", NULL },
    { "carrera", NULL, "c1 d3 h8 g6", "Ng6", NULL },
    { "capablanca-relocation", NULL, "f8 e8 f1 g1 f1 d1 e2 e4", "e4", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      ChancellorWindow *window = ui_test_new_window (games[i].game);
      ChancellorBoardView *board = chancellor_window_get_board_view (window);
      g_auto (GStrv) clicks = g_strsplit (games[i].clicks, " ", -1);

      if (games[i].fen)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (ChancellorGame) game = chancellor_game_new (games[i].game, games[i].fen, &error);
          g_assert_no_error (error);
          chancellor_window_set_game (window, game);
        }
      gtk_window_present (GTK_WINDOW (window));
      /* The promotion chooser pops up over a mapped board. */
      gint64 shown = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
      while ((!gtk_widget_get_mapped (GTK_WIDGET (board)) || gtk_widget_get_width (GTK_WIDGET (board)) == 0)
             && g_get_monotonic_time () < shown)
        g_main_context_iteration (NULL, FALSE);
      for (int k = 0; clicks[k]; k++)
        chancellor_board_view_click_square (board, test_square_named (chancellor_window_get_game (window), clicks[k]));

      if (games[i].promotion)
        {
          GtkWidget *chooser = chancellor_board_view_get_promotion_chooser (board);
          g_assert_nonnull (chooser);
          /* The button whose tooltip is the piece's name. */
          GtkWidget *choice = ui_test_find_button (chooser, games[i].promotion);
          g_assert_nonnull (choice);
          g_assert_true (gtk_widget_activate (choice));
          gint64 deadline = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
          while (chancellor_game_get_n_moves (chancellor_window_get_game (window)) == 0
                 && g_get_monotonic_time () < deadline)
            g_main_context_iteration (NULL, FALSE);
        }

      ChancellorGame *game = chancellor_window_get_game (window);
      guint n = chancellor_game_get_n_moves (game);
      g_assert_cmpuint (n, >, 0);
      g_autofree char *san = chancellor_game_get_san (game, n);
      g_test_message ("%s: %s", games[i].game, san);
      g_assert_cmpstr (san, ==, games[i].last_san);
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "Test", G_APPLICATION_NON_UNIQUE);

  /* First: it needs settings where no game was ever chosen. */
  g_test_add_func ("/window/first-start", test_first_start);
  g_test_add_func ("/window/start", test_start);
  g_test_add_func ("/window/flip-follows-players", test_flip_follows_players);
  g_test_add_func ("/window/start-number-subtitle", test_start_number_subtitle);
  g_test_add_func ("/window/browsing-subtitle", test_browsing_subtitle);
  g_test_add_func ("/window/browse-from-every-focus", test_browse_from_every_focus);
  g_test_add_func ("/window/moves-undo-redo", test_moves_undo_redo);
  g_test_add_func ("/window/black-first", test_black_first);
  g_test_add_func ("/window/checkmate", test_checkmate);
  g_test_add_func ("/window/check", test_check_status);
  g_test_add_func ("/window/claim-draw", test_claim_draw);
  g_test_add_func ("/window/resign-and-flip", test_resign_and_flip);
  g_test_add_func ("/window/new-game", test_new_game);
  g_test_add_func ("/window/relocation", test_relocation);
  g_test_add_func ("/window/accelerators", test_accelerators);
  g_test_add_func ("/window/dialogs", test_dialogs);
  g_test_add_func ("/window/click-every-game", test_click_every_game);

  return ui_test_run ();
}
