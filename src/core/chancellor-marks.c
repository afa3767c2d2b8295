/* chancellor-marks.c — arrows and circles in comments (chancellor-marks.h). */
#define G_LOG_DOMAIN "chancellor-marks"

#include "config.h"

#include <string.h>

#include "chancellor-marks.h"

#include "notation.h"
#include "pgn.h"
#include "variant.h"

static gboolean
is_mark_color (char c)
{
  return c == 'G' || c == 'R' || c == 'Y' || c == 'B';
}

/* Reads a square name ("e4", "j10") of game's board at *p; -1 when there
 * is none (p is moved past what was read either way). */
static int
read_square (ChancellorGame  *game,
             const char     **p)
{
  int files = chancellor_game_get_files (game), ranks = chancellor_game_get_ranks (game);
  int file, rank = 0, digits = 0;

  if (**p < 'a' || **p > 'z')
    return -1;
  file = **p - 'a';
  (*p)++;
  while (g_ascii_isdigit (**p) && digits < 3)
    {
      rank = rank * 10 + (**p - '0');
      (*p)++;
      digits++;
    }
  if (digits == 0 || file >= files || rank < 1 || rank > ranks)
    return -1;
  return (rank - 1) * files + file;
}

/* The marks of one command's text (after its name, up to its end). */
static void
read_command (ChancellorGame *game,
              const char     *p,
              const char     *end,
              gboolean        arrows,
              GArray         *marks)
{
  while (p < end)
    {
      ChancellorMark mark;

      while (p < end && (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n'))
        p++;
      if (p >= end || *p == ']')
        break;
      mark.color = g_ascii_toupper (*p++);
      mark.from = read_square (game, &p);
      mark.to = arrows ? read_square (game, &p) : mark.from;
      if (is_mark_color (mark.color) && mark.from >= 0 && mark.to >= 0 && (!arrows || mark.to != mark.from))
        g_array_append_val (marks, mark);
      /* Whatever else the token holds is skipped. */
      while (p < end && *p != ',' && *p != ' ' && *p != ']')
        p++;
    }
}

GArray *
chancellor_marks_get (ChancellorGame *game,
                      guint           ply)
{
  static const char *const names[] = { "csl", "cal" };
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (ChancellorMark));
  const char *comment;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), marks);

  comment = chancellor_game_get_comment (game, ply);
  for (guint i = 0; comment && i < G_N_ELEMENTS (names); i++)
    {
      const char *at = comment;
      size_t length = 0;

      while ((at = pgn_comment_find_command (at, names[i], &length)) != NULL)
        {
          /* "[%cal" is 5 characters; the name must end there. */
          if (g_ascii_isspace (at[5]) || at[5] == ']')
            read_command (game, at + 5, at + length, i == 1, marks);
          at += length;
        }
    }
  return marks;
}

/* comment without its [%cal …] and [%csl …] commands, spaces tidied. */
static GString *
comment_without_marks (const char *comment)
{
  GString *text = g_string_new (comment);

  for (;;)
    {
      const char *cal, *csl, *at;
      size_t cal_length = 0, csl_length = 0;

      cal = pgn_comment_find_command (text->str, "cal", &cal_length);
      csl = pgn_comment_find_command (text->str, "csl", &csl_length);
      at = cal && (!csl || cal < csl) ? cal : csl;
      if (!at)
        break;
      gssize pos = at - text->str;

      g_string_erase (text, pos, (gssize) (at == cal ? cal_length : csl_length));
      /* One space where the command stood between two words. */
      if (pos > 0 && text->str[pos - 1] == ' ' && (text->str[pos] == ' ' || text->str[pos] == '\0'))
        g_string_erase (text, pos - 1, 1);
    }
  g_strstrip (text->str);
  g_string_set_size (text, strlen (text->str));
  return text;
}

void
chancellor_marks_set (ChancellorGame       *game,
                      guint                 ply,
                      const ChancellorMark *marks,
                      guint                 n_marks)
{
  const Variant *v;
  g_autoptr (GString) text = NULL;

  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (marks != NULL || n_marks == 0);
  g_return_if_fail (chancellor_game_has_ply (game, ply));

  v = variant_by_id (chancellor_game_get_variant_id (game));
  text = comment_without_marks (chancellor_game_get_comment (game, ply));
  for (int arrows = 0; arrows < 2; arrows++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n_marks; i++)
        {
          char from[8], to[8];

          if ((marks[i].from != marks[i].to) != arrows || !is_mark_color (marks[i].color))
            continue;
          notation_square (v, marks[i].from, from);
          notation_square (v, marks[i].to, to);
          g_string_append_printf (text, "%s%c%s%s", any ? "," : text->len ? (arrows ? " [%cal " : " [%csl ")
                                                                            : (arrows ? "[%cal " : "[%csl "),
                                  marks[i].color, from, arrows ? to : "");
          any = TRUE;
        }
      if (any)
        g_string_append_c (text, ']');
    }
  chancellor_game_set_comment (game, ply, text->str);
}

void
chancellor_marks_toggle (ChancellorGame *game,
                         guint           ply,
                         ChancellorMark  mark)
{
  g_autoptr (GArray) marks = NULL;
  gboolean found = FALSE;

  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  marks = chancellor_marks_get (game, ply);
  for (guint i = 0; i < marks->len; i++)
    {
      ChancellorMark *m = &g_array_index (marks, ChancellorMark, i);

      if (m->from != mark.from || m->to != mark.to)
        continue;
      found = TRUE;
      if (m->color == mark.color)
        g_array_remove_index (marks, i);
      else
        m->color = mark.color;
      break;
    }
  if (!found)
    g_array_append_val (marks, mark);
  chancellor_marks_set (game, ply, (const ChancellorMark *) (void *) marks->data, marks->len);
}
