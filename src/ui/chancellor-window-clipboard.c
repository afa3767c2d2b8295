/* chancellor-window-clipboard.c — positions into and out of the window:
 * Set Up Position (the position editor, from the position shown), Copy
 * FEN, Copy PGN and Paste: the position shown as FEN, the game as PGN,
 * and text pasted opened as a game (a FEN or PGN, read by the core).  Text that is neither
 * is refused with the reader's message, as a file would be, and the game
 * shown stays.  In a text field the same keys copy and paste its text.
 */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-pgn.h"
#include "chancellor-position-editor.h"
#include "chancellor-window-private.h"

/* The text field (an entry's text or a text view) that has the focus. */
static GtkWidget *
focused_text (ChancellorWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus && (GTK_IS_TEXT (focus) || GTK_IS_TEXT_VIEW (focus)) ? focus : NULL;
}

static void
copy_text (ChancellorWindow *self,
           const char       *text,
           const char       *done)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _chancellor_window_show_toast (self, adw_toast_new (done));
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorGame *game = chancellor_window_get_game (self);
  GtkWidget *text_field = focused_text (self);
  g_autofree char *text = NULL;

  if (g_str_equal (action_name, "win.copy-fen"))
    {
      if (text_field)
        {
          gtk_widget_activate_action (text_field, "clipboard.copy", NULL);
          return;
        }
      text = chancellor_game_get_fen (game, chancellor_board_view_get_ply (chancellor_window_get_board_view (self)));
      copy_text (self, text, _("Position copied as FEN"));
    }
  else
    {
      text = chancellor_pgn_write (game);
      copy_text (self, text, _("Game copied as PGN"));
    }
}

void
_chancellor_window_paste_text (ChancellorWindow *self,
                               const char       *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  games = chancellor_pgn_read_text (text, chancellor_game_get_variant_id (chancellor_window_get_game (self)), &error);
  if (games)
    {
      chancellor_window_show_games (self, games, NULL);
      return;
    }
  /* The game shown stays as it was. */
  _chancellor_window_show_error (self, _("Could Not Paste"), error->message);
}

static void
clipboard_read (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr (ChancellorWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    return;
  _chancellor_window_paste_text (self, text ? text : "");
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  GtkWidget *text_field = focused_text (self);

  if (text_field)
    {
      gtk_widget_activate_action (text_field, "clipboard.paste", NULL);
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clipboard_read, g_object_ref (self));
}

static void
position_chosen (ChancellorPositionEditor *editor,
                 ChancellorGame           *game,
                 ChancellorWindow         *self)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  g_ptr_array_add (games, g_object_ref (game));
  chancellor_window_show_games (self, games, NULL);
}

static void
set_up_position_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorPositionEditor *editor;

  editor = chancellor_position_editor_new (GTK_WINDOW (self), chancellor_window_get_game (self),
                                           chancellor_board_view_get_ply (chancellor_window_get_board_view (self)));
  g_signal_connect_object (editor, "position-chosen", G_CALLBACK (position_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

void
_chancellor_window_clipboard_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.set-up-position", NULL, set_up_position_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.copy-pgn", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
}
