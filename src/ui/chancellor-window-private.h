/* chancellor-window-private.h — the parts of ChancellorWindow kept in
 * files of their own: chancellor-window-files.c (open, save, recent files,
 * the question before unsaved changes go, the autosave),
 * chancellor-window-lines.c (a move at an earlier position in a game
 * against the computer) and
 * chancellor-window-review.c (the review: the whole game searched).
 */
#pragma once

#include "chancellor-analysis-view.h"
#include "chancellor-board-view.h"
#include "chancellor-clock-view.h"
#include "chancellor-document.h"
#include "chancellor-eval-bar.h"
#include "chancellor-eval-graph.h"
#include "chancellor-game-review.h"
#include "chancellor-match.h"
#include "chancellor-move-list.h"
#include "chancellor-window.h"

G_BEGIN_DECLS

/* The window's parts, for its own files and for tests (the tests may
 * include this header). */
ChancellorBoardView *chancellor_window_get_board_view (ChancellorWindow *self);
ChancellorMoveList *chancellor_window_get_move_list (ChancellorWindow *self);
/* The players, clock and computer of the game shown (win.pause is its
 * "paused"), and the widgets that show them. */
ChancellorMatch *chancellor_window_get_match (ChancellorWindow *self);
ChancellorEvalBar *chancellor_window_get_eval_bar (ChancellorWindow *self);
ChancellorAnalysisView *chancellor_window_get_analysis_view (ChancellorWindow *self);
ChancellorClockView *chancellor_window_get_clock_view (ChancellorWindow *self);
/* The evaluation graph of the game shown, and its analysis while one is
 * running or kept (NULL when none). */
ChancellorEvalGraph *chancellor_window_get_eval_graph (ChancellorWindow *self);
ChancellorGameReview *chancellor_window_get_game_review (ChancellorWindow *self);
/* The line under the title: whose move it is, or how the game ended. */
const char *chancellor_window_get_status (ChancellorWindow *self);
/* The text of the latest toast, or NULL (for tests). */
const char *chancellor_window_get_last_toast (ChancellorWindow *self);

typedef struct _ChancellorWindowFiles ChancellorWindowFiles;
typedef struct _ChancellorWindowReview ChancellorWindowReview;

/* chancellor-window.c */
/* What the window does with a key before its widgets: Home, Left, Right
 * and End look through the game (TRUE when it took the key). */
gboolean _chancellor_window_browse_key (ChancellorWindow *self, guint keyval, GdkModifierType state);
ChancellorWindowFiles *_chancellor_window_get_files (ChancellorWindow *self);
ChancellorWindowReview *_chancellor_window_get_review (ChancellorWindow *self);
void _chancellor_window_show_toast (ChancellorWindow *self, AdwToast *toast);
/* The application's settings, or NULL. */
GSettings *_chancellor_window_get_settings (ChancellorWindow *self);
/* A hint is a short search at full strength. */
#define CHANCELLOR_WINDOW_HINT_TIME_MS 1000
/* An external engine's hint: its move (UCI), or NULL and the sentence
 * that says why there is none; the built-in engine then gives it. */
void _chancellor_window_hint_found (ChancellorWindow *self, const char *move, const char *failure);

/* chancellor-window-lines.c */
void _chancellor_window_lines_init (ChancellorWindow *self);

/* chancellor-window-files.c */
void _chancellor_window_files_class_init (GtkWidgetClass *widget_class);
ChancellorWindowFiles *_chancellor_window_files_new (ChancellorWindow *self);
/* The window goes: a game with unsaved moves is kept in the autosave. */
void _chancellor_window_files_shutdown (ChancellorWindow *self);
void _chancellor_window_files_free (ChancellorWindowFiles *files);
/* The game shown is game number (1-based) of the count in the file of
 * several it was chosen from; FALSE for any other game. */
gboolean _chancellor_window_files_get_game_number (ChancellorWindow *self, guint *number, guint *count);
/* An alert with a Close button: heading and what went wrong. */
void _chancellor_window_show_error (ChancellorWindow *self, const char *heading, const char *body);

/* Calls next (then destroy on data) once the game shown may be replaced
 * or closed: at once when it has no unsaved changes, otherwise after the
 * player chose Save (and the save worked) or Discard; never on Cancel. */
typedef void (*ChancellorWindowNext) (ChancellorWindow *self, gpointer data);
void _chancellor_window_ask_to_save (ChancellorWindow *self, ChancellorWindowNext next, gpointer data,
                                     GDestroyNotify destroy);

/* chancellor-window-clipboard.c: Set Up Position, Copy FEN, Copy PGN and Paste.  Paste of
 * text (for tests: the clipboard's text goes the same way): its games
 * replace the one shown, or an alert says why the text is refused. */
void _chancellor_window_clipboard_class_init (GtkWidgetClass *widget_class);
void _chancellor_window_paste_text (ChancellorWindow *self, const char *text);

/* chancellor-window-export.c: Export Position as Image.  Writes the board
 * shown with its marks to file: SVG when its name ends in ".svg", PNG
 * otherwise. */
void _chancellor_window_export_class_init (GtkWidgetClass *widget_class);
gboolean _chancellor_window_export_image (ChancellorWindow *self, GFile *file, GError **error);

/* chancellor-window-review.c: the review of the whole game, in a card put
 * into panel after sibling; the game shown changing cancels it. */
void _chancellor_window_review_class_init (GtkWidgetClass *widget_class);
ChancellorWindowReview *_chancellor_window_review_new (ChancellorWindow *self, GtkBox *panel,
                                                           GtkWidget *sibling);
void _chancellor_window_review_set_game (ChancellorWindowReview *analysis, ChancellorGame *game);
void _chancellor_window_review_free (ChancellorWindowReview *analysis);

/* The threads an analysis searches with: the "analysis-threads" setting,
 * all the processors when it is 0 (or when there are no settings). */
int _chancellor_window_analysis_threads (ChancellorWindow *self);

/* chancellor-window-engine.c: the external engine that plays the
 * computer's moves (the setup's "engine"), given to the match for each
 * game it plays. */
typedef struct _ChancellorWindowEngine ChancellorWindowEngine;
ChancellorWindowEngine *_chancellor_window_engine_new (ChancellorWindow *self, ChancellorMatch *match);
void _chancellor_window_engine_set_game (ChancellorWindowEngine *engine, ChancellorGame *game,
                                         ChancellorGameSetup *setup);
/* A hint for game's live position by the engine at path, within
 * CHANCELLOR_WINDOW_HINT_TIME_MS; unless cancelled, the window hears of
 * it through _chancellor_window_hint_found.  The engine is kept for the
 * next hint in the same game. */
void _chancellor_window_engine_hint (ChancellorWindowEngine *engine, ChancellorGame *game, const char *path,
                                     GCancellable *cancellable);
void _chancellor_window_engine_free (ChancellorWindowEngine *engine);

G_END_DECLS
