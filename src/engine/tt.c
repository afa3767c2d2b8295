/* tt.c — the transposition table. */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

bool tt_init (TransTable *tt, size_t megabytes)
{
  size_t count = 1;

  while (count * 2 * sizeof (TTEntry) <= megabytes * 1024 * 1024)
    count *= 2;
  tt->entries = calloc (count, sizeof (TTEntry));
  tt->mask = tt->entries ? count - 1 : 0;
  tt->generation = 0;
  return tt->entries != NULL;
}

void tt_free (TransTable *tt)
{
  free (tt->entries);
  tt->entries = NULL;
  tt->mask = 0;
}

void tt_clear (TransTable *tt)
{
  if (tt->entries)
    memset (tt->entries, 0, (tt->mask + 1) * sizeof (TTEntry));
}

void tt_new_search (TransTable *tt)
{
  tt->generation++;
}

const TTEntry *tt_probe (const TransTable *tt, Key key)
{
  if (!tt->entries)
    return NULL;
  const TTEntry *e = &tt->entries[key & tt->mask];
  return e->check == (uint32_t) (key >> 32) && e->bound != BOUND_NONE ? e : NULL;
}

void tt_store (TransTable *tt, Key key, Move move, int score, int eval, int depth, int bound)
{
  if (!tt->entries)
    return;
  TTEntry *e = &tt->entries[key & tt->mask];
  uint32_t check = (uint32_t) (key >> 32);

  /* Keep a deeper entry of this search unless the new one is exact. */
  if (e->check == check || e->generation != tt->generation || depth >= e->depth || bound == BOUND_EXACT)
    {
      if (move != MOVE_NONE || e->check != check)
        e->move = move;
      e->check = check;
      e->score = (int16_t) score;
      e->eval = (int16_t) eval;
      e->depth = (uint8_t) (depth < 0 ? 0 : depth);
      e->bound = (uint8_t) bound;
      e->generation = tt->generation;
    }
}
