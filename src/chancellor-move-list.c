/* chancellor-move-list.c — the moves of a game in numbered pairs. */
#define G_LOG_DOMAIN "chancellor-move-list"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "chancellor-enums.h"
#include "chancellor-game-analysis.h"
#include "chancellor-move-list.h"

struct _ChancellorMoveList
{
  GtkWidget parent_instance;

  GtkScrolledWindow *scrolled;
  GtkLabel *empty_label;
  GtkGrid *grid;
  GtkLabel *result_label;
  GtkWidget *browsing_box;
  GtkLabel *browsing_label;
  GtkWidget *navigation_box;

  ChancellorGame *game;
  guint ply;               /* the position shown */
  guint known_n_moves;     /* the game's length when last seen */
  guint first_move_number; /* the start FEN's move number */
  gboolean black_first;    /* the start FEN has Black to move */
  GPtrArray *move_buttons; /* GtkButton, one per ply (index ply - 1) */
  GPtrArray *row_labels;   /* GtkLabel, the number of each row */
  GtkWidget *black_first_filler;
  GtkWidget *current_button;
  char *result_text;
};

G_DEFINE_FINAL_TYPE (ChancellorMoveList, chancellor_move_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Where a ply's button goes: the row, and the column (1 White, 2 Black). */
static void
ply_cell (ChancellorMoveList *self,
          guint               ply,
          int                *row,
          int                *column)
{
  guint index = ply - 1 + (self->black_first ? 1 : 0);

  *row = (int) (index / 2);
  *column = 1 + (int) (index % 2);
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

/* A move as the game's annotations have it: its SAN with its mark ("Nf3?!")
 * in the mark's colour, and in the tooltip the verdict, the better move
 * and the score an analysis gave it. */
static void
update_move_button (ChancellorMoveList *self,
                    GtkWidget          *button,
                    guint               ply)
{
  g_autofree char *san = chancellor_game_get_san (self->game, ply);
  ChancellorMoveMark mark = chancellor_game_analysis_read_mark (self->game, ply);
  g_autofree char *label = g_strconcat (san, chancellor_move_mark_get_symbol (mark), NULL);
  g_autofree char *better = chancellor_game_analysis_read_better_move (self->game, ply);
  g_autofree char *score = NULL;
  g_autoptr (GString) tooltip = g_string_new (NULL);

  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), label) != 0)
    gtk_button_set_label (GTK_BUTTON (button), label);
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
  if (better)
    {
      if (tooltip->len)
        g_string_append_c (tooltip, ' ');
      /* TRANSLATORS: the move an analysis found better, in SAN */
      g_string_append_printf (tooltip, _("Better: %s"), better);
    }
  if (chancellor_game_analysis_read_score (self->game, ply, NULL, &score))
    {
      if (tooltip->len)
        g_string_append_c (tooltip, '\n');
      /* TRANSLATORS: the score of the position after a move ("+0.35", "#3") */
      g_string_append_printf (tooltip, _("Evaluation: %s"), score);
    }
  gtk_widget_set_tooltip_text (button, tooltip->len ? tooltip->str : NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip->str,
                                  -1);
}

static void
clear_rows (ChancellorMoveList *self)
{
  for (guint i = 0; i < self->move_buttons->len; i++)
    gtk_grid_remove (self->grid, g_ptr_array_index (self->move_buttons, i));
  for (guint i = 0; i < self->row_labels->len; i++)
    gtk_grid_remove (self->grid, g_ptr_array_index (self->row_labels, i));
  if (self->black_first_filler)
    gtk_grid_remove (self->grid, self->black_first_filler);
  g_ptr_array_set_size (self->move_buttons, 0);
  g_ptr_array_set_size (self->row_labels, 0);
  self->black_first_filler = NULL;
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

static void
update_current (ChancellorMoveList *self)
{
  GtkWidget *current = NULL;

  if (self->ply >= 1 && self->ply <= self->move_buttons->len)
    current = g_ptr_array_index (self->move_buttons, self->ply - 1);
  if (current == self->current_button)
    return;
  if (self->current_button)
    gtk_widget_remove_css_class (self->current_button, "current");
  if (current)
    gtk_widget_add_css_class (current, "current");
  self->current_button = current;
}

static void
update_actions (ChancellorMoveList *self)
{
  guint n = self->game ? chancellor_game_get_n_moves (self->game) : 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.first", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.previous", self->ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.next", self->ply < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-list.last", self->ply < n);

  gtk_widget_set_visible (self->browsing_box, self->game && self->ply < n);
  if (self->ply < n)
    {
      g_autofree char *text = NULL;

      if (self->ply == 0)
        text = g_strdup (_("The board shows the start position."));
      else
        text = g_strdup_printf (_("The board shows the position after move %u of %u."), self->ply, n);
      gtk_label_set_label (self->browsing_label, text);
    }
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

/* Brings the rows in line with the game: new moves added, moves taken back
 * removed, labels of replaced moves renewed. */
static void
sync_rows (ChancellorMoveList *self)
{
  guint n = self->game ? chancellor_game_get_n_moves (self->game) : 0;
  guint rows = n == 0 ? 0 : (n + (self->black_first ? 1 : 0) + 1) / 2;

  while (self->move_buttons->len > n)
    {
      GtkWidget *button = g_ptr_array_index (self->move_buttons, self->move_buttons->len - 1);

      if (button == self->current_button)
        self->current_button = NULL;
      gtk_grid_remove (self->grid, button);
      g_ptr_array_set_size (self->move_buttons, self->move_buttons->len - 1);
    }
  while (self->row_labels->len > rows)
    {
      gtk_grid_remove (self->grid, g_ptr_array_index (self->row_labels, self->row_labels->len - 1));
      g_ptr_array_set_size (self->row_labels, self->row_labels->len - 1);
    }
  if (self->black_first_filler && n == 0)
    {
      gtk_grid_remove (self->grid, self->black_first_filler);
      self->black_first_filler = NULL;
    }

  while (self->row_labels->len < rows)
    {
      guint row = self->row_labels->len;
      g_autofree char *number = g_strdup_printf ("%u.", self->first_move_number + row);
      GtkWidget *label = gtk_label_new (number);

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "move-number");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (self->grid, label, 0, (int) row, 1, 1);
      g_ptr_array_add (self->row_labels, label);
    }
  if (self->black_first && n > 0 && !self->black_first_filler)
    {
      self->black_first_filler = gtk_label_new ("…");
      gtk_widget_add_css_class (self->black_first_filler, "dim-label");
      gtk_grid_attach (self->grid, self->black_first_filler, 1, 0, 1, 1);
    }

  for (guint ply = 1; ply <= n; ply++)
    {
      GtkWidget *button;

      if (ply <= self->move_buttons->len)
        button = g_ptr_array_index (self->move_buttons, ply - 1);
      else
        {
          int row, column;

          button = gtk_button_new_with_label ("");
          gtk_widget_set_hexpand (button, TRUE);
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_add_css_class (button, "move");
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
          g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
          g_signal_connect (button, "clicked", G_CALLBACK (move_button_clicked), self);
          ply_cell (self, ply, &row, &column);
          gtk_grid_attach (self->grid, button, column, row, 1, 1);
          g_ptr_array_add (self->move_buttons, button);
        }
      update_move_button (self, button, ply);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), n == 0);
}

static void
annotation_changed (ChancellorMoveList *self,
                    guint               ply,
                    ChancellorGame     *game)
{
  if (ply >= 1 && ply <= self->move_buttons->len)
    update_move_button (self, g_ptr_array_index (self->move_buttons, ply - 1), ply);
}

/* Keeps the newest move in sight while the live position is shown. */
static void
scroll_upper_changed (GtkAdjustment      *adjustment,
                      GParamSpec         *pspec,
                      ChancellorMoveList *self)
{
  if (self->game && self->ply == chancellor_game_get_n_moves (self->game))
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
}

static void
game_changed (ChancellorMoveList *self)
{
  guint n = chancellor_game_get_n_moves (self->game);
  gboolean following = self->ply == self->known_n_moves || self->ply > n;

  self->known_n_moves = n;
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

  if (g_str_equal (action_name, "move-list.first"))
    ply = 0;
  else if (g_str_equal (action_name, "move-list.previous"))
    ply = ply > 0 ? ply - 1 : 0;
  else if (g_str_equal (action_name, "move-list.next"))
    ply = MIN (ply + 1, n);
  else
    ply = n;
  chancellor_move_list_set_ply (self, ply);
  focus_current (self);
}

static void
chancellor_move_list_dispose (GObject *object)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_MOVE_LIST);

  G_OBJECT_CLASS (chancellor_move_list_parent_class)->dispose (object);
}

static void
chancellor_move_list_finalize (GObject *object)
{
  ChancellorMoveList *self = CHANCELLOR_MOVE_LIST (object);

  g_ptr_array_unref (self->move_buttons);
  g_ptr_array_unref (self->row_labels);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, empty_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, grid);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, result_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, browsing_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, browsing_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorMoveList, navigation_box);

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

  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chancellor_move_list_init (ChancellorMoveList *self)
{
  self->move_buttons = g_ptr_array_new ();
  self->row_labels = g_ptr_array_new ();
  self->first_move_number = 1;

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scrolled), "notify::upper",
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
  ply = MIN (ply, n);
  if (self->ply != ply)
    {
      self->ply = ply;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
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

  return self->row_labels->len;
}

char *
chancellor_move_list_dup_row_text (ChancellorMoveList *self,
                                   guint               row)
{
  GString *text;

  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);
  g_return_val_if_fail (row < self->row_labels->len, NULL);

  text = g_string_new (gtk_label_get_label (g_ptr_array_index (self->row_labels, row)));
  if (row == 0 && self->black_first)
    g_string_append (text, " …");
  for (guint ply = 1; ply <= self->move_buttons->len; ply++)
    {
      int button_row, column;

      ply_cell (self, ply, &button_row, &column);
      if ((guint) button_row == row)
        g_string_append_printf (text, " %s",
                                gtk_button_get_label (g_ptr_array_index (self->move_buttons, ply - 1)));
    }
  return g_string_free (text, FALSE);
}

const char *
chancellor_move_list_get_result_text (ChancellorMoveList *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MOVE_LIST (self), NULL);

  return self->result_text ? self->result_text : "";
}
