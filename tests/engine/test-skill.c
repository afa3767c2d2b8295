/* test-skill.c — the Skill Levels (skill.h): a ladder that only grows
 * stronger, a node budget the search keeps to in every game, and the
 * app's level 1 that now and then misses a piece left hanging, where
 * full strength never does.  The choices are deterministic by the seed. */
#include "test-util.h"

#include "search.h"
#include "skill.h"

/* Each level searches more and with a smaller handicap than the one
 * below; 20 is full strength; out-of-range skills are clamped. */
static void test_ladder (void)
{
  for (int skill = SKILL_MIN + 1; skill < SKILL_MAX; skill++)
    {
      SkillLevel lower = skill_level (skill - 1), level = skill_level (skill);
      g_assert_cmpuint (level.nodes, >, lower.nodes);
      g_assert_cmpint (level.weakness, <=, lower.weakness);
      g_assert_cmpint (level.glance_percent, <=, lower.glance_percent);
      g_assert_cmpint (level.lines, >, 1);
    }
  SkillLevel full = skill_level (SKILL_MAX);
  g_assert_cmpuint (full.nodes, ==, 0);
  g_assert_cmpint (full.lines, ==, 1);
  g_assert_cmpint (full.weakness, ==, 0);
  g_assert_cmpint (full.glance_percent, ==, 0);
  g_assert_cmpuint (skill_level (0).nodes, ==, skill_level (SKILL_MIN).nodes);
  g_assert_cmpuint (skill_level (99).nodes, ==, 0);
}

typedef struct {
  int reports;
  int depth;
  uint64_t most_nodes;
} BudgetLog;

static void log_budget (const SearchInfo *info, void *data)
{
  BudgetLog *log = data;
  log->reports++;
  if (info->depth > log->depth)
    log->depth = info->depth;
  if (info->depth > 1 && info->nodes > log->most_nodes)
    log->most_nodes = info->nodes;
}

/* With no depth or time limit a level's search still ends, within its
 * node budget (the search looks at the count every 256 nodes) once
 * depth 1 is done, and budgets of 2,000 nodes and more reach depth 3.  Every
 * game, from its start and after a few random moves. */
static void test_node_budget (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  Search *search = search_new (8);

  for (int i = 0; i < variant_count (); i++)
    for (int skill = SKILL_MIN; skill < SKILL_MAX; skill++)
      {
        g_autofree Position *pos = test_position_new (variant_at (i)->id, NULL);
        test_random_playout (pos, rand, skill % 3 * 4);
        SkillLevel level = skill_level (skill);
        SearchLimits limits = { .skill = skill, .seed = (uint64_t) skill };
        BudgetLog log = { 0 };
        search_clear (search);
        Move best = search_run (search, pos, &limits, log_budget, &log, NULL);
        g_assert_true (movegen_is_legal (pos, best));
        g_assert_cmpuint (log.most_nodes, <=, level.nodes + 256);
        if (level.glance_percent == 0)
          g_assert_cmpint (log.depth, >=, level.nodes >= 2000 ? 3 : 1);
      }
  search_free (search);
}

/* A queen or a Minister left hanging, in games of every board size. */
static const struct {
  const char *game;
  const char *fen;
  const char *from, *to;
} hanging[] = {
  { "chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2", "d5" },
  { "capablanca", "4k5/10/10/4q5/10/10/4R5/5K4 w - - 0 1", "e2", "e5" },
  { "ajax", "4k5/10/10/10/4q5/10/10/4Q5/10/5K4 w - - 0 1", "e3", "e6" },
  { "prime-ministers-random", "4k4/9/9/2m6/9/9/2Q6/4K4 w - - 0 1", "c2", "c5" },
};

#define SEEDS 32

/* Full strength takes the piece every time; skill 2, the app's level 1,
 * takes it most of the time (it does not play at random) but not always. */
static void test_weakest_misses_wins (void)
{
  Search *search = search_new (8);

  for (size_t c = 0; c < G_N_ELEMENTS (hanging); c++)
    {
      g_autofree Position *pos = test_position_new (hanging[c].game, hanging[c].fen);
      Move capture = test_find_move (pos, hanging[c].from, hanging[c].to, 0);
      int taken[2] = { 0, 0 };
      g_assert_cmpuint (capture, !=, MOVE_NONE);
      for (uint64_t seed = 1; seed <= SEEDS; seed++)
        for (int strong = 0; strong < 2; strong++)
          {
            SearchLimits limits = { .skill = strong ? SKILL_MAX : 2, .depth = strong ? 4 : 0,
                                    .seed = seed };
            search_clear (search);
            Move best = search_run (search, pos, &limits, NULL, NULL, NULL);
            g_assert_true (movegen_is_legal (pos, best));
            taken[strong] += best == capture;
          }
      g_test_message ("%s: skill 2 took the piece %d times of %d, skill 20 %d", hanging[c].game,
                      taken[0], SEEDS, taken[1]);
      g_assert_cmpint (taken[1], ==, SEEDS);
      g_assert_cmpint (taken[0], <, SEEDS);
      g_assert_cmpint (taken[0], >=, SEEDS / 2);
    }
  search_free (search);
}

static void count_reports (const SearchInfo *info, void *data)
{
  (void) info;
  (*(int *) data)++;
}

/* The share of moves played at a glance (no search, so no report) is
 * near the level's percentage, also when the seed is the position's key
 * as the UCI engine gives it (once, the two cancelled out: every move
 * drew the same number, and the glance came always or never). */
static void test_glance_share (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  Search *search = search_new (8);
  const int skill = 2, positions = 100;
  int glances = 0;

  for (int n = 0; n < positions; n++)
    {
      g_autofree Position *pos = test_position_new (variant_at (n % variant_count ())->id, NULL);
      test_random_playout (pos, rand, 4 + n % 20);
      MoveList legal;
      movegen_legal (pos, &legal);
      if (legal.count == 0)
        continue;
      SearchLimits limits = { .skill = skill, .seed = position_key (pos) };
      int reports = 0;
      Move best = search_run (search, pos, &limits, count_reports, &reports, NULL);
      g_assert_true (movegen_is_legal (pos, best));
      glances += reports == 0;
    }
  g_test_message ("skill %d: %d of %d moves at a glance (%d%% expected)", skill, glances, positions,
                  skill_level (skill).glance_percent);
  g_assert_cmpint (glances, >=, skill_level (skill).glance_percent * positions / 100 - 20);
  g_assert_cmpint (glances, <=, skill_level (skill).glance_percent * positions / 100 + 20);
  search_free (search);
}

int main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/skill/ladder", test_ladder);
  g_test_add_func ("/skill/node-budget", test_node_budget);
  g_test_add_func ("/skill/weakest-misses-wins", test_weakest_misses_wins);
  g_test_add_func ("/skill/glance-share", test_glance_share);
  return g_test_run ();
}
