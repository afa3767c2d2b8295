/* judge.h — a game annotator's reading of the search: values from White's
 * side, the marks ?!, ? and ?? of moves that threw value away, and the
 * [%eval] commands of PGN comments.  The app and chancellor-analyse both
 * judge through here, so they mark the same moves the same way.
 *
 * A move is judged by what it lost: the value of the position before it
 * (where the best move keeps it) against the value after it, both from
 * the mover's side.  Centipawns alone would call a pawn dropped at +9 a
 * mistake, so a mark needs both a centipawn loss and a loss of expected
 * result (lichess's logistic of the score, 0 = lost .. 1 = won):
 *
 *   mark           NAG   centipawns lost   expected result lost
 *   inaccuracy ?!  $6        >= 50              >= 0.04
 *   mistake    ?   $2        >= 100             >= 0.08
 *   blunder    ??  $4        >= 200             >= 0.14
 *
 * Near equality the centipawns decide (200 there cost 0.18 of the result);
 * far ahead or behind, the expected result does.  A mate counts as 10,000
 * centipawns less 10 a move and as a sure result: missing a mate and
 * staying at +5 is a mistake, walking into one a blunder, and a slower
 * mate nothing.  The move the search found best is never marked.
 */
#pragma once

#include "search.h"

/* A value, always from White's side: centipawns, or a mate.  White mating
 * in n moves is JUDGE_MATE - n (n = 0: Black is checkmated); Black mating
 * is the negation. */
#define JUDGE_MATE 100000
#define JUDGE_MATE_MOVES_MAX 1000
#define JUDGE_CENTIPAWNS_MAX 9999

static inline bool judge_is_mate (int value)
{
  return value > JUDGE_MATE - JUDGE_MATE_MOVES_MAX || value < -(JUDGE_MATE - JUDGE_MATE_MOVES_MAX);
}

/* Moves to the mate of a mate value (0: delivered). */
static inline int judge_mate_moves (int value)
{
  return JUDGE_MATE - (value < 0 ? -value : value);
}

/* A search score (the side to move's) as a value. */
int judge_from_search (int score, int side_to_move);
/* White's expected result, 0 (lost) .. 1 (won). */
double judge_expectation (int value);

typedef enum {
  JUDGEMENT_NONE,
  JUDGEMENT_INACCURACY,
  JUDGEMENT_MISTAKE,
  JUDGEMENT_BLUNDER,
  JUDGEMENT_NB
} Judgement;

/* The move of mover (WHITE, BLACK) that took the value from before to
 * after, when it was not the best move. */
Judgement judge_move (int before, int after, int mover);
/* $6, $2, $4 (0 for none), and back (NONE for any other NAG). */
int judge_nag (Judgement judgement);
Judgement judge_from_nag (int nag);
/* "?!", "?", "??" ("" for none). */
const char *judge_symbol (Judgement judgement);

/* How far the best line of a position is written out. */
#define JUDGE_LINE_MAX 8

/* What the search found in a position. */
typedef struct {
  int value;                  /* White's side */
  int depth;                  /* 0: the game is over here, by the rules */
  Move best;                  /* MOVE_NONE when the game is over */
  int line_length;
  Move line[JUDGE_LINE_MAX];  /* the best line, from best on */
} JudgeLine;

/* Searches pos within limits at full strength, one line; a position the
 * rules end (mate, stalemate, fivefold, 75 moves, bare kings) gets its
 * value without a search.  A search stopped before its first iteration
 * leaves depth 0 and the static verdict of a draw. */
void judge_search (Search *search, const Position *pos, const SearchLimits *limits, JudgeLine *out);

/* The text of an [%eval] command: "0.35", "-1.20", "#3", "#-2" (size:
 * JUDGE_EVAL_TEXT_MAX), and back (also "+0.35", "3", "#+3"). */
#define JUDGE_EVAL_TEXT_MAX 16
void judge_format_eval (int value, char *buf, size_t size);
bool judge_parse_eval (const char *text, int *value);
/* The text the player reads: "+1.25", "-0.40", "0.00", "#3" (White mates
 * in 3), "-#2" (Black mates in 2) (size: JUDGE_SCORE_TEXT_MAX). */
#define JUDGE_SCORE_TEXT_MAX 16
void judge_format_score (int value, char *buf, size_t size);

/* The value of a comment's [%eval …] command; false when it has none. */
bool judge_comment_eval (const char *comment, int *value);
/* The comment without its [%eval] commands, and with "[%eval value]" in
 * front when value is given; malloc'd (free with free()), "" when nothing
 * is left, NULL when out of memory. */
char *judge_comment_set_eval (const char *comment, const int *value);

/* A review's own line (the better line it adds beside a ?!, ? or ?? move)
 * opens with a comment holding the line's value as an [%eval] command,
 * "({[%eval 0.35]} 12. Nxe5 …)", so that clearing or
 * re-running a review removes its own lines and leaves the lines a player
 * or a file brought, also in a file read back.  Whether a line's opening
 * comment (NULL for none) marks it so. */
bool judge_line_is_review (const char *line_comment);
