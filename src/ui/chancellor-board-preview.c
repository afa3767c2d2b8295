/* chancellor-board-preview.c — a small picture of a game's position. */
#define G_LOG_DOMAIN "chancellor-board-preview"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-board-preview.h"

/* The board view keeps this much room around the board for its shadow. */
#define SHADOW_ROOM 2
#define DEFAULT_SQUARE_SIZE 16

struct _ChancellorBoardPreview
{
  GtkWidget parent_instance;

  ChancellorBoardView *board_view;
  int square_size;
};

G_DEFINE_FINAL_TYPE (ChancellorBoardPreview, chancellor_board_preview, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SQUARE_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
chancellor_board_preview_measure (GtkWidget      *widget,
                                  GtkOrientation  orientation,
                                  int             for_size,
                                  int            *minimum,
                                  int            *natural,
                                  int            *minimum_baseline,
                                  int            *natural_baseline)
{
  ChancellorBoardPreview *self = CHANCELLOR_BOARD_PREVIEW (widget);
  ChancellorGame *game = chancellor_board_view_get_game (self->board_view);
  int squares = 8;

  if (game)
    squares = orientation == GTK_ORIENTATION_HORIZONTAL
              ? chancellor_game_get_files (game)
              : chancellor_game_get_ranks (game);
  *minimum = *natural = squares * self->square_size + 2 * SHADOW_ROOM;
}

static void
chancellor_board_preview_size_allocate (GtkWidget *widget,
                                        int        width,
                                        int        height,
                                        int        baseline)
{
  ChancellorBoardPreview *self = CHANCELLOR_BOARD_PREVIEW (widget);

  gtk_widget_allocate (GTK_WIDGET (self->board_view), width, height, baseline, NULL);
}

static void
chancellor_board_preview_dispose (GObject *object)
{
  ChancellorBoardPreview *self = CHANCELLOR_BOARD_PREVIEW (object);

  if (self->board_view)
    {
      gtk_widget_unparent (GTK_WIDGET (self->board_view));
      self->board_view = NULL;
    }

  G_OBJECT_CLASS (chancellor_board_preview_parent_class)->dispose (object);
}

static void
chancellor_board_preview_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  ChancellorBoardPreview *self = CHANCELLOR_BOARD_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, chancellor_board_preview_get_game (self));
      break;
    case PROP_SQUARE_SIZE:
      g_value_set_int (value, self->square_size);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_board_preview_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  ChancellorBoardPreview *self = CHANCELLOR_BOARD_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_board_preview_set_game (self, g_value_get_object (value));
      break;
    case PROP_SQUARE_SIZE:
      chancellor_board_preview_set_square_size (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_board_preview_class_init (ChancellorBoardPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = chancellor_board_preview_dispose;
  object_class->get_property = chancellor_board_preview_get_property;
  object_class->set_property = chancellor_board_preview_set_property;
  widget_class->measure = chancellor_board_preview_measure;
  widget_class->size_allocate = chancellor_board_preview_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME, flags);
  properties[PROP_SQUARE_SIZE] =
    g_param_spec_int ("square-size", NULL, NULL, 4, 64, DEFAULT_SQUARE_SIZE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "boardpreview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
chancellor_board_preview_init (ChancellorBoardPreview *self)
{
  GtkWidget *board = GTK_WIDGET (chancellor_board_view_new ());

  self->square_size = DEFAULT_SQUARE_SIZE;
  self->board_view = CHANCELLOR_BOARD_VIEW (board);
  chancellor_board_view_set_interactive (self->board_view, FALSE);
  chancellor_board_view_set_show_coordinates (self->board_view, FALSE);
  chancellor_board_view_set_show_legal_moves (self->board_view, FALSE);
  chancellor_board_view_set_animate (self->board_view, FALSE);
  gtk_widget_set_focusable (board, FALSE);
  gtk_widget_set_can_target (board, FALSE);
  gtk_widget_set_parent (board, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Start position"), -1);
}

GtkWidget *
chancellor_board_preview_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_BOARD_PREVIEW, NULL);
}

void
chancellor_board_preview_set_game (ChancellorBoardPreview *self,
                                   ChancellorGame         *game)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_PREVIEW (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));

  if (chancellor_board_view_get_game (self->board_view) == game)
    return;
  chancellor_board_view_set_game (self->board_view, game);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChancellorGame *
chancellor_board_preview_get_game (ChancellorBoardPreview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_PREVIEW (self), NULL);

  return chancellor_board_view_get_game (self->board_view);
}

void
chancellor_board_preview_set_square_size (ChancellorBoardPreview *self,
                                          int                     square_size)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_PREVIEW (self));
  g_return_if_fail (square_size > 0);

  if (self->square_size == square_size)
    return;
  self->square_size = square_size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SQUARE_SIZE]);
}

int
chancellor_board_preview_get_square_size (ChancellorBoardPreview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_PREVIEW (self), 0);

  return self->square_size;
}

ChancellorBoardView *
chancellor_board_preview_get_board_view (ChancellorBoardPreview *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_PREVIEW (self), NULL);

  return self->board_view;
}
