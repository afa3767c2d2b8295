/* movegen.c — legal moves for any game table.
 *
 * Moves are generated legal: check evasions restrict targets to the checker
 * and, for a sliding check, the squares between; pinned pieces keep to the
 * line between king and pinner; king steps are tested with the king lifted.
 * Only en passant and Carrera's double step need a position-specific test.
 */
#include "movegen.h"

typedef struct {
  const Position *pos;
  const Variant *v;
  const Geometry *g;
  MoveList *list;        /* NULL: only count */
  int count;
  int us, them;
  int king;
  Bitboard occupied, own, enemy;
  Bitboard checkers;
  Bitboard pinned;
  Bitboard block;        /* targets allowed to non-king moves */
  bool captures_only;    /* captures and promotions, for quiescence */
} Generator;

static inline void emit (Generator *gen, Move move)
{
  if (gen->list)
    gen->list->moves[gen->list->count++] = move;
  gen->count++;
}

static inline void emit_targets (Generator *gen, int from, Bitboard targets)
{
  if (!gen->list)
    {
      gen->count += bb_count (targets);
      return;
    }
  while (targets)
    emit (gen, move_make (from, bb_pop_lsb (&targets), MOVE_NORMAL, 0));
}

static bool attacked (const Generator *gen, int sq, Bitboard occupied)
{
  return position_attackers (gen->pos, sq, gen->them, occupied) != 0;
}

/* Squares a pinned piece on sq may go to: between king and pinner, and
 * the pinner itself. */
static Bitboard pin_line (const Generator *gen, int sq)
{
  int dir = gen->g->direction[gen->king][sq];
  Bitboard beyond = ray_attacks (gen->g, dir, sq, gen->occupied) & gen->occupied;
  int pinner = dir < 4 ? bb_lsb (beyond) : bb_msb (beyond);
  return gen->g->ray[dir][gen->king] & ~gen->g->ray[dir][pinner];
}

static void find_pins (Generator *gen)
{
  const Position *pos = gen->pos;
  const Variant *v = gen->v;
  Bitboard snipers = 0;

  for (unsigned t = v->rook_sliders; t; t &= t - 1)
    snipers |= pos->by_type[__builtin_ctz (t)] & rook_attacks (gen->g, gen->king, gen->enemy);
  for (unsigned t = v->bishop_sliders; t; t &= t - 1)
    snipers |= pos->by_type[__builtin_ctz (t)] & bishop_attacks (gen->g, gen->king, gen->enemy);
  snipers &= gen->enemy;
  while (snipers)
    {
      Bitboard between = bb_between (gen->g, gen->king, bb_pop_lsb (&snipers)) & gen->occupied;
      if (between && !bb_more_than_one (between) && (between & gen->own))
        gen->pinned |= between;
    }
}

static void gen_king (Generator *gen)
{
  const Position *pos = gen->pos;
  Bitboard lifted = gen->occupied ^ bb_square (gen->king);
  Bitboard targets = position_piece_attacks (pos, gen->us, TYPE_KING, gen->king, gen->occupied) & ~gen->own;
  if (gen->captures_only)
    targets &= gen->enemy;
  else
    targets |= gen->v->leap_quiet[TYPE_KING][gen->king] & ~gen->occupied;

  while (targets)
    {
      int to = bb_pop_lsb (&targets);
      if (!attacked (gen, to, lifted))
        emit (gen, move_make (gen->king, to, MOVE_NORMAL, 0));
    }
}

static void gen_pieces (Generator *gen)
{
  const Position *pos = gen->pos;
  const Variant *v = gen->v;

  for (int type = TYPE_PAWN + 1; type < v->types; type++)
    {
      Bitboard pieces = position_pieces (pos, gen->us, type);
      while (pieces)
        {
          int from = bb_pop_lsb (&pieces);
          Bitboard targets = position_piece_attacks (pos, gen->us, type, from, gen->occupied)
                           & (gen->captures_only ? gen->enemy : ~gen->own);
          if (!gen->captures_only)
            targets |= v->leap_quiet[type][from] & ~gen->occupied;
          targets &= gen->block;
          if (gen->pinned & bb_square (from))
            targets &= pin_line (gen, from);
          emit_targets (gen, from, targets);
        }
    }
}

static void emit_pawn_move (Generator *gen, int from, int to)
{
  int last_rank = gen->us == WHITE ? gen->v->ranks - 1 : 0;

  if (square_rank (gen->v, to) != last_rank)
    emit (gen, move_make (from, to, MOVE_NORMAL, 0));
  else if (!gen->list)
    gen->count += gen->v->promotion_count;
  else
    for (int i = 0; i < gen->v->promotion_count; i++)
      emit (gen, move_make (from, to, MOVE_PROMOTION, gen->v->promotion_types[i]));
}

/* Carrera's rule (doc/rules.md): a double step that blocks a check is illegal
 * when the opponent could then take that pawn en passant legally. */
static bool step_allows_en_passant_reply (const Generator *gen, int from, int to)
{
  const Position *pos = gen->pos;
  int step = gen->us == WHITE ? gen->v->files : -gen->v->files;
  int enemy_king = pos->king_square[gen->them];
  Bitboard moved = bb_square (from) | bb_square (to);

  for (int passed = from + step; passed != to; passed += step)
    {
      Bitboard takers = gen->g->pawn_attack[gen->us][passed] & position_pieces (pos, gen->them, TYPE_PAWN);
      while (takers)
        {
          int taker = bb_pop_lsb (&takers);
          Bitboard after = (gen->occupied ^ bb_square (from) ^ bb_square (taker)) | bb_square (passed);
          if (!(position_attackers (pos, enemy_king, gen->us, after) & ~moved))
            return true;
        }
    }
  return false;
}

static void gen_en_passant (Generator *gen, int from)
{
  const PositionState *st = position_state (gen->pos);
  Bitboard targets = st->ep_squares & gen->g->pawn_attack[gen->us][from];

  while (targets)
    {
      int to = bb_pop_lsb (&targets);
      Bitboard after = (gen->occupied ^ bb_square (from) ^ bb_square (st->ep_victim)) | bb_square (to);
      if (!(position_attackers (gen->pos, gen->king, gen->them, after) & ~bb_square (st->ep_victim)))
        emit (gen, move_make (from, to, MOVE_EN_PASSANT, 0));
    }
}

static void gen_pawns (Generator *gen)
{
  const Position *pos = gen->pos;
  const Variant *v = gen->v;
  int step = gen->us == WHITE ? v->files : -v->files;
  int home_rank = gen->us == WHITE ? 1 : v->ranks - 2;
  Bitboard pawns = position_pieces (pos, gen->us, TYPE_PAWN);
  bool ep = position_state (pos)->ep_squares != 0;

  while (pawns)
    {
      int from = bb_pop_lsb (&pawns);
      Bitboard allowed = gen->block;
      if (gen->pinned & bb_square (from))
        allowed &= pin_line (gen, from);

      Bitboard captures = gen->g->pawn_attack[gen->us][from] & gen->enemy & allowed;
      while (captures)
        emit_pawn_move (gen, from, bb_pop_lsb (&captures));
      if (ep)
        gen_en_passant (gen, from);

      int steps = square_rank (v, from) == home_rank ? v->pawn_step_max : 1;
      if (gen->captures_only)
        {
          /* Only a push onto the last rank: a promotion. */
          int to = from + step;
          int last_rank = gen->us == WHITE ? v->ranks - 1 : 0;
          if (square_rank (v, to) == last_rank && !(gen->occupied & bb_square (to)) && (allowed & bb_square (to)))
            emit_pawn_move (gen, from, to);
          continue;
        }
      for (int n = 1, to = from + step; n <= steps && !(gen->occupied & bb_square (to)); n++, to += step)
        if (allowed & bb_square (to))
          {
            if (n == 2 && gen->checkers && v->double_step_check_rule && step_allows_en_passant_reply (gen, from, to))
              continue;
            emit_pawn_move (gen, from, to);
          }
    }
}

/* The squares of one rank from a to b, both included. */
static Bitboard rank_span (int a, int b)
{
  int lo = a < b ? a : b, hi = a < b ? b : a;
  return (bb_square (hi) << 1) - bb_square (lo);
}

static void gen_castling (Generator *gen)
{
  const Position *pos = gen->pos;

  for (int side = 0; side < CASTLE_SIDE_NB; side++)
    {
      int rook = position_castle_rook (pos, gen->us, side);
      if (rook == NO_SQUARE)
        continue;
      int king_to = position_castle_king_target (pos, gen->us, side);
      int rook_to = position_castle_rook_target (pos, gen->us, side);
      Bitboard movers = bb_square (gen->king) | bb_square (rook);
      Bitboard path = (rank_span (gen->king, king_to) | rank_span (rook, rook_to)) & ~movers;
      if (path & gen->occupied)
        continue;
      Bitboard walk = rank_span (gen->king, king_to) & ~bb_square (king_to);
      bool safe = true;
      while (walk && safe)
        safe = !attacked (gen, bb_pop_lsb (&walk), gen->occupied);
      Bitboard after = (gen->occupied ^ movers) | bb_square (king_to) | bb_square (rook_to);
      if (safe && !attacked (gen, king_to, after))
        emit (gen, move_make (gen->king, rook, MOVE_CASTLING, 0));
    }
}

static Generator generator_make (const Position *pos, MoveList *list, bool captures_only)
{
  Generator gen = {
    .pos = pos,
    .v = pos->variant,
    .g = pos->geometry,
    .list = list,
    .us = pos->side,
    .them = !pos->side,
    .king = pos->king_square[pos->side],
    .occupied = position_occupied (pos),
    .own = pos->by_color[pos->side],
    .enemy = pos->by_color[!pos->side],
    .block = ~(Bitboard) 0,
    .captures_only = captures_only,
  };

  if (list)
    list->count = 0;
  gen.checkers = position_checkers (pos);
  return gen;
}

/* With a single checker: the squares that answer the check, and the pins. */
static void generator_block_and_pin (Generator *gen)
{
  if (gen->checkers)
    {
      int checker = bb_lsb (gen->checkers);
      Piece pc = gen->pos->board[checker];
      gen->block = gen->checkers;
      /* A leap or pawn check cannot be blocked; a sliding one can. */
      if (piece_type (pc) != TYPE_PAWN
          && !(gen->v->leap_attacks[piece_type (pc)][checker] & bb_square (gen->king)))
        gen->block |= bb_between (gen->g, gen->king, checker);
    }
  find_pins (gen);
}

static int generate (const Position *pos, MoveList *list, bool captures_only)
{
  Generator gen = generator_make (pos, list, captures_only);

  gen_king (&gen);
  if (bb_more_than_one (gen.checkers))
    return gen.count;
  generator_block_and_pin (&gen);
  gen_pieces (&gen);
  gen_pawns (&gen);
  if (!gen.checkers && !captures_only && gen.v->castling != CASTLING_NONE && position_state (pos)->castling)
    gen_castling (&gen);
  return gen.count;
}

bool movegen_double_step_forbidden (const Position *pos, int from, int to)
{
  const Variant *v = pos->variant;
  int squares = v->files * v->ranks;

  if (!v->double_step_check_rule || from < 0 || from >= squares || to < 0 || to >= squares)
    return false;

  Piece pc = pos->board[from];
  int step = pos->side == WHITE ? v->files : -v->files;
  int home_rank = pos->side == WHITE ? 1 : v->ranks - 2;
  if (pc == NO_PIECE || piece_color (pc) != pos->side || piece_type (pc) != TYPE_PAWN
      || square_rank (v, from) != home_rank || to != from + 2 * step)
    return false;

  Generator gen = generator_make (pos, NULL, false);
  if (!gen.checkers || bb_more_than_one (gen.checkers)
      || (gen.occupied & (bb_square (from + step) | bb_square (to))))
    return false;
  generator_block_and_pin (&gen);
  Bitboard allowed = gen.block;
  if (gen.pinned & bb_square (from))
    allowed &= pin_line (&gen, from);
  return (allowed & bb_square (to)) && step_allows_en_passant_reply (&gen, from, to);
}

void movegen_legal (const Position *pos, MoveList *list)
{
  generate (pos, list, false);
}

void movegen_captures (const Position *pos, MoveList *list)
{
  generate (pos, list, true);
}

int movegen_count (const Position *pos)
{
  return generate (pos, NULL, false);
}

bool movegen_is_legal (const Position *pos, Move move)
{
  MoveList list;
  generate (pos, &list, false);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == move)
      return true;
  return false;
}

uint64_t perft (Position *pos, int depth)
{
  if (depth <= 0)
    return 1;
  if (depth == 1)
    return (uint64_t) movegen_count (pos);

  MoveList list;
  uint64_t nodes = 0;
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      position_make (pos, list.moves[i]);
      nodes += perft (pos, depth - 1);
      position_unmake (pos);
    }
  return nodes;
}

void movegen_piece_reach (const Variant *v, int type, int color, int from,
                          Bitboard *moves, Bitboard *captures)
{
  const Geometry *g = v->geometry;
  Bitboard reach = v->leap_attacks[type][from];

  if (type == TYPE_PAWN)
    {
      int step = color == WHITE ? v->files : -v->files;
      int home_rank = color == WHITE ? 1 : v->ranks - 2;
      int steps = square_rank (v, from) == home_rank ? v->pawn_step_max : 1;

      *moves = 0;
      for (int n = 1, to = from + step; n <= steps && to >= 0 && to < g->squares; n++, to += step)
        *moves |= bb_square (to);
      *captures = g->pawn_attack[color][from];
      return;
    }
  if (v->rook_sliders & (1u << type))
    reach |= rook_attacks (g, from, 0);
  if (v->bishop_sliders & (1u << type))
    reach |= bishop_attacks (g, from, 0);
  *captures = reach;
  *moves = reach | v->leap_quiet[type][from];
}
