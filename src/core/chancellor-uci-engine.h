/* chancellor-uci-engine.h — an external UCI engine as a child process.
 *
 * Everything is asynchronous on the caller's main context: the process
 * (GSubprocess) is read and written with GIO's asynchronous calls, and
 * timers guard every answer the protocol expects (uciok, readyok,
 * bestmove, a perft count).  The app is the referee: every move the
 * engine names is checked against our rules before anyone sees it; an
 * illegal best move is an error that names the move, an illegal move in a
 * line cuts the line there and marks it.
 *
 * An engine that crashes, does not answer in time, floods its output or
 * prints something that is not text is stopped (killed) and reported in
 * one sentence: the pending call fails with that message and "failed" is
 * emitted once.  Disposing the object ends the process.
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-computer.h"
#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_UCI_ENGINE_ERROR (chancellor_uci_engine_error_quark ())
GQuark chancellor_uci_engine_error_quark (void);

typedef enum {
  CHANCELLOR_UCI_ENGINE_ERROR_NOT_EXECUTABLE, /* no such program, or not a program */
  CHANCELLOR_UCI_ENGINE_ERROR_NO_HANDSHAKE,   /* no uciok in time */
  CHANCELLOR_UCI_ENGINE_ERROR_CRASHED,        /* exited while in use */
  CHANCELLOR_UCI_ENGINE_ERROR_TIMEOUT,        /* no answer in time */
  CHANCELLOR_UCI_ENGINE_ERROR_FLOOD,          /* far more output than the protocol needs */
  CHANCELLOR_UCI_ENGINE_ERROR_GARBAGE,        /* output that is not text */
  CHANCELLOR_UCI_ENGINE_ERROR_ILLEGAL_MOVE,   /* a best move our rules refuse */
  CHANCELLOR_UCI_ENGINE_ERROR_NO_MOVE,        /* bestmove (none) where moves exist */
  CHANCELLOR_UCI_ENGINE_ERROR_BAD_OPTION,     /* unknown option or value out of range */
  CHANCELLOR_UCI_ENGINE_ERROR_BUSY,           /* another call is still waiting */
  CHANCELLOR_UCI_ENGINE_ERROR_STOPPED,        /* the engine was stopped earlier */
} ChancellorUciEngineError;

/* An option the engine declared in its handshake. */
typedef struct {
  char *name;
  char *type;                /* "spin", "check", "combo", "string", "button" */
  char *default_value;       /* NULL when none */
  gint64 min, max;           /* spin only */
  char **values;             /* combo only: the "var" values, NULL-terminated */
} ChancellorUciOption;

/* One line of the engine's analysis (one "info … pv" report), checked. */
typedef struct {
  guint ply;                 /* the game's position that was analysed */
  int multipv;               /* 1 = best line */
  int depth;
  int score;                 /* centipawns, White ahead when positive */
  int mate;                  /* moves to mate: > 0 White mates, < 0 Black mates, 0: none */
  guint64 nodes;
  gint64 time_ms;
  char *pv;                  /* the legal part of the line in SAN with move numbers */
  char **moves;              /* the same moves in UCI as our notation writes them */
  char *illegal_move;        /* the engine's text of the move that cut the line, or NULL */
} ChancellorEngineLine;

#define CHANCELLOR_TYPE_ENGINE_LINE (chancellor_engine_line_get_type ())
GType chancellor_engine_line_get_type (void) G_GNUC_CONST;
ChancellorEngineLine *chancellor_engine_line_copy (const ChancellorEngineLine *line);
void chancellor_engine_line_free (ChancellorEngineLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorEngineLine, chancellor_engine_line_free)

#define CHANCELLOR_TYPE_UCI_ENGINE (chancellor_uci_engine_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorUciEngine, chancellor_uci_engine, CHANCELLOR, UCI_ENGINE, GObject)

/* Signals: "line-updated" (ChancellorEngineLine *) while a search runs;
 * "failed" (const char *message) once, when the engine is stopped for
 * misbehaving or ends by itself. */
ChancellorUciEngine *chancellor_uci_engine_new (const char *path);

/* How long the engine has for its handshake (default 5000 ms) and by how
 * much it may overrun a search's time, or take to answer isready, stop or
 * perft (default 2000 ms); tests shorten them. */
void chancellor_uci_engine_set_timeouts (ChancellorUciEngine *self, guint handshake_ms, guint margin_ms);

/* Starts the program and runs the handshake (uci … uciok). */
void chancellor_uci_engine_start_async (ChancellorUciEngine *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean chancellor_uci_engine_start_finish (ChancellorUciEngine *self, GAsyncResult *result, GError **error);

const char *chancellor_uci_engine_get_path (ChancellorUciEngine *self);
/* From the handshake ("id name", "id author"); the program's file name
 * and "" until then or when the engine did not say. */
const char *chancellor_uci_engine_get_name (ChancellorUciEngine *self);
const char *chancellor_uci_engine_get_author (ChancellorUciEngine *self);
guint chancellor_uci_engine_get_n_options (ChancellorUciEngine *self);
const ChancellorUciOption *chancellor_uci_engine_get_option (ChancellorUciEngine *self, guint index);
/* The option of that name (case-insensitive, as UCI compares), or NULL. */
const ChancellorUciOption *chancellor_uci_engine_find_option (ChancellorUciEngine *self, const char *name);
/* Whether its UCI_Variant option lists that game id. */
gboolean chancellor_uci_engine_knows_variant (ChancellorUciEngine *self, const char *id);
/* The sentence that reported why the engine was stopped, or NULL. */
const char *chancellor_uci_engine_get_failure (ChancellorUciEngine *self);

/* Sends setoption after checking it against the handshake: the option
 * must exist, a spin value must be a number within its range, a combo
 * value one of its values. */
gboolean chancellor_uci_engine_set_option (ChancellorUciEngine *self, const char *name, const char *value,
                                           GError **error);

/* isready … readyok: the engine has taken in everything sent before. */
void chancellor_uci_engine_sync_async (ChancellorUciEngine *self,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean chancellor_uci_engine_sync_finish (ChancellorUciEngine *self, GAsyncResult *result, GError **error);

/* Searches the position after ply moves of game (the game's variant is
 * set as UCI_Variant when the engine knows it), within limits (depth,
 * movetime_ms or the clocks; level is not used).  The result is the best
 * move, checked: in UCI as our notation writes it, and in SAN.
 * Cancelling sends stop and fails with G_IO_ERROR_CANCELLED. */
void chancellor_uci_engine_go_async (ChancellorUciEngine         *self,
                                     ChancellorGame              *game,
                                     guint                        ply,
                                     const ChancellorThinkLimits *limits,
                                     GCancellable                *cancellable,
                                     GAsyncReadyCallback          callback,
                                     gpointer                     user_data);
char *chancellor_uci_engine_go_finish (ChancellorUciEngine *self, GAsyncResult *result, char **san, GError **error);

/* Analyses the position after ply moves until stopped ("go infinite"),
 * lines coming through "line-updated"; replaces an analysis running. */
void chancellor_uci_engine_analyse (ChancellorUciEngine *self, ChancellorGame *game, guint ply);
void chancellor_uci_engine_stop_analysis (ChancellorUciEngine *self);

/* "go perft depth" on fen of variant_name (as the engine names it):
 * the total the engine counts (Stockfish's "Nodes searched: N"). */
void chancellor_uci_engine_perft_async (ChancellorUciEngine *self,
                                        const char          *variant_name,
                                        const char          *fen,
                                        int                  depth,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean chancellor_uci_engine_perft_finish (ChancellorUciEngine *self, GAsyncResult *result, guint64 *nodes,
                                             GError **error);

G_END_DECLS
