/* chancellor-game-setup.h — what the New Game chooser decided: the game,
 * its start, who plays each side and the clocks. */
#pragma once

#include <gio/gio.h>

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
 *   "variant-id"      string, an engine game id (default: the catalogue's
 *                     default game, from the settings schema)
 *   "start-number"    int, the array of a game with numbered starts, from 0
 *                     (chancellor_catalogue_get_start_rule; default 0)
 *   "white-player"    ChancellorPlayerKind (default human)
 *   "black-player"    ChancellorPlayerKind (default human; computer in a
 *                     game against the computer)
 *   "level"           int, 1..10, the computer's strength (default 5)
 *   "time-control"    ChancellorTimeControlKind (default none)
 *   "minutes"         int, 1..180, each side's time for FISCHER (default 10)
 *   "increment"       int, 0..60 seconds added per move for FISCHER (default 5)
 *   "seconds-per-move" int, 1..600, for PER_MOVE (default 10)
 *   "engine"          string, the program (full path) of the external UCI
 *                     engine that plays the computer's moves, "" for the
 *                     built-in one (default ""); it plays a game only when
 *                     its check passed (ChancellorEngineGames)
 */
ChancellorGameSetup *chancellor_game_setup_new (void);

const char *chancellor_game_setup_get_variant_id (ChancellorGameSetup *self);
int chancellor_game_setup_get_start_number (ChancellorGameSetup *self);
ChancellorPlayerKind chancellor_game_setup_get_player (ChancellorGameSetup *self, int color);
int chancellor_game_setup_get_level (ChancellorGameSetup *self);
const char *chancellor_game_setup_get_engine (ChancellorGameSetup *self);
ChancellorTimeControlKind chancellor_game_setup_get_time_control (ChancellorGameSetup *self);
int chancellor_game_setup_get_minutes (ChancellorGameSetup *self);
int chancellor_game_setup_get_increment (ChancellorGameSetup *self);
int chancellor_game_setup_get_seconds_per_move (ChancellorGameSetup *self);

/* Binds the setup to the settings that remember the New Game choices
 * (the keys are named as the properties, but "last-variant" for
 * "variant-id", "pmrc-number" for "start-number" and "computer-engine"
 * for "engine").  flags as for
 * g_settings_bind (): G_SETTINGS_BIND_GET |
 * G_SETTINGS_BIND_GET_NO_CHANGES reads them once. */
void chancellor_game_setup_bind_settings (ChancellorGameSetup *self, GSettings *settings,
                                          GSettingsBindFlags flags);

/* The setup a game read back was played with: its game, a computer
 * player where White or Black is named "Chancellor level N" (as
 * chancellor_game_setup_dup_player_name writes it), the clock from its
 * TimeControl tag ("600+5", "300", "1/10"); two people and no clock when
 * the tags say nothing of them. */
ChancellorGameSetup *chancellor_game_setup_new_for_game (ChancellorGame *game);

/* A new ChancellorGame for this setup (from its start number when the
 * game's arrays are numbered). */
ChancellorGame *chancellor_game_setup_create_game (ChancellorGameSetup *self, GError **error);

/* The PGN header of a game started from a setup.  Tag values are data, not
 * text for the player, so they are the same in every language. */

/* The Event of a game started in the app. */
#define CHANCELLOR_GAME_SETUP_EVENT "Casual game"

/* The PGN TimeControl value (PGN standard 9.6.1) of the setup's clock:
 * "-" for none, "600+5" (seconds plus increment) for FISCHER, and "1/10"
 * (one move in each period of 10 seconds, the last period repeating) for
 * PER_MOVE; the standard has no field for a time per move that does not
 * carry over, and "*10" would be a sandclock. */
char *chancellor_game_setup_dup_time_control_tag (ChancellorGameSetup *self);
/* The name color's player goes by in the header: human_name for a person
 * (NULL: chancellor_game_setup_find_human_name (NULL)), and
 * "Chancellor level N" for the computer. */
char *chancellor_game_setup_dup_player_name (ChancellorGameSetup *self, ChancellorColor color,
                                             const char *human_name);
/* The name the computer goes by when an external engine plays it:
 * engine_name (its UCI "id name"), followed by " level N" when the engine
 * has a Skill Level, which the level sets ("Fairy-Stockfish 11.1 LB 64
 * level 5").  Such a name does not read back as a computer player
 * (chancellor_game_setup_new_for_game): a file names the engine, not the
 * program to start, so the game reopens between two people. */
char *chancellor_game_setup_dup_engine_player_name (ChancellorGameSetup *self, const char *engine_name,
                                                    gboolean skill_level);
/* Writes that name in the White and Black tags of the computer's sides
 * of game. */
void chancellor_game_setup_name_engine (ChancellorGameSetup *self, ChancellorGame *game,
                                        const char *engine_name, gboolean skill_level);
/* The person at the keyboard: chosen_name when it has more than spaces,
 * else the account's real name, else the login name. */
char *chancellor_game_setup_find_human_name (const char *chosen_name);
/* Writes a new game's header: Event CHANCELLOR_GAME_SETUP_EVENT, Date (when,
 * local, "YYYY.MM.DD"; NULL: now), Round "-" (no rounds in a casual game),
 * White and Black (chancellor_game_setup_dup_player_name) and TimeControl.
 * Site is left out, so that it is written as "?".  The game's other tags
 * stay as they are. */
void chancellor_game_setup_write_header (ChancellorGameSetup *self, ChancellorGame *game,
                                         const char *human_name, GDateTime *when);

G_END_DECLS
