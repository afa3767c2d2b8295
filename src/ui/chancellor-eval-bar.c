/* chancellor-eval-bar.c — the evaluation bar beside the board. */
#define G_LOG_DOMAIN "chancellor-eval-bar"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "chancellor-eval-bar-private.h"
#include "chancellor-eval-colors-private.h"

#define BAR_WIDTH 14
#define BAR_RADIUS 4.f
#define SLIDE_MS 250
/* The expected result of a score, as lichess draws its bar. */
#define LOGISTIC_SCALE 0.00368208
/* Short of a mate, each side keeps a sliver of the bar. */
#define SHARE_MIN 0.03

static const GdkRGBA shadow_color = { 0.f, 0.f, 0.f, 0.30f };
/* An edge, so that White's share shows on a light window too. */
static const GdkRGBA edge_color = { 0.f, 0.f, 0.f, 0.22f };

struct _ChancellorEvalBar
{
  GtkWidget parent_instance;

  double fraction;              /* where the score puts White's share */
  double shown;                 /* where the slide has got to */
  gboolean flipped;
  AdwAnimation *slide;
};

G_DEFINE_FINAL_TYPE (ChancellorEvalBar, chancellor_eval_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FRACTION,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double
share_for_score (int centipawns,
                 int mate)
{
  if (mate > 0)
    return 1.0;
  if (mate < 0)
    return 0.0;
  return CLAMP (1.0 / (1.0 + exp (-LOGISTIC_SCALE * centipawns)), SHARE_MIN, 1.0 - SHARE_MIN);
}

static void
slide_to (double   value,
          gpointer data)
{
  ChancellorEvalBar *self = CHANCELLOR_EVAL_BAR (data);

  self->shown = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
eval_bar_set_fraction (ChancellorEvalBar *self,
                       double             fraction,
                       const char        *text)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, round (fraction * 100.0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  adw_timed_animation_set_value_from (ADW_TIMED_ANIMATION (self->slide), self->shown);
  adw_timed_animation_set_value_to (ADW_TIMED_ANIMATION (self->slide), fraction);
  adw_animation_play (self->slide);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

void
chancellor_eval_bar_set_score (ChancellorEvalBar *self,
                               int                centipawns,
                               int                mate,
                               const char        *text)
{
  g_return_if_fail (CHANCELLOR_IS_EVAL_BAR (self));

  eval_bar_set_fraction (self, share_for_score (centipawns, mate), text ? text : "");
}

void
chancellor_eval_bar_reset (ChancellorEvalBar *self)
{
  g_return_if_fail (CHANCELLOR_IS_EVAL_BAR (self));

  eval_bar_set_fraction (self, 0.5, _("No evaluation"));
}

double
chancellor_eval_bar_get_fraction (ChancellorEvalBar *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_EVAL_BAR (self), 0.5);

  return self->fraction;
}

void
chancellor_eval_bar_set_flipped (ChancellorEvalBar *self,
                                 gboolean           flipped)
{
  g_return_if_fail (CHANCELLOR_IS_EVAL_BAR (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
chancellor_eval_bar_get_flipped (ChancellorEvalBar *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_EVAL_BAR (self), FALSE);

  return self->flipped;
}

static void
chancellor_eval_bar_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  ChancellorEvalBar *self = CHANCELLOR_EVAL_BAR (widget);
  float width = gtk_widget_get_width (widget);
  float height = gtk_widget_get_height (widget);
  float white_height = (float) round (height * CLAMP (self->shown, 0.0, 1.0));
  graphene_rect_t bar = GRAPHENE_RECT_INIT (0, 0, width, height);
  GskRoundedRect outline;

  if (width <= 0 || height <= 0)
    return;

  gsk_rounded_rect_init_from_rect (&outline, &bar, BAR_RADIUS);
  gtk_snapshot_append_outset_shadow (snapshot, &outline, &shadow_color, 0.f, 1.f, 0.f, 3.f);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &eval_black_color, &bar);
  gtk_snapshot_append_color (snapshot, &eval_white_color,
                             &GRAPHENE_RECT_INIT (0, self->flipped ? 0 : height - white_height,
                                                  width, white_height));
  /* The even line, for reading small advantages. */
  gtk_snapshot_append_color (snapshot, &eval_line_color,
                             &GRAPHENE_RECT_INIT (0, roundf (height / 2.f) - 1.f, width, 2.f));
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1.f, 1.f, 1.f, 1.f },
                              (GdkRGBA[4]) { edge_color, edge_color, edge_color, edge_color });
}

static void
chancellor_eval_bar_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = BAR_WIDTH;
  else
    *minimum = *natural = 4 * BAR_WIDTH;
}

static void
chancellor_eval_bar_dispose (GObject *object)
{
  ChancellorEvalBar *self = CHANCELLOR_EVAL_BAR (object);

  g_clear_object (&self->slide);

  G_OBJECT_CLASS (chancellor_eval_bar_parent_class)->dispose (object);
}

static void
chancellor_eval_bar_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ChancellorEvalBar *self = CHANCELLOR_EVAL_BAR (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_eval_bar_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ChancellorEvalBar *self = CHANCELLOR_EVAL_BAR (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      chancellor_eval_bar_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_eval_bar_class_init (ChancellorEvalBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_eval_bar_dispose;
  object_class->get_property = chancellor_eval_bar_get_property;
  object_class->set_property = chancellor_eval_bar_set_property;
  widget_class->snapshot = chancellor_eval_bar_snapshot;
  widget_class->measure = chancellor_eval_bar_measure;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.5,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
chancellor_eval_bar_init (ChancellorEvalBar *self)
{
  self->fraction = self->shown = 0.5;
  self->slide = adw_timed_animation_new (GTK_WIDGET (self), 0.5, 0.5, SLIDE_MS,
                                         adw_callback_animation_target_new (slide_to, self, NULL));
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->slide), ADW_EASE_OUT_CUBIC);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation"),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 100.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 50.0,
                                  -1);
}

GtkWidget *
chancellor_eval_bar_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_EVAL_BAR, NULL);
}
