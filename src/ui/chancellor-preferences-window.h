/* chancellor-preferences-window.h — the Preferences window.
 *
 * Every row is bound to the application's settings (board-theme,
 * show-legal-moves, show-coordinates, animate-moves, style); the board
 * views and the style manager follow the settings, not this window.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-engine-list.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_PREFERENCES_WINDOW (chancellor_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorPreferencesWindow, chancellor_preferences_window, CHANCELLOR,
                      PREFERENCES_WINDOW, AdwPreferencesWindow)

/* engines: the application's list of external engines (its Engines page
 * shows what the list learnt). */
ChancellorPreferencesWindow *chancellor_preferences_window_new (GtkWindow *parent, GSettings *settings,
                                                                ChancellorEngineList *engines);

GSettings *chancellor_preferences_window_get_settings (ChancellorPreferencesWindow *self);

G_END_DECLS
