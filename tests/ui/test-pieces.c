/* test-pieces.c — sanity checks for the piece SVGs in data/pieces.
 *
 *   test-pieces [PIECES_DIR]
 *
 * Without PIECES_DIR the directory is $G_TEST_SRCDIR/../../data/pieces.
 * Every {white,black}-PIECE.svg must load with librsvg, have the viewBox
 * 0 0 100 100, and, rendered at 64×64, cover a sensible share of the square
 * (including its centre); the white piece must be light and the black one
 * dark, and both must share one silhouette.
 */
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <librsvg/rsvg.h>

#define SIZE 64

static const char *const piece_names[] = {
  "king", "queen", "rook", "bishop", "knight", "pawn",
  "archbishop", "chancellor", "minister", "prime-minister",
};

static char *pieces_dir;

typedef struct {
  guint8 opaque[SIZE * SIZE]; /* alpha >= 50 % */
  guint n_opaque;
  guint n_centre;             /* opaque pixels in the central 16×16 */
  double mean_luma;           /* of the opaque pixels, 0..1 */
} Raster;

static char *
piece_path (const char *colour, const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s-%s.svg", colour, name);
  return g_build_filename (pieces_dir, file, NULL);
}

static void
check_clean_source (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  static const char *const banned[] = {
    "<image", "<text", "<script", "<foreignObject", "<filter",
    "href=\"http", "url(http", "sodipodi:", "inkscape:",
  };

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (banned); i++)
    if (strstr (text, banned[i]) != NULL)
      g_error ("%s contains \"%s\"", path, banned[i]);
}

static void
render_piece (const char *colour, const char *name, Raster *out)
{
  g_autofree char *path = piece_path (colour, name);
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle;  /* librsvg 2.54 has no g_autoptr for it */
  gboolean has_w, has_h, has_vb;
  RsvgLength w, h;
  RsvgRectangle vb, viewport = { 0, 0, SIZE, SIZE };
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *data;
  int stride;
  double luma_sum = 0;

  g_test_message ("%s", path);
  check_clean_source (path);

  handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (handle);

  rsvg_handle_get_intrinsic_dimensions (handle, &has_w, &w, &has_h, &h, &has_vb, &vb);
  g_assert_true (has_vb);
  g_assert_cmpfloat_with_epsilon (vb.x, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (vb.y, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (vb.width, 100.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (vb.height, 100.0, 1e-9);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  cr = cairo_create (surface);
  rsvg_handle_render_document (handle, cr, &viewport, &error);
  g_assert_no_error (error);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  memset (out, 0, sizeof *out);
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      {
        guint32 px;
        guint a, r, g, b;

        memcpy (&px, data + y * stride + 4 * x, sizeof px);
        a = px >> 24;
        if (a < 128)
          continue;
        /* cairo stores premultiplied ARGB in native endianness */
        r = ((px >> 16) & 0xff) * 255 / a;
        g = ((px >> 8) & 0xff) * 255 / a;
        b = (px & 0xff) * 255 / a;
        out->opaque[y * SIZE + x] = 1;
        out->n_opaque++;
        if (x >= SIZE / 2 - 8 && x < SIZE / 2 + 8 && y >= SIZE / 2 - 8 && y < SIZE / 2 + 8)
          out->n_centre++;
        luma_sum += (0.2126 * MIN (r, 255u) + 0.7152 * MIN (g, 255u) + 0.0722 * MIN (b, 255u)) / 255.0;
      }
  out->mean_luma = out->n_opaque ? luma_sum / out->n_opaque : 0;
  cairo_surface_destroy (surface);

  g_test_message ("%s-%s: %.1f%% opaque, %u opaque in the centre, mean luminance %.2f",
                  colour, name, 100.0 * out->n_opaque / (SIZE * SIZE), out->n_centre,
                  out->mean_luma);
}

static void
test_piece (gconstpointer user_data)
{
  const char *name = user_data;
  g_autofree Raster *white = g_new0 (Raster, 1);
  g_autofree Raster *black = g_new0 (Raster, 1);
  const Raster *both[] = { white, black };
  guint inter = 0, uni = 0;

  render_piece ("white", name, white);
  render_piece ("black", name, black);

  for (gsize i = 0; i < G_N_ELEMENTS (both); i++)
    {
      double share = (double) both[i]->n_opaque / (SIZE * SIZE);

      g_assert_cmpfloat (share, >=, 0.15);
      g_assert_cmpfloat (share, <=, 0.70);
      /* the piece stands in the middle: a good part of the central 16×16 is covered */
      g_assert_cmpuint (both[i]->n_centre, >=, 16 * 16 / 4);
    }

  /* the dark outline takes a good part of a 64 px white piece, hence 0.45 */
  g_assert_cmpfloat (white->mean_luma, >, 0.45);
  g_assert_cmpfloat (black->mean_luma, <, 0.35);
  g_assert_cmpfloat (white->mean_luma - black->mean_luma, >, 0.2);

  for (int i = 0; i < SIZE * SIZE; i++)
    {
      inter += white->opaque[i] && black->opaque[i];
      uni += white->opaque[i] || black->opaque[i];
    }
  g_test_message ("%s: silhouette overlap %.3f", name, (double) inter / uni);
  g_assert_cmpfloat ((double) inter / uni, >, 0.85);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);

  if (argc > 1)
    pieces_dir = g_strdup (argv[1]);
  else
    pieces_dir = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "pieces", NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (piece_names); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/pieces/%s", piece_names[i]);
      g_test_add_data_func (test_path, piece_names[i], test_piece);
    }

  ret = g_test_run ();
  g_free (pieces_dir);
  return ret;
}
