/* chancellor-engine.c — the UCI engine over the rules library.
 *
 * Sets up games and positions, counts perft, shows the board and searches
 * on a thread of its own while it keeps reading commands (stop, ponderhit,
 * isready).  `chancellor-engine bench` measures perft speed and counts
 * the nodes of a fixed-depth search (src/engine/bench.c).  Plain C17,
 * libc only.
 */
#include "bench.h"
#include "cecp.h"
#include "cpu.h"
#include "notation.h"
#include "search.h"
#include "search-params.h"

#include <pthread.h>

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#ifndef CHANCELLOR_VERSION
#define CHANCELLOR_VERSION "0.1.0"
#endif

#define ENGINE_NAME "Chancellor"
#define ENGINE_AUTHOR "The Chancellor developers"
#define DEFAULT_GAME "chess"

/* The longest command accepted: far above a GUI's longest, a whole game. */
#define LINE_MAX_BYTES 65536
#define PERFT_DEPTH_MAX 20
/* Moves a position command may make, so that perft still fits the history. */
#define GAME_PLIES_MAX (POSITION_HISTORY_MAX - PERFT_DEPTH_MAX - 1)
/* How much of the user's text an error message repeats. */
#define ECHO_MAX 64

#define HASH_DEFAULT_MB 16
#define HASH_MAX_MB 4096
#define MOVE_OVERHEAD_DEFAULT_MS 30
#define MOVE_OVERHEAD_MAX_MS 5000

/* A search running on its own thread, on a position of its own. */
typedef struct {
  Search *search;
  Position *root;
  Position *pv_scratch; /* for writing out principal variations */
  SearchLimits limits;
  bool chess960;
  bool running;
  int64_t started_us;   /* when go came, for nodes per second */
  pthread_t thread;
} Searcher;

typedef struct {
  const Variant *variant;
  bool chess960;
  Position *position;
  Position *scratch;    /* a position command is built here, then swapped in */
  /* The last position command failed: the position the GUI meant is
   * unknown, so go and d refuse rather than use the one before it. */
  bool no_position;
  int skill;
  int multipv;
  int move_overhead_ms;
  Searcher searcher;
} Engine;

typedef enum { LINE_OK, LINE_TOO_LONG, LINE_END_OF_INPUT } LineStatus;

typedef struct {
  const char *game;
  const char *fen;      /* NULL: the game's start */
  int depth;
} BenchEntry;

static const BenchEntry bench_entries[] = {
  { "capablanca", NULL, 5 },
  { "ajax", NULL, 5 },
  { "prime-ministers-random", "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1", 5 },
};

#define BENCH_ENTRY_NB ((int) (sizeof bench_entries / sizeof bench_entries[0]))

static void reply (const char *format, ...) __attribute__ ((format (printf, 1, 2)));
static void reply_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* Each line goes out in one stdio call, so that lines written by the
 * search thread and by the command loop never interleave. */
static void reply_line (const char *prefix, const char *format, va_list args)
{
  char line[4096];
  size_t n = (size_t) snprintf (line, sizeof line, "%s", prefix);
  vsnprintf (line + n, sizeof line - n - 1, format, args);
  n = strlen (line);
  line[n++] = '\n';
  line[n] = '\0';
  fputs (line, stdout);
  fflush (stdout);
}

static void reply (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  reply_line ("", format, args);
  va_end (args);
}

/* Errors go out as info strings: a GUI shows them and keeps talking. */
static void reply_error (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  reply_line ("info string error: ", format, args);
  va_end (args);
}

/* The user's text made printable and cut to fit buf, for an error message. */
static const char *printable_excerpt (const char *text, char *buf, size_t size)
{
  size_t n = 0;

  for (; *text && n + 1 < size; text++)
    buf[n++] = *text >= ' ' && *text <= '~' ? *text : '?';
  if (*text && n >= 3)
    memcpy (buf + n - 3, "...", 3);
  buf[n] = '\0';
  return buf;
}

static bool is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/* The next blank-separated word, terminated in place; NULL at the end. */
static char *next_word (char **cursor)
{
  char *p = *cursor, *word;

  while (is_blank (*p))
    p++;
  if (!*p)
    {
      *cursor = p;
      return NULL;
    }
  word = p;
  while (*p && !is_blank (*p))
    p++;
  if (*p)
    *p++ = '\0';
  *cursor = p;
  return word;
}

/* Joins the words up to the word stop (or the end) with single spaces, in
 * place, and leaves cursor after stop.  The text is "" when there are none. */
static const char *join_words_until (char **cursor, const char *stop, bool *found_stop)
{
  char *joined = NULL, *end = NULL, *word;

  *found_stop = false;
  while ((word = next_word (cursor)))
    {
      if (stop && strcmp (word, stop) == 0)
        {
          *found_stop = true;
          break;
        }
      size_t length = strlen (word);
      if (!joined)
        joined = end = word;
      else
        {
          *end++ = ' ';
          memmove (end, word, length);
        }
      end += length;
    }
  if (!joined)
    return "";
  *end = '\0';
  return joined;
}

/* A decimal number, with a minus sign or not, nothing else; one beyond
 * the int range reads as INT_MIN or INT_MAX. */
static bool parse_number (const char *text, int *value)
{
  bool negative = *text == '-';
  long long n = 0;
  const char *p = text + negative;

  if (!*p)
    return false;
  for (; *p; p++)
    {
      if (*p < '0' || *p > '9')
        return false;
      if (n <= INT_MAX)
        n = n * 10 + (*p - '0');
    }
  if (negative)
    n = -n;
  *value = n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : (int) n;
  return true;
}

/* A decimal number in [min, max], nothing else. */
static bool parse_int (const char *text, int min, int max, int *value)
{
  int n;

  if (!parse_number (text, &n) || n < min || n > max)
    return false;
  *value = n;
  return true;
}

/* One line without its line end.  NUL bytes read as spaces; a line longer
 * than the buffer is read to its end and reported. */
static LineStatus read_line (FILE *in, char *buf, size_t size)
{
  size_t length = 0;
  bool overflow = false;
  int c;

  while ((c = getc (in)) != EOF && c != '\n')
    {
      if (length + 1 < size)
        buf[length++] = c ? (char) c : ' ';
      else
        overflow = true;
    }
  if (c == EOF && length == 0)
    return LINE_END_OF_INPUT;
  if (length > 0 && buf[length - 1] == '\r')
    length--;
  buf[length] = '\0';
  return overflow || length > LINE_MAX_BYTES ? LINE_TOO_LONG : LINE_OK;
}

static bool engine_init (Engine *engine)
{
  memset (engine, 0, sizeof *engine);
  engine->variant = variant_by_id (DEFAULT_GAME);
  engine->skill = 20;
  engine->multipv = 1;
  engine->move_overhead_ms = MOVE_OVERHEAD_DEFAULT_MS;
  engine->position = calloc (1, sizeof *engine->position);
  engine->scratch = calloc (1, sizeof *engine->scratch);
  engine->searcher.root = calloc (1, sizeof *engine->searcher.root);
  engine->searcher.pv_scratch = calloc (1, sizeof *engine->searcher.pv_scratch);
  engine->searcher.search = search_new (HASH_DEFAULT_MB);
  if (!engine->position || !engine->scratch || !engine->searcher.root || !engine->searcher.pv_scratch
      || !engine->searcher.search)
    return false;
  position_set_start (engine->position, engine->variant);
  return true;
}

/* Stops a running search and waits for its bestmove. */
static void searcher_stop (Searcher *searcher)
{
  if (!searcher->running)
    return;
  search_stop (searcher->search);
  pthread_join (searcher->thread, NULL);
  searcher->running = false;
}

static void engine_free (Engine *engine)
{
  searcher_stop (&engine->searcher);
  search_free (engine->searcher.search);
  free (engine->searcher.root);
  free (engine->searcher.pv_scratch);
  free (engine->position);
  free (engine->scratch);
}

/* Started with --search-options: the search's tunable numbers are
 * offered as options too, for tools/spsa.py. */
static bool offer_search_params;

static void command_uci (void)
{
  reply ("id name " ENGINE_NAME " " CHANCELLOR_VERSION);
  reply ("id author " ENGINE_AUTHOR);
  printf ("option name UCI_Variant type combo default " DEFAULT_GAME);
  for (int i = 0; i < variant_count (); i++)
    printf (" var %s", variant_at (i)->id);
  putchar ('\n');
  reply ("option name UCI_Chess960 type check default false");
  reply ("option name Hash type spin default %d min 1 max %d", HASH_DEFAULT_MB, HASH_MAX_MB);
  reply ("option name Threads type spin default 1 min 1 max %d", SEARCH_THREADS_MAX);
  reply ("option name Skill Level type spin default 20 min 1 max 20");
  reply ("option name MultiPV type spin default 1 min 1 max %d", MULTIPV_MAX);
  reply ("option name Ponder type check default false");
  reply ("option name Move Overhead type spin default %d min 0 max %d", MOVE_OVERHEAD_DEFAULT_MS,
         MOVE_OVERHEAD_MAX_MS);
  if (offer_search_params)
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++)
      reply ("option name %s type spin default %d min %d max %d", search_params[i].name, search_params[i].value,
             search_params[i].min, search_params[i].max);
  reply ("uciok");
}

/* A numeric option: false (with an error said) when value is no number;
 * a number out of [min, max] is clamped, with an info string saying so. */
static bool parse_clamped (const char *name, const char *value, long min, long max, long *out)
{
  char *end;
  char shown[ECHO_MAX];
  long number = strtol (value, &end, 10);

  if (!*value || *end)
    {
      reply_error ("option %s takes a number from %ld to %ld", name, min, max);
      return false;
    }
  if (number < min || number > max)
    {
      number = number < min ? min : max;
      reply ("info string %s %s is out of range (%ld to %ld); using %ld", name,
             printable_excerpt (value, shown, sizeof shown), min, max, number);
    }
  *out = number;
  return true;
}

static void command_setoption (Engine *engine, char *args)
{
  char *cursor = args;
  const char *word = next_word (&cursor);
  char shown[ECHO_MAX];
  bool has_value, unused;

  if (!word || strcmp (word, "name") != 0)
    {
      reply_error ("setoption needs 'name <option> [value <value>]'");
      return;
    }
  const char *name = join_words_until (&cursor, "value", &has_value);
  const char *value = join_words_until (&cursor, NULL, &unused);
  int param;   /* the search parameter name names, with --search-options */

  if (strcasecmp (name, "UCI_Variant") == 0)
    {
      const Variant *v = variant_by_id (value);
      if (!*value)
        reply_error ("option UCI_Variant needs a value");
      else if (!v)
        reply_error ("unknown variant '%s'", printable_excerpt (value, shown, sizeof shown));
      else
        {
          engine->variant = v;
          position_set_start (engine->position, v);
          engine->no_position = false;
        }
    }
  else if (strcasecmp (name, "Hash") == 0)
    {
      long mb;
      if (parse_clamped ("Hash", value, 1, HASH_MAX_MB, &mb) && !search_resize (engine->searcher.search, (size_t) mb))
        reply_error ("not enough memory for a %ld MB hash table; searching without one", mb);
    }
  else if (strcasecmp (name, "Threads") == 0)
    {
      long threads;
      if (parse_clamped ("Threads", value, 1, SEARCH_THREADS_MAX, &threads)
          && !search_set_threads (engine->searcher.search, (int) threads))
        reply_error ("not enough memory for %ld threads; searching with %d", threads,
                     search_get_threads (engine->searcher.search));
    }
  else if (strcasecmp (name, "Skill Level") == 0)
    {
      if (!parse_int (value, 1, 20, &engine->skill))
        reply_error ("option Skill Level takes 1 to 20");
    }
  else if (strcasecmp (name, "MultiPV") == 0)
    {
      if (!parse_int (value, 1, MULTIPV_MAX, &engine->multipv))
        reply_error ("option MultiPV takes 1 to %d", MULTIPV_MAX);
    }
  else if (strcasecmp (name, "Ponder") == 0)
    ;
  else if (strcasecmp (name, "Move Overhead") == 0)
    {
      long ms;
      if (parse_clamped ("Move Overhead", value, 0, MOVE_OVERHEAD_MAX_MS, &ms))
        engine->move_overhead_ms = (int) ms;
    }
  else if (strcasecmp (name, "UCI_Chess960") == 0)
    {
      if (strcasecmp (value, "true") == 0)
        engine->chess960 = true;
      else if (strcasecmp (value, "false") == 0)
        engine->chess960 = false;
      else
        reply_error ("option UCI_Chess960 takes true or false, not '%s'", printable_excerpt (value, shown, sizeof shown));
    }
  else if (offer_search_params && (param = search_param_find (name)) >= 0)
    {
      const SearchParam *p = &search_params[param];
      long number;
      if (parse_clamped (p->name, value, p->min, p->max, &number))
        search_param_set (param, (int) number);
    }
  else
    reply_error ("unknown option '%s'", printable_excerpt (name, shown, sizeof shown));
}

/* position startpos|fen <FEN> [moves <move>...]: built in the scratch
 * position and swapped in whole; returns false (after its error) when the
 * command is wrong. */
static bool read_position (Engine *engine, char *args)
{
  Position *next = engine->scratch;
  ParseError err = { -1, "" };
  char *cursor = args;
  const char *word = next_word (&cursor);
  char shown[ECHO_MAX], message[sizeof err.message + 8];

  if (word && strcmp (word, "startpos") == 0)
    {
      position_set_start (next, engine->variant);
      word = next_word (&cursor);
      if (word && strcmp (word, "moves") != 0)
        {
          reply_error ("expected 'moves' after 'startpos', not '%s'", printable_excerpt (word, shown, sizeof shown));
          return false;
        }
    }
  else if (word && strcmp (word, "fen") == 0)
    {
      bool unused;
      const char *fen = join_words_until (&cursor, "moves", &unused);
      if (!*fen)
        {
          reply_error ("'position fen' needs a FEN");
          return false;
        }
      bool read = engine->chess960 ? position_set_fen_chess960 (next, engine->variant, fen, &err)
                                   : position_set_fen (next, engine->variant, fen, &err);
      if (!read)
        {
          printable_excerpt (err.message, message, sizeof message);
          if (err.offset >= 0)
            reply_error ("%s (at character %d)", message, err.offset + 1);
          else
            reply_error ("%s", message);
          return false;
        }
    }
  else
    {
      reply_error ("position needs 'startpos' or 'fen <FEN>'");
      return false;
    }

  for (int ply = 1; (word = next_word (&cursor)); ply++)
    {
      Move move = notation_parse_uci (next, word, &err);
      if (move == MOVE_NONE)
        {
          reply_error ("illegal move '%s' at ply %d", printable_excerpt (word, shown, sizeof shown), ply);
          return false;
        }
      if (next->ply >= GAME_PLIES_MAX)
        {
          reply_error ("too many moves: at most %d are kept", GAME_PLIES_MAX);
          return false;
        }
      position_make (next, move);
    }
  engine->scratch = engine->position;
  engine->position = next;
  return true;
}

static void command_position (Engine *engine, char *args)
{
  engine->no_position = !read_position (engine, args);
}

/* Whether there is a position to work on; if not, says why. */
static bool have_position (const Engine *engine)
{
  if (engine->no_position)
    reply_error ("no position: the last 'position' command failed");
  return !engine->no_position;
}

/* Counts per root move, in the shape Fairy-Stockfish prints. */
static void run_perft (Engine *engine, int depth)
{
  Position *pos = engine->position;
  MoveList moves;
  uint64_t total = 0;

  movegen_legal (pos, &moves);
  for (int i = 0; i < moves.count; i++)
    {
      char text[MOVE_TEXT_MAX];
      notation_uci (pos, moves.moves[i], engine->chess960, text, sizeof text);
      position_make (pos, moves.moves[i]);
      uint64_t nodes = perft (pos, depth - 1);
      position_unmake (pos);
      total += nodes;
      reply ("%s: %" PRIu64, text, nodes);
      fflush (stdout);
    }
  reply ("\nNodes searched: %" PRIu64 "\n", total);
}

static int64_t microseconds_now (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int64_t) now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* One "info" line per finished iteration and line, PV in UCI moves. */
static void print_info (const SearchInfo *info, void *data)
{
  Searcher *searcher = data;
  Position *pos = searcher->pv_scratch;
  char line[4096], move[MOVE_TEXT_MAX];
  int mate = search_mate_in (info->score);
  /* Microseconds, so that a search under a millisecond has a speed too. */
  int64_t elapsed_us = microseconds_now () - searcher->started_us;
  uint64_t nps = (uint64_t) ((double) info->nodes * 1e6 / (double) (elapsed_us > 0 ? elapsed_us : 1));
  size_t n;

  n = (size_t) snprintf (line, sizeof line, "info depth %d seldepth %d multipv %d score %s %d nodes %" PRIu64
                         " nps %" PRIu64 " time %" PRId64 " pv",
                         info->depth, info->seldepth, info->multipv, mate ? "mate" : "cp", mate ? mate : info->score,
                         info->nodes, nps, info->time_ms);
  position_copy (pos, searcher->root);
  for (int i = 0; i < info->pv_length && n + MOVE_TEXT_MAX + 2 < sizeof line; i++)
    {
      notation_uci (pos, info->pv[i], searcher->chess960, move, sizeof move);
      n += (size_t) snprintf (line + n, sizeof line - n, " %s", move);
      position_make (pos, info->pv[i]);
    }
  reply ("%s", line);
}

static void *search_thread (void *data)
{
  Searcher *searcher = data;
  Move ponder = MOVE_NONE;
  Move best = search_run (searcher->search, searcher->root, &searcher->limits, print_info, searcher, &ponder);
  char best_text[MOVE_TEXT_MAX], ponder_text[MOVE_TEXT_MAX];

  if (best == MOVE_NONE)
    {
      reply ("bestmove 0000");
      return NULL;
    }
  notation_uci (searcher->root, best, searcher->chess960, best_text, sizeof best_text);
  if (ponder == MOVE_NONE)
    {
      reply ("bestmove %s", best_text);
      return NULL;
    }
  position_copy (searcher->pv_scratch, searcher->root);
  position_make (searcher->pv_scratch, best);
  notation_uci (searcher->pv_scratch, ponder, searcher->chess960, ponder_text, sizeof ponder_text);
  reply ("bestmove %s ponder %s", best_text, ponder_text);
  return NULL;
}

/* A go value outside its range is brought to the nearest one it allows,
 * and the GUI is told; the search still answers with a bestmove. */
static int clamp_go_value (const char *word, int value, int min, int max)
{
  int clamped = value < min ? min : value > max ? max : value;

  if (clamped != value)
    reply ("info string go %s %d is out of range (%d to %d): using %d", word, value, min, max, clamped);
  return clamped;
}

/* Reads "go" limits from word on; false (with an error said) on a word or
 * number it cannot read.  Numbers out of range are brought into it: a GUI
 * may send a negative clock time once the flag has fallen, or "nodes 0". */
static bool parse_go_limits (const char *word, char *cursor, SearchLimits *limits)
{
  static const struct { const char *word; int color; bool increment; } clocks[] = {
    { "wtime", WHITE, false }, { "btime", BLACK, false }, { "winc", WHITE, true }, { "binc", BLACK, true },
  };
  char shown[ECHO_MAX];
  int value;

  for (; word; word = next_word (&cursor))
    {
      bool known = false;
      if (strcmp (word, "infinite") == 0 || strcmp (word, "ponder") == 0)
        {
          limits->infinite = true;
          continue;
        }
      const char *number = next_word (&cursor);
      if (!number || !parse_number (number, &value))
        {
          reply_error ("cannot read 'go %s%s%s'", printable_excerpt (word, shown, sizeof shown),
                       number ? " " : "", number ? number : "");
          return false;
        }
      for (size_t i = 0; i < sizeof clocks / sizeof clocks[0]; i++)
        if (strcmp (word, clocks[i].word) == 0)
          {
            if (clocks[i].increment)
              limits->increment_ms[clocks[i].color] = value < 0 ? 0 : value;
            else
              limits->time_ms[clocks[i].color] = value < 1 ? 1 : value;
            known = true;
          }
      if (known)
        continue;
      if (strcmp (word, "depth") == 0)
        limits->depth = clamp_go_value (word, value, 1, SEARCH_PLY_MAX - 4);
      else if (strcmp (word, "mate") == 0)
        limits->depth = 2 * clamp_go_value (word, value, 1, SEARCH_PLY_MAX / 2 - 2);
      else if (strcmp (word, "nodes") == 0)
        limits->nodes = (uint64_t) clamp_go_value (word, value, 1, INT_MAX);
      else if (strcmp (word, "movetime") == 0)
        limits->movetime_ms = clamp_go_value (word, value, 1, INT_MAX);
      else if (strcmp (word, "movestogo") == 0)
        limits->moves_to_go = clamp_go_value (word, value, 1, 1000);
      else
        {
          reply_error ("cannot read 'go %s %s'", printable_excerpt (word, shown, sizeof shown), number);
          return false;
        }
    }
  return true;
}

/* Every go gets its bestmove, even one that cannot be followed: a GUI
 * waits for it. */
static void command_go (Engine *engine, char *args)
{
  Searcher *searcher = &engine->searcher;
  char *rest = args;
  const char *word = next_word (&rest);
  int depth;

  if (word && strcmp (word, "perft") == 0)
    {
      word = next_word (&rest);
      if (!word || !parse_int (word, 1, PERFT_DEPTH_MAX, &depth) || next_word (&rest))
        {
          reply_error ("'go perft' needs a depth from 1 to %d", PERFT_DEPTH_MAX);
          return;
        }
      if (have_position (engine))
        run_perft (engine, depth);
      else
        reply ("\nNodes searched: 0\n");
      return;
    }
  SearchLimits limits = { .multipv = engine->multipv, .skill = engine->skill,
                          .move_overhead_ms = engine->move_overhead_ms };
  if (!parse_go_limits (word, rest, &limits))
    {
      reply ("bestmove 0000");
      return;
    }
  /* A bare "go" searches until stop, as UCI says. */
  if (!limits.depth && !limits.nodes && !limits.movetime_ms && !limits.time_ms[WHITE] && !limits.time_ms[BLACK])
    limits.infinite = true;
  if (!have_position (engine))
    {
      reply ("bestmove 0000");
      return;
    }
  if (!position_history_has_room (engine->position, SEARCH_PLY_MAX + 4))
    {
      reply_error ("the game is too long to search");
      reply ("bestmove 0000");
      return;
    }
  limits.seed = position_key (engine->position);
  position_copy (searcher->root, engine->position);
  searcher->limits = limits;
  searcher->chess960 = engine->chess960;
  searcher->started_us = microseconds_now ();
  /* Armed here, not on the new thread: a stop or ponderhit that comes
   * before the thread runs must not be undone by it. */
  search_prepare (searcher->search, &limits);
  if (pthread_create (&searcher->thread, NULL, search_thread, searcher) != 0)
    {
      reply_error ("cannot start the search thread");
      reply ("bestmove 0000");
      return;
    }
  searcher->running = true;
}

static char piece_letter (const Variant *v, Piece pc)
{
  if (pc == NO_PIECE)
    return '.';
  char letter = v->type_letter[piece_type (pc)];
  return piece_color (pc) == WHITE ? letter : (char) (letter - 'A' + 'a');
}

static void command_display (const Engine *engine)
{
  const Position *pos = engine->position;
  const Variant *v = pos->variant;
  char fen[FEN_MAX], square[8];

  if (!have_position (engine))
    return;

  for (int rank = v->ranks - 1; rank >= 0; rank--)
    {
      printf ("%2d ", rank + 1);
      for (int file = 0; file < v->files; file++)
        printf (" %c", piece_letter (v, pos->board[variant_square (v, file, rank)]));
      putchar ('\n');
    }
  printf ("   ");
  for (int file = 0; file < v->files; file++)
    printf (" %c", 'a' + file);
  putchar ('\n');

  position_get_fen (pos, fen, sizeof fen);
  reply ("Fen: %s", fen);
  reply ("Key: %016" PRIX64, (uint64_t) position_key (pos));
  printf ("Checkers:");
  for (Bitboard checkers = position_checkers (pos); checkers;)
    {
      notation_square (v, bb_pop_lsb (&checkers), square);
      printf (" %s", square);
    }
  putchar ('\n');
}

/* Returns false on quit. */
static bool handle_command (Engine *engine, char *line)
{
  char *cursor = line;
  const char *command = next_word (&cursor);
  char shown[ECHO_MAX];

  if (!command)
    return true;
  if (strcmp (command, "quit") == 0)
    return false;
  /* While a search runs only these are answered at once; anything else
   * first ends the search (with its bestmove). */
  if (strcmp (command, "isready") == 0)
    {
      reply ("readyok");
      return true;
    }
  if (strcmp (command, "ponderhit") == 0)
    {
      if (engine->searcher.running)
        search_ponderhit (engine->searcher.search);
      return true;
    }
  searcher_stop (&engine->searcher);
  if (strcmp (command, "uci") == 0)
    command_uci ();
  else if (strcmp (command, "ucinewgame") == 0)
    {
      position_set_start (engine->position, engine->variant);
      engine->no_position = false;
      search_clear (engine->searcher.search);
    }
  else if (strcmp (command, "setoption") == 0)
    command_setoption (engine, cursor);
  else if (strcmp (command, "position") == 0)
    command_position (engine, cursor);
  else if (strcmp (command, "go") == 0)
    command_go (engine, cursor);
  else if (strcmp (command, "d") == 0)
    command_display (engine);
  /* stop has done its work above; debug has nothing to switch. */
  else if (strcmp (command, "stop") == 0 || strcmp (command, "debug") == 0)
    ;
  else
    reply_error ("unknown command '%s'", printable_excerpt (command, shown, sizeof shown));
  return true;
}

/* A line too long to read is not followed, but what it meant to do is
 * undone as far as its first word tells: a lost position command leaves
 * no position (a later go must not search the one before it), and a lost
 * go still gets its bestmove. */
static void refuse_long_line (Engine *engine, char *line)
{
  char *cursor = line;
  const char *command = next_word (&cursor);

  reply_error ("line longer than %d bytes ignored", LINE_MAX_BYTES);
  if (!command || strcmp (command, "isready") == 0 || strcmp (command, "ponderhit") == 0)
    return;
  searcher_stop (&engine->searcher);
  if (strcmp (command, "position") == 0)
    engine->no_position = true;
  else if (strcmp (command, "go") == 0)
    reply ("bestmove 0000");
}

static int run_uci (void)
{
  static char line[LINE_MAX_BYTES + 2];
  Engine engine;
  LineStatus status;
  bool first_command = true;

  if (!engine_init (&engine))
    {
      fprintf (stderr, "chancellor-engine: out of memory\n");
      engine_free (&engine);
      return 1;
    }
  while ((status = read_line (stdin, line, sizeof line)) != LINE_END_OF_INPUT)
    {
      /* A first command "xboard" chooses the XBoard protocol (cecp.c). */
      if (first_command && status == LINE_OK && strcmp (line, "xboard") == 0)
        {
          engine_free (&engine);
          return cecp_run (stdin);
        }
      if (status == LINE_OK && line[strspn (line, " \t")])
        first_command = false;
      if (status == LINE_TOO_LONG)
        refuse_long_line (&engine, line);
      else if (!handle_command (&engine, line))
        break;
      fflush (stdout);
    }
  /* quit, or the end of input (the GUI has gone): a running search stops
   * at once and says its bestmove. */
  engine_free (&engine);
  return 0;
}

static double seconds_now (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

static double mega_nodes_per_second (uint64_t nodes, double seconds)
{
  return seconds > 0 ? (double) nodes / seconds / 1e6 : 0;
}

/* depth_override: 0 keeps each entry's depth. */
static int run_bench (int depth_override)
{
  Position *pos = calloc (1, sizeof *pos);
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  int width = (int) strlen ("total");

  if (!pos)
    {
      fprintf (stderr, "chancellor-engine: out of memory\n");
      return 1;
    }
  for (int i = 0; i < BENCH_ENTRY_NB; i++)
    if ((int) strlen (bench_entries[i].game) > width)
      width = (int) strlen (bench_entries[i].game);

  for (int i = 0; i < BENCH_ENTRY_NB; i++)
    {
      const BenchEntry *entry = &bench_entries[i];
      const Variant *v = variant_by_id (entry->game);
      int depth = depth_override ? depth_override : entry->depth;
      ParseError err;

      if (!position_set_fen (pos, v, entry->fen ? entry->fen : v->start_fen, &err))
        {
          fprintf (stderr, "chancellor-engine: bench position of %s: %s\n", entry->game, err.message);
          free (pos);
          return 1;
        }
      double start = seconds_now ();
      uint64_t nodes = perft (pos, depth);
      double seconds = seconds_now () - start;
      printf ("%-*s  perft %-2d  %12" PRIu64 " nodes  %8.3f s  %7.1f Mnps\n",
              width, entry->game, depth, nodes, seconds, mega_nodes_per_second (nodes, seconds));
      fflush (stdout);
      total_nodes += nodes;
      total_seconds += seconds;
    }
  printf ("%-*s  %-8s  %12" PRIu64 " nodes  %8.3f s  %7.1f Mnps\n",
          width, "total", "", total_nodes, total_seconds, mega_nodes_per_second (total_nodes, total_seconds));
  free (pos);
  return 0;
}

/* The fixed-depth search over the bench positions, ending with the
 * "Bench: N" line a search commit names. */
static int run_search_bench (int depth)
{
  Search *search = search_new (HASH_DEFAULT_MB);
  uint64_t total = 0;
  double start = seconds_now ();

  if (!search)
    {
      fprintf (stderr, "chancellor-engine: out of memory\n");
      return 1;
    }
  for (int i = 0; i < bench_position_count (); i++)
    {
      const BenchPosition *b = bench_position_at (i);
      ParseError err;
      double begun = seconds_now ();
      uint64_t nodes = bench_search (search, i, depth, &err);
      if (nodes == 0)
        {
          fprintf (stderr, "chancellor-engine: bench position %d (%s): %s\n", i + 1, b->game, err.message);
          search_free (search);
          return 1;
        }
      printf ("search %2d  %-25s depth %-2d  %10" PRIu64 " nodes  %7.3f s\n", i + 1, b->game, depth, nodes,
              seconds_now () - begun);
      fflush (stdout);
      total += nodes;
    }
  double seconds = seconds_now () - start;
  search_free (search);
  printf ("Time: %.3f s\nNodes/second: %.0f\nBench: %" PRIu64 "\n", seconds, seconds > 0 ? (double) total / seconds : 0,
          total);
  return 0;
}

static void print_usage (FILE *out)
{
  fprintf (out,
           "Usage: chancellor-engine [bench [DEPTH [SEARCH_DEPTH]] | --search-options | --help | --version]\n"
           "\n"
           "Without arguments, speaks UCI on standard input and output, or the\n"
           "XBoard protocol (CECP 2) when the first command is 'xboard'.\n"
           "  bench [DEPTH [SEARCH_DEPTH]]\n"
           "                 perft speed on a few start positions (DEPTH 1-%d\n"
           "                 replaces each position's own depth), then a search\n"
           "                 of positions from every game to SEARCH_DEPTH (default %d)\n"
           "                 ending with its node count, 'Bench: N'\n"
           "  --search-options\n"
           "                 speak UCI, offering the search's tunable numbers as\n"
           "                 options too (for tools/spsa.py)\n"
           "  --help         show this help\n"
           "  --version      show the version\n",
           PERFT_DEPTH_MAX, BENCH_SEARCH_DEPTH);
}

int main (int argc, char **argv)
{
  if (engine_cpu_refused ("chancellor-engine"))
    return 1;
  if (argc == 1)
    return run_uci ();
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--search-options") == 0 && argc == 2)
    {
      offer_search_params = true;
      return run_uci ();
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("chancellor-engine " CHANCELLOR_VERSION "\n");
      return 0;
    }
  if (strcmp (argv[1], "bench") == 0 && argc <= 4)
    {
      int depth = 0, search_depth = BENCH_SEARCH_DEPTH;
      if (argc >= 3 && !parse_int (argv[2], 1, PERFT_DEPTH_MAX, &depth))
        {
          fprintf (stderr, "chancellor-engine: bench depth must be from 1 to %d\n", PERFT_DEPTH_MAX);
          return 2;
        }
      if (argc == 4 && !parse_int (argv[3], 1, SEARCH_PLY_MAX - 4, &search_depth))
        {
          fprintf (stderr, "chancellor-engine: bench search depth must be from 1 to %d\n", SEARCH_PLY_MAX - 4);
          return 2;
        }
      return run_bench (depth) || run_search_bench (search_depth);
    }
  print_usage (stderr);
  return 2;
}
