/* datagen.c — quiet positions from self-play, for the tuner (tools/tune.c).
 *
 * Each game starts from a book position of its game (tools/books), plays
 * zero to two random legal moves, then searches every move to a fixed
 * node count until the game ends by the rules or by adjudication (a score
 * of ADJUDICATE_WIN or more for both sides' ADJUDICATE_PLIES searches in a
 * row, or GAME_PLIES_MAX plies).  A position is kept when the side to move
 * is not in check, the search's move is quiet (no capture, no promotion)
 * and its score is no mate: one line each,
 *
 *   GAME<TAB>RESULT<TAB>FEN         RESULT: 1-0, 1/2-1/2 or 0-1
 *
 * With --blend W (0 < W <= 1), RESULT is instead White's expected score,
 * W times the search's score of the position made a probability,
 * 1 / (1 + 10^(-cp / 400)), plus 1 - W times the game's result (1, 0.5
 * or 0), as tools/fsf-label.py --blend writes it: a label for the
 * learned correction (tools/train-net) from the search datagen runs
 * anyway (refused with --pgn: no datagen search scored those games).
 *
 * Game i of a run depends only on the seed and i, so a run is reproducible
 * and two processes with other seeds make other games.  --minutes stops
 * starting games after that much wall-clock time (the games written are
 * still game 0, 1, ... of the seed).
 *
 *   datagen [--seed N] [--games N] [--nodes N] [--minutes M] [--books DIR] [--blend W] [--out FILE] GAME[:WEIGHT]...
 *
 * or, from games already played (a match's or an SPRT's PGN, whose
 * players searched far more than a datagen game can afford), the same
 * lines for every position of each game's main line where the side to
 * move is not in check and the move played is quiet; games without a
 * result are skipped, and a file that is not PGN is refused whole, with
 * its line:
 *
 *   datagen --pgn FILE [--pgn FILE]... [--out FILE]
 *
 * Plain C, the engine library only.
 */
#include "pgn.h"
#include "search.h"
#include "splitmix.h"
#include "status.h"
#include "training.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RANDOM_PLIES_MAX 2
#define ADJUDICATE_WIN 1000
#define ADJUDICATE_PLIES 6
#define GAME_PLIES_MAX 400
#define GAMES_MAX 32

typedef struct {
  const Variant *variant;
  int weight;
  char **fens;
  int count;
} Book;

typedef struct {
  int score;
  int depth;
} Collected;

static void collect (const SearchInfo *info, void *data)
{
  Collected *c = data;
  if (info->multipv <= 1 && info->bound == BOUND_EXACT)
    {
      c->score = info->score;
      c->depth = info->depth;
    }
}

/* Reads DIR/GAME.epd whole: a line that is no position of the game
 * refuses the book, with its line number. */
static bool load_book (Book *book, const char *dir)
{
  char path[4096], line[1024];
  int number = 0, room = 0;
  Position *pos = calloc (1, sizeof *pos);

  snprintf (path, sizeof path, "%s/%s.epd", dir, book->variant->id);
  FILE *in = fopen (path, "r");
  if (!in || !pos)
    {
      fprintf (stderr, "datagen: cannot read %s\n", path);
      free (pos);
      if (in)
        fclose (in);
      return false;
    }
  while (fgets (line, sizeof line, in))
    {
      ParseError err;
      number++;
      line[strcspn (line, "\r\n")] = '\0';
      if (line[0] == '#' || line[0] == '\0')
        continue;
      if (!position_set_fen (pos, book->variant, line, &err))
        {
          fprintf (stderr, "datagen: %s:%d: not a position of %s: %s\n", path, number, book->variant->id, err.message);
          fclose (in);
          free (pos);
          return false;
        }
      size_t length = strlen (line) + 1;
      if (book->count == room)
        {
          room = room ? 2 * room : 256;
          char **bigger = realloc (book->fens, (size_t) room * sizeof *book->fens);
          if (!bigger)
            break;
          book->fens = bigger;
        }
      if (!(book->fens[book->count] = malloc (length)))
        break;
      memcpy (book->fens[book->count++], line, length);
    }
  bool whole = feof (in) && !ferror (in);
  fclose (in);
  free (pos);
  if (!whole)
    {
      fprintf (stderr, "datagen: %s: read error or out of memory after line %d\n", path, number);
      return false;
    }
  if (book->count == 0)
    {
      fprintf (stderr, "datagen: %s has no position\n", path);
      return false;
    }
  return true;
}

static bool is_quiet (const Position *pos, Move m)
{
  int kind = move_kind (m);
  if (kind == MOVE_PROMOTION || kind == MOVE_EN_PASSANT)
    return false;
  return kind == MOVE_CASTLING || pos->board[move_to (m)] == 0;
}

static void play_random (Position *pos, uint64_t *rng)
{
  MoveList list;
  movegen_legal (pos, &list);
  if (list.count > 0)
    position_make (pos, list.moves[next_random (rng) % (uint64_t) list.count]);
}

/* Plays one game and writes its kept positions, labelled by the game's
 * result or, with blend > 0, by that blended with the search's score;
 * returns how many. */
static int play_game (const Book *book, Search *search, uint64_t rng, uint64_t nodes, double blend, FILE *out)
{
  Position *pos = calloc (1, sizeof *pos);
  char (*kept)[FEN_MAX] = malloc (GAME_PLIES_MAX * sizeof *kept);
  int kept_score[GAME_PLIES_MAX];   /* White's view, centipawns */
  int count = 0, winning[COLOR_NB] = { 0, 0 };
  const char *result = "1/2-1/2";
  ParseError err;

  if (!pos || !kept)
    {
      fprintf (stderr, "datagen: out of memory\n");
      exit (1);
    }
  position_set_fen (pos, book->variant, book->fens[next_random (&rng) % (uint64_t) book->count], &err);
  for (int n = (int) (next_random (&rng) % (RANDOM_PLIES_MAX + 1)); n > 0; n--)
    play_random (pos, &rng);
  search_clear (search);

  for (int ply = 0; ply < GAME_PLIES_MAX; ply++)
    {
      StatusInfo status = position_status (pos);
      if (status.status == STATUS_CHECKMATE)
        {
          result = pos->side == WHITE ? "0-1" : "1-0";
          break;
        }
      if (status.status != STATUS_ONGOING || status.can_claim_threefold || status.can_claim_fifty
          || !position_history_has_room (pos, 2))
        break;

      SearchLimits limits = { .nodes = nodes, .multipv = 1 };
      Collected c = { .score = 0, .depth = 0 };
      Move best = search_run (search, pos, &limits, collect, &c, NULL);
      if (best == MOVE_NONE)
        break;
      int white_score = pos->side == WHITE ? c.score : -c.score;
      if (!status.in_check && is_quiet (pos, best) && abs (c.score) < SCORE_MATE_BOUND && c.depth > 0)
        {
          kept_score[count] = white_score;
          position_get_fen (pos, kept[count++], FEN_MAX);
        }

      /* Both sides agree that one wins: it does. */
      winning[WHITE] = white_score >= ADJUDICATE_WIN ? winning[WHITE] + 1 : 0;
      winning[BLACK] = white_score <= -ADJUDICATE_WIN ? winning[BLACK] + 1 : 0;
      if (winning[WHITE] >= ADJUDICATE_PLIES || winning[BLACK] >= ADJUDICATE_PLIES)
        {
          result = winning[WHITE] ? "1-0" : "0-1";
          break;
        }
      position_make (pos, best);
    }
  double white_result = strcmp (result, "1-0") == 0 ? 1.0 : strcmp (result, "0-1") == 0 ? 0.0 : 0.5;
  for (int i = 0; i < count; i++)
    if (blend > 0)
      {
        double expected = training_logistic (1.0, kept_score[i]);
        fprintf (out, "%s\t%.4f\t%s\n", book->variant->id, blend * expected + (1.0 - blend) * white_result, kept[i]);
      }
    else
      fprintf (out, "%s\t%s\t%s\n", book->variant->id, result, kept[i]);
  fflush (out);
  free (kept);
  free (pos);
  return count;
}

/* The whole file at path, or NULL with why it could not be read. */
static char *read_whole (const char *path, size_t *length, char *why, size_t why_size)
{
  FILE *in = fopen (path, "rb");
  char *text = NULL;
  size_t room = 0, used = 0;

  if (!in)
    {
      snprintf (why, why_size, "%s", strerror (errno));
      return NULL;
    }
  /* One byte more than a PGN may have tells a file that is too large. */
  while (used <= PGN_INPUT_MAX)
    {
      if (used == room)
        {
          room = room ? 2 * room : 1 << 20;
          if (room > PGN_INPUT_MAX + 1)
            room = PGN_INPUT_MAX + 1;
          char *bigger = realloc (text, room);
          if (!bigger)
            {
              snprintf (why, why_size, "out of memory");
              free (text);
              fclose (in);
              return NULL;
            }
          text = bigger;
        }
      size_t n = fread (text + used, 1, room - used, in);
      used += n;
      if (n == 0)
        break;
    }
  bool failed = ferror (in);
  fclose (in);
  if (failed || used > PGN_INPUT_MAX)
    {
      if (failed)
        snprintf (why, why_size, "read error");
      else
        snprintf (why, why_size, "larger than the %zu MiB a PGN file may have", (size_t) PGN_INPUT_MAX >> 20);
      free (text);
      return NULL;
    }
  *length = used;
  return text;
}

/* Reads the PGN at path into games; false, with a message naming the
 * file and line, when it cannot be read or is not PGN. */
static bool read_pgn (const char *path, PgnGames *games)
{
  size_t length = 0;
  char why[128];
  char *text = read_whole (path, &length, why, sizeof why);
  PgnError err;

  if (!text)
    {
      fprintf (stderr, "datagen: cannot read %s: %s\n", path, why);
      return false;
    }
  bool ok = pgn_read (text, length, games, &err);
  if (!ok)
    fprintf (stderr, "datagen: %s: %s\n", path, err.message);
  free (text);
  return ok;
}

/* Writes the kept positions of every finished game; returns how many. */
static long positions_from_games (const PgnGames *games, Position *pos, FILE *out)
{
  long count = 0;

  for (int g = 0; g < games->count; g++)
    {
      const PgnGame *game = &games->games[g];
      const char *result = pgn_result_string (game->result);
      ParseError err;
      if (game->result == PGN_RESULT_NONE || !position_set_fen (pos, game->variant, game->start_fen, &err))
        continue;
      for (int i = 0; i < game->main.count; i++)
        {
          Move m = game->main.moves[i].move;
          if (!position_in_check (pos) && is_quiet (pos, m))
            {
              char fen[FEN_MAX];
              position_get_fen (pos, fen, sizeof fen);
              fprintf (out, "%s\t%s\t%s\n", game->variant->id, result, fen);
              count++;
            }
          position_make (pos, m);
        }
    }
  return count;
}

/* datagen --pgn: every file is read before anything is written, so that
 * a broken one leaves no half-written output. */
static int positions_from_pgns (const char **paths, int count, const char *out_path)
{
  PgnGames all[GAMES_MAX] = { 0 };
  Position *pos = malloc (sizeof *pos);
  int status = 0;
  long positions = 0;

  if (!pos)
    {
      fprintf (stderr, "datagen: out of memory\n");
      return 1;
    }
  for (int i = 0; i < count && status == 0; i++)
    if (!read_pgn (paths[i], &all[i]))
      status = 1;
  FILE *out = status ? NULL : out_path ? fopen (out_path, "w") : stdout;
  if (status == 0 && !out)
    {
      fprintf (stderr, "datagen: cannot write %s\n", out_path);
      status = 1;
    }
  for (int i = 0; i < count && out; i++)
    positions += positions_from_games (&all[i], pos, out);
  if (out && out != stdout && fclose (out) != 0)
    {
      fprintf (stderr, "datagen: cannot write %s\n", out_path);
      status = 1;
    }
  if (status == 0)
    fprintf (stderr, "datagen: %ld positions\n", positions);
  for (int i = 0; i < count; i++)
    pgn_games_clear (&all[i]);
  free (pos);
  return status;
}

int main (int argc, char **argv)
{
  uint64_t seed = 1, nodes = 3000;
  int games = 100, book_count = 0, total_weight = 0;
  double minutes = 0, blend = 0;
  const char *dir = "tools/books", *out_path = NULL;
  const char *pgn_paths[GAMES_MAX];
  int pgn_count = 0;
  Book books[GAMES_MAX];

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--seed") == 0 && i + 1 < argc)
        seed = strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--games") == 0 && i + 1 < argc)
        games = atoi (argv[++i]);
      else if (strcmp (argv[i], "--nodes") == 0 && i + 1 < argc)
        nodes = strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--minutes") == 0 && i + 1 < argc)
        minutes = atof (argv[++i]);
      else if (strcmp (argv[i], "--blend") == 0 && i + 1 < argc)
        {
          char *end;
          blend = strtod (argv[++i], &end);
          if (*end || !(blend > 0 && blend <= 1))
            {
              fprintf (stderr, "datagen: --blend takes a number above 0, at most 1, not '%s'\n", argv[i]);
              return 2;
            }
        }
      else if (strcmp (argv[i], "--books") == 0 && i + 1 < argc)
        dir = argv[++i];
      else if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out_path = argv[++i];
      else if (strcmp (argv[i], "--pgn") == 0 && i + 1 < argc && pgn_count < GAMES_MAX)
        pgn_paths[pgn_count++] = argv[++i];
      else if (argv[i][0] == '-' || book_count == GAMES_MAX)
        {
          fprintf (stderr, "usage: datagen [--seed N] [--games N] [--nodes N] [--minutes M] [--books DIR] [--blend W] [--out FILE] GAME[:WEIGHT]...\n"
                   "       datagen --pgn FILE [--pgn FILE]... [--out FILE]\n");
          return 2;
        }
      else
        {
          char id[128];
          const char *colon = strchr (argv[i], ':');
          size_t length = colon ? (size_t) (colon - argv[i]) : strlen (argv[i]);
          int weight = colon ? atoi (colon + 1) : 1;
          snprintf (id, sizeof id, "%.*s", (int) length, argv[i]);
          const Variant *v = variant_by_id (id);
          if (!v || weight < 1)
            {
              fprintf (stderr, "datagen: '%s' is no game id with a positive weight\n", argv[i]);
              return 2;
            }
          books[book_count++] = (Book) { .variant = v, .weight = weight };
          total_weight += weight;
        }
    }
  if (pgn_count > 0)
    {
      if (book_count > 0)
        {
          fprintf (stderr, "datagen: --pgn takes its games from the files; name no game\n");
          return 2;
        }
      if (blend > 0)
        {
          fprintf (stderr, "datagen: --blend labels by datagen's own searches; --pgn positions keep their games' results\n");
          return 2;
        }
      return positions_from_pgns (pgn_paths, pgn_count, out_path);
    }
  if (book_count == 0 || games < 1 || nodes < 1)
    {
      fprintf (stderr, "datagen: name at least one game; --games and --nodes must be positive\n");
      return 2;
    }
  for (int b = 0; b < book_count; b++)
    if (!load_book (&books[b], dir))
      return 1;

  FILE *out = out_path ? fopen (out_path, "w") : stdout;
  Search *search = search_new (16);
  if (!out || !search)
    {
      fprintf (stderr, "datagen: cannot write %s\n", out_path ? out_path : "the output");
      return 1;
    }
  long positions = 0;
  time_t start = time (NULL);
  for (int g = 0; g < games; g++)
    {
      if (minutes > 0 && difftime (time (NULL), start) >= minutes * 60)
        {
          games = g;
          break;
        }
      uint64_t rng = seed * 0x100000001b3u + (uint64_t) g;
      int pick = (int) (next_random (&rng) % (uint64_t) total_weight), b = 0;
      while (pick >= books[b].weight)
        pick -= books[b++].weight;
      positions += play_game (&books[b], search, rng, nodes, blend, out);
      if ((g + 1) % 100 == 0)
        fprintf (stderr, "datagen: %d games, %ld positions\n", g + 1, positions);
    }
  fprintf (stderr, "datagen: %d games, %ld positions\n", games, positions);
  search_free (search);
  if (out != stdout)
    fclose (out);
  for (int b = 0; b < book_count; b++)
    {
      for (int i = 0; i < books[b].count; i++)
        free (books[b].fens[i]);
      free (books[b].fens);
    }
  return 0;
}
