/* test-game-setup.c — ChancellorGameSetup: its defaults, its properties and
 * their enum types, and the game it creates for every game (PMRC by its
 * start number). */
#include "config.h"

#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-enums.h"
#include "chancellor-game-setup.h"
#include "chancellor-pgn.h"
#include "chancellor-variant-list.h"
#include "start.h"

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
test_defaults (void)
{
  g_autoptr (ChancellorGameSetup) setup = chancellor_game_setup_new ();

  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, chancellor_catalogue_get_default_game ());
  g_assert_cmpint (chancellor_game_setup_get_start_number (setup), ==, 0);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_HUMAN);
  g_assert_cmpint (chancellor_game_setup_get_level (setup), ==, 5);
  g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, CHANCELLOR_TIME_CONTROL_NONE);
  g_assert_cmpint (chancellor_game_setup_get_minutes (setup), ==, 10);
  g_assert_cmpint (chancellor_game_setup_get_increment (setup), ==, 5);
  g_assert_cmpint (chancellor_game_setup_get_seconds_per_move (setup), ==, 10);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, "");
}

/* Every property reads back what was set, through the getters too, and is
 * notified once per change only (settings and widget bindings rely on it). */
static void
test_properties (void)
{
  g_autoptr (ChancellorGameSetup) setup = chancellor_game_setup_new ();
  g_autofree char *variant = NULL;
  int pmrc, white, black, level, time_control, minutes, increment, seconds;
  guint notified = 0;

  g_signal_connect (setup, "notify", G_CALLBACK (count_notify), &notified);
  g_object_set (setup,
                "variant-id", "prime-ministers-random",
                "start-number", PMRC_POSITIONS - 1,
                "white-player", CHANCELLOR_PLAYER_COMPUTER,
                "black-player", CHANCELLOR_PLAYER_COMPUTER,
                "level", 10,
                "time-control", CHANCELLOR_TIME_CONTROL_PER_MOVE,
                "minutes", 180,
                "increment", 0,
                "seconds-per-move", 600,
                "engine", "/usr/games/fairy-stockfish",
                NULL);
  g_assert_cmpuint (notified, ==, 10);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, "/usr/games/fairy-stockfish");
  /* NULL is the built-in engine, as "" is. */
  g_object_set (setup, "engine", NULL, NULL);
  g_assert_cmpstr (chancellor_game_setup_get_engine (setup), ==, "");
  g_assert_cmpuint (notified, ==, 11);
  g_object_set (setup, "engine", "", NULL);
  g_assert_cmpuint (notified, ==, 11);

  g_object_get (setup,
                "variant-id", &variant,
                "start-number", &pmrc,
                "white-player", &white,
                "black-player", &black,
                "level", &level,
                "time-control", &time_control,
                "minutes", &minutes,
                "increment", &increment,
                "seconds-per-move", &seconds,
                NULL);
  g_assert_cmpstr (variant, ==, "prime-ministers-random");
  g_assert_cmpint (pmrc, ==, PMRC_POSITIONS - 1);
  g_assert_cmpint (white, ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (black, ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (level, ==, 10);
  g_assert_cmpint (time_control, ==, CHANCELLOR_TIME_CONTROL_PER_MOVE);
  g_assert_cmpint (minutes, ==, 180);
  g_assert_cmpint (increment, ==, 0);
  g_assert_cmpint (seconds, ==, 600);

  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "prime-ministers-random");
  g_assert_cmpint (chancellor_game_setup_get_start_number (setup), ==, PMRC_POSITIONS - 1);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_COMPUTER);
  g_assert_cmpint (chancellor_game_setup_get_level (setup), ==, 10);
  g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, CHANCELLOR_TIME_CONTROL_PER_MOVE);
  g_assert_cmpint (chancellor_game_setup_get_minutes (setup), ==, 180);
  g_assert_cmpint (chancellor_game_setup_get_increment (setup), ==, 0);
  g_assert_cmpint (chancellor_game_setup_get_seconds_per_move (setup), ==, 600);

  /* The same values again: no notification. */
  g_object_set (setup,
                "variant-id", "prime-ministers-random",
                "start-number", PMRC_POSITIONS - 1,
                "black-player", CHANCELLOR_PLAYER_COMPUTER,
                "time-control", CHANCELLOR_TIME_CONTROL_PER_MOVE,
                "level", 10,
                NULL);
  g_assert_cmpuint (notified, ==, 11);

  /* NULL is the default game. */
  g_object_set (setup, "variant-id", NULL, NULL);
  g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, chancellor_catalogue_get_default_game ());
  g_assert_cmpuint (notified, ==, 12);
}

/* The ranges the chooser and the settings schema repeat. */
static void
test_ranges (void)
{
  static const struct {
    const char *name;
    int minimum;
    int maximum;
    int fallback;
  } ranges[] = {
    { "start-number", 0, PMRC_POSITIONS - 1, 0 },
    { "level", 1, 10, 5 },
    { "minutes", 1, 180, 10 },
    { "increment", 0, 60, 5 },
    { "seconds-per-move", 1, 600, 10 },
  };
  g_autoptr (GTypeClass) klass = g_type_class_ref (CHANCELLOR_TYPE_GAME_SETUP);

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      GParamSpecInt *pspec = G_PARAM_SPEC_INT (g_object_class_find_property (G_OBJECT_CLASS (klass),
                                                                             ranges[i].name));

      g_assert_cmpint (pspec->minimum, ==, ranges[i].minimum);
      g_assert_cmpint (pspec->maximum, ==, ranges[i].maximum);
      g_assert_cmpint (pspec->default_value, ==, ranges[i].fallback);
    }
}

/* The nicks are the values of the settings schema's enums. */
static void
test_enum_types (void)
{
  static const struct {
    GType (*get_type) (void);
    int value;
    const char *nick;
  } values[] = {
    { chancellor_player_kind_get_type, CHANCELLOR_PLAYER_HUMAN, "human" },
    { chancellor_player_kind_get_type, CHANCELLOR_PLAYER_COMPUTER, "computer" },
    { chancellor_time_control_kind_get_type, CHANCELLOR_TIME_CONTROL_NONE, "none" },
    { chancellor_time_control_kind_get_type, CHANCELLOR_TIME_CONTROL_FISCHER, "fischer" },
    { chancellor_time_control_kind_get_type, CHANCELLOR_TIME_CONTROL_PER_MOVE, "per-move" },
  };

  g_assert_true (G_TYPE_IS_ENUM (CHANCELLOR_TYPE_PLAYER_KIND));
  g_assert_true (G_TYPE_IS_ENUM (CHANCELLOR_TYPE_TIME_CONTROL_KIND));
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr (GEnumClass) klass = g_type_class_ref (values[i].get_type ());
      GEnumValue *value = g_enum_get_value (klass, values[i].value);

      g_assert_nonnull (value);
      g_assert_cmpstr (value->value_nick, ==, values[i].nick);
    }
}

/* Every game from its standard start; Capablanca Relocation Chess in its
 * relocation phase, Black first. */
static void
test_create_every_game (void)
{
  g_autoptr (ChancellorVariantList) list = chancellor_variant_list_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  g_assert_cmpuint (n, ==, chancellor_catalogue_get_n_games ());
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (list), i);
      const char *id = chancellor_variant_info_get_id (info);
      g_autoptr (ChancellorGameSetup) setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", id, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, &error);
      g_autofree char *start = NULL;

      g_test_message ("%s", id);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, id);
      g_assert_cmpint (chancellor_game_get_files (game), ==, chancellor_variant_info_get_files (info));
      g_assert_cmpint (chancellor_game_get_ranks (game), ==, chancellor_variant_info_get_ranks (info));
      g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);

      start = chancellor_game_get_start_fen (game);
      if (g_str_equal (id, "prime-ministers-random"))
        {
          char fen[256];

          g_assert_true (pmrc_fen (0, fen, sizeof fen));
          g_assert_cmpstr (start, ==, fen);
        }
      else
        g_assert_cmpstr (start, ==, chancellor_variant_info_get_start_fen (info));

      if (g_str_equal (id, "capablanca-relocation"))
        {
          g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
          g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_BLACK);
        }
      else
        g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
    }
}

/* PMRC by number: the first and last arrays and one between. */
static void
test_create_pmrc (void)
{
  static const int numbers[] = { 0, 518, PMRC_POSITIONS - 1 };
  g_autoptr (ChancellorGameSetup) setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP,
                                                        "variant-id", "prime-ministers-random", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChancellorGame) game = NULL;
      g_autofree char *start = NULL;
      char fen[256], array[10];

      g_object_set (setup, "start-number", numbers[i], NULL);
      game = chancellor_game_setup_create_game (setup, &error);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, "prime-ministers-random");
      g_assert_cmpint (chancellor_game_get_files (game), ==, 9);

      start = chancellor_game_get_start_fen (game);
      g_assert_true (pmrc_fen (numbers[i], fen, sizeof fen));
      g_assert_cmpstr (start, ==, fen);
      /* The FEN's last rank is White's first: that array has this number. */
      g_assert_true (pmrc_array (numbers[i], array));
      g_assert_cmpint (pmrc_number (array), ==, numbers[i]);
      g_assert_nonnull (strstr (start, array));
    }

  /* The first and last are different arrays. */
  {
    char first[10], last[10];

    g_assert_true (pmrc_array (0, first));
    g_assert_true (pmrc_array (PMRC_POSITIONS - 1, last));
    g_assert_cmpstr (first, !=, last);
  }
}

static void
test_create_errors (void)
{
  g_autoptr (ChancellorGameSetup) setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", "nope", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, &error);

  g_assert_null (game);
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_UNKNOWN_VARIANT);
}

/* The clock as a PGN TimeControl value (PGN standard 9.6.1). */
static void
test_time_control_tag (void)
{
  static const struct {
    const char *time_control;
    int minutes, increment, seconds_per_move;
    const char *tag;
  } cases[] = {
    { "none", 10, 5, 10, "-" },
    { "fischer", 5, 2, 10, "300+2" },
    { "fischer", 180, 0, 10, "10800+0" },
    { "fischer", 1, 60, 10, "60+60" },
    { "per-move", 10, 5, 60, "1/60" },
    { "per-move", 10, 5, 1, "1/1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChancellorGameSetup) setup = chancellor_game_setup_new ();
      GEnumClass *kinds = g_type_class_ref (CHANCELLOR_TYPE_TIME_CONTROL_KIND);
      GEnumValue *kind = g_enum_get_value_by_nick (kinds, cases[i].time_control);
      g_autofree char *tag = NULL;

      g_assert_nonnull (kind);
      g_object_set (setup, "time-control", kind->value, "minutes", cases[i].minutes,
                    "increment", cases[i].increment, "seconds-per-move", cases[i].seconds_per_move, NULL);
      tag = chancellor_game_setup_dup_time_control_tag (setup);
      g_assert_cmpstr (tag, ==, cases[i].tag);
      g_type_class_unref (kinds);
    }
}

/* A person goes by the name chosen in Preferences, else the account's. */
static void
test_human_name (void)
{
  g_autofree char *chosen = chancellor_game_setup_find_human_name ("  Ana García ");
  g_autofree char *unset = chancellor_game_setup_find_human_name (NULL);
  g_autofree char *blank = chancellor_game_setup_find_human_name ("   ");

  g_assert_cmpstr (chosen, ==, "Ana García");
  g_assert_nonnull (unset);
  g_assert_cmpstr (unset, !=, "");
  g_assert_cmpstr (unset, !=, "Unknown");
  g_assert_cmpstr (blank, ==, unset);
}

/* A new game's header says who played it, when, and with what clock, for
 * each kind of player and clock, and the PGN written carries it. */
static void
test_write_header (void)
{
  static const struct {
    ChancellorPlayerKind white, black;
    int level;
    ChancellorTimeControlKind time_control;
    const char *white_name, *black_name, *time_control_tag;
  } cases[] = {
    { CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5, CHANCELLOR_TIME_CONTROL_NONE,
      "Ana", "Ana", "-" },
    { CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_COMPUTER, 7, CHANCELLOR_TIME_CONTROL_FISCHER,
      "Ana", "Chancellor level 7", "300+3" },
    { CHANCELLOR_PLAYER_COMPUTER, CHANCELLOR_PLAYER_HUMAN, 1, CHANCELLOR_TIME_CONTROL_PER_MOVE,
      "Chancellor level 1", "Ana", "1/20" },
    { CHANCELLOR_PLAYER_COMPUTER, CHANCELLOR_PLAYER_COMPUTER, 10, CHANCELLOR_TIME_CONTROL_NONE,
      "Chancellor level 10", "Chancellor level 10", "-" },
  };
  g_autoptr (GDateTime) when = g_date_time_new_local (2026, 3, 5, 18, 30, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChancellorGameSetup) setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP,
                                                            "variant-id", "ajax",
                                                            "white-player", cases[i].white,
                                                            "black-player", cases[i].black,
                                                            "level", cases[i].level,
                                                            "time-control", cases[i].time_control,
                                                            "minutes", 5, "increment", 3,
                                                            "seconds-per-move", 20,
                                                            NULL);
      g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
      g_autofree char *pgn = NULL;
      g_autofree char *expected = NULL;

      g_assert_nonnull (game);
      chancellor_game_set_tag (game, "Annotator", "Bea");
      chancellor_game_setup_write_header (setup, game, "Ana", when);

      g_assert_cmpstr (chancellor_game_get_tag (game, "Event"), ==, "Casual game");
      g_assert_null (chancellor_game_get_tag (game, "Site"));
      g_assert_cmpstr (chancellor_game_get_tag (game, "Date"), ==, "2026.03.05");
      g_assert_cmpstr (chancellor_game_get_tag (game, "Round"), ==, "-");
      g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, cases[i].white_name);
      g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, cases[i].black_name);
      g_assert_cmpstr (chancellor_game_get_tag (game, "TimeControl"), ==, cases[i].time_control_tag);
      /* The game's other tags stay. */
      g_assert_cmpstr (chancellor_game_get_tag (game, "Annotator"), ==, "Bea");

      pgn = chancellor_pgn_write (game);
      expected = g_strdup_printf ("[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"2026.03.05\"]\n"
                                  "[Round \"-\"]\n[White \"%s\"]\n[Black \"%s\"]\n",
                                  cases[i].white_name, cases[i].black_name);
      g_assert_true (g_str_has_prefix (pgn, expected));
      g_free (expected);
      expected = g_strdup_printf ("[TimeControl \"%s\"]\n", cases[i].time_control_tag);
      g_assert_nonnull (strstr (pgn, expected));
    }
}

/* Without a name given, a person is the account's; without a date, today. */
static void
test_write_header_defaults (void)
{
  g_autoptr (ChancellorGameSetup) setup = chancellor_game_setup_new ();
  g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
  g_autofree char *human = chancellor_game_setup_find_human_name (NULL);
  g_autoptr (GDateTime) before = g_date_time_new_now_local ();
  g_autofree char *day_before = g_date_time_format (before, "%Y.%m.%d");
  g_autoptr (GDateTime) after = NULL;
  g_autofree char *day_after = NULL;
  const char *date;

  chancellor_game_setup_write_header (setup, game, NULL, NULL);
  after = g_date_time_new_now_local ();
  day_after = g_date_time_format (after, "%Y.%m.%d");
  date = chancellor_game_get_tag (game, "Date");
  /* Midnight may pass between the two. */
  g_assert_true (g_strcmp0 (date, day_before) == 0 || g_strcmp0 (date, day_after) == 0);
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, human);
  g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, human);
}

/* A game read back is set up as it was played: the computer where a
 * player is "Chancellor level N", the clock of its TimeControl tag; each
 * setup written as a header reads back the same. */
static void
test_setup_for_game (void)
{
  static const struct {
    const char *white, *black, *time_control;
    ChancellorPlayerKind white_kind, black_kind;
    int level;
    ChancellorTimeControlKind kind;
    int minutes, increment, seconds;
  } rows[] = {
    { "Ann", "Chancellor level 3", "300+2", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_COMPUTER, 3,
      CHANCELLOR_TIME_CONTROL_FISCHER, 5, 2, 10 },
    { "Chancellor level 10", "Bob", "1/30", CHANCELLOR_PLAYER_COMPUTER, CHANCELLOR_PLAYER_HUMAN, 10,
      CHANCELLOR_TIME_CONTROL_PER_MOVE, 10, 5, 30 },
    { "Ann", "Bob", "-", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5,
      CHANCELLOR_TIME_CONTROL_NONE, 10, 5, 10 },
    { "Chancellor level 11", "Chancellor level 2x", "90", CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5,
      CHANCELLOR_TIME_CONTROL_FISCHER, 2, 0, 10 },
    { NULL, NULL, NULL, CHANCELLOR_PLAYER_HUMAN, CHANCELLOR_PLAYER_HUMAN, 5,
      CHANCELLOR_TIME_CONTROL_NONE, 10, 5, 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr (ChancellorGame) game = chancellor_game_new ("capablanca", NULL, NULL);
      g_autoptr (ChancellorGameSetup) setup = NULL;
      g_autoptr (ChancellorGame) again = chancellor_game_new ("capablanca", NULL, NULL);
      g_autoptr (ChancellorGameSetup) reread = NULL;

      chancellor_game_set_tag (game, "White", rows[i].white);
      chancellor_game_set_tag (game, "Black", rows[i].black);
      chancellor_game_set_tag (game, "TimeControl", rows[i].time_control);
      setup = chancellor_game_setup_new_for_game (game);
      g_assert_cmpstr (chancellor_game_setup_get_variant_id (setup), ==, "capablanca");
      g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE), ==, rows[i].white_kind);
      g_assert_cmpint (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK), ==, rows[i].black_kind);
      g_assert_cmpint (chancellor_game_setup_get_level (setup), ==, rows[i].level);
      g_assert_cmpint (chancellor_game_setup_get_time_control (setup), ==, rows[i].kind);
      g_assert_cmpint (chancellor_game_setup_get_minutes (setup), ==, rows[i].minutes);
      g_assert_cmpint (chancellor_game_setup_get_increment (setup), ==, rows[i].increment);
      g_assert_cmpint (chancellor_game_setup_get_seconds_per_move (setup), ==, rows[i].seconds);

      /* The header the setup writes reads back to the same setup. */
      chancellor_game_setup_write_header (setup, again, "Someone", NULL);
      reread = chancellor_game_setup_new_for_game (again);
      for (int color = CHANCELLOR_COLOR_WHITE; color <= CHANCELLOR_COLOR_BLACK; color++)
        g_assert_cmpint (chancellor_game_setup_get_player (reread, color), ==,
                         chancellor_game_setup_get_player (setup, color));
      g_assert_cmpint (chancellor_game_setup_get_time_control (reread), ==, rows[i].kind);
    }
}

/* An external engine that plays is named in the header by its handshake's
 * name, with the level where it has a Skill Level; the file written reads
 * back with those names, between two people (a file does not start a
 * program), while "Chancellor level N" still reads back as the computer. */
static void
test_engine_names (void)
{
  static const struct {
    gboolean skill_level;
    const char *name;
  } rows[] = {
    { TRUE, "Fairy-Stockfish 11.1 LB 64 level 4" },
    { FALSE, "Fairy-Stockfish 11.1 LB 64" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr (ChancellorGameSetup) setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP,
                                                            "variant-id", "capablanca",
                                                            "black-player", CHANCELLOR_PLAYER_COMPUTER,
                                                            "level", 4,
                                                            "engine", "/usr/games/fairy-stockfish",
                                                            NULL);
      g_autoptr (ChancellorGame) game = chancellor_game_setup_create_game (setup, NULL);
      g_autoptr (ChancellorGameSetup) reread = NULL;
      g_autoptr (GPtrArray) games = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *pgn = NULL;
      g_autofree char *name = chancellor_game_setup_dup_engine_player_name (setup, "Fairy-Stockfish 11.1 LB 64",
                                                                             rows[i].skill_level);
      ChancellorGame *back;

      g_assert_cmpstr (name, ==, rows[i].name);
      chancellor_game_setup_write_header (setup, game, "Ana", NULL);
      g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, "Chancellor level 4");
      chancellor_game_setup_name_engine (setup, game, "Fairy-Stockfish 11.1 LB 64", rows[i].skill_level);
      g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, "Ana");
      g_assert_cmpstr (chancellor_game_get_tag (game, "Black"), ==, rows[i].name);
      g_assert_true (chancellor_game_play_text (game, "e4", NULL));

      pgn = chancellor_pgn_write (game);
      games = chancellor_pgn_read (pgn, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (games->len, ==, 1);
      back = g_ptr_array_index (games, 0);
      g_assert_cmpstr (chancellor_game_get_tag (back, "Black"), ==, rows[i].name);
      g_assert_cmpuint (chancellor_game_get_n_moves (back), ==, 1);
      reread = chancellor_game_setup_new_for_game (back);
      g_assert_cmpint (chancellor_game_setup_get_player (reread, CHANCELLOR_COLOR_WHITE), ==, CHANCELLOR_PLAYER_HUMAN);
      g_assert_cmpint (chancellor_game_setup_get_player (reread, CHANCELLOR_COLOR_BLACK), ==, CHANCELLOR_PLAYER_HUMAN);
      g_assert_cmpstr (chancellor_game_setup_get_engine (reread), ==, "");
    }
}

/* [%clk h:mm:ss] in a comment: written first in place of any, read back. */
static void
test_clock_comments (void)
{
  static const struct {
    const char *comment;
    gint64 ms;
    const char *expected;
    gint64 read_back;
  } rows[] = {
    { NULL, 298700, "[%clk 0:04:58]", 298000 },
    { "Good move.", 3723000, "[%clk 1:02:03] Good move.", 3723000 },
    { "[%eval 0.3] [%clk 0:09:59] Sharp.", 0, "[%clk 0:00:00] [%eval 0.3] Sharp.", 0 },
  };
  gint64 ms;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *comment = chancellor_pgn_comment_set_clock (rows[i].comment, rows[i].ms);

      g_assert_cmpstr (comment, ==, rows[i].expected);
      g_assert_true (chancellor_pgn_comment_get_clock (comment, &ms));
      g_assert_cmpint (ms, ==, rows[i].read_back);
    }
  /* Other programs' fractions of a second; broken ones are none. */
  g_assert_true (chancellor_pgn_comment_get_clock ("[%clk 0:00:07.5]", &ms));
  g_assert_cmpint (ms, ==, 7500);
  g_assert_false (chancellor_pgn_comment_get_clock ("[%clk 0:61:00]", &ms));
  g_assert_false (chancellor_pgn_comment_get_clock ("[%clk soon]", &ms));
  g_assert_false (chancellor_pgn_comment_get_clock ("no clock", &ms));
  g_assert_false (chancellor_pgn_comment_get_clock (NULL, &ms));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-setup/defaults", test_defaults);
  g_test_add_func ("/game-setup/properties", test_properties);
  g_test_add_func ("/game-setup/ranges", test_ranges);
  g_test_add_func ("/game-setup/enum-types", test_enum_types);
  g_test_add_func ("/game-setup/create/every-game", test_create_every_game);
  g_test_add_func ("/game-setup/create/pmrc", test_create_pmrc);
  g_test_add_func ("/game-setup/create/errors", test_create_errors);
  g_test_add_func ("/game-setup/header/time-control", test_time_control_tag);
  g_test_add_func ("/game-setup/header/human-name", test_human_name);
  g_test_add_func ("/game-setup/header/tags", test_write_header);
  g_test_add_func ("/game-setup/header/defaults", test_write_header_defaults);
  g_test_add_func ("/game-setup/header/engine-names", test_engine_names);
  g_test_add_func ("/game-setup/for-game", test_setup_for_game);
  g_test_add_func ("/game-setup/clock-comments", test_clock_comments);

  return g_test_run ();
}
