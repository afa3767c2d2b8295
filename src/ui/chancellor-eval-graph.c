/* chancellor-eval-graph.c — the score across a game, drawn with cairo. */
#define G_LOG_DOMAIN "chancellor-eval-graph"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "chancellor-eval-graph-private.h"
#include "chancellor-eval-colors-private.h"
#include "chancellor-game-review.h"

#define GRAPH_WIDTH 200
#define GRAPH_HEIGHT 96
#define GRAPH_HEIGHT_MIN 56
#define CORNER_RADIUS 6.0
/* Room at the sides and ends, so that the dots of the first and last move
 * and of mates stay whole. */
#define INSET 6.0
#define DOT_RADIUS 3.5

/* A warm grey between the two, lighter in the light style. */
static const GdkRGBA light_background = { 0.835f, 0.816f, 0.792f, 1.f };  /* #d5d0ca */
static const GdkRGBA dark_background = { 0.443f, 0.416f, 0.392f, 1.f };   /* #716a64 */
static const GdkRGBA current_color = { 0.208f, 0.518f, 0.894f, 1.f };    /* #3584e4 */
static const GdkRGBA hover_color = { 0.5f, 0.5f, 0.5f, 0.6f };
/* The marks, in the move list's colours (style.css, style-dark.css),
 * by ChancellorMoveMark; transparent for the marks not drawn. */
static const GdkRGBA light_mark_colors[] = {
  [CHANCELLOR_MOVE_MARK_INACCURACY] = { 0.110f, 0.443f, 0.847f, 1.f },   /* #1c71d8 */
  [CHANCELLOR_MOVE_MARK_MISTAKE] = { 0.776f, 0.275f, 0.f, 1.f },         /* #c64600 */
  [CHANCELLOR_MOVE_MARK_BLUNDER] = { 0.753f, 0.110f, 0.157f, 1.f },      /* #c01c28 */
};
static const GdkRGBA dark_mark_colors[] = {
  [CHANCELLOR_MOVE_MARK_INACCURACY] = { 0.471f, 0.682f, 0.929f, 1.f },   /* #78aeed */
  [CHANCELLOR_MOVE_MARK_MISTAKE] = { 1.f, 0.639f, 0.282f, 1.f },         /* #ffa348 */
  [CHANCELLOR_MOVE_MARK_BLUNDER] = { 1.f, 0.482f, 0.388f, 1.f },         /* #ff7b63 */
};

typedef struct {
  gboolean known;
  double expectation;            /* White's, 0 .. 1 */
  ChancellorMoveMark mark;
} GraphPoint;

struct _ChancellorEvalGraph
{
  GtkWidget parent_instance;

  ChancellorGame *game;
  GArray *points;                /* GraphPoint, by ply */
  guint ply;
  int hover_ply;                 /* -1: none */
  double drag_start_x;
  gboolean has_scores;
};

G_DEFINE_FINAL_TYPE (ChancellorEvalGraph, chancellor_eval_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  PROP_HAS_SCORES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Geometry */

static guint
graph_last_ply (ChancellorEvalGraph *self)
{
  return self->points->len > 0 ? self->points->len - 1 : 0;
}

static double
x_of_ply (ChancellorEvalGraph *self,
          double               width,
          guint                ply)
{
  return INSET + (width - 2 * INSET) * ply / MAX (graph_last_ply (self), 1);
}

static double
y_of_expectation (double height,
                  double expectation)
{
  return INSET + (height - 2 * INSET) * (1.0 - expectation);
}

static guint
ply_at_x (ChancellorEvalGraph *self,
          double               x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double span = MAX (width - 2 * INSET, 1.0);
  double ply = round ((x - INSET) / span * MAX (graph_last_ply (self), 1));

  return (guint) CLAMP (ply, 0.0, (double) graph_last_ply (self));
}

/* Text */

/* "12. Nf3?! +0.35", "12… Nxe5 −3.20", "Start position". */
static char *
describe_ply (ChancellorEvalGraph *self,
              guint                ply)
{
  g_autofree char *score = NULL;
  g_autofree char *san = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) fields = NULL;
  const GraphPoint *point;
  gboolean black_first;
  guint first, index;

  if (self->game == NULL || ply >= self->points->len)
    return g_strdup ("");
  point = &g_array_index (self->points, GraphPoint, ply);
  chancellor_game_review_read_score (self->game, ply, NULL, &score);
  if (ply == 0)
    return score ? g_strdup_printf (_("Start position, %s"), score) : g_strdup (_("Start position"));

  fen = chancellor_game_get_start_fen (self->game);
  fields = g_strsplit (fen, " ", -1);
  black_first = g_strv_length (fields) > 1 && g_str_equal (fields[1], "b");
  first = g_strv_length (fields) > 5 ? MAX ((guint) strtoul (fields[5], NULL, 10), 1) : 1;
  index = ply - 1 + (black_first ? 1 : 0);
  san = chancellor_game_get_san (self->game, ply);
  return g_strdup_printf ("%u%s %s%s%s%s", first + index / 2, index % 2 ? "…" : ".", san,
                          chancellor_move_mark_get_symbol (point->mark),
                          score ? " " : "", score ? score : "");
}

static void
update_accessible (ChancellorEvalGraph *self)
{
  g_autofree char *text = describe_ply (self, self->ply);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) graph_last_ply (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) self->ply,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
}

/* The game's scores */

static void
read_point (ChancellorEvalGraph *self,
            guint                ply)
{
  GraphPoint *point = &g_array_index (self->points, GraphPoint, ply);

  point->known = chancellor_game_review_read_score (self->game, ply, &point->expectation, NULL);
  point->mark = chancellor_game_review_read_mark (self->game, ply);
}

static void
update_has_scores (ChancellorEvalGraph *self)
{
  gboolean has_scores = FALSE;

  /* A mate on the board alone is not an analysis. */
  for (guint ply = 0; ply < self->points->len && !has_scores; ply++)
    has_scores = g_array_index (self->points, GraphPoint, ply).known
                 && (ply + 1 < self->points->len || ply == 0);
  if (has_scores == self->has_scores)
    return;
  self->has_scores = has_scores;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_SCORES]);
}

static void
read_all (ChancellorEvalGraph *self)
{
  guint n = self->game ? chancellor_game_get_n_moves (self->game) + 1 : 0;

  g_array_set_size (self->points, n);
  for (guint ply = 0; ply < n; ply++)
    read_point (self, ply);
  if (self->ply > graph_last_ply (self))
    chancellor_eval_graph_set_ply (self, graph_last_ply (self));
  update_has_scores (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
annotation_changed (ChancellorEvalGraph *self,
                    guint                ply,
                    ChancellorGame      *game)
{
  if (ply >= self->points->len)
    return;
  read_point (self, ply);
  update_has_scores (self);
  if (ply == self->ply)
    update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing */

static void
set_source (cairo_t       *cr,
            const GdkRGBA *color)
{
  gdk_cairo_set_source_rgba (cr, color);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, width - radius, radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, width - radius, height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, radius, height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, radius, radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The runs of known points, as areas down (or up) to the even line. */
static void
fill_areas (ChancellorEvalGraph *self,
            cairo_t             *cr,
            double               width,
            double               height)
{
  double middle = y_of_expectation (height, 0.5);
  guint ply = 0;

  while (ply < self->points->len)
    {
      guint start;

      if (!g_array_index (self->points, GraphPoint, ply).known)
        {
          ply++;
          continue;
        }
      start = ply;
      cairo_move_to (cr, x_of_ply (self, width, start), middle);
      for (; ply < self->points->len && g_array_index (self->points, GraphPoint, ply).known; ply++)
        cairo_line_to (cr, x_of_ply (self, width, ply),
                       y_of_expectation (height, g_array_index (self->points, GraphPoint, ply).expectation));
      cairo_line_to (cr, x_of_ply (self, width, ply - 1), middle);
      cairo_close_path (cr);
    }
}

static void
stroke_curve (ChancellorEvalGraph *self,
              cairo_t             *cr,
              double               width,
              double               height)
{
  gboolean drawing = FALSE;

  for (guint ply = 0; ply < self->points->len; ply++)
    {
      const GraphPoint *point = &g_array_index (self->points, GraphPoint, ply);
      double x = x_of_ply (self, width, ply), y = y_of_expectation (height, point->expectation);

      if (!point->known)
        drawing = FALSE;
      else if (drawing)
        cairo_line_to (cr, x, y);
      else
        {
          cairo_move_to (cr, x, y);
          drawing = TRUE;
        }
    }
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_source (cr, &eval_line_color);
  cairo_stroke (cr);
}

static void
draw_dot (cairo_t       *cr,
          double         x,
          double         y,
          double         radius,
          const GdkRGBA *fill,
          const GdkRGBA *ring)
{
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  set_source (cr, fill);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.5);
  set_source (cr, ring);
  cairo_stroke (cr);
}

static void
chancellor_eval_graph_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  const GdkRGBA *ring = dark ? &eval_black_color : &eval_white_color;
  double middle = y_of_expectation (height, 0.5);
  cairo_t *cr;

  if (width <= 2 * INSET || height <= 2 * INSET || self->points->len == 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
  rounded_rectangle (cr, width, height, CORNER_RADIUS);
  cairo_clip_preserve (cr);
  set_source (cr, dark ? &dark_background : &light_background);
  cairo_fill (cr);

  /* White's share above the even line, Black's below. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, middle);
  cairo_clip (cr);
  fill_areas (self, cr, width, height);
  set_source (cr, &eval_white_color);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_rectangle (cr, 0, middle, width, height - middle);
  cairo_clip (cr);
  fill_areas (self, cr, width, height);
  set_source (cr, &eval_black_color);
  cairo_fill (cr);
  cairo_restore (cr);

  cairo_set_line_width (cr, 1.0);
  cairo_set_source_rgba (cr, eval_line_color.red, eval_line_color.green, eval_line_color.blue, 0.7);
  cairo_move_to (cr, 0, round (middle) + 0.5);
  cairo_line_to (cr, width, round (middle) + 0.5);
  cairo_stroke (cr);
  stroke_curve (self, cr, width, height);

  if (self->hover_ply >= 0 && (guint) self->hover_ply != self->ply)
    {
      double x = round (x_of_ply (self, width, (guint) self->hover_ply)) + 0.5;

      cairo_set_line_width (cr, 1.0);
      set_source (cr, &hover_color);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
    }

  for (guint ply = 1; ply < self->points->len; ply++)
    {
      const GraphPoint *point = &g_array_index (self->points, GraphPoint, ply);
      const GdkRGBA *fill = point->mark < G_N_ELEMENTS (light_mark_colors)
                            ? (dark ? &dark_mark_colors[point->mark] : &light_mark_colors[point->mark]) : NULL;

      if (point->known && fill && fill->alpha > 0)
        draw_dot (cr, x_of_ply (self, width, ply), y_of_expectation (height, point->expectation),
                  DOT_RADIUS, fill, ring);
    }

  /* The position shown. */
  {
    double x = round (x_of_ply (self, width, self->ply)) + 0.5;
    const GraphPoint *point = self->ply < self->points->len
                              ? &g_array_index (self->points, GraphPoint, self->ply) : NULL;

    cairo_set_line_width (cr, 2.0);
    set_source (cr, &current_color);
    cairo_move_to (cr, x, 0);
    cairo_line_to (cr, x, height);
    cairo_stroke (cr);
    if (point && point->known)
      draw_dot (cr, x_of_ply (self, width, self->ply), y_of_expectation (height, point->expectation),
                DOT_RADIUS + 1, &current_color, ring);
  }
  cairo_destroy (cr);
}

static void
chancellor_eval_graph_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = GRAPH_HEIGHT_MIN;
      *natural = GRAPH_WIDTH;
    }
  else
    {
      *minimum = GRAPH_HEIGHT_MIN;
      *natural = GRAPH_HEIGHT;
    }
}

/* Input */

static void
drag_begin (GtkGestureDrag      *gesture,
            double               x,
            double               y,
            ChancellorEvalGraph *self)
{
  self->drag_start_x = x;
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  chancellor_eval_graph_set_ply (self, ply_at_x (self, x));
}

static void
drag_update (GtkGestureDrag      *gesture,
             double               offset_x,
             double               offset_y,
             ChancellorEvalGraph *self)
{
  chancellor_eval_graph_set_ply (self, ply_at_x (self, self->drag_start_x + offset_x));
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        ChancellorEvalGraph      *self)
{
  int ply = (int) ply_at_x (self, x);

  if (ply == self->hover_ply)
    return;
  self->hover_ply = ply;
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave (GtkEventControllerMotion *controller,
       ChancellorEvalGraph      *self)
{
  self->hover_ply = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (widget);
  g_autofree char *text = NULL;

  if (self->points->len == 0)
    return FALSE;
  text = describe_ply (self, keyboard ? self->ply : ply_at_x (self, x));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             ChancellorEvalGraph   *self)
{
  guint last = graph_last_ply (self);

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      chancellor_eval_graph_set_ply (self, self->ply > 0 ? self->ply - 1 : 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      chancellor_eval_graph_set_ply (self, MIN (self->ply + 1, last));
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      chancellor_eval_graph_set_ply (self, 0);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      chancellor_eval_graph_set_ply (self, last);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The object */

static void
chancellor_eval_graph_dispose (GObject *object)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (chancellor_eval_graph_parent_class)->dispose (object);
}

static void
chancellor_eval_graph_finalize (GObject *object)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (object);

  g_array_unref (self->points);

  G_OBJECT_CLASS (chancellor_eval_graph_parent_class)->finalize (object);
}

static void
chancellor_eval_graph_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_HAS_SCORES:
      g_value_set_boolean (value, self->has_scores);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_eval_graph_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ChancellorEvalGraph *self = CHANCELLOR_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_eval_graph_set_game (self, g_value_get_object (value));
      break;
    case PROP_PLY:
      chancellor_eval_graph_set_ply (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_eval_graph_class_init (ChancellorEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_eval_graph_dispose;
  object_class->finalize = chancellor_eval_graph_finalize;
  object_class->get_property = chancellor_eval_graph_get_property;
  object_class->set_property = chancellor_eval_graph_set_property;
  widget_class->snapshot = chancellor_eval_graph_snapshot;
  widget_class->measure = chancellor_eval_graph_measure;
  widget_class->query_tooltip = query_tooltip;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HAS_SCORES] =
    g_param_spec_boolean ("has-scores", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
chancellor_eval_graph_init (ChancellorEvalGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *hover = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->points = g_array_new (FALSE, TRUE, sizeof (GraphPoint));
  self->hover_ply = -1;

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (hover, "motion", G_CALLBACK (motion), self);
  g_signal_connect (hover, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), hover);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation across the game"),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  -1);
  update_accessible (self);
}

GtkWidget *
chancellor_eval_graph_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_EVAL_GRAPH, NULL);
}

void
chancellor_eval_graph_set_game (ChancellorEvalGraph *self,
                                ChancellorGame      *game)
{
  g_return_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (read_all), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "annotation-changed", G_CALLBACK (annotation_changed), self,
                               G_CONNECT_SWAPPED);
    }
  read_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChancellorGame *
chancellor_eval_graph_get_game (ChancellorEvalGraph *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self), NULL);

  return self->game;
}

void
chancellor_eval_graph_set_ply (ChancellorEvalGraph *self,
                               guint                ply)
{
  g_return_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self));

  if (self->ply == ply)
    return;
  self->ply = ply;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

guint
chancellor_eval_graph_get_ply (ChancellorEvalGraph *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self), 0);

  return self->ply;
}

gboolean
chancellor_eval_graph_get_has_scores (ChancellorEvalGraph *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self), FALSE);

  return self->has_scores;
}

gboolean
chancellor_eval_graph_get_point (ChancellorEvalGraph *self,
                                 guint                ply,
                                 graphene_point_t    *point)
{
  double width, height;
  const GraphPoint *graph_point;

  g_return_val_if_fail (CHANCELLOR_IS_EVAL_GRAPH (self), FALSE);
  g_return_val_if_fail (point != NULL, FALSE);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (ply >= self->points->len || width <= 2 * INSET || height <= 2 * INSET)
    return FALSE;
  graph_point = &g_array_index (self->points, GraphPoint, ply);
  if (!graph_point->known)
    return FALSE;
  point->x = (float) x_of_ply (self, width, ply);
  point->y = (float) y_of_expectation (height, graph_point->expectation);
  return TRUE;
}
