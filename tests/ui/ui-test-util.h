/* ui-test-util.h — what the widget tests under a virtual X server share:
 * the test program's start (the application, registered once per
 * process), windows, widgets found in a tree, accelerators.  With
 * test-util.h for games and the main loop.  The tests read the widgets
 * through their -private.h headers. */
#pragma once

#include <adwaita.h>

#include "chancellor-analysis-view-private.h"
#include "chancellor-application.h"
#include "chancellor-board-view-private.h"
#include "chancellor-clock-view-private.h"
#include "chancellor-eval-bar-private.h"
#include "chancellor-eval-graph-private.h"
#include "chancellor-move-list-private.h"
#include "chancellor-window-private.h"
#include "test-util.h"

G_BEGIN_DECLS

/* g_test_init, with GTK's warning that there is no session bus (the test
 * machine's, not ours) kept from failing the test, and the application
 * APPLICATION_ID "." id_suffix with flags registered.  Returns that
 * application, which ui_test_run releases. */
ChancellorApplication *ui_test_init (int *argc, char ***argv, const char *id_suffix, GApplicationFlags flags);

/* g_test_run, then the application goes; returns the tests' status. */
int ui_test_run (void);

/* A window of the application playing a new game of variant, not yet
 * shown. */
ChancellorWindow *ui_test_new_window (const char *variant);

/* The same, presented. */
ChancellorWindow *ui_test_new_shown_window (const char *variant);

/* The visible window of type over window (transient for it), or NULL;
 * there must not be two. */
GtkWindow *ui_test_find_window_over (ChancellorWindow *window, GType type);
/* Answers the question dialog with response, as a click on its button
 * does: the response, and it closes. */
void ui_test_respond (GtkWindow *dialog, const char *response);
/* Clicks the piece on from, then to, on window's board (square names). */
void ui_test_click_move (ChancellorWindow *window, const char *from, const char *to);

/* The first widget of root's tree (root first, depth first) for which
 * match (widget, data) holds, or NULL. */
GtkWidget *ui_test_find_widget (GtkWidget *root, gboolean (*match) (GtkWidget *widget, gconstpointer data),
                                gconstpointer data);

/* The first widget of root's tree of type, or NULL. */
GtkWidget *ui_test_find_widget_of_type (GtkWidget *root, GType type);

/* The first widget of root's tree whose id in its .ui file is id, or NULL. */
GtkWidget *ui_test_find_widget_by_id (GtkWidget *root, const char *id);

/* The first button of root's tree whose tooltip is tooltip, or NULL. */
GtkWidget *ui_test_find_button (GtkWidget *root, const char *tooltip);

/* The child name of widget's template of type, which must be there. */
gpointer ui_test_template_child (gpointer widget, GType type, const char *name);

/* The action's first accelerator is accel. */
void ui_test_assert_accel (const char *action, const char *accel);
/* For test_run_until: whether the latest toast of the window args[0]
 * holds the text args[1] (data is a gpointer args[2]). */
gboolean ui_test_last_toast_has (gpointer data);

G_END_DECLS
