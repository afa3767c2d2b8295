/* chancellor-match.h — a game being played: who plays each side, the
 * clocks, and the computer's turns.
 *
 * The match follows its game: when the side to move (or to choose its
 * array, in the relocation phase) is a computer player, it thinks on a
 * worker thread and plays the move, no sooner than "move-delay" after the
 * move before it (half that after a person's move) so that the moves can
 * be followed.  Any change of the game (a move, undo, redo, a new game),
 * a pause or a change of players stops a search at once.  The clock runs
 * for the side to move while the game is played; a flag fall ends the
 * game (chancellor_game_flag), or aborts it when that side has not yet
 * moved (chancellor_game_abort_on_time).
 *
 * Properties (with notify): "game", "level" (1..10), "move-delay" (ms),
 * "paused", and read-only "thinking" (a search or a computer's move is
 * under way) and "computer-turn" (a computer player is to act).
 */
#pragma once

#include <glib-object.h>

#include "chancellor-clock.h"
#include "chancellor-computer.h"
#include "chancellor-game.h"
#include "chancellor-game-setup.h"
#include "chancellor-uci-engine.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_MATCH (chancellor_match_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorMatch, chancellor_match, CHANCELLOR, MATCH, GObject)

ChancellorMatch *chancellor_match_new (void);

/* A new game: the clock starts again from the time control. */
void chancellor_match_set_game (ChancellorMatch *self, ChancellorGame *game);
ChancellorGame *chancellor_match_get_game (ChancellorMatch *self);

void chancellor_match_set_player (ChancellorMatch *self, ChancellorColor color, ChancellorPlayerKind kind);
ChancellorPlayerKind chancellor_match_get_player (ChancellorMatch *self, ChancellorColor color);
void chancellor_match_set_level (ChancellorMatch *self, int level);
int chancellor_match_get_level (ChancellorMatch *self);
/* The clock for the game (started again as for a new game): minutes and
 * increment (seconds) for FISCHER, seconds_per_move for PER_MOVE. */
void chancellor_match_set_time_control (ChancellorMatch *self, ChancellorTimeControlKind kind,
                                        int minutes, int increment, int seconds_per_move);
/* Players, level and time control as the New Game chooser set them. */
void chancellor_match_apply_setup (ChancellorMatch *self, ChancellorGameSetup *setup);
/* A new game with its setup (the clock starts again). */
void chancellor_match_start (ChancellorMatch *self, ChancellorGame *game, ChancellorGameSetup *setup);
/* For a game read back with a clock: each side's time from the last
 * [%clk] of its moves, and the match paused while the game goes on (the
 * player resumes it). */
void chancellor_match_resume_clock (ChancellorMatch *self);
void chancellor_match_set_move_delay (ChancellorMatch *self, guint move_delay_ms);
guint chancellor_match_get_move_delay (ChancellorMatch *self);

void chancellor_match_set_paused (ChancellorMatch *self, gboolean paused);
gboolean chancellor_match_get_paused (ChancellorMatch *self);
gboolean chancellor_match_get_thinking (ChancellorMatch *self);
gboolean chancellor_match_get_computer_turn (ChancellorMatch *self);
/* Exactly one side is a computer player. */
gboolean chancellor_match_get_against_computer (ChancellorMatch *self);

/* The external engine that plays the computer's moves (started, its games
 * checked: ChancellorEngineGames), or NULL for the built-in one.  Its
 * moves are checked like any engine's: a move our rules refuse, or an
 * engine that fails, pauses the match and emits "engine-failed" with the
 * sentence; nothing reaches the board. */
void chancellor_match_set_engine (ChancellorMatch *self, ChancellorUciEngine *engine);
ChancellorUciEngine *chancellor_match_get_engine (ChancellorMatch *self);
/* The engine that is to play is still being started and checked: the
 * computer's turns wait until chancellor_match_set_engine names it (or
 * NULL, the built-in engine). */
void chancellor_match_wait_for_engine (ChancellorMatch *self);

ChancellorClock *chancellor_match_get_clock (ChancellorMatch *self);
ChancellorComputer *chancellor_match_get_computer (ChancellorMatch *self);

/* Take back: against the computer, its reply and the person's move
 * together, so that it is the person's turn again; redo likewise. */
void chancellor_match_undo (ChancellorMatch *self);
void chancellor_match_redo (ChancellorMatch *self);

G_END_DECLS
