/* pgn.h — games as PGN text: a reader and a writer.
 *
 * Plain C, libc only (pgn.c the records, pgn-read.c the reader,
 * pgn-write.c the writer).  A file is read whole into records (PgnGame);
 * a record is written back as canonical PGN, and what the writer writes
 * the reader reads back to the same record and the same text.
 *
 * Tags.  The writer writes the Seven Tag Roster (Event, Site, Date, Round,
 * White, Black, Result; "?" and "????.??.??" when missing), then
 *   [Variant "id"]        the doc/rules.md id; left out for chess, so that
 *                         programs that know only chess read the file;
 *   [SetUp "1"] [FEN ""]  when the start is not the game's standard one,
 *                         and always for prime-ministers-random and
 *                         capablanca-relocation;
 *   [StartNumber "n"]     prime-ministers-random: the start array's number
 *                         (0..8399, doc/rules.md), when the start is one;
 * then the record's other tags in their order, then Termination.
 * The reader drops roster tags at their "unknown" value ("?",
 * "????.??.??"): the writer puts them back.  It matches the names of the
 * roster and derived tags case-insensitively.  A '"' inside a value that
 * the ']' does not follow is part of the value ([Event "The "Big" Open"]).
 * Variant accepts our ids, the doc/rules.md names ("Ajax Chess", "Carrera's
 * Chess") and other programs' names that mean one of our games
 * ("Standard", "normal", "Chess", lichess's "From Position",
 * "Capablanca", "Carrera"); without it the game is chess, or the game
 * whose board the FEN's size fits (an error for 10×8, which four games
 * share).  FEN is read whenever present (SetUp is not required),
 * with KQkq or Shredder castling letters; StartNumber alone chooses the
 * PMRC array, and must agree with a FEN given too.  When the Result tag
 * and the movetext's result token differ, the token wins (a missing token
 * takes the tag's).  Termination is kept as written; Chancellor writes
 * "normal" (mate, a draw rule, resignation, agreement) or "time forfeit".
 *
 * Movetext.  Moves in the game's SAN (also long algebraic "e2-e4",
 * "e2xe4", UCI "e2e4", "0-0", and the O-O / O-O-O aliases where doc/rules.md
 * allows them: notation_parse_move, with "e8(Q)" and an "e.p." or "ep"
 * apart after an en passant capture); move numbers are optional ("1..."
 * or "1…"); {comments} and ; comments; NAGs "$n", the suffixes
 * ! ? !! ?? !? ?! (NAGs 1..6)
 * and the assessments = ∞ += +/= ⩲ =+ =/+ ⩱ +/- ± -/+ ∓ +- -+ □ (10, 13,
 * 14..19, 7), all written back as "$n"; $0, no annotation, is dropped;
 * nested variations ( ... ); % escape lines; the result token.  CRLF, a
 * UTF-8 BOM and any spacing are accepted; a byte that is not UTF-8 is read
 * as U+FFFD, and PgnGames.repaired_utf8 says so.  A comment is kept with its
 * white space runs made single spaces; comments after a move (and before
 * the next) are joined with a space, and so are comments after the result
 * token when no move follows them.  A null move ("--", "Z0") is an error
 * that says so.
 *
 * Limits, so that hostile input ends in an error: PGN_INPUT_MAX bytes,
 * PGN_GAMES_MAX games, the lengths below, PGN_DEPTH_MAX nested variations
 * (read without recursion), and POSITION_HISTORY_MAX plies along any line.
 * Reading takes time linear in the input.
 */
#pragma once

#include "position.h"

#define PGN_INPUT_MAX ((size_t) 64 << 20)
#define PGN_GAMES_MAX 100000
#define PGN_TAGS_MAX 256            /* per game */
#define PGN_TAG_NAME_MAX 64         /* bytes */
#define PGN_TAG_VALUE_MAX 4096      /* bytes */
#define PGN_COMMENT_MAX 65536       /* bytes, per comment as kept */
#define PGN_NAGS_MAX 8              /* per move; more are dropped */
#define PGN_VARIATIONS_MAX 256      /* per move */
#define PGN_DEPTH_MAX 64            /* variations inside variations */
#define PGN_LINE_WIDTH 80           /* the writer's line length */

/* The tag that carries a PMRC start number. */
#define PGN_TAG_START_NUMBER "StartNumber"

typedef enum {
  PGN_RESULT_NONE,                  /* "*": unfinished or unknown */
  PGN_RESULT_WHITE_WINS,            /* "1-0" */
  PGN_RESULT_BLACK_WINS,            /* "0-1" */
  PGN_RESULT_DRAW,                  /* "1/2-1/2" */
} PgnResult;

typedef struct PgnLine PgnLine;

/* One move of a line with what annotates it. */
typedef struct {
  Move move;
  uint8_t nag_count;
  uint8_t nags[PGN_NAGS_MAX];       /* 1..255 */
  uint16_t variation_count;
  char *comment;                    /* after the move; NULL if none */
  PgnLine *variations;              /* lines that replace this move */
} PgnMove;

/* A line of moves from a position: the main line, or a variation. */
struct PgnLine {
  char *comment;                    /* before the first move; NULL if none */
  PgnMove *moves;
  int count;
  int capacity;
};

typedef struct {
  char *name;
  char *value;
} PgnTag;

/* One game.  tags holds every tag but those the record derives (Result,
 * Variant, SetUp, FEN, StartNumber, Termination), in the file's order. */
typedef struct {
  PgnTag *tags;
  int tag_count;
  int tag_capacity;
  const Variant *variant;
  char start_fen[FEN_MAX];          /* the start, as position_get_fen writes it */
  PgnLine main;
  PgnResult result;
  char *termination;                /* the Termination tag's value, or NULL */
} PgnGame;

typedef struct {
  PgnGame *games;
  int count;
  int capacity;
  bool repaired_utf8;               /* bytes that were not UTF-8 read as U+FFFD */
} PgnGames;

typedef enum {
  PGN_ERROR_SYNTAX,                 /* not PGN where it says */
  PGN_ERROR_UNKNOWN_VARIANT,        /* a Variant tag we do not play */
  PGN_ERROR_BAD_FEN,                /* the FEN tag (or StartNumber) */
  PGN_ERROR_ILLEGAL_MOVE,           /* a move not legal where it stands */
  PGN_ERROR_NO_GAME,                /* nothing that looks like a game */
  PGN_ERROR_TOO_LARGE,              /* beyond a limit, or out of memory */
} PgnErrorCode;

/* What went wrong, for a message the caller may write in its own words. */
typedef enum {
  PGN_PROBLEM_NONE,
  PGN_PROBLEM_UNEXPECTED,           /* found: what was not expected there */
  PGN_PROBLEM_BAD_TAG,              /* a tag not of the form [Name "value"] */
  PGN_PROBLEM_UNTERMINATED_TAG,     /* a tag value without its closing quote */
  PGN_PROBLEM_UNTERMINATED_COMMENT, /* a { without its } */
  PGN_PROBLEM_UNCLOSED_VARIATION,   /* a ( without its ), at the end of the game */
  PGN_PROBLEM_STRAY_PARENTHESIS,    /* a ) without its ( */
  PGN_PROBLEM_VARIATION_WITHOUT_MOVE, /* a ( before any move, or ( ) */
  PGN_PROBLEM_BAD_NAG,              /* $ without 1..255 after it */
  PGN_PROBLEM_UNKNOWN_VARIANT,      /* found: the Variant tag's value */
  PGN_PROBLEM_AMBIGUOUS_BOARD,      /* a FEN of a size several games share */
  PGN_PROBLEM_BAD_FEN,              /* found: the FEN; message: why */
  PGN_PROBLEM_BAD_START_NUMBER,     /* found: the value */
  PGN_PROBLEM_START_NUMBER_MISMATCH,/* StartNumber and FEN disagree */
  PGN_PROBLEM_ILLEGAL_MOVE,         /* found: the move; fen: where */
  PGN_PROBLEM_NULL_MOVE,            /* found: "--" or "Z0"; fen: where */
  PGN_PROBLEM_NO_GAME,
  PGN_PROBLEM_INPUT_TOO_LARGE,
  PGN_PROBLEM_TOO_MANY_GAMES,
  PGN_PROBLEM_TOO_MANY_TAGS,
  PGN_PROBLEM_TAG_TOO_LONG,
  PGN_PROBLEM_COMMENT_TOO_LONG,
  PGN_PROBLEM_TOO_MANY_VARIATIONS,
  PGN_PROBLEM_TOO_DEEP,
  PGN_PROBLEM_TOO_LONG,             /* more plies than a position keeps */
  PGN_PROBLEM_OUT_OF_MEMORY,
  PGN_PROBLEM_GAME_ENDED,           /* found: a move after a draw rule ended the game; fen: where */
  PGN_PROBLEM_NOT_PGN,              /* found: the text's first word, neither tag nor move */
} PgnProblem;

typedef struct {
  PgnErrorCode code;
  PgnProblem problem;
  int line;                         /* 1-based; 0 when not in the text */
  int column;                       /* 1-based, in characters */
  int game;                         /* 1-based; 0 when none */
  int move_number;                  /* fullmove number reached; 0 in the tags */
  bool black_to_move;               /* the move_number is Black's ("14...") */
  char found[64];                   /* the text at fault, shortened, printable */
  char fen[FEN_MAX];                /* ILLEGAL_MOVE: the position */
  char message[320];                /* the whole story in English */
} PgnError;

/* Reads every game of text (length bytes; need not end in NUL) into
 * games, which the caller frees with pgn_games_clear.  False with err
 * (and games empty) when any game is broken or there is none. */
bool pgn_read (const char *text, size_t length, PgnGames *games, PgnError *err);

/* Reads the movetext of one line (moves, comments, NAGs, nested
 * variations; no result token) played from pos, for a variation a
 * program adds: at least one move, and variations nested at most
 * PGN_DEPTH_MAX - 1 deep, so that the line fits in a game as a variation.
 * Line and column in err count from the text's start. */
bool pgn_read_line (const Position *pos, const char *text, size_t length, PgnLine *line, PgnError *err);

/* Canonical PGN of a game, of several (one blank line between them), or of
 * one line from pos on one text line (move numbers, comments, NAGs and
 * variations, no result).  NULL when out of memory or a move of the record
 * is not legal where it stands.  Free with free().  What a built record
 * holds beyond what the reader takes is cut so that the text reads back:
 * tag names that are not letters, digits and '_', tags beyond
 * PGN_TAGS_MAX, longer tag values and comments; control characters are
 * written as spaces and a '}' in a comment as ')'.  Variations are
 * written by recursion, as deep as the record's. */
char *pgn_write_game (const PgnGame *game);
char *pgn_write_games (const PgnGame *games, int count);
char *pgn_write_line (const Position *pos, const PgnLine *line);

/* Building records. */
void pgn_game_init (PgnGame *game, const Variant *variant);   /* the standard start */
void pgn_game_clear (PgnGame *game);
void pgn_games_clear (PgnGames *games);
void pgn_line_clear (PgnLine *line);
/* Appends a move (not checked here); NULL when out of memory. */
PgnMove *pgn_line_append (PgnLine *line, Move move);
/* A new empty variation of move; NULL when out of memory or at the limit. */
PgnLine *pgn_move_add_variation (PgnMove *move);
/* Replaces *slot with a copy of text (NULL or "" clears it). */
bool pgn_set_text (char **slot, const char *text);
/* Sets a tag of the record's list (NULL value removes it). */
bool pgn_game_set_tag (PgnGame *game, const char *name, const char *value);
const char *pgn_game_get_tag (const PgnGame *game, const char *name);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *pgn_result_string (PgnResult result);
/* The game a Variant tag names (see above), or NULL. */
const Variant *pgn_variant_by_name (const char *name);
/* The PMRC number of a start FEN of that game, or -1. */
int pgn_pmrc_number (const char *fen);

/* Whether a tag is one the record derives from the game (Result, Variant,
 * SetUp, FEN, StartNumber, Termination; any case): never a game's own. */
bool pgn_is_derived_tag (const char *name);

/* The symbol NAG nag is shown with ("!", "?!", "=", "∞", "⩲", "±", "+−"),
 * or with ascii its first spelling in plain ASCII ("+=" for ⩲, "+-" for
 * +−); NULL for a NAG without a symbol. */
const char *pgn_nag_symbol (int nag, bool ascii);
/* The NAG that the symbol s (n bytes) stands for, in any spelling the
 * reader takes ("+/=", "+=" and "⩲" are NAG 14), or -1. */
int pgn_nag_from_symbol (const char *s, size_t n);

/* Comment commands, as [%eval 0.35] or [%clk 0:05:00]: the first one of
 * text (with name, the first "[%name…" only), its start and in *length
 * its length through its ']' (to the end of text when it has none); NULL
 * when there is none. */
const char *pgn_comment_find_command (const char *text, const char *name, size_t *length);
