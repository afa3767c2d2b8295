/* chancellor-piece-art.c — the pictures of the pieces and their textures
 * (chancellor-piece-art.h). */
#define G_LOG_DOMAIN "chancellor-piece-art"

#include "config.h"

#include <gio/gio.h>
#include <librsvg/rsvg.h>

#include "chancellor-catalogue.h"
#include "chancellor-piece-art.h"

#define PIECES_RESOURCE_PATH RESOURCE_BASE_PATH "/pieces/"
/* The distinct piece pictures the catalogue names, at most. */
#define MAX_ARTS 16

struct _ChancellorPieceArt
{
  char *directory;
  /* One handle per picture, textures at texture_pixels. */
  RsvgHandle *handles[2][MAX_ARTS];
  gboolean handle_tried[2][MAX_ARTS];
  GdkTexture *textures[2][MAX_ARTS];
  int texture_pixels;
};

ChancellorPieceArt *
chancellor_piece_art_new (void)
{
  g_assert (chancellor_catalogue_get_n_arts () <= MAX_ARTS);

  return g_new0 (ChancellorPieceArt, 1);
}

void
chancellor_piece_art_clear_textures (ChancellorPieceArt *self)
{
  for (int color = 0; color < 2; color++)
    for (int art = 0; art < MAX_ARTS; art++)
      g_clear_object (&self->textures[color][art]);
  self->texture_pixels = 0;
}

static void
piece_art_clear (ChancellorPieceArt *self)
{
  chancellor_piece_art_clear_textures (self);
  for (int color = 0; color < 2; color++)
    for (int art = 0; art < MAX_ARTS; art++)
      {
        g_clear_object (&self->handles[color][art]);
        self->handle_tried[color][art] = FALSE;
      }
}

void
chancellor_piece_art_free (ChancellorPieceArt *self)
{
  if (self == NULL)
    return;
  piece_art_clear (self);
  g_free (self->directory);
  g_free (self);
}

void
chancellor_piece_art_set_directory (ChancellorPieceArt *self,
                                    const char         *directory)
{
  if (g_strcmp0 (self->directory, directory) == 0)
    return;
  g_free (self->directory);
  self->directory = g_strdup (directory);
  piece_art_clear (self);
}

const char *
chancellor_piece_art_get_directory (ChancellorPieceArt *self)
{
  return self->directory;
}

int
chancellor_piece_art_for_kind (const char *kind_id)
{
  int art = chancellor_catalogue_get_art_index (kind_id);

  if (art < 0 || art >= MAX_ARTS)
    {
      g_warning ("No art for piece kind “%s”", kind_id);
      return -1;
    }
  return art;
}

static RsvgHandle *
piece_art_load (ChancellorPieceArt *self,
                int                 color,
                int                 art)
{
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = NULL;

  if (self->handle_tried[color][art])
    return self->handles[color][art];
  self->handle_tried[color][art] = TRUE;

  name = g_strdup_printf ("%s-%s.svg", color == CHANCELLOR_COLOR_WHITE ? "white" : "black",
                          chancellor_catalogue_get_art ((guint) art));
  if (self->directory != NULL)
    {
      g_autofree char *path = g_build_filename (self->directory, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      handle = rsvg_handle_new_from_gfile_sync (file, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
    }
  else
    {
      g_autofree char *path = g_strconcat (PIECES_RESOURCE_PATH, name, NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      if (bytes != NULL)
        {
          g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (bytes);

          handle = rsvg_handle_new_from_stream_sync (stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
        }
    }

  /* A missing picture is drawn as a lettered disc, so the game stays
   * playable; say so once. */
  if (handle == NULL)
    g_message ("Piece art %s not loaded: %s", name, error->message);

  self->handles[color][art] = handle;
  return handle;
}

static void
draw_fallback_piece (cairo_t *cr,
                     int      pixels,
                     int      color,
                     char     letter)
{
  char text[2] = { letter, '\0' };
  cairo_text_extents_t extents;
  double light = color == CHANCELLOR_COLOR_WHITE ? 0.97 : 0.13;
  double ink = 1.0 - light;

  cairo_arc (cr, pixels / 2.0, pixels / 2.0, pixels * 0.36, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, light, light, light);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, pixels * 0.03));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_stroke (cr);

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, pixels * 0.36);
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, pixels / 2.0 - extents.x_bearing - extents.width / 2,
                 pixels / 2.0 - extents.y_bearing - extents.height / 2);
  cairo_set_source_rgb (cr, ink, ink, ink);
  cairo_show_text (cr, text);
}

static GdkTexture *
render_piece_texture (RsvgHandle *handle,
                      int         pixels,
                      int         color,
                      char        letter)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, pixels);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;
  int stride;

  if (handle != NULL)
    {
      RsvgRectangle viewport = { 0, 0, pixels, pixels };
      g_autoptr(GError) error = NULL;

      if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
        g_message ("Piece art not rendered: %s", error->message);
    }
  else
    draw_fallback_piece (cr, pixels, color, letter);

  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* GDK_MEMORY_DEFAULT is cairo's ARGB32 layout. */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * pixels);
  texture = gdk_memory_texture_new (pixels, pixels, GDK_MEMORY_DEFAULT, bytes, stride);
  cairo_surface_destroy (surface);

  return texture;
}

GdkTexture *
chancellor_piece_art_get_texture (ChancellorPieceArt *self,
                                  int                 art,
                                  ChancellorColor     color,
                                  char                letter,
                                  int                 pixels)
{
  int side = color == CHANCELLOR_COLOR_BLACK ? 1 : 0;

  if (art < 0 || art >= MAX_ARTS || pixels < 1)
    return NULL;
  if (pixels != self->texture_pixels)
    {
      chancellor_piece_art_clear_textures (self);
      self->texture_pixels = pixels;
    }
  if (self->textures[side][art] == NULL)
    self->textures[side][art] = render_piece_texture (piece_art_load (self, side, art), pixels, side, letter);
  return self->textures[side][art];
}
