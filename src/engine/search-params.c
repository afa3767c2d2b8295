/* search-params.c — the search's tunable numbers and their ranges. */
#include "search-params.h"

#include <strings.h>

#include "search.h"

SearchParam search_params[SEARCH_PARAM_COUNT] = {
  [SEARCH_PARAM_RFP_MARGIN] = { "RfpMargin", 110, 30, 200 },
  [SEARCH_PARAM_RAZOR_MARGIN] = { "RazorMargin", 130, 50, 600 },
  [SEARCH_PARAM_NULL_SURPLUS] = { "NullSurplus", 262, 80, 500 },
  [SEARCH_PARAM_FUTILITY_BASE] = { "FutilityBase", 131, 20, 300 },
  [SEARCH_PARAM_FUTILITY_SCALE] = { "FutilityScale", 84, 40, 250 },
  [SEARCH_PARAM_HISTORY_PRUNE] = { "HistoryPrune", 3271, 500, 8000 },
  [SEARCH_PARAM_SEE_QUIET] = { "SeeQuiet", 10, 0, 80 },
  [SEARCH_PARAM_SEE_CAPTURE] = { "SeeCapture", 114, 30, 250 },
  [SEARCH_PARAM_SINGULAR_MARGIN] = { "SingularMargin", 36, 8, 96 },
  [SEARCH_PARAM_LMR_BASE] = { "LmrBase", 50, 0, 200 },
  [SEARCH_PARAM_LMR_DIVISOR] = { "LmrDivisor", 133, 80, 350 },
  [SEARCH_PARAM_LMR_HISTORY] = { "LmrHistory", 11833, 4000, 30000 },
  [SEARCH_PARAM_QS_DELTA] = { "QsDelta", 348, 50, 500 },
  [SEARCH_PARAM_ASPIRATION] = { "Aspiration", 10, 5, 60 },
  [SEARCH_PARAM_LMP_BASE] = { "LmpBase", 5, 1, 20 },
  [SEARCH_PARAM_LMP_NOT_IMPROVING] = { "LmpNotImproving", 75, 30, 100 },
  [SEARCH_PARAM_HISTORY_BONUS_QUAD] = { "HistoryBonusQuad", 20, 5, 60 },
  [SEARCH_PARAM_HISTORY_BONUS_LINEAR] = { "HistoryBonusLinear", 100, 0, 300 },
  [SEARCH_PARAM_HISTORY_BONUS_MAX] = { "HistoryBonusMax", 3000, 1000, 8000 },
  [SEARCH_PARAM_TIME_UNSTABLE] = { "TimeUnstable", 140, 100, 250 },
  [SEARCH_PARAM_TIME_SCORE_DROP] = { "TimeScoreDrop", 40, 0, 120 },
  [SEARCH_PARAM_TIME_NODE_SHARE] = { "TimeNodeShare", 160, 110, 250 },
};

int search_param_find (const char *name)
{
  for (int i = 0; i < SEARCH_PARAM_COUNT; i++)
    if (strcasecmp (search_params[i].name, name) == 0)
      return i;
  return -1;
}

int search_param_set (int id, int value)
{
  SearchParam *p = &search_params[id];
  p->value = value < p->min ? p->min : value > p->max ? p->max : value;
  if (id == SEARCH_PARAM_LMR_BASE || id == SEARCH_PARAM_LMR_DIVISOR)
    search_reductions_changed ();
  return p->value;
}
