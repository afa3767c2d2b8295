/* test-window-layout.c — the window's two layouts under a virtual X
 * server: the side panel beside the board in a wide window, under it in a
 * narrow one (down to 360 px), for every game, with the board using the
 * room it is given (no empty band). */
#include "config.h"

#include "chancellor-move-list.h"
#include "chancellor-variant-list.h"
#include "chancellor-window-layout.h"
#include "ui-test-util.h"

typedef struct {
  int width, height;
  gboolean narrow;
} Size;

static const Size sizes[] = {
  { 360, 720, TRUE },
  { 600, 800, TRUE },
  { 1200, 900, FALSE },
};

#define FRAME 24

static gboolean
window_has_size (gpointer data)
{
  GtkWidget *window = data;
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  /* The default size counts the frame drawn around the window. */
  return gtk_widget_get_mapped (window) && ABS (gtk_widget_get_width (window) - width) <= FRAME
         && ABS (gtk_widget_get_height (window) - height) <= FRAME;
}

static graphene_rect_t
bounds_in_window (GtkWidget *widget,
                  GtkWidget *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  return bounds;
}

/* The board's squares fill its widget along one side: the other side
 * keeps only what the shape of the board leaves over. */
static void
assert_board_fills (ChancellorBoardView *board,
                    int                  files,
                    int                  ranks)
{
  int width = gtk_widget_get_width (GTK_WIDGET (board));
  int height = gtk_widget_get_height (GTK_WIDGET (board));
  double square = MIN ((double) width / files, (double) height / ranks);

  g_test_message ("board %d×%d px for %d×%d squares: %.1f px a square", width, height, files, ranks, square);
  g_assert_true (width - square * files < square || height - square * ranks < square);
}

static void
check_layout (const char *variant,
              const Size *size)
{
  ChancellorWindow *window = ui_test_new_window (variant);
  GtkWidget *root = GTK_WIDGET (window);
  ChancellorWindowLayout *layout = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "content_layout");
  GtkWidget *board = GTK_WIDGET (chancellor_window_get_board_view (window));
  GtkWidget *panel = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "side_panel");
  GtkWidget *header = ui_test_find_widget_of_type (root, ADW_TYPE_HEADER_BAR);
  ChancellorGame *game = chancellor_window_get_game (window);
  int files = chancellor_game_get_files (game), ranks = chancellor_game_get_ranks (game);
  graphene_rect_t board_bounds, panel_bounds;
  int min_width;

  g_test_message ("%s at %d×%d", variant, size->width, size->height);
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_run_until (window_has_size, window, 5000));
  test_spin (50);

  g_assert_cmpint (chancellor_window_layout_get_narrow (layout), ==, size->narrow);
  gtk_widget_measure (root, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, size->width);
  /* The header bar is narrow too: Flip and Open wait in the main menu. */
  g_assert_true (gtk_widget_get_visible (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "flip_button"))
                 != size->narrow);
  g_assert_cmpint (gtk_widget_get_width (header), <=, size->width);

  board_bounds = bounds_in_window (board, root);
  panel_bounds = bounds_in_window (panel, root);
  if (size->narrow)
    {
      /* Under the board, as wide as the window but for the margins; the
       * board takes the full width. */
      g_assert_cmpfloat (panel_bounds.origin.y, >=, board_bounds.origin.y + board_bounds.size.height);
      g_assert_cmpfloat (board_bounds.size.width, >=, size->width - 2 * 12 - 2 * 12);
      g_assert_cmpfloat (panel_bounds.size.width, >=, size->width - 2 * 12 - 2 * 12);
    }
  else
    {
      g_assert_cmpfloat (panel_bounds.origin.x, >=, board_bounds.origin.x + board_bounds.size.width);
      g_assert_cmpfloat (panel_bounds.size.height, >, size->height / 2);
    }
  assert_board_fills (CHANCELLOR_BOARD_VIEW (board), files, ranks);
  /* The move list keeps room for its navigation. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (chancellor_window_get_move_list (window))), >=, 80);

  gtk_window_destroy (GTK_WINDOW (window));
  test_spin (20);
}

static void
test_every_game (gconstpointer data)
{
  const Size *size = data;
  g_autoptr (ChancellorVariantList) list = chancellor_variant_list_new ();

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (list), i);

      check_layout (chancellor_variant_info_get_id (info), size);
    }
}

static gboolean
flip_button_shown (gpointer window)
{
  return gtk_widget_get_visible (ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "flip_button"));
}

static gboolean
flip_button_hidden (gpointer window)
{
  return !flip_button_shown (window);
}

/* A window made narrower than the side panel fits reflows, and back. */
static void
test_resize (void)
{
  ChancellorWindow *window = ui_test_new_window ("capablanca");
  ChancellorWindowLayout *layout = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "content_layout");

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_run_until (window_has_size, window, 5000));
  g_assert_false (chancellor_window_layout_get_narrow (layout));

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 800);
  g_assert_true (test_run_until (window_has_size, window, 5000));
  /* The header bar follows the layout at the next idle: waited for, as a
   * fixed 50 ms was not always enough at a load of 12 on two cores. */
  g_assert_true (test_run_until (flip_button_hidden, window, 5000));
  g_assert_true (chancellor_window_layout_get_narrow (layout));

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  g_assert_true (test_run_until (window_has_size, window, 5000));
  g_assert_true (test_run_until (flip_button_shown, window, 5000));
  g_assert_false (chancellor_window_layout_get_narrow (layout));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_toast (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_str_equal (gtk_widget_get_css_name (widget), "toast") && gtk_widget_get_mapped (widget);
}

static gboolean
toast_shown (gpointer data)
{
  return ui_test_find_widget (data, is_toast, NULL) != NULL;
}

static void
assert_apart (GtkWidget  *toast,
              GtkWidget  *widget,
              GtkWidget  *window)
{
  graphene_rect_t a = bounds_in_window (toast, window), b = bounds_in_window (widget, window);

  g_test_message ("toast %.0f,%.0f %.0f×%.0f; %s %.0f,%.0f %.0f×%.0f", a.origin.x, a.origin.y, a.size.width,
                  a.size.height, G_OBJECT_TYPE_NAME (widget), b.origin.x, b.origin.y, b.size.width, b.size.height);
  g_assert_false (graphene_rect_intersection (&a, &b, NULL));
}

/* A toast covers neither the board nor the move list's buttons, wide or
 * narrow: it has a lane of its own under the content. */
static void
test_toast_apart (gconstpointer data)
{
  const Size *size = data;
  ChancellorWindow *window = ui_test_new_window ("capablanca");
  GtkWidget *root = GTK_WIDGET (window);
  GtkWidget *navigation = ui_test_template_child (chancellor_window_get_move_list (window),
                                                  CHANCELLOR_TYPE_MOVE_LIST, "navigation_box");
  GtkWidget *toast;

  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_run_until (window_has_size, window, 5000));
  g_assert_true (gtk_widget_activate_action (root, "win.copy-fen", NULL));
  g_assert_true (test_run_until (toast_shown, window, 5000));
  test_spin (100);
  toast = ui_test_find_widget (root, is_toast, NULL);
  assert_apart (toast, GTK_WIDGET (chancellor_window_get_board_view (window)), root);
  assert_apart (toast, navigation, root);
  gtk_window_destroy (GTK_WINDOW (window));
  test_spin (20);
}

/* At 360 px, the computer thinking (a hint) leaves the header bar as
 * narrow as it was: the spinner waits for a wide window. */
static void
test_narrow_thinking (void)
{
  ChancellorWindow *window = ui_test_new_window ("capablanca");
  GtkWidget *root = GTK_WIDGET (window);
  GtkWidget *spinner = ui_test_template_child (window, CHANCELLOR_TYPE_WINDOW, "thinking_spinner");
  int min_width;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_run_until (window_has_size, window, 5000));
  test_spin (50);
  g_assert_true (gtk_widget_activate_action (root, "win.hint", NULL));
  g_assert_false (gtk_widget_get_visible (spinner));
  gtk_widget_measure (root, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
  test_spin (20);
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv, "TestWindowLayout", G_APPLICATION_NON_UNIQUE);

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/window-layout/%dx%d", sizes[i].width, sizes[i].height);
      g_autofree char *toast_path = g_strdup_printf ("/window-layout/toast-%dx%d", sizes[i].width, sizes[i].height);

      g_test_add_data_func (path, &sizes[i], test_every_game);
      g_test_add_data_func (toast_path, &sizes[i], test_toast_apart);
    }
  {
    /* Wide and low: the board reaches down to the toast lane. */
    static const Size wide_low = { 1000, 700, FALSE };

    g_test_add_data_func ("/window-layout/toast-1000x700", &wide_low, test_toast_apart);
  }
  g_test_add_func ("/window-layout/resize", test_resize);
  g_test_add_func ("/window-layout/narrow-thinking", test_narrow_thinking);

  return ui_test_run ();
}
