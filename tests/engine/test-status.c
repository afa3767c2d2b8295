/* test-status.c — mate, stalemate and the draw rules in every game
 * (doc/rules.md, "End of the Game"), as a table: game, FEN, moves, result. */
#include <glib.h>
#include <string.h>

#include "movegen.h"
#include "status.h"

typedef struct {
  const char *name;
  const char *game;
  const char *fen;            /* NULL: the game's start */
  const char *moves;          /* from-to squares, space separated ("e2e4 e10c10 a7a8q") */
  GameStatus status;
  bool in_check;
  bool can_claim_threefold;
  bool can_claim_fifty;
} StatusCase;

/* A knight going out and back twice each: the start position comes round again. */
#define CHESS_SHUFFLE "g1f3 g8f6 f3g1 f6g8"
#define AJAX_SHUFFLE "b1c3 b10c8 c3b1 c8b10"

static const StatusCase status_cases[] = {
  /* Checkmate and stalemate in each of the nine games. */
  { "chess/start", "chess", NULL, NULL, STATUS_ONGOING, false, false, false },
  { "chess/fools-mate", "chess", NULL, "f2f3 e7e5 g2g4 d8h4", STATUS_CHECKMATE, true, false, false },
  { "chess/stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL, STATUS_STALEMATE, false, false, false },
  { "capablanca/chancellor-mate", "capablanca", "k1C7/10/1K8/10/10/10/10/10 b - - 0 1", NULL,
    STATUS_CHECKMATE, true, false, false },
  { "capablanca/archbishop-stalemate", "capablanca", "k9/2K7/10/2A7/10/10/10/10 b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },
  { "capablanca-relocation/archbishop-mate", "capablanca-relocation", "k9/2K7/1A8/10/10/10/10/10 b - - 0 1", NULL,
    STATUS_CHECKMATE, true, false, false },
  { "capablanca-relocation/chancellor-stalemate", "capablanca-relocation", "k1K7/10/2C7/10/10/10/10/10 b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },
  { "carrera/queen-mate", "carrera", "k9/1Q8/1K8/10/10/10/10/10 b - - 0 1", NULL, STATUS_CHECKMATE, true, false, false },
  { "carrera/centaur-mate", "carrera", "k9/2K7/1A8/10/10/10/10/10 b - - 0 1", NULL, STATUS_CHECKMATE, true, false, false },
  { "carrera/queen-stalemate", "carrera", "k9/2Q7/10/10/10/10/10/9K b - - 0 1", NULL, STATUS_STALEMATE, false, false, false },
  /* The Minister's D leap gives mate from c10 (a two-digit rank in the move). */
  { "ajax/minister-mate", "ajax", "k3M5/10/1K8/10/10/10/10/10/10/10 w - - 0 1", "e10c10",
    STATUS_CHECKMATE, true, false, false },
  { "ajax/minister-stalemate", "ajax", "k9/10/1M8/10/10/10/10/10/10/9K b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },
  /* Smothered: the Ajax Rook on b8 cannot take c7 with its move-only step. */
  { "ajax-ministers/ajax-knight-mate", "ajax-ministers", "kr8/pp8/4N5/10/10/10/10/9K w - - 0 1", "e6c7",
    STATUS_CHECKMATE, true, false, false },
  { "ajax-ministers/rook-stalemate", "ajax-ministers", "k9/10/K9/10/10/10/10/1R8 b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },
  /* The Ajax Knight's step to a8 is move-only: no check, and the king takes it. */
  { "ajax-ministers/knight-step-no-check", "ajax-ministers", "k9/1N8/10/10/10/10/9P/9K b - - 0 1", NULL,
    STATUS_ONGOING, false, false, false },
  { "ajax-capablanca-ministers/rook-mate", "ajax-capablanca-ministers", "k8R/10/K9/10/10/10/10/10 b - - 0 1", NULL,
    STATUS_CHECKMATE, true, false, false },
  /* The Ajax Rook on b7 steps diagonally onto a8 only as a move: a8 is not
   * in check, so this is stalemate and not mate. */
  { "ajax-capablanca-ministers/rook-diagonal-stalemate", "ajax-capablanca-ministers",
    "k9/1R8/2K7/10/10/10/10/10 b - - 0 1", NULL, STATUS_STALEMATE, false, false, false },
  { "ajax-capablanca-ministers/rook-diagonal-no-check", "ajax-capablanca-ministers",
    "10/10/10/4k5/3R6/10/10/9K b - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "ajax-capablanca/chancellor-mate", "ajax-capablanca", "k1C7/10/1K8/10/10/10/10/10 b - - 0 1", NULL,
    STATUS_CHECKMATE, true, false, false },
  { "ajax-capablanca/archbishop-stalemate", "ajax-capablanca", "k9/2K7/10/2A7/10/10/10/10 b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },
  /* The Ajax Archbishop's step to a7 does not guard it: one legal move. */
  { "ajax-capablanca/archbishop-step-no-attack", "ajax-capablanca", "k9/10/A9/10/10/10/10/9K b - - 0 1", NULL,
    STATUS_ONGOING, false, false, false },
  { "prime-ministers-random/prime-minister-mate", "prime-ministers-random", "k8/2K6/9/9/M8/9/9/9 w - - 0 1", "a4b6",
    STATUS_CHECKMATE, true, false, false },
  { "prime-ministers-random/queen-stalemate", "prime-ministers-random", "k8/2Q6/9/9/9/9/9/8K b - - 0 1", NULL,
    STATUS_STALEMATE, false, false, false },

  /* Repetition: the start position for the second, third, fourth, fifth time. */
  { "repetition/twofold", "chess", NULL, CHESS_SHUFFLE, STATUS_ONGOING, false, false, false },
  { "repetition/threefold-claim", "chess", NULL, CHESS_SHUFFLE " " CHESS_SHUFFLE, STATUS_ONGOING, false, true, false },
  { "repetition/threefold-broken", "chess", NULL, CHESS_SHUFFLE " " CHESS_SHUFFLE " e2e4", STATUS_ONGOING, false, false, false },
  { "repetition/fourfold-claim", "chess", NULL, CHESS_SHUFFLE " " CHESS_SHUFFLE " " CHESS_SHUFFLE,
    STATUS_ONGOING, false, true, false },
  { "repetition/fivefold", "chess", NULL, CHESS_SHUFFLE " " CHESS_SHUFFLE " " CHESS_SHUFFLE " " CHESS_SHUFFLE,
    STATUS_FIVEFOLD_REPETITION, false, false, false },
  { "repetition/ajax-fivefold", "ajax", NULL, AJAX_SHUFFLE " " AJAX_SHUFFLE " " AJAX_SHUFFLE " " AJAX_SHUFFLE,
    STATUS_FIVEFOLD_REPETITION, false, false, false },

  /* 50 and 75 moves: 100 plies may be claimed, 150 end the game. */
  { "fifty/99", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 98 80", "g1f1", STATUS_ONGOING, false, false, false },
  { "fifty/100-claim", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 99 80", "g1f1", STATUS_ONGOING, false, false, true },
  { "fifty/100-from-fen", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 100 80", NULL, STATUS_ONGOING, false, false, true },
  { "fifty/149", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 148 80", "g1f1", STATUS_ONGOING, false, false, true },
  { "fifty/150-automatic", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 149 80", "g1f1",
    STATUS_SEVENTY_FIVE_MOVES, false, false, false },
  { "fifty/150-from-fen", "capablanca", "k9/10/1K8/10/10/10/10/8Q1 w - - 150 80", NULL,
    STATUS_SEVENTY_FIVE_MOVES, false, false, false },
  { "fifty/150-checkmate", "chess", "k7/8/1K6/8/8/8/8/6Q1 w - - 149 80", "g1g8", STATUS_CHECKMATE, true, false, false },
  { "fifty/pawn-move-resets", "chess", "k7/8/1K6/8/8/8/4P3/6Q1 w - - 149 80", "e2e4", STATUS_ONGOING, false, false, false },

  /* Insufficient material: exactly doc/rules.md's list. */
  { "material/chess-k-k", "chess", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", NULL, STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/chess-kb-k", "chess", "8/8/8/4k3/8/8/8/3BK3 w - - 0 1", NULL, STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/chess-k-kn", "chess", "8/8/8/4k3/3n4/8/8/4K3 w - - 0 1", NULL, STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/chess-capture-leaves-k-k", "chess", "8/8/8/4k3/8/8/3q4/4K3 w - - 0 1", "e1d2",
    STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/chess-kb-kb", "chess", "8/8/8/4k3/3b4/8/8/3BK3 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "material/chess-knn-k", "chess", "8/8/8/4k3/8/8/8/2NNK3 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "material/chess-kp-k", "chess", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "material/ajax-ministers-kb-k", "ajax-ministers", "10/10/10/4k5/10/10/10/4BK4 w - - 0 1", NULL,
    STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/ajax-kn-k", "ajax", "10/10/10/10/4k5/10/10/10/10/4NK4 b - - 0 1", NULL,
    STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/ajax-km-k", "ajax", "10/10/10/10/4k5/10/10/10/10/4MK4 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "material/ajax-capablanca-kr-k", "ajax-capablanca", "10/10/10/4k5/10/10/10/R4K4 w - - 0 1", NULL,
    STATUS_ONGOING, false, false, false },
  { "material/carrera-kn-k", "carrera", "10/10/10/4k5/10/10/10/4NK4 w - - 0 1", NULL,
    STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/capablanca-ka-k", "capablanca", "10/10/10/4k5/10/10/10/4AK4 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
  { "material/pmrc-kb-k", "prime-ministers-random", "9/9/9/4k4/9/9/9/4BK3 w - - 0 1", NULL,
    STATUS_INSUFFICIENT_MATERIAL, false, false, false },
  { "material/pmrc-km-k", "prime-ministers-random", "9/9/9/4k4/9/9/9/4MK3 w - - 0 1", NULL, STATUS_ONGOING, false, false, false },
};

/* A square name ("e4", "e10") at *text; advances past it, -1 if none. */
static int read_square (const Variant *v, const char **text)
{
  const char *p = *text;
  int file = *p - 'a', rank = 0;

  if (file < 0 || file >= v->files || !g_ascii_isdigit (p[1]))
    return -1;
  for (p++; g_ascii_isdigit (*p); p++)
    rank = rank * 10 + *p - '0';
  if (rank < 1 || rank > v->ranks)
    return -1;
  *text = p;
  return variant_square (v, file, rank - 1);
}

/* The legal move with these from and to squares (and promotion letter). */
static Move find_move (const Position *pos, const char *text)
{
  const Variant *v = pos->variant;
  const char *p = text;
  int from = read_square (v, &p);
  int to = from < 0 ? -1 : read_square (v, &p);
  MoveList list;

  g_assert_cmpint (to, >=, 0);
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move m = list.moves[i];
      if (move_from (m) != from || move_to (m) != to)
        continue;
      if (move_kind (m) == MOVE_PROMOTION
          ? g_ascii_toupper (*p) == v->type_letter[move_promotion (m)]
          : *p == '\0')
        return m;
    }
  return MOVE_NONE;
}

static Position *position_from_case (const StatusCase *c)
{
  const Variant *v = variant_by_id (c->game);
  Position *pos = g_new0 (Position, 1);
  ParseError err = { 0 };

  g_assert_nonnull (v);
  if (!position_set_fen (pos, v, c->fen ? c->fen : v->start_fen, &err))
    g_error ("%s: bad FEN: %s", c->name, err.message);
  if (c->moves)
    {
      g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
      for (char **text = moves; *text; text++)
        {
          Move m = find_move (pos, *text);
          if (m == MOVE_NONE)
            g_error ("%s: %s is not a legal move", c->name, *text);
          position_make (pos, m);
          g_assert_true (position_ok (pos));
        }
    }
  return pos;
}

static void test_status_case (gconstpointer data)
{
  const StatusCase *c = data;
  Position *pos = position_from_case (c);
  StatusInfo info = position_status (pos);

  g_assert_cmpstr (status_describe (info.status), ==, status_describe (c->status));
  g_assert_cmpint (info.status, ==, c->status);
  g_assert_cmpint (info.in_check, ==, c->in_check);
  g_assert_cmpint (info.can_claim_threefold, ==, c->can_claim_threefold);
  g_assert_cmpint (info.can_claim_fifty, ==, c->can_claim_fifty);
  /* None of the mates or stalemates above has a lone minor piece. */
  g_assert_cmpint (position_insufficient_material (pos), ==, c->status == STATUS_INSUFFICIENT_MATERIAL);
  g_free (pos);
}

/* One side's mating material, for a flag fall: a lone King, or King and
 * one Bishop or Knight (orthodox or Ajax), cannot mate. */
static void test_side_cannot_mate (void)
{
  static const struct {
    const char *game;
    const char *fen;
    bool white_cannot;
    bool black_cannot;
  } cases[] = {
    { "chess", "k7/8/8/8/8/8/8/K7 w - - 0 1", true, true },
    { "chess", "kn6/8/8/8/8/8/8/KB6 w - - 0 1", true, true },
    { "chess", "knn5/8/8/8/8/8/P7/K7 w - - 0 1", false, false },
    { "chess", "kr6/8/8/8/8/8/8/KQ6 w - - 0 1", false, false },
    { "ajax", "k9/p9/10/10/10/10/10/10/10/KN8 b - - 0 1", true, false },
    { "ajax", "k9/10/10/10/10/10/10/10/10/KM8 b - - 0 1", false, true },
    { "capablanca", "k9/10/10/10/10/10/10/KA8 b - - 0 1", false, true },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const StatusCase c = { "side-cannot-mate", cases[i].game, cases[i].fen, NULL,
                             STATUS_ONGOING, false, false, false };
      Position *pos = position_from_case (&c);

      g_assert_cmpint (position_side_cannot_mate (pos, WHITE), ==, cases[i].white_cannot);
      g_assert_cmpint (position_side_cannot_mate (pos, BLACK), ==, cases[i].black_cannot);
      g_free (pos);
    }
}

/* Every move of the shuffle, with the repetitions as they grow. */
static void test_repetition_count (void)
{
  static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
  const StatusCase start = { "repetition/count", "chess", NULL, NULL, STATUS_ONGOING, false, false, false };
  Position *pos = position_from_case (&start);

  for (int ply = 1; ply <= 16; ply++)
    {
      position_make (pos, find_move (pos, shuffle[(ply - 1) % 4]));
      /* The start position also counts ply 0; the others first came at plies 1-3. */
      int occurrences = ply % 4 == 0 ? ply / 4 + 1 : (ply - 1) / 4 + 1;
      StatusInfo info = position_status (pos);
      g_assert_cmpint (position_repetitions (pos), ==, occurrences - 1);
      g_assert_cmpint (info.can_claim_threefold, ==, occurrences >= 3 && occurrences < 5);
      g_assert_cmpint (info.status, ==, occurrences >= 5 ? STATUS_FIVEFOLD_REPETITION : STATUS_ONGOING);
    }
  g_free (pos);
}

static void test_describe (void)
{
  static const char *const expected[] = {
    [STATUS_ONGOING] = "in progress",
    [STATUS_CHECKMATE] = "checkmate",
    [STATUS_STALEMATE] = "stalemate",
    [STATUS_FIVEFOLD_REPETITION] = "fivefold repetition",
    [STATUS_SEVENTY_FIVE_MOVES] = "75-move rule",
    [STATUS_INSUFFICIENT_MATERIAL] = "insufficient material",
  };

  for (GameStatus s = STATUS_ONGOING; s <= STATUS_INSUFFICIENT_MATERIAL; s++)
    g_assert_cmpstr (status_describe (s), ==, expected[s]);
}

/* Every game has at least one mate and one stalemate in the table. */
static void test_every_game_covered (void)
{
  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      bool mate = false, stalemate = false;
      for (size_t k = 0; k < G_N_ELEMENTS (status_cases); k++)
        if (strcmp (status_cases[k].game, v->id) == 0)
          {
            mate |= status_cases[k].status == STATUS_CHECKMATE;
            stalemate |= status_cases[k].status == STATUS_STALEMATE;
          }
      if (!mate || !stalemate)
        g_error ("%s lacks a %s case", v->id, mate ? "stalemate" : "checkmate");
    }
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS (status_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/status/", status_cases[i].name, NULL);
      g_test_add_data_func (path, &status_cases[i], test_status_case);
    }
  g_test_add_func ("/status/repetition/count", test_repetition_count);
  g_test_add_func ("/status/side-cannot-mate", test_side_cannot_mate);
  g_test_add_func ("/status/describe", test_describe);
  g_test_add_func ("/status/every-game-covered", test_every_game_covered);
  return g_test_run ();
}
