/* chancellor-eval-graph.h — the score across a game, from White's side.
 *
 * The graph reads the game's [%eval] comments (chancellor-game-review.h),
 * so it shows any analysed game, and follows them as an analysis writes
 * them.  Up is White: the score is drawn as White's expected result (the
 * curve of the evaluation bar), so ±10 pawns come near the edges and mates
 * reach them; White's share is filled light and Black's dark.  Moves
 * marked ?!, ? or ?? get a dot of their colour, and the position shown
 * ("ply") a line.  Clicking or dragging, or Left, Right, Home and End with
 * the focus on it, sets "ply".  "has-scores" says whether there is
 * anything to show.
 */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_EVAL_GRAPH (chancellor_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorEvalGraph, chancellor_eval_graph, CHANCELLOR, EVAL_GRAPH, GtkWidget)

GtkWidget *chancellor_eval_graph_new (void);

void chancellor_eval_graph_set_game (ChancellorEvalGraph *self, ChancellorGame *game);
ChancellorGame *chancellor_eval_graph_get_game (ChancellorEvalGraph *self);
void chancellor_eval_graph_set_ply (ChancellorEvalGraph *self, guint ply);
guint chancellor_eval_graph_get_ply (ChancellorEvalGraph *self);
gboolean chancellor_eval_graph_get_has_scores (ChancellorEvalGraph *self);

G_END_DECLS
