/* chancellor-engine-list.h — the external engines the player can choose,
 * and which games each plays.
 *
 * The list is every Fairy-Stockfish a package installed
 * (chancellor_engine_games_find_installed) and the programs in the
 * settings' "engines", in that order, each once.  Each engine is started
 * once in the list's life (again only when the player retries one that
 * failed), asynchronously, for its handshake and the check of its games
 * (ChancellorEngineGames); its process ends as soon as that is known;
 * the Preferences' Engines page and New Game both show what this list
 * learnt, so an engine is probed in one place.  "changed" is emitted
 * when the list or what is known of an engine changes.  Disposing the
 * list stops the checks under way.
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
/* From its handshake: its author ("" until then or when it did not say)
 * and the names of its options (NULL until then). */
const char *chancellor_engine_list_get_author (ChancellorEngineList *self, guint index);
const char *const *chancellor_engine_list_get_options (ChancellorEngineList *self, guint index);
/* Why it failed (CHANCELLOR_ENGINE_FAILED), or NULL. */
const char *chancellor_engine_list_get_failure (ChancellorEngineList *self, guint index);
/* Its games (ChancellorEngineGame *, each playable or with its reason)
 * once READY, or NULL. */
GPtrArray *chancellor_engine_list_get_games (ChancellorEngineList *self, guint index);

/* Checks a failed engine again, in a new process (its program may have
 * been installed or mended since): it is CHECKING until its games are
 * known or it fails again.  Nothing happens to an engine that did not
 * fail. */
void chancellor_engine_list_retry (ChancellorEngineList *self, guint index);

/* Adds the program at path to the settings' "engines" once it answered
 * the handshake (the same process then checks its games); a program that
 * does not is refused with the handshake's error and not kept.  An
 * engine already known to answer is added without a second start.  The
 * list must have settings. */
void chancellor_engine_list_add_async (ChancellorEngineList *self,
                                       const char           *path,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
gboolean chancellor_engine_list_add_finish (ChancellorEngineList *self, GAsyncResult *result, GError **error);

G_END_DECLS
