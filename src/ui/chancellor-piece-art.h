/* chancellor-piece-art.h — the pictures of the pieces and their textures.
 *
 * Each art the catalogue names (chancellor_catalogue_get_art) is two SVGs,
 * <color>-<art>.svg, from the app's resources or from a directory; each is
 * loaded once as an RsvgHandle and rendered to a GdkTexture per size,
 * kept until the size changes.  A picture that cannot be loaded is drawn
 * as a disc with the piece's letter, so that the game stays playable.
 */
#pragma once

#include <gdk/gdk.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

typedef struct _ChancellorPieceArt ChancellorPieceArt;

ChancellorPieceArt *chancellor_piece_art_new (void);
void chancellor_piece_art_free (ChancellorPieceArt *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorPieceArt, chancellor_piece_art_free)

/* Where the SVGs come from: NULL for the app's resources.  Setting it
 * drops what was loaded. */
void chancellor_piece_art_set_directory (ChancellorPieceArt *self, const char *directory);
const char *chancellor_piece_art_get_directory (ChancellorPieceArt *self);

/* The art a piece kind is drawn with (the catalogue's index), or -1 with
 * a warning for a kind without art. */
int chancellor_piece_art_for_kind (const char *kind_id);

/* The texture of art in color at pixels × pixels (letter for the
 * fallback disc), rendered on first use at that size; NULL for art -1. */
GdkTexture *chancellor_piece_art_get_texture (ChancellorPieceArt *self, int art, ChancellorColor color, char letter,
                                              int pixels);
/* Drops the textures (not the pictures), as for a new scale. */
void chancellor_piece_art_clear_textures (ChancellorPieceArt *self);

G_END_DECLS
