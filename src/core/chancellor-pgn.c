/* chancellor-pgn.c — PGN text for ChancellorGame, over the engine's
 * reader and writer (src/engine/pgn.h).
 *
 * Reading turns each record into a game by playing its moves and setting
 * its tags and annotations.  A result the board does not show ends the
 * game with that outcome: with [Termination "time forfeit"] on time,
 * otherwise a win by resignation, or a draw that is claimed when the
 * position allows it and agreed when not.  When the board itself ended
 * the game, the board wins over a contradicting result.  Writing goes
 * the other way, with Termination "time forfeit" for a game lost (or
 * drawn) on time and "normal" for any other ending.
 */
#define G_LOG_DOMAIN "chancellor-pgn"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-pgn.h"

#include "notation.h"
#include "pgn.h"
#include "start.h"

G_DEFINE_QUARK (chancellor-pgn-error-quark, chancellor_pgn_error)
/* On a game read from text that was not all UTF-8. */
static GQuark
repaired_quark (void)
{
  return g_quark_from_static_string ("chancellor-pgn-repaired");
}

G_STATIC_ASSERT (PGN_NAGS_MAX == CHANCELLOR_GAME_NAGS_MAX);

static ChancellorPgnError
error_code (PgnErrorCode code)
{
  switch (code)
    {
    case PGN_ERROR_UNKNOWN_VARIANT:
      return CHANCELLOR_PGN_ERROR_UNKNOWN_VARIANT;
    case PGN_ERROR_BAD_FEN:
      return CHANCELLOR_PGN_ERROR_BAD_FEN;
    case PGN_ERROR_ILLEGAL_MOVE:
      return CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE;
    case PGN_ERROR_NO_GAME:
      return CHANCELLOR_PGN_ERROR_NO_GAME;
    case PGN_ERROR_TOO_LARGE:
      return CHANCELLOR_PGN_ERROR_TOO_LARGE;
    case PGN_ERROR_SYNTAX:
    default:
      return CHANCELLOR_PGN_ERROR_SYNTAX;
    }
}

/* What went wrong, in the player's language. */
static char *
describe_problem (const PgnError *err)
{
  switch (err->problem)
    {
    case PGN_PROBLEM_BAD_TAG:
      return g_strdup (_("A tag must read [Name \"value\"]."));
    case PGN_PROBLEM_UNTERMINATED_TAG:
      return g_strdup (_("The tag’s value has no closing quote on its line."));
    case PGN_PROBLEM_UNTERMINATED_COMMENT:
      return g_strdup (_("The comment that starts here has no closing brace."));
    case PGN_PROBLEM_UNCLOSED_VARIATION:
      return g_strdup (_("The variation that opens here has no closing parenthesis."));
    case PGN_PROBLEM_STRAY_PARENTHESIS:
      return g_strdup (_("This closing parenthesis closes no variation."));
    case PGN_PROBLEM_VARIATION_WITHOUT_MOVE:
      return g_strdup (_("A variation must follow the move it replaces and hold at least one move."));
    case PGN_PROBLEM_BAD_NAG:
      return g_strdup_printf (_("“%s” is not a move annotation."), err->found);
    case PGN_PROBLEM_UNKNOWN_VARIANT:
      return g_strdup_printf (_("Chancellor does not play the game “%s”."), err->found);
    case PGN_PROBLEM_AMBIGUOUS_BOARD:
      return g_strdup (_("Several games are played on the board of this start position: a Variant tag must name the game."));
    case PGN_PROBLEM_BAD_FEN:
      return g_strdup_printf (_("The start position “%s” cannot be read."), err->found);
    case PGN_PROBLEM_BAD_START_NUMBER:
      return g_strdup_printf (_("“%s” is not a start number of Prime Ministers Random Chess (0 to %d)."),
                              err->found, PMRC_POSITIONS - 1);
    case PGN_PROBLEM_START_NUMBER_MISMATCH:
      return g_strdup (_("The start number does not match the start position (FEN)."));
    case PGN_PROBLEM_ILLEGAL_MOVE:
      return g_strdup_printf (_("“%s” is not a legal move in the position %s."), err->found, err->fen);
    case PGN_PROBLEM_NULL_MOVE:
      return g_strdup_printf (_("“%s” is a null move (a pass), which no game allows; the position is %s."),
                              err->found, err->fen);
    case PGN_PROBLEM_NO_GAME:
      return g_strdup (_("There is no game in the text."));
    case PGN_PROBLEM_INPUT_TOO_LARGE:
      return g_strdup_printf (_("The text is larger than %d MiB."), (int) (PGN_INPUT_MAX >> 20));
    case PGN_PROBLEM_TOO_MANY_GAMES:
      return g_strdup_printf (_("The text holds more than %d games."), PGN_GAMES_MAX);
    case PGN_PROBLEM_TOO_MANY_TAGS:
      return g_strdup_printf (_("The game has more than %d tags."), PGN_TAGS_MAX);
    case PGN_PROBLEM_TAG_TOO_LONG:
      return g_strdup (_("The tag is too long."));
    case PGN_PROBLEM_COMMENT_TOO_LONG:
      return g_strdup_printf (_("A comment is longer than %d bytes."), PGN_COMMENT_MAX);
    case PGN_PROBLEM_TOO_MANY_VARIATIONS:
      return g_strdup_printf (_("A move has more than %d variations."), PGN_VARIATIONS_MAX);
    case PGN_PROBLEM_TOO_DEEP:
      return g_strdup_printf (_("Variations are nested more than %d deep."), PGN_DEPTH_MAX);
    case PGN_PROBLEM_TOO_LONG:
      return g_strdup (_("The game is longer than Chancellor can keep."));
    case PGN_PROBLEM_GAME_ENDED:
      return g_strdup_printf (_("“%s” comes after the end of the game: a draw rule (fivefold repetition, the 75-move "
                                "rule or too little material to mate) ended it in the position %s."),
                              err->found, err->fen);
    case PGN_PROBLEM_NOT_PGN:
      return g_strdup_printf (_("This is not a PGN file: no PGN tags or moves found (it starts with “%s”)."),
                              err->found);
    case PGN_PROBLEM_OUT_OF_MEMORY:
      return g_strdup (_("There is not enough memory to read it."));
    case PGN_PROBLEM_UNEXPECTED:
    case PGN_PROBLEM_NONE:
    default:
      return g_strdup_printf (_("“%s” was not expected here."), err->found);
    }
}

/* Sets error from the engine's, with where it happened first. */
static void
set_error_from_pgn (GError        **error,
                    const PgnError *err)
{
  g_autofree char *what = describe_problem (err);
  g_autofree char *where = NULL;

  if (err->line > 0 && err->move_number > 0)
    where = g_strdup_printf (err->black_to_move
                             /* TRANSLATORS: where a file goes wrong: "Line 12, column 5 (game 2, move 14…): " */
                             ? _("Line %d, column %d (game %d, move %d…): ")
                             : _("Line %d, column %d (game %d, move %d): "),
                             err->line, err->column, err->game, err->move_number);
  else if (err->line > 0 && err->game > 0)
    where = g_strdup_printf (_("Line %d, column %d (game %d): "), err->line, err->column, err->game);
  else if (err->line > 0)
    where = g_strdup_printf (_("Line %d, column %d: "), err->line, err->column);
  else
    where = g_strdup ("");
  g_set_error (error, CHANCELLOR_PGN_ERROR, error_code (err->code), "%s%s", where, what);
}

/* The outcome a file's result gives a game whose board has not ended it. */
static void
apply_result (ChancellorGame *game,
              const PgnGame  *record)
{
  gboolean on_time = record->termination && g_ascii_strcasecmp (record->termination, "time forfeit") == 0;

  if (record->result == PGN_RESULT_NONE || chancellor_game_get_phase (game) != CHANCELLOR_PHASE_PLAYING)
    return;
  switch (record->result)
    {
    case PGN_RESULT_WHITE_WINS:
      chancellor_game_set_outcome (game, CHANCELLOR_RESULT_WHITE_WINS,
                                   on_time ? CHANCELLOR_REASON_TIME : CHANCELLOR_REASON_RESIGNATION);
      break;
    case PGN_RESULT_BLACK_WINS:
      chancellor_game_set_outcome (game, CHANCELLOR_RESULT_BLACK_WINS,
                                   on_time ? CHANCELLOR_REASON_TIME : CHANCELLOR_REASON_RESIGNATION);
      break;
    case PGN_RESULT_DRAW:
      if (on_time)
        chancellor_game_set_outcome (game, CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_TIME);
      else if (!chancellor_game_claim_draw (game))
        chancellor_game_set_outcome (game, CHANCELLOR_RESULT_DRAW, CHANCELLOR_REASON_AGREEMENT);
      break;
    case PGN_RESULT_NONE:
    default:
      break;
    }
}

static ChancellorGame *
game_from_record (const PgnGame  *record,
                  int             number,
                  GError        **error)
{
  g_autoptr (ChancellorGame) game = NULL;
  g_autofree Position *pos = g_new (Position, 1);
  g_autoptr (GError) local_error = NULL;
  ParseError perr;

  game = chancellor_game_new (record->variant->id, record->start_fen, &local_error);
  if (!game)
    {
      g_set_error (error, CHANCELLOR_PGN_ERROR, CHANCELLOR_PGN_ERROR_BAD_FEN,
                   _("Game %d: %s"), number, local_error->message);
      return NULL;
    }
  if (!position_set_fen (pos, record->variant, record->start_fen, &perr))
    g_return_val_if_reached (NULL);

  for (int i = 0; i < record->tag_count; i++)
    if (!pgn_is_derived_tag (record->tags[i].name))
      chancellor_game_set_tag (game, record->tags[i].name, record->tags[i].value);
  chancellor_game_set_comment (game, 0, record->main.comment);

  for (int i = 0; i < record->main.count; i++)
    {
      const PgnMove *move = &record->main.moves[i];
      guint ply = (guint) i + 1;
      char san[MOVE_TEXT_MAX];

      notation_san (pos, move->move, san, sizeof san);
      if (!chancellor_game_play_text (game, san, &local_error))
        {
          g_set_error (error, CHANCELLOR_PGN_ERROR, CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE,
                       _("Game %d, move %d: %s"), number, (pos->fullmove_start + pos->ply) / 2,
                       local_error->message);
          return NULL;
        }
      chancellor_game_set_comment (game, ply, move->comment);
      chancellor_game_set_nags (game, ply, move->nags, move->nag_count);
      for (int v = 0; v < move->variation_count; v++)
        {
          g_autofree char *line = pgn_write_line (pos, &move->variations[v]);

          if (!line || !chancellor_game_add_variation (game, ply, line, &local_error))
            {
              g_set_error (error, CHANCELLOR_PGN_ERROR, CHANCELLOR_PGN_ERROR_ILLEGAL_MOVE,
                           _("Game %d, move %d: a variation cannot be kept: %s"), number,
                           (pos->fullmove_start + pos->ply) / 2,
                           local_error ? local_error->message : _("out of memory"));
              return NULL;
            }
        }
      position_make (pos, move->move);
    }
  apply_result (game, record);
  return g_steal_pointer (&game);
}

GPtrArray *
chancellor_pgn_read (const char  *text,
                     gssize       length,
                     GError     **error)
{
  g_autoptr (GPtrArray) games = NULL;
  PgnGames records;
  PgnError err;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  if (!pgn_read (text, (size_t) length, &records, &err))
    {
      set_error_from_pgn (error, &err);
      return NULL;
    }

  games = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = 0; i < records.count; i++)
    {
      ChancellorGame *game = game_from_record (&records.games[i], i + 1, error);

      if (!game)
        {
          pgn_games_clear (&records);
          return NULL;
        }
      if (records.repaired_utf8)
        g_object_set_qdata (G_OBJECT (game), repaired_quark (), GINT_TO_POINTER (TRUE));
      g_ptr_array_add (games, game);
    }
  pgn_games_clear (&records);
  return g_steal_pointer (&games);
}

gboolean
chancellor_pgn_game_was_repaired (ChancellorGame *game)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), FALSE);

  return g_object_get_qdata (G_OBJECT (game), repaired_quark ()) != NULL;
}

/* Whether text (trimmed) is one line whose first field is a FEN's board:
 * ranks split by '/', never the '-' or '.' of a result or a move number. */
static gboolean
looks_like_fen (const char *text)
{
  size_t board = strcspn (text, " \t");

  return strchr (text, '\n') == NULL && strchr (text, '[') == NULL
         && memchr (text, '/', board) != NULL && memchr (text, '-', board) == NULL
         && memchr (text, '.', board) == NULL;
}

GPtrArray *
chancellor_pgn_read_text (const char  *text,
                          const char  *variant_id,
                          GError     **error)
{
  g_autofree char *trimmed = NULL;
  g_autoptr (GError) first_error = NULL;
  GPtrArray *games;
  ChancellorGame *game;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  trimmed = g_strstrip (g_strdup (text));
  if (!looks_like_fen (trimmed))
    return chancellor_pgn_read (trimmed, -1, error);

  game = variant_id ? chancellor_game_new (variant_id, trimmed, &first_error) : NULL;
  for (guint i = 0; !game && i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);

      if (g_strcmp0 (id, variant_id) != 0)
        game = chancellor_game_new (id, trimmed, first_error ? NULL : &first_error);
    }
  if (!game)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  games = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (games, game);
  return games;
}

/* The game as an engine record; FALSE only when memory runs out. */
static gboolean
record_from_game (ChancellorGame *game,
                  PgnGame        *record)
{
  const Variant *variant = variant_by_id (chancellor_game_get_variant_id (game));
  g_autofree char *start_fen = chancellor_game_get_start_fen (game);
  g_autofree Position *pos = g_new (Position, 1);
  g_auto (GStrv) names = chancellor_game_dup_tag_names (game);
  guint n_moves = chancellor_game_get_n_moves (game);
  ParseError perr;

  pgn_game_init (record, variant);
  g_strlcpy (record->start_fen, start_fen, sizeof record->start_fen);
  if (!position_set_fen (pos, variant, start_fen, &perr))
    g_return_val_if_reached (FALSE);

  for (guint i = 0; names[i]; i++)
    if (!pgn_is_derived_tag (names[i])
        && !pgn_game_set_tag (record, names[i], chancellor_game_get_tag (game, names[i])))
      return FALSE;
  if (!pgn_set_text (&record->main.comment, chancellor_game_get_comment (game, 0)))
    return FALSE;

  for (guint ply = 1; ply <= n_moves; ply++)
    {
      g_autofree char *san = chancellor_game_get_san (game, ply);
      Move move = notation_parse_san (pos, san, &perr);
      PgnMove *added;

      g_return_val_if_fail (move != MOVE_NONE, FALSE);
      added = pgn_line_append (&record->main, move);
      if (!added || !pgn_set_text (&added->comment, chancellor_game_get_comment (game, ply)))
        return FALSE;
      added->nag_count = (uint8_t) MIN (chancellor_game_get_nags (game, ply, added->nags, PGN_NAGS_MAX),
                                        PGN_NAGS_MAX);
      for (guint v = 0; v < chancellor_game_get_n_variations (game, ply); v++)
        {
          const char *text = chancellor_game_get_variation (game, ply, v);
          PgnLine *line = pgn_move_add_variation (added);
          PgnError err;

          if (!line)
            return FALSE;
          /* Stored checked, so it reads; a line that would not is left out. */
          if (!pgn_read_line (pos, text, strlen (text), line, &err))
            g_warning ("A stored variation does not read back: %s", err.message);
        }
      position_make (pos, move);
    }

  switch (chancellor_game_get_result (game))
    {
    case CHANCELLOR_RESULT_WHITE_WINS:
      record->result = PGN_RESULT_WHITE_WINS;
      break;
    case CHANCELLOR_RESULT_BLACK_WINS:
      record->result = PGN_RESULT_BLACK_WINS;
      break;
    case CHANCELLOR_RESULT_DRAW:
      record->result = PGN_RESULT_DRAW;
      break;
    case CHANCELLOR_RESULT_NONE:
    default:
      record->result = PGN_RESULT_NONE;
    }
  if (chancellor_game_get_phase (game) == CHANCELLOR_PHASE_OVER
      && !pgn_set_text (&record->termination,
                        chancellor_game_get_reason (game) == CHANCELLOR_REASON_TIME ? "time forfeit"
                        : chancellor_game_get_reason (game) == CHANCELLOR_REASON_ABORTED ? "abandoned" : "normal"))
    return FALSE;
  return TRUE;
}

char *
chancellor_pgn_write_all (ChancellorGame **games,
                          guint            n_games)
{
  g_autofree PgnGame *records = NULL;
  char *text;
  guint made = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (games != NULL || n_games == 0, NULL);
  for (guint i = 0; i < n_games; i++)
    g_return_val_if_fail (CHANCELLOR_IS_GAME (games[i]), NULL);

  records = g_new0 (PgnGame, MAX (n_games, 1));
  for (; made < n_games && ok; made++)
    ok = record_from_game (games[made], &records[made]);
  text = ok ? pgn_write_games (records, (int) n_games) : NULL;
  for (guint i = 0; i < made; i++)
    pgn_game_clear (&records[i]);
  if (!text)
    g_error ("Out of memory writing PGN");

  /* Hand out GLib memory: the engine's text is malloc()ed. */
  {
    char *copy = g_strdup (text);
    free (text);
    return copy;
  }
}

char *
chancellor_pgn_write (ChancellorGame *game)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  return chancellor_pgn_write_all (&game, 1);
}

const char *
chancellor_pgn_nag_symbol (guint8   nag,
                           gboolean ascii)
{
  return pgn_nag_symbol (nag, ascii);
}

char *
chancellor_pgn_comment_split (const char  *comment,
                              char       **commands)
{
  GString *text = g_string_new (NULL);
  GString *kept = g_string_new (NULL);
  const char *p = comment ? comment : "";

  while (*p)
    {
      size_t length;
      const char *command = pgn_comment_find_command (p, NULL, &length);
      const char *stop = command ? command : p + strlen (p);

      for (; p < stop; p++)
        if (g_ascii_isspace (*p))
          {
            if (text->len && text->str[text->len - 1] != ' ')
              g_string_append_c (text, ' ');
          }
        else
          g_string_append_c (text, *p);
      if (!command)
        break;
      if (kept->len)
        g_string_append_c (kept, ' ');
      g_string_append_len (kept, command, (gssize) length);
      p = command + length;
    }
  while (text->len && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  if (commands)
    *commands = g_string_free (kept, kept->len == 0);
  else
    g_string_free (kept, TRUE);
  return g_string_free (text, text->len == 0);
}

char *
chancellor_pgn_comment_set_clock (const char *comment,
                                  gint64      remaining_ms)
{
  GString *text = g_string_new (NULL);
  const char *rest = comment ? comment : "";
  gint64 seconds = MAX (0, remaining_ms) / 1000;
  size_t length;
  const char *command;

  g_string_append_printf (text, "[%%clk %" G_GINT64_FORMAT ":%02d:%02d]", seconds / 3600,
                          (int) (seconds / 60 % 60), (int) (seconds % 60));
  /* The rest, without the [%clk]s it had. */
  while ((command = pgn_comment_find_command (rest, "clk", &length)))
    {
      g_autofree char *before = g_strstrip (g_strndup (rest, (gsize) (command - rest)));

      if (*before)
        g_string_append_printf (text, " %s", before);
      rest = command + length;
    }
  while (*rest == ' ')
    rest++;
  if (*rest)
    g_string_append_printf (text, " %s", rest);
  return g_string_free (text, FALSE);
}

gboolean
chancellor_pgn_comment_get_clock (const char *comment,
                                  gint64     *remaining_ms)
{
  size_t length;
  const char *command = comment ? pgn_comment_find_command (comment, "clk", &length) : NULL;
  guint hours, minutes;
  double seconds;
  char close;

  g_return_val_if_fail (remaining_ms != NULL, FALSE);

  if (!command)
    return FALSE;
  /* [%clk h:mm:ss], the seconds perhaps with a fraction ("0:04:58.3"). */
  if (sscanf (command, "[%%clk %u:%u:%lf%c", &hours, &minutes, &seconds, &close) != 4 || close != ']'
      || minutes > 59 || seconds < 0 || seconds >= 60 || hours > 999)
    return FALSE;
  *remaining_ms = ((gint64) hours * 3600 + minutes * 60) * 1000 + (gint64) (seconds * 1000);
  return TRUE;
}
