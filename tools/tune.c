/* tune.c — the Texel tuner: fits the evaluation's weights to game results.
 *
 * Reads training files whole (tools/datagen writes them: GAME<TAB>RESULT
 * <TAB>FEN a line); a line that is not one refuses the run with its file
 * and line number, before anything is tuned or written.  Each position's
 * evaluation is traced once (evaluate_trace), so the score of any weights
 * is linear: the sum of each weight times its net coefficient, middlegame
 * and endgame blended by the position's phase (eval-params.h).  Then, as
 * Texel's method has it: K of the logistic 1 / (1 + 10^(-K * score / 400))
 * is fitted to the results with the built-in table's weights (tune starts
 * from the table it was built with), and the mean squared
 * error between logistic and result is minimised over all the weights by
 * full-batch gradient descent with Adam.  Weights seen in fewer than
 * --min-count positions, and the mop-up terms, keep their values.
 *
 * --lambda pulls each weight toward its value in the built-in table (an
 * L2 penalty, lambda times the squared difference in centipawns, added to
 * the error), for weights the data sees little; --hold-out N keeps every
 * Nth block of HOLD_OUT_BLOCK lines out of the fit and reports the error
 * on them, so that over-fitting shows.  --quiesce traces, instead of
 * each position, the leaf of its quiescence search (the captures under
 * way played out), as Texel tuning usually does.
 *
 *   tune [--data FILE]... [--iterations N] [--rate R] [--lambda L] [--hold-out N]
 *        [--quiesce] [--min-count N] [--out FILE]
 *
 * writes the table file (src/engine/eval-params.c) with a header saying
 * how it was produced.  Plain C, the engine library only.
 */
#include "eval.h"
#include "movegen.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE_MAX_LENGTH 1024
#define DATA_FILES_MAX 16
#define KING_ATTACK_EG_SCALE 0.25   /* eval.c divides the king attack's endgame part by 4 */

typedef struct {
  uint16_t param;
  int16_t coef;      /* white's count - black's */
} Entry;

typedef struct {
  uint32_t first;    /* into Data.entries */
  uint16_t count;
  float middlegame;  /* phase / 256 */
  float result;      /* 1, 0.5 or 0 for White */
  bool held_out;     /* kept out of the fit, to measure it on */
} Sample;

typedef struct {
  Sample *samples;
  size_t sample_count, sample_room;
  Entry *entries;
  size_t entry_count, entry_room;
  long seen[EVAL_PARAM_NB];   /* positions fitted on where the weight counts */
  int hold_out;               /* every hold_out-th block of lines is held out; 0: none */
  bool quiesce;               /* trace the leaf of each position's capture search, not the position */
  long resolved;              /* positions whose leaf is another position (with quiesce) */
  long lines;                 /* read so far, over all files */
} Data;

/* Lines of a game follow each other: blocks this long are held out
 * together, so that the held-out positions are mostly of other games. */
#define HOLD_OUT_BLOCK 128

static void *grow (void *array, size_t *room, size_t needed, size_t size)
{
  if (needed <= *room)
    return array;
  size_t bigger = *room ? *room * 2 : 4096;
  while (bigger < needed)
    bigger *= 2;
  void *moved = realloc (array, bigger * size);
  if (!moved)
    {
      fprintf (stderr, "tune: out of memory\n");
      exit (1);
    }
  *room = bigger;
  return moved;
}

/* Captures a quiescence search looks at, at most, along one line. */
#define QUIESCE_PLIES 8
#define QUIESCE_INFINITE 1000000

/* A fail-hard quiescence search on evaluate(): captures and promotions
 * only, standing pat, a position in check taken as it is (no evasions);
 * its principal variation into pv.  As Texel's method traces it: the
 * position the captures under way settle into. */
static int quiesce (Position *pos, int alpha, int beta, int plies, Move *pv, int *pv_length)
{
  int stand = evaluate (pos);
  *pv_length = 0;
  if (stand >= beta)
    return beta;
  if (stand > alpha)
    alpha = stand;
  if (plies == 0 || position_in_check (pos) || !position_history_has_room (pos, 1))
    return alpha;

  MoveList list;
  Move line[QUIESCE_PLIES];
  int line_length;
  movegen_captures (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      position_make (pos, list.moves[i]);
      int score = -quiesce (pos, -beta, -alpha, plies - 1, line, &line_length);
      position_unmake (pos);
      if (score >= beta)
        return beta;
      if (score > alpha)
        {
          alpha = score;
          pv[0] = list.moves[i];
          memcpy (pv + 1, line, (size_t) line_length * sizeof *line);
          *pv_length = line_length + 1;
        }
    }
  return alpha;
}

/* One line's position into data; false with why in message. */
static bool parse_line (char *line, Position *pos, Data *data, char *message, size_t size)
{
  char *game = line, *result = strchr (line, '\t'), *fen = NULL;
  if (result)
    {
      *result++ = '\0';
      fen = strchr (result, '\t');
      if (fen)
        *fen++ = '\0';
    }
  if (!fen)
    {
      snprintf (message, size, "expected GAME<TAB>RESULT<TAB>FEN");
      return false;
    }
  const Variant *v = variant_by_id (game);
  if (!v)
    {
      snprintf (message, size, "'%s' is no game id", game);
      return false;
    }
  float white;
  if (strcmp (result, "1-0") == 0)
    white = 1;
  else if (strcmp (result, "0-1") == 0)
    white = 0;
  else if (strcmp (result, "1/2-1/2") == 0)
    white = 0.5f;
  else
    {
      snprintf (message, size, "result '%s' is none of 1-0, 1/2-1/2, 0-1", result);
      return false;
    }
  ParseError err;
  if (!position_set_fen (pos, v, fen, &err))
    {
      snprintf (message, size, "not a position of %s: %s", v->id, err.message);
      return false;
    }

  if (data->quiesce)
    {
      Move pv[QUIESCE_PLIES];
      int pv_length;
      quiesce (pos, -QUIESCE_INFINITE, QUIESCE_INFINITE, QUIESCE_PLIES, pv, &pv_length);
      for (int i = 0; i < pv_length; i++)
        position_make (pos, pv[i]);
      data->resolved += pv_length > 0;
    }
  EvalTrace trace;
  evaluate_trace (pos, &trace);
  Sample sample = { .first = (uint32_t) data->entry_count, .middlegame = (float) trace.phase / 256, .result = white,
                    .held_out = data->hold_out > 0 && (data->lines / HOLD_OUT_BLOCK) % data->hold_out == 0 };
  data->lines++;
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      int net = trace.coef[WHITE][p] - trace.coef[BLACK][p];
      if (net == 0)
        continue;
      data->entries = grow (data->entries, &data->entry_room, data->entry_count + 1, sizeof *data->entries);
      data->entries[data->entry_count++] = (Entry) { .param = (uint16_t) p, .coef = (int16_t) net };
      sample.count++;
      data->seen[p] += !sample.held_out;
    }
  data->samples = grow (data->samples, &data->sample_room, data->sample_count + 1, sizeof *data->samples);
  data->samples[data->sample_count++] = sample;
  return true;
}

/* Reads path whole into data; false, with its line named, if any line is
 * not a training position (data then holds nothing of it). */
static bool read_data (const char *path, Data *data, long *lines_read)
{
  char line[LINE_MAX_LENGTH + 2], message[256];
  size_t samples_before = data->sample_count, entries_before = data->entry_count;
  long lines_before = data->lines;
  long number = 0;
  long seen_before[EVAL_PARAM_NB];
  Position *pos = calloc (1, sizeof *pos);
  FILE *in = fopen (path, "r");

  memcpy (seen_before, data->seen, sizeof seen_before);
  if (!in || !pos)
    {
      fprintf (stderr, "tune: cannot read %s: %s\n", path, strerror (errno));
      free (pos);
      if (in)
        fclose (in);
      return false;
    }
  bool ok = true;
  while (ok && fgets (line, sizeof line, in))
    {
      size_t length = strlen (line);
      number++;
      if (length > LINE_MAX_LENGTH || (length > 0 && line[length - 1] != '\n' && !feof (in)))
        {
          snprintf (message, sizeof message, "line longer than %d characters", LINE_MAX_LENGTH);
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
          ok = parse_line (line, pos, data, message, sizeof message);
        }
    }
  if (ok && ferror (in))
    {
      snprintf (message, sizeof message, "read error");
      ok = false;
    }
  if (ok && number == 0)
    {
      snprintf (message, sizeof message, "no positions");
      ok = false;
    }
  fclose (in);
  free (pos);
  if (!ok)
    {
      fprintf (stderr, "tune: %s:%ld: %s; the file is refused, nothing tuned\n", path, number, message);
      data->sample_count = samples_before;
      data->entry_count = entries_before;
      data->lines = lines_before;
      memcpy (data->seen, seen_before, sizeof seen_before);
      return false;
    }
  *lines_read = number;
  return true;
}

/* The linear score of sample s for weights mg/eg (centipawns, White's). */
static double sample_score (const Data *data, const Sample *s, const double *mg, const double *eg)
{
  double blended = 0, flat = 0;
  for (uint32_t i = s->first; i < s->first + s->count; i++)
    {
      const Entry *e = &data->entries[i];
      if (e->param >= EVAL_FLAT_FIRST)
        flat += e->coef * mg[e->param];
      else
        {
          double eg_scale = e->param >= EVAL_KING_ATTACK && e->param < EVAL_KING_ATTACK + KIND_NB ? KING_ATTACK_EG_SCALE : 1;
          blended += e->coef * (mg[e->param] * s->middlegame + eg[e->param] * eg_scale * (1 - s->middlegame));
        }
    }
  return blended + flat;
}

static double logistic (double k, double score)
{
  return 1 / (1 + pow (10, -k * score / 400));
}

/* Over the positions fitted on, or over those held out. */
static double mean_error (const Data *data, double k, const double *mg, const double *eg, bool held_out)
{
  double total = 0;
  long count = 0;
  for (size_t i = 0; i < data->sample_count; i++)
    {
      const Sample *s = &data->samples[i];
      if (s->held_out != held_out)
        continue;
      double d = s->result - logistic (k, sample_score (data, s, mg, eg));
      total += d * d;
      count++;
    }
  return count > 0 ? total / (double) count : 0;
}

/* K with the least error, by golden-section search. */
static double fit_k (const Data *data, const double *mg, const double *eg)
{
  double lo = 0.05, hi = 4, ratio = (sqrt (5) - 1) / 2;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double ea = mean_error (data, a, mg, eg, false), eb = mean_error (data, b, mg, eg, false);
  for (int i = 0; i < 40; i++)
    if (ea < eb)
      {
        hi = b, b = a, eb = ea;
        a = hi - ratio * (hi - lo);
        ea = mean_error (data, a, mg, eg, false);
      }
    else
      {
        lo = a, a = b, ea = eb;
        b = lo + ratio * (hi - lo);
        eb = mean_error (data, b, mg, eg, false);
      }
  return (lo + hi) / 2;
}

static void gradient (const Data *data, double k, const double *mg, const double *eg, double *grad_mg, double *grad_eg)
{
  double dscore = k * log (10) / 400;
  memset (grad_mg, 0, EVAL_PARAM_NB * sizeof *grad_mg);
  memset (grad_eg, 0, EVAL_PARAM_NB * sizeof *grad_eg);
  for (size_t i = 0; i < data->sample_count; i++)
    {
      const Sample *s = &data->samples[i];
      if (s->held_out)
        continue;
      double sig = logistic (k, sample_score (data, s, mg, eg));
      double g = (sig - s->result) * sig * (1 - sig) * dscore;
      for (uint32_t j = s->first; j < s->first + s->count; j++)
        {
          const Entry *e = &data->entries[j];
          if (e->param >= EVAL_FLAT_FIRST)
            grad_mg[e->param] += g * e->coef;
          else
            {
              double eg_scale = e->param >= EVAL_KING_ATTACK && e->param < EVAL_KING_ATTACK + KIND_NB ? KING_ATTACK_EG_SCALE : 1;
              grad_mg[e->param] += g * e->coef * s->middlegame;
              grad_eg[e->param] += g * e->coef * eg_scale * (1 - s->middlegame);
            }
        }
    }
}

/* "KIND_AJAX_MINISTER" for the kind whose id is "ajax-minister". */
static void kind_enum_name (int kind, char *buf, size_t size)
{
  const char *id = piece_kind_info ((PieceKind) kind)->id;
  size_t n = (size_t) snprintf (buf, size, "KIND_");
  for (; *id && n + 1 < size; id++)
    buf[n++] = *id == '-' ? '_' : (char) (*id >= 'a' && *id <= 'z' ? *id - 'a' + 'A' : *id);
  buf[n] = '\0';
}

/* Writes the table to path (through a temporary file, so a failure
 * leaves the old one whole). */
static bool write_table (const char *path, const int *mg, const int *eg, const char *provenance)
{
  char temporary[4096], name[128];
  snprintf (temporary, sizeof temporary, "%s.new", path);
  FILE *out = fopen (temporary, "w");
  if (!out)
    {
      fprintf (stderr, "tune: cannot write %s: %s\n", temporary, strerror (errno));
      return false;
    }
  fprintf (out, "/* eval-params.c — the evaluation's weights; eval-params.h says what each is.\n"
                " *\n"
                " * Generated by tools/tune: do not edit by hand, tune again.\n"
                "%s"
                " */\n"
                "#include \"eval-params.h\"\n\n"
                "const EvalWeight eval_weights[EVAL_PARAM_NB] = {\n", provenance);
  for (int g = 0; g < eval_param_group_count; g++)
    {
      const EvalParamGroup *group = &eval_param_groups[g];
      for (int i = 0; i < group->count; i++)
        {
          char index[64] = "";
          if (group->per_kind)
            {
              kind_enum_name (i, index, sizeof index);
              snprintf (name, sizeof name, "[%s + %s]", group->name, index);
            }
          else if (group->count > 1)
            snprintf (name, sizeof name, "[%s + %d]", group->name, i);
          else
            snprintf (name, sizeof name, "[%s]", group->name);
          int p = group->first + i;
          fprintf (out, "  %-46s = { %5d, %5d },\n", name, mg[p], eg[p]);
        }
    }
  fprintf (out, "};\n");
  if (fclose (out) != 0 || rename (temporary, path) != 0)
    {
      fprintf (stderr, "tune: cannot write %s: %s\n", path, strerror (errno));
      remove (temporary);
      return false;
    }
  return true;
}

static bool tunable (const Data *data, int p, long min_count)
{
  return p < EVAL_FLAT_FIRST || p == EVAL_TEMPO ? data->seen[p] >= min_count : false;
}

int main (int argc, char **argv)
{
  const char *files[DATA_FILES_MAX], *out_path = "src/engine/eval-params.c";
  int file_count = 0, iterations = 1000;
  long min_count = 200;
  double rate = 1.0, lambda = 0;
  Data data = { 0 };

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--data") == 0 && i + 1 < argc && file_count < DATA_FILES_MAX)
        files[file_count++] = argv[++i];
      else if (strcmp (argv[i], "--iterations") == 0 && i + 1 < argc)
        iterations = atoi (argv[++i]);
      else if (strcmp (argv[i], "--rate") == 0 && i + 1 < argc)
        rate = atof (argv[++i]);
      else if (strcmp (argv[i], "--lambda") == 0 && i + 1 < argc)
        lambda = atof (argv[++i]);
      else if (strcmp (argv[i], "--hold-out") == 0 && i + 1 < argc)
        data.hold_out = atoi (argv[++i]);
      else if (strcmp (argv[i], "--quiesce") == 0)
        data.quiesce = true;
      else if (strcmp (argv[i], "--min-count") == 0 && i + 1 < argc)
        min_count = atol (argv[++i]);
      else if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out_path = argv[++i];
      else
        {
          fprintf (stderr, "usage: tune [--data FILE]... [--iterations N] [--rate R] [--lambda L] [--hold-out N]\n"
                           "            [--quiesce] [--min-count N] [--out FILE]\n");
          return 2;
        }
    }
  if (iterations < 0 || rate <= 0 || lambda < 0 || data.hold_out < 0 || (iterations > 0 && file_count == 0))
    {
      fprintf (stderr, "tune: --iterations, --lambda and --hold-out must be 0 or more, --rate positive, and tuning needs --data\n");
      return 2;
    }

  char provenance[8192], command[2048] = "";
  size_t n = 0;
  for (int i = 0; i < argc && n < sizeof command; i++)
    n += (size_t) snprintf (command + n, sizeof command - n, "%s%s", i ? " " : "", i ? argv[i] : "tune");
  n = (size_t) snprintf (provenance, sizeof provenance, " * Command: %s\n", command);
  for (int f = 0; f < file_count; f++)
    {
      long lines = 0;
      if (!read_data (files[f], &data, &lines))
        {
          free (data.samples);
          free (data.entries);
          return 1;
        }
      n += (size_t) snprintf (provenance + n, sizeof provenance - n, " * Data: %s, %ld positions (tools/datagen).\n",
                              files[f], lines);
    }

  if (data.quiesce)
    {
      fprintf (stderr, "tune: %ld of %zu positions traced at the end of a capture line (--quiesce)\n", data.resolved,
               data.sample_count);
      n += (size_t) snprintf (provenance + n, sizeof provenance - n,
                              " * %ld of %zu positions traced at the end of a capture line (--quiesce).\n",
                              data.resolved, data.sample_count);
    }

  double mg[EVAL_PARAM_NB], eg[EVAL_PARAM_NB];
  int out_mg[EVAL_PARAM_NB], out_eg[EVAL_PARAM_NB];
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      mg[p] = eval_weights[p].mg;
      eg[p] = eval_weights[p].eg;
    }
  if (iterations > 0)
    {
      double k = fit_k (&data, mg, eg), before = mean_error (&data, k, mg, eg, false);
      double held_before = mean_error (&data, k, mg, eg, true);
      double grad_mg[EVAL_PARAM_NB], grad_eg[EVAL_PARAM_NB];
      double m1[2][EVAL_PARAM_NB] = { { 0 } }, m2[2][EVAL_PARAM_NB] = { { 0 } };
      const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-12;
      int free_weights = 0;
      for (int p = 0; p < EVAL_PARAM_NB; p++)
        free_weights += tunable (&data, p, min_count);
      fprintf (stderr, "tune: %zu positions, %d of %d weights free, K = %.4f, error %.6f", data.sample_count,
               free_weights, EVAL_PARAM_NB, k, before);
      if (data.hold_out > 0)
        fprintf (stderr, ", held out %.6f", held_before);
      fprintf (stderr, "\n");

      for (int it = 1; it <= iterations; it++)
        {
          gradient (&data, k, mg, eg, grad_mg, grad_eg);
          double correct1 = 1 - pow (beta1, it), correct2 = 1 - pow (beta2, it);
          for (int p = 0; p < EVAL_PARAM_NB; p++)
            {
              if (!tunable (&data, p, min_count))
                continue;
              double *weight[2] = { &mg[p], &eg[p] };
              double grad[2] = { grad_mg[p] + 2 * lambda * (mg[p] - eval_weights[p].mg),
                                 grad_eg[p] + 2 * lambda * (eg[p] - eval_weights[p].eg) };
              for (int phase = 0; phase < (p >= EVAL_FLAT_FIRST ? 1 : 2); phase++)
                {
                  m1[phase][p] = beta1 * m1[phase][p] + (1 - beta1) * grad[phase];
                  m2[phase][p] = beta2 * m2[phase][p] + (1 - beta2) * grad[phase] * grad[phase];
                  *weight[phase] -= rate * (m1[phase][p] / correct1) / (sqrt (m2[phase][p] / correct2) + epsilon);
                }
            }
          if (it % 100 == 0 || it == iterations)
            {
              fprintf (stderr, "tune: iteration %d, error %.6f", it, mean_error (&data, k, mg, eg, false));
              if (data.hold_out > 0)
                fprintf (stderr, ", held out %.6f", mean_error (&data, k, mg, eg, true));
              fprintf (stderr, "\n");
            }
        }
      double after = mean_error (&data, k, mg, eg, false), held_after = mean_error (&data, k, mg, eg, true);
      time_t now = time (NULL);
      char date[32];
      strftime (date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime (&now));
      n += (size_t) snprintf (provenance + n, sizeof provenance - n,
                              " * Date: %s.  K = %.4f; mean squared error %.6f with the old table, %.6f\n"
                              " * tuned; %d of %d weights free (seen in %ld positions or more).\n",
                              date, k, before, after, free_weights, EVAL_PARAM_NB, min_count);
      if (data.hold_out > 0)
        n += (size_t) snprintf (provenance + n, sizeof provenance - n,
                                " * Held-out positions (every %dth block of %d lines): %.6f before, %.6f after.\n",
                                data.hold_out, HOLD_OUT_BLOCK, held_before, held_after);
    }
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      out_mg[p] = (int) lround (mg[p]);
      out_eg[p] = (int) lround (eg[p]);
    }
  free (data.samples);
  free (data.entries);
  return write_table (out_path, out_mg, out_eg, provenance) ? 0 : 1;
}
