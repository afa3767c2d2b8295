/* chancellor-move-list.h — the moves of a game in numbered pairs, in SAN.
 *
 * The move list shows which position is on the board ("ply", 0 = start ..
 * n_moves = live): clicking a move shows the position after it; Home, End,
 * Left and Right step through the game.  While it shows the live position
 * it follows the game as moves are made.  The result closes the list.
 */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_MOVE_LIST (chancellor_move_list_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorMoveList, chancellor_move_list, CHANCELLOR, MOVE_LIST, GtkWidget)

GtkWidget *chancellor_move_list_new (void);

void chancellor_move_list_set_game (ChancellorMoveList *self, ChancellorGame *game);
ChancellorGame *chancellor_move_list_get_game (ChancellorMoveList *self);
void chancellor_move_list_set_ply (ChancellorMoveList *self, guint ply);
guint chancellor_move_list_get_ply (ChancellorMoveList *self);

/* What the list shows, for tests and accessibility: the number of rows
 * (move pairs), one row as text ("1. e4 e5", "1… e5") and the result line
 * ("" while the game goes on). */
guint chancellor_move_list_get_n_rows (ChancellorMoveList *self);
char *chancellor_move_list_dup_row_text (ChancellorMoveList *self, guint row);
const char *chancellor_move_list_get_result_text (ChancellorMoveList *self);

G_END_DECLS
