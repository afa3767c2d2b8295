/* chancellor-position-editor.c — Set Up Position (chancellor-position-editor.h).
 *
 * The board is a grid of pictures, one a square, drawn with the pieces'
 * own art; every kind the game has is in the palette, from the game's
 * facts, never from a list of ours.  Whether the position can be played
 * is the engine's judgement alone: each change composes the FEN and asks
 * chancellor_game_new(), whose message is shown as it comes.
 */
#define G_LOG_DOMAIN "chancellor-position-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chancellor-piece-art.h"
#include "chancellor-position-editor.h"

#define SQUARE_PIXELS 44
#define TOOL_PIXELS 34

static const char castling_letters[] = "KQkq";

struct _ChancellorPositionEditor {
  AdwWindow parent_instance;

  ChancellorGame *game;          /* the game's facts: board, kinds, letters */
  int files, ranks;
  ChancellorPiece *board;        /* files × ranks, a1 first */
  ChancellorColor side;
  gboolean castling[4];          /* castling_letters */
  char *en_passant;
  int tool_type;                 /* -1: the eraser */
  ChancellorColor tool_color;
  char *problem;                 /* the engine's refusal, or NULL */

  ChancellorPieceArt *art;
  GtkWidget **squares;           /* GtkPicture per square */
  GtkWidget **tools;             /* 2 × types + 1 (the eraser last) */
  GtkWidget *side_buttons[2];
  GtkWidget *castling_checks[4];
  GtkWidget *en_passant_entry;
  GtkWidget *problem_label;
  gboolean syncing;              /* controls being set from the state */
};

G_DEFINE_FINAL_TYPE (ChancellorPositionEditor, chancellor_position_editor, ADW_TYPE_WINDOW)

enum {
  SIGNAL_POSITION_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GdkTexture *
piece_texture (ChancellorPositionEditor *self,
               int                       type,
               ChancellorColor           color,
               int                       pixels)
{
  int art = chancellor_piece_art_for_kind (chancellor_game_get_piece_kind_id (self->game, type));

  return chancellor_piece_art_get_texture (self->art, art, color, chancellor_game_get_piece_letter (self->game, type),
                                           pixels * gtk_widget_get_scale_factor (GTK_WIDGET (self)));
}

static void
show_square (ChancellorPositionEditor *self,
             int                       square)
{
  ChancellorPiece piece = self->board[square];

  gtk_picture_set_paintable (GTK_PICTURE (self->squares[square]),
                             piece.present ? GDK_PAINTABLE (piece_texture (self, piece.type, piece.color,
                                                                           SQUARE_PIXELS))
                                           : NULL);
}

static void
validate (ChancellorPositionEditor *self)
{
  g_autofree char *fen = chancellor_position_editor_dup_fen (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChancellorGame) game = chancellor_game_new (chancellor_game_get_variant_id (self->game), fen, &error);

  g_clear_pointer (&self->problem, g_free);
  if (!game)
    self->problem = g_strdup (error->message);
  gtk_label_set_text (GTK_LABEL (self->problem_label), self->problem ? self->problem : _("The position can be played."));
  if (self->problem)
    gtk_widget_add_css_class (self->problem_label, "error");
  else
    gtk_widget_remove_css_class (self->problem_label, "error");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "position-editor.start", game != NULL);
}

/* The controls as the state says, without their handlers editing it. */
static void
sync_controls (ChancellorPositionEditor *self)
{
  self->syncing = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->side_buttons[self->side]), TRUE);
  for (int i = 0; i < 4; i++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->castling_checks[i]), self->castling[i]);
  gtk_editable_set_text (GTK_EDITABLE (self->en_passant_entry), self->en_passant ? self->en_passant : "");
  self->syncing = FALSE;
  for (int sq = 0; sq < self->files * self->ranks; sq++)
    show_square (self, sq);
  validate (self);
}

/* The board, side, castling and en passant of game after ply. */
static void
load_position (ChancellorPositionEditor *self,
               ChancellorGame           *game,
               guint                     ply)
{
  g_autofree char *fen = chancellor_game_get_fen (game, ply);
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);

  for (int sq = 0; sq < self->files * self->ranks; sq++)
    self->board[sq] = chancellor_game_get_piece (game, ply, sq);
  self->side = chancellor_game_get_side_to_move (game, ply);
  for (int i = 0; i < 4; i++)
    self->castling[i] = g_strv_length (fields) > 2 && strchr (fields[2], castling_letters[i]) != NULL;
  g_free (self->en_passant);
  self->en_passant = g_strv_length (fields) > 3 && strcmp (fields[3], "-") != 0 ? g_strdup (fields[3]) : NULL;
}

/* Signal handlers */

/* On release, so that a drag from the square (which cancels the click)
 * moves its piece instead. */
static void
square_released (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 gpointer         data)
{
  ChancellorPositionEditor *self = data;
  GtkWidget *square = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  chancellor_position_editor_click_square (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (square), "square")),
                                           button == GDK_BUTTON_SECONDARY);
}

static void
tool_toggled (GtkToggleButton          *button,
              ChancellorPositionEditor *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->tool_type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "type"));
  self->tool_color = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "color"));
}

static void
side_toggled (GtkToggleButton          *button,
              ChancellorPositionEditor *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button))
    return;
  self->side = button == GTK_TOGGLE_BUTTON (self->side_buttons[CHANCELLOR_COLOR_WHITE]) ? CHANCELLOR_COLOR_WHITE
                                                                                        : CHANCELLOR_COLOR_BLACK;
  validate (self);
}

static void
castling_toggled (GtkCheckButton           *check,
                  ChancellorPositionEditor *self)
{
  if (self->syncing)
    return;
  for (int i = 0; i < 4; i++)
    self->castling[i] = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->castling_checks[i]));
  validate (self);
}

static void
en_passant_changed (GtkEditable              *editable,
                    ChancellorPositionEditor *self)
{
  const char *text = gtk_editable_get_text (editable);

  if (self->syncing)
    return;
  g_free (self->en_passant);
  self->en_passant = *text ? g_strstrip (g_strdup (text)) : NULL;
  validate (self);
}

/* Actions */

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ChancellorPositionEditor *self = CHANCELLOR_POSITION_EDITOR (widget);
  g_autofree char *fen = chancellor_position_editor_dup_fen (self);
  g_autoptr (ChancellorGame) game = chancellor_game_new (chancellor_game_get_variant_id (self->game), fen, NULL);

  if (!game)
    return;
  g_signal_emit (self, signals[SIGNAL_POSITION_CHOSEN], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
board_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ChancellorPositionEditor *self = CHANCELLOR_POSITION_EDITOR (widget);

  if (g_str_equal (action_name, "position-editor.clear"))
    chancellor_position_editor_clear (self);
  else
    chancellor_position_editor_reset (self);
}

/* Dragging: a piece from the palette onto a square, or from one square
 * to another; a piece dragged off the board goes.  The payload is "p T C"
 * for the palette's type and colour, "s SQUARE" for a square's piece. */

static GdkContentProvider *
drag_prepare (GtkDragSource            *source,
              double                    x,
              double                    y,
              ChancellorPositionEditor *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autofree char *payload = NULL;
  ChancellorPiece piece;
  int square;

  if (GTK_IS_BUTTON (widget))
    {
      piece.type = (guint8) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "type"));
      piece.color = (guint8) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "color"));
      payload = g_strdup_printf ("p %d %d", piece.type, piece.color);
    }
  else
    {
      square = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "square"));
      piece = self->board[square];
      if (!piece.present)
        return NULL;
      payload = g_strdup_printf ("s %d", square);
    }
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (piece_texture (self, piece.type, piece.color, SQUARE_PIXELS)),
                            SQUARE_PIXELS / 2, SQUARE_PIXELS / 2);
  return gdk_content_provider_new_typed (G_TYPE_STRING, payload);
}

static gboolean
drag_cancelled (GtkDragSource            *source,
                GdkDrag                  *drag,
                GdkDragCancelReason       reason,
                ChancellorPositionEditor *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));

  /* Dropped off the board: a square's piece leaves it. */
  if (!GTK_IS_BUTTON (widget) && reason == GDK_DRAG_CANCEL_NO_TARGET)
    chancellor_position_editor_move_piece (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "square")),
                                           -1);
  return FALSE;
}

static void
add_drag_source (ChancellorPositionEditor *self,
                 GtkWidget                *widget)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare), self);
  g_signal_connect (source, "drag-cancel", G_CALLBACK (drag_cancelled), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (source));
}

static gboolean
dropped (GtkDropTarget            *target,
         const GValue             *value,
         double                    x,
         double                    y,
         ChancellorPositionEditor *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  int square = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "square"));
  const char *payload = g_value_get_string (value);
  int a = -1, b = -1;

  if (payload && sscanf (payload, "p %d %d", &a, &b) == 2 && a >= 0
      && a < chancellor_game_get_piece_type_count (self->game) && (b == 0 || b == 1))
    chancellor_position_editor_set_piece (self, square, a, (ChancellorColor) b);
  else if (payload && sscanf (payload, "s %d", &a) == 1 && a >= 0 && a < self->files * self->ranks)
    chancellor_position_editor_move_piece (self, a, square);
  else
    return FALSE;
  return TRUE;
}

static void
add_drop_target (ChancellorPositionEditor *self,
                 GtkWidget                *widget)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  g_signal_connect (target, "drop", G_CALLBACK (dropped), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (target));
}

/* Building */

static GtkWidget *
build_board (ChancellorPositionEditor *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_widget_add_css_class (grid, "position-editor-board");
  gtk_widget_set_valign (grid, GTK_ALIGN_START);
  for (int rank = 0; rank < self->ranks; rank++)
    {
      g_autofree char *number = g_strdup_printf ("%d", rank + 1);
      GtkWidget *label = gtk_label_new (number);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_end (label, 6);
      gtk_grid_attach (GTK_GRID (grid), label, 0, self->ranks - 1 - rank, 1, 1);
    }
  for (int file = 0; file < self->files; file++)
    {
      char letter[2] = { (char) ('a' + file), 0 };
      GtkWidget *label = gtk_label_new (letter);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), label, file + 1, self->ranks, 1, 1);
    }
  for (int sq = 0; sq < self->files * self->ranks; sq++)
    {
      int file = sq % self->files, rank = sq / self->files;
      GtkWidget *picture = gtk_picture_new ();
      GtkGesture *click = gtk_gesture_click_new ();

      gtk_widget_set_size_request (picture, SQUARE_PIXELS, SQUARE_PIXELS);
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
      gtk_widget_add_css_class (picture, "position-editor-square");
      gtk_widget_add_css_class (picture, (file + rank) % 2 ? "light" : "dark");
      g_object_set_data (G_OBJECT (picture), "square", GINT_TO_POINTER (sq));
      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
      g_signal_connect (click, "released", G_CALLBACK (square_released), self);
      gtk_widget_add_controller (picture, GTK_EVENT_CONTROLLER (click));
      add_drag_source (self, picture);
      add_drop_target (self, picture);
      gtk_grid_attach (GTK_GRID (grid), picture, file + 1, self->ranks - 1 - rank, 1, 1);
      self->squares[sq] = picture;
    }
  return grid;
}

static GtkWidget *
build_palette (ChancellorPositionEditor *self)
{
  int types = chancellor_game_get_piece_type_count (self->game);
  GtkWidget *grid = gtk_grid_new ();
  GtkToggleButton *group = NULL;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
  for (int i = 0; i < 2 * types + 1; i++)
    {
      gboolean eraser = i == 2 * types;
      int type = eraser ? -1 : i % types;
      ChancellorColor color = i < types ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK;
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *image;

      if (eraser)
        {
          image = gtk_image_new_from_icon_name ("edit-clear-symbolic");
          gtk_widget_set_tooltip_text (button, _("Empty a square"));
        }
      else
        {
          image = gtk_picture_new_for_paintable (GDK_PAINTABLE (piece_texture (self, type, color, TOOL_PIXELS)));
          gtk_widget_set_tooltip_text (button, chancellor_game_get_piece_name (self->game, type));
        }
      gtk_widget_set_size_request (image, TOOL_PIXELS, TOOL_PIXELS);
      gtk_button_set_child (GTK_BUTTON (button), image);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "type", GINT_TO_POINTER (type));
      g_object_set_data (G_OBJECT (button), "color", GINT_TO_POINTER (color));
      if (group)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      g_signal_connect (button, "toggled", G_CALLBACK (tool_toggled), self);
      if (!eraser)
        add_drag_source (self, button);
      gtk_grid_attach (GTK_GRID (grid), button, eraser ? 0 : type, eraser ? 2 : (int) color, 1, 1);
      self->tools[i] = button;
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tools[0]), TRUE);
  return grid;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  return label;
}

static GtkWidget *
build_controls (ChancellorPositionEditor *self)
{
  static const char *const castling_names[] = {
    N_("White, king’s side (K)"), N_("White, queen’s side (Q)"),
    N_("Black, king’s side (k)"), N_("Black, queen’s side (q)"),
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *sides = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *castling = gtk_grid_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button;

  gtk_widget_set_size_request (box, 320, -1);
  gtk_box_append (GTK_BOX (box), heading (_("Pieces")));
  gtk_box_append (GTK_BOX (box), build_palette (self));

  gtk_box_append (GTK_BOX (box), heading (_("Side to Move")));
  gtk_widget_add_css_class (sides, "linked");
  self->side_buttons[CHANCELLOR_COLOR_WHITE] = gtk_toggle_button_new_with_label (_("White"));
  self->side_buttons[CHANCELLOR_COLOR_BLACK] = gtk_toggle_button_new_with_label (_("Black"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->side_buttons[CHANCELLOR_COLOR_BLACK]),
                               GTK_TOGGLE_BUTTON (self->side_buttons[CHANCELLOR_COLOR_WHITE]));
  for (int c = 0; c < 2; c++)
    {
      gtk_widget_set_hexpand (self->side_buttons[c], TRUE);
      g_signal_connect (self->side_buttons[c], "toggled", G_CALLBACK (side_toggled), self);
      gtk_box_append (GTK_BOX (sides), self->side_buttons[c]);
    }
  gtk_box_append (GTK_BOX (box), sides);

  gtk_box_append (GTK_BOX (box), heading (_("Castling Rights")));
  for (int i = 0; i < 4; i++)
    {
      self->castling_checks[i] = gtk_check_button_new_with_label (_(castling_names[i]));
      g_signal_connect (self->castling_checks[i], "toggled", G_CALLBACK (castling_toggled), self);
      gtk_grid_attach (GTK_GRID (castling), self->castling_checks[i], i / 2, i % 2, 1, 1);
    }
  gtk_box_append (GTK_BOX (box), castling);

  gtk_box_append (GTK_BOX (box), heading (_("En Passant Square")));
  self->en_passant_entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->en_passant_entry), _("None"));
  g_signal_connect (self->en_passant_entry, "changed", G_CALLBACK (en_passant_changed), self);
  gtk_box_append (GTK_BOX (box), self->en_passant_entry);

  gtk_widget_set_margin_top (buttons, 12);
  button = gtk_button_new_with_mnemonic (_("_Empty Board"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "position-editor.clear");
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_mnemonic (_("Start _Position"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "position-editor.reset");
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (box), buttons);

  self->problem_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->problem_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->problem_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->problem_label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->problem_label), 40);
  gtk_label_set_selectable (GTK_LABEL (self->problem_label), TRUE);
  gtk_widget_set_margin_top (self->problem_label, 12);
  gtk_box_append (GTK_BOX (box), self->problem_label);
  return box;
}

static void
chancellor_position_editor_dispose (GObject *object)
{
  ChancellorPositionEditor *self = CHANCELLOR_POSITION_EDITOR (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->art, chancellor_piece_art_free);
  G_OBJECT_CLASS (chancellor_position_editor_parent_class)->dispose (object);
}

static void
chancellor_position_editor_finalize (GObject *object)
{
  ChancellorPositionEditor *self = CHANCELLOR_POSITION_EDITOR (object);

  g_free (self->board);
  g_free (self->squares);
  g_free (self->tools);
  g_free (self->en_passant);
  g_free (self->problem);
  G_OBJECT_CLASS (chancellor_position_editor_parent_class)->finalize (object);
}

static void
chancellor_position_editor_class_init (ChancellorPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_position_editor_dispose;
  object_class->finalize = chancellor_position_editor_finalize;

  /* A game of the position set up (the editor closes after it). */
  signals[SIGNAL_POSITION_CHOSEN] =
    g_signal_new ("position-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHANCELLOR_TYPE_GAME);

  gtk_widget_class_install_action (widget_class, "position-editor.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "position-editor.clear", NULL, board_action);
  gtk_widget_class_install_action (widget_class, "position-editor.reset", NULL, board_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chancellor_position_editor_init (ChancellorPositionEditor *self)
{
  self->art = chancellor_piece_art_new ();
}

ChancellorPositionEditor *
chancellor_position_editor_new (GtkWindow      *parent,
                                ChancellorGame *game,
                                guint           ply)
{
  ChancellorPositionEditor *self;
  GtkWidget *content, *header, *cancel, *start, *body;
  g_autofree char *title = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);
  g_return_val_if_fail (chancellor_game_has_ply (game, ply), NULL);

  self = g_object_new (CHANCELLOR_TYPE_POSITION_EDITOR, "modal", TRUE, "transient-for", parent, NULL);
  /* The editor's own game: the facts, and the start that Start Position sets. */
  self->game = chancellor_game_new (chancellor_game_get_variant_id (game), NULL, NULL);
  self->files = chancellor_game_get_files (game);
  self->ranks = chancellor_game_get_ranks (game);
  self->board = g_new0 (ChancellorPiece, self->files * self->ranks);
  self->squares = g_new0 (GtkWidget *, self->files * self->ranks);
  self->tools = g_new0 (GtkWidget *, 2 * chancellor_game_get_piece_type_count (game) + 1);
  self->tool_type = 0;
  load_position (self, game, ply);

  title = g_strdup_printf (_("Set Up Position: %s"), chancellor_game_get_variant_name (game));
  gtk_window_set_title (GTK_WINDOW (self), title);
  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  start = gtk_button_new_with_mnemonic (_("_Start Game"));
  gtk_widget_add_css_class (start, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (start), "position-editor.start");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), start);
  gtk_box_append (GTK_BOX (content), header);

  body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  gtk_widget_set_margin_start (body, 18);
  gtk_widget_set_margin_end (body, 18);
  gtk_widget_set_margin_top (body, 18);
  gtk_widget_set_margin_bottom (body, 18);
  gtk_box_append (GTK_BOX (body), build_board (self));
  gtk_box_append (GTK_BOX (body), build_controls (self));
  gtk_box_append (GTK_BOX (content), body);
  adw_window_set_content (ADW_WINDOW (self), content);
  sync_controls (self);
  return self;
}

void
chancellor_position_editor_set_piece (ChancellorPositionEditor *self,
                                      int                       square,
                                      int                       type,
                                      ChancellorColor           color)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));
  g_return_if_fail (square >= 0 && square < self->files * self->ranks);
  g_return_if_fail (type < chancellor_game_get_piece_type_count (self->game));

  self->board[square].present = type >= 0;
  self->board[square].type = (guint8) MAX (type, 0);
  self->board[square].color = (guint8) color;
  show_square (self, square);
  validate (self);
}

ChancellorPiece
chancellor_position_editor_get_piece (ChancellorPositionEditor *self,
                                      int                       square)
{
  ChancellorPiece none = { 0, 0, FALSE };

  g_return_val_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self), none);
  g_return_val_if_fail (square >= 0 && square < self->files * self->ranks, none);

  return self->board[square];
}

void
chancellor_position_editor_choose_tool (ChancellorPositionEditor *self,
                                        int                       type,
                                        ChancellorColor           color)
{
  int types;

  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));
  types = chancellor_game_get_piece_type_count (self->game);
  g_return_if_fail (type < types);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tools[type < 0 ? 2 * types : (int) color * types + type]),
                                TRUE);
}

/* A click puts the palette's piece on the square (or takes it off when it
 * is there already); the eraser and a right click empty it. */
void
chancellor_position_editor_click_square (ChancellorPositionEditor *self,
                                         int                       square,
                                         gboolean                  secondary)
{
  ChancellorPiece piece;

  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));
  g_return_if_fail (square >= 0 && square < self->files * self->ranks);

  piece = self->board[square];
  if (secondary || self->tool_type < 0
      || (piece.present && piece.type == self->tool_type && piece.color == self->tool_color))
    chancellor_position_editor_set_piece (self, square, -1, CHANCELLOR_COLOR_WHITE);
  else
    chancellor_position_editor_set_piece (self, square, self->tool_type, self->tool_color);
}

void
chancellor_position_editor_move_piece (ChancellorPositionEditor *self,
                                       int                       from,
                                       int                       to)
{
  ChancellorPiece piece;

  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));
  g_return_if_fail (from >= 0 && from < self->files * self->ranks);
  g_return_if_fail (to < self->files * self->ranks);

  piece = self->board[from];
  if (from == to || !piece.present)
    return;
  self->board[from].present = FALSE;
  show_square (self, from);
  if (to >= 0)
    chancellor_position_editor_set_piece (self, to, piece.type, (ChancellorColor) piece.color);
  else
    validate (self);
}

void
chancellor_position_editor_set_side_to_move (ChancellorPositionEditor *self,
                                             ChancellorColor           color)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));

  self->side = color;
  sync_controls (self);
}

void
chancellor_position_editor_set_castling (ChancellorPositionEditor *self,
                                         const char               *castling)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));

  for (int i = 0; i < 4; i++)
    self->castling[i] = castling && strchr (castling, castling_letters[i]) != NULL;
  sync_controls (self);
}

void
chancellor_position_editor_set_en_passant (ChancellorPositionEditor *self,
                                           const char               *square)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));

  g_free (self->en_passant);
  self->en_passant = square && *square ? g_strdup (square) : NULL;
  sync_controls (self);
}

void
chancellor_position_editor_clear (ChancellorPositionEditor *self)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));

  memset (self->board, 0, sizeof *self->board * (size_t) (self->files * self->ranks));
  memset (self->castling, 0, sizeof self->castling);
  g_clear_pointer (&self->en_passant, g_free);
  sync_controls (self);
}

void
chancellor_position_editor_reset (ChancellorPositionEditor *self)
{
  g_return_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self));

  load_position (self, self->game, 0);
  sync_controls (self);
}

char *
chancellor_position_editor_dup_fen (ChancellorPositionEditor *self)
{
  char castling[5];
  int n = 0;

  g_return_val_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self), NULL);

  for (int i = 0; i < 4; i++)
    if (self->castling[i])
      castling[n++] = castling_letters[i];
  castling[n] = '\0';
  return chancellor_game_compose_fen (self->game, self->board, self->side, castling, self->en_passant);
}

const char *
chancellor_position_editor_get_problem (ChancellorPositionEditor *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_POSITION_EDITOR (self), NULL);

  return self->problem;
}
