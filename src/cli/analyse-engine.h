/* analyse-engine.h — chancellor-analyse's external UCI engine (--engine).
 *
 * A plain C face over the app's own engine client (ChancellorUciEngine
 * and ChancellorEngineGames in src/core, driven here on a main context of
 * its own), so that the program checks every move the engine names by our
 * rules, stops an engine that crashes, hangs, floods or prints garbage,
 * and tells it the games it does not know, exactly as the app does.
 * Messages are malloc'd sentences (free with free()).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "judge.h"

typedef struct AnalyseEngine AnalyseEngine;

/* Starts the program at path: its handshake, then the check of every
 * game (its perft against ours); NULL with *message saying why not. */
AnalyseEngine *analyse_engine_new (const char *path, char **message);
void analyse_engine_free (AnalyseEngine *engine);

/* Whether it plays the game of that id; when not, *reason (the engine's
 * own, valid while the engine lives) says why. */
bool analyse_engine_plays (AnalyseEngine *engine, const char *variant_id, const char **reason);

/* The game analysed from now on: its start (a FEN of variant) and its
 * main line's count moves; false with *message when the app's rules
 * refuse it. */
bool analyse_engine_set_game (AnalyseEngine  *engine,
                              const Variant  *variant,
                              const char     *start_fen,
                              const Move     *moves,
                              int             count,
                              char          **message);

/* Searches the position after ply moves of the game within depth plies
 * or movetime_ms (one of them 0) and fills out as judge_search does;
 * *illegal_move (may be NULL) gets the engine's text of the move its
 * line went on with that our rules refuse, or NULL.  false with *message
 * when the engine failed (it is stopped then). */
bool analyse_engine_search (AnalyseEngine  *engine,
                            int             ply,
                            int             depth,
                            int64_t         movetime_ms,
                            JudgeLine      *out,
                            char          **illegal_move,
                            char          **message);
