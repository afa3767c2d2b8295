/* chancellor-board-theme.c — the board themes: opaque, mid-toned squares,
 * so a board reads the same in the light and the dark style, with white and
 * black pieces both standing out; the marks are a deep shade of each
 * theme's dark square, translucent so both square colours show through. */
#define G_LOG_DOMAIN "chancellor-board-theme"

#include "config.h"

#include "chancellor-board-theme.h"

static const ChancellorBoardTheme themes[] = {
  { "green", { 0.902f, 0.914f, 0.816f, 1.f },  /* #e6e9d0 */
             { 0.467f, 0.584f, 0.357f, 1.f },  /* #77955b */
             { 0.10f, 0.20f, 0.04f, 0.55f } },
  { "brown", { 0.933f, 0.843f, 0.698f, 1.f },  /* #eed7b2 */
             { 0.722f, 0.545f, 0.384f, 1.f },  /* #b88b62 */
             { 0.08f, 0.33f, 0.12f, 0.50f } },
  { "blue",  { 0.871f, 0.902f, 0.937f, 1.f },  /* #dee6ef */
             { 0.471f, 0.580f, 0.710f, 1.f },  /* #7894b5 */
             { 0.04f, 0.12f, 0.32f, 0.55f } },
  { "grey",  { 0.878f, 0.875f, 0.863f, 1.f },  /* #e0dfdc */
             { 0.604f, 0.600f, 0.580f, 1.f },  /* #9a9994 */
             { 0.12f, 0.12f, 0.14f, 0.55f } },
};
#define DEFAULT_THEME 1         /* brown, as the schema's default */

const ChancellorBoardTheme *
chancellor_board_theme_lookup (const char *name)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (themes); i++)
    if (g_str_equal (themes[i].name, name))
      return &themes[i];
  return NULL;
}

const ChancellorBoardTheme *
chancellor_board_theme_get_default (void)
{
  return &themes[DEFAULT_THEME];
}
