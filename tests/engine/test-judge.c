/* test-judge.c — the annotator's tables: marks by value lost, [%eval]
 * text both ways, comments with their [%eval] replaced, and a search's
 * verdict on positions the rules end. */
#include <glib.h>
#include <stdlib.h>

#include "judge.h"
#include "notation.h"
#include "test-util.h"

#define MATE_IN(n) (JUDGE_MATE - (n))

static void
test_marks (void)
{
  static const struct {
    int before, after, mover;
    Judgement expected;
  } cases[] = {
    { 30, -10, WHITE, JUDGEMENT_NONE },
    { 30, -25, WHITE, JUDGEMENT_INACCURACY },
    { 30, -75, WHITE, JUDGEMENT_MISTAKE },
    { 30, -180, WHITE, JUDGEMENT_BLUNDER },
    { -30, 180, BLACK, JUDGEMENT_BLUNDER },
    { -30, 80, BLACK, JUDGEMENT_MISTAKE },
    /* Gaining is never marked. */
    { -30, -300, BLACK, JUDGEMENT_NONE },
    /* Far ahead, a pawn or two hardly changes the result. */
    { 900, 750, WHITE, JUDGEMENT_NONE },
    { 1000, 500, WHITE, JUDGEMENT_MISTAKE },
    { -900, -750, BLACK, JUDGEMENT_NONE },
    /* Mates: a slower one is nothing, a missed one costs, walking into one is a blunder. */
    { MATE_IN (2), MATE_IN (5), WHITE, JUDGEMENT_NONE },
    { MATE_IN (2), 500, WHITE, JUDGEMENT_MISTAKE },
    { MATE_IN (2), 2000, WHITE, JUDGEMENT_NONE },
    { 0, -MATE_IN (3), WHITE, JUDGEMENT_BLUNDER },
    { 0, MATE_IN (3), BLACK, JUDGEMENT_BLUNDER },
    { -MATE_IN (4), -MATE_IN (1), BLACK, JUDGEMENT_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%d -> %d by %s", cases[i].before, cases[i].after, cases[i].mover == WHITE ? "White" : "Black");
      g_assert_cmpint (judge_move (cases[i].before, cases[i].after, cases[i].mover), ==, cases[i].expected);
    }
  g_assert_cmpint (judge_nag (JUDGEMENT_INACCURACY), ==, 6);
  g_assert_cmpint (judge_nag (JUDGEMENT_MISTAKE), ==, 2);
  g_assert_cmpint (judge_nag (JUDGEMENT_BLUNDER), ==, 4);
  g_assert_cmpint (judge_nag (JUDGEMENT_NONE), ==, 0);
  g_assert_cmpint (judge_from_nag (4), ==, JUDGEMENT_BLUNDER);
  g_assert_cmpint (judge_from_nag (1), ==, JUDGEMENT_NONE);
  g_assert_cmpstr (judge_symbol (JUDGEMENT_INACCURACY), ==, "?!");
}

static void
test_eval_text (void)
{
  static const struct {
    int value;
    const char *text;
  } cases[] = {
    { 0, "0.00" }, { 35, "0.35" }, { -120, "-1.20" }, { 5, "0.05" }, { -7, "-0.07" },
    { 1234, "12.34" }, { MATE_IN (3), "#3" }, { -MATE_IN (2), "#-2" },
  };
  static const struct {
    const char *text;
    int value;
  } read[] = {
    { "+0.35", 35 }, { "3", 300 }, { "-0.5", -50 }, { "#+3", MATE_IN (3) }, { "1.234", 123 },
  };
  static const char *const bad[] = { "", "x", "1.2.3", "#", "#1.5", "0.35x", "--1", "123456" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[JUDGE_EVAL_TEXT_MAX];
      int value = 0;

      judge_format_eval (cases[i].value, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_true (judge_parse_eval (cases[i].text, &value));
      g_assert_cmpint (value, ==, cases[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (read); i++)
    {
      int value = 0;

      g_assert_true (judge_parse_eval (read[i].text, &value));
      g_assert_cmpint (value, ==, read[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      int value;

      g_test_message ("%s", bad[i]);
      g_assert_false (judge_parse_eval (bad[i], &value));
    }
}

/* The score as the app shows it, beside the [%eval] text. */
static void
test_score_text (void)
{
  static const struct {
    int value;
    const char *text;
  } cases[] = {
    { 0, "0.00" }, { 125, "+1.25" }, { -40, "-0.40" }, { 5, "+0.05" }, { MATE_IN (3), "#3" },
    { -MATE_IN (2), "-#2" }, { MATE_IN (0), "#0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[JUDGE_SCORE_TEXT_MAX];

      judge_format_score (cases[i].value, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_comments (void)
{
  static const struct {
    const char *comment;
    gboolean set;
    int value;
    const char *expected;
  } cases[] = {
    { NULL, TRUE, 35, "[%eval 0.35]" },
    { "", TRUE, -MATE_IN (2), "[%eval #-2]" },
    { "Nice.", TRUE, 0, "[%eval 0.00] Nice." },
    { "[%eval 1.00] Nice.", TRUE, -50, "[%eval -0.50] Nice." },
    { "Nice. [%eval 1.00] [%clk 0:01:00]", TRUE, 12, "[%eval 0.12] Nice. [%clk 0:01:00]" },
    { "[%eval 1.00] Nice.", FALSE, 0, "Nice." },
    { "[%eval 1.00]", FALSE, 0, "" },
    { "Two [%eval 1.00] [%eval 2.00] evals", FALSE, 0, "Two evals" },
    { "Open [%eval 1.00", FALSE, 0, "Open" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *result = judge_comment_set_eval (cases[i].comment, cases[i].set ? &cases[i].value : NULL);
      int value = 12345;

      g_assert_cmpstr (result, ==, cases[i].expected);
      if (cases[i].set)
        {
          g_assert_true (judge_comment_eval (result, &value));
          g_assert_cmpint (value, ==, cases[i].value);
        }
      else
        g_assert_false (judge_comment_eval (result, &value));
      free (result);
    }
  {
    int value = 0;

    g_assert_true (judge_comment_eval ("[%eval 0.35,20]", &value));
    g_assert_cmpint (value, ==, 35);
    g_assert_false (judge_comment_eval ("no eval here", &value));
    g_assert_false (judge_comment_eval (NULL, &value));
  }
}

static void
test_search_verdicts (void)
{
  static const struct {
    const char *fen;
    int value;
    const char *best;   /* UCI, or NULL for no move */
  } cases[] = {
    /* Black is mated; stalemate; White mates in one. */
    { "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", JUDGE_MATE, NULL },
    { "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, NULL },
    { "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", MATE_IN (1), "a1a8" },
    { "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", -MATE_IN (1), "a8a1" },
  };
  Search *search = search_new (4);
  SearchLimits limits = { .depth = 4 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Position *pos = test_position_new ("chess", cases[i].fen);
      JudgeLine line;
      ParseError err;

      judge_search (search, pos, &limits, &line);
      g_assert_cmpint (line.value, ==, cases[i].value);
      if (cases[i].best)
        {
          g_assert_cmpint (line.best, ==, notation_parse_uci (pos, cases[i].best, &err));
          g_assert_cmpint (line.line_length, >=, 1);
          g_assert_cmpint (line.depth, >, 0);
        }
      else
        {
          g_assert_cmpint (line.best, ==, MOVE_NONE);
          g_assert_cmpint (line.depth, ==, 0);
        }
      g_free (pos);
    }
  search_free (search);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/judge/marks", test_marks);
  g_test_add_func ("/judge/eval-text", test_eval_text);
  g_test_add_func ("/judge/score-text", test_score_text);
  g_test_add_func ("/judge/comments", test_comments);
  g_test_add_func ("/judge/search", test_search_verdicts);

  return g_test_run ();
}
