/* search-params.c — the search's tunable numbers and their ranges. */
#include "search-params.h"

#include <strings.h>

#include "search.h"

SearchParam search_params[SEARCH_PARAM_COUNT] = {
  [SEARCH_PARAM_RFP_MARGIN] = { "RfpMargin", 80, 30, 200 },
  [SEARCH_PARAM_RAZOR_MARGIN] = { "RazorMargin", 250, 100, 600 },
  [SEARCH_PARAM_NULL_SURPLUS] = { "NullSurplus", 200, 80, 500 },
  [SEARCH_PARAM_FUTILITY_BASE] = { "FutilityBase", 100, 20, 300 },
  [SEARCH_PARAM_FUTILITY_SCALE] = { "FutilityScale", 100, 40, 250 },
  [SEARCH_PARAM_HISTORY_PRUNE] = { "HistoryPrune", 3000, 500, 8000 },
  [SEARCH_PARAM_SEE_QUIET] = { "SeeQuiet", 25, 5, 80 },
  [SEARCH_PARAM_SEE_CAPTURE] = { "SeeCapture", 90, 30, 250 },
  [SEARCH_PARAM_SINGULAR_MARGIN] = { "SingularMargin", 32, 8, 96 },
  [SEARCH_PARAM_LMR_BASE] = { "LmrBase", 85, 0, 200 },
  [SEARCH_PARAM_LMR_DIVISOR] = { "LmrDivisor", 200, 120, 350 },
  [SEARCH_PARAM_LMR_HISTORY] = { "LmrHistory", 12000, 4000, 30000 },
  [SEARCH_PARAM_QS_DELTA] = { "QsDelta", 200, 50, 500 },
  [SEARCH_PARAM_ASPIRATION] = { "Aspiration", 20, 8, 60 },
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
