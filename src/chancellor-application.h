/* chancellor-application.h — the application: its actions (app.new-game,
 * app.quit, app.about, app.shortcuts), their accelerators and the command
 * line (chancellor [--variant ID] [--fen FEN]).
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_APPLICATION (chancellor_application_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorApplication, chancellor_application, CHANCELLOR, APPLICATION, AdwApplication)

ChancellorApplication *chancellor_application_new (const char *application_id, GApplicationFlags flags);

G_END_DECLS
