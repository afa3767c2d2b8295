/* variant.h — the games as data.
 *
 * A piece kind is a set of move atoms (doc/rules.md, "Pieces"); a game is a
 * table: board, pieces, start, pawns, promotion, castling, special rules.
 * The rules code reads these fields and never asks which game it plays.
 */
#pragma once

#include "bitboard.h"

typedef enum {
  KIND_KING,
  KIND_PAWN,
  KIND_QUEEN,
  KIND_ROOK,
  KIND_BISHOP,
  KIND_KNIGHT,
  KIND_ARCHBISHOP,
  KIND_CHANCELLOR,
  KIND_PRIME_MINISTER,
  KIND_AJAX_ROOK,
  KIND_AJAX_BISHOP,
  KIND_AJAX_KNIGHT,
  KIND_AJAX_MINISTER,
  KIND_AJAX_ARCHBISHOP,
  KIND_AJAX_CHANCELLOR,
  KIND_NB
} PieceKind;

typedef struct {
  const char *id;         /* doc/rules.md piece id, e.g. "ajax-minister" */
  const char *name;       /* shown to the player */
  char letter;            /* FEN/SAN letter, upper case */
  unsigned atoms;         /* ATOM_BIT set of moves that also capture */
  unsigned move_only;     /* ATOM_BIT set of moves to empty squares only */
  int value;              /* rough value in centipawns */
} PieceKindInfo;

const PieceKindInfo *piece_kind_info (PieceKind kind);

typedef enum { CASTLING_NONE, CASTLING_FIXED, CASTLING_FREE } CastlingStyle;
typedef enum { START_FIXED, START_PRIME_MINISTERS, START_RELOCATION } StartRule;

/* Castling sides: toward file a, and toward the last file. */
enum { CASTLE_A_SIDE, CASTLE_H_SIDE, CASTLE_SIDE_NB };

typedef struct Variant {
  const char *id;                 /* doc/rules.md id, e.g. "ajax-ministers" */
  const char *name;               /* "Ajax Ministers Chess" */
  int files;
  int ranks;
  int types;                      /* number of piece types */
  PieceKind kinds[PIECE_TYPE_MAX];/* [TYPE_KING] king, [TYPE_PAWN] pawn, then the rest */
  const char *names[PIECE_TYPE_MAX]; /* names differing from the kind's (Carrera) */
  const char *letters;            /* letters by type when they differ from the kinds' */
  const char *start_fen;          /* for START_PRIME_MINISTERS: position 0 */
  int pawn_step_max;              /* longest first pawn move: 2 or 3 */
  const char *promotions;         /* promotion letters in the order a chooser shows them */
  CastlingStyle castling;
  int castle_king_file[CASTLE_SIDE_NB];
  int castle_rook_file[CASTLE_SIDE_NB];
  const char *castle_san[CASTLE_SIDE_NB];
  bool castle_san_aliases;        /* O-O-O / O-O accepted for the two sides */
  bool double_step_check_rule;    /* Carrera: no double step that blocks a check en-passant-ably */
  StartRule start;

  /* Derived once from the fields above (variant_init). */
  const Geometry *geometry;
  char type_letter[PIECE_TYPE_MAX];
  int8_t letter_type[128];        /* upper-case letter -> type, -1 if none */
  unsigned type_atoms[PIECE_TYPE_MAX];
  unsigned type_move_only[PIECE_TYPE_MAX];
  int type_value[PIECE_TYPE_MAX];
  unsigned atom_types[ATOM_NB];   /* bit t set: type t has that capturing atom */
  int start_material;             /* both sides' non-pawn material at the start */
  int king_home_file[COLOR_NB];   /* from the start array, for fixed castling */
  int castle_rook_type;           /* the piece that castles with the king ('R') */
  unsigned rook_sliders;          /* types sliding along ranks and files */
  unsigned bishop_sliders;        /* types sliding along diagonals */
  uint8_t promotion_types[PIECE_TYPE_MAX];
  int promotion_count;
  Bitboard leap_attacks[PIECE_TYPE_MAX][SQUARE_NB]; /* capturing leaps */
  Bitboard leap_quiet[PIECE_TYPE_MAX][SQUARE_NB];   /* move-only leaps */
  Key zobrist_piece[17][SQUARE_NB];  /* by Piece code, 1..16 */
  Key zobrist_side;
  Key zobrist_castling[16];
  Key zobrist_ep[SQUARE_NB];
} Variant;

int variant_count (void);
const Variant *variant_at (int index);
/* NULL when no game has that id (compared case-insensitively). */
const Variant *variant_by_id (const char *id);

const char *variant_type_name (const Variant *v, int type);
static inline int variant_square (const Variant *v, int file, int rank) { return rank * v->files + file; }
static inline int square_file (const Variant *v, int sq) { return v->geometry->file_of[sq]; }
static inline int square_rank (const Variant *v, int sq) { return v->geometry->rank_of[sq]; }
