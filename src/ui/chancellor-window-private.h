/* chancellor-window-private.h — the parts of ChancellorWindow kept in
 * files of their own: chancellor-window-files.c (open, save, recent files,
 * the question before unsaved changes go, the autosave) and
 * chancellor-window-analysis.c (the analysis of the whole game).
 */
#pragma once

#include "chancellor-document.h"
#include "chancellor-window.h"

G_BEGIN_DECLS

typedef struct _ChancellorWindowFiles ChancellorWindowFiles;
typedef struct _ChancellorWindowAnalysis ChancellorWindowAnalysis;

/* chancellor-window.c */
ChancellorWindowFiles *_chancellor_window_get_files (ChancellorWindow *self);
ChancellorWindowAnalysis *_chancellor_window_get_game_analysis (ChancellorWindow *self);
void _chancellor_window_show_toast (ChancellorWindow *self, AdwToast *toast);

/* chancellor-window-files.c */
void _chancellor_window_files_class_init (GtkWidgetClass *widget_class);
ChancellorWindowFiles *_chancellor_window_files_new (ChancellorWindow *self);
/* The window goes: a game with unsaved moves is kept in the autosave. */
void _chancellor_window_files_shutdown (ChancellorWindow *self);
void _chancellor_window_files_free (ChancellorWindowFiles *files);

/* Calls next (then destroy on data) once the game shown may be replaced
 * or closed: at once when it has no unsaved changes, otherwise after the
 * player chose Save (and the save worked) or Discard; never on Cancel. */
typedef void (*ChancellorWindowNext) (ChancellorWindow *self, gpointer data);
void _chancellor_window_ask_to_save (ChancellorWindow *self, ChancellorWindowNext next, gpointer data,
                                     GDestroyNotify destroy);

/* chancellor-window-analysis.c: the whole game's analysis, in a card put
 * into panel after sibling; the game shown changing cancels it. */
void _chancellor_window_analysis_class_init (GtkWidgetClass *widget_class);
ChancellorWindowAnalysis *_chancellor_window_analysis_new (ChancellorWindow *self, GtkBox *panel,
                                                           GtkWidget *sibling);
void _chancellor_window_analysis_set_game (ChancellorWindowAnalysis *analysis, ChancellorGame *game);
void _chancellor_window_analysis_free (ChancellorWindowAnalysis *analysis);

G_END_DECLS
