/* chancellor-preferences-window-private.h — what tests read of the widget and the
 * input they give it; the app's other files use chancellor-preferences-window.h. */
#pragma once

#include "chancellor-preferences-window.h"

G_BEGIN_DECLS

/* The toggle button that picks theme ("green", "brown", "blue", "grey"),
 * for tests. */
GtkToggleButton *chancellor_preferences_window_get_theme_button (ChancellorPreferencesWindow *self,
                                                                 const char                  *theme);

G_END_DECLS
