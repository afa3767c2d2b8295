/* test-eval.c — the evaluation's trace, as the tuner reads it. */
#include "eval.h"
#include "test-util.h"

#include <stdlib.h>
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

/* The search's evaluation, with the pawns' terms kept by pawn layout in
 * one cache across every game, is evaluate_without_net() to the
 * centipawn, whether the cache has the layout or not. */
static void test_pawn_cache (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  g_autofree PawnCache *cache = g_new0 (PawnCache, 1);
  int positions = 0;

  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < variant_count (); i++)
      for (int game = 0; game < 20; game++)
        {
          g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
          for (int step = 0; step < 40; step++)
            {
              g_assert_cmpint (evaluate_without_net_cached (pos, cache), ==, evaluate_without_net (pos));
              positions++;
              test_random_playout (pos, rand, 1 + g_rand_int_range (rand, 0, 3));
            }
        }
  g_assert_cmpint (positions, ==, 2 * variant_count () * 20 * 40);
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

/* King safety, counted on a position worked by hand: White's king on g1
 * behind f2 g2 h2, Black's Chancellor on e5, Black's bare king on a8. */
static void test_trace_king_safety (void)
{
  Position *pos = test_position_new ("capablanca", "k9/10/10/4c5/10/10/5PPP2/6K3 w - - 0 1");
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  /* The Chancellor checks from e1 and e2 (its rook line), safely; from
   * f3 (a knight's check) the g2 pawn would take it. */
  g_assert_cmpint (trace.coef[BLACK][EVAL_SAFE_CHECK + KIND_CHANCELLOR], ==, 2);
  g_assert_cmpint (trace.coef[WHITE][EVAL_SAFE_CHECK + KIND_CHANCELLOR], ==, 0);
  /* Nothing of Black's attacks the king zone, so no weak square counts. */
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_WEAK], ==, 0);
  /* White's king has a pawn ahead on f, g and h; Black's has none on a
   * or b, and no enemy pawn ahead there either. */
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FILE_OPEN], ==, 0);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_FILE_OPEN], ==, 2);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_FILE_BARE], ==, 2);
  /* White's king can step to f1 and h1, Black's to a7, b7 and b8. */
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_ESCAPE], ==, 2);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_ESCAPE], ==, 3);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* The Chancellor on g4 attacks f2, h2 (knight) and g2 (rook line),
   * the Bishop on d4 f2: two attackers, and the three squares are
   * defended by the king alone (weak), 3 x 2.  Cxg2+ is no safe check
   * (the king takes), Bxf2+ is (the Chancellor supports it). */
  pos = test_position_new ("capablanca", "k9/10/10/10/3b2c3/10/5PPP2/6K3 w - - 0 1");
  score = evaluate_trace (pos, &trace);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_WEAK], ==, 3 * 2);
  g_assert_cmpint (trace.coef[BLACK][EVAL_SAFE_CHECK + KIND_CHANCELLOR], ==, 0);
  g_assert_cmpint (trace.coef[BLACK][EVAL_SAFE_CHECK + KIND_BISHOP], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_ESCAPE], ==, 2);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

/* The pawns before each king and the attacks on its flank, by hand.
 * White's king on g1: its own f2 pawn 1 rank ahead, g3 2, none on h;
 * Black's g4 pawn stands against g3 (blocked), h4 is 3 ranks ahead and
 * f6 5.  Black's pawns attack f3, h3, g3, i3, e5 and g5, all on the
 * king's flank (files e to i, ranks 1 to 5), none twice.  Black's king
 * on e8: its f6 pawn 2 ranks ahead; White's f2 is 6 away, not counted;
 * White's g3 pawn attacks f4, on its flank (files c to g, ranks 4 to 8).
 * On Ajax Chess's ten ranks the same terms take the tall board's set. */
static void test_trace_king_pawns (void)
{
  Position *pos = test_position_new ("capablanca", "4k5/10/5p4/10/6pp2/6P3/5P4/6K3 w - - 0 1");
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_COVER + 0], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_COVER + 1], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_COVER + 2], ==, 0);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FILE_OPEN], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FILE_BARE], ==, 0);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_STORM_BLOCKED], ==, 1);
  for (int d = 0; d < EVAL_KING_STORM_STEPS; d++)
    g_assert_cmpint (trace.coef[WHITE][EVAL_KING_STORM + d], ==, d == 2 || d == 4);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FLANK], ==, 6);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_COVER + 1], ==, 1);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_FILE_OPEN], ==, 2);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_FILE_BARE], ==, 2);
  for (int d = 0; d < EVAL_KING_STORM_STEPS; d++)
    g_assert_cmpint (trace.coef[BLACK][EVAL_KING_STORM + d], ==, 0);
  g_assert_cmpint (trace.coef[BLACK][EVAL_KING_FLANK], ==, 1);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* Black's g3 pawn 2 ranks before White's king, attacking f2 and h2;
   * White's f2 pawn 1 rank ahead of it. */
  pos = test_position_new ("ajax", "4k5/10/10/10/10/10/10/6p3/5P4/6K3 w - - 0 1");
  score = evaluate_trace (pos, &trace);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_STORM + 1], ==, 0);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_STORM + EVAL_KING_STORM_STEPS + 1], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_COVER + EVAL_KING_COVER_STEPS], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FLANK], ==, 0);
  g_assert_cmpint (trace.coef[WHITE][EVAL_KING_FLANK + 1], ==, 2);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

/* Files, counted on a position worked by hand: White's rooks on a1
 * (Black's a7 pawn ahead, none of White's: half-open) and c1 (no pawn:
 * open), its Chancellor on j1 (open); Black's rook on b8 (White's b2
 * pawn only: half-open) and Queen on e8 (open).  Kings never count. */
static void test_trace_files (void)
{
  Position *pos = test_position_new ("capablanca", "kr2q5/p9/10/10/10/10/1P8/R1R3K2C w - - 0 1");
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  g_assert_cmpint (trace.coef[WHITE][EVAL_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_HALF_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_OPEN_FILE + KIND_CHANCELLOR], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_HALF_OPEN_FILE + KIND_CHANCELLOR], ==, 0);
  g_assert_cmpint (trace.coef[BLACK][EVAL_OPEN_FILE + KIND_ROOK], ==, 0);
  g_assert_cmpint (trace.coef[BLACK][EVAL_HALF_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (trace.coef[BLACK][EVAL_OPEN_FILE + KIND_QUEEN], ==, 1);
  for (int c = 0; c < COLOR_NB; c++)
    {
      g_assert_cmpint (trace.coef[c][EVAL_OPEN_FILE + KIND_KING], ==, 0);
      g_assert_cmpint (trace.coef[c][EVAL_HALF_OPEN_FILE + KIND_KING], ==, 0);
    }
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* Without White's b2 pawn, Black's rook on b8 stands on an open file. */
  pos = test_position_new ("capablanca", "kr2q5/p9/10/10/10/10/10/R1R3K2C w - - 0 1");
  score = evaluate_trace (pos, &trace);
  g_assert_cmpint (trace.coef[BLACK][EVAL_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (trace.coef[BLACK][EVAL_HALF_OPEN_FILE + KIND_ROOK], ==, 0);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

/* Outposts, connected pawns and free passed pawns, counted on positions
 * worked by hand (Capablanca, 10 x 8: scaled advance = advance x 6 / 5). */
static void test_trace_pawn_structure (void)
{
  /* White: Knight e5, pawns d4 e4 f3, rooks a1 c1.  The Knight is on an
   * outpost (rank 5, d4 defends it, no black pawn on d or f).  d4 and e4
   * stand side by side (advance 2, scaled 2) and f3 defends e4; f3 is
   * alone.  e4 and f3 are passed: e4's stop square holds the Knight, f3's
   * (f4) is free (advance 1, scaled 1).  Black's h6 is passed and h5 is
   * free (advance 1); c6 is not passed (d4).  Ra1 is on an open file,
   * Rc1 on a half-open one; Black's king is on b8. */
  Position *pos = test_position_new ("capablanca", "1k8/10/2p4p2/4N5/3PP5/5P4/10/R1R3K3 w - - 0 1");
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  g_assert_cmpint (trace.coef[WHITE][EVAL_OUTPOST + KIND_KNIGHT], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_OUTPOST + KIND_ROOK], ==, 0);
  g_assert_cmpint (trace.coef[WHITE][EVAL_CONNECTED + 2], ==, 2);
  for (int step = 0; step < EVAL_PASSED_STEPS; step++)
    {
      if (step != 2)
        g_assert_cmpint (trace.coef[WHITE][EVAL_CONNECTED + step], ==, 0);
      g_assert_cmpint (trace.coef[BLACK][EVAL_CONNECTED + step], ==, 0);
    }
  g_assert_cmpint (trace.coef[WHITE][EVAL_SUPPORTED], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_PASSED_FREE], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_PASSED_BLOCKED], ==, 2);
  g_assert_cmpint (trace.coef[BLACK][EVAL_PASSED_FREE], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (trace.coef[WHITE][EVAL_HALF_OPEN_FILE + KIND_ROOK], ==, 1);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* Black's Knight on e4, defended by d5: White's f2 pawn could still
   * come to f3 and attack it, so no outpost; with White's pawn on f5
   * instead (past it) it is one. */
  pos = test_position_new ("capablanca", "k9/10/10/3p6/4n5/10/5P4/6K3 w - - 0 1");
  score = evaluate_trace (pos, &trace);
  g_assert_cmpint (trace.coef[BLACK][EVAL_OUTPOST + KIND_KNIGHT], ==, 0);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
  pos = test_position_new ("capablanca", "k9/10/10/3p1P4/4n5/10/10/6K3 w - - 0 1");
  score = evaluate_trace (pos, &trace);
  g_assert_cmpint (trace.coef[BLACK][EVAL_OUTPOST + KIND_KNIGHT], ==, 1);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

/* Placement zones: ranks from each side's own, the middle ranks of a
 * longer board joining the fourths, and files from the nearer edge, in
 * the table of the board's width. */
static void test_trace_placement (void)
{
  Position *pos = test_position_new ("capablanca", NULL);
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);

  for (int c = 0; c < COLOR_NB; c++)
    {
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_ROOK, 0, 0)], ==, 2);
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_KNIGHT, 0, 1)], ==, 2);
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_KING, 0, 4)], ==, 1);
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_QUEEN, 0, 4)], ==, 1);
      for (int f = 0; f < EVAL_PSQT_FILES; f++)
        g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_PAWN, 1, f)], ==, 2);
    }
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* Ten ranks: White's pawns on the 5th and 6th ranks, Black's on the
   * 6th and 5th, are in its rank zones 3 and 4 alike. */
  pos = test_position_new ("ajax", "4k5/10/10/10/p8P/P8p/10/10/10/5K4 w - - 0 1");
  score = evaluate_trace (pos, &trace);
  for (int c = 0; c < COLOR_NB; c++)
    {
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_PAWN, 3, 0)], ==, 1);
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (10, KIND_PAWN, 4, 0)], ==, 1);
    }
  g_assert_cmpint (trace.coef[WHITE][EVAL_PSQT (10, KIND_KING, 0, 4)], ==, 1);
  g_assert_cmpint (trace.coef[BLACK][EVAL_PSQT (10, KIND_KING, 0, 4)], ==, 1);
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);

  /* Nine files: the table of nine, none of ten's; the King on the fifth
   * file is in file zone 4, the Rooks on the first and last in 0. */
  pos = test_position_new ("prime-ministers-random", "r3k3r/9/9/9/9/9/9/R3K3R w - - 0 1");
  score = evaluate_trace (pos, &trace);
  for (int c = 0; c < COLOR_NB; c++)
    {
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (9, KIND_ROOK, 0, 0)], ==, 2);
      g_assert_cmpint (trace.coef[c][EVAL_PSQT (9, KIND_KING, 0, 4)], ==, 1);
      for (int p = EVAL_PSQT_WIDTH (10); p < EVAL_PSQT_WIDTH (10) + EVAL_PSQT_TABLE; p++)
        g_assert_cmpint (trace.coef[c][p], ==, 0);
    }
  g_assert_cmpint (eval_from_trace (&trace, eval_weights), ==, score);
  g_free (pos);
}

/* Appends text with each letter's case swapped: White's men Black's. */
static void append_other_colour (GString *out, const char *text)
{
  for (const char *p = text; *p; p++)
    g_string_append_c (out, g_ascii_isupper (*p) ? g_ascii_tolower (*p) : g_ascii_toupper (*p));
}

/* The FEN of pos with the colours exchanged: ranks in reverse order,
 * each man's colour swapped, the other side to move, castling rights and
 * the en passant square given to the other side. */
static char *flipped_fen (const Position *pos)
{
  g_autofree char *fen = test_fen (pos);
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);
  g_auto (GStrv) ranks = g_strsplit (fields[0], "/", -1);
  int n = (int) g_strv_length (ranks);
  GString *out = g_string_new (NULL);

  for (int r = n - 1; r >= 0; r--)
    {
      append_other_colour (out, ranks[r]);
      if (r > 0)
        g_string_append_c (out, '/');
    }
  for (int f = 1; fields[f]; f++)
    {
      g_string_append_c (out, ' ');
      if (f == 1)
        g_string_append (out, strcmp (fields[f], "w") == 0 ? "b" : "w");
      else if (f == 2)
        append_other_colour (out, fields[f]);
      else if (f == 3 && strcmp (fields[f], "-") != 0)
        g_string_append_printf (out, "%c%d", fields[f][0], n + 1 - atoi (fields[f] + 1));
      else
        g_string_append (out, fields[f]);
    }
  return g_string_free (out, FALSE);
}

/* The evaluation knows no colour: for positions of every game, the side to
 * move's score is the same with the colours exchanged (the board turned
 * over, the other side to move). */
static void test_colour_symmetry (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  int positions = 0;

  for (int i = 0; i < variant_count (); i++)
    for (int game = 0; game < 20; game++)
      {
        Position *pos = test_position_new (variant_at (i)->id, NULL);
        for (int step = 0; step < 30; step++)
          {
            g_autofree char *fen = test_fen (pos);
            g_autofree char *flip = flipped_fen (pos);
            Position *other = test_position_new (variant_at (i)->id, flip);
            int score = evaluate (pos), turned = evaluate (other);
            if (score != turned)
              g_test_message ("%s: %s (%d) / %s (%d)", variant_at (i)->id, fen, score, flip, turned);
            g_assert_cmpint (score, ==, turned);
            g_free (other);
            positions++;
            test_random_playout (pos, rand, 1 + g_rand_int_range (rand, 0, 12));
          }
        g_free (pos);
      }
  g_assert_cmpint (positions, ==, variant_count () * 20 * 30);
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/eval/trace-is-eval", test_trace_is_eval);
  g_test_add_func ("/eval/trace-is-linear", test_trace_is_linear);
  g_test_add_func ("/eval/pawn-cache", test_pawn_cache);
  g_test_add_func ("/eval/trace-mop-up", test_trace_mop_up);
  g_test_add_func ("/eval/trace-king-safety", test_trace_king_safety);
  g_test_add_func ("/eval/trace-king-pawns", test_trace_king_pawns);
  g_test_add_func ("/eval/trace-files", test_trace_files);
  g_test_add_func ("/eval/trace-pawn-structure", test_trace_pawn_structure);
  g_test_add_func ("/eval/trace-placement", test_trace_placement);
  g_test_add_func ("/eval/colour-symmetry", test_colour_symmetry);
  return g_test_run ();
}
