/* chancellor-move-list.h — the moves of a game in numbered pairs, in SAN.
 *
 * The move list shows which position is on the board ("ply", 0 = start ..
 * n_moves = live): clicking a move shows the position after it; Home, End,
 * Left and Right step through the game.  While it shows the live position
 * it follows the game as moves are made.  The result closes the list.
 *
 * The game's annotations show with its moves: the NAGs as symbols after the
 * SAN ("Nf3!? ±"), the comment after a move (the one before the first move
 * at the top) without its [%eval]-style commands, and each variation
 * indented under the move it replaces.  A White move with notes ends its
 * row; Black's reply follows on a row of its own ("12… Nc6").
 *
 * Actions, on the move shown (also in a move's context menu and the
 * Annotate button): move-list.edit-comment (a popover with the comment;
 * move-list.save-comment keeps the text), move-list.set-nag (a NAG 1..6,
 * 0 for none: replaces the move's assessment, keeps its position NAGs) and
 * move-list.clear-variations.
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

/* Opens the comment editor on the move shown (the game's first comment at
 * the start position). */
void chancellor_move_list_edit_comment (ChancellorMoveList *self);

G_END_DECLS
