/* test-board-view.c — the board widget, rendered offscreen and played on.
 *
 * Each test puts a board in an undecorated window of a fixed size, renders
 * the widget's paintable with the window's renderer and reads the pixels.
 * Input goes through chancellor_board_view_click_square / _drag_square /
 * _key_press, which run the code paths of the real events.  Set
 * CHANCELLOR_TEST_OUTPUT_DIR to keep the PNGs; `-m perf` runs the frame
 * benchmark.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "chancellor-board-view-private.h"
#include "chancellor-catalogue.h"
#include "chancellor-game.h"
#include "test-util.h"

#define BOARD_SIZE 480

/* The widget's square colours: #eed7b2 light, #b88b62 dark. */
static const guint8 light_rgb[3] = { 0xee, 0xd7, 0xb2 };
static const guint8 dark_rgb[3] = { 0xb8, 0x8b, 0x62 };

static char *output_dir;

typedef struct {
  GtkWidget *window;
  ChancellorBoardView *board;
  ChancellorGame *game;
  char *last_error;
} Fixture;

typedef struct {
  int width;
  int height;
  gsize stride;
  guint8 *data;               /* cairo ARGB32: B G R A in memory */
} Image;

static void
image_free (Image *image)
{
  g_free (image->data);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Image, image_free)

static void
image_rgb (const Image *image,
           int          x,
           int          y,
           guint8       rgb[3])
{
  const guint8 *pixel;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, image->width);
  g_assert_cmpint (y, <, image->height);
  pixel = image->data + (gsize) y * image->stride + (gsize) x * 4;
  rgb[0] = pixel[2];
  rgb[1] = pixel[1];
  rgb[2] = pixel[0];
}

static gboolean
rgb_near (const guint8 a[3],
          const guint8 b[3],
          int          tolerance)
{
  for (int i = 0; i < 3; i++)
    if (ABS ((int) a[i] - (int) b[i]) > tolerance)
      return FALSE;
  return TRUE;
}

static int
luminance (const guint8 rgb[3])
{
  return (rgb[0] * 30 + rgb[1] * 59 + rgb[2] * 11) / 100;
}

static void
on_error (ChancellorBoardView *board,
          const char          *message,
          Fixture             *fixture)
{
  g_free (fixture->last_error);
  fixture->last_error = g_strdup (message);
}

static void
wait_for_size (GtkWidget *widget,
               int        width,
               int        height)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  while ((gtk_widget_get_width (widget) != width || gtk_widget_get_height (widget) != height
          || !gtk_widget_get_mapped (widget))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  g_assert_cmpint (gtk_widget_get_width (widget), ==, width);
  g_assert_cmpint (gtk_widget_get_height (widget), ==, height);
}

static void
fixture_set_up (Fixture    *fixture,
                const char *variant,
                const char *fen,
                int         size)
{
  g_autoptr(GError) error = NULL;

  fixture->game = chancellor_game_new (variant, fen, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->game);

  fixture->board = chancellor_board_view_new ();
  chancellor_board_view_set_animate (fixture->board, FALSE);
  chancellor_board_view_set_game (fixture->board, fixture->game);
  g_signal_connect (fixture->board, "error", G_CALLBACK (on_error), fixture);

  fixture->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (fixture->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), size, size);
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->board));
  gtk_window_present (GTK_WINDOW (fixture->window));
  wait_for_size (GTK_WIDGET (fixture->board), size, size);
}

static void
fixture_tear_down (Fixture *fixture)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->game);
  g_clear_pointer (&fixture->last_error, g_free);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static GdkTexture *
render_texture (Fixture *fixture)
{
  GtkWidget *widget = GTK_WIDGET (fixture->board);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (fixture->window));
  g_autoptr(GskRenderNode) node = NULL;

  /* The undecorated window holds the board at its origin. */
  gtk_widget_snapshot_child (fixture->window, widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* Renders the board, saves it as name.png and returns its pixels. */
static Image *
render (Fixture    *fixture,
        const char *name)
{
  g_autoptr(GdkTexture) texture = render_texture (fixture);
  g_autofree char *file_name = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (output_dir, file_name, NULL);
  Image *image = g_new0 (Image, 1);

  image->width = gdk_texture_get_width (texture);
  image->height = gdk_texture_get_height (texture);
  image->stride = (gsize) image->width * 4;
  image->data = g_malloc (image->stride * image->height);
  gdk_texture_download (texture, image->data, image->stride);

  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("Rendered %s", path);
  return image;
}

/* Saves a popup (its own surface) as name.png, to be looked at. */
static void
render_native (GtkWidget  *native,
               const char *name)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
  g_autofree char *file_name = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (output_dir, file_name, NULL);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;

  while ((!gtk_widget_get_mapped (native) || gtk_widget_get_width (native) == 0)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (!gtk_widget_get_mapped (native))
    return;

  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (native)->snapshot (native, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (native)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (native),
                                                              gtk_widget_get_height (native)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("Rendered %s", path);
}

static graphene_rect_t
square_bounds (Fixture    *fixture,
               const char *name)
{
  graphene_rect_t bounds;

  g_assert_true (chancellor_board_view_get_square_bounds (fixture->board,
                                                          test_square_named (fixture->game, name), &bounds));
  return bounds;
}

/* The pixel at (fx, fy), fractions of the square. */
static void
square_rgb (const Image           *image,
            const graphene_rect_t *bounds,
            double                 fx,
            double                 fy,
            guint8                 rgb[3])
{
  image_rgb (image, (int) (bounds->origin.x + fx * bounds->size.width),
             (int) (bounds->origin.y + fy * bounds->size.height), rgb);
}

/* Every sampled pixel inside the square (away from its edges) is color. */
static gboolean
square_is_plain (const Image           *image,
                 const graphene_rect_t *bounds,
                 const guint8           color[3])
{
  for (double fy = 0.1; fy < 0.95; fy += 0.1)
    for (double fx = 0.1; fx < 0.95; fx += 0.1)
      {
        guint8 rgb[3];

        square_rgb (image, bounds, fx, fy, rgb);
        if (!rgb_near (rgb, color, 3))
          return FALSE;
      }
  return TRUE;
}

/* How many pixels of the square's middle are near white / near black. */
static void
count_piece_pixels (const Image           *image,
                    const graphene_rect_t *bounds,
                    int                   *n_light,
                    int                   *n_dark)
{
  *n_light = *n_dark = 0;
  for (double fy = 0.3; fy <= 0.7; fy += 0.02)
    for (double fx = 0.3; fx <= 0.7; fx += 0.02)
      {
        guint8 rgb[3];

        square_rgb (image, bounds, fx, fy, rgb);
        if (luminance (rgb) > 225)
          (*n_light)++;
        else if (luminance (rgb) < 50)
          (*n_dark)++;
      }
}

static void
assert_white_piece (const Image           *image,
                    const graphene_rect_t *bounds)
{
  int n_light, n_dark;

  count_piece_pixels (image, bounds, &n_light, &n_dark);
  g_assert_cmpint (n_light, >, 20);
}

static void
assert_black_piece (const Image           *image,
                    const graphene_rect_t *bounds)
{
  int n_light, n_dark;

  count_piece_pixels (image, bounds, &n_light, &n_dark);
  g_assert_cmpint (n_dark, >, 20);
  g_assert_cmpint (n_light, <, n_dark);
}

/* The square's own colour, read in its top-right corner, which neither the
 * coordinates (top-left, bottom-right) nor the piece art reach. */
static void
assert_square_color (const Image           *image,
                     const graphene_rect_t *bounds,
                     const guint8           color[3])
{
  guint8 rgb[3];

  square_rgb (image, bounds, 0.93, 0.07, rgb);
  g_assert_true (rgb_near (rgb, color, 3));
}

static void
test_render_variant (gconstpointer data)
{
  const char *variant = data;
  Fixture fixture = { 0 };
  g_autoptr(Image) image = NULL;
  g_autofree char *name = NULL;
  graphene_rect_t a1, b1, a2, empty, pawn, black_pawn;
  int ranks, files;

  fixture_set_up (&fixture, variant, NULL, BOARD_SIZE);
  files = chancellor_game_get_files (fixture.game);
  ranks = chancellor_game_get_ranks (fixture.game);
  name = g_strdup (variant);
  image = render (&fixture, name);

  a1 = square_bounds (&fixture, "a1");
  b1 = square_bounds (&fixture, "b1");
  a2 = square_bounds (&fixture, "a2");
  /* Squares are square, the board centred and as large as it fits. */
  g_assert_cmpfloat (a1.size.width, ==, a1.size.height);
  g_assert_cmpfloat (a1.size.width, ==, (BOARD_SIZE - 4) / MAX (files, ranks));
  g_assert_cmpfloat (ABS (a1.origin.x - (BOARD_SIZE - (a1.origin.x + files * a1.size.width))), <=, 1);
  g_assert_cmpfloat (a1.origin.y + a1.size.height - ranks * a1.size.height, >=, 0);
  /* a1 bottom left, dark; its neighbours light. */
  g_assert_cmpfloat (b1.origin.x, >, a1.origin.x);
  g_assert_cmpfloat (a2.origin.y, <, a1.origin.y);
  assert_square_color (image, &a1, dark_rgb);
  assert_square_color (image, &b1, light_rgb);
  assert_square_color (image, &a2, light_rgb);

  /* e4 (d4 on its other colour) is empty at the start of every game. */
  empty = square_bounds (&fixture, "e4");
  g_assert_true (square_is_plain (image, &empty, light_rgb));
  empty = square_bounds (&fixture, "d4");
  g_assert_true (square_is_plain (image, &empty, dark_rgb));

  /* White pieces on rank 1 and 2, Black's on the last two. */
  pawn = square_bounds (&fixture, "e2");
  assert_white_piece (image, &pawn);
  assert_white_piece (image, &a1);
  {
    g_autofree char *e_black = g_strdup_printf ("e%d", ranks - 1);

    black_pawn = square_bounds (&fixture, e_black);
    assert_black_piece (image, &black_pawn);
  }

  fixture_tear_down (&fixture);
}

static void
test_flipped (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) image = NULL;
  graphene_rect_t a1, j10;

  fixture_set_up (&fixture, "ajax", NULL, BOARD_SIZE);
  chancellor_board_view_set_flipped (fixture.board, TRUE);
  g_assert_true (chancellor_board_view_get_flipped (fixture.board));
  image = render (&fixture, "ajax-flipped");

  a1 = square_bounds (&fixture, "a1");
  j10 = square_bounds (&fixture, "j10");
  /* a1 top right, j10 bottom left. */
  g_assert_cmpfloat (a1.origin.x, ==, j10.origin.x + 9 * j10.size.width);
  g_assert_cmpfloat (a1.origin.y, ==, j10.origin.y - 9 * j10.size.height);
  g_assert_cmpfloat (a1.origin.x + a1.size.width, >=, BOARD_SIZE - 8);
  g_assert_cmpfloat (a1.origin.y, <=, 8);

  /* What is drawn there is a1: dark, with White's rook. */
  assert_square_color (image, &a1, dark_rgb);
  assert_white_piece (image, &a1);
  assert_black_piece (image, &j10);

  fixture_tear_down (&fixture);
}

static void
test_legal_move_dots (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) before = NULL;
  g_autoptr(Image) after = NULL;
  const char *dots[] = { "e3", "e4", "e5" };   /* Ajax pawns step 1, 2 or 3 */
  graphene_rect_t e6 = { 0 };

  fixture_set_up (&fixture, "ajax", NULL, BOARD_SIZE);
  before = render (&fixture, "ajax-before-select");
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e2"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==,
                   test_square_named (fixture.game, "e2"));
  after = render (&fixture, "ajax-selected");

  for (guint i = 0; i < G_N_ELEMENTS (dots); i++)
    {
      graphene_rect_t bounds = square_bounds (&fixture, dots[i]);
      guint8 centre[3], corner[3], plain[3];

      square_rgb (before, &bounds, 0.5, 0.5, plain);
      square_rgb (after, &bounds, 0.5, 0.5, centre);
      square_rgb (after, &bounds, 0.1, 0.1, corner);
      /* A darker dot in the middle, the square's own colour around it. */
      g_assert_false (rgb_near (centre, plain, 10));
      g_assert_cmpint (luminance (centre), <, luminance (plain));
      g_assert_true (rgb_near (corner, plain, 3));
    }
  e6 = square_bounds (&fixture, "e6");
  g_assert_true (square_is_plain (after, &e6, light_rgb) || square_is_plain (after, &e6, dark_rgb));

  /* Clicking the piece again puts it down. */
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e2"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);

  /* Black's pieces cannot be picked up when White is to move. */
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e9"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);

  fixture_tear_down (&fixture);
}

/* En passant lands on an empty square but captures: the game says so, and
 * the board marks it with the capture ring, not the plain dot. */
static void
test_en_passant_ring (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) before = NULL;
  g_autoptr(Image) after = NULL;
  graphene_rect_t d6, e6;
  guint8 plain[3], centre[3], edge[3];

  fixture_set_up (&fixture, "chess", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                  BOARD_SIZE);
  g_assert_true (chancellor_game_is_capture (fixture.game, test_square_named (fixture.game, "e5"),
                                             test_square_named (fixture.game, "d6")));
  g_assert_false (chancellor_game_is_capture (fixture.game, test_square_named (fixture.game, "e5"),
                                              test_square_named (fixture.game, "e6")));
  before = render (&fixture, "chess-ep-before");
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e5"));
  after = render (&fixture, "chess-ep-selected");

  /* d6: the middle keeps the square's colour, a ring darkens its edge. */
  d6 = square_bounds (&fixture, "d6");
  square_rgb (before, &d6, 0.5, 0.5, plain);
  square_rgb (after, &d6, 0.5, 0.5, centre);
  square_rgb (after, &d6, 0.5, 0.06, edge);
  g_assert_true (rgb_near (centre, plain, 3));
  g_assert_cmpint (luminance (edge), <, luminance (plain) - 10);

  /* e6, a plain push: a dot in the middle, no ring. */
  e6 = square_bounds (&fixture, "e6");
  square_rgb (before, &e6, 0.5, 0.5, plain);
  square_rgb (after, &e6, 0.5, 0.5, centre);
  square_rgb (after, &e6, 0.5, 0.06, edge);
  g_assert_cmpint (luminance (centre), <, luminance (plain) - 10);
  g_assert_true (rgb_near (edge, plain, 3));

  fixture_tear_down (&fixture);
}

/* Hovering a piece names it (the game's own name for it); an empty square
 * has no tooltip. */
static void
test_piece_tooltip (void)
{
  Fixture fixture = { 0 };
  g_autofree char *queen = NULL;
  g_autofree char *knight = NULL;
  g_autofree char *empty = NULL;

  fixture_set_up (&fixture, "chess", NULL, BOARD_SIZE);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (fixture.board)));
  queen = chancellor_board_view_dup_tooltip (fixture.board, test_square_named (fixture.game, "d1"));
  knight = chancellor_board_view_dup_tooltip (fixture.board, test_square_named (fixture.game, "g8"));
  empty = chancellor_board_view_dup_tooltip (fixture.board, test_square_named (fixture.game, "e4"));
  g_assert_cmpstr (queen, ==, "White Queen on d1");
  g_assert_cmpstr (knight, ==, "Black Knight on g8");
  g_assert_null (empty);

  fixture_tear_down (&fixture);
}

static void
assert_reddish (const Image           *image,
                const graphene_rect_t *bounds)
{
  guint8 rgb[3];

  square_rgb (image, bounds, 0.5, 0.5, rgb);
  g_assert_cmpint (rgb[0], >, rgb[1] + 60);
  g_assert_cmpint (rgb[0], >, rgb[2] + 60);
}

/* A refused click or drop flashes the square red for a moment, and the
 * error names the rule: Carrera's double step that would block a check. */
static void
test_refused_feedback (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) flashed = NULL;
  g_autoptr(Image) faded = NULL;
  graphene_rect_t b4;
  gint64 deadline;
  guint8 rgb[3];
  int b2, b4_square;

  fixture_set_up (&fixture, "carrera", "4k5/10/10/b9/2p7/10/1P8/4K5 w - - 0 1", BOARD_SIZE);
  b2 = test_square_named (fixture.game, "b2");
  b4_square = test_square_named (fixture.game, "b4");
  chancellor_board_view_click_square (fixture.board, b2);
  chancellor_board_view_click_square (fixture.board, b4_square);
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 0);
  g_assert_nonnull (fixture.last_error);
  g_assert_nonnull (strstr (fixture.last_error, "en passant"));
  g_assert_cmpint (chancellor_board_view_get_refused_square (fixture.board), ==, b4_square);
  flashed = render (&fixture, "carrera-refused");
  b4 = square_bounds (&fixture, "b4");
  assert_reddish (flashed, &b4);

  /* The flash fades by itself. */
  deadline = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
  while (chancellor_board_view_get_refused_square (fixture.board) >= 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (chancellor_board_view_get_refused_square (fixture.board), ==, -1);
  faded = render (&fixture, "carrera-faded");
  square_rgb (faded, &b4, 0.5, 0.5, rgb);
  g_assert_true (rgb_near (rgb, light_rgb, 3) || rgb_near (rgb, dark_rgb, 3));
  fixture_tear_down (&fixture);

  /* A drop where the piece cannot go flashes that square too. */
  memset (&fixture, 0, sizeof fixture);
  fixture_set_up (&fixture, "chess", NULL, BOARD_SIZE);
  chancellor_board_view_drag_square (fixture.board, test_square_named (fixture.game, "g1"),
                                     test_square_named (fixture.game, "g3"));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 0);
  g_assert_cmpint (chancellor_board_view_get_refused_square (fixture.board), ==,
                   test_square_named (fixture.game, "g3"));
  fixture_tear_down (&fixture);
}

static void
test_click_move_and_browse (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) image = NULL;
  graphene_rect_t e2, e4;
  guint8 rgb[3];

  fixture_set_up (&fixture, "chess", NULL, BOARD_SIZE);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e2"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e4"));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 1);
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);

  /* The last move is highlighted: e2 is no longer plain. */
  image = render (&fixture, "chess-e4");
  e2 = square_bounds (&fixture, "e2");
  e4 = square_bounds (&fixture, "e4");
  square_rgb (image, &e2, 0.5, 0.5, rgb);
  g_assert_false (rgb_near (rgb, dark_rgb, 10));
  g_assert_false (rgb_near (rgb, light_rgb, 10));
  assert_white_piece (image, &e4);

  /* A move made at an earlier position starts a side line there: the
   * board shows where it leads, the game keeps its moves. */
  chancellor_board_view_set_ply (fixture.board, 0);
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 0);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d2"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, test_square_named (fixture.game, "d2"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d4"));
  g_assert_null (fixture.last_error);
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);
  g_assert_cmpuint (chancellor_game_get_n_variations (fixture.game, 1), ==, 1);
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==,
                    chancellor_game_get_variation_ply (fixture.game, 1, 0));
  g_assert_true (chancellor_game_get_piece (fixture.game, chancellor_board_view_get_ply (fixture.board),
                                            test_square_named (fixture.game, "d4")).present);
  g_assert_false (chancellor_game_get_piece (fixture.game, chancellor_board_view_get_ply (fixture.board),
                                             test_square_named (fixture.game, "e4")).present);
  /* The main line's own move there follows the main line. */
  chancellor_board_view_set_ply (fixture.board, 0);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e2"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e4"));
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 1);
  g_assert_cmpuint (chancellor_game_get_n_variations (fixture.game, 1), ==, 1);

  /* A move made while browsing leaves the view where it is; back at the
   * live ply, the view follows the game. */
  chancellor_board_view_set_ply (fixture.board, 0);
  g_assert_true (chancellor_game_play_text (fixture.game, "e5", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 0);
  chancellor_board_view_set_ply (fixture.board, 2);
  g_assert_true (chancellor_game_play_text (fixture.game, "Nf3", NULL));
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 3);
  chancellor_game_undo (fixture.game);
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 2);

  fixture_tear_down (&fixture);
}

static void
test_drag (void)
{
  Fixture fixture = { 0 };

  fixture_set_up (&fixture, "capablanca", NULL, BOARD_SIZE);
  chancellor_board_view_drag_square (fixture.board, test_square_named (fixture.game, "i1"),
                                     test_square_named (fixture.game, "h3"));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);
  g_assert_cmpint (chancellor_game_get_piece (fixture.game, 1, test_square_named (fixture.game, "h3")).present,
                   ==, TRUE);

  /* A drop on an illegal square puts the piece back. */
  chancellor_board_view_drag_square (fixture.board, test_square_named (fixture.game, "a7"),
                                     test_square_named (fixture.game, "a3"));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);

  fixture_tear_down (&fixture);
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *tooltip,
             int        *n_buttons)
{
  GtkWidget *found = NULL;

  if (GTK_IS_BUTTON (widget))
    {
      (*n_buttons)++;
      if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = find_button (child, tooltip, n_buttons);

      if (found == NULL)
        found = button;
    }
  return found;
}

static void
check_promotion (const char *variant,
                 const char *fen,
                 const char *from,
                 const char *to,
                 const char *choice,
                 const char *kind,
                 gboolean    by_drag)
{
  Fixture fixture = { 0 };
  GtkWidget *chooser, *button;
  int types[16], n_types, n_buttons = 0, to_square;
  ChancellorPiece piece;
  gint64 deadline;

  fixture_set_up (&fixture, variant, fen, BOARD_SIZE);
  if (by_drag)
    chancellor_board_view_drag_square (fixture.board, test_square_named (fixture.game, from),
                                       test_square_named (fixture.game, to));
  else
    {
      chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, from));
      chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, to));
    }
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 0);

  chooser = chancellor_board_view_get_promotion_chooser (fixture.board);
  g_assert_true (GTK_IS_POPOVER (chooser));
  g_assert_true (gtk_widget_get_visible (chooser));

  /* Exactly the game's choices, each named. */
  n_types = chancellor_game_get_promotion_types (fixture.game, types, G_N_ELEMENTS (types));
  button = find_button (chooser, choice, &n_buttons);
  g_assert_cmpint (n_buttons, ==, n_types);
  for (int i = 0; i < n_types; i++)
    {
      int n = 0;

      g_assert_nonnull (find_button (chooser, chancellor_game_get_piece_name (fixture.game, types[i]), &n));
    }
  g_assert_nonnull (button);
  {
    g_autofree char *name = g_strdup_printf ("%s-promotion-chooser", variant);

    render_native (chooser, name);
  }

  /* A button's activation clicks it after a short press animation. */
  g_assert_true (gtk_widget_activate (button));
  deadline = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
  while (chancellor_game_get_n_moves (fixture.game) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (chancellor_board_view_get_promotion_chooser (fixture.board));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);
  to_square = test_square_named (fixture.game, to);
  piece = chancellor_game_get_piece (fixture.game, 1, to_square);
  g_assert_true (piece.present);
  g_assert_cmpstr (chancellor_game_get_piece_kind_id (fixture.game, piece.type), ==, kind);

  fixture_tear_down (&fixture);
}

static void
test_promotion (void)
{
  check_promotion ("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", "Knight", "knight", FALSE);
  check_promotion ("capablanca", "5k4/P9/10/10/10/10/10/5K4 w - - 0 1", "a7", "a8",
                   "Chancellor", "chancellor", FALSE);
  check_promotion ("ajax", "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1", "a9", "a10",
                   "Minister", "ajax-minister", TRUE);
}

static void
test_promotion_cancel (void)
{
  Fixture fixture = { 0 };
  GtkWidget *chooser;

  fixture_set_up (&fixture, "chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", BOARD_SIZE);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "a7"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "a8"));
  chooser = chancellor_board_view_get_promotion_chooser (fixture.board);
  g_assert_nonnull (chooser);
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Escape));
  g_assert_null (chancellor_board_view_get_promotion_chooser (fixture.board));
  g_assert_false (gtk_widget_get_visible (chooser));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 0);

  fixture_tear_down (&fixture);
}

static void
check_castling (const char *variant,
                const char *fen,
                const char *king,
                const char *target,
                const char *king_lands,
                const char *rook_lands)
{
  Fixture fixture = { 0 };
  ChancellorPiece piece;

  fixture_set_up (&fixture, variant, fen, BOARD_SIZE);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, king));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, target));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);

  piece = chancellor_game_get_piece (fixture.game, 1, test_square_named (fixture.game, king_lands));
  g_assert_true (piece.present);
  g_assert_cmpstr (chancellor_game_get_piece_kind_id (fixture.game, piece.type), ==, "king");
  piece = chancellor_game_get_piece (fixture.game, 1, test_square_named (fixture.game, rook_lands));
  g_assert_true (piece.present);
  g_assert_cmpstr (chancellor_game_get_piece_kind_id (fixture.game, piece.type), ==, "rook");

  fixture_tear_down (&fixture);
}

static void
test_castling (void)
{
  /* King onto its own rook, and king to its landing square. */
  check_castling ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "h1", "g1", "f1");
  check_castling ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "c1", "c1", "d1");
  check_castling ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1", "a1", "c1", "d1");
}

static void
test_keyboard (void)
{
  Fixture fixture = { 0 };
  g_autofree char *description = NULL;
  g_autoptr(Image) image = NULL;
  graphene_rect_t e2;
  guint8 rgb[3];

  fixture_set_up (&fixture, "chess", NULL, BOARD_SIZE);

  /* Left and Right are not the board's while it shows no cursor (they
   * browse the game); Up, Down, Enter or Space show it, on the King of
   * the side to move. */
  g_assert_false (chancellor_board_view_key_press (fixture.board, GDK_KEY_Left));
  g_assert_false (chancellor_board_view_key_press (fixture.board, GDK_KEY_Right));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, -1);
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Up));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "e1"));
  description = chancellor_board_view_dup_cursor_description (fixture.board);
  g_assert_cmpstr (description, ==, "White King on e1");
  g_clear_pointer (&description, g_free);

  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Up));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "e2"));
  image = render (&fixture, "chess-cursor");
  e2 = square_bounds (&fixture, "e2");
  square_rgb (image, &e2, 0.01, 0.5, rgb);
  g_assert_cmpint (rgb[2], >, rgb[0] + 60);   /* the blue outline */

  /* Enter picks the pawn up, two steps up and Enter drop it. */
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Return));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==,
                   test_square_named (fixture.game, "e2"));
  description = chancellor_board_view_dup_cursor_description (fixture.board);
  g_assert_cmpstr (description, ==, "White Pawn on e2, picked up");
  g_clear_pointer (&description, g_free);
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Up));
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Up));
  description = chancellor_board_view_dup_cursor_description (fixture.board);
  g_assert_cmpstr (description, ==, "Empty square e4, possible move");
  g_clear_pointer (&description, g_free);
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_space));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);

  /* Escape puts a piece down; with nothing to cancel it is not handled. */
  chancellor_board_view_set_flipped (fixture.board, TRUE);
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Down));   /* flipped: up the ranks */
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "e5"));
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Left));   /* flipped: towards h */
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Down));
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Down));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "f7"));
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_KP_Enter));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==,
                   test_square_named (fixture.game, "f7"));
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Escape));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "f7"));
  /* A second Escape hides the cursor, a third is not handled. */
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_Escape));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, -1);
  g_assert_false (chancellor_board_view_key_press (fixture.board, GDK_KEY_Escape));
  g_assert_false (chancellor_board_view_key_press (fixture.board, GDK_KEY_Right));

  /* Space shows it again where it was; the edge stops it. */
  g_assert_true (chancellor_board_view_key_press (fixture.board, GDK_KEY_space));
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "f7"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);
  for (int i = 0; i < 12; i++)
    chancellor_board_view_key_press (fixture.board, GDK_KEY_Right);
  g_assert_cmpint (chancellor_board_view_get_cursor_square (fixture.board), ==, test_square_named (fixture.game, "a7"));

  fixture_tear_down (&fixture);
}

static void
test_relocation (void)
{
  Fixture fixture = { 0 };
  g_autofree char *fen_before = NULL;
  g_autofree char *fen_after = NULL;

  fixture_set_up (&fixture, "capablanca-relocation", NULL, BOARD_SIZE);
  g_assert_cmpint (chancellor_game_get_phase (fixture.game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpint (chancellor_game_get_relocating_color (fixture.game), ==, CHANCELLOR_COLOR_BLACK);
  fen_before = chancellor_game_get_fen (fixture.game, 0);

  /* King with Rook is no relocation: the game says why. */
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "f8"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==,
                   test_square_named (fixture.game, "f8"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "j8"));
  g_assert_nonnull (fixture.last_error);
  g_assert_cmpint (chancellor_game_get_relocating_color (fixture.game), ==, CHANCELLOR_COLOR_BLACK);

  /* King and Queen swap; the pieces the King may swap with are marked. */
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "f8"));
  image_free (render (&fixture, "capablanca-relocation-selected"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e8"));
  fen_after = chancellor_game_get_fen (fixture.game, 0);
  g_assert_cmpstr (fen_before, !=, fen_after);
  g_assert_true (g_str_has_prefix (fen_after, "rnabkqbcnr/"));
  g_assert_cmpint (chancellor_game_get_relocating_color (fixture.game), ==, CHANCELLOR_COLOR_WHITE);
  render (&fixture, "capablanca-relocation-swapped");

  fixture_tear_down (&fixture);
}

static void
test_check_highlight (void)
{
  Fixture fixture = { 0 };
  g_autoptr(Image) image = NULL;
  graphene_rect_t e8;
  guint8 rgb[3];

  /* Fool's mate, then the White king's square glows after 1. f3 e5 2. g4 Qh4#. */
  fixture_set_up (&fixture, "chess", NULL, BOARD_SIZE);
  g_assert_true (chancellor_game_play_text (fixture.game, "f3", NULL));
  g_assert_true (chancellor_game_play_text (fixture.game, "e5", NULL));
  g_assert_true (chancellor_game_play_text (fixture.game, "g4", NULL));
  g_assert_true (chancellor_game_play_text (fixture.game, "Qh4#", NULL));
  image = render (&fixture, "chess-mate");
  e8 = square_bounds (&fixture, "e1");
  square_rgb (image, &e8, 0.08, 0.5, rgb);
  g_assert_cmpint (rgb[0], >, rgb[1] + 60);

  /* Nothing can be picked up when the game is over. */
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d2"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==, -1);
  fixture_tear_down (&fixture);

  /* A piece that cannot answer the check is told so when sent away. */
  fixture_set_up (&fixture, "chess", "4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", BOARD_SIZE);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d2"));
  g_assert_cmpint (chancellor_board_view_get_selected_square (fixture.board), ==,
                   test_square_named (fixture.game, "d2"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d4"));
  /* The game's own words: which piece, which move, and the check. */
  g_assert_cmpstr (fixture.last_error, ==, "d2–d4 is not a legal move: the Pawn on d2 cannot go to d4 while White’s King is in check.");
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 0);
  fixture_tear_down (&fixture);
}

static void
test_animation (void)
{
  Fixture fixture = { 0 };
  g_autoptr(GdkTexture) texture = NULL;
  gint64 deadline;

  fixture_set_up (&fixture, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", BOARD_SIZE);
  chancellor_board_view_set_animate (fixture.board, TRUE);
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "e1"));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "a1"));
  g_assert_cmpuint (chancellor_game_get_n_moves (fixture.game), ==, 1);
  texture = render_texture (&fixture);
  g_assert_nonnull (texture);
  deadline = g_get_monotonic_time () + 90 * G_TIME_SPAN_MILLISECOND;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  image_free (render (&fixture, "chess-castling-animation"));

  deadline = g_get_monotonic_time () + 400 * G_TIME_SPAN_MILLISECOND;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  chancellor_board_view_set_ply (fixture.board, 0);
  chancellor_board_view_set_ply (fixture.board, 1);
  g_assert_cmpuint (chancellor_board_view_get_ply (fixture.board), ==, 1);

  fixture_tear_down (&fixture);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
test_frame_time (void)
{
  Fixture fixture = { 0 };
  GtkWidget *widget;
  GskRenderer *renderer;
  double snapshot_ms[300], render_ms[300];
  const int n_frames = G_N_ELEMENTS (snapshot_ms);

  if (!g_test_perf ())
    {
      g_test_skip ("a benchmark: run with -m perf");
      return;
    }

  fixture_set_up (&fixture, "ajax", NULL, 800);
  widget = GTK_WIDGET (fixture.board);
  renderer = gtk_native_get_renderer (GTK_NATIVE (fixture.window));
  g_assert_true (chancellor_game_play_text (fixture.game, "e4", NULL));
  g_assert_true (chancellor_game_play_text (fixture.game, "f7", NULL));
  chancellor_board_view_click_square (fixture.board, test_square_named (fixture.game, "d1"));

  for (int i = -20; i < n_frames; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      gint64 start = g_get_monotonic_time (), middle;

      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      middle = g_get_monotonic_time ();
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, 800, 800));
      if (i >= 0)
        {
          snapshot_ms[i] = (middle - start) / 1000.0;
          render_ms[i] = (g_get_monotonic_time () - middle) / 1000.0;
        }
    }

  qsort (snapshot_ms, n_frames, sizeof (double), compare_doubles);
  qsort (render_ms, n_frames, sizeof (double), compare_doubles);
  g_test_minimized_result (snapshot_ms[n_frames / 2],
                           "median snapshot of a 10x10 board at 800x800: %.3f ms", snapshot_ms[n_frames / 2]);
  g_test_message ("median frame (snapshot) %.3f ms; median render with %s %.3f ms",
                  snapshot_ms[n_frames / 2], G_OBJECT_TYPE_NAME (renderer), render_ms[n_frames / 2]);
  g_assert_cmpfloat (snapshot_ms[n_frames / 2], <, 2.0);
  image_free (render (&fixture, "ajax-800"));

  fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp_dir = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);

  output_dir = g_strdup (g_getenv ("CHANCELLOR_TEST_OUTPUT_DIR"));
  if (output_dir == NULL)
    {
      g_autoptr(GError) error = NULL;

      tmp_dir = g_dir_make_tmp ("test-board-view-XXXXXX", &error);
      g_assert_no_error (error);
      output_dir = g_strdup (tmp_dir);
    }
  g_mkdir_with_parents (output_dir, 0755);

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);
      g_autofree char *path = g_strdup_printf ("/board-view/render/%s", id);

      g_test_add_data_func (path, id, test_render_variant);
    }
  g_test_add_func ("/board-view/flipped", test_flipped);
  g_test_add_func ("/board-view/legal-move-dots", test_legal_move_dots);
  g_test_add_func ("/board-view/en-passant-ring", test_en_passant_ring);
  g_test_add_func ("/board-view/piece-tooltip", test_piece_tooltip);
  g_test_add_func ("/board-view/refused-feedback", test_refused_feedback);
  g_test_add_func ("/board-view/click-move-and-browse", test_click_move_and_browse);
  g_test_add_func ("/board-view/drag", test_drag);
  g_test_add_func ("/board-view/promotion", test_promotion);
  g_test_add_func ("/board-view/promotion-cancel", test_promotion_cancel);
  g_test_add_func ("/board-view/castling", test_castling);
  g_test_add_func ("/board-view/keyboard", test_keyboard);
  g_test_add_func ("/board-view/relocation", test_relocation);
  g_test_add_func ("/board-view/check", test_check_highlight);
  g_test_add_func ("/board-view/animation", test_animation);
  g_test_add_func ("/board-view/frame-time", test_frame_time);

  status = g_test_run ();

  if (tmp_dir != NULL)
    test_remove_tree (tmp_dir);
  g_free (output_dir);
  return status;
}
