/* chancellor-game-review.c — every position of a game searched in turn.
 *
 * A run is one search job (chancellor-search-job-private.h): the game's
 * start position, the moves that follow it, a Search of its own and a
 * table of results, one per position.  The worker fills in each result
 * and publishes it by raising n_done (a C11 release store, read with
 * acquire on the main thread), then wakes the job.  A fresh Search per run
 * keeps a run by depth the same every time.
 */
#define G_LOG_DOMAIN "chancellor-game-review"

#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "chancellor-game-review-private.h"
#include "chancellor-search-job-private.h"

#include "judge.h"
#include "notation.h"
#include "pgn.h"

#define HASH_MB 16

/* What a run adds to its search job. */
typedef struct {
  SearchLimits limits;
  guint n_positions;
  Move *moves;                   /* n_positions - 1 moves of the game */
  PositionResult *results;       /* by ply; [0, n_done) are the main thread's to read */
  atomic_uint n_done;
  GWeakRef owner;                /* touched on the main context only */
  guint delivered;               /* main context: results handed over */
} Job;

struct _ChancellorGameReview
{
  GObject parent_instance;

  ChancellorGame *game;
  int depth;
  gint64 movetime_ms;
  int threads;
  ChancellorSearchJob *job;      /* the run, until its thread has stopped */
  char *engine_path;             /* an external engine's program, or NULL */
  ChancellorReviewRun *external; /* the run by it, until it has stopped */
  char *failure;                 /* why the last run stopped short, or NULL */
  guint n_positions;
  GArray *results;               /* PositionResult, of this run, by ply */
  GArray *moves;                 /* Move, of this run */
};

G_DEFINE_FINAL_TYPE (ChancellorGameReview, chancellor_game_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_RUNNING,
  PROP_N_DONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Jobs */

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->moves);
  g_free (job->results);
  g_weak_ref_clear (&job->owner);
  g_free (job);
}

/* The best line as SAN, from the position it starts in. */
static void
write_line (Position        *pos,
            const JudgeLine *line,
            PositionResult  *result)
{
  size_t used = 0;
  int made = 0;

  for (int i = 0; i < line->line_length; i++)
    {
      char san[MOVE_TEXT_MAX];

      if (!position_history_has_room (pos, 1) || !movegen_is_legal (pos, line->line[i]))
        break;
      notation_san (pos, line->line[i], san, sizeof san);
      if (i == 0)
        memcpy (result->best_san, san, sizeof san);
      used += (size_t) g_snprintf (result->line + used, sizeof result->line - used, "%s%s",
                                   used ? " " : "", san);
      if (used >= sizeof result->line)
        break;
      position_make (pos, line->line[i]);
      made++;
    }
  while (made-- > 0)
    position_unmake (pos);
}

/* The worker: the job's position from the start, its search and its table. */
static void
job_run (ChancellorSearchJob *search_job,
         gpointer             data)
{
  Job *job = data;
  Search *search = _chancellor_search_job_get_search (search_job);
  Position *pos = _chancellor_search_job_get_position (search_job);

  for (guint ply = 0; ply < job->n_positions; ply++)
    {
      PositionResult *result = &job->results[ply];
      JudgeLine line;

      /* Readied before the check: a cancel from here on stops the search,
       * which would otherwise clear the stop flag as it starts and run to
       * its depth (judge_search has no report that looks at the cancel). */
      search_prepare (search, &job->limits);
      if (_chancellor_search_job_is_cancelled (search_job))
        break;
      judge_search (search, pos, &job->limits, &line);
      /* A search cut short by the cancel is not a verdict. */
      if (_chancellor_search_job_is_cancelled (search_job))
        break;
      result->value = line.value;
      result->depth = line.depth;
      result->best = line.best;
      write_line (pos, &line, result);
      atomic_store_explicit (&job->n_done, ply + 1, memory_order_release);
      _chancellor_search_job_wake (search_job, 0);
      if (ply + 1 < job->n_positions)
        position_make (pos, job->moves[ply]);
    }
}

static void review_take_results (ChancellorGameReview *self, ChancellorSearchJob *search_job);
static void review_job_finished (ChancellorGameReview *self);

static void
job_wake (ChancellorSearchJob *search_job,
          gboolean             finished,
          gpointer             data)
{
  Job *job = data;
  g_autoptr (ChancellorGameReview) owner = g_weak_ref_get (&job->owner);

  if (owner && owner->job == search_job)
    {
      review_take_results (owner, search_job);
      if (finished)
        review_job_finished (owner);
    }
}

/* The game's moves (n_moves + 1 entries, the last MOVE_NONE) and, in
 * *start, its start position with them in its history. */
static Move *
game_moves (ChancellorGame  *game,
            Position       **start)
{
  guint n_moves = chancellor_game_get_n_moves (game);
  Position *pos = chancellor_game_dup_position (game, n_moves);
  Move *moves = g_new0 (Move, n_moves + 1);

  g_assert (pos->ply == (int) n_moves);
  /* The moves that led to the last position, then back to the start. */
  for (guint ply = n_moves; ply > 0; ply--)
    {
      moves[ply - 1] = position_state (pos)->move;
      position_unmake (pos);
    }
  if (start)
    *start = pos;
  else
    chancellor_position_free (pos);
  return moves;
}

static ChancellorSearchJob *
job_new (ChancellorGameReview *self)
{
  Job *job = g_new0 (Job, 1);
  Search *search = search_new (HASH_MB);
  Position *pos;

  if (search == NULL)
    g_error ("Not enough memory for the review’s search");
  /* Fewer threads than asked when memory is short: the review goes on. */
  search_set_threads (search, self->threads);
  job->n_positions = chancellor_game_get_n_moves (self->game) + 1;
  job->moves = game_moves (self->game, &pos);
  job->results = g_new0 (PositionResult, job->n_positions);
  job->limits.depth = self->depth;
  job->limits.movetime_ms = self->movetime_ms;
  job->limits.multipv = 1;
  job->limits.skill = 20;
  atomic_init (&job->n_done, 0);
  g_weak_ref_init (&job->owner, self);
  return _chancellor_search_job_new (search, pos, NULL, job, job_free);
}

/* Annotations */

/* Replaces the ?!, ? and ?? among the NAGs of ply with nag (0: none). */
static void
game_replace_judgement_nag (ChancellorGame *game,
                            guint           ply,
                            guint8          nag)
{
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint8 kept[CHANCELLOR_GAME_NAGS_MAX];
  guint n = MIN (chancellor_game_get_nags (game, ply, nags, G_N_ELEMENTS (nags)), G_N_ELEMENTS (nags));
  guint n_kept = 0;

  if (nag != 0)
    kept[n_kept++] = nag;
  for (guint i = 0; i < n; i++)
    if (judge_from_nag (nags[i]) == JUDGEMENT_NONE && n_kept < G_N_ELEMENTS (kept))
      kept[n_kept++] = nags[i];
  chancellor_game_set_nags (game, ply, kept, n_kept);
}

static void
game_set_eval (ChancellorGame *game,
               guint           ply,
               const int      *value)
{
  char *comment = judge_comment_set_eval (chancellor_game_get_comment (game, ply), value);

  if (comment == NULL)
    g_error ("Not enough memory for a comment");
  chancellor_game_set_comment (game, ply, comment);
  free (comment);
}

void
chancellor_game_review_clear (ChancellorGame *game)
{
  guint n_moves;

  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  n_moves = chancellor_game_get_n_moves (game);
  for (guint ply = 0; ply <= n_moves; ply++)
    {
      int value;

      if (judge_comment_eval (chancellor_game_get_comment (game, ply), &value))
        game_set_eval (game, ply, NULL);
      if (ply == 0)
        continue;
      if (judge_from_nag (chancellor_game_review_read_mark (game, ply)) != JUDGEMENT_NONE)
        game_replace_judgement_nag (game, ply, 0);
      /* The review's own lines only: a player's or a file's stay. */
      for (guint i = chancellor_game_get_n_variations (game, ply); i > 0; i--)
        if (judge_line_is_review (chancellor_game_get_variation_comment (game, ply, i - 1)))
          chancellor_game_delete_variation (game, chancellor_game_get_variation_ply (game, ply, i - 1));
    }
}

/* The verdict on the move that led to ply, from the results before and
 * after it. */
static Judgement
review_judge (ChancellorGameReview *self,
                guint                   ply)
{
  const PositionResult *before = &g_array_index (self->results, PositionResult, ply - 1);
  const PositionResult *after = &g_array_index (self->results, PositionResult, ply);
  Move played = g_array_index (self->moves, Move, ply - 1);
  int mover = chancellor_game_get_side_to_move (self->game, ply - 1) == CHANCELLOR_COLOR_WHITE ? WHITE : BLACK;

  if (before->depth == 0 || before->best == MOVE_NONE || before->best == played)
    return JUDGEMENT_NONE;
  return judge_move (before->value, after->value, mover);
}

static void
review_annotate (ChancellorGameReview *self,
                   guint                   ply)
{
  const PositionResult *before = &g_array_index (self->results, PositionResult, ply - 1);
  const PositionResult *after = &g_array_index (self->results, PositionResult, ply);
  Judgement judgement = review_judge (self, ply);

  /* A position the rules ended carries no [%eval]: the move says it. */
  if (after->depth > 0)
    game_set_eval (self->game, ply, &after->value);
  game_replace_judgement_nag (self->game, ply, (guint8) judge_nag (judgement));
  if (judgement != JUDGEMENT_NONE && before->line[0] != '\0')
    {
      g_autoptr (GError) error = NULL;
      char eval[JUDGE_EVAL_TEXT_MAX];
      g_autofree char *movetext = NULL;

      /* Opened by its value, the mark of the review's own line. */
      judge_format_eval (before->value, eval, sizeof eval);
      movetext = g_strdup_printf ("{[%%eval %s]} %s", eval, before->line);
      if (!chancellor_game_add_variation (self->game, ply, movetext, &error))
        g_warning ("The better line %s was refused: %s", before->line, error->message);
    }
}

/* The result of the next position: kept, and its move annotated. */
static void
review_add_result (ChancellorGameReview *self,
                   const PositionResult *result,
                   guint                 n_moves)
{
  guint ply = self->results->len;

  g_array_append_val (self->results, *result);
  if (ply > 0 && ply <= n_moves)
    review_annotate (self, ply);
}

/* On the main context: the results the worker has published since. */
static void
review_take_results (ChancellorGameReview *self,
                       ChancellorSearchJob    *search_job)
{
  Job *job = _chancellor_search_job_get_data (search_job);
  guint n_done = atomic_load_explicit (&job->n_done, memory_order_acquire);
  guint n_moves = chancellor_game_get_n_moves (self->game);

  if (job->delivered == n_done || _chancellor_search_job_is_cancelled (search_job))
    return;
  for (; job->delivered < n_done; job->delivered++)
    review_add_result (self, &job->results[job->delivered], n_moves);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
}

static void
review_finished (ChancellorGameReview *self)
{
  gboolean complete = self->results->len == self->n_positions;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[FINISHED], 0, complete);
}

static void
review_job_finished (ChancellorGameReview *self)
{
  g_clear_pointer (&self->job, _chancellor_search_job_unref);
  review_finished (self);
}

void
_chancellor_game_review_deliver (ChancellorGameReview *self,
                                 const PositionResult *result)
{
  g_assert (CHANCELLOR_IS_GAME_REVIEW (self));
  g_assert (self->results->len < self->n_positions);

  review_add_result (self, result, chancellor_game_get_n_moves (self->game));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
}

void
_chancellor_game_review_stopped (ChancellorGameReview *self,
                                 const char           *failure)
{
  g_assert (CHANCELLOR_IS_GAME_REVIEW (self));

  self->external = NULL;
  g_free (self->failure);
  self->failure = g_strdup (failure);
  review_finished (self);
}

/* The moves changed under the run: its verdicts would land on other moves. */
static void
game_changed (ChancellorGameReview *self)
{
  if ((self->job || self->external) && chancellor_game_get_n_moves (self->game) + 1 != self->n_positions)
    chancellor_game_review_cancel (self);
}

/* The object */

static void
chancellor_game_review_dispose (GObject *object)
{
  ChancellorGameReview *self = CHANCELLOR_GAME_REVIEW (object);

  /* The job winds down on its own: its source joins the thread. */
  if (self->job)
    {
      _chancellor_search_job_cancel (self->job);
      g_clear_pointer (&self->job, _chancellor_search_job_unref);
    }
  /* So does an engine's run, its process ending with it. */
  if (self->external)
    _chancellor_review_run_cancel (g_steal_pointer (&self->external));
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (chancellor_game_review_parent_class)->dispose (object);
}

static void
chancellor_game_review_finalize (GObject *object)
{
  ChancellorGameReview *self = CHANCELLOR_GAME_REVIEW (object);

  g_array_unref (self->results);
  g_array_unref (self->moves);
  g_free (self->engine_path);
  g_free (self->failure);

  G_OBJECT_CLASS (chancellor_game_review_parent_class)->finalize (object);
}

static void
chancellor_game_review_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  ChancellorGameReview *self = CHANCELLOR_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->job != NULL || self->external != NULL);
      break;
    case PROP_N_DONE:
      g_value_set_uint (value, self->results->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_review_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  ChancellorGameReview *self = CHANCELLOR_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      g_signal_connect_object (self->game, "changed", G_CALLBACK (game_changed), self, G_CONNECT_SWAPPED);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_review_class_init (ChancellorGameReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_game_review_dispose;
  object_class->finalize = chancellor_game_review_finalize;
  object_class->get_property = chancellor_game_review_get_property;
  object_class->set_property = chancellor_game_review_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_DONE] =
    g_param_spec_uint ("n-done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The thread stopped: after the last position (complete) or a cancel. */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
chancellor_game_review_init (ChancellorGameReview *self)
{
  self->movetime_ms = CHANCELLOR_GAME_REVIEW_MOVETIME_MS;
  self->threads = 1;
  self->results = g_array_new (FALSE, TRUE, sizeof (PositionResult));
  self->moves = g_array_new (FALSE, TRUE, sizeof (Move));
}

ChancellorGameReview *
chancellor_game_review_new (ChancellorGame *game)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  return g_object_new (CHANCELLOR_TYPE_GAME_REVIEW, "game", game, NULL);
}

ChancellorGame *
chancellor_game_review_get_game (ChancellorGameReview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), NULL);

  return self->game;
}

void
chancellor_game_review_set_limits (ChancellorGameReview *self,
                                     int                     depth,
                                     gint64                  movetime_ms)
{
  g_return_if_fail (CHANCELLOR_IS_GAME_REVIEW (self));
  g_return_if_fail (depth >= 0 && depth < SEARCH_PLY_MAX && movetime_ms >= 0);
  g_return_if_fail (depth > 0 || movetime_ms > 0);

  self->depth = depth;
  self->movetime_ms = movetime_ms;
}

void
chancellor_game_review_set_threads (ChancellorGameReview *self,
                                    int                   threads)
{
  g_return_if_fail (CHANCELLOR_IS_GAME_REVIEW (self));

  self->threads = CLAMP (threads, 1, SEARCH_THREADS_MAX);
}

void
chancellor_game_review_start (ChancellorGameReview *self)
{
  gboolean was_running;

  g_return_if_fail (CHANCELLOR_IS_GAME_REVIEW (self));

  was_running = self->job != NULL || self->external != NULL;
  if (self->job)
    {
      /* The old run winds down on its own. */
      _chancellor_search_job_cancel (self->job);
      g_clear_pointer (&self->job, _chancellor_search_job_unref);
    }
  if (self->external)
    _chancellor_review_run_cancel (g_steal_pointer (&self->external));
  g_clear_pointer (&self->failure, g_free);

  chancellor_game_review_clear (self->game);
  g_array_set_size (self->results, 0);
  g_array_set_size (self->moves, 0);
  self->n_positions = chancellor_game_get_n_moves (self->game) + 1;
  if (self->engine_path)
    {
      g_autofree Move *moves = game_moves (self->game, NULL);

      g_array_append_vals (self->moves, moves, self->n_positions - 1);
      self->external = _chancellor_review_run_start (self, self->engine_path, self->game, self->depth,
                                                     self->movetime_ms);
    }
  else
    {
      Job *job;

      self->job = job_new (self);
      job = _chancellor_search_job_get_data (self->job);
      g_array_append_vals (self->moves, job->moves, self->n_positions - 1);
      _chancellor_search_job_start (self->job, "chancellor-game-review", job_run, job_wake);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
  if (!was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
chancellor_game_review_cancel (ChancellorGameReview *self)
{
  g_return_if_fail (CHANCELLOR_IS_GAME_REVIEW (self));

  /* "running" stays until the thread has stopped, a moment later. */
  if (self->job)
    _chancellor_search_job_cancel (self->job);
  if (self->external)
    _chancellor_review_run_stop (self->external);
}

void
chancellor_game_review_set_engine (ChancellorGameReview *self,
                                   const char           *path)
{
  g_return_if_fail (CHANCELLOR_IS_GAME_REVIEW (self));

  g_free (self->engine_path);
  self->engine_path = path && *path ? g_strdup (path) : NULL;
}

const char *
chancellor_game_review_get_failure (ChancellorGameReview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), NULL);

  return self->failure;
}

gboolean
chancellor_game_review_get_running (ChancellorGameReview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), FALSE);

  return self->job != NULL || self->external != NULL;
}

guint
chancellor_game_review_get_n_done (ChancellorGameReview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), 0);

  return self->results->len;
}

guint
chancellor_game_review_get_n_positions (ChancellorGameReview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), 0);

  return self->n_positions;
}

ChancellorMoveMark
chancellor_game_review_get_mark (ChancellorGameReview *self,
                                   guint                   ply)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), CHANCELLOR_MOVE_MARK_NONE);

  if (ply == 0 || ply >= self->results->len)
    return CHANCELLOR_MOVE_MARK_NONE;
  return (ChancellorMoveMark) judge_nag (review_judge (self, ply));
}

char *
chancellor_game_review_dup_best_move (ChancellorGameReview *self,
                                        guint                   ply)
{
  const PositionResult *before;

  g_return_val_if_fail (CHANCELLOR_IS_GAME_REVIEW (self), NULL);

  if (ply == 0 || ply > self->results->len)
    return NULL;
  before = &g_array_index (self->results, PositionResult, ply - 1);
  return before->best_san[0] ? g_strdup (before->best_san) : NULL;
}

/* Reading a game's annotations */

gboolean
chancellor_game_review_read_score (ChancellorGame  *game,
                                     guint            ply,
                                     double          *expectation,
                                     char           **text)
{
  int value;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), FALSE);
  g_return_val_if_fail (ply <= chancellor_game_get_n_moves (game), FALSE);

  if (ply == chancellor_game_get_n_moves (game) && ply > 0
      && chancellor_game_get_reason (game) == CHANCELLOR_REASON_CHECKMATE)
    {
      gboolean white_won = chancellor_game_get_result (game) == CHANCELLOR_RESULT_WHITE_WINS;

      if (expectation)
        *expectation = white_won ? 1.0 : 0.0;
      if (text)
        *text = g_strdup (chancellor_game_get_result_string (game));
      return TRUE;
    }

  if (!judge_comment_eval (chancellor_game_get_comment (game, ply), &value))
    return FALSE;
  if (expectation)
    *expectation = judge_expectation (value);
  if (text)
    {
      char score[JUDGE_SCORE_TEXT_MAX];

      judge_format_score (value, score, sizeof score);
      *text = g_strdup (score);
    }
  return TRUE;
}

gboolean
chancellor_game_review_has_scores (ChancellorGame *game)
{
  guint n_moves;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), FALSE);

  n_moves = chancellor_game_get_n_moves (game);
  for (guint ply = 0; ply <= n_moves; ply++)
    {
      int value;

      if (judge_comment_eval (chancellor_game_get_comment (game, ply), &value))
        return TRUE;
    }
  return FALSE;
}

ChancellorMoveMark
chancellor_game_review_read_mark (ChancellorGame *game,
                                    guint           ply)
{
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), CHANCELLOR_MOVE_MARK_NONE);

  if (ply == 0 || ply > chancellor_game_get_n_moves (game))
    return CHANCELLOR_MOVE_MARK_NONE;
  n = MIN (chancellor_game_get_nags (game, ply, nags, G_N_ELEMENTS (nags)), G_N_ELEMENTS (nags));
  for (guint i = 0; i < n; i++)
    if (nags[i] >= CHANCELLOR_MOVE_MARK_GOOD && nags[i] <= CHANCELLOR_MOVE_MARK_INACCURACY)
      return (ChancellorMoveMark) nags[i];
  return CHANCELLOR_MOVE_MARK_NONE;
}

char *
chancellor_game_review_read_better_move (ChancellorGame *game,
                                           guint           ply)
{

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  if (judge_from_nag (chancellor_game_review_read_mark (game, ply)) == JUDGEMENT_NONE)
    return NULL;
  /* The first of the review's own lines, not a player's. */
  for (guint v = 0; v < chancellor_game_get_n_variations (game, ply); v++)
    if (judge_line_is_review (chancellor_game_get_variation_comment (game, ply, v)))
      return chancellor_game_get_san (game, chancellor_game_get_variation_ply (game, ply, v));
  return NULL;
}

/* The value of the position after ply in centipawns within ±AVERAGE_LOSS_CLAMP. */
#define AVERAGE_LOSS_CLAMP 1000

static gboolean
read_clamped_value (ChancellorGame *game,
                    guint           ply,
                    int            *centipawns)
{
  int value;

  if (ply > 0 && ply == chancellor_game_get_n_moves (game)
      && chancellor_game_get_reason (game) == CHANCELLOR_REASON_CHECKMATE)
    value = chancellor_game_get_result (game) == CHANCELLOR_RESULT_WHITE_WINS ? JUDGE_MATE : -JUDGE_MATE;
  else if (!judge_comment_eval (chancellor_game_get_comment (game, ply), &value))
    return FALSE;
  *centipawns = CLAMP (value, -AVERAGE_LOSS_CLAMP, AVERAGE_LOSS_CLAMP);
  return TRUE;
}

int
chancellor_game_review_read_average_loss (ChancellorGame  *game,
                                            ChancellorColor  color)
{
  guint n_moves, counted = 0;
  int sign = color == CHANCELLOR_COLOR_WHITE ? 1 : -1;
  gint64 total = 0;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), -1);

  n_moves = chancellor_game_get_n_moves (game);
  for (guint ply = 1; ply <= n_moves; ply++)
    {
      int before, after;

      if (chancellor_game_get_side_to_move (game, ply - 1) != color
          || !read_clamped_value (game, ply - 1, &before) || !read_clamped_value (game, ply, &after))
        continue;
      total += MAX (0, sign * (before - after));
      counted++;
    }
  return counted > 0 ? (int) ((total + counted / 2) / counted) : -1;
}

const char *
chancellor_move_mark_get_symbol (ChancellorMoveMark mark)
{
  /* A mark is the NAG of its symbol. */
  const char *symbol = mark <= CHANCELLOR_MOVE_MARK_INACCURACY ? pgn_nag_symbol (mark, false) : NULL;

  return symbol ? symbol : "";
}
