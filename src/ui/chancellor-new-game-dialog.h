/* chancellor-new-game-dialog.h — the New Game chooser: a modal window over
 * the main window listing every game (name, board size, a preview of
 * the start and a summary of the rules), the start options of the game
 * chosen, who plays each side and the clock.
 *
 * The choices are remembered in GSettings when a game is started.  Start
 * (the "new-game.start" action; also activating a game's row) emits
 * "start" with a ChancellorGameSetup of its own, then closes the window;
 * Cancel or Escape ("window.close") closes it and forgets the changes.
 * "new-game.random-start" picks another Prime Ministers start at random.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-board-view.h"
#include "chancellor-engine-list.h"
#include "chancellor-game-setup.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_NEW_GAME_DIALOG (chancellor_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorNewGameDialog, chancellor_new_game_dialog, CHANCELLOR, NEW_GAME_DIALOG, AdwWindow)

/* Modal over parent, which may be NULL; the choices start from settings
 * (the application's, or NULL: not remembered) and are stored there when
 * a game starts. */
ChancellorNewGameDialog *chancellor_new_game_dialog_new (GtkWindow *parent, GSettings *settings);

/* The external engines offered for the computer player (with the
 * built-in one, those that play the game chosen); NULL: the built-in
 * engine alone. */
void chancellor_new_game_dialog_set_engine_list (ChancellorNewGameDialog *self, ChancellorEngineList *engines);

/* The choices as they stand, bound to the dialog's rows. */
ChancellorGameSetup *chancellor_new_game_dialog_get_setup (ChancellorNewGameDialog *self);

/* Offers to continue from a position of the game shown (described as
 * position, "After 12… Nf6"), switched on when active: Start then means
 * that position with the players and clock chosen, and the game list
 * rests.  Whether it is on: */
void chancellor_new_game_dialog_offer_continue (ChancellorNewGameDialog *self, const char *position,
                                                gboolean active);
gboolean chancellor_new_game_dialog_get_continue (ChancellorNewGameDialog *self);

G_END_DECLS
