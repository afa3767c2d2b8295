/* bitboard.h — 128-bit bitboards and the attack tables of one board size.
 *
 * A square's bit is 1 << (rank * files + file).  Sliding attacks use the
 * classical ray method: the ray from a square in one direction, cut at the
 * first blocker (lowest bit for the four directions that raise the index,
 * highest bit for the four that lower it).
 */
#pragma once

#include "types.h"

__extension__ typedef unsigned __int128 Bitboard;

/* Directions: 0-3 raise the square index, 4-7 lower it; d ^ 4 is the
 * opposite of d. */
enum { DIR_N, DIR_E, DIR_NE, DIR_NW, DIR_S, DIR_W, DIR_SW, DIR_SE, DIR_NB };

/* Move atoms (Betza): leapers W F N A D and riders R (along W) and B (along F). */
enum { ATOM_W, ATOM_F, ATOM_N, ATOM_A, ATOM_D, ATOM_LEAP_NB, ATOM_R = ATOM_LEAP_NB, ATOM_B, ATOM_NB };
#define ATOM_BIT(a) (1u << (a))
#define ATOMS_LEAP (ATOM_BIT (ATOM_LEAP_NB) - 1u)

typedef struct {
  int files;
  int ranks;
  int squares;
  Bitboard all;
  Bitboard file_bb[FILES_MAX];
  Bitboard rank_bb[RANKS_MAX];
  Bitboard ahead[COLOR_NB][RANKS_MAX];      /* the ranks beyond a rank, seen from a colour's side */
  Bitboard king_flank[COLOR_NB][FILES_MAX]; /* a king's file and two each side, in its side's half */
  uint8_t file_of[NO_SQUARE + 1];           /* a square's file and rank, without a division (0 for */
  uint8_t rank_of[NO_SQUARE + 1];           /* a square off the board, NO_SQUARE included) */
  Bitboard ray[DIR_NB][SQUARE_NB];
  Bitboard leap[ATOM_LEAP_NB][SQUARE_NB];
  Bitboard pawn_attack[COLOR_NB][SQUARE_NB];
  int8_t direction[SQUARE_NB][SQUARE_NB];   /* from a to b, -1 if not on a line */
} Geometry;

/* The tables for a board size, built once and shared (read-only after). */
const Geometry *geometry_get (int files, int ranks);

static inline Bitboard bb_square (int sq) { return (Bitboard) 1 << sq; }

static inline int bb_lsb (Bitboard b)
{
  uint64_t lo = (uint64_t) b;
  return lo ? __builtin_ctzll (lo) : 64 + __builtin_ctzll ((uint64_t) (b >> 64));
}

static inline int bb_msb (Bitboard b)
{
  uint64_t hi = (uint64_t) (b >> 64);
  return hi ? 127 - __builtin_clzll (hi) : 63 - __builtin_clzll ((uint64_t) b);
}

static inline int bb_pop_lsb (Bitboard *b)
{
  int s = bb_lsb (*b);
  *b &= *b - 1;
  return s;
}

/* Without the POPCNT instruction in the target baseline, the compiler's
 * builtin becomes a library call; this inline SWAR count is faster. */
static inline int count64 (uint64_t x)
{
#ifdef __POPCNT__
  return __builtin_popcountll (x);
#else
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (int) ((x * 0x0101010101010101u) >> 56);
#endif
}

static inline int bb_count (Bitboard b)
{
  return count64 ((uint64_t) b) + count64 ((uint64_t) (b >> 64));
}

static inline bool bb_more_than_one (Bitboard b) { return (b & (b - 1)) != 0; }

static inline Bitboard ray_attacks (const Geometry *g, int dir, int sq, Bitboard occupied)
{
  Bitboard ray = g->ray[dir][sq];
  Bitboard blockers = ray & occupied;
  if (blockers)
    ray ^= g->ray[dir][dir < 4 ? bb_lsb (blockers) : bb_msb (blockers)];
  return ray;
}

static inline Bitboard rook_attacks (const Geometry *g, int sq, Bitboard occupied)
{
  return ray_attacks (g, DIR_N, sq, occupied) | ray_attacks (g, DIR_E, sq, occupied)
       | ray_attacks (g, DIR_S, sq, occupied) | ray_attacks (g, DIR_W, sq, occupied);
}

static inline Bitboard bishop_attacks (const Geometry *g, int sq, Bitboard occupied)
{
  return ray_attacks (g, DIR_NE, sq, occupied) | ray_attacks (g, DIR_NW, sq, occupied)
       | ray_attacks (g, DIR_SW, sq, occupied) | ray_attacks (g, DIR_SE, sq, occupied);
}

/* Squares strictly between a and b on a line; empty if not on a line. */
static inline Bitboard bb_between (const Geometry *g, int a, int b)
{
  int d = g->direction[a][b];
  if (d < 0)
    return 0;
  return g->ray[d][a] & ~(g->ray[d][b] | bb_square (b));
}
