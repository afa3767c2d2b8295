/* chancellor-engine-list.h — the external engines the player can choose,
 * and which games each plays.
 *
 * The list is every Fairy-Stockfish a package installed
 * (chancellor_engine_games_find_installed) and the programs in the
 * settings' "engines", in that order, each once.  Each engine is started
 * once in the list's life, asynchronously, for its handshake and the
 * check of its games (ChancellorEngineGames); its process ends as soon as
 * that is known.  "changed" is emitted when the list or what is known of
 * an engine changes.  Disposing the list stops the checks under way.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  CHANCELLOR_ENGINE_CHECKING,    /* started, its games not known yet */
  CHANCELLOR_ENGINE_READY,       /* its games checked */
  CHANCELLOR_ENGINE_FAILED,      /* it could not be started or checked */
} ChancellorEngineState;

#define CHANCELLOR_TYPE_ENGINE_LIST (chancellor_engine_list_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorEngineList, chancellor_engine_list, CHANCELLOR, ENGINE_LIST, GObject)

/* settings: the application's (its "engines" is followed), or NULL for the
 * installed engines alone. */
ChancellorEngineList *chancellor_engine_list_new (GSettings *settings);

guint chancellor_engine_list_get_n_engines (ChancellorEngineList *self);
/* The engine at index (0 ≤ index < n), or the one at path: FALSE when
 * path is not in the list. */
gboolean chancellor_engine_list_lookup (ChancellorEngineList *self, const char *path, guint *index);
const char *chancellor_engine_list_get_path (ChancellorEngineList *self, guint index);
/* Its name from the handshake; the program's file name until then. */
const char *chancellor_engine_list_get_name (ChancellorEngineList *self, guint index);
ChancellorEngineState chancellor_engine_list_get_state (ChancellorEngineList *self, guint index);
/* Whether it plays game id; when not, *reason (may be NULL) gets the
 * sentence that says why (it is still being checked, it failed, or its
 * check of that game). */
gboolean chancellor_engine_list_plays (ChancellorEngineList *self, guint index, const char *id,
                                       const char **reason);
/* Whether it declared a "Skill Level" option (the level's strength). */
gboolean chancellor_engine_list_has_skill_level (ChancellorEngineList *self, guint index);

G_END_DECLS
