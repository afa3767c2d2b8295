/* search-params.h — the search's tunable numbers.
 *
 * The margins, bounds and divisors of the search's pruning, reductions,
 * windows, history bonus and time use, read at run time, so that a tuner
 * (tools/spsa.py) can try other values through chancellor-engine's UCI
 * options (offered only when the engine starts with --search-options).
 * The defaults are the values the self-play SPRTs kept: the first SPSA
 * run's, rounded (tools/README.md, `spsa1`).  Set them only while no
 * search runs; every Search reads the same ones.
 */
#pragma once

#include <stdbool.h>

typedef enum {
  SEARCH_PARAM_RFP_MARGIN,        /* reverse futility: cp a ply */
  SEARCH_PARAM_RAZOR_MARGIN,      /* razoring: cp a ply */
  SEARCH_PARAM_NULL_SURPLUS,      /* null move: a ply more per this many cp above beta */
  SEARCH_PARAM_FUTILITY_BASE,     /* futility of a late quiet move: cp */
  SEARCH_PARAM_FUTILITY_SCALE,    /* and cp a ply of its reduced depth */
  SEARCH_PARAM_HISTORY_PRUNE,     /* a quiet move with history below -this x depth is not tried */
  SEARCH_PARAM_SEE_QUIET,         /* a quiet move losing more than this x depth² by exchange is pruned */
  SEARCH_PARAM_SEE_CAPTURE,       /* a capture losing more than this x depth */
  SEARCH_PARAM_SINGULAR_MARGIN,   /* singular extension: sixteenths of a cp a ply below the table's score */
  SEARCH_PARAM_LMR_BASE,          /* late-move reduction: hundredths of a ply, */
  SEARCH_PARAM_LMR_DIVISOR,       /* plus log(depth) log(moves) over this many hundredths */
  SEARCH_PARAM_LMR_HISTORY,       /* a ply less (more) per this much good (bad) history */
  SEARCH_PARAM_QS_DELTA,          /* quiescence delta pruning: cp */
  SEARCH_PARAM_ASPIRATION,        /* aspiration window: cp each side */
  SEARCH_PARAM_LMP_BASE,          /* late-move pruning after this + depth² quiet moves, */
  SEARCH_PARAM_LMP_NOT_IMPROVING, /* this percent of them where the side is not improving */
  SEARCH_PARAM_HISTORY_BONUS_QUAD,   /* a cut-off's history bonus: this x depth², */
  SEARCH_PARAM_HISTORY_BONUS_LINEAR, /* plus this x depth, */
  SEARCH_PARAM_HISTORY_BONUS_MAX,    /* at most this */
  SEARCH_PARAM_TIME_UNSTABLE,     /* percent of the soft time where the best move just changed */
  SEARCH_PARAM_TIME_SCORE_DROP,   /* percent more where the score fell */
  SEARCH_PARAM_TIME_NODE_SHARE,   /* the time scaled by this less the best move's percent of the nodes */
  SEARCH_PARAM_COUNT
} SearchParamId;

typedef struct {
  const char *name;   /* its UCI option */
  int value;          /* what the search uses */
  int min, max;       /* a tuner's bounds */
} SearchParam;

extern SearchParam search_params[SEARCH_PARAM_COUNT];

/* The value of SEARCH_PARAM_<id>. */
#define SP(id) (search_params[SEARCH_PARAM_##id].value)

/* The parameter called name (case ignored), or -1. */
int search_param_find (const char *name);
/* Sets parameter id to value clamped to its range; returns the value set. */
int search_param_set (int id, int value);
