/* bitboard.c — building the attack tables of each board size. */
#include "bitboard.h"

#include <stdlib.h>
#include <pthread.h>

/* The four board sizes of the games: 8×8, 9×8, 10×8, 10×10. */
enum { GEOMETRY_SLOTS = 4 };
static Geometry geometries[GEOMETRY_SLOTS];
static const int geometry_size[GEOMETRY_SLOTS][2] = { { 8, 8 }, { 9, 8 }, { 10, 8 }, { 10, 10 } };
static pthread_once_t geometry_once = PTHREAD_ONCE_INIT;

static const int dir_delta[DIR_NB][2] = {
  [DIR_N] = { 0, 1 },  [DIR_E] = { 1, 0 },  [DIR_NE] = { 1, 1 },   [DIR_NW] = { -1, 1 },
  [DIR_S] = { 0, -1 }, [DIR_W] = { -1, 0 }, [DIR_SW] = { -1, -1 }, [DIR_SE] = { 1, -1 },
};

static bool on_board (const Geometry *g, int file, int rank)
{
  return file >= 0 && file < g->files && rank >= 0 && rank < g->ranks;
}

/* A leap (dx, dy) in all eight symmetric orientations. */
static Bitboard leap_targets (const Geometry *g, int file, int rank, int dx, int dy)
{
  Bitboard targets = 0;
  for (int i = 0; i < 8; i++)
    {
      int x = (i & 4) ? dy : dx, y = (i & 4) ? dx : dy;
      if (i & 1)
        x = -x;
      if (i & 2)
        y = -y;
      if (on_board (g, file + x, rank + y))
        targets |= bb_square ((rank + y) * g->files + file + x);
    }
  return targets;
}

static void geometry_build (Geometry *g, int files, int ranks)
{
  static const int atom_leap[ATOM_LEAP_NB][2] = {
    [ATOM_W] = { 1, 0 }, [ATOM_F] = { 1, 1 }, [ATOM_N] = { 2, 1 }, [ATOM_A] = { 2, 2 }, [ATOM_D] = { 2, 0 },
  };

  g->files = files;
  g->ranks = ranks;
  g->squares = files * ranks;
  for (int sq = 0; sq < g->squares; sq++)
    g->all |= bb_square (sq);
  for (int sq = 0; sq < g->squares; sq++)
    {
      int file = sq % files, rank = sq / files;
      g->file_of[sq] = (uint8_t) file;
      g->rank_of[sq] = (uint8_t) rank;
      g->file_bb[file] |= bb_square (sq);
      g->rank_bb[rank] |= bb_square (sq);
      for (int a = 0; a < ATOM_LEAP_NB; a++)
        g->leap[a][sq] = leap_targets (g, file, rank, atom_leap[a][0], atom_leap[a][1]);
      for (int c = 0; c < COLOR_NB; c++)
        {
          int y = rank + (c == WHITE ? 1 : -1);
          for (int x = file - 1; x <= file + 1; x += 2)
            if (on_board (g, x, y))
              g->pawn_attack[c][sq] |= bb_square (y * files + x);
        }
      for (int other = 0; other < SQUARE_NB; other++)
        g->direction[sq][other] = -1;
      for (int d = 0; d < DIR_NB; d++)
        {
          int x = file + dir_delta[d][0], y = rank + dir_delta[d][1];
          for (; on_board (g, x, y); x += dir_delta[d][0], y += dir_delta[d][1])
            {
              g->ray[d][sq] |= bb_square (y * files + x);
              g->direction[sq][y * files + x] = (int8_t) d;
            }
        }
    }
  /* The ranks beyond each rank, seen from each side. */
  for (int rank = 0; rank < ranks; rank++)
    for (int r = 0; r < ranks; r++)
      if (r != rank)
        g->ahead[r > rank ? WHITE : BLACK][rank] |= g->rank_bb[r];
  /* A king's flank: its file and two on each side, in its side's half
   * and one rank more (the middle rank of an odd board). */
  for (int file = 0; file < files; file++)
    for (int c = 0; c < COLOR_NB; c++)
      {
        Bitboard band = 0;
        for (int f = file - 2; f <= file + 2; f++)
          if (f >= 0 && f < files)
            band |= g->file_bb[f];
        g->king_flank[c][file] = band & ~g->ahead[c][c == WHITE ? ranks / 2 : ranks - 1 - ranks / 2];
      }
}

static void geometry_build_all (void)
{
  for (int i = 0; i < GEOMETRY_SLOTS; i++)
    geometry_build (&geometries[i], geometry_size[i][0], geometry_size[i][1]);
}

const Geometry *geometry_get (int files, int ranks)
{
  pthread_once (&geometry_once, geometry_build_all);
  for (int i = 0; i < GEOMETRY_SLOTS; i++)
    if (geometry_size[i][0] == files && geometry_size[i][1] == ranks)
      return &geometries[i];
  return NULL;
}
