/* chancellor-processor.h — whether this processor runs the engine's build. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The instruction set the engine was built for and this processor lacks
 * (a technical name, e.g. "x86-64-v2 (POPCNT, SSSE3, SSE4.2)"), or NULL
 * when it runs the engine.  Call it before anything uses the engine. */
const char *chancellor_processor_missing (void);

G_END_DECLS
