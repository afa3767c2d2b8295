/* chancellor-window-engine.c — the external engines of the window: the
 * one that plays the computer's moves, when the game's setup names one
 * (New Game's Computer Engine), and the one that gives hints (the
 * settings' "hint-engine").
 *
 * The engine is started and its games checked once (asynchronously),
 * while the computer's turn waits; each new game then gets it when it
 * plays that game, else the built-in engine plays and a toast says why.
 * A game without a computer player runs no engine process.  A move the referee refuses pauses
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
  GCancellable *cancellable;
  ChancellorUciEngine *engine;       /* started, or being started */
  GPtrArray *games;                  /* ChancellorEngineGame *, once checked */
  ChancellorGame *game;              /* the game to play it in */
  ChancellorGameSetup *setup;        /* who plays it */
  ChancellorUciEngine *hint_engine;  /* ready for hint_variant, kept for the next hint */
  char *hint_variant;
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

/* The header names the engine that plays, as its handshake did, in place
 * of the built-in engine written at the start; a game that was not
 * modified is still not modified (its header is part of its start). */
static void
name_engine (ChancellorWindowEngine *self)
{
  ChancellorDocument *document = chancellor_window_get_document (self->window);
  gboolean modified = chancellor_document_get_modified (document);

  chancellor_game_setup_name_engine (self->setup, self->game, chancellor_uci_engine_get_name (self->engine),
                                     chancellor_uci_engine_find_option (self->engine, "Skill Level") != NULL);
  if (!modified)
    chancellor_document_set_modified (document, FALSE);
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
        {
          chancellor_match_set_engine (self->match, self->engine);
          name_engine (self);
        }
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
      g_autofree char *text = g_strdup_printf (_("%s The built-in engine plays instead."), error->message);

      chancellor_match_set_engine (self->match, NULL);
      _chancellor_window_show_toast (self->window, adw_toast_new (text));
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

      chancellor_match_set_engine (self->match, NULL);
      _chancellor_window_show_toast (self->window, adw_toast_new (text));
      return;
    }
  chancellor_engine_games_check_async (self->engine, NULL, self->cancellable, checked, self);
}

/* The engine at path ("": none) plays from now on: kept while it stays
 * the same, else started, the computer waiting meanwhile. */
static void
use_engine (ChancellorWindowEngine *self,
            const char             *path)
{
  /* An engine that failed (it crashed, hung…) is started afresh. */
  if (self->engine && g_str_equal (chancellor_uci_engine_get_path (self->engine), path)
      && !chancellor_uci_engine_get_failure (self->engine))
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_object (&self->engine);
  if (!*path)
    {
      chancellor_match_set_engine (self->match, NULL);
      return;
    }
  chancellor_match_wait_for_engine (self->match);
  self->cancellable = g_cancellable_new ();
  self->engine = chancellor_uci_engine_new (path);
  chancellor_uci_engine_start_async (self->engine, self->cancellable, started, self);
}

void
_chancellor_window_engine_set_game (ChancellorWindowEngine *self,
                                    ChancellorGame         *game,
                                    ChancellorGameSetup    *setup)
{
  gboolean computer = chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE) == CHANCELLOR_PLAYER_COMPUTER
                      || chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK) == CHANCELLOR_PLAYER_COMPUTER;

  g_set_object (&self->game, game);
  g_set_object (&self->setup, setup);
  use_engine (self, computer ? chancellor_game_setup_get_engine (setup) : "");
  apply (self);
}

/* Hints */

typedef struct {
  ChancellorWindowEngine *self;      /* valid while not cancelled */
  GCancellable *cancellable;
  ChancellorGame *game;
  char *path;
} Hint;

static void
hint_free (Hint *hint)
{
  g_object_unref (hint->cancellable);
  g_object_unref (hint->game);
  g_free (hint->path);
  g_free (hint);
}

static void
hint_searched (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Hint *hint = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = chancellor_uci_engine_go_finish (CHANCELLOR_UCI_ENGINE (source), result, NULL, &error);

  if (!g_cancellable_is_cancelled (hint->cancellable))
    {
      if (!move)
        /* The engine failed or named a move the rules refuse: it is not
         * asked again. */
        g_clear_object (&hint->self->hint_engine);
      _chancellor_window_hint_found (hint->self->window, move, error ? error->message : NULL);
    }
  hint_free (hint);
}

static void
hint_search (Hint *hint)
{
  ChancellorThinkLimits limits = { .movetime_ms = CHANCELLOR_WINDOW_HINT_TIME_MS };

  chancellor_uci_engine_go_async (hint->self->hint_engine, hint->game, chancellor_game_get_n_moves (hint->game),
                                  &limits, hint->cancellable, hint_searched, hint);
}

static void
hint_prepared (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Hint *hint = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorUciEngine) engine = chancellor_engine_games_prepare_finish (result, &error);

  if (g_cancellable_is_cancelled (hint->cancellable))
    {
      hint_free (hint);
      return;
    }
  if (!engine)
    {
      _chancellor_window_hint_found (hint->self->window, NULL, error->message);
      hint_free (hint);
      return;
    }
  g_set_object (&hint->self->hint_engine, engine);
  g_free (hint->self->hint_variant);
  hint->self->hint_variant = g_strdup (chancellor_game_get_variant_id (hint->game));
  hint_search (hint);
}

void
_chancellor_window_engine_hint (ChancellorWindowEngine *self,
                                ChancellorGame         *game,
                                const char             *path,
                                GCancellable           *cancellable)
{
  Hint *hint = g_new0 (Hint, 1);

  hint->self = self;
  hint->cancellable = g_object_ref (cancellable);
  hint->game = g_object_ref (game);
  hint->path = g_strdup (path);
  if (self->hint_engine && g_str_equal (chancellor_uci_engine_get_path (self->hint_engine), path)
      && g_strcmp0 (self->hint_variant, chancellor_game_get_variant_id (game)) == 0)
    {
      hint_search (hint);
      return;
    }
  g_clear_object (&self->hint_engine);
  chancellor_engine_games_prepare_async (path, chancellor_game_get_variant_id (game), cancellable, hint_prepared,
                                         hint);
}

ChancellorWindowEngine *
_chancellor_window_engine_new (ChancellorWindow *window,
                               ChancellorMatch  *match)
{
  ChancellorWindowEngine *self = g_new0 (ChancellorWindowEngine, 1);

  self->window = window;
  self->match = g_object_ref (match);
  g_signal_connect (match, "engine-failed", G_CALLBACK (engine_failed), self);
  return self;
}

void
_chancellor_window_engine_free (ChancellorWindowEngine *self)
{
  g_signal_handlers_disconnect_by_data (self->match, self);
  /* The callbacks under way see the cancellation and leave self alone. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  chancellor_match_set_engine (self->match, NULL);
  g_clear_object (&self->engine);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_object (&self->game);
  g_clear_object (&self->setup);
  g_clear_object (&self->hint_engine);
  g_free (self->hint_variant);
  g_object_unref (self->match);
  g_free (self);
}
