/* test-game.c — ChancellorGame: moves, castling both ways, en passant,
 * promotion, undo/redo, the end of the game, relocation and errors. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-enums.h"
#include "chancellor-game.h"
#include "chancellor-pgn.h"
#include "chancellor-variant-list.h"
#include "test-util.h"

/* test_square_named, short for the many moves below. */
static int
sq (ChancellorGame *game,
    const char     *name)
{
  return test_square_named (game, name);
}

static void
play (ChancellorGame *game,
      const char     *from,
      const char     *to)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chancellor_game_play (game, sq (game, from), sq (game, to), -1, &error));
  g_assert_no_error (error);
}

static void
assert_san (ChancellorGame *game,
            guint           ply,
            const char     *expected)
{
  g_autofree char *san = chancellor_game_get_san (game, ply);

  g_assert_cmpstr (san, ==, expected);
}

static void
assert_fen (ChancellorGame *game,
            guint           ply,
            const char     *expected)
{
  g_autofree char *fen = chancellor_game_get_fen (game, ply);

  g_assert_cmpstr (fen, ==, expected);
}

/* The kind id of the piece on a square after ply moves, or "" when empty. */
static const char *
kind_at (ChancellorGame *game,
         guint           ply,
         const char     *square)
{
  ChancellorPiece piece = chancellor_game_get_piece (game, ply, sq (game, square));

  return piece.present ? chancellor_game_get_piece_kind_id (game, piece.type) : "";
}

static int
type_of_kind (ChancellorGame *game,
              const char     *kind)
{
  for (int t = 0; t < chancellor_game_get_piece_type_count (game); t++)
    if (strcmp (chancellor_game_get_piece_kind_id (game, t), kind) == 0)
      return t;
  g_assert_not_reached ();
}

/* In every game: a pawn's double step for each side, by squares and by SAN,
 * shown in the move list and the positions before it. */
static void
test_every_game (void)
{
  g_autoptr (ChancellorVariantList) list = chancellor_variant_list_new ();

  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  g_assert_cmpuint (n, ==, chancellor_catalogue_get_n_games ());
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ChancellorVariantInfo) info = g_list_model_get_item (G_LIST_MODEL (list), i);
      const char *id = chancellor_variant_info_get_id (info);
      g_autoptr (ChancellorGame) game = test_game_new (id, chancellor_variant_info_get_start_fen (info));
      int ranks = chancellor_game_get_ranks (game);
      g_autofree char *black_from = g_strdup_printf ("e%d", ranks - 1);
      g_autofree char *black_to = g_strdup_printf ("e%d", ranks - 3);
      g_autofree char *start = chancellor_game_get_start_fen (game);
      g_autoptr (GError) error = NULL;
      gboolean *targets;

      g_test_message ("%s", id);
      g_assert_cmpstr (chancellor_game_get_variant_id (game), ==, id);
      g_assert_cmpstr (chancellor_game_get_variant_name (game), ==, chancellor_variant_info_get_name (info));
      g_assert_cmpint (chancellor_game_get_files (game), ==, chancellor_variant_info_get_files (info));
      g_assert_cmpstr (start, ==, chancellor_variant_info_get_start_fen (info));
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
      g_assert_cmpstr (kind_at (game, 0, "e1"), !=, "");

      targets = g_new0 (gboolean, chancellor_game_get_files (game) * ranks);
      chancellor_game_get_targets (game, sq (game, "e2"), targets);
      g_assert_true (targets[sq (game, "e3")]);
      g_assert_true (targets[sq (game, "e4")]);
      g_assert_false (targets[sq (game, "e1")]);
      g_free (targets);

      play (game, "e2", "e4");
      g_assert_false (chancellor_game_play (game, sq (game, "d2"), sq (game, "d4"), -1, &error));
      g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
      g_assert_nonnull (strstr (error->message, "d2"));
      play (game, black_from, black_to);
      test_play_text (game, "d2d3");
      g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 3);
      assert_san (game, 1, "e4");
      assert_san (game, 2, black_to);
      assert_san (game, 3, "d3");
      g_assert_cmpstr (kind_at (game, 0, "e2"), ==, "pawn");
      g_assert_cmpstr (kind_at (game, 1, "e2"), ==, "");
      g_assert_cmpstr (kind_at (game, 1, "e4"), ==, "pawn");
      g_assert_cmpstr (kind_at (game, 3, "d3"), ==, "pawn");
      g_assert_cmpint (chancellor_game_get_side_to_move (game, 1), ==, CHANCELLOR_COLOR_BLACK);
      g_assert_cmpint (chancellor_game_get_side_to_move (game, 3), ==, CHANCELLOR_COLOR_BLACK);
      g_assert_cmpint (chancellor_game_get_check_square (game, 3), ==, -1);
    }
}

/* Ajax Chess O-Ob: the king from f1 to b1, or onto its rook on a1. */
static void
test_castling_ajax (void)
{
  const char *fen = "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
  g_autoptr (ChancellorGame) game = test_game_new ("ajax", fen);
  g_autofree gboolean *targets = g_new0 (gboolean, 100);
  int from, to, rook_from, rook_to;

  chancellor_game_get_targets (game, sq (game, "f1"), targets);
  g_assert_true (targets[sq (game, "b1")]);
  g_assert_true (targets[sq (game, "a1")]);
  g_assert_true (targets[sq (game, "i1")]);
  g_assert_true (targets[sq (game, "j1")]);
  g_assert_true (targets[sq (game, "e1")]);
  g_assert_false (targets[sq (game, "c1")]);

  play (game, "f1", "b1");
  assert_san (game, 1, "O-Ob");
  g_assert_cmpstr (kind_at (game, 1, "b1"), ==, "king");
  g_assert_cmpstr (kind_at (game, 1, "c1"), ==, "ajax-rook");
  g_assert_cmpstr (kind_at (game, 1, "a1"), ==, "");
  g_assert_true (chancellor_game_get_move_squares (game, 1, &from, &to, &rook_from, &rook_to));
  g_assert_cmpint (from, ==, sq (game, "f1"));
  g_assert_cmpint (to, ==, sq (game, "b1"));
  g_assert_cmpint (rook_from, ==, sq (game, "a1"));
  g_assert_cmpint (rook_to, ==, sq (game, "c1"));

  chancellor_game_undo (game);
  play (game, "f1", "a1");
  assert_san (game, 1, "O-Ob");
  g_assert_cmpstr (kind_at (game, 1, "b1"), ==, "king");
  g_assert_cmpstr (kind_at (game, 1, "c1"), ==, "ajax-rook");

  /* Black's king starts on e10: O-Oi takes it four squares, onto i10. */
  play (game, "e10", "j10");
  assert_san (game, 2, "O-Oi");
  g_assert_cmpstr (kind_at (game, 2, "i10"), ==, "king");
  g_assert_cmpstr (kind_at (game, 2, "h10"), ==, "ajax-rook");
  g_assert_true (chancellor_game_get_move_squares (game, 2, &from, &to, &rook_from, &rook_to));
  g_assert_cmpint (to, ==, sq (game, "i10"));
  g_assert_cmpint (rook_to, ==, sq (game, "h10"));

  /* A plain king step stays a king step. */
  chancellor_game_undo (game);
  play (game, "e10", "f10");
  assert_san (game, 2, "Kf10");
}

/* Prime Ministers Random Chess: castling where the king does not move is
 * given by taking the king onto its rook; O-Ob with the king onto b1, where
 * its rook stands. */
static void
test_castling_pmrc (void)
{
  const char *fen = "1r5kr/ppppppppp/9/9/9/9/PPPPPPPPP/1R5KR w KQkq - 0 1";
  g_autoptr (ChancellorGame) game = test_game_new ("prime-ministers-random", fen);
  g_autofree gboolean *targets = g_new0 (gboolean, 72);
  g_autoptr (GError) error = NULL;

  chancellor_game_get_targets (game, sq (game, "h1"), targets);
  g_assert_true (targets[sq (game, "i1")]);
  g_assert_true (targets[sq (game, "b1")]);
  g_assert_false (targets[sq (game, "h1")]);

  play (game, "h1", "i1");
  assert_san (game, 1, "O-Oh");
  g_assert_cmpstr (kind_at (game, 1, "h1"), ==, "king");
  g_assert_cmpstr (kind_at (game, 1, "g1"), ==, "rook");
  g_assert_cmpstr (kind_at (game, 1, "i1"), ==, "");

  play (game, "h8", "b8");
  assert_san (game, 2, "O-Ob");
  g_assert_cmpstr (kind_at (game, 2, "b8"), ==, "king");
  g_assert_cmpstr (kind_at (game, 2, "c8"), ==, "rook");

  /* The king on the square it would land on is no move. */
  chancellor_game_undo (game);
  chancellor_game_undo (game);
  g_assert_false (chancellor_game_play (game, sq (game, "h1"), sq (game, "h1"), -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);

  /* A standard start by number. */
  {
    g_autoptr (ChancellorGame) numbered = chancellor_game_new_start ("prime-ministers-random", 0, NULL);
    g_autofree char *start = chancellor_game_get_start_fen (numbered);

    g_assert_cmpstr (start, ==, "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1");
  }
}

static void
test_en_passant (void)
{
  g_autoptr (ChancellorGame) chess = test_game_new ("chess", NULL);
  /* Ajax Chess: a triple step passes two squares; a pawn attacking either may take. */
  g_autoptr (ChancellorGame) upper =
    test_game_new ("ajax", "r3k4r/ppp1pppppp/10/10/10/3p6/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
  g_autoptr (ChancellorGame) lower =
    test_game_new ("ajax", "r3k4r/ppp1pppppp/10/10/10/10/3p6/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");

  test_play_text (chess, "e4");
  test_play_text (chess, "a6");
  test_play_text (chess, "e5");
  test_play_text (chess, "d5");
  play (chess, "e5", "d6");
  assert_san (chess, 5, "exd6");
  g_assert_cmpstr (kind_at (chess, 5, "d5"), ==, "");
  g_assert_cmpstr (kind_at (chess, 5, "d6"), ==, "pawn");

  play (upper, "e2", "e5");
  assert_san (upper, 1, "e5");
  play (upper, "d5", "e4");
  assert_san (upper, 2, "dxe4");
  g_assert_cmpstr (kind_at (upper, 2, "e5"), ==, "");
  g_assert_cmpstr (kind_at (upper, 2, "e4"), ==, "pawn");

  play (lower, "e2", "e5");
  play (lower, "d4", "e3");
  assert_san (lower, 2, "dxe3");
  g_assert_cmpstr (kind_at (lower, 2, "e5"), ==, "");
  g_assert_cmpstr (kind_at (lower, 2, "e3"), ==, "pawn");
}

static void
test_promotion (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("chess", "8/P7/8/8/8/8/8/1k5K w - - 0 1");
  g_autoptr (ChancellorGame) ajax = test_game_new ("ajax-ministers", "10/P9/10/10/10/10/10/1k7K w - - 0 1");
  g_autoptr (ChancellorGame) capablanca = test_game_new ("capablanca", NULL);
  g_autoptr (GError) error = NULL;
  int types[8];
  int count;

  g_assert_true (chancellor_game_move_needs_promotion (game, sq (game, "a7"), sq (game, "a8")));
  g_assert_false (chancellor_game_move_needs_promotion (game, sq (game, "h1"), sq (game, "h2")));
  g_assert_false (chancellor_game_play (game, sq (game, "a7"), sq (game, "a8"), -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "a7"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_play (game, sq (game, "a7"), sq (game, "a8"), type_of_kind (game, "king"), &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);

  g_assert_true (chancellor_game_play (game, sq (game, "a7"), sq (game, "a8"), type_of_kind (game, "knight"), &error));
  g_assert_no_error (error);
  assert_san (game, 1, "a8=N");
  g_assert_cmpstr (kind_at (game, 1, "a8"), ==, "knight");

  g_assert_true (chancellor_game_play (ajax, sq (ajax, "a7"), sq (ajax, "a8"), type_of_kind (ajax, "ajax-minister"), &error));
  g_assert_no_error (error);
  assert_san (ajax, 1, "a8=M");

  count = chancellor_game_get_promotion_types (capablanca, types, G_N_ELEMENTS (types));
  g_assert_cmpint (count, ==, 6);
  g_assert_cmpint (chancellor_game_get_piece_letter (capablanca, types[0]), ==, 'Q');
  g_assert_cmpint (chancellor_game_get_piece_letter (capablanca, types[1]), ==, 'A');
  g_assert_cmpint (chancellor_game_get_piece_letter (capablanca, types[2]), ==, 'C');
  g_assert_cmpstr (chancellor_game_get_piece_name (capablanca, types[2]), ==, "Chancellor");
}

typedef struct {
  guint changed;
  guint game_over;
  guint n_moves_notified;
  guint can_undo_notified;
  guint can_redo_notified;
} Counts;

static void
count_changed (ChancellorGame *game,
               Counts         *counts)
{
  counts->changed++;
}

static void
count_game_over (ChancellorGame *game,
                 Counts         *counts)
{
  counts->game_over++;
}

static void
count_notify (ChancellorGame *game,
              GParamSpec     *pspec,
              Counts         *counts)
{
  if (g_str_equal (pspec->name, "n-moves"))
    counts->n_moves_notified++;
  else if (g_str_equal (pspec->name, "can-undo"))
    counts->can_undo_notified++;
  else if (g_str_equal (pspec->name, "can-redo"))
    counts->can_redo_notified++;
}

static void
watch (ChancellorGame *game,
       Counts         *counts)
{
  memset (counts, 0, sizeof *counts);
  g_signal_connect (game, "changed", G_CALLBACK (count_changed), counts);
  g_signal_connect (game, "game-over", G_CALLBACK (count_game_over), counts);
  g_signal_connect (game, "notify", G_CALLBACK (count_notify), counts);
}

static void
test_undo_redo (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca", NULL);
  Counts counts;
  gboolean can_redo;

  watch (game, &counts);
  g_assert_false (chancellor_game_can_undo (game));
  test_play_text (game, "e4");
  test_play_text (game, "e5");
  test_play_text (game, "Nc3");
  g_assert_cmpuint (counts.changed, ==, 3);
  g_assert_cmpuint (counts.n_moves_notified, ==, 3);
  g_assert_cmpuint (counts.can_undo_notified, ==, 1);

  chancellor_game_undo (game);
  chancellor_game_undo (game);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 1);
  g_assert_true (chancellor_game_can_redo (game));
  g_object_get (game, "can-redo", &can_redo, NULL);
  g_assert_true (can_redo);
  g_assert_cmpuint (counts.changed, ==, 5);
  g_assert_cmpuint (counts.can_redo_notified, ==, 1);
  assert_fen (game, 1, "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");

  chancellor_game_redo (game);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  assert_san (game, 2, "e5");
  /* The move taken back, played again by hand, keeps the rest to redo. */
  play (game, "b1", "c3");
  assert_san (game, 3, "Nc3");
  g_assert_false (chancellor_game_can_redo (game));

  chancellor_game_undo (game);
  chancellor_game_undo (game);
  test_play_text (game, "d5");
  g_assert_false (chancellor_game_can_redo (game));
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 2);
  assert_san (game, 2, "d5");

  /* Every position can still be looked at, in any order. */
  g_assert_cmpstr (kind_at (game, 0, "d7"), ==, "pawn");
  g_assert_cmpstr (kind_at (game, 2, "d5"), ==, "pawn");
  g_assert_cmpstr (kind_at (game, 1, "d7"), ==, "pawn");
  g_assert_cmpstr (kind_at (game, 0, "e4"), ==, "");
  g_assert_cmpuint (counts.game_over, ==, 0);

  chancellor_game_undo (game);
  chancellor_game_undo (game);
  g_assert_false (chancellor_game_can_undo (game));
  chancellor_game_undo (game);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
}

static void
test_checkmate (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  ChancellorResult result;
  Counts counts;

  watch (game, &counts);
  test_play_text (game, "f3");
  test_play_text (game, "e5");
  test_play_text (game, "g4");
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpstr (chancellor_game_get_result_string (game), ==, "*");
  play (game, "d8", "h4");
  assert_san (game, 4, "Qh4#");
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpint (chancellor_game_get_result (game), ==, CHANCELLOR_RESULT_BLACK_WINS);
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_CHECKMATE);
  g_assert_cmpstr (chancellor_game_get_result_string (game), ==, "0-1");
  g_assert_cmpint (chancellor_game_get_check_square (game, 4), ==, sq (game, "e1"));
  text = chancellor_game_describe_result (game);
  g_assert_cmpstr (text, ==, "Black wins by checkmate.");
  g_assert_cmpuint (counts.game_over, ==, 1);
  g_object_get (game, "result", &result, NULL);
  g_assert_cmpint (result, ==, CHANCELLOR_RESULT_BLACK_WINS);

  g_assert_false (chancellor_game_play_text (game, "a3", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER);

  chancellor_game_undo (game);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpint (chancellor_game_get_result (game), ==, CHANCELLOR_RESULT_NONE);
  chancellor_game_redo (game);
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_CHECKMATE);
  g_assert_cmpuint (counts.game_over, ==, 2);
}

/* Games that end by themselves: a start FEN, one move, the reason. */
static void
test_automatic_ends (void)
{
  static const struct {
    const char *variant;
    const char *fen;
    const char *move;
    ChancellorResult result;
    ChancellorReason reason;
    const char *description;
  } cases[] = {
    { "chess", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", "Qb6",
      CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_STALEMATE, "Draw by stalemate." },
    { "chess", "k7/8/8/8/8/8/1r6/K7 w - - 0 1", "Kxb2",
      CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_INSUFFICIENT_MATERIAL,
      "Draw: neither side has enough material to mate." },
    { "ajax", "k9/10/10/10/10/10/10/10/1r8/K9 w - - 0 1", "Kxb2",
      CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_INSUFFICIENT_MATERIAL,
      "Draw: neither side has enough material to mate." },
    { "chess", "k7/8/8/8/8/8/8/KQ6 w - - 149 80", "Qb2",
      CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_SEVENTY_FIVE_MOVES, "Draw by the 75-move rule." },
    { "capablanca", "k9/10/10/1C8/10/10/10/K9 w - - 0 1", "Cb7",
      CHANCELLOR_RESULT_WHITE_WINS, CHANCELLOR_REASON_NONE, NULL },
    { "carrera", "k9/10/1K8/10/10/10/10/2C7 w - - 0 1", "Cc8",
      CHANCELLOR_RESULT_WHITE_WINS, CHANCELLOR_REASON_CHECKMATE, "White wins by checkmate." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChancellorGame) game = test_game_new (cases[i].variant, cases[i].fen);
      g_autofree char *text = NULL;

      g_test_message ("%s %s", cases[i].fen, cases[i].move);
      test_play_text (game, cases[i].move);
      if (cases[i].reason == CHANCELLOR_REASON_NONE)
        {
          /* Not a mate: the king escapes. */
          g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
          continue;
        }
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
      g_assert_cmpint (chancellor_game_get_result (game), ==, cases[i].result);
      g_assert_cmpint (chancellor_game_get_reason (game), ==, cases[i].reason);
      text = chancellor_game_describe_result (game);
      g_assert_cmpstr (text, ==, cases[i].description);
    }
}

static void
test_repetition (void)
{
  static const char *const shuffle[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autofree char *text = NULL;
  Counts counts;

  watch (game, &counts);
  for (int i = 0; i < 8; i++)
    {
      g_assert_false (chancellor_game_can_claim_draw (game));
      test_play_text (game, shuffle[i % 4]);
    }
  /* The start position a third time: the player to move may claim. */
  g_assert_true (chancellor_game_can_claim_draw (game));
  g_assert_true (chancellor_game_claim_draw (game));
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_THREEFOLD_REPETITION);
  g_assert_cmpstr (chancellor_game_get_result_string (game), ==, "1/2-1/2");
  text = chancellor_game_describe_result (game);
  g_assert_cmpstr (text, ==, "Draw by threefold repetition, claimed.");
  g_assert_false (chancellor_game_can_claim_draw (game));
  g_assert_false (chancellor_game_claim_draw (game));
  g_assert_cmpuint (counts.game_over, ==, 1);

  /* Taking back reopens the game; playing on, the fifth time ends it. */
  chancellor_game_undo (game);
  chancellor_game_redo (game);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  for (int i = 8; i < 16; i++)
    {
      g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
      test_play_text (game, shuffle[i % 4]);
    }
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_FIVEFOLD_REPETITION);
  g_assert_cmpuint (counts.game_over, ==, 2);
}

static void
test_fifty_moves_and_resignation (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("chess", "k7/8/8/8/8/8/8/KQ6 w - - 99 80");
  g_autoptr (ChancellorGame) resigned = test_game_new ("ajax", NULL);
  g_autofree char *text = NULL;

  g_assert_false (chancellor_game_can_claim_draw (game));
  test_play_text (game, "Qb2");
  g_assert_true (chancellor_game_can_claim_draw (game));
  g_assert_true (chancellor_game_claim_draw (game));
  g_assert_cmpint (chancellor_game_get_reason (game), ==, CHANCELLOR_REASON_FIFTY_MOVES);

  test_play_text (resigned, "e2e5");
  chancellor_game_resign (resigned, CHANCELLOR_COLOR_BLACK);
  g_assert_cmpint (chancellor_game_get_result (resigned), ==, CHANCELLOR_RESULT_WHITE_WINS);
  g_assert_cmpint (chancellor_game_get_reason (resigned), ==, CHANCELLOR_REASON_RESIGNATION);
  g_assert_cmpstr (chancellor_game_get_result_string (resigned), ==, "1-0");
  text = chancellor_game_describe_result (resigned);
  g_assert_cmpstr (text, ==, "White wins: Black resigned.");
  g_assert_false (chancellor_game_can_redo (resigned));
}

/* The squares the game offers a piece in the relocation phase are the
 * engine's legal swaps of its file, and none off the relocating side's
 * first rank. */
static void
check_relocation_targets (ChancellorGame *game,
                          int             rank)
{
  int files = chancellor_game_get_files (game);
  int squares = files * chancellor_game_get_ranks (game);
  int files_a[32], files_b[32];
  int n_choices = chancellor_game_get_relocations (game, files_a, files_b, 32);
  g_autofree gboolean *targets = g_new0 (gboolean, squares);
  int offered = 0;

  g_assert_cmpint (n_choices, >, 1);
  for (int square = 0; square < squares; square++)
    {
      int count = chancellor_game_get_relocation_targets (game, square, targets);
      int seen = 0;

      if (square / files != rank)
        {
          g_assert_cmpint (count, ==, 0);
          continue;
        }
      for (int target = 0; target < squares; target++)
        {
          int file = target % files;
          gboolean listed = FALSE;

          if (!targets[target])
            continue;
          seen++;
          g_assert_cmpint (target / files, ==, rank);
          for (int i = 0; i < MIN (n_choices, 32); i++)
            listed |= (files_a[i] == square % files && files_b[i] == file)
                      || (files_b[i] == square % files && files_a[i] == file);
          g_assert_true (listed);
        }
      g_assert_cmpint (count, ==, seen);
      offered += count;
    }
  /* Each swap is offered from both its squares; the keep is no swap. */
  g_assert_cmpint (offered, ==, 2 * (n_choices - 1));
}

static void
test_relocation_targets (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca-relocation", NULL);
  int squares = chancellor_game_get_files (game) * chancellor_game_get_ranks (game);
  g_autofree gboolean *targets = g_new0 (gboolean, squares);
  g_autoptr (GError) error = NULL;

  /* Black first: rnabqkbcnr on the eighth rank. */
  check_relocation_targets (game, chancellor_game_get_ranks (game) - 1);
  /* A Rook never swaps. */
  g_assert_cmpint (chancellor_game_get_relocation_targets (game, sq (game, "a8"), targets), ==, 0);
  /* The King swaps with the Knight, not with the g-Bishop (both Bishops
   * would then stand on one colour), nor with a Rook. */
  chancellor_game_get_relocation_targets (game, sq (game, "f8"), targets);
  g_assert_true (targets[sq (game, "b8")]);
  g_assert_true (targets[sq (game, "e8")]);
  g_assert_false (targets[sq (game, "g8")]);
  g_assert_false (targets[sq (game, "a8")]);
  g_assert_false (targets[sq (game, "j8")]);
  g_assert_false (targets[sq (game, "f8")]);
  /* Only the Queen or the King swaps: a Knight's targets are those two. */
  g_assert_cmpint (chancellor_game_get_relocation_targets (game, sq (game, "b8"), targets), ==, 2);
  g_assert_true (targets[sq (game, "e8")] && targets[sq (game, "f8")]);
  /* White's pieces are not Black's to move. */
  g_assert_cmpint (chancellor_game_get_relocation_targets (game, sq (game, "f1"), targets), ==, 0);

  g_assert_true (chancellor_game_relocate (game, -1, -1, &error));
  g_assert_no_error (error);
  check_relocation_targets (game, 0);

  g_assert_true (chancellor_game_relocate (game, -1, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chancellor_game_get_relocation_targets (game, sq (game, "f1"), targets), ==, 0);
}

static void
test_relocation (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca-relocation", NULL);
  g_autoptr (ChancellorGame) given =
    test_game_new ("capablanca-relocation", "rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  g_autoptr (GError) error = NULL;
  g_autofree char *start = NULL;
  Counts counts;

  watch (game, &counts);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_BLACK);
  g_assert_false (chancellor_game_play_text (game, "e4", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  /* A Rook may not swap; nor may a swap leave both Bishops on dark squares. */
  g_assert_false (chancellor_game_relocate (game, 0, 1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION);
  g_assert_nonnull (strstr (error->message, "a8"));
  g_assert_nonnull (strstr (error->message, "a Rook never swaps"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_relocate (game, 4, 3, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION);
  g_assert_cmpstr (error->message, ==,
                   "Black cannot swap e8 and d8: both Bishops would stand on squares of one colour.");
  g_clear_error (&error);
  g_assert_false (chancellor_game_relocate (game, 1, 2, &error));
  g_assert_nonnull (strstr (error->message, "must be the King or the Queen"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_relocate (game, 4, 11, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION);
  g_clear_error (&error);
  g_assert_cmpuint (counts.changed, ==, 0);

  /* Black swaps King and Queen; White keeps its array. */
  g_assert_true (chancellor_game_relocate (game, 5, 4, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpstr (kind_at (game, 0, "e8"), ==, "king");
  g_assert_true (chancellor_game_relocate (game, -1, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_cmpuint (counts.changed, ==, 2);
  start = chancellor_game_get_start_fen (game);
  g_assert_cmpstr (start, ==, "rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");

  g_assert_false (chancellor_game_relocate (game, 5, 4, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION);
  g_clear_error (&error);

  test_play_text (game, "e4");
  test_play_text (game, "e5");
  g_assert_cmpstr (kind_at (game, 0, "e8"), ==, "king");
  chancellor_game_undo (game);
  chancellor_game_undo (game);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  g_assert_true (chancellor_game_can_redo (game));

  /* Before the first move, undo takes back White's keep, then Black's
   * swap: each side chooses again, from the array it had; the moves
   * taken back before can no longer be replayed. */
  g_assert_true (chancellor_game_can_undo (game));
  chancellor_game_undo (game);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_RELOCATION);
  g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_WHITE);
  g_assert_false (chancellor_game_can_redo (game));
  g_assert_cmpstr (kind_at (game, 0, "e8"), ==, "king");
  chancellor_game_undo (game);
  g_assert_cmpint (chancellor_game_get_relocating_color (game), ==, CHANCELLOR_COLOR_BLACK);
  g_assert_cmpstr (kind_at (game, 0, "e8"), ==, "queen");
  g_clear_pointer (&start, g_free);
  start = chancellor_game_get_start_fen (game);
  g_assert_cmpstr (start, ==, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  g_assert_false (chancellor_game_can_undo (game));
  /* And the game goes on from there. */
  g_assert_true (chancellor_game_relocate (game, -1, -1, &error));
  g_assert_true (chancellor_game_relocate (game, 5, 4, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kind_at (game, 0, "e1"), ==, "king");
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_PLAYING);
  test_play_text (game, "e4");

  /* A start given as a FEN has its arrays chosen already. */
  g_assert_cmpint (chancellor_game_get_phase (given), ==, CHANCELLOR_PHASE_PLAYING);
}

static void
test_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = NULL;
  ChancellorGame *bad;
  int n_starts;

  bad = chancellor_game_new ("shogi", NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_UNKNOWN_VARIANT);
  g_assert_nonnull (strstr (error->message, "shogi"));
  g_assert_nonnull (strstr (error->message, "ajax-ministers"));
  g_clear_error (&error);

  bad = chancellor_game_new ("chess", "rnbqkbnr/pppppppp/8/8 w", &error);
  g_assert_null (bad);
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN);
  g_assert_nonnull (strstr (error->message, "Chess"));
  g_clear_error (&error);

  bad = chancellor_game_new ("ajax", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &error);
  g_assert_null (bad);
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN);
  g_clear_error (&error);

  chancellor_catalogue_get_start_rule ("prime-ministers-random", &n_starts);
  bad = chancellor_game_new_start ("prime-ministers-random", n_starts, &error);
  g_assert_null (bad);
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN);
  g_clear_error (&error);

  game = test_game_new ("chess", NULL);
  g_assert_false (chancellor_game_play (game, sq (game, "e3"), sq (game, "e4"), -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "no piece on e3"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_play (game, sq (game, "e7"), sq (game, "e5"), -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "White’s turn"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_play (game, sq (game, "b1"), sq (game, "b3"), -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "Knight on b1 cannot go to b3"));
  g_clear_error (&error);
  g_assert_false (chancellor_game_play (game, 0, 64, -1, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (chancellor_game_play_text (game, "Qh5", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "Qh5"));
  g_clear_error (&error);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
}

/* The move list of a short Ajax game, in SAN, and its FENs. */
static void
test_move_list (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("ajax", NULL);
  static const char *const moves[][3] = {
    /* from, to, SAN */
    { "e2", "e5", "e5" },
    { "e9", "e6", "e6" },
    { "d1", "f3", "Mf3" },
    { "b10", "c8", "Nc8" },
    { "b1", "c3", "Nc3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (game, moves[i][0], moves[i][1]);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    assert_san (game, i + 1, moves[i][2]);
  assert_fen (game, 0, "rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1");
  g_assert_cmpstr (kind_at (game, 5, "f3"), ==, "ajax-minister");
  g_assert_cmpstr (chancellor_game_get_piece_name (game, type_of_kind (game, "ajax-minister")), ==, "Minister");
}

static void
count_annotation_signal (gpointer  object,
              guint     ply,
              gpointer  data)
{
  guint *last = data;

  *last = ply;
}

static void
count_tag_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

/* Tags keep their order; NULL removes one; a change notifies "tags". */
static void
test_tags (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca", NULL);
  g_auto (GStrv) names = NULL;
  guint notified = 0;

  g_signal_connect (game, "notify::tags", G_CALLBACK (count_tag_notify), &notified);
  g_assert_null (chancellor_game_get_tag (game, "Event"));
  chancellor_game_set_tag (game, "Event", "Club match");
  chancellor_game_set_tag (game, "White", "Ann");
  chancellor_game_set_tag (game, "Annotator", "Bea");
  chancellor_game_set_tag (game, "White", "Anne");
  chancellor_game_set_tag (game, "White", "Anne");
  g_assert_cmpuint (notified, ==, 4);
  g_assert_cmpstr (chancellor_game_get_tag (game, "White"), ==, "Anne");
  chancellor_game_set_tag (game, "Event", NULL);
  chancellor_game_set_tag (game, "Missing", NULL);
  g_assert_cmpuint (notified, ==, 5);
  names = chancellor_game_dup_tag_names (game);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "White");
  g_assert_cmpstr (names[1], ==, "Annotator");
}

/* Comments, NAGs and variations per ply: kept over undo and redo, gone
 * when another move replaces the one taken back. */
static void
test_annotations (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("chess", NULL);
  g_autoptr (GError) error = NULL;
  const guint8 nags[] = { 1, 14 };
  guint8 out[CHANCELLOR_GAME_NAGS_MAX];
  guint changed = G_MAXUINT;

  g_signal_connect (game, "annotation-changed", G_CALLBACK (count_annotation_signal), &changed);
  test_play_text (game, "e4");
  test_play_text (game, "e5");
  test_play_text (game, "Nf3");

  chancellor_game_set_comment (game, 0, "A quiet game");
  g_assert_cmpuint (changed, ==, 0);
  chancellor_game_set_comment (game, 2, "Symmetry");
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpstr (chancellor_game_get_comment (game, 0), ==, "A quiet game");
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "Symmetry");
  g_assert_null (chancellor_game_get_comment (game, 1));
  chancellor_game_set_comment (game, 0, "");
  g_assert_null (chancellor_game_get_comment (game, 0));

  chancellor_game_set_nags (game, 3, nags, G_N_ELEMENTS (nags));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (chancellor_game_get_nags (game, 3, out, G_N_ELEMENTS (out)), ==, 2);
  g_assert_cmpuint (out[0], ==, 1);
  g_assert_cmpuint (out[1], ==, 14);
  g_assert_cmpuint (chancellor_game_get_nags (game, 2, out, G_N_ELEMENTS (out)), ==, 0);

  /* A line replacing 2... e5, checked and written in canonical SAN. */
  g_assert_true (chancellor_game_add_variation (game, 2, "1... c5 2. g1f3", &error));
  g_assert_no_error (error);
  g_assert_true (chancellor_game_add_variation (game, 3, "d2-d4 exd4", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 2), ==, 1);
  g_assert_cmpstr (chancellor_game_get_variation (game, 2, 0), ==, "1... c5 2. Nf3");
  g_assert_cmpstr (chancellor_game_get_variation (game, 3, 0), ==, "2. d4 exd4");
  /* Comments, NAGs and nested lines inside a variation are kept. */
  g_assert_true (chancellor_game_add_variation (game, 3, "Bc4!? {Italian}  (2. Nc3 Nf6) Nf6", &error));
  g_assert_no_error (error);
  /* A line replacing a line's first move is a line beside it. */
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 3);
  g_assert_cmpstr (chancellor_game_get_variation (game, 3, 1), ==, "2. Bc4 $5 {Italian} 2... Nf6");
  g_assert_cmpstr (chancellor_game_get_variation (game, 3, 2), ==, "2. Nc3 Nf6");
  g_assert_false (chancellor_game_add_variation (game, 3, "Bc4 (e4)", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (chancellor_game_add_variation (game, 2, "1... e4", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 2), ==, 1);

  /* Undo and redo keep them; another move drops those of the moves replaced. */
  chancellor_game_undo (game);
  chancellor_game_undo (game);
  chancellor_game_redo (game);
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "Symmetry");
  g_assert_cmpuint (chancellor_game_get_nags (game, 3, out, G_N_ELEMENTS (out)), ==, 2);
  test_play_text (game, "Nc3");
  g_assert_cmpuint (chancellor_game_get_nags (game, 3, out, G_N_ELEMENTS (out)), ==, 0);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 0);
  g_assert_cmpstr (chancellor_game_get_comment (game, 2), ==, "Symmetry");
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 2), ==, 1);

  chancellor_game_clear_variations (game, 2);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 2), ==, 0);
}

static void
count_signal (guint *count)
{
  (*count)++;
}

/* Plays text (SAN) at ply, which must be legal there; the ply reached. */
static guint
play_at (ChancellorGame *game,
         guint           ply,
         const char     *text)
{
  g_autoptr (GError) error = NULL;
  guint played = 0;

  g_assert_true (chancellor_game_play_text_at (game, ply, text, &played, &error));
  g_assert_no_error (error);
  g_assert_true (chancellor_game_has_ply (game, played));
  return played;
}

/* The game's PGN movetext alone (after the tags), on one line. */
static char *
dup_movetext (ChancellorGame *game)
{
  g_autofree char *pgn = chancellor_pgn_write (game);
  const char *body = strstr (pgn, "\n\n");
  g_autoptr (GRegex) spaces = g_regex_new ("\\s+", 0, 0, NULL);

  g_assert_nonnull (body);
  return g_strstrip (g_regex_replace_literal (spaces, body, -1, 0, " ", 0, NULL));
}

/* Side lines by playing: a move at an earlier position starts a line,
 * the same move again follows it, the main line's move follows the main
 * line, lines nest; the main line, its length and result stay. */
static void
test_side_lines_play (void)
{
  const char *const moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (GError) error = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *movetext = NULL;
  guint changed = G_MAXUINT;
  guint d4, d5, c4, nf6, again, next;
  g_autofree char *san = NULL;

  g_signal_connect (game, "annotation-changed", G_CALLBACK (count_annotation_signal), &changed);

  /* The main line's next move follows it. */
  g_assert_cmpuint (play_at (game, 2, "Nf3"), ==, 3);
  g_assert_cmpuint (changed, ==, G_MAXUINT);

  d4 = play_at (game, 2, "d4");
  g_assert_cmpuint (d4, >=, CHANCELLOR_GAME_SIDE_PLY_MIN);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 5);
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 1);
  g_assert_cmpuint (chancellor_game_get_variation_ply (game, 3, 0), ==, d4);
  g_assert_true (chancellor_game_is_side_ply (game, d4));
  g_assert_cmpuint (chancellor_game_get_parent_ply (game, d4), ==, 2);
  g_assert_cmpuint (chancellor_game_get_branch_ply (game, d4), ==, 2);
  g_assert_cmpuint (chancellor_game_get_move_count (game, d4), ==, 3);
  san = chancellor_game_get_san (game, d4);
  g_assert_cmpstr (san, ==, "d4");
  fen = chancellor_game_get_fen (game, d4);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
  g_assert_cmpint (chancellor_game_get_side_to_move (game, d4), ==, CHANCELLOR_COLOR_BLACK);

  /* The line goes on, and the same move again follows it. */
  d5 = play_at (game, d4, "exd4");
  g_assert_true (chancellor_game_get_next_ply (game, d4, &next));
  g_assert_cmpuint (next, ==, d5);
  g_assert_false (chancellor_game_get_next_ply (game, d5, &next));
  g_assert_cmpuint (play_at (game, 2, "d4"), ==, d4);
  g_assert_cmpuint (play_at (game, d4, "exd4"), ==, d5);
  c4 = play_at (game, d5, "c3");
  /* Another reply inside the line nests a line in it. */
  nf6 = play_at (game, d4, "Nc6");
  g_assert_cmpuint (chancellor_game_get_n_variations (game, d5), ==, 1);
  g_assert_cmpuint (chancellor_game_get_variation_ply (game, d5, 0), ==, nf6);
  g_assert_cmpuint (chancellor_game_get_branch_ply (game, nf6), ==, 2);
  g_assert_cmpuint (chancellor_game_get_move_count (game, c4), ==, 5);
  /* A second line at the same move. */
  again = play_at (game, 2, "Bc4");
  g_assert_cmpuint (chancellor_game_get_n_variations (game, 3), ==, 2);
  g_assert_cmpuint (chancellor_game_get_variation_ply (game, 3, 1), ==, again);

  /* Comments and NAGs on side moves, read back from PGN. */
  chancellor_game_set_comment (game, c4, "The Danish");
  chancellor_game_set_nags (game, c4, (const guint8 []) { 5 }, 1);
  g_assert_cmpstr (chancellor_game_get_variation (game, 3, 0), ==,
                   "2. d4 exd4 (2... Nc6) 3. c3 $5 {The Danish}");
  movetext = dup_movetext (game);
  g_assert_cmpstr (movetext, ==,
                   "1. e4 e5 2. Nf3 (2. d4 exd4 (2... Nc6) 3. c3 $5 {The Danish}) (2. Bc4) 2... Nc6 3. Bb5 *");
  {
    g_autofree char *text = chancellor_pgn_write (game);
    g_autoptr (GPtrArray) games = chancellor_pgn_read (text, -1, &error);
    g_autofree char *read_san = NULL;
    ChancellorGame *read;
    guint read_d4;

    g_assert_no_error (error);
    read = g_ptr_array_index (games, 0);
    g_assert_cmpuint (chancellor_game_get_n_moves (read), ==, 5);
    g_assert_cmpuint (chancellor_game_get_n_variations (read, 3), ==, 2);
    read_d4 = chancellor_game_get_variation_ply (read, 3, 0);
    read_san = chancellor_game_get_san (read, read_d4);
    g_assert_cmpstr (read_san, ==, "d4");
    g_assert_true (chancellor_game_get_next_ply (read, read_d4, &next));
    g_assert_true (chancellor_game_get_next_ply (read, next, &next));
    g_assert_cmpstr (chancellor_game_get_comment (read, next), ==, "The Danish");
  }

  /* A side position's line as a game of its own, to play on from. */
  {
    g_autoptr (ChancellorGame) line = chancellor_game_dup_line (game, c4);
    g_autoptr (ChancellorGame) main_line = chancellor_game_dup_line (game, 3);
    g_autofree char *last = NULL;

    g_assert_cmpuint (chancellor_game_get_n_moves (line), ==, 5);
    last = chancellor_game_get_san (line, 5);
    g_assert_cmpstr (last, ==, "c3");
    g_assert_cmpstr (chancellor_game_get_comment (line, 5), ==, "The Danish");
    g_assert_cmpuint (chancellor_game_get_n_variations (line, 3), ==, 0);
    g_assert_cmpint (chancellor_game_get_phase (line), ==, CHANCELLOR_PHASE_PLAYING);
    g_assert_cmpuint (chancellor_game_get_n_moves (main_line), ==, 3);
  }

  /* A finished game takes side lines too: only its live position is over. */
  test_play_text (game, "a6");
  chancellor_game_resign (game, CHANCELLOR_COLOR_WHITE);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpuint (play_at (game, 4, "Bc4"), >=, CHANCELLOR_GAME_SIDE_PLY_MIN);
  g_assert_false (chancellor_game_play_text (game, "Ba4", &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER);
  g_clear_error (&error);
  /* An illegal move at an earlier position says why, as at the live one. */
  g_assert_false (chancellor_game_play_text_at (game, d4, "Ke6", NULL, &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 6);
}

/* Promoting a side line makes it the main line (the old main line, with
 * its annotations, becomes the variation); a nested line becomes its
 * line's continuation; deleting drops the innermost line. */
static void
test_side_lines_promote_delete (void)
{
  const char *const moves[] = { "e4", "e5", "Nf3", "Nc6" };
  g_autoptr (ChancellorGame) game = test_game_new_with ("chess", moves, G_N_ELEMENTS (moves));
  g_autofree char *before = NULL;
  g_autofree char *promoted = NULL;
  g_autofree char *nested = NULL;
  g_autofree char *deleted = NULL;
  guint n_changed = 0;
  guint d4, exd4, nc6, c3, ply, shown;

  chancellor_game_set_comment (game, 3, "The usual");
  chancellor_game_set_nags (game, 4, (const guint8 []) { 1 }, 1);
  d4 = play_at (game, 2, "d4");
  exd4 = play_at (game, d4, "exd4");
  c3 = play_at (game, exd4, "c3");
  nc6 = play_at (game, d4, "Nc6");
  before = dup_movetext (game);
  g_assert_cmpstr (before, ==, "1. e4 e5 2. Nf3 {The usual} (2. d4 exd4 (2... Nc6) 3. c3) 2... Nc6 $1 *");

  g_signal_connect_swapped (game, "changed", G_CALLBACK (count_signal), &n_changed);
  ply = chancellor_game_promote_variation (game, c3);
  g_assert_cmpuint (ply, ==, 5);
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 5);
  g_assert_false (chancellor_game_is_side_ply (game, c3));
  promoted = dup_movetext (game);
  g_assert_cmpstr (promoted, ==, "1. e4 e5 2. d4 (2. Nf3 {The usual} 2... Nc6 $1) 2... exd4 (2... Nc6) 3. c3 *");
  g_assert_cmpstr (chancellor_game_get_comment (game, 3), ==, NULL);
  g_assert_true (chancellor_game_can_undo (game));
  g_assert_false (chancellor_game_can_redo (game));
  /* The live position is the new line's end, and play goes on there. */
  test_play_text (game, "dxc3");
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 6);
  chancellor_game_undo (game);

  /* The nested line 2... Nc6 becomes the main line's move, back and forth. */
  nc6 = chancellor_game_get_variation_ply (game, 4, 0);
  ply = chancellor_game_promote_variation (game, nc6);
  g_assert_cmpuint (ply, ==, 4);
  nested = dup_movetext (game);
  g_assert_cmpstr (nested, ==, "1. e4 e5 2. d4 (2. Nf3 {The usual} 2... Nc6 $1) 2... Nc6 (2... exd4 3. c3) *");

  /* A nested line inside a side line swaps with its continuation. */
  {
    guint nf3 = chancellor_game_get_variation_ply (game, 3, 0);
    guint nc6_side, a6, next;

    g_assert_true (chancellor_game_get_next_ply (game, nf3, &nc6_side));
    a6 = play_at (game, nf3, "a6");
    g_assert_cmpuint (chancellor_game_promote_variation (game, a6), ==, a6);
    g_assert_true (chancellor_game_get_next_ply (game, nf3, &next));
    g_assert_cmpuint (next, ==, a6);
    g_assert_cmpuint (chancellor_game_get_variation_ply (game, a6, 0), ==, nc6_side);

    /* Deleting the nested line keeps its parent line. */
    shown = chancellor_game_delete_variation (game, nc6_side);
    g_assert_cmpuint (shown, ==, nf3);
    g_assert_false (chancellor_game_has_ply (game, nc6_side));
    g_assert_cmpuint (chancellor_game_get_n_variations (game, a6), ==, 0);
    /* Deleting a line from its last move drops it whole. */
    shown = chancellor_game_delete_variation (game, a6);
    g_assert_cmpuint (shown, ==, 2);
    g_assert_false (chancellor_game_has_ply (game, nf3));
  }
  deleted = dup_movetext (game);
  g_assert_cmpstr (deleted, ==, "1. e4 e5 2. d4 Nc6 (2... exd4 3. c3) *");
  /* A main-line ply is no side line: nothing to promote or delete. */
  g_assert_cmpuint (chancellor_game_promote_variation (game, 3), ==, 3);
  g_assert_cmpuint (chancellor_game_delete_variation (game, 3), ==, 3);
}

/* An outcome the board does not show, and the PMRC start number. */
static void
test_outcome_and_pmrc_number (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca", NULL);
  g_autoptr (ChancellorGame) pmrc = chancellor_game_new_start ("prime-ministers-random", 1234, NULL);
  g_autoptr (ChancellorGame) pmrc_moved =
    test_game_new ("prime-ministers-random", "rkrnnmqbb/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1");

  test_play_text (game, "e4");
  g_assert_false (chancellor_game_set_outcome (game, CHANCELLOR_RESULT_NONE, CHANCELLOR_REASON_NONE));
  g_assert_true (chancellor_game_set_outcome (game, CHANCELLOR_RESULT_BLACK_WINS, CHANCELLOR_REASON_TIME));
  g_assert_cmpint (chancellor_game_get_phase (game), ==, CHANCELLOR_PHASE_OVER);
  g_assert_cmpstr (chancellor_game_get_result_string (game), ==, "0-1");
  g_assert_cmpint (chancellor_game_get_flagged_color (game), ==, CHANCELLOR_COLOR_WHITE);
  g_assert_false (chancellor_game_set_outcome (game, CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_AGREEMENT));

  g_assert_cmpint (chancellor_game_get_start_number (game), ==, -1);
  g_assert_nonnull (pmrc);
  g_assert_cmpint (chancellor_game_get_start_number (pmrc), ==, 1234);
  g_assert_cmpint (chancellor_game_get_start_number (pmrc_moved), ==, -1);
}

/* A move of the live position named in SAN without playing it. */
static void
test_san_of (void)
{
  g_autoptr (ChancellorGame) game = test_game_new ("capablanca", NULL);
  g_autofree char *chancellor = chancellor_game_dup_san_of (game, "h1i3");
  g_autofree char *knight = chancellor_game_dup_san_of (game, "i1h3");
  g_autofree char *pawn = chancellor_game_dup_san_of (game, "e2-e4");
  g_autofree char *illegal = chancellor_game_dup_san_of (game, "e2e5");

  g_assert_cmpstr (chancellor, ==, "Ci3");
  g_assert_cmpstr (knight, ==, "Nh3");
  g_assert_cmpstr (pawn, ==, "e4");
  g_assert_null (illegal);
  g_assert_cmpuint (chancellor_game_get_n_moves (game), ==, 0);
}

/* A set-up board written as FEN gives back the same board in every game,
 * and the engine's refusals come through chancellor_game_new. */
static void
test_compose_fen (void)
{
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);
      g_autoptr (ChancellorGame) game = chancellor_game_new (id, NULL, NULL);
      int squares = chancellor_game_get_files (game) * chancellor_game_get_ranks (game);
      g_autofree ChancellorPiece *board = g_new0 (ChancellorPiece, squares);
      g_autofree char *start = NULL;
      g_autofree char *fen = NULL;
      g_autofree char *emptied = NULL;
      g_auto (GStrv) fields = NULL;
      g_autoptr (ChancellorGame) again = NULL;
      g_autoptr (GError) error = NULL;

      while (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_RELOCATION)
        g_assert_true (chancellor_game_relocate (game, -1, -1, NULL));
      start = chancellor_game_get_fen (game, chancellor_game_get_n_moves (game));
      for (int sq = 0; sq < squares; sq++)
        board[sq] = chancellor_game_get_piece (game, chancellor_game_get_n_moves (game), sq);
      fields = g_strsplit (start, " ", -1);
      fen = chancellor_game_compose_fen (game, board, CHANCELLOR_COLOR_WHITE, fields[2], NULL);
      g_assert_cmpstr (fen, ==, start);
      again = chancellor_game_new (id, fen, &error);
      g_assert_no_error (error);

      /* Without its kings the engine refuses it, and says why. */
      for (int sq = 0; sq < squares; sq++)
        if (board[sq].present && board[sq].type == 0)
          board[sq].present = FALSE;
      emptied = chancellor_game_compose_fen (game, board, CHANCELLOR_COLOR_BLACK, "", "");
      g_assert_null (chancellor_game_new (id, emptied, &error));
      g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN);
      g_assert_nonnull (strstr (error->message, "must have exactly one king"));
      g_assert_nonnull (strstr (emptied, " b - - 0 1"));
    }
}

/* Carrera's forbidden double step (doc/rules.md): b2-b4 would block the
 * Bishop's check, so the refusal names the rule, not the check. */
static void
test_carrera_double_step_reason (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new ("carrera", "4k5/10/10/b9/2p7/10/1P8/4K5 w - - 0 1", &error);

  g_assert_no_error (error);
  g_assert_false (chancellor_game_play (game, test_square_named (game, "b2"), test_square_named (game, "b4"), -1,
                                        &error));
  g_assert_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "en passant"));
  g_assert_null (strstr (error->message, "King is in check"));
  g_clear_error (&error);

  /* Another move that leaves the check still says so. */
  g_assert_false (chancellor_game_play (game, test_square_named (game, "b2"), test_square_named (game, "b3"), -1,
                                        &error));
  g_assert_nonnull (strstr (error->message, "King is in check"));
  g_clear_error (&error);

  /* Stepping the King out of the check is still allowed. */
  g_assert_true (chancellor_game_play (game, test_square_named (game, "e1"), test_square_named (game, "f1"), -1,
                                       &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/every-game", test_every_game);
  g_test_add_func ("/game/san-of", test_san_of);
  g_test_add_func ("/game/castling/ajax", test_castling_ajax);
  g_test_add_func ("/game/castling/pmrc", test_castling_pmrc);
  g_test_add_func ("/game/en-passant", test_en_passant);
  g_test_add_func ("/game/promotion", test_promotion);
  g_test_add_func ("/game/undo-redo", test_undo_redo);
  g_test_add_func ("/game/end/checkmate", test_checkmate);
  g_test_add_func ("/game/end/automatic", test_automatic_ends);
  g_test_add_func ("/game/end/repetition", test_repetition);
  g_test_add_func ("/game/end/fifty-moves-and-resignation", test_fifty_moves_and_resignation);
  g_test_add_func ("/game/relocation", test_relocation);
  g_test_add_func ("/game/relocation-targets", test_relocation_targets);
  g_test_add_func ("/game/errors", test_errors);
  g_test_add_func ("/game/move-list", test_move_list);
  g_test_add_func ("/game/tags", test_tags);
  g_test_add_func ("/game/annotations", test_annotations);
  g_test_add_func ("/game/side-lines-play", test_side_lines_play);
  g_test_add_func ("/game/side-lines-promote-delete", test_side_lines_promote_delete);
  g_test_add_func ("/game/outcome-and-pmrc-number", test_outcome_and_pmrc_number);
  g_test_add_func ("/game/compose-fen", test_compose_fen);
  g_test_add_func ("/game/carrera-double-step-reason", test_carrera_double_step_reason);

  return g_test_run ();
}
