/* tune.c — the Texel tuner: fits the evaluation's weights to game results.
 *
 * Reads training files whole (tools/datagen writes them: GAME<TAB>RESULT
 * <TAB>FEN a line, RESULT 1-0, 1/2-1/2, 0-1 or White's expected score as
 * a number from 0 to 1, such as a stronger engine's search score made a
 * probability); a line that is not one refuses the run with its file
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
 * --lambda pulls each weight toward its value in the start table (the
 * built-in one, with --set's weights in; an L2 penalty, lambda times the
 * squared difference in centipawns, added to the error), for weights the
 * data sees little; --hold-out N keeps every
 * Nth block of HOLD_OUT_BLOCK lines out of the fit and reports the error
 * on them, so that over-fitting shows.  --quiesce traces, instead of
 * each position, the leaf of its quiescence search (the captures under
 * way played out), as Texel tuning usually does.  --only PREFIX (up to
 * ONLY_MAX times) leaves free only the weights whose names, as --weights
 * prints them, start with one of the prefixes; the header then also
 * keeps what the table file it replaces said of itself, since every
 * other weight is as that run left it (so does --iterations 0, with or
 * without --set).
 *
 *   tune [--data FILE]... [--iterations N] [--rate R] [--lambda L] [--hold-out N]
 *        [--quiesce] [--min-count N] [--only PREFIX]... [--set FILE] [--out FILE]
 *
 * writes the table file (src/engine/eval-params.c) with a header saying
 * how it was produced.  --set FILE replaces weights of the built-in
 * table by those of FILE ("NAME MG EG" lines, '#' lines notes for the
 * header) first: with --iterations 0 that writes a table fitted
 * elsewhere (tools/calibrate.py), so the table file stays generated.
 *
 * For tools outside the engine (tools/calibrate.py), without tuning:
 *   tune --trace FILE [--game GAME] [--mark-bad]  each position's trace
 *   tune --weights [--set FILE]       the table: INDEX NAME MG EG a line
 *   tune --pieces GAME                the game's letters and their kinds
 * --trace reads datagen lines, or plain FEN lines of --game, and refuses
 * a file with a broken line whole, naming its line, as --data does.
 * Plain C, the engine library only.
 */
#include "eval.h"
#include "movegen.h"
#include "training.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
  float offset;      /* what no weight gives: the net's correction (net.h), for White */
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

/* One training line's position into data; false with why in message. */
static bool parse_line (char *line, Position *pos, Data *data, char *message, size_t size)
{
  float white;
  if (!training_read_position (line, NULL, pos, &white, message, size))
    return false;

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
                    .offset = (float) (trace.side == WHITE ? trace.correction : -trace.correction),
                    .held_out = data->hold_out > 0 && (data->lines / HOLD_OUT_BLOCK) % data->hold_out == 0 };
  data->lines++;
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      int net = trace.coef[WHITE][p] - trace.coef[BLACK][p];
      if (net == 0)
        continue;
      data->entries = training_grow (data->entries, &data->entry_room, data->entry_count + 1, sizeof *data->entries);
      data->entries[data->entry_count++] = (Entry) { .param = (uint16_t) p, .coef = (int16_t) net };
      sample.count++;
      data->seen[p] += !sample.held_out;
    }
  data->samples = training_grow (data->samples, &data->sample_room, data->sample_count + 1, sizeof *data->samples);
  data->samples[data->sample_count++] = sample;
  return true;
}

typedef struct {
  Data *data;
  Position *pos;
} ReadContext;

static bool read_line (char *line, void *context, char *message, size_t size)
{
  ReadContext *read = context;
  return parse_line (line, read->pos, read->data, message, size);
}

/* Reads path whole into data; false, with its line named, if any line is
 * not a training position (data then holds nothing of it). */
static bool read_data (const char *path, Data *data, long *lines_read)
{
  size_t samples_before = data->sample_count, entries_before = data->entry_count;
  long lines_before = data->lines;
  long seen_before[EVAL_PARAM_NB];
  ReadContext context = { data, training_new_position () };

  memcpy (seen_before, data->seen, sizeof seen_before);
  bool ok = training_each_line (path, read_line, &context, "the file is refused, nothing tuned", lines_read);
  free (context.pos);
  if (!ok)
    {
      data->sample_count = samples_before;
      data->entry_count = entries_before;
      data->lines = lines_before;
      memcpy (data->seen, seen_before, sizeof seen_before);
    }
  return ok;
}

/* --trace: each position's trace on stdout, a line
 *   PHASE <TAB> SIDE <TAB> CHECK <TAB> SCORE <TAB> WHITE <TAB> BLACK
 * PHASE 0..256, SIDE w or b (to move), CHECK 1 when the side to move is
 * in check, SCORE evaluate() less the learned correction (net.h), which
 * no weight gives (the side to move's), WHITE and BLACK each
 * colour's coefficients as space-separated "index:count" pairs, those
 * not 0 only (the index is the weight's in --weights).  With --mark-bad
 * a line that is no position prints "-<TAB>why" instead of refusing the
 * file (positions made by taking a piece off may be illegal). */
typedef struct {
  const Variant *plain;
  Position *pos;
  bool print;
  bool mark_bad;
} TraceContext;

static bool trace_line (char *line, void *context, char *message, size_t size)
{
  TraceContext *trace_context = context;
  float white;
  EvalTrace trace;

  if (!training_read_position (line, trace_context->plain, trace_context->pos, &white, message, size))
    {
      if (trace_context->mark_bad && trace_context->print)
        printf ("-\t%s\n", message);
      return trace_context->mark_bad;
    }
  if (!trace_context->print)
    return true;
  int score = evaluate_trace (trace_context->pos, &trace);
  printf ("%d\t%c\t%d\t%d", trace.phase, trace.side == WHITE ? 'w' : 'b', position_in_check (trace_context->pos),
          score - trace.correction);
  for (int c = 0; c < COLOR_NB; c++)
    {
      const char *separator = "\t";
      for (int p = 0; p < EVAL_PARAM_NB; p++)
        if (trace.coef[c][p] != 0)
          {
            printf ("%s%d:%d", separator, p, trace.coef[c][p]);
            separator = " ";
          }
      if (*separator == '\t')
        printf ("\t");
    }
  printf ("\n");
  return true;
}

/* Traces path whole: every line is read before the first is printed, so
 * a broken file prints nothing. */
static bool trace_file (const char *path, const Variant *plain, bool mark_bad)
{
  TraceContext context = { plain, training_new_position (), false, mark_bad };
  long lines;

  bool ok = training_each_line (path, trace_line, &context, "the file is refused, nothing traced", &lines);
  context.print = true;
  ok = ok && training_each_line (path, trace_line, &context, "the file is refused", &lines);
  free (context.pos);
  return ok && fflush (stdout) == 0;
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
  return blended + flat + s->offset;
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
      double d = s->result - training_logistic (k, sample_score (data, s, mg, eg));
      total += d * d;
      count++;
    }
  return count > 0 ? total / (double) count : 0;
}

typedef struct {
  const Data *data;
  const double *mg, *eg;
} ErrorContext;

static double fitted_error (double k, void *context)
{
  const ErrorContext *c = context;
  return mean_error (c->data, k, c->mg, c->eg, false);
}

/* K with the least error. */
static double fit_k (const Data *data, const double *mg, const double *eg)
{
  ErrorContext context = { data, mg, eg };
  return training_fit_k (fitted_error, &context);
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
      double sig = training_logistic (k, sample_score (data, s, mg, eg));
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

/* Weight p's name as eval-params.c indexes it, its parts joined by join:
 * "EVAL_MOBILITY + KIND_QUEEN", "EVAL_PASSED + 3", "EVAL_TEMPO", and
 * "EVAL_PSQT (10, KIND_ROOK, 6, 0)" ("EVAL_PSQT(10,KIND_ROOK,6,0)" when
 * join has no space): files, kind, rank zone, file zone. */
static void param_name (int p, const char *join, char *buf, size_t size)
{
  for (int g = 0; g < eval_param_group_count; g++)
    {
      const EvalParamGroup *group = &eval_param_groups[g];
      int i = p - group->first;
      if (i < 0 || i >= group->count)
        continue;
      char index[64];
      if (group->zoned)
        {
          int files = EVAL_PSQT_NARROWEST + i / EVAL_PSQT_TABLE;
          int zone = i % EVAL_PSQT_ZONES;
          kind_enum_name (i % EVAL_PSQT_TABLE / EVAL_PSQT_ZONES, index, sizeof index);
          if (strchr (join, ' '))
            snprintf (buf, size, "%s (%d, %s, %d, %d)", group->name, files, index, zone / EVAL_PSQT_FILES,
                      zone % EVAL_PSQT_FILES);
          else
            snprintf (buf, size, "%s(%d,%s,%d,%d)", group->name, files, index, zone / EVAL_PSQT_FILES,
                      zone % EVAL_PSQT_FILES);
        }
      else if (group->per_kind)
        {
          kind_enum_name (i, index, sizeof index);
          snprintf (buf, size, "%s%s%s", group->name, join, index);
        }
      else if (group->count > 1)
        snprintf (buf, size, "%s%s%d", group->name, join, i);
      else
        snprintf (buf, size, "%s", group->name);
      return;
    }
  snprintf (buf, size, "%d", p);
}

#define EARLIER_MAX 8192

/* The header lines of the table file at path that say how it was made
 * (between "Generated by" and the comment's end), into buf; false when
 * there is no such file, and, said on stderr, when it has no such header
 * or the header does not fit. */
static bool read_earlier_header (const char *path, char *buf, size_t size)
{
  FILE *in = fopen (path, "r");
  if (!in)
    return false;
  char line[2 * TRAINING_LINE_MAX + 64];   /* a header line holds a command of up to 2,048 characters */
  size_t n = 0;
  bool inside = false, ok = false;
  buf[0] = '\0';
  while (fgets (line, sizeof line, in))
    {
      if (!inside)
        {
          inside = strstr (line, " * Generated by tools/tune") == line;
          continue;
        }
      if (strncmp (line, " */", 3) == 0)
        {
          ok = n > 0;
          break;
        }
      size_t length = strlen (line);
      if (strncmp (line, " *", 2) != 0 || n + length >= size)
        break;
      memcpy (buf + n, line, length + 1);
      n += length;
    }
  fclose (in);
  if (!ok)
    fprintf (stderr, "tune: %s has no tune header of at most %zu characters; its history is not kept\n", path,
             size - 1);
  return ok;
}

/* Writes the table to path (through a temporary file, so a failure
 * leaves the old one whole). */
static bool write_table (const char *path, const int *mg, const int *eg, const char *provenance)
{
  char temporary[4096], name[160], index[128];
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
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      param_name (p, " + ", index, sizeof index);
      snprintf (name, sizeof name, "[%s]", index);
      fprintf (out, "  %-46s = { %5d, %5d },\n", name, mg[p], eg[p]);
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

/* --set: weights from a file of "NAME MG EG" lines, NAME as --weights
 * prints it ("EVAL_MOBILITY+KIND_QUEEN"); lines starting with '#' are
 * notes, copied into the table's header; blank lines are skipped.  The
 * weights it names replace the built-in ones before anything else. */
#define SET_WEIGHT_MAX 100000
#define SET_NOTES_MAX 8192

typedef struct {
  int mg[EVAL_PARAM_NB], eg[EVAL_PARAM_NB];
  bool set[EVAL_PARAM_NB];
  int count;
  char notes[SET_NOTES_MAX];
  size_t notes_length;
} SetContext;

static bool set_line (char *line, void *context, char *message, size_t size)
{
  SetContext *set = context;
  char name[128], extra;
  int mg, eg;

  if (line[0] == '#')
    {
      const char *note = line + 1 + (line[1] == ' ');
      int written = snprintf (set->notes + set->notes_length, sizeof set->notes - set->notes_length, " * %s\n", note);
      if (written < 0 || (size_t) written >= sizeof set->notes - set->notes_length)
        {
          snprintf (message, size, "the notes are longer than %d characters", SET_NOTES_MAX - 1);
          return false;
        }
      set->notes_length += (size_t) written;
      return true;
    }
  if (line[strspn (line, " \t")] == '\0')
    return true;
  if (sscanf (line, "%127s %d %d %c", name, &mg, &eg, &extra) != 3)
    {
      snprintf (message, size, "expected NAME MG EG");
      return false;
    }
  if (abs (mg) > SET_WEIGHT_MAX || abs (eg) > SET_WEIGHT_MAX)
    {
      snprintf (message, size, "%s: weights beyond ±%d", name, SET_WEIGHT_MAX);
      return false;
    }
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      char known[128];
      param_name (p, "+", known, sizeof known);
      if (strcmp (known, name) != 0)
        continue;
      if (set->set[p])
        {
          snprintf (message, size, "%s is set twice", name);
          return false;
        }
      set->set[p] = true;
      set->mg[p] = mg;
      set->eg[p] = eg;
      set->count++;
      return true;
    }
  snprintf (message, size, "'%s' is no weight's name (tune --weights lists them)", name);
  return false;
}

/* --weights: the table, one weight a line: INDEX <TAB> NAME <TAB> MG <TAB> EG. */
static void print_weights (const int *mg, const int *eg)
{
  char name[128];
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      param_name (p, "+", name, sizeof name);
      printf ("%d\t%s\t%d\t%d\n", p, name, mg[p], eg[p]);
    }
}

/* --pieces GAME: the game's pieces, one a line: LETTER <TAB> KIND <TAB>
 * KIND-ID (KIND the index added to a per-kind group), the king first. */
static void print_pieces (const Variant *v)
{
  for (int t = 0; t < v->types; t++)
    printf ("%c\t%d\t%s\n", v->type_letter[t], (int) v->kinds[t], piece_kind_info (v->kinds[t])->id);
}

/* --only: the prefixes of the names of the weights left free (none:
 * every one). */
#define ONLY_MAX 64
static const char *only[ONLY_MAX];
static int only_count;

/* Whether weight p's name, as --weights prints it, starts with prefix. */
static bool named (int p, const char *prefix)
{
  char name[128];
  param_name (p, "+", name, sizeof name);
  return strncmp (name, prefix, strlen (prefix)) == 0;
}

static bool tunable (const Data *data, int p, long min_count)
{
  if (only_count > 0)
    {
      bool listed = false;
      for (int i = 0; i < only_count && !listed; i++)
        listed = named (p, only[i]);
      if (!listed)
        return false;
    }
  return p < EVAL_FLAT_FIRST || p == EVAL_TEMPO ? data->seen[p] >= min_count : false;
}

int main (int argc, char **argv)
{
  const char *files[DATA_FILES_MAX], *out_path = "src/engine/eval-params.c";
  const char *trace_path = NULL, *set_path = NULL, *game = NULL, *pieces = NULL;
  int file_count = 0, iterations = 1000;
  long min_count = 200;
  double rate = 1.0, lambda = 0;
  bool weights = false, mark_bad = false;
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
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc && only_count < ONLY_MAX)
        only[only_count++] = argv[++i];
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
        {
          fprintf (stderr, "tune: at most %d --only prefixes; nothing written\n", ONLY_MAX);
          return 2;
        }
      else if (strcmp (argv[i], "--quiesce") == 0)
        data.quiesce = true;
      else if (strcmp (argv[i], "--min-count") == 0 && i + 1 < argc)
        min_count = atol (argv[++i]);
      else if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out_path = argv[++i];
      else if (strcmp (argv[i], "--set") == 0 && i + 1 < argc && !set_path)
        set_path = argv[++i];
      else if (strcmp (argv[i], "--trace") == 0 && i + 1 < argc && !trace_path)
        trace_path = argv[++i];
      else if (strcmp (argv[i], "--game") == 0 && i + 1 < argc)
        game = argv[++i];
      else if (strcmp (argv[i], "--pieces") == 0 && i + 1 < argc)
        pieces = argv[++i];
      else if (strcmp (argv[i], "--weights") == 0)
        weights = true;
      else if (strcmp (argv[i], "--mark-bad") == 0)
        mark_bad = true;
      else
        {
          fprintf (stderr, "usage: tune [--data FILE]... [--iterations N] [--rate R] [--lambda L] [--hold-out N]\n"
                           "            [--quiesce] [--min-count N] [--only PREFIX]... [--set FILE] [--out FILE]\n"
                           "       tune --trace FILE [--game GAME] [--mark-bad]\n"
                           "       tune --weights [--set FILE]\n"
                           "       tune --pieces GAME\n");
          return 2;
        }
    }
  const Variant *plain = NULL;
  if ((game && !(plain = variant_by_id (game))) || (pieces && !variant_by_id (pieces)))
    {
      fprintf (stderr, "tune: '%s' is no game id\n", game && !plain ? game : pieces);
      return 2;
    }
  if (pieces)
    {
      print_pieces (variant_by_id (pieces));
      return fflush (stdout) == 0 ? 0 : 1;
    }
  if (trace_path)
    return trace_file (trace_path, plain, mark_bad) ? 0 : 1;

  static SetContext set;
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      set.mg[p] = eval_weights[p].mg;
      set.eg[p] = eval_weights[p].eg;
    }
  long set_lines = 0;
  if (set_path && !training_each_line (set_path, set_line, &set, "the file is refused, nothing written", &set_lines))
    return 1;
  if (weights)
    {
      print_weights (set.mg, set.eg);
      return fflush (stdout) == 0 ? 0 : 1;
    }
  for (int i = 0; i < only_count; i++)
    {
      bool any = false;
      for (int p = 0; p < EVAL_PARAM_NB && !any; p++)
        any = named (p, only[i]);
      if (!any)
        {
          fprintf (stderr, "tune: --only %s names no weight (tune --weights lists them); nothing written\n", only[i]);
          return 2;
        }
    }
  if (iterations < 0 || rate <= 0 || lambda < 0 || data.hold_out < 0 || (iterations > 0 && file_count == 0))
    {
      fprintf (stderr, "tune: --iterations, --lambda and --hold-out must be 0 or more, --rate positive, and tuning needs --data\n");
      return 2;
    }

  char provenance[SET_NOTES_MAX + EARLIER_MAX + 8192], command[2048] = "", earlier[EARLIER_MAX];
  size_t n = 0;
  for (int i = 0; i < argc && n < sizeof command; i++)
    n += (size_t) snprintf (command + n, sizeof command - n, "%s%s", i ? " " : "", i ? argv[i] : "tune");
  n = (size_t) snprintf (provenance, sizeof provenance, " * Command: %s\n", command);
  if (set_path)
    n += (size_t) snprintf (provenance + n, sizeof provenance - n,
                            " * Set: %d weights from %s, every other one as in the table tune was built\n"
                            " * with%s\n%s", set.count, set_path, set.notes_length ? "; the file's notes:" : ".", set.notes);
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
      mg[p] = set.mg[p];
      eg[p] = set.eg[p];
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
              double grad[2] = { grad_mg[p] + 2 * lambda * (mg[p] - set.mg[p]),
                                 grad_eg[p] + 2 * lambda * (eg[p] - set.eg[p]) };
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
  /* The weights --only keeps, or --set and --iterations 0 leave, are the
   * built-in table's, made as the file this run replaces says (tune is
   * built with the file it tunes). */
  const char *kept = iterations > 0 ? (only_count > 0 ? "The weights outside --only are" : NULL)
                     : set_path ? "The weights not set are" : "The weights are";
  if (kept && read_earlier_header (out_path, earlier, sizeof earlier))
    n += (size_t) snprintf (provenance + n, sizeof provenance - n,
                            " * %s the built-in table's; the file this run\n"
                            " * replaced said of itself:\n%s", kept, earlier);
  for (int p = 0; p < EVAL_PARAM_NB; p++)
    {
      out_mg[p] = (int) lround (mg[p]);
      out_eg[p] = (int) lround (eg[p]);
    }
  free (data.samples);
  free (data.entries);
  return write_table (out_path, out_mg, out_eg, provenance) ? 0 : 1;
}
