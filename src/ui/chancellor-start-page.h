/* chancellor-start-page.h — what a first start shows: the games, and
 * "Play the Computer", "Two Players" or "Open a Game…".
 *
 * The buttons activate the window's actions: win.play-computer and
 * win.start-game with the id of the game selected in the list, and
 * win.open.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_START_PAGE (chancellor_start_page_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorStartPage, chancellor_start_page, CHANCELLOR, START_PAGE, GtkWidget)

GtkWidget *chancellor_start_page_new (void);

/* The game selected in the list (its id), and selecting one. */
const char *chancellor_start_page_get_variant_id (ChancellorStartPage *self);
void chancellor_start_page_set_variant_id (ChancellorStartPage *self, const char *variant_id);

G_END_DECLS
