/* test-catalogue.c — every game of the engine is in the app: a catalogue
 * row (name, summary, rules, start rule), a value of the settings schema,
 * and rules text and art for each of its pieces.  Walks the engine's list
 * of games, so a game added to the engine alone fails here. */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-game.h"
#include "test-util.h"
#include "variant.h"

static GSettingsSchema *
app_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = source ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;

  g_assert_nonnull (schema);
  return schema;
}

/* The ids the schema's game key may hold. */
static GStrv
schema_game_ids (void)
{
  g_autoptr (GSettingsSchema) schema = app_schema ();
  g_autoptr (GSettingsSchemaKey) key = g_settings_schema_get_key (schema, "last-variant");
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  const char *type;
  g_autoptr (GVariant) values = NULL;

  g_variant_get (range, "(&sv)", &type, &values);
  g_assert_cmpstr (type, ==, "enum");
  return g_variant_dup_strv (values, NULL);
}

static void
test_every_engine_game (void)
{
  g_auto (GStrv) schema_ids = schema_game_ids ();
  const char *pieces_dir = g_getenv ("PIECES_DIR");

  g_assert_nonnull (pieces_dir);
  g_assert_cmpint (variant_count (), >, 0);
  g_assert_cmpuint (chancellor_catalogue_get_n_games (), ==, (guint) variant_count ());
  g_assert_cmpuint (g_strv_length (schema_ids), ==, (guint) variant_count ());

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *variant = variant_at (i);
      ChancellorRulesSection sections[8];
      g_autoptr (ChancellorGame) game = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", variant->id);
      g_assert_true (chancellor_catalogue_has_game (variant->id));
      g_assert_true (g_strv_contains ((const char * const *) schema_ids, variant->id));
      g_assert_cmpstr (chancellor_catalogue_get_name (variant->id), !=, "");
      g_assert_nonnull (chancellor_catalogue_get_summary (variant->id));
      g_assert_cmpint (chancellor_catalogue_get_rules_sections (variant->id, FALSE, sections, 8), ==, 1);
      g_assert_cmpint (chancellor_catalogue_get_rules_sections (variant->id, TRUE, sections, 8), >=, 3);

      game = chancellor_game_new (variant->id, NULL, &error);
      g_assert_no_error (error);
      for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
        {
          const char *kind = chancellor_game_get_piece_kind_id (game, type);
          const char *art = chancellor_catalogue_get_piece_art (kind);
          int index = chancellor_catalogue_get_art_index (kind);

          g_test_message ("%s: %s", variant->id, kind);
          g_assert_nonnull (chancellor_catalogue_get_piece_rules (kind));
          g_assert_nonnull (art);
          g_assert_cmpint (index, >=, 0);
          g_assert_cmpstr (chancellor_catalogue_get_art ((guint) index), ==, art);
          for (int color = 0; color < 2; color++)
            {
              g_autofree char *file = g_strdup_printf ("%s-%s.svg", color ? "black" : "white", art);
              g_autofree char *path = g_build_filename (pieces_dir, file, NULL);

              g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
            }
          g_assert_cmpstr (chancellor_game_get_piece_name (game, type), !=, "");
        }
    }

  /* The catalogue lists only engine games. */
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    g_assert_nonnull (variant_by_id (chancellor_catalogue_get_game_id (i)));
  g_assert_false (chancellor_catalogue_has_game ("shogi"));
  g_assert_null (chancellor_catalogue_get_name ("shogi"));
  g_assert_null (chancellor_catalogue_get_piece_art ("dragon"));
  g_assert_cmpint (chancellor_catalogue_get_art_index ("dragon"), ==, -1);
}

/* One default game, the schema's. */
static void
test_default_game (void)
{
  g_autoptr (GSettingsSchema) schema = app_schema ();
  g_autoptr (GSettingsSchemaKey) key = g_settings_schema_get_key (schema, "last-variant");
  g_autoptr (GVariant) value = g_settings_schema_key_get_default_value (key);

  g_assert_cmpstr (chancellor_catalogue_get_default_game (), ==, g_variant_get_string (value, NULL));
  g_assert_true (chancellor_catalogue_has_game (chancellor_catalogue_get_theme_game ()));
}

/* Each start rule, from the engine's table: a new game from its start
 * follows it. */
static void
test_start_rules (void)
{
  gboolean seen[3] = { FALSE, FALSE, FALSE };

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *variant = variant_at (i);
      int n_starts = -1;
      ChancellorStartRule rule = chancellor_catalogue_get_start_rule (variant->id, &n_starts);
      g_autoptr (ChancellorGame) game = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", variant->id);
      seen[rule] = TRUE;
      switch (rule)
        {
        case CHANCELLOR_START_FIXED:
          g_assert_cmpint (variant->start, ==, START_FIXED);
          g_assert_cmpint (n_starts, ==, 1);
          game = chancellor_game_new_start (variant->id, -1, &error);
          g_assert_no_error (error);
          {
            g_autofree char *fen = chancellor_game_get_start_fen (game);

            g_assert_cmpstr (fen, ==, variant->start_fen);
          }
          g_assert_cmpint (chancellor_game_get_start_number (game), ==, -1);
          g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
          break;

        case CHANCELLOR_START_NUMBERED:
          g_assert_cmpint (n_starts, >, 1);
          for (int number = 0; number < n_starts; number += n_starts / 7)
            {
              g_autoptr (ChancellorGame) numbered = chancellor_game_new_start (variant->id, number, &error);

              g_assert_no_error (error);
              g_assert_cmpint (chancellor_game_get_start_number (numbered), ==, number);
            }
          game = chancellor_game_new_start (variant->id, n_starts - 1, &error);
          g_assert_no_error (error);
          g_assert_cmpint (chancellor_game_get_start_number (game), ==, n_starts - 1);
          g_clear_object (&game);
          /* -1 draws one: every draw is in range. */
          for (int draw = 0; draw < 20; draw++)
            {
              g_autoptr (ChancellorGame) drawn = chancellor_game_new_start (variant->id, -1, &error);

              g_assert_no_error (error);
              g_assert_cmpint (chancellor_game_get_start_number (drawn), >=, 0);
              g_assert_cmpint (chancellor_game_get_start_number (drawn), <, n_starts);
            }
          game = chancellor_game_new_start (variant->id, n_starts, &error);
          g_assert_null (game);
          g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN);
          break;

        case CHANCELLOR_START_RELOCATION:
          g_assert_cmpint (n_starts, ==, 1);
          game = chancellor_game_new_start (variant->id, -1, &error);
          g_assert_no_error (error);
          g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
          g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_BLACK);
          break;
        }
    }
  /* The engine's games use every rule the catalogue knows. */
  g_assert_true (seen[CHANCELLOR_START_FIXED] && seen[CHANCELLOR_START_NUMBERED] && seen[CHANCELLOR_START_RELOCATION]);

  g_assert_null (chancellor_game_new_start ("shogi", -1, NULL));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalogue/every-engine-game", test_every_engine_game);
  g_test_add_func ("/catalogue/default-game", test_default_game);
  g_test_add_func ("/catalogue/start-rules", test_start_rules);

  return g_test_run ();
}
