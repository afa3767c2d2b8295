/* test-eval.c — the evaluation's trace, as the tuner reads it. */
#include "eval.h"
#include "test-util.h"

#include <string.h>

/* For positions of every game, from the start to bare endings: the traced
 * evaluation is evaluate(), and eval_from_trace() of the trace with the
 * table's weights gives it back to the centipawn. */
static void test_trace_is_eval (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  int positions = 0;

  for (int i = 0; i < variant_count (); i++)
    for (int game = 0; game < 40; game++)
      {
        Position *pos = test_position_new (variant_at (i)->id, NULL);
        for (int step = 0; step < 30; step++)
          {
            EvalTrace trace;
            int score = evaluate (pos);
            g_assert_cmpint (evaluate_trace (pos, &trace), ==, score);
            g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
            g_assert_cmpint (trace.side, ==, pos->side);
            g_assert_cmpint (trace.phase, >=, 0);
            g_assert_cmpint (trace.phase, <=, 256);
            positions++;
            test_random_playout (pos, rand, 1 + g_rand_int_range (rand, 0, 12));
          }
        g_free (pos);
      }
  g_assert_cmpint (positions, ==, variant_count () * 40 * 30);
}

/* The trace is linear: one weight moved by d moves the score by d times
 * its net coefficient (a middlegame weight at full phase). */
static void test_trace_is_linear (void)
{
  Position *pos = test_position_new ("capablanca", "r1abqkbcnr/ppp2ppppp/2n7/3pp5/4P5/2N2N4/PPPP1PPPPP/R1ABQKBC1R w KQkq - 0 4");
  static EvalWeight weights[EVAL_PARAM_NB];
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  g_assert_cmpint (trace.phase, ==, 256);
  for (int p = 0; p < EVAL_FLAT_FIRST; p++)
    {
      if (p >= EVAL_KING_ATTACK && p < EVAL_KING_ATTACK + KIND_NB)
        continue;
      memcpy (weights, eval_weights, sizeof weights);
      weights[p].mg += 7;
      int net = trace.coef[WHITE][p] - trace.coef[BLACK][p];
      g_assert_cmpint (eval_from_trace (&trace, weights), ==, score + 7 * net);
    }
  /* The position's own terms: four pawns each, a knight each developed. */
  g_assert_cmpint (trace.coef[WHITE][EVAL_MATERIAL + KIND_KNIGHT], ==, 2);
  g_assert_cmpint (trace.coef[WHITE][EVAL_PAWN], ==, 10);
  g_assert_cmpint (trace.coef[WHITE][EVAL_TEMPO], ==, 1);
  g_assert_cmpint (trace.coef[BLACK][EVAL_TEMPO], ==, 0);
  g_free (pos);
}

/* A bare king against a Chancellor: the mop-up terms, flat. */
static void test_trace_mop_up (void)
{
  Position *pos = test_position_new ("capablanca", "k9/10/10/10/10/10/4C5/5K4 b - - 0 1");
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  g_assert_cmpint (trace.coef[WHITE][EVAL_MOP_UP], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_MOP_UP_EDGE], ==, 3);
  g_assert_cmpint (trace.coef[BLACK][EVAL_MOP_UP], ==, 0);
  g_assert_cmpint (score, <, -900);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/eval/trace-is-eval", test_trace_is_eval);
  g_test_add_func ("/eval/trace-is-linear", test_trace_is_linear);
  g_test_add_func ("/eval/trace-mop-up", test_trace_mop_up);
  return g_test_run ();
}
