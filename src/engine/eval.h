/* eval.h — static evaluation for any game table, in centipawns from the
 * side to move's point of view. */
#pragma once

#include "eval-params.h"
#include "position.h"

int evaluate (const Position *pos);
/* evaluate() less the learned correction (net.h), for a search that adds
 * the correction from sums it keeps along its line: the two add up to
 * evaluate(). */
int evaluate_without_net (const Position *pos);

/* The pawns' own terms (structure, placement, passed pawns by their
 * advance) depend on the pawns alone: a search thread keeps them by
 * pawn layout, and evaluate_without_net_cached() gives
 * evaluate_without_net() with a fraction of the work. */
#define PAWN_CACHE_SIZE 4096
typedef struct {
  const Variant *variant;    /* NULL: empty */
  Bitboard pawns[COLOR_NB];
  Bitboard passed[COLOR_NB];
  int mg[COLOR_NB], eg[COLOR_NB];
} PawnCacheEntry;

typedef struct {
  PawnCacheEntry entries[PAWN_CACHE_SIZE];
} PawnCache;

int evaluate_without_net_cached (const Position *pos, PawnCache *cache);

/* For the tuner (tools/tune.c) and the tests: what evaluate() counted.
 * coef[c][p] is how many times weight p was added for color c; the score
 * is eval_from_trace() of it, and any other set of weights gives the
 * score those weights would give. */
typedef struct {
  int coef[COLOR_NB][EVAL_PARAM_NB];
  int phase;                 /* 256 with the start's pieces, 0 with none */
  int side;                  /* the side to move */
  int correction;            /* the net's (net.h), for the side to move */
} EvalTrace;

/* evaluate() and its trace, filled from zero. */
int evaluate_trace (const Position *pos, EvalTrace *trace);
/* The score the weights give to a traced position: evaluate() to the
 * centipawn with eval_weights. */
int eval_from_trace (const EvalTrace *trace, const EvalWeight *weights);

/* Named groups of weights, for the table file tools/tune writes. */
typedef struct {
  const char *name;          /* the enum's name, e.g. "EVAL_MOBILITY" */
  int first;
  int count;
  bool per_kind;             /* count == KIND_NB, one per PieceKind */
  bool zoned;                /* EVAL_PSQT (files, kind, rank zone, file zone) */
} EvalParamGroup;

extern const EvalParamGroup eval_param_groups[];
extern const int eval_param_group_count;
