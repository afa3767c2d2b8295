/* chancellor-move-list.c — the moves of a game in numbered pairs, with their
 * annotations. */
#define G_LOG_DOMAIN "chancellor-move-list"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "chancellor-enums.h"
#include "chancellor-game-review.h"
#include "chancellor-move-list-private.h"
#include "chancellor-pgn.h"

/* One full move as the list shows it: its number and White's and Black's
 * moves on a row; the notes after White's move, when it has any, push
 * Black's move onto a second row ("12. … Nc6") below them. */
G_DEFINE_FINAL_TYPE (ChancellorMoveList, chancellor_move_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  PROP_ASSESSMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The NAGs the list shows, as their PGN symbols (chancellor_pgn_nag_symbol),
 * and their names for the tooltip and a screen reader (PGN standard,
 * section 10). */
static const struct
{
  guint8 nag;
  const char *name;
} nag_table[] = {
  { 1, N_("good move") },
  { 2, N_("mistake") },
  { 3, N_("brilliant move") },
  { 4, N_("blunder") },
  { 5, N_("interesting move") },
  { 6, N_("dubious move") },
  { 10, N_("equal position") },
  { 13, N_("unclear position") },
  { 14, N_("White is slightly better") },
  { 15, N_("Black is slightly better") },
  { 16, N_("White is better") },
  { 17, N_("Black is better") },
  { 18, N_("White is winning") },
  { 19, N_("Black is winning") },
};

/* ⩲ and ⩱ are in few fonts (none of Debian's defaults): where no font
 * has them, the list writes them in plain ASCII ("+=" and "=+"). */
static const char *
nag_symbol (GtkWidget *widget,
            guint      index)
{
  static int slight_symbols_drawn = -1;
  guint8 nag = nag_table[index].nag;

  if (nag != 14 && nag != 15)
    return chancellor_pgn_nag_symbol (nag, FALSE);
  if (slight_symbols_drawn < 0)
    {
      PangoContext *context = gtk_widget_get_pango_context (widget);
      PangoFontset *fontset = pango_context_load_fontset (context, pango_context_get_font_description (context),
                                                          pango_context_get_language (context));
      PangoFont *font = fontset ? pango_fontset_get_font (fontset, 0x2A72) : NULL;

      slight_symbols_drawn = font && pango_font_has_char (font, 0x2A72) && pango_font_has_char (font, 0x2A71);
      g_clear_object (&font);
      g_clear_object (&fontset);
    }
  return chancellor_pgn_nag_symbol (nag, !slight_symbols_drawn);
}

static int
nag_index (guint8 nag)
{
  for (guint i = 0; i < G_N_ELEMENTS (nag_table); i++)
    if (nag_table[i].nag == nag)
      return (int) i;
  return -1;
}

gboolean
_chancellor_move_list_nag_is_assessment (guint8 nag)
{
  return nag >= CHANCELLOR_MOVE_MARK_GOOD && nag <= CHANCELLOR_MOVE_MARK_INACCURACY;
}

/* Appends a side line to markup as the list shows it: in brackets, each
 * move a link to its position (the one shown in bold), its NAGs as
 * symbols, its comments without commands, and the lines nested in it. */
static void
append_line_markup (ChancellorMoveList *self,
                    GString            *markup,
                    guint               start)
{
  gboolean need_number = TRUE;
  guint ply = start;

  g_string_append_c (markup, '(');
  for (;;)
    {
      g_autofree char *san = chancellor_game_get_san (self->game, ply);
      g_autofree char *comment = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, ply), NULL);
      g_autofree char *escaped = g_markup_escape_text (san, -1);
      guint index = chancellor_game_get_move_count (self->game, ply) - 1 + (self->black_first ? 1 : 0);
      guint number = self->first_move_number + index / 2;
      guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
      guint n_nags = MIN (chancellor_game_get_nags (self->game, ply, nags, G_N_ELEMENTS (nags)), G_N_ELEMENTS (nags));
      guint next;

      if (index % 2 == 0)
        g_string_append_printf (markup, "%u. ", number);
      else if (need_number)
        g_string_append_printf (markup, "%u... ", number);
      g_string_append_printf (markup, ply == self->ply ? "<a href=\"ply:%u\"><b>%s</b></a>" : "<a href=\"ply:%u\">%s</a>",
                              ply, escaped);
      for (guint i = 0; i < n_nags; i++)
        {
          int nag = nag_index (nags[i]);

          if (nag < 0)
            continue;
          /* An assessment joins its move, as in the main line. */
          if (!_chancellor_move_list_nag_is_assessment (nags[i]))
            g_string_append_c (markup, ' ');
          g_string_append (markup, nag_symbol (GTK_WIDGET (self), (guint) nag));
        }
      need_number = FALSE;
      if (comment)
        {
          g_autofree char *escaped_comment = g_markup_escape_text (comment, -1);

          g_string_append_printf (markup, " {%s}", escaped_comment);
          need_number = TRUE;
        }
      for (guint i = 0; i < chancellor_game_get_n_variations (self->game, ply); i++)
        {
          g_string_append_c (markup, ' ');
          append_line_markup (self, markup, chancellor_game_get_variation_ply (self->game, ply, i));
          need_number = TRUE;
        }
      if (!chancellor_game_get_next_ply (self->game, ply, &next))
        break;
      g_string_append_c (markup, ' ');
      ply = next;
    }
  g_string_append_c (markup, ')');
}

gboolean
_chancellor_move_list_ply_from_uri (const char *uri,
                                    guint      *ply)
{
  guint64 number;

  if (!uri || !g_str_has_prefix (uri, "ply:")
      || !g_ascii_string_to_unsigned (uri + 4, 10, 0, G_MAXUINT, &number, NULL))
    return FALSE;
  *ply = (guint) number;
  return TRUE;
}

/* A side move's link chosen: the board shows its position. */
static gboolean
line_link_activated (GtkLabel           *label,
                     const char         *uri,
                     ChancellorMoveList *self)
{
  guint ply;

  if (!_chancellor_move_list_ply_from_uri (uri, &ply))
    return FALSE;
  chancellor_move_list_set_ply (self, ply);
  return TRUE;
}

/* A move in SAN as words ("Knight takes d7, check"), with the game's own
 * piece names; SAN it cannot read is spoken as it is. */
static char *
speak_san (ChancellorGame *game,
           const char     *san)
{
  g_autofree char *core = g_strdup (san);
  g_autofree char *spoken = NULL;
  const char *piece = _("Pawn");
  const char *promotion = NULL;
  const char *square = NULL;
  char *equals, *p;
  gboolean capture;
  gsize len = strlen (core);
  gboolean mate = FALSE, check = FALSE;

  while (len && (core[len - 1] == '+' || core[len - 1] == '#'))
    {
      mate |= core[len - 1] == '#';
      check |= core[len - 1] == '+';
      core[--len] = '\0';
    }

  if (g_str_equal (core, "O-O-O"))
    spoken = g_strdup (_("Castles queenside"));
  else if (g_str_equal (core, "O-O"))
    spoken = g_strdup (_("Castles kingside"));
  else
    {
      equals = strchr (core, '=');
      if (equals)
        {
          *equals = '\0';
          for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
            if (chancellor_game_get_piece_letter (game, type) == equals[1])
              promotion = chancellor_game_get_piece_name (game, type);
        }
      p = core;
      if (g_ascii_isupper (*p))
        {
          piece = NULL;
          for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
            if (chancellor_game_get_piece_letter (game, type) == *p)
              piece = chancellor_game_get_piece_name (game, type);
          if (!piece)
            return g_strdup (san);
          p++;
        }
      /* The square is the last letter with the digits after it. */
      for (char *q = p; *q; q++)
        if (g_ascii_islower (*q) && g_ascii_isdigit (q[1]))
          square = q;
      if (!square)
        return g_strdup (san);
      capture = strchr (p, 'x') != NULL;
      if (capture)
        /* TRANSLATORS: a move read out: the piece and the square it takes on */
        spoken = g_strdup_printf (_("%s takes %s"), piece, square);
      else
        /* TRANSLATORS: a move read out: the piece and the square it goes to */
        spoken = g_strdup_printf (_("%s to %s"), piece, square);
      if (promotion)
        {
          char *longer = g_strdup_printf (_("%s, promotes to %s"), spoken, promotion);

          g_free (spoken);
          spoken = longer;
        }
    }
  if (mate || check)
    {
      char *longer = g_strdup_printf (mate ? _("%s, checkmate") : _("%s, check"), spoken);

      g_free (spoken);
      spoken = longer;
    }
  return g_steal_pointer (&spoken);
}

/* Which full move a ply is in, and on which side (0 White, 1 Black). */
static MovePair *
ply_pair (ChancellorMoveList *self,
          guint               ply,
          guint              *side)
{
  guint index = ply - 1 + (self->black_first ? 1 : 0);

  *side = index % 2;
  return index / 2 < self->pairs->len ? g_ptr_array_index (self->pairs, index / 2) : NULL;
}

static void
move_button_clicked (GtkButton          *button,
                     ChancellorMoveList *self)
{
  chancellor_move_list_set_ply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply")));
}

/* The CSS classes of the marks, by ChancellorMoveMark. */
static const char *const mark_classes[] = {
  NULL, "good", "mistake", "brilliant", "blunder", "interesting", "inaccuracy",
};

/* The spoken form of ply's move: its words, its NAGs' names, its comment. */
static char *
describe_move (ChancellorMoveList *self,
               guint               ply)
{
  g_autofree char *san = chancellor_game_get_san (self->game, ply);
  g_autofree char *comment = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, ply), NULL);
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags = MIN (chancellor_game_get_nags (self->game, ply, nags, G_N_ELEMENTS (nags)),
                      G_N_ELEMENTS (nags));
  guint n_variations = chancellor_game_get_n_variations (self->game, ply);
  GString *spoken = g_string_new (NULL);
  char *words = speak_san (self->game, san);

  g_string_append (spoken, words);
  g_free (words);
  for (guint i = 0; i < n_nags; i++)
    {
      int index = nag_index (nags[i]);

      if (index >= 0)
        g_string_append_printf (spoken, ", %s", _(nag_table[index].name));
    }
  if (comment)
    /* TRANSLATORS: read out after a move: its comment */
    g_string_append_printf (spoken, _(", comment: %s"), comment);
  if (n_variations)
    /* TRANSLATORS: read out after a move: how many other lines it has */
    g_string_append_printf (spoken, ngettext (", %u variation", ", %u variations", n_variations), n_variations);
  return g_string_free (spoken, FALSE);
}

/* A move as the game's annotations have it: its SAN with its mark ("Nf3?!")
 * in the mark's colour and its position NAGs ("Nf3 ±"), and in the tooltip
 * the verdict, the NAGs' names, the better move and the score an analysis
 * gave it. */
static void
update_move_button (ChancellorMoveList *self,
                    GtkWidget          *button,
                    guint               ply)
{
  g_autofree char *san = chancellor_game_get_san (self->game, ply);
  ChancellorMoveMark mark = chancellor_game_review_read_mark (self->game, ply);
  g_autofree char *better = chancellor_game_review_read_better_move (self->game, ply);
  g_autofree char *score = NULL;
  g_autofree char *spoken = describe_move (self, ply);
  g_autoptr (GString) label = g_string_new (san);
  g_autoptr (GString) tooltip = g_string_new (NULL);
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags = MIN (chancellor_game_get_nags (self->game, ply, nags, G_N_ELEMENTS (nags)),
                      G_N_ELEMENTS (nags));
  gboolean mark_shown = FALSE;

  g_string_append (label, chancellor_move_mark_get_symbol (mark));
  for (guint i = 0; i < n_nags; i++)
    {
      int index = nag_index (nags[i]);

      if (nags[i] == mark && !mark_shown)
        mark_shown = TRUE;
      else if (index >= 0)
        g_string_append_printf (label, " %s", nag_symbol (GTK_WIDGET (self), (guint) index));
    }

  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), label->str) != 0)
    gtk_button_set_label (GTK_BUTTON (button), label->str);
  for (guint i = 1; i < G_N_ELEMENTS (mark_classes); i++)
    if (i == mark)
      gtk_widget_add_css_class (button, mark_classes[i]);
    else
      gtk_widget_remove_css_class (button, mark_classes[i]);

  if (mark == CHANCELLOR_MOVE_MARK_INACCURACY)
    g_string_append (tooltip, _("Inaccuracy."));
  else if (mark == CHANCELLOR_MOVE_MARK_MISTAKE)
    g_string_append (tooltip, _("Mistake."));
  else if (mark == CHANCELLOR_MOVE_MARK_BLUNDER)
    g_string_append (tooltip, _("Blunder."));
  for (guint i = 0; i < n_nags; i++)
    {
      int index = nag_index (nags[i]);
      g_autofree char *name = NULL;

      if (nags[i] == CHANCELLOR_MOVE_MARK_INACCURACY || nags[i] == CHANCELLOR_MOVE_MARK_MISTAKE
          || nags[i] == CHANCELLOR_MOVE_MARK_BLUNDER)
        continue;
      if (index >= 0)
        name = g_strdup_printf ("%s %s", nag_symbol (GTK_WIDGET (self), (guint) index), _(nag_table[index].name));
      else
        /* TRANSLATORS: a PGN annotation glyph the list has no symbol for */
        name = g_strdup_printf (_("Annotation $%u"), (guint) nags[i]);
      if (tooltip->len)
        g_string_append_c (tooltip, '\n');
      g_string_append (tooltip, name);
    }
  if (better)
    {
      if (tooltip->len)
        g_string_append_c (tooltip, ' ');
      /* TRANSLATORS: the move an analysis found better, in SAN */
      g_string_append_printf (tooltip, _("Better: %s"), better);
    }
  if (chancellor_game_review_read_score (self->game, ply, NULL, &score))
    {
      if (tooltip->len)
        g_string_append_c (tooltip, '\n');
      /* TRANSLATORS: the score of the position after a move ("+0.35", "#3") */
      g_string_append_printf (tooltip, _("Evaluation: %s"), score);
    }
  gtk_widget_set_tooltip_text (button, tooltip->len ? tooltip->str : NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip->str,
                                  -1);
}

static GtkWidget *
note_label_new (const char *text,
                const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Long notes wrap at the panel's width instead of widening it. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
slot_new (void)
{
  GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_set_hexpand (slot, TRUE);
  return slot;
}

static GtkWidget *
number_label_new (guint number)
{
  g_autofree char *text = g_strdup_printf ("%u.", number);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "move-number");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
ellipsis_new (void)
{
  GtkWidget *label = gtk_label_new ("…");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "move-ellipsis");
  return label;
}

/* The two moves' cells, of equal width so that the columns line up. */
static GtkWidget *
row_new (guint       number,
         GtkWidget  *first,
         GtkWidget  *second,
         GtkWidget **number_label)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *cells = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

  *number_label = number_label_new (number);
  gtk_box_set_homogeneous (GTK_BOX (cells), TRUE);
  gtk_widget_set_hexpand (cells, TRUE);
  gtk_box_append (GTK_BOX (cells), first);
  gtk_box_append (GTK_BOX (cells), second);
  gtk_box_append (GTK_BOX (row), *number_label);
  gtk_box_append (GTK_BOX (row), cells);
  return row;
}

static void
move_pair_free (gpointer data)
{
  g_free (data);
}

static MovePair *
pair_append (ChancellorMoveList *self)
{
  MovePair *pair = g_new0 (MovePair, 1);
  guint number = self->first_move_number + self->pairs->len;
  GtkWidget *number_label;

  pair->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  pair->white_slot = slot_new ();
  pair->black_slot = slot_new ();
  pair->first_row = row_new (number, pair->white_slot, pair->black_slot, &number_label);
  gtk_box_append (GTK_BOX (pair->box), pair->first_row);
  g_object_set_data (G_OBJECT (pair->box), "number", number_label);
  if (self->black_first && self->pairs->len == 0)
    gtk_box_append (GTK_BOX (pair->white_slot), ellipsis_new ());
  gtk_box_append (self->lines, pair->box);
  g_ptr_array_add (self->pairs, pair);
  return pair;
}

/* Black's move goes below White's notes when there are any, beside
 * White's move otherwise. */
static void
pair_place_black (MovePair *pair)
{
  gboolean below = pair->notes[0] && gtk_widget_get_visible (pair->notes[0]);
  GtkWidget *button = gtk_widget_get_first_child (pair->black_slot);
  GtkWidget *target;

  if (!button && pair->second_slot)
    button = gtk_widget_get_first_child (pair->second_slot);
  if (below && button && !pair->second_row)
    {
      GtkWidget *number_label = g_object_get_data (G_OBJECT (pair->box), "number");
      guint number = (guint) strtoul (gtk_label_get_label (GTK_LABEL (number_label)), NULL, 10);

      pair->second_slot = slot_new ();
      pair->second_row = row_new (number, ellipsis_new (), pair->second_slot, &number_label);
      gtk_box_insert_child_after (GTK_BOX (pair->box), pair->second_row, pair->notes[0]);
    }
  target = below && pair->second_slot ? pair->second_slot : pair->black_slot;
  if (button && gtk_widget_get_parent (button) != target)
    {
      g_object_ref (button);
      gtk_box_remove (GTK_BOX (gtk_widget_get_parent (button)), button);
      gtk_box_append (GTK_BOX (target), button);
      g_object_unref (button);
    }
  if (pair->second_row)
    gtk_widget_set_visible (pair->second_row, below && button != NULL);
}

/* Fills box with ply's comment and variations; FALSE when it has none. */
static gboolean
fill_notes (ChancellorMoveList *self,
            GtkWidget          *box,
            guint               ply)
{
  g_autofree char *comment = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, ply), NULL);
  guint n_variations = chancellor_game_get_n_variations (self->game, ply);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)))
    {
      if (child == self->current_button)
        self->current_button = NULL;
      gtk_box_remove (GTK_BOX (box), child);
    }
  if (comment)
    gtk_box_append (GTK_BOX (box), note_label_new (comment, "comment"));
  for (guint i = 0; i < n_variations; i++)
    {
      g_autoptr (GString) markup = g_string_new (NULL);
      GtkWidget *label = note_label_new (NULL, "variation");

      append_line_markup (self, markup, chancellor_game_get_variation_ply (self->game, ply, i));
      gtk_label_set_markup (GTK_LABEL (label), markup->str);
      g_object_set_data (G_OBJECT (label), "line-ply", GUINT_TO_POINTER (chancellor_game_get_variation_ply (self->game, ply, i)));
      g_signal_connect (label, "activate-link", G_CALLBACK (line_link_activated), self);
      gtk_box_append (GTK_BOX (box), label);
    }
  return comment != NULL || n_variations > 0;
}

/* The notes under ply's move, made, renewed or hidden. */
static void
update_notes (ChancellorMoveList *self,
              guint               ply)
{
  guint side;
  MovePair *pair = ply_pair (self, ply, &side);
  gboolean has_notes;

  if (!pair)
    return;
  if (!pair->notes[side])
    {
      g_autofree char *comment = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, ply), NULL);

      /* An analysis's [%eval] alone has nothing to show. */
      if (!comment && chancellor_game_get_n_variations (self->game, ply) == 0)
        return;
    }
  if (!pair->notes[side])
    {
      GtkWidget *after = pair->first_row;

      pair->notes[side] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      gtk_widget_add_css_class (pair->notes[side], "notes");
      if (side == 1)
        after = pair->second_row ? pair->second_row : pair->notes[0] ? pair->notes[0] : pair->first_row;
      gtk_box_insert_child_after (GTK_BOX (pair->box), pair->notes[side], after);
    }
  has_notes = fill_notes (self, pair->notes[side], ply);
  gtk_widget_set_visible (pair->notes[side], has_notes);
  if (side == 0)
    pair_place_black (pair);
}

/* What a side chose in the relocation phase, as a sentence; NULL when
 * there is nothing to say. */
static char *
describe_relocation (ChancellorMoveList *self,
                     ChancellorColor     color)
{
  const char *side = color == CHANCELLOR_COLOR_WHITE ? _("White") : _("Black");
  int rank = color == CHANCELLOR_COLOR_WHITE ? 1 : chancellor_game_get_ranks (self->game);
  int files = chancellor_game_get_files (self->game);
  ChancellorPiece a, b;
  int file_a, file_b;

  if (!chancellor_game_get_relocation_choice (self->game, color, &file_a, &file_b))
    return NULL;
  if (file_a < 0)
    /* TRANSLATORS: Capablanca Relocation Chess, before the first move: "Black kept its array." */
    return g_strdup_printf (_("%s kept its array."), side);
  a = chancellor_game_get_piece (self->game, 0, (rank - 1) * files + file_a);
  b = chancellor_game_get_piece (self->game, 0, (rank - 1) * files + file_b);
  /* TRANSLATORS: Capablanca Relocation Chess: "White swapped its King and Bishop (f1, g1)." */
  return g_strdup_printf (_("%s swapped its %s and %s (%c%d, %c%d)."), side,
                          chancellor_game_get_piece_name (self->game, b.type),
                          chancellor_game_get_piece_name (self->game, a.type),
                          'a' + file_a, rank, 'a' + file_b, rank);
}

/* The relocation choices, above the moves: Black's, then White's. */
static void
update_relocation (ChancellorMoveList *self)
{
  g_autofree char *black = self->game ? describe_relocation (self, CHANCELLOR_COLOR_BLACK) : NULL;
  g_autofree char *white = self->game ? describe_relocation (self, CHANCELLOR_COLOR_WHITE) : NULL;
  g_autofree char *text = black && white ? g_strjoin (" ", black, white, NULL) : g_strdup (black);

  gtk_label_set_label (self->relocation_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->relocation_label), text != NULL);
}

static void
update_opening_comment (ChancellorMoveList *self)
{
  g_autofree char *comment = self->game ? chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, 0), NULL)
                                        : NULL;

  gtk_label_set_label (self->opening_comment, comment ? comment : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opening_comment), comment != NULL);
}

static void
clear_rows (ChancellorMoveList *self)
{
  for (guint i = 0; i < self->pairs->len; i++)
    gtk_box_remove (self->lines, ((MovePair *) g_ptr_array_index (self->pairs, i))->box);
  g_ptr_array_set_size (self->move_buttons, 0);
  g_ptr_array_set_size (self->pairs, 0);
  self->current_button = NULL;
}

/* Reads the move number and side to move of the start position. */
static void
read_numbering (ChancellorMoveList *self)
{
  g_autofree char *fen = chancellor_game_get_start_fen (self->game);
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);
  guint n_fields = g_strv_length (fields);
  gboolean black_first = n_fields > 1 && g_str_equal (fields[1], "b");
  guint first = n_fields > 5 ? (guint) strtoul (fields[5], NULL, 10) : 1;

  first = MAX (first, 1);
  if (black_first != self->black_first || first != self->first_move_number)
    clear_rows (self);
  self->black_first = black_first;
  self->first_move_number = first;
}

/* The label that shows the side line of ply, or NULL. */
static GtkWidget *
line_label_of (ChancellorMoveList *self,
               guint               ply)
{
  guint main_ply = chancellor_game_get_branch_ply (self->game, ply) + 1;
  guint start = ply, side;
  MovePair *pair;

  while (chancellor_game_is_side_ply (self->game, chancellor_game_get_parent_ply (self->game, start)))
    start = chancellor_game_get_parent_ply (self->game, start);
  if (main_ply > self->move_buttons->len)
    return NULL;
  pair = ply_pair (self, main_ply, &side);
  if (!pair || !pair->notes[side])
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (pair->notes[side]); child;
       child = gtk_widget_get_next_sibling (child))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "line-ply")) == start)
      return child;
  return NULL;
}

/* The notes that show side ply drawn again, to bold the move shown. */
static void
update_line_of (ChancellorMoveList *self,
                guint               ply)
{
  if (self->game && chancellor_game_is_side_ply (self->game, ply))
    update_notes (self, chancellor_game_get_branch_ply (self->game, ply) + 1);
}

static void
update_current (ChancellorMoveList *self)
{
  GtkWidget *current = NULL;

  if (self->ply >= 1 && self->ply <= self->move_buttons->len)
    current = g_ptr_array_index (self->move_buttons, self->ply - 1);
  else if (self->game && chancellor_game_is_side_ply (self->game, self->ply))
    current = line_label_of (self, self->ply);
  if (current == self->current_button)
    return;
  if (self->current_button)
    gtk_widget_remove_css_class (self->current_button, "current");
  /* A side move is marked in bold inside its line's label. */
  if (current && GTK_IS_BUTTON (current))
    gtk_widget_add_css_class (current, "current");
  self->current_button = current;
}

/* The move that led to ply (1 or more, or a side move) as the list
 * numbers it: "5. Nxf7" for White's, "5… Nxf6" for Black's. */
char *
_chancellor_move_list_dup_move_label (ChancellorMoveList *self,
                                      guint               ply)
{
  g_autofree char *san = chancellor_game_get_san (self->game, ply);
  guint index = chancellor_game_get_move_count (self->game, ply) - 1 + (self->black_first ? 1 : 0);

  return g_strdup_printf (index % 2 == 0 ? "%u. %s" : "%u… %s", self->first_move_number + index / 2, san);
}

static void
update_actions (ChancellorMoveList *self)
{
  guint n = self->game ? chancellor_game_get_n_moves (self->game) : 0;
  guint next;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.first", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.previous", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.next",
                                 self->game && chancellor_game_get_next_ply (self->game, self->ply, &next));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.last", self->ply != n);

  gtk_widget_set_visible (self->browsing_box, self->game && self->ply != n);
  if (self->game && self->ply != n)
    {
      g_autofree char *text = NULL;

      if (self->ply == 0)
        text = g_strdup (_("The board shows the start position."));
      else
        {
          g_autofree char *move = _chancellor_move_list_dup_move_label (self, self->ply);

          /* TRANSLATORS: "The board shows the position after 5. Nxf7." */
          text = g_strdup_printf (_("The board shows the position after %s."), move);
        }
      gtk_label_set_label (self->browsing_label, text);
    }
  _chancellor_move_list_update_annotate_actions (self);
}

static void
update_result (ChancellorMoveList *self)
{
  g_clear_pointer (&self->result_text, g_free);
  if (self->game && chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_OVER)
    {
      g_autofree char *description = chancellor_game_describe_result (self->game);

      self->result_text = g_strdup_printf ("%s %s", chancellor_game_get_result_string (self->game), description);
    }
  gtk_label_set_label (self->result_label, self->result_text ? self->result_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), self->result_text != NULL);
}

/* Brings the rows in line with the game: moves taken back removed, new
 * moves added; the moves already shown stay as they are (their
 * annotations renew on "annotation-changed"). */
static void
sync_rows (ChancellorMoveList *self)
{
  guint n = self->game ? chancellor_game_get_n_moves (self->game) : 0;

  while (self->move_buttons->len > n)
    {
      guint ply = self->move_buttons->len;
      GtkWidget *button = g_ptr_array_index (self->move_buttons, ply - 1);
      guint side;
      MovePair *pair = ply_pair (self, ply, &side);

      if (button == self->current_button)
        self->current_button = NULL;
      gtk_box_remove (GTK_BOX (gtk_widget_get_parent (button)), button);
      g_ptr_array_set_size (self->move_buttons, ply - 1);
      if (pair->notes[side])
        gtk_widget_set_visible (pair->notes[side], FALSE);
      if (side == 1)
        pair_place_black (pair);
      if (side == 0 || (ply == 1 && self->black_first))
        {
          gtk_box_remove (self->lines, pair->box);
          g_ptr_array_set_size (self->pairs, self->pairs->len - 1);
        }
    }

  for (guint ply = self->move_buttons->len + 1; ply <= n; ply++)
    {
      GtkWidget *button = gtk_button_new_with_label ("");
      guint side;
      MovePair *pair = ply_pair (self, ply, &side);

      if (!pair)
        pair = pair_append (self);
      gtk_widget_set_hexpand (button, TRUE);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "move");
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
      g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
      g_signal_connect (button, "clicked", G_CALLBACK (move_button_clicked), self);
      if (side == 0)
        gtk_box_append (GTK_BOX (pair->white_slot), button);
      else
        {
          gtk_box_append (GTK_BOX (pair->black_slot), button);
          pair_place_black (pair);
        }
      g_ptr_array_add (self->move_buttons, button);
      update_move_button (self, button, ply);
      update_notes (self, ply);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), n == 0);
}

static void
annotation_changed (ChancellorMoveList *self,
                    guint               ply,
                    ChancellorGame     *game)
{
  if (ply == 0)
    update_opening_comment (self);
  else if (ply <= self->move_buttons->len)
    {
      update_move_button (self, g_ptr_array_index (self->move_buttons, ply - 1), ply);
      update_notes (self, ply);
    }
  if (ply == self->ply || ply == chancellor_game_get_branch_ply (game, self->ply) + 1)
    {
      update_current (self);
      _chancellor_move_list_update_annotate_actions (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASSESSMENT]);
    }
}

/* Keeps the newest move in sight while the live position is shown: at
 * the next frame, as a value set while the list is laid out is not
 * drawn until something else moves. */
static gboolean
scroll_to_end (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  self->scroll_tick_id = 0;
  if (self->game && self->ply == chancellor_game_get_n_moves (self->game))
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  else if (self->current_button)
    {
      /* An earlier move, chosen anywhere (the graph, the keys, the
       * board's arrows): brought into sight, the list moving no more
       * than it must. */
      double value = gtk_adjustment_get_value (adjustment);
      double page = gtk_adjustment_get_page_size (adjustment);
      graphene_rect_t bounds;

      /* In the scrolled window's coordinates, the page is 0 to page. */
      if (gtk_widget_compute_bounds (self->current_button, GTK_WIDGET (self->scrolled), &bounds))
        {
          if (bounds.origin.y < 0)
            gtk_adjustment_set_value (adjustment, value + bounds.origin.y);
          else if (bounds.origin.y + bounds.size.height > page)
            gtk_adjustment_set_value (adjustment, value + bounds.origin.y + bounds.size.height - page);
        }
    }
  return G_SOURCE_REMOVE;
}

static void
scroll_to_current (ChancellorMoveList *self)
{
  if (self->scroll_tick_id == 0)
    self->scroll_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_end, NULL, NULL);
}

static void
scroll_upper_changed (GtkAdjustment      *adjustment,
                      GParamSpec         *pspec,
                      ChancellorMoveList *self)
{
  if (self->game && self->ply == chancellor_game_get_n_moves (self->game))
    scroll_to_current (self);
}

static void
game_changed (ChancellorMoveList *self)
{
  guint n = chancellor_game_get_n_moves (self->game);
  gboolean following = self->ply == self->known_n_moves || !chancellor_game_has_ply (self->game, self->ply);

  self->known_n_moves = n;
  update_relocation (self);
  read_numbering (self);
  sync_rows (self);
  update_result (self);
  if (following && self->ply != n)
    chancellor_move_list_set_ply (self, n);
  else
    {
      update_current (self);
      update_actions (self);
    }
}

/* Moves focus onto the move shown when the list has it, so that it
 * scrolls into view as the keys step through the game. */
static void
focus_current (ChancellorMoveList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  if (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)) && self->current_button)
    gtk_widget_grab_focus (self->current_button);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (widget);
  guint n = self->game ? chancellor_game_get_n_moves (self->game) : 0;
  guint ply = self->ply;

  if (!self->game || g_str_equal (action_name, "move-list.first"))
    ply = 0;
  else if (g_str_equal (action_name, "move-list.previous"))
    ply = chancellor_game_get_parent_ply (self->game, ply);
  else if (g_str_equal (action_name, "move-list.next"))
    chancellor_game_get_next_ply (self->game, ply, &ply);
  else
    ply = n;
  chancellor_move_list_set_ply (self, ply);
  focus_current (self);
}

static void
chancellor_move_list_dispose (GObject *object)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);
  GtkWidget *child;

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->scroll_tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick_id);
  self->scroll_tick_id = 0;
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  g_clear_pointer (&self->comment_popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_MOVE_LIST);
  /* The navigation row has no name in the template. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (chancellor_move_list_parent_class)->dispose (object);
}

static void
chancellor_move_list_finalize (GObject *object)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);

  g_ptr_array_unref (self->move_buttons);
  g_ptr_array_unref (self->pairs);
  g_free (self->result_text);

  G_OBJECT_CLASS (chancellor_move_list_parent_class)->finalize (object);
}

static void
chancellor_move_list_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_ASSESSMENT:
      g_value_set_uint (value, _chancellor_move_list_get_assessment (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_move_list_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_move_list_set_game (self, g_value_get_object (value));
      break;
    case PROP_PLY:
      chancellor_move_list_set_ply (self, g_value_get_uint (value));
      break;
    case PROP_ASSESSMENT:
      _chancellor_move_list_set_assessment (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_move_list_class_init (ChancellorMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_move_list_dispose;
  object_class->finalize = chancellor_move_list_finalize;
  object_class->get_property = chancellor_move_list_get_property;
  object_class->set_property = chancellor_move_list_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The assessment NAG of the move shown (1..6, 0 for none): the
   * move-list.assessment action, whose menu shows the one it has. */
  properties[PROP_ASSESSMENT] =
    g_param_spec_uint ("assessment", NULL, NULL, 0, CHANCELLOR_MOVE_MARK_INACCURACY, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, empty_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, opening_comment);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, lines);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, result_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, browsing_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, browsing_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, navigation_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, annotate_menu);

  gtk_widget_class_install_action (widget_class, "move-list.first", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "move-list.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "move-list.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "move-list.last", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "move-list.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Home, 0, "move-list.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "move-list.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, 0, "move-list.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "move-list.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, 0, "move-list.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "move-list.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_End, 0, "move-list.last", NULL);

  _chancellor_move_list_annotate_class_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chancellor_move_list_init (ChancellorMoveList *self)
{
  self->move_buttons = g_ptr_array_new ();
  self->pairs = g_ptr_array_new_with_free_func (move_pair_free);
  self->first_move_number = 1;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->relocation_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->relocation_label, TRUE);
  gtk_label_set_xalign (self->relocation_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->relocation_label), "opening-comment");
  gtk_widget_set_visible (GTK_WIDGET (self->relocation_label), FALSE);
  gtk_widget_insert_before (GTK_WIDGET (self->relocation_label),
                            gtk_widget_get_parent (GTK_WIDGET (self->opening_comment)),
                            GTK_WIDGET (self->opening_comment));

  _chancellor_move_list_annotate_init (self);

  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scrolled), "notify::upper",
                           G_CALLBACK (scroll_upper_changed), self, 0);
  /* The list shrinks when a card above it appears. */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scrolled), "notify::page-size",
                           G_CALLBACK (scroll_upper_changed), self, 0);
  update_actions (self);
}

GtkWidget *
chancellor_move_list_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_MOVE_LIST, NULL);
}

void
chancellor_move_list_set_game (ChancellorMoveList *self,
                               ChancellorGame     *game)
{
  g_return_if_fail (CHANCELLOR_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  gtk_popover_popdown (GTK_POPOVER (self->comment_popover));
  g_set_object (&self->game, game);
  clear_rows (self);
  self->known_n_moves = 0;
  if (game)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (game_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "annotation-changed", G_CALLBACK (annotation_changed), self,
                               G_CONNECT_SWAPPED);
      read_numbering (self);
      self->known_n_moves = chancellor_game_get_n_moves (game);
    }
  sync_rows (self);
  update_opening_comment (self);
  update_relocation (self);
  update_result (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  chancellor_move_list_set_ply (self, self->known_n_moves);
  update_actions (self);
}

ChancellorGame *
chancellor_move_list_get_game (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);

  return self->game;
}

void
chancellor_move_list_set_ply (ChancellorMoveList *self,
                              guint               ply)
{
  guint n;

  g_return_if_fail (CHANCELLOR_IS_MOVE_LIST (self));

  n = self->game ? chancellor_game_get_n_moves (self->game) : 0;
  if (!self->game || !chancellor_game_has_ply (self->game, ply))
    ply = MIN (ply, n);
  if (self->ply != ply)
    {
      guint old_ply = self->ply;

      self->ply = ply;
      if (self->game && chancellor_game_has_ply (self->game, old_ply))
        update_line_of (self, old_ply);
      update_line_of (self, ply);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASSESSMENT]);
      scroll_to_current (self);
    }
  update_current (self);
  update_actions (self);
}

guint
chancellor_move_list_get_ply (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), 0);

  return self->ply;
}

guint
chancellor_move_list_get_n_rows (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), 0);

  return self->pairs->len;
}

char *
chancellor_move_list_dup_row_text (ChancellorMoveList *self,
                                   guint               row)
{
  MovePair *pair;
  GString *text;
  GtkWidget *number;

  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);
  g_return_val_if_fail (row < self->pairs->len, NULL);

  pair = g_ptr_array_index (self->pairs, row);
  number = g_object_get_data (G_OBJECT (pair->box), "number");
  text = g_string_new (gtk_label_get_label (GTK_LABEL (number)));
  if (row == 0 && self->black_first)
    g_string_append (text, " …");
  for (guint side = 0; side < 2; side++)
    {
      guint index = row * 2 + side;
      guint ply;

      if (index < (self->black_first ? 1u : 0u))
        continue;
      ply = index + 1 - (self->black_first ? 1 : 0);
      if (ply <= self->move_buttons->len)
        g_string_append_printf (text, " %s",
                                gtk_button_get_label (g_ptr_array_index (self->move_buttons, ply - 1)));
    }
  return g_string_free (text, FALSE);
}

char *
chancellor_move_list_dup_notes_text (ChancellorMoveList *self,
                                     guint               ply)
{
  GString *text = g_string_new (NULL);
  GtkWidget *box = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);
  g_return_val_if_fail (ply <= self->move_buttons->len, NULL);

  if (ply == 0)
    {
      if (gtk_widget_get_visible (GTK_WIDGET (self->opening_comment)))
        g_string_append (text, gtk_label_get_label (self->opening_comment));
      return g_string_free (text, FALSE);
    }
  {
    guint side;
    MovePair *pair = ply_pair (self, ply, &side);

    box = pair->notes[side];
  }
  if (box && gtk_widget_get_visible (box))
    for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
      {
        if (text->len)
          g_string_append_c (text, '\n');
        g_string_append (text, gtk_label_get_text (GTK_LABEL (child)));
      }
  return g_string_free (text, FALSE);
}

char *
chancellor_move_list_dup_spoken_move (ChancellorMoveList *self,
                                      guint               ply)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);
  g_return_val_if_fail (ply >= 1 && ply <= chancellor_game_get_n_moves (self->game), NULL);

  return describe_move (self, ply);
}

const char *
chancellor_move_list_get_result_text (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);

  return self->result_text ? self->result_text : "";
}

const char *
chancellor_move_list_get_relocation_text (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->relocation_label))
           ? gtk_label_get_label (self->relocation_label) : "";
}
