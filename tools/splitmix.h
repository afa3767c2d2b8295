/* splitmix.h — the tools' reproducible random numbers (splitmix64). */
#pragma once

#include <stdint.h>

static inline uint64_t next_random (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}
