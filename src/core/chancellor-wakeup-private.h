/* chancellor-wakeup-private.h — how a worker thread of the core library
 * (the computer's search, the game analysis) hands over to the main
 * context: a source that the worker makes ready with
 * g_source_set_ready_time (source, 0), safe from any thread, and that
 * dispatches on the main context.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A wake-up source named name, attached to the thread-default main
 * context and idle until woken; callback (data) runs once per wake-up,
 * and a wake-up during the callback brings it round again.  notify frees
 * data when the source goes.  The caller owns the returned reference. */
GSource *_chancellor_wakeup_source_new (const char     *name,
                                        GSourceFunc     callback,
                                        gpointer        data,
                                        GDestroyNotify  notify);

G_END_DECLS
