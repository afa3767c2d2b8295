/* test-search.c — the search: mates in one and two in every game (the
 * lone Minister, Prime Minister and compound-piece mates among them),
 * legal best moves, determinism at fixed depth, and a prompt stop; the
 * same with two threads (lazy SMP, also run under ThreadSanitizer); the
 * Threads count clamped; MultiPV lines distinct and best first. */
#include "test-util.h"

#include "search.h"

typedef struct {
  const char *game;
  const char *fen;
  int mate_in;
} MateCase;

/* Each position was checked by brute force to be a mate in exactly n. */
static const MateCase mates[] = {
  { "ajax", "10/10/10/10/10/10/8M1/7K2/10/6k3 w - - 0 1", 1 },
  { "ajax", "5k4/10/5K4/10/7M2/10/10/10/10/10 w - - 0 1", 2 },
  { "ajax-ministers", "10/2K7/k9/10/1M8/10/10/10 w - - 0 1", 1 },
  { "ajax-ministers", "10/10/10/10/8M1/7K2/10/7k2 w - - 0 1", 2 },
  { "ajax-capablanca-ministers", "10/2K7/k9/10/1M8/10/10/10 w - - 0 1", 1 },
  { "ajax-capablanca-ministers", "10/10/10/10/8M1/7K2/10/7k2 w - - 0 1", 2 },
  { "ajax-capablanca", "9k/10/9K/10/10/10/10/3C6 w - - 0 1", 1 },
  { "ajax-capablanca", "10/10/10/10/10/2C4K2/9k/10 w - - 0 1", 2 },
  { "prime-ministers-random", "k1K6/9/9/M8/9/9/9/9 w - - 0 1", 1 },
  { "prime-ministers-random", "9/9/M8/9/9/9/k8/2K6 w - - 0 1", 2 },
  { "capablanca", "k9/10/10/4A5/10/10/10/5K4 w - - 0 1", 1 },
  { "capablanca", "8k1/10/8K1/10/10/10/10/A9 w - - 0 1", 2 },
  { "capablanca-relocation", "k9/10/10/4A5/10/10/10/5K4 w - - 0 1", 1 },
  { "capablanca-relocation", "8k1/10/8K1/10/10/10/10/A9 w - - 0 1", 2 },
  { "carrera", "9k/10/9K/10/10/10/10/3C6 w - - 0 1", 1 },
  { "carrera", "10/10/10/10/10/2C4K2/9k/10 w - - 0 1", 2 },
  { "chess", "8/8/8/8/3Q4/8/5K2/7k w - - 0 1", 1 },
  { "chess", "k7/8/8/1K6/8/8/8/1Q6 w - - 0 1", 2 },
  { "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1 },
};

typedef struct {
  SearchInfo last;
  int reports;
} InfoLog;

static void log_info (const SearchInfo *info, void *data)
{
  InfoLog *log = data;
  if (info->multipv == 1)
    log->last = *info;
  log->reports++;
}

/* Brute force, independent of the search: can the side to move mate in n? */
static bool forces_mate (Position *pos, Move first, int n)
{
  MoveList replies;
  bool mated = true;

  position_make (pos, first);
  movegen_legal (pos, &replies);
  if (replies.count == 0)
    mated = position_in_check (pos);
  else if (n == 1)
    mated = false;
  for (int i = 0; i < replies.count && mated; i++)
    {
      MoveList moves;
      bool found = false;
      position_make (pos, replies.moves[i]);
      movegen_legal (pos, &moves);
      for (int j = 0; j < moves.count && !found; j++)
        found = forces_mate (pos, moves.moves[j], n - 1);
      position_unmake (pos);
      mated = found;
    }
  position_unmake (pos);
  return mated;
}

static void test_mates (void)
{
  Search *search = search_new (8);

  for (gsize i = 0; i < G_N_ELEMENTS (mates); i++)
    {
      g_autofree Position *pos = test_position_new (mates[i].game, mates[i].fen);
      /* Deeper than the 2n - 1 plies a full-width search needs: the
       * mate's quiet moves are reduced when late in the order, and its
       * last check can be left to a razored node (the carrera mate in 2,
       * 1. Kh2 Kj1 2. Cj3#, shows first at depth 10, 2n + 6, since the
       * king's flank term of 97c390a changed the order of its moves; at
       * depth 9 since the late-move pruning of a2c26ba, at 8 before). */
      SearchLimits limits = { .depth = 2 * mates[i].mate_in + 6 };
      InfoLog log = { 0 };

      search_clear (search);
      Move best = search_run (search, pos, &limits, log_info, &log, NULL);
      g_test_message ("%s %s: mate in %d", mates[i].game, mates[i].fen, search_mate_in (log.last.score));
      g_assert_cmpint (search_mate_in (log.last.score), ==, mates[i].mate_in);
      g_assert_cmpuint (best, ==, log.last.pv[0]);
      g_assert_true (forces_mate (pos, best, mates[i].mate_in));
      g_assert_cmpint (pos->ply, ==, 0);
    }
  search_free (search);
}

/* Whatever the position, the answer is one of its legal moves. */
static void test_best_move_legal (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  Search *search = search_new (8);

  for (int i = 0; i < variant_count (); i++)
    for (int n = 0; n < 6; n++)
      {
        g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
        test_random_playout (pos, rand, g_rand_int_range (rand, 0, 60));
        SearchLimits limits = { .depth = 3, .skill = n % 2 ? 3 : 20, .seed = 7 };
        MoveList legal;
        movegen_legal (pos, &legal);
        Move best = search_run (search, pos, &limits, NULL, NULL, NULL);
        if (legal.count == 0)
          g_assert_cmpuint (best, ==, MOVE_NONE);
        else
          g_assert_true (movegen_is_legal (pos, best));
      }
  search_free (search);
}

/* The same search twice gives the same move, score and node count. */
static void test_deterministic (void)
{
  g_autofree Position *pos = test_position_new ("capablanca", NULL);
  SearchLimits limits = { .depth = 6 };
  InfoLog first = { 0 }, second = { 0 };
  Search *a = search_new (8), *b = search_new (8);

  Move ma = search_run (a, pos, &limits, log_info, &first, NULL);
  Move mb = search_run (b, pos, &limits, log_info, &second, NULL);
  g_assert_cmpuint (ma, ==, mb);
  g_assert_cmpint (first.last.score, ==, second.last.score);
  g_assert_cmpuint (first.last.nodes, ==, second.last.nodes);
  search_free (a);
  search_free (b);
}

typedef struct {
  Search *search;
  const Position *pos;
  Move best;
} SearchJob;

static gpointer run_job (gpointer data)
{
  SearchJob *job = data;
  SearchLimits limits = { .infinite = true };
  job->best = search_run (job->search, job->pos, &limits, NULL, NULL, NULL);
  return NULL;
}

/* stop answers at once, with a legal move.  The time is printed; the bound
 * is one a loaded machine cannot break (an infinite search not stopped
 * would never answer), 50 ms failed once at 80 ms under load. */
static void check_stop_is_prompt (const char *game, int threads)
{
  g_autofree Position *pos = test_position_new (game, NULL);
  SearchJob job = { search_new (16), pos, MOVE_NONE };
  g_assert_true (search_set_threads (job.search, threads));
  GThread *thread = g_thread_new ("search", run_job, &job);

  g_usleep (300 * 1000);
  gint64 start = g_get_monotonic_time ();
  search_stop (job.search);
  g_thread_join (thread);
  gint64 waited_us = g_get_monotonic_time () - start;
  g_test_message ("stop answered in %" G_GINT64_FORMAT " us with %d thread(s)", waited_us, threads);
  g_assert_cmpint (waited_us, <, 5 * G_USEC_PER_SEC);
  g_assert_true (movegen_is_legal (pos, job.best));
  search_free (job.search);
}

static void test_stop_is_prompt (void)
{
  check_stop_is_prompt ("ajax", 1);
}

typedef struct {
  SearchJob job;
  gint done;
} PreparedJob;

static gpointer run_prepared_job (gpointer data)
{
  PreparedJob *prepared = data;
  SearchLimits limits = { .infinite = true };
  prepared->job.best = search_run (prepared->job.search, prepared->job.pos, &limits, NULL, NULL, NULL);
  g_atomic_int_set (&prepared->done, 1);
  return NULL;
}

/* A stop that comes after search_prepare() but before the search thread
 * has run is kept: the infinite search then answers at once (it used to
 * clear the stop when it started, and ran until a stop that never came). */
static void test_stop_before_start (void)
{
  g_autofree Position *pos = test_position_new ("chess", NULL);
  PreparedJob prepared = { { search_new (1), pos, MOVE_NONE }, 0 };
  SearchLimits limits = { .infinite = true };

  search_prepare (prepared.job.search, &limits);
  search_stop (prepared.job.search);
  GThread *thread = g_thread_new ("search", run_prepared_job, &prepared);
  for (int waited_ms = 0; !g_atomic_int_get (&prepared.done); waited_ms += 10)
    {
      if (waited_ms >= 10 * 1000)
        g_error ("a search stopped before it started still runs after 10 s");
      g_usleep (10 * 1000);
    }
  g_thread_join (thread);
  g_assert_true (movegen_is_legal (pos, prepared.job.best));
  search_free (prepared.job.search);
}

/* Two threads: a legal move in every game, at fixed depth and on a node
 * budget, the depth reached, and the mates still found. */
static void test_threads_best_move_legal (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  Search *search = search_new (8);

  g_assert_true (search_set_threads (search, 2));
  g_assert_cmpint (search_get_threads (search), ==, 2);
  for (int i = 0; i < variant_count (); i++)
    for (int n = 0; n < 3; n++)
      {
        g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
        test_random_playout (pos, rand, g_rand_int_range (rand, 0, 60));
        SearchLimits limits = { .depth = n == 2 ? 0 : 5 + n, .nodes = n == 2 ? 20000 : 0 };
        InfoLog log = { 0 };
        MoveList legal;
        movegen_legal (pos, &legal);
        Move best = search_run (search, pos, &limits, log_info, &log, NULL);
        if (legal.count == 0)
          g_assert_cmpuint (best, ==, MOVE_NONE);
        else
          {
            g_assert_true (movegen_is_legal (pos, best));
            if (limits.depth)
              g_assert_cmpint (log.last.depth, ==, limits.depth);
          }
      }
  for (size_t i = 0; i < G_N_ELEMENTS (mates); i++)
    {
      g_autofree Position *pos = test_position_new (mates[i].game, mates[i].fen);
      /* Two plies more than one thread needs (2n + 4): with a helper
       * the main thread's move order differs from run to run, and a
       * reduced first move of the mate can leave its last (quiet) check
       * to a razored node, which only the quiescence search sees.  With
       * the reductions of the search today, the carrera mate in 2 was
       * missed at 2n + 4 in 10 of 2,000 runs, at 2n + 5 in none of
       * 6,000 and at 2n + 6 in none of 1,000 (with the milder reductions
       * before, at 2n + 3 in 56 of 3,000, none with razoring off). */
      SearchLimits limits = { .depth = 2 * mates[i].mate_in + 6 };
      InfoLog log = { 0 };
      search_clear (search);
      search_run (search, pos, &limits, log_info, &log, NULL);
      g_assert_cmpint (search_mate_in (log.last.score), ==, mates[i].mate_in);
    }
  search_free (search);
}

/* Threads is kept within 1..SEARCH_THREADS_MAX. */
static void test_threads_clamped (void)
{
  Search *search = search_new (1);

  g_assert_cmpint (search_get_threads (search), ==, 1);
  g_assert_true (search_set_threads (search, 0));
  g_assert_cmpint (search_get_threads (search), ==, 1);
  g_assert_true (search_set_threads (search, SEARCH_THREADS_MAX + 10));
  g_assert_cmpint (search_get_threads (search), ==, SEARCH_THREADS_MAX);
  g_assert_true (search_set_threads (search, 3));
  g_assert_cmpint (search_get_threads (search), ==, 3);
  search_free (search);
}

/* stop ends an infinite search with two threads at once, with a legal
 * move (the bound as in /search/stop-is-prompt). */
static void test_threads_stop_is_prompt (void)
{
  check_stop_is_prompt ("capablanca", 2);
}

typedef struct {
  SearchInfo lines[MULTIPV_MAX];
  int depth;
  int count;
} LinesLog;

/* Keeps the lines of the deepest iteration reported. */
static void log_lines (const SearchInfo *info, void *data)
{
  LinesLog *log = data;
  if (info->depth != log->depth)
    {
      log->depth = info->depth;
      log->count = 0;
    }
  g_assert_cmpint (info->multipv, ==, log->count + 1);
  log->lines[log->count++] = *info;
}

/* MultiPV: as many lines as asked for (or as there are moves), each
 * starting with a different legal move, best first; the first line's
 * move is the one played. */
static void test_multipv_lines (void)
{
  static const struct {
    const char *game;
    const char *fen;
    int multipv;
    int lines;
  } cases[] = {
    { "capablanca", NULL, 5, 5 },
    { "ajax", NULL, 3, 3 },
    { "chess", "7k/8/8/8/8/8/6PP/7K w - - 0 1", 5, 5 },
    { "chess", "7k/8/8/8/8/8/8/K7 w - - 0 1", 5, 3 },   /* the King has three moves */
  };

  for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
    for (int threads = 1; threads <= 2; threads++)
      {
        g_autofree Position *pos = test_position_new (cases[c].game, cases[c].fen);
        Search *search = search_new (8);
        SearchLimits limits = { .depth = 6, .multipv = cases[c].multipv };
        LinesLog log = { 0 };
        g_assert_true (search_set_threads (search, threads));
        Move best = search_run (search, pos, &limits, log_lines, &log, NULL);
        g_assert_cmpint (log.depth, ==, 6);
        g_assert_cmpint (log.count, ==, cases[c].lines);
        g_assert_cmpuint (best, ==, log.lines[0].pv[0]);
        for (int i = 0; i < log.count; i++)
          {
            g_assert_cmpint (log.lines[i].pv_length, >, 0);
            g_assert_true (movegen_is_legal (pos, log.lines[i].pv[0]));
            if (i > 0)
              g_assert_cmpint (log.lines[i].score, <=, log.lines[i - 1].score);
            for (int j = 0; j < i; j++)
              g_assert_cmpuint (log.lines[i].pv[0], !=, log.lines[j].pv[0]);
          }
        search_free (search);
      }
}

/* A stalemated or mated side has no move to give. */
static void test_no_move (void)
{
  g_autofree Position *pos = test_position_new ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  Search *search = search_new (1);
  SearchLimits limits = { .depth = 3 };

  g_assert_cmpuint (search_run (search, pos, &limits, NULL, NULL, NULL), ==, MOVE_NONE);
  search_free (search);
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/mates", test_mates);
  g_test_add_func ("/search/best-move-legal", test_best_move_legal);
  g_test_add_func ("/search/deterministic", test_deterministic);
  g_test_add_func ("/search/stop-is-prompt", test_stop_is_prompt);
  g_test_add_func ("/search/stop-before-start", test_stop_before_start);
  g_test_add_func ("/search/no-move", test_no_move);
  g_test_add_func ("/search/threads/best-move-legal", test_threads_best_move_legal);
  g_test_add_func ("/search/threads/clamped", test_threads_clamped);
  g_test_add_func ("/search/threads/stop-is-prompt", test_threads_stop_is_prompt);
  g_test_add_func ("/search/multipv/lines", test_multipv_lines);
  return g_test_run ();
}
