/* chancellor-board-theme.h — the board's colours ("board-theme" in the
 * settings), for the board view and for the pictures of them that the
 * preferences and the rules windows draw.
 */
#pragma once

#include <gdk/gdk.h>

G_BEGIN_DECLS

typedef struct {
  const char *name;             /* the settings' nick: "green", "brown", "blue", "grey" */
  GdkRGBA light_square;
  GdkRGBA dark_square;
  GdkRGBA mark;                 /* selection, destinations, drag hover */
} ChancellorBoardTheme;

/* The theme called name, or NULL for none (name may be NULL). */
const ChancellorBoardTheme *chancellor_board_theme_lookup (const char *name);
/* The settings schema's default, brown. */
const ChancellorBoardTheme *chancellor_board_theme_get_default (void);

G_END_DECLS
