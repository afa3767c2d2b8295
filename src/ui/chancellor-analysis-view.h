/* chancellor-analysis-view.h — the computer's view of the position shown:
 * the score from White's side ("+1.25", "#3", "-#2"), the depth and the
 * principal variation in SAN. */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-computer.h"
#include "chancellor-uci-engine.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_ANALYSIS_VIEW (chancellor_analysis_view_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorAnalysisView, chancellor_analysis_view, CHANCELLOR, ANALYSIS_VIEW, GtkWidget)

GtkWidget *chancellor_analysis_view_new (void);

/* An engine's lines (ChancellorEngineLine, best first) in n_rows rows,
 * each with its score and SAN line (one line: under the score, wrapped);
 * the rows stay when a line is missing, so the height is the same for
 * every report.  A line cut at an illegal move says so. */
void chancellor_analysis_view_set_lines (ChancellorAnalysisView *self, GPtrArray *lines, guint n_rows);
/* The position the lines start from (the game after ply moves) and the
 * board's side: each move of a line is a link, and clicking it shows the
 * position after it in a popover, beside or above the panel so that the
 * lines stay in view. */
void chancellor_analysis_view_set_position (ChancellorAnalysisView *self, ChancellorGame *game, guint ply,
                                            gboolean flipped);

/* The rows the lines will take (as set_lines), shown empty now, so that
 * the panel keeps its height from the first report on; waiting and the
 * result then show in the first row. */
void chancellor_analysis_view_set_n_rows (ChancellorAnalysisView *self, guint n_rows);

/* Before the first report: the score and line are cleared. */
void chancellor_analysis_view_set_waiting (ChancellorAnalysisView *self);
/* A position where the game is over: its result ("1-0") and why. */
void chancellor_analysis_view_set_result (ChancellorAnalysisView *self, const char *result, const char *description);

G_END_DECLS
