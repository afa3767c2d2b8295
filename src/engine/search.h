/* search.h — iterative deepening alpha-beta for any game table.
 *
 * All state lives in a Search the caller owns, so several searches (play
 * and analysis) can run at once on their own threads; a Search itself
 * may search with several threads (search_set_threads).  search_stop()
 * may be called from any thread.
 */
#pragma once

#include <stdatomic.h>

#include "movegen.h"
#include "tt.h"

#define SEARCH_PLY_MAX 96
#define SCORE_MATE 30000
#define SCORE_MATE_BOUND (SCORE_MATE - SEARCH_PLY_MAX)
#define SCORE_INFINITE 32000
#define MULTIPV_MAX 8
#define SEARCH_THREADS_MAX 256

typedef struct {
  int depth;                 /* 0: no limit */
  uint64_t nodes;            /* 0: no limit */
  int64_t movetime_ms;       /* 0: none */
  int64_t time_ms[COLOR_NB]; /* clock times; 0: no clock */
  int64_t increment_ms[COLOR_NB];
  int moves_to_go;           /* 0: sudden death */
  bool infinite;             /* until search_stop(), even after a mate */
  int multipv;               /* lines to report, 1.. MULTIPV_MAX */
  int skill;                 /* 1 (weakest) .. 20 (full strength); 0 means 20 */
  uint64_t seed;             /* for the weaker skills' choices */
  int64_t move_overhead_ms;  /* clock time kept back for the GUI and the pipes */
} SearchLimits;

typedef struct {
  int depth;
  int seldepth;
  int multipv;               /* 1-based line number */
  int score;                 /* centipawns, or mate: see search_mate_in() */
  int bound;                 /* BOUND_EXACT, or LOWER/UPPER for a fail */
  uint64_t nodes;
  int64_t time_ms;
  int pv_length;
  Move pv[SEARCH_PLY_MAX];
} SearchInfo;

typedef void (*SearchInfoFunc) (const SearchInfo *info, void *user_data);

typedef struct Search Search;

/* A search with its own transposition table of about hash_mb megabytes. */
Search *search_new (size_t hash_mb);
void search_free (Search *search);
/* Drops what the table learnt (new game). */
void search_clear (Search *search);
bool search_resize (Search *search, size_t hash_mb);
/* The threads search_run() searches with (1..SEARCH_THREADS_MAX, clamped;
 * 1 at first); false when out of memory for them (fewer are kept).  Not
 * while a search runs. */
bool search_set_threads (Search *search, int threads);
int search_get_threads (const Search *search);

/* For tests: the searches that follow correct the evaluation with net in
 * place of the one the game uses (net.h), in the games it fits (NULL:
 * the game's own again); with whole, its sums are summed whole at every
 * evaluation instead of kept along the line (the same search either
 * way).  Not while a search runs. */
struct Net;
void search_set_net (Search *search, const struct Net *net, bool whole);

/* Rebuilds the late-move reductions from the search parameters
 * (search-params.h calls it when LmrBase or LmrDivisor change).  Not
 * while a search runs. */
void search_reductions_changed (void);

/* Searches a copy of pos within limits, reporting each finished iteration
 * through info (may be NULL; on the calling thread, its lines best first); returns the move to play (MOVE_NONE when the
 * game is over) and, when ponder is given, the expected reply. */
Move search_run (Search *search, const Position *pos, const SearchLimits *limits,
                 SearchInfoFunc info, void *user_data, Move *ponder);

/* Readies the next search_run() before its thread starts: clears an
 * earlier stop and starts the clock and the ponder state now, so that a
 * search_stop() or search_ponderhit() that comes before the thread runs
 * is kept (without it, search_run() resets them when it starts). */
void search_prepare (Search *search, const SearchLimits *limits);
/* Asks a running search to return as soon as it can. */
void search_stop (Search *search);
/* Turns a running infinite or ponder search into a timed one from now. */
void search_ponderhit (Search *search);

/* Moves to mate (positive: the side to move mates), or 0 for a plain score. */
int search_mate_in (int score);
