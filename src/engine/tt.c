/* tt.c — the transposition table (tt.h). */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

/* The data word:
 *   bits  0-19  move (its 20 bits, types.h)
 *   bits 20-35  score (int16)
 *   bits 36-51  static evaluation (int16)
 *   bits 52-58  depth (0 .. TT_DEPTH_MAX)
 *   bits 59-60  bound (BOUND_*; BOUND_NONE only in an empty slot)
 *   bits 61-63  generation, modulo TT_GENERATIONS */
#define TT_GENERATIONS 8
#define MOVE_BITS 0xfffffu

static uint64_t pack (Move move, int score, int eval, int depth, int bound, int generation)
{
  return (uint64_t) (move & MOVE_BITS) | (uint64_t) (uint16_t) (int16_t) score << 20
         | (uint64_t) (uint16_t) (int16_t) eval << 36 | (uint64_t) depth << 52 | (uint64_t) bound << 59
         | (uint64_t) generation << 61;
}

static Move data_move (uint64_t d) { return (Move) (d & MOVE_BITS); }
static int data_score (uint64_t d) { return (int16_t) (uint16_t) (d >> 20); }
static int data_eval (uint64_t d) { return (int16_t) (uint16_t) (d >> 36); }
static int data_depth (uint64_t d) { return (int) ((d >> 52) & 0x7f); }
static int data_bound (uint64_t d) { return (int) ((d >> 59) & 3); }
static int data_generation (uint64_t d) { return (int) (d >> 61); }

bool tt_init (TransTable *tt, size_t megabytes)
{
  size_t count = 1;

  while (count * 2 * sizeof (TTBucket) <= megabytes * 1024 * 1024)
    count *= 2;
  /* Buckets never straddle two cache lines (aligned_alloc wants a size
   * that is a multiple of the alignment). */
  size_t bytes = (count * sizeof (TTBucket) + 63) / 64 * 64;
  tt->buckets = aligned_alloc (64, bytes);
  tt->mask = tt->buckets ? count - 1 : 0;
  tt->generation = 0;
  tt_clear (tt);
  return tt->buckets != NULL;
}

void tt_free (TransTable *tt)
{
  free (tt->buckets);
  tt->buckets = NULL;
  tt->mask = 0;
}

void tt_clear (TransTable *tt)
{
  if (tt->buckets)
    memset (tt->buckets, 0, (tt->mask + 1) * sizeof (TTBucket));
}

void tt_new_search (TransTable *tt)
{
  tt->generation = (uint8_t) ((tt->generation + 1) % TT_GENERATIONS);
}

bool tt_probe (const TransTable *tt, Key key, TTEntry *entry)
{
  entry->move = MOVE_NONE;
  entry->bound = BOUND_NONE;
  if (!tt->buckets)
    return false;
  TTBucket *bucket = &tt->buckets[key & tt->mask];
  for (int i = 0; i < TT_BUCKET_SIZE; i++)
    {
      uint64_t data = atomic_load_explicit (&bucket->slots[i].data, memory_order_relaxed);
      uint64_t check = atomic_load_explicit (&bucket->slots[i].key_xor_data, memory_order_relaxed);
      if ((check ^ data) == key && data_bound (data) != BOUND_NONE)
        {
          entry->move = data_move (data);
          entry->score = data_score (data);
          entry->eval = data_eval (data);
          entry->depth = data_depth (data);
          entry->bound = data_bound (data);
          return true;
        }
    }
  return false;
}

/* How many searches ago an entry was written. */
static int entry_age (const TransTable *tt, uint64_t data)
{
  return (tt->generation - data_generation (data) + TT_GENERATIONS) % TT_GENERATIONS;
}

void tt_store (TransTable *tt, Key key, Move move, int score, int eval, int depth, int bound)
{
  if (!tt->buckets)
    return;
  TTBucket *bucket = &tt->buckets[key & tt->mask];
  TTSlot *victim = NULL;
  uint64_t old = 0, old_check = 0;
  int victim_worth = 0;

  /* The slot of this key, else an empty one, else the one worth least:
   * the shallowest, an entry of an earlier search counting 8 plies less. */
  for (int i = 0; i < TT_BUCKET_SIZE; i++)
    {
      TTSlot *slot = &bucket->slots[i];
      uint64_t data = atomic_load_explicit (&slot->data, memory_order_relaxed);
      uint64_t check = atomic_load_explicit (&slot->key_xor_data, memory_order_relaxed);
      if ((check ^ data) == key || data_bound (data) == BOUND_NONE)
        {
          victim = slot;
          old = data;
          old_check = check;
          break;
        }
      int worth = data_depth (data) - 8 * entry_age (tt, data);
      if (!victim || worth < victim_worth)
        {
          victim = slot;
          old = data;
          old_check = check;
          victim_worth = worth;
        }
    }

  depth = depth < 0 ? 0 : depth > TT_DEPTH_MAX ? TT_DEPTH_MAX : depth;
  if ((old_check ^ old) == key && data_bound (old) != BOUND_NONE)
    {
      if (move == MOVE_NONE)
        move = data_move (old);
    }
  /* Another position's deeper entry of this search stays, unless the new
   * one is exact. */
  else if (data_bound (old) != BOUND_NONE && entry_age (tt, old) == 0 && depth < data_depth (old)
           && bound != BOUND_EXACT)
    return;
  uint64_t data = pack (move, score, eval, depth, bound, tt->generation);
  atomic_store_explicit (&victim->key_xor_data, key ^ data, memory_order_relaxed);
  atomic_store_explicit (&victim->data, data, memory_order_relaxed);
}
