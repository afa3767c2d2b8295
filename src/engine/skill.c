/* skill.c — the Skill Levels and the glance of the weakest ones. */
#include "skill.h"

#include "eval.h"
#include "search.h"

/* Measured with tools/sprt.py, each level against the one two below
 * (the app's levels), 100 games a step: each scores 71.5-81% (README.md,
 * "The levels"; the tries in tools/README.md).  Against a stronger side a
 * few moves at a glance cost much, so none is played from skill 13 on;
 * level 9 searches 2 lines, not 4, to come within reach of full strength.
 * Skill 1, below the app's levels, is the old level 1. */
static const SkillLevel levels[SKILL_MAX + 1] = {
  /* nodes   lines weakness glance% */
  { 0, 1, 0, 0 },
  { 150,     4, 280, 58 },   /* 1 */
  { 1150,    4, 185, 17 },   /* 2: level 1 */
  { 1550,    4, 170, 13 },
  { 2100,    4, 153, 10 },   /* 4: level 2 */
  { 2800,    4, 137, 8 },
  { 3700,    4, 120, 6 },    /* 6: level 3 */
  { 4800,    4, 105, 5 },
  { 6300,    4, 90, 4 },     /* 8: level 4 */
  { 7800,    4, 80, 3 },
  { 9700,    4, 70, 2 },     /* 10: level 5 */
  { 11700,   4, 62, 1 },
  { 14000,   4, 54, 1 },     /* 12: level 6 */
  { 17000,   4, 48, 0 },
  { 20500,   4, 42, 0 },     /* 14: level 7 */
  { 26000,   4, 34, 0 },
  { 33000,   4, 27, 0 },     /* 16: level 8 */
  { 38000,   4, 20, 0 },
  { 44000,   2, 10, 0 },     /* 18: level 9 */
  { 60000,   2, 5, 0 },
  { 0,       1, 0, 0 },      /* 20: level 10, full strength */
};

SkillLevel skill_level (int skill)
{
  if (skill < SKILL_MIN)
    skill = SKILL_MIN;
  if (skill > SKILL_MAX)
    skill = SKILL_MAX;
  return levels[skill];
}

uint64_t skill_random (uint64_t *seed)
{
  *seed ^= *seed << 13;
  *seed ^= *seed >> 7;
  *seed ^= *seed << 17;
  return *seed;
}

/* One in four moves goes unnoticed. */
#define NOTICED_PERCENT 75

Move skill_glance (Position *pos, const MoveList *moves, int weakness, uint64_t *seed)
{
  Move best = moves->count > 0 ? moves->moves[0] : MOVE_NONE;
  int best_value = -SCORE_INFINITE * 2;

  for (int i = 0; i < moves->count; i++)
    {
      if (skill_random (seed) % 100 >= NOTICED_PERCENT)
        continue;
      MoveList replies;
      position_make (pos, moves->moves[i]);
      movegen_legal (pos, &replies);
      int value;
      if (replies.count == 0)
        value = position_in_check (pos) ? SCORE_MATE : 0;
      else
        value = -evaluate (pos);
      position_unmake (pos);
      value += (int) (skill_random (seed) % (uint64_t) (weakness + 1));
      if (value > best_value)
        {
          best_value = value;
          best = moves->moves[i];
        }
    }
  return best;
}
