/* chancellor-clock-view.c — the clocks in the side panel. */
#define G_LOG_DOMAIN "chancellor-clock-view"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-clock-view-private.h"

/* Under this the time shows in tenths and in the warning colour. */
#define LOW_TIME_MS (10 * 1000)

struct _ChancellorClockView
{
  GtkWidget parent_instance;

  ChancellorClock *clock;
  GtkWidget *box;
  GtkWidget *faces[2];
  GtkWidget *times[2];
};

G_DEFINE_FINAL_TYPE (ChancellorClockView, chancellor_clock_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CLOCK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clock_view_update (ChancellorClockView *self)
{
  int running;

  if (self->clock == NULL || !chancellor_clock_get_enabled (self->clock))
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);

  running = chancellor_clock_get_running (self->clock);
  for (int color = 0; color < 2; color++)
    {
      gint64 remaining = chancellor_clock_get_remaining (self->clock, color);
      g_autofree char *text = chancellor_clock_format (remaining);

      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (self->times[color])), text) != 0)
        gtk_label_set_label (GTK_LABEL (self->times[color]), text);
      if (running == color)
        gtk_widget_add_css_class (self->faces[color], "running");
      else
        gtk_widget_remove_css_class (self->faces[color], "running");
      if (remaining < LOW_TIME_MS)
        gtk_widget_add_css_class (self->faces[color], "low");
      else
        gtk_widget_remove_css_class (self->faces[color], "low");
    }
  if (chancellor_clock_get_paused (self->clock))
    gtk_widget_add_css_class (self->box, "paused");
  else
    gtk_widget_remove_css_class (self->box, "paused");
}

void
chancellor_clock_view_set_clock (ChancellorClockView *self,
                                 ChancellorClock     *clock)
{
  g_return_if_fail (CHANCELLOR_IS_CLOCK_VIEW (self));
  g_return_if_fail (clock == NULL || CHANCELLOR_IS_CLOCK (clock));

  if (self->clock == clock)
    return;
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->clock, clock);
  if (clock)
    g_signal_connect_object (clock, "tick", G_CALLBACK (clock_view_update), self, G_CONNECT_SWAPPED);
  clock_view_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

ChancellorClock *
chancellor_clock_view_get_clock (ChancellorClockView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK_VIEW (self), NULL);

  return self->clock;
}

const char *
chancellor_clock_view_get_time_text (ChancellorClockView *self,
                                     ChancellorColor      color)
{
  g_return_val_if_fail (CHANCELLOR_IS_CLOCK_VIEW (self), NULL);
  g_return_val_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK, NULL);

  return gtk_label_get_label (GTK_LABEL (self->times[color]));
}

static void
chancellor_clock_view_dispose (GObject *object)
{
  ChancellorClockView *self = CHANCELLOR_CLOCK_VIEW (object);

  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (chancellor_clock_view_parent_class)->dispose (object);
}

static void
chancellor_clock_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ChancellorClockView *self = CHANCELLOR_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_clock_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ChancellorClockView *self = CHANCELLOR_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      chancellor_clock_view_set_clock (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_clock_view_class_init (ChancellorClockViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_clock_view_dispose;
  object_class->get_property = chancellor_clock_view_get_property;
  object_class->set_property = chancellor_clock_view_set_property;

  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, CHANCELLOR_TYPE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "clockview");
}

static void
chancellor_clock_view_init (ChancellorClockView *self)
{
  static const char *const names[2] = { N_("White"), N_("Black") };
  GtkWidget *pause;

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  for (int color = 0; color < 2; color++)
    {
      GtkWidget *name;

      self->faces[color] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_hexpand (self->faces[color], TRUE);
      gtk_widget_add_css_class (self->faces[color], "clock");
      gtk_widget_add_css_class (self->faces[color], color == 0 ? "white" : "black");

      name = gtk_label_new (_(names[color]));
      gtk_widget_add_css_class (name, "caption");
      gtk_box_append (GTK_BOX (self->faces[color]), name);

      self->times[color] = gtk_label_new ("0:00");
      gtk_widget_add_css_class (self->times[color], "time");
      gtk_widget_add_css_class (self->times[color], "numeric");
      gtk_box_append (GTK_BOX (self->faces[color]), self->times[color]);

      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->times[color]),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL,
                                      -1);
      gtk_box_append (GTK_BOX (self->box), self->faces[color]);
    }

  pause = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (pause), "media-playback-pause-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (pause), "win.pause");
  gtk_widget_set_tooltip_text (pause, _("Pause the Clocks (P)"));
  gtk_widget_set_valign (pause, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (pause, "circular");
  gtk_widget_add_css_class (pause, "flat");
  gtk_box_append (GTK_BOX (self->box), pause);

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
chancellor_clock_view_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_CLOCK_VIEW, NULL);
}
