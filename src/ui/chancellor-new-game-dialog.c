/* chancellor-new-game-dialog.c — the New Game chooser. */
#define G_LOG_DOMAIN "chancellor-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-board-preview.h"
#include "chancellor-catalogue.h"
#include "chancellor-new-game-dialog-private.h"
#include "chancellor-variant-list.h"

#define MAX_FILES 10
#define PREVIEW_SHADOW_ROOM 4

struct _ChancellorNewGameDialog
{
  AdwWindow parent_instance;

  GtkScrolledWindow *games_scroller;
  GtkListBox *games_list;
  GtkWidget *start_group;
  GtkWidget *start_number_row;
  GtkSpinButton *start_number_spin;
  GtkWidget *relocation_row;
  AdwComboRow *white_row;
  AdwComboRow *black_row;
  AdwComboRow *engine_row;
  GtkWidget *level_row;
  GtkSpinButton *level_spin;
  AdwComboRow *time_control_row;
  GtkWidget *minutes_row;
  GtkSpinButton *minutes_spin;
  GtkWidget *increment_row;
  GtkSpinButton *increment_spin;
  GtkWidget *seconds_row;
  GtkSpinButton *seconds_spin;

  ChancellorVariantList *variants;
  GPtrArray *previews;          /* ChancellorBoardPreview, one per game, in list order */
  ChancellorGameSetup *setup;
  GSettings *settings;          /* delayed: applied when a game starts */
  ChancellorEngineList *engines; /* the external engines, or NULL */
  GtkStringList *engine_names;  /* engine_row's model: the built-in engine, then those that play the game */
  GPtrArray *engine_paths;      /* char *, "" for the built-in engine, in engine_names' order */
  char *level_subtitle;         /* the level row's own subtitle */
  gboolean syncing_engine;      /* engine_row is being set from the setup */
  guint scroll_tick_id;
  gboolean focus_selected;      /* the next scroll also focuses the row */
  GtkSwitch *continue_switch;   /* "Continue From the Position Shown", when offered */
};

G_DEFINE_FINAL_TYPE (ChancellorNewGameDialog, chancellor_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The setup handed out on Start: a copy, so that it does not follow the
 * dialog's rows or the settings afterwards. */
static ChancellorGameSetup *
copy_setup (ChancellorGameSetup *setup)
{
  ChancellorGameSetup *copy = chancellor_game_setup_new ();
  guint n_pspecs;
  g_autofree GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (setup), &n_pspecs);

  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto (GValue) value = G_VALUE_INIT;

      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (setup), pspecs[i]->name, &value);
      g_object_set_property (G_OBJECT (copy), pspecs[i]->name, &value);
    }
  return copy;
}

static ChancellorGame *
start_game_for (ChancellorNewGameDialog *self,
                ChancellorVariantInfo   *info)
{
  const char *id = chancellor_variant_info_get_id (info);
  g_autoptr (GError) error = NULL;
  ChancellorGame *game;

  game = chancellor_game_new_start (id, chancellor_game_setup_get_start_number (self->setup), &error);
  if (!game)
    g_critical ("No preview of %s: %s", id, error->message);
  return game;
}

static GtkWidget *
create_game_row (ChancellorNewGameDialog *self,
                 ChancellorVariantInfo   *info)
{
  g_autoptr (ChancellorGame) game = start_game_for (self, info);
  g_autofree char *board_size = chancellor_variant_info_dup_board_size (info);
  GtkWidget *row, *box, *preview_box, *preview, *text, *title_box, *name, *size, *summary;

  preview = chancellor_board_preview_new ();
  chancellor_board_preview_set_game (CHANCELLOR_BOARD_PREVIEW (preview), game);
  gtk_widget_set_halign (preview, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (preview, GTK_ALIGN_CENTER);
  g_ptr_array_add (self->previews, preview);
  /* The previews wear the board colours chosen in Preferences. */
  if (self->settings)
    g_settings_bind (self->settings, "board-theme",
                     chancellor_board_preview_get_board_view (CHANCELLOR_BOARD_PREVIEW (preview)), "board-theme",
                     G_SETTINGS_BIND_GET);

  /* Every preview gets the room of the widest board, so the names line up. */
  preview_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_size_request (preview_box,
                               MAX_FILES * chancellor_board_preview_get_square_size (CHANCELLOR_BOARD_PREVIEW (preview))
                               + PREVIEW_SHADOW_ROOM, -1);
  gtk_widget_add_css_class (preview_box, "preview");
  gtk_box_append (GTK_BOX (preview_box), preview);

  name = gtk_label_new (chancellor_variant_info_get_name (info));
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_xalign (GTK_LABEL (name), 0.f);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (name, "heading");

  size = gtk_label_new (board_size);
  gtk_widget_set_valign (size, GTK_ALIGN_START);
  gtk_widget_add_css_class (size, "dim-label");
  gtk_widget_add_css_class (size, "numeric");
  gtk_accessible_update_property (GTK_ACCESSIBLE (size), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  board_size, -1);

  title_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (title_box), name);
  gtk_box_append (GTK_BOX (title_box), size);

  summary = gtk_label_new (chancellor_variant_info_get_summary (info));
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_xalign (GTK_LABEL (summary), 0.f);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 48);
  gtk_label_set_width_chars (GTK_LABEL (summary), 30);
  gtk_widget_add_css_class (summary, "summary");

  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (text), title_box);
  gtk_box_append (GTK_BOX (text), summary);

  /* Margins rather than row padding, so that scrolling to a focused row
   * shows all of it. */
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (box), preview_box);
  gtk_box_append (GTK_BOX (box), text);

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  chancellor_variant_info_get_name (info), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  summary, NULL, -1);
  return row;
}

/* The rows that belong to the game chosen and to the players and clock. */
static void
update_rows (ChancellorNewGameDialog *self)
{
  const char *id = chancellor_game_setup_get_variant_id (self->setup);
  int n_starts;
  ChancellorStartRule rule = chancellor_catalogue_get_start_rule (id, &n_starts);
  ChancellorTimeControlKind time_control = chancellor_game_setup_get_time_control (self->setup);
  gboolean computer;

  gtk_widget_set_visible (self->start_group, rule != CHANCELLOR_START_FIXED);
  gtk_widget_set_visible (self->start_number_row, rule == CHANCELLOR_START_NUMBERED);
  gtk_widget_set_visible (self->relocation_row, rule == CHANCELLOR_START_RELOCATION);
  if (rule == CHANCELLOR_START_NUMBERED)
    {
      /* TRANSLATORS: the first %d is how many numbered start arrays the
       * game has, the second the last number */
      g_autofree char *subtitle = g_strdup_printf (_("One of %d first-rank arrays, from 0 to %d"),
                                                   n_starts, n_starts - 1);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->start_number_row), subtitle);
      gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->start_number_spin), n_starts - 1);
    }
  computer = chancellor_game_setup_get_player (self->setup, CHANCELLOR_COLOR_WHITE) == CHANCELLOR_PLAYER_COMPUTER
             || chancellor_game_setup_get_player (self->setup, CHANCELLOR_COLOR_BLACK) == CHANCELLOR_PLAYER_COMPUTER;
  gtk_widget_set_visible (self->level_row, computer);
  gtk_widget_set_visible (GTK_WIDGET (self->engine_row), computer);
  gtk_widget_set_visible (self->minutes_row, time_control == CHANCELLOR_TIME_CONTROL_FISCHER);
  gtk_widget_set_visible (self->increment_row, time_control == CHANCELLOR_TIME_CONTROL_FISCHER);
  gtk_widget_set_visible (self->seconds_row, time_control == CHANCELLOR_TIME_CONTROL_PER_MOVE);
}

/* The engines offered for the game chosen: the built-in one and every
 * external engine that plays it; the row says why the one chosen is not
 * offered, and the level row what the level means for it. */
static void
update_engines (ChancellorNewGameDialog *self)
{
  const char *id = chancellor_game_setup_get_variant_id (self->setup);
  const char *chosen = chancellor_game_setup_get_engine (self->setup);
  guint n_engines = self->engines ? chancellor_engine_list_get_n_engines (self->engines) : 0;
  g_autofree char *subtitle = NULL;
  const char *reason = NULL;
  gboolean checking = FALSE;
  gboolean skill_level = TRUE;
  guint selected = 0;

  self->syncing_engine = TRUE;
  gtk_string_list_splice (self->engine_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->engine_names)),
                          NULL);
  g_ptr_array_set_size (self->engine_paths, 0);
  gtk_string_list_append (self->engine_names, _("Chancellor (built-in)"));
  g_ptr_array_add (self->engine_paths, g_strdup (""));
  for (guint i = 0; i < n_engines; i++)
    {
      const char *path = chancellor_engine_list_get_path (self->engines, i);
      const char *why = NULL;

      if (chancellor_engine_list_plays (self->engines, i, id, &why))
        {
          if (g_str_equal (path, chosen))
            {
              selected = self->engine_paths->len;
              skill_level = chancellor_engine_list_has_skill_level (self->engines, i);
            }
          gtk_string_list_append (self->engine_names, chancellor_engine_list_get_name (self->engines, i));
          g_ptr_array_add (self->engine_paths, g_strdup (path));
          continue;
        }
      if (chancellor_engine_list_get_state (self->engines, i) != CHANCELLOR_ENGINE_CHECKING)
        {
          if (g_str_equal (path, chosen))
            reason = why;
        }
      else if (g_str_equal (path, chosen))
        subtitle = g_strdup (why);
      else
        checking = TRUE;
    }
  adw_combo_row_set_selected (self->engine_row, selected);
  self->syncing_engine = FALSE;

  if (reason)
    /* TRANSLATORS: %s is the sentence that says why the engine chosen
     * does not play this game */
    subtitle = g_strdup_printf (_("%s The built-in engine plays it."), reason);
  else if (!subtitle && *chosen && selected == 0)
    {
      g_autofree char *name = g_path_get_basename (chosen);

      /* TRANSLATORS: %s is the file name of an engine's program */
      subtitle = g_strdup_printf (_("%s is not among the engines: the built-in engine plays."), name);
    }
  else if (!subtitle && checking)
    subtitle = g_strdup (_("Checking which games the other engines play…"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->engine_row), subtitle ? subtitle : "");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->level_row),
                               skill_level ? self->level_subtitle
                               : _("This engine has no Skill Level: the level sets only its time for a move"));
}

static void
engine_selected (ChancellorNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->engine_row);

  if (self->syncing_engine || selected >= self->engine_paths->len)
    return;
  g_object_set (self->setup, "engine", g_ptr_array_index (self->engine_paths, selected), NULL);
}

/* Brings the selected row into view once the list has its size (when it
 * also takes the focus, the viewport scrolls to it by itself). */
static gboolean
scroll_to_selected (GtkWidget     *widget,
                    GdkFrameClock *frame_clock,
                    gpointer       user_data)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->games_list);
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->games_scroller);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->games_scroller);
  int margin = gtk_widget_get_margin_top (GTK_WIDGET (self->games_list));
  graphene_rect_t bounds;

  if (row != NULL
      && (gtk_widget_get_height (GTK_WIDGET (row)) == 0
          || !gtk_widget_compute_bounds (GTK_WIDGET (row), viewport, &bounds)))
    return G_SOURCE_CONTINUE;

  self->scroll_tick_id = 0;
  if (row == NULL)
    return G_SOURCE_REMOVE;

  if (self->focus_selected)
    {
      self->focus_selected = FALSE;
      gtk_widget_grab_focus (GTK_WIDGET (row));
    }
  else
    {
      double top = bounds.origin.y + gtk_adjustment_get_value (adjustment);

      gtk_adjustment_clamp_page (adjustment, top - margin, top + bounds.size.height + margin);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_scroll_to_selected (ChancellorNewGameDialog *self)
{
  if (self->scroll_tick_id == 0)
    self->scroll_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_selected, NULL, NULL);
}

/* The row of the game the setup names is the one selected. */
static void
variant_id_changed (ChancellorNewGameDialog *self)
{
  guint position;
  GtkListBoxRow *row;

  if (chancellor_variant_list_lookup (self->variants, chancellor_game_setup_get_variant_id (self->setup),
                                      &position)
      && (row = gtk_list_box_get_row_at_index (self->games_list, (int) position)) != NULL
      && gtk_list_box_get_selected_row (self->games_list) != row)
    {
      gtk_list_box_select_row (self->games_list, row);
      queue_scroll_to_selected (self);
    }
  update_rows (self);
  update_engines (self);
}

/* The previews of the games with numbered arrays show the number chosen. */
static void
start_number_changed (ChancellorNewGameDialog *self)
{
  int number = chancellor_game_setup_get_start_number (self->setup);
  guint n_games = g_list_model_get_n_items (G_LIST_MODEL (self->variants));

  for (guint i = 0; i < n_games && i < self->previews->len; i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (self->variants), i);
      const char *id = chancellor_variant_info_get_id (info);
      g_autoptr (ChancellorGame) game = NULL;

      if (chancellor_catalogue_get_start_rule (id, NULL) != CHANCELLOR_START_NUMBERED)
        continue;
      game = chancellor_game_new_start (id, number, NULL);
      if (game)
        chancellor_board_preview_set_game (g_ptr_array_index (self->previews, i), game);
    }
}

static void
game_row_selected (ChancellorNewGameDialog *self,
                   GtkListBoxRow           *row)
{
  g_autoptr (ChancellorVariantInfo) info = NULL;

  if (row == NULL)
    return;
  info = g_list_model_get_item (G_LIST_MODEL (self->variants), (guint) gtk_list_box_row_get_index (row));
  g_object_set (self->setup, "variant-id", chancellor_variant_info_get_id (info), NULL);
}

static void
game_row_activated (ChancellorNewGameDialog *self,
                    GtkListBoxRow           *row)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "new-game.start", NULL);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (widget);
  g_autoptr (ChancellorGameSetup) setup = copy_setup (self->setup);

  if (self->settings)
    g_settings_apply (self->settings);
  g_signal_emit (self, signals[SIGNAL_START], 0, setup);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
random_start_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (widget);
  int current = chancellor_game_setup_get_start_number (self->setup);
  int n_starts;
  int number;

  chancellor_catalogue_get_start_rule (chancellor_game_setup_get_variant_id (self->setup), &n_starts);
  if (n_starts < 2)
    return;
  /* Another array each time, so that the button always shows a change. */
  number = g_random_int_range (0, n_starts - 1);
  if (number >= current)
    number++;
  g_object_set (self->setup, "start-number", number, NULL);
}

static gboolean
enum_to_index (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  g_value_set_uint (to, (guint) g_value_get_enum (from));
  return TRUE;
}

static gboolean
index_to_enum (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  guint index = g_value_get_uint (from);

  if (index == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_enum (to, (int) index);
  return TRUE;
}

static void
bind_combo_row (ChancellorNewGameDialog *self,
                const char              *property,
                AdwComboRow             *row)
{
  g_object_bind_property_full (self->setup, property, row, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               enum_to_index, index_to_enum, NULL, NULL);
}

static void
bind_spin_button (ChancellorNewGameDialog *self,
                  const char              *property,
                  GtkSpinButton           *spin)
{
  g_object_bind_property (self->setup, property, spin, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

/* The game chosen is in view and has the keyboard focus. */
static void
chancellor_new_game_dialog_map (GtkWidget *widget)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (widget);

  GTK_WIDGET_CLASS (chancellor_new_game_dialog_parent_class)->map (widget);

  self->focus_selected = TRUE;
  queue_scroll_to_selected (self);
}

static void
chancellor_new_game_dialog_dispose (GObject *object)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (object);

  if (self->setup)
    g_signal_handlers_disconnect_by_data (self->setup, self);
  if (self->scroll_tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick_id);
      self->scroll_tick_id = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_NEW_GAME_DIALOG);
  g_clear_pointer (&self->previews, g_ptr_array_unref);
  g_clear_object (&self->setup);
  g_clear_object (&self->settings);
  g_clear_object (&self->variants);
  if (self->engines)
    g_signal_handlers_disconnect_by_data (self->engines, self);
  g_clear_object (&self->engines);
  g_clear_pointer (&self->engine_paths, g_ptr_array_unref);
  g_clear_pointer (&self->level_subtitle, g_free);

  G_OBJECT_CLASS (chancellor_new_game_dialog_parent_class)->dispose (object);
}

/* "settings" (construct-only): the application's settings, or NULL; the
 * dialog keeps a delayed copy, applied when a game starts. */
static void
chancellor_new_game_dialog_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      {
        GSettings *settings = g_value_get_object (value);
        g_autoptr (GSettingsSchema) schema = NULL;

        if (settings == NULL)
          break;
        g_object_get (settings, "settings-schema", &schema, NULL);
        self->settings = g_settings_new_full (schema, NULL, NULL);
        g_settings_delay (self->settings);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void chancellor_new_game_dialog_constructed (GObject *object);

static void
chancellor_new_game_dialog_class_init (ChancellorNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_new_game_dialog_dispose;
  object_class->set_property = chancellor_new_game_dialog_set_property;
  object_class->constructed = chancellor_new_game_dialog_constructed;
  widget_class->map = chancellor_new_game_dialog_map;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::start (setup): the game chosen; the dialog closes after it. */
  signals[SIGNAL_START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHANCELLOR_TYPE_GAME_SETUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/chancellor-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, games_scroller);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, games_list);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, start_group);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, start_number_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, start_number_spin);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, relocation_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, white_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, black_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, engine_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, level_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, level_spin);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, time_control_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, minutes_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, increment_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, increment_spin);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, seconds_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorNewGameDialog, seconds_spin);
  gtk_widget_class_bind_template_callback (widget_class, game_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, game_row_activated);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.random-start", NULL, random_start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chancellor_new_game_dialog_init (ChancellorNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->setup = chancellor_game_setup_new ();
  self->variants = chancellor_variant_list_new ();
  self->previews = g_ptr_array_new ();
  self->engine_paths = g_ptr_array_new_with_free_func (g_free);
  self->engine_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->engine_row, G_LIST_MODEL (self->engine_names));
  g_object_unref (self->engine_names);
  self->level_subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (self->level_row)));
}

static void
chancellor_new_game_dialog_constructed (GObject *object)
{
  ChancellorNewGameDialog *self = CHANCELLOR_NEW_GAME_DIALOG (object);
  guint n_games;

  G_OBJECT_CLASS (chancellor_new_game_dialog_parent_class)->constructed (object);

  /* The remembered choices first, so that the rows show them. */
  if (self->settings)
    chancellor_game_setup_bind_settings (self->setup, self->settings, G_SETTINGS_BIND_DEFAULT);

  n_games = g_list_model_get_n_items (G_LIST_MODEL (self->variants));
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (self->variants), i);

      gtk_list_box_append (self->games_list, create_game_row (self, info));
    }

  /* The numbers any game may have, before the binding reads the setup's. */
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->start_number_spin),
                            G_PARAM_SPEC_INT (g_object_class_find_property (G_OBJECT_GET_CLASS (self->setup),
                                                                            "start-number"))->maximum);
  bind_spin_button (self, "start-number", self->start_number_spin);
  bind_combo_row (self, "white-player", self->white_row);
  bind_combo_row (self, "black-player", self->black_row);
  bind_spin_button (self, "level", self->level_spin);
  bind_combo_row (self, "time-control", self->time_control_row);
  bind_spin_button (self, "minutes", self->minutes_spin);
  bind_spin_button (self, "increment", self->increment_spin);
  bind_spin_button (self, "seconds-per-move", self->seconds_spin);

  g_signal_connect_object (self->setup, "notify::variant-id", G_CALLBACK (variant_id_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "notify::start-number", G_CALLBACK (start_number_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "notify::white-player", G_CALLBACK (update_rows), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "notify::black-player", G_CALLBACK (update_rows), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "notify::time-control", G_CALLBACK (update_rows), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "notify::engine", G_CALLBACK (update_engines), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine_row, "notify::selected", G_CALLBACK (engine_selected), self,
                           G_CONNECT_SWAPPED);
  variant_id_changed (self);
}

ChancellorNewGameDialog *
chancellor_new_game_dialog_new (GtkWindow *parent,
                                GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (CHANCELLOR_TYPE_NEW_GAME_DIALOG, "transient-for", parent, "settings", settings, NULL);
}

ChancellorGameSetup *
chancellor_new_game_dialog_get_setup (ChancellorNewGameDialog *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->setup;
}

ChancellorBoardView *
chancellor_new_game_dialog_get_preview (ChancellorNewGameDialog *self,
                                        const char              *variant_id)
{
  guint position;

  g_return_val_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self), NULL);
  g_return_val_if_fail (variant_id != NULL, NULL);

  if (!chancellor_variant_list_lookup (self->variants, variant_id, &position))
    return NULL;
  return chancellor_board_preview_get_board_view (g_ptr_array_index (self->previews, position));
}

void
chancellor_new_game_dialog_set_engine_list (ChancellorNewGameDialog *self,
                                            ChancellorEngineList    *engines)
{
  g_return_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (engines == NULL || CHANCELLOR_IS_ENGINE_LIST (engines));

  if (self->engines)
    g_signal_handlers_disconnect_by_data (self->engines, self);
  g_set_object (&self->engines, engines);
  if (engines)
    g_signal_connect_object (engines, "changed", G_CALLBACK (update_engines), self, G_CONNECT_SWAPPED);
  update_engines (self);
}

AdwComboRow *
chancellor_new_game_dialog_get_engine_row (ChancellorNewGameDialog *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->engine_row;
}

GtkWidget *
chancellor_new_game_dialog_get_level_row (ChancellorNewGameDialog *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->level_row;
}

/* Continuing, the game and its start are the position's: their rows rest. */
static void
continue_switched (ChancellorNewGameDialog *self)
{
  gboolean continuing = chancellor_new_game_dialog_get_continue (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->games_scroller), !continuing);
  gtk_widget_set_sensitive (self->start_group, !continuing);
}

void
chancellor_new_game_dialog_offer_continue (ChancellorNewGameDialog *self,
                                           const char              *position,
                                           gboolean                 active)
{
  GtkWidget *page;
  GtkWidget *group;
  GtkWidget *row;

  g_return_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (self->continue_switch == NULL);

  page = gtk_widget_get_ancestor (self->start_group, ADW_TYPE_PREFERENCES_PAGE);
  group = adw_preferences_group_new ();
  row = adw_action_row_new ();
  self->continue_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->continue_switch), GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Continue From the Position Shown"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), position);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->continue_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->continue_switch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  g_signal_connect_object (self->continue_switch, "notify::active", G_CALLBACK (continue_switched), self,
                           G_CONNECT_SWAPPED);
  gtk_switch_set_active (self->continue_switch, active);
  continue_switched (self);
}

gboolean
chancellor_new_game_dialog_get_continue (ChancellorNewGameDialog *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_NEW_GAME_DIALOG (self), FALSE);

  return self->continue_switch != NULL && gtk_switch_get_active (self->continue_switch);
}
