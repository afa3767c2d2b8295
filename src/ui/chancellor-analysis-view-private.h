/* chancellor-analysis-view-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-analysis-view.h. */
#pragma once

#include "chancellor-analysis-view.h"

G_BEGIN_DECLS

const char *chancellor_analysis_view_get_score_text (ChancellorAnalysisView *self);
const char *chancellor_analysis_view_get_line_text (ChancellorAnalysisView *self);

/* The text of row index of the lines (0 = best), or NULL when hidden. */
const char *chancellor_analysis_view_get_row_text (ChancellorAnalysisView *self, guint index);

/* As a click on move (0 = first) of line index: shows its position;
 * false when there is no such move.  The preview's game while it shows,
 * else NULL. */
gboolean chancellor_analysis_view_activate_move (ChancellorAnalysisView *self, guint index, guint move);
ChancellorGame *chancellor_analysis_view_get_preview_game (ChancellorAnalysisView *self);
/* The popover that shows it. */
GtkPopover *chancellor_analysis_view_get_preview_popover (ChancellorAnalysisView *self);

G_END_DECLS
