/* chancellor-engines-page.h — the Engines page of Preferences.
 *
 * Lists the built-in engine, every Fairy-Stockfish installed by a package
 * and the programs the player added (the settings' "engines"), as the
 * ChancellorEngineList given learnt them: each external engine's name,
 * author, options and the games it plays, or why it does not play one.
 * "Add Engine…" has the list run the handshake before a program is kept.  The engines for analysis, the
 * computer player, hints and the game analysis, and the number of lines,
 * follow "analysis-engine", "computer-engine", "hint-engine",
 * "review-engine" and "analysis-lines".
 */
#pragma once

#include <adwaita.h>

#include "chancellor-engine-list.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_ENGINES_PAGE (chancellor_engines_page_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorEnginesPage, chancellor_engines_page, CHANCELLOR, ENGINES_PAGE, AdwPreferencesPage)

GtkWidget *chancellor_engines_page_new (GSettings *settings, ChancellorEngineList *engines);

/* Adds the program at path as the file chooser would: handshake first;
 * a refusal is shown as a toast on the page's window.  For tests. */
void chancellor_engines_page_add_engine (ChancellorEnginesPage *self, const char *path);
/* The row of the engine at path, or NULL; for tests. */
AdwExpanderRow *chancellor_engines_page_get_row (ChancellorEnginesPage *self, const char *path);

/* The row choosing the engine for analysis; for tests. */
AdwComboRow *chancellor_engines_page_get_analysis_row (ChancellorEnginesPage *self);
/* The row choosing the engine that the settings key names ("analysis-engine",
 * "computer-engine", "hint-engine", "review-engine"), or NULL; for tests. */
AdwComboRow *chancellor_engines_page_get_engine_row (ChancellorEnginesPage *self, const char *key);

G_END_DECLS
