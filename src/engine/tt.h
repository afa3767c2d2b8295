/* tt.h — the transposition table: a power-of-two array of entries, one
 * per key slot, replaced by depth and age. */
#pragma once

#include "types.h"

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct {
  uint32_t check;      /* upper key bits, to tell slots apart */
  Move move;
  int16_t score;
  int16_t eval;
  uint8_t depth;
  uint8_t bound;       /* BOUND_* */
  uint8_t generation;
  uint8_t unused;
} TTEntry;

typedef struct {
  TTEntry *entries;
  size_t mask;         /* entry count - 1 */
  uint8_t generation;
} TransTable;

/* Allocates about megabytes of entries (rounded down to a power of two);
 * false when out of memory (the table is then empty but usable). */
bool tt_init (TransTable *tt, size_t megabytes);
void tt_free (TransTable *tt);
void tt_clear (TransTable *tt);
void tt_new_search (TransTable *tt);
/* The entry for key, or NULL. */
const TTEntry *tt_probe (const TransTable *tt, Key key);
void tt_store (TransTable *tt, Key key, Move move, int score, int eval, int depth, int bound);
