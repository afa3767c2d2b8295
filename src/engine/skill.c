/* skill.c — the Skill Levels and the glance of the weakest ones. */
#include "skill.h"

#include "eval.h"
#include "search.h"

/* Measured with tools/sprt.py, each level against the one two below
 * (the app's levels): README.md, "The levels". */
static const SkillLevel levels[SKILL_MAX + 1] = {
  /* nodes   lines weakness glance% */
  { 0, 1, 0, 0 },
  { 100,     4, 300, 66 },   /* 1 */
  { 150,     4, 280, 58 },   /* 2: level 1 */
  { 300,     4, 260, 44 },
  { 400,     4, 240, 38 },   /* 4: level 2 */
  { 550,     4, 220, 32 },
  { 800,     4, 200, 26 },   /* 6: level 3 */
  { 1000,    4, 180, 22 },
  { 1200,    4, 160, 18 },   /* 8: level 4 */
  { 2100,    4, 140, 15 },
  { 3000,    4, 120, 12 },   /* 10: level 5 */
  { 4200,    4, 100, 9 },
  { 6000,    4, 80, 7 },     /* 12: level 6 */
  { 8500,    4, 70, 5 },
  { 12000,   4, 60, 3 },     /* 14: level 7 */
  { 17000,   4, 50, 1 },
  { 24000,   4, 40, 0 },     /* 16: level 8 */
  { 34000,   4, 30, 0 },
  { 48000,   4, 20, 0 },     /* 18: level 9 */
  { 68000,   4, 10, 0 },
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
