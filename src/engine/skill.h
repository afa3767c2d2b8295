/* skill.h — what a Skill Level (1..20) means, one definition for the UCI
 * option and the app's level L (skill 2L).
 *
 * A level below 20 searches a fixed number of nodes a move (so that its
 * strength does not depend on the machine), several root lines, and picks
 * among them with a random handicap; the lowest levels also play some
 * moves "at a glance": one ply ahead without seeing the replies, and
 * without noticing every move, so that they leave pieces hanging and
 * miss a win now and then.  Skill 20 is full strength. */
#pragma once

#include <stdint.h>

#include "movegen.h"

#define SKILL_MIN 1
#define SKILL_MAX 20

typedef struct {
  uint64_t nodes;            /* the node budget of a move; 0: none */
  int lines;                 /* root lines searched to choose among (1: no choice) */
  int weakness;              /* the random handicap's range, centipawns */
  int glance_percent;        /* chance that a move is played at a glance */
} SkillLevel;

/* The definition of skill, clamped to SKILL_MIN..SKILL_MAX. */
SkillLevel skill_level (int skill);

/* The next number of a xorshift generator (seed must not be 0). */
uint64_t skill_random (uint64_t *seed);

/* A move chosen at a glance among pos's legal moves (moves): each is
 * noticed or not at random, and the noticed one with the best static
 * evaluation after it, plus a random handicap up to weakness, is taken;
 * a mate in one counts as a win.  pos is restored before it returns. */
Move skill_glance (Position *pos, const MoveList *moves, int weakness, uint64_t *seed);
