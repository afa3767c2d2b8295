/* test-san.c — moves as text: SAN and UCI round trips in every game,
 * expected SAN strings (castling, disambiguation, promotion, mate, ten
 * ranks, en passant), sloppy and aliased input, and hostile input. */
#include "test-util.h"

#include <stdlib.h>
#include <string.h>

#include "notation.h"

/* What the round trips met, so the test can show it saw every kind. */
typedef struct {
  int positions;
  int moves;
  int castlings;
  int en_passants;
  int promotions;
  int disambiguated;
  int checks;
  int mates;
} Coverage;

static int compare_texts (const void *a, const void *b)
{
  return strcmp (a, b);
}

/* Fails when two moves of a position were given the same text. */
static void assert_distinct (const Position *pos, char (*texts)[MOVE_TEXT_MAX], int count, const char *what)
{
  qsort (texts, (size_t) count, MOVE_TEXT_MAX, compare_texts);
  for (int i = 1; i < count; i++)
    if (strcmp (texts[i - 1], texts[i]) == 0)
      {
        g_autofree char *fen = test_fen (pos);
        g_error ("%s: two moves share the %s '%s' in %s", pos->variant->id, what, texts[i], fen);
      }
}

static void assert_reads_back (const Position *pos, Move move, const char *text,
                               Move (*reader) (const Position *, const char *, ParseError *))
{
  ParseError err = { 0 };
  Move read = reader (pos, text, &err);

  if (read != move)
    {
      g_autofree char *fen = test_fen (pos);
      g_error ("%s: '%s' read back as %#x, not %#x (%s) in %s", pos->variant->id, text, read, move,
               err.message, fen);
    }
}

/* The check mark SAN gave must agree with the position after the move. */
static void assert_check_mark (Position *pos, Move move, const char *san, Coverage *seen)
{
  char last = san[strlen (san) - 1];

  position_make (pos, move);
  bool check = position_in_check (pos), mate = check && movegen_count (pos) == 0;
  position_unmake (pos);
  g_assert_cmpint (last == '+', ==, check && !mate);
  g_assert_cmpint (last == '#', ==, mate);
  seen->checks += check;
  seen->mates += mate;
}

/* Whether a piece move's SAN names (part of) its from-square. */
static bool names_from_square (const Position *pos, Move move, const char *san)
{
  char target[4];

  if (move_kind (move) == MOVE_CASTLING || !g_ascii_isupper (san[0]))
    return false;
  notation_square (pos->variant, move_to (move), target);
  const char *rest = san[1] == 'x' ? san + 2 : san + 1;
  return strncmp (rest, target, strlen (target)) != 0;
}

/* Every legal move of pos: SAN and both UCI forms are distinct within the
 * position and read back as the same move. */
static void check_position (Position *pos, Coverage *seen)
{
  char sans[MOVES_MAX][MOVE_TEXT_MAX], ucis[MOVES_MAX][MOVE_TEXT_MAX], ucis960[MOVES_MAX][MOVE_TEXT_MAX];
  MoveList list;

  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move move = list.moves[i];
      notation_san (pos, move, sans[i], MOVE_TEXT_MAX);
      notation_uci (pos, move, false, ucis[i], MOVE_TEXT_MAX);
      notation_uci (pos, move, true, ucis960[i], MOVE_TEXT_MAX);
      g_assert_cmpuint (strlen (sans[i]), <, MOVE_TEXT_MAX - 1);

      assert_reads_back (pos, move, sans[i], notation_parse_san);
      assert_reads_back (pos, move, sans[i], notation_parse_move);
      assert_reads_back (pos, move, ucis[i], notation_parse_uci);
      assert_reads_back (pos, move, ucis[i], notation_parse_move);
      assert_reads_back (pos, move, ucis960[i], notation_parse_uci);
      assert_reads_back (pos, move, ucis960[i], notation_parse_move);
      assert_check_mark (pos, move, sans[i], seen);

      seen->castlings += move_kind (move) == MOVE_CASTLING;
      seen->en_passants += move_kind (move) == MOVE_EN_PASSANT;
      seen->promotions += move_kind (move) == MOVE_PROMOTION;
      seen->disambiguated += names_from_square (pos, move, sans[i]);
    }
  assert_distinct (pos, sans, list.count, "SAN");
  assert_distinct (pos, ucis, list.count, "UCI");
  assert_distinct (pos, ucis960, list.count, "UCI (chess960)");
  seen->positions++;
  seen->moves += list.count;
}

/* A random legal move, castling, promotion or en passant every other time
 * one is there, so the round trips meet them often. */
static Move pick_move (const Position *pos, GRand *rand)
{
  MoveList list, special = { .count = 0 };

  movegen_legal (pos, &list);
  if (list.count == 0)
    return MOVE_NONE;
  for (int i = 0; i < list.count; i++)
    if (move_kind (list.moves[i]) != MOVE_NORMAL)
      special.moves[special.count++] = list.moves[i];
  if (special.count > 0 && g_rand_boolean (rand))
    return special.moves[g_rand_int_range (rand, 0, special.count)];
  return list.moves[g_rand_int_range (rand, 0, list.count)];
}

/* More start positions than the games' own, for the games whose king and
 * rooks may stand elsewhere. */
static const struct {
  const char *game;
  const char *fen;
} extra_starts[] = {
  { "prime-ministers-random", "qnbbmnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/QNBBMNRKR w KQkq - 0 1" },
  { "prime-ministers-random", "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1" },
  { "capablanca-relocation", "rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABKQBCNR w KQkq - 0 1" },
  { "capablanca-relocation", "rkabqnbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RKABQNBCNR w KQkq - 0 1" },
  { "capablanca-relocation", "r7kr/pppppppppp/10/10/10/10/PPPPPPPPPP/R7KR w KQkq - 0 1" },
  { "ajax", "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1" },
};

enum { PLAYOUTS_PER_GAME = 8, PLAYOUT_PLIES = 60 };

static void test_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  Coverage seen = { 0 };

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      int castlings_before = seen.castlings;
      GPtrArray *starts = g_ptr_array_new ();
      g_ptr_array_add (starts, (gpointer) v->start_fen);
      for (gsize s = 0; s < G_N_ELEMENTS (extra_starts); s++)
        if (strcmp (extra_starts[s].game, v->id) == 0)
          g_ptr_array_add (starts, (gpointer) extra_starts[s].fen);

      for (int game = 0; game < PLAYOUTS_PER_GAME; game++)
        {
          g_autofree Position *pos = test_position_new (v->id, g_ptr_array_index (starts, game % starts->len));
          for (int ply = 0; ply < PLAYOUT_PLIES; ply++)
            {
              check_position (pos, &seen);
              Move move = pick_move (pos, rand);
              if (move == MOVE_NONE)
                break;
              position_make (pos, move);
            }
        }
      g_ptr_array_unref (starts);
      if (v->castling != CASTLING_NONE && seen.castlings == castlings_before)
        g_error ("%s: the round trips met no castling", v->id);
    }
  g_test_message ("%d positions, %d moves: %d castlings, %d en passant, %d promotions, "
                  "%d disambiguated, %d checks, %d mates", seen.positions, seen.moves, seen.castlings,
                  seen.en_passants, seen.promotions, seen.disambiguated, seen.checks, seen.mates);
  g_assert_cmpint (seen.positions, >=, 2000);
  g_assert_cmpint (seen.castlings, >, 0);
  g_assert_cmpint (seen.en_passants, >, 0);
  g_assert_cmpint (seen.promotions, >, 0);
  g_assert_cmpint (seen.disambiguated, >, 0);
  g_assert_cmpint (seen.checks, >, 0);
}

typedef struct {
  const char *game;
  const char *fen;
  const char *from;
  const char *to;          /* for castling: the castling rook's square */
  char promotion;          /* letter, 0 for none */
  const char *san;
  const char *uci;         /* castling as the king's move, where the game allows */
  const char *uci960;      /* castling as king takes own rook */
} SanCase;

static const SanCase san_cases[] = {
  /* Castling in every game that has it (doc/rules.md, "Writing the games down"). */
  { "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "h1", 0, "O-O", "e1g1", "e1h1" },
  { "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "a1", 0, "O-O-O", "e1c1", "e1a1" },
  { "chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8", "a8", 0, "O-O-O", "e8c8", "e8a8" },
  { "ajax", "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "a1", 0, "O-Ob", "f1b1", "f1a1" },
  { "ajax", "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "j1", 0, "O-Oi", "f1i1", "f1j1" },
  /* Black's king starts on e10: three squares to b10, four to i10. */
  { "ajax", "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R b KQkq - 0 1", "e10", "a10", 0, "O-Ob", "e10b10", "e10a10" },
  { "ajax", "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R b KQkq - 0 1", "e10", "j10", 0, "O-Oi", "e10i10", "e10j10" },
  { "ajax-ministers", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R b KQkq - 0 1", "f8", "a8", 0, "O-Ob", "f8b8", "f8a8" },
  { "ajax-ministers", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "j1", 0, "O-Oi", "f1i1", "f1j1" },
  { "ajax-capablanca-ministers", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "a1", 0, "O-O-O", "f1c1", "f1a1" },
  { "ajax-capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "j1", 0, "O-O", "f1i1", "f1j1" },
  { "capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "a1", 0, "O-O-O", "f1c1", "f1a1" },
  { "capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", "f1", "j1", 0, "O-O", "f1i1", "f1j1" },
  /* Chess960-style: the king on b1 stays for O-Ob, the rook jumps to c1. */
  { "prime-ministers-random", "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1", "b1", "a1", 0, "O-Ob", "b1a1", "b1a1" },
  { "prime-ministers-random", "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1", "b1", "d1", 0, "O-Oh", "b1d1", "b1d1" },
  { "prime-ministers-random", "2k6/9/9/9/9/9/9/RK1R5 w KQ - 0 1", "b1", "a1", 0, "O-Ob+", "b1a1", "b1a1" },
  { "capablanca-relocation", "4k5/10/10/10/10/10/10/R7KR w KQ - 0 1", "i1", "j1", 0, "O-O", "i1j1", "i1j1" },
  { "capablanca-relocation", "4k5/10/10/10/10/10/10/R7KR w KQ - 0 1", "i1", "a1", 0, "O-O-O", "i1a1", "i1a1" },
  /* Disambiguation by file, by rank, by both. */
  { "chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1", "d2", 0, "Nbd2", "b1d2", "b1d2" },
  { "chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1", "a3", 0, "R1a3", "a1a3", "a1a3" },
  { "chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5", "a3", 0, "R5a3", "a5a3", "a5a3" },
  { "chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1", "b2", 0, "Qa1b2", "a1b2", "a1b2" },
  { "chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3", "b2", 0, "Q3b2", "a3b2", "a3b2" },
  { "chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1", "b2", 0, "Qcb2", "c1b2", "c1b2" },
  { "ajax", "R9/9k/10/10/10/10/10/10/10/R3K5 w - - 0 1", "a10", "a5", 0, "R10a5", "a10a5", "a10a5" },
  { "ajax", "R9/9k/10/10/10/10/10/10/10/R3K5 w - - 0 1", "a1", "a5", 0, "R1a5", "a1a5", "a1a5" },
  /* Captures, promotions with check, mate. */
  { "chess", "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3", "e5", 0, "Nxe5", "f3e5", "f3e5" },
  { "chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7", "b8", 'Q', "b8=Q+", "b7b8q", "b7b8q" },
  { "chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7", "b8", 'N', "b8=N", "b7b8n", "b7b8n" },
  { "chess", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1", "a8", 0, "Ra8#", "a1a8", "a1a8" },
  { "carrera", "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1", "b1", "c3", 0, "Cc3", "b1c3", "b1c3" },
  { "carrera", "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1", "i1", "h3", 0, "Ah3", "i1h3", "i1h3" },
  { "carrera", "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1", "b7", "b8", 'C', "b8=C+", "b7b8c", "b7b8c" },
  { "ajax-capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", "h1", "g3", 0, "Cg3", "h1g3", "h1g3" },
  /* Two-digit ranks on the 10×10 board. */
  { "ajax", "rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1", "e2", "e5", 0, "e5", "e2e5", "e2e5" },
  { "ajax", "4r4k/3P6/10/10/10/10/10/10/10/K9 w - - 0 1", "d9", "e10", 'Q', "dxe10=Q+", "d9e10q", "d9e10q" },
  { "ajax", "4r4k/3P6/10/10/10/10/10/10/10/K9 w - - 0 1", "d9", "d10", 'M', "d10=M", "d9d10m", "d9d10m" },
  /* En passant, and both squares a triple step passed over in Ajax Chess. */
  { "chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "d6", 0, "exd6", "e5d6", "e5d6" },
  { "ajax", "4k5/10/10/5P4/3Pp5/10/10/10/10/4K5 w - e7e8 0 2", "d6", "e7", 0, "dxe7", "d6e7", "d6e7" },
  { "ajax", "4k5/10/10/5P4/3Pp5/10/10/10/10/4K5 w - e7e8 0 2", "f7", "e8", 0, "fxe8", "f7e8", "f7e8" },
};

static void test_expected_san (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (san_cases); i++)
    {
      const SanCase *c = &san_cases[i];
      g_autofree Position *pos = test_position_new (c->game, c->fen);
      Move move = test_find_move (pos, c->from, c->to, c->promotion);
      char text[MOVE_TEXT_MAX];

      if (move == MOVE_NONE)
        g_error ("%s: %s-%s is not legal in %s", c->game, c->from, c->to, c->fen);
      notation_san (pos, move, text, sizeof text);
      g_assert_cmpstr (text, ==, c->san);
      notation_uci (pos, move, false, text, sizeof text);
      g_assert_cmpstr (text, ==, c->uci);
      notation_uci (pos, move, true, text, sizeof text);
      g_assert_cmpstr (text, ==, c->uci960);
      g_assert_cmpuint (notation_parse_san (pos, c->san, NULL), ==, move);
      g_assert_cmpuint (notation_parse_uci (pos, c->uci, NULL), ==, move);
      g_assert_cmpuint (notation_parse_uci (pos, c->uci960, NULL), ==, move);
    }
}

static void test_square_names (void)
{
  const Variant *ajax = variant_by_id ("ajax");
  char name[4];

  notation_square (ajax, variant_square (ajax, 4, 3), name);
  g_assert_cmpstr (name, ==, "e4");
  notation_square (ajax, variant_square (ajax, 4, 9), name);
  g_assert_cmpstr (name, ==, "e10");
  notation_square (ajax, variant_square (ajax, 9, 9), name);
  g_assert_cmpstr (name, ==, "j10");
}

/* Output is cut to the caller's buffer and always terminated. */
static void test_small_buffers (void)
{
  g_autofree Position *pos = test_position_new ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move move = test_find_move (pos, "e1", "a1", 0);
  char text[4] = "xxx";

  notation_san (pos, move, text, 0);
  g_assert_cmpstr (text, ==, "xxx");
  notation_san (pos, move, text, sizeof text);
  g_assert_cmpstr (text, ==, "O-O");
  notation_uci (pos, move, false, text, 3);
  g_assert_cmpstr (text, ==, "e1");
  notation_san (pos, MOVE_NONE, text, sizeof text);
  g_assert_cmpstr (text, ==, "--");
}

enum { READ_ANY, READ_SAN, READ_UCI };

typedef struct {
  const char *game;
  const char *fen;         /* NULL: the game's start */
  int reader;
  const char *text;
  const char *san;         /* the SAN of the move read; NULL: refused */
  const char *message;     /* for a refusal: the error message */
} ReadCase;

#define CHESS_CASTLING "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define AJAX_CASTLING "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"
#define PMRC_KING_STAYS "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1"
#define PMRC_KING_C1 "1k7/9/9/9/9/9/9/R1K5R w KQ - 0 1"
#define RELOCATION_KING_I1 "4k5/10/10/10/10/10/10/R7KR w KQ - 0 1"
#define CHESS_EN_PASSANT "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define CHESS_PROMOTION "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"
#define AJAX_TEN_RANKS "4r4k/3P6/10/10/10/10/10/10/10/K9 w - - 0 1"

static const ReadCase read_cases[] = {
  /* Castling: zeros, the game's strings, and the O-O / O-O-O aliases. */
  { "chess", CHESS_CASTLING, READ_SAN, "0-0", "O-O", NULL },
  { "chess", CHESS_CASTLING, READ_SAN, "0-0-0", "O-O-O", NULL },
  { "chess", CHESS_CASTLING, READ_SAN, "o-o+", "O-O", NULL },
  { "chess", CHESS_CASTLING, READ_UCI, "e1g1", "O-O", NULL },
  { "chess", CHESS_CASTLING, READ_UCI, "e1h1", "O-O", NULL },
  { "chess", CHESS_CASTLING, READ_ANY, "Ke1-c1", "O-O-O", NULL },
  { "chess", CHESS_CASTLING, READ_SAN, "O-Ob", NULL, "'O-Ob' is not a move of Chess" },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-O", "O-Oi", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-O-O", "O-Ob", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "0-0", "O-Oi", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-Ob", "O-Ob", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "0-0b", "O-Ob", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-Oi!", "O-Oi", NULL },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-Oh", NULL, "'O-Oh' is not a move of Ajax Chess" },
  { "ajax", AJAX_CASTLING, READ_SAN, "O-O-Ob", NULL, "'O-O-Ob' is not a move of Ajax Chess" },
  { "ajax", NULL, READ_SAN, "O-Ob", NULL, "no legal move matches 'O-Ob'" },
  { "capablanca", NULL, READ_SAN, "O-Oi", NULL, "'O-Oi' is not a move of Capablanca Chess" },
  { "carrera", NULL, READ_ANY, "O-O", NULL, "'O-O' is not a move of Carrera's Chess" },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_SAN, "O-O", "O-Oh", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_SAN, "O-O-O", "O-Ob", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_SAN, "O-Oi", NULL, "'O-Oi' is not a move of Prime Ministers Random Chess" },
  /* UCI castling: king takes rook, king to its square, or stays put. */
  { "prime-ministers-random", PMRC_KING_STAYS, READ_UCI, "b1b1", "O-Ob", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_UCI, "b1a1", "O-Ob", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_UCI, "b1h1", "O-Oh", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_UCI, "b1d1", "O-Oh", NULL },
  { "prime-ministers-random", PMRC_KING_STAYS, READ_UCI, "b1c1", "Kc1", NULL },
  /* An ordinary king move to the castling king's square wins. */
  { "prime-ministers-random", PMRC_KING_C1, READ_UCI, "c1b1", "Kb1", NULL },
  { "prime-ministers-random", PMRC_KING_C1, READ_UCI, "c1a1", "O-Ob", NULL },
  { "prime-ministers-random", PMRC_KING_C1, READ_UCI, "c1h1", "O-Oh", NULL },
  { "capablanca-relocation", RELOCATION_KING_I1, READ_UCI, "i1i1", "O-O", NULL },
  { "capablanca-relocation", RELOCATION_KING_I1, READ_UCI, "i1j1", "O-O", NULL },
  { "capablanca-relocation", RELOCATION_KING_I1, READ_UCI, "i1h1", "Kh1", NULL },
  { "capablanca-relocation", RELOCATION_KING_I1, READ_UCI, "i1c1", "O-O-O", NULL },
  /* Promotions: '=Q', 'Q', '=q', UCI in either case. */
  { "chess", CHESS_PROMOTION, READ_SAN, "e8Q", "e8=Q+", NULL },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8=q", "e8=Q+", NULL },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8=N", "e8=N", NULL },
  { "chess", CHESS_PROMOTION, READ_UCI, "e7e8q", "e8=Q+", NULL },
  { "chess", CHESS_PROMOTION, READ_UCI, "e7e8R", "e8=R+", NULL },
  { "chess", CHESS_PROMOTION, READ_ANY, "e7-e8=Q", "e8=Q+", NULL },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8(Q)", "e8=Q+", NULL },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8/N", "e8=N", NULL },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8(K)", NULL, "'e8(K)' is not a move of Chess" },
  { "chess", CHESS_PROMOTION, READ_SAN, "e8", NULL, "'e8' needs a promotion piece (one of QRBN)" },
  { "chess", CHESS_PROMOTION, READ_UCI, "e7e8", NULL, "'e7e8' needs a promotion piece (one of QRBN)" },
  { "chess", CHESS_PROMOTION, READ_ANY, "e8=K", NULL, "'e8=K' is not a move of Chess" },
  { "chess", CHESS_PROMOTION, READ_UCI, "e7e8k", NULL, "'e7e8k' is not a move of Chess" },
  { "carrera", "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1", READ_ANY, "b8=R", NULL, "no legal move matches 'b8=R'" },
  /* En passant marks. */
  { "chess", CHESS_EN_PASSANT, READ_SAN, "exd6e.p.", "exd6", NULL },
  { "chess", CHESS_EN_PASSANT, READ_SAN, "exd6 e.p.", "exd6", NULL },
  { "chess", CHESS_EN_PASSANT, READ_SAN, "exd6ep+", "exd6", NULL },
  { "chess", CHESS_EN_PASSANT, READ_SAN, "ed6", "exd6", NULL },
  { "chess", CHESS_EN_PASSANT, READ_SAN, "d6", NULL, "no legal move matches 'd6'" },
  /* Annotations, spaces and the other ways of naming a move. */
  { "chess", NULL, READ_SAN, "Nf3+!?", "Nf3", NULL },
  { "chess", NULL, READ_SAN, "Nf3!!", "Nf3", NULL },
  { "chess", NULL, READ_SAN, "  Nf3 ", "Nf3", NULL },
  { "chess", NULL, READ_SAN, "Ng1f3", "Nf3", NULL },
  { "chess", NULL, READ_SAN, "N1f3", "Nf3", NULL },
  { "chess", NULL, READ_SAN, "Pe4", "e4", NULL },
  { "chess", NULL, READ_ANY, "Ng1-f3", "Nf3", NULL },
  { "chess", NULL, READ_ANY, "g1f3", "Nf3", NULL },
  { "chess", NULL, READ_ANY, "e2-e4", "e4", NULL },
  { "chess", NULL, READ_ANY, "e2xe4", "e4", NULL },
  { "chess", NULL, READ_ANY, "Bg1-f3", NULL, "no legal move matches 'Bg1-f3'" },
  { "chess", NULL, READ_SAN, "Nf5", NULL, "no legal move matches 'Nf5'" },
  { "chess", NULL, READ_SAN, "Nbf3", NULL, "no legal move matches 'Nbf3'" },
  { "chess", NULL, READ_SAN, "nf3", NULL, "'nf3' is not a move of Chess" },
  /* The tolerant reader takes a piece letter in lower case, once the text
   * as it stands is no legal move ("bc4" is a pawn's first). */
  { "chess", NULL, READ_ANY, "nf3", "Nf3", NULL },
  { "chess", NULL, READ_ANY, "ng1-f3", "Nf3", NULL },
  { "chess", NULL, READ_ANY, "nf5", NULL, "no legal move matches 'nf5'" },
  { "chess", "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1", READ_ANY, "bc4", "bxc4", NULL },
  { "chess", "4k3/8/8/8/8/1P6/8/4KB2 w - - 0 1", READ_ANY, "bc4", "Bc4", NULL },
  { "capablanca", NULL, READ_ANY, "ci3", "Ci3", NULL },
  { "chess", NULL, READ_SAN, "Mf3", NULL, "'Mf3' is not a move of Chess" },
  { "chess", NULL, READ_SAN, "e9", NULL, "'e9' is not a move of Chess" },
  { "chess", NULL, READ_ANY, "e04", NULL, "'e04' is not a move of Chess" },
  { "chess", NULL, READ_UCI, "0000", NULL, "'0000' is not a move of Chess" },
  { "chess", NULL, READ_ANY, "", NULL, "no move given" },
  { "chess", NULL, READ_ANY, " \t ", NULL, "no move given" },
  { "chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", READ_SAN, "Nd2", NULL, "'Nd2' is ambiguous: Nbd2, Nfd2" },
  { "ajax", NULL, READ_ANY, "Zz9", NULL, "'Zz9' is not a move of Ajax Chess" },
  /* Ten ranks: the Minister is M in the Ajax games. */
  { "ajax", NULL, READ_SAN, "e5", "e5", NULL },
  { "ajax", NULL, READ_ANY, "e2e5", "e5", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "dxe10=Q", "dxe10=Q+", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "de10Q", "dxe10=Q+", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "d9xe10=Q", "dxe10=Q+", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_UCI, "d9e10q", "dxe10=Q+", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "d10=M", "d10=M", NULL },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "e11", NULL, "'e11' is not a move of Ajax Chess" },
  { "ajax", AJAX_TEN_RANKS, READ_SAN, "e100", NULL, "'e100' is not a move of Ajax Chess" },
};

static void test_reading (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (read_cases); i++)
    {
      const ReadCase *c = &read_cases[i];
      g_autofree Position *pos = test_position_new (c->game, c->fen);
      ParseError err = { .message = "unchanged" };
      Move move;

      switch (c->reader)
        {
        case READ_SAN:
          move = notation_parse_san (pos, c->text, &err);
          break;
        case READ_UCI:
          move = notation_parse_uci (pos, c->text, &err);
          break;
        default:
          move = notation_parse_move (pos, c->text, &err);
          break;
        }
      if (!c->san)
        {
          g_assert_cmpuint (move, ==, MOVE_NONE);
          g_assert_cmpstr (err.message, ==, c->message);
          continue;
        }
      if (move == MOVE_NONE)
        g_error ("%s: '%s' refused: %s", c->game, c->text, err.message);
      char san[MOVE_TEXT_MAX];
      notation_san (pos, move, san, sizeof san);
      g_assert_cmpstr (san, ==, c->san);
      /* Whatever one reader takes, the reader of any form takes too. */
      g_assert_cmpuint (notation_parse_move (pos, c->text, NULL), ==, move);
    }
}

static bool is_printable (const char *text)
{
  for (; *text; text++)
    if (*text < 0x20 || *text > 0x7e)
      return false;
  return true;
}

/* A refusal must say something; anything taken must be legal. */
static void assert_safe_read (const Position *pos, const char *text)
{
  Move (*const readers[]) (const Position *, const char *, ParseError *) = {
    notation_parse_san, notation_parse_uci, notation_parse_move,
  };

  for (gsize r = 0; r < G_N_ELEMENTS (readers); r++)
    {
      ParseError err = { .offset = 12345, .message = "" };
      Move move = readers[r] (pos, text, &err);
      if (move == MOVE_NONE)
        {
          g_assert_cmpstr (err.message, !=, "");
          g_assert_true (is_printable (err.message));
          g_assert_cmpint (err.offset, !=, 12345);
        }
      else
        g_assert_true (movegen_is_legal (pos, move));
      g_assert_cmpuint (readers[r] (pos, text, NULL), ==, move);
    }
}

static void test_hostile_input (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4242);
  static const char *const games[][2] = {
    { "chess", NULL },
    { "ajax", AJAX_TEN_RANKS },
    { "prime-ministers-random", PMRC_KING_STAYS },
    { "capablanca-relocation", RELOCATION_KING_I1 },
  };
  /* Bytes that move text is made of, so random strings get past the first check. */
  static const char alphabet[] = "abcdefghijkKQRBNMACPOo0123456789-x=+#!?:. e";
  char text[48];

  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree Position *pos = test_position_new (games[g][0], games[g][1]);
      for (int i = 0; i < 2000; i++)
        {
          int length = g_rand_int_range (rand, 0, (int) sizeof text);
          bool from_alphabet = i % 2;
          for (int k = 0; k < length; k++)
            text[k] = from_alphabet ? alphabet[g_rand_int_range (rand, 0, (int) sizeof alphabet - 1)]
                                    : (char) g_rand_int_range (rand, 1, 256);
          text[length] = '\0';
          assert_safe_read (pos, text);
        }
    }

  g_autofree Position *pos = test_position_new ("chess", NULL);
  g_autofree char *long_text = g_malloc (100001);
  static const char fillers[] = { 'e', 'O', '!', '-', '9', ' ', '\xff' };
  for (gsize f = 0; f < G_N_ELEMENTS (fillers); f++)
    {
      memset (long_text, fillers[f], 100000);
      long_text[100000] = '\0';
      assert_safe_read (pos, long_text);
      memcpy (long_text, "e4", 2);
      assert_safe_read (pos, long_text);
      memcpy (long_text + 99998, "e4", 2);
      assert_safe_read (pos, long_text);
    }
  ParseError err;
  g_assert_cmpuint (notation_parse_move (pos, NULL, &err), ==, MOVE_NONE);
  g_assert_cmpstr (err.message, ==, "no move given");
  g_assert_cmpuint (notation_parse_move (pos, "e4!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", &err),
                    ==, MOVE_NONE);
  g_assert_nonnull (strstr (err.message, "is too long to be a move"));
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/san/round-trip", test_round_trip);
  g_test_add_func ("/san/expected", test_expected_san);
  g_test_add_func ("/san/square-names", test_square_names);
  g_test_add_func ("/san/small-buffers", test_small_buffers);
  g_test_add_func ("/san/reading", test_reading);
  g_test_add_func ("/san/hostile-input", test_hostile_input);
  return g_test_run ();
}
