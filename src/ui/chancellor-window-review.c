/* chancellor-window-review.c — the window's review of the whole game
 * (win.review-game, win.cancel-review, win.clear-review):
 * a card above the move list with the progress and a Cancel button while
 * it runs, then the evaluation graph and how many moves each side spoilt.
 *
 * The search runs on ChancellorGameReview's thread, or in the external
 * engine chosen for it ("review-engine"); this part only follows its
 * notifications, so the window stays live.  An engine that stops the
 * run (it does not play the game, fails, or names an illegal move) is
 * said in a toast.  Another game
 * shown, a move taken back or made, or the window closing cancels it.
 * Cancelled by the player, it asks whether to keep the verdicts written so
 * far: kept, the card says the analysis is partial; discarded, the game's
 * annotations are those it had before, and so is its "changed" mark.
 */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-eval-graph.h"
#include "chancellor-game-review.h"
#include "chancellor-window-private.h"

struct _ChancellorWindowReview
{
  ChancellorWindow *window;          /* unowned: the window owns this */
  ChancellorGame *game;
  ChancellorGameReview *analysis;  /* the run for game, or NULL */

  GtkWidget *card;
  GtkLabel *title_label;
  GtkWidget *cancel_button;
  GtkProgressBar *progress_bar;
  ChancellorEvalGraph *graph;
  GtkLabel *summary_label;

  GPtrArray *before;                 /* PlyNotes: the game's annotations when the run started */
  gboolean was_modified;             /* the document's "changed" mark then */
  guint partial_done;                /* a cancelled run kept: positions done, of partial_positions */
  guint partial_positions;
};

/* One main-line ply's annotations, kept to be put back. */
typedef struct {
  char *comment;
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags;
  GPtrArray *variations;             /* char *: the movetext of each */
} PlyNotes;

static void
ply_notes_free (gpointer data)
{
  PlyNotes *notes = data;

  g_free (notes->comment);
  g_ptr_array_unref (notes->variations);
  g_free (notes);
}

/* The game's annotations, before a run writes its own. */
static GPtrArray *
save_notes (ChancellorGame *game)
{
  GPtrArray *saved = g_ptr_array_new_with_free_func (ply_notes_free);

  for (guint ply = 0; ply <= chancellor_game_get_n_moves (game); ply++)
    {
      PlyNotes *notes = g_new0 (PlyNotes, 1);

      notes->comment = g_strdup (chancellor_game_get_comment (game, ply));
      notes->n_nags = MIN (chancellor_game_get_nags (game, ply, notes->nags, G_N_ELEMENTS (notes->nags)),
                           G_N_ELEMENTS (notes->nags));
      notes->variations = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < chancellor_game_get_n_variations (game, ply); i++)
        g_ptr_array_add (notes->variations, g_strdup (chancellor_game_get_variation (game, ply, i)));
      g_ptr_array_add (saved, notes);
    }
  return saved;
}

/* Puts saved annotations back (the moves are the same: a move cancels a run). */
static void
restore_notes (ChancellorGame *game,
               GPtrArray      *saved)
{
  for (guint ply = 0; ply < saved->len && ply <= chancellor_game_get_n_moves (game); ply++)
    {
      PlyNotes *notes = g_ptr_array_index (saved, ply);

      chancellor_game_set_comment (game, ply, notes->comment);
      if (ply == 0)
        continue;
      chancellor_game_set_nags (game, ply, notes->nags, notes->n_nags);
      chancellor_game_clear_variations (game, ply);
      for (guint i = 0; i < notes->variations->len; i++)
        if (!chancellor_game_add_variation (game, ply, g_ptr_array_index (notes->variations, i), NULL))
          g_warning ("A variation kept before the analysis does not read back");
    }
}

static ChancellorWindowReview *
window_analysis (GtkWidget *widget)
{
  return _chancellor_window_get_review (CHANCELLOR_WINDOW (widget));
}

static gboolean
analysis_running (ChancellorWindowReview *self)
{
  return self->analysis && chancellor_game_review_get_running (self->analysis);
}

/* "White: 1 inaccuracy, 2 blunders" from the game's marks. */
static char *
describe_marks (ChancellorGame  *game,
                ChancellorColor  color)
{
  static const ChancellorMoveMark marks[] = {
    CHANCELLOR_MOVE_MARK_INACCURACY, CHANCELLOR_MOVE_MARK_MISTAKE, CHANCELLOR_MOVE_MARK_BLUNDER,
  };
  guint counts[G_N_ELEMENTS (marks)] = { 0 };
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  int average_loss;

  for (guint ply = 1; ply <= chancellor_game_get_n_moves (game); ply++)
    {
      ChancellorMoveMark mark = chancellor_game_review_read_mark (game, ply);

      if (chancellor_game_get_side_to_move (game, ply - 1) != color)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
        if (mark == marks[i])
          counts[i]++;
    }
  if (counts[0])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u inaccuracy", "%u inaccuracies",
                                                          counts[0]), counts[0]));
  if (counts[1])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mistake", "%u mistakes",
                                                          counts[1]), counts[1]));
  if (counts[2])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u blunder", "%u blunders",
                                                          counts[2]), counts[2]));
  g_ptr_array_add (parts, NULL);
  list = parts->len > 1 ? g_strjoinv (", ", (char **) parts->pdata) : g_strdup (_("no errors"));
  average_loss = chancellor_game_review_read_average_loss (game, color);
  if (average_loss >= 0)
    /* TRANSLATORS: a side, its spoilt moves ("2 mistakes, 1 blunder") and the
     * centipawns it lost a move on average */
    return g_strdup_printf (color == CHANCELLOR_COLOR_WHITE ? _("White: %s; %d centipawns lost a move")
                                                            : _("Black: %s; %d centipawns lost a move"),
                            list, average_loss);
  /* TRANSLATORS: a side and its spoilt moves: "White: 2 mistakes, 1 blunder" */
  return g_strdup_printf (color == CHANCELLOR_COLOR_WHITE ? _("White: %s") : _("Black: %s"), list);
}

/* The card: shown while an analysis runs or the game has scores. */
static void
update_card (ChancellorWindowReview *self)
{
  gboolean running = analysis_running (self);
  gboolean has_scores = chancellor_eval_graph_get_has_scores (self->graph);
  GtkWidget *window = GTK_WIDGET (self->window);
  guint n_moves = self->game ? chancellor_game_get_n_moves (self->game) : 0;

  gtk_widget_set_visible (self->card, running || has_scores);
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  gtk_widget_set_visible (GTK_WIDGET (self->graph), has_scores);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), has_scores && !running);
  gtk_widget_action_set_enabled (window, "win.review-game",
                                 self->game && n_moves > 0
                                 && chancellor_game_get_phase (self->game) != CHANCELLOR_PHASE_RELOCATION);
  gtk_widget_action_set_enabled (window, "win.cancel-review", running);
  gtk_widget_action_set_enabled (window, "win.clear-review", has_scores && !running);

  if (running)
    {
      guint n_done = chancellor_game_review_get_n_done (self->analysis);
      guint n_positions = chancellor_game_review_get_n_positions (self->analysis);
      g_autofree char *title = g_strdup_printf (_("Analysing half-move %u of %u"),
                                                MIN (n_done + 1, n_positions - 1), n_positions - 1);

      gtk_label_set_label (self->title_label, title);
      gtk_progress_bar_set_fraction (self->progress_bar, (double) n_done / MAX (n_positions, 1));
    }
  else if (has_scores)
    {
      g_autofree char *white = describe_marks (self->game, CHANCELLOR_COLOR_WHITE);
      g_autofree char *black = describe_marks (self->game, CHANCELLOR_COLOR_BLACK);
      g_autofree char *summary = g_strdup_printf ("%s\n%s", white, black);

      if (self->partial_positions > 0)
        {
          g_autofree char *partial = NULL;

          /* TRANSLATORS: the card's line after a cancelled analysis whose verdicts were kept */
          partial = g_strdup_printf (_("Partial: %u of %u half-moves analysed.\n%s"),
                                     self->partial_done > 0 ? self->partial_done - 1 : 0,
                                     self->partial_positions - 1, summary);
          gtk_label_set_label (self->title_label, _("Game Analysis (Partial)"));
          gtk_label_set_label (self->summary_label, partial);
        }
      else
        {
          gtk_label_set_label (self->title_label, _("Game Analysis"));
          gtk_label_set_label (self->summary_label, summary);
        }
    }
}

static void
analysis_finished (ChancellorWindowReview *self,
                   gboolean                  complete)
{
  const char *failure = self->analysis ? chancellor_game_review_get_failure (self->analysis) : NULL;

  if (complete)
    {
      g_clear_pointer (&self->before, g_ptr_array_unref);
      self->partial_positions = 0;
    }
  update_card (self);
  if (complete)
    _chancellor_window_show_toast (self->window, adw_toast_new (_("The analysis of the game is done")));
  else if (failure)
    {
      /* TRANSLATORS: %s says why the engine chosen for the analysis of
       * the game stopped */
      g_autofree char *text = g_strdup_printf (_("%s The analysis of the game stopped."), failure);
      AdwToast *toast = adw_toast_new (text);

      adw_toast_set_timeout (toast, 0);
      _chancellor_window_show_toast (self->window, toast);
    }
}

static void
cancel_analysis (ChancellorWindowReview *self)
{
  if (self->analysis == NULL)
    return;
  /* At once: the run winds down on its own and is heard of no more. */
  g_signal_handlers_disconnect_by_data (self->analysis, self);
  chancellor_game_review_cancel (self->analysis);
  g_clear_object (&self->analysis);
  update_card (self);
}

static void
partial_answered (AdwMessageDialog *dialog,
                  const char       *response,
                  ChancellorWindow *window)
{
  ChancellorWindowReview *self = _chancellor_window_get_review (window);
  ChancellorGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  guint done = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "done"));
  guint positions = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "positions"));

  /* Another game shown meanwhile, or moves made: nothing to keep or undo. */
  if (game != self->game || !self->before || self->analysis)
    return;
  if (g_str_equal (response, "discard"))
    {
      restore_notes (self->game, self->before);
      chancellor_document_set_modified (chancellor_window_get_document (self->window), self->was_modified);
      self->partial_positions = 0;
    }
  else
    {
      self->partial_done = done;
      self->partial_positions = positions;
    }
  g_clear_pointer (&self->before, g_ptr_array_unref);
  update_card (self);
}

/* The player's Cancel: keep what the run wrote, or go back to before it. */
static void
ask_about_partial (ChancellorWindowReview *self,
                   guint                   done,
                   guint                   positions)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  body = g_strdup_printf (_("The analysis stopped after %u of %u half-moves. Keep the verdicts it has written "
                            "into the game, or discard them and leave the game as it was?"),
                          done > 0 ? done - 1 : 0, positions - 1);
  dialog = adw_message_dialog_new (GTK_WINDOW (self->window), _("Keep the Partial Analysis?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "keep", _("_Keep"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (self->game), g_object_unref);
  g_object_set_data (G_OBJECT (dialog), "done", GUINT_TO_POINTER (done));
  g_object_set_data (G_OBJECT (dialog), "positions", GUINT_TO_POINTER (positions));
  g_signal_connect_object (dialog, "response", G_CALLBACK (partial_answered), self->window, G_CONNECT_DEFAULT);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
game_changed (ChancellorWindowReview *self)
{
  /* The run cancels itself when the moves change; the card follows. */
  if (self->analysis && !chancellor_game_review_get_running (self->analysis))
    g_clear_object (&self->analysis);
  update_card (self);
}

static void
analyse_game_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ChancellorWindowReview *self = window_analysis (widget);
  GSettings *settings = _chancellor_window_get_settings (self->window);

  /* Pressed again while it runs: it goes on. */
  if (analysis_running (self))
    return;
  g_clear_object (&self->analysis);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  self->before = save_notes (self->game);
  self->was_modified = chancellor_document_get_modified (chancellor_window_get_document (self->window));
  self->partial_positions = 0;
  self->analysis = chancellor_game_review_new (self->game);
  /* The engine chosen for it, if not the built-in one. */
  if (settings)
    {
      g_autofree char *engine = g_settings_get_string (settings, "review-engine");

      chancellor_game_review_set_engine (self->analysis, engine);
    }
  g_signal_connect_swapped (self->analysis, "notify::n-done", G_CALLBACK (update_card), self);
  g_signal_connect_swapped (self->analysis, "notify::running", G_CALLBACK (update_card), self);
  g_signal_connect_swapped (self->analysis, "finished", G_CALLBACK (analysis_finished), self);
  chancellor_game_review_set_threads (self->analysis, _chancellor_window_analysis_threads (self->window));
  chancellor_game_review_start (self->analysis);
  update_card (self);
}

static void
cancel_game_analysis_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  ChancellorWindowReview *self = window_analysis (widget);
  guint done, positions;

  if (!analysis_running (self))
    return;
  done = chancellor_game_review_get_n_done (self->analysis);
  positions = chancellor_game_review_get_n_positions (self->analysis);
  cancel_analysis (self);
  ask_about_partial (self, done, positions);
}

static void
clear_game_analysis_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  ChancellorWindowReview *self = window_analysis (widget);

  cancel_analysis (self);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  self->partial_positions = 0;
  chancellor_game_review_clear (self->game);
  update_card (self);
}

void
_chancellor_window_review_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CHANCELLOR_TYPE_EVAL_GRAPH);

  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, analyse_game_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-review", NULL, cancel_game_analysis_action);
  gtk_widget_class_install_action (widget_class, "win.clear-review", NULL, clear_game_analysis_action);
}

/* The graph follows the main line: a side line's position is marked at
 * the main-line position it leaves from. */
static gboolean
graph_ply_of_shown (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      data)
{
  ChancellorMoveList *list = CHANCELLOR_MOVE_LIST (g_binding_dup_source (binding));
  ChancellorGame *game = chancellor_move_list_get_game (list);
  guint ply = g_value_get_uint (from);

  g_value_set_uint (to, game ? chancellor_game_get_branch_ply (game, ply) : ply);
  g_object_unref (list);
  return TRUE;
}

ChancellorWindowReview *
_chancellor_window_review_new (ChancellorWindow *window,
                                 GtkBox           *panel,
                                 GtkWidget        *sibling)
{
  ChancellorWindowReview *self = g_new0 (ChancellorWindowReview, 1);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  self->window = window;
  self->card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->card, "card");
  gtk_widget_add_css_class (self->card, "game-review");
  gtk_widget_set_visible (self->card, FALSE);

  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title_label, 0);
  /* Wrapped, never cut ("Analysing half…"); the move list sets the
   * panel's width: the card's changing text should not widen it (and
   * shrink the board) while the analysis runs. */
  gtk_label_set_wrap (self->title_label, TRUE);
  gtk_label_set_wrap_mode (self->title_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (self->title_label, 12);
  gtk_widget_set_hexpand (GTK_WIDGET (self->title_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "heading");
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->title_label));
  self->cancel_button = cancel;
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "win.cancel-review");
  gtk_widget_set_tooltip_text (cancel, _("Stop the Analysis of the Game"));
  gtk_widget_add_css_class (cancel, "flat");
  gtk_widget_set_valign (cancel, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (header), cancel);
  gtk_box_append (GTK_BOX (self->card), header);

  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Analysis of the game"), -1);
  gtk_box_append (GTK_BOX (self->card), GTK_WIDGET (self->progress_bar));

  self->graph = CHANCELLOR_EVAL_GRAPH (chancellor_eval_graph_new ());
  gtk_box_append (GTK_BOX (self->card), GTK_WIDGET (self->graph));
  self->summary_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary_label, 0);
  gtk_label_set_wrap (self->summary_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "dim-label");
  gtk_box_append (GTK_BOX (self->card), GTK_WIDGET (self->summary_label));

  gtk_box_insert_child_after (panel, self->card, sibling);
  g_signal_connect_swapped (self->graph, "notify::has-scores", G_CALLBACK (update_card), self);
  g_object_bind_property_full (chancellor_window_get_move_list (window), "ply", self->graph, "ply",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, graph_ply_of_shown, NULL,
                               NULL, NULL);
  update_card (self);
  return self;
}

void
_chancellor_window_review_set_game (ChancellorWindowReview *self,
                                      ChancellorGame           *game)
{
  if (self->game == game)
    return;
  cancel_analysis (self);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  self->partial_positions = 0;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed), self);
  chancellor_eval_graph_set_game (self->graph, game);
  gtk_widget_set_visible (self->card, FALSE);
  update_card (self);
}

void
_chancellor_window_review_free (ChancellorWindowReview *self)
{
  cancel_analysis (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  g_signal_handlers_disconnect_by_data (self->graph, self);
  g_free (self);
}

ChancellorEvalGraph *
chancellor_window_get_eval_graph (ChancellorWindow *window)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (window), NULL);

  return _chancellor_window_get_review (window)->graph;
}

ChancellorGameReview *
chancellor_window_get_game_review (ChancellorWindow *window)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (window), NULL);

  return _chancellor_window_get_review (window)->analysis;
}
