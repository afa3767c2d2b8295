/* variant.c — piece kinds and the nine games (doc/rules.md). */
#include "variant.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <pthread.h>

#define A(x) ATOM_BIT (ATOM_##x)

/* doc/rules.md, "Pieces".  Values are centipawns for the evaluation.  The
 * orthodox ones and the compounds follow the published estimates for
 * Capablanca Chess (Q 9.5, C 9, A 8.75 → 850 here for play); the Ajax ones
 * the rule page's scale (Q 9, R 6, B 4, M 4, N 3, P 1).  The Ajax
 * compounds have no published value: their capturing moves are the
 * orthodox compounds' (21.5 and 15.3 targets on an empty 10×8 board) and
 * their move-only steps add about three more, as they do for the rook the
 * rule page values at 6; so each gets the orthodox value plus about 30,
 * the Chancellor staying below the Queen's 25.8 targets. */
static const PieceKindInfo piece_kinds[KIND_NB] = {
  [KIND_KING]            = { "king", "King", 'K', A (W) | A (F), 0, 0 },
  [KIND_PAWN]            = { "pawn", "Pawn", 'P', 0, 0, 100 },
  [KIND_QUEEN]           = { "queen", "Queen", 'Q', A (R) | A (B), 0, 950 },
  [KIND_ROOK]            = { "rook", "Rook", 'R', A (R), 0, 500 },
  [KIND_BISHOP]          = { "bishop", "Bishop", 'B', A (B), 0, 330 },
  [KIND_KNIGHT]          = { "knight", "Knight", 'N', A (N), 0, 320 },
  [KIND_ARCHBISHOP]      = { "archbishop", "Archbishop", 'A', A (B) | A (N), 0, 850 },
  [KIND_CHANCELLOR]      = { "chancellor", "Chancellor", 'C', A (R) | A (N), 0, 900 },
  [KIND_PRIME_MINISTER]  = { "prime-minister", "Prime Minister", 'M', A (B) | A (N), 0, 850 },
  [KIND_AJAX_ROOK]       = { "ajax-rook", "Rook", 'R', A (R), A (F), 600 },
  [KIND_AJAX_BISHOP]     = { "ajax-bishop", "Bishop", 'B', A (B), A (W), 400 },
  [KIND_AJAX_KNIGHT]     = { "ajax-knight", "Knight", 'N', A (N), A (W) | A (F), 300 },
  [KIND_AJAX_MINISTER]   = { "ajax-minister", "Minister", 'M', A (W) | A (F) | A (A) | A (D), 0, 400 },
  [KIND_AJAX_ARCHBISHOP] = { "ajax-archbishop", "Archbishop", 'A', A (B) | A (N), A (W), 880 },
  [KIND_AJAX_CHANCELLOR] = { "ajax-chancellor", "Chancellor", 'C', A (R) | A (N), A (F), 930 },
};

const PieceKindInfo *piece_kind_info (PieceKind kind)
{
  return kind < KIND_NB ? &piece_kinds[kind] : NULL;
}

#define ORTHODOX_ARMY KIND_KING, KIND_PAWN, KIND_QUEEN, KIND_ROOK, KIND_BISHOP, KIND_KNIGHT
#define AJAX_ARMY KIND_KING, KIND_PAWN, KIND_QUEEN, KIND_AJAX_ROOK, KIND_AJAX_BISHOP, KIND_AJAX_KNIGHT

/* Castling as in Capablanca Chess: O-O-O puts K on c, R on d; O-O K on i, R on h. */
#define CAPABLANCA_CASTLING \
  .castle_king_file = { 2, 8 }, .castle_rook_file = { 3, 7 }, .castle_san = { "O-O-O", "O-O" }

static Variant variants[] = {
  {
    .id = "ajax", .name = "Ajax Chess", .files = 10, .ranks = 10,
    .types = 7, .kinds = { AJAX_ARMY, KIND_AJAX_MINISTER },
    .start_fen = "rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1",
    .pawn_step_max = 3, .promotions = "QRMBN",
    .castling = CASTLING_FIXED, .castle_king_file = { 1, 8 }, .castle_rook_file = { 2, 7 },
    .castle_san = { "O-Ob", "O-Oi" }, .castle_san_aliases = true,
  },
  {
    .id = "ajax-ministers", .name = "Ajax Ministers Chess", .files = 10, .ranks = 8,
    .types = 7, .kinds = { AJAX_ARMY, KIND_AJAX_MINISTER },
    .start_fen = "rnbmqkmbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QRMBN",
    .castling = CASTLING_FIXED, .castle_king_file = { 1, 8 }, .castle_rook_file = { 2, 7 },
    .castle_san = { "O-Ob", "O-Oi" }, .castle_san_aliases = true,
  },
  {
    .id = "ajax-capablanca-ministers", .name = "Ajax-Capablanca Chess (Ministers)", .files = 10, .ranks = 8,
    .types = 7, .kinds = { AJAX_ARMY, KIND_AJAX_MINISTER },
    .start_fen = "rnbmqkmbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QRMBN",
    .castling = CASTLING_FIXED, CAPABLANCA_CASTLING, .castle_san_aliases = true,
  },
  {
    .id = "ajax-capablanca", .name = "Ajax-Capablanca Chess", .files = 10, .ranks = 8,
    .types = 8, .kinds = { AJAX_ARMY, KIND_AJAX_ARCHBISHOP, KIND_AJAX_CHANCELLOR },
    .start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QRBNAC",
    .castling = CASTLING_FIXED, CAPABLANCA_CASTLING, .castle_san_aliases = true,
  },
  {
    .id = "prime-ministers-random", .name = "Prime Ministers Random Chess", .files = 9, .ranks = 8,
    .types = 7, .kinds = { ORTHODOX_ARMY, KIND_PRIME_MINISTER },
    .start_fen = "bbqmnnrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QMRBN",
    .castling = CASTLING_FREE, .castle_king_file = { 1, 7 }, .castle_rook_file = { 2, 6 },
    .castle_san = { "O-Ob", "O-Oh" }, .castle_san_aliases = true,
    .start = START_PRIME_MINISTERS,
  },
  {
    .id = "carrera", .name = "Carrera's Chess", .files = 10, .ranks = 8,
    .types = 8, .kinds = { ORTHODOX_ARMY, KIND_ARCHBISHOP, KIND_CHANCELLOR },
    .names = { [6] = "Centaur", [7] = "Champion" },
    .start_fen = "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1",
    .pawn_step_max = 2, .promotions = "QCA",
    .castling = CASTLING_NONE, .double_step_check_rule = true,
  },
  {
    .id = "capablanca-relocation", .name = "Capablanca Relocation Chess", .files = 10, .ranks = 8,
    .types = 8, .kinds = { ORTHODOX_ARMY, KIND_ARCHBISHOP, KIND_CHANCELLOR },
    .start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QACRBN",
    .castling = CASTLING_FREE, CAPABLANCA_CASTLING,
    .start = START_RELOCATION,
  },
  {
    .id = "capablanca", .name = "Capablanca Chess", .files = 10, .ranks = 8,
    .types = 8, .kinds = { ORTHODOX_ARMY, KIND_ARCHBISHOP, KIND_CHANCELLOR },
    .start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QACRBN",
    .castling = CASTLING_FIXED, CAPABLANCA_CASTLING,
  },
  {
    .id = "chess", .name = "Chess", .files = 8, .ranks = 8,
    .types = 6, .kinds = { ORTHODOX_ARMY },
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    .pawn_step_max = 2, .promotions = "QRBN",
    .castling = CASTLING_FIXED, .castle_king_file = { 2, 6 }, .castle_rook_file = { 3, 5 },
    .castle_san = { "O-O-O", "O-O" },
  },
};

enum { VARIANT_NB = sizeof variants / sizeof variants[0] };
static pthread_once_t variants_once = PTHREAD_ONCE_INIT;

/* SplitMix64: a fixed sequence, so keys are the same in every run. */
static Key next_key (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* The file of the king letter in one rank of a FEN board field. */
static int fen_rank_king_file (const char *rank, char king)
{
  int file = 0;
  for (; *rank && *rank != '/' && *rank != ' '; rank++)
    {
      if (*rank >= '0' && *rank <= '9')
        {
          int run = *rank - '0';
          if (rank[1] >= '0' && rank[1] <= '9')
            run = run * 10 + *++rank - '0';
          file += run;
        }
      else if (*rank == king)
        return file;
      else
        file++;
    }
  return -1;
}

static void variant_derive (Variant *v)
{
  const Geometry *g = geometry_get (v->files, v->ranks);
  uint64_t seed = 0x43686e63656c6c72u;

  v->geometry = g;
  memset (v->letter_type, -1, sizeof v->letter_type);
  for (int t = 0; t < v->types; t++)
    {
      const PieceKindInfo *info = &piece_kinds[v->kinds[t]];
      char letter = v->letters ? v->letters[t] : info->letter;
      v->type_letter[t] = letter;
      v->letter_type[(unsigned char) letter] = (int8_t) t;
      v->type_atoms[t] = info->atoms;
      v->type_move_only[t] = info->move_only;
      v->type_value[t] = info->value;
      for (int a = 0; a < ATOM_NB; a++)
        if (info->atoms & ATOM_BIT (a))
          v->atom_types[a] |= 1u << t;
      if (info->atoms & A (R))
        v->rook_sliders |= 1u << t;
      if (info->atoms & A (B))
        v->bishop_sliders |= 1u << t;
      for (int sq = 0; sq < g->squares; sq++)
        for (int a = 0; a < ATOM_LEAP_NB; a++)
          {
            if (info->atoms & ATOM_BIT (a))
              v->leap_attacks[t][sq] |= g->leap[a][sq];
            if (info->move_only & ATOM_BIT (a))
              v->leap_quiet[t][sq] |= g->leap[a][sq];
          }
    }
  v->castle_rook_type = v->letter_type['R'];
  for (const char *p = v->start_fen; *p && *p != ' '; p++)
    {
      int type = isalpha ((unsigned char) *p) ? v->letter_type[toupper ((unsigned char) *p)] : -1;
      if (type > TYPE_PAWN)
        v->start_material += v->type_value[type];
    }
  v->king_home_file[BLACK] = fen_rank_king_file (v->start_fen, 'k');
  v->king_home_file[WHITE] = fen_rank_king_file (strrchr (v->start_fen, '/') + 1, 'K');
  for (const char *p = v->promotions; *p; p++)
    v->promotion_types[v->promotion_count++] = (uint8_t) v->letter_type[(unsigned char) *p];

  for (int p = 0; p < 17; p++)
    for (int sq = 0; sq < SQUARE_NB; sq++)
      v->zobrist_piece[p][sq] = next_key (&seed);
  v->zobrist_side = next_key (&seed);
  for (int c = 1; c < 16; c++)
    v->zobrist_castling[c] = next_key (&seed);
  for (int sq = 0; sq < SQUARE_NB; sq++)
    v->zobrist_ep[sq] = next_key (&seed);
}

static void variants_derive (void)
{
  for (int i = 0; i < VARIANT_NB; i++)
    variant_derive (&variants[i]);
}

int variant_count (void)
{
  return VARIANT_NB;
}

const Variant *variant_at (int index)
{
  if (index < 0 || index >= VARIANT_NB)
    return NULL;
  pthread_once (&variants_once, variants_derive);
  return &variants[index];
}

const Variant *variant_by_id (const char *id)
{
  for (int i = 0; id && i < VARIANT_NB; i++)
    if (strcasecmp (variants[i].id, id) == 0)
      return variant_at (i);
  return NULL;
}

const char *variant_type_name (const Variant *v, int type)
{
  if (type < 0 || type >= v->types)
    return NULL;
  return v->names[type] ? v->names[type] : piece_kinds[v->kinds[type]].name;
}
