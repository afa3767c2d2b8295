/* chancellor-window-layout.c — the board beside its panel, or above it. */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include "chancellor-window-layout.h"

/* The gap around the panel (the board view keeps its own margins). */
#define GAP 12
/* The widest the panel gets beside the board. */
#define MAX_PANEL_WIDTH 340
/* The panel goes under the board as soon as the board is about as big
 * there (the room for moves under it is counted): beside it, the board
 * would leave an empty band under or above it. */
#define NARROW_GAIN 0.95
/* Under the board, the panel keeps this much above its least height, so
 * that a few moves show (the board gives it up only when it must). */
#define PANEL_ROOM 120

struct _ChancellorWindowLayout
{
  GtkLayoutManager parent_instance;

  gboolean narrow;
};

G_DEFINE_FINAL_TYPE (ChancellorWindowLayout, chancellor_window_layout, GTK_TYPE_LAYOUT_MANAGER)

enum {
  PROP_0,
  PROP_NARROW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct {
  GtkWidget *board;
  GtkWidget *panel;
  int board_min_width, board_nat_width;
  int board_min_height, board_nat_height;
  int panel_min_width, panel_nat_width;
} Parts;

static gboolean
get_parts (GtkWidget *widget,
           Parts     *parts)
{
  parts->board = gtk_widget_get_first_child (widget);
  parts->panel = parts->board ? gtk_widget_get_next_sibling (parts->board) : NULL;
  if (!parts->panel)
    return FALSE;
  gtk_widget_measure (parts->board, GTK_ORIENTATION_HORIZONTAL, -1, &parts->board_min_width,
                      &parts->board_nat_width, NULL, NULL);
  gtk_widget_measure (parts->board, GTK_ORIENTATION_VERTICAL, -1, &parts->board_min_height,
                      &parts->board_nat_height, NULL, NULL);
  gtk_widget_measure (parts->panel, GTK_ORIENTATION_HORIZONTAL, -1, &parts->panel_min_width,
                      &parts->panel_nat_width, NULL, NULL);
  parts->board_nat_width = MAX (parts->board_nat_width, 1);
  parts->board_nat_height = MAX (parts->board_nat_height, 1);
  return TRUE;
}

/* The panel's width beside the board. */
static int
side_panel_width (const Parts *parts)
{
  return MAX (parts->panel_min_width, MIN (parts->panel_nat_width, MAX_PANEL_WIDTH));
}

/* The least height of the panel under a board of this width. */
static int
bottom_panel_min_height (const Parts *parts,
                         int          width)
{
  int min = 0;

  gtk_widget_measure (parts->panel, GTK_ORIENTATION_VERTICAL, MAX (width - 2 * GAP, parts->panel_min_width),
                      &min, NULL, NULL, NULL);
  return min;
}

static gboolean
side_panel_fits (const Parts *parts,
                 int          width)
{
  return width >= parts->board_min_width + side_panel_width (parts) + GAP;
}

/* How much the board is scaled in a box of that size, keeping its shape. */
static double
board_scale (const Parts *parts,
             int          width,
             int          height)
{
  return MIN ((double) width / parts->board_nat_width, (double) height / parts->board_nat_height);
}

static gboolean
choose_narrow (const Parts *parts,
               int          width,
               int          height)
{
  int panel_height;
  double beside, under;

  if (!side_panel_fits (parts, width))
    return TRUE;
  panel_height = bottom_panel_min_height (parts, width);
  if (height < parts->board_min_height + panel_height + GAP)
    return FALSE;
  beside = board_scale (parts, width - side_panel_width (parts) - GAP, height);
  under = board_scale (parts, width, height - panel_height - PANEL_ROOM - GAP);
  return under > NARROW_GAIN * beside;
}

static GtkSizeRequestMode
chancellor_window_layout_get_request_mode (GtkLayoutManager *manager,
                                           GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
chancellor_window_layout_measure (GtkLayoutManager *manager,
                                  GtkWidget        *widget,
                                  GtkOrientation    orientation,
                                  int               for_size,
                                  int              *minimum,
                                  int              *natural,
                                  int              *minimum_baseline,
                                  int              *natural_baseline)
{
  Parts parts;

  *minimum = *natural = 0;
  if (!get_parts (widget, &parts))
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* As narrow as the board (or the panel) under each other. */
      *minimum = MAX (parts.board_min_width, parts.panel_min_width + 2 * GAP);
      *natural = parts.board_nat_width + side_panel_width (&parts) + GAP;
    }
  else if (for_size >= 0 && !side_panel_fits (&parts, for_size))
    {
      int panel_min = bottom_panel_min_height (&parts, for_size);

      *minimum = parts.board_min_height + panel_min + GAP;
      *natural = MAX (*minimum, (int) (parts.board_nat_height * ((double) for_size / parts.board_nat_width))
                                + panel_min + GAP);
    }
  else
    {
      int panel_min = 0, panel_nat = 0;

      gtk_widget_measure (parts.panel, GTK_ORIENTATION_VERTICAL, side_panel_width (&parts), &panel_min,
                          &panel_nat, NULL, NULL);
      *minimum = MAX (parts.board_min_height, panel_min + 2 * GAP);
      *natural = MAX (parts.board_nat_height, panel_nat + 2 * GAP);
    }
}

static void
allocate_child (GtkWidget *widget,
                GtkWidget *child,
                int        x,
                int        y,
                int        width,
                int        height)
{
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    x = gtk_widget_get_width (widget) - x - width;
  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) }, -1);
}

static void set_narrow (ChancellorWindowLayout *self, gboolean narrow);

static void
chancellor_window_layout_allocate (GtkLayoutManager *manager,
                                   GtkWidget        *widget,
                                   int               width,
                                   int               height,
                                   int               baseline)
{
  ChancellorWindowLayout *self = CHANCELLOR_WINDOW_LAYOUT (manager);
  Parts parts;
  gboolean narrow;

  if (!get_parts (widget, &parts))
    return;

  narrow = choose_narrow (&parts, width, height);
  if (narrow)
    {
      int panel_min = bottom_panel_min_height (&parts, width);
      /* The board as tall as its shape wants at the full width, as long
       * as the panel keeps room for a few moves, or at least its least
       * height. */
      int board_height = (int) (parts.board_nat_height * ((double) width / parts.board_nat_width) + 0.5);

      board_height = MIN (board_height, MAX (height - panel_min - PANEL_ROOM - GAP, parts.board_min_height));
      board_height = MAX (parts.board_min_height, MIN (board_height, height - panel_min - GAP));
      allocate_child (widget, parts.board, 0, 0, width, board_height);
      allocate_child (widget, parts.panel, GAP, board_height, width - 2 * GAP, height - board_height - GAP);
    }
  else
    {
      int panel_width = side_panel_width (&parts);
      int board_width = width - panel_width - GAP;

      /* Top-aligned: the board's top meets the players' names, and what
       * its shape leaves over goes under it, beside the move buttons. */
      int board_height = (int) (parts.board_nat_height * ((double) board_width / parts.board_nat_width) + 0.5);

      board_height = CLAMP (board_height, MIN (parts.board_min_height, height), height);
      allocate_child (widget, parts.board, 0, 0, board_width, board_height);
      allocate_child (widget, parts.panel, board_width, GAP, panel_width, height - 2 * GAP);
    }

  set_narrow (self, narrow);
}

static void
set_narrow (ChancellorWindowLayout *self,
            gboolean                narrow)
{
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NARROW]);
    }
}

static void
chancellor_window_layout_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  ChancellorWindowLayout *self = CHANCELLOR_WINDOW_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_NARROW:
      g_value_set_boolean (value, self->narrow);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_window_layout_class_init (ChancellorWindowLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = chancellor_window_layout_get_property;
  layout_class->get_request_mode = chancellor_window_layout_get_request_mode;
  layout_class->measure = chancellor_window_layout_measure;
  layout_class->allocate = chancellor_window_layout_allocate;

  /* The panel is under the board (set on allocation). */
  properties[PROP_NARROW] =
    g_param_spec_boolean ("narrow", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chancellor_window_layout_init (ChancellorWindowLayout *self)
{
}

GtkLayoutManager *
chancellor_window_layout_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_WINDOW_LAYOUT, NULL);
}

gboolean
chancellor_window_layout_get_narrow (ChancellorWindowLayout *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW_LAYOUT (self), FALSE);

  return self->narrow;
}

void
chancellor_window_layout_decide (ChancellorWindowLayout *self,
                                 int                     width,
                                 int                     height)
{
  GtkWidget *widget;
  Parts parts;

  g_return_if_fail (CHANCELLOR_IS_WINDOW_LAYOUT (self));

  widget = gtk_layout_manager_get_widget (GTK_LAYOUT_MANAGER (self));
  if (widget && get_parts (widget, &parts))
    set_narrow (self, choose_narrow (&parts, width, height));
}
