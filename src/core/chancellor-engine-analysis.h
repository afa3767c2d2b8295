/* chancellor-engine-analysis.h — live analysis by an external engine.
 *
 * Owns one ChancellorUciEngine: started on first use, its games checked
 * (ChancellorEngineGames), then "go infinite" on each position asked for
 * with MultiPV set to the lines wanted.  Every report comes as the set of
 * lines known for the position, best first ("lines-updated"); a game the
 * engine does not play, or an engine that fails, is said once in a
 * sentence ("failed").  The process ends when this object goes.
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-game.h"
#include "chancellor-uci-engine.h"

G_BEGIN_DECLS

#define CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX 5

#define CHANCELLOR_TYPE_ENGINE_ANALYSIS (chancellor_engine_analysis_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorEngineAnalysis, chancellor_engine_analysis, CHANCELLOR, ENGINE_ANALYSIS, GObject)

/* Signals: "lines-updated" (guint ply, GPtrArray *lines of
 * ChancellorEngineLine, by multipv); "failed" (const char *message). */
ChancellorEngineAnalysis *chancellor_engine_analysis_new (const char *path);
const char *chancellor_engine_analysis_get_path (ChancellorEngineAnalysis *self);

/* Analyses the position after ply moves of game with n_lines lines
 * (1..CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX) until stopped or asked for
 * another; the engine is started first if need be. */
void chancellor_engine_analysis_start (ChancellorEngineAnalysis *self, ChancellorGame *game, guint ply,
                                       int n_lines);
void chancellor_engine_analysis_stop (ChancellorEngineAnalysis *self);

G_END_DECLS
