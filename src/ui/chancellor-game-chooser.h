/* chancellor-game-chooser.h — the games of a file with several, to pick
 * the one to open: players, event, date, result, game and length, with a
 * search over them.
 *
 * "game-chosen" (ChancellorGame *game) is emitted when a game is opened
 * (a row activated, or Open); the chooser then closes.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_GAME_CHOOSER (chancellor_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorGameChooser, chancellor_game_chooser, CHANCELLOR, GAME_CHOOSER, AdwWindow)

/* games: ChancellorGame, in the file's order; file_name for the subtitle. */
ChancellorGameChooser *chancellor_game_chooser_new (GtkWindow *parent, GPtrArray *games, const char *file_name);

/* "White – Black" and "Event · Date · Game · 12 moves · 1-0" for a game. */
char *chancellor_game_chooser_describe_players (ChancellorGame *game);
char *chancellor_game_chooser_describe_details (ChancellorGame *game);

G_END_DECLS
