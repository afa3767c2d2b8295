/* chancellor-engine-games.h — which of our games an external engine plays.
 *
 * A game the engine does not list under UCI_Variant is described to it in
 * Fairy-Stockfish's variant file format (written from the engine tables,
 * into the user's cache folder, and given as VariantPath).  Then every
 * game is checked: the engine's "go perft 3" from the start position must
 * match our own count, else the game is not offered with that engine, and
 * the reason says why in a sentence for Preferences.
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-uci-engine.h"

G_BEGIN_DECLS

typedef struct {
  char *id;                  /* RULES.md id */
  gboolean playable;
  char *reason;              /* why not, translated; NULL when playable */
} ChancellorEngineGame;

void chancellor_engine_game_free (ChancellorEngineGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorEngineGame, chancellor_engine_game_free)

/* The section of Fairy-Stockfish's variant file that describes game id
 * (NULL for an unknown id); *needs_custom_pieces (may be NULL) says
 * whether it defines pieces by their moves, which older versions lack. */
char *chancellor_engine_games_fsf_definition (const char *id, gboolean *needs_custom_pieces);

/* The plies the check counts to. */
#define CHANCELLOR_ENGINE_GAMES_PERFT_DEPTH 3

/* Checks every game with engine, which must have been started; writes the
 * variant file into cache_dir (NULL: the user's cache folder), sets
 * VariantPath and leaves the engine ready to play what it passed (it is
 * started again when a game made it stop).  The result lists every game
 * in the engine tables' order. */
void chancellor_engine_games_check_async (ChancellorUciEngine *engine,
                                          const char          *cache_dir,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
/* A GPtrArray of ChancellorEngineGame (free with g_ptr_array_unref), or
 * NULL with error when the check could not run at all; *definitions_path
 * (may be NULL) gets the variant file written, NULL when none was needed. */
GPtrArray *chancellor_engine_games_check_finish (GAsyncResult *result, char **definitions_path, GError **error);

/* Starts the engine at path and checks its games (as above, in the
 * user's cache folder), then hands it over ready to play game id; an
 * engine that cannot be started or checked, or does not play that game
 * (G_IO_ERROR_NOT_SUPPORTED), gives an error whose message says why in a
 * sentence.  Cancelling ends its process. */
void chancellor_engine_games_prepare_async (const char          *path,
                                            const char          *id,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
ChancellorUciEngine *chancellor_engine_games_prepare_finish (GAsyncResult *result, GError **error);

/* The Fairy-Stockfish programs installed where a package puts them
 * ("fairy-stockfish" on PATH, /usr/games), each once, NULL-terminated. */
char **chancellor_engine_games_find_installed (void);

G_END_DECLS
