/* chancellor-search-job-private.h — one piece of engine work on a thread
 * of its own, for the core's searching objects (the computer player, the
 * game review).
 *
 * A job owns a Search, a copy of a position and the caller's data; the
 * worker (run) touches only those.  Cancelling the job's GCancellable
 * stops the search at once (search_stop, from the cancelling thread).  The
 * worker hands over to the main context with _chancellor_search_job_wake,
 * safe from any thread: wake then runs on the main context; once run has
 * returned, the thread is joined and wake runs a last time with finished
 * TRUE.  Nothing that GLib allocates crosses threads: every hand-over is
 * thread creation, the join or a C11 atomic in the caller's data, which
 * ThreadSanitizer sees.  The main context holds a reference until the
 * last wake, so a job that its owner dropped still winds down.
 */
#pragma once

#include <gio/gio.h>

#include "search.h"

G_BEGIN_DECLS

typedef struct _ChancellorSearchJob ChancellorSearchJob;

/* On the worker thread. */
typedef void (*ChancellorSearchJobRun) (ChancellorSearchJob *job, gpointer data);
/* On the main context, after each wake-up and once at the end. */
typedef void (*ChancellorSearchJobWake) (ChancellorSearchJob *job, gboolean finished, gpointer data);

/* A job over search and position (both taken), with its own cancellable
 * when cancellable is NULL; data_free frees data with the job. */
ChancellorSearchJob *_chancellor_search_job_new (Search *search, Position *position, GCancellable *cancellable,
                                                 gpointer data, GDestroyNotify data_free);
ChancellorSearchJob *_chancellor_search_job_ref (ChancellorSearchJob *job);
void _chancellor_search_job_unref (ChancellorSearchJob *job);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorSearchJob, _chancellor_search_job_unref)

/* Starts the thread, named name, on the thread-default main context. */
void _chancellor_search_job_start (ChancellorSearchJob *job, const char *name, ChancellorSearchJobRun run,
                                   ChancellorSearchJobWake wake);

Search *_chancellor_search_job_get_search (ChancellorSearchJob *job);
Position *_chancellor_search_job_get_position (ChancellorSearchJob *job);
gpointer _chancellor_search_job_get_data (ChancellorSearchJob *job);
gboolean _chancellor_search_job_is_cancelled (ChancellorSearchJob *job);
void _chancellor_search_job_cancel (ChancellorSearchJob *job);
/* From the worker: wake runs on the main context at ready_time (a
 * monotonic time; 0: at once).  A wake-up asked for during wake brings it
 * round again. */
void _chancellor_search_job_wake (ChancellorSearchJob *job, gint64 ready_time);
/* On the main context, once finished: the search, for another job (NULL
 * when taken already); otherwise the job frees it. */
Search *_chancellor_search_job_steal_search (ChancellorSearchJob *job);

G_END_DECLS
