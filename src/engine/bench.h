/* bench.h — a fixed-depth search over fixed positions of every game, as
 * Stockfish's "bench": its node count changes with any functional change
 * to the search or the evaluation, so each such commit names it. */
#pragma once

#include "search.h"

/* The depth `chancellor-engine bench` searches each position to. */
#define BENCH_SEARCH_DEPTH 11

typedef struct {
  const char *game;     /* variant id */
  const char *fen;
} BenchPosition;

int bench_position_count (void);
const BenchPosition *bench_position_at (int index);

/* Searches position index to depth from a cleared table on the calling
 * thread; returns its node count, or 0 with err filled when the position
 * cannot be set up. */
uint64_t bench_search (Search *search, int index, int depth, ParseError *err);
