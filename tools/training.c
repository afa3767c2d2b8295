/* training.c — reading training files (training.h). */
#include "training.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *training_program = "tune";

void *training_grow (void *array, size_t *room, size_t needed, size_t size)
{
  if (needed <= *room)
    return array;
  size_t bigger = *room ? *room * 2 : 4096;
  while (bigger < needed)
    bigger *= 2;
  void *moved = realloc (array, bigger * size);
  if (!moved)
    {
      fprintf (stderr, "%s: out of memory\n", training_program);
      exit (1);
    }
  *room = bigger;
  return moved;
}

Position *training_new_position (void)
{
  Position *pos = calloc (1, sizeof *pos);
  if (!pos)
    {
      fprintf (stderr, "%s: out of memory\n", training_program);
      exit (1);
    }
  return pos;
}

/* A line's position into pos: GAME<TAB>RESULT<TAB>FEN (datagen's), or
 * a plain FEN of the game plain when it is not NULL; *white gets the
 * result for White (0.5 for a plain FEN).  False with why in message. */
bool training_read_position (char *line, const Variant *plain, Position *pos, float *white, char *message,
                             size_t size)
{
  char *game = line, *result = strchr (line, '\t'), *fen = NULL;
  const Variant *v = plain;
  *white = 0.5f;
  if (result)
    {
      *result++ = '\0';
      fen = strchr (result, '\t');
      if (fen)
        *fen++ = '\0';
    }
  else if (plain)
    fen = line;
  if (!fen)
    {
      snprintf (message, size, plain ? "expected GAME<TAB>RESULT<TAB>FEN or a FEN" : "expected GAME<TAB>RESULT<TAB>FEN");
      return false;
    }
  if (fen != line)
    {
      v = variant_by_id (game);
      if (!v)
        {
          snprintf (message, size, "'%s' is no game id", game);
          return false;
        }
      char *end = NULL;
      double score = strtod (result, &end);
      if (strcmp (result, "1-0") == 0)
        *white = 1;
      else if (strcmp (result, "0-1") == 0)
        *white = 0;
      else if (strcmp (result, "1/2-1/2") == 0)
        *white = 0.5f;
      /* White's expected score, from another engine's search, say. */
      else if (end != result && *end == '\0' && result[0] != '-' && score >= 0 && score <= 1)
        *white = (float) score;
      else
        {
          snprintf (message, size, "result '%s' is none of 1-0, 1/2-1/2, 0-1 nor a score from 0 to 1", result);
          return false;
        }
    }
  ParseError err;
  if (!position_set_fen (pos, v, fen, &err))
    {
      snprintf (message, size, "not a position of %s: %s", v->id, err.message);
      return false;
    }
  return true;
}

/* Calls each on every line of path (its line end cut off).  False, with
 * "program: path:line: why; refused" on stderr, at the first line that is too
 * long, cut short or refused by each, or when path cannot be read or
 * holds no line.  *lines_read gets the lines read. */
bool training_each_line (const char *path, LineFunction each, void *context, const char *refused, long *lines_read)
{
  char line[TRAINING_LINE_MAX + 2], message[256];
  long number = 0;
  FILE *in = fopen (path, "r");

  if (!in)
    {
      fprintf (stderr, "%s: cannot read %s: %s\n", training_program, path, strerror (errno));
      return false;
    }
  bool ok = true;
  while (ok && fgets (line, sizeof line, in))
    {
      size_t length = strlen (line);
      number++;
      if (length > TRAINING_LINE_MAX || (length > 0 && line[length - 1] != '\n' && !feof (in)))
        {
          snprintf (message, sizeof message, "line longer than %d characters", TRAINING_LINE_MAX);
          ok = false;
        }
      else if (length > 0 && line[length - 1] != '\n')
        {
          snprintf (message, sizeof message, "last line cut short (no line end)");
          ok = false;
        }
      else
        {
          line[strcspn (line, "\r\n")] = '\0';
          ok = each (line, context, message, sizeof message);
        }
    }
  if (ok && ferror (in))
    {
      snprintf (message, sizeof message, "read error");
      ok = false;
    }
  if (ok && number == 0)
    {
      snprintf (message, sizeof message, "the file is empty");
      ok = false;
    }
  fclose (in);
  if (!ok)
    fprintf (stderr, "%s: %s:%ld: %s; %s\n", training_program, path, number, message, refused);
  *lines_read = number;
  return ok;
}

double training_logistic (double k, double score)
{
  return 1 / (1 + pow (10, -k * score / 400));
}

double training_fit_k (double (*error) (double k, void *context), void *context)
{
  double lo = 0.05, hi = 4, ratio = (sqrt (5) - 1) / 2;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double ea = error (a, context), eb = error (b, context);
  for (int i = 0; i < 40; i++)
    if (ea < eb)
      {
        hi = b, b = a, eb = ea;
        a = hi - ratio * (hi - lo);
        ea = error (a, context);
      }
    else
      {
        lo = a, a = b, ea = eb;
        b = lo + ratio * (hi - lo);
        eb = error (b, context);
      }
  return (lo + hi) / 2;
}
