/* chancellor-analysis-view.c — score, depth and line of the analysis. */
#define G_LOG_DOMAIN "chancellor-analysis-view"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-analysis-view-private.h"

#include "chancellor-engine-analysis.h"

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
      gtk_label_set_label (GTK_LABEL (self->rows[i]), " ");
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
  gtk_label_set_label (GTK_LABEL (self->line), line);
  analysis_view_show_rows (self, self->n_rows);
  label = self->n_rows > 1 ? self->rows[0] : self->line;
  gtk_label_set_label (GTK_LABEL (label), line);
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

void
chancellor_analysis_view_set_analysis (ChancellorAnalysisView   *self,
                                       const ChancellorAnalysis *analysis)
{
  g_autofree char *score = NULL;
  g_autofree char *depth = NULL;

  g_return_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self));
  g_return_if_fail (analysis != NULL);

  score = chancellor_analysis_format_score (analysis);
  /* TRANSLATORS: the search depth in plies */
  depth = g_strdup_printf (_("Depth %d"), analysis->depth);
  analysis_view_show (self, score, depth, analysis->pv, FALSE);
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
  for (guint i = 0; i < MIN (lines->len, self->n_rows); i++)
    {
      ChancellorEngineLine *line = g_ptr_array_index (lines, i);
      ChancellorAnalysis row = { .score = line->score, .mate = line->mate };
      g_autofree char *row_score = chancellor_analysis_format_score (&row);
      g_autofree char *moves = NULL;
      g_autofree char *text = NULL;

      if (line->illegal_move)
        /* TRANSLATORS: an engine's line, and the move where it was cut
         * because our rules refuse it */
        moves = g_strdup_printf (_("%s (then %s, which is illegal)"), line->pv, line->illegal_move);
      else
        moves = g_strdup (line->pv);
      /* One line: the score is the header's, the line wraps below it. */
      if (i == 0)
        gtk_label_set_label (GTK_LABEL (self->line), moves);
      text = g_strdup_printf ("%s  %s", row_score, moves);
      gtk_label_set_label (GTK_LABEL (self->rows[i]), text);
    }
}

const char *
chancellor_analysis_view_get_row_text (ChancellorAnalysisView *self,
                                       guint                   index)
{
  g_return_val_if_fail (CHANCELLOR_IS_ANALYSIS_VIEW (self), NULL);

  if (index >= CHANCELLOR_ANALYSIS_VIEW_ROWS_MAX || !gtk_widget_get_visible (self->rows_box)
      || !gtk_widget_get_visible (self->rows[index]))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (self->rows[index]));
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

  return gtk_label_get_label (GTK_LABEL (self->line));
}

static void
chancellor_analysis_view_dispose (GObject *object)
{
  ChancellorAnalysisView *self = CHANCELLOR_ANALYSIS_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);

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
      gtk_box_append (GTK_BOX (self->rows_box), self->rows[i]);
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
