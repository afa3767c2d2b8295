/* test-computer.c — the computer player off the main thread, the clock and
 * the match, without a display: legal moves in every game at several
 * levels, a mate found, cancellation that is prompt and final, analysis
 * that deepens, flag falls, and computer-against-computer play. */
#include "config.h"

#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-clock.h"
#include "chancellor-computer.h"
#include "chancellor-uci-engine.h"
#include "chancellor-enums.h"
#include "chancellor-match.h"
#include "chancellor-pgn.h"
#include "test-util.h"

/* A game in which the moves begin (Relocation Chess: both sides keep
 * their arrays). */
static ChancellorGame *
new_game (const char *variant,
          const char *fen)
{
  ChancellorGame *game = test_game_new (variant, fen);

  while (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_RELOCATION)
    g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));
  return game;
}

typedef struct {
  gboolean done;
  char *move;
  int from;
  int to;
  GError *error;
  gint64 finished;
} ThinkResult;

static void
think_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  ThinkResult *think = data;

  think->move = chancellor_computer_think_finish (CHANCELLOR_COMPUTER (source), result,
                                                  &think->from, &think->to, &think->error);
  think->finished = g_get_monotonic_time ();
  think->done = TRUE;
}

static void
think_result_clear (ThinkResult *think)
{
  g_clear_pointer (&think->move, g_free);
  g_clear_error (&think->error);
  think->done = FALSE;
}

/* The computer's move in the live position; asserts it came. */
static char *
think (ChancellorComputer          *computer,
       ChancellorGame              *game,
       const ChancellorThinkLimits *limits)
{
  ThinkResult result = { 0 };

  chancellor_computer_think_async (computer, game, limits, NULL, think_done, &result);
  test_wait_for_flag (&result.done, 30 * 1000);
  g_assert_no_error (result.error);
  g_assert_nonnull (result.move);
  g_clear_error (&result.error);
  return result.move;
}

/* Every game, from its start, a few moves each at levels 1, 5 and 10:
 * each move the computer gives is legal in the game. */
static void
test_legal_moves (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  static const int levels[] = { 1, 5, 10 };

  for (guint v = 0; v < chancellor_catalogue_get_n_games (); v++)
    for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
      {
        g_autoptr (ChancellorGame) game = new_game (chancellor_catalogue_get_game_id (v), NULL);
        ChancellorThinkLimits limits;

        chancellor_think_limits_init (&limits, levels[l]);
        limits.movetime_ms = MIN (limits.movetime_ms, 150);
        limits.seed = v * 31 + l + 1;
        for (int ply = 0; ply < 4; ply++)
          {
            g_autofree char *move = think (computer, game, &limits);
            g_autoptr (GError) error = NULL;

            g_assert_true (chancellor_game_play_text (game, move, &error));
            g_assert_no_error (error);
          }
        g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 4);
      }
}

typedef struct {
  const char *game;
  const char *fen;
} MateCase;

/* Mates in one (from the engine's search tests), each checked by playing
 * the move found. */
static const MateCase mates_in_one[] = {
  { "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" },
  { "chess", "8/8/8/8/3Q4/8/5K2/7k w - - 0 1" },
  { "capablanca", "k9/10/10/4A5/10/10/10/5K4 w - - 0 1" },
  { "ajax", "10/10/10/10/10/10/8M1/7K2/10/6k3 w - - 0 1" },
  { "prime-ministers-random", "k1K6/9/9/M8/9/9/9/9 w - - 0 1" },
  { "carrera", "9k/10/9K/10/10/10/10/3C6 w - - 0 1" },
};

static void
test_mate_in_one (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();

  for (guint i = 0; i < G_N_ELEMENTS (mates_in_one); i++)
    {
      g_autoptr (ChancellorGame) game = new_game (mates_in_one[i].game, mates_in_one[i].fen);
      ChancellorThinkLimits limits;
      g_autofree char *move = NULL;
      gint64 start = g_get_monotonic_time ();

      chancellor_think_limits_init (&limits, 10);
      move = think (computer, game, &limits);
      g_test_message ("%s %s: %s in %" G_GINT64_FORMAT " ms", mates_in_one[i].game, mates_in_one[i].fen,
                      move, (g_get_monotonic_time () - start) / 1000);
      g_assert_true (chancellor_game_play_text (game, move, NULL));
      g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_CHECKMATE);
      g_assert_cmpint (chancellor_game_get_result (game), ==, CHANCELLOR_RESULT_WHITE_WINS);
    }
}

/* A long think cancelled after 200 ms returns within 100 ms, with
 * G_IO_ERROR_CANCELLED and no move; so does one cancelled as it starts. */
static void
test_cancel (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  g_autoptr (ChancellorGame) game = new_game ("capablanca", NULL);
  ChancellorThinkLimits limits;

  chancellor_think_limits_init (&limits, 10);
  limits.movetime_ms = 10 * 1000;

  for (int delay = 200; delay >= 0; delay -= 200)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      ThinkResult result = { 0 };
      gint64 cancelled;

      chancellor_computer_think_async (computer, game, &limits, cancellable, think_done, &result);
      if (delay > 0)
        test_spin (delay);
      g_assert_false (result.done);
      cancelled = g_get_monotonic_time ();
      g_cancellable_cancel (cancellable);
      test_wait_for_flag (&result.done, 5000);
      g_test_message ("cancelled after %d ms: returned in %.1f ms", delay,
                      (result.finished - cancelled) / 1000.0);
      g_assert_cmpint (result.finished - cancelled, <, 100 * 1000);
      g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_null (result.move);
      think_result_clear (&result);
    }
}

typedef struct {
  GArray *depths;
  GArray *times;
  guint ply;
  char *last_pv;
  char *last_score;
} AnalysisLog;

static void
analysis_updated (ChancellorComputer *computer,
                  ChancellorAnalysis *analysis,
                  AnalysisLog        *log)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (log->depths, analysis->depth);
  g_array_append_val (log->times, now);
  log->ply = analysis->ply;
  g_free (log->last_pv);
  log->last_pv = g_strdup (analysis->pv);
  g_free (log->last_score);
  log->last_score = chancellor_analysis_format_score (analysis);
}

/* The analysis reports deeper and deeper iterations, at most every
 * 100 ms, for the position asked; after stop nothing more comes. */
static void
test_analysis (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  g_autoptr (ChancellorGame) game = new_game ("chess", NULL);
  AnalysisLog log = { g_array_new (FALSE, FALSE, sizeof (int)), g_array_new (FALSE, FALSE, sizeof (gint64)), 0, NULL, NULL };
  guint reports;

  g_assert_true (chancellor_game_play_text (game, "e2e4", NULL));
  g_assert_true (chancellor_game_play_text (game, "e7e5", NULL));
  g_signal_connect (computer, "analysis-updated", G_CALLBACK (analysis_updated), &log);

  chancellor_computer_analyse (computer, game, 1);
  g_assert_true (chancellor_computer_get_analysing (computer));
  test_spin (1500);
  g_test_message ("%u reports, last depth %d, %s %s", log.depths->len,
                  log.depths->len ? g_array_index (log.depths, int, log.depths->len - 1) : 0,
                  log.last_score, log.last_pv);
  g_assert_cmpuint (log.depths->len, >=, 3);
  for (guint i = 1; i < log.depths->len; i++)
    {
      g_assert_cmpint (g_array_index (log.depths, int, i), >, g_array_index (log.depths, int, i - 1));
      /* The main loop may run the report a little early: 90 ms, not 100. */
      g_assert_cmpint (g_array_index (log.times, gint64, i) - g_array_index (log.times, gint64, i - 1),
                       >=, 90 * 1000);
    }
  g_assert_cmpuint (log.ply, ==, 1);
  /* After 1. e4, Black moves: the line starts "1… ". */
  g_assert_true (g_str_has_prefix (log.last_pv, "1… "));

  chancellor_computer_stop_analysis (computer);
  g_assert_false (chancellor_computer_get_analysing (computer));
  reports = log.depths->len;
  test_spin (400);
  g_assert_cmpuint (log.depths->len, ==, reports);

  /* A new analysis replaces the running one at once. */
  chancellor_computer_analyse (computer, game, 2);
  chancellor_computer_analyse (computer, game, 0);
  test_spin (500);
  g_assert_cmpuint (log.ply, ==, 0);
  g_assert_true (g_str_has_prefix (log.last_pv, "1. "));

  /* Disposing of the computer stops it too. */
  g_clear_object (&computer);
  reports = log.depths->len;
  test_spin (300);
  g_assert_cmpuint (log.depths->len, ==, reports);

  g_array_unref (log.depths);
  g_array_unref (log.times);
  g_free (log.last_pv);
  g_free (log.last_score);
}

/* A mate the analysis finds is written "#n" for White, "-#n" for Black. */
static void
test_analysis_mate (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  g_autoptr (ChancellorGame) game = new_game ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  g_autoptr (ChancellorGame) black = new_game ("chess", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
  AnalysisLog log = { g_array_new (FALSE, FALSE, sizeof (int)), g_array_new (FALSE, FALSE, sizeof (gint64)), 0, NULL, NULL };

  g_signal_connect (computer, "analysis-updated", G_CALLBACK (analysis_updated), &log);
  chancellor_computer_analyse (computer, game, 0);
  test_spin (400);
  g_assert_cmpstr (log.last_score, ==, "#1");
  g_assert_cmpstr (log.last_pv, ==, "1. Ra8#");
  chancellor_computer_analyse (computer, black, 0);
  test_spin (400);
  g_assert_cmpstr (log.last_score, ==, "-#1");
  g_assert_cmpstr (log.last_pv, ==, "1… Ra1#");
  chancellor_computer_stop_analysis (computer);

  g_array_unref (log.depths);
  g_array_unref (log.times);
  g_free (log.last_pv);
  g_free (log.last_score);
}

static void
test_score_format (void)
{
  static const struct {
    int score;
    int mate;
    const char *text;
  } cases[] = {
    { 125, 0, "+1.25" }, { -40, 0, "-0.40" }, { 0, 0, "0.00" }, { 5, 0, "+0.05" },
    { 30000, 3, "#3" }, { -30000, -2, "-#2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ChancellorAnalysis analysis = { .score = cases[i].score, .mate = cases[i].mate };
      g_autofree char *text = chancellor_analysis_format_score (&analysis);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Level 1 is legal but weaker: over a set of positions it does not always
 * choose level 10's move.  The count is measured and logged. */
static void
test_level_one_weaker (void)
{
  static const MateCase positions[] = {
    { "chess", NULL },
    { "chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" },
    { "chess", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5" },
    { "chess", "6k1/5ppp/8/8/3q4/8/5PPP/3R2K1 w - - 0 1" },
    { "capablanca", NULL },
    { "capablanca", "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2" },
    { "ajax", NULL },
    { "carrera", NULL },
    { "prime-ministers-random", NULL },
    { "ajax-capablanca", NULL },
    { "ajax-ministers", NULL },
    { "chess", "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1" },
  };
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  int differ = 0;

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (ChancellorGame) game = new_game (positions[i].game, positions[i].fen);
      ChancellorThinkLimits strong, weak;
      g_autofree char *best = NULL;
      g_autofree char *chosen = NULL;

      chancellor_think_limits_init (&strong, 10);
      strong.movetime_ms = 0;
      strong.depth = 5;
      chancellor_think_limits_init (&weak, 1);
      weak.seed = i + 1;
      best = think (computer, game, &strong);
      chosen = think (computer, game, &weak);
      g_assert_true (chancellor_game_play_text (game, chosen, NULL));
      if (g_strcmp0 (best, chosen) != 0)
        differ++;
      g_test_message ("%s %s: level 10 %s, level 1 %s", positions[i].game,
                      positions[i].fen ? positions[i].fen : "start", best, chosen);
    }
  g_test_message ("level 1 chose another move than level 10 in %d of %u positions",
                  differ, (guint) G_N_ELEMENTS (positions));
  g_assert_cmpint (differ, >, 0);
}

static void
count_changes (ChancellorGame *game,
               guint          *changes)
{
  (*changes)++;
}

/* Flag falls: the side out of time loses, unless the other side has only
 * its King, or King and one Bishop or Knight. */
static void
test_flag (void)
{
  static const struct {
    const char *game;
    const char *fen;
    ChancellorColor flagged;
    ChancellorResult result;
    const char *description;
  } cases[] = {
    { "chess", NULL, CHANCELLOR_COLOR_WHITE, CHANCELLOR_RESULT_BLACK_WINS, "Black wins on time." },
    { "chess", NULL, CHANCELLOR_COLOR_BLACK, CHANCELLOR_RESULT_WHITE_WINS, "White wins on time." },
    { "chess", "k7/8/8/8/8/8/8/KQ6 w - - 0 1", CHANCELLOR_COLOR_WHITE, CHANCELLOR_RESULT_DRAW,
      "Draw: White ran out of time, but Black cannot mate." },
    { "chess", "kn6/8/8/8/8/8/8/KQ6 w - - 0 1", CHANCELLOR_COLOR_WHITE, CHANCELLOR_RESULT_DRAW,
      "Draw: White ran out of time, but Black cannot mate." },
    { "chess", "kb6/8/8/8/8/8/8/KQ6 b - - 0 1", CHANCELLOR_COLOR_BLACK, CHANCELLOR_RESULT_WHITE_WINS,
      "White wins on time." },
    { "chess", "knn5/8/8/8/8/8/8/KQ6 w - - 0 1", CHANCELLOR_COLOR_WHITE, CHANCELLOR_RESULT_BLACK_WINS,
      "Black wins on time." },
    { "chess", "k7/p7/8/8/8/8/8/KQ6 w - - 0 1", CHANCELLOR_COLOR_WHITE, CHANCELLOR_RESULT_BLACK_WINS,
      "Black wins on time." },
    { "ajax", "k9/p9/10/10/10/10/10/10/10/KN8 b - - 0 1", CHANCELLOR_COLOR_BLACK, CHANCELLOR_RESULT_DRAW,
      "Draw: Black ran out of time, but White cannot mate." },
    { "ajax", "k9/10/10/10/10/10/10/10/10/KM8 b - - 0 1", CHANCELLOR_COLOR_BLACK, CHANCELLOR_RESULT_WHITE_WINS,
      "White wins on time." },
    { "capablanca", "k9/10/10/10/10/10/10/KA8 b - - 0 1", CHANCELLOR_COLOR_BLACK, CHANCELLOR_RESULT_WHITE_WINS,
      "White wins on time." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChancellorGame) game = new_game (cases[i].game, cases[i].fen);
      g_autofree char *description = NULL;
      guint over = 0;

      g_signal_connect (game, "game-over", G_CALLBACK (count_changes), &over);
      chancellor_game_flag (game, cases[i].flagged);
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
      g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_TIME);
      g_assert_cmpint (chancellor_game_get_result (game), ==, cases[i].result);
      g_assert_cmpint (chancellor_game_get_flagged_color (game), ==, cases[i].flagged);
      description = chancellor_game_describe_result (game);
      g_assert_cmpstr (description, ==, cases[i].description);
      g_assert_cmpuint (over, ==, 1);
      /* A game that is over stays as it ended. */
      chancellor_game_flag (game, !cases[i].flagged);
      g_assert_cmpint (chancellor_game_get_result (game), ==, cases[i].result);
      g_assert_cmpuint (over, ==, 1);
    }
}

static void
test_clock_format (void)
{
  static const struct {
    gint64 ms;
    const char *text;
  } cases[] = {
    { 600000, "10:00" }, { 299300, "5:00" }, { 59001, "1:00" }, { 10000, "0:10" },
    { 9999, "0:09.9" }, { 9700, "0:09.7" }, { 99, "0:00.0" }, { 0, "0:00.0" },
    { 3723000, "1:02:03" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = chancellor_clock_format (cases[i].ms);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
count_flag (ChancellorClock *clock,
            ChancellorColor  color,
            int             *flagged)
{
  *flagged = color;
}

/* The increment is added after a move; per move, each move starts full;
 * a pause keeps the time; the flag falls on time. */
static void
test_clock (void)
{
  g_autoptr (ChancellorClock) clock = chancellor_clock_new ();
  int flagged = -1;
  gint64 start;

  g_signal_connect (clock, "flag-fell", G_CALLBACK (count_flag), &flagged);
  g_assert_false (chancellor_clock_get_enabled (clock));
  chancellor_clock_start (clock, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, -1);

  chancellor_clock_reset_fischer (clock, 60 * 1000, 2000);
  chancellor_clock_start (clock, CHANCELLOR_COLOR_WHITE);
  test_spin (120);
  chancellor_clock_press (clock, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, CHANCELLOR_COLOR_BLACK);
  /* 60 s less about 120 ms, plus 2 s. */
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), <=, 62000 - 110);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), >=, 62000 - 250);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), <=, 60000);

  chancellor_clock_set_paused (clock, TRUE);
  {
    gint64 before = chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK);

    test_spin (100);
    g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), ==, before);
  }
  chancellor_clock_set_paused (clock, FALSE);

  chancellor_clock_reset_per_move (clock, 5000);
  chancellor_clock_start (clock, CHANCELLOR_COLOR_WHITE);
  test_spin (100);
  chancellor_clock_press (clock, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_WHITE), ==, 5000);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), >, 4900);

  /* A quarter of a second: the flag falls within a few milliseconds of it. */
  chancellor_clock_reset_fischer (clock, 250, 0);
  start = g_get_monotonic_time ();
  chancellor_clock_start (clock, CHANCELLOR_COLOR_BLACK);
  while (flagged < 0 && g_get_monotonic_time () - start < 2 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("flag fell after %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint (flagged, ==, CHANCELLOR_COLOR_BLACK);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 250 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 300 * 1000);
  g_assert_cmpint (chancellor_clock_get_running (clock), ==, -1);
  g_assert_cmpint (chancellor_clock_get_remaining (clock, CHANCELLOR_COLOR_BLACK), ==, 0);
}

/* A flag that falls before its side's first move aborts the game (no
 * result, "abandoned" in the file); once that side has moved, it loses. */
static void
test_match_flag_before_first_move (void)
{
  static const struct {
    const char *moves;          /* played before the flag falls */
    ChancellorColor flagged;
    ChancellorReason reason;
    ChancellorResult result;
    const char *description;
  } cases[] = {
    { "", CHANCELLOR_COLOR_WHITE, CHANCELLOR_REASON_ABORTED, CHANCELLOR_RESULT_NONE,
      "Game aborted: White’s time ran out before its first move." },
    { "e4", CHANCELLOR_COLOR_BLACK, CHANCELLOR_REASON_ABORTED, CHANCELLOR_RESULT_NONE,
      "Game aborted: Black’s time ran out before its first move." },
    { "e4 e5", CHANCELLOR_COLOR_WHITE, CHANCELLOR_REASON_TIME, CHANCELLOR_RESULT_BLACK_WINS,
      "Black wins on time." },
    { "e4 e5 Nf3", CHANCELLOR_COLOR_BLACK, CHANCELLOR_REASON_TIME, CHANCELLOR_RESULT_WHITE_WINS,
      "White wins on time." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChancellorMatch) match = chancellor_match_new ();
      g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                              CHANCELLOR_PLAYER_HUMAN, 5);
      g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
      g_auto (GStrv) moves = g_strsplit (cases[i].moves, " ", -1);
      g_autofree char *description = NULL;
      g_autofree char *pgn = NULL;

      chancellor_match_start (match, game, setup);
      chancellor_match_set_time_control (match, CHANCELLOR_TIME_CONTROL_FISCHER, 1, 0, 0);
      for (guint m = 0; moves[m] != NULL; m++)
        if (*moves[m] != '\0')
          test_play_text (game, moves[m]);
      g_signal_emit_by_name (chancellor_match_get_clock (match), "flag-fell", cases[i].flagged);
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
      g_assert_cmpint (chancellor_game_get_reason (game), ==, cases[i].reason);
      g_assert_cmpint (chancellor_game_get_result (game), ==, cases[i].result);
      g_assert_cmpint (chancellor_game_get_flagged_color (game), ==, cases[i].flagged);
      description = chancellor_game_describe_result (game);
      g_assert_cmpstr (description, ==, cases[i].description);
      pgn = chancellor_pgn_write (game);
      if (cases[i].reason == CHANCELLOR_REASON_ABORTED)
        g_assert_nonnull (strstr (pgn, "[Result \"*\"]\n[Termination \"abandoned\"]"));
    }
}

/* Both sides computer: the match plays on by itself, legal moves only
 * (each is played through chancellor_game_play_text). */
static void
test_match_computer_vs_computer (void)
{
  g_autoptr (ChancellorMatch) match = chancellor_match_new ();
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_COMPUTER,
                                                          CHANCELLOR_PLAYER_COMPUTER, 2);
  g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  chancellor_match_set_move_delay (match, 20);
  chancellor_match_start (match, game, setup);
  g_assert_true (chancellor_match_get_computer_turn (match));
  while (chancellor_game_get_n_moves (game) < 12 && chancellor_game_get_phase (game) == CHANCELLOR_PHASE_PLAYING)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (chancellor_game_get_n_moves (game), >=, 10);

  /* A pause stops it. */
  chancellor_match_set_paused (match, TRUE);
  g_assert_false (chancellor_match_get_thinking (match));
  {
    guint n = chancellor_game_get_n_moves (game);

    test_spin (200);
    g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, n);
  }
}

/* In Relocation Chess the computer chooses its array (keep, or a legal
 * swap), then plays. */
static void
test_match_relocation (void)
{
  g_autoptr (ChancellorMatch) match = chancellor_match_new ();
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("capablanca-relocation", CHANCELLOR_PLAYER_COMPUTER,
                                                          CHANCELLOR_PLAYER_COMPUTER, 1);
  g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  int files_a[16], files_b[16];

  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpint (chancellor_game_get_relocations (game, files_a, files_b, 16), ==, 12);
  g_assert_cmpint (files_a[0], ==, -1);
  g_assert_cmpint (files_b[0], ==, -1);

  chancellor_match_set_move_delay (match, 10);
  chancellor_match_start (match, game, setup);
  while (chancellor_game_get_n_moves (game) < 2)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpint (chancellor_game_get_relocations (game, files_a, files_b, 16), ==, 0);
}

/* Against the computer, undo takes back its reply with the player's move;
 * an undo while it thinks takes back the player's move and stops it. */
static void
test_match_undo (void)
{
  g_autoptr (ChancellorMatch) match = chancellor_match_new ();
  g_autoptr (ChancellorGameSetup) setup = test_setup_new ("chess", CHANCELLOR_PLAYER_HUMAN,
                                                          CHANCELLOR_PLAYER_COMPUTER, 3);
  g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
  guint changes = 0;

  chancellor_match_set_move_delay (match, 0);
  chancellor_match_start (match, game, setup);
  g_assert_false (chancellor_match_get_computer_turn (match));
  g_assert_true (chancellor_game_play_text (game, "e2e4", NULL));
  g_assert_true (chancellor_match_get_computer_turn (match));
  g_assert_true (chancellor_match_get_thinking (match));
  while (chancellor_game_get_n_moves (game) < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (chancellor_match_get_thinking (match));
  g_assert_false (chancellor_match_get_computer_turn (match));

  chancellor_match_undo (match);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
  g_assert_false (chancellor_match_get_thinking (match));
  chancellor_match_redo (match);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  g_assert_false (chancellor_match_get_thinking (match));

  /* Undo while it thinks: its search stops and nothing is played. */
  g_assert_true (chancellor_game_play_text (game, "d2d4", NULL));
  g_assert_true (chancellor_match_get_thinking (match));
  g_signal_connect (game, "changed", G_CALLBACK (count_changes), &changes);
  chancellor_match_undo (match);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  g_assert_false (chancellor_match_get_thinking (match));
  changes = 0;
  test_spin (1500);
  g_assert_cmpuint (changes, ==, 0);
}

typedef struct {
  guint ply;
  guint reports;
  int depth;                 /* of the last report */
  GPtrArray *lines;          /* the last report's, copied */
} LinesLog;

static void
lines_updated (ChancellorComputer *computer,
               guint               ply,
               GPtrArray          *lines,
               LinesLog           *log)
{
  ChancellorEngineLine *best = g_ptr_array_index (lines, 0);

  log->ply = ply;
  log->reports++;
  log->depth = best->depth;
  g_clear_pointer (&log->lines, g_ptr_array_unref);
  log->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_line_free);
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (log->lines, chancellor_engine_line_copy (g_ptr_array_index (lines, i)));
}

/* A line's value for the side to move (sign: 1 White, -1 Black), mates
 * beyond every score, the nearer the bigger. */
static int
line_value (const ChancellorEngineLine *line,
            int                         sign)
{
  int mate = sign * line->mate;

  if (mate > 0)
    return 1000000 - mate;
  if (mate < 0)
    return -1000000 - mate;
  return sign * line->score;
}

/* Whether move (UCI) can be played in variant from fen after before. */
static gboolean
legal_after (const char *variant,
             const char *fen,
             const char *before,
             const char *move)
{
  g_autoptr (ChancellorGame) game = new_game (variant, fen);

  if (before)
    g_assert_true (chancellor_game_play_text (game, before, NULL));
  return chancellor_game_play_text (game, move, NULL);
}

/* Analyses the position of variant from fen after the move before (or
 * none) with n_lines lines on threads threads for a while; checks the
 * last report: as many lines as asked for (or as there are moves),
 * numbered, from different legal first moves, each with its SAN, best
 * first for the side to move. */
static void
check_lines (const char *variant,
             const char *fen,
             const char *before,
             int         n_lines,
             int         threads,
             guint       expected)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();
  g_autoptr (ChancellorGame) game = new_game (variant, fen);
  guint ply = before ? 1 : 0;
  LinesLog log = { 0 };
  int sign;

  if (before)
    g_assert_true (chancellor_game_play_text (game, before, NULL));
  sign = chancellor_game_get_side_to_move (game, ply) == CHANCELLOR_COLOR_WHITE ? 1 : -1;
  chancellor_computer_set_analysis_lines (computer, n_lines);
  chancellor_computer_set_analysis_threads (computer, threads);
  g_assert_cmpint (chancellor_computer_get_analysis_lines (computer), ==, n_lines);
  g_assert_cmpint (chancellor_computer_get_analysis_threads (computer), ==, threads);
  g_signal_connect (computer, "lines-updated", G_CALLBACK (lines_updated), &log);
  chancellor_computer_analyse (computer, game, ply);
  for (int waited = 0; waited < 20000 && log.depth < 5; waited += 100)
    test_spin (100);
  chancellor_computer_stop_analysis (computer);
  g_assert_cmpint (log.depth, >=, 5);
  g_assert_cmpuint (log.ply, ==, ply);
  g_assert_cmpuint (log.lines->len, ==, expected);
  for (guint i = 0; i < log.lines->len; i++)
    {
      ChancellorEngineLine *line = g_ptr_array_index (log.lines, i);

      g_test_message ("%s, %d threads, line %u: depth %d %d/#%d %s", variant, threads, i + 1, line->depth,
                      line->score, line->mate, line->pv);
      g_assert_cmpint (line->multipv, ==, (int) i + 1);
      g_assert_cmpint (line->depth, ==, log.depth);
      g_assert_nonnull (line->moves);
      g_assert_nonnull (line->moves[0]);
      g_assert_true (strlen (line->pv) > 0);
      g_assert_null (line->illegal_move);
      g_assert_true (legal_after (variant, fen, before, line->moves[0]));
      for (guint j = 0; j < i; j++)
        {
          ChancellorEngineLine *better = g_ptr_array_index (log.lines, j);

          g_assert_cmpstr (better->moves[0], !=, line->moves[0]);
          g_assert_cmpint (line_value (better, sign), >=, line_value (line, sign));
        }
    }
  g_clear_pointer (&log.lines, g_ptr_array_unref);
}

/* Several lines from the built-in engine, with one thread and with two. */
static void
test_analysis_lines (void)
{
  check_lines ("capablanca", NULL, NULL, 5, 1, 5);
  check_lines ("capablanca", NULL, NULL, 3, 2, 3);
  check_lines ("ajax", NULL, "e2e4", 4, 2, 4);
  /* Three moves (the King's; the pawn is blocked): three lines of the five asked for. */
  check_lines ("chess", "8/8/8/8/8/7k/7P/K7 w - - 0 1", NULL, 5, 2, 3);
}

/* Lines and threads are kept in range. */
static void
test_analysis_settings_clamped (void)
{
  g_autoptr (ChancellorComputer) computer = chancellor_computer_new ();

  g_assert_cmpint (chancellor_computer_get_analysis_lines (computer), ==, 1);
  g_assert_cmpint (chancellor_computer_get_analysis_threads (computer), ==, 1);
  chancellor_computer_set_analysis_lines (computer, 0);
  g_assert_cmpint (chancellor_computer_get_analysis_lines (computer), ==, 1);
  chancellor_computer_set_analysis_lines (computer, 99);
  g_assert_cmpint (chancellor_computer_get_analysis_lines (computer), ==, 5);
  chancellor_computer_set_analysis_threads (computer, -4);
  g_assert_cmpint (chancellor_computer_get_analysis_threads (computer), ==, 1);
  chancellor_computer_set_analysis_threads (computer, 100000);
  g_assert_cmpint (chancellor_computer_get_analysis_threads (computer), ==, CHANCELLOR_COMPUTER_THREADS_MAX);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/computer/legal-moves", test_legal_moves);
  g_test_add_func ("/computer/mate-in-one", test_mate_in_one);
  g_test_add_func ("/computer/cancel", test_cancel);
  g_test_add_func ("/computer/analysis", test_analysis);
  g_test_add_func ("/computer/analysis-mate", test_analysis_mate);
  g_test_add_func ("/computer/analysis-lines", test_analysis_lines);
  g_test_add_func ("/computer/analysis-settings-clamped", test_analysis_settings_clamped);
  g_test_add_func ("/computer/score-format", test_score_format);
  g_test_add_func ("/computer/level-one-weaker", test_level_one_weaker);
  g_test_add_func ("/game/flag", test_flag);
  g_test_add_func ("/clock/format", test_clock_format);
  g_test_add_func ("/clock/run", test_clock);
  g_test_add_func ("/match/computer-vs-computer", test_match_computer_vs_computer);
  g_test_add_func ("/match/relocation", test_match_relocation);
  g_test_add_func ("/match/undo", test_match_undo);
  g_test_add_func ("/match/flag-before-first-move", test_match_flag_before_first_move);

  return g_test_run ();
}
