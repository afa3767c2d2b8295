/* chancellor-clock.c — a chess clock on the monotonic time.
 *
 * A running side's time is what it had when its turn began (base) less
 * the time since then; the timeout only wakes the display and checks the
 * flag, so a late tick never loses time.
 */
#define G_LOG_DOMAIN "chancellor-clock"

#include "config.h"

#include "chancellor-clock.h"
#include "chancellor-enums.h"

#define TICK_MS 100

struct _ChancellorClock
{
  GObject parent_instance;

  gboolean enabled;
  gboolean per_move;
  gint64 time_ms;               /* the start time, or each move's */
  gint64 increment_ms;
  gint64 base_ms[2];            /* each side's time when its turn began */
  int running;                  /* ChancellorColor, or -1 */
  gint64 turn_start;            /* monotonic µs when running's time last resumed */
  gboolean paused;
  guint tick_id;
};

G_DEFINE_FINAL_TYPE (ChancellorClock, chancellor_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_RUNNING,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  TICK,
  FLAG_FELL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
clock_is_counting (ChancellorClock *self)
{
  return self->enabled && self->running >= 0 && !self->paused;
}

/* Folds the time spent since turn_start into the running side's base. */
static void
clock_settle (ChancellorClock *self)
{
  gint64 now = g_get_monotonic_time ();

  if (clock_is_counting (self))
    self->base_ms[self->running] = MAX (0, self->base_ms[self->running] - (now - self->turn_start) / 1000);
  self->turn_start = now;
}

static void clock_schedule_tick (ChancellorClock *self);

static gboolean
clock_tick (gpointer data)
{
  ChancellorClock *self = CHANCELLOR_CLOCK (data);
  int running = self->running;

  self->tick_id = 0;
  if (!clock_is_counting (self))
    return G_SOURCE_REMOVE;

  g_object_ref (self);
  if (chancellor_clock_get_remaining (self, running) <= 0)
    {
      clock_settle (self);
      self->base_ms[running] = 0;
      self->running = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
      g_signal_emit (self, signals[TICK], 0);
      g_signal_emit (self, signals[FLAG_FELL], 0, running);
    }
  else
    {
      clock_schedule_tick (self);
      g_signal_emit (self, signals[TICK], 0);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* Wakes up when the running time crosses the next tenth of a second, so
 * the display changes on time and the flag falls within a millisecond. */
static void
clock_schedule_tick (ChancellorClock *self)
{
  gint64 remaining;
  guint delay;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (!clock_is_counting (self))
    return;

  remaining = chancellor_clock_get_remaining (self, self->running);
  delay = remaining <= 0 ? 0 : (guint) ((remaining - 1) % TICK_MS + 1);
  self->tick_id = g_timeout_add_full (G_PRIORITY_HIGH, delay, clock_tick, self, NULL);
  g_source_set_name_by_id (self->tick_id, "[chancellor] clock");
}

static void
clock_set_running (ChancellorClock *self,
                   int              running)
{
  clock_settle (self);
  if (self->running != running)
    {
      self->running = running;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
  clock_schedule_tick (self);
  g_signal_emit (self, signals[TICK], 0);
}

static void
clock_reset (ChancellorClock *self,
             gboolean         enabled,
             gboolean         per_move,
             gint64           time_ms,
             gint64           increment_ms)
{
  gboolean was_enabled = self->enabled;

  self->enabled = enabled;
  self->per_move = per_move;
  self->time_ms = MAX (0, time_ms);
  self->increment_ms = per_move ? 0 : MAX (0, increment_ms);
  self->base_ms[0] = self->base_ms[1] = self->time_ms;
  if (self->running >= 0)
    {
      self->running = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (was_enabled != enabled)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
  g_signal_emit (self, signals[TICK], 0);
}

void
chancellor_clock_reset_fischer (ChancellorClock *self,
                                gint64           time_ms,
                                gint64           increment_ms)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));
  g_return_if_fail (time_ms > 0);

  clock_reset (self, TRUE, FALSE, time_ms, increment_ms);
}

void
chancellor_clock_reset_per_move (ChancellorClock *self,
                                 gint64           time_ms)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));
  g_return_if_fail (time_ms > 0);

  clock_reset (self, TRUE, TRUE, time_ms, 0);
}

void
chancellor_clock_disable (ChancellorClock *self)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));

  clock_reset (self, FALSE, FALSE, 0, 0);
}

gboolean
chancellor_clock_get_enabled (ChancellorClock *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), FALSE);

  return self->enabled;
}

gboolean
chancellor_clock_get_per_move (ChancellorClock *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), FALSE);

  return self->per_move;
}

gint64
chancellor_clock_get_increment (ChancellorClock *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), 0);

  return self->increment_ms;
}

gint64
chancellor_clock_get_remaining (ChancellorClock *self,
                                ChancellorColor  color)
{
  gint64 remaining;

  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), 0);
  g_return_val_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK, 0);

  remaining = self->base_ms[color];
  if (clock_is_counting (self) && (int) color == self->running)
    remaining -= (g_get_monotonic_time () - self->turn_start) / 1000;
  return MAX (0, remaining);
}

void
chancellor_clock_set_remaining (ChancellorClock *self,
                                ChancellorColor  color,
                                gint64           remaining_ms)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (!self->enabled)
    return;
  clock_settle (self);
  self->base_ms[color] = MAX (0, remaining_ms);
  g_signal_emit (self, signals[TICK], 0);
}

int
chancellor_clock_get_running (ChancellorClock *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), -1);

  return self->running;
}

void
chancellor_clock_start (ChancellorClock *self,
                        ChancellorColor  color)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (!self->enabled)
    return;
  clock_settle (self);
  if (self->per_move)
    self->base_ms[color] = self->time_ms;
  clock_set_running (self, color);
}

void
chancellor_clock_press (ChancellorClock *self,
                        ChancellorColor  color)
{
  ChancellorColor other = color == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_COLOR_BLACK : CHANCELLOR_COLOR_WHITE;

  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (!self->enabled)
    return;
  clock_settle (self);
  if (self->per_move)
    self->base_ms[color] = self->base_ms[other] = self->time_ms;
  else if ((int) color == self->running)
    self->base_ms[color] += self->increment_ms;
  clock_set_running (self, other);
}

void
chancellor_clock_stop (ChancellorClock *self)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));

  if (self->running >= 0)
    clock_set_running (self, -1);
}

void
chancellor_clock_set_paused (ChancellorClock *self,
                             gboolean         paused)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  clock_settle (self);
  self->paused = paused;
  self->turn_start = g_get_monotonic_time ();
  clock_schedule_tick (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  g_signal_emit (self, signals[TICK], 0);
}

gboolean
chancellor_clock_get_paused (ChancellorClock *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK (self), FALSE);

  return self->paused;
}

char *
chancellor_clock_format (gint64 ms)
{
  gint64 tenths, seconds;

  ms = MAX (0, ms);
  if (ms < 10 * 1000)
    {
      /* Rounded down: "0:00.0" is only shown once the time is gone. */
      tenths = ms / 100;
      return g_strdup_printf ("0:%02d.%d", (int) (tenths / 10), (int) (tenths % 10));
    }
  /* Rounded up, as clocks do: a side with 4:59.3 left reads 5:00. */
  seconds = (ms + 999) / 1000;
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (seconds / 3600), (int) (seconds / 60 % 60), (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}

static void
chancellor_clock_dispose (GObject *object)
{
  ChancellorClock *self = CHANCELLOR_CLOCK (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (chancellor_clock_parent_class)->dispose (object);
}

static void
chancellor_clock_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ChancellorClock *self = CHANCELLOR_CLOCK (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_RUNNING:
      g_value_set_int (value, self->running);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_clock_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ChancellorClock *self = CHANCELLOR_CLOCK (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      chancellor_clock_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_clock_class_init (ChancellorClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = chancellor_clock_dispose;
  object_class->get_property = chancellor_clock_get_property;
  object_class->set_property = chancellor_clock_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, FALSE, flags);
  properties[PROP_RUNNING] =
    g_param_spec_int ("running", NULL, NULL, -1, 1, -1, flags);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE, flags | G_PARAM_WRITABLE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TICK] =
    g_signal_new ("tick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FLAG_FELL] =
    g_signal_new ("flag-fell", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CHANCELLOR_TYPE_COLOR);
}

static void
chancellor_clock_init (ChancellorClock *self)
{
  self->running = -1;
}

ChancellorClock *
chancellor_clock_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_CLOCK, NULL);
}
