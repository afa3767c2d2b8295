/* chancellor-new-game-dialog-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-new-game-dialog.h. */
#pragma once

#include "chancellor-new-game-dialog.h"

G_BEGIN_DECLS

/* The board drawn in the row of the game variant_id (a ChancellorBoardView
 * showing a ChancellorGame of that start), or NULL for an unknown id. */
ChancellorBoardView *chancellor_new_game_dialog_get_preview (ChancellorNewGameDialog *self,
                                                             const char              *variant_id);

/* The row choosing the computer's engine, and the level's row. */
AdwComboRow *chancellor_new_game_dialog_get_engine_row (ChancellorNewGameDialog *self);
GtkWidget *chancellor_new_game_dialog_get_level_row (ChancellorNewGameDialog *self);

G_END_DECLS
