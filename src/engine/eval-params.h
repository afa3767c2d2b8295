/* eval-params.h — the evaluation's weights: what each one is.
 *
 * Every weight of eval.c is one entry of eval_weights[] (eval-params.c,
 * written by tools/tune).  A weight is a middlegame and an endgame value
 * blended by the material left, except the few marked "flat", added as
 * they are (their eg is unused).  Groups marked "per kind" have one entry
 * for each PieceKind, so a game's pieces are weighted by what they are,
 * whatever the game; the coefficient each weight is multiplied by is what
 * the comment says, counted for one side and subtracted for the other.
 */
#pragma once

#include "variant.h"

/* Passed and connected pawns are weighted by their advance scaled to
 * 0..6 on any board (an Ajax pawn's triple step counts as the squares it
 * went). */
#define EVAL_PASSED_STEPS 7

/* The pawns in front of a king are weighted by their rank distance from
 * it: an enemy pawn's 1..5, an own pawn's 1..3 (farther ones not
 * counted).  These weights and the flank's come in two sets, one for
 * boards of fewer than EVAL_KING_TALL ranks and one for the taller: how
 * far the enemy pawns start and how much of the board is a king's
 * flank change with the height. */
#define EVAL_KING_STORM_STEPS 5
#define EVAL_KING_COVER_STEPS 3
#define EVAL_KING_TALL 10
#define EVAL_KING_HEIGHT(v) ((v)->ranks >= EVAL_KING_TALL ? 1 : 0)

/* Placement tables: per board width and kind, a square's zone.  One
 * table for each of 8, 9 and 10 files (a narrower board uses the 8's, a
 * wider the 10's): what the centre and the corners are worth changes
 * with the width, and the tuner only fills the tables of the widths its
 * positions have.  A square's rank zone counts from its own side's first
 * rank: 0..3 the four nearest it, 4..7 the four nearest the enemy's (a
 * longer board's middle ranks joining the fourths); its file zone is its
 * distance from the nearer edge, 0..4 (the fifth file and any nearer the
 * centre joining it). */
#define EVAL_PSQT_NARROWEST 8
#define EVAL_PSQT_WIDTHS 3
#define EVAL_PSQT_RANKS 8
#define EVAL_PSQT_FILES 5
#define EVAL_PSQT_ZONES (EVAL_PSQT_RANKS * EVAL_PSQT_FILES)
#define EVAL_PSQT_TABLE (KIND_NB * EVAL_PSQT_ZONES)

typedef struct {
  int mg;
  int eg;
} EvalWeight;

enum {
  EVAL_MATERIAL = 0,                                  /* per kind: pieces */
  EVAL_CENTRE = EVAL_MATERIAL + KIND_NB,              /* per kind: distance from the centre (not pawns, king) */
  EVAL_ADVANCE = EVAL_CENTRE + KIND_NB,               /* per kind: ranks from its own side's first */
  EVAL_MOBILITY = EVAL_ADVANCE + KIND_NB,             /* per kind: moves, move-only steps included, to squares no enemy pawn attacks */
  EVAL_KING_ATTACK = EVAL_MOBILITY + KIND_NB,         /* per kind: king-zone squares attacked x attackers, when two or more; eg / 4 */
  EVAL_THREAT_BY_PAWN = EVAL_KING_ATTACK + KIND_NB,   /* per kind: pieces of it a pawn attacks */
  EVAL_THREAT_BY_LESSER = EVAL_THREAT_BY_PAWN + KIND_NB, /* per kind: pieces of it a lesser piece attacks */
  EVAL_HANGING = EVAL_THREAT_BY_LESSER + KIND_NB,     /* per kind: pieces of it attacked and not defended */
  EVAL_PAIR = EVAL_HANGING + KIND_NB,                 /* per kind: two or more of it (the bishop pair) */
  EVAL_OPEN_FILE = EVAL_PAIR + KIND_NB,               /* per kind: pieces on a file with no pawn */
  EVAL_HALF_OPEN_FILE = EVAL_OPEN_FILE + KIND_NB,     /* per kind: pieces on a file with enemy pawns but no own one */
  EVAL_OUTPOST = EVAL_HALF_OPEN_FILE + KIND_NB,       /* per kind: pieces in the enemy half on a square an own pawn
                                                         defends and no enemy pawn can ever attack */
  EVAL_PASSED = EVAL_OUTPOST + KIND_NB,               /* per scaled advance 0..6: passed pawns */
  EVAL_PASSED_RACE = EVAL_PASSED + EVAL_PASSED_STEPS, /* scaled advance x (enemy king's - own king's distance to its stop square) */
  EVAL_PASSED_BLOCKED,                                /* scaled advance, when its stop square is occupied */
  EVAL_PASSED_FREE,                                   /* scaled advance, when its stop square is empty and no enemy
                                                         piece, pawn or king attacks it */
  EVAL_CONNECTED,                                     /* per scaled advance 0..6: pawns an own pawn defends or stands
                                                         beside (same rank, adjacent file) */
  EVAL_SUPPORTED = EVAL_CONNECTED + EVAL_PASSED_STEPS, /* own pawns defending each pawn */
  EVAL_PAWN,                                          /* pawns (on top of material) */
  EVAL_PAWN_ADVANCE,                                  /* pawns' ranks from their start rank */
  EVAL_PAWN_CENTRE,                                   /* pawns' distances from the centre */
  EVAL_ISOLATED,                                      /* pawns with no own pawn on an adjacent file */
  EVAL_DOUBLED,                                       /* pawns with another own pawn on their file */
  EVAL_KING_SHELTER,                                  /* own pawns next to the king */
  EVAL_KING_HOME,                                     /* the king's ranks from its first */
  EVAL_KING_CENTRE,                                   /* the king's distance from the centre */
  EVAL_SAFE_CHECK,                                    /* per kind: squares a piece of it can move to now and check the enemy king
                                                         from, defended by no enemy piece but the king, and by it only when
                                                         attacked twice */
  EVAL_KING_WEAK = EVAL_SAFE_CHECK + KIND_NB,         /* enemy king-zone squares attacked and defended by the king alone, x pieces
                                                         attacking the zone */
  EVAL_KING_FILE_OPEN,                                /* the king's and adjacent files with no own pawn ahead of it */
  EVAL_KING_FILE_BARE,                                /* those with no enemy pawn ahead of it either */
  EVAL_KING_ESCAPE,                                   /* the king's moves to squares the enemy does not attack */
  EVAL_KING_STORM,                                    /* per height, per rank distance 1..5 from the king: on its file
                                                         and each adjacent one, the nearest enemy pawn ahead of it, when
                                                         no own pawn stands right in front of that pawn */
  EVAL_KING_STORM_BLOCKED = EVAL_KING_STORM + 2 * EVAL_KING_STORM_STEPS, /* per height: those enemy pawns with an own
                                                         pawn right in front */
  EVAL_KING_COVER = EVAL_KING_STORM_BLOCKED + 2,      /* per height, per rank distance 1..3 from the king: on its file
                                                         and each adjacent one, the nearest own pawn ahead of it */
  EVAL_KING_FLANK = EVAL_KING_COVER + 2 * EVAL_KING_COVER_STEPS, /* per height: squares of the king's flank (its file and
                                                         two on each side, its own half) the enemy attacks, and again
                                                         those it attacks twice */
  EVAL_PSQT_FIRST = EVAL_KING_FLANK + 2,              /* per width, kind and zone (EVAL_PSQT): pieces, pawns and
                                                         the king on a square of that zone */
  EVAL_MOP_UP = EVAL_PSQT_FIRST + EVAL_PSQT_WIDTHS * EVAL_PSQT_TABLE, /* flat: mating material against a bare king */
  EVAL_MOP_UP_EDGE,                                   /* flat: 3 - the bare king's distance to the edge */
  EVAL_MOP_UP_KINGS,                                  /* flat: files - the kings' distance */
  EVAL_TEMPO,                                         /* flat: the side to move */
  EVAL_PARAM_NB
};

/* The first placement weight of a board of files (8, 9 or 10; others
 * clamped to those), and the weight there of a kind in a rank zone and a
 * file zone. */
#define EVAL_PSQT_WIDTH(files) \
  (EVAL_PSQT_FIRST + ((files) < EVAL_PSQT_NARROWEST ? 0 \
                      : (files) >= EVAL_PSQT_NARROWEST + EVAL_PSQT_WIDTHS ? EVAL_PSQT_WIDTHS - 1 \
                      : (files) - EVAL_PSQT_NARROWEST) * EVAL_PSQT_TABLE)
#define EVAL_PSQT(files, kind, rank, file) \
  (EVAL_PSQT_WIDTH (files) + ((kind) * EVAL_PSQT_RANKS + (rank)) * EVAL_PSQT_FILES + (file))

/* The flat weights: from EVAL_MOP_UP to the end. */
#define EVAL_FLAT_FIRST EVAL_MOP_UP

extern const EvalWeight eval_weights[EVAL_PARAM_NB];
