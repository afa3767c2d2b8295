/* eval.c — the static evaluation.
 *
 * Every term is computed from the game table, not per game: material
 * (per piece kind), centralisation and advance per kind, mobility per kind
 * counting every move kind (move-only steps too, which never count as
 * attacks), pieces on open and half-open files and on outposts per kind,
 * king safety (the kinds attacking the king zone, the safe checks each
 * kind could give, zone squares only the king defends, open files in
 * front of the king, its shelter, the own and enemy pawns before it by
 * their distance, the enemy's attacks on its flank, and its free
 * squares), pawn structure (isolated, doubled, connected and supported
 * pawns) and passed pawns (with a free stop square or not) scaled to the
 * board's length, threats (pieces attacked by pawns or lesser pieces,
 * and undefended ones), pairs of a kind, placement tables (per board
 * width and kind, by a square's rank and file zone, so one table serves
 * every board of a width), and a mop-up term that drives a lone king to
 * the edge.
 * Middlegame and endgame weights are blended by the material left.  The
 * weights are eval_weights[] (eval-params.h says what each one is);
 * evaluate_trace() records how many times each was counted, for the tuner.
 */
#include "eval.h"
#include "net.h"
#include "status.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  int mg;
  int eg;
} Score;

const EvalParamGroup eval_param_groups[] = {
  { "EVAL_MATERIAL", EVAL_MATERIAL, KIND_NB, true, false },
  { "EVAL_CENTRE", EVAL_CENTRE, KIND_NB, true, false },
  { "EVAL_ADVANCE", EVAL_ADVANCE, KIND_NB, true, false },
  { "EVAL_MOBILITY", EVAL_MOBILITY, KIND_NB, true, false },
  { "EVAL_KING_ATTACK", EVAL_KING_ATTACK, KIND_NB, true, false },
  { "EVAL_THREAT_BY_PAWN", EVAL_THREAT_BY_PAWN, KIND_NB, true, false },
  { "EVAL_THREAT_BY_LESSER", EVAL_THREAT_BY_LESSER, KIND_NB, true, false },
  { "EVAL_HANGING", EVAL_HANGING, KIND_NB, true, false },
  { "EVAL_PAIR", EVAL_PAIR, KIND_NB, true, false },
  { "EVAL_OPEN_FILE", EVAL_OPEN_FILE, KIND_NB, true, false },
  { "EVAL_HALF_OPEN_FILE", EVAL_HALF_OPEN_FILE, KIND_NB, true, false },
  { "EVAL_OUTPOST", EVAL_OUTPOST, KIND_NB, true, false },
  { "EVAL_PASSED", EVAL_PASSED, EVAL_PASSED_STEPS, false, false },
  { "EVAL_PASSED_RACE", EVAL_PASSED_RACE, 1, false, false },
  { "EVAL_PASSED_BLOCKED", EVAL_PASSED_BLOCKED, 1, false, false },
  { "EVAL_PASSED_FREE", EVAL_PASSED_FREE, 1, false, false },
  { "EVAL_CONNECTED", EVAL_CONNECTED, EVAL_PASSED_STEPS, false, false },
  { "EVAL_SUPPORTED", EVAL_SUPPORTED, 1, false, false },
  { "EVAL_PAWN", EVAL_PAWN, 1, false, false },
  { "EVAL_PAWN_ADVANCE", EVAL_PAWN_ADVANCE, 1, false, false },
  { "EVAL_PAWN_CENTRE", EVAL_PAWN_CENTRE, 1, false, false },
  { "EVAL_ISOLATED", EVAL_ISOLATED, 1, false, false },
  { "EVAL_DOUBLED", EVAL_DOUBLED, 1, false, false },
  { "EVAL_KING_SHELTER", EVAL_KING_SHELTER, 1, false, false },
  { "EVAL_KING_HOME", EVAL_KING_HOME, 1, false, false },
  { "EVAL_KING_CENTRE", EVAL_KING_CENTRE, 1, false, false },
  { "EVAL_SAFE_CHECK", EVAL_SAFE_CHECK, KIND_NB, true, false },
  { "EVAL_KING_WEAK", EVAL_KING_WEAK, 1, false, false },
  { "EVAL_KING_FILE_OPEN", EVAL_KING_FILE_OPEN, 1, false, false },
  { "EVAL_KING_FILE_BARE", EVAL_KING_FILE_BARE, 1, false, false },
  { "EVAL_KING_ESCAPE", EVAL_KING_ESCAPE, 1, false, false },
  { "EVAL_KING_STORM", EVAL_KING_STORM, 2 * EVAL_KING_STORM_STEPS, false, false },
  { "EVAL_KING_STORM_BLOCKED", EVAL_KING_STORM_BLOCKED, 2, false, false },
  { "EVAL_KING_COVER", EVAL_KING_COVER, 2 * EVAL_KING_COVER_STEPS, false, false },
  { "EVAL_KING_FLANK", EVAL_KING_FLANK, 2, false, false },
  { "EVAL_PSQT", EVAL_PSQT_FIRST, EVAL_PSQT_WIDTHS * EVAL_PSQT_TABLE, false, true },
  { "EVAL_MOP_UP", EVAL_MOP_UP, 1, false, false },
  { "EVAL_MOP_UP_EDGE", EVAL_MOP_UP_EDGE, 1, false, false },
  { "EVAL_MOP_UP_KINGS", EVAL_MOP_UP_KINGS, 1, false, false },
  { "EVAL_TEMPO", EVAL_TEMPO, 1, false, false },
};
const int eval_param_group_count = (int) (sizeof eval_param_groups / sizeof eval_param_groups[0]);

/* Weight param counted n times for color.  evaluate() passes no trace;
 * the compiler specialises these paths with the test gone. */
static inline void term (Score *s, EvalTrace *trace, int color, int param, int n)
{
  s->mg += eval_weights[param].mg * n;
  s->eg += eval_weights[param].eg * n;
  if (trace)
    trace->coef[color][param] += n;
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

static int relative_rank (const Variant *v, int color, int sq)
{
  return color == WHITE ? square_rank (v, sq) : v->ranks - 1 - square_rank (v, sq);
}

/* The placement weight of a piece of kind on sq for color (eval-params.h
 * says how squares fall into zones). */
static inline int placement_param (const Variant *v, int color, int kind, int sq)
{
  const int last_rank_zone = EVAL_PSQT_RANKS / 2 - 1, last_file_zone = EVAL_PSQT_FILES - 1;
  int rank = relative_rank (v, color, sq);
  int file = square_file (v, sq);
  int from_enemy = v->ranks - 1 - rank;
  int rank_zone = rank < v->ranks / 2 ? (rank < last_rank_zone ? rank : last_rank_zone)
                                      : EVAL_PSQT_RANKS - 1 - (from_enemy < last_rank_zone ? from_enemy : last_rank_zone);
  int file_zone = file < v->files - 1 - file ? file : v->files - 1 - file;
  return EVAL_PSQT (v->files, kind, rank_zone, file_zone < last_file_zone ? file_zone : last_file_zone);
}

static int non_pawn_material (const Position *pos, int color)
{
  const Variant *v = pos->variant;
  int total = 0;
  for (int t = TYPE_PAWN + 1; t < v->types; t++)
    total += bb_count (position_pieces (pos, color, t)) * v->type_value[t];
  return total;
}

/* The ranks ahead of rank, seen from color's side. */
static inline Bitboard ranks_ahead (const Position *pos, int color, int rank)
{
  return pos->geometry->ahead[color][rank];
}

/* Weight group first counted once for color per piece in targets, by
 * the piece's kind. */
static inline void term_by_kind (const Position *pos, Score *s, EvalTrace *trace, int color, int first, Bitboard targets)
{
  while (targets)
    term (s, trace, color, first + pos->variant->kinds[piece_type (pos->board[bb_pop_lsb (&targets)])], 1);
}

/* A pawn's advance (0 on its start rank) scaled to 0 .. EVAL_PASSED_STEPS - 1
 * whatever the board's length; unclamped. */
static int scaled_advance (const Variant *v, int advance)
{
  return advance * (EVAL_PASSED_STEPS - 1) / (v->ranks - 3);
}

static int advance_step (int scaled)
{
  return scaled < 0 ? 0 : scaled >= EVAL_PASSED_STEPS ? EVAL_PASSED_STEPS - 1 : scaled;
}

/* Color's pawns: structure and passed pawns by their advance, terms of
 * the pawns alone; *passed gets the passed ones. */
static inline void evaluate_pawns (const Position *pos, int color, Score *s, EvalTrace *trace, Bitboard *passed)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  Bitboard own = position_pieces (pos, color, TYPE_PAWN);
  Bitboard enemy = position_pieces (pos, !color, TYPE_PAWN);

  *passed = 0;
  for (Bitboard b = own; b;)
    {
      int sq = bb_pop_lsb (&b);
      int file = square_file (v, sq), rank = square_rank (v, sq);
      int advance = relative_rank (v, color, sq) - 1;   /* 0 on the start rank */
      Bitboard adjacent = (file > 0 ? g->file_bb[file - 1] : 0) | (file < v->files - 1 ? g->file_bb[file + 1] : 0);

      term (s, trace, color, EVAL_PAWN, 1);
      term (s, trace, color, placement_param (v, color, v->kinds[TYPE_PAWN], sq), 1);
      term (s, trace, color, EVAL_PAWN_ADVANCE, advance);
      term (s, trace, color, EVAL_PAWN_CENTRE, centre_distance (v, sq));
      if (!(own & adjacent))
        term (s, trace, color, EVAL_ISOLATED, 1);
      if (bb_more_than_one (own & g->file_bb[file]))
        term (s, trace, color, EVAL_DOUBLED, 1);

      /* Connected: defended by an own pawn (one of color's pawns defends
       * sq where a pawn of the other colour on sq would capture) or
       * beside one. */
      Bitboard supporters = g->pawn_attack[!color][sq] & own;
      if (supporters || (own & adjacent & g->rank_bb[rank]))
        {
          term (s, trace, color, EVAL_CONNECTED + advance_step (scaled_advance (v, advance)), 1);
          term (s, trace, color, EVAL_SUPPORTED, bb_count (supporters));
        }

      /* Passed: no enemy pawn ahead on this or the adjacent files; by its
       * advance scaled to the board's length, and in the endgame by the
       * kings' distances to the square in front of it. */
      if (!(enemy & ranks_ahead (pos, color, rank) & (g->file_bb[file] | adjacent)))
        {
          term (s, trace, color, EVAL_PASSED + advance_step (scaled_advance (v, advance)), 1);
          *passed |= bb_square (sq);
        }
    }
}

/* Color's passed pawns, by what else stands on the board: the kings'
 * distances to the square in front (in the endgame), and a piece there. */
static inline void evaluate_passed (const Position *pos, int color, Score *s, EvalTrace *trace, Bitboard passed)
{
  const Variant *v = pos->variant;
  int forward = color == WHITE ? 1 : -1;

  while (passed)
    {
      int sq = bb_pop_lsb (&passed);
      int scaled = scaled_advance (v, relative_rank (v, color, sq) - 1);
      int stop = sq + forward * v->files;
      int race = square_distance (v, pos->king_square[!color], stop) - square_distance (v, pos->king_square[color], stop);
      term (s, trace, color, EVAL_PASSED_RACE, scaled * race);
      if (position_occupied (pos) & bb_square (stop))
        term (s, trace, color, EVAL_PASSED_BLOCKED, scaled);
    }
}

/* Both sides' pawn terms, from the cache where it has the layout. */
static void evaluate_pawns_cached (const Position *pos, Score *score, Bitboard *passed, PawnCache *cache)
{
  Bitboard w = position_pieces (pos, WHITE, TYPE_PAWN), b = position_pieces (pos, BLACK, TYPE_PAWN);
  PawnCacheEntry *e = &cache->entries[position_pawn_hash (pos) & (PAWN_CACHE_SIZE - 1)];

  if (e->variant != pos->variant || e->pawns[WHITE] != w || e->pawns[BLACK] != b)
    {
      e->variant = pos->variant;
      e->pawns[WHITE] = w;
      e->pawns[BLACK] = b;
      for (int c = 0; c < COLOR_NB; c++)
        {
          Score s = { 0, 0 };
          evaluate_pawns (pos, c, &s, NULL, &e->passed[c]);
          e->mg[c] = s.mg;
          e->eg[c] = s.eg;
        }
    }
  for (int c = 0; c < COLOR_NB; c++)
    {
      score[c].mg += e->mg[c];
      score[c].eg += e->eg[c];
      passed[c] = e->passed[c];
    }
}

/* What one side attacks (captures on), for the threats and the king
 * danger. */
typedef struct {
  Bitboard attacked;                  /* by anything, pawns and king included */
  Bitboard by_pieces;                 /* by its pawns and pieces, not its king */
  Bitboard twice;                     /* by two or more of its pieces or its king (pawns once) */
  Bitboard lesser_threats;            /* enemy pieces a piece of less value attacks */
  Bitboard reach[PIECE_TYPE_MAX];     /* where its pieces of each type can move */
  int zone_attackers;                 /* its pieces attacking the enemy king zone */
} Attacks;

/* The squares where a piece of color stands on an outpost: in the enemy
 * half, defended by an own pawn, and out of reach of every enemy pawn
 * (none on an adjacent file ahead of it, which would attack it once it
 * came down: the enemy's pawn attacks swept towards color's side).  A
 * double or triple step may jump such a square, but a pawn that can
 * could also step onto it one square at a time, so it counts. */
static Bitboard outpost_squares (const Position *pos, int color, const Bitboard *pawn_attacks)
{
  const Variant *v = pos->variant;
  int rows = v->files;
  Bitboard reach = pawn_attacks[!color];

  for (int shift = rows; shift < v->ranks * rows; shift *= 2)
    reach |= color == WHITE ? reach >> shift : reach << shift;
  int half = color == WHITE ? v->ranks / 2 - 1 : v->ranks - v->ranks / 2;
  return ranks_ahead (pos, color, half) & pawn_attacks[color] & ~reach;
}

/* Material, pairs, placement, mobility, files and outposts, and the
 * attack on the enemy king zone (its endgame part divided by 4); fills
 * *out. */
static inline void evaluate_pieces (const Position *pos, int color, Score *s, EvalTrace *trace,
                                    const Bitboard *pawn_attacks, Attacks *out)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  Bitboard own_pawns = position_pieces (pos, color, TYPE_PAWN);
  Bitboard all_pawns = pos->by_type[TYPE_PAWN];
  Bitboard outposts = outpost_squares (pos, color, pawn_attacks);
  Bitboard occupied = position_occupied (pos);
  Bitboard own = pos->by_color[color];
  int enemy_king = pos->king_square[!color];
  Bitboard king_zone = v->leap_attacks[TYPE_KING][enemy_king] | bb_square (enemy_king);
  Bitboard king_attacks = v->leap_attacks[TYPE_KING][pos->king_square[color]];
  int attackers = 0;
  Score zone = { 0, 0 };
  int zone_count[KIND_NB];

  if (trace)
    memset (zone_count, 0, sizeof zone_count);
  term (s, trace, color, EVAL_MATERIAL + v->kinds[TYPE_PAWN], bb_count (own_pawns));
  out->attacked = pawn_attacks[color];
  out->twice = 0;
  out->lesser_threats = 0;
  for (int t = TYPE_PAWN + 1; t < v->types; t++)
    {
      int kind = v->kinds[t];
      Bitboard pieces = position_pieces (pos, color, t);
      /* The enemy pieces worth more than this type by over half a pawn. */
      Bitboard greater = 0;
      for (int e = TYPE_PAWN + 1; e < v->types; e++)
        if (v->type_value[e] > v->type_value[t] + 50)
          greater |= pos->by_type[e];
      greater &= pos->by_color[!color];
      out->reach[t] = 0;
      term (s, trace, color, EVAL_MATERIAL + kind, bb_count (pieces));
      if (bb_more_than_one (pieces))
        term (s, trace, color, EVAL_PAIR + kind, 1);
      while (pieces)
        {
          int sq = bb_pop_lsb (&pieces);
          Bitboard attacks = position_piece_attacks (pos, color, t, sq, occupied);
          out->twice |= out->attacked & attacks;
          out->attacked |= attacks;
          out->lesser_threats |= attacks & greater;
          Bitboard moves = (attacks & ~own) | (v->leap_quiet[t][sq] & ~occupied);
          out->reach[t] |= moves;
          term (s, trace, color, EVAL_MOBILITY + kind, bb_count (moves & ~pawn_attacks[!color]));
          term (s, trace, color, EVAL_CENTRE + kind, centre_distance (v, sq));
          term (s, trace, color, placement_param (v, color, kind, sq), 1);
          term (s, trace, color, EVAL_ADVANCE + kind, relative_rank (v, color, sq));
          Bitboard file = g->file_bb[square_file (v, sq)];
          if (!(all_pawns & file))
            term (s, trace, color, EVAL_OPEN_FILE + kind, 1);
          else if (!(own_pawns & file))
            term (s, trace, color, EVAL_HALF_OPEN_FILE + kind, 1);
          if (outposts & bb_square (sq))
            term (s, trace, color, EVAL_OUTPOST + kind, 1);
          if (attacks & king_zone)
            {
              int n = bb_count (attacks & king_zone);
              attackers++;
              zone.mg += eval_weights[EVAL_KING_ATTACK + kind].mg * n;
              zone.eg += eval_weights[EVAL_KING_ATTACK + kind].eg * n;
              if (trace)
                zone_count[kind] += n;
            }
        }
    }
  out->by_pieces = out->attacked;
  out->twice |= out->attacked & king_attacks;
  out->attacked |= king_attacks;
  out->zone_attackers = attackers;
  if (attackers >= 2)
    {
      s->mg += zone.mg * attackers;
      s->eg += zone.eg * attackers / 4;
      if (trace)
        for (int k = 0; k < KIND_NB; k++)
          trace->coef[color][EVAL_KING_ATTACK + k] += zone_count[k] * attackers;
    }
}

/* Color's king: its shelter, the files open in front of it, the
 * nearest own and enemy pawn ahead of it on each of those files by
 * their distance, the enemy's attacks on its flank, where it can step,
 * and its rank and centre distance.  enemy is what the other side
 * attacks. */
static inline void evaluate_king (const Position *pos, int color, Score *s, EvalTrace *trace, const Attacks *enemy)
{
  const Variant *v = pos->variant;
  const Geometry *g = pos->geometry;
  int king = pos->king_square[color], file = square_file (v, king), rank = square_rank (v, king);
  Bitboard steps = v->leap_attacks[TYPE_KING][king];
  Bitboard shield = steps & position_pieces (pos, color, TYPE_PAWN);
  Bitboard ahead = ranks_ahead (pos, color, rank);
  Bitboard own_pawns = ahead & position_pieces (pos, color, TYPE_PAWN);
  Bitboard enemy_pawns = ahead & position_pieces (pos, !color, TYPE_PAWN);

  int forward = color == WHITE ? v->files : -v->files, height = EVAL_KING_HEIGHT (v);
  for (int f = file > 0 ? file - 1 : 0; f <= file + 1 && f < v->files; f++)
    {
      Bitboard own_here = own_pawns & g->file_bb[f], enemy_here = enemy_pawns & g->file_bb[f];
      if (!own_here)
        {
          term (s, trace, color, EVAL_KING_FILE_OPEN, 1);
          if (!enemy_here)
            term (s, trace, color, EVAL_KING_FILE_BARE, 1);
        }
      else
        {
          int cover = abs (square_rank (v, color == WHITE ? bb_lsb (own_here) : bb_msb (own_here)) - rank);
          if (cover <= EVAL_KING_COVER_STEPS)
            term (s, trace, color, EVAL_KING_COVER + height * EVAL_KING_COVER_STEPS + cover - 1, 1);
        }
      if (enemy_here)
        {
          int sq = color == WHITE ? bb_lsb (enemy_here) : bb_msb (enemy_here);
          int storm = abs (square_rank (v, sq) - rank);
          if (storm <= EVAL_KING_STORM_STEPS)
            term (s, trace, color,
                  own_pawns & bb_square (sq - forward) ? EVAL_KING_STORM_BLOCKED + height
                                                       : EVAL_KING_STORM + height * EVAL_KING_STORM_STEPS + storm - 1,
                  1);
        }
    }
  /* The enemy's attacks on the king's flank: its file and two each side,
   * in its own half. */
  Bitboard flank = g->king_flank[color][file];
  term (s, trace, color, EVAL_KING_FLANK + height, bb_count (flank & enemy->attacked) + bb_count (flank & enemy->twice));
  term (s, trace, color, EVAL_KING_ESCAPE, bb_count (steps & ~pos->by_color[color] & ~enemy->attacked));
  /* Shelter and a back-rank king in the middlegame; the centre later. */
  term (s, trace, color, EVAL_KING_SHELTER, bb_count (shield));
  term (s, trace, color, EVAL_KING_HOME, relative_rank (v, color, king));
  term (s, trace, color, EVAL_KING_CENTRE, centre_distance (v, king));
  term (s, trace, color, placement_param (v, color, v->kinds[TYPE_KING], king), 1);
}

/* Color's danger to the enemy king: the checks each kind could give
 * from a square where the checker would not be taken at once (not
 * defended, or defended by the king alone and attacked twice), and the
 * king-zone squares it attacks that only the king defends.  The check
 * squares of a kind are its attacks from the king's square (every
 * capturing move is symmetric; move-only steps never check). */
static inline void evaluate_king_danger (const Position *pos, int color, Score *s, EvalTrace *trace,
                                         const Attacks *own, const Attacks *enemy)
{
  const Variant *v = pos->variant;
  Bitboard occupied = position_occupied (pos);
  int king = pos->king_square[!color];
  Bitboard zone = v->leap_attacks[TYPE_KING][king] | bb_square (king);
  Bitboard safe = ~pos->by_color[color] & (~enemy->attacked | (~enemy->by_pieces & own->twice));
  /* The riders' lines from the king, found once for every kind. */
  Bitboard rook_lines = v->rook_sliders ? rook_attacks (pos->geometry, king, occupied) : 0;
  Bitboard bishop_lines = v->bishop_sliders ? bishop_attacks (pos->geometry, king, occupied) : 0;

  for (int t = TYPE_PAWN + 1; t < v->types; t++)
    if (own->reach[t] & safe)
      {
        Bitboard checks = v->leap_attacks[t][king] | (v->rook_sliders & (1u << t) ? rook_lines : 0)
                          | (v->bishop_sliders & (1u << t) ? bishop_lines : 0);
        term (s, trace, color, EVAL_SAFE_CHECK + v->kinds[t], bb_count (checks & own->reach[t] & safe));
      }
  term (s, trace, color, EVAL_KING_WEAK, bb_count (zone & own->attacked & ~enemy->by_pieces) * own->zone_attackers);
}

static inline int evaluate_with (const Position *pos, EvalTrace *trace, bool with_net, PawnCache *cache)
{
  const Variant *v = pos->variant;
  Score score[COLOR_NB] = { { 0, 0 }, { 0, 0 } }, flat[COLOR_NB] = { { 0, 0 }, { 0, 0 } };
  int npm[COLOR_NB];
  Bitboard pawn_attacks[COLOR_NB];
  Attacks attacks[COLOR_NB];
  Bitboard passed[COLOR_NB];

  if (trace)
    memset (trace, 0, sizeof *trace);
  for (int c = 0; c < COLOR_NB; c++)
    pawn_attacks[c] = position_pawn_attacks (pos, c);
  if (cache)
    evaluate_pawns_cached (pos, score, passed, cache);
  for (int c = 0; c < COLOR_NB; c++)
    {
      npm[c] = non_pawn_material (pos, c);
      if (!cache)
        evaluate_pawns (pos, c, &score[c], trace, &passed[c]);
      evaluate_passed (pos, c, &score[c], trace, passed[c]);
      evaluate_pieces (pos, c, &score[c], trace, pawn_attacks, &attacks[c]);
    }
  for (int c = 0; c < COLOR_NB; c++)
    {
      evaluate_king (pos, c, &score[c], trace, &attacks[!c]);
      evaluate_king_danger (pos, c, &score[c], trace, &attacks[c], &attacks[!c]);

      /* Passed pawns whose stop square is free: empty and attacked by
       * nothing of the enemy's. */
      for (Bitboard b = passed[c]; b;)
        {
          int sq = bb_pop_lsb (&b);
          int stop = sq + (c == WHITE ? v->files : -v->files);
          if (!((position_occupied (pos) | attacks[!c].attacked) & bb_square (stop)))
            term (&score[c], trace, c, EVAL_PASSED_FREE, scaled_advance (v, relative_rank (v, c, sq) - 1));
        }

      /* Threats: enemy pieces a pawn or a lesser piece attacks, and
       * enemy pieces and pawns attacked and not defended. */
      Bitboard enemy_pawns = pos->by_color[!c] & pos->by_type[TYPE_PAWN];
      Bitboard enemy_pieces = pos->by_color[!c] & ~pos->by_type[TYPE_PAWN] & ~pos->by_type[TYPE_KING];
      term_by_kind (pos, &score[c], trace, c, EVAL_THREAT_BY_PAWN, pawn_attacks[c] & enemy_pieces);
      term_by_kind (pos, &score[c], trace, c, EVAL_THREAT_BY_LESSER, attacks[c].lesser_threats & ~pawn_attacks[c]);
      term_by_kind (pos, &score[c], trace, c, EVAL_HANGING, attacks[c].attacked & ~attacks[!c].attacked & (enemy_pieces | enemy_pawns));
    }

  /* Phase: 256 with the start's pieces, 0 with none. */
  int phase_total = v->start_material > 0 ? v->start_material : 1;
  int phase = (npm[WHITE] + npm[BLACK]) * 256 / phase_total;
  if (phase > 256)
    phase = 256;

  int mg = score[WHITE].mg - score[BLACK].mg;
  int eg = score[WHITE].eg - score[BLACK].eg;
  int total = (mg * phase + eg * (256 - phase)) / 256;

  /* With mating material against a bare king, bring the kings together
   * and push the defender to the edge (the compounds and the Minister
   * mate alone; doc/rules.md). */
  for (int c = 0; c < COLOR_NB; c++)
    if (pos->by_color[!c] == position_pieces (pos, !c, TYPE_KING) && npm[c] > 0 && !position_insufficient_material (pos))
      {
        int loser = pos->king_square[!c], winner = pos->king_square[c];
        term (&flat[c], trace, c, EVAL_MOP_UP, 1);
        term (&flat[c], trace, c, EVAL_MOP_UP_EDGE, 3 - edge_distance (v, loser));
        term (&flat[c], trace, c, EVAL_MOP_UP_KINGS, v->files - square_distance (v, loser, winner));
      }
  total += flat[WHITE].mg - flat[BLACK].mg;

  total = pos->side == WHITE ? total : -total;
  term (&flat[pos->side], trace, pos->side, EVAL_TEMPO, 1);

  /* The learned correction, where a net fits the board and its kinds. */
  const Net *net = with_net && net_count > 0 ? net_for_variant (v) : NULL;
  int correction = net ? net_evaluate (net, pos) : 0;
  total += correction;
  if (trace)
    {
      trace->phase = phase;
      trace->side = pos->side;
      trace->correction = correction;
    }
  return total + eval_weights[EVAL_TEMPO].mg;
}

int evaluate (const Position *pos)
{
  return evaluate_with (pos, NULL, true, NULL);
}

int evaluate_without_net (const Position *pos)
{
  return evaluate_with (pos, NULL, false, NULL);
}

int evaluate_without_net_cached (const Position *pos, PawnCache *cache)
{
  return evaluate_with (pos, NULL, false, cache);
}

int evaluate_trace (const Position *pos, EvalTrace *trace)
{
  return evaluate_with (pos, trace, true, NULL);
}

int eval_from_trace (const EvalTrace *trace, const EvalWeight *weights)
{
  int mg = 0, eg = 0, flat = 0;

  for (int c = 0; c < COLOR_NB; c++)
    {
      int sign = c == WHITE ? 1 : -1;
      Score own = { 0, 0 }, zone = { 0, 0 };
      for (int p = 0; p < EVAL_FLAT_FIRST; p++)
        {
          Score *into = p >= EVAL_KING_ATTACK && p < EVAL_KING_ATTACK + KIND_NB ? &zone : &own;
          into->mg += weights[p].mg * trace->coef[c][p];
          into->eg += weights[p].eg * trace->coef[c][p];
        }
      mg += sign * (own.mg + zone.mg);
      eg += sign * (own.eg + zone.eg / 4);
      for (int p = EVAL_FLAT_FIRST; p < EVAL_TEMPO; p++)
        flat += sign * weights[p].mg * trace->coef[c][p];
    }
  int total = (mg * trace->phase + eg * (256 - trace->phase)) / 256 + flat;
  total = trace->side == WHITE ? total : -total;
  return total + weights[EVAL_TEMPO].mg * trace->coef[trace->side][EVAL_TEMPO] + trace->correction;
}
