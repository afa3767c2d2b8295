/* chancellor-move-list-annotate.c — annotating the move shown: the
 * comment editor, the assessment (! ? !! ?? !? ?!), the variations'
 * clearing, a side line's promotion and deletion, and the menu that offers
 * them at a move (right click, long press, Shift+F10 or Menu).  The list itself is chancellor-move-list.c;
 * the state both share is in chancellor-move-list-private.h.
 */
#define G_LOG_DOMAIN "chancellor-move-list"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-game-review.h"
#include "chancellor-move-list-private.h"
#include "chancellor-pgn.h"

/* Annotating the move shown */

void
_chancellor_move_list_update_annotate_actions (ChancellorMoveList *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean move = self->game && self->ply >= 1;

  gtk_widget_action_set_enabled (widget, "move-list.edit-comment", self->game != NULL);
  gtk_widget_action_set_enabled (widget, "move-list.assessment", move);
  gtk_widget_action_set_enabled (widget, "move-list.clear-variations",
                                 move && chancellor_game_get_n_variations (self->game, self->ply) > 0);
  gtk_widget_action_set_enabled (widget, "move-list.promote-variation",
                                 self->game && chancellor_game_is_side_ply (self->game, self->ply));
  gtk_widget_action_set_enabled (widget, "move-list.delete-variation",
                                 self->game && chancellor_game_is_side_ply (self->game, self->ply));
}

guint
_chancellor_move_list_get_assessment (ChancellorMoveList *self)
{
  if (!self->game || self->ply == 0)
    return 0;
  return chancellor_game_review_read_mark (self->game, self->ply);
}

/* The move's assessment (1..6) replaces the one it had; its other NAGs
 * stay. */
void
_chancellor_move_list_set_assessment (ChancellorMoveList *self,
                                      guint               assessment)
{
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint8 kept[CHANCELLOR_GAME_NAGS_MAX];
  guint n, n_kept = 0;

  if (!self->game || self->ply == 0 || assessment > CHANCELLOR_MOVE_MARK_INACCURACY)
    return;
  n = MIN (chancellor_game_get_nags (self->game, self->ply, nags, G_N_ELEMENTS (nags)), G_N_ELEMENTS (nags));
  if (assessment != 0)
    kept[n_kept++] = (guint8) assessment;
  for (guint i = 0; i < n && n_kept < G_N_ELEMENTS (kept); i++)
    if (!_chancellor_move_list_nag_is_assessment (nags[i]))
      kept[n_kept++] = nags[i];
  chancellor_game_set_nags (self->game, self->ply, kept, n_kept);
}

/* Where a popover for the move shown points: at its button, or at the
 * game's first comment or the list for the start position. */
static void
point_at_current (ChancellorMoveList *self,
                  GtkPopover         *popover)
{
  GtkWidget *target = self->current_button;
  graphene_rect_t bounds;

  if (!target && gtk_widget_get_visible (GTK_WIDGET (self->opening_comment)))
    target = GTK_WIDGET (self->opening_comment);
  if (!target)
    target = GTK_WIDGET (self->scrolled);
  if (gtk_widget_compute_bounds (target, GTK_WIDGET (self), &bounds))
    {
      GdkRectangle rect = {
        (int) bounds.origin.x, (int) bounds.origin.y, (int) bounds.size.width, (int) bounds.size.height,
      };

      /* A move scrolled out of sight: the popover points at the list. */
      rect.y = CLAMP (rect.y, 0, MAX (gtk_widget_get_height (GTK_WIDGET (self->scrolled)) - rect.height, 0));
      gtk_popover_set_pointing_to (popover, &rect);
    }
}

void
chancellor_move_list_edit_comment (ChancellorMoveList *self)
{
  g_autofree char *text = NULL;
  g_autofree char *heading = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter end;

  g_return_if_fail (CHANCELLOR_IS_MOVE_LIST (self));

  if (!self->game)
    return;
  self->comment_ply = self->ply;
  text = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, self->ply), NULL);
  if (self->ply == 0)
    heading = g_strdup (_("Comment Before the First Move"));
  else
    {
      g_autofree char *move = _chancellor_move_list_dup_move_label (self, self->ply);

      /* TRANSLATORS: the heading of the comment editor: the move's number and SAN ("5. Nxf7") */
      heading = g_strdup_printf (_("Comment on %s"), move);
    }
  gtk_label_set_label (self->comment_heading, heading);
  buffer = gtk_text_view_get_buffer (self->comment_view);
  gtk_text_buffer_set_text (buffer, text ? text : "", -1);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_place_cursor (buffer, &end);
  point_at_current (self, GTK_POPOVER (self->comment_popover));
  gtk_popover_popup (GTK_POPOVER (self->comment_popover));
  gtk_widget_grab_focus (GTK_WIDGET (self->comment_view));
}

/* The text as the player wrote it, after the commands the comment had
 * (an analysis's [%eval] stays with the move). */
static void
save_comment (ChancellorMoveList *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->comment_view);
  g_autofree char *commands = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *text = NULL;
  g_autofree char *comment = NULL;
  GtkTextIter start, end;

  gtk_popover_popdown (GTK_POPOVER (self->comment_popover));
  if (!self->game || !chancellor_game_has_ply (self->game, self->comment_ply))
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
  /* Braces would end the comment in the file. */
  g_strdelimit (text, "{}", ' ');
  old_text = chancellor_pgn_comment_split (chancellor_game_get_comment (self->game, self->comment_ply), &commands);
  if (g_strcmp0 (old_text ? old_text : "", text) == 0)
    return;
  if (commands && *text)
    comment = g_strdup_printf ("%s %s", commands, text);
  else
    comment = g_strdup (commands ? commands : text);
  chancellor_game_set_comment (self->game, self->comment_ply, comment);
}

static void
annotate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (widget);

  if (g_str_equal (action_name, "move-list.edit-comment"))
    chancellor_move_list_edit_comment (self);
  else if (g_str_equal (action_name, "move-list.save-comment"))
    save_comment (self);
  else if (g_str_equal (action_name, "move-list.cancel-comment"))
    gtk_popover_popdown (GTK_POPOVER (self->comment_popover));
  else if (g_str_equal (action_name, "move-list.clear-variations") && self->game && self->ply >= 1)
    chancellor_game_clear_variations (self->game, self->ply);
  else if (g_str_equal (action_name, "move-list.promote-variation") && self->game)
    chancellor_move_list_set_ply (self, chancellor_game_promote_variation (self->game, self->ply));
  else if (g_str_equal (action_name, "move-list.delete-variation") && self->game)
    chancellor_move_list_set_ply (self, chancellor_game_delete_variation (self->game, self->ply));
}

static void
show_context_menu (ChancellorMoveList *self)
{
  point_at_current (self, GTK_POPOVER (self->context_menu));
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

/* The move button at x, y of the lines, or NULL. */
static GtkWidget *
move_button_at (ChancellorMoveList *self,
                double              x,
                double              y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->lines), x, y, GTK_PICK_DEFAULT);

  while (picked && picked != GTK_WIDGET (self->lines) && !g_object_get_data (G_OBJECT (picked), "ply"))
    picked = gtk_widget_get_parent (picked);
  return picked == GTK_WIDGET (self->lines) ? NULL : picked;
}

/* A right click (or a long press) on a move shows it, with the annotate
 * menu; FALSE when there is no move at x, y. */
static gboolean
show_menu_on_move_at (ChancellorMoveList *self,
                      double              x,
                      double              y,
                      gboolean            grab_focus)
{
  GtkWidget *picked = move_button_at (self, x, y);
  guint ply;

  if (!picked)
    {
      /* A side move: the link under the pointer in its line's label. */
      picked = gtk_widget_pick (GTK_WIDGET (self->lines), x, y, GTK_PICK_DEFAULT);
      while (picked && !g_object_get_data (G_OBJECT (picked), "line-ply"))
        picked = gtk_widget_get_parent (picked);
      if (!picked || !_chancellor_move_list_ply_from_uri (gtk_label_get_current_uri (GTK_LABEL (picked)), &ply))
        return FALSE;
      chancellor_move_list_set_ply (self, ply);
      show_context_menu (self);
      return TRUE;
    }
  chancellor_move_list_set_ply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (picked), "ply")));
  if (grab_focus)
    gtk_widget_grab_focus (picked);
  show_context_menu (self);
  return TRUE;
}

static void
lines_pressed (GtkGestureClick    *gesture,
               int                 n_press,
               double              x,
               double              y,
               ChancellorMoveList *self)
{
  if (show_menu_on_move_at (self, x, y, TRUE))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
lines_long_pressed (GtkGestureLongPress *gesture,
                    double               x,
                    double               y,
                    ChancellorMoveList  *self)
{
  show_menu_on_move_at (self, x, y, FALSE);
}

static gboolean
context_menu_key (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   data)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (widget);

  if (!self->game || self->ply == 0)
    return FALSE;
  show_context_menu (self);
  return TRUE;
}

static void
build_comment_popover (ChancellorMoveList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save"));
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  self->comment_popover = gtk_popover_new ();
  gtk_widget_add_css_class (self->comment_popover, "comment-editor");
  self->comment_heading = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->comment_heading, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->comment_heading), "heading");
  self->comment_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_wrap_mode (self->comment_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (self->comment_view, FALSE);
  gtk_text_view_set_top_margin (self->comment_view, 6);
  gtk_text_view_set_bottom_margin (self->comment_view, 6);
  gtk_text_view_set_left_margin (self->comment_view, 6);
  gtk_text_view_set_right_margin (self->comment_view, 6);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->comment_view),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->comment_heading, NULL,
                                  -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->comment_view));
  gtk_widget_set_size_request (scrolled, 300, -1);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_widget_set_overflow (scrolled, GTK_OVERFLOW_HIDDEN);

  /* Ctrl+Enter keeps the text, as Enter starts a new line. */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>Return"),
                                                          gtk_named_action_new ("move-list.save-comment")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>KP_Enter"),
                                                          gtk_named_action_new ("move-list.save-comment")));
  gtk_widget_add_controller (GTK_WIDGET (self->comment_view), shortcuts);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "move-list.cancel-comment");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (save), "move-list.save-comment");
  gtk_widget_set_tooltip_text (save, _("Save the Comment (Ctrl+Enter)"));
  gtk_widget_add_css_class (save, "suggested-action");
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), save);

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->comment_heading));
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_popover_set_child (GTK_POPOVER (self->comment_popover), box);
  gtk_popover_set_position (GTK_POPOVER (self->comment_popover), GTK_POS_BOTTOM);
  gtk_popover_set_default_widget (GTK_POPOVER (self->comment_popover), save);
  gtk_widget_set_parent (self->comment_popover, GTK_WIDGET (self));
}

void
_chancellor_move_list_annotate_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, lines_pressed);
  gtk_widget_class_bind_template_callback (widget_class, lines_long_pressed);
  gtk_widget_class_install_action (widget_class, "move-list.edit-comment", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "move-list.save-comment", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "move-list.cancel-comment", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "move-list.clear-variations", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "move-list.promote-variation", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "move-list.delete-variation", NULL, annotate_action);
  gtk_widget_class_install_property_action (widget_class, "move-list.assessment", "assessment");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, context_menu_key, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Menu, 0, context_menu_key, NULL);
}

void
_chancellor_move_list_annotate_init (ChancellorMoveList *self)
{
  self->context_menu = gtk_popover_menu_new_from_model (self->annotate_menu);
  gtk_popover_set_position (GTK_POPOVER (self->context_menu), GTK_POS_BOTTOM);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), TRUE);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self));
  build_comment_popover (self);
}
