/* chancellor-wakeup.c — the wake-up source of the core library's worker
 * threads (chancellor-wakeup-private.h). */
#define G_LOG_DOMAIN "chancellor-wakeup"

#include "config.h"

#include "chancellor-wakeup-private.h"

static gboolean
wakeup_dispatch (GSource     *source,
                 GSourceFunc  callback,
                 gpointer     user_data)
{
  /* Before anything is read: a wake-up from now on comes round again. */
  g_source_set_ready_time (source, -1);
  return callback (user_data);
}

static GSourceFuncs wakeup_funcs = {
  NULL, NULL, wakeup_dispatch, NULL, NULL, NULL,
};

GSource *
_chancellor_wakeup_source_new (const char     *name,
                               GSourceFunc     callback,
                               gpointer        data,
                               GDestroyNotify  notify)
{
  GSource *source = g_source_new (&wakeup_funcs, sizeof (GSource));

  g_source_set_static_name (source, name);
  g_source_set_ready_time (source, -1);
  g_source_set_callback (source, callback, data, notify);
  g_source_attach (source, g_main_context_get_thread_default ());
  return source;
}
