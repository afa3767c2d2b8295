/* chancellor-window-layout.h — the board beside its panel, or above it.
 *
 * The layout manager of the window's content: its first child is the
 * board, its second the side panel (players, clocks, analysis, moves).
 * Where the panel beside the board leaves the board clearly smaller than
 * it would be with the panel under it, or leaves no room at all, the panel
 * goes under the board and the board takes the full width ("narrow");
 * either way the board gets all the room its shape can use, so no empty
 * band is left beside or above it.  Works down to a window 360 px wide.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_WINDOW_LAYOUT (chancellor_window_layout_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorWindowLayout, chancellor_window_layout, CHANCELLOR, WINDOW_LAYOUT,
                      GtkLayoutManager)

GtkLayoutManager *chancellor_window_layout_new (void);
/* Whether the last allocation put the panel under the board. */
gboolean chancellor_window_layout_get_narrow (ChancellorWindowLayout *self);
/* Decides, before any allocation, for content of that size: a window
 * opening narrow has its narrow header bar from the first frame. */
void chancellor_window_layout_decide (ChancellorWindowLayout *self, int width, int height);

G_END_DECLS
