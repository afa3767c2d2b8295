/* chancellor-game-review-engine.c — a review by an external UCI engine.
 *
 * One position at a time on the main context, as ChancellorUciEngine is
 * asynchronous: the engine is started, its games checked, then each
 * position searched ("go" within the review's limits) while its reports
 * keep the latest best line.  Every move the engine names is read by our
 * rules: its best move must be legal (else the run stops, naming it), its
 * line is cut at the first move that is not (the uci engine does that)
 * and the variation written from it ends with a comment that says so.
 * Positions the rules have ended are valued without asking the engine.
 */
#define G_LOG_DOMAIN "chancellor-game-review"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chancellor-engine-games.h"
#include "chancellor-game-review-private.h"
#include "chancellor-uci-engine.h"

#include "status.h"

struct _ChancellorReviewRun
{
  GWeakRef owner;
  gboolean forgotten;            /* cancelled by the owner: no report */
  GCancellable *cancellable;
  ChancellorUciEngine *engine;   /* once started and checked */
  ChancellorGame *game;
  ChancellorThinkLimits limits;
  guint n_positions;
  guint ply;                     /* the position being searched */
  ChancellorEngineLine *line;    /* its latest best line, or NULL */
};

static void
run_free (ChancellorReviewRun *run)
{
  g_weak_ref_clear (&run->owner);
  g_object_unref (run->cancellable);
  /* The engine's process ends here. */
  if (run->engine)
    {
      g_signal_handlers_disconnect_by_data (run->engine, run);
      g_object_unref (run->engine);
    }
  g_object_unref (run->game);
  g_clear_pointer (&run->line, chancellor_engine_line_free);
  g_free (run);
}

/* Tells the owner, if it still listens, and ends the run. */
static void
run_end (ChancellorReviewRun *run,
         const char          *failure)
{
  g_autoptr (ChancellorGameReview) owner = run->forgotten ? NULL : g_weak_ref_get (&run->owner);

  if (owner)
    _chancellor_game_review_stopped (owner, g_cancellable_is_cancelled (run->cancellable) ? NULL : failure);
  run_free (run);
}

/* A value from White's side (judge.h) from an engine's line. */
static int
line_value (const ChancellorEngineLine *line)
{
  if (line->mate > 0)
    return JUDGE_MATE - MIN (line->mate, JUDGE_MATE_MOVES_MAX - 1);
  if (line->mate < 0)
    return -(JUDGE_MATE - MIN (-line->mate, JUDGE_MATE_MOVES_MAX - 1));
  return CLAMP (line->score, -JUDGE_CENTIPAWNS_MAX, JUDGE_CENTIPAWNS_MAX);
}

/* The line's moves in SAN, from pos, as the review writes a better line;
 * where the engine's line was cut at an illegal move, a comment says so. */
static void
write_engine_line (Position                   *pos,
                   const ChancellorEngineLine *line,
                   PositionResult             *result)
{
  g_autoptr (GString) text = g_string_new (NULL);
  int made = 0;

  for (int i = 0; line->moves && line->moves[i] && i < JUDGE_LINE_MAX; i++)
    {
      ParseError err;
      Move move;
      char san[MOVE_TEXT_MAX];

      if (!position_history_has_room (pos, 1))
        break;
      move = notation_parse_uci (pos, line->moves[i], &err);
      if (move == MOVE_NONE)
        break;
      notation_san (pos, move, san, sizeof san);
      g_string_append_printf (text, "%s%s", text->len ? " " : "", san);
      position_make (pos, move);
      made++;
    }
  while (made-- > 0)
    position_unmake (pos);
  if (line->illegal_move && text->len > 0)
    {
      g_autofree char *move = g_strdup (line->illegal_move);
      g_autofree char *note = NULL;

      /* A PGN comment ends at the first brace. */
      g_strdelimit (move, "{}", '?');
      note = g_strdup_printf (_("The engine’s line went on with %s, which is not a legal move here."), move);
      g_string_append_printf (text, " {%s}", note);
    }
  if (text->len < sizeof result->line)
    memcpy (result->line, text->str, text->len + 1);
}

static void search_next (ChancellorReviewRun *run);

static void
searched (GObject      *source,
          GAsyncResult *async_result,
          gpointer      data)
{
  ChancellorReviewRun *run = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *best = chancellor_uci_engine_go_finish (run->engine, async_result, NULL, &error);
  g_autoptr (ChancellorGameReview) owner = run->forgotten ? NULL : g_weak_ref_get (&run->owner);
  g_autoptr (ChancellorPosition) pos = NULL;
  PositionResult result = { 0 };
  ParseError err;

  if (!best || !owner || g_cancellable_is_cancelled (run->cancellable))
    {
      run_end (run, error ? error->message : NULL);
      return;
    }
  pos = chancellor_game_dup_position (run->game, run->ply);
  result.best = notation_parse_uci (pos, best, &err);
  /* The uci engine checked it; the same rules read it here. */
  g_assert (result.best != MOVE_NONE);
  notation_san (pos, result.best, result.best_san, sizeof result.best_san);
  if (run->line && run->line->ply == run->ply)
    {
      result.value = line_value (run->line);
      result.depth = MAX (run->line->depth, 1);
      if (run->line->moves && run->line->moves[0] && g_str_equal (run->line->moves[0], best))
        write_engine_line (pos, run->line, &result);
    }
  if (result.line[0] == '\0')
    g_strlcpy (result.line, result.best_san, sizeof result.line);
  _chancellor_game_review_deliver (owner, &result);
  run->ply++;
  search_next (run);
}

/* Searches the next position the rules have not ended; those they have
 * are valued at once.  After the last, the run is complete. */
static void
search_next (ChancellorReviewRun *run)
{
  for (; run->ply < run->n_positions; run->ply++)
    {
      g_autoptr (ChancellorGameReview) owner = run->forgotten ? NULL : g_weak_ref_get (&run->owner);
      g_autoptr (ChancellorPosition) pos = NULL;
      PositionResult result = { 0 };
      StatusInfo status;

      if (!owner || g_cancellable_is_cancelled (run->cancellable))
        break;
      pos = chancellor_game_dup_position (run->game, run->ply);
      status = position_status (pos);
      if (status.status == STATUS_ONGOING)
        {
          g_clear_pointer (&run->line, chancellor_engine_line_free);
          chancellor_uci_engine_go_async (run->engine, run->game, run->ply, &run->limits, run->cancellable,
                                          searched, run);
          return;
        }
      /* The side to move is mated, or the game is drawn. */
      if (status.status == STATUS_CHECKMATE)
        result.value = pos->side == WHITE ? -JUDGE_MATE : JUDGE_MATE;
      _chancellor_game_review_deliver (owner, &result);
    }
  run_end (run, NULL);
}

static void
line_updated (ChancellorUciEngine        *engine,
              const ChancellorEngineLine *line,
              gpointer                    data)
{
  ChancellorReviewRun *run = data;

  if (line->multipv != 1 || line->ply != run->ply)
    return;
  g_clear_pointer (&run->line, chancellor_engine_line_free);
  run->line = chancellor_engine_line_copy (line);
}

static void
prepared (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  ChancellorReviewRun *run = data;
  g_autoptr (GError) error = NULL;

  run->engine = chancellor_engine_games_prepare_finish (result, &error);
  if (!run->engine)
    {
      run_end (run, error->message);
      return;
    }
  g_signal_connect (run->engine, "line-updated", G_CALLBACK (line_updated), run);
  search_next (run);
}

ChancellorReviewRun *
_chancellor_review_run_start (ChancellorGameReview *owner,
                              const char           *path,
                              ChancellorGame       *game,
                              int                   depth,
                              gint64                movetime_ms)
{
  ChancellorReviewRun *run = g_new0 (ChancellorReviewRun, 1);

  g_weak_ref_init (&run->owner, owner);
  run->cancellable = g_cancellable_new ();
  run->game = g_object_ref (game);
  run->limits.depth = depth;
  run->limits.movetime_ms = movetime_ms;
  run->n_positions = chancellor_game_get_n_moves (game) + 1;
  chancellor_engine_games_prepare_async (path, chancellor_game_get_variant_id (game), run->cancellable, prepared,
                                         run);
  return run;
}

void
_chancellor_review_run_stop (ChancellorReviewRun *run)
{
  g_cancellable_cancel (run->cancellable);
}

void
_chancellor_review_run_cancel (ChancellorReviewRun *run)
{
  run->forgotten = TRUE;
  g_cancellable_cancel (run->cancellable);
}
