/* search.c — principal variation search with iterative deepening.
 *
 * Aspiration windows, a transposition table, quiescence search on
 * captures and promotions that do not lose material by static exchange,
 * and draws by repetition, the 50-move rule and insufficient material
 * inside the tree.  Moves are ordered by hash move, captures by exchange
 * and MVV/LVA, killers, counter-moves, butterfly history and continuation
 * history after the moves one and two plies before (with gravity
 * and a malus for the quiet moves that failed).  Pruning: reverse
 * futility and null move (both knowing whether the side to move is
 * improving), razoring, late-move, history, futility and exchange pruning
 * at shallow depth, internal iterative reduction; logarithmic late-move
 * reductions adjusted by history, and late losing captures reduced; check
 * extension; singular extension of the table's move, with multi-cut;
 * mate-distance pruning.  The static evaluation is corrected
 * by a history of the searches' results against it per pawn structure.
 * The quiescence search probes and stores the table too.  A clock's soft
 * budget stretches while the best move changes or the score drops and
 * shrinks while the best move stays, and it is scaled by the share of
 * the nodes the best move took: the fewer it took, the more time.  The
 * pruning margins, the reductions' shape and the aspiration window are
 * the numbers of search-params.c, which a tuner may set.  All of it
 * is generic over the games: the exchange evaluation asks the rules for
 * the attackers, so riders, leapers and move-only steps are as they are.
 */
#include "search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pthread.h>

#include "eval.h"
#include "net.h"
#include "search-params.h"
#include "skill.h"
#include "status.h"

/* Evaluations by key: the quiescence search asks for the same positions
 * again and again. */
#define EVAL_CACHE_SIZE (1 << 16)
/* The plies from the root the net's sums are kept for: every ply the
 * search reaches, its deepest (SEARCH_PLY_MAX - 1) too. */
#define NET_SUMS_PLIES SEARCH_PLY_MAX

typedef struct {
  Key key;
  int score;
} EvalCacheEntry;

/* Correction history: per side to move and pawn structure, a running
 * average of how far the searches' results lay from the static
 * evaluation, added to it (CORRECTION_MAX / CORRECTION_GRAIN at most). */
#define CORRECTION_SIZE 16384
#define CORRECTION_MAX 1024
#define CORRECTION_GRAIN 32

/* A piece code (colour and type) indexes the tables below. */
#define PIECE_CODES (2 * PIECE_TYPE_MAX + 1)

/* Continuation history: how a quiet move (its piece and target) fared
 * after an earlier move of the line (its piece and target). */
typedef int16_t PieceToHistory[PIECE_CODES][SQUARE_NB];

/* What one thread of a search keeps to itself. */
typedef struct {
  Search *search;               /* the shared part */
  int index;                    /* 0: the main thread, which decides */
  pthread_t thread;
  Position *pos;
  _Atomic uint64_t nodes;       /* written by its thread only, read by the main one */
  int seldepth;
  int root_depth;
  Move excluded[MULTIPV_MAX];   /* root moves already reported this iteration */
  int n_excluded;
  Move killers[SEARCH_PLY_MAX][2];
  int history[COLOR_NB][SQUARE_NB][SQUARE_NB];   /* butterfly, within +-HISTORY_MAX */
  Move counter_moves[PIECE_CODES][SQUARE_NB];    /* by the previous move's piece and target */
  PieceToHistory continuation[PIECE_CODES][SQUARE_NB]; /* by the earlier move's piece and target, within +-HISTORY_MAX */
  PieceToHistory *moved[SEARCH_PLY_MAX];         /* the table of the move made at each ply (NULL: none, or a pass) */
  int16_t capture_history[PIECE_CODES][SQUARE_NB][PIECE_TYPE_MAX]; /* by piece, target and victim, within +-HISTORY_MAX */
  Move singular[SEARCH_PLY_MAX];                 /* the move a singular search at that ply leaves out */
  int evals[SEARCH_PLY_MAX];                     /* static evaluations along the line */
  int16_t correction[COLOR_NB][CORRECTION_SIZE]; /* by side and pawns: the evaluation's error, within +-CORRECTION_MAX */
  Move pv[SEARCH_PLY_MAX][SEARCH_PLY_MAX];
  int pv_length[SEARCH_PLY_MAX];
  EvalCacheEntry eval_cache[EVAL_CACHE_SIZE];
  PawnCache pawn_cache;
  const Net *net;               /* the game's learned correction, NULL for none */
  int root_ply;                 /* the root position's ply */
  NetSums net_sums[NET_SUMS_PLIES]; /* the net's sums by ply from the root, each of the position its key names */
  Move root_moves[MOVES_MAX];   /* the root moves searched so far this search, */
  uint64_t root_nodes[MOVES_MAX]; /* and the nodes spent under each */
  int n_root;
} Worker;

/* Lazy SMP: every thread searches the same root over the shared table;
 * the helpers start their iterations a ply apart, so they fill the table
 * with entries the main thread then finds, and the main thread's result
 * is the answer.  The controls are atomics; the limits and the time
 * budget are written before the helpers start. */
struct Search {
  TransTable tt;
  atomic_bool stop;
  atomic_bool pondering;
  _Atomic int64_t start_ms;
  atomic_bool prepared;         /* search_prepare() has reset the three above */
  SearchLimits limits;
  int64_t soft_ms;              /* don't start another iteration after this */
  int64_t hard_ms;              /* stop searching at this */
  int max_depth;                /* of the iterations, for the helpers too */
  const Net *net;               /* search_set_net()'s, or NULL: the game's own */
  bool net_whole;               /* its sums summed whole at every evaluation */
  int n_workers;
  Worker *workers[SEARCH_THREADS_MAX];
};

#define LMR_SIZE 64

/* Late-move reductions by depth and move number: 0.5 + log(depth) *
 * log(moves) / 1.33 (LmrBase and LmrDivisor, in hundredths, as the first
 * SPSA run set them), so the first moves and shallow nodes are reduced
 * least. */
static int lmr_table[LMR_SIZE][LMR_SIZE];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void init_lmr (void)
{
  double base = SP (LMR_BASE) / 100.0, divisor = SP (LMR_DIVISOR) / 100.0;
  for (int d = 1; d < LMR_SIZE; d++)
    for (int n = 1; n < LMR_SIZE; n++)
      lmr_table[d][n] = (int) (base + log (d) * log (n) / divisor);
}

void search_reductions_changed (void)
{
  pthread_once (&lmr_once, init_lmr);
  init_lmr ();
}

static int lmr_base (int depth, int moves)
{
  return lmr_table[depth < LMR_SIZE ? depth : LMR_SIZE - 1][moves < LMR_SIZE ? moves : LMR_SIZE - 1];
}

/* Quiet moves tried at a shallow node before the rest are skipped. */
static int late_move_count (int depth, bool improving)
{
  int count = SP (LMP_BASE) + depth * depth;
  return improving ? count : count * SP (LMP_NOT_IMPROVING) / 100;
}

static int64_t now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static Worker *worker_new (Search *search, int index)
{
  Worker *w = calloc (1, sizeof *w);
  if (!w)
    return NULL;
  w->pos = malloc (sizeof *w->pos);
  if (!w->pos)
    {
      free (w);
      return NULL;
    }
  w->search = search;
  w->index = index;
  atomic_init (&w->nodes, 0);
  return w;
}

static void worker_free (Worker *w)
{
  if (!w)
    return;
  free (w->pos);
  free (w);
}

/* The root position into the worker, with the net its game uses. */
static void worker_set_position (Worker *w, const Position *pos)
{
  position_copy (w->pos, pos);
  const Net *chosen = w->search->net;
  w->net = chosen && net_fits (chosen, pos->variant) ? chosen : net_for_variant (pos->variant);
  w->root_ply = pos->ply;
  for (int i = 0; i < NET_SUMS_PLIES; i++)
    w->net_sums[i].key = 0;
}

static void worker_clear (Worker *w)
{
  memset (w->eval_cache, 0, sizeof w->eval_cache);
  memset (w->history, 0, sizeof w->history);
  memset (w->correction, 0, sizeof w->correction);
  memset (w->killers, 0, sizeof w->killers);
  memset (w->counter_moves, 0, sizeof w->counter_moves);
  memset (w->continuation, 0, sizeof w->continuation);
  memset (w->capture_history, 0, sizeof w->capture_history);
}

Search *search_new (size_t hash_mb)
{
  Search *search = calloc (1, sizeof *search);
  if (!search)
    return NULL;
  search->workers[0] = worker_new (search, 0);
  if (!search->workers[0])
    {
      free (search);
      return NULL;
    }
  search->n_workers = 1;
  tt_init (&search->tt, hash_mb);
  pthread_once (&lmr_once, init_lmr);
  atomic_init (&search->stop, false);
  atomic_init (&search->pondering, false);
  atomic_init (&search->prepared, false);
  atomic_init (&search->start_ms, 0);
  return search;
}

void search_free (Search *search)
{
  if (!search)
    return;
  tt_free (&search->tt);
  for (int i = 0; i < search->n_workers; i++)
    worker_free (search->workers[i]);
  free (search);
}

void search_clear (Search *search)
{
  tt_clear (&search->tt);
  for (int i = 0; i < search->n_workers; i++)
    worker_clear (search->workers[i]);
}

bool search_resize (Search *search, size_t hash_mb)
{
  tt_free (&search->tt);
  return tt_init (&search->tt, hash_mb);
}

bool search_set_threads (Search *search, int threads)
{
  if (threads < 1)
    threads = 1;
  if (threads > SEARCH_THREADS_MAX)
    threads = SEARCH_THREADS_MAX;
  while (search->n_workers > threads)
    {
      search->n_workers--;
      worker_free (search->workers[search->n_workers]);
      search->workers[search->n_workers] = NULL;
    }
  while (search->n_workers < threads)
    {
      Worker *w = worker_new (search, search->n_workers);
      if (!w)
        return false;
      search->workers[search->n_workers++] = w;
    }
  return true;
}

int search_get_threads (const Search *search)
{
  return search->n_workers;
}

static void reset_controls (Search *search, const SearchLimits *limits)
{
  atomic_store (&search->stop, false);
  atomic_store (&search->pondering, limits->infinite);
  atomic_store (&search->start_ms, now_ms ());
}

void search_prepare (Search *search, const SearchLimits *limits)
{
  reset_controls (search, limits);
  atomic_store (&search->prepared, true);
}

void search_set_net (Search *search, const Net *net, bool whole)
{
  search->net = net;
  search->net_whole = whole;
  /* The evaluations cached were another net's. */
  for (int i = 0; i < search->n_workers; i++)
    memset (search->workers[i]->eval_cache, 0, sizeof search->workers[i]->eval_cache);
}

void search_stop (Search *search)
{
  atomic_store (&search->stop, true);
}

void search_ponderhit (Search *search)
{
  atomic_store (&search->start_ms, now_ms ());
  atomic_store (&search->pondering, false);
}

int search_mate_in (int score)
{
  if (score >= SCORE_MATE_BOUND)
    return (SCORE_MATE - score + 1) / 2;
  if (score <= -SCORE_MATE_BOUND)
    return -(SCORE_MATE + score) / 2;
  return 0;
}

/* Mate scores are stored relative to the node, not the root. */
static int score_to_tt (int score, int ply)
{
  return score >= SCORE_MATE_BOUND ? score + ply : score <= -SCORE_MATE_BOUND ? score - ply : score;
}

static int score_from_tt (int score, int ply)
{
  return score >= SCORE_MATE_BOUND ? score - ply : score <= -SCORE_MATE_BOUND ? score + ply : score;
}

static void count_node (Worker *s)
{
  atomic_store_explicit (&s->nodes, atomic_load_explicit (&s->nodes, memory_order_relaxed) + 1,
                         memory_order_relaxed);
}

/* Every thread's nodes. */
static uint64_t search_nodes (const Search *search)
{
  uint64_t nodes = 0;
  for (int i = 0; i < search->n_workers; i++)
    nodes += atomic_load_explicit (&search->workers[i]->nodes, memory_order_relaxed);
  return nodes;
}

/* The main thread watches the clock and the node limit for all. */
static void check_limits (Worker *s)
{
  if (s->index != 0 || (atomic_load_explicit (&s->nodes, memory_order_relaxed) & 255) != 0)
    return;
  if (s->search->limits.nodes && search_nodes (s->search) >= s->search->limits.nodes)
    atomic_store (&s->search->stop, true);
  if (s->search->hard_ms && !atomic_load (&s->search->pondering) && now_ms () - atomic_load (&s->search->start_ms) >= s->search->hard_ms)
    atomic_store (&s->search->stop, true);
}

/* The learned correction of the worker's position, its sums had from
 * those of the nearest of the four positions before it on the line that
 * has them (evaluated, not in check), by the pieces that differ (a
 * move's few squares), or else summed whole. */
static int net_correction (Worker *s)
{
  const Position *pos = s->pos;
  int at = pos->ply - s->root_ply;
  if (at < 0 || at >= NET_SUMS_PLIES)
    return net_evaluate (s->net, pos);
  NetSums *sums = &s->net_sums[at];
  Key key = position_key (pos);
  if (sums->key != key)
    {
      const NetSums *from = NULL;
      for (int back = 1; back <= 4 && back <= at && !from; back++)
        if (s->net_sums[at - back].key == pos->states[pos->ply - back].key)
          from = &s->net_sums[at - back];
      if (from)
        net_sums_update (s->net, pos, from, sums);
      else
        net_sums_refresh (s->net, pos, sums);
      sums->key = key;
    }
  return net_output (s->net, sums, pos->side);
}

/* evaluate() with the worker's net (search_set_net's in place of the
 * game's), cached by the position's key. */
static int cached_evaluate (Worker *s)
{
  Key key = position_key (s->pos);
  EvalCacheEntry *e = &s->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
  if (e->key != key)
    {
      e->key = key;
      e->score = evaluate_without_net_cached (s->pos, &s->pawn_cache);
      if (s->net)
        e->score += s->search->net_whole ? net_evaluate (s->net, s->pos) : net_correction (s);
    }
  return e->score;
}

/* The pawn structure's slot in the correction history. */
static unsigned pawn_index (const Position *pos)
{
  return (unsigned) (position_pawn_hash (pos) & (CORRECTION_SIZE - 1));
}

/* The static evaluation corrected by what the searches found of it
 * (slot: pawn_index of the position). */
static int corrected_eval (const Worker *s, unsigned slot, int eval)
{
  eval += s->correction[s->pos->side][slot] / CORRECTION_GRAIN;
  return eval >= SCORE_MATE_BOUND ? SCORE_MATE_BOUND - 1 : eval <= -SCORE_MATE_BOUND ? -SCORE_MATE_BOUND + 1 : eval;
}

/* An entry h within +-bound moved toward it by bonus, less the nearer
 * it is (the histories' and the correction's "gravity"). */
static int moved_toward (int h, int bonus, int bound)
{
  return h + bonus - h * abs (bonus) / bound;
}

static void update_correction (Worker *s, unsigned slot, int depth, int error)
{
  int bonus = error * depth / 8;
  bonus = bonus > CORRECTION_MAX / 4 ? CORRECTION_MAX / 4 : bonus < -CORRECTION_MAX / 4 ? -CORRECTION_MAX / 4 : bonus;
  int16_t *c = &s->correction[s->pos->side][slot];
  *c = (int16_t) moved_toward (*c, bonus, CORRECTION_MAX);
}

static bool is_draw (const Position *pos)
{
  const PositionState *st = position_state (pos);
  return st->rule50 >= 100 || position_repetitions (pos) >= 1 || position_insufficient_material (pos);
}

static int captured_value (const Position *pos, Move m)
{
  const Variant *v = pos->variant;
  if (move_kind (m) == MOVE_EN_PASSANT)
    return v->type_value[TYPE_PAWN];
  if (move_kind (m) == MOVE_CASTLING || !pos->board[move_to (m)])
    return 0;
  return v->type_value[piece_type (pos->board[move_to (m)])];
}

static bool is_quiet (const Position *pos, Move m)
{
  return captured_value (pos, m) == 0 && move_kind (m) != MOVE_PROMOTION;
}

/* What a piece is worth to an exchange: the King cannot be won. */
static int exchange_value (const Variant *v, int type)
{
  return type == TYPE_KING ? 20 * SCORE_MATE_BOUND / 100 : v->type_value[type];
}

/* Static exchange evaluation: whether the exchange m starts on its target
 * square wins at least threshold, each side recapturing with its least
 * valuable piece.  The attackers are asked of the rules for each occupancy,
 * so riders behind the exchanged pieces join in, and move-only steps
 * (which never capture) never do.  Pins are ignored. */
static bool see_ge (const Position *pos, Move m, int threshold)
{
  const Variant *v = pos->variant;
  int from = move_from (m), to = move_to (m);

  if (move_kind (m) == MOVE_CASTLING)
    return threshold <= 0;
  if (move_kind (m) == MOVE_PROMOTION)
    return captured_value (pos, m) + v->type_value[move_promotion (m)] - v->type_value[TYPE_PAWN] >= threshold;

  int swap = captured_value (pos, m) - threshold;
  if (swap < 0)
    return false;
  swap = exchange_value (v, piece_type (pos->board[from])) - swap;
  if (swap <= 0)
    return true;

  Bitboard occupied = position_occupied (pos) ^ bb_square (from) ^ bb_square (to);
  if (move_kind (m) == MOVE_EN_PASSANT)
    occupied ^= bb_square (position_state (pos)->ep_victim);
  int side = pos->side;
  Bitboard attackers = position_all_attackers (pos, to, occupied);
  bool result = true;

  for (;;)
    {
      side ^= 1;
      attackers &= occupied;
      Bitboard mine = attackers & pos->by_color[side];
      if (!mine)
        break;
      result = !result;
      /* The least valuable attacker. */
      int type = -1, value = 0;
      for (int t = 0; t < v->types; t++)
        if (mine & pos->by_type[t])
          {
            int tv = exchange_value (v, t);
            if (type < 0 || tv < value)
              {
                type = t;
                value = tv;
              }
          }
      if (type == TYPE_KING)
        return (attackers & pos->by_color[side ^ 1] & occupied) ? !result : result;
      swap = value - swap;
      if (swap < (int) result)
        break;
      occupied ^= bb_square (bb_lsb (mine & pos->by_type[type]));
      /* Only a rider can stand behind the piece that went. */
      attackers |= position_slider_attackers (pos, to, occupied);
    }
  return result;
}

#define HISTORY_MAX 16384

/* A quiet move's history at ply: its butterfly entry and its
 * continuation entries after the moves one and two plies before. */
static int quiet_history (const Worker *s, int ply, Move m)
{
  int h = s->history[s->pos->side][move_from (m)][move_to (m)];
  Piece piece = s->pos->board[move_from (m)];
  for (int back = 1; back <= 2 && back <= ply; back++)
    if (s->moved[ply - back])
      h += (*s->moved[ply - back])[piece][move_to (m)];
  return h;
}

/* A capture's history: by the capturing piece, its target and the type
 * it takes (a promotion's without a capture, by the pawn type). */
static int16_t *capture_entry (Worker *s, Move m)
{
  const Position *pos = s->pos;
  int to = move_to (m);
  int victim = move_kind (m) == MOVE_EN_PASSANT || !pos->board[to] ? TYPE_PAWN : piece_type (pos->board[to]);
  return &s->capture_history[pos->board[move_from (m)]][to][victim];
}

/* The reply remembered against the previous move (its piece and target). */
static Move counter_move (const Worker *s)
{
  const Position *pos = s->pos;
  Move last = position_state (pos)->move;
  if (last == MOVE_NONE || move_kind (last) == MOVE_CASTLING)
    return MOVE_NONE;
  return s->counter_moves[pos->board[move_to (last)]][move_to (last)];
}

/* Ordering keys: hash move, then captures that do not lose material by
 * exchange (most valuable victim, least valuable attacker) and promotions,
 * killers, the counter-move, quiet moves by history (a piece leaving a
 * square an enemy pawn attacks for one no enemy pawn does raised by
 * ESCAPE_BONUS, a piece stepping into a pawn's reach lowered by it), and
 * last the captures that lose material. */
#define KEY_GOOD_CAPTURE (1 << 28)
#define KEY_KILLER (1 << 27)
#define KEY_BAD_CAPTURE (-(1 << 28))
#define ESCAPE_BONUS 16384

static void score_moves (Worker *s, const MoveList *list, int *keys, Move tt_move, int ply)
{
  const Position *pos = s->pos;
  const Variant *v = pos->variant;
  Move counter = counter_move (s);
  /* The squares the opponent's pawns attack: a piece there is best moved
   * away first, and moving one there is tried late (found at the first
   * quiet move: the quiescence search's lists have none). */
  Bitboard pawn_attacks = 0;
  bool pawn_attacks_known = false;

  for (int i = 0; i < list->count; i++)
    {
      Move m = list->moves[i];
      int victim = captured_value (pos, m);
      if (m == tt_move)
        keys[i] = 1 << 30;
      else if (victim || move_kind (m) == MOVE_PROMOTION)
        {
          int attacker = v->type_value[piece_type (pos->board[move_from (m)])];
          int promo = move_kind (m) == MOVE_PROMOTION ? v->type_value[move_promotion (m)] : 0;
          int mvv_lva = (victim + promo) * 16 - attacker / 16 + *capture_entry (s, m) / 4;
          keys[i] = (see_ge (pos, m, 0) ? KEY_GOOD_CAPTURE : KEY_BAD_CAPTURE) + mvv_lva;
        }
      else if (m == s->killers[ply][0])
        keys[i] = KEY_KILLER + 2;
      else if (m == s->killers[ply][1])
        keys[i] = KEY_KILLER + 1;
      else if (m == counter)
        keys[i] = KEY_KILLER;
      else
        {
          keys[i] = quiet_history (s, ply, m);
          if (piece_type (pos->board[move_from (m)]) != TYPE_PAWN && move_kind (m) != MOVE_CASTLING)
            {
              if (!pawn_attacks_known)
                {
                  pawn_attacks = position_pawn_attacks (pos, pos->side ^ 1);
                  pawn_attacks_known = true;
                }
              if (pawn_attacks & bb_square (move_from (m)))
                keys[i] += pawn_attacks & bb_square (move_to (m)) ? 0 : ESCAPE_BONUS;
              else if (pawn_attacks & bb_square (move_to (m)))
                keys[i] -= ESCAPE_BONUS;
            }
        }
    }
}

/* Brings the best remaining move to index i. */
static Move pick_move (MoveList *list, int *keys, int i)
{
  int best = i;
  for (int j = i + 1; j < list->count; j++)
    if (keys[j] > keys[best])
      best = j;
  Move m = list->moves[best];
  int k = keys[best];
  list->moves[best] = list->moves[i];
  keys[best] = keys[i];
  list->moves[i] = m;
  keys[i] = k;
  return m;
}

static void update_pv (Worker *s, int ply, Move m)
{
  s->pv[ply][0] = m;
  memcpy (&s->pv[ply][1], s->pv[ply + 1], (size_t) s->pv_length[ply + 1] * sizeof (Move));
  s->pv_length[ply] = s->pv_length[ply + 1] + 1;
}

static int quiescence (Worker *s, int alpha, int beta, int ply)
{
  Position *pos = s->pos;
  MoveList list;
  int keys[MOVES_MAX];

  s->pv_length[ply] = 0;
  count_node (s);
  check_limits (s);
  if (ply > s->seldepth)
    s->seldepth = ply;
  if (is_draw (pos))
    return 0;
  if (ply >= SEARCH_PLY_MAX - 1 || !position_history_has_room (pos, 2))
    return cached_evaluate (s);

  /* The table answers here too, outside the principal variation. */
  Key key = position_key (pos);
  TTEntry entry;
  bool tt_hit = tt_probe (&s->search->tt, key, &entry);
  Move tt_move = entry.move;
  if (tt_hit && beta - alpha == 1)
    {
      int score = score_from_tt (entry.score, ply);
      if (entry.bound == BOUND_EXACT || (entry.bound == BOUND_LOWER && score >= beta)
          || (entry.bound == BOUND_UPPER && score <= alpha))
        return score;
    }

  bool in_check = position_in_check (pos);
  int best = -SCORE_INFINITE, stand = -SCORE_INFINITE, raw_eval = 0, original_alpha = alpha;
  Move best_move = MOVE_NONE;
  if (!in_check)
    {
      raw_eval = cached_evaluate (s);
      stand = best = corrected_eval (s, pawn_index (pos), raw_eval);
      if (stand >= beta)
        return stand;
      if (stand > alpha)
        alpha = stand;
      movegen_captures (pos, &list);
    }
  else
    {
      movegen_legal (pos, &list);
      if (list.count == 0)
        return -SCORE_MATE + ply;
    }

  score_moves (s, &list, keys, tt_move, ply);
  for (int i = 0; i < list.count; i++)
    {
      Move m = pick_move (&list, keys, i);
      /* Delta pruning: even winning this piece cannot reach alpha. */
      if (!in_check && move_kind (m) != MOVE_PROMOTION && stand + captured_value (pos, m) + SP (QS_DELTA) < alpha)
        continue;
      /* A capture that loses material by exchange is not searched. */
      if (!in_check && !see_ge (pos, m, 0))
        continue;
      position_make (pos, m);
      int score = -quiescence (s, -beta, -alpha, ply + 1);
      position_unmake (pos);
      if (atomic_load_explicit (&s->search->stop, memory_order_relaxed))
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = m;
              update_pv (s, ply, m);
              if (alpha >= beta)
                break;
            }
        }
    }
  int bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
  tt_store (&s->search->tt, key, best_move, score_to_tt (best, ply), raw_eval, 0, bound);
  return best;
}

static bool has_pieces (const Position *pos, int color)
{
  return (pos->by_color[color] & ~pos->by_type[TYPE_PAWN] & ~pos->by_type[TYPE_KING]) != 0;
}

static bool root_excluded (const Worker *s, Move m)
{
  for (int i = 0; i < s->n_excluded; i++)
    if (s->excluded[i] == m)
      return true;
  return false;
}

/* The butterfly entry of quiet move m and its continuation entries
 * after the moves one and two plies before ply, moved by bonus. */
static void update_history (Worker *s, int ply, Move m, int bonus)
{
  int *h = &s->history[s->pos->side][move_from (m)][move_to (m)];
  *h = moved_toward (*h, bonus, HISTORY_MAX);
  Piece piece = s->pos->board[move_from (m)];
  for (int back = 1; back <= 2 && back <= ply; back++)
    if (s->moved[ply - back])
      {
        int16_t *c = &(*s->moved[ply - back])[piece][move_to (m)];
        *c = (int16_t) moved_toward (*c, bonus, HISTORY_MAX);
      }
}

/* Capture m's history entry moved by bonus, as the quiet ones. */
static void update_capture_history (Worker *s, Move m, int bonus)
{
  int16_t *h = capture_entry (s, m);
  *h = (int16_t) moved_toward (*h, bonus, HISTORY_MAX);
}

/* The main thread's count of the nodes spent under root move m. */
static void add_root_nodes (Worker *s, Move m, uint64_t nodes)
{
  int i = 0;
  while (i < s->n_root && s->root_moves[i] != m)
    i++;
  if (i == s->n_root)
    {
      if (s->n_root == MOVES_MAX)
        return;
      s->root_moves[s->n_root] = m;
      s->root_nodes[s->n_root++] = 0;
    }
  s->root_nodes[i] += nodes;
}

/* The nodes spent under root move m so far this search. */
static uint64_t root_nodes_of (const Worker *s, Move m)
{
  for (int i = 0; i < s->n_root; i++)
    if (s->root_moves[i] == m)
      return s->root_nodes[i];
  return 0;
}

/* cut_node: a zero-window node expected to fail high (the child of a
 * reduced or null move, or of the first move of an expected all-node). */
static int alphabeta (Worker *s, int depth, int alpha, int beta, int ply, bool null_allowed, bool cut_node)
{
  Position *pos = s->pos;
  bool pv_node = beta - alpha > 1;
  MoveList list;
  int keys[MOVES_MAX];

  s->pv_length[ply] = 0;
  if (ply > 0)
    {
      if (is_draw (pos))
        return 0;
      /* No line can do better than mating now or worse than being mated now. */
      if (alpha < -SCORE_MATE + ply)
        alpha = -SCORE_MATE + ply;
      if (beta > SCORE_MATE - ply - 1)
        beta = SCORE_MATE - ply - 1;
      if (alpha >= beta)
        return alpha;
    }
  bool in_check = position_in_check (pos);
  if (in_check && ply < SEARCH_PLY_MAX / 2)
    depth++;
  if (depth <= 0)
    return quiescence (s, alpha, beta, ply);
  if (ply >= SEARCH_PLY_MAX - 1 || !position_history_has_room (pos, 2))
    return cached_evaluate (s);

  count_node (s);
  check_limits (s);
  if (ply > s->seldepth)
    s->seldepth = ply;

  /* A singular search (below) leaves the table's move out: the table's
   * answer is not its own, and it is not stored. */
  Move left_out = s->singular[ply];
  Key key = position_key (pos);
  TTEntry entry;
  bool tt_hit = tt_probe (&s->search->tt, key, &entry);
  Move tt_move = entry.move;
  if (tt_hit && !pv_node && ply > 0 && entry.depth >= depth && left_out == MOVE_NONE)
    {
      int score = score_from_tt (entry.score, ply);
      if (entry.bound == BOUND_EXACT || (entry.bound == BOUND_LOWER && score >= beta)
          || (entry.bound == BOUND_UPPER && score <= alpha))
        return score;
    }

  int raw_eval = in_check ? 0 : tt_hit ? entry.eval : cached_evaluate (s);
  unsigned slot = in_check ? 0 : pawn_index (pos);
  int static_eval = in_check ? -SCORE_INFINITE : corrected_eval (s, slot, raw_eval);
  /* Improving: the side to move stands better than two plies ago (or
   * was in check then, its evaluation -SCORE_INFINITE), so pruning can
   * be bolder when it does not. */
  s->evals[ply] = static_eval;
  bool improving = !in_check && (ply < 2 || static_eval > s->evals[ply - 2]);

  if (!pv_node && !in_check && ply > 0)
    {
      /* Reverse futility: far above beta near the leaves. */
      if (depth <= 7 && static_eval - SP (RFP_MARGIN) * (depth - improving) >= beta && abs (beta) < SCORE_MATE_BOUND)
        return static_eval;
      /* Razoring: far below alpha near the leaves, a capture or promotion
       * must save the node, so the quiescence search decides (not while a
       * shorter mate is sought: alpha a mate score). */
      if (depth <= 3 && static_eval + SP (RAZOR_MARGIN) * depth <= alpha && abs (alpha) < SCORE_MATE_BOUND)
        {
          int score = quiescence (s, alpha, alpha + 1, ply);
          if (score <= alpha)
            return score;
        }
      /* Null move: if passing still fails high, a real move will (the
       * pass searched 4 + depth / 3 plies less, more when far above
       * beta). */
      if (null_allowed && left_out == MOVE_NONE && depth >= 3 && static_eval >= beta && has_pieces (pos, pos->side))
        {
          int surplus = (static_eval - beta) / SP (NULL_SURPLUS);
          int reduction = 3 + depth / 3 + (surplus < 3 ? surplus : 3);
          s->moved[ply] = NULL;
          position_make_null (pos);
          int score = -alphabeta (s, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, !cut_node);
          position_unmake_null (pos);
          if (atomic_load_explicit (&s->search->stop, memory_order_relaxed))
            return 0;
          if (score >= beta)
            return score >= SCORE_MATE_BOUND ? beta : score;
        }
    }

  /* Internal iterative deepening: a principal-variation node with no
   * move from the table first searches itself 7 plies less for one, as
   * Stockfish 11 does.  Elsewhere, internal iterative reduction: the node
   * is searched a ply less (its next visit has a move). */
  if (pv_node && ply > 0 && depth >= 7 && tt_move == MOVE_NONE && left_out == MOVE_NONE)
    {
      alphabeta (s, depth - 7, alpha, beta, ply, false, cut_node);
      s->pv_length[ply] = 0;
      if (atomic_load_explicit (&s->search->stop, memory_order_relaxed))
        return 0;
      if (tt_probe (&s->search->tt, key, &entry))
        {
          tt_hit = true;
          tt_move = entry.move;
        }
    }
  else if (depth >= 4 && tt_move == MOVE_NONE)
    depth--;

  movegen_legal (pos, &list);
  if (list.count == 0)
    return in_check ? -SCORE_MATE + ply : 0;

  score_moves (s, &list, keys, tt_move, ply);
  Move counter = counter_move (s);
  int best = -SCORE_INFINITE, searched = 0, original_alpha = alpha;
  Move best_move = MOVE_NONE;
  Move quiets[64], captures[32];
  int n_quiets = 0, n_captures = 0;
  for (int i = 0; i < list.count; i++)
    {
      Move m = pick_move (&list, keys, i);
      if ((ply == 0 && root_excluded (s, m)) || m == left_out)
        continue;
      bool quiet = is_quiet (pos, m);
      bool killer = m == s->killers[ply][0] || m == s->killers[ply][1] || m == counter;
      int history = quiet ? quiet_history (s, ply, m) : 0;
      int score;

      /* Shallow pruning, once a move has been searched and no mate is
       * forced: late quiet moves, quiet moves that cannot reach alpha,
       * and moves that lose material by exchange; never a check. */
      bool prune = false;
      if (ply > 0 && searched > 0 && !in_check && best > -SCORE_MATE_BOUND)
        {
          int lmr_depth = depth - 1 - lmr_base (depth, searched + 1);
          if (quiet)
            {
              if (depth <= 8 && searched >= late_move_count (depth, improving))
                prune = true;
              else if (lmr_depth <= 6 && static_eval + SP (FUTILITY_BASE) + SP (FUTILITY_SCALE) * lmr_depth <= alpha)
                prune = true;
              /* A quiet move that has failed again and again at this
               * shallow depth is not tried. */
              else if (!killer && depth <= 4 && history < -SP (HISTORY_PRUNE) * depth)
                prune = true;
            }
          if (!prune && depth <= 6)
            prune = quiet ? !see_ge (pos, m, -SP (SEE_QUIET) * depth * depth) : !see_ge (pos, m, -SP (SEE_CAPTURE) * depth);
        }

      /* Singular extension: the table's move, a lower bound deep enough,
       * is searched a ply deeper when every other move, searched half as
       * deep, stays below its score less a margin; when they reach beta
       * even so, more than one move fails high and the node returns
       * (multi-cut). */
      int extension = 0;
      if (m == tt_move && ply > 0 && ply < 2 * s->root_depth && depth >= 8 && left_out == MOVE_NONE && tt_hit
          && entry.bound != BOUND_UPPER && entry.depth >= depth - 3 && abs (entry.score) < SCORE_MATE_BOUND)
        {
          int singular_beta = score_from_tt (entry.score, ply) - SP (SINGULAR_MARGIN) * depth / 16;
          s->singular[ply] = m;
          int value = alphabeta (s, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false, cut_node);
          s->singular[ply] = MOVE_NONE;
          s->pv_length[ply] = 0;
          if (atomic_load_explicit (&s->search->stop, memory_order_relaxed))
            return 0;
          if (value < singular_beta)
            extension = 1;
          else if (singular_beta >= beta)
            return singular_beta;
        }

      s->moved[ply] = &s->continuation[pos->board[move_from (m)]][move_to (m)];
      uint64_t nodes_before = ply == 0 ? atomic_load_explicit (&s->nodes, memory_order_relaxed) : 0;
      position_make (pos, m);
      bool gives_check = position_in_check (pos);
      if (prune && !gives_check)
        {
          position_unmake (pos);
          continue;
        }

      if (searched == 0)
        score = -alphabeta (s, depth - 1 + extension, -beta, -alpha, ply + 1, true, !pv_node && !cut_node);
      else
        {
          int reduction = 0;
          /* A late quiet move: less in the principal variation, for a
           * killer or a move with a good history, more where the node is
           * not improving or is expected to fail high. */
          if (depth >= 3 && searched >= 2 && quiet && !in_check && !gives_check)
            {
              reduction = lmr_base (depth, searched + 1) + !improving - pv_node - killer - history / SP (LMR_HISTORY)
                          + cut_node;
              if (reduction < 0)
                reduction = 0;
              if (reduction > depth - 2)
                reduction = depth - 2;
            }
          /* A capture that loses material by exchange, late in the list,
           * is searched a ply less (two outside the principal variation). */
          else if (depth >= 3 && searched >= 2 && !quiet && !in_check && !gives_check && keys[i] < 0)
            reduction = pv_node || depth < 4 ? 1 : 2;
          score = -alphabeta (s, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true, true);
          if (score > alpha && reduction > 0)
            score = -alphabeta (s, depth - 1, -alpha - 1, -alpha, ply + 1, true, !cut_node);
          if (score > alpha && score < beta)
            score = -alphabeta (s, depth - 1, -beta, -alpha, ply + 1, true, false);
        }
      position_unmake (pos);
      if (ply == 0 && s->index == 0)
        add_root_nodes (s, m, atomic_load_explicit (&s->nodes, memory_order_relaxed) - nodes_before);
      if (atomic_load_explicit (&s->search->stop, memory_order_relaxed))
        return 0;
      searched++;
      if (quiet && score < beta && n_quiets < 64 && m != best_move)
        quiets[n_quiets++] = m;
      else if (!quiet && score < beta && n_captures < 32 && m != best_move)
        captures[n_captures++] = m;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = m;
              update_pv (s, ply, m);
              if (alpha >= beta)
                {
                  /* The cut move gains, the quiet moves tried before it
                   * lose, by a bonus of the order of Stockfish's (d² + 2 d,
                   * a hundredth of the range at depth 10, left the
                   * history near 0: 55 Elo, tools/README); so do the
                   * captures tried before it, in their own history. */
                  int bonus = SP (HISTORY_BONUS_QUAD) * depth * depth + SP (HISTORY_BONUS_LINEAR) * depth;
                  if (bonus > SP (HISTORY_BONUS_MAX))
                    bonus = SP (HISTORY_BONUS_MAX);
                  if (!quiet)
                    update_capture_history (s, m, bonus);
                  for (int c = 0; c < n_captures; c++)
                    update_capture_history (s, captures[c], -bonus);
                  if (quiet)
                    {
                      if (s->killers[ply][0] != m)
                        {
                          s->killers[ply][1] = s->killers[ply][0];
                          s->killers[ply][0] = m;
                        }
                      Move last = position_state (pos)->move;
                      if (last != MOVE_NONE && move_kind (last) != MOVE_CASTLING)
                        s->counter_moves[pos->board[move_to (last)]][move_to (last)] = m;
                      update_history (s, ply, m, bonus);
                      for (int q = 0; q < n_quiets; q++)
                        update_history (s, ply, quiets[q], -bonus);
                    }
                  break;
                }
            }
        }
    }
  if (searched == 0)
    return alpha;   /* every root move excluded (MultiPV beyond the move count), or the one left out */

  int bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
  /* The evaluation's error, where the result says which way it lies and
   * no capture decided it. */
  if (!in_check && (ply > 0 || s->n_excluded == 0) && left_out == MOVE_NONE && abs (best) < SCORE_MATE_BOUND
      && (best_move == MOVE_NONE || is_quiet (pos, best_move))
      && !(bound == BOUND_LOWER && best <= static_eval) && !(bound == BOUND_UPPER && best >= static_eval))
    update_correction (s, slot, depth, best - static_eval);
  if ((ply > 0 || s->n_excluded == 0) && left_out == MOVE_NONE)
    tt_store (&s->search->tt, key, best_move, score_to_tt (best, ply), raw_eval, depth, bound);
  return best;
}

/* The budget for a clock: a soft limit that no new iteration starts after
 * (half of it) and a hard one the search stops at.  The hard limit leaves
 * the move overhead and a reserve on the clock, so that the bestmove
 * arrives before the flag falls even on a loaded machine. */
static void set_time_budget (Search *s, int side)
{
  const SearchLimits *l = &s->limits;
  int64_t overhead = l->move_overhead_ms > 0 ? l->move_overhead_ms : 0;

  s->soft_ms = s->hard_ms = 0;
  if (l->movetime_ms > 0)
    {
      /* A fixed time is searched whole (UCI's "go movetime", XBoard's
       * "st"): no soft limit ends it early at a stable best move. */
      s->hard_ms = l->movetime_ms - overhead > 1 ? l->movetime_ms - overhead : 1;
    }
  else if (l->time_ms[side] > 0)
    {
      int64_t inc = l->increment_ms[side];
      int64_t left = l->time_ms[side] - overhead;
      /* Without a move count, a twentieth of the clock (a thirtieth
       * lost 23 Elo in self-play at 2 s + 0.02 s: tools/README). */
      int64_t moves = l->moves_to_go > 0 ? l->moves_to_go : 20;
      if (left < 1)
        left = 1;
      /* The checks between nodes and the answer itself take a few ms. */
      int64_t reserve = left > 1000 ? 20 + left / 100 : left / 10;
      s->soft_ms = left / moves + inc * 3 / 4;
      s->hard_ms = s->soft_ms * 4;
      if (s->hard_ms > left / 3 + inc)
        s->hard_ms = left / 3 + inc;
      if (s->hard_ms > left - reserve)
        s->hard_ms = left - reserve;
      if (s->hard_ms < 1)
        s->hard_ms = 1;
      if (s->soft_ms > s->hard_ms)
        s->soft_ms = s->hard_ms;
    }
}

/* A weaker level picks among the best lines with a random handicap. */
static Move choose_weaker (const SearchInfo *lines, int count, int weakness, uint64_t *seed)
{
  int best = 0, best_value = -SCORE_INFINITE * 2;

  for (int i = 0; i < count; i++)
    {
      int value = lines[i].score + (int) (skill_random (seed) % (uint64_t) (weakness + 1));
      if (value > best_value)
        {
          best_value = value;
          best = i;
        }
    }
  return lines[best].pv[0];
}

/* score held within the widest window, +-SCORE_INFINITE. */
static int within_infinity (int score)
{
  return score < -SCORE_INFINITE ? -SCORE_INFINITE : score > SCORE_INFINITE ? SCORE_INFINITE : score;
}

/* A root search at depth, in a window around previous_score (a full
 * window when windowed is false).  A fail widens the window around the
 * score returned, by half again and 5 cp each time; a fail low also
 * brings beta down halfway, and each fail high searches the next try a
 * ply less, as Stockfish's aspiration loop does. */
static int search_root (Worker *s, int depth, int previous_score, bool windowed)
{
  int window = SP (ASPIRATION), alpha = -SCORE_INFINITE, beta = SCORE_INFINITE, score, failed_high = 0;

  s->seldepth = 0;
  if (windowed)
    {
      alpha = within_infinity (previous_score - window);
      beta = within_infinity (previous_score + window);
    }
  for (;;)
    {
      int adjusted = depth - failed_high > 1 ? depth - failed_high : 1;
      score = alphabeta (s, adjusted, alpha, beta, 0, false, false);
      if (atomic_load (&s->search->stop))
        break;
      if (score <= alpha)
        {
          beta = (alpha + beta) / 2;
          alpha = within_infinity (score - window);
          failed_high = 0;
        }
      else if (score >= beta)
        {
          beta = within_infinity (score + window);
          failed_high++;
        }
      else
        break;
      window += window / 2 + 5;
    }
  return score;
}

/* A helper thread: iterative deepening of one line until the main thread
 * stops it; odd helpers start a ply deeper, so that the threads are not
 * all at one depth at once. */
static void *helper_main (void *data)
{
  Worker *w = data;
  Search *search = w->search;
  int previous_score = 0;

  memset (w->killers, 0, sizeof w->killers);
  for (int depth = 1 + w->index % 2; depth <= search->max_depth; depth++)
    {
      w->root_depth = depth;
      w->n_excluded = 0;
      int score = search_root (w, depth, previous_score, depth >= 5);
      if (atomic_load (&search->stop))
        break;
      previous_score = score;
    }
  return NULL;
}

/* Starts the helpers on pos; returns how many run. */
static int start_helpers (Search *search, const Position *pos)
{
  int started = 1;
  for (; started < search->n_workers; started++)
    {
      Worker *w = search->workers[started];
      worker_set_position (w, pos);
      atomic_store_explicit (&w->nodes, 0, memory_order_relaxed);
      if (pthread_create (&w->thread, NULL, helper_main, w) != 0)
        break;
    }
  return started;
}

static void stop_helpers (Search *search, int started)
{
  atomic_store (&search->stop, true);
  for (int i = 1; i < started; i++)
    pthread_join (search->workers[i]->thread, NULL);
}

/* Orders a finished iteration's lines by score, best first (stable, so
 * equal scores keep the order they were found in). */
static void sort_lines (SearchInfo *lines, int count)
{
  for (int i = 1; i < count; i++)
    {
      SearchInfo line = lines[i];
      int j = i;
      for (; j > 0 && lines[j - 1].score < line.score; j--)
        lines[j] = lines[j - 1];
      lines[j] = line;
    }
  for (int i = 0; i < count; i++)
    lines[i].multipv = i + 1;
}

Move search_run (Search *search, const Position *pos, const SearchLimits *limits,
                 SearchInfoFunc info, void *user_data, Move *ponder)
{
  Worker *s = search->workers[0];
  SearchInfo lines[MULTIPV_MAX];
  MoveList root;
  Move best = MOVE_NONE;

  worker_set_position (s, pos);
  search->limits = *limits;
  /* After search_prepare() a stop or ponderhit may already have come. */
  if (!atomic_exchange (&search->prepared, false))
    reset_controls (search, limits);
  atomic_store_explicit (&s->nodes, 0, memory_order_relaxed);
  s->n_root = 0;
  set_time_budget (search, pos->side);
  tt_new_search (&search->tt);
  memset (s->killers, 0, sizeof s->killers);
  if (ponder)
    *ponder = MOVE_NONE;

  movegen_legal (s->pos, &root);
  if (root.count == 0)
    return MOVE_NONE;
  best = root.moves[0];

  /* A Skill Level below 20 (skill.h): a node budget from depth 2 on, a
   * choice among several lines, and now and then a move at a glance. */
  SkillLevel level = skill_level (limits->skill <= 0 ? SKILL_MAX : limits->skill);
  /* The seed times an odd constant, so that a seed that is the key
   * itself (as the UCI engine gives) does not cancel out. */
  uint64_t seed = (limits->seed ? limits->seed : 1) * 0x9e3779b97f4a7c15u ^ position_key (pos);
  if (seed == 0)
    seed = 0x9e3779b97f4a7c15u;
  int multipv = limits->multipv < 1 ? 1 : limits->multipv > MULTIPV_MAX ? MULTIPV_MAX : limits->multipv;
  int lines_searched = multipv > level.lines ? multipv : level.lines;
  if (lines_searched > root.count)
    lines_searched = root.count;
  int max_depth = limits->depth > 0 ? limits->depth : SEARCH_PLY_MAX - 4;
  Move glanced = MOVE_NONE;
  if (level.glance_percent && skill_random (&seed) % 100 < (uint64_t) level.glance_percent)
    {
      glanced = skill_glance (s->pos, &root, level.weakness, &seed);
      max_depth = 0;
    }
  search->max_depth = max_depth;
  int helpers = start_helpers (search, pos);

  int found = 0;
  int previous_score = 0;
  /* Time use follows the best move's stability and the score's trend. */
  Move last_best = MOVE_NONE;
  int stable = 0, last_score = 0;
  for (int depth = 1; depth <= max_depth; depth++)
    {
      SearchInfo iteration[MULTIPV_MAX];
      int done = 0;
      s->root_depth = depth;
      s->n_excluded = 0;
      for (int line = 0; line < lines_searched; line++)
        {
          int score = search_root (s, depth, previous_score, depth >= 5 && line == 0);
          if (atomic_load (&search->stop) || s->pv_length[0] == 0)
            break;
          SearchInfo *l = &iteration[line];
          l->depth = depth;
          l->seldepth = s->seldepth;
          l->multipv = line + 1;
          l->score = score;
          l->bound = BOUND_EXACT;
          l->nodes = search_nodes (search);
          l->time_ms = now_ms () - atomic_load (&search->start_ms);
          l->pv_length = s->pv_length[0];
          memcpy (l->pv, s->pv[0], (size_t) l->pv_length * sizeof (Move));
          s->excluded[s->n_excluded++] = l->pv[0];
          if (line == 0)
            previous_score = score;
          done++;
        }
      /* Keep only complete iterations (a partial one keeps its first line,
       * the best move found at this depth). */
      if (done == lines_searched)
        {
          sort_lines (iteration, done);
          memcpy (lines, iteration, sizeof lines);
          found = done;
          for (int line = 0; info && line < done && line < multipv; line++)
            info (&lines[line], user_data);
        }
      else if (done > 0 && found > 0)
        lines[0] = iteration[0];
      if (atomic_load (&search->stop))
        break;
      if (depth == 1 && level.nodes && (!search->limits.nodes || search->limits.nodes > level.nodes))
        search->limits.nodes = level.nodes;
      int percent = 100;
      if (found)
        {
          stable = lines[0].pv[0] == last_best ? stable + 1 : 0;
          percent = stable == 0 ? SP (TIME_UNSTABLE) : stable == 1 ? 110 : stable < 4 ? 90 : 70;
          if (depth > 1 && lines[0].score < last_score - 25)
            percent += SP (TIME_SCORE_DROP);
          /* Less time where the best move took most of the search's
           * nodes (its rivals were refuted quickly), more where it took
           * few: 1.6 (TimeNodeShare) less the best move's share. */
          uint64_t total = atomic_load_explicit (&s->nodes, memory_order_relaxed);
          if (total > 0)
            percent = (int) (percent * (SP (TIME_NODE_SHARE) - (int) (root_nodes_of (s, lines[0].pv[0]) * 100 / total))
                             / 100);
          last_best = lines[0].pv[0];
          last_score = lines[0].score;
        }
      if (!atomic_load (&search->pondering))
        {
          int64_t elapsed = now_ms () - atomic_load (&search->start_ms);
          if (search->soft_ms && elapsed * 200 >= search->soft_ms * percent)
            break;
          if (!limits->depth && found && abs (lines[0].score) >= SCORE_MATE_BOUND
              && depth >= 2 * abs (search_mate_in (lines[0].score)) + 2 && !limits->infinite)
            break;
        }
    }

  /* An infinite (or pondering) search waits for stop before answering. */
  while (atomic_load (&search->pondering) && !atomic_load (&search->stop))
    {
      struct timespec pause = { 0, 2000000 };
      nanosleep (&pause, NULL);
    }
  stop_helpers (search, helpers);

  if (glanced != MOVE_NONE)
    best = glanced;
  else if (found)
    {
      best = level.lines > 1 ? choose_weaker (lines, found, level.weakness, &seed) : lines[0].pv[0];
      if (ponder && best == lines[0].pv[0] && lines[0].pv_length > 1)
        *ponder = lines[0].pv[1];
    }
  return best;
}
