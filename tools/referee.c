/* referee.c — the rules of a game as a line protocol, for tools/sprt.py.
 *
 * Fairy-Stockfish cannot express the Ajax pieces, so self-play matches
 * take their rules from our own library (its perft is checked against
 * many reference counts).  One command a line on standard input, one
 * answer a line on standard output:
 *
 *   new GAME FEN      -> ok | error MESSAGE
 *   move UCI          -> ok SAN | illegal
 *   status            -> status ongoing|checkmate|stalemate|repetition|
 *                        fifty|material check 0|1 mating W B fen FEN
 *                        (W, B: 1 while that side still has mating material)
 *   quit
 *
 * Repetition is threefold and the 50-move rule ends the game at 100 plies,
 * as a match manager adjudicates claims.  Plain C, the engine library only.
 */
#include "notation.h"
#include "status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_BYTES 4096

static const char *status_word (const Position *pos)
{
  StatusInfo info = position_status (pos);

  if (info.status == STATUS_CHECKMATE)
    return "checkmate";
  if (info.status == STATUS_STALEMATE)
    return "stalemate";
  if (info.status == STATUS_INSUFFICIENT_MATERIAL)
    return "material";
  if (info.status == STATUS_FIVEFOLD_REPETITION || info.can_claim_threefold)
    return "repetition";
  if (info.status == STATUS_SEVENTY_FIVE_MOVES || info.can_claim_fifty)
    return "fifty";
  return "ongoing";
}

int main (void)
{
  static char line[LINE_BYTES];
  Position *pos = calloc (1, sizeof *pos);
  bool ready = false;

  if (!pos)
    return 1;
  while (fgets (line, sizeof line, stdin))
    {
      line[strcspn (line, "\r\n")] = '\0';
      if (strncmp (line, "new ", 4) == 0)
        {
          char *game = line + 4, *fen = strchr (game, ' ');
          const Variant *v;
          ParseError err;
          if (!fen)
            {
              printf ("error new needs GAME FEN\n");
              ready = false;
            }
          else if (*fen = '\0', !(v = variant_by_id (game)))
            {
              printf ("error unknown game '%s'\n", game);
              ready = false;
            }
          else if (!position_set_fen (pos, v, fen + 1, &err))
            {
              printf ("error %s\n", err.message);
              ready = false;
            }
          else
            {
              printf ("ok\n");
              ready = true;
            }
        }
      else if (strncmp (line, "move ", 5) == 0 && ready)
        {
          ParseError err;
          Move m = notation_parse_uci (pos, line + 5, &err);
          char san[MOVE_TEXT_MAX];
          if (m == MOVE_NONE || !position_history_has_room (pos, 2))
            printf ("illegal\n");
          else
            {
              notation_san (pos, m, san, sizeof san);
              position_make (pos, m);
              printf ("ok %s\n", san);
            }
        }
      else if (strcmp (line, "status") == 0 && ready)
        {
          char fen[FEN_MAX];
          position_get_fen (pos, fen, sizeof fen);
          printf ("status %s check %d mating %d %d fen %s\n", status_word (pos), position_in_check (pos),
                  !position_side_cannot_mate (pos, WHITE), !position_side_cannot_mate (pos, BLACK), fen);
        }
      else if (strcmp (line, "quit") == 0)
        break;
      else
        printf ("error unknown command or no position\n");
      fflush (stdout);
    }
  free (pos);
  return 0;
}
