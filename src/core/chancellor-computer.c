/* chancellor-computer.c — the computer player: a move to find, or the
 * live analysis of a position, each a search job on a thread of its own
 * (chancellor-search-job-private.h).
 */
#define G_LOG_DOMAIN "chancellor-computer"

#include "config.h"

#include <glib/gi18n.h>
#include <stdatomic.h>
#include <string.h>

#include "chancellor-computer.h"
#include "chancellor-engine-analysis.h"
#include "chancellor-search-job-private.h"

#include "judge.h"
#include "notation.h"
#include "search.h"

#define HASH_MB 16
#define SPARE_SEARCHES 2
/* The analysis reports at most this often (microseconds). */
#define ANALYSIS_INTERVAL (100 * G_TIME_SPAN_MILLISECOND)
/* Plies of the principal variation written out. */
#define PV_SHOWN_MAX 16

G_STATIC_ASSERT (CHANCELLOR_COMPUTER_THREADS_MAX <= SEARCH_THREADS_MAX);
G_STATIC_ASSERT (CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX <= MULTIPV_MAX);

/* The most a move takes at each level without a clock.  What a level
 * plays is the engine's Skill Level 2L (its node budget and handicap,
 * src/engine/skill.c); the time only keeps a slow machine quick. */
static const gint64 level_movetime_ms[CHANCELLOR_COMPUTER_LEVEL_MAX + 1] = {
  0, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 2000,
};

struct _ChancellorComputer
{
  GObject parent_instance;

  GPtrArray *spare_searches;      /* Search *, for the next job */
  ChancellorSearchJob *analysis;  /* the one running, or NULL */
  int analysis_lines;             /* MultiPV of the analysis */
  int analysis_threads;           /* threads of the analysis (a move to find takes one) */
};

G_DEFINE_FINAL_TYPE (ChancellorComputer, chancellor_computer, G_TYPE_OBJECT)

/* Source tags for the tasks (-Wpedantic keeps function pointers out of gpointer). */
static const char think_tag;

/* By hand: G_DEFINE_BOXED_TYPE's transparent union trips -Wpedantic. */
GType
chancellor_analysis_get_type (void)
{
  static gsize type_id;

  if (g_once_init_enter (&type_id))
    {
      GType type = g_boxed_type_register_static (g_intern_static_string ("ChancellorAnalysis"),
                                                 (GBoxedCopyFunc) chancellor_analysis_copy,
                                                 (GBoxedFreeFunc) chancellor_analysis_free);
      g_once_init_leave (&type_id, type);
    }
  return type_id;
}

enum {
  PROP_0,
  PROP_ANALYSING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ANALYSIS_UPDATED,
  LINES_UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
chancellor_think_limits_init (ChancellorThinkLimits *limits,
                              int                    level)
{
  g_return_if_fail (limits != NULL);

  level = CLAMP (level, CHANCELLOR_COMPUTER_LEVEL_MIN, CHANCELLOR_COMPUTER_LEVEL_MAX);
  memset (limits, 0, sizeof *limits);
  limits->level = level;
  limits->movetime_ms = level_movetime_ms[level];
}

void
chancellor_think_limits_set_clock (ChancellorThinkLimits *limits,
                                   gint64                 white_ms,
                                   gint64                 black_ms,
                                   gint64                 increment_ms)
{
  g_return_if_fail (limits != NULL);

  limits->time_ms[CHANCELLOR_COLOR_WHITE] = MAX (1, white_ms);
  limits->time_ms[CHANCELLOR_COLOR_BLACK] = MAX (1, black_ms);
  limits->increment_ms[CHANCELLOR_COLOR_WHITE] = limits->increment_ms[CHANCELLOR_COLOR_BLACK] = MAX (0, increment_ms);
  if (limits->level >= CHANCELLOR_COMPUTER_LEVEL_MAX)
    limits->movetime_ms = 0;
}

/* The engine's limits for side to move: level L plays at skill 2L.  A
 * fixed think time stays within what the clock, if any, can spare. */
static void
search_limits_from (const ChancellorThinkLimits *limits,
                    int                          side,
                    SearchLimits                *out)
{
  int level = CLAMP (limits->level, CHANCELLOR_COMPUTER_LEVEL_MIN, CHANCELLOR_COMPUTER_LEVEL_MAX);

  memset (out, 0, sizeof *out);
  out->skill = 2 * level;
  out->depth = limits->depth;
  out->multipv = 1;
  out->seed = limits->seed;
  for (int color = 0; color < COLOR_NB; color++)
    {
      out->time_ms[color] = limits->time_ms[color];
      out->increment_ms[color] = limits->increment_ms[color];
    }
  out->movetime_ms = limits->movetime_ms;
  if (limits->time_ms[side] > 0 && out->movetime_ms > 0)
    out->movetime_ms = MIN (out->movetime_ms, limits->time_ms[side] / 20 + limits->increment_ms[side] / 2 + 1);
}

/* Searches, kept for the next job: their tables remember earlier moves. */

static Search *
take_search (ChancellorComputer *self)
{
  Search *search = NULL;

  if (self->spare_searches->len > 0)
    search = g_ptr_array_steal_index_fast (self->spare_searches, self->spare_searches->len - 1);
  if (search == NULL)
    search = search_new (HASH_MB);
  if (search == NULL)
    g_error ("Not enough memory for the computer’s search");
  return search;
}

static void
give_back_search (ChancellorComputer *self,
                  Search             *search)
{
  if (self && self->spare_searches->len < SPARE_SEARCHES)
    g_ptr_array_add (self->spare_searches, search);
  else
    search_free (search);
}

/* The full move number of the position, as its FEN writes it
 * (fullmove_start counts plies: 2 * number + side, see fen.c). */
static int
position_fullmove (const Position *pos)
{
  return (pos->fullmove_start + pos->ply) / 2;
}

/* The line in SAN with move numbers ("12. Nf3 e5 13. d4", or "12… e5
 * 13. d4" from Black's move), and its moves in UCI when uci is given.
 * Plain malloc'd memory only, as it crosses to the main context (GLib's
 * slice allocator hands memory between threads where ThreadSanitizer
 * cannot see it). */
static char *
pv_to_san (Position     *pos,
           const Move   *pv,
           int           length,
           char       ***uci)
{
  char text[PV_SHOWN_MAX * (MOVE_TEXT_MAX + 16)] = "";
  size_t used = 0;
  int shown = MIN (length, PV_SHOWN_MAX);
  char **moves = uci ? g_new0 (char *, (gsize) shown + 1) : NULL;
  int made = 0;

  for (int i = 0; i < shown; i++)
    {
      char san[MOVE_TEXT_MAX], move[MOVE_TEXT_MAX];

      if (!position_history_has_room (pos, 1) || !movegen_is_legal (pos, pv[i]))
        break;
      notation_san (pos, pv[i], san, sizeof san);
      if (moves)
        {
          notation_uci (pos, pv[i], false, move, sizeof move);
          moves[i] = g_strdup (move);
        }
      if (pos->side == WHITE)
        used += (size_t) g_snprintf (text + used, sizeof text - used, "%s%d. %s", used ? " " : "",
                                     position_fullmove (pos), san);
      else if (i == 0)
        used += (size_t) g_snprintf (text + used, sizeof text - used, "%d… %s", position_fullmove (pos), san);
      else
        used += (size_t) g_snprintf (text + used, sizeof text - used, " %s", san);
      used = MIN (used, sizeof text - 1);
      position_make (pos, pv[i]);
      made++;
    }
  while (made-- > 0)
    position_unmake (pos);
  if (uci)
    *uci = moves;
  return g_strdup (text);
}

/* An iteration's lines, best first, in memory that may cross threads. */
typedef struct {
  guint len;
  ChancellorEngineLine *lines[CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX];
} LineSet;

static void
line_set_free (LineSet *set)
{
  if (set == NULL)
    return;
  for (guint i = 0; i < set->len; i++)
    chancellor_engine_line_free (set->lines[i]);
  g_free (set);
}

/* Jobs: what the computer adds to a search job.  The worker writes best
 * before the job finishes (the join hands it over) and leaves analysis
 * reports in pending, an atomic pointer. */

typedef struct {
  SearchLimits limits;
  int threads;
  guint ply;                      /* analysis: the game's ply searched */
  GWeakRef computer;              /* touched on the main context only */
  GTask *task;                    /* a move to find, or NULL for an analysis */
  Move best;
  guint n_lines;                  /* analysis: the lines of a full report */
  LineSet *building;              /* analysis, on the worker: this iteration's lines so far */
  _Atomic (LineSet *) pending;    /* the last full report */
  _Atomic gint64 last_delivery;
} Job;

static void
analysis_clear_pending (Job *job)
{
  line_set_free (atomic_exchange (&job->pending, NULL));
}

static void
job_free (gpointer data)
{
  Job *job = data;

  g_weak_ref_clear (&job->computer);
  g_clear_object (&job->task);
  g_clear_pointer (&job->building, line_set_free);
  analysis_clear_pending (job);
  g_free (job);
}

static ChancellorSearchJob *
job_new (ChancellorComputer *self,
         ChancellorGame     *game,
         guint               ply,
         int                 threads,
         GCancellable       *cancellable)
{
  Job *job = g_new0 (Job, 1);
  Search *search = take_search (self);

  /* Fewer threads than asked when memory is short: the search goes on. */
  search_set_threads (search, threads);
  job->threads = threads;
  job->ply = ply;
  g_weak_ref_init (&job->computer, self);
  atomic_init (&job->pending, NULL);
  atomic_init (&job->last_delivery, 0);
  return _chancellor_search_job_new (search, chancellor_game_dup_position (game, ply), cancellable,
                                     job, job_free);
}

static void job_finished_think (ChancellorSearchJob *search_job, Job *job);
static void analysis_deliver (ChancellorSearchJob *search_job, Job *job);

/* On the main context: a report, or the end (the search goes back for the
 * next job). */
static void
job_wake (ChancellorSearchJob *search_job,
          gboolean             finished,
          gpointer             data)
{
  Job *job = data;
  g_autoptr (ChancellorComputer) computer = NULL;

  if (!finished)
    {
      analysis_deliver (search_job, job);
      return;
    }
  computer = g_weak_ref_get (&job->computer);
  give_back_search (computer, _chancellor_search_job_steal_search (search_job));
  if (job->task)
    job_finished_think (search_job, job);
}

/* Thinking */

typedef struct {
  char *uci;
  int from;
  int to;
} ThinkResult;

static void
think_result_free (gpointer data)
{
  ThinkResult *result = data;

  g_free (result->uci);
  g_free (result);
}

static void
think_info (const SearchInfo *info,
            void             *data)
{
  ChancellorSearchJob *search_job = data;

  if (_chancellor_search_job_is_cancelled (search_job))
    search_stop (_chancellor_search_job_get_search (search_job));
}

/* The worker: one search for the move. */
static void
think_run (ChancellorSearchJob *search_job,
           gpointer             data)
{
  Job *job = data;

  job->best = search_run (_chancellor_search_job_get_search (search_job),
                          _chancellor_search_job_get_position (search_job),
                          &job->limits, think_info, search_job, NULL);
}

/* The move found, as text and as the player's squares. */
static void
job_finished_think (ChancellorSearchJob *search_job,
                    Job                 *job)
{
  g_autoptr (GTask) task = g_steal_pointer (&job->task);
  Position *pos = _chancellor_search_job_get_position (search_job);
  ThinkResult *result;
  char uci[MOVE_TEXT_MAX];

  if (g_task_return_error_if_cancelled (task))
    return;
  if (job->best == MOVE_NONE)
    {
      g_task_return_new_error (task, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER,
                               _("There is no legal move to play."));
      return;
    }

  result = g_new0 (ThinkResult, 1);
  notation_uci (pos, job->best, false, uci, sizeof uci);
  result->uci = g_strdup (uci);
  result->from = move_from (job->best);
  result->to = move_to (job->best);
  if (move_kind (job->best) == MOVE_CASTLING)
    {
      int side = move_to (job->best) > move_from (job->best) ? CASTLE_H_SIDE : CASTLE_A_SIDE;

      result->to = position_castle_king_target (pos, pos->side, side);
    }
  g_task_return_pointer (task, result, think_result_free);
}

void
chancellor_computer_think_async (ChancellorComputer          *self,
                                 ChancellorGame              *game,
                                 const ChancellorThinkLimits *limits,
                                 GCancellable                *cancellable,
                                 GAsyncReadyCallback          callback,
                                 gpointer                     user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (ChancellorSearchJob) search_job = NULL;
  Job *job;

  g_return_if_fail (CHANCELLOR_IS_COMPUTER (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (limits != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &think_tag);
  g_task_set_name (task, "[chancellor] think");
  if (chancellor_game_get_phase (game) != CHANCELLOR_PHASE_PLAYING)
    {
      g_task_return_new_error (task, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER,
                               _("The game is not being played."));
      return;
    }

  /* A player searches with one thread: its strength stays the same on
   * every machine, and it leaves the other cores to the analysis. */
  search_job = job_new (self, game, chancellor_game_get_n_moves (game), 1, cancellable);
  job = _chancellor_search_job_get_data (search_job);
  search_limits_from (limits, _chancellor_search_job_get_position (search_job)->side, &job->limits);
  job->task = g_steal_pointer (&task);
  _chancellor_search_job_start (search_job, "chancellor-think", think_run, job_wake);
}

char *
chancellor_computer_think_finish (ChancellorComputer  *self,
                                  GAsyncResult        *result,
                                  int                 *from,
                                  int                 *to,
                                  GError             **error)
{
  ThinkResult *move;
  char *uci;

  g_return_val_if_fail (CHANCELLOR_IS_COMPUTER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == &think_tag, NULL);

  move = g_task_propagate_pointer (G_TASK (result), error);
  if (move == NULL)
    return NULL;
  if (from)
    *from = move->from;
  if (to)
    *to = move->to;
  uci = g_steal_pointer (&move->uci);
  think_result_free (move);
  return uci;
}

/* Analysis */

/* The best line as a ChancellorAnalysis. */
static ChancellorAnalysis *
analysis_from_line (const ChancellorEngineLine *line)
{
  ChancellorAnalysis *analysis = g_new0 (ChancellorAnalysis, 1);

  analysis->ply = line->ply;
  analysis->depth = line->depth;
  analysis->score = line->score;
  analysis->mate = line->mate;
  analysis->nodes = line->nodes;
  analysis->time_ms = line->time_ms;
  analysis->best_move = g_strdup (line->moves && line->moves[0] ? line->moves[0] : "");
  analysis->pv = g_strdup (line->pv);
  return analysis;
}

/* On the main context: the latest report, unless the analysis stopped. */
static void
analysis_deliver (ChancellorSearchJob *search_job,
                  Job                 *job)
{
  LineSet *set;
  g_autoptr (GPtrArray) lines = NULL;
  g_autoptr (ChancellorComputer) computer = NULL;

  /* The time goes down before the report is taken: a report the worker
   * publishes after this one was taken then sees it, and waits the whole
   * interval (taken after, the worker could read the old time and ask for
   * a delivery at once, a few microseconds after this one). */
  atomic_store (&job->last_delivery, g_get_monotonic_time ());
  set = atomic_exchange (&job->pending, NULL);
  if (set == NULL)
    return;
  lines = g_ptr_array_new_full (set->len, (GDestroyNotify) chancellor_engine_line_free);
  for (guint i = 0; i < set->len; i++)
    g_ptr_array_add (lines, set->lines[i]);
  set->len = 0;
  line_set_free (set);
  computer = g_weak_ref_get (&job->computer);
  if (computer && computer->analysis == search_job && !_chancellor_search_job_is_cancelled (search_job))
    {
      g_autoptr (ChancellorAnalysis) analysis = analysis_from_line (g_ptr_array_index (lines, 0));

      g_signal_emit (computer, signals[ANALYSIS_UPDATED], 0, analysis);
      if (computer->analysis == search_job)
        g_signal_emit (computer, signals[LINES_UPDATED], 0, job->ply, lines);
    }
}

/* On the worker: set becomes the report (the one not delivered goes). */
static void
analysis_publish (Job     *job,
                  LineSet *set)
{
  line_set_free (atomic_exchange (&job->pending, set));
}

/* On the worker, for each line of a finished iteration (best first):
 * once the iteration's lines are all there, leaves them as the report and
 * asks for a delivery, no sooner than ANALYSIS_INTERVAL after the last. */
static void
analysis_info (const SearchInfo *info,
               void             *data)
{
  ChancellorSearchJob *search_job = data;
  Job *job = _chancellor_search_job_get_data (search_job);
  Position *pos = _chancellor_search_job_get_position (search_job);
  ChancellorEngineLine *line;
  int sign = pos->side == WHITE ? 1 : -1;

  if (_chancellor_search_job_is_cancelled (search_job))
    {
      search_stop (_chancellor_search_job_get_search (search_job));
      return;
    }
  if (info->multipv == 1)
    {
      g_clear_pointer (&job->building, line_set_free);
      job->building = g_new0 (LineSet, 1);
    }
  if (job->building == NULL || info->pv_length == 0 || job->building->len >= G_N_ELEMENTS (job->building->lines))
    return;

  line = g_new0 (ChancellorEngineLine, 1);
  line->ply = job->ply;
  line->multipv = info->multipv;
  line->depth = info->depth;
  line->mate = sign * search_mate_in (info->score);
  line->score = line->mate ? (line->mate > 0 ? SCORE_MATE : -SCORE_MATE) : sign * info->score;
  line->nodes = info->nodes;
  line->time_ms = info->time_ms;
  line->pv = pv_to_san (pos, info->pv, info->pv_length, &line->moves);
  job->building->lines[job->building->len++] = line;
  if (job->building->len < job->n_lines)
    return;

  analysis_publish (job, g_steal_pointer (&job->building));
  _chancellor_search_job_wake (search_job, MAX (g_get_monotonic_time (),
                                                atomic_load (&job->last_delivery) + ANALYSIS_INTERVAL));
}

/* The worker: an endless search, reported after each iteration. */
static void
analysis_run (ChancellorSearchJob *search_job,
              gpointer             data)
{
  Job *job = data;
  Position *pos = _chancellor_search_job_get_position (search_job);
  MoveList legal;

  /* The search reports as many lines as there are moves, at most. */
  movegen_legal (pos, &legal);
  job->n_lines = (guint) MAX (1, MIN (job->limits.multipv, legal.count));
  search_run (_chancellor_search_job_get_search (search_job), pos, &job->limits, analysis_info, search_job, NULL);
}

static void
computer_stop_analysis (ChancellorComputer *self)
{
  g_autoptr (ChancellorSearchJob) search_job = g_steal_pointer (&self->analysis);

  _chancellor_search_job_cancel (search_job);
}

void
chancellor_computer_analyse (ChancellorComputer *self,
                             ChancellorGame     *game,
                             guint               ply)
{
  SearchLimits limits = { .infinite = true, .multipv = self->analysis_lines, .skill = 20 };
  gboolean was_analysing;

  g_return_if_fail (CHANCELLOR_IS_COMPUTER (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (chancellor_game_has_ply (game, ply));

  was_analysing = self->analysis != NULL;
  if (self->analysis)
    computer_stop_analysis (self);

  self->analysis = job_new (self, game, ply, self->analysis_threads, NULL);
  ((Job *) _chancellor_search_job_get_data (self->analysis))->limits = limits;
  _chancellor_search_job_start (self->analysis, "chancellor-analyse", analysis_run, job_wake);

  if (!was_analysing)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
}

void
chancellor_computer_stop_analysis (ChancellorComputer *self)
{
  g_return_if_fail (CHANCELLOR_IS_COMPUTER (self));

  if (self->analysis == NULL)
    return;
  computer_stop_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
}

void
chancellor_computer_set_analysis_lines (ChancellorComputer *self,
                                        int                 n_lines)
{
  g_return_if_fail (CHANCELLOR_IS_COMPUTER (self));

  self->analysis_lines = CLAMP (n_lines, 1, CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX);
}

int
chancellor_computer_get_analysis_lines (ChancellorComputer *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_COMPUTER (self), 1);

  return self->analysis_lines;
}

void
chancellor_computer_set_analysis_threads (ChancellorComputer *self,
                                          int                 threads)
{
  g_return_if_fail (CHANCELLOR_IS_COMPUTER (self));

  self->analysis_threads = CLAMP (threads, 1, CHANCELLOR_COMPUTER_THREADS_MAX);
}

int
chancellor_computer_get_analysis_threads (ChancellorComputer *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_COMPUTER (self), 1);

  return self->analysis_threads;
}

gboolean
chancellor_computer_get_analysing (ChancellorComputer *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_COMPUTER (self), FALSE);

  return self->analysis != NULL;
}

ChancellorAnalysis *
chancellor_analysis_copy (const ChancellorAnalysis *analysis)
{
  ChancellorAnalysis *copy;

  g_return_val_if_fail (analysis != NULL, NULL);

  copy = g_memdup2 (analysis, sizeof *analysis);
  copy->best_move = g_strdup (analysis->best_move);
  copy->pv = g_strdup (analysis->pv);
  return copy;
}

void
chancellor_analysis_free (ChancellorAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  g_free (analysis->best_move);
  g_free (analysis->pv);
  g_free (analysis);
}

char *
chancellor_analysis_format_score (const ChancellorAnalysis *analysis)
{
  char text[JUDGE_SCORE_TEXT_MAX];
  int value;

  g_return_val_if_fail (analysis != NULL, NULL);

  /* As a value of judge.h, whose text the review shows too. */
  if (analysis->mate > 0)
    value = JUDGE_MATE - analysis->mate;
  else if (analysis->mate < 0)
    value = -(JUDGE_MATE + analysis->mate);
  else
    value = analysis->score;
  judge_format_score (value, text, sizeof text);
  return g_strdup (text);
}

/* The object */

static void
chancellor_computer_dispose (GObject *object)
{
  ChancellorComputer *self = CHANCELLOR_COMPUTER (object);

  if (self->analysis)
    computer_stop_analysis (self);

  G_OBJECT_CLASS (chancellor_computer_parent_class)->dispose (object);
}

static void
chancellor_computer_finalize (GObject *object)
{
  ChancellorComputer *self = CHANCELLOR_COMPUTER (object);

  g_ptr_array_unref (self->spare_searches);

  G_OBJECT_CLASS (chancellor_computer_parent_class)->finalize (object);
}

static void
chancellor_computer_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ChancellorComputer *self = CHANCELLOR_COMPUTER (object);

  switch (prop_id)
    {
    case PROP_ANALYSING:
      g_value_set_boolean (value, self->analysis != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_computer_class_init (ChancellorComputerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_computer_dispose;
  object_class->finalize = chancellor_computer_finalize;
  object_class->get_property = chancellor_computer_get_property;

  properties[PROP_ANALYSING] =
    g_param_spec_boolean ("analysing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Each finished iteration of the analysis, rate-limited. */
  signals[ANALYSIS_UPDATED] =
    g_signal_new ("analysis-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  CHANCELLOR_TYPE_ANALYSIS | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* The same iteration's lines, best first (after analysis-updated). */
  signals[LINES_UPDATED] =
    g_signal_new ("lines-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_PTR_ARRAY);
}

static void
chancellor_computer_init (ChancellorComputer *self)
{
  self->spare_searches = g_ptr_array_new_with_free_func ((GDestroyNotify) search_free);
  self->analysis_lines = 1;
  self->analysis_threads = 1;
}

ChancellorComputer *
chancellor_computer_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_COMPUTER, NULL);
}
