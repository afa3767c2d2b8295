/* test-translation.c — the app in Spanish, from the catalogue built in the
 * build tree: the game's names in the window, the pieces, the Rules and
 * Preferences windows.  LANGUAGE=es and CHANCELLOR_LOCALEDIR come from
 * meson. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "chancellor-application.h"
#include "chancellor-preferences-window-private.h"
#include "chancellor-rules-window-private.h"
#include "chancellor-catalogue.h"
#include "chancellor-variant-list.h"
#include "chancellor-window.h"
#include "ui-test-util.h"

static ChancellorApplication *app;

static void
test_names (void)
{
  g_autoptr (ChancellorGame) ajax = chancellor_game_new ("ajax", NULL, NULL);
  g_autoptr (ChancellorGame) carrera = chancellor_game_new ("carrera", NULL, NULL);
  static const char *const ajax_pieces[] = { "Rey", "Peón", "Dama", "Torre", "Alfil", "Caballo", "Ministro" };
  static const char *const carrera_pieces[] = { "Rey", "Peón", "Dama", "Torre", "Alfil", "Caballo", "Centauro",
                                                "Campeón" };

  g_assert_cmpstr (_("Chess"), ==, "Ajedrez");
  g_assert_cmpstr (chancellor_catalogue_get_name ("ajax"), ==, "Ajedrez Ajax");
  g_assert_cmpstr (chancellor_game_get_variant_name (carrera), ==, "Ajedrez de Carrera");
  for (guint i = 0; i < G_N_ELEMENTS (ajax_pieces); i++)
    {
      gboolean found = FALSE;

      for (int type = 0; type < chancellor_game_get_piece_type_count (ajax); type++)
        found |= g_str_equal (chancellor_game_get_piece_name (ajax, type), ajax_pieces[i]);
      g_assert_true (found);
    }
  for (guint i = 0; i < G_N_ELEMENTS (carrera_pieces); i++)
    {
      gboolean found = FALSE;

      for (int type = 0; type < chancellor_game_get_piece_type_count (carrera); type++)
        found |= g_str_equal (chancellor_game_get_piece_name (carrera, type), carrera_pieces[i]);
      g_assert_true (found);
    }
}

static void
test_windows (void)
{
  ChancellorWindow *window = chancellor_window_new (app);
  ChancellorRulesWindow *rules;
  ChancellorPreferencesWindow *preferences;
  g_autofree char *text = NULL;

  g_assert_true (chancellor_window_start_variant (window, "capablanca", NULL));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ajedrez Capablanca");
  g_assert_cmpstr (chancellor_window_get_status (window), ==, "Juegan las blancas");

  rules = chancellor_rules_window_new (GTK_WINDOW (window), NULL, "prime-ministers-random");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (rules)), ==,
                   "Reglas de Ajedrez Aleatorio del Primer Ministro");
  text = chancellor_rules_window_dup_text (rules);
  g_assert_nonnull (strstr (text, "Tablero y posición inicial"));
  g_assert_nonnull (strstr (text, "Primer Ministro"));
  g_assert_nonnull (strstr (text, "Enroque"));
  gtk_window_destroy (GTK_WINDOW (rules));

  preferences = chancellor_preferences_window_new (GTK_WINDOW (window), chancellor_application_get_settings (app),
                                                  chancellor_application_get_engine_list (app));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (preferences)), ==, "Preferencias");
  gtk_window_destroy (GTK_WINDOW (preferences));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("CHANCELLOR_LOCALEDIR");

  /* As main.c does, with the catalogue of the build tree. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ui_test_init (&argc, &argv, "Test", G_APPLICATION_NON_UNIQUE);

  g_test_add_func ("/translation/names", test_names);
  g_test_add_func ("/translation/windows", test_windows);

  return ui_test_run ();
}
