/* chancellor-game-setup.h — what the New Game chooser decided: the game,
 * its start, who plays each side and the clocks. */
#pragma once

#include <glib-object.h>

#include "chancellor-game.h"

G_BEGIN_DECLS

typedef enum {
  CHANCELLOR_PLAYER_HUMAN,
  CHANCELLOR_PLAYER_COMPUTER,
} ChancellorPlayerKind;

typedef enum {
  CHANCELLOR_TIME_CONTROL_NONE,
  CHANCELLOR_TIME_CONTROL_FISCHER,     /* minutes per side plus an increment */
  CHANCELLOR_TIME_CONTROL_PER_MOVE,    /* a fixed time for every move */
} ChancellorTimeControlKind;

#define CHANCELLOR_TYPE_GAME_SETUP (chancellor_game_setup_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorGameSetup, chancellor_game_setup, CHANCELLOR, GAME_SETUP, GObject)

/* Properties (all read-write, with notify):
 *   "variant-id"      string, a RULES.md id (default "chess")
 *   "pmrc-number"     int, 0..8399, the Prime Ministers start (default 0)
 *   "white-player"    ChancellorPlayerKind (default human)
 *   "black-player"    ChancellorPlayerKind (default human; computer in a
 *                     game against the computer)
 *   "level"           int, 1..10, the computer's strength (default 5)
 *   "time-control"    ChancellorTimeControlKind (default none)
 *   "minutes"         int, 1..180, each side's time for FISCHER (default 10)
 *   "increment"       int, 0..60 seconds added per move for FISCHER (default 5)
 *   "seconds-per-move" int, 1..600, for PER_MOVE (default 10)
 */
ChancellorGameSetup *chancellor_game_setup_new (void);

const char *chancellor_game_setup_get_variant_id (ChancellorGameSetup *self);
int chancellor_game_setup_get_pmrc_number (ChancellorGameSetup *self);
ChancellorPlayerKind chancellor_game_setup_get_player (ChancellorGameSetup *self, int color);
int chancellor_game_setup_get_level (ChancellorGameSetup *self);
ChancellorTimeControlKind chancellor_game_setup_get_time_control (ChancellorGameSetup *self);
int chancellor_game_setup_get_minutes (ChancellorGameSetup *self);
int chancellor_game_setup_get_increment (ChancellorGameSetup *self);
int chancellor_game_setup_get_seconds_per_move (ChancellorGameSetup *self);

/* A new ChancellorGame for this setup (PMRC by its number). */
ChancellorGame *chancellor_game_setup_create_game (ChancellorGameSetup *self, GError **error);

G_END_DECLS
