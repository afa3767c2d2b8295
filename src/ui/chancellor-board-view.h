/* chancellor-board-view.h — the board of any game, drawn and
 * played on.
 *
 * The view shows one position of a ChancellorGame ("ply"; it follows the
 * live position unless the player browses back) and keeps its own view
 * state: selection, drag, keyboard cursor, animation.  Moves are played on
 * the live position only, by click-then-click, drag-and-drop or the keyboard:
 * on the focused board Enter, Space, Up or Down show a cursor (Tab alone
 * does not, so that Left and Right still browse the game), the arrows
 * move it, Enter or Space pick up and drop, Escape cancels a piece picked
 * up or else hides the cursor, as a click or the focus leaving does;
 * the game emits "changed" itself.  Illegal attempts worth telling the
 * player are reported by the "error" signal, for the window to toast.
 *
 * Properties: "game", "ply", "flipped" (Black at the bottom), "board-theme"
 * ("green", "brown", "blue" or "grey"; default "brown"),
 * "show-legal-moves", "show-coordinates", "animate" (all three default
 * TRUE), "interactive" (default TRUE; the window clears it while the engine
 * is to move), "pieces-directory" (NULL: the art from the GResource at
 * /io/github/chancellor_chess/Chancellor/pieces/; else a directory holding
 * <color>-<name>.svg; the CHANCELLOR_PIECES_DIR environment variable gives
 * the default).
 *
 * In the relocation phase of Capablanca Relocation Chess, clicking two
 * pieces of the relocating side's first rank swaps them; keeping the array
 * is the window's business (chancellor_game_relocate (game, -1, -1, …)).
 */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-game.h"
#include "chancellor-variant-info.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_BOARD_VIEW (chancellor_board_view_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorBoardView, chancellor_board_view, CHANCELLOR, BOARD_VIEW, GtkWidget)

ChancellorBoardView *chancellor_board_view_new (void);

void chancellor_board_view_set_game (ChancellorBoardView *self, ChancellorGame *game);
ChancellorGame *chancellor_board_view_get_game (ChancellorBoardView *self);
/* The position shown, 0 .. n_moves; n_moves follows the live game. */
void chancellor_board_view_set_ply (ChancellorBoardView *self, guint ply);
guint chancellor_board_view_get_ply (ChancellorBoardView *self);
void chancellor_board_view_set_flipped (ChancellorBoardView *self, gboolean flipped);
gboolean chancellor_board_view_get_flipped (ChancellorBoardView *self);
void chancellor_board_view_set_show_legal_moves (ChancellorBoardView *self, gboolean show_legal_moves);
gboolean chancellor_board_view_get_show_legal_moves (ChancellorBoardView *self);
void chancellor_board_view_set_show_coordinates (ChancellorBoardView *self, gboolean show_coordinates);
gboolean chancellor_board_view_get_show_coordinates (ChancellorBoardView *self);
void chancellor_board_view_set_animate (ChancellorBoardView *self, gboolean animate);
gboolean chancellor_board_view_get_animate (ChancellorBoardView *self);
void chancellor_board_view_set_interactive (ChancellorBoardView *self, gboolean interactive);
/* What a press says (through "error") while the board is not interactive,
 * for example that the game is paused; NULL: nothing. */
void chancellor_board_view_set_idle_message (ChancellorBoardView *self, const char *message);
gboolean chancellor_board_view_get_interactive (ChancellorBoardView *self);
void chancellor_board_view_set_pieces_directory (ChancellorBoardView *self, const char *directory);
const char *chancellor_board_view_get_pieces_directory (ChancellorBoardView *self);

void chancellor_board_view_set_board_theme (ChancellorBoardView *self, const char *theme);
const char *chancellor_board_view_get_board_theme (ChancellorBoardView *self);

/* Shows a diagram instead of the game's position (for the rules): a White
 * piece of type on square alone, and the squares it reaches, as
 * chancellor_variant_info_get_piece_reach () gives them; type -1 shows the
 * game again.  The view should not be interactive meanwhile. */
void chancellor_board_view_set_diagram (ChancellorBoardView *self, int type, int square,
                                        const ChancellorReach *reach);

/* Marks a suggested move's two squares (-1, -1: none) until the position
 * shown changes. */
void chancellor_board_view_set_hint (ChancellorBoardView *self, int from, int to);

/* Drops the selection, a drag and an open promotion chooser (Escape). */
void chancellor_board_view_cancel (ChancellorBoardView *self);

/* Where square (rank * files + file) is drawn, in widget coordinates;
 * FALSE when there is no game or no room. */
gboolean chancellor_board_view_get_square_bounds (ChancellorBoardView *self, int square,
                                                  graphene_rect_t *bounds);

G_END_DECLS
