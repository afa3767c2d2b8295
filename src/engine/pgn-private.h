/* pgn-private.h — what the PGN records, reader and writer share. */
#pragma once

#include "pgn.h"

/* Growable text.  After a failed allocation it stays as it was, marked
 * failed, and pgn_text_steal gives NULL. */
typedef struct {
  char *data;
  size_t length;
  size_t capacity;
  bool failed;
} PgnText;

bool pgn_text_reserve (PgnText *t, size_t more);
void pgn_text_append (PgnText *t, const char *s, size_t n);
void pgn_text_puts (PgnText *t, const char *s);
void pgn_text_putc (PgnText *t, char c);
void pgn_text_free (PgnText *t);
char *pgn_text_steal (PgnText *t);

static inline bool pgn_is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline bool pgn_is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static inline bool pgn_is_alnum (char c)
{
  return pgn_is_digit (c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The Seven Tag Roster but Result, in the order it is written. */
#define PGN_ROSTER_COUNT 6
extern const char *const pgn_roster_tags[PGN_ROSTER_COUNT];
bool pgn_is_roster_tag (const char *name);
/* Letters, digits and '_', at most PGN_TAG_NAME_MAX. */
bool pgn_is_tag_name (const char *name);
/* The index of the record's tag of that name, or -1. */
int pgn_tag_index (const PgnGame *game, const char *name);
/* The length of the NAG glyph ("±", "⩲"…) that s (length bytes) starts
 * with, or 0: the reader's tokens. */
size_t pgn_nag_glyph_length (const char *s, size_t length);
/* "1-0", "0-1", "1/2-1/2" or "*" (n bytes) into *result. */
bool pgn_result_from_text (const char *s, size_t n, PgnResult *result);
