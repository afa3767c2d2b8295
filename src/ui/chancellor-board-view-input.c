/* chancellor-board-view-input.c — how the board is played on: press and
 * release, drag and drop, the keyboard cursor, the promotion chooser and
 * the relocation choice, each through the same path as the input that
 * tests and scripts give (chancellor-board-view-private.h).  The game
 * decides every rule; the view only selects, marks and asks it.
 */
#define G_LOG_DOMAIN "chancellor-board-view"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chancellor-board-view-private.h"

/* Playing */

static gboolean
board_view_is_live (ChancellorBoardView *self)
{
  return self->game != NULL && self->ply == chancellor_game_get_n_moves (self->game);
}

/* Whether the position shown takes a move: the live one while the game is
 * played, an earlier one (a side line) once the arrays are chosen. */
static gboolean
board_view_can_play_here (ChancellorBoardView *self)
{
  ChancellorPhase phase;

  if (self->game == NULL)
    return FALSE;
  phase = chancellor_game_get_phase (self->game);
  if (board_view_is_live (self))
    return phase == CHANCELLOR_PHASE_PLAYING;
  return phase != CHANCELLOR_PHASE_RELOCATION;
}

static gboolean
board_view_is_movable (ChancellorBoardView *self,
                       int                  square)
{
  ChancellorPiece piece;

  if (!board_view_can_play_here (self) || !self->interactive)
    return FALSE;

  piece = _chancellor_board_view_piece (self, square);
  return piece.present && piece.color == chancellor_game_get_side_to_move (self->game, self->ply);
}

static void
board_view_select (ChancellorBoardView *self,
                   int                  square)
{
  _chancellor_board_view_clear_selection (self);
  self->selected = square;
  chancellor_game_get_targets_at (self->game, self->ply, square, self->targets);
}

static void
board_view_play (ChancellorBoardView *self,
                 int                  from,
                 int                  to,
                 int                  promotion,
                 gboolean             dropped)
{
  g_autoptr(GError) error = NULL;

  _chancellor_board_view_clear_selection (self);
  /* The game emits "changed", which starts the animation, from inside
   * play. */
  self->dropping = dropped;
  if (board_view_is_live (self))
    {
      if (!chancellor_game_play (self->game, from, to, promotion, &error))
        {
          _chancellor_board_view_flash_refused (self, to);
          _chancellor_board_view_emit_error (self, error->message);
        }
    }
  else if (!_chancellor_board_view_emit_side_line_move (self, from, to, promotion))
    {
      guint played;

      if (chancellor_game_play_at (self->game, self->ply, from, to, promotion, &played, &error))
        _chancellor_board_view_show_played (self, played);
      else
        {
          _chancellor_board_view_flash_refused (self, to);
          _chancellor_board_view_emit_error (self, error->message);
        }
    }
  self->dropping = FALSE;
}

static void
on_promotion_clicked (GtkButton *button,
                      gpointer   user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);
  int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "promotion-type"));
  int from = self->promotion_from, to = self->promotion_to;
  gboolean dropped = self->promotion_dropped;

  if (from < 0)
    return;

  _chancellor_board_view_close_promotion (self);
  board_view_play (self, from, to, type, dropped);
}

static void
on_promotion_closed (GtkPopover *popover,
                     gpointer    user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);

  /* Closed without a choice: the move is not made. */
  if (self->promotion_from >= 0)
    {
      self->promotion_from = -1;
      self->promotion_to = -1;
      _chancellor_board_view_clear_selection (self);
    }
}

static void
board_view_open_promotion (ChancellorBoardView *self,
                           int                  from,
                           int                  to,
                           gboolean             dropped)
{
  ChancellorColor color = chancellor_game_get_side_to_move (self->game, self->ply);
  int types[MAX_TYPES];
  int n_types = chancellor_game_get_promotion_types (self->game, types, MAX_TYPES);
  int origin_x, origin_y, size, x, y;
  GtkWidget *box;

  if (self->promotion_popover == NULL)
    {
      self->promotion_popover = gtk_popover_new ();
      gtk_widget_add_css_class (self->promotion_popover, "promotion-chooser");
      gtk_widget_set_parent (self->promotion_popover, GTK_WIDGET (self));
      g_signal_connect_object (self->promotion_popover, "closed", G_CALLBACK (on_promotion_closed),
                               self, G_CONNECT_DEFAULT);
    }

  self->promotion_from = from;
  self->promotion_to = to;
  self->promotion_dropped = dropped;

  _chancellor_board_view_get_geometry (self, &origin_x, &origin_y, &size);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Promote to"), -1);
  for (int i = 0; i < n_types; i++)
    {
      ChancellorPiece piece = { (guint8) types[i], (guint8) color, TRUE };
      const char *name = chancellor_game_get_piece_name (self->game, types[i]);
      int pixels = (int) ceil (size * _chancellor_board_view_get_scale (self));
      GdkTexture *texture = _chancellor_board_view_get_texture (self, piece, pixels);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

      gtk_image_set_pixel_size (GTK_IMAGE (image), CLAMP (size, 32, 72));
      gtk_button_set_child (GTK_BUTTON (button), image);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_object_set_data (G_OBJECT (button), "promotion-type", GINT_TO_POINTER (types[i]));
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_promotion_clicked), self,
                               G_CONNECT_DEFAULT);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->promotion_popover), box);

  _chancellor_board_view_square_origin (self, to, origin_x, origin_y, size, &x, &y);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->promotion_popover),
                               &(GdkRectangle) { x, y, size, size });
  gtk_popover_set_position (GTK_POPOVER (self->promotion_popover),
                            y < gtk_widget_get_height (GTK_WIDGET (self)) / 2 ? GTK_POS_BOTTOM : GTK_POS_TOP);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_popover_popup (GTK_POPOVER (self->promotion_popover));
}

static void
board_view_try_move (ChancellorBoardView *self,
                     int                  from,
                     int                  to,
                     gboolean             dropped)
{
  if (chancellor_game_move_needs_promotion_at (self->game, self->ply, from, to))
    board_view_open_promotion (self, from, to, dropped);
  else
    board_view_play (self, from, to, -1, dropped);
}

/* The relocation phase (doc/rules.md, Capablanca Relocation Chess, Special
 * Rules): the game offers the squares a piece may swap with, from the
 * engine's check; the board only marks them and passes the choice on. */
static void
board_view_relocation_press (ChancellorBoardView *self,
                             int                  square)
{
  ChancellorColor color = chancellor_game_get_relocating_color (self->game);
  int rank = color == CHANCELLOR_COLOR_WHITE ? 0 : self->ranks - 1;
  ChancellorPiece piece = _chancellor_board_view_piece (self, square);
  g_autoptr(GError) error = NULL;
  int file_a;

  if (!self->interactive || !board_view_is_live (self))
    return;
  if (square / self->files != rank || !piece.present || piece.color != color
      || square == self->selected)
    {
      _chancellor_board_view_clear_selection (self);
      return;
    }

  if (self->selected < 0)
    {
      _chancellor_board_view_clear_selection (self);
      self->selected = square;
      chancellor_game_get_relocation_targets (self->game, square, self->targets);
      return;
    }

  file_a = self->selected % self->files;
  _chancellor_board_view_clear_selection (self);
  if (!chancellor_game_relocate (self->game, file_a, square % self->files, &error))
    _chancellor_board_view_emit_error (self, error->message);
}

/* The selected piece was sent where it cannot go.  Worth a word when the
 * destinations are hidden, or when the piece has none (check, a pin). */
static void
board_view_refuse_move (ChancellorBoardView *self,
                        int                  from,
                        int                  to)
{
  gboolean has_targets = FALSE;
  g_autofree char *reason = NULL;

  for (int square = 0; square < _chancellor_board_view_n_squares (self); square++)
    has_targets |= self->targets[square];

  _chancellor_board_view_flash_refused (self, to);
  /* In check the game says which rule refuses it (Carrera's double step is
   * refused although it would block the check). */
  if (!has_targets && chancellor_game_get_check_square (self->game, self->ply) >= 0)
    reason = chancellor_game_dup_refusal_at (self->game, self->ply, from, to);
  if (reason != NULL)
    _chancellor_board_view_emit_error (self, reason);
  else if (!has_targets && chancellor_game_get_check_square (self->game, self->ply) >= 0)
    _chancellor_board_view_emit_error (self, _("The King is in check."));
  else if (!has_targets)
    _chancellor_board_view_emit_error (self, _("This piece cannot move."));
  else if (!self->show_legal_moves)
    _chancellor_board_view_emit_error (self, _("That move is not allowed."));
}

/* A press on square, from the pointer or the keyboard. */
static void
board_view_press (ChancellorBoardView *self,
                  int                  square)
{
  self->deselect_on_release = FALSE;
  if (self->game == NULL)
    return;
  if (!self->interactive && self->idle_message != NULL)
    {
      _chancellor_board_view_emit_error (self, self->idle_message);
      return;
    }
  if (square < 0 || square >= _chancellor_board_view_n_squares (self))
    {
      _chancellor_board_view_clear_selection (self);
      return;
    }

  if (chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_RELOCATION)
    {
      board_view_relocation_press (self, square);
      return;
    }

  if (!board_view_can_play_here (self))
    return;

  if (self->selected >= 0 && square != self->selected && self->targets[square]
      && board_view_is_movable (self, self->selected))
    {
      board_view_try_move (self, self->selected, square, FALSE);
      return;
    }

  if (board_view_is_movable (self, square))
    {
      if (square == self->selected)
        self->deselect_on_release = TRUE;
      else
        board_view_select (self, square);
      return;
    }

  if (self->selected >= 0)
    board_view_refuse_move (self, self->selected, square);
  _chancellor_board_view_clear_selection (self);
}

static void
board_view_release (ChancellorBoardView *self)
{
  if (self->deselect_on_release)
    _chancellor_board_view_clear_selection (self);
  self->deselect_on_release = FALSE;
}

/* A click, Escape or the focus leaving: the arrows browse the game again. */
static void
board_view_hide_cursor (ChancellorBoardView *self)
{
  if (self->cursor_visible)
    {
      self->cursor_visible = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  gpointer         user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  board_view_hide_cursor (self);
  board_view_press (self, _chancellor_board_view_square_at (self, x, y));
}

static void
on_click_released (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   gpointer         user_data)
{
  board_view_release (CHANCELLOR_BOARD_VIEW (user_data));
}

static void
on_click_stopped (GtkGestureClick *gesture,
                  gpointer         user_data)
{
  CHANCELLOR_BOARD_VIEW (user_data)->deselect_on_release = FALSE;
}

static void
board_view_drag_begin (ChancellorBoardView *self,
                       double               x,
                       double               y)
{
  int square = _chancellor_board_view_square_at (self, x, y);

  _chancellor_board_view_end_drag (self);
  if (square >= 0 && board_view_is_movable (self, square))
    self->drag_from = square;
  self->drag_start_x = self->drag_x = x;
  self->drag_start_y = self->drag_y = y;
}

static void
board_view_drag_update (ChancellorBoardView *self,
                        double               offset_x,
                        double               offset_y)
{
  if (self->drag_from < 0)
    return;

  if (!self->dragging)
    {
      if (hypot (offset_x, offset_y) < DRAG_THRESHOLD)
        return;
      self->dragging = TRUE;
      self->deselect_on_release = FALSE;
      if (self->selected != self->drag_from)
        board_view_select (self, self->drag_from);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  self->drag_x = self->drag_start_x + offset_x;
  self->drag_y = self->drag_start_y + offset_y;
  self->hover_square = _chancellor_board_view_square_at (self, self->drag_x, self->drag_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
board_view_drag_end (ChancellorBoardView *self,
                     double               offset_x,
                     double               offset_y)
{
  int from = self->drag_from, to;

  if (!self->dragging)
    {
      self->drag_from = -1;
      return;
    }

  to = _chancellor_board_view_square_at (self, self->drag_start_x + offset_x, self->drag_start_y + offset_y);
  _chancellor_board_view_end_drag (self);
  if (to >= 0 && to != from && self->targets[to] && board_view_is_movable (self, from))
    board_view_try_move (self, from, to, TRUE);
  else if (to != from)
    {
      if (to >= 0)
        board_view_refuse_move (self, from, to);
      _chancellor_board_view_clear_selection (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               gpointer        user_data)
{
  board_view_drag_begin (CHANCELLOR_BOARD_VIEW (user_data), x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                gpointer        user_data)
{
  board_view_drag_update (CHANCELLOR_BOARD_VIEW (user_data), offset_x, offset_y);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             gpointer        user_data)
{
  board_view_drag_end (CHANCELLOR_BOARD_VIEW (user_data), offset_x, offset_y);
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                gpointer          user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);

  _chancellor_board_view_end_drag (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Keyboard */

static int
board_view_initial_cursor (ChancellorBoardView *self)
{
  ChancellorColor side;

  if (self->selected >= 0)
    return self->selected;

  side = chancellor_game_get_side_to_move (self->game, self->ply);
  for (int square = 0; square < _chancellor_board_view_n_squares (self); square++)
    {
      ChancellorPiece piece = _chancellor_board_view_piece (self, square);

      if (piece.present && piece.type == 0 && piece.color == side)   /* type 0 is the King */
        return square;
    }
  return 0;
}

static void
board_view_move_cursor (ChancellorBoardView *self,
                        int                  right,
                        int                  up)
{
  int file, rank;

  if (!self->cursor_visible || self->cursor < 0)
    {
      if (self->cursor < 0)
        self->cursor = board_view_initial_cursor (self);
      self->cursor_visible = TRUE;
    }
  else
    {
      if (self->flipped)
        {
          right = -right;
          up = -up;
        }
      file = CLAMP (self->cursor % self->files + right, 0, self->files - 1);
      rank = CLAMP (self->cursor / self->files + up, 0, self->ranks - 1);
      self->cursor = rank * self->files + file;
    }

  _chancellor_board_view_update_description (self, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                gpointer               user_data)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  return chancellor_board_view_key_press (CHANCELLOR_BOARD_VIEW (user_data), keyval);
}

static void
on_focus_leave (GtkEventControllerFocus *controller,
                gpointer                 user_data)
{
  board_view_hide_cursor (CHANCELLOR_BOARD_VIEW (user_data));
}

/* GtkWidget */


/* Input for tests and scripted use, and what it leaves */

int
chancellor_board_view_get_selected_square (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), -1);

  return self->selected;
}

int
chancellor_board_view_get_cursor_square (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), -1);

  return self->cursor_visible ? self->cursor : -1;
}

char *
chancellor_board_view_dup_cursor_description (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  return _chancellor_board_view_describe_square (self, self->cursor);
}

GtkWidget *
chancellor_board_view_get_promotion_chooser (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  return self->promotion_from >= 0 ? self->promotion_popover : NULL;
}

void
chancellor_board_view_click_square (ChancellorBoardView *self,
                                    int                  square)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  board_view_press (self, square);
  board_view_release (self);
}

void
chancellor_board_view_drag_square (ChancellorBoardView *self,
                                   int                  from,
                                   int                  to)
{
  graphene_rect_t from_bounds, to_bounds;
  double x, y;

  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  if (!chancellor_board_view_get_square_bounds (self, from, &from_bounds)
      || !chancellor_board_view_get_square_bounds (self, to, &to_bounds))
    return;

  x = from_bounds.origin.x + from_bounds.size.width / 2;
  y = from_bounds.origin.y + from_bounds.size.height / 2;
  board_view_press (self, from);
  board_view_drag_begin (self, x, y);
  board_view_drag_update (self, (to_bounds.origin.x - from_bounds.origin.x) / 2,
                          (to_bounds.origin.y - from_bounds.origin.y) / 2 + DRAG_THRESHOLD);
  board_view_drag_update (self, to_bounds.origin.x - from_bounds.origin.x,
                          to_bounds.origin.y - from_bounds.origin.y);
  board_view_drag_end (self, to_bounds.origin.x - from_bounds.origin.x,
                       to_bounds.origin.y - from_bounds.origin.y);
}

gboolean
chancellor_board_view_key_press (ChancellorBoardView *self,
                                 guint                keyval)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      board_view_move_cursor (self, 0, 1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      board_view_move_cursor (self, 0, -1);
      return TRUE;
    /* Left and Right browse the game until the cursor shows. */
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (!self->cursor_visible)
        return FALSE;
      board_view_move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (!self->cursor_visible)
        return FALSE;
      board_view_move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (!self->cursor_visible || self->cursor < 0)
        {
          board_view_move_cursor (self, 0, 0);
          return TRUE;
        }
      board_view_press (self, self->cursor);
      board_view_release (self);
      _chancellor_board_view_update_description (self, TRUE);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected >= 0 || self->promotion_from >= 0 || self->dragging)
        chancellor_board_view_cancel (self);
      else if (self->cursor_visible)
        board_view_hide_cursor (self);
      else
        return FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}


void
_chancellor_board_view_init_input (ChancellorBoardView *self)
{
  GtkGesture *click, *drag;
  GtkEventController *key, *focus;

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  g_signal_connect (click, "stopped", G_CALLBACK (on_click_stopped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}
