/* chancellor-board-preview.h — a small picture of a game's position.
 *
 * A ChancellorBoardView that cannot be played on, without coordinates or
 * animation, which asks for "square-size" pixels a square (16 by default)
 * instead of the room a playing board wants.  Clicks go through it to
 * the widget below, so a preview inside a list row selects the row.
 */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-board-view.h"
#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_BOARD_PREVIEW (chancellor_board_preview_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorBoardPreview, chancellor_board_preview, CHANCELLOR, BOARD_PREVIEW, GtkWidget)

GtkWidget *chancellor_board_preview_new (void);

void chancellor_board_preview_set_game (ChancellorBoardPreview *self, ChancellorGame *game);
ChancellorGame *chancellor_board_preview_get_game (ChancellorBoardPreview *self);
void chancellor_board_preview_set_square_size (ChancellorBoardPreview *self, int square_size);
int chancellor_board_preview_get_square_size (ChancellorBoardPreview *self);
/* The board drawn, for tests. */
ChancellorBoardView *chancellor_board_preview_get_board_view (ChancellorBoardPreview *self);

G_END_DECLS
