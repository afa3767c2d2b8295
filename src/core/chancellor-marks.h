/* chancellor-marks.h — arrows and circles drawn on a position, kept in the
 * comment of the move that led to it as lichess writes them (and
 * ChessBase and other programs read them): [%cal Ge2e4,Rd7d5] for arrows,
 * [%csl Ye4] for circles, a colour letter (G green, R red, Y yellow,
 * B blue) before the squares.  Commands are kept as they are, so marks
 * written by any of these programs read and are written back. */
#pragma once

#include "chancellor-game.h"

G_BEGIN_DECLS

typedef struct {
  char color;   /* 'G', 'R', 'Y' or 'B' */
  int from;
  int to;       /* from for a circle */
} ChancellorMark;

/* The marks of the position after ply (0..n_moves), circles first, in the
 * order written; unknown colours and squares off the board are skipped.
 * A GArray of ChancellorMark, never NULL. */
GArray *chancellor_marks_get (ChancellorGame *game, guint ply);
/* Sets them (the comment's other text and commands stay as they are). */
void chancellor_marks_set (ChancellorGame *game, guint ply, const ChancellorMark *marks, guint n_marks);
/* Adds mark, or takes it off when the same squares are marked already (in
 * the same colour: off; in another: recoloured), as a right-drag does. */
void chancellor_marks_toggle (ChancellorGame *game, guint ply, ChancellorMark mark);

G_END_DECLS
