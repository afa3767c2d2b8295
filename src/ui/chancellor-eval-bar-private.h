/* chancellor-eval-bar-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-eval-bar.h. */
#pragma once

#include "chancellor-eval-bar.h"

G_BEGIN_DECLS

/* White's share the score gives, where the slide ends. */
double chancellor_eval_bar_get_fraction (ChancellorEvalBar *self);

G_END_DECLS
