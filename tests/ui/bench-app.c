/* bench-app.c — the application's speed as a player feels it: time from
 * start to the first frame of the main window, and the median time the
 * window takes to paint a frame of a 10×10 Ajax board at 800×800 after
 * warm-up.  Prints figures; run by `meson test --benchmark`.
 * Goals: first frame under 0.5 s, a frame under 2 ms. */
#include "config.h"

#include <stdlib.h>

#include "chancellor-application.h"
#include "chancellor-window-private.h"

#define WARM_UP_FRAMES 30
#define MEASURED_FRAMES 200

typedef struct {
  gint64 start_us;
  gint64 before_paint_us;
  gboolean first_frame_seen;
  int frames;
  double paint_ms[MEASURED_FRAMES];
  ChancellorWindow *window;
  GtkWidget *board;
} Bench;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
before_paint (GdkFrameClock *clock, Bench *bench)
{
  bench->before_paint_us = g_get_monotonic_time ();
}

static void
after_paint (GdkFrameClock *clock, Bench *bench)
{
  gint64 now = g_get_monotonic_time ();

  if (!bench->first_frame_seen)
    {
      bench->first_frame_seen = TRUE;
      g_print ("first frame after %.1f ms (goal: under 500 ms)\n", (double) (now - bench->start_us) / 1000.0);
    }
  else if (bench->frames >= WARM_UP_FRAMES && bench->frames < WARM_UP_FRAMES + MEASURED_FRAMES)
    bench->paint_ms[bench->frames - WARM_UP_FRAMES] = (double) (now - bench->before_paint_us) / 1000.0;

  if (++bench->frames == WARM_UP_FRAMES + MEASURED_FRAMES)
    {
      qsort (bench->paint_ms, MEASURED_FRAMES, sizeof (double), compare_doubles);
      g_print ("median frame %.3f ms, 90th percentile %.3f ms over %d frames of a 10x10 board at %dx%d (goal: under 2 ms)\n",
               bench->paint_ms[MEASURED_FRAMES / 2], bench->paint_ms[MEASURED_FRAMES * 9 / 10], MEASURED_FRAMES,
               gtk_widget_get_width (bench->board), gtk_widget_get_height (bench->board));
      gtk_window_destroy (GTK_WINDOW (bench->window));
      return;
    }
  /* Ask for the next frame at once: the board is redrawn every frame. */
  gtk_widget_queue_draw (bench->board);
}

static void
on_realize (GtkWidget *widget, Bench *bench)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint), bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), bench);
}

static void
on_activate (GApplication *app, Bench *bench)
{
  g_autoptr (GError) error = NULL;

  bench->window = chancellor_window_new (CHANCELLOR_APPLICATION (app));
  if (!chancellor_window_start_variant (bench->window, "ajax", &error))
    g_error ("cannot start Ajax Chess: %s", error->message);
  bench->board = GTK_WIDGET (chancellor_window_get_board_view (bench->window));
  /* A board of 800×800 in a window that leaves room for the side panel. */
  gtk_widget_set_size_request (bench->board, 800, 800);
  g_signal_connect (bench->window, "realize", G_CALLBACK (on_realize), bench);
  gtk_window_present (GTK_WINDOW (bench->window));
}

int
main (int argc, char *argv[])
{
  Bench bench = { .start_us = g_get_monotonic_time () };
  g_autoptr (ChancellorApplication) app = chancellor_application_new (APPLICATION_ID ".Bench", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), &bench);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  if (bench.frames < WARM_UP_FRAMES + MEASURED_FRAMES)
    {
      g_printerr ("bench-app: only %d frames were drawn\n", bench.frames);
      return 1;
    }
  return status;
}
