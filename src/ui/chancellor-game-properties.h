/* chancellor-game-properties.h — the Game Properties window: the PGN
 * header of the game shown (Event, Site, Date, Round, White, Black) to read
 * and edit, and what the game itself says (the game played, the Prime
 * Ministers start number, the result and how the game ended).
 *
 * Edits are applied as they are typed (at the next idle, and at the latest
 * when the window closes), through chancellor_game_set_tag (so
 * the game's document counts as changed): an emptied row removes its tag,
 * which the PGN writer then gives as "?".  A date that is not PGN's
 * "YYYY.MM.DD" (with "??" for a part not known) is marked as an error,
 * with why under it, and not applied while the window is open; closed,
 * the window keeps it as typed, so that nothing typed is lost.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_GAME_PROPERTIES (chancellor_game_properties_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorGameProperties, chancellor_game_properties, CHANCELLOR, GAME_PROPERTIES,
                      AdwPreferencesWindow)

/* Modal over parent, on game (the "game" property, construct-only). */
ChancellorGameProperties *chancellor_game_properties_new (GtkWindow *parent, ChancellorGame *game);
ChancellorGame *chancellor_game_properties_get_game (ChancellorGameProperties *self);

/* The row that edits tag ("Event", "Site", "Date", "Round", "White",
 * "Black"), or NULL. */
AdwEntryRow *chancellor_game_properties_get_tag_row (ChancellorGameProperties *self, const char *tag);

/* A PGN Date value: "YYYY.MM.DD", any part "??" (the year "????") when not
 * known; a month 01..12 and a day 01..31 where they are given. */
gboolean chancellor_game_properties_date_is_valid (const char *date);

/* Why date is not such a value, in a sentence; NULL when it is one. */
char *chancellor_game_properties_dup_date_problem (const char *date);

G_END_DECLS
