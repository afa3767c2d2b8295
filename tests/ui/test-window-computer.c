/* test-window-computer.c — the computer in the main window, under a virtual
 * X server: it replies within its time while the main loop runs on, it
 * plays itself, takes back in pairs, hints, analyses and keeps the clocks. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chancellor-analysis-view-private.h"
#include "chancellor-application.h"
#include "chancellor-enums.h"
#include "chancellor-marks.h"
#include "chancellor-new-game-dialog.h"
#include "chancellor-pgn.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

static ChancellorWindow *
new_window (ChancellorGameSetup *setup)
{
  ChancellorWindow *window = chancellor_window_new (app);
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_window_start_setup (window, setup, &error));
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static gboolean
computer_replied (gpointer window)
{
  return chancellor_game_get_n_moves (chancellor_window_get_game (window)) >= 2;
}

/* Level 10 against a person: the reply comes within its 2 s (plus the
 * pause after a person's move), the board waits meanwhile, and a 16 ms
 * timeout keeps its beat all along. */
static void
test_human_vs_computer (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("capablanca", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_COMPUTER, 10);
  ChancellorWindow *window = new_window (setup);
  ChancellorMatch *match = chancellor_window_get_match (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  guint budget_ms = 2000 + chancellor_match_get_move_delay (match) / 2;
  TestTicker ticker = { 0 };
  gint64 start, elapsed;
  guint tick_id;

  test_spin (200);
  g_assert_true (chancellor_board_view_get_interactive (board));
  g_assert_false (chancellor_match_get_computer_turn (match));

  tick_id = test_ticker_start (&ticker);
  start = g_get_monotonic_time ();
  ui_test_click_move (window, "e2", "e4");
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, 1);
  g_assert_true (chancellor_match_get_thinking (match));
  g_assert_false (chancellor_board_view_get_interactive (board));
  g_assert_true (test_run_until (computer_replied, window, budget_ms + 1000));
  elapsed = g_get_monotonic_time () - start;
  g_source_remove (tick_id);

  g_test_message ("reply after %" G_GINT64_FORMAT " ms (budget %u ms); %u ticks, the latest %.1f ms late",
                  elapsed / 1000, budget_ms, ticker.ticks, ticker.worst / 1000.0);
  /* The budget with room for a loaded machine: a search that ignored its
   * time would take far longer. */
  g_assert_cmpint (elapsed, <=, (gint64) (budget_ms + 1000) * 1000);
  g_assert_true (test_ticker_kept_pace (&ticker));
  g_assert_true (chancellor_board_view_get_interactive (board));
  g_assert_false (chancellor_match_get_thinking (match));

  /* Undo takes back the reply and the move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, 0);
  g_assert_false (chancellor_match_get_thinking (match));
  g_assert_true (chancellor_board_view_get_interactive (board));

  /* Closing the window while the computer thinks stops it. */
  {
    g_autoptr (ChancellorGame) game = g_object_ref (chancellor_window_get_game (window));

    ui_test_click_move (window, "d2", "d4");
    g_assert_true (chancellor_match_get_thinking (match));
    gtk_window_destroy (GTK_WINDOW (window));
    test_spin (2500);
    g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);
  }
}

/* Against the computer the person resigns, even while the computer thinks. */
static void
test_resign (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_COMPUTER,
                                                          CHANCELLOR_PLAYER_HUMAN, 10);
  ChancellorWindow *window = new_window (setup);
  ChancellorMatch *match = chancellor_window_get_match (window);
  ChancellorGame *game = chancellor_window_get_game (window);

  g_assert_true (chancellor_match_get_thinking (match));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL));
  g_assert_cmpint (chancellor_game_get_result (game), ==, CHANCELLOR_RESULT_WHITE_WINS);
  g_assert_false (chancellor_match_get_thinking (match));
  test_spin (300);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
ten_plies (gpointer window)
{
  ChancellorGame *game = chancellor_window_get_game (window);

  return chancellor_game_get_n_moves (game) >= 10 || chancellor_game_get_phase (game) == CHANCELLOR_PHASE_OVER;
}

/* Computer against computer plays on by itself, every move through the
 * window (move list rows), until paused. */
static void
test_computer_vs_computer (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_COMPUTER,
                                                          CHANCELLOR_PLAYER_COMPUTER, 3);
  ChancellorWindow *window = new_window (setup);
  ChancellorMatch *match = chancellor_window_get_match (window);
  guint n;

  chancellor_match_set_move_delay (match, 100);
  g_assert_false (chancellor_board_view_get_interactive (chancellor_window_get_board_view (window)));
  g_assert_true (test_run_until (ten_plies, window, 60 * 1000));
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), >=, 10);
  g_assert_cmpuint (chancellor_move_list_get_n_rows (chancellor_window_get_move_list (window)), >=, 5);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (chancellor_match_get_paused (match));
  n = chancellor_game_get_n_moves (chancellor_window_get_game (window));
  test_spin (500);
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, n);
  /* A click on the paused board says why nothing happens. */
  chancellor_board_view_click_square (chancellor_window_get_board_view (window),
                                      test_square_named (chancellor_window_get_game (window), "e1"));
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "The game is paused: press P to resume.");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_false (chancellor_match_get_paused (match));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
hint_shown (gpointer window)
{
  int from, to;

  chancellor_board_view_get_hint (chancellor_window_get_board_view (window), &from, &to);
  return from >= 0 && to >= 0;
}

/* Hint marks the computer's move on the board until the position changes. */
static void
test_hint (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_HUMAN, 5);
  ChancellorWindow *window = new_window (setup);
  ChancellorGame *game = chancellor_window_get_game (window);
  int from, to;

  g_assert_true (chancellor_game_play_text (game, "e4", NULL));
  g_assert_true (chancellor_game_play_text (game, "e5", NULL));
  g_assert_true (chancellor_game_play_text (game, "Bc4", NULL));
  g_assert_true (chancellor_game_play_text (game, "Nc6", NULL));
  g_assert_true (chancellor_game_play_text (game, "Qh5", NULL));
  g_assert_true (chancellor_game_play_text (game, "Nf6", NULL));
  test_spin (100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (test_run_until (hint_shown, window, 3000));
  chancellor_board_view_get_hint (chancellor_window_get_board_view (window), &from, &to);
  /* Scholar's mate. */
  g_assert_cmpint (from, ==, test_square_named (game, "h5"));
  g_assert_cmpint (to, ==, test_square_named (game, "f7"));
  /* And said in words. */
  g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Hint: Qxf7#");
  /* Drawn as an arrow by the board, not kept among the move's marks. */
  {
    g_autoptr (GArray) marks = chancellor_marks_get (game, 6);

    g_assert_cmpuint (marks->len, ==, 0);
  }
  /* Browsing away takes it off; ask again at the last move. */
  chancellor_board_view_set_ply (chancellor_window_get_board_view (window), 5);
  g_assert_false (hint_shown (window));
  chancellor_board_view_set_ply (chancellor_window_get_board_view (window), 6);
  test_spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (test_run_until (hint_shown, window, 3000));

  g_assert_true (chancellor_game_play_text (game, "Qxf7", NULL));
  g_assert_false (hint_shown (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chancellor_window_get_analysis_view (window))));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
analysis_shown (gpointer window)
{
  const char *score = chancellor_analysis_view_get_score_text (chancellor_window_get_analysis_view (window));

  return g_strcmp0 (score, "…") != 0;
}

/* Analysis: the bar and the score of the position shown, also an old one
 * from the move list, and the result on a mate. */
static void
test_analysis (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_HUMAN, 5);
  ChancellorWindow *window = new_window (setup);
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorAnalysisView *view = chancellor_window_get_analysis_view (window);
  ChancellorComputer *computer = chancellor_match_get_computer (chancellor_window_get_match (window));
  gboolean analysing;

  g_assert_true (chancellor_game_play_text (game, "f3", NULL));
  g_assert_true (chancellor_game_play_text (game, "e5", NULL));
  g_assert_true (chancellor_game_play_text (game, "g4", NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  g_object_get (window, "analysing", &analysing, NULL);
  g_assert_true (analysing);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (chancellor_window_get_eval_bar (window))));
  g_assert_true (test_run_until (analysis_shown, window, 3000));
  test_spin (300);
  /* Black mates at once. */
  g_assert_cmpstr (chancellor_analysis_view_get_score_text (view), ==, "-#1");
  g_assert_cmpstr (chancellor_analysis_view_get_line_text (view), ==, "2… Qh4#");
  g_assert_cmpfloat (chancellor_eval_bar_get_fraction (chancellor_window_get_eval_bar (window)), ==, 0.0);

  /* An old position from the move list. */
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 0);
  g_assert_false (analysis_shown (window));
  g_assert_true (test_run_until (analysis_shown, window, 3000));
  g_assert_true (g_str_has_prefix (chancellor_analysis_view_get_line_text (view), "1. "));
  g_assert_cmpfloat (chancellor_eval_bar_get_fraction (chancellor_window_get_eval_bar (window)), >, 0.3);
  g_assert_cmpfloat (chancellor_eval_bar_get_fraction (chancellor_window_get_eval_bar (window)), <, 0.7);

  /* The mate played: the result instead of a search. */
  chancellor_move_list_set_ply (chancellor_window_get_move_list (window), 3);
  g_assert_true (chancellor_game_play_text (game, "Qh4", NULL));
  test_spin (300);
  g_assert_cmpstr (chancellor_analysis_view_get_score_text (view), ==, "0-1");
  g_assert_false (chancellor_computer_get_analysing (computer));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chancellor_window_get_eval_bar (window))));
  g_assert_false (chancellor_computer_get_analysing (computer));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
three_rows_shown (gpointer window)
{
  ChancellorAnalysisView *view = chancellor_window_get_analysis_view (window);
  const char *third = chancellor_analysis_view_get_row_text (view, 2);

  return third && g_strcmp0 (third, " ") != 0;
}

static gboolean
line_has_too_old (gpointer window)
{
  const char *line = chancellor_analysis_view_get_line_text (chancellor_window_get_analysis_view (window));

  return line && strstr (line, "too old") != NULL;
}

/* Analysis by Fairy-Stockfish, chosen in the settings: three lines, each
 * with its score, in three rows and no more; a game it does not play is
 * said in the panel, and the built-in engine analyses nothing meanwhile. */
static void
test_external_analysis (void)
{
  GSettings *settings = chancellor_application_get_settings (app);
  g_autoptr (ChancellorGameSetup) setup = NULL;
  g_autoptr (ChancellorGameSetup) ajax_setup = NULL;
  ChancellorWindow *window;
  ChancellorAnalysisView *view;
  ChancellorComputer *computer;

  if (!g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("/usr/games/fairy-stockfish is not installed");
      return;
    }
  g_settings_set_string (settings, "analysis-engine", "/usr/games/fairy-stockfish");
  g_settings_set_int (settings, "analysis-lines", 3);
  setup = test_setup_new ("capablanca", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5);
  window = new_window (setup);
  view = chancellor_window_get_analysis_view (window);
  computer = chancellor_match_get_computer (chancellor_window_get_match (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  g_assert_true (test_run_until (three_rows_shown, window, 30000));
  g_assert_false (chancellor_computer_get_analysing (computer));
  for (guint i = 0; i < 3; i++)
    {
      const char *row = chancellor_analysis_view_get_row_text (view, i);

      g_test_message ("line %u: %s", i + 1, row);
      g_assert_nonnull (strstr (row, "  1. "));
      g_assert_null (strstr (row, "illegal"));
    }
  g_assert_null (chancellor_analysis_view_get_row_text (view, 3));
  gtk_window_destroy (GTK_WINDOW (window));

  ajax_setup = test_setup_new ("ajax", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5);
  window = new_window (ajax_setup);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  g_assert_true (test_run_until (line_has_too_old, window, 30000));
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "analysis-engine");
  g_settings_reset (settings, "analysis-lines");
}

static int
view_height (ChancellorAnalysisView *view)
{
  int height;

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, -1, NULL, &height, NULL, NULL);
  return height;
}

static gboolean
is_label_showing (GtkWidget     *widget,
                  gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget)) == text;
}

static gboolean
popover_placed (gpointer popover)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (popover));

  return gtk_widget_get_mapped (popover) && surface && gdk_surface_get_width (surface) > 1;
}

/* The popover of a line's move, once on screen, covers none of the
 * n_rows rows of lines (in the window's surface's coordinates). */
static void
assert_popover_leaves_rows (ChancellorWindow       *window,
                            ChancellorAnalysisView *view,
                            guint                   n_rows)
{
  GtkPopover *popover = chancellor_analysis_view_get_preview_popover (view);
  GdkSurface *surface;
  graphene_rect_t shown;
  double dx, dy;
  int width;

  g_assert_true (test_run_until (popover_placed, popover, 5000));
  test_spin (100);
  /* What the popover shows (its surface has a margin for the shadow). */
  surface = gtk_native_get_surface (GTK_NATIVE (popover));
  g_assert_true (gtk_widget_compute_bounds (gtk_popover_get_child (popover), GTK_WIDGET (popover), &shown));
  gtk_native_get_surface_transform (GTK_NATIVE (popover), &dx, &dy);
  shown.origin.x += dx + gdk_popup_get_position_x (GDK_POPUP (surface));
  shown.origin.y += dy + gdk_popup_get_position_y (GDK_POPUP (surface));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &dx, &dy);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  g_test_message ("window %d px wide: popover at %.0f,%.0f, %.0f × %.0f", width, shown.origin.x, shown.origin.y,
                  shown.size.width, shown.size.height);
  for (guint i = 0; i < n_rows; i++)
    {
      /* The row's label, by the text it holds now (no main loop runs
       * between the two). */
      GtkWidget *row = ui_test_find_widget (GTK_WIDGET (view), is_label_showing,
                                            chancellor_analysis_view_get_row_text (view, i));
      graphene_rect_t bounds;

      g_assert_nonnull (row);
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &bounds));
      bounds.origin.x += dx;
      bounds.origin.y += dy;
      g_test_message ("row %u at %.0f,%.0f, %.0f × %.0f", i, bounds.origin.x, bounds.origin.y, bounds.size.width,
                      bounds.size.height);
      g_assert_false (graphene_rect_intersection (&shown, &bounds, NULL));
    }
}

static gboolean
window_has_width (gpointer window)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  /* The default size counts the frame drawn around the window. */
  return gtk_widget_get_mapped (window) && ABS (gtk_widget_get_width (window) - width) <= 24;
}

static gboolean
first_move_shown (gpointer view)
{
  return chancellor_analysis_view_activate_move (view, 0, 0);
}

/* The position after a line's move shows beside the panel in a wide
 * window (over the board) and above it in a narrow one (the panel under
 * the board): never over the lines. */
static void
test_line_preview_placement (void)
{
  static const int sizes[][2] = { { 1400, 900 }, { 360, 720 } };
  GSettings *settings = chancellor_application_get_settings (app);

  g_settings_set_int (settings, "analysis-lines", 3);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (ChancellorGameSetup) setup = test_setup_new ("ajax", CHANCELLOR_PLAYER_HUMAN,
                                                              CHANCELLOR_PLAYER_HUMAN, 5);
      ChancellorWindow *window = chancellor_window_new (app);
      ChancellorAnalysisView *view = chancellor_window_get_analysis_view (window);

      g_assert_true (chancellor_window_start_setup (window, setup, NULL));
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (test_run_until (window_has_width, window, 5000));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
      g_assert_true (test_run_until (three_rows_shown, window, 30000));
      /* The first move of the best line (the lines may still be one move
       * long early on a loaded machine). */
      g_assert_true (test_run_until (first_move_shown, view, 30000));
      assert_popover_leaves_rows (window, view, 3);
      if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
        test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));
      gtk_popover_popdown (chancellor_analysis_view_get_preview_popover (view));
      test_spin (50);
      gtk_window_destroy (GTK_WINDOW (window));
      test_spin (50);
    }
  g_settings_reset (settings, "analysis-lines");
}

/* The built-in engine in three lines on two threads: three rows, each
 * with its score and a first move of its own, no fourth; the panel is as
 * high while it waits as with the lines, so the move list does not jump;
 * clicking a move of a line shows the position after it. */
static void
test_builtin_analysis_lines (void)
{
  GSettings *settings = chancellor_application_get_settings (app);
  g_autoptr (ChancellorGameSetup) setup = NULL;
  g_autoptr (GPtrArray) firsts = g_ptr_array_new_with_free_func (g_free);
  ChancellorWindow *window;
  ChancellorAnalysisView *view;
  int waiting_height;

  g_settings_set_int (settings, "analysis-lines", 3);
  g_settings_set_int (settings, "analysis-threads", 2);
  setup = test_setup_new ("capablanca", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5);
  window = new_window (setup);
  view = chancellor_window_get_analysis_view (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  waiting_height = view_height (view);
  g_assert_cmpstr (chancellor_analysis_view_get_row_text (view, 0), ==, "Analysing…");
  g_assert_true (test_run_until (three_rows_shown, window, 30000));
  g_assert_true (chancellor_computer_get_analysing (chancellor_match_get_computer (chancellor_window_get_match (window))));
  for (guint i = 0; i < 3; i++)
    {
      const char *row = chancellor_analysis_view_get_row_text (view, i);
      const char *line = strstr (row, "  1. ");
      g_auto (GStrv) moves = NULL;

      g_test_message ("line %u: %s", i + 1, row);
      g_assert_nonnull (line);
      moves = g_strsplit (line + strlen ("  1. "), " ", 2);
      for (guint j = 0; j < firsts->len; j++)
        g_assert_cmpstr (g_ptr_array_index (firsts, j), !=, moves[0]);
      g_ptr_array_add (firsts, g_strdup (moves[0]));
    }
  g_assert_null (chancellor_analysis_view_get_row_text (view, 3));
  g_assert_cmpint (view_height (view), ==, waiting_height);

  /* A click on the second line's last move (of its first two) shows the
   * position after it: the same as playing the row's moves in SAN. */
  {
    g_auto (GStrv) words = NULL;
    g_autoptr (ChancellorGame) expected = chancellor_game_new ("capablanca", NULL, NULL);
    g_autofree char *row = NULL;
    ChancellorGame *shown;
    g_autofree char *shown_fen = NULL;
    g_autofree char *expected_fen = NULL;
    guint moves = 0;

    /* No main loop runs between reading the row and the click, so the
     * lines cannot change in between. */
    row = g_strdup (chancellor_analysis_view_get_row_text (view, 1));
    g_assert_null (chancellor_analysis_view_get_preview_game (view));
    /* "+0.10  1. Ci3 Ci6 2. …": the moves are the words without a dot. */
    words = g_strsplit (strstr (row, "  1. ") + strlen ("  1. "), " ", -1);
    for (guint i = 0; words[i] && moves < 2; i++)
      if (!g_str_has_suffix (words[i], "."))
        {
          g_assert_true (chancellor_game_play_text (expected, words[i], NULL));
          moves++;
        }
    g_test_message ("clicking move %u of: %s", moves, row);
    g_assert_true (chancellor_analysis_view_activate_move (view, 1, moves - 1));
    shown = chancellor_analysis_view_get_preview_game (view);
    g_assert_nonnull (shown);
    g_assert_cmpuint (chancellor_game_get_n_moves (shown), ==, moves);
    shown_fen = chancellor_game_get_fen (shown, moves);
    expected_fen = chancellor_game_get_fen (expected, moves);
    g_assert_cmpstr (shown_fen, ==, expected_fen);
    if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
      test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));
    /* No such move: nothing shown. */
    g_assert_false (chancellor_analysis_view_activate_move (view, 1, 99));
  }
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "analysis-lines");
  g_settings_reset (settings, "analysis-threads");
}

static gboolean
one_move_played (gpointer game)
{
  return chancellor_game_get_n_moves (game) >= 1;
}

/* An external computer player chosen in the settings: a move the rules
 * refuse pauses the game with a toast naming the engine and the move, and
 * never reaches the board; a game the engine does not play is played by
 * the built-in engine, and a toast says why. */
static void
test_external_player (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "core", "engines", "fake-engine.sh", NULL);
  g_autofree char *dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_autofree char *link = g_build_filename (dir, "fake-illegal", NULL);
  g_autoptr (ChancellorGameSetup) chess_setup = NULL;
  g_autoptr (ChancellorGameSetup) capablanca_setup = NULL;
  ChancellorWindow *window;
  ChancellorMatch *match;
  gpointer args[2];

  g_assert_no_errno (symlink (script, link));

  chess_setup = test_setup_new ("chess", CHANCELLOR_PLAYER_COMPUTER, CHANCELLOR_PLAYER_HUMAN, 1);
  g_object_set (chess_setup, "engine", link, NULL);
  window = new_window (chess_setup);
  match = chancellor_window_get_match (window);
  args[0] = window;
  args[1] = (gpointer) "played e2e5, which is not a legal move here";
  g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
  g_assert_true (g_str_has_suffix (chancellor_window_get_last_toast (window), "The game is paused."));
  g_assert_true (chancellor_match_get_paused (match));
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (window)), ==, 0);
  /* The header names the engine that played White, with its level (it
   * has a Skill Level); the fresh game is still not modified. */
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==,
                   "Fake Engine (illegal) level 1");
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "Black"), !=,
                   "Fake Engine (illegal) level 1");
  g_assert_false (chancellor_document_get_modified (chancellor_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));

  capablanca_setup = test_setup_new ("capablanca", CHANCELLOR_PLAYER_COMPUTER, CHANCELLOR_PLAYER_HUMAN, 1);
  g_object_set (capablanca_setup, "engine", link, NULL);
  window = new_window (capablanca_setup);
  args[0] = window;
  args[1] = (gpointer) "The built-in engine plays instead.";
  g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
  g_assert_true (test_run_until (one_move_played, chancellor_window_get_game (window), 20000));
  /* The built-in engine played: the header says so. */
  g_assert_cmpstr (chancellor_game_get_tag (chancellor_window_get_game (window), "White"), ==, "Chancellor level 1");
  gtk_window_destroy (GTK_WINDOW (window));

  test_remove_tree (dir);
}

typedef struct {
  gboolean done;
  char *move;
} Thought;

static void
person_thought (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Thought *thought = data;
  g_autoptr (GError) error = NULL;

  thought->move = chancellor_computer_think_finish (CHANCELLOR_COMPUTER (source), result, NULL, NULL, &error);
  g_assert_no_error (error);
  thought->done = TRUE;
}

static gboolean
engine_replied_or_stopped (gpointer data)
{
  gpointer *args = data;
  ChancellorGame *game = args[0];

  return chancellor_game_get_n_moves (game) > GPOINTER_TO_UINT (args[1])
         || chancellor_game_get_phase (game) == CHANCELLOR_PHASE_OVER
         || chancellor_match_get_paused (args[2]);
}

/* A whole game of Capablanca against Fairy-Stockfish, chosen in the
 * setup as New Game chooses it: it plays Black at level 3 through the
 * match (each of its moves checked by our rules), the person's moves are
 * the built-in engine's at level 1, until the game ends. */
static void
test_fairy_stockfish_game (void)
{
  g_autoptr (ChancellorGameSetup) setup = NULL;
  g_autoptr (ChancellorComputer) person = NULL;
  g_autofree char *result = NULL;
  ChancellorThinkLimits limits;
  ChancellorWindow *window;
  ChancellorMatch *match;
  ChancellorGame *game;
  guint engine_moves = 0;

  if (!g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("/usr/games/fairy-stockfish is not installed");
      return;
    }
  setup = test_setup_new ("capablanca", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_COMPUTER, 3);
  g_object_set (setup, "engine", "/usr/games/fairy-stockfish", NULL);
  window = new_window (setup);
  match = chancellor_window_get_match (window);
  game = chancellor_window_get_game (window);
  chancellor_match_set_move_delay (match, 0);
  person = chancellor_computer_new ();
  chancellor_think_limits_init (&limits, 1);

  while (chancellor_game_get_phase (game) != CHANCELLOR_PHASE_OVER && chancellor_game_get_n_moves (game) < 600)
    {
      guint n_moves = chancellor_game_get_n_moves (game);
      Thought thought = { 0 };
      gpointer args[3] = { game, GUINT_TO_POINTER (n_moves), match };

      if (chancellor_game_get_side_to_move (game, n_moves) == CHANCELLOR_COLOR_WHITE)
        {
          chancellor_computer_think_async (person, game, &limits, NULL, person_thought, &thought);
          test_wait_for_flag (&thought.done, 20000);
          g_assert_true (chancellor_game_play_text (game, thought.move, NULL));
          g_free (thought.move);
          continue;
        }
      g_assert_true (test_run_until (engine_replied_or_stopped, args, 20000));
      g_assert_false (chancellor_match_get_paused (match));
      if (chancellor_game_get_n_moves (game) > n_moves)
        {
          /* The external engine played it, not the built-in one. */
          g_assert_nonnull (chancellor_match_get_engine (match));
          engine_moves++;
        }
    }
  result = chancellor_game_describe_result (game);
  g_test_message ("%u moves (%u by Fairy-Stockfish): %s %s", chancellor_game_get_n_moves (game), engine_moves,
                  chancellor_game_get_result_string (game), result);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpuint (engine_moves, >=, chancellor_game_get_n_moves (game) / 2);
  g_assert_cmpstr (chancellor_uci_engine_get_path (chancellor_match_get_engine (match)), ==,
                   "/usr/games/fairy-stockfish");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Hints by the engine chosen for them: Fairy-Stockfish finds the mate;
 * in a game it does not play, a toast says why and the built-in engine
 * gives the hint; a fake engine's illegal move never reaches the board. */
static void
test_external_hint (void)
{
  GSettings *settings = chancellor_application_get_settings (app);
  g_autoptr (ChancellorGameSetup) chess_setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                                CHANCELLOR_PLAYER_HUMAN, 5);
  g_autoptr (ChancellorGameSetup) ajax_setup = test_setup_new ("ajax", CHANCELLOR_PLAYER_HUMAN,
                                                               CHANCELLOR_PLAYER_HUMAN, 5);
  static const char *const moves[] = { "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6" };
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "core", "engines", "fake-engine.sh", NULL);
  g_autofree char *dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_autofree char *illegal = g_build_filename (dir, "fake-illegal", NULL);
  ChancellorWindow *window;
  ChancellorGame *game;
  gpointer args[2];
  int from, to;

  g_assert_no_errno (symlink (script, illegal));
  if (g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_settings_set_string (settings, "hint-engine", "/usr/games/fairy-stockfish");
      window = new_window (chess_setup);
      game = chancellor_window_get_game (window);
      for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
        g_assert_true (chancellor_game_play_text (game, moves[i], NULL));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
      g_assert_true (test_run_until (hint_shown, window, 20000));
      chancellor_board_view_get_hint (chancellor_window_get_board_view (window), &from, &to);
      g_assert_cmpint (from, ==, test_square_named (game, "h5"));
      g_assert_cmpint (to, ==, test_square_named (game, "f7"));
      g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "Hint: Qxf7#");
      gtk_window_destroy (GTK_WINDOW (window));

      window = new_window (ajax_setup);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
      args[0] = window;
      args[1] = (gpointer) "too old. The built-in engine gives the hint.";
      g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
      g_assert_true (test_run_until (hint_shown, window, 20000));
      gtk_window_destroy (GTK_WINDOW (window));
    }
  else
    g_test_message ("/usr/games/fairy-stockfish is not installed: only the fake engine");

  /* The fake engine names e2e5: refused, and the built-in engine's hint
   * is the one shown. */
  g_settings_set_string (settings, "hint-engine", illegal);
  window = new_window (chess_setup);
  game = chancellor_window_get_game (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  args[0] = window;
  args[1] = (gpointer) "played e2e5, which is not a legal move here";
  g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
  g_assert_true (test_run_until (hint_shown, window, 20000));
  chancellor_board_view_get_hint (chancellor_window_get_board_view (window), &from, &to);
  g_assert_true (from != test_square_named (game, "e2") || to != test_square_named (game, "e5"));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "hint-engine");
  test_remove_tree (dir);
}

/* The clocks show, wait for the first move, then run for the side to
 * move and stop on pause. */
static void
test_clock (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_HUMAN, 5);
  ChancellorWindow *window;
  ChancellorClockView *view;
  ChancellorClock *clock;
  gint64 paused_at;

  g_object_set (setup, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER, "minutes", 1, "increment", 2, NULL);
  window = new_window (setup);
  view = chancellor_window_get_clock_view (window);
  clock = chancellor_match_get_clock (chancellor_window_get_match (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
  /* Before the first move no clock runs. */
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, -1);
  test_spin (1200);
  g_assert_cmpstr (chancellor_clock_view_get_time_text (view, CHANCELLOR_COLOR_WHITE), ==, "1:00");
  g_assert_cmpstr (chancellor_clock_view_get_time_text (view, CHANCELLOR_COLOR_BLACK), ==, "1:00");

  ui_test_click_move (window, "e2", "e4");
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, CHANCELLOR_COLOR_BLACK);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), ==, 60000);
  test_spin (1200);
  g_assert_cmpstr (chancellor_clock_view_get_time_text (view, CHANCELLOR_COLOR_BLACK), ==, "0:59");
  ui_test_click_move (window, "e7", "e5");
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, CHANCELLOR_COLOR_WHITE);
  /* 58.8 s and the 2 s increment. */
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), >, 60000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_false (chancellor_board_view_get_interactive (chancellor_window_get_board_view (window)));
  paused_at = chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE);
  test_spin (300);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), ==, paused_at);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (chancellor_board_view_get_interactive (chancellor_window_get_board_view (window)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accelerators (void)
{
  static const char *const expected[][2] = {
    { "win.hint", "<Control>h" },
    { "win.analyse", "<Control>a" },
    { "win.pause", "p" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ui_test_assert_accel (expected[i][0], expected[i][1]);
}

static gboolean
computer_replied_to_four (gpointer window)
{
  ChancellorMatch *match = chancellor_window_get_match (window);

  return chancellor_game_get_n_moves (chancellor_window_get_game (window)) >= 4
         && !chancellor_match_get_thinking (match);
}

/* A move at an earlier position of a game against the computer asks
 * first: Side Line keeps the game and tries the move beside it; Take Back
 * takes the moves back from there, plays it, and the computer answers.
 * At the computer's move only the side line is offered; the game's own
 * next move and moves inside a side line go on without a question. */
static void
test_earlier_move_asks (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_COMPUTER, 1);
  ChancellorWindow *window = new_window (setup);
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  GtkWindow *dialog;
  g_autofree char *san = NULL;
  g_autofree char *game_reply = NULL;
  static const char *const pawn_moves[][2] = { { "a7", "a6" }, { "h7", "h6" }, { "b7", "b6" } };
  static const char *const line_moves[][3] = { { "g8", "f6", "Nf6" }, { "b8", "c6", "Nc6" }, { "h7", "h6", "h6" } };
  const char *reply_from = NULL, *reply_to = NULL;
  guint shown, line_move, line_choice = G_N_ELEMENTS (line_moves);

  test_spin (200);
  ui_test_click_move (window, "e2", "e4");
  g_assert_true (test_run_until (computer_replied, window, 20000));
  test_spin (100);
  ui_test_click_move (window, "d2", "d4");
  g_assert_true (test_run_until (computer_replied_to_four, window, 20000));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);

  /* Back at move 2, White (the person) to move: Nf3 asks. */
  chancellor_board_view_set_ply (board, 2);
  ui_test_click_move (window, "g1", "f3");
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 0);
  ui_test_respond (dialog, "side-line");
  test_spin (100);
  shown = chancellor_board_view_get_ply (board);
  g_assert_true (chancellor_game_is_side_ply (game, shown));
  san = chancellor_game_get_san (game, shown);
  g_assert_cmpstr (san, ==, "Nf3");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 1);
  g_clear_pointer (&san, g_free);

  /* Inside the side line (chosen already), a move for either side goes
   * on without asking.  The computer's first reply (level 1 picks among
   * its better moves at random) may have taken a candidate's piece or
   * square: the first one still possible is played. */
  for (guint i = 0; i < G_N_ELEMENTS (line_moves); i++)
    if (chancellor_game_get_piece (game, shown, test_square_named (game, line_moves[i][0])).present
        && !chancellor_game_get_piece (game, shown, test_square_named (game, line_moves[i][1])).present)
      {
        line_choice = i;
        break;
      }
  g_assert_cmpuint (line_choice, <, G_N_ELEMENTS (line_moves));
  ui_test_click_move (window, line_moves[line_choice][0], line_moves[line_choice][1]);
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  line_move = chancellor_board_view_get_ply (board);
  g_assert_true (chancellor_game_is_side_ply (game, line_move));
  g_assert_cmpuint (chancellor_game_get_parent_ply (game, line_move), ==, shown);
  san = chancellor_game_get_san (game, line_move);
  g_assert_cmpstr (san, ==, line_moves[line_choice][2]);
  g_clear_pointer (&san, g_free);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);

  /* The game's own next move just steps forward. */
  chancellor_board_view_set_ply (board, 2);
  ui_test_click_move (window, "d2", "d4");
  g_assert_null (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 3);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 1);

  /* At the computer's move (after 2. d4), the person cannot play on from
   * there: the question offers the side line or nothing.  The pawn step
   * is one the computer did not play and whose square its first reply
   * (a knight to a6 or h6, say) left free. */
  game_reply = chancellor_game_get_san (game, 4);
  for (guint i = 0; i < G_N_ELEMENTS (pawn_moves); i++)
    if (chancellor_game_get_piece (game, 3, test_square_named (game, pawn_moves[i][0])).present
        && !chancellor_game_get_piece (game, 3, test_square_named (game, pawn_moves[i][1])).present
        && !g_str_equal (game_reply, pawn_moves[i][1]))
      {
        reply_from = pawn_moves[i][0];
        reply_to = pawn_moves[i][1];
        break;
      }
  g_assert_nonnull (reply_to);
  ui_test_click_move (window, reply_from, reply_to);
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Try a Side Line?");
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "take-back"));
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "side-line"));
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 4), ==, 0);
  ui_test_respond (dialog, "cancel");
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 4), ==, 0);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 3);
  ui_test_click_move (window, reply_from, reply_to);
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  ui_test_respond (dialog, "side-line");
  test_spin (100);
  shown = chancellor_board_view_get_ply (board);
  g_assert_true (chancellor_game_is_side_ply (game, shown));
  san = chancellor_game_get_san (game, shown);
  g_assert_cmpstr (san, ==, reply_to);
  g_clear_pointer (&san, g_free);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 4), ==, 1);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);

  /* Again with Nc3, taken back: the game goes on from there. */
  chancellor_board_view_set_ply (board, 2);
  ui_test_click_move (window, "b1", "c3");
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  ui_test_respond (dialog, "take-back");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 3);
  san = chancellor_game_get_san (game, 3);
  g_assert_cmpstr (san, ==, "Nc3");
  g_assert_true (test_run_until (computer_replied_to_four, window, 20000));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 4);

  /* Cancel leaves everything as it was. */
  chancellor_board_view_set_ply (board, 2);
  ui_test_click_move (window, "g1", "f3");
  dialog = ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  ui_test_respond (dialog, "cancel");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (chancellor_board_view_get_ply (board), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Continue From Here: from an earlier position of a two-player game (a
 * side line's too), New Game opens with the position chosen; Start plays
 * on from it with the computer on the side chosen and a clock. */
static void
test_continue_from_here (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_HUMAN, 5);
  ChancellorWindow *window = new_window (setup);
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);
  ChancellorMatch *match = chancellor_window_get_match (window);
  ChancellorNewGameDialog *dialog;
  ChancellorGame *continued;
  g_autofree char *san = NULL;
  guint side;

  ui_test_click_move (window, "e2", "e4");
  ui_test_click_move (window, "e7", "e5");
  ui_test_click_move (window, "g1", "f3");
  ui_test_click_move (window, "b8", "c6");
  /* A side line at move 2: 2. d4. */
  chancellor_board_view_set_ply (board, 2);
  ui_test_click_move (window, "d2", "d4");
  side = chancellor_board_view_get_ply (board);
  g_assert_true (chancellor_game_is_side_ply (game, side));
  /* The game is saved as it is, so that Start asks nothing. */
  chancellor_document_set_modified (chancellor_window_get_document (window), FALSE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue-from-here", NULL));
  dialog = CHANCELLOR_NEW_GAME_DIALOG (ui_test_find_window_over (window, CHANCELLOR_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (chancellor_new_game_dialog_get_continue (dialog));
  g_object_set (chancellor_new_game_dialog_get_setup (dialog),
                "white-player", CHANCELLOR_PLAYER_HUMAN, "black-player", CHANCELLOR_PLAYER_COMPUTER, "level", 1,
                "time-control", CHANCELLOR_TIME_CONTROL_FISCHER, "minutes", 5, "increment", 0, NULL);
  /* CHANCELLOR_TEST_HOLD_MS: the dialog stays on screen, for a screenshot. */
  if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
    test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));

  /* 1. e4 e5 2. d4, Black to move: the computer answers, the clock runs.
   * Looked at before the main loop runs again: its answer comes through
   * the main loop, and at level 1 it may come within milliseconds. */
  continued = chancellor_window_get_game (window);
  g_assert_true (continued != game);
  g_assert_cmpuint (chancellor_game_get_n_moves (continued), ==, 3);
  san = chancellor_game_get_san (continued, 3);
  g_assert_cmpstr (san, ==, "d4");
  g_assert_cmpint (chancellor_match_get_player (match, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_true (chancellor_clock_get_enabled (chancellor_match_get_clock (match)));
  g_assert_true (test_run_until (computer_replied_to_four, window, 20000));
  g_assert_cmpuint (chancellor_game_get_n_moves (continued), ==, 4);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A timed game against the computer writes [%clk] after each move; saved
 * and opened again, it goes on as it was: the computer on its side, the
 * clock with the times of the file, paused until the player is back. */
static void
test_clock_saved_and_reopened (void)
{
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_COMPUTER, 1);
  g_autofree char *dir = test_scratch_dir_new ("clock-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "timed.pgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  ChancellorWindow *window, *reopened;
  ChancellorGame *game;
  ChancellorMatch *match;
  ChancellorClock *clock;
  gint64 white_ms, black_ms;

  g_object_set (setup, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER, "minutes", 3, "increment", 1, NULL);
  window = new_window (setup);
  game = chancellor_window_get_game (window);
  ui_test_click_move (window, "e2", "e4");
  g_assert_true (test_run_until (computer_replied, window, 20000));
  test_spin (100);
  /* White's first move costs no time (and gains no increment). */
  g_assert_cmpstr (chancellor_game_get_comment (game, 1), ==, "[%clk 0:03:00]");
  g_assert_true (chancellor_pgn_comment_get_clock (chancellor_game_get_comment (game, 2), &black_ms));
  g_assert_cmpint (black_ms, <=, 181000);
  g_assert_cmpint (black_ms, >, 150000);
  g_assert_true (chancellor_window_save_to_file (window, file, &error));
  g_assert_no_error (error);

  reopened = chancellor_window_new (app);
  gtk_window_present (GTK_WINDOW (reopened));
  chancellor_window_open_file (reopened, file);
  test_spin (300);
  match = chancellor_window_get_match (reopened);
  clock = chancellor_match_get_clock (match);
  g_assert_cmpuint (chancellor_game_get_n_moves (chancellor_window_get_game (reopened)), ==, 2);
  g_assert_cmpint (chancellor_match_get_player (match, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_match_get_player (match, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (chancellor_match_get_level (match), ==, 1);
  g_assert_true (chancellor_clock_get_enabled (clock));
  g_assert_true (chancellor_match_get_paused (match));
  white_ms = chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (white_ms, ==, 180000);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), ==, black_ms / 1000 * 1000);
  /* Paused, the time stands. */
  test_spin (300);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), ==, white_ms);
  /* Back at the board, the person plays and the computer answers. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (reopened), "win.pause", NULL));
  g_assert_false (chancellor_match_get_paused (match));
  ui_test_click_move (reopened, "d2", "d4");
  g_assert_true (test_run_until (computer_replied_to_four, reopened, 20000));

  test_remove_tree (dir);
  gtk_window_destroy (GTK_WINDOW (reopened));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "TestComputer", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/window-computer/human-vs-computer", test_human_vs_computer);
  g_test_add_func ("/window-computer/resign", test_resign);
  g_test_add_func ("/window-computer/computer-vs-computer", test_computer_vs_computer);
  g_test_add_func ("/window-computer/hint", test_hint);
  g_test_add_func ("/window-computer/analysis", test_analysis);
  g_test_add_func ("/window-computer/external-analysis", test_external_analysis);
  g_test_add_func ("/window-computer/builtin-analysis-lines", test_builtin_analysis_lines);
  g_test_add_func ("/window-computer/line-preview-placement", test_line_preview_placement);
  g_test_add_func ("/window-computer/external-player", test_external_player);
  g_test_add_func ("/window-computer/fairy-stockfish-game", test_fairy_stockfish_game);
  g_test_add_func ("/window-computer/external-hint", test_external_hint);
  g_test_add_func ("/window-computer/clock", test_clock);
  g_test_add_func ("/window-computer/accelerators", test_accelerators);
  g_test_add_func ("/window-computer/earlier-move-asks", test_earlier_move_asks);
  g_test_add_func ("/window-computer/continue-from-here", test_continue_from_here);
  g_test_add_func ("/window-computer/clock-saved-and-reopened", test_clock_saved_and_reopened);

  return ui_test_run ();
}
