/* eval.c — the static evaluation.
 *
 * Every term is computed from the game table, not per game: material
 * (the kinds' values), centralisation scaled by how far a piece reaches,
 * mobility counting every move kind (move-only steps too), king safety,
 * pawn structure, threats (pieces attacked by pawns or lesser pieces, and
 * undefended ones), and a mop-up term that drives a lone king to the edge.
 * Middlegame and endgame weights are blended by the material left.
 */
#include "eval.h"
#include "status.h"

#include <stdlib.h>

typedef struct {
  int mg;
  int eg;
} Score;

static inline void add (Score *s, int mg, int eg)
{
  s->mg += mg;
  s->eg += eg;
}

/* Distance from the board's centre, 0 (centre) .. about files/2. */
static int centre_distance (const Variant *v, int sq)
{
  int f2 = 2 * square_file (v, sq) - (v->files - 1);
  int r2 = 2 * square_rank (v, sq) - (v->ranks - 1);
  return (abs (f2) + abs (r2)) / 2;
}

static int edge_distance (const Variant *v, int sq)
{
  int f = square_file (v, sq), r = square_rank (v, sq);
  int df = f < v->files - 1 - f ? f : v->files - 1 - f;
  int dr = r < v->ranks - 1 - r ? r : v->ranks - 1 - r;
  return df < dr ? df : dr;
}

static int square_distance (const Variant *v, int a, int b)
{
  int df = abs (square_file (v, a) - square_file (v, b));
  int dr = abs (square_rank (v, a) - square_rank (v, b));
  return df > dr ? df : dr;
}

static int non_pawn_material (const Position *pos, int color)
{
  const Variant *v = pos->variant;
  int total = 0;
  for (int t = TYPE_PAWN + 1; t < v->types; t++)
    total += bb_count (position_pieces (pos, color, t)) * v->type_value[t];
  return total;
}

static Bitboard pawn_attacks_of (const Position *pos, int color)
{
  Bitboard pawns = position_pieces (pos, color, TYPE_PAWN), attacks = 0;
  while (pawns)
    attacks |= pos->geometry->pawn_attack[color][bb_pop_lsb (&pawns)];
  return attacks;
}

static void evaluate_pawns (const Position *pos, int color, Score *s)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  Bitboard own = position_pieces (pos, color, TYPE_PAWN);
  Bitboard enemy = position_pieces (pos, !color, TYPE_PAWN);
  int forward = color == WHITE ? 1 : -1;

  for (Bitboard b = own; b;)
    {
      int sq = bb_pop_lsb (&b);
      int file = square_file (v, sq), rank = square_rank (v, sq);
      int advance = color == WHITE ? rank - 1 : v->ranks - 2 - rank;   /* 0 on the start rank */
      Bitboard adjacent = (file > 0 ? g->file_bb[file - 1] : 0) | (file < v->files - 1 ? g->file_bb[file + 1] : 0);

      add (s, 3 * advance - 2 * centre_distance (v, sq) + 6, 6 * advance);
      if (!(own & adjacent))
        add (s, -12, -14);
      if (bb_more_than_one (own & g->file_bb[file]))
        add (s, -8, -16);

      /* Passed: no enemy pawn ahead on this or the adjacent files.  The
       * bonus grows with the square of the advance (scaled to the board's
       * length), and in the endgame with the kings' distances to the
       * square in front of it. */
      Bitboard ahead = 0;
      for (int r = rank + forward; r >= 0 && r < v->ranks; r += forward)
        ahead |= g->rank_bb[r];
      if (!(enemy & ahead & (g->file_bb[file] | adjacent)))
        {
          int scaled = advance * 6 / (v->ranks - 3);
          int stop = sq + forward * v->files;
          int race = square_distance (v, pos->king_square[!color], stop) - square_distance (v, pos->king_square[color], stop);
          add (s, 5 + 5 * scaled * scaled, 20 + 14 * scaled * scaled + 6 * scaled * race);
          if (position_occupied (pos) & bb_square (stop))
            add (s, -2 * scaled, -6 * scaled);
        }
    }
}

/* Squares color attacks (captures on), pawns and king included, and in
 * *lesser_threats the enemy pieces a piece of less value attacks. */
static void evaluate_pieces (const Position *pos, int color, Score *s, int *king_attack, Bitboard *attacked,
                             Bitboard *lesser_threats)
{
  const Variant *v = pos->variant;
  Bitboard occupied = position_occupied (pos);
  Bitboard own = pos->by_color[color];
  Bitboard enemy_pawn_attacks = pawn_attacks_of (pos, !color);
  int enemy_king = pos->king_square[!color];
  Bitboard king_zone = v->leap_attacks[TYPE_KING][enemy_king] | bb_square (enemy_king);
  int attackers = 0, attack_weight = 0;

  *attacked = pawn_attacks_of (pos, color) | v->leap_attacks[TYPE_KING][pos->king_square[color]];
  *lesser_threats = 0;
  for (int t = TYPE_PAWN + 1; t < v->types; t++)
    for (Bitboard b = position_pieces (pos, color, t); b;)
      {
        int sq = bb_pop_lsb (&b);
        Bitboard attacks = position_piece_attacks (pos, color, t, sq, occupied);
        *attacked |= attacks;
        for (int e = TYPE_PAWN + 1; e < v->types; e++)
          if (v->type_value[e] > v->type_value[t] + 50)
            *lesser_threats |= attacks & position_pieces (pos, !color, e);
        Bitboard moves = (attacks & ~own) | (v->leap_quiet[t][sq] & ~occupied);
        int mobility = bb_count (moves & ~enemy_pawn_attacks);
        /* Short-range pieces gain most from the centre. */
        bool rider = (v->rook_sliders | v->bishop_sliders) & (1u << t);
        int centre = rider ? 2 : 5;

        add (s, 3 * mobility - centre * centre_distance (v, sq), 3 * mobility - 2 * centre_distance (v, sq));
        if (attacks & king_zone)
          {
            attackers++;
            attack_weight += bb_count (attacks & king_zone) * (v->type_value[t] > 700 ? 3 : 2);
          }
      }
  *king_attack = attackers >= 2 ? attack_weight * attackers * 3 : 0;
}

static void evaluate_king (const Position *pos, int color, Score *s)
{
  const Variant *v = pos->variant;
  int king = pos->king_square[color];
  int home = color == WHITE ? 0 : v->ranks - 1;
  Bitboard shield = v->leap_attacks[TYPE_KING][king] & position_pieces (pos, color, TYPE_PAWN);

  /* Shelter and a back-rank king in the middlegame; the centre later. */
  add (s, 8 * bb_count (shield) - 10 * abs (square_rank (v, king) - home), -6 * centre_distance (v, king));
}

/* With mating material against a bare king, bring the kings together and
 * push the defender to the edge (the compounds and the Minister mate
 * alone; doc/rules.md). */
static int mop_up (const Position *pos, int strong)
{
  const Variant *v = pos->variant;
  int loser = pos->king_square[!strong], winner = pos->king_square[strong];
  return 40 * (3 - edge_distance (v, loser)) + 10 * (v->files - square_distance (v, loser, winner)) + 200;
}

int evaluate (const Position *pos)
{
  const Variant *v = pos->variant;
  Score score[COLOR_NB] = { { 0, 0 }, { 0, 0 } };
  int material[COLOR_NB], king_attack[COLOR_NB];
  int npm[COLOR_NB];
  Bitboard attacked[COLOR_NB], lesser_threats[COLOR_NB];

  for (int c = 0; c < COLOR_NB; c++)
    {
      npm[c] = non_pawn_material (pos, c);
      material[c] = npm[c] + bb_count (position_pieces (pos, c, TYPE_PAWN)) * v->type_value[TYPE_PAWN];
      add (&score[c], material[c], material[c]);
      evaluate_pawns (pos, c, &score[c]);
      evaluate_pieces (pos, c, &score[c], &king_attack[c], &attacked[c], &lesser_threats[c]);
      evaluate_king (pos, c, &score[c]);
    }
  for (int c = 0; c < COLOR_NB; c++)
    {
      add (&score[c], king_attack[c], king_attack[c] / 4);
      /* Threats: enemy pieces a pawn or a lesser piece attacks, and
       * enemy pieces attacked and not defended. */
      Bitboard enemy_pieces = pos->by_color[!c] & ~pos->by_type[TYPE_PAWN] & ~pos->by_type[TYPE_KING];
      int by_pawn = bb_count (pawn_attacks_of (pos, c) & enemy_pieces);
      int by_lesser = bb_count (lesser_threats[c] & ~pawn_attacks_of (pos, c));
      int hanging = bb_count (attacked[c] & ~attacked[!c] & (enemy_pieces | (pos->by_color[!c] & pos->by_type[TYPE_PAWN])));
      add (&score[c], 55 * by_pawn + 30 * by_lesser + 15 * hanging, 40 * by_pawn + 25 * by_lesser + 20 * hanging);
    }

  /* Phase: 256 with the start's pieces, 0 with none. */
  int phase_total = v->start_material > 0 ? v->start_material : 1;
  int phase = (npm[WHITE] + npm[BLACK]) * 256 / phase_total;
  if (phase > 256)
    phase = 256;

  int mg = score[WHITE].mg - score[BLACK].mg;
  int eg = score[WHITE].eg - score[BLACK].eg;
  int total = (mg * phase + eg * (256 - phase)) / 256;

  for (int c = 0; c < COLOR_NB; c++)
    if (pos->by_color[!c] == position_pieces (pos, !c, TYPE_KING) && npm[c] > 0 && !position_insufficient_material (pos))
      total += (c == WHITE ? 1 : -1) * mop_up (pos, c);

  total = pos->side == WHITE ? total : -total;
  return total + 12;   /* the move is worth something */
}
