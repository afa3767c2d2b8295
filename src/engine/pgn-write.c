/* pgn-write.c — the PGN writer: canonical text, tokens laid out greedily
 * in PGN_LINE_WIDTH columns (see pgn.h).
 */
#include "pgn-private.h"

#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  PgnText out;
  Position *pos;
  int width;                      /* 0: one text line */
  size_t column;
  PgnText token;                     /* the token being built, laid out when the next starts */
  bool open_pending;              /* "(" goes before the next token */
  bool failed;                    /* an illegal move in the record */
} Writer;

static void writer_flush_token (Writer *w)
{
  if (w->token.length == 0)
    return;
  if (w->column > 0 && w->width > 0 && w->column + 1 + w->token.length > (size_t) w->width)
    {
      pgn_text_putc (&w->out, '\n');
      w->column = 0;
    }
  else if (w->column > 0)
    {
      pgn_text_putc (&w->out, ' ');
      w->column++;
    }
  pgn_text_append (&w->out, w->token.data, w->token.length);
  w->column += w->token.length;
  w->token.length = 0;
  w->out.failed |= w->token.failed;
}

static void writer_token (Writer *w, const char *s, size_t n)
{
  writer_flush_token (w);
  if (w->open_pending)
    pgn_text_putc (&w->token, '(');
  w->open_pending = false;
  pgn_text_append (&w->token, s, n);
}

static void writer_comment (Writer *w, const char *comment)
{
  const char *p = comment;
  bool first = true;
  size_t kept = 0;                /* as the reader counts: words and single spaces */

  while (*p)
    {
      while (*p && (pgn_is_space (*p) || (unsigned char) *p < 0x20))
        p++;
      if (!*p)
        break;
      const char *start = p;
      while (*p && !pgn_is_space (*p) && (unsigned char) *p >= 0x20)
        p++;
      /* What the reader would not take is cut (PGN_COMMENT_MAX). */
      size_t n = (size_t) (p - start);
      if (kept + !first + n > PGN_COMMENT_MAX)
        break;
      kept += !first + n;
      writer_token (w, first ? "{" : "", first ? 1 : 0);
      /* A '}' would end the comment: written as ')'. */
      for (const char *q = start; q < p; q++)
        pgn_text_putc (&w->token, *q == '}' ? ')' : *q);
      first = false;
    }
  if (!first)
    pgn_text_putc (&w->token, '}');
}

static int move_number (const Position *pos)
{
  return (pos->fullmove_start + pos->ply) / 2;
}

/* Writes a line from w->pos and leaves w->pos as it was.  Recursion is as
 * deep as the record's variations (PGN_DEPTH_MAX for what was read). */
static void write_line (Writer *w, const PgnLine *line)
{
  bool number_due = true;
  int made = 0;
  char buf[MOVE_TEXT_MAX + 16];

  if (line->comment)
    writer_comment (w, line->comment);
  for (int i = 0; i < line->count && !w->failed; i++)
    {
      const PgnMove *m = &line->moves[i];

      if (!position_history_has_room (w->pos, 1) || !movegen_is_legal (w->pos, m->move))
        {
          w->failed = true;
          break;
        }
      if (w->pos->side == WHITE)
        snprintf (buf, sizeof buf, "%d.", move_number (w->pos));
      else
        snprintf (buf, sizeof buf, "%d...", move_number (w->pos));
      if (w->pos->side == WHITE || number_due)
        writer_token (w, buf, strlen (buf));
      notation_san (w->pos, m->move, buf, sizeof buf);
      writer_token (w, buf, strlen (buf));
      for (int n = 0; n < m->nag_count; n++)
        {
          snprintf (buf, sizeof buf, "$%d", m->nags[n]);
          writer_token (w, buf, strlen (buf));
        }
      if (m->comment)
        writer_comment (w, m->comment);
      for (int v = 0; v < m->variation_count && !w->failed; v++)
        {
          if (m->variations[v].count == 0)
            continue;
          writer_flush_token (w);
          w->open_pending = true;
          write_line (w, &m->variations[v]);
          pgn_text_putc (&w->token, ')');
        }
      number_due = (m->comment && *m->comment) || m->variation_count > 0;
      position_make (w->pos, m->move);
      made++;
    }
  while (made-- > 0)
    position_unmake (w->pos);
}

static bool writer_start (Writer *w, const Variant *variant, const char *fen, int width)
{
  ParseError perr;

  *w = (Writer) { .width = width };
  w->pos = malloc (sizeof *w->pos);
  if (!w->pos)
    return false;
  if (!position_set_fen (w->pos, variant, fen, &perr))
    {
      free (w->pos);
      return false;
    }
  return true;
}

static char *writer_finish (Writer *w)
{
  writer_flush_token (w);
  free (w->pos);
  pgn_text_free (&w->token);
  if (w->failed)
    {
      pgn_text_free (&w->out);
      return NULL;
    }
  return pgn_text_steal (&w->out);
}

static void write_tag (PgnText *out, const char *name, const char *value)
{
  size_t length = strlen (value);

  /* Longer values are cut, at a character's start, to what the reader takes. */
  if (length > PGN_TAG_VALUE_MAX)
    {
      length = PGN_TAG_VALUE_MAX;
      while (length > 0 && ((unsigned char) value[length] & 0xc0) == 0x80)
        length--;
    }
  pgn_text_putc (out, '[');
  pgn_text_puts (out, name);
  pgn_text_puts (out, " \"");
  for (const char *p = value; p < value + length; p++)
    {
      if (*p == '"' || *p == '\\')
        pgn_text_putc (out, '\\');
      pgn_text_putc (out, (unsigned char) *p < 0x20 ? ' ' : *p);
    }
  pgn_text_puts (out, "\"]\n");
}

static void write_game (PgnText *out, const PgnGame *game, bool *failed)
{
  const Variant *v = game->variant;
  Writer w;

  for (size_t i = 0; i < sizeof pgn_roster_tags / sizeof pgn_roster_tags[0]; i++)
    {
      const char *value = pgn_game_get_tag (game, pgn_roster_tags[i]);
      write_tag (out, pgn_roster_tags[i], value ? value : i == 2 ? "????.??.??" : "?");
    }
  write_tag (out, "Result", pgn_result_string (game->result));
  if (strcmp (v->id, "chess") != 0)
    write_tag (out, "Variant", v->id);

  if (v->start != START_FIXED || strcmp (v->start_fen, game->start_fen) != 0)
    {
      write_tag (out, "SetUp", "1");
      write_tag (out, "FEN", game->start_fen);
      int number = v->start == START_PRIME_MINISTERS ? pgn_pmrc_number (game->start_fen) : -1;
      if (number >= 0)
        {
          char buf[16];
          snprintf (buf, sizeof buf, "%d", number);
          write_tag (out, PGN_TAG_START_NUMBER, buf);
        }
    }
  /* A record built by a program may hold what a PGN tag cannot: such
   * names, and tags beyond the reader's limit, are left out. */
  int others = 0;
  for (int i = 0; i < game->tag_count; i++)
    if (!pgn_is_roster_tag (game->tags[i].name) && !pgn_is_derived_tag (game->tags[i].name)
        && pgn_is_tag_name (game->tags[i].name) && others++ < PGN_TAGS_MAX - 6)
      write_tag (out, game->tags[i].name, game->tags[i].value);
  if (game->termination)
    write_tag (out, "Termination", game->termination);
  pgn_text_putc (out, '\n');

  if (!writer_start (&w, v, game->start_fen, PGN_LINE_WIDTH))
    {
      *failed = true;
      return;
    }
  write_line (&w, &game->main);
  const char *result = pgn_result_string (game->result);
  writer_token (&w, result, strlen (result));
  char *movetext = writer_finish (&w);
  if (!movetext)
    {
      *failed = true;
      return;
    }
  pgn_text_puts (out, movetext);
  pgn_text_putc (out, '\n');
  free (movetext);
}

char *pgn_write_games (const PgnGame *games, int count)
{
  PgnText out = { 0 };
  bool failed = false;

  for (int i = 0; i < count && !failed; i++)
    {
      if (i > 0)
        pgn_text_putc (&out, '\n');
      write_game (&out, &games[i], &failed);
    }
  if (failed)
    {
      pgn_text_free (&out);
      return NULL;
    }
  return pgn_text_steal (&out);
}

char *pgn_write_game (const PgnGame *game)
{
  return pgn_write_games (game, 1);
}

char *pgn_write_line (const Position *pos, const PgnLine *line)
{
  Writer w = { .width = 0 };

  w.pos = malloc (sizeof *w.pos);
  if (!w.pos)
    return NULL;
  position_copy (w.pos, pos);
  write_line (&w, line);
  return writer_finish (&w);
}
