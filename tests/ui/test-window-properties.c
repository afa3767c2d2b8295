/* test-window-properties.c — the game's PGN header under a virtual X
 * server: a game started in the window is given its date, event, players
 * and clock (the players' names chosen in Preferences or the account's,
 * the computer by its level); a game read from a file keeps its own; the
 * Game Properties window (win.game-properties) edits the header, marks the
 * game as changed and refuses a date PGN would not take. */
#include "config.h"

#include <string.h>

#include "chancellor-game-properties.h"
#include "chancellor-pgn.h"
#include "chancellor-preferences-window-private.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

#define PLAYER_NAME "Ana Tester"

static GSettings *
app_settings (void)
{
  return g_settings_new (APPLICATION_ID);
}

static char *
today (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y.%m.%d");
}

/* A new window on its first game, as the program opens one. */
static ChancellorWindow *
new_window (void)
{
  ChancellorWindow *window = chancellor_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static const char *
shown_name (ChancellorWindow *window,
            const char       *label)
{
  return gtk_label_get_label (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, label));
}

/* A game from the New Game chooser's choices: the header says who plays,
 * today's date and the clock, and PGN written from it says so too; the
 * game counts as unchanged until it is played or edited. */
static void
test_new_game_header (void)
{
  g_autoptr (GSettings) settings = app_settings ();
  ChancellorWindow *window;
  g_autoptr (ChancellorGameSetup) setup = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *date = today ();
  g_autofree char *pgn = NULL;
  g_autofree char *date_tag = NULL;
  ChancellorGame *game;

  g_settings_set_string (settings, "player-name", PLAYER_NAME);
  window = new_window ();
  setup = test_setup_new ("ajax", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_COMPUTER, 3);
  g_object_set (setup, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER, "minutes", 5, "increment", 2, NULL);
  g_assert_true (chancellor_window_start_setup (window, setup, &error));
  g_assert_no_error (error);

  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Event"), ==, "Casual game");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, date);
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, PLAYER_NAME);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, "Chancellor level 3");
  g_assert_cmpstr (chancellor_game_get_tag (game, "TimeControl"), ==, "300+2");
  g_assert_null (chancellor_game_get_tag (game, "Site"));
  g_assert_false (chancellor_document_get_modified (chancellor_window_get_document (window)));

  /* The names above the clocks. */
  g_assert_true (gtk_widget_get_visible (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "players_button")));
  g_assert_cmpstr (shown_name (window, "white_name_label"), ==, PLAYER_NAME);
  g_assert_cmpstr (shown_name (window, "black_name_label"), ==, "Chancellor level 3");

  pgn = chancellor_pgn_write (game);
  date_tag = g_strdup_printf ("[Date \"%s\"]\n", date);
  g_assert_nonnull (strstr (pgn, "[Event \"Casual game\"]\n[Site \"?\"]\n"));
  g_assert_nonnull (strstr (pgn, date_tag));
  g_assert_nonnull (strstr (pgn, "[White \"" PLAYER_NAME "\"]\n[Black \"Chancellor level 3\"]\n"));
  g_assert_nonnull (strstr (pgn, "[TimeControl \"300+2\"]\n"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "player-name");
}

/* The first window's game, and a game from the game list: two people at
 * one board, no clock; without a name chosen, the account's. */
static void
test_start_variant_header (void)
{
  g_autoptr (GSettings) settings = app_settings ();
  g_autofree char *account = chancellor_game_setup_find_human_name (NULL);
  ChancellorWindow *window = new_window ();
  ChancellorGame *first = chancellor_window_get_game (window);
  g_autoptr (GError) error = NULL;
  ChancellorGame *game;

  g_assert_cmpstr (chancellor_game_get_tag (first, "Event"), ==, "Casual game");
  g_assert_cmpstr (chancellor_game_get_tag (first, "White"), ==, account);
  g_assert_cmpstr (chancellor_game_get_tag (first, "TimeControl"), ==, "-");

  g_settings_set_string (settings, "player-name", "  " PLAYER_NAME " ");
  g_assert_true (chancellor_window_start_variant (window, "prime-ministers-random", &error));
  g_assert_no_error (error);
  game = chancellor_window_get_game (window);
  g_assert_true (game != first);
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, PLAYER_NAME);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, PLAYER_NAME);
  g_assert_cmpstr (chancellor_game_get_tag (game, "TimeControl"), ==, "-");

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "player-name");
}

static const char file_text[] =
  "[Event \"Club championship\"]\n[Site \"Lisbon\"]\n[Date \"2001.02.??\"]\n[Round \"4\"]\n"
  "[White \"Eve\"]\n[Black \"Fay\"]\n[Result \"*\"]\n[Variant \"capablanca\"]\n[Annotator \"Gil\"]\n\n"
  "1. e4 e5 *\n";

static gboolean
game_is (gpointer data)
{
  gpointer *pair = data;

  return chancellor_window_get_game (pair[0]) != pair[1];
}

/* A game read from a file keeps every tag it had, and gets none. */
static void
test_loaded_game_keeps_tags (void)
{
  ChancellorWindow *window = new_window ();
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileIOStream) stream = NULL;
  g_autoptr (GError) error = NULL;
  gpointer pair[2] = { window, chancellor_window_get_game (window) };
  g_auto (GStrv) names = NULL;
  ChancellorGame *game;

  file = g_file_new_tmp ("chancellor-properties-XXXXXX.pgn", &stream, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_replace_contents (file, file_text, strlen (file_text), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, &error));
  g_assert_no_error (error);

  chancellor_window_open_file (window, file);
  g_assert_true (test_run_until (game_is, pair, 10000));
  game = chancellor_window_get_game (window);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Event"), ==, "Club championship");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Site"), ==, "Lisbon");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2001.02.??");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Round"), ==, "4");
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, "Eve");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, "Fay");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Annotator"), ==, "Gil");
  g_assert_null (chancellor_game_get_tag (game, "TimeControl"));
  names = chancellor_game_dup_tag_names (game);
  g_assert_cmpuint (g_strv_length (names), ==, 7);
  g_assert_false (chancellor_document_get_modified (chancellor_window_get_document (window)));
  g_assert_cmpstr (shown_name (window, "white_name_label"), ==, "Eve");
  g_assert_cmpstr (shown_name (window, "black_name_label"), ==, "Fay");

  /* A game without players shows no names. */
  {
    g_autoptr (ChancellorGame) bare = chancellor_game_new ("chess", NULL, NULL);

    GtkWidget *players = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "players_button");

    chancellor_window_set_game (window, bare);
    g_assert_false (gtk_widget_get_visible (players));
  }

  g_file_delete (file, NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static ChancellorGameProperties *
open_properties (ChancellorWindow *window)
{
  GtkWindow *properties;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-properties", NULL));
  properties = ui_test_find_window_over (window, CHANCELLOR_TYPE_GAME_PROPERTIES);
  g_assert_nonnull (properties);
  g_assert_true (gtk_window_get_modal (properties));
  g_assert_true (chancellor_game_properties_get_game (CHANCELLOR_GAME_PROPERTIES (properties))
                 == chancellor_window_get_game (window));
  return CHANCELLOR_GAME_PROPERTIES (properties);
}

/* The text of the row that edits tag, and one of the window's parts. */
static const char *
row_text (ChancellorGameProperties *properties,
          const char               *tag)
{
  return gtk_editable_get_text (GTK_EDITABLE (chancellor_game_properties_get_tag_row (properties, tag)));
}

static gpointer
part (ChancellorGameProperties *properties,
      const char               *name)
{
  return ui_test_template_child (properties, CHANCELLOR_TYPE_GAME_PROPERTIES, name);
}

static void
type_into (ChancellorGameProperties *properties,
           const char               *tag,
           const char               *text)
{
  AdwEntryRow *row = chancellor_game_properties_get_tag_row (properties, tag);

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  /* Applied once the entry settles. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The window shows the header, and what is typed is the game's at once:
 * the game counts as changed, the names above the clocks follow, an
 * emptied row removes its tag, and a date PGN would not take is marked
 * and left out. */
static void
test_properties_dialog (void)
{
  ChancellorWindow *window = new_window ();
  ChancellorDocument *document = chancellor_window_get_document (window);
  g_autoptr (ChancellorGame) game = chancellor_game_new_start ("prime-ministers-random", 4321, NULL);
  ChancellorGameProperties *properties;
  AdwEntryRow *date_row;

  chancellor_game_set_tag (game, "Event", "Open");
  chancellor_game_set_tag (game, "Site", "Oslo");
  chancellor_game_set_tag (game, "Date", "2020.05.17");
  chancellor_game_set_tag (game, "White", "Eve");
  chancellor_window_set_game (window, game);
  properties = open_properties (window);

  g_assert_cmpstr (row_text (properties, "Event"), ==, "Open");
  g_assert_cmpstr (row_text (properties, "White"), ==, "Eve");
  g_assert_cmpstr (row_text (properties, "Black"), ==, "");
  g_assert_cmpstr (gtk_label_get_label (part (properties, "variant_label")), ==,
                   chancellor_game_get_variant_name (game));
  g_assert_true (gtk_widget_get_visible (part (properties, "start_row")));
  g_assert_cmpstr (gtk_label_get_label (part (properties, "start_label")), ==, "4321");
  g_assert_cmpstr (gtk_label_get_label (part (properties, "result_label")), ==, "Not finished");
  g_assert_false (chancellor_document_get_modified (document));

  type_into (properties, "Black", " Fay ");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, "Fay");
  g_assert_true (chancellor_document_get_modified (document));
  g_assert_cmpstr (shown_name (window, "black_name_label"), ==, "Fay");

  type_into (properties, "Site", "");
  g_assert_null (chancellor_game_get_tag (game, "Site"));
  type_into (properties, "Round", "3.1");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Round"), ==, "3.1");

  date_row = chancellor_game_properties_get_tag_row (properties, "Date");
  type_into (properties, "Date", "17.05.2020");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (date_row), "error"));
  g_assert_true (gtk_widget_get_visible (part (properties, "date_problem_row")));
  g_assert_cmpstr (gtk_label_get_label (part (properties, "date_problem_label")), ==,
                   "Write the date as year.month.day, like 2026.11.22, with ?? for a part not known.");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2020.05.17");
  type_into (properties, "Date", "2020.17.05");
  g_assert_cmpstr (gtk_label_get_label (part (properties, "date_problem_label")), ==,
                   "There is no month 17: the month is 01 to 12, or ?? when not known.");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2020.05.17");
  type_into (properties, "Date", "2021.??.??");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (date_row), "error"));
  g_assert_false (gtk_widget_get_visible (part (properties, "date_problem_row")));
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2021.??.??");
  type_into (properties, "Date", "????.??.??");
  g_assert_null (chancellor_game_get_tag (game, "Date"));

  /* The written game says what was typed. */
  {
    g_autofree char *pgn = chancellor_pgn_write (game);

    g_assert_nonnull (strstr (pgn, "[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3.1\"]\n"
                                   "[White \"Eve\"]\n[Black \"Fay\"]\n"));
  }

  /* The game ending while the window is open shows in it. */
  chancellor_game_resign (game, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpstr (gtk_label_get_label (part (properties, "result_label")), ==, "0-1");
  g_assert_cmpstr (adw_action_row_get_subtitle (part (properties, "result_row")), ==, "Black wins: White resigned.");

  /* Typed just before the window closes, it counts; a date shown as
   * wrong is kept as typed rather than lost. */
  gtk_editable_set_text (GTK_EDITABLE (chancellor_game_properties_get_tag_row (properties, "Event")), "Open B");
  type_into (properties, "Date", "2021.11.32");
  g_assert_cmpstr (gtk_label_get_label (part (properties, "date_problem_label")), ==,
                   "There is no day 32: the day is 01 to 31, or ?? when not known.");
  g_assert_null (chancellor_game_get_tag (game, "Date"));
  gtk_window_destroy (GTK_WINDOW (properties));
  g_assert_cmpstr (chancellor_game_get_tag (game, "Event"), ==, "Open B");
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2021.11.32");

  /* Not a PMRC game: no start number. */
  g_assert_true (chancellor_window_start_variant (window, "chess", NULL));
  properties = open_properties (window);
  g_assert_false (gtk_widget_get_visible (part (properties, "start_row")));
  gtk_window_destroy (GTK_WINDOW (properties));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file's date that PGN would not take is marked when the window opens. */
static void
test_properties_bad_file_date (void)
{
  ChancellorWindow *window = new_window ();
  g_autoptr (ChancellorGame) game = chancellor_game_new ("chess", NULL, NULL);
  ChancellorGameProperties *properties;

  chancellor_game_set_tag (game, "Date", "yesterday");
  chancellor_window_set_game (window, game);
  properties = open_properties (window);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (chancellor_game_properties_get_tag_row (properties, "Date")),
                                           "error"));
  g_assert_cmpstr (row_text (properties, "Date"), ==, "yesterday");
  g_assert_true (gtk_widget_get_visible (part (properties, "date_problem_row")));
  /* Shown, not touched: the file's date stays as it was. */
  gtk_window_destroy (GTK_WINDOW (properties));
  g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "yesterday");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_date_validation (void)
{
  static const struct {
    const char *date;
    gboolean valid;
  } cases[] = {
    { "2026.11.22", TRUE }, { "2026.??.??", TRUE }, { "????.??.??", TRUE }, { "????.03.??", TRUE },
    { "1851.12.31", TRUE }, { "2026.01.01", TRUE },
    { "2026.13.01", FALSE }, { "2026.00.10", FALSE }, { "2026.12.32", FALSE }, { "2026.12.00", FALSE },
    { "26.11.22", FALSE }, { "2026-11-22", FALSE }, { "2026.1.22", FALSE }, { "2026.11.22.", FALSE },
    { "2026.?1.22", FALSE }, { "20?6.11.22", FALSE }, { "", FALSE }, { "abcd.ef.gh", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].date);
      g_assert_cmpint (chancellor_game_properties_date_is_valid (cases[i].date), ==, cases[i].valid);
    }
}

/* Ctrl+I; and the Preferences' "Your name" row is the player-name key. */
static void
test_accelerator_and_preference (void)
{
  g_autoptr (GSettings) settings = app_settings ();
  ChancellorWindow *window = new_window ();
  ChancellorPreferencesWindow *preferences;
  AdwEntryRow *row;

  ui_test_assert_accel ("win.game-properties", "<Control>i");

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = CHANCELLOR_PREFERENCES_WINDOW (ui_test_find_window_over (window, CHANCELLOR_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (preferences);
  row = ui_test_template_child (preferences, CHANCELLOR_TYPE_PREFERENCES_WINDOW, "player_name_row");
  gtk_editable_set_text (GTK_EDITABLE (row), "Hal");
  {
    g_autofree char *name = g_settings_get_string (settings, "player-name");

    g_assert_cmpstr (name, ==, "Hal");
  }
  gtk_window_destroy (GTK_WINDOW (preferences));

  /* The next game started goes by it. */
  g_assert_true (chancellor_window_start_variant (window, "carrera", NULL));
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Hal");
  g_settings_reset (settings, "player-name");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "TestProperties", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/window-properties/new-game-header", test_new_game_header);
  g_test_add_func ("/window-properties/start-variant-header", test_start_variant_header);
  g_test_add_func ("/window-properties/loaded-game-keeps-tags", test_loaded_game_keeps_tags);
  g_test_add_func ("/window-properties/dialog", test_properties_dialog);
  g_test_add_func ("/window-properties/bad-file-date", test_properties_bad_file_date);
  g_test_add_func ("/window-properties/date-validation", test_date_validation);
  g_test_add_func ("/window-properties/accelerator-and-preference", test_accelerator_and_preference);

  return ui_test_run ();
}
