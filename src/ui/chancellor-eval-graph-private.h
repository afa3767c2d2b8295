/* chancellor-eval-graph-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-eval-graph.h. */
#pragma once

#include "chancellor-eval-graph.h"

G_BEGIN_DECLS

/* Where ply's point is drawn, in the widget's coordinates (for tests);
 * FALSE when the position has no score or the graph no size. */
gboolean chancellor_eval_graph_get_point (ChancellorEvalGraph *self, guint ply, graphene_point_t *point);

G_END_DECLS
