/* chancellor-preferences-window.c — the Preferences window. */
#define G_LOG_DOMAIN "chancellor-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-board-preview.h"
#include "chancellor-board-theme.h"
#include "chancellor-catalogue.h"
#include "chancellor-board-view.h"
#include "chancellor-engines-page.h"
#include "chancellor-game-setup.h"
#include "chancellor-preferences-window-private.h"

#define SWATCH_SQUARES 3

/* The board themes in the settings' order (the schema's BoardTheme). */
static const struct {
  const char *id;
  const char *name;
} themes[] = {
  { "green", NC_("board colours", "Green") },
  { "brown", NC_("board colours", "Brown") },
  { "blue", NC_("board colours", "Blue") },
  { "grey", NC_("board colours", "Grey") },
};

/* The style key's nicks, in the order of the Style row's list. */
static const char * const style_ids[] = { "system", "light", "dark" };

struct _ChancellorPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkBox *theme_box;
  ChancellorBoardPreview *theme_preview;
  GtkSwitch *legal_moves_switch;
  GtkSwitch *coordinates_switch;
  GtkSwitch *animate_switch;
  AdwComboRow *style_row;
  AdwPreferencesGroup *player_group;
  AdwEntryRow *player_name_row;

  GtkToggleButton *theme_buttons[G_N_ELEMENTS (themes)];
  GSettings *settings;
  ChancellorEngineList *engines;
};

G_DEFINE_FINAL_TYPE (ChancellorPreferencesWindow, chancellor_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_ENGINE_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A corner of the board in the theme's colours, dark square at a1. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const ChancellorBoardTheme *theme = chancellor_board_theme_lookup (user_data);
  double size = MIN (width, height) / (double) SWATCH_SQUARES;
  double left = (width - size * SWATCH_SQUARES) / 2.0;
  double top = (height - size * SWATCH_SQUARES) / 2.0;

  if (theme == NULL)
    return;
  for (int rank = 0; rank < SWATCH_SQUARES; rank++)
    for (int file = 0; file < SWATCH_SQUARES; file++)
      {
        gdk_cairo_set_source_rgba (cr, (file + rank) % 2 == 0 ? &theme->dark_square : &theme->light_square);
        cairo_rectangle (cr, left + file * size, top + (SWATCH_SQUARES - 1 - rank) * size, size, size);
        cairo_fill (cr);
      }
}

static gboolean
theme_to_active (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), user_data));
  return TRUE;
}

/* Only the button being pressed writes the key; the one released by the
 * group leaves it alone. */
static GVariant *
active_to_theme (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  return g_value_get_boolean (value) ? g_variant_new_string (user_data) : NULL;
}

static gboolean
style_to_selected (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (style_ids); i++)
    if (g_str_equal (style_ids[i], id))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_style (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  return selected < G_N_ELEMENTS (style_ids) ? g_variant_new_string (style_ids[selected]) : NULL;
}

static void
preferences_window_bind (ChancellorPreferencesWindow *self)
{
  ChancellorBoardView *preview = chancellor_board_preview_get_board_view (self->theme_preview);

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    g_settings_bind_with_mapping (self->settings, "board-theme", self->theme_buttons[i], "active",
                                  G_SETTINGS_BIND_DEFAULT, theme_to_active, active_to_theme,
                                  (gpointer) themes[i].id, NULL);
  g_settings_bind (self->settings, "board-theme", preview, "board-theme", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-legal-moves", self->legal_moves_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animate-moves", self->animate_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "style", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, style_to_selected, selected_to_style,
                                NULL, NULL);
  g_settings_bind (self->settings, "player-name", self->player_name_row, "text", G_SETTINGS_BIND_DEFAULT);
}

static void
chancellor_preferences_window_constructed (GObject *object)
{
  ChancellorPreferencesWindow *self = CHANCELLOR_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (chancellor_preferences_window_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (self->settings));
  g_return_if_fail (CHANCELLOR_IS_ENGINE_LIST (self->engines));
  preferences_window_bind (self);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (chancellor_engines_page_new (self->settings, self->engines)));
}

static void
chancellor_preferences_window_dispose (GObject *object)
{
  ChancellorPreferencesWindow *self = CHANCELLOR_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->engines);

  G_OBJECT_CLASS (chancellor_preferences_window_parent_class)->dispose (object);
}

static void
chancellor_preferences_window_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  ChancellorPreferencesWindow *self = CHANCELLOR_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_ENGINE_LIST:
      g_value_set_object (value, self->engines);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_preferences_window_set_property (GObject      *object,
                                            guint         prop_id,
                                            const GValue *value,
                                            GParamSpec   *pspec)
{
  ChancellorPreferencesWindow *self = CHANCELLOR_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_ENGINE_LIST:
      self->engines = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_preferences_window_class_init (ChancellorPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = chancellor_preferences_window_constructed;
  object_class->dispose = chancellor_preferences_window_dispose;
  object_class->get_property = chancellor_preferences_window_get_property;
  object_class->set_property = chancellor_preferences_window_set_property;

  /* The application's settings (io.github.chancellor_chess.Chancellor). */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The external engines, as the application probed them once. */
  properties[PROP_ENGINE_LIST] =
    g_param_spec_object ("engine-list", NULL, NULL, CHANCELLOR_TYPE_ENGINE_LIST,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CHANCELLOR_TYPE_BOARD_PREVIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/chancellor-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, theme_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, theme_preview);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, legal_moves_switch);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, player_group);
  gtk_widget_class_bind_template_child (widget_class, ChancellorPreferencesWindow, player_name_row);
}

static void
chancellor_preferences_window_init (ChancellorPreferencesWindow *self)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new (chancellor_catalogue_get_theme_game (), NULL, NULL);
  g_autofree char *account_name = chancellor_game_setup_find_human_name (NULL);
  g_autofree char *player_description = NULL;
  GtkToggleButton *group = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* TRANSLATORS: the Player group's description; %s is the name the
   * account gives, used when the row is left empty */
  player_description = g_strdup_printf (_("White or Black in the header of the games you play; "
                                          "left empty, it is “%s”"), account_name);
  adw_preferences_group_set_description (self->player_group, player_description);

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();
      const char *name = g_dpgettext2 (GETTEXT_PACKAGE, "board colours", themes[i].name);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 54);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 54);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, (gpointer) themes[i].id, NULL);
      gtk_widget_add_css_class (swatch, "swatch");
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), gtk_label_new (name));
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "board-theme");
      gtk_widget_set_tooltip_text (button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      if (group)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      self->theme_buttons[i] = GTK_TOGGLE_BUTTON (button);
      gtk_box_append (self->theme_box, button);
    }

  chancellor_board_preview_set_game (self->theme_preview, game);
}

ChancellorPreferencesWindow *
chancellor_preferences_window_new (GtkWindow            *parent,
                                   GSettings            *settings,
                                   ChancellorEngineList *engines)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (engines), NULL);

  return g_object_new (CHANCELLOR_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "settings", settings,
                       "engine-list", engines,
                       NULL);
}

GSettings *
chancellor_preferences_window_get_settings (ChancellorPreferencesWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_PREFERENCES_WINDOW (self), NULL);

  return self->settings;
}

GtkToggleButton *
chancellor_preferences_window_get_theme_button (ChancellorPreferencesWindow *self,
                                                const char                  *theme)
{
  g_return_val_if_fail (CHANCELLOR_IS_PREFERENCES_WINDOW (self), NULL);
  g_return_val_if_fail (theme != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (g_str_equal (themes[i].id, theme))
      return self->theme_buttons[i];
  return NULL;
}
