/* test-net.c — the evaluation's learned correction (net.h). */
#include "eval.h"
#include "net.h"
#include "search.h"
#include "test-util.h"

#include <stdlib.h>
#include <string.h>

/* A game uses a net exactly when one has its board size and knows all
 * its kinds; the games without one get no correction. */
static void test_net_fits (void)
{
  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      const Net *net = net_for_variant (v);
      if (!net)
        continue;
      g_assert_cmpint (net->files, ==, v->files);
      g_assert_cmpint (net->ranks, ==, v->ranks);
      for (int t = 0; t < v->types; t++)
        g_assert_cmpint (net->kind_index[v->kinds[t]], >=, 0);
    }
  /* No net knows the Ajax pieces or the 8×8 board yet. */
  g_assert_null (net_for_variant (variant_by_id ("chess")));
  g_assert_null (net_for_variant (variant_by_id ("ajax")));
}

/* FEN of pos with the board turned over and the colours swapped: the
 * same position for the other side (no en passant square). */
static char *mirrored_fen (const Position *pos)
{
  g_autofree char *fen = test_fen (pos);
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);
  g_auto (GStrv) ranks = g_strsplit (fields[0], "/", -1);
  guint count = g_strv_length (ranks);
  GString *out = g_string_new (NULL);

  for (guint r = count; r-- > 0;)
    {
      for (char *c = ranks[r]; *c; c++)
        g_string_append_c (out, g_ascii_isupper (*c) ? g_ascii_tolower (*c) : g_ascii_toupper (*c));
      if (r > 0)
        g_string_append_c (out, '/');
    }
  g_string_append (out, strcmp (fields[1], "w") == 0 ? " b " : " w ");
  for (char *c = fields[2]; *c; c++)
    g_string_append_c (out, g_ascii_isupper (*c) ? g_ascii_tolower (*c) : g_ascii_toupper (*c));
  g_string_append_printf (out, " - %s %s", fields[4], fields[5]);
  return g_string_free (out, FALSE);
}

/* A net of random weights for v's board that knows every kind. */
static Net *random_net (const Variant *v, GRand *rand)
{
  Net *net = g_new0 (Net, 1);
  int squares = v->files * v->ranks;
  size_t inputs = (size_t) 2 * KIND_NB * squares * NET_HIDDEN;
  int16_t *input = g_new (int16_t, inputs), *bias = g_new (int16_t, NET_HIDDEN), *output = g_new (int16_t, 2 * NET_HIDDEN);

  for (size_t i = 0; i < inputs; i++)
    input[i] = (int16_t) g_rand_int_range (rand, -20, 21);
  for (int j = 0; j < NET_HIDDEN; j++)
    bias[j] = (int16_t) g_rand_int_range (rand, 0, NET_QA);
  for (int j = 0; j < 2 * NET_HIDDEN; j++)
    output[j] = (int16_t) g_rand_int_range (rand, -64, 65);
  net->files = v->files, net->ranks = v->ranks, net->kind_count = KIND_NB;
  for (int k = 0; k < KIND_NB; k++)
    net->kind_index[k] = (int8_t) k;
  net->input = input, net->input_bias = bias, net->output = output;
  net->output_bias = g_rand_int_range (rand, -1000, 1001);
  net->limit = 100000;
  return net;
}

static void free_net (Net *net)
{
  g_free ((gpointer) net->input), g_free ((gpointer) net->input_bias), g_free ((gpointer) net->output);
  g_free (net);
}

/* The correction sees the position from the side to move: in every game,
 * a position and its mirror (board turned, colours and side to move
 * swapped) get the same one from any net; and the evaluation's trace
 * carries the correction of the net the game uses, if any. */
static void test_net_mirror (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  int checked = 0, nonzero = 0;

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      Net *net = random_net (v, rand);
      const Net *shipped = net_for_variant (v);
      for (int game = 0; game < 10; game++)
        {
          Position *pos = test_position_new (v->id, NULL);
          for (int step = 0; step < 10; step++)
            {
              g_autofree char *fen = mirrored_fen (pos);
              Position *mirror = test_position_new (v->id, fen);
              int correction = net_evaluate (net, pos);
              g_assert_cmpint (net_evaluate (net, mirror), ==, correction);
              nonzero += correction != 0;
              EvalTrace trace;
              evaluate_trace (pos, &trace);
              g_assert_cmpint (trace.correction, ==, shipped ? net_evaluate (shipped, pos) : 0);
              g_free (mirror);
              checked++;
              test_random_playout (pos, rand, 1 + g_rand_int_range (rand, 0, 8));
            }
          g_free (pos);
        }
      free_net (net);
    }
  g_assert_cmpint (checked, ==, variant_count () * 100);
  g_assert_cmpint (nonzero, >, checked / 2);
}

/* The correction is kept within the net's limit. */
static void test_net_limit (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  const Variant *v = variant_by_id ("capablanca");
  Net *net = random_net (v, rand);
  Position *pos = test_position_new ("capablanca", "r1abqkbcnr/ppp2ppppp/2n7/3pp5/4P5/2N2N4/PPPPP1PPPP/R1ABQKBC1R w KQkq - 0 4");
  int free_correction = net_evaluate (net, pos);

  net->limit = abs (free_correction) / 2;
  g_assert_cmpint (net->limit, >, 0);
  g_assert_cmpint (net_evaluate (net, pos), ==, free_correction > 0 ? net->limit : -net->limit);
  g_free (pos);
  free_net (net);
}

/* The sums had from an earlier position's by the pieces that differ are
 * the sums summed whole: along random games of every game, from the
 * position before and from the one three plies up the line. */
static void test_net_update (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  int checked = 0;

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      Net *net = random_net (v, rand);
      for (int game = 0; game < 5; game++)
        {
          Position *pos = test_position_new (v->id, NULL);
          NetSums line[64];
          net_sums_refresh (net, pos, &line[0]);
          for (int ply = 1; ply < 64; ply++)
            {
              test_random_playout (pos, rand, 1);
              NetSums whole, from_last, from_third;
              net_sums_refresh (net, pos, &whole);
              net_sums_update (net, pos, &line[ply - 1], &from_last);
              g_assert_cmpmem (from_last.sum, sizeof from_last.sum, whole.sum, sizeof whole.sum);
              g_assert_cmpint (net_output (net, &from_last, pos->side), ==, net_evaluate (net, pos));
              if (ply >= 3)
                {
                  net_sums_update (net, pos, &line[ply - 3], &from_third);
                  g_assert_cmpmem (from_third.sum, sizeof from_third.sum, whole.sum, sizeof whole.sum);
                }
              line[ply] = from_last;
              checked++;
            }
          g_free (pos);
        }
      free_net (net);
    }
  g_assert_cmpint (checked, >, variant_count () * 5 * 10);
}

static void keep_last (const SearchInfo *info, void *data)
{
  *(SearchInfo *) data = *info;
}

/* The search with a net in: in every game, the sums kept along the line
 * give the same move, score and node count as summing them whole at
 * every evaluation, and the net changes the search (it is used). */
static void test_net_search (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  Search *search = search_new (8);

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      Net *net = random_net (v, rand);
      net->limit = 300;
      g_autofree Position *pos = test_position_new (v->id, NULL);
      test_random_playout (pos, rand, 4 + g_rand_int_range (rand, 0, 8));
      SearchLimits limits = { .depth = 7 };
      SearchInfo runs[3];
      Move best[3];
      for (int run = 0; run < 3; run++)
        {
          /* Kept along the line, summed whole, and no net. */
          search_set_net (search, run < 2 ? net : NULL, run == 1);
          search_clear (search);
          best[run] = search_run (search, pos, &limits, keep_last, &runs[run], NULL);
        }
      g_test_message ("%s: %" G_GUINT64_FORMAT " nodes with the net, %" G_GUINT64_FORMAT " without",
                      v->id, runs[0].nodes, runs[2].nodes);
      g_assert_cmpuint (best[1], ==, best[0]);
      g_assert_cmpint (runs[1].score, ==, runs[0].score);
      g_assert_cmpuint (runs[1].nodes, ==, runs[0].nodes);
      g_assert_cmpuint (runs[2].nodes, !=, runs[0].nodes);
      free_net (net);
    }
  search_free (search);
}

int main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/fits", test_net_fits);
  g_test_add_func ("/net/mirror", test_net_mirror);
  g_test_add_func ("/net/limit", test_net_limit);
  g_test_add_func ("/net/update", test_net_update);
  g_test_add_func ("/net/search", test_net_search);
  return g_test_run ();
}
