/* chancellor-analyse.c — checks the games of a PGN file and annotates them
 * with the engine's verdicts, as the app's "Analyse the Game" does.
 *
 *   chancellor-analyse [--depth N | --movetime MS] [--engine PATH] [--check] [FILE|-]
 *
 * The input is read a game at a time (memory holds one game, up to
 * PGN_INPUT_MAX bytes), and each game on its own, so a broken game is
 * named (its number, its tags, the reader's message with line and
 * column) and left out while the good ones are written.  Without --check every position is searched
 * and each move gets "[%eval …]" in its comment, and a move that lost
 * value its NAG ($6 ?!, $2 ?, $4 ??) and the better line as a variation
 * opened by its [%eval] (judge_line_is_review: an earlier analysis's lines
 * are replaced, a player's kept; the thresholds are judge.h's, shared
 * with the app).  Progress goes to
 * standard error.  Plain C17 on the rules library; with --engine, an
 * external UCI engine searches instead, through the app's own engine
 * client (analyse-engine.h), every move it names checked by our rules.
 */
#include "analyse-engine.h"
#include "cpu.h"
#include "judge.h"
#include "pgn.h"
#include "status.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifndef CHANCELLOR_VERSION
#define CHANCELLOR_VERSION "0.1.0"
#endif

#define PROGRAM "chancellor-analyse"
#define HASH_MB 16
#define MOVETIME_DEFAULT_MS 300
#define MOVETIME_MAX_MS 3600000
#define DEPTH_MAX (SEARCH_PLY_MAX - 4)
/* The tags that name a game in a message. */
static const char *const naming_tags[] = { "Event", "Date", "Round", "White", "Black" };

enum { EXIT_BAD_GAMES = 1, EXIT_USAGE = 2 };

typedef struct {
  int depth;
  int64_t movetime_ms;
  bool check_only;
  bool quiet;
  const char *engine;           /* an external UCI engine's program, or NULL */
  const char *input;            /* NULL or "-": standard input */
} Options;

/* A game's text as read: its bytes, length and first line in the input. */
typedef struct {
  const char *text;
  size_t length;
  int first_line;
} Chunk;

static void usage_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

static void
usage_error (const char *format, ...)
{
  va_list args;

  fprintf (stderr, "%s: ", PROGRAM);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fprintf (stderr, "\nTry '%s --help' for more information.\n", PROGRAM);
  exit (EXIT_USAGE);
}

static void
print_help (void)
{
  printf ("Usage: %s [OPTION]... [FILE]\n"
          "Check the games of a PGN file and write them to standard output, each move\n"
          "annotated with the engine's evaluation.  With no FILE, or when FILE is -,\n"
          "read standard input.\n"
          "\n"
          "  -d, --depth=N       search each position N plies deep (1..%d)\n"
          "  -t, --movetime=MS   search each position MS milliseconds (default %d)\n"
          "  -e, --engine=PATH   search with the UCI engine PATH instead of the built-in\n"
          "                      one (it must count each game's moves as our rules do)\n"
          "  -c, --check         only check the games and write them canonically\n"
          "  -q, --quiet         no progress on standard error\n"
          "  -h, --help          show this help and exit\n"
          "  -V, --version       show the version and exit\n"
          "\n"
          "Each move gets a comment [%%eval 0.35] (pawns from White's side, #3 or #-3\n"
          "for a mate), replacing an older one.  A move that lost value is marked ?!\n"
          "($6, at least 0.5 pawns), ? ($2, 1 pawn) or ?? ($4, 2 pawns) -- and each\n"
          "also costs White's or Black's expected result at least 4, 8 or 14 points in\n"
          "a hundred, so a pawn dropped far ahead is not marked -- and gets the better\n"
          "line as a variation opened by its value, ({[%%eval 0.35]} 12. Nxe5 ...).\n"
          "Analysing again replaces those lines and keeps every other variation.\n"
          "An engine's line is cut at a move our rules refuse, and a comment there\n"
          "says so.\n"
          "\n"
          "Exit status: 0 when every game is good, 1 when some game is broken (it is\n"
          "named on standard error; the good ones are still written) or was written\n"
          "without analysis (the engine does not play it, or failed), 2 for a bad\n"
          "option, a file that cannot be read or an engine that cannot be started.\n",
          PROGRAM, DEPTH_MAX, MOVETIME_DEFAULT_MS);
}

/* A whole number in [min, max], or a usage error naming option. */
static long
parse_number (const char *option,
              const char *text,
              long        min,
              long        max)
{
  char *end;
  long value;

  if (text == NULL)
    usage_error ("option '%s' needs a number", option);
  errno = 0;
  value = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || value < min || value > max)
    usage_error ("option '%s' wants a whole number from %ld to %ld, not '%s'", option, min, max, text);
  return value;
}

/* The value of "--name=value" or "--name value" / "-n value"; NULL when
 * arg is not that option. */
static const char *
option_value (const char  *arg,
              const char  *long_name,
              const char  *short_name,
              int         *i,
              int          argc,
              char       **argv,
              bool        *matched)
{
  size_t length = strlen (long_name);

  *matched = false;
  if (strncmp (arg, long_name, length) == 0 && arg[length] == '=')
    {
      *matched = true;
      return arg + length + 1;
    }
  if (strcmp (arg, long_name) == 0 || strcmp (arg, short_name) == 0)
    {
      *matched = true;
      return *i + 1 < argc ? argv[++*i] : NULL;
    }
  return NULL;
}

static void
parse_options (int      argc,
               char   **argv,
               Options *options)
{
  bool depth_given = false, movetime_given = false, files_only = false;

  *options = (Options) { .movetime_ms = MOVETIME_DEFAULT_MS };
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value;
      bool matched;

      if (!files_only && strcmp (arg, "--") == 0)
        {
          files_only = true;
          continue;
        }
      if (files_only || arg[0] != '-' || strcmp (arg, "-") == 0)
        {
          if (options->input)
            usage_error ("one file at a time: '%s' and '%s'", options->input, arg);
          options->input = arg;
          continue;
        }
      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          print_help ();
          exit (EXIT_SUCCESS);
        }
      if (strcmp (arg, "--version") == 0 || strcmp (arg, "-V") == 0)
        {
          printf ("%s %s\n", PROGRAM, CHANCELLOR_VERSION);
          exit (EXIT_SUCCESS);
        }
      if (strcmp (arg, "--check") == 0 || strcmp (arg, "-c") == 0)
        {
          options->check_only = true;
          continue;
        }
      if (strcmp (arg, "--quiet") == 0 || strcmp (arg, "-q") == 0)
        {
          options->quiet = true;
          continue;
        }
      value = option_value (arg, "--depth", "-d", &i, argc, argv, &matched);
      if (matched)
        {
          options->depth = (int) parse_number ("--depth", value, 1, DEPTH_MAX);
          depth_given = true;
          continue;
        }
      value = option_value (arg, "--movetime", "-t", &i, argc, argv, &matched);
      if (matched)
        {
          options->movetime_ms = parse_number ("--movetime", value, 1, MOVETIME_MAX_MS);
          movetime_given = true;
          continue;
        }
      value = option_value (arg, "--engine", "-e", &i, argc, argv, &matched);
      if (matched)
        {
          if (!value || !*value)
            usage_error ("option '--engine' needs the engine's program");
          options->engine = value;
          continue;
        }
      usage_error ("unknown option '%s'", arg);
    }
  if (depth_given && movetime_given)
    usage_error ("--depth and --movetime do not go together: give one");
  if (depth_given)
    options->movetime_ms = 0;
  if (options->check_only && (depth_given || movetime_given))
    usage_error ("--check does not search: --depth and --movetime do not go with it");
  if (options->check_only && options->engine)
    usage_error ("--check does not search: --engine does not go with it");
}

/* Splitting into games as the input is read: a game starts at a tag line
 * that follows movetext, outside {comments}.  Good enough to read each
 * game on its own; a file whose games have no tags stays one piece.  A
 * comment left open does not swallow the rest of the file: an [Event tag
 * at the start of a line inside it starts the next game (the open one is
 * then reported).  Memory holds one line and one game, each kept to
 * PGN_INPUT_MAX bytes: a game over that is marked and its text cut. */
typedef struct {
  FILE *file;
  bool store;                   /* false: only count the games */
  char *line;
  size_t line_length, line_capacity;
  bool line_newline;            /* the line ended in '\n' */
  bool line_cut;                /* longer than PGN_INPUT_MAX: the rest dropped */
  bool pending;                 /* the line opens the next game: not yet taken */
  bool at_end;
  bool out_of_memory;           /* a line could not be held */
  int lines;                    /* lines read */
  char *game;
  size_t game_length, game_capacity, game_bytes;
  bool game_over_limit;
  int game_first_line;
  bool in_comment, seen_movetext;
} Splitter;

/* The next line into splitter->line; false at the end of the input. */
static bool
read_line (Splitter *sp)
{
  int c;

  sp->line_length = 0;
  sp->line_newline = false;
  sp->line_cut = false;
  while ((c = getc (sp->file)) != EOF)
    {
      if (c == '\n')
        {
          sp->line_newline = true;
          break;
        }
      if (sp->line_length > PGN_INPUT_MAX)
        {
          sp->line_cut = true;
          continue;
        }
      if (sp->line_length == sp->line_capacity)
        {
          size_t grown = sp->line_capacity ? sp->line_capacity * 2 : 4096;
          char *bigger = realloc (sp->line, grown);

          if (!bigger)
            {
              sp->out_of_memory = true;
              return false;
            }
          sp->line = bigger;
          sp->line_capacity = grown;
        }
      sp->line[sp->line_length++] = (char) c;
    }
  if (c == EOF && sp->line_length == 0)
    return false;
  sp->lines++;
  return true;
}

/* Adds the line to the game, or marks the game over the limit. */
static bool
take_line (Splitter *sp)
{
  size_t length = sp->line_length + (sp->line_newline ? 1 : 0);

  if (sp->game_bytes == 0)
    sp->game_first_line = sp->lines;
  sp->game_bytes += length;
  if (sp->line_cut || sp->game_bytes > PGN_INPUT_MAX)
    sp->game_over_limit = true;
  if (!sp->store || sp->game_over_limit)
    return true;
  if (sp->game_length + length > sp->game_capacity)
    {
      size_t grown = sp->game_capacity ? sp->game_capacity : 1 << 16;
      char *bigger;

      while (grown < sp->game_length + length)
        grown *= 2;
      bigger = realloc (sp->game, grown);
      if (!bigger)
        return false;
      sp->game = bigger;
      sp->game_capacity = grown;
    }
  memcpy (sp->game + sp->game_length, sp->line, sp->line_length);
  if (sp->line_newline)
    sp->game[sp->line_length + sp->game_length] = '\n';
  sp->game_length += length;
  return true;
}

/* What the line holds, outside tags and comments. */
static void
scan_line (Splitter   *sp,
           const char *text,
           size_t      first,
           size_t      end)
{
  if (first < end && text[first] == '%')
    return;
  for (size_t i = first; i < end; i++)
    {
      char c = text[i];

      if (sp->in_comment)
        sp->in_comment = c != '}';
      else if (c == '{')
        sp->in_comment = true;
      else if (c == ';')
        break;
      else if (c == '[' && i == first)
        {
          /* A tag: to its closing bracket (values may hold ';' and '{'). */
          bool quoted = false;

          for (; i < end && (quoted || text[i] != ']'); i++)
            if (text[i] == '"' && text[i - 1] != '\\')
              quoted = !quoted;
        }
      else if (c != ' ' && c != '\t' && c != '\r')
        sp->seen_movetext = true;
    }
}

/* The next game into chunk (its text valid until the next call); false
 * at the end of the input, or with *failed set when out of memory.  The
 * input's last piece comes out even when blank. */
static bool
next_game (Splitter *sp,
           Chunk    *chunk,
           bool     *over_limit,
           bool     *failed)
{
  *failed = false;
  if (sp->at_end)
    return false;
  sp->game_length = 0;
  sp->game_bytes = 0;
  sp->game_over_limit = false;
  sp->game_first_line = sp->lines + 1;
  for (;;)
    {
      if (!sp->pending && !read_line (sp))
        {
          if (ferror (sp->file) || sp->out_of_memory)
            {
              *failed = true;
              return false;
            }
          sp->at_end = true;
          break;
        }
      const char *text = sp->line;
      size_t end = sp->line_length, first = 0;

      /* A UTF-8 byte order mark may open any game (files put one after
       * the other): no movetext; the reader skips it at a game's start. */
      if (end >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
        first = 3;
      while (first < end && (text[first] == ' ' || text[first] == '\t' || text[first] == '\r'))
        first++;
      bool event_line = end - first >= 7 && memcmp (text + first, "[Event ", 7) == 0;
      if (!sp->pending)
        {
          if (sp->in_comment && event_line && sp->game_bytes > 0)
            {
              sp->in_comment = false;
              sp->seen_movetext = true;
            }
          if (!sp->in_comment && first < end && text[first] == '[' && sp->seen_movetext)
            {
              sp->pending = true;
              sp->seen_movetext = false;
              break;
            }
        }
      sp->pending = false;
      if (!take_line (sp))
        {
          *failed = true;
          return false;
        }
      scan_line (sp, text, first, end);
    }
  chunk->text = sp->game ? sp->game : "";
  chunk->length = sp->game_length;
  chunk->first_line = sp->game_first_line;
  *over_limit = sp->game_over_limit;
  return true;
}

/* How many pieces a regular file splits into, read once ahead so that
 * progress can say "game 3/10"; 0 when the input is not a regular file. */
static int
count_games (FILE *file)
{
  Splitter sp = { .file = file, .store = false };
  Chunk chunk;
  bool over, failed;
  int count = 0;
  struct stat st;

  if (fstat (fileno (file), &st) != 0 || !S_ISREG (st.st_mode))
    return 0;
  while (next_game (&sp, &chunk, &over, &failed))
    count++;
  free (sp.line);
  if (failed || fseek (file, 0, SEEK_SET) != 0)
    return 0;
  clearerr (file);
  return count;
}

/* The value of a tag as the broken game's text has it, or NULL. */
static bool
find_tag (const Chunk *chunk,
          const char  *name,
          char        *value,
          size_t       size)
{
  size_t name_length = strlen (name);

  for (size_t at = 0; at + name_length + 3 < chunk->length; at++)
    {
      const char *p = chunk->text + at;
      size_t n = 0;

      if (p[0] != '[' || strncmp (p + 1, name, name_length) != 0 || p[1 + name_length] != ' ')
        continue;
      p += 1 + name_length;
      while (p < chunk->text + chunk->length && *p == ' ')
        p++;
      if (p >= chunk->text + chunk->length || *p != '"')
        continue;
      for (p++; p < chunk->text + chunk->length && *p != '"' && *p != '\n' && n + 1 < size; p++)
        value[n++] = *p;
      value[n] = '\0';
      return n > 0 && strcmp (value, "?") != 0 && strcmp (value, "????.??.??") != 0;
    }
  return false;
}

/* "game 3 (Event "Club", White "Ann", Black "Bob"): line 12, column 5,
 * move 14...: <what>" on standard error. */
static void
report_bad_game (int          number,
                 const Chunk *chunk,
                 PgnError    *err)
{
  const char *what = err->message;
  const char *cut;
  bool first_tag = true;

  /* The reader's own place counts in the piece it was given. */
  if (strncmp (what, "line ", 5) == 0 && (cut = strstr (what, ": ")) != NULL)
    what = cut + 2;
  fprintf (stderr, "%s: game %d", PROGRAM, number);
  for (size_t i = 0; i < sizeof naming_tags / sizeof naming_tags[0]; i++)
    {
      char value[80];

      if (!find_tag (chunk, naming_tags[i], value, sizeof value))
        continue;
      fprintf (stderr, "%s%s \"%s\"", first_tag ? " (" : ", ", naming_tags[i], value);
      first_tag = false;
    }
  if (!first_tag)
    fputc (')', stderr);
  if (err->line > 0)
    fprintf (stderr, ": line %d, column %d", chunk->first_line + err->line - 1, err->column);
  if (err->move_number > 0)
    fprintf (stderr, ", move %d%s", err->move_number, err->black_to_move ? "..." : "");
  fprintf (stderr, ": %s\n", what);
}

/* Analysis */

typedef struct {
  Search *search;
  Position *pos;
  SearchLimits limits;
  AnalyseEngine *engine;        /* --engine: it searches instead, while it works */
  bool show_progress;
  bool terminal;                /* progress rewrites one line */
  int64_t progress_ms;          /* when the last progress line went out */
  int held_game, held_move, held_moves;   /* a progress line not said yet */
} Analyser;

/* Progress into a file or a pipe: at most this often, not one line a move. */
#define PROGRESS_INTERVAL_MS 500

static int64_t
milliseconds_now (void)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int64_t) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void
progress (Analyser *analyser,
          int       game,
          int       games,
          int       move,
          int       moves)
{
  if (!analyser->show_progress)
    return;
  if (!analyser->terminal)
    {
      int64_t now = milliseconds_now ();
      /* The first line and the last (the end of the run) always go out. */
      bool last = game == games && move == moves;
      if (analyser->progress_ms && now - analyser->progress_ms < PROGRESS_INTERVAL_MS && !last)
        {
          /* Kept: said at the end of the run when it was the last. */
          analyser->held_game = game;
          analyser->held_move = move;
          analyser->held_moves = moves;
          return;
        }
      analyser->progress_ms = now;
      analyser->held_game = 0;
    }
  /* From standard input the count of games is not known ahead. */
  if (games > 0)
    fprintf (stderr, analyser->terminal ? "\rgame %d/%d, move %d/%d  " : "game %d/%d, move %d/%d\n",
             game, games, move, moves);
  else
    fprintf (stderr, analyser->terminal ? "\rgame %d, move %d/%d  " : "game %d, move %d/%d\n",
             game, move, moves);
}

/* The move's variations without an earlier analysis's lines (judge.h's
 * judge_line_is_review); the others, a player's or a file's, stay in
 * their order. */
static void
drop_review_lines (PgnMove *move)
{
  int kept = 0;

  for (int v = 0; v < move->variation_count; v++)
    if (judge_line_is_review (move->variations[v].comment))
      pgn_line_clear (&move->variations[v]);
    else
      move->variations[kept++] = move->variations[v];
  move->variation_count = kept;
  if (kept == 0)
    {
      free (move->variations);
      move->variations = NULL;
    }
}

/* The move's NAGs without ?!, ? and ??, with nag in front when not 0,
 * and its variations without an earlier analysis's lines. */
static void
set_judgement_nag (PgnMove *move,
                   int      nag)
{
  uint8_t kept[PGN_NAGS_MAX];
  int count = 0;

  if (nag)
    kept[count++] = (uint8_t) nag;
  for (int i = 0; i < move->nag_count; i++)
    if (judge_from_nag (move->nags[i]) == JUDGEMENT_NONE && count < PGN_NAGS_MAX)
      kept[count++] = move->nags[i];
  memcpy (move->nags, kept, (size_t) count);
  move->nag_count = (uint8_t) count;
  drop_review_lines (move);
}

static bool
set_eval (char      **comment,
          const int  *value)
{
  char *merged = judge_comment_set_eval (*comment, value);
  bool ok = merged && pgn_set_text (comment, merged);

  free (merged);
  return ok;
}

/* How a game's analysis went. */
typedef enum {
  ANALYSED,
  NOT_ANALYSED,                 /* the engine does not play it, or failed: said, written as it was */
  OUT_OF_MEMORY,
} Outcome;

/* The sentence in a comment where an engine's line was cut. */
static bool
note_cut_line (PgnLine    *line,
               const char *illegal_move)
{
  char note[256];
  PgnMove *last = &line->moves[line->count - 1];

  /* A PGN comment ends at the first brace. */
  snprintf (note, sizeof note, "The engine's line went on with %s, which is not a legal move here.", illegal_move);
  for (char *c = note; *c; c++)
    if (*c == '{' || *c == '}')
      *c = '?';
  return pgn_set_text (&last->comment, note);
}

/* The engine's search of every position the rules have not ended (those
 * it has are judged as the built-in search judges them); false when the
 * engine does not play the game or failed, said on standard error. */
static bool
engine_search_game (Analyser *analyser,
                    PgnGame  *game,
                    int       number,
                    int       games,
                    JudgeLine *lines,
                    char    **cuts)
{
  PgnLine *main_line = &game->main;
  const char *reason;
  char *message = NULL;
  Move *moves = malloc (((size_t) main_line->count + 1) * sizeof *moves);
  bool ok;

  if (!moves)
    return false;
  for (int ply = 0; ply < main_line->count; ply++)
    moves[ply] = main_line->moves[ply].move;
  if (!analyse_engine_plays (analyser->engine, game->variant->id, &reason))
    {
      fprintf (stderr, "%s: game %d: %s It is written without analysis.\n", PROGRAM, number, reason);
      free (moves);
      return false;
    }
  ok = analyse_engine_set_game (analyser->engine, game->variant, game->start_fen, moves, main_line->count,
                                &message);
  free (moves);
  for (int ply = 0; ok && ply <= main_line->count; ply++)
    {
      if (ply > 0)
        progress (analyser, number, games, ply, main_line->count);
      if (position_status (analyser->pos).status == STATUS_ONGOING)
        ok = analyse_engine_search (analyser->engine, ply, analyser->limits.depth, analyser->limits.movetime_ms,
                                    &lines[ply], &cuts[ply], &message);
      else
        judge_search (analyser->search, analyser->pos, &analyser->limits, &lines[ply]);
      if (ok && ply < main_line->count)
        position_make (analyser->pos, main_line->moves[ply].move);
    }
  if (!ok)
    {
      /* It is not asked again: the games after this one are written as
       * they are. */
      fprintf (stderr, "%s: game %d: %s It is written without analysis, and so are the games after it.\n",
               PROGRAM, number, message);
      free (message);
      analyse_engine_free (analyser->engine);
      analyser->engine = NULL;
    }
  return ok;
}

/* Searches every position of the game's main line and annotates it. */
static Outcome
analyse_game (Analyser *analyser,
              PgnGame  *game,
              int       number,
              int       games,
              bool      with_engine)
{
  PgnLine *main_line = &game->main;
  JudgeLine *lines = calloc ((size_t) main_line->count + 1, sizeof *lines);
  char **cuts = calloc ((size_t) main_line->count + 1, sizeof *cuts);
  Outcome outcome = ANALYSED;
  ParseError perr;

  if (!lines || !cuts || !position_set_fen (analyser->pos, game->variant, game->start_fen, &perr))
    {
      outcome = OUT_OF_MEMORY;
      goto done;
    }
  search_clear (analyser->search);
  if (with_engine)
    {
      if (!analyser->engine || !engine_search_game (analyser, game, number, games, lines, cuts))
        {
          outcome = NOT_ANALYSED;
          goto done;
        }
    }
  else
    for (int ply = 0; ply <= main_line->count; ply++)
      {
        if (ply > 0)
          progress (analyser, number, games, ply, main_line->count);
        judge_search (analyser->search, analyser->pos, &analyser->limits, &lines[ply]);
        if (ply < main_line->count)
          position_make (analyser->pos, main_line->moves[ply].move);
      }

  /* Back at the start, to annotate move by move. */
  for (int ply = main_line->count; ply > 0; ply--)
    position_unmake (analyser->pos);
  for (int ply = 1; ply <= main_line->count; ply++)
    {
      PgnMove *move = &main_line->moves[ply - 1];
      const JudgeLine *before = &lines[ply - 1], *after = &lines[ply];
      Judgement judgement = JUDGEMENT_NONE;
      int mover = analyser->pos->side;

      if (before->depth > 0 && before->best != MOVE_NONE && before->best != move->move)
        judgement = judge_move (before->value, after->value, mover);
      if (!set_eval (&move->comment, after->depth > 0 ? &after->value : NULL))
        goto out_of_memory;
      set_judgement_nag (move, judge_nag (judgement));
      if (judgement != JUDGEMENT_NONE && before->line_length > 0)
        {
          PgnLine *better = pgn_move_add_variation (move);
          char *mark = better ? judge_comment_set_eval (NULL, &before->value) : NULL;

          /* Opened by the line's value, the mark of a review's own line. */
          if (better && (!mark || !pgn_set_text (&better->comment, mark)))
            {
              free (mark);
              goto out_of_memory;
            }
          free (mark);
          for (int i = 0; better && i < before->line_length; i++)
            if (!pgn_line_append (better, before->line[i]))
              goto out_of_memory;
          if (better && cuts[ply - 1] && !note_cut_line (better, cuts[ply - 1]))
            goto out_of_memory;
        }
      position_make (analyser->pos, move->move);
    }
  goto done;

out_of_memory:
  outcome = OUT_OF_MEMORY;
done:
  for (int ply = 0; cuts && ply <= main_line->count; ply++)
    free (cuts[ply]);
  free (cuts);
  free (lines);
  return outcome;
}

/* Writing */

static bool
write_game (const PgnGame *game,
            bool          *first)
{
  char *text = pgn_write_game (game);

  if (!text)
    return false;
  if (!*first)
    fputc ('\n', stdout);
  fputs (text, stdout);
  fflush (stdout);
  free (text);
  *first = false;
  return true;
}

int
main (int    argc,
      char **argv)
{
  Options options;
  Analyser analyser = { 0 };
  Splitter splitter = { .store = true };
  Chunk chunk;
  bool from_stdin, over_limit, failed;
  int bad = 0, unanalysed = 0, total = 0, number = 0, piece = 0;
  bool first_output = true, repaired = false;

  if (engine_cpu_refused (PROGRAM))
    return EXIT_USAGE;
  parse_options (argc, argv, &options);
#ifdef M_TRIM_THRESHOLD
  /* Games are read and freed one by one: memory given back to the system
   * after each would be faulted in again for the next (14 times slower). */
  mallopt (M_TRIM_THRESHOLD, 64 << 20);
  mallopt (M_MMAP_THRESHOLD, 64 << 20);
#endif
  from_stdin = options.input == NULL || strcmp (options.input, "-") == 0;
  splitter.file = from_stdin ? stdin : fopen (options.input, "rb");
  if (splitter.file == NULL)
    {
      fprintf (stderr, "%s: cannot open '%s': %s\n", PROGRAM, options.input, strerror (errno));
      return EXIT_USAGE;
    }

  if (!options.check_only)
    {
      analyser.search = search_new (HASH_MB);
      analyser.pos = malloc (sizeof *analyser.pos);
      if (!analyser.search || !analyser.pos)
        {
          fprintf (stderr, "%s: out of memory\n", PROGRAM);
          return EXIT_USAGE;
        }
      analyser.limits.depth = options.depth;
      analyser.limits.movetime_ms = options.movetime_ms;
      analyser.limits.multipv = 1;
      analyser.limits.skill = 20;
      analyser.show_progress = !options.quiet;
      analyser.terminal = isatty (STDERR_FILENO);
      if (options.engine)
        {
          char *message = NULL;

          analyser.engine = analyse_engine_new (options.engine, &message);
          if (!analyser.engine)
            {
              fprintf (stderr, "%s: %s\n", PROGRAM, message);
              free (message);
              search_free (analyser.search);
              free (analyser.pos);
              if (!from_stdin)
                fclose (splitter.file);
              return EXIT_USAGE;
            }
        }
      /* Progress counts the games of a file ahead: one quick pass. */
      if (analyser.show_progress)
        total = count_games (splitter.file);
    }

  /* The input is read a game at a time, and each game is read, analysed
   * and written before the next is read, so that memory holds one game
   * (reading every game first took about 23 times the input).  A piece
   * is one game but for files whose games have no tags: the count grows
   * as they are read. */
  while (next_game (&splitter, &chunk, &over_limit, &failed))
    {
      PgnGames read;
      PgnError error;

      piece++;
      if (over_limit)
        {
          number++;
          bad++;
          memset (&error, 0, sizeof error);
          snprintf (error.message, sizeof error.message, "larger than %zu MB: left out", PGN_INPUT_MAX >> 20);
          report_bad_game (number, &chunk, &error);
          continue;
        }
      if (!pgn_read (chunk.text, chunk.length, &read, &error))
        {
          /* A blank piece (the file's end) is no game. */
          if (error.problem == PGN_PROBLEM_NO_GAME && piece > 1)
            {
              if (total > 0)
                total--;
              continue;
            }
          report_bad_game (++number, &chunk, &error);
          bad++;
          continue;
        }
      if (read.repaired_utf8 && !repaired)
        fprintf (stderr, "%s: the input is not all UTF-8: each byte that is not was read as U+FFFD\n", PROGRAM);
      repaired |= read.repaired_utf8;
      if (total > 0)
        total += read.count - 1;
      for (int g = 0; g < read.count; g++)
        {
          number++;
          if (!options.check_only)
            switch (analyse_game (&analyser, &read.games[g], number, total, options.engine != NULL))
              {
              case ANALYSED:
                break;
              case NOT_ANALYSED:
                unanalysed++;
                break;
              case OUT_OF_MEMORY:
              default:
                fprintf (stderr, "%s: game %d: out of memory\n", PROGRAM, number);
                return EXIT_USAGE;
              }
          if (!write_game (&read.games[g], &first_output))
            {
              fprintf (stderr, "%s: game %d could not be written\n", PROGRAM, number);
              bad++;
            }
        }
      pgn_games_clear (&read);
    }
  if (failed)
    {
      fprintf (stderr, "%s: cannot read '%s': %s\n", PROGRAM, from_stdin ? "-" : options.input,
               ferror (splitter.file) ? strerror (errno) : "out of memory");
      return EXIT_USAGE;
    }
  if (analyser.show_progress && !analyser.terminal && analyser.held_game > 0)
    {
      if (total > 0)
        fprintf (stderr, "game %d/%d, move %d/%d\n", analyser.held_game, total, analyser.held_move,
                 analyser.held_moves);
      else
        fprintf (stderr, "game %d, move %d/%d\n", analyser.held_game, analyser.held_move, analyser.held_moves);
    }
  if (analyser.show_progress && analyser.terminal)
    fputc ('\n', stderr);
  if (bad > 0)
    fprintf (stderr, "%s: %d of %d games %s broken\n", PROGRAM, bad, number, bad == 1 ? "is" : "are");
  if (unanalysed > 0)
    fprintf (stderr, "%s: %d of %d games %s written without analysis\n", PROGRAM, unanalysed, number,
             unanalysed == 1 ? "was" : "were");

  analyse_engine_free (analyser.engine);
  search_free (analyser.search);
  free (analyser.pos);
  free (splitter.line);
  free (splitter.game);
  if (!from_stdin)
    fclose (splitter.file);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "%s: cannot write the output: %s\n", PROGRAM, strerror (errno));
      return EXIT_USAGE;
    }
  return bad > 0 || unanalysed > 0 ? EXIT_BAD_GAMES : EXIT_SUCCESS;
}
