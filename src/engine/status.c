/* status.c — mate, stalemate and the draw rules (doc/rules.md, "End of the Game"). */
#include "status.h"

#include "movegen.h"

/* Plies without a pawn move or capture for a claim, and for the automatic end. */
#define FIFTY_MOVE_PLIES 100
#define SEVENTY_FIVE_MOVE_PLIES 150
/* position_repetitions counts earlier occurrences, so threefold is 2 of them. */
#define THREEFOLD_EARLIER 2
#define FIVEFOLD_EARLIER 4

static GameStatus automatic_draw (const Position *pos, int repetitions)
{
  if (repetitions >= FIVEFOLD_EARLIER)
    return STATUS_FIVEFOLD_REPETITION;
  if (position_state (pos)->rule50 >= SEVENTY_FIVE_MOVE_PLIES)
    return STATUS_SEVENTY_FIVE_MOVES;
  if (position_insufficient_material (pos))
    return STATUS_INSUFFICIENT_MATERIAL;
  return STATUS_ONGOING;
}

GameStatus position_automatic_draw (const Position *pos)
{
  return automatic_draw (pos, position_repetitions (pos));
}

StatusInfo position_status (const Position *pos)
{
  StatusInfo info = { .status = STATUS_ONGOING };
  int rule50 = position_state (pos)->rule50;
  int repetitions;

  info.in_check = position_in_check (pos);
  /* Mate and stalemate come first: a mate on the 150th ply is a mate. */
  if (movegen_count (pos) == 0)
    {
      info.status = info.in_check ? STATUS_CHECKMATE : STATUS_STALEMATE;
      return info;
    }

  repetitions = position_repetitions (pos);
  info.status = automatic_draw (pos, repetitions);

  /* A claim is only open while the game goes on. */
  if (info.status == STATUS_ONGOING)
    {
      info.can_claim_threefold = repetitions >= THREEFOLD_EARLIER;
      info.can_claim_fifty = rule50 >= FIFTY_MOVE_PLIES;
    }
  return info;
}

/* The minor pieces doc/rules.md names: one of them cannot mate a lone king. */
static bool is_lone_minor (PieceKind kind)
{
  return kind == KIND_BISHOP || kind == KIND_KNIGHT
      || kind == KIND_AJAX_BISHOP || kind == KIND_AJAX_KNIGHT;
}

bool position_insufficient_material (const Position *pos)
{
  const Variant *v = pos->variant;
  Bitboard kings = pos->by_type[TYPE_KING];
  Bitboard others = position_occupied (pos) & ~kings;

  if (!others)
    return true;
  if (bb_more_than_one (others))
    return false;
  return is_lone_minor (v->kinds[piece_type (pos->board[bb_lsb (others)])]);
}

bool position_side_cannot_mate (const Position *pos, int color)
{
  Bitboard others = pos->by_color[color] & ~pos->by_type[TYPE_KING];

  if (!others)
    return true;
  if (bb_more_than_one (others))
    return false;
  return is_lone_minor (pos->variant->kinds[piece_type (pos->board[bb_lsb (others)])]);
}

const char *status_describe (GameStatus status)
{
  switch (status)
    {
    case STATUS_ONGOING:
      return "in progress";
    case STATUS_CHECKMATE:
      return "checkmate";
    case STATUS_STALEMATE:
      return "stalemate";
    case STATUS_FIVEFOLD_REPETITION:
      return "fivefold repetition";
    case STATUS_SEVENTY_FIVE_MOVES:
      return "75-move rule";
    case STATUS_INSUFFICIENT_MATERIAL:
      return "insufficient material";
    }
  return "unknown";
}
