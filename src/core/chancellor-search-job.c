/* chancellor-search-job.c — engine work on a thread of its own
 * (chancellor-search-job-private.h). */
#define G_LOG_DOMAIN "chancellor-search-job"

#include "config.h"

#include <stdatomic.h>

#include "chancellor-game.h"
#include "chancellor-search-job-private.h"

struct _ChancellorSearchJob
{
  atomic_int ref_count;
  Search *search;
  Position *position;
  GCancellable *cancellable;
  gulong cancel_handler;
  GThread *thread;
  GSource *wakeup;                /* dispatched on the main context */
  ChancellorSearchJobRun run;
  ChancellorSearchJobWake wake;
  gpointer data;
  GDestroyNotify data_free;
  atomic_bool finished;
};

/* The wake-up source: idle until the worker sets its ready time. */
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

ChancellorSearchJob *
_chancellor_search_job_new (Search         *search,
                            Position       *position,
                            GCancellable   *cancellable,
                            gpointer        data,
                            GDestroyNotify  data_free)
{
  ChancellorSearchJob *job = g_new0 (ChancellorSearchJob, 1);

  g_assert (search != NULL && position != NULL);

  atomic_init (&job->ref_count, 1);
  atomic_init (&job->finished, false);
  job->search = search;
  job->position = position;
  job->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  job->data = data;
  job->data_free = data_free;
  return job;
}

ChancellorSearchJob *
_chancellor_search_job_ref (ChancellorSearchJob *job)
{
  atomic_fetch_add_explicit (&job->ref_count, 1, memory_order_relaxed);
  return job;
}

void
_chancellor_search_job_unref (ChancellorSearchJob *job)
{
  if (atomic_fetch_sub_explicit (&job->ref_count, 1, memory_order_acq_rel) != 1)
    return;
  g_assert (job->thread == NULL);
  if (job->data_free)
    job->data_free (job->data);
  g_clear_pointer (&job->search, search_free);
  chancellor_position_free (job->position);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->wakeup, g_source_unref);
  g_free (job);
}

static void
job_stop_search (GCancellable        *cancellable,
                 ChancellorSearchJob *job)
{
  search_stop (job->search);
}

static void
job_unref_notify (gpointer data)
{
  _chancellor_search_job_unref (data);
}

/* On the main context. */
static gboolean
job_wakeup (gpointer data)
{
  ChancellorSearchJob *job = data;

  if (!atomic_load (&job->finished))
    {
      job->wake (job, FALSE, job->data);
      return G_SOURCE_CONTINUE;
    }
  g_thread_join (g_steal_pointer (&job->thread));
  g_cancellable_disconnect (job->cancellable, job->cancel_handler);
  job->cancel_handler = 0;
  job->wake (job, TRUE, job->data);
  return G_SOURCE_REMOVE;
}

/* The worker: only the job's own search, position and data. */
static gpointer
job_thread (gpointer data)
{
  ChancellorSearchJob *job = data;

  /* search_run starts by clearing the stop flag, so a cancel from before
   * it is noticed again at the first report (the run's info callbacks);
   * a run whose reports do not look (the game review's) readies each
   * search with search_prepare before it checks the cancel instead. */
  if (!g_cancellable_is_cancelled (job->cancellable))
    job->run (job, job->data);
  atomic_store (&job->finished, true);
  /* The main context holds the job until it has joined this thread. */
  g_source_set_ready_time (job->wakeup, 0);
  return NULL;
}

void
_chancellor_search_job_start (ChancellorSearchJob     *job,
                              const char              *name,
                              ChancellorSearchJobRun   run,
                              ChancellorSearchJobWake  wake)
{
  g_assert (job->thread == NULL && job->wakeup == NULL);

  job->run = run;
  job->wake = wake;
  job->cancel_handler = g_cancellable_connect (job->cancellable, G_CALLBACK (job_stop_search),
                                               _chancellor_search_job_ref (job), job_unref_notify);
  job->wakeup = g_source_new (&wakeup_funcs, sizeof (GSource));
  g_source_set_static_name (job->wakeup, name);
  g_source_set_ready_time (job->wakeup, -1);
  g_source_set_callback (job->wakeup, job_wakeup, _chancellor_search_job_ref (job), job_unref_notify);
  g_source_attach (job->wakeup, g_main_context_get_thread_default ());
  job->thread = g_thread_new (name, job_thread, job);
}

Search *
_chancellor_search_job_get_search (ChancellorSearchJob *job)
{
  return job->search;
}

Position *
_chancellor_search_job_get_position (ChancellorSearchJob *job)
{
  return job->position;
}

gpointer
_chancellor_search_job_get_data (ChancellorSearchJob *job)
{
  return job->data;
}

gboolean
_chancellor_search_job_is_cancelled (ChancellorSearchJob *job)
{
  return g_cancellable_is_cancelled (job->cancellable);
}

void
_chancellor_search_job_cancel (ChancellorSearchJob *job)
{
  g_cancellable_cancel (job->cancellable);
}

void
_chancellor_search_job_wake (ChancellorSearchJob *job,
                             gint64               ready_time)
{
  g_source_set_ready_time (job->wakeup, ready_time);
}

Search *
_chancellor_search_job_steal_search (ChancellorSearchJob *job)
{
  g_assert (atomic_load (&job->finished) && job->thread == NULL);

  return g_steal_pointer (&job->search);
}
