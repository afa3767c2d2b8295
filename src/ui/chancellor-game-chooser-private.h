/* chancellor-game-chooser-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-game-chooser.h. */
#pragma once

#include "chancellor-game-chooser.h"

G_BEGIN_DECLS

/* How many games are listed (after the search), and their text as rows
 * show it (for tests). */
guint chancellor_game_chooser_get_n_shown (ChancellorGameChooser *self);
char *chancellor_game_chooser_dup_row_text (ChancellorGameChooser *self, guint position);
/* Opens the game listed at position, as activating its row does. */
void chancellor_game_chooser_choose (ChancellorGameChooser *self, guint position);
/* The search entry (for tests). */
GtkWidget *chancellor_game_chooser_get_search_entry (ChancellorGameChooser *self);
/* Shows only the games whose text holds every word of query. */
void chancellor_game_chooser_set_query (ChancellorGameChooser *self, const char *query);

G_END_DECLS
