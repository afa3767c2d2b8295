/* chancellor-move-list-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-move-list.h. */
#pragma once

#include "chancellor-move-list.h"

G_BEGIN_DECLS

/* What the list shows, for tests and accessibility: the number of rows
 * (move pairs), one row as text ("1. e4 e5", "1… e5") and the result line
 * ("" while the game goes on). */
guint chancellor_move_list_get_n_rows (ChancellorMoveList *self);
char *chancellor_move_list_dup_row_text (ChancellorMoveList *self, guint row);
const char *chancellor_move_list_get_result_text (ChancellorMoveList *self);
/* The notes shown after ply's move (ply 0: before the first move): the
 * comment, then each variation in brackets, one a line ("" for none). */
char *chancellor_move_list_dup_notes_text (ChancellorMoveList *self, guint ply);
/* What a screen reader says for ply's move ("Knight to f3, good move,
 * comment: …"). */
char *chancellor_move_list_dup_spoken_move (ChancellorMoveList *self, guint ply);

G_END_DECLS
