/* chancellor-board-view-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-board-view.h. */
#pragma once

#include "chancellor-board-view.h"

G_BEGIN_DECLS

ChancellorReach chancellor_board_view_get_diagram_reach (ChancellorBoardView *self, int square);
void chancellor_board_view_get_hint (ChancellorBoardView *self, int *from, int *to);
/* The selected square (piece picked up), or -1. */
int chancellor_board_view_get_selected_square (ChancellorBoardView *self);
/* The keyboard cursor's square, and what it reads to the player
 * ("White Archbishop on c1"), as set in the accessible description. */
int chancellor_board_view_get_cursor_square (ChancellorBoardView *self);
char *chancellor_board_view_dup_cursor_description (ChancellorBoardView *self);
/* The promotion chooser (a GtkPopover holding one button per choice, each
 * with the piece's name as tooltip and accessible label), or NULL when no
 * promotion is being chosen. */
GtkWidget *chancellor_board_view_get_promotion_chooser (ChancellorBoardView *self);

/* Input as the event controllers give it, for tests and scripted use: each
 * runs the very code path of the real event.
 * click_square: a press and release over square (no drag).
 * drag_square: a press on from, a drag past the threshold, a drop on to.
 * key_press: a key (GDK_KEY_Up, GDK_KEY_Return, GDK_KEY_Escape, …);
 * TRUE when handled. */
void chancellor_board_view_click_square (ChancellorBoardView *self, int square);
void chancellor_board_view_drag_square (ChancellorBoardView *self, int from, int to);
gboolean chancellor_board_view_key_press (ChancellorBoardView *self, guint keyval);

G_END_DECLS
