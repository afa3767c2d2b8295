/* train-net.c — trains the evaluation's learned correction (net.h).
 *
 * Reads training files whole (GAME<TAB>RESULT<TAB>FEN lines, RESULT
 * White's expected score, such as tools/fsf-label.py writes from a
 * stronger engine's search, or a game's result); a line that is not one
 * refuses the run with its file and line, before anything is trained or
 * written.  Every position must be of the first one's board size; the
 * net knows the kinds the positions hold.  The net learns what the
 * evaluation without it misses: its output, in centipawns, is added to
 * evaluate()'s, and the mean squared error between the logistic
 * 1 / (1 + 10^(-K * score / 400)) of the sum and the result is
 * minimised by mini-batch Adam, K fitted first to the evaluation alone
 * (as tools/tune does).  --hold-out N keeps every Nth block of 128 lines
 * (mostly whole games) out of the fit and prints the error on them after
 * every pass, so over-fitting shows.  The net is then rounded to the
 * engine's fixed point and measured again as the engine computes it.
 * --mirror adds each position with its files turned round (same score).
 * The output weights are tied (the other side's view weighs minus the
 * side to move's, no bias): the net has no side-to-move bonus.
 *
 *   train-net --data FILE [--data FILE]... [--epochs N] [--rate R] [--batch N]
 *             [--decay D] [--hold-out N] [--mirror] [--limit CP] [--max-gap CP]
 *             [--seed N] [--out FILE]
 *
 * writes the net file (src/engine/net-params.c) with a header saying how
 * it was produced.  Plain C, the engine library only.
 */
#include "eval.h"
#include "net.h"
#include "splitmix.h"
#include "training.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DATA_FILES_MAX 16
#define HOLD_OUT_BLOCK 128
#define PIECES_MAX 64
/* The largest input weight and input bias the training keeps, in the
 * first layer's units (NET_QA of them to the engine's 1): PIECES_MAX of
 * the one and the other stay within 32,767 once rounded. */
#define INPUT_WEIGHT_MAX (480.0f / NET_QA)
#define INPUT_BIAS_MAX (2000.0f / NET_QA)

typedef struct {
  uint32_t first;     /* into Data.pieces */
  uint8_t count;
  uint8_t side;       /* to move */
  bool held_out;
  bool left_out;      /* by --max-gap: in neither the fit nor the held-out error */
  float result;       /* the side to move's expected score */
  float base;         /* evaluate() without the net, for the side to move */
} Sample;

typedef struct {
  uint8_t kind, color, square;
} Placed;

typedef struct {
  Sample *samples;
  size_t sample_count, sample_room;
  Placed *pieces;
  size_t piece_count, piece_room;
  int files, ranks;               /* of the first position; 0 before it */
  bool kinds[KIND_NB];            /* seen */
  int hold_out;
  long lines;
  Position *pos;                  /* where each line is read into */
  bool mirror;                    /* each position also with its files turned round */
} Data;

static bool read_line (char *line, void *context, char *message, size_t size)
{
  Data *data = context;
  Position *pos = data->pos;
  float white;

  if (!training_read_position (line, NULL, pos, &white, message, size))
    return false;
  const Variant *v = pos->variant;
  if (data->files == 0)
    data->files = v->files, data->ranks = v->ranks;
  else if (v->files != data->files || v->ranks != data->ranks)
    {
      snprintf (message, size, "a %d×%d board (%s), where the first position's is %d×%d: one net is one board size",
                v->files, v->ranks, v->id, data->files, data->ranks);
      return false;
    }
  if (bb_count (position_occupied (pos)) > PIECES_MAX)
    {
      snprintf (message, size, "more than %d pieces", PIECES_MAX);
      return false;
    }
  EvalTrace trace;
  int score = evaluate_trace (pos, &trace);
  Sample sample = { .first = (uint32_t) data->piece_count, .side = (uint8_t) pos->side,
                    .held_out = data->hold_out > 0 && (data->lines / HOLD_OUT_BLOCK) % data->hold_out == 0,
                    .result = pos->side == WHITE ? white : 1 - white,
                    .base = (float) (score - trace.correction) };
  data->lines++;
  for (Bitboard b = position_occupied (pos); b;)
    {
      int sq = bb_pop_lsb (&b);
      Piece p = pos->board[sq];
      int kind = v->kinds[piece_type (p)];
      data->kinds[kind] = true;
      data->pieces = training_grow (data->pieces, &data->piece_room, data->piece_count + 1, sizeof *data->pieces);
      data->pieces[data->piece_count++] = (Placed) { (uint8_t) kind, (uint8_t) piece_color (p), (uint8_t) sq };
      sample.count++;
    }
  data->samples = training_grow (data->samples, &data->sample_room, data->sample_count + 1, sizeof *data->samples);
  data->samples[data->sample_count++] = sample;
  if (data->mirror)
    {
      /* The position with its files turned round: the same worth, the
       * evaluation's terms and the scoring engine's being alike on both
       * wings (castling aside, which no input shows). */
      const Geometry *g = pos->geometry;
      Sample turned = sample;
      turned.first = (uint32_t) data->piece_count;
      data->pieces = training_grow (data->pieces, &data->piece_room, data->piece_count + sample.count, sizeof *data->pieces);
      for (int i = 0; i < sample.count; i++)
        {
          Placed p = data->pieces[sample.first + i];
          p.square = (uint8_t) (g->rank_of[p.square] * v->files + v->files - 1 - g->file_of[p.square]);
          data->pieces[data->piece_count++] = p;
        }
      data->samples = training_grow (data->samples, &data->sample_room, data->sample_count + 1, sizeof *data->samples);
      data->samples[data->sample_count++] = turned;
    }
  return true;
}

/* Reads path whole into data; false, with its line named, if any line is
 * not a training position (data then holds none of its positions). */
static bool read_data (const char *path, Data *data, long *lines_read)
{
  size_t samples_before = data->sample_count, pieces_before = data->piece_count;
  long lines_before = data->lines;
  bool ok = training_each_line (path, read_line, data, "the file is refused, nothing trained", lines_read);
  if (!ok)
    {
      data->sample_count = samples_before;
      data->piece_count = pieces_before;
      data->lines = lines_before;
    }
  return ok;
}

/* The float net being trained, in the engine's layout (net.h), and its
 * Adam moments. */
typedef struct {
  int inputs;                 /* 2 × kinds × squares */
  float *input;               /* [inputs][NET_HIDDEN] */
  float input_bias[NET_HIDDEN];
  float output[2 * NET_HIDDEN];
  float output_bias;
  double limit;               /* the output's bound in centipawns */
} FloatNet;

#define PARAMS(net) ((size_t) (net)->inputs * NET_HIDDEN + NET_HIDDEN + 2 * NET_HIDDEN + 1)

/* The inputs of a sample seen from each side, the side to move's first. */
static int sample_inputs (const Net *shape, const Data *data, const Sample *s, int inputs[2][PIECES_MAX])
{
  const Geometry *g = geometry_get (shape->files, shape->ranks);
  for (int i = 0; i < s->count; i++)
    {
      const Placed *p = &data->pieces[s->first + i];
      inputs[0][i] = net_input (shape, g, s->side, p->color, p->kind, p->square);
      inputs[1][i] = net_input (shape, g, !s->side, p->color, p->kind, p->square);
    }
  return s->count;
}

/* The net's output in centipawns; sums gets each view's hidden values
 * before clipping. */
static double forward (const FloatNet *net, int inputs[2][PIECES_MAX], int count, float sums[2][NET_HIDDEN])
{
  double out = net->output_bias;
  for (int view = 0; view < 2; view++)
    {
      memcpy (sums[view], net->input_bias, sizeof net->input_bias);
      for (int i = 0; i < count; i++)
        {
          const float *row = net->input + (size_t) inputs[view][i] * NET_HIDDEN;
          for (int j = 0; j < NET_HIDDEN; j++)
            sums[view][j] += row[j];
        }
      for (int j = 0; j < NET_HIDDEN; j++)
        {
          float x = sums[view][j] < 0 ? 0 : sums[view][j] > 1 ? 1 : sums[view][j];
          out += net->output[view * NET_HIDDEN + j] * x;
        }
    }
  out *= NET_OUTPUT_CP;
  return out > net->limit ? net->limit : out < -net->limit ? -net->limit : out;
}

static double mean_error (const Net *shape, const FloatNet *net, const Data *data, double k, bool held_out, bool base_only)
{
  double total = 0;
  long count = 0;
  int inputs[2][PIECES_MAX];
  float sums[2][NET_HIDDEN];
  for (size_t i = 0; i < data->sample_count; i++)
    {
      const Sample *s = &data->samples[i];
      if (s->held_out != held_out || s->left_out)
        continue;
      double score = s->base;
      if (!base_only)
        score += forward (net, inputs, sample_inputs (shape, data, s, inputs), sums);
      double d = s->result - training_logistic (k, score);
      total += d * d;
      count++;
    }
  return count > 0 ? total / (double) count : 0;
}

typedef struct {
  const Net *shape;
  const FloatNet *net;
  const Data *data;
} ErrorContext;

static double base_error (double k, void *context)
{
  const ErrorContext *c = context;
  return mean_error (c->shape, c->net, c->data, k, false, true);
}

/* Adds one sample's gradient of the squared error into grad (FloatNet's
 * layout, flattened as PARAMS says). */
static void backward (const FloatNet *net, const Sample *s, int inputs[2][PIECES_MAX], int count, double k,
                      float *grad)
{
  float sums[2][NET_HIDDEN];
  double correction = forward (net, inputs, count, sums);
  if (correction >= net->limit || correction <= -net->limit)
    return;   /* held at the bound: no gradient */
  double score = s->base + correction;
  double p = training_logistic (k, score);
  /* d error / d output (in the net's units, before NET_OUTPUT_CP). */
  float g = (float) (2 * (p - s->result) * p * (1 - p) * k * log (10) / 400 * NET_OUTPUT_CP);
  size_t input_size = (size_t) net->inputs * NET_HIDDEN;
  float *g_input = grad, *g_input_bias = grad + input_size, *g_output = g_input_bias + NET_HIDDEN;
  float *g_output_bias = g_output + 2 * NET_HIDDEN;

  *g_output_bias += g;
  for (int view = 0; view < 2; view++)
    for (int j = 0; j < NET_HIDDEN; j++)
      {
        float x = sums[view][j];
        bool open = x > 0 && x < 1;
        g_output[view * NET_HIDDEN + j] += g * (x < 0 ? 0 : x > 1 ? 1 : x);
        if (!open)
          continue;
        float gh = g * net->output[view * NET_HIDDEN + j];
        g_input_bias[j] += gh;
        for (int i = 0; i < count; i++)
          g_input[(size_t) inputs[view][i] * NET_HIDDEN + j] += gh;
      }
}

/* The net rounded to the engine's fixed point. */
typedef struct {
  int16_t *input;
  int16_t input_bias[NET_HIDDEN];
  int16_t output[2 * NET_HIDDEN];
  int32_t output_bias;
} FixedNet;

static int16_t round16 (double x)
{
  double r = round (x);
  return (int16_t) (r > 32767 ? 32767 : r < -32768 ? -32768 : r);
}

static void quantize (const FloatNet *net, FixedNet *fixed)
{
  for (size_t i = 0; i < (size_t) net->inputs * NET_HIDDEN; i++)
    fixed->input[i] = round16 (net->input[i] * NET_QA);
  for (int j = 0; j < NET_HIDDEN; j++)
    fixed->input_bias[j] = round16 (net->input_bias[j] * NET_QA);
  for (int j = 0; j < 2 * NET_HIDDEN; j++)
    fixed->output[j] = round16 (net->output[j] * NET_QB);
  fixed->output_bias = (int32_t) lround (net->output_bias * NET_QA * NET_QB);
}

/* Writes the net file to path (by way of path.new, so a failed write
 * leaves the file before it whole). */
/* Whether no hidden value's sum can leave int16_t: its bias and its
 * PIECES_MAX largest weights at most 32,767 (the engine adds in int16_t). */
static bool sums_fit (const FixedNet *fixed, int inputs)
{
  for (int j = 0; j < NET_HIDDEN; j++)
    {
      int largest = 0;
      for (int i = 0; i < inputs; i++)
        {
          int w = abs (fixed->input[(size_t) i * NET_HIDDEN + j]);
          largest = w > largest ? w : largest;
        }
      if (abs (fixed->input_bias[j]) + PIECES_MAX * largest > 32767)
        return false;
    }
  return true;
}

/* Each of the count values at w kept within ±bound. */
static void clip (float *w, size_t count, float bound)
{
  for (size_t i = 0; i < count; i++)
    w[i] = w[i] > bound ? bound : w[i] < -bound ? -bound : w[i];
}

static bool write_net (const char *path, const Net *shape, const FixedNet *fixed, const char *provenance)
{
  char temporary[4096];
  snprintf (temporary, sizeof temporary, "%s.new", path);
  FILE *out = fopen (temporary, "w");
  if (!out)
    {
      fprintf (stderr, "train-net: cannot write %s: %s\n", temporary, strerror (errno));
      return false;
    }
  fprintf (out, "/* net-params.c — the learned corrections (net.h).\n *\n");
  fprintf (out, " * Generated by tools/train-net: do not edit by hand, train again.\n");
  fputs (provenance, out);
  fprintf (out, " */\n#include \"net.h\"\n\n");
  size_t n = (size_t) 2 * shape->kind_count * shape->files * shape->ranks * NET_HIDDEN;
  fprintf (out, "static const int16_t net0_input[%zu] = {\n", n);
  for (size_t i = 0; i < n; i++)
    fprintf (out, "%s%d,%s", i % 16 == 0 ? "  " : "", fixed->input[i], i % 16 == 15 || i + 1 == n ? "\n" : " ");
  fprintf (out, "};\n\nstatic const int16_t net0_input_bias[NET_HIDDEN] = {\n");
  for (int j = 0; j < NET_HIDDEN; j++)
    fprintf (out, "%s%d,%s", j % 16 == 0 ? "  " : "", fixed->input_bias[j], j % 16 == 15 ? "\n" : " ");
  fprintf (out, "};\n\nstatic const int16_t net0_output[2 * NET_HIDDEN] = {\n");
  for (int j = 0; j < 2 * NET_HIDDEN; j++)
    fprintf (out, "%s%d,%s", j % 16 == 0 ? "  " : "", fixed->output[j], j % 16 == 15 ? "\n" : " ");
  fprintf (out, "};\n\nconst Net net_table[] = {\n  {\n    .files = %d, .ranks = %d, .kind_count = %d,\n",
           shape->files, shape->ranks, shape->kind_count);
  fprintf (out, "    .kind_index = {");
  for (int k = 0; k < KIND_NB; k++)
    fprintf (out, "%s%d", k ? ", " : " ", shape->kind_index[k]);
  fprintf (out, " },\n    .input = net0_input, .input_bias = net0_input_bias, .output = net0_output,\n");
  fprintf (out, "    .output_bias = %d, .limit = %d,\n  },\n};\nconst int net_count = 1;\n", (int) fixed->output_bias,
           shape->limit);
  bool ok = !ferror (out);
  ok = fclose (out) == 0 && ok && rename (temporary, path) == 0;
  if (!ok)
    {
      fprintf (stderr, "train-net: cannot write %s: %s\n", path, strerror (errno));
      remove (temporary);
    }
  return ok;
}

/* The fixed-point net's error, its output computed by the engine's
 * net_output(). */
static double fixed_error (const Net *shape, const FixedNet *fixed, const Data *data, double k, bool held_out)
{
  Net net = *shape;
  net.input = fixed->input;
  net.input_bias = fixed->input_bias;
  net.output = fixed->output;
  net.output_bias = fixed->output_bias;
  double total = 0;
  long count = 0;
  int inputs[2][PIECES_MAX];
  for (size_t i = 0; i < data->sample_count; i++)
    {
      const Sample *s = &data->samples[i];
      if (s->held_out != held_out || s->left_out)
        continue;
      int n = sample_inputs (&net, data, s, inputs);
      /* The side to move's view is inputs[0]; net_output() takes the
       * sums by colour. */
      NetSums sums;
      for (int view = 0; view < 2; view++)
        {
          int16_t *sum = sums.sum[view == 0 ? s->side : !s->side];
          memcpy (sum, net.input_bias, sizeof sums.sum[0]);
          for (int p = 0; p < n; p++)
            for (int j = 0; j < NET_HIDDEN; j++)
              sum[j] = (int16_t) (sum[j] + net.input[(size_t) inputs[view][p] * NET_HIDDEN + j]);
        }
      int correction = net_output (&net, &sums, s->side);
      double d = s->result - training_logistic (k, s->base + correction);
      total += d * d;
      count++;
    }
  return count > 0 ? total / (double) count : 0;
}

static bool parse_int (const char *text, long lo, long hi, long *value)
{
  char *end;
  long v = strtol (text, &end, 10);
  if (end == text || *end || v < lo || v > hi)
    return false;
  *value = v;
  return true;
}

static bool parse_double (const char *text, double lo, double hi, double *value)
{
  char *end;
  double v = strtod (text, &end);
  if (end == text || *end || !(v >= lo && v <= hi))
    return false;
  *value = v;
  return true;
}

static void usage (void)
{
  fprintf (stderr, "usage: train-net --data FILE [--data FILE]... [--epochs N] [--rate R] [--batch N] [--decay D]\n"
                   "                 [--hold-out N] [--mirror] [--limit CP] [--max-gap CP] [--seed N]\n"
                   "                 [--out FILE]\n");
}

int main (int argc, char **argv)
{
  const char *paths[DATA_FILES_MAX], *out_path = NULL;
  int path_count = 0;
  long epochs = 20, batch = 256, hold_out = 0, seed = 1, limit = 50, max_gap = 0;
  bool mirror = false;
  double rate = 1e-3, decay = 0;
  char command[2 * TRAINING_LINE_MAX] = "train-net";

  training_program = "train-net";
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
      bool ok = value != NULL;
      if (ok && strstr (value, "*/"))
        {
          fprintf (stderr, "train-net: '%s' cannot go into the net file's header comment (it holds */)\n", value);
          return 2;
        }
      if (strcmp (a, "--data") == 0 && ok)
        {
          if (path_count == DATA_FILES_MAX)
            {
              fprintf (stderr, "train-net: at most %d --data files\n", DATA_FILES_MAX);
              return 2;
            }
          paths[path_count++] = value;
        }
      else if (strcmp (a, "--mirror") == 0)
        {
          mirror = true;
          strncat (command, " --mirror", sizeof command - strlen (command) - 1);
          continue;
        }
      else if (strcmp (a, "--out") == 0 && ok)
        out_path = value;
      else if (strcmp (a, "--limit") == 0 && ok)
        ok = parse_int (value, 1, 2000, &limit);
      else if (strcmp (a, "--max-gap") == 0 && ok)
        ok = parse_int (value, 0, 100000, &max_gap);
      else if (strcmp (a, "--epochs") == 0 && ok)
        ok = parse_int (value, 0, 10000, &epochs);
      else if (strcmp (a, "--batch") == 0 && ok)
        ok = parse_int (value, 1, 1 << 20, &batch);
      else if (strcmp (a, "--hold-out") == 0 && ok)
        ok = parse_int (value, 0, 1000, &hold_out);
      else if (strcmp (a, "--seed") == 0 && ok)
        ok = parse_int (value, 0, 1L << 30, &seed);
      else if (strcmp (a, "--rate") == 0 && ok)
        ok = parse_double (value, 1e-9, 10, &rate);
      else if (strcmp (a, "--decay") == 0 && ok)
        ok = parse_double (value, 0, 1, &decay);
      else
        {
          usage ();
          return 2;
        }
      if (!ok)
        {
          fprintf (stderr, "train-net: bad value '%s' for %s\n", value ? value : "", a);
          return 2;
        }
      size_t used = strlen (command);
      snprintf (command + used, sizeof command - used, " %s %s", a, value);
      i++;
    }
  if (path_count == 0)
    {
      usage ();
      return 2;
    }

  Data data = { .hold_out = (int) hold_out, .pos = training_new_position (), .mirror = mirror };
  long lines[DATA_FILES_MAX];
  for (int f = 0; f < path_count; f++)
    if (!read_data (paths[f], &data, &lines[f]))
      return 1;

  Net shape = { .files = data.files, .ranks = data.ranks, .limit = (int) limit };
  for (int k = 0; k < KIND_NB; k++)
    shape.kind_index[k] = (int8_t) (data.kinds[k] ? shape.kind_count++ : -1);
  FloatNet net = { .inputs = 2 * shape.kind_count * shape.files * shape.ranks, .limit = (double) limit };
  size_t params = PARAMS (&net), input_size = (size_t) net.inputs * NET_HIDDEN;
  float *weights = calloc (params, sizeof *weights), *grad = calloc (params, sizeof *grad);
  float *m = calloc (params, sizeof *m), *v = calloc (params, sizeof *v), *best = calloc (params, sizeof *best);
  size_t *order = malloc (data.sample_count * sizeof *order);
  if (!weights || !grad || !m || !v || !best || !order)
    {
      fprintf (stderr, "train-net: out of memory\n");
      return 1;
    }
  /* The net's parameters live in weights, in PARAMS's order. */
  net.input = weights;
  uint64_t rng = (uint64_t) seed;
  for (size_t i = 0; i < input_size; i++)
    weights[i] = (float) ((double) (next_random (&rng) >> 11) / 9007199254740992.0 - 0.5) * 0.2f;
  for (int j = 0; j < NET_HIDDEN; j++)
    net.input_bias[j] = 0.5f;
  /* The output starts at 0: the evaluation as it is. */

  ErrorContext context = { &shape, &net, &data };
  double k = training_fit_k (base_error, &context);
  /* --max-gap: positions the evaluation misses by more than that (a
   * tactic under way, most often) are left out: no static term can
   * learn them. */
  long left_out = 0;
  for (size_t i = 0; max_gap > 0 && i < data.sample_count; i++)
    {
      Sample *s = &data.samples[i];
      double y = s->result < 0.001 ? 0.001 : s->result > 0.999 ? 0.999 : s->result;
      s->left_out = fabs (400 * log10 (y / (1 - y)) / k - s->base) > (double) max_gap;
      left_out += s->left_out;
    }
  size_t fitted = 0;
  for (size_t i = 0; i < data.sample_count; i++)
    if (!data.samples[i].held_out && !data.samples[i].left_out)
      order[fitted++] = i;
  double base_fit = mean_error (&shape, &net, &data, k, false, true);
  double base_held = mean_error (&shape, &net, &data, k, true, true);
  printf ("train-net: %zu positions (%zu held out, %ld left out), %d×%d board, %d kinds, %d inputs, %zu weights; "
          "K = %.4f\n", data.sample_count, data.sample_count - fitted - (size_t) left_out, left_out, shape.files,
          shape.ranks, shape.kind_count, net.inputs, params, k);
  printf ("train-net: the evaluation alone: error %.6f, held out %.6f\n", base_fit, base_held);

  const double beta1 = 0.9, beta2 = 0.999;
  long step = 0, best_pass = 0;
  double best_held = HUGE_VAL;
  int inputs[2][PIECES_MAX];
  for (long epoch = 1; epoch <= epochs; epoch++)
    {
      for (size_t i = fitted; i > 1; i--)
        {
          size_t j = next_random (&rng) % i;
          size_t t = order[i - 1];
          order[i - 1] = order[j], order[j] = t;
        }
      for (size_t start = 0; start < fitted; start += (size_t) batch)
        {
          size_t end = start + (size_t) batch < fitted ? start + (size_t) batch : fitted;
          /* The parameters after the input weights sit in the struct:
           * copy them into the flat array and back around each step. */
          memcpy (weights + input_size, net.input_bias, sizeof net.input_bias);
          memcpy (weights + input_size + NET_HIDDEN, net.output, sizeof net.output);
          weights[params - 1] = net.output_bias;
          memset (grad, 0, params * sizeof *grad);
          for (size_t i = start; i < end; i++)
            {
              const Sample *s = &data.samples[order[i]];
              backward (&net, s, inputs, sample_inputs (&shape, &data, s, inputs), k, grad);
            }
          /* The output weights are tied: the other side's are the side to
           * move's negated, and no bias, so the net scores the difference
           * of the two sides' values.  A search's score holds the gain of
           * having the move (some 90 cp at 5,000 nodes), which a static
           * evaluation must not learn: the pruning compares it across a
           * null move and a ply. */
          float *g_output = grad + input_size + NET_HIDDEN;
          for (int j = 0; j < NET_HIDDEN; j++)
            {
              float tied = g_output[j] - g_output[NET_HIDDEN + j];
              g_output[j] = tied, g_output[NET_HIDDEN + j] = -tied;
            }
          grad[params - 1] = 0;
          step++;
          double scale = 1.0 / (double) (end - start);
          double c1 = 1 - pow (beta1, (double) step), c2 = 1 - pow (beta2, (double) step);
          for (size_t p = 0; p < params; p++)
            {
              double g = grad[p] * scale + decay * weights[p];
              m[p] = (float) (beta1 * m[p] + (1 - beta1) * g);
              v[p] = (float) (beta2 * v[p] + (1 - beta2) * g * g);
              weights[p] -= (float) (rate * (m[p] / c1) / (sqrt (v[p] / c2) + 1e-8));
            }
          /* Kept where the engine's int16_t sums can hold them: any
           * PIECES_MAX input weights and the bias (sums_fit). */
          clip (weights, input_size, INPUT_WEIGHT_MAX);
          clip (weights + input_size, NET_HIDDEN, INPUT_BIAS_MAX);
          memcpy (net.input_bias, weights + input_size, sizeof net.input_bias);
          memcpy (net.output, weights + input_size + NET_HIDDEN, sizeof net.output);
          net.output_bias = weights[params - 1];
        }
      double held = mean_error (&shape, &net, &data, k, true, false);
      printf ("train-net: pass %ld: error %.6f, held out %.6f\n", epoch, mean_error (&shape, &net, &data, k, false, false),
              held);
      fflush (stdout);
      /* With positions held out, the net kept is the pass that fits them best. */
      if (hold_out > 0 && held < best_held)
        {
          best_held = held, best_pass = epoch;
          memcpy (best, weights, params * sizeof *best);
        }
    }
  if (hold_out > 0 && best_pass > 0 && best_pass < epochs)
    {
      memcpy (weights, best, params * sizeof *best);
      memcpy (net.input_bias, weights + input_size, sizeof net.input_bias);
      memcpy (net.output, weights + input_size + NET_HIDDEN, sizeof net.output);
      net.output_bias = weights[params - 1];
      printf ("train-net: kept pass %ld, the best on the positions held out\n", best_pass);
    }

  FixedNet fixed = { .input = malloc (input_size * sizeof (int16_t)) };
  if (!fixed.input)
    {
      fprintf (stderr, "train-net: out of memory\n");
      return 1;
    }
  quantize (&net, &fixed);
  double fixed_fit = fixed_error (&shape, &fixed, &data, k, false), fixed_held = fixed_error (&shape, &fixed, &data, k, true);
  printf ("train-net: as the engine computes it: error %.6f, held out %.6f\n", fixed_fit, fixed_held);

  if (out_path && !sums_fit (&fixed, net.inputs))
    {
      fprintf (stderr, "train-net: the net's sums could leave 16 bits (a weight near %d); not written\n", 32767 / PIECES_MAX);
      return 1;
    }
  if (out_path)
    {
      char provenance[4 * TRAINING_LINE_MAX + 1024], date[32];
      time_t now = time (NULL);
      strftime (date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime (&now));
      int used = snprintf (provenance, sizeof provenance, " * Command: %s\n", command);
      for (int f = 0; f < path_count && used < (int) sizeof provenance; f++)
        used += snprintf (provenance + used, sizeof provenance - (size_t) used, " * Data: %s, %ld lines.\n",
                          paths[f], lines[f]);
      if (used < (int) sizeof provenance)
        used += snprintf (provenance + used, sizeof provenance - (size_t) used,
                          " * Date: %s.  K = %.4f; %d hidden values; %ld passes; within ±%ld cp; %ld positions left\n"
                          " * out.  Mean squared error without the net %.6f, with it %.6f.\n",
                          date, k, NET_HIDDEN, best_pass > 0 ? best_pass : epochs, limit, left_out, base_fit, fixed_fit);
      if (hold_out > 0 && used < (int) sizeof provenance)
        snprintf (provenance + used, sizeof provenance - (size_t) used,
                  " * Held out (every %ldth block of %d lines, the best of %ld passes kept): %.6f without, %.6f with.\n",
                  hold_out, HOLD_OUT_BLOCK, epochs, base_held, fixed_held);
      if (!write_net (out_path, &shape, &fixed, provenance))
        return 1;
      printf ("train-net: wrote %s\n", out_path);
    }
  free (fixed.input);
  free (weights), free (grad), free (m), free (v), free (best), free (order);
  free (data.samples), free (data.pieces), free (data.pos);
  return 0;
}
