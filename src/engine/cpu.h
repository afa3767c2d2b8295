/* cpu.h — whether this processor can run the engine as it was built.
 *
 * The engine may be built for more than the x86-64 baseline (the meson
 * option cpu: x86-64-v2 by default, for POPCNT).  A program checks first,
 * in code built for the baseline (its main(), never the engine's own
 * files), so that an older processor gets a message instead of an
 * illegal-instruction crash. */
#pragma once

#include <stdbool.h>
#include <stdio.h>

/* What the build needs that the processor lacks, or NULL when it has it
 * all. */
static inline const char *engine_cpu_missing (void)
{
#if defined(ENGINE_NEEDS_X86_64_V2) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init ();
  if (!__builtin_cpu_supports ("popcnt") || !__builtin_cpu_supports ("sse4.2") || !__builtin_cpu_supports ("ssse3"))
    return "x86-64-v2 (POPCNT, SSSE3, SSE4.2)";
#endif
  return NULL;
}

/* When this processor cannot run the engine's build, says so on standard
 * error as program (what is missing, and how to build for it) and
 * returns true. */
static inline bool engine_cpu_refused (const char *program)
{
  const char *missing = engine_cpu_missing ();
  if (missing)
    fprintf (stderr,
             "%s: this build needs a processor with %s, which this one lacks; "
             "build it again with 'meson configure -Dcpu=baseline'\n",
             program, missing);
  return missing != NULL;
}
