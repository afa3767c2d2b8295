/* test-perft.c — every row of the perft tables given on the command line
 * (game, FEN, depth, nodes, and "chess960" when the FEN is read as
 * Chess960) is one test case. */
#include <glib.h>

#include "movegen.h"

typedef struct {
  char *game;
  char *fen;
  int depth;
  guint64 nodes;
  gboolean chess960;
} PerftRow;

static void test_perft_row (gconstpointer data)
{
  const PerftRow *row = data;
  const Variant *v = variant_by_id (row->game);
  g_autofree Position *pos = g_new0 (Position, 1);
  ParseError err;

  g_assert_nonnull (v);
  if (!(row->chess960 ? position_set_fen_chess960 : position_set_fen) (pos, v, row->fen, &err))
    g_error ("%s: bad FEN '%s': %s", row->game, row->fen, err.message);
  g_assert_cmpuint (perft (pos, row->depth), ==, row->nodes);
  g_assert_true (position_ok (pos));
  g_assert_cmpint (pos->ply, ==, 0);
}

static void perft_row_free (gpointer data)
{
  PerftRow *row = data;
  g_free (row->game);
  g_free (row->fen);
  g_free (row);
}

static void add_table (const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *table = g_path_get_basename (path);
  g_autoptr (GError) error = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("cannot read perft table %s: %s", path, error->message);
  *strrchr (table, '.') = '\0';

  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      g_auto (GStrv) fields = NULL;
      if (lines[i][0] == '#' || !*g_strstrip (lines[i]))
        continue;
      fields = g_strsplit (lines[i], "\t", -1);
      guint n_fields = g_strv_length (fields);
      if (n_fields != 4 && (n_fields != 5 || !g_str_equal (fields[4], "chess960")))
        g_error ("%s:%d: expected 4 tab-separated fields, and \"chess960\" as an optional fifth", path, i + 1);

      PerftRow *row = g_new0 (PerftRow, 1);
      row->game = g_strdup (fields[0]);
      row->fen = g_strdup (fields[1]);
      row->depth = atoi (fields[2]);
      row->nodes = g_ascii_strtoull (fields[3], NULL, 10);
      row->chess960 = n_fields == 5;
      g_autofree char *name = g_strdup_printf ("/perft/%s/line-%03d-%s-depth-%d", table, i + 1, row->game, row->depth);
      g_test_add_data_func_full (name, row, test_perft_row, perft_row_free);
    }
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-perft TABLE.tsv...");
  for (int i = 1; i < argc; i++)
    add_table (argv[i]);
  return g_test_run ();
}
