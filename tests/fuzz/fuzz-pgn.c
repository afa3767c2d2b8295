/* fuzz-pgn.c — libFuzzer over the PGN reader and writer: any input reads
 * or fails with a message; whatever reads writes, and the text written
 * reads back and writes to the same text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
fail (const char *what, const char *detail, const char *text)
{
  fprintf (stderr, "fuzz-pgn: %s: %s\n--- text written ---\n%s\n", what, detail, text ? text : "");
  abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  PgnGames games, again;
  PgnError err;
  char *text, *rewritten;

  if (!pgn_read ((const char *) data, size, &games, &err))
    {
      if (err.message[0] == '\0' || games.count != 0 || games.games != NULL)
        fail ("an error without a message, or with games left", err.message, NULL);
      return 0;
    }
  text = pgn_write_games (games.games, games.count);
  if (!text)
    fail ("a game read cannot be written", "", NULL);
  if (!pgn_read (text, strlen (text), &again, &err))
    fail ("what was written does not read back", err.message, text);
  if (again.count != games.count)
    fail ("the game count changed", "", text);
  rewritten = pgn_write_games (again.games, again.count);
  if (!rewritten || strcmp (rewritten, text) != 0)
    fail ("writing again gives another text", rewritten ? rewritten : "(null)", text);

  free (text);
  free (rewritten);
  pgn_games_clear (&games);
  pgn_games_clear (&again);
  return 0;
}
