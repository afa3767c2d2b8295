/* chancellor-position-editor.h — Set Up Position: a dialog that edits a
 * position of one game and starts a game from it.
 *
 * The board starts as the position given; a palette of the game's own
 * piece kinds (both colours, and an eraser) puts pieces on it with a
 * click or a drag, a right click empties a square, and a piece is dragged
 * from square to square or off the board.  Side to move, castling rights
 * and the en passant square complete the FEN, which the engine checks at
 * every change: its reason for a refusal is shown and Start Game waits
 * until the position can be played.  Start Game emits "position-chosen"
 * with a new game of that position and closes the dialog.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_POSITION_EDITOR (chancellor_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorPositionEditor, chancellor_position_editor, CHANCELLOR, POSITION_EDITOR, AdwWindow)

/* An editor over parent for game's position after ply. */
ChancellorPositionEditor *chancellor_position_editor_new (GtkWindow *parent, ChancellorGame *game, guint ply);

/* What the controls do, for tests: type -1 empties square. */
void chancellor_position_editor_set_piece (ChancellorPositionEditor *self, int square, int type,
                                           ChancellorColor color);
ChancellorPiece chancellor_position_editor_get_piece (ChancellorPositionEditor *self, int square);
/* The palette's choice (type -1: the eraser) and a click on square. */
void chancellor_position_editor_choose_tool (ChancellorPositionEditor *self, int type, ChancellorColor color);
void chancellor_position_editor_click_square (ChancellorPositionEditor *self, int square, gboolean secondary);
/* A drag from square from to square to (-1: off the board, which takes
 * the piece away); a drag from the palette is set_piece. */
void chancellor_position_editor_move_piece (ChancellorPositionEditor *self, int from, int to);
void chancellor_position_editor_set_side_to_move (ChancellorPositionEditor *self, ChancellorColor color);
/* castling as FEN writes it ("KQkq", "Kq", "" for none). */
void chancellor_position_editor_set_castling (ChancellorPositionEditor *self, const char *castling);
void chancellor_position_editor_set_en_passant (ChancellorPositionEditor *self, const char *square);
/* Empties the board, or sets the game's standard start. */
void chancellor_position_editor_clear (ChancellorPositionEditor *self);
void chancellor_position_editor_reset (ChancellorPositionEditor *self);

/* The FEN as it stands; why the engine refuses it (NULL when it can be
 * played). */
char *chancellor_position_editor_dup_fen (ChancellorPositionEditor *self);
const char *chancellor_position_editor_get_problem (ChancellorPositionEditor *self);

G_END_DECLS
