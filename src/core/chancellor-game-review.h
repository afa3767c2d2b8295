/* chancellor-game-review.h — the engine over every position of a game,
 * on a thread of its own, its verdicts written into the game.
 *
 * A review searches the positions of the game from the start to the
 * last, one search at a time, each to a fixed depth or for a fixed time,
 * on a copy of the moves taken when it starts.  As each position is done,
 * the move that led there is annotated in the game: "[%eval 0.35]" at the
 * front of its comment (replacing an older one), and when the move lost
 * value (the thresholds are judge.h's: ?! $6, ? $2, ?? $4) that NAG and the
 * better line as a variation, opened by a comment holding its value,
 * "({[%eval 0.35]} 12. Nxe5 …)": the mark of a review's own line
 * (judge_line_is_review), in the game and in a file read back.  Starting
 * first clears what an earlier review wrote (chancellor_game_review_clear).  Cancelling stops the
 * search at once; what was written by then stays.  A move taken back or
 * made in the game cancels it too.
 *
 * The readers below turn a game's annotations back into scores and marks,
 * whoever wrote them (this review, chancellor-analyse, another program).
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

/* How long each position is searched, unless set otherwise. */
#define CHANCELLOR_GAME_REVIEW_MOVETIME_MS 300

/* A move's assessment: the PGN NAG number, 1..6. */
typedef enum {
  CHANCELLOR_MOVE_MARK_NONE = 0,
  CHANCELLOR_MOVE_MARK_GOOD = 1,          /* ! */
  CHANCELLOR_MOVE_MARK_MISTAKE = 2,       /* ? */
  CHANCELLOR_MOVE_MARK_BRILLIANT = 3,     /* !! */
  CHANCELLOR_MOVE_MARK_BLUNDER = 4,       /* ?? */
  CHANCELLOR_MOVE_MARK_INTERESTING = 5,   /* !? */
  CHANCELLOR_MOVE_MARK_INACCURACY = 6,    /* ?! */
} ChancellorMoveMark;

#define CHANCELLOR_TYPE_GAME_REVIEW (chancellor_game_review_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorGameReview, chancellor_game_review, CHANCELLOR, GAME_REVIEW, GObject)

/* Properties: "game" (construct-only), "running", "n-done" (positions
 * analysed; all notified).  Signals: "finished" (gboolean complete), once
 * the search thread has stopped, after the whole game or a cancel. */
ChancellorGameReview *chancellor_game_review_new (ChancellorGame *game);
ChancellorGame *chancellor_game_review_get_game (ChancellorGameReview *self);

/* Each position's search: depth plies (0: no limit) and movetime_ms
 * milliseconds (0: none); at least one of them.  A depth alone makes the
 * analysis the same on every run. */
void chancellor_game_review_set_limits (ChancellorGameReview *self, int depth, gint64 movetime_ms);
/* The threads each search uses, from the next start (1 at first; with
 * more, a depth-limited review may differ from run to run). */
void chancellor_game_review_set_threads (ChancellorGameReview *self, int threads);

/* The external UCI engine (its program's path) that searches the
 * positions instead of the built-in one; NULL or "": the built-in one.
 * It is started with each run, its games checked first, and each of its
 * best moves and lines checked by our rules: a line is cut at a move our
 * rules refuse, and the variation written from it says so.  A game it
 * does not play, an illegal best move or an engine that fails stops the
 * run ("finished" with FALSE) with the reason in
 * chancellor_game_review_get_failure.  Its process ends with the run. */
void chancellor_game_review_set_engine (ChancellorGameReview *self, const char *path);
/* Why the last run stopped short (a sentence), or NULL: complete, not
 * started or cancelled. */
const char *chancellor_game_review_get_failure (ChancellorGameReview *self);

/* Starts over (cancelling a run in progress). */
void chancellor_game_review_start (ChancellorGameReview *self);
void chancellor_game_review_cancel (ChancellorGameReview *self);
gboolean chancellor_game_review_get_running (ChancellorGameReview *self);
/* Positions analysed, of n_moves + 1. */
guint chancellor_game_review_get_n_done (ChancellorGameReview *self);
guint chancellor_game_review_get_n_positions (ChancellorGameReview *self);

/* This run's verdict on the move that led to ply (1..n_done - 1), and the
 * best move in its place, in SAN (NULL when not analysed yet). */
ChancellorMoveMark chancellor_game_review_get_mark (ChancellorGameReview *self, guint ply);
char *chancellor_game_review_dup_best_move (ChancellorGameReview *self, guint ply);

/* Removes from game what analyses write: the [%eval] commands, the ?!, ?
 * and ?? marks and the analyses' own lines; the lines a player or a file
 * brought stay. */
void chancellor_game_review_clear (ChancellorGame *game);

/* The value of the position after ply moves, from the [%eval] of the
 * move's comment (or a checkmate on the board): White's expected result
 * (0 lost .. 1 won) and, when text is given, the score as a player reads
 * it ("+0.35", "-1.20", "#3", "-#2", "1-0").  FALSE when there is none. */
gboolean chancellor_game_review_read_score (ChancellorGame *game, guint ply, double *expectation, char **text);
/* Whether any position of the game has a score. */
gboolean chancellor_game_review_has_scores (ChancellorGame *game);
/* The move's assessment NAG, and for a ?!, ? or ?? the first move of the
 * first analysis's line beside it in SAN (the better move), or NULL (a
 * player's lines are not read as the better move). */
ChancellorMoveMark chancellor_game_review_read_mark (ChancellorGame *game, guint ply);
char *chancellor_game_review_read_better_move (ChancellorGame *game, guint ply);
/* The average centipawn loss of color's moves (lichess's ACPL): the
 * [%eval] before each move less the one after it, from color's side,
 * scores held within ±10 pawns (a mate counts as 10); -1 when no move of
 * color has both. */
int chancellor_game_review_read_average_loss (ChancellorGame *game, ChancellorColor color);
/* "?!", "!!" …, "" for none. */
const char *chancellor_move_mark_get_symbol (ChancellorMoveMark mark);

G_END_DECLS
