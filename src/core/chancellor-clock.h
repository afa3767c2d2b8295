/* chancellor-clock.h — a chess clock: each side's time, an increment or a
 * fixed time per move, the side whose time runs, pause and resume.
 *
 * Times are kept from g_get_monotonic_time, so they do not drift with the
 * ticks; "tick" is emitted about every 100 ms while a time runs (on the
 * tenth of a second, for a display), and whenever the times or the
 * running side change.  When the running side's time reaches zero the
 * clock stops and emits "flag-fell" (the ChancellorColor out of time).
 */
#pragma once

#include <glib-object.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_CLOCK (chancellor_clock_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorClock, chancellor_clock, CHANCELLOR, CLOCK, GObject)

/* Properties, with notify: "enabled" and "running" (-1: none, else the
 * ChancellorColor whose time runs), read-only; "paused", read-write. */
ChancellorClock *chancellor_clock_new (void);

/* Each side gets time_ms, plus increment_ms after each of its moves. */
void chancellor_clock_reset_fischer (ChancellorClock *self, gint64 time_ms, gint64 increment_ms);
/* Every move gets time_ms of its own. */
void chancellor_clock_reset_per_move (ChancellorClock *self, gint64 time_ms);
/* No clock: nothing runs, nobody's time falls. */
void chancellor_clock_disable (ChancellorClock *self);

gboolean chancellor_clock_get_enabled (ChancellorClock *self);
gboolean chancellor_clock_get_per_move (ChancellorClock *self);
gint64 chancellor_clock_get_increment (ChancellorClock *self);
/* What is left of color's time now, in milliseconds (never below 0). */
gint64 chancellor_clock_get_remaining (ChancellorClock *self, ChancellorColor color);
/* Sets what is left of color's time (a game read back from its [%clk]
 * comments); nothing when the clock is off. */
void chancellor_clock_set_remaining (ChancellorClock *self, ChancellorColor color, gint64 remaining_ms);
int chancellor_clock_get_running (ChancellorClock *self);

/* Color's time runs and the other's stands (per move: color starts a
 * fresh move time); for the start of a game and after a take-back. */
void chancellor_clock_start (ChancellorClock *self, ChancellorColor color);
/* Color has moved: its time stops and gains the increment (per move: it
 * is set back), and the other side's runs. */
void chancellor_clock_press (ChancellorClock *self, ChancellorColor color);
/* Nobody's time runs (the game is over). */
void chancellor_clock_stop (ChancellorClock *self);

void chancellor_clock_set_paused (ChancellorClock *self, gboolean paused);
gboolean chancellor_clock_get_paused (ChancellorClock *self);

/* "4:59", "1:02:03", and with tenths under ten seconds, "0:09.7". */
char *chancellor_clock_format (gint64 ms);

G_END_DECLS
