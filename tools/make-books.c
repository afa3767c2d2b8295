/* make-books.c — balanced opening positions for the match tools.
 *
 * For each game: a start (a random Prime Ministers array, random
 * relocations for Capablanca Relocation Chess), then a few plies each
 * chosen at random among the moves a short MultiPV search scores near the
 * best, then a deeper search; the position is kept when its score is
 * within the margin of equality and it is new.  Deterministic for a given
 * seed, depth and count (each candidate starts from a cleared table).
 *
 *   make-books [--seed N] [--count N] [--depth D] [--margin CP] [--dir DIR] [GAME...]
 *
 * writes DIR/GAME.epd (default tools/books), one FEN a line after a
 * header of '#' lines.  Plain C, the engine library only.
 */
#include "search.h"
#include "splitmix.h"
#include "start.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHOICE_DEPTH 3
#define CHOICE_LINES 6
#define CHOICE_WINDOW 40
#define PLIES_MIN 6
#define PLIES_SPREAD 5

typedef struct {
  SearchInfo lines[MULTIPV_MAX];
  int depth;
} Collected;

static void collect (const SearchInfo *info, void *data)
{
  Collected *c = data;
  if (info->multipv >= 1 && info->multipv <= MULTIPV_MAX)
    c->lines[info->multipv - 1] = *info;
  c->depth = info->depth;
}

static bool seen_key (Key *keys, int n, Key key)
{
  for (int i = 0; i < n; i++)
    if (keys[i] == key)
      return true;
  return false;
}

/* The game's start, chosen at random where the game chooses it. */
static void random_start (Position *pos, const Variant *v, uint64_t *rng)
{
  position_set_start (pos, v);
  if (v->start == START_PRIME_MINISTERS)
    {
      char fen[FEN_MAX];
      ParseError err;
      pmrc_fen ((int) (next_random (rng) % PMRC_POSITIONS), fen, sizeof fen);
      position_set_fen (pos, v, fen, &err);
    }
  else if (v->start == START_RELOCATION)
    for (int color = WHITE; color < COLOR_NB; color++)
      {
        Relocation choices[RELOCATION_ARRAYS + 2];
        ParseError err;
        int n = relocation_choices (pos, color, choices);
        if (n > 0)
          relocation_apply (pos, color, choices[next_random (rng) % (uint64_t) n], &err);
      }
}

static int make_book (const Variant *v, uint64_t seed, int count, int depth, int margin, const char *dir)
{
  char path[4096], fen[FEN_MAX];
  Position *pos = calloc (1, sizeof *pos);
  Key *keys = calloc ((size_t) count, sizeof *keys);
  Search *search = search_new (8);
  int kept = 0, tried = 0;
  uint64_t rng = seed;

  for (const char *c = v->id; *c; c++)
    rng = rng * 31 + (uint64_t) (unsigned char) *c;
  snprintf (path, sizeof path, "%s/%s.epd", dir, v->id);
  FILE *out = fopen (path, "w");
  if (!out || !pos || !keys || !search)
    {
      fprintf (stderr, "make-books: cannot write %s\n", path);
      return 1;
    }
  fprintf (out, "# %s: %d balanced openings of %s, one FEN a line.\n", v->id, count, v->name);
  fprintf (out, "# Made by tools/make-books --seed %" PRIu64 " --count %d --depth %d --margin %d %s:\n",
           seed, count, depth, margin, v->id);
  fprintf (out, "# %d-%d plies each picked at random among the moves a depth-%d MultiPV %d search\n",
           PLIES_MIN, PLIES_MIN + PLIES_SPREAD - 1, CHOICE_DEPTH, CHOICE_LINES);
  fprintf (out, "# scores within %d cp of its best, kept when a depth-%d search scores it within +-%d cp.\n",
           CHOICE_WINDOW, depth, margin - 1);

  while (kept < count && tried < count * 20)
    {
      int plies = PLIES_MIN + (int) (next_random (&rng) % PLIES_SPREAD);
      bool over = false;
      tried++;
      random_start (pos, v, &rng);
      search_clear (search);
      for (int ply = 0; ply < plies && !over; ply++)
        {
          SearchLimits limits = { .depth = CHOICE_DEPTH, .multipv = CHOICE_LINES };
          Collected c = { .depth = 0 };
          Move best = search_run (search, pos, &limits, collect, &c, NULL);
          if (best == MOVE_NONE)
            {
              over = true;
              break;
            }
          int n = 0;
          while (n < CHOICE_LINES && c.lines[n].depth == c.depth && c.lines[n].pv_length > 0
                 && c.lines[n].score >= c.lines[0].score - CHOICE_WINDOW)
            n++;
          Move m = n > 0 ? c.lines[next_random (&rng) % (uint64_t) n].pv[0] : best;
          position_make (pos, m);
        }
      if (over || movegen_count (pos) == 0)
        continue;
      SearchLimits limits = { .depth = depth, .multipv = 1 };
      Collected c = { .depth = 0 };
      search_clear (search);
      if (search_run (search, pos, &limits, collect, &c, NULL) == MOVE_NONE || c.depth < depth)
        continue;
      if (abs (c.lines[0].score) >= margin || seen_key (keys, kept, position_key (pos)))
        continue;
      keys[kept++] = position_key (pos);
      position_get_fen (pos, fen, sizeof fen);
      fprintf (out, "%s\n", fen);
      fflush (out);
    }
  fclose (out);
  fprintf (stderr, "%s: %d positions of %d tried\n", v->id, kept, tried);
  search_free (search);
  free (keys);
  free (pos);
  return kept == count ? 0 : 1;
}

int main (int argc, char **argv)
{
  uint64_t seed = 1;
  int count = 300, depth = 7, margin = 50, status = 0, first_game = argc;
  const char *dir = "tools/books";

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--seed") == 0 && i + 1 < argc)
        seed = strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--count") == 0 && i + 1 < argc)
        count = atoi (argv[++i]);
      else if (strcmp (argv[i], "--depth") == 0 && i + 1 < argc)
        depth = atoi (argv[++i]);
      else if (strcmp (argv[i], "--margin") == 0 && i + 1 < argc)
        margin = atoi (argv[++i]);
      else if (strcmp (argv[i], "--dir") == 0 && i + 1 < argc)
        dir = argv[++i];
      else if (argv[i][0] == '-')
        {
          fprintf (stderr, "usage: make-books [--seed N] [--count N] [--depth D] [--margin CP] [--dir DIR] [GAME...]\n");
          return 2;
        }
      else
        {
          first_game = i;
          break;
        }
    }
  if (count < 1 || depth < 1 || depth > SEARCH_PLY_MAX - 4 || margin < 1)
    {
      fprintf (stderr, "make-books: --count, --depth and --margin must be positive\n");
      return 2;
    }
  if (first_game < argc)
    for (int i = first_game; i < argc; i++)
      {
        const Variant *v = variant_by_id (argv[i]);
        if (!v)
          {
            fprintf (stderr, "make-books: unknown game '%s'\n", argv[i]);
            return 2;
          }
        status |= make_book (v, seed, count, depth, margin, dir);
      }
  else
    for (int i = 0; i < variant_count (); i++)
      status |= make_book (variant_at (i), seed, count, depth, margin, dir);
  return status;
}
