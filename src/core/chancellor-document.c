/* chancellor-document.c — a game, its file and whether it changed since. */
/* realpath() is X/Open: saving resolves a symbolic link to its file. */
#define _XOPEN_SOURCE 700
#define G_LOG_DOMAIN "chancellor-document"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chancellor-document.h"
#include "chancellor-pgn.h"

struct _ChancellorDocument
{
  GObject parent_instance;

  ChancellorGame *game;
  GFile *file;
  char *display_name;    /* the file's, looked up once */
  gboolean modified;
};

G_DEFINE_FINAL_TYPE (ChancellorDocument, chancellor_document, G_TYPE_OBJECT)

G_DEFINE_QUARK (chancellor-document-error-quark, chancellor_document_error)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FILE,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
game_changed (ChancellorDocument *self)
{
  chancellor_document_set_modified (self, TRUE);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
chancellor_document_dispose (GObject *object)
{
  ChancellorDocument *self = CHANCELLOR_DOCUMENT (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (chancellor_document_parent_class)->dispose (object);
}

static void
chancellor_document_finalize (GObject *object)
{
  ChancellorDocument *self = CHANCELLOR_DOCUMENT (object);

  g_free (self->display_name);

  G_OBJECT_CLASS (chancellor_document_parent_class)->finalize (object);
}

static void
chancellor_document_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ChancellorDocument *self = CHANCELLOR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_document_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ChancellorDocument *self = CHANCELLOR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      chancellor_document_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_document_class_init (ChancellorDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chancellor_document_dispose;
  object_class->finalize = chancellor_document_finalize;
  object_class->get_property = chancellor_document_get_property;
  object_class->set_property = chancellor_document_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The file read or saved last; NULL for a game never saved. */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game changed since it was read, saved or started. */
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chancellor_document_init (ChancellorDocument *self)
{
}

ChancellorDocument *
chancellor_document_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_DOCUMENT, NULL);
}

ChancellorGame *
chancellor_document_get_game (ChancellorDocument *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), NULL);

  return self->game;
}

static char *
file_display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autofree char *basename = NULL;

  /* The portal's and GVfs's names are nicer than the path's last part. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info)
    return g_strdup (g_file_info_get_display_name (info));
  basename = g_file_get_basename (file);
  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

static void
document_set_file (ChancellorDocument *self,
                   GFile              *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_free (self->display_name);
  self->display_name = file ? file_display_name (file) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

void
chancellor_document_set_game (ChancellorDocument *self,
                              ChancellorGame     *game,
                              GFile              *file)
{
  g_return_if_fail (CHANCELLOR_IS_DOCUMENT (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_object_freeze_notify (G_OBJECT (self));
  if (self->game != game)
    {
      if (self->game)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game)
        {
          /* Everything a file keeps: the moves (played, taken back or
           * replayed, and how the game ended), the annotations, the tags. */
          g_signal_connect_object (game, "changed", G_CALLBACK (game_changed), self, G_CONNECT_SWAPPED);
          g_signal_connect_object (game, "annotation-changed", G_CALLBACK (game_changed), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (game, "notify::tags", G_CALLBACK (game_changed), self, G_CONNECT_SWAPPED);
        }
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
    }
  document_set_file (self, file);
  chancellor_document_set_modified (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

GFile *
chancellor_document_get_file (ChancellorDocument *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), NULL);

  return self->file;
}

gboolean
chancellor_document_get_modified (ChancellorDocument *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), FALSE);

  return self->modified;
}

void
chancellor_document_set_modified (ChancellorDocument *self,
                                  gboolean            modified)
{
  g_return_if_fail (CHANCELLOR_IS_DOCUMENT (self));

  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

const char *
chancellor_document_get_display_name (ChancellorDocument *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), NULL);

  return self->display_name;
}

char *
chancellor_document_suggest_file_name (ChancellorDocument *self)
{
  g_autoptr (GDateTime) now = NULL;
  g_autofree char *date = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), NULL);

  if (self->file)
    {
      g_autofree char *basename = g_file_get_basename (self->file);

      if (basename)
        return g_filename_display_name (basename);
    }
  now = g_date_time_new_now_local ();
  date = g_date_time_format (now, "%Y-%m-%d");
  return g_strdup_printf ("%s-%s.pgn",
                          self->game ? chancellor_game_get_variant_id (self->game) : "game",
                          date);
}

/* Writes text over the file at path itself (its inode, so every hard link
 * sees it), flushed; not atomic, which the hard links rule out. */
static gboolean
write_in_place (const char  *path,
                const char  *text,
                GError     **error)
{
  size_t length = strlen (text), done = 0;
  int fd = g_open (path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0);

  if (fd < 0)
    goto fail;
  while (done < length)
    {
      ssize_t n = write (fd, text + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        goto fail;
      done += (size_t) n;
    }
  if (fsync (fd) != 0)
    goto fail;
  if (close (fd) != 0)
    {
      fd = -1;
      goto fail;
    }
  return TRUE;

fail:
  {
    int saved = errno;
    g_autofree char *name = g_filename_display_name (path);

    if (fd >= 0)
      close (fd);
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Cannot write “%s”: %s"), name,
                 g_strerror (saved));
    return FALSE;
  }
}

gboolean
chancellor_document_write_text (GFile         *file,
                                const char    *text,
                                GCancellable  *cancellable,
                                GError       **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  struct stat old;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_get_path (file);
  if (path)
    {
      /* Through a symbolic link, the file it names is saved (the link
       * stays); a file with several hard links is rewritten in place so
       * that every name has the new game; any other goes through a
       * temporary file, flushed and renamed, so that a failed save leaves
       * the old file whole.  The old file's permissions are kept. */
      target = realpath (path, NULL);
      if (!target)
        target = g_strdup (path);
      if (g_stat (target, &old) != 0)
        return g_file_set_contents_full (target, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
      if (S_ISREG (old.st_mode) && old.st_nlink > 1)
        return write_in_place (target, text, error);
      if (!g_file_set_contents_full (target, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, old.st_mode & 07777, error))
        return FALSE;
      /* The mode given at creation is cut by the umask: set it again. */
      if (g_chmod (target, old.st_mode & 07777) != 0)
        g_debug ("cannot keep the permissions of %s: %s", target, g_strerror (errno));
      return TRUE;
    }
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                  cancellable, error);
}

gboolean
chancellor_document_save (ChancellorDocument  *self,
                          GFile               *file,
                          GCancellable        *cancellable,
                          GError             **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = chancellor_pgn_write (self->game);
  if (!chancellor_document_write_text (file, text, cancellable, error))
    return FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  document_set_file (self, file);
  chancellor_document_set_modified (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* The size is checked before reading and while reading: a file that grows
 * while it is read is not read without end. */
static gboolean
check_size (GFile    *file,
            goffset   size,
            GError  **error)
{
  g_autofree char *name = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *max_text = NULL;

  if (size <= CHANCELLOR_DOCUMENT_MAX_SIZE)
    return TRUE;
  name = file_display_name (file);
  size_text = g_format_size_full ((guint64) size, G_FORMAT_SIZE_IEC_UNITS);
  max_text = g_format_size_full (CHANCELLOR_DOCUMENT_MAX_SIZE, G_FORMAT_SIZE_IEC_UNITS);
  g_set_error (error, CHANCELLOR_DOCUMENT_ERROR, CHANCELLOR_DOCUMENT_ERROR_TOO_LARGE,
               /* TRANSLATORS: a file's name and two sizes ("70.0 MiB", "64.0 MiB") */
               _("“%s” is too large (%s): Chancellor reads game files of up to %s."), name, size_text,
               max_text);
  return FALSE;
}

/* The file's bytes, NUL-terminated, read through a stream that stops
 * past the size limit: a file that grows while it is read (or lies about
 * its size) is never read without end. */
static char *
read_limited (GFile         *file,
              GCancellable  *cancellable,
              gsize         *length,
              GError       **error)
{
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GByteArray) bytes = NULL;
  g_autofree guint8 *chunk = NULL;
  const gsize chunk_size = 64 * 1024;

  stream = g_file_read (file, cancellable, error);
  if (!stream)
    return NULL;
  bytes = g_byte_array_new ();
  chunk = g_malloc (chunk_size);
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), chunk, chunk_size, cancellable, error);
      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      if (!check_size (file, (goffset) bytes->len + n, error))
        return NULL;
      g_byte_array_append (bytes, chunk, (guint) n);
    }
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

GPtrArray *
chancellor_document_read_games (GFile         *file,
                                GCancellable  *cancellable,
                                GError       **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (!info)
    {
      /* GIO's words name the whole path, which the caller gives anyway. */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The file does not exist."));
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *name = file_display_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("“%s” is a folder, not a game file."), name);
      return NULL;
    }
  /* A device (/dev/zero) never ends, and opening a FIFO waits for a
   * writer: only regular files (or links to them) are opened at all. */
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_autofree char *name = file_display_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("“%s” is not a regular file."), name);
      return NULL;
    }
  if (!check_size (file, g_file_info_get_size (info), error))
    return NULL;
  contents = read_limited (file, cancellable, &length, error);
  if (!contents)
    return NULL;
  return chancellor_pgn_read (contents, (gssize) length, error);
}

static void
read_games_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *games = chancellor_document_read_games (G_FILE (task_data), cancellable, &error);

  if (games)
    g_task_return_pointer (task, games, (GDestroyNotify) g_ptr_array_unref);
  else
    g_task_return_error (task, error);
}

void
chancellor_document_read_games_async (GFile               *file,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_name (task, "[chancellor] read games");
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_games_thread);
}

GPtrArray *
chancellor_document_read_games_finish (GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

GFile *
chancellor_document_new_autosave_file (void)
{
  g_autofree char *id = g_uuid_string_random ();
  g_autofree char *name = g_strdup_printf ("window-%s.pgn", id);

  return g_file_new_build_filename (g_get_user_data_dir (), "chancellor", "autosave", name, NULL);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
chancellor_document_list_autosave_files (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *legacy = g_build_filename (g_get_user_data_dir (), "chancellor", "autosave.pgn", NULL);
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "chancellor", "autosave", NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (g_file_test (legacy, G_FILE_TEST_IS_REGULAR))
    g_ptr_array_add (files, g_file_new_for_path (legacy));
  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, "window-") && g_str_has_suffix (name, ".pgn"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (files, g_file_new_build_filename (folder, (const char *) names->pdata[i], NULL));
  return files;
}
