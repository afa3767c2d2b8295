/* chancellor-engine-analysis.c — live analysis by an external engine.
 *
 * States: not started → starting (handshake, then the games check) →
 * ready; a request made while starting is kept and run when ready.
 */
#define G_LOG_DOMAIN "chancellor-engine-analysis"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "chancellor-engine-analysis.h"
#include "chancellor-engine-games.h"

struct _ChancellorEngineAnalysis
{
  GObject parent_instance;

  char *path;
  ChancellorUciEngine *engine;
  GCancellable *cancellable;
  gboolean starting;
  gboolean ready;
  gboolean failed;
  GPtrArray *games;              /* ChancellorEngineGame *, from the check */

  /* The position asked for, and its lines so far. */
  ChancellorGame *game;
  guint ply;
  int n_lines;
  int lines_sent;                /* MultiPV last set */
  gboolean wanted;
  GPtrArray *lines;              /* ChancellorEngineLine *, index multipv - 1 */
};

enum {
  SIGNAL_LINES_UPDATED,
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChancellorEngineAnalysis, chancellor_engine_analysis, G_TYPE_OBJECT)

static void
fail (ChancellorEngineAnalysis *self,
      const char               *message)
{
  self->wanted = FALSE;
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, message);
}

static void
on_line (ChancellorUciEngine  *engine,
         ChancellorEngineLine *line,
         gpointer              user_data)
{
  ChancellorEngineAnalysis *self = user_data;
  g_autoptr (GPtrArray) shown = NULL;

  if (!self->wanted || line->ply != self->ply || line->multipv > self->n_lines)
    return;
  /* A deeper report of line 1 starts a new round: older lines below it
   * stay until they are reported again, as engines do with MultiPV. */
  if ((guint) line->multipv > self->lines->len)
    g_ptr_array_set_size (self->lines, line->multipv);
  g_clear_pointer (&g_ptr_array_index (self->lines, line->multipv - 1), chancellor_engine_line_free);
  g_ptr_array_index (self->lines, line->multipv - 1) = chancellor_engine_line_copy (line);

  shown = g_ptr_array_new ();
  for (guint i = 0; i < self->lines->len && g_ptr_array_index (self->lines, i); i++)
    g_ptr_array_add (shown, g_ptr_array_index (self->lines, i));
  g_signal_emit (self, signals[SIGNAL_LINES_UPDATED], 0, self->ply, shown);
}

static void
on_engine_failed (ChancellorUciEngine *engine,
                  const char          *message,
                  gpointer             user_data)
{
  ChancellorEngineAnalysis *self = user_data;

  /* While its games are checked, a game may stop the engine: the check
   * says so for that game and starts it again. */
  if (self->starting)
    return;
  self->failed = TRUE;
  self->ready = FALSE;
  fail (self, message);
}

/* Runs the request kept, if the engine plays its game. */
static void
run_request (ChancellorEngineAnalysis *self)
{
  const char *id;

  if (!self->ready || !self->wanted || !self->game)
    return;
  id = chancellor_game_get_variant_id (self->game);
  for (guint i = 0; self->games && i < self->games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (self->games, i);

      if (g_str_equal (game->id, id) && !game->playable)
        {
          fail (self, game->reason);
          return;
        }
    }
  if (self->lines_sent != self->n_lines && chancellor_uci_engine_find_option (self->engine, "MultiPV"))
    {
      g_autofree char *value = g_strdup_printf ("%d", self->n_lines);
      g_autoptr (GError) error = NULL;

      chancellor_uci_engine_stop_analysis (self->engine);
      if (!chancellor_uci_engine_set_option (self->engine, "MultiPV", value, &error))
        g_debug ("%s", error->message);
      self->lines_sent = self->n_lines;
    }
  chancellor_uci_engine_analyse (self->engine, self->game, self->ply);
}

static void
on_checked (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = chancellor_engine_games_check_finish (result, NULL, &error);
  ChancellorEngineAnalysis *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* self is gone */
  self = CHANCELLOR_ENGINE_ANALYSIS (user_data);
  self->starting = FALSE;
  if (!games)
    {
      self->failed = TRUE;
      fail (self, error->message);
      return;
    }
  self->games = games;
  self->ready = TRUE;
  run_request (self);
}

static void
on_started (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  ChancellorEngineAnalysis *self;
  gboolean started = chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* self is gone */
  self = CHANCELLOR_ENGINE_ANALYSIS (user_data);
  if (!started)
    {
      self->starting = FALSE;
      self->failed = TRUE;
      fail (self, error->message);
      return;
    }
  chancellor_engine_games_check_async (self->engine, NULL, self->cancellable, on_checked, self);
}

void
chancellor_engine_analysis_start (ChancellorEngineAnalysis *self,
                                  ChancellorGame           *game,
                                  guint                     ply,
                                  int                       n_lines)
{
  g_return_if_fail (CHANCELLOR_IS_ENGINE_ANALYSIS (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (chancellor_game_has_ply (game, ply));

  g_set_object (&self->game, game);
  self->ply = ply;
  self->n_lines = CLAMP (n_lines, 1, CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX);
  self->wanted = TRUE;
  g_ptr_array_set_size (self->lines, 0);
  if (self->failed)
    {
      /* Said once already; a new engine object tries again. */
      fail (self, chancellor_uci_engine_get_failure (self->engine) ? chancellor_uci_engine_get_failure (self->engine)
                                                                   : _("The engine could not be started."));
      return;
    }
  if (self->ready)
    {
      run_request (self);
      return;
    }
  if (self->starting)
    return;
  self->starting = TRUE;
  chancellor_uci_engine_start_async (self->engine, self->cancellable, on_started, self);
}

void
chancellor_engine_analysis_stop (ChancellorEngineAnalysis *self)
{
  g_return_if_fail (CHANCELLOR_IS_ENGINE_ANALYSIS (self));

  self->wanted = FALSE;
  g_ptr_array_set_size (self->lines, 0);
  if (self->ready)
    chancellor_uci_engine_stop_analysis (self->engine);
}

const char *
chancellor_engine_analysis_get_path (ChancellorEngineAnalysis *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_ANALYSIS (self), NULL);
  return self->path;
}

ChancellorEngineAnalysis *
chancellor_engine_analysis_new (const char *path)
{
  ChancellorEngineAnalysis *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CHANCELLOR_TYPE_ENGINE_ANALYSIS, NULL);
  self->path = g_strdup (path);
  self->engine = chancellor_uci_engine_new (path);
  g_signal_connect (self->engine, "line-updated", G_CALLBACK (on_line), self);
  g_signal_connect (self->engine, "failed", G_CALLBACK (on_engine_failed), self);
  return self;
}

static void
chancellor_engine_analysis_dispose (GObject *object)
{
  ChancellorEngineAnalysis *self = CHANCELLOR_ENGINE_ANALYSIS (object);

  g_cancellable_cancel (self->cancellable);
  if (self->engine)
    g_signal_handlers_disconnect_by_data (self->engine, self);
  g_clear_object (&self->engine);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (chancellor_engine_analysis_parent_class)->dispose (object);
}

static void
chancellor_engine_analysis_finalize (GObject *object)
{
  ChancellorEngineAnalysis *self = CHANCELLOR_ENGINE_ANALYSIS (object);

  g_free (self->path);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_ptr_array_unref (self->lines);
  G_OBJECT_CLASS (chancellor_engine_analysis_parent_class)->finalize (object);
}

static void
chancellor_engine_analysis_class_init (ChancellorEngineAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_engine_analysis_dispose;
  object_class->finalize = chancellor_engine_analysis_finalize;

  signals[SIGNAL_LINES_UPDATED] =
    g_signal_new ("lines-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_PTR_ARRAY);
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chancellor_engine_analysis_init (ChancellorEngineAnalysis *self)
{
  self->cancellable = g_cancellable_new ();
  self->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_line_free);
}
