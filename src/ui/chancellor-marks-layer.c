/* chancellor-marks-layer.c — arrows and circles over the board
 * (chancellor-marks-layer.h). */
#define G_LOG_DOMAIN "chancellor-marks-layer"

#include "config.h"

#include <math.h>

#include "chancellor-marks-layer.h"

struct _ChancellorMarksLayer {
  GtkWidget parent_instance;

  ChancellorBoardView *board;   /* weak */
  ChancellorGame *game;         /* the board's, watched for comment changes */
  int drag_from;                /* -1 without a right drag */
  guint n_drawn;
};

G_DEFINE_FINAL_TYPE (ChancellorMarksLayer, chancellor_marks_layer, GTK_TYPE_WIDGET)

static void
mark_color (char     color,
            GdkRGBA *rgba)
{
  switch (color)
    {
    case 'R':
      *rgba = (GdkRGBA) { 0.80, 0.16, 0.12, 0.75 };
      break;
    case 'B':
      *rgba = (GdkRGBA) { 0.10, 0.40, 0.80, 0.75 };
      break;
    case 'Y':
      *rgba = (GdkRGBA) { 0.90, 0.66, 0.05, 0.80 };
      break;
    default:
      *rgba = (GdkRGBA) { 0.12, 0.55, 0.20, 0.75 };
      break;
    }
}

/* square's bounds in the layer's coordinates. */
static gboolean
square_bounds (ChancellorMarksLayer *self,
               int                   square,
               graphene_rect_t      *bounds)
{
  double x, y;

  if (!self->board || !chancellor_board_view_get_square_bounds (self->board, square, bounds))
    return FALSE;
  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self->board), GTK_WIDGET (self), bounds->origin.x,
                                         bounds->origin.y, &x, &y))
    return FALSE;
  bounds->origin.x = (float) x;
  bounds->origin.y = (float) y;
  return TRUE;
}

void
chancellor_marks_draw_arrow (cairo_t               *cr,
                             const graphene_rect_t *from,
                             const graphene_rect_t *to)
{
  double size = from->size.width;
  double x0 = from->origin.x + size / 2, y0 = from->origin.y + size / 2;
  double x1 = to->origin.x + size / 2, y1 = to->origin.y + size / 2;
  double angle = atan2 (y1 - y0, x1 - x0), length = hypot (x1 - x0, y1 - y0);
  double head = size * 0.42, shaft = size * 0.16;

  cairo_save (cr);
  cairo_translate (cr, x0, y0);
  cairo_rotate (cr, angle);
  /* From the start square's edge, so the piece there stays in sight. */
  cairo_move_to (cr, size * 0.25, -shaft / 2);
  cairo_line_to (cr, length - head, -shaft / 2);
  cairo_line_to (cr, length - head, -head / 2);
  cairo_line_to (cr, length, 0);
  cairo_line_to (cr, length - head, head / 2);
  cairo_line_to (cr, length - head, shaft / 2);
  cairo_line_to (cr, size * 0.25, shaft / 2);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
chancellor_marks_layer_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  ChancellorMarksLayer *self = CHANCELLOR_MARKS_LAYER (widget);
  g_autoptr (GArray) marks = NULL;
  cairo_t *cr;

  self->n_drawn = 0;
  if (!self->board || !self->game)
    return;
  marks = chancellor_marks_get (self->game, chancellor_board_view_get_ply (self->board));
  if (marks->len == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (widget),
                                                                   (float) gtk_widget_get_height (widget)));
  for (guint i = 0; i < marks->len; i++)
    {
      ChancellorMark *mark = &g_array_index (marks, ChancellorMark, i);
      graphene_rect_t from, to;
      GdkRGBA rgba;

      if (!square_bounds (self, mark->from, &from) || !square_bounds (self, mark->to, &to))
        continue;
      mark_color (mark->color, &rgba);
      gdk_cairo_set_source_rgba (cr, &rgba);
      if (mark->from == mark->to)
        {
          double size = from.size.width;

          cairo_set_line_width (cr, size * 0.08);
          cairo_arc (cr, from.origin.x + size / 2, from.origin.y + size / 2, size * 0.45, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        chancellor_marks_draw_arrow (cr, &from, &to);
      self->n_drawn++;
    }
  cairo_destroy (cr);
}

static int
square_at (ChancellorMarksLayer *self,
           double                x,
           double                y)
{
  ChancellorGame *game = self->game;
  int squares = game ? chancellor_game_get_files (game) * chancellor_game_get_ranks (game) : 0;

  for (int sq = 0; sq < squares; sq++)
    {
      graphene_rect_t bounds;

      if (chancellor_board_view_get_square_bounds (self->board, sq, &bounds)
          && graphene_rect_contains_point (&bounds, &GRAPHENE_POINT_INIT ((float) x, (float) y)))
        return sq;
    }
  return -1;
}

static void
drag_begin (GtkGestureDrag       *gesture,
            double                x,
            double                y,
            ChancellorMarksLayer *self)
{
  self->drag_from = square_at (self, x, y);
  if (self->drag_from < 0)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_end (GtkGestureDrag       *gesture,
          double                dx,
          double                dy,
          ChancellorMarksLayer *self)
{
  double x, y;
  int to;

  if (self->drag_from < 0 || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  to = square_at (self, x + dx, y + dy);
  if (to >= 0)
    chancellor_marks_layer_mark (self, self->drag_from, to,
                                 gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  self->drag_from = -1;
}

static void
annotation_changed (ChancellorMarksLayer *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
board_game_changed (ChancellorMarksLayer *self)
{
  ChancellorGame *game = self->board ? chancellor_board_view_get_game (self->board) : NULL;

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_object (game, "annotation-changed", G_CALLBACK (annotation_changed), self, G_CONNECT_SWAPPED);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
chancellor_marks_layer_dispose (GObject *object)
{
  ChancellorMarksLayer *self = CHANCELLOR_MARKS_LAYER (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_weak_pointer (&self->board);
  G_OBJECT_CLASS (chancellor_marks_layer_parent_class)->dispose (object);
}

static void
chancellor_marks_layer_class_init (ChancellorMarksLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chancellor_marks_layer_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = chancellor_marks_layer_snapshot;
}

static void
chancellor_marks_layer_init (ChancellorMarksLayer *self)
{
  self->drag_from = -1;
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
chancellor_marks_layer_new (ChancellorBoardView *board)
{
  ChancellorMarksLayer *self;
  GtkGesture *drag;

  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (board), NULL);

  self = g_object_new (CHANCELLOR_TYPE_MARKS_LAYER, NULL);
  g_set_weak_pointer (&self->board, board);
  g_signal_connect_object (board, "notify::game", G_CALLBACK (board_game_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "notify::ply", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "notify::flipped", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  /* A right click is a drag that ends where it began. */
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (drag_end), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (board), GTK_EVENT_CONTROLLER (drag));
  board_game_changed (self);
  return GTK_WIDGET (self);
}

void
chancellor_marks_layer_mark (ChancellorMarksLayer *self,
                             int                   from,
                             int                   to,
                             guint                 modifiers)
{
  gboolean shift = (modifiers & GDK_SHIFT_MASK) != 0, alt = (modifiers & GDK_ALT_MASK) != 0;
  ChancellorMark mark;

  g_return_if_fail (CHANCELLOR_IS_MARKS_LAYER (self));

  if (!self->game || !self->board)
    return;
  mark.from = from;
  mark.to = to;
  if ((shift && alt) || (modifiers & GDK_CONTROL_MASK))
    mark.color = 'Y';
  else if (shift)
    mark.color = 'R';
  else if (alt)
    mark.color = 'B';
  else
    mark.color = 'G';
  chancellor_marks_toggle (self->game, chancellor_board_view_get_ply (self->board), mark);
}

guint
chancellor_marks_layer_get_n_drawn (ChancellorMarksLayer *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MARKS_LAYER (self), 0);

  return self->n_drawn;
}
