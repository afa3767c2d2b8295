/* cecp.h — chancellor-engine's XBoard protocol (CECP version 2). */
#pragma once

#include <stdio.h>

/* Speaks CECP on in and stdout until quit or the end of input; the
 * "xboard" line that chose the protocol has been read.  Returns the
 * process's exit status. */
int cecp_run (FILE *in);
