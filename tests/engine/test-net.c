/* test-net.c — the evaluation's learned correction (net.h). */
#include "eval.h"
#include "net.h"
#include "test-util.h"

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

/* The correction sees the position from the side to move: a position and
 * its mirror (board turned, colours and side to move swapped) get the
 * same one, and the evaluation's trace carries it. */
static void test_net_mirror (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  int checked = 0;

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      const Net *net = net_for_variant (v);
      if (!net)
        continue;
      for (int game = 0; game < 20; game++)
        {
          Position *pos = test_position_new (v->id, NULL);
          for (int step = 0; step < 10; step++)
            {
              g_autofree char *fen = mirrored_fen (pos);
              Position *mirror = test_position_new (v->id, fen);
              int correction = net_evaluate (net, pos);
              g_assert_cmpint (net_evaluate (net, mirror), ==, correction);
              EvalTrace trace;
              evaluate_trace (pos, &trace);
              g_assert_cmpint (trace.correction, ==, correction);
              g_free (mirror);
              checked++;
              test_random_playout (pos, rand, 1 + g_rand_int_range (rand, 0, 8));
            }
          g_free (pos);
        }
    }
  if (net_count > 0)
    g_assert_cmpint (checked, >, 0);
}

int main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/fits", test_net_fits);
  g_test_add_func ("/net/mirror", test_net_mirror);
  return g_test_run ();
}
