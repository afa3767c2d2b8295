/* chancellor-window-export.c — Export Position as Image: the board as the
 * window shows it (pieces, coordinates, the last move, arrows and circles)
 * written as a PNG, or as an SVG when the name ends in ".svg" (the board
 * and marks as vectors, the pieces as the pictures drawn on screen).
 */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "chancellor-window-private.h"

/* The board's own rectangle (its squares), in the coordinates of the
 * overlay that holds the board and the marks drawn over it. */
static gboolean
board_rect (ChancellorWindow *self,
            GtkWidget        *overlay,
            graphene_rect_t  *rect)
{
  ChancellorBoardView *board = chancellor_window_get_board_view (self);
  ChancellorGame *game = chancellor_window_get_game (self);
  int last = chancellor_game_get_files (game) * chancellor_game_get_ranks (game) - 1;
  graphene_rect_t first_square, last_square;
  double x, y;

  if (!chancellor_board_view_get_square_bounds (board, 0, &first_square)
      || !chancellor_board_view_get_square_bounds (board, last, &last_square))
    return FALSE;
  graphene_rect_union (&first_square, &last_square, rect);
  if (!gtk_widget_translate_coordinates (GTK_WIDGET (board), overlay, rect->origin.x, rect->origin.y, &x, &y))
    return FALSE;
  rect->origin.x = (float) x;
  rect->origin.y = (float) y;
  return TRUE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
_chancellor_window_export_image (ChancellorWindow  *self,
                                 GFile             *file,
                                 GError           **error)
{
  GtkWidget *overlay = gtk_widget_get_parent (GTK_WIDGET (chancellor_window_get_board_view (self)));
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  g_autofree char *lower = NULL;
  graphene_rect_t rect;

  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!gtk_widget_get_mapped (overlay) || !board_rect (self, overlay, &rect))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The board is not shown, so it cannot be drawn."));
      return FALSE;
    }
  /* The overlay holds the board and the marks over it; the evaluation bar
   * beside the board is outside rect. */
  paintable = gtk_widget_paintable_new (overlay);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (overlay), gtk_widget_get_height (overlay));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (!node)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The board is not shown, so it cannot be drawn."));
      return FALSE;
    }

  name = g_file_get_basename (file);
  lower = name ? g_ascii_strdown (name, -1) : NULL;
  if (lower && g_str_has_suffix (lower, ".svg"))
    {
      GByteArray *data = g_byte_array_new ();
      cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, data, rect.size.width,
                                                                      rect.size.height);
      cairo_t *cr = cairo_create (surface);

      cairo_translate (cr, -rect.origin.x, -rect.origin.y);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      cairo_surface_destroy (surface);
      bytes = g_byte_array_free_to_bytes (data);
    }
  else
    {
      GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (overlay));
      g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (renderer, node, &rect);

      bytes = gdk_texture_save_to_png_bytes (texture);
    }
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
export_response (GtkNativeDialog  *native,
                 int               response,
                 ChancellorWindow *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  if (!file)
    return;
  if (_chancellor_window_export_image (self, file, &error))
    _chancellor_window_show_toast (self, adw_toast_new (_("Position exported")));
  else
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Export the Position"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  GtkFileChooserNative *native;
  GtkFileFilter *png = gtk_file_filter_new (), *svg = gtk_file_filter_new ();
  g_autofree char *suggested = g_strdup_printf ("%s.png", chancellor_game_get_variant_id (chancellor_window_get_game (self)));

  native = gtk_file_chooser_native_new (_("Export Position as Image"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (png, _("PNG image"));
  gtk_file_filter_add_mime_type (png, "image/png");
  gtk_file_filter_set_name (svg, _("SVG image"));
  gtk_file_filter_add_mime_type (svg, "image/svg+xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), svg);
  g_object_unref (png);
  g_object_unref (svg);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);
  g_signal_connect_object (native, "response", G_CALLBACK (export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
_chancellor_window_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, export_action);
}
