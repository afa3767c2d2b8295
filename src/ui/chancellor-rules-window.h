/* chancellor-rules-window.h — the rules of every game.
 *
 * One game at a time, chosen in the header bar: the board and setup, each
 * piece with a diagram of where it goes from the middle of an empty board
 * (the game's own move tables, through chancellor_variant_info_get_piece_
 * reach ()), then pawns, castling, special rules and the end of the game.
 * With settings, the diagrams take the board colours chosen.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-board-view.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_RULES_WINDOW (chancellor_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorRulesWindow, chancellor_rules_window, CHANCELLOR, RULES_WINDOW, AdwWindow)

ChancellorRulesWindow *chancellor_rules_window_new (GtkWindow *parent, GSettings *settings,
                                                    const char *variant_id);

/* "variant-id": the game shown. */
const char *chancellor_rules_window_get_variant_id (ChancellorRulesWindow *self);
void chancellor_rules_window_set_variant_id (ChancellorRulesWindow *self, const char *variant_id);

G_END_DECLS
