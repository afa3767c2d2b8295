/* test-fen.c — FEN in and out: round trips, both castling styles,
 * two-digit ranks, en passant fields, and malformed input. */
#include "test-util.h"

#include <string.h>

/* Every game: positions from random playouts survive write -> read -> write
 * with the same key. */
static void test_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  g_autofree Position *copy = g_new0 (Position, 1);

  for (int i = 0; i < variant_count (); i++)
    for (int game = 0; game < 40; game++)
      {
        g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
        for (int step = 0; step < 8; step++)
          {
            g_autofree char *fen = test_fen (pos);
            ParseError err;
            /* A game's own start FEN is already as we write it: a PGN's
             * start is compared with it as written. */
            if (step == 0)
              g_assert_cmpstr (fen, ==, pos->variant->start_fen);
            if (!position_set_fen (copy, pos->variant, fen, &err))
              g_error ("%s: own FEN '%s' rejected: %s", pos->variant->id, fen, err.message);
            g_autofree char *again = test_fen (copy);
            g_assert_cmpstr (fen, ==, again);
            g_assert_cmphex (position_key (copy), ==, position_key (pos));
            g_assert_true (position_ok (copy));
            test_random_playout (pos, rand, g_rand_int_range (rand, 1, 12));
          }
      }
}

typedef struct {
  const char *game;
  const char *fen;
  const char *expected;   /* what we write back */
} FenCase;

static void test_accepted (void)
{
  static const FenCase cases[] = {
    /* Shredder letters are read and written as KQkq where unambiguous. */
    { "capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1",
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" },
    { "prime-ministers-random", "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w IGig - 0 1",
      "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1" },
    /* An inner rook keeps its file letter (Chess960-style games). */
    { "capablanca-relocation", "r3k4r/10/10/10/10/10/10/R2RK4R w KDk - 0 1",
      "r3k4r/10/10/10/10/10/10/R2RK4R w KDk - 0 1" },
    /* Two-digit ranks and runs of ten. */
    { "ajax", "4k5/10/10/10/10/5p4/3p6/10/4P5/5K4 w - - 0 1", NULL },
    /* Black's king starts on e10 in Ajax Chess. */
    { "ajax", "r3k4r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 3 20", NULL },
    /* A castling right that cannot apply is dropped, as other programs
     * do: no rook for it, the king off its starting square in a game of
     * fixed castling, or a game without castling. */
    { "chess", "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1" },
    { "chess", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", "4k3/8/8/8/8/8/8/3K3R w - - 0 1" },
    { "capablanca", "r4k3r/10/10/10/10/10/10/5K3R w KQkq - 0 1", "r4k3r/10/10/10/10/10/10/5K3R w Kkq - 0 1" },
    { "capablanca-relocation", "r4k3r/10/10/10/10/10/5K4/R8R w AJaj - 0 1",
      "r4k3r/10/10/10/10/10/5K4/R8R w kq - 0 1" },
    { "carrera", "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w KQkq - 0 1",
      "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1" },
    /* Counters may be left out. */
    { "chess", "4k3/8/8/8/8/8/8/4K3 w -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
    /* En passant squares are kept only where a capture is possible. */
    { "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    { "chess", "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2", NULL },
    /* After an Ajax triple step, both passed squares (doc/rules.md). */
    { "ajax", "4k5/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e3e4 0 1", NULL },
    { "ajax", "4k5/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e4 0 1", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree Position *pos = test_position_new (cases[i].game, cases[i].fen);
      g_autofree char *fen = test_fen (pos);
      g_assert_cmpstr (fen, ==, cases[i].expected ? cases[i].expected : cases[i].fen);
      g_assert_true (position_ok (pos));
    }
}

static void test_rejected (void)
{
  static const FenCase cases[] = {
    { "chess", "", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", NULL },
    { "chess", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", NULL },
    { "chess", "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", NULL },
    { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1", NULL },
    { "chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", NULL },
    { "chess", "4k3/8/8/8/8/8/8/4K2R b K - 0 1", "accepted" },
    { "chess", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", NULL },
    { "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ", "trailing space is fine" },
    { "capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNMBQKBCNR w KQkq - 0 1", NULL },
    { "capablanca", "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", NULL },
    { "capablanca", "rnabqkbcnr/pppppppppp/010/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", NULL },
    { "ajax", "4k5/10/10/10/10/10/10/10/10/5K4 w - e11 0 1", NULL },
    { "ajax", "4k5/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e3e5 0 1", NULL },
    { "prime-ministers-random", "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkqA - 0 1", NULL },
    { "prime-ministers-random", "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 99999999999 1", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Variant *v = variant_by_id (cases[i].game);
      g_autofree Position *pos = test_position_new (cases[i].game, NULL);
      g_autofree char *before = test_fen (pos);
      ParseError err = { 0 };
      bool ok = position_set_fen (pos, v, cases[i].fen, &err);
      g_autofree char *after = test_fen (pos);

      if (cases[i].expected)
        {
          g_assert_true (ok);
          continue;
        }
      if (ok)
        g_error ("%s: '%s' was accepted", cases[i].game, cases[i].fen);
      g_assert_cmpuint (strlen (err.message), >, 10);
      g_assert_cmpint (err.offset, <=, (int) strlen (cases[i].fen));
      /* A failed read leaves the position as it was. */
      g_assert_cmpstr (before, ==, after);
    }
}

/* Hundreds of generated broken FENs: each is either read into a sound
 * position or refused with a message; never a crash. */
static void test_malformed_generated (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  static const char alphabet[] = "KQRBNPAMCkqrbnpamc0123456789/ -wbxe";
  int refused = 0, total = 0;

  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      g_autofree Position *pos = test_position_new (v->id, NULL);
      test_random_playout (pos, rand, 20);
      g_autofree char *valid = test_fen (pos);

      for (int n = 0; n < 400; n++, total++)
        {
          GString *fen = g_string_new (valid);
          int edits = g_rand_int_range (rand, 1, 4);
          for (int e = 0; e < edits && fen->len > 0; e++)
            {
              gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) fen->len);
              switch (g_rand_int_range (rand, 0, 5))
                {
                case 0: fen->str[at] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]; break;
                case 1: g_string_erase (fen, (gssize) at, 1); break;
                case 2: g_string_insert_c (fen, (gssize) at, alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]); break;
                case 3: g_string_truncate (fen, at); break;
                default: fen->str[at] = (char) g_rand_int_range (rand, 1, 256); break;
                }
            }
          g_autofree Position *target = g_new0 (Position, 1);
          ParseError err = { 0 };
          if (position_set_fen (target, v, fen->str, &err))
            {
              g_assert_true (position_ok (target));
              /* Whatever is accepted must be playable. */
              perft (target, 2);
            }
          else
            {
              refused++;
              g_assert_cmpuint (strlen (err.message), >, 0);
            }
          g_string_free (fen, TRUE);
        }
    }
  g_test_message ("%d of %d generated FENs refused", refused, total);
  g_assert_cmpint (refused, >, total / 2);
}

static void test_fen_key_matches_moves (void)
{
  /* The same position reached by moves and read from FEN has one key. */
  g_autofree Position *pos = test_position_new ("chess", NULL);
  test_play (pos, "g1", "f3");
  test_play (pos, "g8", "f6");
  test_play (pos, "f3", "g1");
  test_play (pos, "f6", "g8");
  g_autofree Position *start = test_position_new ("chess", NULL);
  g_assert_cmphex (position_key (pos), ==, position_key (start));
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fen/round-trip", test_round_trip);
  g_test_add_func ("/fen/accepted", test_accepted);
  g_test_add_func ("/fen/rejected", test_rejected);
  g_test_add_func ("/fen/malformed-generated", test_malformed_generated);
  g_test_add_func ("/fen/key-matches-moves", test_fen_key_matches_moves);
  return g_test_run ();
}
