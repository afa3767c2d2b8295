/* chancellor-game-review-private.h — what the review's two runs share:
 * the built-in engine's on a thread (chancellor-game-review.c) and an
 * external engine's on the main context (chancellor-game-review-engine.c). */
#pragma once

#include "chancellor-game-review.h"

#include "judge.h"
#include "notation.h"

/* A line as text: JUDGE_LINE_MAX moves of SAN and their blanks, and room
 * for a comment that says where an engine's line was cut. */
#define LINE_TEXT_MAX (JUDGE_LINE_MAX * MOVE_TEXT_MAX + 256)

/* What the search found in one position of the game. */
typedef struct {
  int value;                     /* White's side (judge.h) */
  int depth;                     /* 0: the rules ended the game here, or no score */
  Move best;
  char best_san[MOVE_TEXT_MAX];
  char line[LINE_TEXT_MAX];      /* the best line, SAN separated by blanks */
} PositionResult;

/* The next position's result: kept, its move annotated, "n-done" told. */
void _chancellor_game_review_deliver (ChancellorGameReview *self, const PositionResult *result);
/* The external run has stopped: after the last position, cancelled
 * (failure NULL) or for the reason failure; "finished" is emitted. */
void _chancellor_game_review_stopped (ChancellorGameReview *self, const char *failure);

/* An external engine's run over every position of game, reporting to
 * owner (held weakly) until it stops or is cancelled.  It frees itself
 * once its engine's last call has come back. */
typedef struct _ChancellorReviewRun ChancellorReviewRun;
ChancellorReviewRun *_chancellor_review_run_start (ChancellorGameReview *owner, const char *path,
                                                   ChancellorGame *game, int depth, gint64 movetime_ms);
/* Stops the run; the owner hears "stopped" when the engine has let go. */
void _chancellor_review_run_stop (ChancellorReviewRun *run);
/* Stops the run and forgets the owner: it is heard of no more. */
void _chancellor_review_run_cancel (ChancellorReviewRun *run);
