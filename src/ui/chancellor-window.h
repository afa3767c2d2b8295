/* chancellor-window.h — the main window: the board, the move list, the
 * header bar with New Game, Undo/Redo, Flip and the main menu.
 *
 * Window actions: win.undo, win.redo, win.flip (the "flipped" property),
 * win.claim-draw, win.resign, win.keep-array (relocation phase),
 * win.start-game (a game id: a new game of that game), win.new-game (the
 * New Game chooser), win.hint (the computer's move marked on the board),
 * win.analyse (the "analysing" property: evaluation bar, score and line of
 * the position shown), win.pause (the "paused" property: clocks and
 * computer stand still), win.rules (the Rules window, on the game
 * shown) and win.edit-comment (the move list's comment editor, on the move
 * shown).  The board follows the settings board-theme, show-legal-moves,
 * show-coordinates and animate-moves.
 *
 * Files (chancellor-window-files.c): win.open (a file dialog), win.open-recent
 * (a URI), win.save and win.save-as; a file dropped on the window opens
 * too.  Before a game with unsaved changes is replaced (New Game, Open) or
 * the window closes, the player is asked to save it.  Each window keeps
 * such a game in an autosave file of its own, rewritten a moment after
 * each change and removed once the game is saved or discarded; a window
 * that goes without being asked (the program quits) leaves it, and
 * chancellor_window_offer_autosave offers it back.
 *
 * The whole game (chancellor-window-review.c): win.review-game runs the
 * engine over every position in the background and writes its verdicts
 * into the game (chancellor-game-review.h), with the progress, the
 * evaluation graph and a summary in a card above the move list;
 * win.cancel-review stops it, win.clear-review removes what
 * it wrote.
 *
 * "setup" (a ChancellorGameSetup, read-only) says who plays which side,
 * the computer's level and the clock of the game shown; it changes with
 * "game", and both are notified once both are in place.
 *
 * The game's header: a game started in the window (start_variant,
 * start_setup, start_game) is given its PGN header from its setup
 * (chancellor_game_setup_write_header: the date, "Casual game", the
 * players' names, the clock), a person being the "player-name" setting or
 * the account's name; a game read from a file keeps its own.  The players'
 * names show above the clocks; win.game-properties (Ctrl+I) edits the
 * header in a ChancellorGameProperties window.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-ui-types.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_WINDOW (chancellor_window_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorWindow, chancellor_window, CHANCELLOR, WINDOW, AdwApplicationWindow)

ChancellorWindow *chancellor_window_new (ChancellorApplication *application);

/* The game shown; setting one replaces the game being played, its tags as
 * they are: its players and clock are those its tags name
 * (chancellor_game_setup_new_for_game; two people and no clock when they
 * name none), its times those of its last [%clk]s, and a timed game that
 * goes on waits, paused, for the player. */
ChancellorGame *chancellor_window_get_game (ChancellorWindow *self);
void chancellor_window_set_game (ChancellorWindow *self, ChancellorGame *game);
/* As set_game, for a game that starts here (from the command line's
 * --variant and --fen): it is given a new game's header. */
void chancellor_window_start_game (ChancellorWindow *self, ChancellorGame *game);
/* A new game of variant_id from its start (a game with numbered arrays:
 * one at random); FALSE with error for an unknown id. */
gboolean chancellor_window_start_variant (ChancellorWindow *self, const char *variant_id, GError **error);
/* Opens the New Game chooser over the window; its Start asks before it
 * abandons a game in progress (moves made, not over). */
void chancellor_window_show_new_game_chooser (ChancellorWindow *self);
/* The setup of the game shown (never NULL once a game is shown). */
ChancellorGameSetup *chancellor_window_get_setup (ChancellorWindow *self);
/* A new game as setup says, without asking; the window keeps setup (do not
 * change it afterwards).  FALSE with error when it names no game. */
gboolean chancellor_window_start_setup (ChancellorWindow *self, ChancellorGameSetup *setup, GError **error);

/* Asks about the unsaved game of each window of windows in turn (the
 * window brought forward with its question), before any closes: once
 * every one was saved or discarded, calls done (data); Cancel at any
 * question stops there, and done is never called.  Then destroy (data)
 * either way.  For Quit. */
typedef void (*ChancellorWindowsAsked) (gpointer data);
void chancellor_windows_ask_to_save (GPtrArray *windows, ChancellorWindowsAsked done, gpointer data,
                                     GDestroyNotify destroy);

/* The game's file and whether it changed since it was read or saved. */
ChancellorDocument *chancellor_window_get_document (ChancellorWindow *self);
/* Reads file on a thread, then shows its game (its one game, or the one
 * picked in a chooser when it holds several; two human players, no clock,
 * the last position), after asking about unsaved changes.  A file that
 * cannot be read is reported in a dialog and the game shown stays. */
void chancellor_window_open_file (ChancellorWindow *self, GFile *file);
/* What open_file shows when file cannot be read. */
void chancellor_window_report_open_error (ChancellorWindow *self, GFile *file, const GError *error);
/* The games read from file (NULL: from nowhere), as open_file shows them. */
void chancellor_window_show_games (ChancellorWindow *self, GPtrArray *games, GFile *file);
/* Saves the game to file atomically, without dialogs; file becomes the
 * game's.  FALSE with error, and the old file as it was, when it fails. */
gboolean chancellor_window_save_to_file (ChancellorWindow *self, GFile *file, GError **error);
/* Offers every game left in the autosave (by the last run), in a toast
 * with a Resume button: taken up, the first is shown in self and each
 * other in a new window, each kept on in its autosave file; declined (by
 * playing on), the games kept are removed. */
void chancellor_window_offer_autosave (ChancellorWindow *self);

G_END_DECLS
