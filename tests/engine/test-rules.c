/* test-rules.c — the rule pages' own examples and doc/rules.md's special cases,
 * each checked on the board. */
#include "test-util.h"

/* Carrera's special double step (doc/rules.md): White K e1 in check from a
 * black bishop on a5, black pawn on c4: b2-b4 would block the check but
 * could be taken en passant, so it is illegal. */
static void test_carrera_double_step (void)
{
  const char *fen = "4k5/10/10/b9/2p7/10/1P8/4K5 w - - 0 1";
  g_autofree Position *carrera = test_position_new ("carrera", fen);
  g_autofree Position *capablanca = test_position_new ("capablanca", fen);

  g_assert_cmpuint (test_find_move (carrera, "b2", "b4", 0), ==, MOVE_NONE);
  g_assert_cmpint (movegen_count (carrera), ==, 4);
  /* The same position under Capablanca's rules allows it. */
  g_assert_cmpuint (test_find_move (capablanca, "b2", "b4", 0), !=, MOVE_NONE);

  /* Without the pawn on c4 nobody could take en passant: legal. */
  g_autofree Position *no_taker = test_position_new ("carrera", "4k5/10/10/b9/10/10/1P8/4K5 w - - 0 1");
  g_assert_cmpuint (test_find_move (no_taker, "b2", "b4", 0), !=, MOVE_NONE);

  /* Not in check: the double step is an ordinary move. */
  g_autofree Position *quiet = test_position_new ("carrera", "4k5/10/10/10/2p7/10/1P8/4K5 w - - 0 1");
  g_assert_cmpuint (test_find_move (quiet, "b2", "b4", 0), !=, MOVE_NONE);

  /* The en passant reply must itself be legal: a taker pinned to its king
   * along the fourth rank does not count. */
  g_autofree Position *pinned_taker = test_position_new ("carrera", "10/10/10/b9/k1p4Q2/10/1P8/4K5 w - - 0 1");
  g_assert_cmpuint (test_find_move (pinned_taker, "b2", "b4", 0), !=, MOVE_NONE);
}

/* Ajax Chess: a pawn's triple step may be taken en passant on either
 * square it passed, by a pawn attacking that square. */
static void test_ajax_triple_step_en_passant (void)
{
  g_autofree Position *pos = test_position_new ("ajax", "4k5/10/10/10/10/5p4/3p6/10/4P5/5K4 w - - 0 1");
  const char *taker[] = { "d4", "f5" };
  const char *target[] = { "e3", "e4" };

  test_play (pos, "e2", "e5");
  g_autofree char *fen = test_fen (pos);
  g_assert_cmpstr (fen, ==, "4k5/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e3e4 0 1");

  for (int i = 0; i < 2; i++)
    {
      Move m = test_find_move (pos, taker[i], target[i], 0);
      g_assert_cmpuint (m, !=, MOVE_NONE);
      g_assert_cmpint (move_kind (m), ==, MOVE_EN_PASSANT);
      position_make (pos, m);
      g_assert_true (position_ok (pos));
      /* The pawn on e5 is gone. */
      g_assert_cmpint (pos->board[variant_square (pos->variant, 4, 4)], ==, NO_PIECE);
      position_unmake (pos);
    }
  /* A double step passes one square only. */
  g_autofree Position *two = test_position_new ("ajax", "4k5/10/10/10/10/10/3p6/10/4P5/5K4 w - - 0 1");
  test_play (two, "e2", "e4");
  g_autofree char *fen2 = test_fen (two);
  g_assert_cmpstr (fen2, ==, "4k5/10/10/10/10/10/3pP5/10/10/5K4 b - e3 0 1");
  /* And en passant lasts one move only. */
  test_play (pos, "e10", "e9");
  test_play (pos, "f1", "f2");
  g_assert_cmpuint (test_find_move (pos, "d4", "e3", 0), ==, MOVE_NONE);
  /* Ajax Ministers Chess (10×8) has no triple step. */
  g_autofree Position *ministers = test_position_new ("ajax-ministers", NULL);
  g_assert_cmpuint (test_find_move (ministers, "e2", "e5", 0), ==, MOVE_NONE);
  g_assert_cmpuint (test_find_move (ministers, "e2", "e4", 0), !=, MOVE_NONE);
}

/* Chess960-style castling where the king does not move: PMRC K b1, R a1:
 * O-Ob leaves the king on b1 and puts the rook on c1. */
static void test_castling_king_stays (void)
{
  g_autofree Position *pos = test_position_new ("prime-ministers-random", "1k7/9/9/9/9/9/9/RK1R5 w KQ - 0 1");
  Move m = test_find_move (pos, "b1", "a1", 0);

  g_assert_cmpuint (m, !=, MOVE_NONE);
  g_assert_cmpint (move_kind (m), ==, MOVE_CASTLING);
  position_make (pos, m);
  g_autofree char *fen = test_fen (pos);
  g_assert_cmpstr (fen, ==, "1k7/9/9/9/9/9/9/1KRR5 b - - 1 1");
  position_unmake (pos);

  /* O-Oh from the same position: K b1 -> h1 and R d1 -> g1. */
  position_make (pos, test_find_move (pos, "b1", "d1", 0));
  g_autofree char *fen_h = test_fen (pos);
  g_assert_cmpstr (fen_h, ==, "1k7/9/9/9/9/9/9/R5RK1 b - - 1 1");
  position_unmake (pos);

  /* Relocation: the king swapped onto i1 castles O-O without moving. */
  g_autofree Position *reloc = test_position_new ("capablanca-relocation",
                                                  "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQNBCKR w KQkq - 0 1");
  test_play (reloc, "h1", "g3");
  test_play (reloc, "a7", "a6");
  Move oo = test_find_move (reloc, "i1", "j1", 0);
  g_assert_cmpuint (oo, !=, MOVE_NONE);
  position_make (reloc, oo);
  g_autofree char *fen_r = test_fen (reloc);
  g_assert_cmpstr (fen_r, ==, "rnabqkbcnr/1ppppppppp/p9/10/10/6C3/PPPPPPPPPP/RNABQNBRK1 b kq - 1 2");
}

/* Castling rules shared by all games: no castling out of, through or into
 * check; all squares the king and rook cross empty. */
static void test_castling_conditions (void)
{
  /* Capablanca O-O-O: K f1 -> c1 crosses e1, d1; the rook crosses b1. */
  g_autofree Position *ok = test_position_new ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  g_assert_cmpuint (test_find_move (ok, "f1", "a1", 0), !=, MOVE_NONE);
  g_assert_cmpuint (test_find_move (ok, "f1", "j1", 0), !=, MOVE_NONE);

  g_autofree Position *through = test_position_new ("capablanca", "r2r1k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  g_assert_cmpuint (test_find_move (through, "f1", "a1", 0), ==, MOVE_NONE);

  g_autofree Position *blocked = test_position_new ("capablanca", "r4k3r/10/10/10/10/10/10/RN3K3R w KQkq - 0 1");
  g_assert_cmpuint (test_find_move (blocked, "f1", "a1", 0), ==, MOVE_NONE);

  /* The rook's crossing square b1 may be attacked. */
  g_autofree Position *rook_path = test_position_new ("capablanca", "rr3k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  g_assert_cmpuint (test_find_move (rook_path, "f1", "a1", 0), !=, MOVE_NONE);

  /* Ajax Chess: Black's king on e10 castles three squares to b10, four to i10. */
  g_autofree Position *ajax = test_position_new ("ajax", "r3k4r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1");
  position_make (ajax, test_find_move (ajax, "e10", "a10", 0));
  g_autofree char *b_side = test_fen (ajax);
  g_assert_cmpstr (b_side, ==, "1kr6r/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");
  position_unmake (ajax);
  position_make (ajax, test_find_move (ajax, "e10", "j10", 0));
  g_autofree char *i_side = test_fen (ajax);
  g_assert_cmpstr (i_side, ==, "r6rk1/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");

  /* Carrera's Chess has no castling at all. */
  g_autofree Position *carrera = test_position_new ("carrera", "r4k3r/10/10/10/10/10/10/R4K3R w - - 0 1");
  g_assert_cmpuint (test_find_move (carrera, "f1", "a1", 0), ==, MOVE_NONE);
}

/* The Ajax Minister: K, A and D, all capturing; A and D leap over pieces. */
static void test_minister_leaps (void)
{
  /* Minister on e5 boxed in by its own pawns still leaps two squares. */
  g_autofree Position *pos = test_position_new ("ajax",
                                                "4k5/10/10/10/3PPP4/3PMP4/3PPP4/10/10/5K4 w - - 0 1");
  const char *leaps[] = { "e7", "e3", "c5", "g5", "c7", "g7", "c3", "g3" };
  for (gsize i = 0; i < G_N_ELEMENTS (leaps); i++)
    g_assert_cmpuint (test_find_move (pos, "e5", leaps[i], 0), !=, MOVE_NONE);
  g_assert_cmpuint (test_find_move (pos, "e5", "f7", 0), ==, MOVE_NONE);

  /* A leaping check cannot be blocked: Md6 checks the king on d8 over d7. */
  g_autofree Position *check = test_position_new ("ajax",
                                                  "10/10/3k6/3n6/3M6/10/10/10/10/5K4 b - - 0 1");
  g_assert_true (position_in_check (check));
  /* Every legal move is a king move: d7 blocks nothing. */
  MoveList list;
  movegen_legal (check, &list);
  for (int i = 0; i < list.count; i++)
    g_assert_cmpint (move_from (list.moves[i]), ==, check->king_square[BLACK]);
}

/* Ajax pieces' adopted steps move only: they never capture or check. */
static void test_ajax_move_only_steps (void)
{
  /* The Ajax rook on d2 touches the king on e3 only diagonally: no check. */
  g_autofree Position *pos = test_position_new ("ajax-ministers", "5k4/10/10/10/10/4K5/3r6/10 w - - 0 1");
  g_assert_false (position_in_check (pos));
  /* A square the rook reaches only by its diagonal step is safe for the king. */
  g_autofree Position *king = test_position_new ("ajax-ministers", "5k4/10/10/10/4K5/10/3r6/10 w - - 0 1");
  g_assert_cmpuint (test_find_move (king, "e4", "e3", 0), !=, MOVE_NONE);
  g_assert_cmpuint (test_find_move (king, "e4", "d3", 0), ==, MOVE_NONE);
  /* The Ajax knight may step to an empty adjacent square but not capture there. */
  g_autofree Position *knight = test_position_new ("ajax-ministers", "5k4/10/10/10/10/10/3Nn5/5K4 w - - 0 1");
  g_assert_cmpuint (test_find_move (knight, "d2", "d3", 0), !=, MOVE_NONE);
  g_assert_cmpuint (test_find_move (knight, "d2", "e2", 0), ==, MOVE_NONE);
}

/* Each game promotes to exactly its own set. */
static void test_promotion_sets (void)
{
  static const struct { const char *game; const char *fen; const char *set; } cases[] = {
    { "chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "QRBN" },
    { "capablanca", "5k4/P9/10/10/10/10/10/5K4 w - - 0 1", "QACRBN" },
    { "carrera", "5k4/P9/10/10/10/10/10/5K4 w - - 0 1", "QCA" },
    { "ajax", "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1", "QRMBN" },
    { "ajax-capablanca", "5k4/P9/10/10/10/10/10/5K4 w - - 0 1", "QRBNAC" },
    { "prime-ministers-random", "5k3/P8/9/9/9/9/9/5K3 w - - 0 1", "QMRBN" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree Position *pos = test_position_new (cases[i].game, cases[i].fen);
      const Variant *v = pos->variant;
      int found = 0;
      for (const char *p = cases[i].set; *p; p++)
        {
          g_autofree char *to = g_strdup_printf ("a%d", v->ranks);
          Move m = test_find_move (pos, "a7", to, *p);
          if (v->ranks == 10)
            m = test_find_move (pos, "a9", to, *p);
          g_assert_cmpuint (m, !=, MOVE_NONE);
          found++;
        }
      g_assert_cmpint (found, ==, v->promotion_count);
    }
}

/* What the position keeps or finds at once is what the slow ways find:
 * the checkers (kept by every move from the moved man and the lines
 * through the king, by null move and set-up) are the king's attackers
 * after every legal move, all pawns' attacks are each pawn's, and both
 * colours' attackers of a square are each colour's, along random games
 * of every game. */
static void test_attack_shortcuts (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);

  for (int i = 0; i < variant_count (); i++)
    for (int game = 0; game < 20; game++)
      {
        g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
        for (int step = 0; step < 60; step++)
          {
            const Geometry *g = pos->geometry;
            Bitboard occupied = position_occupied (pos);
            int us = pos->side;
            g_assert_true (position_checkers (pos) == position_attackers (pos, pos->king_square[us], !us, occupied));
            for (int c = 0; c < COLOR_NB; c++)
              {
                Bitboard each = 0;
                for (Bitboard pawns = position_pieces (pos, c, TYPE_PAWN); pawns;)
                  each |= g->pawn_attack[c][bb_pop_lsb (&pawns)];
                g_assert_true (position_pawn_attacks (pos, c) == each);
              }
            for (int sq = 0; sq < g->squares; sq++)
              g_assert_true (position_all_attackers (pos, sq, occupied)
                             == (position_attackers (pos, sq, WHITE, occupied) | position_attackers (pos, sq, BLACK, occupied)));
            if (!position_in_check (pos) && g_rand_int_range (rand, 0, 8) == 0)
              {
                position_make_null (pos);
                g_assert_true (position_checkers (pos) == 0);
                position_unmake_null (pos);
              }
            MoveList list;
            movegen_legal (pos, &list);
            for (int k = 0; k < list.count; k++)
              {
                position_make (pos, list.moves[k]);
                g_assert_true (position_checkers (pos)
                               == position_attackers (pos, pos->king_square[pos->side], !pos->side, position_occupied (pos)));
                position_unmake (pos);
              }
            if (list.count == 0)
              break;
            test_random_playout (pos, rand, 1);
          }
      }
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/carrera-double-step", test_carrera_double_step);
  g_test_add_func ("/rules/ajax-triple-step-en-passant", test_ajax_triple_step_en_passant);
  g_test_add_func ("/rules/castling-king-stays", test_castling_king_stays);
  g_test_add_func ("/rules/castling-conditions", test_castling_conditions);
  g_test_add_func ("/rules/minister-leaps", test_minister_leaps);
  g_test_add_func ("/rules/ajax-move-only-steps", test_ajax_move_only_steps);
  g_test_add_func ("/rules/promotion-sets", test_promotion_sets);
  g_test_add_func ("/rules/attack-shortcuts", test_attack_shortcuts);
  return g_test_run ();
}
