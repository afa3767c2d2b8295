/* chancellor-pgn.h — PGN text for ChancellorGame: reading and writing.
 *
 * The parsing and the writing are the engine's (src/engine/pgn.h, plain C,
 * shared with chancellor-analyse and the fuzzers); this layer turns its
 * records into ChancellorGame objects (with their tags, comments, NAGs and
 * variations) and back.  No file I/O here: the window reads and writes the
 * files (atomically), this only converts text.
 */
#pragma once

#include "chancellor-game.h"

G_BEGIN_DECLS

#define CHANCELLOR_PGN_ERROR (chancellor_pgn_error_quark ())
GQuark chancellor_pgn_error_quark (void);

typedef enum {
  CHANCELLOR_PGN_ERROR_SYNTAX,          /* not PGN where it says */
  CHANCELLOR_PGN_ERROR_UNKNOWN_VARIANT, /* a Variant tag we do not play */
  CHANCELLOR_PGN_ERROR_BAD_FEN,         /* the FEN tag */
  CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE,    /* a move that is not legal where it stands */
  CHANCELLOR_PGN_ERROR_NO_GAME,         /* empty, or nothing that looks like a game */
  CHANCELLOR_PGN_ERROR_TOO_LARGE,       /* beyond the limits (size, games, nesting) */
} ChancellorPgnError;

/* Reads every game of text (length bytes; need not end in NUL; -1 for a
 * NUL-terminated string).  Returns a GPtrArray of ChancellorGame (it owns
 * them; at least one), or NULL with error.  The message is for the player
 * and says where: "Line 12, column 5 (game 2, move 14…): …", naming an
 * illegal move and the position (FEN) it was tried in.  Nothing is
 * returned when any game is broken. */
GPtrArray *chancellor_pgn_read (const char *text, gssize length, GError **error);

/* Whether game was read by chancellor_pgn_read from text that was not all
 * UTF-8: each byte that was not was read as U+FFFD, so that the player can
 * be told once that the file's text was repaired. */
gboolean chancellor_pgn_game_was_repaired (ChancellorGame *game);

/* Games from text the player pasted or typed: a FEN alone on its line (a
 * position of variant_id's game when it reads as one, otherwise of the
 * first game of the catalogue that reads it; its error is variant_id's)
 * or PGN, read as chancellor_pgn_read does.  NULL with error when the text
 * is neither; nothing is changed then. */
GPtrArray *chancellor_pgn_read_text (const char *text, const char *variant_id, GError **error);

/* The game as PGN: the Seven Tag Roster, Variant, SetUp/FEN when the start
 * is not the game's standard one (always for PMRC, with its start number,
 * and for Capablanca Relocation), the game's other tags, movetext in the
 * game's SAN with comments, NAGs and variations, and the result. */
char *chancellor_pgn_write (ChancellorGame *game);
/* Several games, one after another. */
char *chancellor_pgn_write_all (ChancellorGame **games, guint n_games);

/* The symbol NAG nag is shown with ("!", "?!", "⩲", "+−"), or with ascii
 * its plain ASCII spelling ("+="); NULL for a NAG without a symbol (the
 * engine's table, pgn.h). */
const char *chancellor_pgn_nag_symbol (guint8 nag, gboolean ascii);
/* A comment as a reader sees it: without its [%eval …]-style commands, its
 * spaces and line breaks collapsed (NULL when nothing is left); when
 * commands is given, the commands go there as they were, one space apart
 * (NULL when there are none). */
char *chancellor_pgn_comment_split (const char *comment, char **commands);

/* A move's clock, as lichess writes it: the comment with "[%clk h:mm:ss]"
 * (the time left to the side that moved, in whole seconds) first, in place
 * of any it had; and the time a comment's [%clk] gives, FALSE when it has
 * none that reads. */
char *chancellor_pgn_comment_set_clock (const char *comment, gint64 remaining_ms);
gboolean chancellor_pgn_comment_get_clock (const char *comment, gint64 *remaining_ms);

G_END_DECLS
