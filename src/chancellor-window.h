/* chancellor-window.h — the main window: the board, the move list, the
 * header bar with New Game, Undo/Redo, Flip and the main menu.
 *
 * Window actions: win.undo, win.redo, win.flip (the "flipped" property),
 * win.claim-draw, win.resign, win.keep-array (relocation phase) and
 * win.start-game (a game id: a new game of that game).
 */
#pragma once

#include <adwaita.h>

#include "chancellor-application.h"
#include "chancellor-board-view.h"
#include "chancellor-game.h"
#include "chancellor-move-list.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_WINDOW (chancellor_window_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorWindow, chancellor_window, CHANCELLOR, WINDOW, AdwApplicationWindow)

ChancellorWindow *chancellor_window_new (ChancellorApplication *application);

/* The game shown; setting one replaces the game being played. */
ChancellorGame *chancellor_window_get_game (ChancellorWindow *self);
void chancellor_window_set_game (ChancellorWindow *self, ChancellorGame *game);
/* A new game of variant_id from its start (Prime Ministers Random Chess:
 * one of its 8,400 arrays at random); FALSE with error for an unknown id. */
gboolean chancellor_window_start_variant (ChancellorWindow *self, const char *variant_id, GError **error);
/* Opens the list of games under the New Game button. */
void chancellor_window_show_new_game_chooser (ChancellorWindow *self);

ChancellorBoardView *chancellor_window_get_board_view (ChancellorWindow *self);
ChancellorMoveList *chancellor_window_get_move_list (ChancellorWindow *self);
/* The line under the title: whose move it is, or how the game ended. */
const char *chancellor_window_get_status (ChancellorWindow *self);
/* The text of the latest toast, or NULL (for tests). */
const char *chancellor_window_get_last_toast (ChancellorWindow *self);

G_END_DECLS
