/* chancellor-engines-page.c — the Engines page of Preferences.
 *
 * The page starts no engine itself: it shows what the application's
 * ChancellorEngineList learnt of each (the list New Game uses), and
 * adds engines through it.  The page's cancellable stops an addition
 * still waiting for its handshake when the page goes.
 */
#define G_LOG_DOMAIN "chancellor-engines-page"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-catalogue.h"
#include "chancellor-engine-analysis.h"
#include "chancellor-engine-games.h"
#include "chancellor-engine-list.h"
#include "chancellor-engines-page.h"

#define LINES_MAX CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX

struct _ChancellorEnginesPage
{
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  ChancellorEngineList *engines;
  GCancellable *cancellable;
  AdwPreferencesGroup *engines_group;
  GtkWidget *add_row;
  GHashTable *engine_rows;       /* path → AdwExpanderRow * (unowned), one per engine listed */
  AdwComboRow *analysis_row;
  AdwComboRow *player_row;
  AdwComboRow *hint_row;
  AdwComboRow *review_row;
  GtkStringList *analysis_names;
  GPtrArray *analysis_paths;     /* char *, "" for the built-in engine, in the row's order */
  AdwComboRow *lines_row;
  AdwComboRow *threads_row;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (ChancellorEnginesPage, chancellor_engines_page, ADW_TYPE_PREFERENCES_PAGE)

static void
show_toast (ChancellorEnginesPage *self,
            const char            *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

/* The list: what the engine list learnt of each engine */

static void
remove_clicked (GtkButton *button,
                gpointer   user_data)
{
  ChancellorEnginesPage *self = CHANCELLOR_ENGINES_PAGE (user_data);
  const char *path = g_object_get_data (G_OBJECT (button), "chancellor-engine-path");
  g_auto (GStrv) engines = g_settings_get_strv (self->settings, "engines");
  g_autoptr (GStrvBuilder) kept = g_strv_builder_new ();
  g_auto (GStrv) result = NULL;

  for (char **engine = engines; *engine; engine++)
    if (!g_str_equal (*engine, path))
      g_strv_builder_add (kept, *engine);
  result = g_strv_builder_end (kept);
  g_settings_set_strv (self->settings, "engines", (const char *const *) result);
}

static void
retry_clicked (GtkButton *button,
               gpointer   user_data)
{
  ChancellorEnginesPage *self = CHANCELLOR_ENGINES_PAGE (user_data);
  const char *path = g_object_get_data (G_OBJECT (button), "chancellor-engine-path");
  guint index;

  if (chancellor_engine_list_lookup (self->engines, path, &index))
    chancellor_engine_list_retry (self->engines, index);
}

/* A flat icon button at the end of an engine's row, clicked with the
 * engine's path in its data. */
static GtkWidget *
add_engine_action (ChancellorEnginesPage *self,
                   GtkWidget             *row,
                   const char            *path,
                   const char            *icon_name,
                   const char            *tooltip,
                   GCallback              clicked)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data_full (G_OBJECT (button), "chancellor-engine-path", g_strdup (path), g_free);
  g_signal_connect (button, "clicked", clicked, self);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), button);
  return button;
}

static AdwExpanderRow *
engine_row_for (ChancellorEnginesPage *self,
                const char            *path,
                gboolean               removable)
{
  GtkWidget *row = g_hash_table_lookup (self->engine_rows, path);

  if (row)
    return ADW_EXPANDER_ROW (row);
  row = adw_expander_row_new ();
  gtk_widget_set_tooltip_text (row, path);
  if (removable)
    add_engine_action (self, row, path, "user-trash-symbolic", _("Remove This Engine"), G_CALLBACK (remove_clicked));
  /* Shown while the engine has failed (rebuild); left of the removal. */
  g_object_set_data (G_OBJECT (row), "chancellor-retry-button",
                     add_engine_action (self, row, path, "view-refresh-symbolic", _("Check This Engine Again"),
                                        G_CALLBACK (retry_clicked)));
  adw_preferences_group_add (self->engines_group, row);
  g_hash_table_insert (self->engine_rows, g_strdup (path), row);
  return ADW_EXPANDER_ROW (row);
}

/* The rows inside an engine's row, once its games are known: its
 * options, then each game it plays or why not. */
static void
fill_engine_row (ChancellorEnginesPage *self,
                 AdwExpanderRow        *row,
                 guint                  index)
{
  GPtrArray *games = chancellor_engine_list_get_games (self->engines, index);
  const char *const *options = chancellor_engine_list_get_options (self->engines, index);
  GtkWidget *options_row;

  if (!games || g_object_get_data (G_OBJECT (row), "chancellor-filled"))
    return;
  g_object_set_data (G_OBJECT (row), "chancellor-filled", GINT_TO_POINTER (TRUE));
  if (options && *options)
    {
      g_autofree char *names = g_strjoinv (", ", (char **) options);

      options_row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (options_row), _("Options"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (options_row), names);
      adw_expander_row_add_row (row, options_row);
    }
  for (guint i = 0; i < games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (games, i);
      GtkWidget *game_row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (game_row), chancellor_catalogue_get_name (game->id));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (game_row), game->playable ? _("Plays this game") : game->reason);
      if (!game->playable)
        gtk_widget_add_css_class (game_row, "dim-label");
      adw_expander_row_add_row (row, game_row);
    }
}

static char *
engine_subtitle (ChancellorEnginesPage *self,
                 guint                  index)
{
  const char *author = chancellor_engine_list_get_author (self->engines, index);
  GPtrArray *games = chancellor_engine_list_get_games (self->engines, index);
  g_autofree char *who = *author ? g_strdup_printf (_("by %s"), author)
                                 : g_strdup (chancellor_engine_list_get_path (self->engines, index));
  guint playable = 0;

  switch (chancellor_engine_list_get_state (self->engines, index))
    {
    case CHANCELLOR_ENGINE_CHECKING:
      return chancellor_engine_list_get_options (self->engines, index)
        ? g_strdup_printf (_("%s · checking its games…"), who) : g_strdup (_("Asking the engine…"));
    case CHANCELLOR_ENGINE_FAILED:
      return g_strdup (chancellor_engine_list_get_failure (self->engines, index));
    case CHANCELLOR_ENGINE_READY:
      for (guint i = 0; i < games->len; i++)
        playable += ((const ChancellorEngineGame *) g_ptr_array_index (games, i))->playable;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · plays %u game", "%s · plays %u games", playable),
                              who, playable);
    default:
      g_assert_not_reached ();
    }
}

static void sync_analysis_row (ChancellorEnginesPage *self);

/* Shows the list again: a row for each engine (kept while its engine
 * stays listed), and the engines the choice rows offer. */
static void
rebuild (ChancellorEnginesPage *self)
{
  guint n = chancellor_engine_list_get_n_engines (self->engines);
  g_auto (GStrv) added = g_settings_get_strv (self->settings, "engines");
  g_autoptr (GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer path, row;

  self->syncing = TRUE;
  g_ptr_array_set_size (self->analysis_paths, 1);
  gtk_string_list_splice (self->analysis_names, 1,
                          g_list_model_get_n_items (G_LIST_MODEL (self->analysis_names)) - 1, NULL);
  for (guint i = 0; i < n; i++)
    {
      const char *engine_path = chancellor_engine_list_get_path (self->engines, i);
      AdwExpanderRow *engine_row =
        engine_row_for (self, engine_path, g_strv_contains ((const char *const *) added, engine_path));
      g_autofree char *subtitle = engine_subtitle (self, i);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (engine_row), chancellor_engine_list_get_name (self->engines, i));
      adw_expander_row_set_subtitle (engine_row, subtitle);
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (engine_row), "chancellor-retry-button"),
                              chancellor_engine_list_get_state (self->engines, i) == CHANCELLOR_ENGINE_FAILED);
      fill_engine_row (self, engine_row, i);
      g_hash_table_add (listed, (gpointer) engine_path);
      g_ptr_array_add (self->analysis_paths, g_strdup (engine_path));
      gtk_string_list_append (self->analysis_names, chancellor_engine_list_get_name (self->engines, i));
    }
  g_hash_table_iter_init (&iter, self->engine_rows);
  while (g_hash_table_iter_next (&iter, &path, &row))
    if (!g_hash_table_contains (listed, path))
      {
        adw_preferences_group_remove (self->engines_group, row);
        g_hash_table_iter_remove (&iter);
      }
  self->syncing = FALSE;
  sync_analysis_row (self);

  /* The add row stays last. */
  g_object_ref (self->add_row);
  adw_preferences_group_remove (self->engines_group, self->add_row);
  adw_preferences_group_add (self->engines_group, self->add_row);
  g_object_unref (self->add_row);
}

/* The analysis engine and lines */

/* Rows choosing an engine (by its place in the list) for a settings key. */
static void
sync_engine_row (ChancellorEnginesPage *self,
                 AdwComboRow           *row,
                 const char            *key)
{
  g_autofree char *path = g_settings_get_string (self->settings, key);
  guint index = 0;

  g_ptr_array_find_with_equal_func (self->analysis_paths, path, g_str_equal, &index);
  self->syncing = TRUE;
  adw_combo_row_set_selected (row, index);
  self->syncing = FALSE;
}

static void
sync_analysis_row (ChancellorEnginesPage *self)
{
  sync_engine_row (self, self->analysis_row, "analysis-engine");
  sync_engine_row (self, self->player_row, "computer-engine");
  sync_engine_row (self, self->hint_row, "hint-engine");
  sync_engine_row (self, self->review_row, "review-engine");
}

static void
engine_selected (ChancellorEnginesPage *self,
                 AdwComboRow           *row,
                 const char            *key)
{
  guint selected = adw_combo_row_get_selected (row);

  if (self->syncing || selected >= self->analysis_paths->len)
    return;
  g_settings_set_string (self->settings, key, g_ptr_array_index (self->analysis_paths, selected));
}

static void
analysis_selected (ChancellorEnginesPage *self)
{
  engine_selected (self, self->analysis_row, "analysis-engine");
}

static void
player_selected (ChancellorEnginesPage *self)
{
  engine_selected (self, self->player_row, "computer-engine");
}

static void
hint_selected (ChancellorEnginesPage *self)
{
  engine_selected (self, self->hint_row, "hint-engine");
}

static void
review_selected (ChancellorEnginesPage *self)
{
  engine_selected (self, self->review_row, "review-engine");
}

/* A row choosing the engine for one use, listing the engines. */
static AdwComboRow *
engine_row_new (ChancellorEnginesPage *self,
                const char            *title,
                const char            *subtitle,
                GCallback              selected)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (row, G_LIST_MODEL (self->analysis_names));
  g_signal_connect_swapped (row, "notify::selected", selected, self);
  return row;
}

static gboolean
lines_to_selected (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  g_value_set_uint (value, (guint) CLAMP (g_variant_get_int32 (variant), 1, LINES_MAX) - 1);
  return TRUE;
}

static GVariant *
selected_to_lines (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  return selected < LINES_MAX ? g_variant_new_int32 ((int) selected + 1) : NULL;
}

/* The threads row: "All (n)" first (the setting's 0, so that it follows
 * the machine), then 1 .. n - 1. */
static gboolean
threads_to_selected (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  int threads = g_variant_get_int32 (variant);

  g_value_set_uint (value, threads <= 0 || threads >= (int) g_get_num_processors () ? 0 : (guint) threads);
  return TRUE;
}

static GVariant *
selected_to_threads (const GValue       *value,
                     const GVariantType *expected_type,
                     gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  return selected < g_get_num_processors () ? g_variant_new_int32 ((int) selected) : NULL;
}

/* Adding */

static void
engine_added (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (ChancellorEnginesPage) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!chancellor_engine_list_add_finish (CHANCELLOR_ENGINE_LIST (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_toast (self, error->message);
}

void
chancellor_engines_page_add_engine (ChancellorEnginesPage *self,
                                    const char            *path)
{
  g_return_if_fail (CHANCELLOR_IS_ENGINES_PAGE (self));
  g_return_if_fail (path != NULL);

  chancellor_engine_list_add_async (self->engines, path, self->cancellable, engine_added, g_object_ref (self));
}

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  ChancellorEnginesPage *self = CHANCELLOR_ENGINES_PAGE (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path)
        chancellor_engines_page_add_engine (self, path);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
add_activated (ChancellorEnginesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Add Engine"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

AdwExpanderRow *
chancellor_engines_page_get_row (ChancellorEnginesPage *self,
                                 const char            *path)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINES_PAGE (self), NULL);
  return g_hash_table_lookup (self->engine_rows, path);
}

AdwComboRow *
chancellor_engines_page_get_analysis_row (ChancellorEnginesPage *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ENGINES_PAGE (self), NULL);
  return self->analysis_row;
}

AdwComboRow *
chancellor_engines_page_get_engine_row (ChancellorEnginesPage *self,
                                        const char            *key)
{
  const struct { const char *key; AdwComboRow *row; } rows[] = {
    { "analysis-engine", self->analysis_row },
    { "computer-engine", self->player_row },
    { "hint-engine", self->hint_row },
    { "review-engine", self->review_row },
  };

  g_return_val_if_fail (CHANCELLOR_IS_ENGINES_PAGE (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_str_equal (rows[i].key, key))
      return rows[i].row;
  return NULL;
}

/* Object */

static void
chancellor_engines_page_dispose (GObject *object)
{
  ChancellorEnginesPage *self = CHANCELLOR_ENGINES_PAGE (object);

  /* An addition still waiting for its handshake stops. */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->engines)
    g_signal_handlers_disconnect_by_data (self->engines, self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_object (&self->engines);
  G_OBJECT_CLASS (chancellor_engines_page_parent_class)->dispose (object);
}

static void
chancellor_engines_page_finalize (GObject *object)
{
  ChancellorEnginesPage *self = CHANCELLOR_ENGINES_PAGE (object);

  g_hash_table_unref (self->engine_rows);
  g_ptr_array_unref (self->analysis_paths);
  G_OBJECT_CLASS (chancellor_engines_page_parent_class)->finalize (object);
}

static void
chancellor_engines_page_class_init (ChancellorEnginesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_engines_page_dispose;
  object_class->finalize = chancellor_engines_page_finalize;
}

static void
chancellor_engines_page_init (ChancellorEnginesPage *self)
{
  self->engine_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->analysis_paths = g_ptr_array_new_with_free_func (g_free);
  self->cancellable = g_cancellable_new ();
}

GtkWidget *
chancellor_engines_page_new (GSettings            *settings,
                             ChancellorEngineList *engines)
{
  ChancellorEnginesPage *self;
  AdwPreferencesGroup *analysis_group;
  AdwPreferencesGroup *play_group;
  g_autoptr (GtkStringList) lines = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) threads = gtk_string_list_new (NULL);
  g_autofree char *all_cores = NULL;
  GtkWidget *add_icon;
  GtkWidget *builtin;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (CHANCELLOR_IS_ENGINE_LIST (engines), NULL);

  self = g_object_new (CHANCELLOR_TYPE_ENGINES_PAGE,
                       "title", _("Engines"),
                       "icon-name", "applications-science-symbolic",
                       NULL);
  self->settings = g_object_ref (settings);
  self->engines = g_object_ref (engines);

  self->engines_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->engines_group, _("Engines"));
  adw_preferences_group_set_description (self->engines_group,
                                         _("Programs that speak UCI. Each game is offered with an engine only when the engine counts its moves as the rules do. The Flatpak version of Chancellor cannot run engines installed outside its sandbox."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->engines_group);

  builtin = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (builtin), _("Chancellor (built-in)"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (builtin), _("Plays every game"));
  adw_preferences_group_add (self->engines_group, builtin);

  self->add_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_row), _("_Add Engine…"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->add_row), TRUE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->add_row), TRUE);
  add_icon = gtk_image_new_from_icon_name ("list-add-symbolic");
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->add_row), add_icon);
  g_signal_connect_swapped (self->add_row, "activated", G_CALLBACK (add_activated), self);
  adw_preferences_group_add (self->engines_group, self->add_row);

  play_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (play_group, _("Playing"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), play_group);

  analysis_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (analysis_group, _("Analysis"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), analysis_group);

  self->analysis_names = gtk_string_list_new (NULL);
  gtk_string_list_append (self->analysis_names, _("Chancellor (built-in)"));
  g_ptr_array_add (self->analysis_paths, g_strdup (""));
  self->analysis_row = engine_row_new (self, _("_Engine"), _("The engine that analyses the position shown"),
                                       G_CALLBACK (analysis_selected));
  g_object_unref (self->analysis_names);
  adw_preferences_group_add (analysis_group, GTK_WIDGET (self->analysis_row));

  self->player_row = engine_row_new (self, _("_Computer Player"),
                                     _("The engine that plays the computer’s moves, in the games it plays; the level is its Skill Level"),
                                     G_CALLBACK (player_selected));
  adw_preferences_group_add (play_group, GTK_WIDGET (self->player_row));
  self->hint_row = engine_row_new (self, _("_Hints"), _("The engine that suggests a move, in the games it plays"),
                                   G_CALLBACK (hint_selected));
  adw_preferences_group_add (play_group, GTK_WIDGET (self->hint_row));
  self->review_row = engine_row_new (self, _("Game _Analysis"),
                                     _("The engine that analyses every position of a game, in the games it plays"),
                                     G_CALLBACK (review_selected));

  for (int i = 1; i <= LINES_MAX; i++)
    {
      g_autofree char *number = g_strdup_printf ("%d", i);

      gtk_string_list_append (lines, number);
    }
  self->lines_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->lines_row), _("_Lines"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->lines_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->lines_row), _("How many of the best moves the analysis shows, each with its line"));
  adw_combo_row_set_model (self->lines_row, G_LIST_MODEL (lines));
  g_settings_bind_with_mapping (settings, "analysis-lines", self->lines_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                lines_to_selected, selected_to_lines, NULL, NULL);
  adw_preferences_group_add (analysis_group, GTK_WIDGET (self->lines_row));
  adw_preferences_group_add (analysis_group, GTK_WIDGET (self->review_row));

  /* TRANSLATORS: the first choice of the analysis threads: every processor core, and how many there are */
  all_cores = g_strdup_printf (_("All (%u)"), g_get_num_processors ());
  gtk_string_list_append (threads, all_cores);
  for (guint i = 1; i < g_get_num_processors (); i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", i);

      gtk_string_list_append (threads, number);
    }
  self->threads_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->threads_row), _("Processor _Cores"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->threads_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->threads_row),
                               _("How many cores the built-in engine uses for analysis; as the computer player it uses one"));
  adw_combo_row_set_model (self->threads_row, G_LIST_MODEL (threads));
  g_settings_bind_with_mapping (settings, "analysis-threads", self->threads_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                threads_to_selected, selected_to_threads, NULL, NULL);
  adw_preferences_group_add (analysis_group, GTK_WIDGET (self->threads_row));

  /* The list follows the settings' "engines" and says so. */
  g_signal_connect_swapped (engines, "changed", G_CALLBACK (rebuild), self);
  g_signal_connect_swapped (settings, "changed::analysis-engine", G_CALLBACK (sync_analysis_row), self);
  g_signal_connect_swapped (settings, "changed::computer-engine", G_CALLBACK (sync_analysis_row), self);
  g_signal_connect_swapped (settings, "changed::hint-engine", G_CALLBACK (sync_analysis_row), self);
  g_signal_connect_swapped (settings, "changed::review-engine", G_CALLBACK (sync_analysis_row), self);
  rebuild (self);
  return GTK_WIDGET (self);
}
