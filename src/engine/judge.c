/* judge.c — values, marks and [%eval] comments (see judge.h for the
 * thresholds and why). */
#include "judge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"
#include "status.h"

/* lichess's winning chances: the logistic of the centipawns. */
#define LOGISTIC_SCALE 0.00368208
/* What a mate is worth in centipawns, less this much a move. */
#define MATE_CENTIPAWNS 10000
#define MATE_CENTIPAWNS_PER_MOVE 10

static const struct {
  int centipawns;
  double expectation;
} thresholds[JUDGEMENT_NB] = {
  [JUDGEMENT_INACCURACY] = { 50, 0.04 },
  [JUDGEMENT_MISTAKE] = { 100, 0.08 },
  [JUDGEMENT_BLUNDER] = { 200, 0.14 },
};

static const int nags[JUDGEMENT_NB] = { 0, 6, 2, 4 };

#define EVAL_COMMAND "[%eval"

int judge_from_search (int score, int side_to_move)
{
  int sign = side_to_move == WHITE ? 1 : -1;
  int mate = search_mate_in (score);

  if (mate > 0)
    return sign * (JUDGE_MATE - (mate < JUDGE_MATE_MOVES_MAX ? mate : JUDGE_MATE_MOVES_MAX - 1));
  if (mate < 0)
    return -sign * (JUDGE_MATE - (-mate < JUDGE_MATE_MOVES_MAX ? -mate : JUDGE_MATE_MOVES_MAX - 1));
  if (score > JUDGE_CENTIPAWNS_MAX)
    score = JUDGE_CENTIPAWNS_MAX;
  if (score < -JUDGE_CENTIPAWNS_MAX)
    score = -JUDGE_CENTIPAWNS_MAX;
  return sign * score;
}

double judge_expectation (int value)
{
  if (judge_is_mate (value))
    return value > 0 ? 1.0 : 0.0;
  return 1.0 / (1.0 + exp (-LOGISTIC_SCALE * value));
}

/* A value as centipawns, for the centipawn loss. */
static int centipawns_of (int value)
{
  int worth;

  if (!judge_is_mate (value))
    return value;
  worth = MATE_CENTIPAWNS - MATE_CENTIPAWNS_PER_MOVE * judge_mate_moves (value);
  if (worth < JUDGE_CENTIPAWNS_MAX + 1)
    worth = JUDGE_CENTIPAWNS_MAX + 1;
  return value > 0 ? worth : -worth;
}

Judgement judge_move (int before, int after, int mover)
{
  int sign = mover == WHITE ? 1 : -1;
  int centipawns_lost = sign * (centipawns_of (before) - centipawns_of (after));
  double expectation_lost = sign * (judge_expectation (before) - judge_expectation (after));

  for (int judgement = JUDGEMENT_BLUNDER; judgement > JUDGEMENT_NONE; judgement--)
    if (centipawns_lost >= thresholds[judgement].centipawns
        && expectation_lost >= thresholds[judgement].expectation)
      return (Judgement) judgement;
  return JUDGEMENT_NONE;
}

int judge_nag (Judgement judgement)
{
  return judgement > JUDGEMENT_NONE && judgement < JUDGEMENT_NB ? nags[judgement] : 0;
}

Judgement judge_from_nag (int nag)
{
  for (int judgement = JUDGEMENT_INACCURACY; judgement < JUDGEMENT_NB; judgement++)
    if (nags[judgement] == nag)
      return (Judgement) judgement;
  return JUDGEMENT_NONE;
}

const char *judge_symbol (Judgement judgement)
{
  const char *symbol = pgn_nag_symbol (judge_nag (judgement), false);

  return symbol ? symbol : "";
}

/* Searching */

static void keep_line (const SearchInfo *info, void *data)
{
  SearchInfo *last = data;

  if (info->multipv == 1 && info->pv_length > 0)
    *last = *info;
}

void judge_search (Search *search, const Position *pos, const SearchLimits *limits, JudgeLine *out)
{
  StatusInfo status = position_status (pos);
  SearchLimits one_line = *limits;
  SearchInfo last = { .depth = 0 };

  memset (out, 0, sizeof *out);
  if (status.status != STATUS_ONGOING)
    {
      /* The side to move is mated, or the game is drawn. */
      if (status.status == STATUS_CHECKMATE)
        out->value = pos->side == WHITE ? -JUDGE_MATE : JUDGE_MATE;
      return;
    }

  one_line.multipv = 1;
  one_line.skill = 20;
  one_line.infinite = false;
  out->best = search_run (search, pos, &one_line, keep_line, &last, NULL);
  if (last.depth == 0)
    return;
  out->depth = last.depth;
  out->value = judge_from_search (last.score, pos->side);
  out->line_length = last.pv_length < JUDGE_LINE_MAX ? last.pv_length : JUDGE_LINE_MAX;
  memcpy (out->line, last.pv, (size_t) out->line_length * sizeof (Move));
  out->best = last.pv[0];
}

/* [%eval] */

void judge_format_eval (int value, char *buf, size_t size)
{
  if (judge_is_mate (value))
    snprintf (buf, size, "#%s%d", value < 0 ? "-" : "", judge_mate_moves (value));
  else
    snprintf (buf, size, "%s%d.%02d", value < 0 ? "-" : "", abs (value) / 100, abs (value) % 100);
}

void judge_format_score (int value, char *buf, size_t size)
{
  if (judge_is_mate (value))
    snprintf (buf, size, "%s#%d", value < 0 ? "-" : "", judge_mate_moves (value));
  else if (value == 0)
    snprintf (buf, size, "0.00");
  else
    snprintf (buf, size, "%+.2f", value / 100.0);
}

bool judge_parse_eval (const char *text, int *value)
{
  bool mate = false, negative = false;
  long whole = 0, hundredths = 0;
  int digits = 0;
  const char *p = text;

  if (*p == '#')
    {
      mate = true;
      p++;
    }
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  if (*p < '0' || *p > '9')
    return false;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      whole = whole * 10 + (*p - '0');
      if (whole > (mate ? JUDGE_MATE_MOVES_MAX - 1 : JUDGE_CENTIPAWNS_MAX))
        return false;
    }
  if (!mate && *p == '.')
    for (p++; *p >= '0' && *p <= '9'; p++, digits++)
      if (digits < 2)
        hundredths = hundredths * 10 + (*p - '0');
  if (digits == 1)
    hundredths *= 10;
  if (*p != '\0')
    return false;

  if (mate)
    *value = negative ? -(JUDGE_MATE - (int) whole) : JUDGE_MATE - (int) whole;
  else
    {
      long centipawns = whole * 100 + hundredths;

      if (centipawns > JUDGE_CENTIPAWNS_MAX)
        centipawns = JUDGE_CENTIPAWNS_MAX;
      *value = (int) (negative ? -centipawns : centipawns);
    }
  return true;
}

/* The next "[%eval …]" of text: its start and its length. */
static const char *find_eval (const char *text, size_t *length)
{
  return pgn_comment_find_command (text, &EVAL_COMMAND[2], length);
}

bool judge_comment_eval (const char *comment, int *value)
{
  char text[JUDGE_EVAL_TEXT_MAX * 2];
  const char *start, *argument;
  size_t length, argument_length;

  if (!comment || !(start = find_eval (comment, &length)) || start[length - 1] != ']')
    return false;
  argument = start + strlen (EVAL_COMMAND);
  while (*argument == ' ')
    argument++;
  /* The value ends at a blank (other tools add ",depth") or the bracket. */
  argument_length = strcspn (argument, " ,]");
  if (argument_length == 0 || argument_length >= sizeof text)
    return false;
  memcpy (text, argument, argument_length);
  text[argument_length] = '\0';
  return judge_parse_eval (text, value);
}

bool judge_line_is_review (const char *line_comment)
{
  int value;

  return judge_comment_eval (line_comment, &value);
}

char *judge_comment_set_eval (const char *comment, const int *value)
{
  size_t comment_length = comment ? strlen (comment) : 0;
  char *result = malloc (comment_length + JUDGE_EVAL_TEXT_MAX + sizeof EVAL_COMMAND + 4);
  char *out = result;
  const char *rest = comment ? comment : "";

  if (!result)
    return NULL;
  if (value)
    {
      char eval[JUDGE_EVAL_TEXT_MAX];

      judge_format_eval (*value, eval, sizeof eval);
      out += sprintf (out, "%s %s] ", EVAL_COMMAND, eval);
    }
  /* The rest, without its [%eval]s and the runs of blanks they leave. */
  while (*rest)
    {
      size_t length = 0;
      const char *start = find_eval (rest, &length);
      const char *end = start ? start : rest + strlen (rest);

      for (; rest < end; rest++)
        if (*rest != ' ' || (out > result && out[-1] != ' '))
          *out++ = *rest;
      if (!start)
        break;
      rest = start + length;
    }
  while (out > result && out[-1] == ' ')
    out--;
  *out = '\0';
  return result;
}
