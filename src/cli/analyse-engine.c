/* analyse-engine.c — chancellor-analyse's external UCI engine, over the
 * app's engine client, each call run to its end on a main context of its
 * own. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "analyse-engine.h"
#include "chancellor-engine-games.h"
#include "chancellor-uci-engine.h"

#include "notation.h"

struct AnalyseEngine {
  GMainContext *context;
  ChancellorUciEngine *engine;
  GPtrArray *games;              /* ChancellorEngineGame *, by the check */
  ChancellorGame *game;          /* the game analysed */
  ChancellorEngineLine *line;    /* the latest best line of the search */
};

typedef struct {
  gboolean done;
  GAsyncResult *result;
} Wait;

static void
waited (GObject      *source,
        GAsyncResult *result,
        gpointer      data)
{
  Wait *wait = data;

  wait->result = g_object_ref (result);
  wait->done = TRUE;
}

/* Runs the engine's context until the call under way has answered. */
static GAsyncResult *
wait_for (AnalyseEngine *engine,
          Wait          *wait)
{
  while (!wait->done)
    g_main_context_iteration (engine->context, TRUE);
  return wait->result;
}

static char *
message_from (const GError *error)
{
  return strdup (error->message);
}

static void
line_updated (ChancellorUciEngine        *uci,
              const ChancellorEngineLine *line,
              gpointer                    data)
{
  AnalyseEngine *engine = data;

  if (line->multipv != 1)
    return;
  g_clear_pointer (&engine->line, chancellor_engine_line_free);
  engine->line = chancellor_engine_line_copy (line);
}

AnalyseEngine *
analyse_engine_new (const char  *path,
                    char       **message)
{
  AnalyseEngine *engine = g_new0 (AnalyseEngine, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) started = NULL;
  g_autoptr (GAsyncResult) checked = NULL;
  Wait wait = { 0 };

  engine->context = g_main_context_new ();
  g_main_context_push_thread_default (engine->context);
  engine->engine = chancellor_uci_engine_new (path);
  chancellor_uci_engine_start_async (engine->engine, NULL, waited, &wait);
  started = wait_for (engine, &wait);
  if (!chancellor_uci_engine_start_finish (engine->engine, started, &error))
    goto failed;
  wait = (Wait) { 0 };
  chancellor_engine_games_check_async (engine->engine, NULL, NULL, waited, &wait);
  checked = wait_for (engine, &wait);
  engine->games = chancellor_engine_games_check_finish (checked, NULL, &error);
  if (!engine->games)
    goto failed;
  g_signal_connect (engine->engine, "line-updated", G_CALLBACK (line_updated), engine);
  g_main_context_pop_thread_default (engine->context);
  return engine;

failed:
  *message = message_from (error);
  g_main_context_pop_thread_default (engine->context);
  analyse_engine_free (engine);
  return NULL;
}

void
analyse_engine_free (AnalyseEngine *engine)
{
  if (!engine)
    return;
  g_main_context_push_thread_default (engine->context);
  /* The process ends with the object; its last words are read here. */
  g_clear_object (&engine->engine);
  while (g_main_context_iteration (engine->context, FALSE))
    ;
  g_main_context_pop_thread_default (engine->context);
  g_clear_pointer (&engine->games, g_ptr_array_unref);
  g_clear_pointer (&engine->line, chancellor_engine_line_free);
  g_clear_object (&engine->game);
  g_main_context_unref (engine->context);
  g_free (engine);
}

bool
analyse_engine_plays (AnalyseEngine  *engine,
                      const char     *variant_id,
                      const char    **reason)
{
  for (guint i = 0; i < engine->games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (engine->games, i);

      if (g_str_equal (game->id, variant_id))
        {
          *reason = game->reason;
          return game->playable;
        }
    }
  *reason = "The engine was not checked with this game.";
  return false;
}

bool
analyse_engine_set_game (AnalyseEngine  *engine,
                         const Variant  *variant,
                         const char     *start_fen,
                         const Move     *moves,
                         int             count,
                         char          **message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new (variant->id, start_fen, &error);
  g_autoptr (ChancellorPosition) pos = NULL;

  g_clear_object (&engine->game);
  if (!game)
    {
      *message = message_from (error);
      return false;
    }
  /* Each move in UCI, written from the position it is made in. */
  pos = chancellor_game_dup_position (game, 0);
  for (int i = 0; i < count; i++)
    {
      char uci[MOVE_TEXT_MAX];

      notation_uci (pos, moves[i], false, uci, sizeof uci);
      if (!chancellor_game_play_text (game, uci, &error))
        {
          *message = message_from (error);
          return false;
        }
      position_make (pos, moves[i]);
    }
  engine->game = g_steal_pointer (&game);
  return true;
}

/* The line's moves as ours, from pos, as far as they go and JUDGE_LINE_MAX. */
static void
read_line (Position                   *pos,
           const ChancellorEngineLine *line,
           JudgeLine                  *out)
{
  int made = 0;

  for (int i = 0; line->moves && line->moves[i] && i < JUDGE_LINE_MAX; i++)
    {
      ParseError err;
      Move move;

      if (!position_history_has_room (pos, 1))
        break;
      move = notation_parse_uci (pos, line->moves[i], &err);
      if (move == MOVE_NONE)
        break;
      out->line[out->line_length++] = move;
      position_make (pos, move);
      made++;
    }
  while (made-- > 0)
    position_unmake (pos);
}

bool
analyse_engine_search (AnalyseEngine  *engine,
                       int             ply,
                       int             depth,
                       int64_t         movetime_ms,
                       JudgeLine      *out,
                       char          **illegal_move,
                       char          **message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (ChancellorPosition) pos = NULL;
  g_autofree char *best = NULL;
  ChancellorThinkLimits limits = { .depth = depth, .movetime_ms = movetime_ms };
  const ChancellorEngineLine *line;
  ParseError err;
  Wait wait = { 0 };

  memset (out, 0, sizeof *out);
  if (illegal_move)
    *illegal_move = NULL;
  g_main_context_push_thread_default (engine->context);
  g_clear_pointer (&engine->line, chancellor_engine_line_free);
  chancellor_uci_engine_go_async (engine->engine, engine->game, (guint) ply, &limits, NULL, waited, &wait);
  result = wait_for (engine, &wait);
  best = chancellor_uci_engine_go_finish (engine->engine, result, NULL, &error);
  g_main_context_pop_thread_default (engine->context);
  if (!best)
    {
      *message = message_from (error);
      return false;
    }

  /* The move and the line as ours; the client checked them already. */
  pos = chancellor_game_dup_position (engine->game, (guint) ply);
  out->best = notation_parse_uci (pos, best, &err);
  line = engine->line;
  if (line && line->ply == (guint) ply)
    {
      out->depth = line->depth > 0 ? line->depth : 1;
      if (line->mate > 0)
        out->value = JUDGE_MATE - MIN (line->mate, JUDGE_MATE_MOVES_MAX - 1);
      else if (line->mate < 0)
        out->value = -(JUDGE_MATE - MIN (-line->mate, JUDGE_MATE_MOVES_MAX - 1));
      else
        out->value = CLAMP (line->score, -JUDGE_CENTIPAWNS_MAX, JUDGE_CENTIPAWNS_MAX);
      if (line->moves && line->moves[0] && g_str_equal (line->moves[0], best))
        {
          read_line (pos, line, out);
          if (illegal_move && line->illegal_move)
            *illegal_move = strdup (line->illegal_move);
        }
    }
  if (out->line_length == 0 && out->best != MOVE_NONE)
    out->line[out->line_length++] = out->best;
  return true;
}
