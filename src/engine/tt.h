/* tt.h — the transposition table, shared by every thread of a search.
 *
 * A power-of-two array of buckets of TT_BUCKET_SIZE entries (a bucket
 * never straddles a cache line).  An entry is two 64-bit words: the data
 * (tt.c) and the key xor the data.  Stores and probes are relaxed atomic word accesses with
 * no lock, so two threads may write one entry at once; a probe keeps an
 * entry only when its two words agree with the key, so a torn entry (one
 * word from each writer) reads as a miss, not as another position's.
 */
#pragma once

#include <stdatomic.h>

#include "types.h"

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

/* Entries per bucket.  Four (a cache line) did not pass self-play at
 * 2 s + 0.02 s, SPRT [0, 10]: with Stockfish-style always-store
 * replacement -55 +- 35 Elo over 240 games; with the replacement below
 * +9 +- 21 over 846 games, no decision (see the commit log). */
#define TT_BUCKET_SIZE 1
#define TT_DEPTH_MAX 127

/* A probe's answer, copied out of the table. */
typedef struct {
  Move move;
  int score;
  int eval;
  int depth;           /* 0 .. TT_DEPTH_MAX */
  int bound;           /* BOUND_*; BOUND_NONE for a miss */
} TTEntry;

typedef struct {
  _Atomic uint64_t key_xor_data;
  _Atomic uint64_t data;
} TTSlot;

typedef struct {
  TTSlot slots[TT_BUCKET_SIZE];
} TTBucket;

typedef struct {
  TTBucket *buckets;
  size_t mask;         /* bucket count - 1 */
  uint8_t generation;  /* of the search running, modulo TT_GENERATIONS */
} TransTable;

/* Allocates about megabytes of buckets (rounded down to a power of two);
 * false when out of memory (the table is then empty but usable). */
bool tt_init (TransTable *tt, size_t megabytes);
void tt_free (TransTable *tt);
/* Only while no search runs. */
void tt_clear (TransTable *tt);
/* Ages the entries of earlier searches; only while no search runs. */
void tt_new_search (TransTable *tt);
/* Fills entry and returns true when key is in the table. */
bool tt_probe (const TransTable *tt, Key key, TTEntry *entry);
/* Keeps the entry for key, in place of the same key's or of the entry of
 * its bucket worth least (shallowest, oldest searches counting less). */
void tt_store (TransTable *tt, Key key, Move move, int score, int eval, int depth, int bound);
