/* start.h — start positions that are chosen: the 8,400 arrays of Prime
 * Ministers Random Chess and the relocation phase of Capablanca
 * Relocation Chess (doc/rules.md). */
#pragma once

#include "position.h"

#define PMRC_POSITIONS 8400
#define RELOCATION_ARRAYS 12

/* White's first rank for PMRC position n (0..8399) as upper-case letters
 * ("BBQMNNRKR"); false when n is out of range. */
bool pmrc_array (int n, char array[10]);
/* The number of a PMRC first rank, or -1 when it is not one of them. */
int pmrc_number (const char *array);
/* The FEN of PMRC position n. */
bool pmrc_fen (int n, char *fen, size_t size);
/* A position number chosen at random from a caller's seed. */
int pmrc_random (uint64_t *seed);

/* A relocation choice: keep the array (file_a == file_b == -1) or swap the
 * pieces on two files of the side's first rank. */
typedef struct {
  int file_a;
  int file_b;
} Relocation;

/* The legal relocations of color from the position (the keep first);
 * returns how many (12 from the standard array). */
int relocation_choices (const Position *pos, int color, Relocation out[RELOCATION_ARRAYS + 2]);
/* Why a relocation is or is not allowed, so that a refusal can say why. */
typedef enum {
  RELOCATION_OK,
  RELOCATION_NOT_NOW,          /* not a relocation game, or play has begun */
  RELOCATION_OFF_RANK,         /* a file off the board, or the same file twice */
  RELOCATION_NOT_OWN_PIECES,   /* an empty square or an enemy piece */
  RELOCATION_ALIKE,            /* two pieces of one kind: nothing would change */
  RELOCATION_ROOK,             /* a Rook never swaps */
  RELOCATION_NO_KING_OR_QUEEN, /* neither piece is the King or the Queen */
  RELOCATION_BISHOPS,          /* both Bishops would stand on one colour */
  RELOCATION_KING_OUTSIDE,     /* the King would leave the space between its rooks */
} RelocationVerdict;

/* The verdict on swapping files a and b (or keeping, a == b == -1). */
RelocationVerdict relocation_check (const Position *pos, int color, Relocation r);
/* Whether that relocation is allowed (its verdict is RELOCATION_OK). */
bool relocation_is_legal (const Position *pos, int color, Relocation r);
/* Applies a legal relocation to a position before its first move. */
bool relocation_apply (Position *pos, int color, Relocation r, ParseError *err);
