/* fuzz-fen.c — libFuzzer over the FEN reader.  The input is a game id on
 * the first line and a FEN after it.  A FEN that reads gives a sound
 * position whose FEN reads back to itself, and every legal move of it
 * writes as SAN that reads back to the same move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "notation.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
fail (const char *what, const char *fen)
{
  fprintf (stderr, "fuzz-fen: %s: %s\n", what, fen);
  abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static Position pos, again;   /* large: kept off the stack */
  char text[512], fen[FEN_MAX], fen_again[FEN_MAX];
  const Variant *variant;
  ParseError err;
  MoveList list;
  char *newline;

  if (size >= sizeof text)
    return 0;
  memcpy (text, data, size);
  text[size] = '\0';
  newline = strchr (text, '\n');
  if (!newline)
    return 0;
  *newline = '\0';
  variant = variant_by_id (text);
  if (!variant)
    return 0;

  if (!position_set_fen (&pos, variant, newline + 1, &err))
    {
      if (err.message[0] == '\0')
        fail ("an error without a message", newline + 1);
      return 0;
    }
  if (!position_ok (&pos))
    fail ("an unsound position read", newline + 1);
  position_get_fen (&pos, fen, sizeof fen);
  if (!position_set_fen (&again, variant, fen, &err))
    fail ("the FEN written does not read back", fen);
  position_get_fen (&again, fen_again, sizeof fen_again);
  if (strcmp (fen, fen_again) != 0)
    fail ("the FEN changed when read back", fen);

  movegen_legal (&pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      char san[MOVE_TEXT_MAX];

      notation_san (&pos, list.moves[i], san, sizeof san);
      if (notation_parse_san (&pos, san, &err) != list.moves[i])
        fail (san, fen);
      position_make (&pos, list.moves[i]);
      if (!position_ok (&pos))
        fail ("an unsound position after a move", fen);
      position_unmake (&pos);
    }
  return 0;
}
