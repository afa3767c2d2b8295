/* skill.c — the Skill Levels and the glance of the weakest ones. */
#include "skill.h"

#include "eval.h"
#include "search.h"

/* Measured with tools/sprt.py, each level against the one two below
 * (the app's levels), 100 games a step: each scores 73-81.5% (README.md,
 * "The levels"; the tries in tools/README.md).  Against a stronger side a
 * few moves at a glance cost much, so none is played from skill 14 on;
 * level 9 searches 2 lines, not 4, to come within reach of full strength. */
static const SkillLevel levels[SKILL_MAX + 1] = {
  /* nodes   lines weakness glance% */
  { 0, 1, 0, 0 },
  { 100,     4, 300, 66 },   /* 1 */
  { 150,     4, 280, 58 },   /* 2: level 1 */
  { 300,     4, 260, 44 },
  { 450,     4, 240, 34 },   /* 4: level 2 */
  { 750,     4, 210, 25 },
  { 1200,    4, 180, 16 },   /* 6: level 3 */
  { 1900,    4, 160, 12 },
  { 2800,    4, 140, 8 },    /* 8: level 4 */
  { 3800,    4, 120, 6 },
  { 5000,    4, 100, 5 },    /* 10: level 5 */
  { 7000,    4, 85, 3 },
  { 10000,   4, 70, 2 },     /* 12: level 6 */
  { 12000,   4, 60, 1 },
  { 14000,   4, 50, 0 },     /* 14: level 7 */
  { 20000,   4, 40, 0 },
  { 28000,   4, 35, 0 },     /* 16: level 8 */
  { 36000,   4, 28, 0 },
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
