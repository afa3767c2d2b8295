/* chancellor-game.h — one game of any variant, as a GObject over the engine.
 *
 * The UI talks only to this layer: squares are plain indices
 * (rank * files + file, a1 = 0), pieces are ChancellorPiece values, and
 * moves are found from (from, to, promotion) as a player gives them.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_GAME (chancellor_game_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorGame, chancellor_game, CHANCELLOR, GAME, GObject)

#define CHANCELLOR_GAME_ERROR (chancellor_game_error_quark ())
GQuark chancellor_game_error_quark (void);

typedef enum {
  CHANCELLOR_GAME_ERROR_UNKNOWN_VARIANT,
  CHANCELLOR_GAME_ERROR_BAD_FEN,
  CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
  CHANCELLOR_GAME_ERROR_GAME_OVER,
  CHANCELLOR_GAME_ERROR_BAD_RELOCATION,
} ChancellorGameError;

typedef enum {
  CHANCELLOR_COLOR_WHITE,
  CHANCELLOR_COLOR_BLACK,
} ChancellorColor;

typedef enum {
  CHANCELLOR_RESULT_NONE,        /* still being played */
  CHANCELLOR_RESULT_WHITE_WINS,
  CHANCELLOR_RESULT_BLACK_WINS,
  CHANCELLOR_RESULT_DRAW,
} ChancellorResult;

typedef enum {
  CHANCELLOR_REASON_NONE,
  CHANCELLOR_REASON_CHECKMATE,
  CHANCELLOR_REASON_STALEMATE,
  CHANCELLOR_REASON_THREEFOLD_REPETITION,   /* claimed */
  CHANCELLOR_REASON_FIVEFOLD_REPETITION,
  CHANCELLOR_REASON_FIFTY_MOVES,            /* claimed */
  CHANCELLOR_REASON_SEVENTY_FIVE_MOVES,
  CHANCELLOR_REASON_INSUFFICIENT_MATERIAL,
  CHANCELLOR_REASON_RESIGNATION,
  CHANCELLOR_REASON_TIME,
  CHANCELLOR_REASON_AGREEMENT,
  CHANCELLOR_REASON_ABORTED,               /* a flag fell before that side's first move: no result */
} ChancellorReason;

typedef enum {
  CHANCELLOR_PHASE_RELOCATION,   /* Capablanca Relocation: arrays being chosen */
  CHANCELLOR_PHASE_PLAYING,
  CHANCELLOR_PHASE_OVER,
} ChancellorPhase;

/* A piece as the UI sees it: 0 is an empty square. */
typedef struct {
  guint8 type;                   /* game-local type, 0 = king, 1 = pawn, … */
  guint8 color;                  /* ChancellorColor */
  gboolean present;
} ChancellorPiece;

/* Game facts, for choosers and boards. */
int chancellor_game_get_files (ChancellorGame *self);
int chancellor_game_get_ranks (ChancellorGame *self);

/* New game of variant (an engine game id) from its standard start, or from
 * fen when given; NULL with error when the id or FEN is bad.  For a game
 * with numbered arrays a NULL fen means array 0. */
ChancellorGame *chancellor_game_new (const char *variant_id, const char *fen, GError **error);
/* New game of variant from its start as its start rule says
 * (chancellor_catalogue_get_start_rule): array start_number of a game with
 * numbered arrays, or one at random when start_number is -1; the standard
 * array (or the relocation phase) of the others, whatever start_number.
 * NULL with error for an unknown id or a number out of range. */
ChancellorGame *chancellor_game_new_start (const char *variant_id, int start_number, GError **error);

const char *chancellor_game_get_variant_id (ChancellorGame *self);
const char *chancellor_game_get_variant_name (ChancellorGame *self);
char *chancellor_game_get_start_fen (ChancellorGame *self);

/* Piece facts for this game: the art to draw is chosen by kind id
 * ("king", "archbishop", "ajax-minister", …), the name and letter are the
 * game's own (Carrera's Centaur and Champion). */
int chancellor_game_get_piece_type_count (ChancellorGame *self);
const char *chancellor_game_get_piece_kind_id (ChancellorGame *self, int type);
const char *chancellor_game_get_piece_name (ChancellorGame *self, int type);
char chancellor_game_get_piece_letter (ChancellorGame *self, int type);
/* The promotion choices, in the order a chooser shows them. */
int chancellor_game_get_promotion_types (ChancellorGame *self, int *types, int max);

/* Ply count of the moves played, and the index of the position shown:
 * 0 = start .. n_moves = live. */
guint chancellor_game_get_n_moves (ChancellorGame *self);

/* Side lines.  Plies 0..n_moves are the main line's positions, the game
 * itself (its result, clocks and review follow it).  A move played at an
 * earlier position (chancellor_game_play_at) that is not the next move
 * there starts a side line, or follows the side line that begins with it;
 * side lines branch off side lines too.  Each position of a side line has
 * a ply number of CHANCELLOR_GAME_SIDE_PLY_MIN or more that names it as
 * long as its line is kept; every function here that takes a ply takes
 * those too.  In PGN the side lines are the variations (RAV).  A change of
 * a side line (a move added, a comment, a line deleted) emits
 * "annotation-changed" with the main-line ply whose move the line replaces. */
#define CHANCELLOR_GAME_SIDE_PLY_MIN (1u << 24)
/* Whether ply names a position: the main line's up to the live one, or a
 * side line's that is still kept. */
gboolean chancellor_game_has_ply (ChancellorGame *self, guint ply);
/* The position before ply (ply itself for 0). */
guint chancellor_game_get_parent_ply (ChancellorGame *self, guint ply);
/* How many moves lead from the start to ply (ply itself on the main line). */
guint chancellor_game_get_move_count (ChancellorGame *self, guint ply);
/* The main-line position the line of ply leaves from (ply on the main line). */
guint chancellor_game_get_branch_ply (ChancellorGame *self, guint ply);
/* The position after ply's next move in its own line, FALSE at a line's end. */
gboolean chancellor_game_get_next_ply (ChancellorGame *self, guint ply, guint *next);
/* The first position of ply's variation index (index below
 * chancellor_game_get_n_variations): the lines replacing ply's move. */
guint chancellor_game_get_variation_ply (ChancellorGame *self, guint ply, guint index);
/* Whether ply lies in a side line the player may promote or delete: the
 * innermost line holding it. */
gboolean chancellor_game_is_side_ply (ChancellorGame *self, guint ply);
/* Makes the innermost line holding ply the line it replaces: a side line
 * off the main line becomes the main line (the main line's moves from
 * there, with their annotations, become that variation; moves taken back
 * are forgotten); a nested one becomes its line's continuation.  Returns
 * the ply that names the same position afterwards. */
guint chancellor_game_promote_variation (ChancellorGame *self, guint ply);
/* Deletes the innermost line holding ply, with the lines inside it;
 * returns the position it left from (the one to show instead). */
guint chancellor_game_delete_variation (ChancellorGame *self, guint ply);

/* The board after ply moves (0..n_moves, or a side line's ply). */
ChancellorPiece chancellor_game_get_piece (ChancellorGame *self, guint ply, int square);
ChancellorColor chancellor_game_get_side_to_move (ChancellorGame *self, guint ply);
/* The king in check after ply moves, or -1. */
int chancellor_game_get_check_square (ChancellorGame *self, guint ply);
/* The move that led to ply (1..n_moves): from and to as the player saw them
 * (castling: the king's squares, plus the rook's in rook_from/rook_to). */
gboolean chancellor_game_get_move_squares (ChancellorGame *self, guint ply, int *from, int *to,
                                           int *rook_from, int *rook_to);
/* The squares of the move text (SAN or UCI) in the live position as the
 * player sees them (castling: the king's); FALSE when it is not legal. */
gboolean chancellor_game_find_move_squares (ChancellorGame *self, const char *text, int *from, int *to);
char *chancellor_game_get_san (ChancellorGame *self, guint ply);     /* move that led to ply */
char *chancellor_game_get_fen (ChancellorGame *self, guint ply);

/* Live position: the squares the piece on from may go to (castling: both
 * the king's landing square and its own rook's square), as a bit array of
 * chancellor_game_get_files*ranks booleans filled into targets. */
void chancellor_game_get_targets (ChancellorGame *self, int from, gboolean *targets);
void chancellor_game_get_targets_at (ChancellorGame *self, guint ply, int from, gboolean *targets);
/* Whether from -> to is a legal move of the live position that takes a
 * piece, en passant included. */
gboolean chancellor_game_is_capture (ChancellorGame *self, int from, int to);
gboolean chancellor_game_is_capture_at (ChancellorGame *self, guint ply, int from, int to);
/* Whether from -> to needs a promotion choice. */
gboolean chancellor_game_move_needs_promotion (ChancellorGame *self, int from, int to);
gboolean chancellor_game_move_needs_promotion_at (ChancellorGame *self, guint ply, int from, int to);
/* Plays from -> to (promotion: the type chosen, or -1).  Castling is given
 * as the king to its landing square or onto its own rook. */
gboolean chancellor_game_play (ChancellorGame *self, int from, int to, int promotion, GError **error);
/* The same at the position ply: the live one plays on; an earlier one
 * (even in a finished game) starts or follows a line there.  played, when
 * not NULL, gets the ply the move leads to. */
gboolean chancellor_game_play_at (ChancellorGame *self, guint ply, int from, int to, int promotion,
                                  guint *played, GError **error);
/* Why the live position refuses from -> to, as chancellor_game_play would
 * say it; NULL when it is a legal move (or needs only a promotion choice). */
char *chancellor_game_dup_refusal (ChancellorGame *self, int from, int to);
char *chancellor_game_dup_refusal_at (ChancellorGame *self, guint ply, int from, int to);
/* Plays a move in SAN, UCI or long algebraic. */
gboolean chancellor_game_play_text (ChancellorGame *self, const char *text, GError **error);
gboolean chancellor_game_play_text_at (ChancellorGame *self, guint ply, const char *text, guint *played,
                                       GError **error);
/* The SAN of a legal move of the live position given in SAN, UCI or long
 * algebraic (without playing it); NULL when it is none. */
char *chancellor_game_dup_san_of (ChancellorGame *self, const char *text);

/* Take back / replay (a taken-back move can be replayed until another move
 * is made).  Before the first move of Capablanca Relocation Chess, undo
 * takes back the last relocation (swap or keep): that side chooses again. */
gboolean chancellor_game_can_undo (ChancellorGame *self);
gboolean chancellor_game_can_redo (ChancellorGame *self);
void chancellor_game_undo (ChancellorGame *self);
void chancellor_game_redo (ChancellorGame *self);

/* End of the game. */
ChancellorPhase chancellor_game_get_phase (ChancellorGame *self);
ChancellorResult chancellor_game_get_result (ChancellorGame *self);
ChancellorReason chancellor_game_get_reason (ChancellorGame *self);
/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *chancellor_game_get_result_string (ChancellorGame *self);
/* A sentence for the player, translated ("White wins by checkmate."). */
char *chancellor_game_describe_result (ChancellorGame *self);
gboolean chancellor_game_can_claim_draw (ChancellorGame *self);
gboolean chancellor_game_claim_draw (ChancellorGame *self);
void chancellor_game_resign (ChancellorGame *self, ChancellorColor color);

/* Capablanca Relocation Chess: Black, then White, keeps its array
 * (file_a = file_b = -1) or swaps two pieces of its first rank. */
ChancellorColor chancellor_game_get_relocating_color (ChancellorGame *self);
gboolean chancellor_game_relocate (ChancellorGame *self, int file_a, int file_b, GError **error);
/* The relocating side's legal choices, the keep first (-1, -1): fills up
 * to max pairs of files into files_a and files_b and returns how many
 * there are (0 outside the relocation phase). */
int chancellor_game_get_relocations (ChancellorGame *self, int *files_a, int *files_b, int max);
/* What color chose in the relocation phase, read from the start position
 * against the standard array: the two files swapped, or -1 and -1 for the
 * array kept.  FALSE for a game without the phase, a side yet to choose,
 * or a set-up start that is no such choice. */
gboolean chancellor_game_get_relocation_choice (ChancellorGame *self, ChancellorColor color, int *file_a,
                                                int *file_b);
/* As get_targets for a move: the squares the piece on square may swap with
 * in the relocation phase, from the engine's check of every rule (doc/
 * rules.md, Capablanca Relocation Chess), as chancellor_game_get_files *
 * ranks booleans filled into targets; returns how many there are (0 for a
 * square off the relocating side's first rank, or outside the phase). */
int chancellor_game_get_relocation_targets (ChancellorGame *self, int square, gboolean *targets);

/* A flag fall: color's time ran out.  The other side wins, or it is a draw
 * when that side has only its King, or King and one Bishop or Knight. */
void chancellor_game_flag (ChancellorGame *self, ChancellorColor color);
/* color's flag fell before its first move: the game is aborted, with no
 * result ("*"), as lichess does; the match decides when. */
void chancellor_game_abort_on_time (ChancellorGame *self, ChancellorColor color);
/* Whether color has made a move in the game (from its start position). */
gboolean chancellor_game_has_moved (ChancellorGame *self, ChancellorColor color);
/* The side whose time ran out, when the game ended on time or was aborted. */
ChancellorColor chancellor_game_get_flagged_color (ChancellorGame *self);

/* A copy of the position after ply moves (with the history that leads
 * there, for repetitions), for a search on another thread; opaque here. */
typedef struct Position ChancellorPosition;
ChancellorPosition *chancellor_game_dup_position (ChancellorGame *self, guint ply);
void chancellor_position_free (ChancellorPosition *position);

/* A new game of the same game, start and tags with the moves that lead
 * to ply (a side line's included) as its own, with their comments and
 * NAGs: the game to play on from a position shown. */
ChancellorGame *chancellor_game_dup_line (ChancellorGame *self, guint ply);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChancellorPosition, chancellor_position_free)

/* PGN tags other than those derived from the game (Result, Variant, SetUp,
 * FEN and the PMRC start number): the Seven Tag Roster's Event, Site, Date,
 * Round, White and Black, and any other a file carried, in their order.
 * A NULL value removes the tag.  Setting one emits "notify::tags". */
const char *chancellor_game_get_tag (ChancellorGame *self, const char *name);
void chancellor_game_set_tag (ChancellorGame *self, const char *name, const char *value);
/* The names, in order (NULL-terminated; free with g_strfreev). */
char **chancellor_game_dup_tag_names (ChancellorGame *self);

/* Annotations of the move that led to ply (1..n_moves or a side line's
 * ply; ply 0 is the comment before the first move).  Comments are plain
 * text without braces; NAGs are numbers 1..255 ($1 = !, $2 = ?, $4 = ??,
 * $6 = ?!…); each variation is a side line that replaces the move of ply,
 * given as its movetext in the game's SAN (with its own comments and
 * nested variations; the text stays until the next call for that
 * variation or a change of it).
 * A change emits "annotation-changed" with the ply.  Annotations of a
 * taken-back move go when another move replaces it. */
const char *chancellor_game_get_comment (ChancellorGame *self, guint ply);
void chancellor_game_set_comment (ChancellorGame *self, guint ply, const char *comment);
guint chancellor_game_get_nags (ChancellorGame *self, guint ply, guint8 *nags, guint max);
void chancellor_game_set_nags (ChancellorGame *self, guint ply, const guint8 *nags, guint n_nags);
guint chancellor_game_get_n_variations (ChancellorGame *self, guint ply);
const char *chancellor_game_get_variation (ChancellorGame *self, guint ply, guint index);
/* The comment before the first move of ply's variation index (NULL for
 * none): a review marks its own lines there (judge.h's
 * judge_line_is_review). */
const char *chancellor_game_get_variation_comment (ChancellorGame *self, guint ply, guint index);
/* Checks the line against the position before ply and stores it in
 * canonical SAN; FALSE with error when a move is illegal. */
gboolean chancellor_game_add_variation (ChancellorGame *self, guint ply, const char *movetext, GError **error);
void chancellor_game_clear_variations (ChancellorGame *self, guint ply);

/* A result that the moves alone do not show (a resignation, a flag fall,
 * an agreed draw, a file's Result tag): ends the game with result and
 * reason; FALSE when the game is already over or result is NONE. */
gboolean chancellor_game_set_outcome (ChancellorGame *self, ChancellorResult result, ChancellorReason reason);

/* The most NAGs one move keeps. */
#define CHANCELLOR_GAME_NAGS_MAX 8

/* The number of the game's start array, for a game with numbered arrays
 * (chancellor_catalogue_get_start_rule), or -1 for other games and for a
 * start that is none of the numbered arrays (a set-up position). */
int chancellor_game_get_start_number (ChancellorGame *self);

/* A FEN of this game's board for a set-up position: board holds files ×
 * ranks squares (a1 first, rank by rank; absent pieces are empty), side
 * the side to move, castling ("KQkq", a part of it, or NULL/"" for none)
 * and en passant ("e3", or NULL/"" for none) as written; the move counters
 * start afresh.  Nothing is checked: chancellor_game_new() says whether
 * the position can be played, and why not. */
char *chancellor_game_compose_fen (ChancellorGame *self, const ChancellorPiece *board, ChancellorColor side,
                                   const char *castling, const char *en_passant);

G_END_DECLS
