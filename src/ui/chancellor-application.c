/* chancellor-application.c — the application, its actions and command line. */
#define G_LOG_DOMAIN "chancellor-application"

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <string.h>

#include "chancellor-application.h"
#include "chancellor-catalogue.h"
#include "chancellor-document.h"
#include "chancellor-game.h"
#include "chancellor-preferences-window.h"
#include "chancellor-window.h"

struct _ChancellorApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  ChancellorEngineList *engines;  /* made when first asked for */
  gboolean autosave_offered;    /* the game kept on the last quit is offered once */
};

G_DEFINE_FINAL_TYPE (ChancellorApplication, chancellor_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  /* The description lists the catalogue's games (variant_option_description). */
  { "variant", 0, 0, G_OPTION_ARG_STRING, NULL, NULL, N_("ID") },
  { "fen", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The position to start from, in FEN (needs --variant)"), N_("FEN") },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[FILE…]") },
  G_OPTION_ENTRY_NULL
};

/* The game the options ask for: NULL without error when they ask for none. */
static ChancellorGame *
game_from_options (GVariantDict  *options,
                   GError       **error)
{
  const char *variant = NULL;
  const char *fen = NULL;

  g_variant_dict_lookup (options, "variant", "&s", &variant);
  g_variant_dict_lookup (options, "fen", "&s", &fen);
  if (!variant && !fen)
    return NULL;
  if (!variant)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--fen needs --variant: say which game the position is from."));
      return NULL;
    }
  if (!fen)
    return chancellor_game_new_start (variant, -1, error);
  return chancellor_game_new (variant, fen, error);
}

/* Bad options are reported by the process that was started, before any
 * window opens. */
static int
chancellor_application_handle_local_options (GApplication *application,
                                             GVariantDict *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = NULL;

  game = game_from_options (options, &error);
  if (game == NULL && error != NULL)
    {
      g_printerr ("%s: %s\n", g_get_prgname (), error->message);
      return 1;
    }
  return -1;
}

/* The game window used last (the list is in order of use), or a new one. */
static ChancellorWindow *
active_window (ChancellorApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (CHANCELLOR_IS_WINDOW (l->data))
      return CHANCELLOR_WINDOW (l->data);
  return chancellor_window_new (self);
}

/* The first window of a plain start offers the games left in the autosave
 * by the last run; a start with a file or a game to play does not. */
static void
present_first_window (ChancellorApplication *self)
{
  gboolean first = gtk_application_get_windows (GTK_APPLICATION (self)) == NULL;
  ChancellorWindow *window = active_window (self);

  gtk_window_present (GTK_WINDOW (window));
  if (first && !self->autosave_offered)
    chancellor_window_offer_autosave (window);
  self->autosave_offered = TRUE;
}

static void
chancellor_application_activate (GApplication *application)
{
  present_first_window (CHANCELLOR_APPLICATION (application));
}

/* A window for a file: the one shown when it has nothing to lose (a new
 * game without moves), or a new one. */
static ChancellorWindow *
window_for_file (ChancellorApplication *self)
{
  ChancellorWindow *window = active_window (self);
  ChancellorDocument *document = chancellor_window_get_document (window);

  self->autosave_offered = TRUE;
  if (chancellor_game_get_n_moves (chancellor_window_get_game (window)) > 0
      || chancellor_document_get_modified (document) || chancellor_document_get_file (document))
    window = chancellor_window_new (self);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

typedef struct {
  ChancellorApplication *application;
  GFile *file;
} Reading;

static void
games_read (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Reading *reading = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = chancellor_document_read_games_finish (result, &error);

  if (games)
    chancellor_window_show_games (window_for_file (reading->application), games, reading->file);
  else
    {
      ChancellorWindow *window = active_window (reading->application);

      gtk_window_present (GTK_WINDOW (window));
      chancellor_window_report_open_error (window, reading->file, error);
    }
  g_application_release (G_APPLICATION (reading->application));
  g_object_unref (reading->application);
  g_object_unref (reading->file);
  g_free (reading);
}

/* A file for the program already running: read first, so that one that
 * cannot be read leaves the windows as they are and is reported over the
 * window used last; one that can be read gets a window. */
static void
open_in_running_program (ChancellorApplication *self,
                         GFile                 *file)
{
  Reading *reading = g_new0 (Reading, 1);

  reading->application = g_object_ref (self);
  reading->file = g_object_ref (file);
  g_application_hold (G_APPLICATION (self));
  chancellor_document_read_games_async (file, NULL, games_read, reading);
}

/* Files from the desktop (D-Bus activation): errors show in a window. */
static void
chancellor_application_open (GApplication  *application,
                             GFile        **files,
                             int            n_files,
                             const char    *hint)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (application);

  self->autosave_offered = TRUE;
  for (int i = 0; i < n_files; i++)
    open_in_running_program (self, files[i]);
}

/* Files named on the command line.  At the first start they are read
 * before any window opens, and one that cannot be read is reported on
 * standard error (the exit status is then 1); a program already running
 * reads them in a window, which reports a failure in a dialog. */
static int
open_command_line_files (ChancellorApplication   *self,
                         GApplicationCommandLine *command_line,
                         const char *const       *paths)
{
  gboolean first_start = gtk_application_get_windows (GTK_APPLICATION (self)) == NULL;
  int status = 0;

  for (guint i = 0; paths[i]; i++)
    {
      g_autoptr (GFile) file = g_application_command_line_create_file_for_arg (command_line, paths[i]);
      g_autoptr (GPtrArray) games = NULL;
      g_autoptr (GError) error = NULL;

      if (!first_start)
        {
          open_in_running_program (self, file);
          continue;
        }
      games = chancellor_document_read_games (file, NULL, &error);
      if (games == NULL)
        {
          g_autofree char *name = g_filename_display_name (paths[i]);

          g_application_command_line_printerr (command_line, "%s: %s: %s\n", g_get_prgname (), name,
                                               error->message);
          status = 1;
          continue;
        }
      chancellor_window_show_games (window_for_file (self), games, file);
    }
  return status;
}

static int
chancellor_application_command_line (GApplication            *application,
                                     GApplicationCommandLine *command_line)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = game_from_options (options, &error);
  g_autofree const char **paths = NULL;
  ChancellorWindow *window;

  if (error)
    {
      g_application_command_line_printerr (command_line, "%s: %s\n", g_get_prgname (), error->message);
      return 1;
    }

  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &paths);
  if (paths && paths[0])
    return open_command_line_files (self, command_line, paths);
  if (!game)
    {
      present_first_window (self);
      return 0;
    }
  self->autosave_offered = TRUE;

  /* A game asked for on the command line does not replace one being played. */
  window = active_window (self);
  if (game && chancellor_game_get_n_moves (chancellor_window_get_game (window)) > 0)
    window = chancellor_window_new (self);
  if (game)
    chancellor_window_start_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  ChancellorWindow *window = active_window (CHANCELLOR_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (window));
  chancellor_window_show_new_game_chooser (window);
}

/* The windows, held: closing one may destroy others (its dialogs). */
static GPtrArray *
dup_windows (GtkApplication *application)
{
  GPtrArray *windows = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = gtk_application_get_windows (application); l; l = l->next)
    g_ptr_array_add (windows, g_object_ref (l->data));
  return windows;
}

/* Once every changed game was saved or discarded: each game window
 * closes as its close button would (one changed since asks again, and
 * stays if the player cancels). */
static void
close_windows_and_quit (gpointer data)
{
  GtkApplication *application = GTK_APPLICATION (data);
  g_autoptr (GPtrArray) windows = dup_windows (application);
  gboolean all_closed = TRUE;

  for (guint i = 0; i < windows->len; i++)
    if (CHANCELLOR_IS_WINDOW (windows->pdata[i]))
      {
        gtk_window_close (windows->pdata[i]);
        if (g_list_find (gtk_application_get_windows (application), windows->pdata[i]))
          all_closed = FALSE;
      }
  if (all_closed)
    g_application_quit (G_APPLICATION (application));
}

/* Every window's changed game is asked about before any window closes:
 * Cancel at any question leaves them all open. */
static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  g_autoptr (GPtrArray) windows = dup_windows (application);

  chancellor_windows_ask_to_save (windows, close_windows_and_quit, g_object_ref (application), g_object_unref);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  ChancellorPreferencesWindow *window;

  g_return_if_fail (self->settings != NULL);

  window = chancellor_preferences_window_new (parent, self->settings,
                                              chancellor_application_get_engine_list (self));
  gtk_window_set_application (GTK_WINDOW (window), GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (window));
}

/* The About window's credits: who invented each game, as a fact. */
static void
add_inventor_credits (AdwAboutWindow *about)
{
  static const struct {
    const char *game;
    const char *inventor;
  } inventors[] = {
    { N_("Ajax Chess"), "José Manuel Carrillo-Muñiz" },
    { N_("Ajax Ministers Chess"), "José Manuel Carrillo-Muñiz" },
    { N_("Ajax-Capablanca Chess"), "José Manuel Carrillo-Muñiz" },
    { N_("Prime Ministers Random Chess"), "José Manuel Carrillo-Muñiz" },
    { N_("Capablanca Relocation Chess"), "Mats Winther" },
    { N_("Capablanca Chess"), "José Raúl Capablanca" },
    { N_("Carrera's Chess"), "Pietro Carrera" },
  };
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (inventors); i++)
    /* TRANSLATORS: a credit in the About window: a game, then its inventor */
    g_ptr_array_add (lines, g_strdup_printf (_("%s by %s"), _(inventors[i].game), inventors[i].inventor));
  g_ptr_array_add (lines, g_strdup (_("Chess: traditional")));
  g_ptr_array_add (lines, NULL);
  adw_about_window_add_credit_section (about, _("Game Inventors"), (const char **) lines->pdata);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (application);
  static const char *developers[] = { "The Chancellor developers", NULL };
  AdwAboutWindow *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application", application,
                        "application-name", _("Chancellor"),
                        "application-icon", APPLICATION_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Large chess variants with their exact rules: Ajax, Capablanca, "
                                      "Carrera, Prime Ministers Random Chess and more."),
                        "website", "https://github.com/chancellor-chess/chancellor",
                        "issue-url", "https://github.com/chancellor-chess/chancellor/issues",
                        "developer-name", _("The Chancellor developers"),
                        "developers", developers,
                        /* TRANSLATORS: your name(s), one per line, for the About window */
                        "translator-credits", _("translator-credits"),
                        "copyright", _("© The Chancellor developers"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  add_inventor_credits (about);
  gtk_window_present (GTK_WINDOW (about));
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GtkWindow *active = gtk_application_get_active_window (application);
  GtkShortcutsWindow *overlay = NULL;

  /* As the window's help overlay, the shortcuts window knows the window
   * and so shows the keys bound to each action; it is built once per
   * window and hidden, not destroyed, when closed. */
  if (GTK_IS_APPLICATION_WINDOW (active))
    overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (active));
  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/chancellor-shortcuts.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
      if (GTK_IS_APPLICATION_WINDOW (active))
        gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (active), overlay);
      else
        gtk_window_set_transient_for (GTK_WINDOW (overlay), active);
      gtk_window_set_application (GTK_WINDOW (overlay), application);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_action, NULL, NULL, NULL, { 0 } },
  { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_action, NULL, NULL, NULL, { 0 } },
  { "about", about_action, NULL, NULL, NULL, { 0 } },
  { "shortcuts", shortcuts_action, NULL, NULL, NULL, { 0 } },
};

/* The settings, when the schema is installed or compiled beside the
 * program (GSETTINGS_SCHEMA_DIR). */
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

static gboolean
style_to_color_scheme (GValue   *value,
                       GVariant *variant,
                       gpointer  user_data)
{
  const char *style = g_variant_get_string (variant, NULL);

  if (g_str_equal (style, "light"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_str_equal (style, "dark"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    g_value_set_enum (value, ADW_COLOR_SCHEME_DEFAULT);
  return TRUE;
}

/* The session ending (or ^C) quits as Quit would without asking: the
 * windows go, keeping their unsaved games in the autosave. */
static gboolean
quit_on_signal (gpointer data)
{
  g_application_quit (G_APPLICATION (data));
  return G_SOURCE_CONTINUE;
}

static void
chancellor_application_startup (GApplication *application)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (application);

  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.shortcuts", { "<Control>question", NULL } },
    { "win.rules", { "F1", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    /* Alt: Ctrl+Page Up/Down move a text view's cursor a page sideways,
     * and the window's accelerators come before a focused comment's. */
    { "win.previous-game", { "<Alt>Page_Up", NULL } },
    { "win.next-game", { "<Alt>Page_Down", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.flip", { "f", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.analyse", { "<Control>a", NULL } },
    { "win.review-game", { "<Control><Shift>a", NULL } },
    { "win.pause", { "p", NULL } },
    { "win.edit-comment", { "<Control>e", NULL } },
    { "win.game-properties", { "<Control>i", NULL } },
    { "win.copy-fen", { "<Control>c", NULL } },
    { "win.copy-pgn", { "<Control><Shift>c", NULL } },
    { "win.paste", { "<Control>v", NULL } },
  };

  G_APPLICATION_CLASS (chancellor_application_parent_class)->startup (application);

  g_unix_signal_add (SIGTERM, quit_on_signal, application);
  g_unix_signal_add (SIGHUP, quit_on_signal, application);
  g_unix_signal_add (SIGINT, quit_on_signal, application);

  /* The icon is in the resources too (see chancellor.gresource.xml), so this
   * holds whether the program is installed or not. */
  gtk_window_set_default_icon_name (APPLICATION_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions),
                                   application);

  self->settings = lookup_settings ();
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (application),
                                                                            "preferences")),
                               self->settings != NULL);
  if (self->settings)
    g_settings_bind_with_mapping (self->settings, "style", adw_style_manager_get_default (), "color-scheme",
                                  G_SETTINGS_BIND_GET, style_to_color_scheme, NULL, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), accels[i].action, accels[i].accels);
}

/* Windows still open when the program quits without closing them (the
 * session ends) go now, keeping their unsaved games in the autosave. */
static void
chancellor_application_shutdown (GApplication *application)
{
  g_autoptr (GPtrArray) windows = dup_windows (GTK_APPLICATION (application));

  for (guint i = 0; i < windows->len; i++)
    gtk_window_destroy (windows->pdata[i]);

  G_APPLICATION_CLASS (chancellor_application_parent_class)->shutdown (application);
}

static void
chancellor_application_dispose (GObject *object)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (object);

  g_clear_object (&self->engines);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chancellor_application_parent_class)->dispose (object);
}

static void
chancellor_application_class_init (ChancellorApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = chancellor_application_dispose;

  app_class->startup = chancellor_application_startup;
  app_class->activate = chancellor_application_activate;
  app_class->open = chancellor_application_open;
  app_class->shutdown = chancellor_application_shutdown;
  app_class->command_line = chancellor_application_command_line;
  app_class->handle_local_options = chancellor_application_handle_local_options;
}

/* "The game to play, one of: ajax, …", kept for the life of the process
 * (the option group keeps the pointer). */
static const char *
variant_option_description (void)
{
  g_autoptr (GString) ids = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    g_string_append_printf (ids, i ? ", %s" : "%s", chancellor_catalogue_get_game_id (i));
  /* TRANSLATORS: --variant's description in --help; %s lists the game ids */
  text = g_strdup_printf (_("The game to play, one of: %s"), ids->str);
  return g_intern_string (text);
}

static void
chancellor_application_init (ChancellorApplication *self)
{
  GOptionEntry entries[G_N_ELEMENTS (option_entries)];

  memcpy (entries, option_entries, sizeof entries);
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    if (g_strcmp0 (entries[i].long_name, "variant") == 0)
      entries[i].description = variant_option_description ();
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), NULL);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play large chess variants with their exact rules."));
}

ChancellorApplication *
chancellor_application_new (const char        *application_id,
                            GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (CHANCELLOR_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", RESOURCE_BASE_PATH,
                       NULL);
}

GSettings *
chancellor_application_get_settings (ChancellorApplication *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_APPLICATION (self), NULL);

  return self->settings;
}

ChancellorEngineList *
chancellor_application_get_engine_list (ChancellorApplication *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_APPLICATION (self), NULL);

  if (!self->engines)
    self->engines = chancellor_engine_list_new (self->settings);
  return self->engines;
}
