/* eval.h — static evaluation for any game table, in centipawns from the
 * side to move's point of view. */
#pragma once

#include "position.h"

int evaluate (const Position *pos);
