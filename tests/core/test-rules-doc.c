/* test-rules-doc.c — doc/rules.md says what the app's Rules window says.
 *
 *   test-rules-doc RULES_MD
 *
 * The part of doc/rules.md between its markers is the catalogue's rules
 * text (chancellor-catalogue.h) for every game, in English, as Markdown.
 * The test fails while the file differs; with CHANCELLOR_UPDATE_RULES_DOC
 * set it writes the part instead:
 *   CHANCELLOR_UPDATE_RULES_DOC=1 meson test -C _build rules-doc
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-game.h"

#define BEGIN_MARK "<!-- rules:begin -->\n"
#define END_MARK "<!-- rules:end -->\n"

static const char *doc_path;

static void
append_sections (GString    *out,
                 const char *id,
                 gboolean    after_pieces)
{
  ChancellorRulesSection sections[8];
  int n = chancellor_catalogue_get_rules_sections (id, after_pieces, sections, G_N_ELEMENTS (sections));

  g_assert_cmpint (n, <=, (int) G_N_ELEMENTS (sections));
  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "### %s\n\n%s\n\n", sections[i].heading, sections[i].body);
}

/* One game: its summary, its start, its rules and its pieces in the order
 * the Rules window shows them. */
static void
append_game (GString    *out,
             const char *id)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new (id, NULL, NULL);
  const char *intro = chancellor_catalogue_get_pieces_intro (id);
  int n_starts;
  ChancellorStartRule rule = chancellor_catalogue_get_start_rule (id, &n_starts);

  g_assert_nonnull (game);
  g_string_append_printf (out, "## %s\n\n", chancellor_catalogue_get_name (id));
  g_string_append_printf (out, "Id `%s`, a board of %d × %d; ", id, chancellor_game_get_files (game),
                          chancellor_game_get_ranks (game));
  switch (rule)
    {
    case CHANCELLOR_START_FIXED:
      g_string_append (out, "one start array.\n\n");
      break;
    case CHANCELLOR_START_NUMBERED:
      g_string_append_printf (out, "%d numbered start arrays, 0 to %d.\n\n", n_starts, n_starts - 1);
      break;
    case CHANCELLOR_START_RELOCATION:
      g_string_append (out, "one start array, rearranged in the relocation phase.\n\n");
      break;
    }
  g_string_append_printf (out, "%s\n\n", chancellor_catalogue_get_summary (id));

  append_sections (out, id, FALSE);
  g_string_append (out, "### Pieces\n\n");
  if (intro)
    g_string_append_printf (out, "%s\n\n", intro);
  for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
    {
      const char *kind = chancellor_game_get_piece_kind_id (game, type);

      g_string_append_printf (out, "- **%s** (`%s`): %s\n", chancellor_game_get_piece_name (game, type), kind,
                              chancellor_catalogue_get_piece_rules (kind));
    }
  g_string_append (out, "\n");
  append_sections (out, id, TRUE);
}

static char *
generated_part (void)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);

      g_string_append_printf (out, "- [%s](#%s)\n", chancellor_catalogue_get_name (id), id);
    }
  g_string_append (out, "\n");
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);

      g_string_append_printf (out, "<a id=\"%s\"></a>\n\n", id);
      append_game (out, id);
    }
  /* No blank line before the end marker. */
  while (out->len > 0 && out->str[out->len - 1] == '\n')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static void
test_rules_doc (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *part = generated_part ();
  g_autoptr (GError) error = NULL;
  const char *begin, *end;
  g_autofree char *written = NULL;

  g_assert_true (g_file_get_contents (doc_path, &contents, NULL, &error));
  g_assert_no_error (error);
  begin = strstr (contents, BEGIN_MARK);
  end = begin ? strstr (begin, END_MARK) : NULL;
  g_assert_nonnull (begin);
  g_assert_nonnull (end);
  begin += strlen (BEGIN_MARK);

  if (g_getenv ("CHANCELLOR_UPDATE_RULES_DOC"))
    {
      g_autofree char *head = g_strndup (contents, (gsize) (begin - contents));

      written = g_strconcat (head, part, end, NULL);
      g_assert_true (g_file_set_contents (doc_path, written, -1, &error));
      g_assert_no_error (error);
      return;
    }
  /* Compared whole, so that a difference names its first line. */
  {
    g_autofree char *current = g_strndup (begin, (gsize) (end - begin));
    g_auto (GStrv) want = g_strsplit (part, "\n", -1);
    g_auto (GStrv) have = g_strsplit (current, "\n", -1);

    for (guint i = 0; want[i] || have[i]; i++)
      {
        if (g_strcmp0 (want[i], have[i]) != 0)
          g_error ("doc/rules.md differs from the app's rules text at line %u of its generated part:\n"
                   "  app: %s\n  doc: %s\n"
                   "Run CHANCELLOR_UPDATE_RULES_DOC=1 meson test -C _build rules-doc",
                   i + 1, want[i] ? want[i] : "(end)", have[i] ? have[i] : "(end)");
        if (!want[i] || !have[i])
          break;
      }
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s RULES_MD\n", argv[0]);
      return 2;
    }
  doc_path = argv[1];

  g_test_add_func ("/rules-doc/matches-the-app", test_rules_doc);

  return g_test_run ();
}
