/* status.h — how a game stands: over, and why, or what may be claimed
 * (doc/rules.md, "End of the Game"). */
#pragma once

#include "position.h"

typedef enum {
  STATUS_ONGOING,
  STATUS_CHECKMATE,             /* the side to move is mated */
  STATUS_STALEMATE,
  STATUS_FIVEFOLD_REPETITION,
  STATUS_SEVENTY_FIVE_MOVES,
  STATUS_INSUFFICIENT_MATERIAL,
} GameStatus;

typedef struct {
  GameStatus status;
  bool in_check;
  bool can_claim_threefold;     /* the side to move may claim a draw now */
  bool can_claim_fifty;
} StatusInfo;

/* The status of the position (a checkmate on the 150th ply is a mate). */
StatusInfo position_status (const Position *pos);

/* The draw that ends a game by itself in pos, whatever the moves left
 * (fivefold repetition, the 75-move rule, insufficient material), or
 * STATUS_ONGOING; cheaper than position_status (no move generation). */
GameStatus position_automatic_draw (const Position *pos);

/* King against king, or king and one bishop or knight (orthodox or Ajax)
 * against a lone king. */
bool position_insufficient_material (const Position *pos);

/* Whether color has only its King, or King and one Bishop or Knight: the
 * same test for one side, for a flag fall (that side cannot win on time). */
bool position_side_cannot_mate (const Position *pos, int color);

const char *status_describe (GameStatus status);
