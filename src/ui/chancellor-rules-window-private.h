/* chancellor-rules-window-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-rules-window.h. */
#pragma once

#include "chancellor-rules-window.h"

G_BEGIN_DECLS

/* The diagrams shown, one per piece type in the game's order (the King
 * first, then the Pawn, then the rest), for tests. */
guint chancellor_rules_window_get_n_diagrams (ChancellorRulesWindow *self);
ChancellorBoardView *chancellor_rules_window_get_diagram (ChancellorRulesWindow *self, guint index);
/* The square each diagram's piece stands on. */
int chancellor_rules_window_get_diagram_square (ChancellorRulesWindow *self, guint index);
/* All the text shown, headings and paragraphs, one per line. */
char *chancellor_rules_window_dup_text (ChancellorRulesWindow *self);

G_END_DECLS
