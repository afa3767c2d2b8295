/* chancellor-application.c — the application, its actions and command line. */
#define G_LOG_DOMAIN "chancellor-application"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-application.h"
#include "chancellor-game.h"
#include "chancellor-window.h"

struct _ChancellorApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (ChancellorApplication, chancellor_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "variant", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The game to play: ajax, ajax-ministers, ajax-capablanca-ministers, ajax-capablanca, "
       "prime-ministers-random, carrera, capablanca-relocation, capablanca or chess"), N_("ID") },
  { "fen", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The position to start from, in FEN (needs --variant)"), N_("FEN") },
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
  if (!fen && g_ascii_strcasecmp (variant, "prime-ministers-random") == 0)
    return chancellor_game_new_pmrc (g_random_int_range (0, 8400), error);
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

static void
chancellor_application_activate (GApplication *application)
{
  gtk_window_present (GTK_WINDOW (active_window (CHANCELLOR_APPLICATION (application))));
}

static int
chancellor_application_command_line (GApplication            *application,
                                     GApplicationCommandLine *command_line)
{
  ChancellorApplication *self = CHANCELLOR_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = game_from_options (options, &error);
  ChancellorWindow *window;

  if (error)
    {
      g_application_command_line_printerr (command_line, "%s: %s\n", g_get_prgname (), error->message);
      return 1;
    }

  /* A game asked for on the command line does not replace one being played. */
  window = active_window (self);
  if (game && chancellor_game_get_n_moves (chancellor_window_get_game (window)) > 0)
    window = chancellor_window_new (self);
  if (game)
    chancellor_window_set_game (window, game);
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

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (application);
  static const char *developers[] = { "The Chancellor developers", NULL };

  adw_show_about_window (parent,
                         "application", application,
                         "application-name", _("Chancellor"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Large chess variants with their exact rules: Ajax, Capablanca, "
                                       "Carrera, Prime Ministers Random Chess and more."),
                         "developer-name", developers[0],
                         "developers", developers,
                         /* TRANSLATORS: your name(s), one per line, for the About window */
                         "translator-credits", _("translator-credits"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/chancellor-shortcuts.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (window, gtk_application_get_active_window (application));
  gtk_window_set_application (window, application);
  gtk_window_present (window);
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_action, NULL, NULL, NULL, { 0 } },
  { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  { "about", about_action, NULL, NULL, NULL, { 0 } },
  { "shortcuts", shortcuts_action, NULL, NULL, NULL, { 0 } },
};

static void
chancellor_application_startup (GApplication *application)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.shortcuts", { "F1", "<Control>question", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.flip", { "f", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.analyse", { "<Control>a", NULL } },
    { "win.pause", { "p", NULL } },
  };

  G_APPLICATION_CLASS (chancellor_application_parent_class)->startup (application);

  /* The icon is in the resources too (see chancellor.gresource.xml), so this
   * holds whether the program is installed or not. */
  gtk_window_set_default_icon_name (APPLICATION_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions),
                                   application);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), accels[i].action, accels[i].accels);
}

static void
chancellor_application_class_init (ChancellorApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = chancellor_application_startup;
  app_class->activate = chancellor_application_activate;
  app_class->command_line = chancellor_application_command_line;
  app_class->handle_local_options = chancellor_application_handle_local_options;
}

static void
chancellor_application_init (ChancellorApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
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
