/* pgn.c — PGN records: building and freeing them, the names of games
 * and results, and the text buffer the reader and writer share (see
 * pgn.h for the conventions; pgn-read.c reads, pgn-write.c writes).
 */
#include "pgn-private.h"

#include "start.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- growable text ---------------------------------------------------- */

bool pgn_text_reserve (PgnText *t, size_t more)
{
  if (t->failed)
    return false;
  if (t->length + more + 1 <= t->capacity)
    return true;
  size_t capacity = t->capacity ? t->capacity : 256;
  while (capacity < t->length + more + 1)
    capacity *= 2;
  char *data = realloc (t->data, capacity);
  if (!data)
    {
      t->failed = true;
      return false;
    }
  t->data = data;
  t->capacity = capacity;
  return true;
}

void pgn_text_append (PgnText *t, const char *s, size_t n)
{
  if (!pgn_text_reserve (t, n))
    return;
  memcpy (t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = '\0';
}

void pgn_text_puts (PgnText *t, const char *s)
{
  pgn_text_append (t, s, strlen (s));
}

void pgn_text_putc (PgnText *t, char c)
{
  pgn_text_append (t, &c, 1);
}

void pgn_text_free (PgnText *t)
{
  free (t->data);
  *t = (PgnText) { 0 };
}

char *pgn_text_steal (PgnText *t)
{
  if (t->failed)
    {
      pgn_text_free (t);
      return NULL;
    }
  if (!t->data && !pgn_text_reserve (t, 0))
    return NULL;
  t->data[t->length] = '\0';
  char *data = t->data;
  *t = (PgnText) { 0 };
  return data;
}

static char *copy_string (const char *s, size_t n)
{
  char *copy = malloc (n + 1);
  if (copy)
    {
      memcpy (copy, s, n);
      copy[n] = '\0';
    }
  return copy;
}

/* ---- records ---------------------------------------------------------- */

void pgn_line_clear (PgnLine *line)
{
  for (int i = 0; i < line->count; i++)
    {
      PgnMove *move = &line->moves[i];
      free (move->comment);
      for (int v = 0; v < move->variation_count; v++)
        pgn_line_clear (&move->variations[v]);
      free (move->variations);
    }
  free (line->moves);
  free (line->comment);
  *line = (PgnLine) { 0 };
}

void pgn_game_init (PgnGame *game, const Variant *variant)
{
  *game = (PgnGame) { .variant = variant };
  /* The game's start FEN is written as position_get_fen writes it (the
   * FEN test checks this for every game). */
  snprintf (game->start_fen, sizeof game->start_fen, "%s", variant->start_fen);
}

void pgn_game_clear (PgnGame *game)
{
  for (int i = 0; i < game->tag_count; i++)
    {
      free (game->tags[i].name);
      free (game->tags[i].value);
    }
  free (game->tags);
  free (game->termination);
  pgn_line_clear (&game->main);
  *game = (PgnGame) { 0 };
}

void pgn_games_clear (PgnGames *games)
{
  for (int i = 0; i < games->count; i++)
    pgn_game_clear (&games->games[i]);
  free (games->games);
  *games = (PgnGames) { 0 };
}

PgnMove *pgn_line_append (PgnLine *line, Move move)
{
  if (line->count == line->capacity)
    {
      int capacity = line->capacity ? line->capacity * 2 : 8;
      PgnMove *moves = realloc (line->moves, (size_t) capacity * sizeof *moves);
      if (!moves)
        return NULL;
      line->moves = moves;
      line->capacity = capacity;
    }
  PgnMove *added = &line->moves[line->count++];
  *added = (PgnMove) { .move = move };
  return added;
}

PgnLine *pgn_move_add_variation (PgnMove *move)
{
  if (move->variation_count >= PGN_VARIATIONS_MAX)
    return NULL;
  PgnLine *lines = realloc (move->variations, (size_t) (move->variation_count + 1) * sizeof *lines);
  if (!lines)
    return NULL;
  move->variations = lines;
  lines[move->variation_count] = (PgnLine) { 0 };
  return &lines[move->variation_count++];
}

bool pgn_set_text (char **slot, const char *text)
{
  char *copy = NULL;

  if (text && *text && !(copy = copy_string (text, strlen (text))))
    return false;
  free (*slot);
  *slot = copy;
  return true;
}

int pgn_tag_index (const PgnGame *game, const char *name)
{
  for (int i = 0; i < game->tag_count; i++)
    if (strcmp (game->tags[i].name, name) == 0)
      return i;
  return -1;
}

const char *pgn_game_get_tag (const PgnGame *game, const char *name)
{
  int i = pgn_tag_index (game, name);
  return i < 0 ? NULL : game->tags[i].value;
}

bool pgn_game_set_tag (PgnGame *game, const char *name, const char *value)
{
  int i = pgn_tag_index (game, name);

  if (!value)
    {
      if (i >= 0)
        {
          free (game->tags[i].name);
          free (game->tags[i].value);
          memmove (&game->tags[i], &game->tags[i + 1], (size_t) (game->tag_count - i - 1) * sizeof *game->tags);
          game->tag_count--;
        }
      return true;
    }
  char *copy = copy_string (value, strlen (value));
  if (!copy)
    return false;
  if (i >= 0)
    {
      free (game->tags[i].value);
      game->tags[i].value = copy;
      return true;
    }
  if (game->tag_count == game->tag_capacity)
    {
      int capacity = game->tag_capacity ? game->tag_capacity * 2 : 8;
      PgnTag *tags = realloc (game->tags, (size_t) capacity * sizeof *tags);
      if (!tags)
        {
          free (copy);
          return false;
        }
      game->tags = tags;
      game->tag_capacity = capacity;
    }
  char *name_copy = copy_string (name, strlen (name));
  if (!name_copy)
    {
      free (copy);
      return false;
    }
  game->tags[game->tag_count++] = (PgnTag) { name_copy, copy };
  return true;
}

const char *pgn_result_string (PgnResult result)
{
  switch (result)
    {
    case PGN_RESULT_WHITE_WINS:
      return "1-0";
    case PGN_RESULT_BLACK_WINS:
      return "0-1";
    case PGN_RESULT_DRAW:
      return "1/2-1/2";
    case PGN_RESULT_NONE:
    default:
      return "*";
    }
}

/* A game name made comparable: lower case, spaces and underscores as
 * hyphens, apostrophes, commas and parentheses dropped. */
static void normalize_name (const char *name, char *out, size_t size)
{
  size_t n = 0;

  for (; *name && n + 1 < size; name++)
    {
      char c = *name;
      if (c == '\'' || c == ',' || c == '(' || c == ')')
        continue;
      if (c == ' ' || c == '_')
        c = '-';
      else if (c >= 'A' && c <= 'Z')
        c = (char) (c - 'A' + 'a');
      if (c == '-' && (n == 0 || out[n - 1] == '-'))
        continue;
      out[n++] = c;
    }
  while (n > 0 && out[n - 1] == '-')
    n--;
  out[n] = '\0';
}

const Variant *pgn_variant_by_name (const char *name)
{
  /* Other programs' names that mean exactly one of our games. */
  static const char *const aliases[][2] = {
    { "standard", "chess" },
    { "normal", "chess" },
    { "orthodox", "chess" },
    { "orthodox-chess", "chess" },
    { "standard-chess", "chess" },
    /* lichess's name for a chess game from a set-up position (with a FEN). */
    { "from-position", "chess" },
    { "carrera", "carrera" },
    { "pmrc", "prime-ministers-random" },
    /* doc/rules.md's names of the two Ajax-Capablanca setups. */
    { "ajax-capablanca-chess-ministers-setup", "ajax-capablanca-ministers" },
    { "ajax-capablanca-chess-capablanca-setup", "ajax-capablanca" },
  };
  char normal[64], other[64];

  if (!name || strlen (name) >= sizeof normal)
    return NULL;
  normalize_name (name, normal, sizeof normal);
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strcmp (normal, aliases[i][0]) == 0)
      return variant_by_id (aliases[i][1]);
  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      if (strcmp (normal, v->id) == 0)
        return v;
      normalize_name (v->name, other, sizeof other);
      if (strcmp (normal, other) == 0)
        return v;
    }
  return NULL;
}

int pgn_pmrc_number (const char *fen)
{
  char array[FILES_MAX + 1], expected[FEN_MAX];
  const char *first_rank = strrchr (fen, '/');

  if (!first_rank)
    return -1;
  first_rank++;
  size_t length = strcspn (first_rank, " ");
  if (length >= sizeof array)
    return -1;
  memcpy (array, first_rank, length);
  array[length] = '\0';
  int number = pmrc_number (array);
  if (number < 0 || !pmrc_fen (number, expected, sizeof expected) || strcmp (expected, fen) != 0)
    return -1;
  return number;
}

/* ---- shared with the reader and the writer ---------------------------- */

const char *const pgn_roster_tags[PGN_ROSTER_COUNT] = { "Event", "Site", "Date", "Round", "White", "Black" };

bool pgn_is_roster_tag (const char *name)
{
  for (size_t i = 0; i < sizeof pgn_roster_tags / sizeof pgn_roster_tags[0]; i++)
    if (strcmp (name, pgn_roster_tags[i]) == 0)
      return true;
  return false;
}

/* The tags a record derives (see pgn.h). */
bool pgn_is_derived_tag (const char *name)
{
  static const char *const derived[] = { "Result", "Variant", "SetUp", "FEN", PGN_TAG_START_NUMBER, "Termination" };

  for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
    if (strcasecmp (name, derived[i]) == 0)
      return true;
  return false;
}

/* A name the reader takes: letters, digits and '_', at most PGN_TAG_NAME_MAX. */
bool pgn_is_tag_name (const char *name)
{
  size_t n = 0;

  for (; name[n]; n++)
    if (!pgn_is_alnum (name[n]) && name[n] != '_')
      return false;
  return n > 0 && n <= PGN_TAG_NAME_MAX;
}

bool pgn_result_from_text (const char *s, size_t n, PgnResult *result)
{
  static const PgnResult results[] = { PGN_RESULT_WHITE_WINS, PGN_RESULT_BLACK_WINS, PGN_RESULT_DRAW, PGN_RESULT_NONE };

  for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
    {
      const char *name = pgn_result_string (results[i]);
      if (strlen (name) == n && memcmp (name, s, n) == 0)
        {
          *result = results[i];
          return true;
        }
    }
  return false;
}

/* NAGs as symbols.  The first spelling of a NAG is the one shown; the
 * reader takes every spelling marked read: the move suffixes, and the
 * position assessments that ChessBase, lichess, books and people type
 * ("+-", "+/=", "=") or print as glyphs (±, ∓, ⩲, ⩱, ∞, □).  The writer
 * writes them all as "$n". */
static const struct {
  const char *text;
  int nag;
  bool read;
} nag_spellings[] = {
  { "!", 1, true }, { "?", 2, true }, { "!!", 3, true }, { "??", 4, true }, { "!?", 5, true },
  { "?!", 6, true },
  { "\xe2\x96\xa1", 7, true },                                     /* □ the only move */
  { "=", 10, true },
  { "\xe2\x88\x9e", 13, true },                                    /* ∞ unclear */
  { "\xe2\xa9\xb2", 14, true }, { "+=", 14, true }, { "+/=", 14, true },  /* ⩲ */
  { "\xe2\xa9\xb1", 15, true }, { "=+", 15, true }, { "=/+", 15, true },  /* ⩱ */
  { "\xc2\xb1", 16, true }, { "+/-", 16, true },                    /* ± */
  { "\xe2\x88\x93", 17, true }, { "-/+", 17, true },               /* ∓ */
  { "+\xe2\x88\x92", 18, false }, { "+-", 18, true },              /* +− with a minus sign */
  { "\xe2\x88\x92+", 19, false }, { "-+", 19, true },              /* −+ */
};

const char *pgn_nag_symbol (int nag, bool ascii)
{
  for (size_t i = 0; i < sizeof nag_spellings / sizeof nag_spellings[0]; i++)
    {
      const char *text = nag_spellings[i].text;
      bool plain = true;

      for (size_t k = 0; text[k]; k++)
        plain &= (unsigned char) text[k] < 0x80;
      if (nag_spellings[i].nag == nag && (plain || !ascii))
        return text;
    }
  return NULL;
}

int pgn_nag_from_symbol (const char *s, size_t n)
{
  for (size_t i = 0; i < sizeof nag_spellings / sizeof nag_spellings[0]; i++)
    if (nag_spellings[i].read && strlen (nag_spellings[i].text) == n && memcmp (nag_spellings[i].text, s, n) == 0)
      return nag_spellings[i].nag;
  return -1;
}

size_t pgn_nag_glyph_length (const char *s, size_t length)
{
  for (size_t i = 0; i < sizeof nag_spellings / sizeof nag_spellings[0]; i++)
    {
      const char *text = nag_spellings[i].text;
      size_t n = strlen (text);

      if (nag_spellings[i].read && (unsigned char) text[0] >= 0x80 && n <= length && memcmp (text, s, n) == 0)
        return n;
    }
  return 0;
}

const char *pgn_comment_find_command (const char *text, const char *name, size_t *length)
{
  const char *start = text;
  size_t name_length = name ? strlen (name) : 0;

  while ((start = strstr (start, "[%")) != NULL)
    {
      const char *end;

      if (name && strncmp (start + 2, name, name_length) != 0)
        {
          start += 2;
          continue;
        }
      end = strchr (start, ']');
      *length = end ? (size_t) (end - start) + 1 : strlen (start);
      return start;
    }
  return NULL;
}
