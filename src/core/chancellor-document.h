/* chancellor-document.h — a game as a document: the file it came from or
 * was saved to, and whether it changed since.
 *
 * No GTK here, so the reading, the atomic saving and the autosave are
 * tested without a display.  The window owns one document per game shown
 * and asks before a modified one goes.
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_DOCUMENT (chancellor_document_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorDocument, chancellor_document, CHANCELLOR, DOCUMENT, GObject)

#define CHANCELLOR_DOCUMENT_ERROR (chancellor_document_error_quark ())
GQuark chancellor_document_error_quark (void);

typedef enum {
  CHANCELLOR_DOCUMENT_ERROR_TOO_LARGE,   /* beyond CHANCELLOR_DOCUMENT_MAX_SIZE */
} ChancellorDocumentError;

/* The largest file read: a big database, well beyond any one game. */
#define CHANCELLOR_DOCUMENT_MAX_SIZE (64 * 1024 * 1024)

/* The MIME type of PGN files, for filters and the recent files. */
#define CHANCELLOR_DOCUMENT_MIME_TYPE "application/x-chess-pgn"

ChancellorDocument *chancellor_document_new (void);

/* The game and the file it was read from (NULL for a new game); either way
 * the document is not modified until the game changes (moves, undo,
 * annotations, tags). */
ChancellorGame *chancellor_document_get_game (ChancellorDocument *self);
void chancellor_document_set_game (ChancellorDocument *self, ChancellorGame *game, GFile *file);
GFile *chancellor_document_get_file (ChancellorDocument *self);
gboolean chancellor_document_get_modified (ChancellorDocument *self);
/* The document's "changed" signal is emitted at every change of its game
 * (a move, an annotation, a tag), modified or not before. */
void chancellor_document_set_modified (ChancellorDocument *self, gboolean modified);
/* The file's name as the player knows it ("ajax-game.pgn"), or NULL. */
const char *chancellor_document_get_display_name (ChancellorDocument *self);
/* A name for Save As: the file's, or the game's id and today's date
 * ("ajax-2026-11-22.pgn"). */
char *chancellor_document_suggest_file_name (ChancellorDocument *self);

/* Writes the game to file atomically (a temporary file beside it, renamed
 * over it: a failure leaves the old file as it was); then file is the
 * document's and it is no longer modified. */
gboolean chancellor_document_save (ChancellorDocument *self, GFile *file, GCancellable *cancellable,
                                   GError **error);

/* Every game in file: a GPtrArray of ChancellorGame (at least one), or NULL
 * with error (the file's or the PGN reader's, which says where).  Blocks;
 * the _async form reads and parses on a thread. */
GPtrArray *chancellor_document_read_games (GFile *file, GCancellable *cancellable, GError **error);
void chancellor_document_read_games_async (GFile *file, GCancellable *cancellable,
                                           GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *chancellor_document_read_games_finish (GAsyncResult *result, GError **error);

/* Text written atomically to a local file or through GIO. */
gboolean chancellor_document_write_text (GFile *file, const char *text, GCancellable *cancellable,
                                         GError **error);

/* The autosave: each window keeps its unsaved game in a file of its own,
 * $XDG_DATA_HOME/chancellor/autosave/window-<unique id>.pgn, rewritten as
 * the game changes and removed once the game is saved or discarded.  A new
 * file name (nothing is created), and every file left there (with the
 * single autosave.pgn of older versions first), oldest name order: a
 * GPtrArray of GFile, maybe empty. */
GFile *chancellor_document_new_autosave_file (void);
GPtrArray *chancellor_document_list_autosave_files (void);

G_END_DECLS
