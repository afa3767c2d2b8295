/* test-pgn.c — the PGN reader and writer: random games of every game
 * through write and read, files from other programs, and broken or
 * hostile input (truncated, binary, enormous), with where errors point. */
#include <string.h>

#include "test-util.h"

#include "pgn.h"
#include "start.h"

/* ---- comparing records ---- */

static void
assert_lines_equal (const PgnLine *a,
                    const PgnLine *b)
{
  g_assert_cmpstr (a->comment, ==, b->comment);
  g_assert_cmpint (a->count, ==, b->count);
  for (int i = 0; i < a->count; i++)
    {
      const PgnMove *x = &a->moves[i], *y = &b->moves[i];

      g_assert_cmpuint (x->move, ==, y->move);
      g_assert_cmpstr (x->comment, ==, y->comment);
      g_assert_cmpmem (x->nags, x->nag_count, y->nags, y->nag_count);
      g_assert_cmpint (x->variation_count, ==, y->variation_count);
      for (int v = 0; v < x->variation_count; v++)
        assert_lines_equal (&x->variations[v], &y->variations[v]);
    }
}

static void
assert_games_equal (const PgnGame *a,
                    const PgnGame *b)
{
  g_assert_true (a->variant == b->variant);
  g_assert_cmpstr (a->start_fen, ==, b->start_fen);
  g_assert_cmpint (a->result, ==, b->result);
  g_assert_cmpstr (a->termination, ==, b->termination);
  g_assert_cmpint (a->tag_count, ==, b->tag_count);
  for (int i = 0; i < a->tag_count; i++)
    {
      g_assert_cmpstr (a->tags[i].name, ==, b->tags[i].name);
      g_assert_cmpstr (a->tags[i].value, ==, b->tags[i].value);
    }
  assert_lines_equal (&a->main, &b->main);
}

/* Reads text that must hold exactly one game. */
static void
read_one (const char *text,
          PgnGames   *games)
{
  PgnError err;

  if (!pgn_read (text, strlen (text), games, &err))
    g_error ("%s\nin:\n%s", err.message, text);
  g_assert_cmpint (games->count, ==, 1);
}

/* ---- random games ---- */

static char *
random_comment (GRand *rand)
{
  static const char *const words[] = {
    "good", "bad", "a", "long", "line:", "\"quoted\"", "(sic)", "[x]", "{open", "100%", ";semi",
    "é", "Ajax", "e4", "1-0", "*", "$5", "!?", "\\back\\slash",
  };
  GString *text = g_string_new (NULL);
  int n = g_rand_int_range (rand, 1, 30);

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
    }
  return g_string_free (text, FALSE);
}

static void
random_annotations (PgnMove *move,
                    GRand   *rand)
{
  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      g_autofree char *comment = random_comment (rand);
      g_assert_true (pgn_set_text (&move->comment, comment));
    }
  if (g_rand_int_range (rand, 0, 5) == 0)
    {
      move->nag_count = (uint8_t) g_rand_int_range (rand, 1, 4);
      for (int i = 0; i < move->nag_count; i++)
        move->nags[i] = (uint8_t) g_rand_int_range (rand, 1, 256);
    }
}

/* Plays up to plies random moves from pos into line, with annotations and
 * variations down to depth 3; pos is left as it was. */
static void
random_line (Position *pos,
             GRand    *rand,
             PgnLine  *line,
             int       plies,
             int       depth)
{
  MoveList list;
  int made = 0;

  if (g_rand_int_range (rand, 0, 8) == 0)
    {
      g_autofree char *comment = random_comment (rand);
      g_assert_true (pgn_set_text (&line->comment, comment));
    }
  for (; made < plies; made++)
    {
      PgnMove *move;

      movegen_legal (pos, &list);
      if (list.count == 0)
        break;
      move = pgn_line_append (line, list.moves[g_rand_int_range (rand, 0, list.count)]);
      random_annotations (move, rand);
      while (depth < 3 && g_rand_int_range (rand, 0, 10) == 0)
        random_line (pos, rand, pgn_move_add_variation (move), g_rand_int_range (rand, 1, 6), depth + 1);
      position_make (pos, move->move);
    }
  while (made-- > 0)
    position_unmake (pos);
}

static void
random_game (const Variant *v,
             GRand         *rand,
             PgnGame       *game)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  g_autofree Position *pos = g_new (Position, 1);
  ParseError perr;

  pgn_game_init (game, v);
  if (v->start == START_PRIME_MINISTERS)
    g_assert_true (pmrc_fen (g_rand_int_range (rand, 0, PMRC_POSITIONS), game->start_fen, sizeof game->start_fen));
  g_assert_true (position_set_fen (pos, v, game->start_fen, &perr));
  if (v->start == START_RELOCATION)
    {
      for (int color = BLACK; color >= WHITE; color--)
        {
          Relocation choices[RELOCATION_ARRAYS + 2];
          int count = relocation_choices (pos, color, choices);

          g_assert_true (relocation_apply (pos, color, choices[g_rand_int_range (rand, 0, count)], &perr));
        }
      position_get_fen (pos, game->start_fen, sizeof game->start_fen);
    }

  /* In the order the writer puts them: the roster's first. */
  if (g_rand_boolean (rand))
    g_assert_true (pgn_game_set_tag (game, "Event", "A \"quoted\" \\ event"));
  if (g_rand_boolean (rand))
    g_assert_true (pgn_game_set_tag (game, "Date", "2026.11.22"));
  if (g_rand_boolean (rand))
    g_assert_true (pgn_game_set_tag (game, "White", "Capablanca, José Raúl"));
  if (g_rand_boolean (rand))
    g_assert_true (pgn_game_set_tag (game, "Annotator", "Chancellor"));
  for (int i = 0; i < 4; i++)
    if (strcmp (pgn_result_string ((PgnResult) i), results[g_rand_int_range (rand, 0, 4)]) == 0)
      game->result = (PgnResult) i;
  if (g_rand_int_range (rand, 0, 4) == 0)
    g_assert_true (pgn_set_text (&game->termination, g_rand_boolean (rand) ? "normal" : "time forfeit"));

  random_line (pos, rand, &game->main, g_rand_int_range (rand, 0, 121), 0);
}

/* Every game: written, read back to the same record, written again to the
 * same text; thirty random games each, all in one file too. */
static void
test_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      PgnGame games[30];
      PgnGames read;
      PgnError err;
      char *all, *again;

      g_test_message ("%s", v->id);
      for (int g = 0; g < 30; g++)
        {
          PgnGames one;
          char *text, *rewritten;

          random_game (v, rand, &games[g]);
          text = pgn_write_game (&games[g]);
          g_assert_nonnull (text);
          if (g == 0)
            g_test_message ("%s", text);
          read_one (text, &one);
          assert_games_equal (&games[g], &one.games[0]);
          rewritten = pgn_write_game (&one.games[0]);
          g_assert_cmpstr (rewritten, ==, text);

          /* No line is longer than 80 columns, save a tag or one long word. */
          for (char *line = text, *end; *line; line = end + (*end != '\0'))
            {
              end = strchr (line, '\n');
              if (!end)
                end = line + strlen (line);
              if (line[0] != '[' && memchr (line, ' ', (size_t) (end - line)))
                g_assert_cmpint (end - line, <=, PGN_LINE_WIDTH);
            }
          free (text);
          free (rewritten);
          pgn_games_clear (&one);
        }

      all = pgn_write_games (games, 30);
      g_assert_true (pgn_read (all, strlen (all), &read, &err));
      g_assert_cmpint (read.count, ==, 30);
      for (int g = 0; g < 30; g++)
        assert_games_equal (&games[g], &read.games[g]);
      again = pgn_write_games (read.games, read.count);
      g_assert_cmpstr (again, ==, all);
      free (all);
      free (again);
      pgn_games_clear (&read);
      for (int g = 0; g < 30; g++)
        pgn_game_clear (&games[g]);
    }
}

/* ---- files as people and other programs write them ---- */

/* The SAN of the main line, space-separated, as the writer writes it. */
static char *
main_line_text (const PgnGame *game)
{
  g_autofree Position *pos = g_new (Position, 1);
  ParseError perr;
  PgnLine bare = game->main;
  PgnMove *moves = g_new0 (PgnMove, MAX (bare.count, 1));
  char *text;

  /* The moves only: no comments, NAGs or variations. */
  for (int i = 0; i < bare.count; i++)
    moves[i].move = bare.moves[i].move;
  bare.moves = moves;
  bare.comment = NULL;
  g_assert_true (position_set_fen (pos, game->variant, game->start_fen, &perr));
  text = pgn_write_line (pos, &bare);
  g_free (moves);
  return text;
}

typedef struct {
  const char *text;
  const char *variant;
  const char *moves;     /* the main line as written back */
} FileCase;

static const FileCase file_cases[] = {
  /* BOM, CRLF, stray spacing, long algebraic, UCI, 0-0, no move numbers. */
  { "\xef\xbb\xbf[Event \"x\"]\r\n[Site  \"y\" ]\r\n\r\n1.e2-e4   e7e5\r\n  2. Ng1-f3 Nb8-c6 3.Bf1xc4?? "
    "Bf8-c5 0-0\tNg8f6 *\r\n", "chess", NULL },
  { "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6", "chess", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6" },
  { "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 f8c5 4. e1g1 g8f6 *", "chess", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6" },
  /* Other programs' Variant names, and doc/rules.md's. */
  { "[Variant \"Standard\"]\n1. d4 *", "chess", "1. d4" },
  { "[Variant \"normal\"]\n1. d4 *", "chess", "1. d4" },
  { "[Variant \"Chess\"]\n1. d4 *", "chess", "1. d4" },
  { "[Variant \"Capablanca\"]\n1. Ci3 *", "capablanca", "1. Ci3" },
  { "[variant \"CAPABLANCA CHESS\"]\n1. Nc3 *", "capablanca", "1. Nc3" },
  { "[Variant \"Carrera\"]\n1. e4 *", "carrera", "1. e4" },
  { "[Variant \"Carrera's Chess\"]\n1. e4 *", "carrera", "1. e4" },
  { "[Variant \"Ajax Chess\"]\n1. e5 e7 *", "ajax", "1. e5 e7" },
  { "[Variant \"Ajax Ministers Chess\"]\n1. e4 *", "ajax-ministers", "1. e4" },
  { "[Variant \"Ajax-Capablanca Chess, Ministers setup\"]\n1. e4 *", "ajax-capablanca-ministers", "1. e4" },
  { "[Variant \"ajax_capablanca\"]\n1. e4 *", "ajax-capablanca", "1. e4" },
  { "[Variant \"Capablanca Relocation Chess\"]\n1. e4 *", "capablanca-relocation", "1. e4" },
  { "[Variant \"Prime Ministers Random Chess\"]\n1. e4 *", "prime-ministers-random", "1. e4" },
  /* lichess: a chess game from a set-up position. */
  { "[Variant \"From Position\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n1. e4 Kxe4 *",
    "chess", "1. e4 Kxe4" },
  /* lichess's export: clocks and evals in comments, "1..." after them. */
  { "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdEFGH\"]\n[Variant \"Standard\"]\n"
    "[TimeControl \"300+0\"]\n\n1. e4 { [%eval 0.36] [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } "
    "2. Nf3 { [%clk 0:04:58] } 2... Nc6 3. Bc4 $1 { [%clk 0:04:55] } 3... Bc5?! { (0.30 → 1.05) "
    "Inaccuracy. } (3... Nf6 4. Ng5) 4. O-O Nf6 { Black wins on time. } 0-1\n\n\n", "chess", NULL },
  /* Piece letters in lower case: "bc4" is the bishop, as no pawn takes there. */
  { "1. e4 e5 2. nf3 nc6 3. bc4 bc5 4. o-o nf6 *", "chess", NULL },
  /* Older promotion forms. */
  { "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8(Q) Kb2 *", "chess", "1. e8=Q Kb2" },
  { "[FEN \"8/4P3/8/8/8/p7/k7/4K3 w - - 0 1\"]\n1. e8/N Kb2 *", "chess", "1. e8=N Kb2" },
  { "[Variant \"capablanca\"]\n[FEN \"4k5/P9/10/10/10/10/10/4K5 w - - 0 1\"]\n1. a8(C)+ Kd7 *",
    "capablanca", "1. a8=C+ Kd7" },
  /* An en passant mark apart from its move; Ajax's triple step taken on
   * its first square. */
  { "[Variant \"capablanca\"]\n1. e4 a6 2. e5 d5 3. exd6 ep Nc6 *", "capablanca", "1. e4 a6 2. e5 d5 3. exd6 Nc6" },
  { "[Variant \"ajax\"]\n1. a3 d6 2. a4 d5 3. a5 d4 4. e5 dxe3 e.p. 5. a6 *", "ajax",
    "1. a3 d6 2. a4 d5 3. a5 d4 4. e5 dxe3 5. a6" },
  /* The ellipsis character for "...". */
  { "1. e4 {x} 1\xe2\x80\xa6 e5 2. Nf3 *", "chess", "1. e4 e5 2. Nf3" },
  /* Castling: the O-O aliases where doc/rules.md allows them, 0-0 everywhere. */
  { "[Variant \"ajax\"]\n[FEN \"r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1\"]\n"
    "1. O-O-O O-O *", "ajax", "1. O-Ob O-Oi" },
  { "[Variant \"ajax\"]\n[FEN \"r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1\"]\n"
    "1. 0-0 0-0-0 *", "ajax", "1. O-Oi O-Ob" },
  { "[Variant \"capablanca\"]\n[FEN \"r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w AJaj - 0 1\"]\n"
    "1. O-O O-O-O *", "capablanca", "1. O-O O-O-O" },
  { "[Variant \"prime-ministers-random\"]\n[FEN \"1k7/9/9/9/9/9/9/RK1R5 w AD - 0 1\"]\n1. O-Ob *",
    "prime-ministers-random", "1. O-Ob" },
  /* The board says which game when there is no Variant tag. */
  { "[SetUp \"1\"]\n[FEN \"rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1\"]\n1. e5 *",
    "ajax", "1. e5" },
  { "[FEN \"bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1\"]\n1. e4 *",
    "prime-ministers-random", "1. e4" },
  /* Comments of both kinds, % escapes, suffixes, NAGs, nested variations. */
  { "% a program's note\n{start} 1. e4! {a} {b} ; rest of line\n(1. d4?! (1. c4!!) 1... d5) 1... e5?? $14 "
    "(1... c5!? 2. Nf3) 2. Nf3 $0 *\n", "chess", "1. e4 e5 2. Nf3" },
};

static void
test_files (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (file_cases); i++)
    {
      const FileCase *c = &file_cases[i];
      PgnGames games, again;
      g_autofree char *moves = NULL;
      char *text, *rewritten;

      g_test_message ("%s", c->text);
      read_one (c->text, &games);
      g_assert_cmpstr (games.games[0].variant->id, ==, c->variant);
      moves = main_line_text (&games.games[0]);
      if (c->moves)
        g_assert_cmpstr (moves, ==, c->moves);
      else
        g_assert_cmpstr (moves, ==, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6");
      text = pgn_write_game (&games.games[0]);
      read_one (text, &again);
      assert_games_equal (&games.games[0], &again.games[0]);
      rewritten = pgn_write_game (&again.games[0]);
      g_assert_cmpstr (rewritten, ==, text);
      free (text);
      free (rewritten);
      pgn_games_clear (&games);
      pgn_games_clear (&again);
    }
}

/* Annotations where they belong, the Seven Tag Roster, what is derived. */
static void
test_annotations_and_tags (void)
{
  const char *file =
    "[Event \"Club\"]\n[Result \"1-0\"]\n[Annotator \"Bea\"]\n[Termination \"time forfeit\"]\n\n"
    "{start} 1. e4! {a} {b} ; rest of line\n(1. d4?! (1. c4!!) 1... d5) 1... e5?? $14 "
    "(1... c5!? {Sicilian}) 2. Nf3 $0 0-1\n";
  const char *expected =
    "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
    "[Result \"0-1\"]\n[Annotator \"Bea\"]\n[Termination \"time forfeit\"]\n\n"
    "{start} 1. e4 $1 {a b rest of line} (1. d4 $6 (1. c4 $3) 1... d5) 1... e5 $4 $14\n"
    "(1... c5 $5 {Sicilian}) 2. Nf3 0-1\n";
  PgnGames games;
  const PgnGame *game;
  char *text;

  read_one (file, &games);
  game = &games.games[0];
  g_assert_cmpint (game->result, ==, PGN_RESULT_BLACK_WINS);   /* the token wins over the tag */
  g_assert_cmpstr (game->termination, ==, "time forfeit");
  g_assert_cmpint (game->tag_count, ==, 2);
  g_assert_cmpstr (pgn_game_get_tag (game, "Annotator"), ==, "Bea");
  g_assert_cmpstr (game->main.comment, ==, "start");
  g_assert_cmpint (game->main.count, ==, 3);
  g_assert_cmpstr (game->main.moves[0].comment, ==, "a b rest of line");
  g_assert_cmpint (game->main.moves[0].variation_count, ==, 1);
  g_assert_cmpint (game->main.moves[0].variations[0].moves[0].variation_count, ==, 1);
  g_assert_cmpint (game->main.moves[1].nag_count, ==, 2);
  g_assert_cmpint (game->main.moves[2].nag_count, ==, 0);
  text = pgn_write_game (game);
  g_assert_cmpstr (text, ==, expected);
  free (text);
  pgn_games_clear (&games);

  /* A missing token takes the tag's result; games need no result token. */
  const char *two_games = "[Result \"1/2-1/2\"]\n1. e4\n[Event \"two\"]\n1. d4";
  g_assert_true (pgn_read (two_games, strlen (two_games), &games, NULL));
  g_assert_cmpint (games.count, ==, 2);
  g_assert_cmpint (games.games[0].result, ==, PGN_RESULT_DRAW);
  g_assert_cmpint (games.games[1].result, ==, PGN_RESULT_NONE);
  pgn_games_clear (&games);
}

/* What people and other programs write around the moves: assessments as
 * symbols, quotes left unescaped in a tag, roster names in lower case, a
 * comment after the result. */
static void
test_sloppy_annotations_and_tags (void)
{
  static const uint8_t expected_nags[] = { 18, 19, 14, 15, 16, 17, 10, 13, 16, 17, 14, 15, 7, 14, 15 };
  const char *assessments =
    "1. e4 +- e5 -+ 2. Nf3 += Nc6 =+ 3. Bb5 +/- a6 -/+ 4. Ba4 = Nf6 \xe2\x88\x9e 5. O-O \xc2\xb1 "
    "Be7 \xe2\x88\x93 6. Re1 \xe2\xa9\xb2 b5 \xe2\xa9\xb1 7. Bb3 \xe2\x96\xa1 d6 +/= 8. c3 =/+ *";
  const char *tags =
    "[event \"The \"Big\" Open\"]\n[white \"Ann\"] [Black \"Bob \"B\"\" ]\n[Annotator \"a \" b\"]\n"
    "1. e4 e5 {Black resigns} 1-0\n{White won on time} ; a note\n\n"
    "[Event \"two\"]\n1. d4 1/2-1/2 {agreed}\n";
  PgnGames games;
  PgnError err;
  char *text;

  read_one (assessments, &games);
  g_assert_cmpint (games.games[0].main.count, ==, 15);
  for (int i = 0; i < 15; i++)
    {
      g_assert_cmpint (games.games[0].main.moves[i].nag_count, ==, 1);
      g_assert_cmpint (games.games[0].main.moves[i].nags[0], ==, expected_nags[i]);
    }
  pgn_games_clear (&games);

  if (!pgn_read (tags, strlen (tags), &games, &err))
    g_error ("%s", err.message);
  g_assert_cmpint (games.count, ==, 2);
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "Event"), ==, "The \"Big\" Open");
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "White"), ==, "Ann");
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "Black"), ==, "Bob \"B\"");
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "Annotator"), ==, "a \" b");
  g_assert_null (pgn_game_get_tag (&games.games[0], "event"));
  g_assert_cmpstr (games.games[0].main.moves[1].comment, ==, "Black resigns White won on time a note");
  g_assert_cmpstr (games.games[1].main.moves[0].comment, ==, "agreed");
  text = pgn_write_games (games.games, games.count);
  g_assert_nonnull (strstr (text, "[Event \"The \\\"Big\\\" Open\"]\n"));
  g_assert_null (strstr (text, "[event"));
  pgn_games_clear (&games);
  read_one (strstr (text, "[Event \"two\"]"), &games);
  pgn_games_clear (&games);
  free (text);

  /* Comments that a move follows start a game of their own. */
  {
    const char *tagless = "[Event \"one\"]\n1. e4 1-0\n{a game without tags} 1. d4 *";
    g_assert_true (pgn_read (tagless, strlen (tagless), &games, &err));
    g_assert_cmpint (games.count, ==, 2);
    g_assert_null (games.games[0].main.moves[0].comment);
    g_assert_cmpstr (games.games[1].main.comment, ==, "a game without tags");
    pgn_games_clear (&games);
  }
}

/* FEN castling fields of both styles read to the same start; PMRC start
 * numbers written and read. */
static void
test_start_positions (void)
{
  PgnGames x_fen, shredder, numbered, games;
  PgnError err;
  char fen[FEN_MAX];
  char *text;

  read_one ("[Variant \"capablanca\"]\n[FEN \"r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1\"]\n*",
            &x_fen);
  read_one ("[Variant \"capablanca\"]\n[FEN \"r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w AJaj - 0 1\"]\n*",
            &shredder);
  g_assert_cmpstr (x_fen.games[0].start_fen, ==, shredder.games[0].start_fen);
  pgn_games_clear (&x_fen);
  pgn_games_clear (&shredder);

  /* The standard start read from a FEN is not written as one. */
  read_one ("[Variant \"capablanca\"]\n[FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - 0 1\"]\n*",
            &games);
  text = pgn_write_game (&games.games[0]);
  g_assert_null (strstr (text, "[FEN"));
  g_assert_nonnull (strstr (text, "[Variant \"capablanca\"]"));
  free (text);
  pgn_games_clear (&games);

  read_one ("[Variant \"prime-ministers-random\"]\n[StartNumber \"1234\"]\n1. e4 *", &numbered);
  g_assert_true (pmrc_fen (1234, fen, sizeof fen));
  g_assert_cmpstr (numbered.games[0].start_fen, ==, fen);
  text = pgn_write_game (&numbered.games[0]);
  g_assert_nonnull (strstr (text, "[SetUp \"1\"]\n[FEN \""));
  g_assert_nonnull (strstr (text, "[StartNumber \"1234\"]\n"));
  free (text);
  pgn_games_clear (&numbered);

  /* Relocation and PMRC always carry their start, even the standard one. */
  read_one ("[Variant \"capablanca-relocation\"]\n*", &games);
  text = pgn_write_game (&games.games[0]);
  g_assert_nonnull (strstr (text, "[FEN \"rnabqkbcnr/"));
  free (text);
  pgn_games_clear (&games);

  /* StartNumber on another game is an ordinary tag. */
  read_one ("[StartNumber \"7\"]\n*", &games);
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "StartNumber"), ==, "7");
  pgn_games_clear (&games);

  {
    const char *bad = "[Variant \"prime-ministers-random\"]\n[StartNumber \"8400\"]\n*";
    g_assert_false (pgn_read (bad, strlen (bad), &games, &err));
  }
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_BAD_START_NUMBER);
  g_assert_cmpint (games.count, ==, 0);
}

/* What a program puts in a record that PGN cannot carry is cut, so that
 * the text written still reads. */
static void
test_built_records (void)
{
  g_autofree Position *pos = test_position_new ("chess", NULL);
  g_autofree char *long_value = g_strnfill (PGN_TAG_VALUE_MAX + 10, 'v');
  GString *long_comment = g_string_new (NULL);
  PgnGame game;
  PgnGames games;
  PgnError err;
  PgnMove *move;
  char *text;

  pgn_game_init (&game, variant_by_id ("chess"));
  g_assert_true (pgn_game_set_tag (&game, "Bad Name", "x"));
  g_assert_true (pgn_game_set_tag (&game, "FEN", "not derived from the list"));
  g_assert_true (pgn_game_set_tag (&game, "Long", long_value));
  for (int i = 0; i < PGN_TAGS_MAX + 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("Tag%d", i);
      g_assert_true (pgn_game_set_tag (&game, name, "\t\"ctrl\n"));
    }
  while (long_comment->len <= PGN_COMMENT_MAX)
    g_string_append (long_comment, "word } ");
  move = pgn_line_append (&game.main, test_find_move (pos, "e2", "e4", 0));
  g_assert_true (pgn_set_text (&move->comment, long_comment->str));
  g_string_free (long_comment, TRUE);

  text = pgn_write_game (&game);
  g_assert_nonnull (text);
  g_assert_null (strstr (text, "Bad Name"));
  if (!pgn_read (text, strlen (text), &games, &err))
    g_error ("%s", err.message);
  g_assert_cmpint (games.games[0].tag_count, ==, PGN_TAGS_MAX - 6);   /* room kept for the roster */
  g_assert_cmpint (strlen (pgn_game_get_tag (&games.games[0], "Long")), ==, PGN_TAG_VALUE_MAX);
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "Tag0"), ==, " \"ctrl ");
  g_assert_cmpint (strlen (games.games[0].main.moves[0].comment), <=, PGN_COMMENT_MAX);
  g_assert_null (strchr (games.games[0].main.moves[0].comment, '}'));
  free (text);
  pgn_games_clear (&games);
  pgn_game_clear (&game);
}

/* ---- broken files: where the error points ---- */

typedef struct {
  const char *text;
  PgnErrorCode code;
  PgnProblem problem;
  int line, column, game, move_number;
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "[Event \"x\"\n1. e4", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG, 1, 11, 1, 0 },
  { "[Event \"x]\n1. e4", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNTERMINATED_TAG, 1, 8, 1, 0 },
  { "[ \"x\"]", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG, 1, 3, 1, 0 },
  { "1. e4 e5 2. Ke3 *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 1, 13, 1, 2 },
  { "[Event \"a\"]\n*\n\n[Event \"b\"]\n\n1. e4 e5\n2. Nf3 Nc6 3. Bb5 Nf3 *", PGN_ERROR_ILLEGAL_MOVE,
    PGN_PROBLEM_ILLEGAL_MOVE, 7, 19, 2, 3 },
  { "1. e4 {unclosed\n2. d4", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNTERMINATED_COMMENT, 1, 7, 1, 1 },
  { "1. e4 ( 1. d4 *", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNCLOSED_VARIATION, 1, 7, 1, 1 },
  { "1. e4 ( 1. d4", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNCLOSED_VARIATION, 1, 7, 1, 1 },
  { "1. e4 ) *", PGN_ERROR_SYNTAX, PGN_PROBLEM_STRAY_PARENTHESIS, 1, 7, 1, 1 },
  { "( 1. e4 ) *", PGN_ERROR_SYNTAX, PGN_PROBLEM_VARIATION_WITHOUT_MOVE, 1, 1, 1, 1 },
  { "1. e4 () *", PGN_ERROR_SYNTAX, PGN_PROBLEM_VARIATION_WITHOUT_MOVE, 1, 8, 1, 1 },
  { "1. e4 $300 *", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_NAG, 1, 7, 1, 1 },
  { "1. e4 !!! *", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_NAG, 1, 7, 1, 1 },
  { "\n\n1. e4 e5\n2. Nf3 <x> *", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, 4, 8, 1, 2 },
  { "1. e4 e5 \x01", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, 1, 10, 1, 2 },
  { "[Variant \"gothic\"]\n1. e4 *", PGN_ERROR_UNKNOWN_VARIANT, PGN_PROBLEM_UNKNOWN_VARIANT, 1, 11, 1, 0 },
  { "[Variant \"caparandom\"]\n*", PGN_ERROR_UNKNOWN_VARIANT, PGN_PROBLEM_UNKNOWN_VARIANT, 1, 11, 1, 0 },
  { "[FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\"]\n*",
    PGN_ERROR_UNKNOWN_VARIANT, PGN_PROBLEM_AMBIGUOUS_BOARD, 1, 7, 1, 0 },
  { "[Variant \"chess\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\"]\n*",
    PGN_ERROR_BAD_FEN, PGN_PROBLEM_BAD_FEN, 2, 7, 1, 0 },
  { "[Variant \"prime-ministers-random\"]\n[StartNumber \"5\"]\n"
    "[FEN \"bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1\"]\n*",
    PGN_ERROR_BAD_FEN, PGN_PROBLEM_START_NUMBER_MISMATCH, 2, 15, 1, 0 },
  { "1. e4 1/2 *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 1, 7, 1, 1 },
  /* Sloppy input that still cannot be read. */
  { "[Event \"x\" y\n1. e4", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG, 1, 12, 1, 0 },
  { "[Event \"a\"b\n1. e4", PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG, 1, 11, 1, 0 },
  { "1. e4 -- 2. d4 *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_NULL_MOVE, 1, 7, 1, 1 },
  { "1. e4 e.p. *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 1, 7, 1, 1 },
  { "1. e4 \xc2\xbd *", PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, 1, 7, 1, 1 },
  { "", PGN_ERROR_NO_GAME, PGN_PROBLEM_NO_GAME, 0, 0, 0, 0 },
  { " \r\n\t\n% only an escape\n", PGN_ERROR_NO_GAME, PGN_PROBLEM_NO_GAME, 0, 0, 0, 0 },
  /* Not PGN at all: the first word is no tag, number or move. */
  { "hello\n", PGN_ERROR_NO_GAME, PGN_PROBLEM_NOT_PGN, 1, 1, 0, 0 },
  { "\n  Dear Sir, 1. e4", PGN_ERROR_NO_GAME, PGN_PROBLEM_NOT_PGN, 2, 3, 0, 0 },
  { "<html><body>", PGN_ERROR_NO_GAME, PGN_PROBLEM_NOT_PGN, 1, 1, 0, 0 },
  /* but a first word like a move is read as one, and a later word too. */
  { "e5 *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 1, 1, 1, 1 },
  { "1. hello *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 1, 4, 1, 1 },
  { "[Event \"x\"]\nhello *", PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, 2, 1, 1, 1 },
};

static void
test_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      const ErrorCase *c = &error_cases[i];
      PgnGames games;
      PgnError err;

      g_test_message ("%s", c->text);
      g_assert_false (pgn_read (c->text, strlen (c->text), &games, &err));
      g_test_message ("-> %s", err.message);
      g_assert_cmpint (games.count, ==, 0);
      g_assert_null (games.games);
      g_assert_cmpint (err.code, ==, c->code);
      g_assert_cmpint (err.problem, ==, c->problem);
      g_assert_cmpint (err.line, ==, c->line);
      g_assert_cmpint (err.column, ==, c->column);
      g_assert_cmpint (err.game, ==, c->game);
      g_assert_cmpint (err.move_number, ==, c->move_number);
      g_assert_cmpstr (err.message, !=, "");
    }
}

/* An illegal move's message names the move and the position. */
static void
test_illegal_move_message (void)
{
  PgnGames games;
  PgnError err;

  const char *text = "[Variant \"capablanca\"]\n1. e4 Nf6";

  g_assert_false (pgn_read (text, strlen (text), &games, &err));
  g_assert_cmpstr (err.found, ==, "Nf6");
  g_assert_cmpstr (err.fen, ==, "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");
  g_assert_true (err.black_to_move);
  g_assert_nonnull (strstr (err.message, "Nf6"));
  g_assert_nonnull (strstr (err.message, err.fen));
  g_assert_nonnull (strstr (err.message, "line 2, column 7 (game 1, move 1...)"));

  /* A null move is said to be one; a character shown as itself. */
  text = "1. e4 Z0 2. d4 *";
  g_assert_false (pgn_read (text, strlen (text), &games, &err));
  g_assert_nonnull (strstr (err.message, "Z0 is a null move"));
  g_assert_nonnull (strstr (err.message, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  text = "1. e4 \xc2\xbd-\xc2\xbd";
  g_assert_false (pgn_read (text, strlen (text), &games, &err));
  g_assert_nonnull (strstr (err.message, "found '\xc2\xbd'"));
}

/* One line of movetext, as a program adds a variation. */
static void
test_line (void)
{
  g_autofree Position *pos = test_position_new ("chess", NULL);
  PgnLine line;
  PgnError err;
  char *text;

  g_assert_true (pgn_read_line (pos, "e4 {best by test} (d4 d5) e5 Nf3!", strlen ("e4 {best by test} (d4 d5) e5 Nf3!"), &line, &err));
  text = pgn_write_line (pos, &line);
  g_assert_cmpstr (text, ==, "1. e4 {best by test} (1. d4 d5) 1... e5 2. Nf3 $1");
  free (text);
  pgn_line_clear (&line);

  /* A line nests one level less than a game: it becomes a variation. */
  {
    GString *deep = g_string_new ("e4");

    for (int i = 0; i < PGN_DEPTH_MAX - 1; i++)
      g_string_append (deep, " (e4");
    for (int i = 0; i < PGN_DEPTH_MAX - 1; i++)
      g_string_append_c (deep, ')');
    g_assert_true (pgn_read_line (pos, deep->str, deep->len, &line, &err));
    pgn_line_clear (&line);
    g_string_insert (deep, 2, " (e4)");
    g_string_insert (deep, 2, " (e4");
    g_assert_false (pgn_read_line (pos, deep->str, deep->len, &line, &err));
    g_string_free (deep, TRUE);
  }

  g_assert_false (pgn_read_line (pos, "e4 e5 1-0", strlen ("e4 e5 1-0"), &line, &err));
  g_assert_cmpint (err.column, ==, 7);
  g_assert_false (pgn_read_line (pos, "{nothing}", strlen ("{nothing}"), &line, &err));
  g_assert_false (pgn_read_line (pos, "[Event \"x\"]", strlen ("[Event \"x\"]"), &line, &err));
  g_assert_cmpint (line.count, ==, 0);
}

/* ---- hostile input ---- */

static const char sample[] =
  "[Event \"Sample\"]\n[Site \"Here\"]\n[Variant \"ajax\"]\n[Result \"*\"]\n\n"
  "{A game} 1. e5 $1 {triple step} (1. e4 e7 (1... d7) 2. d4) 1... e7 2. Nc3!? Nc8 ; note\n"
  "3. Mf3 Mf8 4. Bd3 Bd8 *\n\n"
  "[Variant \"capablanca\"]\n[FEN \"r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w AJaj - 0 1\"]\n"
  "1. O-O O-O-O 2. a4 {x} 1-0\n";

/* Every prefix of a valid file reads or fails cleanly. */
static void
test_truncated (void)
{
  size_t length = strlen (sample);

  for (size_t n = 0; n <= length; n++)
    {
      char *copy = g_memdup2 (sample, n);   /* no NUL: reading must stop at n */
      PgnGames games;
      PgnError err;

      if (pgn_read (copy, n, &games, &err))
        {
          char *text = pgn_write_games (games.games, games.count);
          PgnGames again;

          g_assert_nonnull (text);
          g_assert_true (pgn_read (text, strlen (text), &again, &err));
          g_assert_cmpint (again.count, ==, games.count);
          free (text);
          pgn_games_clear (&again);
          pgn_games_clear (&games);
        }
      else
        {
          g_assert_cmpint (games.count, ==, 0);
          g_assert_cmpstr (err.message, !=, "");
        }
      g_free (copy);
    }
}

static void
test_binary (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (int round = 0; round < 200; round++)
    {
      gsize n = (gsize) g_rand_int_range (rand, 1, round < 190 ? 512 : 1 << 20);
      guint8 *bytes = g_malloc (n);
      PgnGames games;
      PgnError err;

      for (gsize i = 0; i < n; i++)
        bytes[i] = (guint8) g_rand_int_range (rand, 0, 256);
      if (pgn_read ((const char *) bytes, n, &games, &err))
        pgn_games_clear (&games);
      g_free (bytes);
    }
}

/* Enormous input ends in an error or a result. */
static void
test_enormous (void)
{
  const gsize size = 20 << 20;
  char *text = g_malloc (size + 16);
  gint64 start = g_get_monotonic_time ();
  PgnGames games;
  PgnError err;

  /* A 20 MB comment. */
  text[0] = '{';
  memset (text + 1, 'x', size - 1);
  g_assert_false (pgn_read (text, size, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_UNTERMINATED_COMMENT);
  text[size - 1] = '}';
  g_assert_false (pgn_read (text, size, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_COMMENT_TOO_LONG);

  /* 100,000 nested variations, and as many closed at once. */
  strcpy (text, "1. e4 ");
  memset (text + 6, '(', 100000);
  g_assert_false (pgn_read (text, 100006, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_VARIATION_WITHOUT_MOVE);
  for (gsize i = 0; i < 100000; i++)
    memcpy (text + 6 + i * 4, "(e4 ", 4);
  g_assert_false (pgn_read (text, 6 + 400000, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_TOO_DEEP);
  g_assert_cmpint (err.column, ==, 7 + 4 * PGN_DEPTH_MAX);

  /* 20 MB of one line of moves: it ends at its fivefold repetition (no
   * move follows then, as in the app), far before the plies a position
   * keeps (PGN_PROBLEM_TOO_LONG, the guard behind it). */
  for (gsize i = 0; i + 16 < size; i += 16)
    memcpy (text + i, "Nf3 Nf6 Ng1 Ng8 ", 16);
  g_assert_false (pgn_read (text, size - 16, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_GAME_ENDED);
  g_assert_cmpint (err.column, ==, 1 + 16 * 4);

  /* More games than allowed, and a text larger than allowed. */
  for (gsize i = 0; i < 2 * (PGN_GAMES_MAX + 1); i += 2)
    memcpy (text + i, "* ", 2);
  g_assert_false (pgn_read (text, 2 * (PGN_GAMES_MAX + 1), &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_TOO_MANY_GAMES);
  g_assert_false (pgn_read (text, PGN_INPUT_MAX + 1, &games, &err));
  g_assert_cmpint (err.problem, ==, PGN_PROBLEM_INPUT_TOO_LARGE);

  /* Many small games: all read. */
  {
    GString *many = g_string_new (NULL);

    while (many->len < (1 << 20))
      g_string_append (many, "[Event \"e\"]\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 1-0\n\n");
    g_assert_true (pgn_read (many->str, many->len, &games, &err));
    g_assert_cmpint (games.count, >, 10000);
    pgn_games_clear (&games);
    g_string_free (many, TRUE);
  }

  g_free (text);
  /* A figure to read, not a bound to meet: the suite's timeout catches a
   * reader gone slow, and a sanitizer build runs many times slower. */
  g_test_message ("%.1f s", (g_get_monotonic_time () - start) / 1e6);
}

/* The regression files the fuzzers found: each reads or fails cleanly,
 * and what reads writes back stably. */
static void
test_regressions (void)
{
  const char *dir_name = g_getenv ("PGN_REGRESSIONS_DIR");
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!dir_name)
    {
      g_test_skip ("PGN_REGRESSIONS_DIR is not set");
      return;
    }
  dir = g_dir_open (dir_name, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (dir_name, name, NULL);
      g_autofree char *contents = NULL;
      g_autofree char *exact = NULL;
      gsize length;
      PgnGames games, again;
      PgnError err;

      if (!g_str_has_suffix (name, ".pgn"))
        continue;
      g_test_message ("%s", name);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      /* Exactly the file's bytes, without GLib's NUL after them, so that
       * the sanitizers see a read past the end. */
      exact = g_memdup2 (contents, length);
      if (pgn_read (exact, length, &games, &err))
        {
          char *text = pgn_write_games (games.games, games.count);
          char *rewritten;

          g_assert_nonnull (text);
          g_assert_true (pgn_read (text, strlen (text), &again, &err));
          rewritten = pgn_write_games (again.games, again.count);
          g_assert_cmpstr (rewritten, ==, text);
          free (text);
          free (rewritten);
          pgn_games_clear (&again);
          pgn_games_clear (&games);
        }
    }
}

/* A draw rule that ends the game by itself (doc/rules.md) takes the moves
 * after it, as the app's game does: the reader and the app agree on what
 * ends a game, so what chancellor-analyse writes the app opens. */
static void test_no_move_after_the_end (void)
{
  static const struct { const char *text; const char *why; } cases[] = {
    { "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *",
      "fivefold repetition" },
    { "[FEN \"8/8/8/4k3/8/8/8/4K2R w - - 149 80\"]\n80. Rh2 Kd5 *", "75-move" },
    { "[FEN \"8/8/8/4k3/8/8/4r3/4K3 w - - 0 1\"]\n1. Kxe2 Kd5 *", "insufficient material" },
  };
  PgnGames games;
  PgnError err;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_false (pgn_read (cases[i].text, strlen (cases[i].text), &games, &err));
      g_test_message ("%s -> %s", cases[i].text, err.message);
      g_assert_cmpint (err.problem, ==, PGN_PROBLEM_GAME_ENDED);
      g_assert_nonnull (strstr (err.message, cases[i].why));
    }
  /* Up to the end itself, the game reads. */
  g_assert_true (pgn_read (cases[0].text, strlen (cases[0].text) - strlen ("9. e4 *"), &games, &err));
  pgn_games_clear (&games);
}

/* Bytes that are not UTF-8 (Latin-1 "ü", a lone continuation byte, an
 * overlong form, a surrogate) read as U+FFFD, and the games say so once;
 * UTF-8 text (and a BOM) reads unchanged and says nothing. */
static void test_invalid_utf8 (void)
{
  static const char latin1[] = "[Event \"x\"]\n[White \"M\xfcller\"]\n[Black \"\x80\xc0\xaf\xed\xa0\x80\"]\n\n"
                               "1. e4 {gut \xe9} e5 *\n";
  static const char utf8[] = "\xef\xbb\xbf[White \"M\xc3\xbcller\"]\n\n1. e4 {\xe2\x80\xa6 \xf0\x9f\x99\x82} e5 *\n";
  PgnGames games;
  PgnError err;

  g_assert_true (pgn_read (latin1, sizeof latin1 - 1, &games, &err));
  g_assert_true (games.repaired_utf8);
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "White"), ==, "M\xef\xbf\xbdller");
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "Black"), ==,
                   "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
  g_assert_cmpstr (games.games[0].main.moves[0].comment, ==, "gut \xef\xbf\xbd");
  g_assert_true (g_utf8_validate (games.games[0].main.moves[0].comment, -1, NULL));
  pgn_games_clear (&games);

  g_assert_true (pgn_read (utf8, sizeof utf8 - 1, &games, &err));
  g_assert_false (games.repaired_utf8);
  g_assert_cmpstr (pgn_game_get_tag (&games.games[0], "White"), ==, "M\xc3\xbcller");
  g_assert_cmpstr (games.games[0].main.moves[0].comment, ==, "\xe2\x80\xa6 \xf0\x9f\x99\x82");
  pgn_games_clear (&games);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/round-trip", test_round_trip);
  g_test_add_func ("/pgn/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/pgn/no-move-after-the-end", test_no_move_after_the_end);
  g_test_add_func ("/pgn/files", test_files);
  g_test_add_func ("/pgn/annotations-and-tags", test_annotations_and_tags);
  g_test_add_func ("/pgn/sloppy-annotations-and-tags", test_sloppy_annotations_and_tags);
  g_test_add_func ("/pgn/start-positions", test_start_positions);
  g_test_add_func ("/pgn/built-records", test_built_records);
  g_test_add_func ("/pgn/errors", test_errors);
  g_test_add_func ("/pgn/illegal-move-message", test_illegal_move_message);
  g_test_add_func ("/pgn/line", test_line);
  g_test_add_func ("/pgn/truncated", test_truncated);
  g_test_add_func ("/pgn/binary", test_binary);
  g_test_add_func ("/pgn/enormous", test_enormous);
  g_test_add_func ("/pgn/regressions", test_regressions);

  return g_test_run ();
}
