/* main.c — starts Chancellor. */
#define G_LOG_DOMAIN "chancellor"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>

#include "chancellor-application.h"
#include "chancellor-processor.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (ChancellorApplication) app = NULL;

  /* Past the file size limit (ulimit -f) a write then fails with EFBIG,
   * which a save reports, instead of the signal killing every window. */
  signal (SIGXFSZ, SIG_IGN);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  const char *missing = chancellor_processor_missing ();
  if (missing != NULL)
    {
      /* Translators: %s names an instruction set, such as
       * "x86-64-v2 (POPCNT, SSSE3, SSE4.2)". */
      g_printerr (_("Chancellor was built for processors with %s, which this one lacks. "
                    "Build it again with “meson configure -Dcpu=baseline”.\n"),
                  missing);
      return 1;
    }

  app = chancellor_application_new (APPLICATION_ID,
                                    G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_HANDLES_OPEN);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
