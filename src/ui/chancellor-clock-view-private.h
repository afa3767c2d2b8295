/* chancellor-clock-view-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-clock-view.h. */
#pragma once

#include "chancellor-clock-view.h"

G_BEGIN_DECLS

/* What color's clock shows ("4:59"), for tests. */
const char *chancellor_clock_view_get_time_text (ChancellorClockView *self, ChancellorColor color);

G_END_DECLS
