/* chancellor-engine-list.c — the external engines and the games they play.
 *
 * What is known of an engine is kept by its path for the list's life, so
 * an engine removed from the settings and added again is not started a
 * second time.
 */
#define G_LOG_DOMAIN "chancellor-engine-list"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "chancellor-engine-games.h"
#include "chancellor-engine-list.h"
#include "chancellor-uci-engine.h"

typedef struct {
  char *path;
  char *name;
  char *author;                  /* "" until known or when it did not say */
  char **options;                /* the names of its options, once known */
  ChancellorEngineState state;
  char *failure;                 /* why it failed, or NULL */
  GPtrArray *games;              /* ChancellorEngineGame *, once checked */
  gboolean skill_level;
} Entry;

struct _ChancellorEngineList
{
  GObject parent_instance;

  GSettings *settings;
  GCancellable *cancellable;     /* stops every check when the list goes */
  GHashTable *entries;           /* path → Entry *, every engine ever listed */
  GPtrArray *order;              /* Entry * (unowned), the list as shown */
};

G_DEFINE_FINAL_TYPE (ChancellorEngineList, chancellor_engine_list, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_free (Entry *entry)
{
  g_free (entry->path);
  g_free (entry->name);
  g_free (entry->author);
  g_strfreev (entry->options);
  g_free (entry->failure);
  g_clear_pointer (&entry->games, g_ptr_array_unref);
  g_free (entry);
}

/* Checking one engine */

typedef struct {
  ChancellorEngineList *list;    /* unowned: valid while not cancelled */
  GCancellable *cancellable;
  ChancellorUciEngine *engine;
  Entry *entry;
} Check;

static void
check_free (Check *check)
{
  g_object_unref (check->cancellable);
  g_object_unref (check->engine);
  g_free (check);
}

static void
check_failed (Check      *check,
              const char *message)
{
  check->entry->state = CHANCELLOR_ENGINE_FAILED;
  g_free (check->entry->failure);
  check->entry->failure = g_strdup (message);
  g_signal_emit (check->list, signals[SIGNAL_CHANGED], 0);
}

static void
games_checked (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Check *check = user_data;
  g_autoptr (GError) error = NULL;
  GPtrArray *games = chancellor_engine_games_check_finish (result, NULL, &error);

  if (g_cancellable_is_cancelled (check->cancellable))
    g_clear_pointer (&games, g_ptr_array_unref);
  else if (!games)
    check_failed (check, error->message);
  else
    {
      check->entry->games = games;
      check->entry->state = CHANCELLOR_ENGINE_READY;
      g_signal_emit (check->list, signals[SIGNAL_CHANGED], 0);
    }
  /* Known now: the process ends. */
  check_free (check);
}

/* What the handshake told: the engine's name, author and options. */
static void
entry_take_handshake (Entry               *entry,
                      ChancellorUciEngine *engine)
{
  g_autoptr (GStrvBuilder) options = g_strv_builder_new ();

  g_free (entry->name);
  entry->name = g_strdup (chancellor_uci_engine_get_name (engine));
  g_free (entry->author);
  entry->author = g_strdup (chancellor_uci_engine_get_author (engine));
  for (guint i = 0; i < chancellor_uci_engine_get_n_options (engine); i++)
    g_strv_builder_add (options, chancellor_uci_engine_get_option (engine, i)->name);
  g_strfreev (entry->options);
  entry->options = g_strv_builder_end (options);
  entry->skill_level = chancellor_uci_engine_find_option (engine, "Skill Level") != NULL;
}

static void
engine_started (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Check *check = user_data;
  g_autoptr (GError) error = NULL;
  gboolean ok = chancellor_uci_engine_start_finish (check->engine, result, &error);

  if (g_cancellable_is_cancelled (check->cancellable))
    {
      check_free (check);
      return;
    }
  if (!ok)
    {
      check_failed (check, error->message);
      check_free (check);
      return;
    }
  entry_take_handshake (check->entry, check->engine);
  g_signal_emit (check->list, signals[SIGNAL_CHANGED], 0);
  chancellor_engine_games_check_async (check->engine, NULL, check->cancellable, games_checked, check);
}

static Check *
check_new (ChancellorEngineList *self,
           Entry                *entry,
           ChancellorUciEngine  *engine)
{
  Check *check = g_new0 (Check, 1);

  check->list = self;
  check->cancellable = g_object_ref (self->cancellable);
  check->engine = engine;
  check->entry = entry;
  return check;
}

static Entry *
entry_new (ChancellorEngineList *self,
           const char           *path)
{
  Entry *entry = g_new0 (Entry, 1);

  entry->path = g_strdup (path);
  entry->name = g_path_get_basename (path);
  entry->author = g_strdup ("");
  entry->state = CHANCELLOR_ENGINE_CHECKING;
  g_hash_table_insert (self->entries, entry->path, entry);
  return entry;
}

/* Starts the process of entry's engine for its handshake and the check
 * of its games. */
static void
entry_check (ChancellorEngineList *self,
             Entry                *entry)
{
  Check *check = check_new (self, entry, chancellor_uci_engine_new (entry->path));

  chancellor_uci_engine_start_async (check->engine, check->cancellable, engine_started, check);
}

static Entry *
entry_for (ChancellorEngineList *self,
           const char           *path)
{
  Entry *entry = g_hash_table_lookup (self->entries, path);

  if (entry)
    return entry;
  entry = entry_new (self, path);
  entry_check (self, entry);
  return entry;
}

/* The installed engines, then the ones the settings add. */
static void
rebuild (ChancellorEngineList *self)
{
  g_auto (GStrv) installed = chancellor_engine_games_find_installed ();
  g_auto (GStrv) added = self->settings ? g_settings_get_strv (self->settings, "engines") : NULL;
  char **lists[] = { installed, added };

  g_ptr_array_set_size (self->order, 0);
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    for (char **path = lists[i]; path && *path; path++)
      {
        Entry *entry = entry_for (self, *path);

        if (!g_ptr_array_find (self->order, entry, NULL))
          g_ptr_array_add (self->order, entry);
      }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static Entry *
entry_at (ChancellorEngineList *self,
          guint                 index)
{
  g_assert (index < self->order->len);
  return g_ptr_array_index (self->order, index);
}

guint
chancellor_engine_list_get_n_engines (ChancellorEngineList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), 0);

  return self->order->len;
}

gboolean
chancellor_engine_list_lookup (ChancellorEngineList *self,
                               const char           *path,
                               guint                *index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  for (guint i = 0; i < self->order->len; i++)
    if (g_str_equal (entry_at (self, i)->path, path))
      {
        if (index)
          *index = i;
        return TRUE;
      }
  return FALSE;
}

const char *
chancellor_engine_list_get_path (ChancellorEngineList *self,
                                 guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return entry_at (self, index)->path;
}

const char *
chancellor_engine_list_get_name (ChancellorEngineList *self,
                                 guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return entry_at (self, index)->name;
}

ChancellorEngineState
chancellor_engine_list_get_state (ChancellorEngineList *self,
                                  guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), CHANCELLOR_ENGINE_FAILED);
  g_return_val_if_fail (index < self->order->len, CHANCELLOR_ENGINE_FAILED);

  return entry_at (self, index)->state;
}

gboolean
chancellor_engine_list_plays (ChancellorEngineList  *self,
                              guint                  index,
                              const char            *id,
                              const char           **reason)
{
  const char *why = NULL;
  Entry *entry;

  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), FALSE);
  g_return_val_if_fail (index < self->order->len, FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  entry = entry_at (self, index);
  switch (entry->state)
    {
    case CHANCELLOR_ENGINE_CHECKING:
      why = _("Chancellor is still checking which games this engine plays.");
      break;
    case CHANCELLOR_ENGINE_FAILED:
      why = entry->failure;
      break;
    case CHANCELLOR_ENGINE_READY:
      why = _("This engine does not play this game.");
      for (guint i = 0; i < entry->games->len; i++)
        {
          const ChancellorEngineGame *game = g_ptr_array_index (entry->games, i);

          if (g_str_equal (game->id, id))
            {
              why = game->playable ? NULL : game->reason;
              break;
            }
        }
      break;
    default:
      g_assert_not_reached ();
    }
  if (reason)
    *reason = why;
  return why == NULL;
}

gboolean
chancellor_engine_list_has_skill_level (ChancellorEngineList *self,
                                        guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), FALSE);
  g_return_val_if_fail (index < self->order->len, FALSE);

  return entry_at (self, index)->skill_level;
}

const char *
chancellor_engine_list_get_author (ChancellorEngineList *self,
                                   guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return entry_at (self, index)->author;
}

const char *const *
chancellor_engine_list_get_options (ChancellorEngineList *self,
                                    guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return (const char *const *) entry_at (self, index)->options;
}

const char *
chancellor_engine_list_get_failure (ChancellorEngineList *self,
                                    guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return entry_at (self, index)->failure;
}

GPtrArray *
chancellor_engine_list_get_games (ChancellorEngineList *self,
                                  guint                 index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < self->order->len, NULL);

  return entry_at (self, index)->games;
}

void
chancellor_engine_list_retry (ChancellorEngineList *self,
                              guint                 index)
{
  Entry *entry;

  g_return_if_fail (CHANCELLOR_IS_ENGINE_LIST (self));
  g_return_if_fail (index < self->order->len);

  entry = entry_at (self, index);
  if (entry->state != CHANCELLOR_ENGINE_FAILED)
    return;
  entry->state = CHANCELLOR_ENGINE_CHECKING;
  g_clear_pointer (&entry->failure, g_free);
  entry_check (self, entry);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Adding an engine */

static void
settings_add_engine (ChancellorEngineList *self,
                     const char           *path)
{
  g_auto (GStrv) engines = g_settings_get_strv (self->settings, "engines");
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) added = NULL;

  if (g_strv_contains ((const char *const *) engines, path))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) engines);
  g_strv_builder_add (builder, path);
  added = g_strv_builder_end (builder);
  /* The settings' "changed" rebuilds the list, which finds the entry. */
  g_settings_set_strv (self->settings, "engines", (const char *const *) added);
}

static void
adding_started (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  ChancellorEngineList *self = g_task_get_source_object (task);
  ChancellorUciEngine *engine = CHANCELLOR_UCI_ENGINE (source);
  const char *path = chancellor_uci_engine_get_path (engine);
  GError *error = NULL;
  Entry *entry;
  Check *check;

  if (!chancellor_uci_engine_start_finish (engine, result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* A new engine, or one that failed before and answers now: the same
   * process goes on to the check of its games. */
  entry = g_hash_table_lookup (self->entries, path);
  if (!entry)
    entry = entry_new (self, path);
  entry->state = CHANCELLOR_ENGINE_CHECKING;
  g_clear_pointer (&entry->failure, g_free);
  entry_take_handshake (entry, engine);
  check = check_new (self, entry, g_object_ref (engine));
  chancellor_engine_games_check_async (engine, NULL, check->cancellable, games_checked, check);
  settings_add_engine (self, path);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  g_task_return_boolean (task, TRUE);
}

void
chancellor_engine_list_add_async (ChancellorEngineList *self,
                                  const char           *path,
                                  GCancellable         *cancellable,
                                  GAsyncReadyCallback   callback,
                                  gpointer              user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (ChancellorUciEngine) engine = NULL;
  Entry *entry;

  g_return_if_fail (CHANCELLOR_IS_ENGINE_LIST (self));
  g_return_if_fail (self->settings != NULL);
  g_return_if_fail (path != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  entry = g_hash_table_lookup (self->entries, path);
  if (entry && entry->state != CHANCELLOR_ENGINE_FAILED)
    {
      /* Known to answer: no second process. */
      settings_add_engine (self, path);
      g_task_return_boolean (task, TRUE);
      return;
    }
  engine = chancellor_uci_engine_new (path);
  chancellor_uci_engine_start_async (engine, cancellable, adding_started, g_steal_pointer (&task));
}

gboolean
chancellor_engine_list_add_finish (ChancellorEngineList  *self,
                                   GAsyncResult          *result,
                                   GError               **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
chancellor_engine_list_dispose (GObject *object)
{
  ChancellorEngineList *self = CHANCELLOR_ENGINE_LIST (object);

  /* The checks under way see the cancellation and leave self alone. */
  g_cancellable_cancel (self->cancellable);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (chancellor_engine_list_parent_class)->dispose (object);
}

static void
chancellor_engine_list_finalize (GObject *object)
{
  ChancellorEngineList *self = CHANCELLOR_ENGINE_LIST (object);

  g_ptr_array_unref (self->order);
  g_hash_table_unref (self->entries);
  g_object_unref (self->cancellable);
  G_OBJECT_CLASS (chancellor_engine_list_parent_class)->finalize (object);
}

static void
chancellor_engine_list_class_init (ChancellorEngineListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_engine_list_dispose;
  object_class->finalize = chancellor_engine_list_finalize;

  /* ::changed: an engine came or went, or more is known of one. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chancellor_engine_list_init (ChancellorEngineList *self)
{
  self->cancellable = g_cancellable_new ();
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) entry_free);
  self->order = g_ptr_array_new ();
}

ChancellorEngineList *
chancellor_engine_list_new (GSettings *settings)
{
  ChancellorEngineList *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CHANCELLOR_TYPE_ENGINE_LIST, NULL);
  if (settings)
    {
      self->settings = g_object_ref (settings);
      g_signal_connect_swapped (settings, "changed::engines", G_CALLBACK (rebuild), self);
    }
  rebuild (self);
  return self;
}
