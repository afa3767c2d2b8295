/* test-new-game-dialog.c — the New Game chooser under a virtual X server:
 * its previews of every game, the Prime Ministers start number, the
 * players and clock handed to the window, the settings that remember
 * them, and the question before a game in progress is abandoned. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "chancellor-application.h"
#include "chancellor-catalogue.h"
#include "chancellor-enums.h"
#include "chancellor-match.h"
#include "chancellor-new-game-dialog-private.h"
#include "chancellor-variant-list.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

#define PMRC_ID "prime-ministers-random"

static ChancellorApplication *app;

static const char * const setting_keys[] = {
  "last-variant", "pmrc-number", "white-player", "black-player", "level",
  "time-control", "minutes", "increment", "seconds-per-move",
};

/* Each test starts from the schema's defaults (the memory backend keeps
 * what earlier tests stored). */
static void
reset_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);

  for (guint i = 0; i < G_N_ELEMENTS (setting_keys); i++)
    g_settings_reset (settings, setting_keys[i]);
}

/* Lets the windows map, lay out and draw a few frames. */
static void
run_frames (void)
{
  test_spin (150);
}

static ChancellorNewGameDialog *
open_dialog (ChancellorWindow *window)
{
  ChancellorNewGameDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = CHANCELLOR_NEW_GAME_DIALOG (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  run_frames ();
  return dialog;
}

/* A widget of the dialog's template by its id in the .ui file. */
static GtkWidget *
dialog_child (ChancellorNewGameDialog *dialog,
              const char              *id)
{
  GtkWidget *widget = ui_test_find_widget_by_id (GTK_WIDGET (dialog), id);

  g_assert_nonnull (widget);
  return widget;
}

/* Whether the widget shows: it and every parent are visible. */
static gboolean
shown (GtkWidget *widget)
{
  for (; widget; widget = gtk_widget_get_parent (widget))
    if (!gtk_widget_get_visible (widget))
      return FALSE;
  return TRUE;
}

/* Clicks the question's button of that label. */
static void
respond (AdwMessageDialog *question,
         const char       *label)
{
  GtkWidget *button = NULL;
  GtkWidget *widget = GTK_WIDGET (question);

  /* Walks the whole tree in document order. */
  while (widget && !button)
    {
      if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
        button = widget;
      else if (gtk_widget_get_first_child (widget))
        widget = gtk_widget_get_first_child (widget);
      else
        {
          while (widget && widget != GTK_WIDGET (question) && !gtk_widget_get_next_sibling (widget))
            widget = gtk_widget_get_parent (widget);
          widget = widget && widget != GTK_WIDGET (question) ? gtk_widget_get_next_sibling (widget) : NULL;
        }
    }
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  run_frames ();
}

static void
press_start (ChancellorNewGameDialog *dialog)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));
}

static void
store_setup (ChancellorNewGameDialog  *dialog,
             ChancellorGameSetup      *setup,
             ChancellorGameSetup     **stored)
{
  g_set_object (stored, setup);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static char *
pmrc_start_fen (int number)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new_start ("prime-ministers-random", number, &error);

  g_assert_no_error (error);
  return chancellor_game_get_start_fen (game);
}

/* Selecting each game's row: the setup names it, its preview is a
 * non-interactive board of its start without coordinates, and only its
 * own options show. */
static void
test_previews (void)
{
  ChancellorWindow *window;
  ChancellorNewGameDialog *dialog;
  ChancellorGameSetup *setup;
  GtkListBox *list;
  g_autoptr (ChancellorVariantList) variants = chancellor_variant_list_new ();
  guint n_games = g_list_model_get_n_items (G_LIST_MODEL (variants));

  reset_settings ();
  window = ui_test_new_shown_window ("ajax");
  dialog = open_dialog (window);
  setup = chancellor_new_game_dialog_get_setup (dialog);
  list = GTK_LIST_BOX (dialog_child (dialog, "games_list"));

  /* It opens on the game being played. */
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "ajax");
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list)), ==, 0);

  g_assert_cmpuint (n_games, ==, chancellor_catalogue_get_n_games ());
  for (guint i = n_games; i-- > 0;)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (variants), i);
      const char *id = chancellor_variant_info_get_id (info);
      ChancellorBoardView *preview;
      ChancellorGame *game;

      g_test_message ("%s", id);
      gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, (int) i));
      run_frames ();
      g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, id);

      preview = chancellor_new_game_dialog_get_preview (dialog, id);
      g_assert_true (CHANCELLOR_IS_BOARD_VIEW (preview));
      game = chancellor_board_view_get_game (preview);
      g_assert_nonnull (game);
      g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, id);
      g_assert_cmpint (chancellor_game_get_files (game), ==, chancellor_variant_info_get_files (info));
      g_assert_cmpint (chancellor_game_get_ranks (game), ==, chancellor_variant_info_get_ranks (info));
      g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
      g_assert_false (chancellor_board_view_get_interactive (preview));
      g_assert_false (chancellor_board_view_get_show_coordinates (preview));
      g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (preview)));
      g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (preview),
                                             GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) i))));

      /* Drawn small: 120 to 170 pixels wide, in proportion to the board. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preview)), >=, 120);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preview)), <=, 170);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preview)) * chancellor_game_get_ranks (game), ==,
                       gtk_widget_get_height (GTK_WIDGET (preview)) * chancellor_game_get_files (game)
                       + 4 * (chancellor_game_get_ranks (game) - chancellor_game_get_files (game)));

      g_assert_cmpint (shown (dialog_child (dialog, "start_number_row")), ==, g_str_equal (id, PMRC_ID));
      g_assert_cmpint (shown (dialog_child (dialog, "relocation_row")), ==,
                       g_str_equal (id, "capablanca-relocation"));
    }

  /* The relocation row says what comes first, and who. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (dialog_child (dialog, "relocation_row"))),
                            "Black and then White"));

  /* Cancel closes the window and starts nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  g_assert_null (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, "ajax");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The previews wear the board colours chosen in Preferences, and follow
 * a change made while the chooser is open. */
static void
test_preview_colours (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  ChancellorWindow *window;
  ChancellorNewGameDialog *dialog;

  reset_settings ();
  g_settings_set_string (settings, "board-theme", "blue");
  window = ui_test_new_shown_window ("chess");
  dialog = open_dialog (window);
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);

      g_assert_cmpstr (chancellor_board_view_get_board_theme (chancellor_new_game_dialog_get_preview (dialog, id)),
                       ==, "blue");
    }
  g_settings_set_string (settings, "board-theme", "grey");
  g_assert_cmpstr (chancellor_board_view_get_board_theme (chancellor_new_game_dialog_get_preview (dialog, "ajax")),
                   ==, "grey");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "board-theme");
}

/* The start number: typed in, or Random; the preview follows it and the
 * game started has that array. */
static void
test_pmrc_number (void)
{
  ChancellorWindow *window;
  ChancellorNewGameDialog *dialog;
  ChancellorGameSetup *setup;
  GtkSpinButton *spin;
  ChancellorBoardView *preview;
  g_autofree char *fen_518 = pmrc_start_fen (518);
  g_autofree char *start = NULL;
  int n_starts;

  reset_settings ();
  window = ui_test_new_shown_window ("chess");
  dialog = open_dialog (window);
  setup = chancellor_new_game_dialog_get_setup (dialog);
  g_object_set (setup, "variant-id", PMRC_ID, NULL);
  g_assert_true (shown (dialog_child (dialog, "start_number_row")));
  preview = chancellor_new_game_dialog_get_preview (dialog, PMRC_ID);

  spin = GTK_SPIN_BUTTON (dialog_child (dialog, "start_number_spin"));
  gtk_spin_button_set_value (spin, 518);
  g_assert_cmpint (chancellor_game_setup_get_start_number (setup), ==, 518);
  start = chancellor_game_get_start_fen (chancellor_board_view_get_game (preview));
  g_assert_cmpstr (start, ==, fen_518);

  /* The spin button keeps to the game's arrays, which its row counts. */
  g_assert_cmpint (chancellor_catalogue_get_start_rule (PMRC_ID, &n_starts), ==, CHANCELLOR_START_NUMBERED);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (dialog_child (dialog, "start_number_row"))),
                            "0 to"));
  gtk_spin_button_set_value (spin, n_starts + 600);
  g_assert_cmpint (chancellor_game_setup_get_start_number (setup), ==, n_starts - 1);
  gtk_spin_button_set_value (spin, -5);
  g_assert_cmpint (chancellor_game_setup_get_start_number (setup), ==, 0);

  for (int i = 0; i < 20; i++)
    {
      int before = chancellor_game_setup_get_start_number (setup);
      int after;
      g_autofree char *fen = NULL;
      g_autofree char *shown_fen = NULL;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.random-start", NULL));
      after = chancellor_game_setup_get_start_number (setup);
      g_assert_cmpint (after, !=, before);
      g_assert_cmpint (after, >=, 0);
      g_assert_cmpint (after, <, n_starts);
      g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, after);
      fen = pmrc_start_fen (after);
      shown_fen = chancellor_game_get_start_fen (chancellor_board_view_get_game (preview));
      g_assert_cmpstr (shown_fen, ==, fen);
    }

  gtk_spin_button_set_value (spin, 518);
  press_start (dialog);
  g_assert_null (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));

  g_clear_pointer (&start, g_free);
  start = chancellor_game_get_start_fen (chancellor_window_get_game (window));
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==, PMRC_ID);
  g_assert_cmpstr (start, ==, fen_518);
  g_assert_cmpint (chancellor_game_setup_get_start_number (chancellor_window_get_setup (window)), ==, 518);

  /* The next chooser remembers the number. */
  dialog = open_dialog (window);
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (chancellor_new_game_dialog_get_setup (dialog)), ==,
                   PMRC_ID);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (dialog_child (dialog, "start_number_spin"))), ==,
                   518);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));
}

/* Players, level and clock, chosen in the rows, reach the window's setup;
 * the level shows only when the computer plays. */
static void
test_players_and_clock (void)
{
  ChancellorWindow *window;
  ChancellorNewGameDialog *dialog;
  ChancellorGameSetup *setup;
  AdwComboRow *black_row, *time_control_row;
  GtkWidget *level_row;
  g_autoptr (ChancellorGameSetup) notified = NULL;

  reset_settings ();
  window = ui_test_new_shown_window ("capablanca");
  dialog = open_dialog (window);
  black_row = ADW_COMBO_ROW (dialog_child (dialog, "black_row"));
  time_control_row = ADW_COMBO_ROW (dialog_child (dialog, "time_control_row"));
  level_row = dialog_child (dialog, "level_row");

  g_assert_false (shown (level_row));
  g_assert_false (shown (dialog_child (dialog, "minutes_row")));
  g_assert_false (shown (dialog_child (dialog, "seconds_row")));

  adw_combo_row_set_selected (black_row, 1);
  g_assert_true (shown (level_row));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (dialog_child (dialog, "level_spin")), 7);

  adw_combo_row_set_selected (time_control_row, 2);
  g_assert_true (shown (dialog_child (dialog, "seconds_row")));
  g_assert_false (shown (dialog_child (dialog, "minutes_row")));
  adw_combo_row_set_selected (time_control_row, 1);
  g_assert_true (shown (dialog_child (dialog, "minutes_row")));
  g_assert_true (shown (dialog_child (dialog, "increment_row")));
  g_assert_false (shown (dialog_child (dialog, "seconds_row")));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (dialog_child (dialog, "minutes_spin")), 15);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (dialog_child (dialog, "increment_spin")), 3);

  g_signal_connect (dialog, "start", G_CALLBACK (store_setup), &notified);
  setup = chancellor_new_game_dialog_get_setup (dialog);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  press_start (dialog);

  /* The signal gave a setup of its own, which the window keeps. */
  g_assert_nonnull (notified);
  g_assert_true (notified == chancellor_window_get_setup (window));
  setup = chancellor_window_get_setup (window);
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "capablanca");
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (chancellor_game_setup_get_level (setup), ==, 7);
  g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, CHANCELLOR_TIME_CONTROL_FISCHER);
  g_assert_cmpint (chancellor_game_setup_get_minutes (setup), ==, 15);
  g_assert_cmpint (chancellor_game_setup_get_increment (setup), ==, 3);
  {
    g_autoptr (ChancellorGameSetup) property = NULL;

    g_object_get (window, "setup", &property, NULL);
    g_assert_true (property == setup);
  }

  /* Remembered: the next chooser shows them; a cancelled change is not
   * kept. */
  dialog = open_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_child (dialog, "black_row"))), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_child (dialog, "white_row"))), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (dialog_child (dialog, "level_spin"))), ==, 7);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (dialog_child (dialog, "minutes_spin"))), ==,
                   15);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (dialog_child (dialog, "level_spin")), 2);
  gtk_window_close (GTK_WINDOW (dialog));

  dialog = open_dialog (window);
  g_assert_cmpint (chancellor_game_setup_get_level (chancellor_new_game_dialog_get_setup (dialog)), ==, 7);
  {
    g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);

    g_assert_cmpint (g_settings_get_int (settings, "level"), ==, 7);
    g_assert_cmpint (g_settings_get_enum (settings, "black-player"), ==, CHANCELLOR_PLAYER_COMPUTER);
    g_assert_cmpint (g_settings_get_enum (settings, "time-control"), ==, CHANCELLOR_TIME_CONTROL_FISCHER);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game with unsaved moves is given up only when the player says so
 * (Save, Discard or Cancel); otherwise Start starts at once. */
static void
test_abandon (void)
{
  ChancellorWindow *window;
  ChancellorGame *game;
  AdwMessageDialog *question;

  reset_settings ();
  window = ui_test_new_shown_window ("chess");

  /* No moves yet: no question. */
  game = chancellor_window_get_game (window);
  press_start (open_dialog (window));
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (chancellor_window_get_game (window) != game);

  /* A move made: the question, and Cancel keeps the game. */
  game = chancellor_window_get_game (window);
  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  press_start (open_dialog (window));
  question = ADW_MESSAGE_DIALOG (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Save the Game?");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (question, "discard"), ==, ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (question), ==, "save");
  g_assert_true (chancellor_window_get_game (window) == game);
  respond (question, "_Cancel");
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (chancellor_window_get_game (window) == game);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);

  /* Discard starts the new game. */
  press_start (open_dialog (window));
  question = ADW_MESSAGE_DIALOG (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (question);
  respond (question, "_Discard");
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (chancellor_window_get_game (window) != game);
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, 0);

  /* A game that is over is asked about too while it is not saved. */
  game = chancellor_window_get_game (window);
  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  chancellor_game_resign (game, CHANCELLOR_COLOR_BLACK);
  press_start (open_dialog (window));
  question = ADW_MESSAGE_DIALOG (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (question);
  respond (question, "_Discard");
  g_assert_true (chancellor_window_get_game (window) != game);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Games not chosen in the chooser (the command line, win.start-game) are
 * played by two humans without a clock. */
static void
test_setup_without_chooser (void)
{
  ChancellorWindow *window;
  ChancellorGameSetup *setup;
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new ("carrera", NULL, &error);
  guint notified = 0;

  reset_settings ();
  window = ui_test_new_shown_window ("ajax");
  g_signal_connect (window, "notify::setup", G_CALLBACK (count_notify), &notified);

  g_assert_no_error (error);
  chancellor_window_set_game (window, game);
  g_assert_cmpuint (notified, ==, 1);
  setup = chancellor_window_get_setup (window);
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "carrera");
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, CHANCELLOR_TIME_CONTROL_NONE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.start-game", "s", "chess"));
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (chancellor_window_get_setup (window)), ==, "chess");

  /* app.new-game (Ctrl+N) opens the chooser over the window it finds. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  g_assert_nonnull (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));
  /* Asking again brings the same one forward. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_nonnull (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
window_flipped (ChancellorWindow *window)
{
  gboolean flipped;

  g_object_get (window, "flipped", &flipped, NULL);
  return flipped;
}

/* A new window's first game is the remembered choice: its game, players,
 * level and clock (a Prime Ministers array is drawn anew). */
static void
test_remembered_at_start (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  ChancellorWindow *window;
  ChancellorGameSetup *setup;
  ChancellorGame *game;

  reset_settings ();
  g_settings_set_enum (settings, "last-variant", 5);  /* carrera */
  g_settings_set_enum (settings, "black-player", CHANCELLOR_PLAYER_COMPUTER);
  g_settings_set_int (settings, "level", 3);
  g_settings_set_enum (settings, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER);
  g_settings_set_int (settings, "minutes", 7);
  g_settings_set_int (settings, "increment", 4);

  window = chancellor_window_new (app);
  setup = chancellor_window_get_setup (window);
  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "carrera");
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "carrera");
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (chancellor_game_setup_get_level (setup), ==, 3);
  g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, CHANCELLOR_TIME_CONTROL_FISCHER);
  g_assert_cmpint (chancellor_game_setup_get_minutes (setup), ==, 7);
  g_assert_cmpint (chancellor_game_setup_get_increment (setup), ==, 4);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, "Chancellor level 3");
  g_assert_cmpstr (chancellor_game_get_tag (game, "TimeControl"), ==, "420+4");
  /* The person plays White: the board is not turned. */
  g_assert_false (window_flipped (window));
  /* Read once: the setup is the window's own, and changing it changes no
   * setting. */
  g_object_set (setup, "level", 9, NULL);
  g_assert_cmpint (g_settings_get_int (settings, "level"), ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The person plays Black against the computer: the board turns to
   * face them; a new game with two people turns it back (issue 16: the
   * board follows each new game's players, not the last one's). */
  g_settings_set_enum (settings, "last-variant", 4);  /* prime-ministers-random */
  g_settings_set_enum (settings, "white-player", CHANCELLOR_PLAYER_COMPUTER);
  g_settings_set_enum (settings, "black-player", CHANCELLOR_PLAYER_HUMAN);
  window = chancellor_window_new (app);
  g_assert_cmpstr (chancellor_game_get_variant_id (chancellor_window_get_game (window)), ==,
                   "prime-ministers-random");
  g_assert_true (window_flipped (window));
  g_object_set (chancellor_window_get_setup (window), "white-player", CHANCELLOR_PLAYER_HUMAN, NULL);
  g_assert_true (chancellor_window_start_setup (window, chancellor_window_get_setup (window), NULL));
  g_assert_false (window_flipped (window));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings ();
}

/* The setup's property a key is bound to (chancellor_game_setup_bind_settings). */
static const char *
property_for_key (const char *key)
{
  return g_str_equal (key, "pmrc-number") ? "start-number" : key;
}

/* The schema's keys hold what the setup's properties hold. */
static void
test_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  g_autoptr (GTypeClass) klass = g_type_class_ref (CHANCELLOR_TYPE_GAME_SETUP);

  g_assert_nonnull (schema);
  for (guint i = 1; i < G_N_ELEMENTS (setting_keys); i++)
    {
      g_autoptr (GSettingsSchemaKey) key = g_settings_schema_get_key (schema, setting_keys[i]);
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_CLASS (klass), property_for_key (setting_keys[i]));
      g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr (GVariant) fallback = g_settings_schema_key_get_default_value (key);
      const char *kind;
      g_autoptr (GVariant) values = NULL;

      g_test_message ("%s", setting_keys[i]);
      g_assert_nonnull (pspec);
      g_variant_get (range, "(&sv)", &kind, &values);
      if (G_IS_PARAM_SPEC_INT (pspec))
        {
          GParamSpecInt *int_pspec = G_PARAM_SPEC_INT (pspec);
          int minimum, maximum;

          g_assert_cmpstr (kind, ==, "range");
          g_variant_get (values, "(ii)", &minimum, &maximum);
          g_assert_cmpint (minimum, ==, int_pspec->minimum);
          g_assert_cmpint (maximum, ==, int_pspec->maximum);
          g_assert_cmpint (g_variant_get_int32 (fallback), ==, int_pspec->default_value);
        }
      else
        {
          GParamSpecEnum *enum_pspec = G_PARAM_SPEC_ENUM (pspec);
          g_autofree const char **nicks = g_variant_get_strv (values, NULL);

          g_assert_cmpstr (kind, ==, "enum");
          g_assert_cmpuint (g_strv_length ((char **) nicks), ==, enum_pspec->enum_class->n_values);
          for (guint v = 0; nicks[v]; v++)
            g_assert_nonnull (g_enum_get_value_by_nick (enum_pspec->enum_class, nicks[v]));
          g_assert_cmpstr (g_variant_get_string (fallback, NULL), ==,
                           g_enum_get_value (enum_pspec->enum_class, enum_pspec->default_value)->value_nick);
        }
    }
}

static gboolean
game_has_moves (gpointer game)
{
  return chancellor_game_get_n_moves (game) > 0;
}

/* The name of the engine_row's item at index, or NULL past the end. */
static const char *
engine_item (AdwComboRow *row,
             guint        index)
{
  GListModel *model = adw_combo_row_get_model (row);

  if (index >= g_list_model_get_n_items (model))
    return NULL;
  return gtk_string_list_get_string (GTK_STRING_LIST (model), index);
}

/* The computer's engine: the built-in one and the engines that play the
 * game chosen, the reason when the one chosen does not, the level's
 * meaning for an engine without Skill Level; remembered with the rest. */
static void
test_engine (void)
{
  GSettings *settings = chancellor_application_get_settings (app);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "core", "engines", "fake-engine.sh", NULL);
  g_autofree char *dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_autofree char *skilled = g_build_filename (dir, "fake-illegal", NULL);
  g_autofree char *plain = g_build_filename (dir, "fake-plain", NULL);
  g_autofree char *level_subtitle = NULL;
  g_autofree char *remembered = NULL;
  const char *const added[] = { skilled, plain, NULL };
  ChancellorEngineList *engines;
  ChancellorNewGameDialog *dialog;
  ChancellorWindow *window;
  ChancellorGameSetup *setup;
  AdwComboRow *engine_row;
  GtkWidget *level_row;
  guint n_items;

  g_assert_no_errno (symlink (script, skilled));
  g_assert_no_errno (symlink (script, plain));
  reset_settings ();
  g_settings_reset (settings, "computer-engine");
  g_settings_set_strv (settings, "engines", added);
  engines = chancellor_application_get_engine_list (app);
  g_assert_true (test_run_until (test_engine_list_checked, engines, 30000));

  window = ui_test_new_shown_window ("chess");
  dialog = open_dialog (window);
  setup = chancellor_new_game_dialog_get_setup (dialog);
  engine_row = chancellor_new_game_dialog_get_engine_row (dialog);
  level_row = chancellor_new_game_dialog_get_level_row (dialog);
  level_subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (level_row)));
  g_assert_false (shown (GTK_WIDGET (engine_row)));
  adw_combo_row_set_selected (ADW_COMBO_ROW (dialog_child (dialog, "white_row")), 1);
  g_assert_true (shown (GTK_WIDGET (engine_row)));

  /* Chess: both fake engines pass its check (and Fairy-Stockfish, when
   * it is installed). */
  n_items = g_list_model_get_n_items (adw_combo_row_get_model (engine_row));
  g_assert_cmpuint (n_items, ==, g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE) ? 4 : 3);
  g_assert_cmpstr (engine_item (engine_row, 0), ==, "Chancellor (built-in)");
  g_assert_cmpstr (engine_item (engine_row, n_items - 2), ==, "Fake Engine (illegal)");
  g_assert_cmpstr (engine_item (engine_row, n_items - 1), ==, "Fake Engine (plain)");
  g_assert_cmpuint (adw_combo_row_get_selected (engine_row), ==, 0);

  /* With Skill Level the level is its strength; without, only its time. */
  adw_combo_row_set_selected (engine_row, n_items - 2);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, skilled);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (level_row)), ==, level_subtitle);
  adw_combo_row_set_selected (engine_row, n_items - 1);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, plain);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (level_row)), "no Skill Level"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (engine_row)), ==, "");

  /* Capablanca: the fake engines count its moves wrong, so they are not
   * offered; the one chosen stays chosen and the row says why. */
  g_object_set (setup, "variant-id", "capablanca", NULL);
  g_assert_cmpstr (engine_item (engine_row, 0), ==, "Chancellor (built-in)");
  for (guint i = 0; engine_item (engine_row, i); i++)
    g_assert_null (strstr (engine_item (engine_row, i), "Fake"));
  g_assert_cmpuint (adw_combo_row_get_selected (engine_row), ==, 0);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, plain);
  g_test_message ("%s", adw_action_row_get_subtitle (ADW_ACTION_ROW (engine_row)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (engine_row)), "does not play this game"));
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (ADW_ACTION_ROW (engine_row)),
                                   "The built-in engine plays it."));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (level_row)), ==, level_subtitle);

  /* Back to chess, started: the window's game gets it, and the settings
   * remember it. */
  g_object_set (setup, "variant-id", "chess", NULL);
  g_assert_cmpuint (adw_combo_row_get_selected (engine_row), ==, n_items - 1);
  press_start (dialog);
  g_assert_cmpstr (chancellor_game_setup_get_engine (chancellor_window_get_setup (window)), ==, plain);
  remembered = g_settings_get_string (settings, "computer-engine");
  g_assert_cmpstr (remembered, ==, plain);
  g_assert_true (test_run_until (game_has_moves, chancellor_window_get_game (window), 20000));
  g_assert_nonnull (chancellor_match_get_engine (chancellor_window_get_match (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "computer-engine");
  g_settings_reset (settings, "engines");
  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "Test", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/new-game-dialog/previews", test_previews);
  g_test_add_func ("/new-game-dialog/preview-colours", test_preview_colours);
  g_test_add_func ("/new-game-dialog/pmrc-number", test_pmrc_number);
  g_test_add_func ("/new-game-dialog/players-and-clock", test_players_and_clock);
  g_test_add_func ("/new-game-dialog/abandon", test_abandon);
  g_test_add_func ("/new-game-dialog/setup-without-chooser", test_setup_without_chooser);
  g_test_add_func ("/new-game-dialog/remembered-at-start", test_remembered_at_start);
  g_test_add_func ("/new-game-dialog/schema", test_schema);
  g_test_add_func ("/new-game-dialog/engine", test_engine);

  return ui_test_run ();
}
