/* pgn-read.c — the PGN reader (see pgn.h for what it accepts).
 *
 * A loop over tokens with an explicit stack of open variations: one
 * Position follows the line being read, a "(" takes back the move it
 * replaces and a ")" plays it again, so nesting costs no C stack.
 */
#include "pgn-private.h"

#include "notation.h"
#include "start.h"
#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Characters of a PGN symbol: moves, move numbers, results. */
static bool is_symbol (char c)
{
  return pgn_is_alnum (c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/';
}

/* "…" in UTF-8, the ellipsis some programs write for "..." ("1… e5"). */
#define ELLIPSIS "\xe2\x80\xa6"

typedef enum {
  TOKEN_END,
  TOKEN_SYMBOL,       /* move, move number or result */
  TOKEN_DOTS,
  TOKEN_STAR,
  TOKEN_COMMENT,      /* start..end: the text inside the braces */
  TOKEN_LINE_COMMENT, /* after ';' to the end of the line */
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_NAG,          /* "$12" */
  TOKEN_SUFFIX,       /* "!?" */
  TOKEN_TAG_OPEN,
  TOKEN_BAD,
} TokenKind;

typedef struct {
  TokenKind kind;
  size_t start, end;
  int line, column;
} Token;

/* A place in the text, for messages. */
typedef struct {
  int line, column;
} Where;

/* An open variation: the line it belongs to. */
typedef struct {
  PgnLine *line;
  Where opened;
} Frame;

typedef struct {
  const char *text;
  size_t length;
  size_t at;
  int line, column;
  PgnError *err;
  int game;
  Position *pos;
  bool in_movetext;               /* pos is set up: messages give the move */
  int depth_max;                  /* nesting allowed: PGN_DEPTH_MAX, or less for a line */

  Token pushed;
  bool has_pushed;

  /* Comments being gathered for one slot (amortized: no re-copying). */
  PgnText comment;
  char **comment_slot;
} Reader;

static void advance (Reader *r, size_t n)
{
  for (size_t i = 0; i < n && r->at < r->length; i++)
    {
      char c = r->text[r->at++];
      if (c == '\n')
        {
          r->line++;
          r->column = 1;
        }
      /* Columns count characters: UTF-8 continuation bytes add none. */
      else if (((unsigned char) c & 0xc0) != 0x80)
        r->column++;
    }
}

/* Copies text for a message: printable ASCII kept, the rest as '?'. */
static void quote (const char *s, size_t n, char *out, size_t size)
{
  size_t keep = n < size - 4 ? n : size - 4;
  for (size_t i = 0; i < keep; i++)
    out[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
  strcpy (out + keep, n > keep ? "..." : "");
}

static bool reader_fail (Reader *r, Where where, PgnErrorCode code, PgnProblem problem,
                         const char *found, size_t found_length, const char *format, ...)
{
  PgnError *err = r->err;
  char what[200];
  va_list args;

  if (!err)
    return false;
  va_start (args, format);
  vsnprintf (what, sizeof what, format, args);
  va_end (args);
  err->code = code;
  err->problem = problem;
  err->line = where.line;
  err->column = where.column;
  err->game = r->game;
  err->move_number = 0;
  err->black_to_move = false;
  err->found[0] = '\0';
  if (found)
    quote (found, found_length, err->found, sizeof err->found);
  if (r->in_movetext)
    {
      err->move_number = (r->pos->fullmove_start + r->pos->ply) / 2;
      err->black_to_move = r->pos->side == BLACK;
    }
  if (r->game == 0 && where.line > 0)
    snprintf (err->message, sizeof err->message, "line %d, column %d: %s", where.line, where.column, what);
  else if (err->move_number > 0)
    snprintf (err->message, sizeof err->message, "line %d, column %d (game %d, move %d%s): %s",
              where.line, where.column, r->game, err->move_number, err->black_to_move ? "..." : "", what);
  else if (where.line > 0)
    snprintf (err->message, sizeof err->message, "line %d, column %d (game %d): %s",
              where.line, where.column, r->game, what);
  else
    snprintf (err->message, sizeof err->message, "%s", what);
  return false;
}

static Where token_where (const Token *t)
{
  return (Where) { t->line, t->column };
}

static bool out_of_memory (Reader *r, Where where)
{
  return reader_fail (r, where, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_OUT_OF_MEMORY, NULL, 0, "out of memory");
}

/* The next token; white space and % escape lines skipped.  A comment's
 * token spans its text; a tag's only its '[', for read_tag to go on. */
static Token next_token (Reader *r)
{
  Token t;

  if (r->has_pushed)
    {
      r->has_pushed = false;
      return r->pushed;
    }
  for (;;)
    {
      while (r->at < r->length && pgn_is_space (r->text[r->at]))
        advance (r, 1);
      if (r->at < r->length && r->text[r->at] == '%' && r->column == 1)
        {
          while (r->at < r->length && r->text[r->at] != '\n')
            advance (r, 1);
          continue;
        }
      break;
    }

  t = (Token) { TOKEN_END, r->at, r->at, r->line, r->column };
  if (r->at >= r->length)
    return t;

  char c = r->text[r->at];
  size_t n = 1;
  if (is_symbol (c))
    {
      t.kind = TOKEN_SYMBOL;
      while (r->at + n < r->length && is_symbol (r->text[r->at + n]))
        n++;
      /* An old promotion form, "e8(Q)": a "(" there opens no variation,
       * since a variation of one letter is none. */
      const char *p = r->text + r->at + n;
      if (pgn_is_digit (p[-1]) && r->at + n + 3 <= r->length && p[0] == '(' && pgn_is_alnum (p[1])
          && !pgn_is_digit (p[1]) && p[2] == ')')
        for (n += 3; r->at + n < r->length && is_symbol (r->text[r->at + n]);)
          n++;
    }
  else if (c == '.')
    {
      t.kind = TOKEN_DOTS;
      while (r->at + n < r->length && r->text[r->at + n] == '.')
        n++;
    }
  else if (c == '!' || c == '?')
    {
      t.kind = TOKEN_SUFFIX;
      while (r->at + n < r->length && (r->text[r->at + n] == '!' || r->text[r->at + n] == '?'))
        n++;
    }
  else if (c == '$')
    {
      t.kind = TOKEN_NAG;
      while (r->at + n < r->length && pgn_is_digit (r->text[r->at + n]))
        n++;
    }
  else if (c == '{')
    {
      const char *close = memchr (r->text + r->at, '}', r->length - r->at);
      if (!close)
        {
          t.kind = TOKEN_BAD;
          t.end = r->length;
          return t;
        }
      t.kind = TOKEN_COMMENT;
      t.start = r->at + 1;
      t.end = (size_t) (close - r->text);
      advance (r, t.end + 1 - r->at);
      return t;
    }
  else if (c == ';')
    {
      const char *eol = memchr (r->text + r->at, '\n', r->length - r->at);
      t.kind = TOKEN_LINE_COMMENT;
      t.start = r->at + 1;
      t.end = eol ? (size_t) (eol - r->text) : r->length;
      advance (r, t.end - r->at);
      return t;
    }
  else if (c == '(')
    t.kind = TOKEN_OPEN;
  else if (c == ')')
    t.kind = TOKEN_CLOSE;
  else if (c == '*')
    t.kind = TOKEN_STAR;
  else if (c == '[')
    {
      t.kind = TOKEN_TAG_OPEN;
      return t;                 /* the tag reader takes it from here */
    }
  else if ((n = pgn_nag_glyph_length (r->text + r->at, r->length - r->at)) > 0)
    t.kind = TOKEN_SUFFIX;
  else if (r->length - r->at >= strlen (ELLIPSIS) && memcmp (r->text + r->at, ELLIPSIS, strlen (ELLIPSIS)) == 0)
    {
      t.kind = TOKEN_DOTS;
      n = strlen (ELLIPSIS);
    }
  else
    {
      t.kind = TOKEN_BAD;
      n = 1;
    }
  t.end = r->at + n;
  advance (r, n);
  return t;
}

static void push_back (Reader *r, Token t)
{
  r->pushed = t;
  r->has_pushed = true;
}

/* ---- comments ---- */

/* Where comments now go: flushes those gathered for the previous slot. */
static bool comment_flush (Reader *r, Where where)
{
  if (r->comment_slot && r->comment.length > 0)
    {
      if (r->comment.failed)
        return out_of_memory (r, where);
      if (!pgn_set_text (r->comment_slot, r->comment.data))
        return out_of_memory (r, where);
    }
  r->comment.length = 0;
  r->comment_slot = NULL;
  return true;
}

static bool comment_target (Reader *r, char **slot, Where where)
{
  if (r->comment_slot == slot)
    return true;
  if (!comment_flush (r, where))
    return false;
  r->comment_slot = slot;
  /* A slot that has a comment already (set before a variation) goes on. */
  if (*slot)
    pgn_text_puts (&r->comment, *slot);
  return true;
}

/* Adds the comment text s[0..n) to the slot, white space runs as one space. */
static bool comment_add (Reader *r, const char *s, size_t n, Where where)
{
  bool space = r->comment.length > 0;

  for (size_t i = 0; i < n; i++)
    {
      char c = s[i];
      if (pgn_is_space (c) || (unsigned char) c < 0x20 || c == 0x7f)
        {
          space = r->comment.length > 0;
          continue;
        }
      if (space)
        pgn_text_putc (&r->comment, ' ');
      space = false;
      pgn_text_putc (&r->comment, c);
      if (r->comment.length > PGN_COMMENT_MAX)
        return reader_fail (r, where, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_COMMENT_TOO_LONG, NULL, 0,
                            "a comment is longer than %d bytes", PGN_COMMENT_MAX);
    }
  if (r->comment.failed)
    return out_of_memory (r, where);
  return true;
}

/* ---- tags ---- */

typedef struct {
  char name[PGN_TAG_NAME_MAX + 1];
  char *value;
  Where where;
} Tag;

static bool read_tag (Reader *r, Tag *tag)
{
  Where open = { r->line, r->column };
  size_t n;

  tag->value = NULL;
  tag->where = open;
  advance (r, 1);
  while (r->at < r->length && (r->text[r->at] == ' ' || r->text[r->at] == '\t'))
    advance (r, 1);
  for (n = 0; r->at + n < r->length && (pgn_is_alnum (r->text[r->at + n]) || r->text[r->at + n] == '_'); n++)
    ;
  if (n == 0)
    return reader_fail (r, (Where) { r->line, r->column }, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG,
                        r->text + r->at, r->at < r->length ? 1 : 0, "expected a tag name after '['");
  if (n > PGN_TAG_NAME_MAX)
    return reader_fail (r, (Where) { r->line, r->column }, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TAG_TOO_LONG,
                        r->text + r->at, n, "a tag name is longer than %d characters", PGN_TAG_NAME_MAX);
  memcpy (tag->name, r->text + r->at, n);
  tag->name[n] = '\0';
  advance (r, n);
  while (r->at < r->length && (r->text[r->at] == ' ' || r->text[r->at] == '\t'))
    advance (r, 1);
  if (r->at >= r->length || r->text[r->at] != '"')
    return reader_fail (r, (Where) { r->line, r->column }, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG,
                        r->text + r->at, r->at < r->length ? 1 : 0,
                        "expected the tag value in double quotes after [%s", tag->name);
  Where quote_at = { r->line, r->column };
  advance (r, 1);
  tag->where = (Where) { r->line, r->column };

  /* The closing '"' is the one the ']' follows.  One that is not
   * followed by it is part of the value: people leave quotes inside a
   * value unescaped ([Event "The "Big" Open"]).  When the line has no
   * closing quote, the first of those is where the tag goes wrong. */
  PgnText value = { 0 };
  bool stray = false;
  Where after_stray = { 0, 0 };
  size_t stray_next = 0;
  for (;;)
    {
      if (r->at >= r->length || r->text[r->at] == '\n' || r->text[r->at] == '\r')
        {
          pgn_text_free (&value);
          if (stray)
            return reader_fail (r, after_stray, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG,
                                r->text + stray_next, stray_next < r->length ? 1 : 0,
                                "expected ']' to close tag %s", tag->name);
          return reader_fail (r, quote_at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNTERMINATED_TAG, NULL, 0,
                              "the value of tag %s has no closing quote on its line", tag->name);
        }
      char c = r->text[r->at];
      if (c == '"')
        {
          size_t next = r->at + 1;
          while (next < r->length && (r->text[next] == ' ' || r->text[next] == '\t'))
            next++;
          if (next < r->length && r->text[next] == ']')
            break;
          if (!stray)
            {
              /* Spaces and tabs take one column each. */
              stray = true;
              stray_next = next;
              after_stray = (Where) { r->line, r->column + (int) (next - r->at) };
            }
        }
      if (c == '\\' && r->at + 1 < r->length && (r->text[r->at + 1] == '"' || r->text[r->at + 1] == '\\'))
        {
          advance (r, 1);
          c = r->text[r->at];
        }
      pgn_text_putc (&value, c);
      advance (r, 1);
      if (value.length > PGN_TAG_VALUE_MAX)
        {
          pgn_text_free (&value);
          return reader_fail (r, quote_at, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TAG_TOO_LONG, NULL, 0,
                              "the value of tag %s is longer than %d bytes", tag->name, PGN_TAG_VALUE_MAX);
        }
    }
  advance (r, 1);
  while (r->at < r->length && (r->text[r->at] == ' ' || r->text[r->at] == '\t'))
    advance (r, 1);
  if (r->at >= r->length || r->text[r->at] != ']')
    {
      pgn_text_free (&value);
      return reader_fail (r, (Where) { r->line, r->column }, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_TAG,
                          r->text + r->at, r->at < r->length ? 1 : 0,
                          "expected ']' to close tag %s", tag->name);
    }
  advance (r, 1);
  if (!pgn_text_reserve (&value, 0) || !(tag->value = pgn_text_steal (&value)))
    return out_of_memory (r, open);
  return true;
}

/* The tags the record derives, gathered until the movetext starts. */
typedef struct {
  Tag variant, fen, start_number, result, termination;
} SpecialTags;

static void special_tags_clear (SpecialTags *s)
{
  free (s->variant.value);
  free (s->fen.value);
  free (s->start_number.value);
  free (s->result.value);
  free (s->termination.value);
  *s = (SpecialTags) { 0 };
}

static bool keep_tag (Reader *r, PgnGame *game, SpecialTags *special, Tag *tag)
{
  static const struct { const char *name; size_t offset; } derived[] = {
    { "Variant", offsetof (SpecialTags, variant) },
    { "FEN", offsetof (SpecialTags, fen) },
    { PGN_TAG_START_NUMBER, offsetof (SpecialTags, start_number) },
    { "Result", offsetof (SpecialTags, result) },
    { "Termination", offsetof (SpecialTags, termination) },
  };

  if (strcasecmp (tag->name, "SetUp") == 0)
    {
      free (tag->value);
      return true;
    }
  for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
    if (strcasecmp (tag->name, derived[i].name) == 0)
      {
        Tag *slot = (Tag *) ((char *) special + derived[i].offset);
        free (slot->value);
        *slot = *tag;
        return true;
      }
  /* A roster tag's name in another case ("event"), as people type it,
   * is the roster tag: kept twice it would be written twice. */
  for (int i = 0; i < PGN_ROSTER_COUNT; i++)
    if (strcasecmp (tag->name, pgn_roster_tags[i]) == 0)
      strcpy (tag->name, pgn_roster_tags[i]);
  /* A roster tag at its "unknown" value says nothing: the writer puts it back. */
  if ((strcmp (tag->value, "?") == 0 && pgn_is_roster_tag (tag->name))
      || (strcmp (tag->value, "????.??.??") == 0 && strcmp (tag->name, "Date") == 0))
    {
      int known = pgn_tag_index (game, tag->name);
      free (tag->value);
      if (known >= 0)
        pgn_game_set_tag (game, tag->name, NULL);
      return true;
    }
  if (pgn_tag_index (game, tag->name) < 0 && game->tag_count >= PGN_TAGS_MAX)
    {
      free (tag->value);
      return reader_fail (r, tag->where, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TOO_MANY_TAGS, NULL, 0,
                          "a game has more than %d tags", PGN_TAGS_MAX);
    }
  bool kept = pgn_game_set_tag (game, tag->name, tag->value);
  free (tag->value);
  return kept || out_of_memory (r, tag->where);
}

/* Files and ranks of a FEN's board, or false when it has no board field. */
static bool fen_board_size (const char *fen, int *files, int *ranks)
{
  int file = 0;

  *files = -1;
  *ranks = 1;
  for (const char *p = fen; *p && *p != ' '; p++)
    {
      if (*p == '/')
        {
          if (*files < 0)
            *files = file;
          (*ranks)++;
          file = 0;
        }
      else if (pgn_is_digit (*p))
        {
          int run = *p - '0';
          if (pgn_is_digit (p[1]))
            run = run * 10 + *++p - '0';
          file += run;
        }
      else
        file++;
    }
  if (*files < 0)
    *files = file;
  return *fen && *fen != ' ';
}

/* Sets up the game's start from its tags, into r->pos and the record. */
static bool setup_start (Reader *r, PgnGame *game, SpecialTags *special)
{
  const Variant *variant = variant_by_id ("chess");
  ParseError perr;

  if (special->variant.value)
    {
      variant = pgn_variant_by_name (special->variant.value);
      if (!variant)
        return reader_fail (r, special->variant.where, PGN_ERROR_UNKNOWN_VARIANT, PGN_PROBLEM_UNKNOWN_VARIANT,
                            special->variant.value, strlen (special->variant.value),
                            "there is no game called \"%.40s\" here", special->variant.value);
    }
  else if (special->fen.value)
    {
      int files, ranks, matches = 0;
      if (fen_board_size (special->fen.value, &files, &ranks))
        for (int i = 0; i < variant_count (); i++)
          if (variant_at (i)->files == files && variant_at (i)->ranks == ranks)
            {
              /* Chess and the 10×10 and 9×8 boards belong to one game each. */
              if (!matches++)
                variant = variant_at (i);
            }
      if (matches > 1)
        return reader_fail (r, special->fen.where, PGN_ERROR_UNKNOWN_VARIANT, PGN_PROBLEM_AMBIGUOUS_BOARD,
                            NULL, 0, "several games are played on a %d x %d board: a Variant tag must name the game",
                            files, ranks);
      if (matches == 0)
        return reader_fail (r, special->fen.where, PGN_ERROR_BAD_FEN, PGN_PROBLEM_BAD_FEN,
                            special->fen.value, strlen (special->fen.value),
                            "the FEN does not describe the board of any game here");
    }

  game->variant = variant;
  if (special->fen.value)
    {
      if (!position_set_fen (r->pos, variant, special->fen.value, &perr))
        return reader_fail (r, special->fen.where, PGN_ERROR_BAD_FEN, PGN_PROBLEM_BAD_FEN,
                            special->fen.value, strlen (special->fen.value),
                            "the FEN cannot be read as %s: %s", variant->name, perr.message);
    }
  else
    position_set_start (r->pos, variant);
  position_get_fen (r->pos, game->start_fen, sizeof game->start_fen);

  if (special->start_number.value && variant->start != START_PRIME_MINISTERS)
    {
      /* Not ours to read: kept as any other tag. */
      bool kept = pgn_game_set_tag (game, special->start_number.name, special->start_number.value);
      return kept || out_of_memory (r, special->start_number.where);
    }
  if (special->start_number.value)
    {
      const char *s = special->start_number.value;
      size_t n = strlen (s);
      int number = 0;
      bool ok = n > 0 && n <= 4;
      for (size_t i = 0; ok && i < n; i++)
        {
          ok = pgn_is_digit (s[i]);
          number = number * 10 + s[i] - '0';
        }
      if (!ok || number >= PMRC_POSITIONS)
        return reader_fail (r, special->start_number.where, PGN_ERROR_BAD_FEN, PGN_PROBLEM_BAD_START_NUMBER,
                            s, n, "\"%.10s\" is not a start number (0 to %d)", s, PMRC_POSITIONS - 1);
      if (special->fen.value && pgn_pmrc_number (game->start_fen) != number)
        return reader_fail (r, special->start_number.where, PGN_ERROR_BAD_FEN,
                            PGN_PROBLEM_START_NUMBER_MISMATCH, s, n,
                            "start number %d does not match the FEN", number);
      if (!special->fen.value)
        {
          char fen[FEN_MAX];
          if (!pmrc_fen (number, fen, sizeof fen) || !position_set_fen (r->pos, variant, fen, &perr))
            return reader_fail (r, special->start_number.where, PGN_ERROR_BAD_FEN, PGN_PROBLEM_BAD_START_NUMBER,
                                s, n, "no start position %d", number);
          position_get_fen (r->pos, game->start_fen, sizeof game->start_fen);
        }
    }
  return true;
}

/* ---- movetext ---- */

/* The length of the UTF-8 character at s (length bytes): 2 to 4 for a
 * well-formed one of several bytes, else 1. */
static size_t utf8_length (const char *s, size_t length)
{
  unsigned char c = (unsigned char) s[0];
  size_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 1;

  if (c >= 0xf5 || n > length)
    return 1;
  for (size_t i = 1; i < n; i++)
    if (((unsigned char) s[i] & 0xc0) != 0x80)
      return 1;
  return n;
}

/* An en passant mark standing apart after an en passant capture
 * ("exd6 e.p.", "exd6 ep"), which people write and the move reader only
 * takes joined to the move: skipped, with the ".p." after an "e". */
static bool skip_en_passant_mark (Reader *r, const PgnLine *line, const char *s, size_t n)
{
  if (line->count == 0 || move_kind (line->moves[line->count - 1].move) != MOVE_EN_PASSANT || r->has_pushed)
    return false;
  if (n == 2 && memcmp (s, "ep", 2) == 0)
    return true;
  if (n != 1 || s[0] != 'e' || r->length - r->at < 3 || memcmp (r->text + r->at, ".p.", 3) != 0)
    return false;
  advance (r, 3);
  return true;
}

static void add_nag (PgnLine *line, int nag)
{
  /* A NAG before any move annotates nothing; beyond PGN_NAGS_MAX, dropped. */
  if (line->count == 0 || nag == 0)
    return;
  PgnMove *move = &line->moves[line->count - 1];
  if (move->nag_count < PGN_NAGS_MAX)
    move->nags[move->nag_count++] = (uint8_t) nag;
}

static bool read_move (Reader *r, PgnLine *line, const Token *t)
{
  const char *s = r->text + t->start;
  size_t n = t->end - t->start;
  Where at = token_where (t);
  char buf[MOVE_TEXT_MAX * 2];
  ParseError perr;

  if (n >= sizeof buf)
    return reader_fail (r, at, PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, s, n,
                        "\"%.*s...\" is not a move", 20, s);
  memcpy (buf, s, n);
  buf[n] = '\0';
  if (!position_history_has_room (r->pos, 1))
    return reader_fail (r, at, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TOO_LONG, s, n,
                        "the line is longer than %d plies", POSITION_HISTORY_MAX - 1);
  /* The null moves of ChessBase ("--") and other programs ("Z0"): a pass,
   * which none of our games allows, said as such. */
  bool null_move = strcmp (buf, "--") == 0 || strcmp (buf, "Z0") == 0;
  /* A game that a draw rule has ended takes no more moves, as in the app. */
  GameStatus ended = position_automatic_draw (r->pos);
  if (ended != STATUS_ONGOING)
    {
      reader_fail (r, at, PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_GAME_ENDED, s, n,
                   "%s comes after the game has ended (%s)", buf, status_describe (ended));
      if (r->err)
        position_get_fen (r->pos, r->err->fen, sizeof r->err->fen);
      return false;
    }
  Move move = null_move ? MOVE_NONE : notation_parse_move (r->pos, buf, &perr);
  if (move == MOVE_NONE)
    {
      char fen[FEN_MAX];
      position_get_fen (r->pos, fen, sizeof fen);
      if (null_move)
        reader_fail (r, at, PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_NULL_MOVE, s, n,
                     "%s is a null move (a pass), which is not a legal move in the position %s", buf, fen);
      else
        reader_fail (r, at, PGN_ERROR_ILLEGAL_MOVE, PGN_PROBLEM_ILLEGAL_MOVE, s, n,
                     "%s is not a legal move in the position %s (%s)", buf, fen, perr.message);
      if (r->err)
        strcpy (r->err->fen, fen);
      return false;
    }
  if (!comment_flush (r, at))
    return false;
  if (!pgn_line_append (line, move))
    return out_of_memory (r, at);
  position_make (r->pos, move);
  return true;
}

/* Reads moves into main until the result token (whole_game), the end of
 * the text, or a '[' that starts the next game (pushed back). */
static bool read_movetext (Reader *r, PgnLine *main, bool whole_game, PgnResult *result, bool *has_result)
{
  Frame stack[PGN_DEPTH_MAX];
  int depth = 0;
  PgnLine *line = main;

  for (;;)
    {
      Token t = next_token (r);
      Where at = token_where (&t);
      const char *s = r->text + t.start;
      size_t n = t.end - t.start;
      PgnResult token_result;

      switch (t.kind)
        {
        case TOKEN_END:
        case TOKEN_TAG_OPEN:
          if (t.kind == TOKEN_TAG_OPEN && !whole_game)
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, "[", 1,
                                "expected a move, found '['");
          if (depth > 0)
            return reader_fail (r, stack[depth - 1].opened, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNCLOSED_VARIATION,
                                NULL, 0, "the variation opened here has no ')'");
          if (t.kind == TOKEN_TAG_OPEN)
            push_back (r, t);
          return comment_flush (r, at);

        case TOKEN_STAR:
        case TOKEN_SYMBOL:
          if (pgn_result_from_text (s, n, &token_result))
            {
              if (!whole_game)
                return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, s, n,
                                    "expected a move, found the result %.*s", (int) n, s);
              if (depth > 0)
                return reader_fail (r, stack[depth - 1].opened, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNCLOSED_VARIATION,
                                    NULL, 0, "the variation opened here has no ')'");
              *result = token_result;
              *has_result = true;
              return comment_flush (r, at);
            }
          if (t.kind == TOKEN_STAR)
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, s, n, "unexpected '*'");
          {
            /* "+-", "=" and the like: an assessment, no move. */
            int nag = pgn_nag_from_symbol (s, n);
            if (nag > 0)
              {
                add_nag (line, nag);
                break;
              }
          }
          if (skip_en_passant_mark (r, line, s, n))
            break;
          {
            size_t digits = 0;
            while (digits < n && pgn_is_digit (s[digits]))
              digits++;
            if (digits == n)
              break;            /* a move number */
          }
          if (!read_move (r, line, &t))
            return false;
          break;

        case TOKEN_DOTS:
          break;

        case TOKEN_SUFFIX:
          {
            int nag = pgn_nag_from_symbol (s, n);
            if (nag < 0)
              return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_NAG, s, n,
                                  "\"%.*s\" is not a move annotation (! ? !! ?? !? ?!)",
                                  (int) (n < 8 ? n : 8), s);
            add_nag (line, nag);
          }
          break;

        case TOKEN_NAG:
          {
            int nag = 0;
            for (size_t i = 1; i < n && i < 5; i++)
              nag = nag * 10 + s[i] - '0';
            if (n < 2 || n > 4 || nag > 255)
              return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_BAD_NAG, s, n,
                                  "expected a number from 1 to 255 after '$'");
            add_nag (line, nag);
          }
          break;

        case TOKEN_COMMENT:
        case TOKEN_LINE_COMMENT:
          {
            char **slot = line->count ? &line->moves[line->count - 1].comment : &line->comment;
            if (!comment_target (r, slot, at) || !comment_add (r, s, n, at))
              return false;
          }
          break;

        case TOKEN_OPEN:
          {
            if (line->count == 0)
              return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_VARIATION_WITHOUT_MOVE, "(", 1,
                                  "a variation must follow the move it replaces");
            if (depth >= r->depth_max)
              return reader_fail (r, at, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TOO_DEEP, "(", 1,
                                  "variations are nested more than %d deep", r->depth_max);
            if (!comment_flush (r, at))
              return false;
            PgnMove *last = &line->moves[line->count - 1];
            if (last->variation_count >= PGN_VARIATIONS_MAX)
              return reader_fail (r, at, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TOO_MANY_VARIATIONS, "(", 1,
                                  "a move has more than %d variations", PGN_VARIATIONS_MAX);
            PgnLine *variation = pgn_move_add_variation (last);
            if (!variation)
              return out_of_memory (r, at);
            stack[depth++] = (Frame) { line, at };
            position_unmake (r->pos);
            line = variation;
          }
          break;

        case TOKEN_CLOSE:
          if (depth == 0)
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_STRAY_PARENTHESIS, ")", 1,
                                "')' closes no variation");
          if (line->count == 0)
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_VARIATION_WITHOUT_MOVE, ")", 1,
                                "a variation must hold at least one move");
          if (!comment_flush (r, at))
            return false;
          for (int i = 0; i < line->count; i++)
            position_unmake (r->pos);
          line = stack[--depth].line;
          position_make (r->pos, line->moves[line->count - 1].move);
          break;

        case TOKEN_BAD:
        default:
          if (r->text[t.start] == '{')
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNTERMINATED_COMMENT, NULL, 0,
                                "the comment opened here has no '}'");
          {
            char shown[16];
            unsigned char c = (unsigned char) r->text[t.start];
            size_t length = utf8_length (r->text + t.start, r->length - t.start);
            if (c >= 0x20 && c < 0x7f)
              snprintf (shown, sizeof shown, "'%c'", c);
            else if (length > 1)
              /* A character the reader does not know: shown as itself
               * ("found '½'"), which says more than its first byte. */
              snprintf (shown, sizeof shown, "'%.*s'", (int) length, r->text + t.start);
            else
              snprintf (shown, sizeof shown, "byte %02X", c);
            return reader_fail (r, at, PGN_ERROR_SYNTAX, PGN_PROBLEM_UNEXPECTED, s, 1,
                                "expected a move, found %s", shown);
          }
        }
    }
}

/* Comments after the result token and before the next game's tags or
 * the end ("1-0 {White wins on time}"), as some programs write them: the
 * game's own last comment, not a game of their own.  Comments that a
 * move follows instead start a game without tags, and are left to it. */
static bool read_trailing_comments (Reader *r, PgnGame *game)
{
  size_t at = r->at;
  int line = r->line, column = r->column;
  bool any = false;
  Token t;

  if (r->has_pushed)
    return true;
  while ((t = next_token (r)).kind == TOKEN_COMMENT || t.kind == TOKEN_LINE_COMMENT)
    any = true;
  r->at = at;
  r->line = line;
  r->column = column;
  if (!any || (t.kind != TOKEN_TAG_OPEN && t.kind != TOKEN_END))
    return true;

  PgnLine *main = &game->main;
  char **slot = main->count ? &main->moves[main->count - 1].comment : &main->comment;
  while ((t = next_token (r)).kind == TOKEN_COMMENT || t.kind == TOKEN_LINE_COMMENT)
    if (!comment_target (r, slot, token_where (&t))
        || !comment_add (r, r->text + t.start, t.end - t.start, token_where (&t)))
      return false;
  push_back (r, t);
  return comment_flush (r, token_where (&t));
}

static bool read_game (Reader *r, PgnGame *game)
{
  SpecialTags special = { 0 };
  PgnResult result = PGN_RESULT_NONE;
  bool has_result = false;
  bool ok = true;
  Token t;

  r->in_movetext = false;
  while (ok && (t = next_token (r)).kind == TOKEN_TAG_OPEN)
    {
      Tag tag;
      ok = read_tag (r, &tag) && keep_tag (r, game, &special, &tag);
    }
  if (ok)
    {
      push_back (r, t);
      ok = setup_start (r, game, &special);
    }
  if (ok)
    {
      r->in_movetext = true;
      ok = read_movetext (r, &game->main, true, &result, &has_result)
           && (!has_result || read_trailing_comments (r, game));
    }
  if (ok)
    {
      if (!has_result && special.result.value)
        pgn_result_from_text (special.result.value, strlen (special.result.value), &result);
      game->result = result;
      if (special.termination.value && *special.termination.value)
        {
          game->termination = special.termination.value;
          special.termination.value = NULL;
        }
    }
  special_tags_clear (&special);
  r->in_movetext = false;
  return ok;
}

static void reader_init (Reader *r, const char *text, size_t length, PgnError *err)
{
  *r = (Reader) { .text = text, .length = length, .line = 1, .column = 1, .err = err,
                  .depth_max = PGN_DEPTH_MAX };
  if (err)
    *err = (PgnError) { 0 };
}

/* The length of the well-formed UTF-8 character at s (RFC 3629: no
 * overlong forms, surrogates or code points past U+10FFFF), or 0. */
static size_t utf8_valid_length (const unsigned char *s, size_t length)
{
  unsigned char c = s[0];
  size_t n = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;

  if (n == 0 || n > length)
    return 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) || (c == 0xf0 && s[1] < 0x90)
      || (c == 0xf4 && s[1] >= 0x90))
    return 0;
  return n;
}

/* A copy of text with each byte that is not UTF-8 replaced by U+FFFD, or
 * NULL (with *invalid false) when the text is UTF-8 already or on no
 * memory (*invalid true). */
static char *utf8_repaired (const char *text, size_t length, size_t *repaired_length, bool *invalid)
{
  const unsigned char *s = (const unsigned char *) text;
  size_t at = 0, n = 0;
  char *copy;

  while (at < length && (n = utf8_valid_length (s + at, length - at)) > 0)
    at += n;
  *invalid = at < length;
  if (!*invalid || length > SIZE_MAX / 3 || !(copy = malloc (length * 3)))
    return NULL;
  memcpy (copy, text, at);
  *repaired_length = at;
  while (at < length)
    {
      n = utf8_valid_length (s + at, length - at);
      if (n == 0)
        {
          memcpy (copy + *repaired_length, "\xef\xbf\xbd", 3);
          *repaired_length += 3;
          at++;
          continue;
        }
      memcpy (copy + *repaired_length, s + at, n);
      *repaired_length += n;
      at += n;
    }
  return copy;
}

static bool read_games (const char *text, size_t length, PgnGames *games, PgnError *err);

/* Text that is not UTF-8 is read with U+FFFD for each bad byte, so that no
 * tag or comment hands on a broken string; the games say so once. */
bool pgn_read (const char *text, size_t length, PgnGames *games, PgnError *err)
{
  size_t repaired_length = 0;
  bool invalid = false;
  char *repaired = text && length <= PGN_INPUT_MAX ? utf8_repaired (text, length, &repaired_length, &invalid) : NULL;
  bool ok;

  if (invalid && !repaired)
    {
      *games = (PgnGames) { 0 };
      Reader r;
      reader_init (&r, text, length, err);
      return out_of_memory (&r, (Where) { 0, 0 });
    }
  ok = read_games (repaired ? repaired : text, repaired ? repaired_length : length, games, err);
  games->repaired_utf8 = ok && invalid;
  free (repaired);
  return ok;
}

/* Whether a word the reader refused could be meant as a move: a square
 * has a digit, castling starts with O- or 0-, a pass is "--". */
static bool looks_like_move (const char *word)
{
  return strpbrk (word, "0123456789") != NULL || strncmp (word, "O-", 2) == 0 || strncmp (word, "--", 2) == 0;
}

/* A text whose very first word is neither a tag, a move number, a comment
 * nor anything like a move ("hello") is not PGN at all: said so, rather
 * than as an illegal first move. */
static void say_if_not_pgn (Reader *r, Where first)
{
  PgnError *err = r->err;

  if (!err || r->game != 1 || err->line != first.line || err->column != first.column
      || (err->problem != PGN_PROBLEM_ILLEGAL_MOVE && err->problem != PGN_PROBLEM_UNEXPECTED)
      || looks_like_move (err->found))
    return;
  err->code = PGN_ERROR_NO_GAME;
  err->problem = PGN_PROBLEM_NOT_PGN;
  err->game = 0;
  err->move_number = 0;
  err->black_to_move = false;
  err->fen[0] = '\0';
  snprintf (err->message, sizeof err->message,
            "line %d, column %d: no PGN tags or moves found (the text starts with \"%s\")",
            first.line, first.column, err->found);
}

static bool read_games (const char *text, size_t length, PgnGames *games, PgnError *err)
{
  Reader r;
  bool ok = true;
  Where first = { 0, 0 };

  *games = (PgnGames) { 0 };
  reader_init (&r, text, length, err);
  if (length > PGN_INPUT_MAX)
    return reader_fail (&r, (Where) { 0, 0 }, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_INPUT_TOO_LARGE, NULL, 0,
                        "the text is larger than %zu MiB", PGN_INPUT_MAX >> 20);
  if (!text)
    length = r.length = 0;
  r.pos = malloc (sizeof *r.pos);
  if (!r.pos)
    return out_of_memory (&r, (Where) { 0, 0 });
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    r.at = 3;

  for (;;)
    {
      Token t = next_token (&r);
      if (t.kind == TOKEN_END)
        break;
      push_back (&r, t);
      if (games->count == 0)
        first = token_where (&t);
      if (games->count >= PGN_GAMES_MAX)
        {
          ok = reader_fail (&r, token_where (&t), PGN_ERROR_TOO_LARGE, PGN_PROBLEM_TOO_MANY_GAMES, NULL, 0,
                            "the text holds more than %d games", PGN_GAMES_MAX);
          break;
        }
      if (games->count == games->capacity)
        {
          int capacity = games->capacity ? games->capacity * 2 : 4;
          PgnGame *grown = realloc (games->games, (size_t) capacity * sizeof *grown);
          if (!grown)
            {
              ok = out_of_memory (&r, token_where (&t));
              break;
            }
          games->games = grown;
          games->capacity = capacity;
        }
      PgnGame *game = &games->games[games->count++];
      *game = (PgnGame) { 0 };
      r.game = games->count;
      if (!(ok = read_game (&r, game)))
        {
          say_if_not_pgn (&r, first);
          break;
        }
    }
  if (ok && games->count == 0)
    ok = reader_fail (&r, (Where) { 0, 0 }, PGN_ERROR_NO_GAME, PGN_PROBLEM_NO_GAME, NULL, 0,
                      "there is no game in the text");
  free (r.pos);
  pgn_text_free (&r.comment);
  if (!ok)
    pgn_games_clear (games);
  return ok;
}

bool pgn_read_line (const Position *pos, const char *text, size_t length, PgnLine *line, PgnError *err)
{
  Reader r;
  PgnResult result;
  bool has_result = false, ok;

  *line = (PgnLine) { 0 };
  reader_init (&r, text, text ? length : 0, err);
  if (length > PGN_INPUT_MAX)
    return reader_fail (&r, (Where) { 0, 0 }, PGN_ERROR_TOO_LARGE, PGN_PROBLEM_INPUT_TOO_LARGE, NULL, 0,
                        "the text is larger than %zu MiB", PGN_INPUT_MAX >> 20);
  r.pos = malloc (sizeof *r.pos);
  if (!r.pos)
    return out_of_memory (&r, (Where) { 0, 0 });
  position_copy (r.pos, pos);
  r.in_movetext = true;
  /* The line is itself a variation once it is in a game. */
  r.depth_max = PGN_DEPTH_MAX - 1;
  ok = read_movetext (&r, line, false, &result, &has_result);
  if (ok && line->count == 0)
    ok = reader_fail (&r, (Where) { r.line, r.column }, PGN_ERROR_SYNTAX, PGN_PROBLEM_VARIATION_WITHOUT_MOVE,
                      NULL, 0, "a line must hold at least one move");
  free (r.pos);
  pgn_text_free (&r.comment);
  if (!ok)
    pgn_line_clear (line);
  return ok;
}
