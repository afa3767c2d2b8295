/* chancellor-marks-layer.h — the arrows and circles of the position shown,
 * drawn over a ChancellorBoardView (in the overlay that holds it), and the
 * right-button gestures that draw them, as on lichess: a right click on a
 * square rings it, a right drag from one square to another draws an arrow;
 * the same again takes it off.  Green plainly, red with Shift, blue with
 * Alt, yellow with Shift+Alt (or Ctrl).  The marks live in the game, in
 * the comment of the move shown (chancellor-marks.h), so they are saved
 * with it and follow the position as the player browses.
 */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-board-view.h"
#include "chancellor-marks.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_MARKS_LAYER (chancellor_marks_layer_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorMarksLayer, chancellor_marks_layer, CHANCELLOR, MARKS_LAYER, GtkWidget)

/* A layer for board (it takes no input itself; the gestures are board's). */
GtkWidget *chancellor_marks_layer_new (ChancellorBoardView *board);

/* What a right click (to == from) or drag does, with modifiers the
 * keyboard's (GdkModifierType): toggles the mark on the position shown. */
void chancellor_marks_layer_mark (ChancellorMarksLayer *self, int from, int to, guint modifiers);
/* Fills an arrow from the centre of the square from to that of to, in
 * cr's source (also the board's hint). */
void chancellor_marks_draw_arrow (cairo_t *cr, const graphene_rect_t *from, const graphene_rect_t *to);
/* The count of marks drawn last time (for tests). */
guint chancellor_marks_layer_get_n_drawn (ChancellorMarksLayer *self);

G_END_DECLS
