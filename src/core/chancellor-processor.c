/* chancellor-processor.c — whether this processor runs the engine's build.
 *
 * Built with the rest of the core, for the baseline instruction set, so
 * it can run where the engine itself cannot (cpu.h). */
#include "chancellor-processor.h"

#include "cpu.h"

const char *
chancellor_processor_missing (void)
{
  return engine_cpu_missing ();
}
