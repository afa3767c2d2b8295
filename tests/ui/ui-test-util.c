/* ui-test-util.c — what the widget tests share (ui-test-util.h). */
#include "config.h"

#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ui-test-util.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

/* The one application of the test program. */
static ChancellorApplication *app;

static gboolean
ignore_session_bus_warning (const char     *log_domain,
                            GLogLevelFlags  log_level,
                            const char     *message,
                            gpointer        user_data)
{
  return strstr (message, "session bus") == NULL;
}

/* A crash (a rare one was seen only on the CI machine) prints where it
 * happened before the test dies: every thread's stack from gdb when it is
 * installed, else the crashing thread's frames as glibc names them.  The
 * sanitizers' builds keep their own, better reports. */
#ifndef SANITIZED
static char crash_pid[32];

static void
report_crash (int signal_number)
{
  void *frames[64];
  int n = backtrace (frames, G_N_ELEMENTS (frames));
  pid_t child;

  static const char header[] = "\n*** the test crashed; its stack follows ***\n";
  if (write (STDERR_FILENO, header, sizeof header - 1) < 0)
    _exit (128 + signal_number);
  backtrace_symbols_fd (frames, n, STDERR_FILENO);
  child = fork ();
  if (child == 0)
    {
      dup2 (STDERR_FILENO, STDOUT_FILENO);
      execlp ("gdb", "gdb", "-nx", "-batch", "-p", crash_pid, "-ex", "thread apply all bt", (char *) NULL);
      _exit (127);
    }
  if (child > 0)
    waitpid (child, NULL, 0);
  /* SA_RESETHAND put the default action back: the test dies of it. */
  raise (signal_number);
}
#endif

static void
report_crashes (void)
{
#ifndef SANITIZED
  struct sigaction action = { 0 };
  void *frame;

  /* backtrace() loads what it needs on its first call: not in the handler. */
  backtrace (&frame, 1);
  snprintf (crash_pid, sizeof crash_pid, "%ld", (long) getpid ());
  action.sa_handler = report_crash;
  action.sa_flags = SA_RESETHAND;
  sigemptyset (&action.sa_mask);
  sigaction (SIGSEGV, &action, NULL);
  sigaction (SIGBUS, &action, NULL);
#endif
}

ChancellorApplication *
ui_test_init (int                *argc,
              char             ***argv,
              const char         *id_suffix,
              GApplicationFlags   flags)
{
  g_autofree char *id = g_strconcat (APPLICATION_ID ".", id_suffix, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_null (app);
  report_crashes ();
  g_test_init (argc, argv, NULL);
  g_test_log_set_fatal_handler (ignore_session_bus_warning, NULL);

  app = chancellor_application_new (id, flags);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

int
ui_test_run (void)
{
  int status = g_test_run ();

  g_clear_object (&app);
  return status;
}

ChancellorWindow *
ui_test_new_window (const char *variant)
{
  ChancellorWindow *window = chancellor_window_new (app);
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_window_start_variant (window, variant, &error));
  g_assert_no_error (error);
  return window;
}

ChancellorWindow *
ui_test_new_shown_window (const char *variant)
{
  ChancellorWindow *window = ui_test_new_window (variant);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

GtkWindow *
ui_test_find_window_over (ChancellorWindow *window,
                          GType             type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  for (GList *l = toplevels; l; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type)
        && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window)
        && gtk_widget_get_visible (l->data))
      {
        g_assert_null (found);
        found = l->data;
      }
  g_list_free (toplevels);
  return found;
}

void
ui_test_click_move (ChancellorWindow *window,
                    const char       *from,
                    const char       *to)
{
  ChancellorGame *game = chancellor_window_get_game (window);
  ChancellorBoardView *board = chancellor_window_get_board_view (window);

  chancellor_board_view_click_square (board, test_square_named (game, from));
  chancellor_board_view_click_square (board, test_square_named (game, to));
}

void
ui_test_respond (GtkWindow  *dialog,
                 const char *response)
{
  g_assert_nonnull (dialog);
  g_object_ref (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_destroy (dialog);
  g_object_unref (dialog);
}

GtkWidget *
ui_test_find_widget (GtkWidget      *root,
                     gboolean      (*match) (GtkWidget *widget, gconstpointer data),
                     gconstpointer   data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ui_test_find_widget (child, match, data);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  const GType *type = data;

  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *type);
}

GtkWidget *
ui_test_find_widget_of_type (GtkWidget *root,
                             GType      type)
{
  return ui_test_find_widget (root, is_of_type, &type);
}

static gboolean
has_id (GtkWidget     *widget,
        gconstpointer  data)
{
  return g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), data) == 0;
}

GtkWidget *
ui_test_find_widget_by_id (GtkWidget  *root,
                           const char *id)
{
  return ui_test_find_widget (root, has_id, id);
}

static gboolean
is_button_with_tooltip (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

GtkWidget *
ui_test_find_button (GtkWidget  *root,
                     const char *tooltip)
{
  return ui_test_find_widget (root, is_button_with_tooltip, tooltip);
}

gpointer
ui_test_template_child (gpointer    widget,
                        GType       type,
                        const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  g_assert_nonnull (child);
  return child;
}

void
ui_test_assert_accel (const char *action,
                      const char *accel)
{
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);

  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, accel);
}

gboolean
ui_test_last_toast_has (gpointer data)
{
  gpointer *args = data;
  const char *toast = chancellor_window_get_last_toast (args[0]);

  return toast && strstr (toast, args[1]) != NULL;
}
