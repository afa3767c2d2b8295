/* chancellor-computer.h — the computer player and live analysis: the
 * engine's search on a worker thread, its results on the main context.
 *
 * Each search works on its own copy of the position (taken on the calling
 * thread when it starts), so the game may change while it runs; anything
 * that changes the position shown should cancel it.  Nothing of GObject
 * crosses to the worker: results come back through the GTask callback
 * (chancellor_computer_think_async) or the "analysis-updated" signal,
 * both on the thread-default main context of the caller.
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_COMPUTER_LEVEL_MIN 1
#define CHANCELLOR_COMPUTER_LEVEL_MAX 10
/* The most threads an analysis searches with (the engine's own limit). */
#define CHANCELLOR_COMPUTER_THREADS_MAX 256

/* How long and how well to think.  chancellor_think_limits_init fills in
 * what a level means without a clock (level L searches at the engine's
 * skill 2L, its node budget and handicap, within 0.3–1.2 s; level 10 at
 * full strength for 2 s). */
typedef struct {
  int level;                 /* 1 (weakest) .. 10 (full strength) */
  int depth;                 /* plies, 0: no limit */
  gint64 movetime_ms;        /* a fixed time for this move, 0: none */
  gint64 time_ms[2];         /* each side's clock, by ChancellorColor; 0: no clock */
  gint64 increment_ms[2];
  guint64 seed;              /* the weaker levels' choices; 0: a fixed one */
} ChancellorThinkLimits;

void chancellor_think_limits_init (ChancellorThinkLimits *limits, int level);
/* Gives the search the players' clocks: full strength then shares out its
 * own time (movetime_ms is cleared); a weaker level keeps its short think,
 * within what the clock can spare. */
void chancellor_think_limits_set_clock (ChancellorThinkLimits *limits, gint64 white_ms, gint64 black_ms,
                                        gint64 increment_ms);

/* One finished iteration of the analysis, from White's side. */
typedef struct {
  guint ply;                 /* the game's position that was analysed */
  int depth;
  int score;                 /* centipawns, White ahead when positive */
  int mate;                  /* moves to mate: > 0 White mates, < 0 Black mates, 0: none */
  guint64 nodes;
  gint64 time_ms;
  char *best_move;           /* UCI */
  char *pv;                  /* the line in SAN with move numbers ("12. Nf3 e5 13. d4") */
} ChancellorAnalysis;

#define CHANCELLOR_TYPE_ANALYSIS (chancellor_analysis_get_type ())
GType chancellor_analysis_get_type (void) G_GNUC_CONST;
ChancellorAnalysis *chancellor_analysis_copy (const ChancellorAnalysis *analysis);
void chancellor_analysis_free (ChancellorAnalysis *analysis);
/* The score as a player reads it: "+1.25", "-0.40", "0.00", "#3", "-#2". */
char *chancellor_analysis_format_score (const ChancellorAnalysis *analysis);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorAnalysis, chancellor_analysis_free)

#define CHANCELLOR_TYPE_COMPUTER (chancellor_computer_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorComputer, chancellor_computer, CHANCELLOR, COMPUTER, GObject)

/* Properties: "analysing" (read-only, with notify).
 * Signals: "analysis-updated" (ChancellorAnalysis *, the best line), then
 * "lines-updated" (guint ply, GPtrArray *lines of ChancellorEngineLine,
 * best first, as many as asked for or as there are moves), at most every
 * 100 ms while the depth grows, never after the analysis was stopped. */
ChancellorComputer *chancellor_computer_new (void);

/* Searches the game's live position for a move; the callback gets it from
 * chancellor_computer_think_finish.  Cancelling stops the search at once:
 * the callback then gets G_IO_ERROR_CANCELLED and no move. */
void chancellor_computer_think_async (ChancellorComputer          *self,
                                      ChancellorGame              *game,
                                      const ChancellorThinkLimits *limits,
                                      GCancellable                *cancellable,
                                      GAsyncReadyCallback          callback,
                                      gpointer                     user_data);
/* The move in UCI (as chancellor_game_play_text reads it), and its squares
 * as the player sees them (castling: the King's landing square); NULL with
 * error when cancelled or when the game has no move. */
char *chancellor_computer_think_finish (ChancellorComputer  *self,
                                        GAsyncResult        *result,
                                        int                 *from,
                                        int                 *to,
                                        GError             **error);

/* Analyses the position after ply moves until stopped, replacing any
 * analysis running. */
void chancellor_computer_analyse (ChancellorComputer *self, ChancellorGame *game, guint ply);
void chancellor_computer_stop_analysis (ChancellorComputer *self);
/* For the analyses started from now on: the lines reported
 * (1..CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX, clamped; 1 at first) and the
 * threads searching (1..CHANCELLOR_COMPUTER_THREADS_MAX, clamped; 1 at
 * first).  A move to find always takes one thread. */
void chancellor_computer_set_analysis_lines (ChancellorComputer *self, int n_lines);
int chancellor_computer_get_analysis_lines (ChancellorComputer *self);
void chancellor_computer_set_analysis_threads (ChancellorComputer *self, int threads);
int chancellor_computer_get_analysis_threads (ChancellorComputer *self);
gboolean chancellor_computer_get_analysing (ChancellorComputer *self);

G_END_DECLS
