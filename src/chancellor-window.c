/* chancellor-window.c — the main window. */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-enums.h"
#include "chancellor-variant-list.h"
#include "chancellor-window.h"

#define PMRC_ID "prime-ministers-random"
#define PMRC_POSITION_COUNT 8400
#define DEFAULT_VARIANT "capablanca"

struct _ChancellorWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkMenuButton *new_game_button;
  GtkPopover *new_game_popover;
  GtkListView *variant_view;
  ChancellorBoardView *board_view;
  GtkWidget *relocation_box;
  GtkLabel *relocation_label;
  ChancellorMoveList *move_list;

  GSettings *settings;
  ChancellorGame *game;
  gboolean flipped;
  char *status;
  char *last_toast;
};

G_DEFINE_FINAL_TYPE (ChancellorWindow, chancellor_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VARIANT_ID,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_toast (ChancellorWindow *self,
            AdwToast         *toast)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (adw_toast_get_title (toast));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_message (ChancellorWindow *self,
              const char       *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  show_toast (self, toast);
}

static char *
describe_status (ChancellorGame *game)
{
  guint n = chancellor_game_get_n_moves (game);

  switch (chancellor_game_get_phase (game))
    {
    case CHANCELLOR_PHASE_RELOCATION:
      return g_strdup (chancellor_game_get_relocating_color (game) == CHANCELLOR_COLOR_WHITE
                       ? _("White chooses its array")
                       : _("Black chooses its array"));
    case CHANCELLOR_PHASE_OVER:
      return chancellor_game_describe_result (game);
    case CHANCELLOR_PHASE_PLAYING:
    default:
      if (chancellor_game_get_check_square (game, n) >= 0)
        return g_strdup (chancellor_game_get_side_to_move (game, n) == CHANCELLOR_COLOR_WHITE
                         ? _("White to move, in check")
                         : _("Black to move, in check"));
      return g_strdup (chancellor_game_get_side_to_move (game, n) == CHANCELLOR_COLOR_WHITE
                       ? _("White to move")
                       : _("Black to move"));
    }
}

/* Titles, the relocation panel and which actions can be used. */
static void
update_state (ChancellorWindow *self)
{
  ChancellorGame *game = self->game;
  ChancellorPhase phase = chancellor_game_get_phase (game);
  GtkWidget *widget = GTK_WIDGET (self);

  g_free (self->status);
  self->status = describe_status (game);
  adw_window_title_set_title (self->window_title, chancellor_game_get_variant_name (game));
  adw_window_title_set_subtitle (self->window_title, self->status);
  gtk_window_set_title (GTK_WINDOW (self), chancellor_game_get_variant_name (game));

  gtk_widget_set_visible (self->relocation_box, phase == CHANCELLOR_PHASE_RELOCATION);
  if (phase == CHANCELLOR_PHASE_RELOCATION)
    gtk_label_set_label (self->relocation_label,
                         chancellor_game_get_relocating_color (game) == CHANCELLOR_COLOR_WHITE
                         ? _("White may swap its King or Queen with another piece of its first rank "
                             "that is not a Rook: click the two pieces. Or keep the array as it is.")
                         : _("Black may swap its King or Queen with another piece of its first rank "
                             "that is not a Rook: click the two pieces. Or keep the array as it is."));

  gtk_widget_action_set_enabled (widget, "win.undo", chancellor_game_can_undo (game));
  gtk_widget_action_set_enabled (widget, "win.redo", chancellor_game_can_redo (game));
  gtk_widget_action_set_enabled (widget, "win.claim-draw", chancellor_game_can_claim_draw (game));
  gtk_widget_action_set_enabled (widget, "win.resign", phase != CHANCELLOR_PHASE_OVER);
  gtk_widget_action_set_enabled (widget, "win.keep-array", phase == CHANCELLOR_PHASE_RELOCATION);
}

static void
game_over (ChancellorWindow *self,
           ChancellorGame   *game)
{
  g_autofree char *description = chancellor_game_describe_result (game);
  g_autofree char *text = g_strdup_printf ("%s %s", chancellor_game_get_result_string (game), description);

  show_message (self, text);
}

static void
can_claim_draw_changed (ChancellorWindow *self,
                        GParamSpec       *pspec,
                        ChancellorGame   *game)
{
  AdwToast *toast;

  if (!chancellor_game_can_claim_draw (game))
    return;

  toast = adw_toast_new (chancellor_game_get_side_to_move (game, chancellor_game_get_n_moves (game))
                         == CHANCELLOR_COLOR_WHITE
                         ? _("White may claim a draw")
                         : _("Black may claim a draw"));
  adw_toast_set_button_label (toast, _("Claim _Draw"));
  adw_toast_set_action_name (toast, "win.claim-draw");
  show_toast (self, toast);
}

/* The board view reports moves it could not play. */
static void
board_error (ChancellorWindow *self,
             const char       *message)
{
  if (message && *message)
    show_message (self, message);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);

  if (g_str_equal (action_name, "win.undo"))
    chancellor_game_undo (self->game);
  else
    chancellor_game_redo (self->game);
}

static void
claim_draw_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);

  /* The "game-over" toast tells the result. */
  chancellor_game_claim_draw (self->game);
}

static void
resign_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorColor color;

  if (chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_RELOCATION)
    color = chancellor_game_get_relocating_color (self->game);
  else
    color = chancellor_game_get_side_to_move (self->game, chancellor_game_get_n_moves (self->game));
  chancellor_game_resign (self->game, color);
}

static void
keep_array_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!chancellor_game_relocate (self->game, -1, -1, &error))
    show_message (self, error->message);
}

static void
start_game_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!chancellor_window_start_variant (self, g_variant_get_string (parameter, NULL), &error))
    show_message (self, error->message);
}

static void
variant_activated (GtkListView      *view,
                   guint             position,
                   ChancellorWindow *self)
{
  g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (view)), position);

  gtk_popover_popdown (self->new_game_popover);
  if (info)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.start-game", "s", chancellor_variant_info_get_id (info));
}

static void
chancellor_window_dispose (GObject *object)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chancellor_window_parent_class)->dispose (object);
}

static void
chancellor_window_finalize (GObject *object)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  g_free (self->status);
  g_free (self->last_toast);

  G_OBJECT_CLASS (chancellor_window_parent_class)->finalize (object);
}

static void
chancellor_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->game ? chancellor_game_get_variant_id (self->game) : NULL);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_window_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_window_set_game (self, g_value_get_object (value));
      break;
    case PROP_VARIANT_ID:
      {
        const char *id = g_value_get_string (value);

        if (id && (!self->game || g_ascii_strcasecmp (id, chancellor_game_get_variant_id (self->game)) != 0))
          chancellor_window_start_variant (self, id, NULL);
      }
      break;
    case PROP_FLIPPED:
      if (self->flipped != g_value_get_boolean (value))
        {
          self->flipped = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_window_class_init (ChancellorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_window_dispose;
  object_class->finalize = chancellor_window_finalize;
  object_class->get_property = chancellor_window_get_property;
  object_class->set_property = chancellor_window_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game's id; setting another starts a new game of it. */
  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Black at the bottom. */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CHANCELLOR_TYPE_BOARD_VIEW);
  g_type_ensure (CHANCELLOR_TYPE_MOVE_LIST);
  g_type_ensure (CHANCELLOR_TYPE_VARIANT_LIST);
  g_type_ensure (CHANCELLOR_TYPE_VARIANT_INFO);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, new_game_popover);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, variant_view);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, relocation_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, relocation_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, move_list);
  gtk_widget_class_bind_template_callback (widget_class, variant_activated);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_action);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "win.keep-array", NULL, keep_array_action);
  gtk_widget_class_install_action (widget_class, "win.start-game", "s", start_game_action);
  gtk_widget_class_install_property_action (widget_class, "win.flip", "flipped");
}

/* The settings, when the schema is installed or compiled beside the
 * program (GSETTINGS_SCHEMA_DIR); without it the window still works but
 * remembers nothing. */
static GSettings *
lookup_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (!schema)
    {
      g_message ("The settings schema %s is not installed: window size and game are not remembered. "
                 "Run from the build directory with GSETTINGS_SCHEMA_DIR=_build/data.", APPLICATION_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

static void
chancellor_window_init (ChancellorWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_object_bind_property (self, "flipped", self->board_view, "flipped", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->move_list, "ply", self->board_view, "ply",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->board_view, "error", G_CALLBACK (board_error), self, G_CONNECT_SWAPPED);

  self->settings = lookup_settings ();
  if (self->settings)
    {
      g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
      /* Read once: another window starting a game or flipping its board
       * leaves this one as it is. */
      g_settings_bind (self->settings, "board-flipped", self, "flipped",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
      g_settings_bind (self->settings, "last-variant", self, "variant-id",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
    }
  if (!self->game)
    chancellor_window_start_variant (self, DEFAULT_VARIANT, NULL);
}

ChancellorWindow *
chancellor_window_new (ChancellorApplication *application)
{
  g_return_val_if_fail (CHANCELLOR_IS_APPLICATION (application), NULL);

  return g_object_new (CHANCELLOR_TYPE_WINDOW, "application", application, NULL);
}

ChancellorGame *
chancellor_window_get_game (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->game;
}

void
chancellor_window_set_game (ChancellorWindow *self,
                            ChancellorGame   *game)
{
  const char *old_id;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  old_id = self->game ? chancellor_game_get_variant_id (self->game) : NULL;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);

  g_signal_connect_object (game, "changed", G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "game-over", G_CALLBACK (game_over), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::can-claim-draw", G_CALLBACK (can_claim_draw_changed), self,
                          G_CONNECT_SWAPPED);
  chancellor_board_view_set_game (self->board_view, game);
  chancellor_move_list_set_game (self->move_list, game);
  update_state (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  if (g_strcmp0 (old_id, chancellor_game_get_variant_id (game)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT_ID]);
}

gboolean
chancellor_window_start_variant (ChancellorWindow  *self,
                                 const char        *variant_id,
                                 GError           **error)
{
  g_autoptr (ChancellorGame) game = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (variant_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_ascii_strcasecmp (variant_id, PMRC_ID) == 0)
    game = chancellor_game_new_pmrc (g_random_int_range (0, PMRC_POSITION_COUNT), error);
  else
    game = chancellor_game_new (variant_id, NULL, error);
  if (!game)
    return FALSE;
  chancellor_window_set_game (self, game);
  return TRUE;
}

void
chancellor_window_show_new_game_chooser (ChancellorWindow *self)
{
  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));

  gtk_menu_button_popup (self->new_game_button);
}

ChancellorBoardView *
chancellor_window_get_board_view (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->board_view;
}

ChancellorMoveList *
chancellor_window_get_move_list (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->move_list;
}

const char *
chancellor_window_get_status (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->status;
}

const char *
chancellor_window_get_last_toast (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->last_toast;
}
