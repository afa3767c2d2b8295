/* chancellor-uci-engine.c — an external UCI engine as a child process.
 *
 * One call waits at a time (handshake, isready, a search, perft), as a
 * GTask in self->task; analysis runs without a task.  Every search sent
 * ("go") is answered by exactly one bestmove, so a search replaced before
 * it ended leaves a bestmove to skip (stale_bestmoves), and its info lines
 * until then are not reported.
 */
#define G_LOG_DOMAIN "chancellor-uci-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "chancellor-uci-engine.h"
#include "notation.h"
#include "position.h"

#define HANDSHAKE_MS_DEFAULT 5000
#define MARGIN_MS_DEFAULT 2000
/* A search without a time (depth only) is given this long. */
#define UNTIMED_SEARCH_MS 120000
/* Longer lines, or more bytes within one second, are a flood: a real
 * engine prints a few kilobytes a second even with five lines. */
#define LINE_MAX_BYTES 16384
#define FLOOD_BYTES_PER_SECOND (1024 * 1024)
#define FLOOD_LINES_PER_SECOND 20000
#define PV_SHOWN_MAX 24

G_DEFINE_QUARK (chancellor-uci-engine-error-quark, chancellor_uci_engine_error)

typedef enum {
  TASK_NONE,
  TASK_HANDSHAKE,
  TASK_SYNC,
  TASK_GO,
  TASK_PERFT,
} TaskKind;

struct _ChancellorUciEngine
{
  GObject parent_instance;

  char *path;
  char *name;
  char *author;
  GPtrArray *options;            /* ChancellorUciOption * */
  char *failure;
  char *variant;                 /* UCI_Variant last sent */
  guint handshake_ms;
  guint margin_ms;

  GSubprocess *process;
  GInputStream *stdout_pipe;
  GOutputStream *stdin_pipe;
  GCancellable *io_cancellable;  /* cancelled when the process ends */
  char read_buffer[4096];
  GString *line;
  GString *pending_output;       /* written once the write in flight is done */
  gboolean writing;
  gint64 flood_window_start;
  gsize flood_window_bytes;
  guint flood_window_lines;

  GTask *task;                   /* the call waiting, if any */
  TaskKind task_kind;
  guint task_timeout_id;
  GSource *task_cancel_source;   /* the caller's cancellable, on the main context */
  guint stop_timeout_id;         /* a stop sent, its bestmove awaited */

  /* The search running: its position, and the analysis flag. */
  Position *search_pos;
  guint search_ply;
  gboolean searching;
  gboolean analysing;
  guint stale_bestmoves;
};

enum {
  SIGNAL_LINE_UPDATED,
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChancellorUciEngine, chancellor_uci_engine, G_TYPE_OBJECT)

/* Source tags for the tasks (-Wpedantic keeps function pointers out of gpointer). */
static const char start_tag, sync_tag, go_tag, perft_tag;

static void engine_fail (ChancellorUciEngine *self, ChancellorUciEngineError code, char *message);

static void
set_str (char       **field,
         const char  *value)
{
  char *copy = g_strdup (value);

  g_free (*field);
  *field = copy;
}

/* Lines */

ChancellorEngineLine *
chancellor_engine_line_copy (const ChancellorEngineLine *line)
{
  ChancellorEngineLine *copy = g_new (ChancellorEngineLine, 1);

  *copy = *line;
  copy->pv = g_strdup (line->pv);
  copy->moves = g_strdupv (line->moves);
  copy->illegal_move = g_strdup (line->illegal_move);
  return copy;
}

void
chancellor_engine_line_free (ChancellorEngineLine *line)
{
  if (!line)
    return;
  g_free (line->pv);
  g_strfreev (line->moves);
  g_free (line->illegal_move);
  g_free (line);
}

/* By hand: G_DEFINE_BOXED_TYPE's transparent union trips -Wpedantic. */
GType
chancellor_engine_line_get_type (void)
{
  static gsize type_id;

  if (g_once_init_enter (&type_id))
    {
      GType type = g_boxed_type_register_static (g_intern_static_string ("ChancellorEngineLine"),
                                                 (GBoxedCopyFunc) chancellor_engine_line_copy,
                                                 (GBoxedFreeFunc) chancellor_engine_line_free);
      g_once_init_leave (&type_id, type);
    }
  return type_id;
}

static void
option_free (gpointer data)
{
  ChancellorUciOption *option = data;

  g_free (option->name);
  g_free (option->type);
  g_free (option->default_value);
  g_strfreev (option->values);
  g_free (option);
}

/* Writing */

static void write_pending (ChancellorUciEngine *self);

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  ChancellorUciEngine *self;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      /* Cancelled: the process ended and self may be gone.  Otherwise the
       * engine closed its input: the wait callback reports the exit. */
      return;
    }
  self = CHANCELLOR_UCI_ENGINE (user_data);
  self->writing = FALSE;
  write_pending (self);
}

static void
write_pending (ChancellorUciEngine *self)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize size;

  if (self->writing || !self->stdin_pipe || self->pending_output->len == 0)
    return;
  size = self->pending_output->len;
  bytes = g_bytes_new_take (g_string_free (self->pending_output, FALSE), size);
  self->pending_output = g_string_new (NULL);
  self->writing = TRUE;
  /* The bytes must live until the write is done: the task keeps them. */
  g_output_stream_write_all_async (self->stdin_pipe, g_bytes_get_data (bytes, NULL), size,
                                   G_PRIORITY_DEFAULT, self->io_cancellable, on_written, self);
  g_object_set_data_full (G_OBJECT (self->stdin_pipe), "chancellor-bytes-in-flight",
                          g_steal_pointer (&bytes), (GDestroyNotify) g_bytes_unref);
}

static void G_GNUC_PRINTF (2, 3)
send (ChancellorUciEngine *self,
      const char          *format,
      ...)
{
  va_list args;

  if (!self->process)
    return;
  va_start (args, format);
  g_string_append_vprintf (self->pending_output, format, args);
  va_end (args);
  g_string_append_c (self->pending_output, '\n');
  write_pending (self);
}

/* Tasks */

static gboolean
on_stop_timeout (gpointer user_data)
{
  ChancellorUciEngine *self = user_data;

  self->stop_timeout_id = 0;
  g_object_ref (self);
  engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_TIMEOUT,
               g_strdup_printf (_("%s did not stop its search when asked and was stopped."), self->name));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* Stops the search running: its bestmove, due within the margin, is skipped. */
static void
stop_search (ChancellorUciEngine *self)
{
  if (!self->searching)
    return;
  send (self, "stop");
  self->stale_bestmoves++;
  self->searching = FALSE;
  self->analysing = FALSE;
  if (!self->stop_timeout_id)
    self->stop_timeout_id = g_timeout_add (self->margin_ms, on_stop_timeout, self);
}

static void
task_clear (ChancellorUciEngine *self)
{
  g_clear_handle_id (&self->task_timeout_id, g_source_remove);
  if (self->task_cancel_source)
    g_source_destroy (self->task_cancel_source);
  g_clear_pointer (&self->task_cancel_source, g_source_unref);
  self->task_kind = TASK_NONE;
}

/* Ends the waiting call with a result (or, when error is set, that error). */
static void
task_return (ChancellorUciEngine *self,
             gpointer             result,
             GDestroyNotify       result_free,
             GError              *error)
{
  GTask *task = self->task;

  if (!task)
    {
      if (error)
        g_error_free (error);
      return;
    }
  task_clear (self);
  self->task = NULL;
  if (error)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, result_free);
  g_object_unref (task);
}

static void
task_timed_out (ChancellorUciEngine *self);

static gboolean
on_task_timeout (gpointer user_data)
{
  ChancellorUciEngine *self = user_data;

  self->task_timeout_id = 0;
  /* The caller's callback may drop the last reference. */
  g_object_ref (self);
  task_timed_out (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
task_timed_out (ChancellorUciEngine *self)
{
  char *message;

  switch (self->task_kind)
    {
    case TASK_HANDSHAKE:
      {
        guint seconds = (self->handshake_ms + 999) / 1000;

        engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_NO_HANDSHAKE,
                     g_strdup_printf (ngettext ("%s did not answer as a UCI engine (no “uciok” within %u second) and was stopped.",
                                                "%s did not answer as a UCI engine (no “uciok” within %u seconds) and was stopped.",
                                                seconds),
                                      self->name, seconds));
      }
      return;
    case TASK_GO:
      message = g_strdup_printf (_("%s did not send its move in time and was stopped."), self->name);
      break;
    case TASK_PERFT:
      message = g_strdup_printf (_("%s did not send its move count in time and was stopped."), self->name);
      break;
    default:
      message = g_strdup_printf (_("%s did not answer “isready” in time and was stopped."), self->name);
      break;
    }
  engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_TIMEOUT, message);
}

static gboolean
on_task_cancelled (GCancellable *cancellable,
                   gpointer      user_data)
{
  ChancellorUciEngine *self = user_data;

  g_object_ref (self);
  if (self->task_kind == TASK_GO)
    stop_search (self);
  task_return (self, NULL, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled")));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static gboolean
task_begin (ChancellorUciEngine *self,
            GTask               *task,
            TaskKind             kind,
            guint                timeout_ms)
{
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (self->failure || (!self->process && kind != TASK_HANDSHAKE))
    {
      g_task_return_new_error (task, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_STOPPED, "%s",
                               self->failure ? self->failure : _("The engine is not running."));
      return FALSE;
    }
  if (self->task && g_task_get_cancellable (self->task)
      && g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    {
      /* Cancelled, its source not yet run: ended now, so that the caller
       * that cancelled it may go on at once. */
      if (self->task_kind == TASK_GO)
        stop_search (self);
      task_return (self, NULL, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled")));
    }
  if (self->task)
    {
      g_task_return_new_error (task, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BUSY,
                               _("%s is still busy with the previous request."), self->name);
      return FALSE;
    }
  if (g_task_return_error_if_cancelled (task))
    return FALSE;
  self->task = g_object_ref (task);
  self->task_kind = kind;
  self->task_timeout_id = g_timeout_add (timeout_ms, on_task_timeout, self);
  if (cancellable)
    {
      /* A source, not a handler: it runs on our context whichever thread
       * cancels, and may end the task (a handler may not disconnect itself). */
      self->task_cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->task_cancel_source, G_SOURCE_FUNC (on_task_cancelled), self, NULL);
      g_source_attach (self->task_cancel_source, g_task_get_context (task));
    }
  return TRUE;
}

/* Stopping */

static void
process_stop (ChancellorUciEngine *self)
{
  if (!self->process)
    return;
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  self->stale_bestmoves = 0;
  g_cancellable_cancel (self->io_cancellable);
  g_subprocess_force_exit (self->process);
  g_clear_object (&self->stdin_pipe);
  g_clear_object (&self->stdout_pipe);
  g_clear_object (&self->process);
  self->searching = FALSE;
  self->analysing = FALSE;
}

/* The engine misbehaved or ended: stops it, fails the waiting call with
 * message and says it once. */
static void
engine_fail (ChancellorUciEngine      *self,
             ChancellorUciEngineError  code,
             char                     *message)
{
  g_autofree char *said = NULL;

  if (self->failure)
    {
      g_free (message);
      return;
    }
  self->failure = message;
  g_debug ("%s", message);
  process_stop (self);
  /* A copy: the caller's callback may start the engine again, which
   * forgets the failure. */
  said = g_strdup (message);
  task_return (self, NULL, NULL, g_error_new_literal (CHANCELLOR_UCI_ENGINE_ERROR, code, said));
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, said);
}

/* Reading */

/* Splits at runs of spaces; words point into the line. */
static GPtrArray *
split_words (char *line)
{
  GPtrArray *words = g_ptr_array_new ();
  char *saveptr = NULL;

  for (char *word = strtok_r (line, " \t\r", &saveptr); word; word = strtok_r (NULL, " \t\r", &saveptr))
    g_ptr_array_add (words, word);
  return words;
}

/* "option name Skill Level type spin default 20 min -20 max 20" */
static void
parse_option (ChancellorUciEngine *self,
              GPtrArray           *words)
{
  static const char *const keys[] = { "name", "type", "default", "min", "max", "var", NULL };
  ChancellorUciOption *option = g_new0 (ChancellorUciOption, 1);
  g_autoptr (GStrvBuilder) values = g_strv_builder_new ();
  GString *field = NULL;
  const char *key = NULL;

  for (guint i = 1; i <= words->len; i++)
    {
      const char *word = i < words->len ? g_ptr_array_index (words, i) : NULL;

      if (word && !g_strv_contains (keys, word))
        {
          if (!field)
            field = g_string_new (word);
          else
            g_string_append_printf (field, " %s", word);
          continue;
        }
      /* A key (or the end) closes the field before it. */
      if (key && field)
        {
          if (g_str_equal (key, "name") && !option->name)
            option->name = g_strdup (field->str);
          else if (g_str_equal (key, "type"))
            set_str (&option->type, field->str);
          else if (g_str_equal (key, "default"))
            set_str (&option->default_value, field->str);
          else if (g_str_equal (key, "min"))
            option->min = g_ascii_strtoll (field->str, NULL, 10);
          else if (g_str_equal (key, "max"))
            option->max = g_ascii_strtoll (field->str, NULL, 10);
          else if (g_str_equal (key, "var"))
            g_strv_builder_add (values, field->str);
        }
      else if (key && g_str_equal (key, "default"))
        set_str (&option->default_value, "");
      if (field)
        g_string_free (field, TRUE);
      field = NULL;
      key = word;
    }
  option->values = g_strv_builder_end (values);
  if (!option->name || !option->type)
    {
      option_free (option);
      return;
    }
  g_ptr_array_add (self->options, option);
}

/* "Fairy-Stockfish played b2b4, which is illegal here." and the like:
 * the move checked on the search position; MOVE_NONE when illegal. */
static Move
parse_engine_move (Position   *pos,
                   const char *text)
{
  ParseError err;

  if (!text || strlen (text) >= MOVE_TEXT_MAX)
    return MOVE_NONE;
  return notation_parse_uci (pos, text, &err);
}

static int
position_fullmove (const Position *pos)
{
  return (pos->fullmove_start + pos->ply) / 2;
}

static void
parse_info (ChancellorUciEngine *self,
            GPtrArray           *words)
{
  g_autoptr (ChancellorEngineLine) line = g_new0 (ChancellorEngineLine, 1);
  g_autoptr (GStrvBuilder) moves = g_strv_builder_new ();
  GString *pv = g_string_new (NULL);
  gboolean has_pv = FALSE, has_score = FALSE;
  int sign = self->search_pos->side == WHITE ? 1 : -1;
  int made = 0;

  line->ply = self->search_ply;
  line->multipv = 1;
  for (guint i = 1; i < words->len; i++)
    {
      const char *word = g_ptr_array_index (words, i);
      const char *value = i + 1 < words->len ? g_ptr_array_index (words, i + 1) : "";

      if (g_str_equal (word, "string"))
        break;
      if (g_str_equal (word, "depth"))
        line->depth = atoi (value);
      else if (g_str_equal (word, "multipv"))
        line->multipv = MAX (1, atoi (value));
      else if (g_str_equal (word, "nodes"))
        line->nodes = g_ascii_strtoull (value, NULL, 10);
      else if (g_str_equal (word, "time"))
        line->time_ms = g_ascii_strtoll (value, NULL, 10);
      else if (g_str_equal (word, "score") && i + 2 < words->len)
        {
          const char *unit = value;
          int number = atoi (g_ptr_array_index (words, i + 2));

          if (g_str_equal (unit, "cp"))
            line->score = sign * number, has_score = TRUE;
          else if (g_str_equal (unit, "mate"))
            line->mate = sign * number, has_score = TRUE;
          i += 2;
          continue;
        }
      else if (g_str_equal (word, "pv"))
        {
          has_pv = TRUE;
          for (i++; i < words->len; i++)
            {
              const char *text = g_ptr_array_index (words, i);
              Move move;
              char san[MOVE_TEXT_MAX], uci[MOVE_TEXT_MAX];

              if (made >= PV_SHOWN_MAX || !position_history_has_room (self->search_pos, 1))
                break;
              move = parse_engine_move (self->search_pos, text);
              if (move == MOVE_NONE)
                {
                  line->illegal_move = g_strndup (text, 32);
                  break;
                }
              notation_san (self->search_pos, move, san, sizeof san);
              notation_uci (self->search_pos, move, false, uci, sizeof uci);
              if (pv->len > 0)
                g_string_append_c (pv, ' ');
              if (self->search_pos->side == WHITE)
                g_string_append_printf (pv, "%d. ", position_fullmove (self->search_pos));
              else if (made == 0)
                g_string_append_printf (pv, "%d… ", position_fullmove (self->search_pos));
              g_string_append (pv, san);
              g_strv_builder_add (moves, uci);
              position_make (self->search_pos, move);
              made++;
            }
          break;
        }
      else
        continue;
      i++;
    }
  while (made-- > 0)
    position_unmake (self->search_pos);
  line->pv = g_string_free (pv, FALSE);
  line->moves = g_strv_builder_end (moves);
  if (has_pv && has_score)
    g_signal_emit (self, signals[SIGNAL_LINE_UPDATED], 0, line);
}

static void
parse_bestmove (ChancellorUciEngine *self,
                GPtrArray           *words)
{
  const char *text = words->len > 1 ? g_ptr_array_index (words, 1) : "";
  Move move;
  char uci[MOVE_TEXT_MAX], san[MOVE_TEXT_MAX];
  char **result;

  if (self->stale_bestmoves > 0)
    {
      if (--self->stale_bestmoves == 0)
        g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
      return;
    }
  if (!self->searching)
    return;
  self->searching = FALSE;
  self->analysing = FALSE;
  if (self->task_kind != TASK_GO)
    return;
  move = parse_engine_move (self->search_pos, text);
  if (move == MOVE_NONE)
    {
      if (g_str_equal (text, "(none)") || g_str_equal (text, "0000") || *text == '\0')
        task_return (self, NULL, NULL,
                     g_error_new (CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NO_MOVE,
                                  _("%s gave no move."), self->name));
      else
        {
          g_autofree char *shown = g_utf8_make_valid (text, MIN (strlen (text), 32));

          /* Only the search fails: the engine itself may play on. */
          task_return (self, NULL, NULL,
                       g_error_new (CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_ILLEGAL_MOVE,
                                    _("%s played %s, which is not a legal move here; it was not played."),
                                    self->name, shown));
        }
      return;
    }
  notation_uci (self->search_pos, move, false, uci, sizeof uci);
  notation_san (self->search_pos, move, san, sizeof san);
  result = g_new0 (char *, 3);
  result[0] = g_strdup (uci);
  result[1] = g_strdup (san);
  task_return (self, result, (GDestroyNotify) g_strfreev, NULL);
}

static void
handle_line (ChancellorUciEngine *self,
             char                *text)
{
  g_autoptr (GPtrArray) words = split_words (text);
  const char *command;

  if (words->len == 0)
    return;
  command = g_ptr_array_index (words, 0);
  if (self->task_kind == TASK_HANDSHAKE)
    {
      if (g_str_equal (command, "id") && words->len > 2)
        {
          g_autofree char *value = NULL;
          const char *key = g_ptr_array_index (words, 1);

          g_ptr_array_add (words, NULL);
          value = g_strjoinv (" ", (char **) words->pdata + 2);
          if (g_str_equal (key, "name"))
            set_str (&self->name, value);
          else if (g_str_equal (key, "author"))
            set_str (&self->author, value);
        }
      else if (g_str_equal (command, "option"))
        parse_option (self, words);
      else if (g_str_equal (command, "uciok"))
        task_return (self, GINT_TO_POINTER (TRUE), NULL, NULL);
      return;
    }
  if (g_str_equal (command, "readyok"))
    {
      if (self->task_kind == TASK_SYNC)
        task_return (self, GINT_TO_POINTER (TRUE), NULL, NULL);
    }
  else if (g_str_equal (command, "info"))
    {
      if (self->searching && self->stale_bestmoves == 0)
        parse_info (self, words);
    }
  else if (g_str_equal (command, "bestmove"))
    parse_bestmove (self, words);
  else if (self->task_kind == TASK_PERFT && g_str_equal (command, "Nodes") && words->len == 3
           && g_str_equal (g_ptr_array_index (words, 1), "searched:"))
    {
      guint64 *nodes = g_new (guint64, 1);

      *nodes = g_ascii_strtoull (g_ptr_array_index (words, 2), NULL, 10);
      task_return (self, nodes, g_free, NULL);
    }
}

/* Whether the line is text: UTF-8 without control characters but tabs. */
static gboolean
line_is_text (const char *text,
              gsize       length)
{
  if (!g_utf8_validate_len (text, length, NULL))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if ((guchar) text[i] < 0x20 && text[i] != '\t' && text[i] != '\r')
      return FALSE;
  return TRUE;
}

static void read_more (ChancellorUciEngine *self);
static void read_lines (ChancellorUciEngine *self, gssize size);

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  ChancellorUciEngine *self;
  gssize size;

  size = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (size < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* the process was stopped; self may be gone */
  self = CHANCELLOR_UCI_ENGINE (user_data);
  if (size <= 0)
    return;  /* end of output: the wait callback reports the exit */
  /* A caller's callback, run from a line, may drop the last reference. */
  g_object_ref (self);
  read_lines (self, size);
  g_object_unref (self);
}

static void
read_lines (ChancellorUciEngine *self,
            gssize               size)
{
  gint64 now;

  now = g_get_monotonic_time ();
  if (now - self->flood_window_start > G_USEC_PER_SEC)
    {
      self->flood_window_start = now;
      self->flood_window_bytes = 0;
      self->flood_window_lines = 0;
    }
  self->flood_window_bytes += size;
  if (self->flood_window_bytes > FLOOD_BYTES_PER_SECOND)
    {
      engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_FLOOD,
                   g_strdup_printf (_("%s printed far more than a UCI engine does (over a megabyte or 20000 lines a second) and was stopped."),
                                    self->name));
      return;
    }

  for (const char *at = self->read_buffer, *end = self->read_buffer + size; at < end && !self->failure;)
    {
      const char *newline = memchr (at, '\n', (size_t) (end - at));
      const char *stop = newline ? newline : end;

      g_string_append_len (self->line, at, stop - at);
      at = newline ? newline + 1 : end;
      if (self->line->len > LINE_MAX_BYTES)
        {
          engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_FLOOD,
                       g_strdup_printf (_("%s printed a line of over %d bytes and was stopped."),
                                        self->name, LINE_MAX_BYTES));
          return;
        }
      if (!newline)
        break;
      if (++self->flood_window_lines > FLOOD_LINES_PER_SECOND)
        {
          engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_FLOOD,
                       g_strdup_printf (_("%s printed far more than a UCI engine does (over a megabyte or 20000 lines a second) and was stopped."),
                                        self->name));
          return;
        }
      if (!line_is_text (self->line->str, self->line->len))
        {
          engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_GARBAGE,
                       g_strdup_printf (_("%s printed something that is not text and was stopped."), self->name));
          return;
        }
      handle_line (self, self->line->str);
      g_string_truncate (self->line, 0);
    }
  if (!self->failure && self->process)
    read_more (self);
}

static void
read_more (ChancellorUciEngine *self)
{
  g_input_stream_read_async (self->stdout_pipe, self->read_buffer, sizeof self->read_buffer,
                             G_PRIORITY_DEFAULT, self->io_cancellable, on_read, self);
}

static void
on_process_exited (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  GSubprocess *process = G_SUBPROCESS (source);
  ChancellorUciEngine *self;
  char *message;

  if (!g_subprocess_wait_finish (process, result, &error))
    return;  /* cancelled: stopped by us, self may be gone */
  self = CHANCELLOR_UCI_ENGINE (user_data);
  if (g_subprocess_get_if_signaled (process))
    message = g_strdup_printf (_("%s stopped unexpectedly (signal %d)."), self->name,
                               g_subprocess_get_term_sig (process));
  else
    message = g_strdup_printf (_("%s stopped unexpectedly (exit status %d)."), self->name,
                               g_subprocess_get_exit_status (process));
  g_object_ref (self);
  engine_fail (self, CHANCELLOR_UCI_ENGINE_ERROR_CRASHED, message);
  g_object_unref (self);
}

/* Starting */

void
chancellor_uci_engine_start_async (ChancellorUciEngine *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { self->path, NULL };

  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &start_tag);
  if (self->process)
    {
      g_task_return_new_error (task, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BUSY,
                               _("%s is already running."), self->name);
      return;
    }
  if (!g_file_test (self->path, G_FILE_TEST_IS_REGULAR) || !g_file_test (self->path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_task_return_new_error (task, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NOT_EXECUTABLE,
                               g_file_test (self->path, G_FILE_TEST_EXISTS)
                               ? _("“%s” is not a program that can be run.")
                               : _("There is no program “%s”."), self->path);
      return;
    }
  g_clear_pointer (&self->failure, g_free);
  self->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                     | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
  if (!self->process)
    {
      g_task_return_new_error (task, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_NOT_EXECUTABLE,
                               _("“%s” could not be started: %s"), self->path, error->message);
      return;
    }
  g_clear_object (&self->io_cancellable);
  self->io_cancellable = g_cancellable_new ();
  self->stdin_pipe = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->stdout_pipe = g_object_ref (g_subprocess_get_stdout_pipe (self->process));
  g_string_truncate (self->line, 0);
  g_string_truncate (self->pending_output, 0);
  self->writing = FALSE;
  self->flood_window_start = g_get_monotonic_time ();
  self->flood_window_bytes = 0;
  self->flood_window_lines = 0;
  g_subprocess_wait_async (self->process, self->io_cancellable, on_process_exited, self);
  read_more (self);
  if (!task_begin (self, task, TASK_HANDSHAKE, self->handshake_ms))
    return;
  send (self, "uci");
}

gboolean
chancellor_uci_engine_start_finish (ChancellorUciEngine  *self,
                                    GAsyncResult         *result,
                                    GError              **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_pointer (G_TASK (result), error) != NULL;
}

/* Options */

const ChancellorUciOption *
chancellor_uci_engine_find_option (ChancellorUciEngine *self,
                                   const char          *name)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);

  for (guint i = 0; i < self->options->len; i++)
    {
      ChancellorUciOption *option = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return option;
    }
  return NULL;
}

guint
chancellor_uci_engine_get_n_options (ChancellorUciEngine *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), 0);
  return self->options->len;
}

const ChancellorUciOption *
chancellor_uci_engine_get_option (ChancellorUciEngine *self,
                                  guint                index)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);
  g_return_val_if_fail (index < self->options->len, NULL);
  return g_ptr_array_index (self->options, index);
}

gboolean
chancellor_uci_engine_knows_variant (ChancellorUciEngine *self,
                                     const char          *id)
{
  const ChancellorUciOption *option;

  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), FALSE);

  option = chancellor_uci_engine_find_option (self, "UCI_Variant");
  if (!option || !option->values)
    return FALSE;
  for (char **value = option->values; *value; value++)
    if (g_ascii_strcasecmp (*value, id) == 0)
      return TRUE;
  return FALSE;
}

gboolean
chancellor_uci_engine_set_option (ChancellorUciEngine  *self,
                                  const char           *name,
                                  const char           *value,
                                  GError              **error)
{
  const ChancellorUciOption *option;

  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), FALSE);
  g_return_val_if_fail (name && value, FALSE);

  option = chancellor_uci_engine_find_option (self, name);
  if (!option)
    {
      g_set_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,
                   _("%s has no option “%s”."), self->name, name);
      return FALSE;
    }
  if (g_str_equal (option->type, "spin"))
    {
      gint64 number;

      if (!g_ascii_string_to_signed (value, 10, option->min, option->max, &number, NULL))
        {
          g_autofree char *min = g_strdup_printf ("%" G_GINT64_FORMAT, option->min);
          g_autofree char *max = g_strdup_printf ("%" G_GINT64_FORMAT, option->max);

          g_set_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,
                       _("%s’s option “%s” takes a whole number from %s to %s, not “%s”."),
                       self->name, option->name, min, max, value);
          return FALSE;
        }
    }
  else if (g_str_equal (option->type, "combo")
           && !g_strv_contains ((const char *const *) option->values, value))
    {
      g_set_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,
                   _("%s’s option “%s” has no value “%s”."), self->name, option->name, value);
      return FALSE;
    }
  else if (g_str_equal (option->type, "check") && !g_str_equal (value, "true") && !g_str_equal (value, "false"))
    {
      g_set_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,
                   _("%s’s option “%s” is either true or false, not “%s”."), self->name, option->name, value);
      return FALSE;
    }
  if (strchr (value, '\n') || strchr (value, '\r'))
    {
      g_set_error (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,
                   _("A value for %s’s option “%s” cannot span lines."), self->name, option->name);
      return FALSE;
    }
  if (self->failure || !self->process)
    {
      g_set_error_literal (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_STOPPED,
                           self->failure ? self->failure : _("The engine is not running."));
      return FALSE;
    }
  send (self, "setoption name %s value %s", option->name, value);
  if (g_ascii_strcasecmp (option->name, "UCI_Variant") == 0)
    set_str (&self->variant, value);
  return TRUE;
}

/* isready */

void
chancellor_uci_engine_sync_async (ChancellorUciEngine *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &sync_tag);
  if (task_begin (self, task, TASK_SYNC, self->margin_ms + 3000))
    send (self, "isready");
}

gboolean
chancellor_uci_engine_sync_finish (ChancellorUciEngine  *self,
                                   GAsyncResult         *result,
                                   GError              **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_pointer (G_TASK (result), error) != NULL;
}

/* Searching */

/* Sends the variant (when the engine has the option) and "position fen
 * <start> moves …" for the position after ply moves of game, which
 * becomes the search position. */
static void
send_position (ChancellorUciEngine *self,
               ChancellorGame      *game,
               guint                ply)
{
  g_autoptr (GString) command = g_string_new ("position fen ");
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (Move));
  const char *variant = chancellor_game_get_variant_id (game);
  char fen[FEN_MAX];

  stop_search (self);
  if (chancellor_uci_engine_find_option (self, "UCI_Variant") && g_strcmp0 (self->variant, variant) != 0)
    {
      send (self, "setoption name UCI_Variant value %s", variant);
      set_str (&self->variant, variant);
    }
  g_free (self->search_pos);
  self->search_pos = (Position *) chancellor_game_dup_position (game, ply);
  self->search_ply = ply;

  /* Back to the set-up position, then forward again writing each move. */
  while (self->search_pos->ply > 0)
    {
      Move move = position_state (self->search_pos)->move;

      g_array_prepend_val (history, move);
      position_unmake (self->search_pos);
    }
  position_get_fen (self->search_pos, fen, sizeof fen);
  g_string_append (command, fen);
  if (history->len > 0)
    g_string_append (command, " moves");
  for (guint i = 0; i < history->len; i++)
    {
      char uci[MOVE_TEXT_MAX];
      Move move = g_array_index (history, Move, i);

      notation_uci (self->search_pos, move, false, uci, sizeof uci);
      g_string_append_printf (command, " %s", uci);
      position_make (self->search_pos, move);
    }
  send (self, "%s", command->str);
}

void
chancellor_uci_engine_go_async (ChancellorUciEngine         *self,
                                ChancellorGame              *game,
                                guint                        ply,
                                const ChancellorThinkLimits *limits,
                                GCancellable                *cancellable,
                                GAsyncReadyCallback          callback,
                                gpointer                     user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GString) go = g_string_new ("go");
  gint64 allowed_ms = UNTIMED_SEARCH_MS;

  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (chancellor_game_has_ply (game, ply));
  g_return_if_fail (limits != NULL);

  if (limits->depth > 0)
    g_string_append_printf (go, " depth %d", limits->depth);
  if (limits->movetime_ms > 0)
    {
      g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, limits->movetime_ms);
      allowed_ms = limits->movetime_ms;
    }
  else if (limits->time_ms[0] > 0 || limits->time_ms[1] > 0)
    {
      ChancellorColor side = chancellor_game_get_side_to_move (game, ply);

      g_string_append_printf (go, " wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
                              " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT,
                              limits->time_ms[0], limits->time_ms[1],
                              limits->increment_ms[0], limits->increment_ms[1]);
      allowed_ms = limits->time_ms[side] + limits->increment_ms[side];
    }

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &go_tag);
  if (!task_begin (self, task, TASK_GO, (guint) MIN (allowed_ms + self->margin_ms, G_MAXUINT)))
    return;
  self->analysing = FALSE;
  send_position (self, game, ply);
  send (self, "%s", go->str);
  self->searching = TRUE;
}

char *
chancellor_uci_engine_go_finish (ChancellorUciEngine  *self,
                                 GAsyncResult         *result,
                                 char                **san,
                                 GError              **error)
{
  g_autofree char **moves = NULL;   /* the array only: its two strings are handed on */

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  moves = g_task_propagate_pointer (G_TASK (result), error);
  if (!moves)
    return NULL;
  if (san)
    *san = moves[1];
  else
    g_free (moves[1]);
  return moves[0];
}

void
chancellor_uci_engine_analyse (ChancellorUciEngine *self,
                               ChancellorGame      *game,
                               guint                ply)
{
  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (chancellor_game_has_ply (game, ply));

  if (!self->process || self->failure || self->task_kind == TASK_GO)
    return;
  send_position (self, game, ply);
  send (self, "go infinite");
  self->searching = TRUE;
  self->analysing = TRUE;
}

void
chancellor_uci_engine_stop_analysis (ChancellorUciEngine *self)
{
  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));

  if (self->analysing)
    stop_search (self);
}

/* perft */

void
chancellor_uci_engine_perft_async (ChancellorUciEngine *self,
                                   const char          *variant_name,
                                   const char          *fen,
                                   int                  depth,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));
  g_return_if_fail (fen && !strchr (fen, '\n'));
  g_return_if_fail (depth > 0);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &perft_tag);
  if (!task_begin (self, task, TASK_PERFT, self->margin_ms + 10000))
    return;
  if (variant_name && chancellor_uci_engine_find_option (self, "UCI_Variant"))
    {
      send (self, "setoption name UCI_Variant value %s", variant_name);
      set_str (&self->variant, variant_name);
    }
  send (self, "position fen %s", fen);
  send (self, "go perft %d", depth);
}

gboolean
chancellor_uci_engine_perft_finish (ChancellorUciEngine  *self,
                                    GAsyncResult         *result,
                                    guint64              *nodes,
                                    GError              **error)
{
  g_autofree guint64 *count = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  count = g_task_propagate_pointer (G_TASK (result), error);
  if (!count)
    return FALSE;
  if (nodes)
    *nodes = *count;
  return TRUE;
}

/* Object */

const char *
chancellor_uci_engine_get_path (ChancellorUciEngine *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);
  return self->path;
}

const char *
chancellor_uci_engine_get_name (ChancellorUciEngine *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);
  return self->name;
}

const char *
chancellor_uci_engine_get_author (ChancellorUciEngine *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);
  return self->author;
}

const char *
chancellor_uci_engine_get_failure (ChancellorUciEngine *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_UCI_ENGINE (self), NULL);
  return self->failure;
}

void
chancellor_uci_engine_set_timeouts (ChancellorUciEngine *self,
                                    guint                handshake_ms,
                                    guint                margin_ms)
{
  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (self));
  self->handshake_ms = handshake_ms;
  self->margin_ms = margin_ms;
}

ChancellorUciEngine *
chancellor_uci_engine_new (const char *path)
{
  ChancellorUciEngine *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CHANCELLOR_TYPE_UCI_ENGINE, NULL);
  self->path = g_strdup (path);
  g_free (self->name);
  self->name = g_path_get_basename (path);
  return self;
}

static void
chancellor_uci_engine_dispose (GObject *object)
{
  ChancellorUciEngine *self = CHANCELLOR_UCI_ENGINE (object);

  if (self->task)
    {
      task_return (self, NULL, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled")));
    }
  process_stop (self);
  G_OBJECT_CLASS (chancellor_uci_engine_parent_class)->dispose (object);
}

static void
chancellor_uci_engine_finalize (GObject *object)
{
  ChancellorUciEngine *self = CHANCELLOR_UCI_ENGINE (object);

  g_free (self->path);
  g_free (self->name);
  g_free (self->author);
  g_free (self->failure);
  g_free (self->variant);
  g_free (self->search_pos);
  g_ptr_array_unref (self->options);
  g_clear_object (&self->io_cancellable);
  g_string_free (self->line, TRUE);
  g_string_free (self->pending_output, TRUE);
  G_OBJECT_CLASS (chancellor_uci_engine_parent_class)->finalize (object);
}

static void
chancellor_uci_engine_class_init (ChancellorUciEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_uci_engine_dispose;
  object_class->finalize = chancellor_uci_engine_finalize;

  signals[SIGNAL_LINE_UPDATED] =
    g_signal_new ("line-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHANCELLOR_TYPE_ENGINE_LINE | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /* Writing to an engine that has just died must be an error to handle,
   * not a signal that ends the app. */
  signal (SIGPIPE, SIG_IGN);
}

static void
chancellor_uci_engine_init (ChancellorUciEngine *self)
{
  self->options = g_ptr_array_new_with_free_func (option_free);
  self->line = g_string_new (NULL);
  self->pending_output = g_string_new (NULL);
  self->name = g_strdup ("");
  self->author = g_strdup ("");
  self->handshake_ms = HANDSHAKE_MS_DEFAULT;
  self->margin_ms = MARGIN_MS_DEFAULT;
}
