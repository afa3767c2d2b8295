/* chancellor-application.h — the application: its actions (app.new-game,
 * app.quit, app.preferences, app.about, app.shortcuts), their accelerators
 * and the command line (chancellor [--variant ID] [--fen FEN] [FILE…]).  The
 * style (light or dark) follows the "style" setting.
 *
 * Files (PGN) named on the command line at the first start are read before
 * any window opens: one that cannot be read is reported on standard error,
 * naming it, and the exit status is 1.  Given to the program already
 * running (or opened from the desktop), a file is read first and a failure
 * is shown in a dialog over the window used last.  A plain start offers
 * the game kept when the program last quit with unsaved moves.
 */
#pragma once

#include <adwaita.h>

#include "chancellor-engine-list.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_APPLICATION (chancellor_application_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorApplication, chancellor_application, CHANCELLOR, APPLICATION, AdwApplication)

ChancellorApplication *chancellor_application_new (const char *application_id, GApplicationFlags flags);

/* The application's settings, or NULL when the schema is not installed
 * (nor compiled in GSETTINGS_SCHEMA_DIR). */
GSettings *chancellor_application_get_settings (ChancellorApplication *self);
/* The external engines and the games they play, checked once for the
 * application's life (from the first call on). */
ChancellorEngineList *chancellor_application_get_engine_list (ChancellorApplication *self);

G_END_DECLS
