/* chancellor-window-engine.c — the external engine that plays the
 * computer's moves, when the settings' "computer-engine" names one.
 *
 * The engine is started and its games checked once (asynchronously);
 * each new game then gets it when it plays that game, else the built-in
 * engine plays and a toast says why.  A move the referee refuses pauses
 * the game (ChancellorMatch); the toast names the engine and the move and
 * offers the built-in engine to go on.
 */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-engine-games.h"
#include "chancellor-match.h"
#include "chancellor-window-private.h"

struct _ChancellorWindowEngine
{
  ChancellorWindow *window;          /* unowned: the window owns this */
  ChancellorMatch *match;
  GSettings *settings;
  GCancellable *cancellable;
  ChancellorUciEngine *engine;       /* started, or being started */
  GPtrArray *games;                  /* ChancellorEngineGame *, once checked */
  ChancellorGame *game;              /* the game to play it in */
};

static void
use_builtin (AdwToast *toast,
             gpointer  user_data)
{
  ChancellorWindowEngine *self = user_data;

  chancellor_match_set_engine (self->match, NULL);
  chancellor_match_set_paused (self->match, FALSE);
}

static void
engine_failed (ChancellorMatch *match,
               const char      *message,
               gpointer         user_data)
{
  ChancellorWindowEngine *self = user_data;
  g_autofree char *text = g_strdup_printf (_("%s The game is paused."), message);
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 0);
  adw_toast_set_button_label (toast, _("Use the _Built-in Engine"));
  g_signal_connect (toast, "button-clicked", G_CALLBACK (use_builtin), self);
  _chancellor_window_show_toast (self->window, toast);
}

/* The engine for the game, if it plays it. */
static void
apply (ChancellorWindowEngine *self)
{
  const char *id;

  if (!self->games || !self->game)
    return;
  id = chancellor_game_get_variant_id (self->game);
  for (guint i = 0; i < self->games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (self->games, i);

      if (!g_str_equal (game->id, id))
        continue;
      if (game->playable)
        chancellor_match_set_engine (self->match, self->engine);
      else
        {
          g_autofree char *text = g_strdup_printf (_("%s The built-in engine plays instead."), game->reason);

          chancellor_match_set_engine (self->match, NULL);
          _chancellor_window_show_toast (self->window, adw_toast_new (text));
        }
      return;
    }
}

static void
checked (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = chancellor_engine_games_check_finish (result, NULL, &error);
  ChancellorWindowEngine *self = user_data;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* self is gone, or another engine was chosen */
  if (!games)
    {
      _chancellor_window_show_toast (self->window, adw_toast_new (error->message));
      return;
    }
  self->games = games;
  apply (self);
}

static void
started (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, &error);
  ChancellorWindowEngine *self = user_data;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (!ok)
    {
      g_autofree char *text = g_strdup_printf (_("%s The built-in engine plays instead."), error->message);

      _chancellor_window_show_toast (self->window, adw_toast_new (text));
      return;
    }
  chancellor_engine_games_check_async (self->engine, NULL, self->cancellable, checked, self);
}

/* The engine the settings name: kept while it stays the same. */
static void
engine_chosen (ChancellorWindowEngine *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "computer-engine");

  if (self->engine && g_str_equal (chancellor_uci_engine_get_path (self->engine), path))
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  chancellor_match_set_engine (self->match, NULL);
  g_clear_object (&self->engine);
  if (!*path)
    return;
  self->cancellable = g_cancellable_new ();
  self->engine = chancellor_uci_engine_new (path);
  chancellor_uci_engine_start_async (self->engine, self->cancellable, started, self);
}

void
_chancellor_window_engine_set_game (ChancellorWindowEngine *self,
                                    ChancellorGame         *game)
{
  g_set_object (&self->game, game);
  if (self->engine)
    apply (self);
}

ChancellorWindowEngine *
_chancellor_window_engine_new (ChancellorWindow *window,
                               ChancellorMatch  *match,
                               GSettings        *settings)
{
  ChancellorWindowEngine *self = g_new0 (ChancellorWindowEngine, 1);

  self->window = window;
  self->match = g_object_ref (match);
  self->settings = g_object_ref (settings);
  g_signal_connect (match, "engine-failed", G_CALLBACK (engine_failed), self);
  g_signal_connect_swapped (settings, "changed::computer-engine", G_CALLBACK (engine_chosen), self);
  engine_chosen (self);
  return self;
}

void
_chancellor_window_engine_free (ChancellorWindowEngine *self)
{
  g_signal_handlers_disconnect_by_data (self->match, self);
  g_signal_handlers_disconnect_by_data (self->settings, self);
  /* The callbacks under way see the cancellation and leave self alone. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  chancellor_match_set_engine (self->match, NULL);
  g_clear_object (&self->engine);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_object (&self->game);
  g_object_unref (self->match);
  g_object_unref (self->settings);
  g_free (self);
}
