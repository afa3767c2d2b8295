/* chancellor-analysis-view.c — score, depth and line of the analysis. */
#define G_LOG_DOMAIN "chancellor-analysis-view"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-analysis-view-private.h"

#include "chancellor-board-preview.h"
#include "chancellor-engine-analysis.h"

/* Pixels a square of the preview of a line's position. */
#define PREVIEW_SQUARE_SIZE 24

/* Pixels the popover adds around its content: padding, border, arrow. */
#define POPOVER_FRAME 40

#define CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX CHANCELLOR_ENGINE_ANALYSIS_LINES_MAX

struct _ChancellorAnalysisView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *score;
  GtkWidget *depth;
  GtkWidget *line;
  GtkWidget *rows_box;
  GtkWidget *rows[CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX];
  guint n_rows;                  /* rows shown: with 1, the one line label */
  ChancellorGame *game;          /* the game analysed, for the previews */
  guint ply;                     /* its position analysed */
  gboolean flipped;              /* as the board shows it */
  char **moves[CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX];   /* each line's moves in UCI */
  char *sans[CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX];     /* each line in SAN */
  GtkWidget *popover;            /* the position after a move clicked */
  GtkWidget *preview;
  GtkWidget *preview_caption;
};

G_DEFINE_FINAL_TYPE (ChancellorAnalysisView, chancellor_analysis_view, GTK_TYPE_WIDGET)

/* Shows n_rows rows (the one wrapping line label for 1), all empty. */
static void
analysis_view_show_rows (ChancellorAnalysisView *self,
                         guint                   n_rows)
{
  self->n_rows = CLAMP (n_rows, 1, CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX);
  gtk_widget_set_visible (self->line, self->n_rows == 1);
  gtk_widget_set_visible (self->rows_box, self->n_rows > 1);
  for (guint i = 0; i < CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX; i++)
    {
      gtk_widget_set_visible (self->rows[i], i < self->n_rows);
      /* An empty row keeps its height: the panel does not jump. */
      gtk_label_set_text (GTK_LABEL (self->rows[i]), " ");
    }
}

/* A score and depth with a message or a line in place of the lines; with
 * several rows it goes in the first, the others stay, empty. */
static void
analysis_view_show (ChancellorAnalysisView *self,
                    const char             *score,
                    const char             *depth,
                    const char             *line,
                    gboolean                dim_line)
{
  GtkWidget *label;

  gtk_label_set_label (GTK_LABEL (self->score), score);
  gtk_label_set_label (GTK_LABEL (self->depth), depth);
  gtk_label_set_text (GTK_LABEL (self->line), line);
  gtk_popover_popdown (GTK_POPOVER (self->popover));
  analysis_view_show_rows (self, self->n_rows);
  label = self->n_rows > 1 ? self->rows[0] : self->line;
  gtk_label_set_text (GTK_LABEL (label), line);
  if (dim_line)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
}

void
chancellor_analysis_view_set_n_rows (ChancellorAnalysisView *self,
                                     guint                   n_rows)
{
  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));

  analysis_view_show (self, gtk_label_get_label (GTK_LABEL (self->score)),
                      gtk_label_get_label (GTK_LABEL (self->depth)), "", FALSE);
  analysis_view_show_rows (self, n_rows);
}

/* "12." or "12…": a move number of a SAN line, not a move. */
static gboolean
is_move_number (const char *word)
{
  return g_ascii_isdigit (word[0]) && (g_str_has_suffix (word, ".") || g_str_has_suffix (word, "…"));
}

/* The line's SAN as markup, each move a link "index:move" to its position. */
static char *
line_markup (const ChancellorEngineLine *line,
             guint                       index)
{
  g_auto (GStrv) words = g_strsplit (line->pv ? line->pv : "", " ", -1);
  GString *markup = g_string_new (NULL);
  guint n_moves = line->moves ? g_strv_length (line->moves) : 0;
  guint move = 0;

  for (guint i = 0; words[i]; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (words[i], -1);

      if (markup->len > 0)
        g_string_append_c (markup, ' ');
      if (is_move_number (words[i]) || move >= n_moves)
        g_string_append (markup, escaped);
      else
        g_string_append_printf (markup, "<a href=\"%u:%u\">%s</a>", index, move++, escaped);
    }
  return g_string_free (markup, FALSE);
}

void
chancellor_analysis_view_set_lines (ChancellorAnalysisView *self,
                                    GPtrArray              *lines,
                                    guint                   n_rows)
{
  ChancellorEngineLine *best;
  ChancellorAnalysis summary = { 0 };
  g_autofree char *score = NULL;
  g_autofree char *depth = NULL;

  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));
  g_return_if_fail (lines != NULL && lines->len > 0);

  best = g_ptr_array_index (lines, 0);
  summary.score = best->score;
  summary.mate = best->mate;
  score = chancellor_analysis_format_score (&summary);
  depth = g_strdup_printf (_("Depth %d"), best->depth);
  gtk_label_set_label (GTK_LABEL (self->score), score);
  gtk_label_set_label (GTK_LABEL (self->depth), depth);

  analysis_view_show_rows (self, n_rows);
  gtk_widget_remove_css_class (self->line, "dim-label");
  gtk_widget_remove_css_class (self->rows[0], "dim-label");
  for (guint i = 0; i < CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX; i++)
    {
      g_clear_pointer (&self->moves[i], g_strfreev);
      g_clear_pointer (&self->sans[i], g_free);
    }
  for (guint i = 0; i < MIN (lines->len, self->n_rows); i++)
    {
      ChancellorEngineLine *line = g_ptr_array_index (lines, i);
      ChancellorAnalysis row = { .score = line->score, .mate = line->mate };
      g_autofree char *row_score = chancellor_analysis_format_score (&row);
      g_autofree char *linked = line_markup (line, i);
      g_autofree char *moves = NULL;
      g_autofree char *text = NULL;

      self->moves[i] = g_strdupv (line->moves);
      self->sans[i] = g_strdup (line->pv);
      if (line->illegal_move)
        {
          g_autofree char *illegal = g_markup_escape_text (line->illegal_move, -1);

          /* TRANSLATORS: an engine's line, and the move where it was cut
           * because our rules refuse it */
          moves = g_strdup_printf (_("%s (then %s, which is illegal)"), linked, illegal);
        }
      else
        moves = g_strdup (linked);
      /* One line: the score is the header's, the line wraps below it. */
      if (i == 0)
        gtk_label_set_markup (GTK_LABEL (self->line), moves);
      text = g_strdup_printf ("%s  %s", row_score, moves);
      gtk_label_set_markup (GTK_LABEL (self->rows[i]), text);
    }
}

void
chancellor_analysis_view_set_position (ChancellorAnalysisView *self,
                                       ChancellorGame         *game,
                                       guint                   ply,
                                       gboolean                flipped)
{
  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  g_set_object (&self->game, game);
  self->ply = ply;
  self->flipped = flipped;
}

/* The popover leaves the lines visible: beside the panel, on the side
 * away from the window's edge, when it fits there (the panel beside the
 * board: it covers the board), else above the panel (the panel under the
 * board in a narrow window: it covers the board or the clocks), pointing
 * at the row clicked. */
static void
place_popover (ChancellorAnalysisView *self,
               GtkWidget              *label)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  graphene_rect_t row, panel;
  int popover_width;

  if (!gtk_widget_compute_bounds (label, GTK_WIDGET (self), &row)
      || !gtk_widget_compute_bounds (GTK_WIDGET (self), root, &panel))
    return;
  /* The popover itself measures nothing until shown: its content, with
   * room for its frame and arrow. */
  gtk_widget_measure (gtk_popover_get_child (GTK_POPOVER (self->popover)), GTK_ORIENTATION_HORIZONTAL, -1,
                      NULL, &popover_width, NULL, NULL);
  popover_width += POPOVER_FRAME;
  if (panel.origin.x >= popover_width)
    {
      gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_LEFT);
      gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                   &(GdkRectangle) { 0, (int) row.origin.y, 1, (int) row.size.height });
    }
  else if (gtk_widget_get_width (root) - panel.origin.x - panel.size.width >= popover_width)
    {
      gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_RIGHT);
      gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                   &(GdkRectangle) { gtk_widget_get_width (GTK_WIDGET (self)) - 1,
                                                     (int) row.origin.y, 1, (int) row.size.height });
    }
  else
    {
      gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_TOP);
      gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                   &(GdkRectangle) { (int) row.origin.x, 0, (int) row.size.width, 1 });
    }
}

/* Shows, in the popover by label, the position after move (0 = the
 * first) of line index; false when it cannot be played (the game went). */
static gboolean
show_line_position (ChancellorAnalysisView *self,
                    GtkWidget              *label,
                    guint                   index,
                    guint                   move)
{
  g_autoptr (ChancellorGame) preview = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) words = NULL;
  g_autoptr (GString) caption = g_string_new (NULL);
  guint played = 0;

  if (self->game == NULL || index >= CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX || self->moves[index] == NULL
      || move >= g_strv_length (self->moves[index]) || self->ply > chancellor_game_get_n_moves (self->game))
    return FALSE;
  fen = chancellor_game_get_fen (self->game, self->ply);
  preview = chancellor_game_new (chancellor_game_get_variant_id (self->game), fen, NULL);
  if (preview == NULL)
    return FALSE;
  for (guint i = 0; i <= move; i++)
    if (!chancellor_game_play_text (preview, self->moves[index][i], NULL))
      return FALSE;

  /* The line up to that move, with its move numbers. */
  words = g_strsplit (self->sans[index] ? self->sans[index] : "", " ", -1);
  for (guint i = 0; words[i] && played <= move; i++)
    {
      if (caption->len > 0)
        g_string_append_c (caption, ' ');
      g_string_append (caption, words[i]);
      if (!is_move_number (words[i]))
        played++;
    }
  chancellor_board_preview_set_game (CHANCELLOR_BOARD_PREVIEW (self->preview), preview);
  chancellor_board_view_set_flipped (chancellor_board_preview_get_board_view (CHANCELLOR_BOARD_PREVIEW (self->preview)),
                                     self->flipped);
  gtk_label_set_label (GTK_LABEL (self->preview_caption), caption->str);
  place_popover (self, label);
  gtk_popover_popup (GTK_POPOVER (self->popover));
  return TRUE;
}

/* A move of a line clicked: "line:move". */
static gboolean
move_link_activated (GtkLabel               *label,
                     const char             *uri,
                     ChancellorAnalysisView *self)
{
  guint index, move;

  if (sscanf (uri, "%u:%u", &index, &move) == 2)
    show_line_position (self, GTK_WIDGET (label), index, move);
  return TRUE;
}

gboolean
chancellor_analysis_view_activate_move (ChancellorAnalysisView *self,
                                        guint                   index,
                                        guint                   move)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), FALSE);

  return show_line_position (self, self->n_rows > 1 ? self->rows[MIN (index, CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX - 1)]
                                                    : self->line, index, move);
}

ChancellorGame *
chancellor_analysis_view_get_preview_game (ChancellorAnalysisView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  if (!gtk_widget_get_visible (self->popover))
    return NULL;
  return chancellor_board_preview_get_game (CHANCELLOR_BOARD_PREVIEW (self->preview));
}

GtkPopover *
chancellor_analysis_view_get_preview_popover (ChancellorAnalysisView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  return GTK_POPOVER (self->popover);
}

const char *
chancellor_analysis_view_get_row_text (ChancellorAnalysisView *self,
                                       guint                   index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  if (index >= CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX || !gtk_widget_get_visible (self->rows_box)
      || !gtk_widget_get_visible (self->rows[index]))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->rows[index]));
}

void
chancellor_analysis_view_set_waiting (ChancellorAnalysisView *self)
{
  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));

  analysis_view_show (self, "…", "", _("Analysing…"), TRUE);
}

void
chancellor_analysis_view_set_result (ChancellorAnalysisView *self,
                                     const char             *result,
                                     const char             *description)
{
  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));

  analysis_view_show (self, result, "", description, TRUE);
}

const char *
chancellor_analysis_view_get_score_text (ChancellorAnalysisView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->score));
}

const char *
chancellor_analysis_view_get_line_text (ChancellorAnalysisView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->line));
}

static void
chancellor_analysis_view_dispose (GObject *object)
{
  ChancellorAnalysisView *self = CHANCELLOR_ANALYSIS_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_object (&self->game);
  for (guint i = 0; i < CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX; i++)
    {
      g_clear_pointer (&self->moves[i], g_strfreev);
      g_clear_pointer (&self->sans[i], g_free);
    }

  G_OBJECT_CLASS (chancellor_analysis_view_parent_class)->dispose (object);
}

static void
chancellor_analysis_view_class_init (ChancellorAnalysisViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_analysis_view_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "analysisview");
}

static void
chancellor_analysis_view_init (ChancellorAnalysisView *self)
{
  GtkWidget *header;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->box, "card");
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (self->box), header);

  self->score = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->score, "score");
  gtk_widget_add_css_class (self->score, "numeric");
  gtk_label_set_xalign (GTK_LABEL (self->score), 0.f);
  gtk_widget_set_hexpand (self->score, TRUE);
  gtk_box_append (GTK_BOX (header), self->score);

  self->depth = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->depth, "dim-label");
  gtk_widget_add_css_class (self->depth, "caption");
  gtk_widget_add_css_class (self->depth, "numeric");
  gtk_widget_set_valign (self->depth, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (header), self->depth);

  self->line = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->line, "line");
  gtk_label_set_xalign (GTK_LABEL (self->line), 0.f);
  gtk_label_set_wrap (GTK_LABEL (self->line), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->line), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (self->line), 3);
  gtk_label_set_ellipsize (GTK_LABEL (self->line), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (self->line), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (self->line), 24);
  g_signal_connect (self->line, "activate-link", G_CALLBACK (move_link_activated), self);
  gtk_box_append (GTK_BOX (self->box), self->line);

  self->rows_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_visible (self->rows_box, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->rows_box);
  for (guint i = 0; i < CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX; i++)
    {
      self->rows[i] = gtk_label_new (" ");
      gtk_widget_add_css_class (self->rows[i], "line");
      gtk_widget_add_css_class (self->rows[i], "numeric");
      gtk_label_set_xalign (GTK_LABEL (self->rows[i]), 0.f);
      gtk_label_set_single_line_mode (GTK_LABEL (self->rows[i]), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (self->rows[i]), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (self->rows[i]), 24);
      gtk_label_set_max_width_chars (GTK_LABEL (self->rows[i]), 24);
      g_signal_connect (self->rows[i], "activate-link", G_CALLBACK (move_link_activated), self);
      gtk_box_append (GTK_BOX (self->rows_box), self->rows[i]);
    }

  {
    GtkWidget *preview_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    self->preview = chancellor_board_preview_new ();
    chancellor_board_preview_set_square_size (CHANCELLOR_BOARD_PREVIEW (self->preview), PREVIEW_SQUARE_SIZE);
    gtk_box_append (GTK_BOX (preview_box), self->preview);
    self->preview_caption = gtk_label_new (NULL);
    gtk_label_set_wrap (GTK_LABEL (self->preview_caption), TRUE);
    gtk_label_set_max_width_chars (GTK_LABEL (self->preview_caption), 32);
    gtk_label_set_xalign (GTK_LABEL (self->preview_caption), 0.f);
    gtk_box_append (GTK_BOX (preview_box), self->preview_caption);
    self->popover = gtk_popover_new ();
    gtk_popover_set_child (GTK_POPOVER (self->popover), preview_box);
    gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
  }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Analysis"),
                                  -1);
  chancellor_analysis_view_set_waiting (self);
}

GtkWidget *
chancellor_analysis_view_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_ANALYSIS_VIEW, NULL);
}
