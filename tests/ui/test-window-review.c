/* test-window-review.c — the review of the whole game in the main
 * window, under a virtual X server: the progress shows and ends while the
 * main loop keeps its pace, the graph appears, clicking it or its keys
 * browse to a move, the move list shows the marks, and cancelling, a move
 * taken back or another game stop it at once.
 *
 * With CHANCELLOR_TEST_HOLD_MS set, the analysed window stays on screen
 * that long at the end (CHANCELLOR_TEST_DARK=1: in the dark style), for a
 * screenshot. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chancellor-application.h"
#include "chancellor-pgn.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

/* 2... Qg5?? leaves the queen to the knight; 3. d3?? does not take it. */
static const char *const blunder_moves[] = { "e4", "e5", "Nf3", "Qg5", "d3", "Qg6", "Nc3", "Nf6" };

static ChancellorWindow *
new_window (ChancellorGame *game)
{
  ChancellorWindow *window = chancellor_window_new (app);

  chancellor_window_set_game (window, game);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 860);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static gboolean
analysis_running (ChancellorWindow *window)
{
  ChancellorGameReview *analysis = chancellor_window_get_game_review (window);

  return analysis && chancellor_game_review_get_running (analysis);
}

/* The graph's controller of type, to feed it input as GTK would. */
static GtkEventController *
graph_controller (ChancellorEvalGraph *graph,
                  GType                type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (graph));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  g_assert_not_reached ();
}

static void
test_review_game (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  ChancellorWindow *window = new_window (game);
  ChancellorEvalGraph *graph = chancellor_window_get_eval_graph (window);
  ChancellorMoveList *move_list = chancellor_window_get_move_list (window);
  GtkWidget *progress = NULL;
  TestTicker ticker = { 0 };
  g_autofree char *row_two = NULL;
  g_autofree char *row_three = NULL;
  graphene_point_t point;
  gboolean progress_seen = FALSE;
  gint64 end;
  guint tick_id;
  gboolean handled = FALSE;

  test_spin (200);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  g_assert_true (analysis_running (window));
  progress = ui_test_find_widget_of_type (gtk_widget_get_parent (GTK_WIDGET (graph)), GTK_TYPE_PROGRESS_BAR);
  g_assert_nonnull (progress);

  /* The main loop keeps its pace while every position is searched. */
  tick_id = test_ticker_start (&ticker);
  end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  while (analysis_running (window))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      progress_seen |= gtk_widget_get_mapped (progress)
                       && gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (progress)) > 0;
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick_id);
  g_test_message ("%u ticks, the latest %" G_GINT64_FORMAT " ms late", ticker.ticks, ticker.worst / 1000);
  g_assert_true (test_ticker_kept_pace (&ticker));
  g_assert_true (progress_seen);
  test_spin (100);
  g_assert_false (gtk_widget_get_visible (progress));

  /* The graph, and the marks in the move list. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (graph)));
  g_assert_true (chancellor_eval_graph_get_has_scores (graph));
  row_two = chancellor_move_list_dup_row_text (move_list, 1);
  g_assert_cmpstr (row_two, ==, "2. Nf3 Qg5??");
  row_three = chancellor_move_list_dup_row_text (move_list, 2);
  g_assert_true (g_str_has_prefix (row_three, "3. d3??"));
  g_assert_true (g_str_has_prefix (chancellor_game_get_comment (game, 5), "[%eval "));

  /* Clicking a point of the graph shows that position. */
  g_assert_true (chancellor_eval_graph_get_point (graph, 4, &point));
  g_signal_emit_by_name (graph_controller (graph, GTK_TYPE_GESTURE_DRAG), "drag-begin", (double) point.x,
                         (double) point.y);
  g_assert_cmpuint (chancellor_move_list_get_ply (move_list), ==, 4);
  g_assert_cmpuint (chancellor_board_view_get_ply (chancellor_window_get_board_view (window)), ==, 4);
  g_signal_emit_by_name (graph_controller (graph, GTK_TYPE_GESTURE_DRAG), "drag-update", 1000.0, 0.0);
  g_assert_cmpuint (chancellor_move_list_get_ply (move_list), ==, G_N_ELEMENTS (blunder_moves));
  g_signal_emit_by_name (graph_controller (graph, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         GDK_KEY_Home, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_cmpuint (chancellor_move_list_get_ply (move_list), ==, 0);
  g_signal_emit_by_name (graph_controller (graph, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         GDK_KEY_Right, 0, 0, &handled);
  g_assert_cmpuint (chancellor_move_list_get_ply (move_list), ==, 1);
  /* And the other way round: the list moves the graph's mark. */
  chancellor_move_list_set_ply (move_list, 5);
  g_assert_cmpuint (chancellor_eval_graph_get_ply (graph), ==, 5);

  if (g_getenv ("CHANCELLOR_TEST_HOLD_MS"))
    {
      chancellor_move_list_set_ply (move_list, 4);
      test_spin ((guint) atoi (g_getenv ("CHANCELLOR_TEST_HOLD_MS")));
    }

  /* Clearing takes the graph and the marks away. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.clear-review", NULL));
  g_clear_pointer (&row_two, g_free);
  row_two = chancellor_move_list_dup_row_text (move_list, 1);
  g_assert_cmpstr (row_two, ==, "2. Nf3 Qg5");
  test_spin (50);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_progress_title (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), "Analysing half-move");
}

/* The progress title is shown whole (wrapped, not cut) at every width. */
/* For test_run_until: the review card's title is shown with a size. */
static gboolean
progress_title_shown (gpointer window)
{
  GtkWidget *title = ui_test_find_widget (GTK_WIDGET (window), is_progress_title, NULL);

  return title && gtk_widget_get_mapped (title) && gtk_widget_get_width (title) > 0 && gtk_widget_get_height (title) > 0;
}

static void
test_progress_title_whole (void)
{
  static const int widths[] = { 360, 600, 1200 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
      ChancellorWindow *window = chancellor_window_new (app);
      GtkWidget *title;
      PangoLayout *layout;
      int width, height;

      chancellor_window_set_game (window, game);
      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 800);
      gtk_window_present (GTK_WINDOW (window));
      test_spin (300);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, widths[i] + 24);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
      /* Waited for until the card is laid out: a fixed 100 ms was not
       * always enough on a loaded machine. */
      g_assert_true (test_run_until (progress_title_shown, window, 5000));
      title = ui_test_find_widget (GTK_WIDGET (window), is_progress_title, NULL);
      g_assert_nonnull (title);
      layout = gtk_label_get_layout (GTK_LABEL (title));
      pango_layout_get_pixel_size (layout, &width, &height);
      g_test_message ("%d px wide: \"%s\" in %d×%d px, %d lines, widget %d×%d", widths[i],
                      gtk_label_get_label (GTK_LABEL (title)), width, height, pango_layout_get_line_count (layout),
                      gtk_widget_get_width (title), gtk_widget_get_height (title));
      g_assert_false (pango_layout_is_ellipsized (layout));
      g_assert_cmpint (width, <=, gtk_widget_get_width (title));
      g_assert_cmpint (height, <=, gtk_widget_get_height (title));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-review", NULL));
      gtk_window_destroy (GTK_WINDOW (window));
      test_spin (100);
    }
}

static gboolean
analysis_stopped (gpointer window)
{
  return !analysis_running (window);
}

static void
test_cancel (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGame) other = test_game_new ("capablanca", NULL);
  ChancellorWindow *window = new_window (game);

  test_spin (100);
  /* The Cancel button's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  test_spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-review", NULL));
  g_assert_null (chancellor_window_get_game_review (window));
  ui_test_respond (ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG), "keep");

  /* A move taken back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  test_spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  /* The search's threads stop at their next check: waited for, as a fixed
   * 100 ms was not always enough on a loaded machine. */
  g_assert_true (test_run_until (analysis_stopped, window, 5000));

  /* Another game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  test_spin (50);
  chancellor_window_set_game (window, other);
  g_assert_null (chancellor_window_get_game_review (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chancellor_window_get_eval_graph (window))));

  /* Closing the window while it runs. */
  chancellor_window_set_game (window, game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  test_spin (50);
  gtk_window_destroy (GTK_WINDOW (window));
  test_spin (200);
}

/* The analysis of the game by the engine chosen for it: Fairy-Stockfish
 * marks the blunders and can be cancelled at once; an engine that names
 * an illegal move, or does not play the game, stops it with a toast that
 * says why, and the game's moves stay as they were. */
static void
test_external (void)
{
  GSettings *settings = chancellor_application_get_settings (app);
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  g_autoptr (ChancellorGame) capablanca = test_game_new_with ("capablanca", blunder_moves, 2);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "core", "engines", "fake-engine.sh", NULL);
  g_autofree char *dir = g_dir_make_tmp ("fake-engines-XXXXXX", NULL);
  g_autofree char *illegal = g_build_filename (dir, "fake-illegal", NULL);
  ChancellorWindow *window;
  gpointer args[2];

  g_assert_no_errno (symlink (script, illegal));
  window = new_window (game);
  args[0] = window;
  if (g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      gint64 cancelled;

      g_settings_set_string (settings, "review-engine", "/usr/games/fairy-stockfish");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
      g_assert_true (analysis_running (window));
      g_assert_true (test_run_until (analysis_stopped, window, 60000));
      g_assert_cmpstr (chancellor_window_get_last_toast (window), ==, "The analysis of the game is done");
      g_assert_cmpint (chancellor_game_review_read_mark (game, 4), ==, CHANCELLOR_MOVE_MARK_BLUNDER);
      g_assert_cmpint (chancellor_game_review_read_mark (game, 5), ==, CHANCELLOR_MOVE_MARK_BLUNDER);

      /* Cancelled while the engine searches: gone at once. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
      test_spin (800);
      g_assert_true (analysis_running (window));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-review", NULL));
      g_assert_null (chancellor_window_get_game_review (window));

      /* A move taken back stops it within the engine's margin. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
      test_spin (800);
      cancelled = g_get_monotonic_time ();
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_true (test_run_until (analysis_stopped, window, 3000));
      g_test_message ("stopped %" G_GINT64_FORMAT " ms after the undo", (g_get_monotonic_time () - cancelled) / 1000);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    }

  g_settings_set_string (settings, "review-engine", illegal);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  args[1] = (gpointer) "played e2e5, which is not a legal move here; it was not played. The analysis of the game stopped.";
  g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
  g_assert_false (analysis_running (window));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, G_N_ELEMENTS (blunder_moves));

  chancellor_window_set_game (window, capablanca);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  args[1] = (gpointer) "does not play this game by its rules";
  g_assert_true (test_run_until (ui_test_last_toast_has, args, 20000));
  g_assert_false (analysis_running (window));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "review-engine");
  test_remove_tree (dir);
}

static gboolean
label_reads (GtkWidget     *widget,
             gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
two_positions_done (gpointer data)
{
  ChancellorGameReview *analysis = chancellor_window_get_game_review (data);

  return analysis && chancellor_game_review_get_n_done (analysis) >= 3;
}

/* Starts a review slow enough to be cancelled part way, and cancels it
 * after a few positions: the question comes. */
static GtkWindow *
cancel_part_way (ChancellorWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  chancellor_game_review_set_limits (chancellor_window_get_game_review (window), 0, 150);
  g_assert_true (test_run_until (two_positions_done, window, 20000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-review", NULL));
  g_assert_null (chancellor_window_get_game_review (window));
  return ui_test_find_window_over (window, ADW_TYPE_MESSAGE_DIALOG);
}

/* A review the player cancels asks whether to keep its verdicts: Discard
 * leaves the game as it was, unchanged; Keep keeps them and the card says
 * the analysis is partial. */
static void
test_cancel_keep_or_discard (void)
{
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", blunder_moves, G_N_ELEMENTS (blunder_moves));
  ChancellorWindow *window;
  ChancellorDocument *document;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWindow *question;
  GtkLabel *title;

  chancellor_game_set_comment (game, 2, "A comment of the player's.");
  window = new_window (game);
  document = chancellor_window_get_document (window);
  test_spin (100);
  chancellor_document_set_modified (document, FALSE);
  before = chancellor_pgn_write (game);

  question = cancel_part_way (window);
  g_assert_nonnull (question);
  ui_test_respond (question, "discard");
  after = chancellor_pgn_write (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (chancellor_document_get_modified (document));
  g_assert_false (chancellor_game_review_has_scores (game));

  question = cancel_part_way (window);
  ui_test_respond (question, "keep");
  test_spin (50);
  g_assert_true (chancellor_game_review_has_scores (game));
  g_assert_true (chancellor_document_get_modified (document));
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), !=, "A comment of the player's.");
  title = GTK_LABEL (ui_test_find_widget (GTK_WIDGET (window), label_reads, "Game Analysis (Partial)"));
  g_assert_nonnull (title);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (title)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accelerator (void)
{
  ui_test_assert_accel ("win.review-game", "<Shift><Control>a");
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv, "TestAnalysis", G_APPLICATION_NON_UNIQUE);
  if (g_strcmp0 (g_getenv ("CHANCELLOR_TEST_DARK"), "1") == 0)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

  g_test_add_func ("/window-review/review-game", test_review_game);
  g_test_add_func ("/window-review/cancel", test_cancel);
  g_test_add_func ("/window-review/progress-title-whole", test_progress_title_whole);
  g_test_add_func ("/window-review/cancel-keep-or-discard", test_cancel_keep_or_discard);
  g_test_add_func ("/window-review/accelerator", test_accelerator);
  g_test_add_func ("/window-review/external", test_external);

  return ui_test_run ();
}
