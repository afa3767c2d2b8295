/* chancellor-window-files.c — the window's games as files: open (a dialog,
 * recent files, a drop, the command line), save and save as (atomic), the
 * question before unsaved changes go, and the autosave (one file per
 * window, written as the game changes) offered on the next start. */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-application.h"
#include "chancellor-game-chooser.h"
#include "chancellor-pgn.h"
#include "chancellor-window-private.h"

/* Newer APIs only where the headers have them and the build allows them
 * (meson pins GDK_VERSION_MAX_ALLOWED): GtkFileDialog replaces
 * GtkFileChooserNative from GTK 4.10; both go through the portal. */
#if GTK_CHECK_VERSION(4, 10, 0)
# if GDK_VERSION_MAX_ALLOWED >= GDK_VERSION_4_10
#  define HAVE_FILE_DIALOG 1
# endif
#endif

/* The Open Recent list's length. */
#define RECENT_MAX 10

struct _ChancellorWindowFiles
{
  GCancellable *open_cancellable;  /* the file being read */
  GObject *file_dialog;            /* the open or save dialog while it is up */
  GtkWidget *question;             /* weak: "Save the Game?" while it is asked */
  AdwToast *resume_toast;          /* the offer of the autosave while it shows */
  GPtrArray *offered_games;        /* the games it offers (ChancellorGame) */
  GPtrArray *offered_files;        /* and their files (GFile) */
  GFile *autosave_file;            /* where this window keeps its unsaved game */
  guint autosave_source;           /* the write waiting for changes to settle */
  gboolean autosave_failed;        /* the player was told; not again */
  gboolean shut_down;              /* the window is going */
  GPtrArray *file_games;           /* the games of the last file of several opened */
  GFile *games_file;               /* that file, or NULL */
};

/* A step to take after a dialog: the caller's next, with its data. */
typedef struct {
  ChancellorWindowNext next;
  gpointer data;
  GDestroyNotify destroy;
} Continuation;

static Continuation *
continuation_new (ChancellorWindowNext next,
                  gpointer             data,
                  GDestroyNotify       destroy)
{
  Continuation *continuation = g_new0 (Continuation, 1);

  continuation->next = next;
  continuation->data = data;
  continuation->destroy = destroy;
  return continuation;
}

static void
continuation_free (gpointer data)
{
  Continuation *continuation = data;

  if (continuation->destroy)
    continuation->destroy (continuation->data);
  g_free (continuation);
}

static void
continuation_run (Continuation     *continuation,
                  ChancellorWindow *window)
{
  if (continuation->next)
    continuation->next (window, continuation->data);
}

static ChancellorDocument *
window_document (ChancellorWindow *self)
{
  return chancellor_window_get_document (self);
}

static char *
file_name_for_messages (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

void
_chancellor_window_show_error (ChancellorWindow *self,
                               const char       *heading,
                               const char       *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_open_error (ChancellorWindow *self,
                 GFile            *file,
                 const GError     *error)
{
  g_autofree char *name = file_name_for_messages (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

  _chancellor_window_show_error (self, heading, error->message);
}

void
chancellor_window_report_open_error (ChancellorWindow *self,
                                     GFile            *file,
                                     const GError     *error)
{
  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (error != NULL);

  show_open_error (self, file, error);
}

static void
show_save_error (ChancellorWindow *self,
                 GFile            *file,
                 const GError     *error)
{
  g_autofree char *name = file_name_for_messages (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

  _chancellor_window_show_error (self, heading, error->message);
}

/* Recent files */

static const char *
application_name (void)
{
  return g_get_application_name () ? g_get_application_name () : g_get_prgname ();
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *exec = g_strdup_printf ("%s %%u", g_get_prgname () ? g_get_prgname () : "chancellor");
  GtkRecentData data = {
    .mime_type = (char *) CHANCELLOR_DOCUMENT_MIME_TYPE,
    .app_name = (char *) application_name (),
    .app_exec = exec,
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *info_a = *(GtkRecentInfo **) a;
  GtkRecentInfo *info_b = *(GtkRecentInfo **) b;

  /* The latest first. */
  return g_date_time_compare (gtk_recent_info_get_modified (info_b), gtk_recent_info_get_modified (info_a));
}

/* Menu labels take "_" for a mnemonic: a file name's own are doubled. */
static char *
escape_mnemonics (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

static void
update_recent_menu (ChancellorWindow *self)
{
  GMenu *menu = G_MENU (gtk_widget_get_template_child (GTK_WIDGET (self), CHANCELLOR_TYPE_WINDOW, "recent_menu"));
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) ours = g_ptr_array_new ();

  for (GList *l = items; l; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if ((gtk_recent_info_has_application (info, application_name ())
           || g_strcmp0 (gtk_recent_info_get_mime_type (info), CHANCELLOR_DOCUMENT_MIME_TYPE) == 0)
          && (!gtk_recent_info_is_local (info) || gtk_recent_info_exists (info)))
        g_ptr_array_add (ours, info);
    }
  g_ptr_array_sort (ours, compare_recent);

  g_menu_remove_all (menu);
  for (guint i = 0; i < ours->len && i < RECENT_MAX; i++)
    {
      GtkRecentInfo *info = ours->pdata[i];
      g_autofree char *label = escape_mnemonics (gtk_recent_info_get_display_name (info));
      g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (menu, item);
    }
  if (ours->len == 0)
    g_menu_append (menu, _("No Recent Games"), "win.no-recent-games");
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* Loading */

static void
load_game (ChancellorWindow *self,
           ChancellorGame   *game,
           GFile            *file)
{
  /* The players and clock its tags name; the last position shown. */
  chancellor_window_set_game (self, game);
  chancellor_document_set_game (window_document (self), game, file);
  chancellor_move_list_set_ply (chancellor_window_get_move_list (self), chancellor_game_get_n_moves (game));
  if (file)
    remember_recent (file);
}

typedef struct {
  ChancellorGame *game;
  GFile *file;
} Loading;

static void
loading_free (gpointer data)
{
  Loading *loading = data;

  g_object_unref (loading->game);
  g_clear_object (&loading->file);
  g_free (loading);
}

static void
load_after_asking (ChancellorWindow *self,
                   gpointer          data)
{
  Loading *loading = data;

  load_game (self, loading->game, loading->file);
}

static void
replace_with_game (ChancellorWindow *self,
                   ChancellorGame   *game,
                   GFile            *file)
{
  Loading *loading = g_new0 (Loading, 1);

  loading->game = g_object_ref (game);
  loading->file = file ? g_object_ref (file) : NULL;
  _chancellor_window_ask_to_save (self, load_after_asking, loading, loading_free);
}

static void
game_chosen (ChancellorGameChooser *chooser,
             ChancellorGame        *game,
             ChancellorWindow      *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  GFile *file = g_object_get_data (G_OBJECT (chooser), "file");

  /* The file's other games stay at hand, for the previous and next game. */
  g_clear_pointer (&files->file_games, g_ptr_array_unref);
  g_clear_object (&files->games_file);
  files->file_games = g_ptr_array_ref (g_object_get_data (G_OBJECT (chooser), "games"));
  files->games_file = file ? g_object_ref (file) : NULL;
  replace_with_game (self, game, file);
}

gboolean
_chancellor_window_files_get_game_number (ChancellorWindow *self,
                                          guint            *number,
                                          guint            *count)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  guint index;

  if (!files || !files->file_games
      || !g_ptr_array_find (files->file_games, chancellor_window_get_game (self), &index))
    return FALSE;
  *number = index + 1;
  *count = files->file_games->len;
  return TRUE;
}

/* Previous and next are there for a game of a file of several. */
static void
update_game_steps (ChancellorWindow *self)
{
  guint number = 0, count = 0;
  gboolean of_file = _chancellor_window_files_get_game_number (self, &number, &count);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-game", of_file && number > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-game", of_file && number < count);
}

static void
step_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  guint number, count;

  if (!_chancellor_window_files_get_game_number (self, &number, &count))
    return;
  if (g_str_equal (action_name, "win.previous-game") && number > 1)
    replace_with_game (self, g_ptr_array_index (files->file_games, number - 2), files->games_file);
  else if (g_str_equal (action_name, "win.next-game") && number < count)
    replace_with_game (self, g_ptr_array_index (files->file_games, number), files->games_file);
}

void
chancellor_window_show_games (ChancellorWindow *self,
                              GPtrArray        *games,
                              GFile            *file)
{
  ChancellorGameChooser *chooser;
  g_autofree char *name = NULL;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (games != NULL && games->len > 0);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (file && chancellor_pgn_game_was_repaired (games->pdata[0]))
    {
      g_autofree char *text = NULL;

      name = file_name_for_messages (file);
      text = g_strdup_printf (_("Some characters in “%s” were not valid UTF-8 and were replaced"), name);
      _chancellor_window_show_toast (self, adw_toast_new (text));
    }
  if (games->len == 1)
    {
      replace_with_game (self, games->pdata[0], file);
      return;
    }

  if (!name && file)
    name = file_name_for_messages (file);
  chooser = chancellor_game_chooser_new (GTK_WINDOW (self), games, name);
  if (file)
    g_object_set_data_full (G_OBJECT (chooser), "file", g_object_ref (file), g_object_unref);
  g_object_set_data_full (G_OBJECT (chooser), "games", g_ptr_array_ref (games), (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (chooser, "game-chosen", G_CALLBACK (game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (chooser));
}

typedef struct {
  ChancellorWindow *window;
  GFile *file;
} Reading;

static void
reading_free (Reading *reading)
{
  g_object_unref (reading->window);
  g_object_unref (reading->file);
  g_free (reading);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Reading, reading_free)

static void
games_read (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (Reading) reading = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = chancellor_document_read_games_finish (result, &error);
  ChancellorWindowFiles *files = _chancellor_window_get_files (reading->window);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || files == NULL)
    return;
  g_clear_object (&files->open_cancellable);
  /* A file that cannot be read leaves the game shown as it was, and is
   * not offered again among the recent games (the file chooser may have
   * put it there). */
  if (games == NULL)
    {
      g_autofree char *uri = g_file_get_uri (reading->file);

      gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
      show_open_error (reading->window, reading->file, error);
    }
  else
    chancellor_window_show_games (reading->window, games, reading->file);
}

void
chancellor_window_open_file (ChancellorWindow *self,
                             GFile            *file)
{
  ChancellorWindowFiles *files;
  Reading *reading;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  files = _chancellor_window_get_files (self);
  g_cancellable_cancel (files->open_cancellable);
  g_clear_object (&files->open_cancellable);
  files->open_cancellable = g_cancellable_new ();
  reading = g_new0 (Reading, 1);
  reading->window = g_object_ref (self);
  reading->file = g_object_ref (file);
  chancellor_document_read_games_async (file, files->open_cancellable, games_read, reading);
}

/* Saving */

gboolean
chancellor_window_save_to_file (ChancellorWindow  *self,
                                GFile             *file,
                                GError           **error)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!chancellor_document_save (window_document (self), file, NULL, error))
    return FALSE;
  remember_recent (file);
  return TRUE;
}

/* Saves to file, or says why not; then (only on success) continues. */
static gboolean
save_or_report (ChancellorWindow *self,
                GFile            *file)
{
  g_autoptr (GError) error = NULL;

  if (chancellor_window_save_to_file (self, file, &error))
    return TRUE;
  show_save_error (self, file, error);
  return FALSE;
}

static GtkFileFilter *
pgn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PGN Games"));
  gtk_file_filter_add_mime_type (filter, CHANCELLOR_DOCUMENT_MIME_TYPE);
  gtk_file_filter_add_suffix (filter, "pgn");
  return filter;
}

static GtkFileFilter *
all_files_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All Files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

/* The folder of the game's file, for the dialogs to open in. */
static GFile *
current_folder (ChancellorWindow *self)
{
  GFile *file = chancellor_document_get_file (window_document (self));

  return file ? g_file_get_parent (file) : NULL;
}

#ifdef HAVE_FILE_DIALOG

static GtkFileDialog *
file_dialog_new (ChancellorWindow *self,
                 const char       *title)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) pgn = pgn_filter ();
  g_autoptr (GtkFileFilter) all = all_files_filter ();
  g_autoptr (GFile) folder = current_folder (self);

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  g_list_store_append (filters, pgn);
  g_list_store_append (filters, all);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, pgn);
  if (folder)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  return dialog;
}

static void
open_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr (ChancellorWindow) self = data;
  g_autoptr (GFile) file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);

  if (file)
    chancellor_window_open_file (self, file);
}

static void
show_open_dialog (ChancellorWindow *self)
{
  g_autoptr (GtkFileDialog) dialog = file_dialog_new (self, _("Open a Game"));

  gtk_file_dialog_open (dialog, GTK_WINDOW (self), NULL, open_dialog_done, g_object_ref (self));
}

typedef struct {
  ChancellorWindow *window;
  Continuation *continuation;
} SaveRequest;

static void
save_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  SaveRequest *request = data;
  g_autoptr (GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);

  if (file && save_or_report (request->window, file))
    continuation_run (request->continuation, request->window);
  continuation_free (request->continuation);
  g_object_unref (request->window);
  g_free (request);
}

static void
show_save_dialog (ChancellorWindow *self,
                  Continuation     *continuation)
{
  g_autoptr (GtkFileDialog) dialog = file_dialog_new (self, _("Save the Game"));
  g_autofree char *name = chancellor_document_suggest_file_name (window_document (self));
  SaveRequest *request = g_new0 (SaveRequest, 1);

  request->window = g_object_ref (self);
  request->continuation = continuation;
  gtk_file_dialog_set_initial_name (dialog, name);
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_dialog_done, request);
}

#else /* GTK 4.8: GtkFileChooserNative */

static GtkFileChooserNative *
file_chooser_new (ChancellorWindow     *self,
                  const char           *title,
                  GtkFileChooserAction  action,
                  const char           *accept_label)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept_label,
                                                              _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);
  g_autoptr (GtkFileFilter) pgn = pgn_filter ();
  g_autoptr (GtkFileFilter) all = all_files_filter ();
  g_autoptr (GFile) folder = current_folder (self);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (chooser, pgn);
  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_set_filter (chooser, pgn);
  if (folder)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
  /* The window keeps the dialog while it is up. */
  g_set_object (&_chancellor_window_get_files (self)->file_dialog, G_OBJECT (native));
  g_object_unref (native);
  return native;
}

static void
drop_file_dialog (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  if (files)
    g_clear_object (&files->file_dialog);
}

static void
open_chooser_response (GtkNativeDialog  *native,
                       int               response,
                       ChancellorWindow *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  drop_file_dialog (self);
  if (file)
    chancellor_window_open_file (self, file);
}

static void
show_open_dialog (ChancellorWindow *self)
{
  GtkFileChooserNative *native = file_chooser_new (self, _("Open a Game"), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                   _("_Open"));

  g_signal_connect_object (native, "response", G_CALLBACK (open_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_chooser_response (GtkNativeDialog  *native,
                       int               response,
                       ChancellorWindow *self)
{
  Continuation *continuation = g_object_steal_data (G_OBJECT (native), "continuation");
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  drop_file_dialog (self);
  if (file && save_or_report (self, file))
    continuation_run (continuation, self);
  continuation_free (continuation);
}

static void
show_save_dialog (ChancellorWindow *self,
                  Continuation     *continuation)
{
  GtkFileChooserNative *native = file_chooser_new (self, _("Save the Game"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                   _("_Save"));
  g_autofree char *name = chancellor_document_suggest_file_name (window_document (self));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data_full (G_OBJECT (native), "continuation", continuation, continuation_free);
  g_signal_connect_object (native, "response", G_CALLBACK (save_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

/* Save: to the game's file, or through Save As for a game without one. */
static void
save_then (ChancellorWindow *self,
           Continuation     *continuation)
{
  GFile *file = chancellor_document_get_file (window_document (self));

  if (file == NULL)
    {
      show_save_dialog (self, continuation);
      return;
    }
  if (save_or_report (self, file))
    continuation_run (continuation, self);
  continuation_free (continuation);
}

/* The question before unsaved changes go */

/* A new game without moves (or with all taken back) has nothing to lose. */
static gboolean
has_unsaved_changes (ChancellorWindow *self)
{
  ChancellorDocument *document = window_document (self);
  ChancellorGame *game = chancellor_document_get_game (document);

  return game != NULL && chancellor_document_get_modified (document)
         && (chancellor_game_get_n_moves (game) > 0 || chancellor_document_get_file (document) != NULL);
}

static void
save_question_response (AdwMessageDialog *dialog,
                        const char       *response,
                        ChancellorWindow *self)
{
  Continuation *continuation = g_object_steal_data (G_OBJECT (dialog), "continuation");

  g_clear_weak_pointer (&_chancellor_window_get_files (self)->question);
  if (g_str_equal (response, "save"))
    {
      save_then (self, continuation);
      return;
    }
  if (g_str_equal (response, "discard"))
    {
      chancellor_document_set_modified (window_document (self), FALSE);
      continuation_run (continuation, self);
    }
  continuation_free (continuation);
}

void
_chancellor_window_ask_to_save (ChancellorWindow     *self,
                                ChancellorWindowNext  next,
                                gpointer              data,
                                GDestroyNotify        destroy)
{
  Continuation *continuation = continuation_new (next, data, destroy);
  ChancellorWindowFiles *files;
  const char *name;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_assert (CHANCELLOR_IS_WINDOW (self));

  if (!has_unsaved_changes (self))
    {
      continuation_run (continuation, self);
      continuation_free (continuation);
      return;
    }
  /* Asked already (the close button pressed twice): that answer counts. */
  files = _chancellor_window_get_files (self);
  if (files->question)
    {
      gtk_window_present (GTK_WINDOW (files->question));
      continuation_free (continuation);
      return;
    }

  name = chancellor_document_get_display_name (window_document (self));
  body = name ? g_strdup_printf (_("“%s” has changes that are not saved. They are lost unless you save them."),
                                 name)
              : g_strdup (_("The game being played is not saved. Its moves are lost unless you save it."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Save the Game?"), body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "continuation", continuation, continuation_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (save_question_response), self, 0);
  files->question = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &files->question);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Quit's questions, one window after the other. */
typedef struct {
  GPtrArray *windows;
  guint next;
  ChancellorWindowsAsked done;
  gpointer data;
  GDestroyNotify destroy;
} QuitQuestions;

static void
quit_questions_clear (QuitQuestions *questions)
{
  g_ptr_array_unref (questions->windows);
  if (questions->destroy)
    questions->destroy (questions->data);
}

static void
quit_questions_release (gpointer data)
{
  g_rc_box_release_full (data, (GDestroyNotify) quit_questions_clear);
}

static void quit_questions_ask_next (QuitQuestions *questions);

static gboolean
quit_questions_done (gpointer data)
{
  QuitQuestions *questions = data;

  questions->done (questions->data);
  return G_SOURCE_REMOVE;
}

static void
quit_question_answered (ChancellorWindow *self,
                        gpointer          data)
{
  quit_questions_ask_next (g_rc_box_acquire (data));
}

/* Takes the reference given: to the next question, or dropped at the end. */
static void
quit_questions_ask_next (QuitQuestions *questions)
{
  while (questions->next < questions->windows->len)
    {
      ChancellorWindow *window = questions->windows->pdata[questions->next++];

      if (CHANCELLOR_IS_WINDOW (window) && !gtk_widget_in_destruction (GTK_WIDGET (window))
          && has_unsaved_changes (window))
        {
          gtk_window_present (GTK_WINDOW (window));
          _chancellor_window_ask_to_save (window, quit_question_answered, questions, quit_questions_release);
          return;
        }
    }
  /* Once the last question has gone: the windows are its parents. */
  g_idle_add_full (G_PRIORITY_DEFAULT, quit_questions_done, questions, quit_questions_release);
}

void
chancellor_windows_ask_to_save (GPtrArray              *windows,
                                ChancellorWindowsAsked  done,
                                gpointer                data,
                                GDestroyNotify          destroy)
{
  QuitQuestions *questions;

  g_return_if_fail (windows != NULL);
  g_return_if_fail (done != NULL);

  questions = g_rc_box_new0 (QuitQuestions);
  questions->windows = g_ptr_array_ref (windows);
  questions->done = done;
  questions->data = data;
  questions->destroy = destroy;
  quit_questions_ask_next (questions);
}

static gboolean
close_window (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

/* Once the question has gone: it is the window's. */
static void
close_after_asking (ChancellorWindow *self,
                    gpointer          data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, close_window, g_object_ref (self), g_object_unref);
}

static gboolean
close_request (GtkWindow *window,
               gpointer   data)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (window);

  if (!has_unsaved_changes (self))
    return FALSE;
  _chancellor_window_ask_to_save (self, close_after_asking, NULL, NULL);
  return TRUE;
}

/* The autosave: the window's unsaved game in a file of its own, rewritten
 * a moment after each change (changes in a burst are written once) and
 * removed once nothing is left to lose. */

#define AUTOSAVE_DELAY_MS 300

/* A game worth keeping: changed and not empty. */
static gboolean
autosave_wanted (ChancellorWindow *self)
{
  ChancellorDocument *document = window_document (self);
  ChancellorGame *game = chancellor_document_get_game (document);

  return game != NULL && chancellor_document_get_modified (document) && chancellor_game_get_n_moves (game) > 0;
}

static void
autosave_failed (ChancellorWindow *self,
                 const GError     *error)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  g_autofree char *text = NULL;

  /* Said once: not at every move. */
  if (files->autosave_failed)
    return;
  files->autosave_failed = TRUE;
  g_warning ("Could not keep the game being played: %s", error->message);
  if (files->shut_down)
    return;
  text = g_strdup_printf (_("The unsaved game cannot be kept safe: %s"), error->message);
  _chancellor_window_show_toast (self, adw_toast_new (text));
}

static void
write_autosave (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (files->autosave_file == NULL)
    files->autosave_file = chancellor_document_new_autosave_file ();
  folder = g_file_get_parent (files->autosave_file);
  text = chancellor_pgn_write (chancellor_document_get_game (window_document (self)));
  if (!g_file_make_directory_with_parents (folder, NULL, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      autosave_failed (self, error);
      return;
    }
  g_clear_error (&error);
  if (!chancellor_document_write_text (files->autosave_file, text, NULL, &error))
    autosave_failed (self, error);
  else
    files->autosave_failed = FALSE;
}

static void
delete_autosave_file (GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!g_file_delete (file, NULL, &error) && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_warning ("Could not remove the game kept: %s", error->message);
}

/* Writes the window's autosave now, or removes it when nothing is left to
 * lose. */
static void
sync_autosave (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  g_clear_handle_id (&files->autosave_source, g_source_remove);
  if (autosave_wanted (self))
    write_autosave (self);
  else if (files->autosave_file)
    {
      delete_autosave_file (files->autosave_file);
      g_clear_object (&files->autosave_file);
    }
}

static gboolean
autosave_timeout (gpointer data)
{
  ChancellorWindow *self = data;
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  files->autosave_source = 0;
  sync_autosave (self);
  return G_SOURCE_REMOVE;
}

static void
document_changed (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  if (files == NULL || files->shut_down)
    return;
  /* Saved, discarded or replaced: the kept game goes at once. */
  if (!autosave_wanted (self))
    {
      sync_autosave (self);
      return;
    }
  if (files->autosave_source == 0)
    files->autosave_source = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_timeout, self);
}

static void
clear_offer (ChancellorWindowFiles *files)
{
  g_clear_pointer (&files->offered_games, g_ptr_array_unref);
  g_clear_pointer (&files->offered_files, g_ptr_array_unref);
}

static void
resume_offer_dismissed (AdwToast         *toast,
                        ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  if (files == NULL)
    return;
  files->resume_toast = NULL;
  /* Declined: the offer is made once. */
  if (files->offered_files)
    {
      for (guint i = 0; i < files->offered_files->len; i++)
        delete_autosave_file (files->offered_files->pdata[i]);
      clear_offer (files);
    }
}

/* A kept game shown again in window, as unsaved as it was, kept on in its
 * autosave file. */
static void
resume_in (ChancellorWindow *window,
           ChancellorGame   *game,
           GFile            *file)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (window);

  load_game (window, game, NULL);
  if (files->autosave_file && !g_file_equal (files->autosave_file, file))
    delete_autosave_file (files->autosave_file);
  g_set_object (&files->autosave_file, file);
  chancellor_document_set_modified (window_document (window), TRUE);
}

/* The offer's Resume button: the first game here, each other in a window
 * of its own. */
static void
resume_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);
  g_autoptr (GPtrArray) games = g_steal_pointer (&files->offered_games);
  g_autoptr (GPtrArray) kept = g_steal_pointer (&files->offered_files);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (games == NULL)
    return;
  resume_in (self, games->pdata[0], kept->pdata[0]);
  for (guint i = 1; i < games->len; i++)
    {
      ChancellorWindow *window;

      if (!CHANCELLOR_IS_APPLICATION (application))
        break;
      window = chancellor_window_new (CHANCELLOR_APPLICATION (application));
      resume_in (window, games->pdata[i], kept->pdata[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* Playing on, or another game, declines the offer. */
static void
dismiss_resume_offer (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  if (files && files->resume_toast)
    adw_toast_dismiss (files->resume_toast);
}

void
chancellor_window_offer_autosave (ChancellorWindow *self)
{
  ChancellorWindowFiles *files;
  g_autoptr (GPtrArray) kept = chancellor_document_list_autosave_files ();
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) readable = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *text = NULL;
  AdwToast *toast;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));

  files = _chancellor_window_get_files (self);
  if (files->resume_toast)
    return;
  for (guint i = 0; i < kept->len; i++)
    {
      GFile *file = kept->pdata[i];
      g_autoptr (GPtrArray) read = NULL;
      g_autoptr (GError) error = NULL;

      /* The window's own, or another window's still open, is not offered. */
      if (files->autosave_file && g_file_equal (files->autosave_file, file))
        continue;
      read = chancellor_document_read_games (file, NULL, &error);
      if (read == NULL)
        {
          /* A kept game that no longer reads (a newer program's?) is dropped. */
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            {
              g_warning ("The game kept could not be read: %s", error->message);
              delete_autosave_file (file);
            }
          continue;
        }
      g_ptr_array_add (games, g_object_ref (read->pdata[0]));
      g_ptr_array_add (readable, g_object_ref (file));
    }
  if (games->len == 0)
    return;

  clear_offer (files);
  files->offered_games = g_steal_pointer (&games);
  files->offered_files = g_steal_pointer (&readable);
  if (files->offered_games->len == 1)
    text = g_strdup (_("Resume your last game?"));
  else
    text = g_strdup_printf (ngettext ("Resume your %u unsaved game?", "Resume your %u unsaved games?",
                                      files->offered_games->len),
                            files->offered_games->len);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Resume"));
  adw_toast_set_action_name (toast, "win.resume-game");
  /* It stays until it is answered (or the player plays on). */
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (resume_offer_dismissed), self, 0);
  files->resume_toast = toast;
  _chancellor_window_show_toast (self, toast);
}

/* Actions */

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  show_open_dialog (CHANCELLOR_WINDOW (widget));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  chancellor_window_open_file (CHANCELLOR_WINDOW (widget), file);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  Continuation *continuation = continuation_new (NULL, NULL, NULL);

  if (g_str_equal (action_name, "win.save-as"))
    show_save_dialog (self, continuation);
  else
    save_then (self, continuation);
}

static gboolean
file_dropped (GtkDropTarget    *target,
              const GValue     *value,
              double            x,
              double            y,
              ChancellorWindow *self)
{
  GSList *list;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  list = g_value_get_boxed (value);
  if (list == NULL)
    return FALSE;
  /* One game at a time: the first file dropped. */
  chancellor_window_open_file (self, list->data);
  return TRUE;
}

void
_chancellor_window_files_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child_full (widget_class, "recent_menu", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.resume-game", NULL, resume_game_action);
  gtk_widget_class_install_action (widget_class, "win.previous-game", NULL, step_game_action);
  gtk_widget_class_install_action (widget_class, "win.next-game", NULL, step_game_action);
}

ChancellorWindowFiles *
_chancellor_window_files_new (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = g_new0 (ChancellorWindowFiles, 1);
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  g_signal_connect (self, "close-request", G_CALLBACK (close_request), NULL);
  g_signal_connect_object (chancellor_window_get_document (self), "notify::game",
                           G_CALLBACK (dismiss_resume_offer), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chancellor_window_get_document (self), "notify::game",
                           G_CALLBACK (update_game_steps), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chancellor_window_get_document (self), "notify::modified",
                           G_CALLBACK (dismiss_resume_offer), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chancellor_window_get_document (self), "notify::modified",
                           G_CALLBACK (document_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (chancellor_window_get_document (self), "changed", G_CALLBACK (document_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent_menu), self,
                           G_CONNECT_SWAPPED);
  update_recent_menu (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-game", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-game", FALSE);
  return files;
}

void
_chancellor_window_files_shutdown (ChancellorWindow *self)
{
  ChancellorWindowFiles *files = _chancellor_window_get_files (self);

  g_cancellable_cancel (files->open_cancellable);
  g_clear_object (&files->open_cancellable);
  g_clear_object (&files->file_dialog);
  g_clear_weak_pointer (&files->question);
  /* An offer not taken up stays for the next start. */
  if (files->resume_toast)
    g_signal_handlers_disconnect_by_data (files->resume_toast, self);
  files->resume_toast = NULL;
  clear_offer (files);
  /* Kept when the game is unsaved (the program quits), removed when the
   * player answered the question; either way, now. */
  sync_autosave (self);
  files->shut_down = TRUE;
  g_clear_object (&files->autosave_file);
  chancellor_document_set_modified (chancellor_window_get_document (self), FALSE);
}

void
_chancellor_window_files_free (ChancellorWindowFiles *files)
{
  g_clear_object (&files->open_cancellable);
  g_clear_object (&files->file_dialog);
  clear_offer (files);
  g_clear_handle_id (&files->autosave_source, g_source_remove);
  g_clear_object (&files->autosave_file);
  g_clear_pointer (&files->file_games, g_ptr_array_unref);
  g_clear_object (&files->games_file);
  g_free (files);
}
