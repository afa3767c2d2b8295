/* chancellor-clock-view.h — the two players' times of a ChancellorClock,
 * side by side, the running one highlighted, with a pause button
 * (win.pause).  Hidden while the clock is disabled. */
#pragma once

#include <gtk/gtk.h>

#include "chancellor-clock.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_CLOCK_VIEW (chancellor_clock_view_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorClockView, chancellor_clock_view, CHANCELLOR, CLOCK_VIEW, GtkWidget)

GtkWidget *chancellor_clock_view_new (void);

void chancellor_clock_view_set_clock (ChancellorClockView *self, ChancellorClock *clock);
ChancellorClock *chancellor_clock_view_get_clock (ChancellorClockView *self);

G_END_DECLS
