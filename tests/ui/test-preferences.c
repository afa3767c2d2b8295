/* test-preferences.c — the Preferences, About and Rules windows under a
 * virtual X server: each preference row writes its setting and the board
 * follows it; About names the games' inventors; the Rules window shows
 * every game and a diagram for each of its pieces whose squares are the
 * ones the rules engine lets that piece move to. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "chancellor-application.h"
#include "chancellor-preferences-window-private.h"
#include "chancellor-catalogue.h"
#include "chancellor-engines-page.h"
#include "chancellor-rules-window-private.h"
#include "chancellor-variant-list.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

/* The one window of type the application has open (and closes it), or
 * NULL. */
static GtkWindow *
find_window (GType type)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      return l->data;
  return NULL;
}

static ChancellorPreferencesWindow *
open_preferences (ChancellorWindow *window)
{
  GtkWindow *preferences;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = find_window (CHANCELLOR_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  g_assert_true (gtk_window_get_transient_for (preferences) == GTK_WINDOW (window));
  return CHANCELLOR_PREFERENCES_WINDOW (preferences);
}

static void
test_preferences_rows (void)
{
  static const struct {
    const char *row;
    const char *key;
    const char *board_property;
  } switches[] = {
    { "legal_moves_switch", "show-legal-moves", "show-legal-moves" },
    { "coordinates_switch", "show-coordinates", "show-coordinates" },
    { "animate_switch", "animate-moves", "animate" },
  };
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  ChancellorPreferencesWindow *preferences = open_preferences (window);
  GSettings *settings = chancellor_preferences_window_get_settings (preferences);
  AdwComboRow *style_row = ui_test_template_child (preferences, CHANCELLOR_TYPE_PREFERENCES_WINDOW, "style_row");
  static const char *const themes[] = { "green", "blue", "grey", "brown" };

  g_assert_true (settings == chancellor_application_get_settings (app));

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    {
      GtkSwitch *row = ui_test_template_child (preferences, CHANCELLOR_TYPE_PREFERENCES_WINDOW, switches[i].row);
      gboolean shown;

      g_assert_true (gtk_switch_get_active (row));
      gtk_switch_set_active (row, FALSE);
      g_assert_false (g_settings_get_boolean (settings, switches[i].key));
      g_object_get (board, switches[i].board_property, &shown, NULL);
      g_assert_false (shown);

      /* And back, from the settings' side: the row and the board follow. */
      g_settings_set_boolean (settings, switches[i].key, TRUE);
      g_assert_true (gtk_switch_get_active (row));
      g_object_get (board, switches[i].board_property, &shown, NULL);
      g_assert_true (shown);
    }

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      g_autofree char *setting = NULL;

      gtk_toggle_button_set_active (chancellor_preferences_window_get_theme_button (preferences, themes[i]), TRUE);
      setting = g_settings_get_string (settings, "board-theme");
      g_assert_cmpstr (setting, ==, themes[i]);
      g_assert_cmpstr (chancellor_board_view_get_board_theme (board), ==, themes[i]);
      for (guint j = 0; j < G_N_ELEMENTS (themes); j++)
        g_assert_true (gtk_toggle_button_get_active (chancellor_preferences_window_get_theme_button (preferences,
                                                                                                    themes[j]))
                       == (i == j));
    }

  /* The style: the row, the setting and the style manager. */
  adw_combo_row_set_selected (style_row, 2);
  {
    g_autofree char *style = g_settings_get_string (settings, "style");
    g_assert_cmpstr (style, ==, "dark");
  }
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);
  g_settings_set_string (settings, "style", "light");
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 1);
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_reset (settings, "style");
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 0);
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_DEFAULT);

  /* A window opened later starts with the board as set. */
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  {
    ChancellorWindow *second = ui_test_new_shown_window ("chess");

    g_assert_false (chancellor_board_view_get_show_coordinates (chancellor_window_get_board_view (second)));
    g_assert_cmpstr (chancellor_board_view_get_board_theme (chancellor_window_get_board_view (second)), ==,
                     "brown");
    gtk_window_destroy (GTK_WINDOW (second));
  }
  g_settings_reset (settings, "show-coordinates");

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accelerators (void)
{
  static const char *const expected[][2] = {
    { "app.preferences", "<Control>comma" },
    { "win.rules", "F1" },
    { "app.shortcuts", "<Control>question" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ui_test_assert_accel (expected[i][0], expected[i][1]);
}

/* Whether the widget is a label or a row whose text holds text. */
static gboolean
shows_text (GtkWidget     *widget,
            gconstpointer  text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text))
    return TRUE;
  return ADW_IS_PREFERENCES_ROW (widget) && adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget))
         && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text);
}

static void
test_about (void)
{
  static const char *const credits[] = {
    "Ajax Chess by José Manuel Carrillo-Muñiz",
    "Ajax Ministers Chess by José Manuel Carrillo-Muñiz",
    "Ajax-Capablanca Chess by José Manuel Carrillo-Muñiz",
    "Prime Ministers Random Chess by José Manuel Carrillo-Muñiz",
    "Capablanca Relocation Chess by Mats Winther",
    "Capablanca Chess by José Raúl Capablanca",
    "Carrera's Chess by Pietro Carrera",
    "Chess: traditional",
    "Game Inventors",
  };
  ChancellorWindow *window = ui_test_new_shown_window ("chess");
  AdwAboutWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = ADW_ABOUT_WINDOW (find_window (ADW_TYPE_ABOUT_WINDOW));
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, APPLICATION_ID);
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_website (about), ==, "https://github.com/chancellor-chess/chancellor");
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (adw_about_window_get_developers (about)[0], ==, "The Chancellor developers");
  g_assert_nonnull (adw_about_window_get_translator_credits (about));
  for (guint i = 0; i < G_N_ELEMENTS (credits); i++)
    if (!ui_test_find_widget (GTK_WIDGET (about), shows_text, credits[i]))
      g_error ("The About window does not say “%s”", credits[i]);

  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Squares between two squares for a King. */
static int
distance (int files,
          int a,
          int b)
{
  return MAX (ABS (a % files - b % files), ABS (a / files - b / files));
}

/* Where a piece alone on the board may go, by the rules engine: the game
 * from a FEN with the piece on from and the two Kings out of its way, and
 * the legal moves the window's board would offer. */
static void
engine_targets (ChancellorGame *game,
                int             type,
                int             from,
                const ChancellorReach *reach,
                gboolean       *targets)
{
  int files = chancellor_game_get_files (game), ranks = chancellor_game_get_ranks (game);
  int squares = files * ranks, white_king = -1, black_king = -1, black_pawn = -1;
  char board[100] = { 0 };
  g_autoptr (GString) fen = g_string_new (NULL);
  g_autoptr (ChancellorGame) position = NULL;
  g_autoptr (GError) error = NULL;

  /* The Kings on squares the piece does not reach, apart from each other. */
  for (int square = 0; square < squares && white_king < 0; square++)
    if (square != from && reach[square] == CHANCELLOR_REACH_NONE && square / files != 0 && square / files != ranks - 1)
      white_king = square;
  for (int square = squares - 1; square >= 0 && black_king < 0; square--)
    if (square != from && reach[square] == CHANCELLOR_REACH_NONE
        && (ABS (square % files - white_king % files) > 1 || ABS (square / files - white_king / files) > 1))
      black_king = square;
  /* A Black Pawn far off, so that the game is not drawn at once for want
   * of material. */
  for (int square = squares - files - 1; square >= files && black_pawn < 0; square--)
    if (square != black_king && reach[square] == CHANCELLOR_REACH_NONE
        && distance (files, square, from) >= 3 && distance (files, square, white_king) >= 2)
      black_pawn = square;
  g_assert_cmpint (white_king, >=, 0);
  g_assert_cmpint (black_king, >=, 0);
  g_assert_cmpint (black_pawn, >=, 0);

  board[from] = chancellor_game_get_piece_letter (game, type);
  board[white_king] = 'K';
  board[black_king] = 'k';
  board[black_pawn] = 'p';
  if (type == 0)
    board[from] = 'K', board[white_king] = 0;
  for (int rank = ranks - 1; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < files; file++)
        {
          char letter = board[rank * files + file];

          if (!letter)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (fen, "%d", empty);
          empty = 0;
          g_string_append_c (fen, letter);
        }
      if (empty)
        g_string_append_printf (fen, "%d", empty);
      if (rank > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append (fen, " w - - 0 1");

  position = chancellor_game_new (chancellor_game_get_variant_id (game), fen->str, &error);
  g_assert_no_error (error);
  chancellor_game_get_targets (position, from, targets);
}

static void
check_diagrams (ChancellorRulesWindow *rules,
                const char            *variant_id)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new (variant_id, NULL, NULL);
  int squares = chancellor_game_get_files (game) * chancellor_game_get_ranks (game);
  g_autofree char *text = chancellor_rules_window_dup_text (rules);

  /* Board and setup before the pieces; pawns, castling, (special rules,)
   * end of the game after them. */
  g_assert_cmpint (chancellor_catalogue_get_rules_sections (variant_id, FALSE, NULL, 0), ==, 1);
  g_assert_cmpint (chancellor_catalogue_get_rules_sections (variant_id, TRUE, NULL, 0), >=, 3);
  g_assert_cmpuint (chancellor_rules_window_get_n_diagrams (rules), ==,
                    (guint) chancellor_game_get_piece_type_count (game));
  for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
    {
      ChancellorBoardView *diagram = chancellor_rules_window_get_diagram (rules, (guint) type);
      int from = chancellor_rules_window_get_diagram_square (rules, (guint) type);
      ChancellorReach reach[100];
      gboolean targets[100] = { FALSE };
      int reached = 0;

      g_assert_true (chancellor_board_view_get_game (diagram) != NULL);
      g_assert_nonnull (chancellor_catalogue_get_piece_rules (chancellor_game_get_piece_kind_id (game, type)));
      g_assert_nonnull (strstr (text, chancellor_game_get_piece_name (game, type)));
      for (int square = 0; square < squares; square++)
        {
          reach[square] = chancellor_board_view_get_diagram_reach (diagram, square);
          reached += reach[square] != CHANCELLOR_REACH_NONE;
        }
      g_assert_cmpint (reached, >, 0);

      /* On a board empty but for the Kings, the squares the piece may go
       * to are the diagram's move squares; captures need something to
       * take, and are checked for the pieces below. */
      engine_targets (game, type, from, reach, targets);
      for (int square = 0; square < squares; square++)
        {
          gboolean moves = reach[square] == CHANCELLOR_REACH_MOVE || reach[square] == CHANCELLOR_REACH_BOTH;

          if (moves != targets[square])
            g_error ("%s, %s from square %d: the diagram says %d for square %d, the engine %d", variant_id,
                     chancellor_game_get_piece_kind_id (game, type), from, reach[square], square, targets[square]);
        }
    }
}

/* The diagrams of pieces whose moves and captures differ, square by
 * square, as doc/rules.md gives them. */
static void
check_named_reach (ChancellorRulesWindow *rules,
                   const char            *variant_id,
                   const char            *kind_id,
                   const char            *expected)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new (variant_id, NULL, NULL);
  int files = chancellor_game_get_files (game);
  int squares = files * chancellor_game_get_ranks (game);
  g_autoptr (GString) shown = g_string_new (NULL);

  chancellor_rules_window_set_variant_id (rules, variant_id);
  for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
    {
      ChancellorBoardView *diagram;

      if (!g_str_equal (chancellor_game_get_piece_kind_id (game, type), kind_id))
        continue;
      diagram = chancellor_rules_window_get_diagram (rules, (guint) type);
      for (int square = 0; square < squares; square++)
        {
          static const char marks[] = { 0, 'm', 'c', 'b' };
          ChancellorReach reach = chancellor_board_view_get_diagram_reach (diagram, square);

          if (reach != CHANCELLOR_REACH_NONE)
            g_string_append_printf (shown, "%s%c%d:%c", shown->len ? " " : "", 'a' + square % files,
                                    square / files + 1, marks[reach]);
        }
    }
  g_assert_cmpstr (shown->str, ==, expected);
}

static void
assert_rules_item (ChancellorWindow *window,
                   const char       *expected)
{
  GMenuModel *section = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "rules_section");
  g_autofree char *label = NULL;
  g_autofree char *action = NULL;

  g_assert_cmpint (g_menu_model_get_n_items (section), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (label, ==, expected);
  g_assert_cmpstr (action, ==, "win.rules");
}

static void
test_rules (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("ajax");
  g_autoptr (ChancellorVariantList) games = chancellor_variant_list_new ();
  ChancellorRulesWindow *rules;
  g_autofree char *text = NULL;

  /* The main menu names the game played. */
  assert_rules_item (window, "_Rules of Ajax Chess");
  g_assert_true (chancellor_window_start_variant (window, "carrera", NULL));
  assert_rules_item (window, "_Rules of Carrera's Chess");
  g_assert_true (chancellor_window_start_variant (window, "ajax", NULL));

  /* F1's action: the rules of the game played. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rules", NULL));
  rules = CHANCELLOR_RULES_WINDOW (find_window (CHANCELLOR_TYPE_RULES_WINDOW));
  g_assert_nonnull (rules);
  g_assert_cmpstr (chancellor_rules_window_get_variant_id (rules), ==, "ajax");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (rules)), ==, "Rules of Ajax Chess");
  text = chancellor_rules_window_dup_text (rules);
  g_assert_nonnull (strstr (text, "one, two or three squares"));
  g_assert_nonnull (strstr (text, "O-Ob"));
  g_assert_nonnull (strstr (text, "Moves there, only if the square is empty"));

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (games)); i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (games), i);
      GtkDropDown *dropdown = ui_test_template_child (rules, CHANCELLOR_TYPE_RULES_WINDOW, "games_dropdown");

      /* Chosen as the player does, in the header bar. */
      gtk_drop_down_set_selected (dropdown, i);
      g_assert_cmpstr (chancellor_rules_window_get_variant_id (rules), ==, chancellor_variant_info_get_id (info));
      check_diagrams (rules, chancellor_variant_info_get_id (info));
    }

  /* The Ajax Minister on e5 of 10 × 10: K, A and D, all capturing. */
  check_named_reach (rules, "ajax", "ajax-minister",
                     "c3:b e3:b g3:b d4:b e4:b f4:b c5:b d5:b f5:b g5:b d6:b e6:b f6:b c7:b e7:b g7:b");
  /* The Prime Minister on e4 of 9 × 8: Bishop and Knight. */
  check_named_reach (rules, "prime-ministers-random", "prime-minister",
                     "b1:b h1:b c2:b d2:b f2:b g2:b c3:b d3:b f3:b g3:b c5:b d5:b f5:b g5:b c6:b d6:b f6:b g6:b "
                     "b7:b h7:b a8:b i8:b");
  /* The Ajax Bishop's orthogonal steps are move-only. */
  check_named_reach (rules, "ajax-ministers", "ajax-bishop",
                     "b1:b h1:b c2:b g2:b d3:b e3:m f3:b d4:m f4:m d5:b e5:m f5:b c6:b g6:b b7:b h7:b "
                     "a8:b i8:b");
  /* Pawns: the steps move only, the diagonals capture only; three steps
   * from the second rank in Ajax Chess. */
  check_named_reach (rules, "ajax", "pawn", "d3:c e3:m f3:c e4:m e5:m");
  check_named_reach (rules, "carrera", "pawn", "d3:c e3:m f3:c e4:m");

  gtk_window_destroy (GTK_WINDOW (rules));
  gtk_window_destroy (GTK_WINDOW (window));
}


static gboolean
row_subtitle_has (gpointer data)
{
  gpointer *args = data;
  const char *subtitle = adw_expander_row_get_subtitle (args[0]);

  return subtitle && strstr (subtitle, args[1]) != NULL;
}

/* The row titled title among the widgets under widget, or NULL. */
static AdwActionRow *
find_action_row (GtkWidget  *widget,
                 const char *title)
{
  if (ADW_IS_ACTION_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return ADW_ACTION_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwActionRow *found = find_action_row (child, title);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
settings_list_engine (gpointer data)
{
  gpointer *args = data;
  g_auto (GStrv) engines = g_settings_get_strv (args[0], "engines");

  return g_strv_contains ((const char *const *) engines, args[1]);
}

/* The Engines page: Fairy-Stockfish found by itself with the games it
 * plays, a program added after its handshake and then removed, a file
 * that is no program refused, the analysis engine bound to the settings,
 * and a failed engine checked again. */
static const char *const engine_keys[] = { "analysis-engine", "computer-engine", "hint-engine", "review-engine" };

static void
test_engines (void)
{
  ChancellorWindow *window = ui_test_new_shown_window ("capablanca");
  ChancellorPreferencesWindow *preferences = open_preferences (window);
  GSettings *settings = chancellor_preferences_window_get_settings (preferences);
  ChancellorEnginesPage *page;
  g_autofree char *fake = g_test_build_filename (G_TEST_DIST, "..", "core", "engines", "fake-engine.sh", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "test-preferences.c", NULL);
  AdwExpanderRow *row;
  AdwComboRow *analysis_row;

  page = CHANCELLOR_ENGINES_PAGE (ui_test_find_widget_of_type (GTK_WIDGET (preferences),
                                                               CHANCELLOR_TYPE_ENGINES_PAGE));
  g_assert_nonnull (page);
  if (g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      gpointer args[2];

      row = chancellor_engines_page_get_row (page, "/usr/games/fairy-stockfish");
      if (!row)
        {
          /* Found on PATH under another name first. */
          g_autofree char *on_path = g_find_program_in_path ("fairy-stockfish");

          row = chancellor_engines_page_get_row (page, on_path);
        }
      g_assert_nonnull (row);
      args[0] = row;
      args[1] = (gpointer) "plays 5 games";
      g_assert_true (test_run_until (row_subtitle_has, args, 30000));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Fairy-Stockfish 11.1 LB 64");
    }

  /* A file that is no program is refused and not kept. */
  chancellor_engines_page_add_engine (page, source);
  test_spin (300);
  g_assert_null (chancellor_engines_page_get_row (page, source));
  {
    g_auto (GStrv) engines = g_settings_get_strv (settings, "engines");

    g_assert_cmpuint (g_strv_length (engines), ==, 0);
  }

  /* A UCI program is kept once it answered. */
  {
    gpointer args[2] = { settings, fake };

    chancellor_engines_page_add_engine (page, fake);
    g_assert_true (test_run_until (settings_list_engine, args, 10000));
  }
  row = chancellor_engines_page_get_row (page, fake);
  g_assert_nonnull (row);
  {
    gpointer args[2] = { row, (gpointer) "plays 0 games" };

    g_assert_true (test_run_until (row_subtitle_has, args, 30000));
  }
  /* What the handshake told, as the application's engine list learnt it
   * (the page starts no engine of its own). */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Fake Engine (engine.sh)");
  g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, "by Chancellor tests · plays 0 games");
  {
    AdwActionRow *options = find_action_row (GTK_WIDGET (row), "Options");
    AdwActionRow *capablanca = find_action_row (GTK_WIDGET (row), "Capablanca Chess");
    ChancellorEngineList *engines = chancellor_application_get_engine_list (app);
    guint index;

    g_assert_nonnull (options);
    g_assert_cmpstr (adw_action_row_get_subtitle (options), ==, "Hash, Skill Level, UCI_Variant, Ponder, VariantPath");
    g_assert_nonnull (capablanca);
    g_assert_cmpstr (adw_action_row_get_subtitle (capablanca), !=, "Plays this game");
    g_assert_true (chancellor_engine_list_lookup (engines, fake, &index));
    g_assert_cmpint (chancellor_engine_list_get_state (engines, index), ==, CHANCELLOR_ENGINE_READY);
  }
  /* A second Preferences window shows what is known at once: the engine
   * is not started again. */
  {
    ChancellorPreferencesWindow *again;
    ChancellorEnginesPage *again_page;
    AdwExpanderRow *again_row;

    gtk_window_destroy (GTK_WINDOW (preferences));
    preferences = open_preferences (window);
    again = preferences;
    again_page = CHANCELLOR_ENGINES_PAGE (ui_test_find_widget_of_type (GTK_WIDGET (again),
                                                                       CHANCELLOR_TYPE_ENGINES_PAGE));
    again_row = chancellor_engines_page_get_row (again_page, fake);
    g_assert_nonnull (again_row);
    g_assert_cmpstr (adw_expander_row_get_subtitle (again_row), ==, "by Chancellor tests · plays 0 games");
    page = again_page;
    row = again_row;
  }

  /* Each engine row (analysis, computer player, hints, game analysis)
   * follows its settings key and back. */
  analysis_row = chancellor_engines_page_get_analysis_row (page);
  g_assert_true (chancellor_engines_page_get_engine_row (page, "analysis-engine") == analysis_row);
  for (guint i = 0; i < G_N_ELEMENTS (engine_keys); i++)
    {
      AdwComboRow *choice = chancellor_engines_page_get_engine_row (page, engine_keys[i]);
      guint last;
      g_autofree char *chosen = NULL;

      g_test_message ("%s", engine_keys[i]);
      g_assert_nonnull (choice);
      last = g_list_model_get_n_items (adw_combo_row_get_model (choice)) - 1;
      g_assert_cmpuint (adw_combo_row_get_selected (choice), ==, 0);
      g_settings_set_string (settings, engine_keys[i], fake);
      g_assert_cmpuint (adw_combo_row_get_selected (choice), ==, last);
      adw_combo_row_set_selected (choice, 0);
      chosen = g_settings_get_string (settings, engine_keys[i]);
      g_assert_cmpstr (chosen, ==, "");
      adw_combo_row_set_selected (choice, last);
      g_clear_pointer (&chosen, g_free);
      chosen = g_settings_get_string (settings, engine_keys[i]);
      g_assert_cmpstr (chosen, ==, fake);
      g_settings_reset (settings, engine_keys[i]);
    }
  g_assert_null (chancellor_engines_page_get_engine_row (page, "engines"));

  /* An engine that failed has a button that checks it again, which the
   * others do not show; once the program is there, it is checked. */
  {
    g_autofree char *dir = g_dir_make_tmp ("chancellor-engines-XXXXXX", NULL);
    g_autofree char *later = g_build_filename (dir, "later-engine", NULL);
    const char *const listed[] = { fake, later, NULL };
    AdwExpanderRow *later_row;
    GtkWidget *retry;
    gpointer args[2];

    g_settings_set_strv (settings, "engines", listed);
    later_row = chancellor_engines_page_get_row (page, later);
    g_assert_nonnull (later_row);
    args[0] = later_row;
    args[1] = (gpointer) "later-engine";
    g_assert_true (test_run_until (row_subtitle_has, args, 10000));
    retry = ui_test_find_button (GTK_WIDGET (later_row), "Check This Engine Again");
    g_assert_nonnull (retry);
    g_assert_true (gtk_widget_get_visible (retry));
    g_assert_false (gtk_widget_get_visible (ui_test_find_button (GTK_WIDGET (row), "Check This Engine Again")));
    g_assert_no_errno (symlink (fake, later));
    g_signal_emit_by_name (retry, "clicked");
    args[1] = (gpointer) "plays 0 games";
    g_assert_true (test_run_until (row_subtitle_has, args, 30000));
    g_assert_false (gtk_widget_get_visible (retry));
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (later_row)), ==, "Fake Engine (good)");
    g_settings_reset (settings, "engines");
    test_spin (50);
    g_assert_no_errno (g_unlink (later));
    g_assert_no_errno (g_rmdir (dir));
  }

  g_settings_reset (settings, "engines");
  test_spin (50);
  g_assert_null (chancellor_engines_page_get_row (page, fake));

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "Test", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/preferences/rows", test_preferences_rows);
  g_test_add_func ("/preferences/accelerators", test_accelerators);
  g_test_add_func ("/preferences/about", test_about);
  g_test_add_func ("/preferences/rules", test_rules);
  g_test_add_func ("/preferences/engines", test_engines);

  return ui_test_run ();
}
