/* chancellor-rules-window.c — the rules of every game. */
#define G_LOG_DOMAIN "chancellor-rules-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-board-preview.h"
#include "chancellor-board-theme.h"
#include "chancellor-catalogue.h"
#include "chancellor-rules-window-private.h"
#include "chancellor-variant-list.h"

#define SECTIONS_MAX 8
#define DIAGRAM_SQUARE_SIZE 26
#define LEGEND_ICON_SIZE 22

struct _ChancellorRulesWindow
{
  AdwWindow parent_instance;

  GtkDropDown *games_dropdown;
  GtkScrolledWindow *scroller;
  GtkBox *content_box;

  ChancellorVariantList *games;
  GSettings *settings;
  char *variant_id;
  GPtrArray *diagrams;               /* ChancellorBoardView, owned by their previews */
  GArray *diagram_squares;           /* int */
  GString *text;
};

G_DEFINE_FINAL_TYPE (ChancellorRulesWindow, chancellor_rules_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_VARIANT_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
rules_window_add_label (ChancellorRulesWindow *self,
                        const char            *text,
                        const char            *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.f);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (self->content_box, label);
  g_string_append_printf (self->text, "%s\n", text);
}

static void
rules_window_add_sections (ChancellorRulesWindow *self,
                           gboolean               after_pieces)
{
  ChancellorRulesSection sections[SECTIONS_MAX];
  int n = chancellor_catalogue_get_rules_sections (self->variant_id, after_pieces, sections, SECTIONS_MAX);

  for (int i = 0; i < MIN (n, SECTIONS_MAX); i++)
    {
      rules_window_add_label (self, sections[i].heading, "title-4");
      rules_window_add_label (self, sections[i].body, NULL);
    }
}

/* The legend's marks, drawn as the diagrams draw them, in the board
 * colours chosen. */
static void
draw_legend_icon (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  ChancellorRulesWindow *self = CHANCELLOR_RULES_WINDOW (user_data);
  ChancellorReach reach = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "reach"));
  g_autofree char *theme = self->settings ? g_settings_get_string (self->settings, "board-theme") : NULL;
  double size = MIN (width, height), center_x = width / 2.0, center_y = height / 2.0;
  const ChancellorBoardTheme *colours = chancellor_board_theme_lookup (theme);

  if (colours == NULL)
    colours = chancellor_board_theme_get_default ();
  gdk_cairo_set_source_rgba (cr, &colours->light_square);
  cairo_rectangle (cr, center_x - size / 2, center_y - size / 2, size, size);
  cairo_fill (cr);
  gdk_cairo_set_source_rgba (cr, &colours->mark);
  if (reach != CHANCELLOR_REACH_MOVE)
    {
      cairo_set_line_width (cr, size * 0.085);
      cairo_arc (cr, center_x, center_y, size * (0.42 - 0.0425), 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  if (reach != CHANCELLOR_REACH_CAPTURE)
    {
      cairo_arc (cr, center_x, center_y, size * 0.16, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
rules_window_add_legend (ChancellorRulesWindow *self)
{
  static const struct {
    ChancellorReach reach;
    const char *text;
  } entries[] = {
    { CHANCELLOR_REACH_MOVE, N_("Moves there, only if the square is empty") },
    { CHANCELLOR_REACH_CAPTURE, N_("Captures there, and only captures") },
    { CHANCELLOR_REACH_BOTH, N_("Moves or captures there") },
  };
  GtkWidget *legend = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (legend), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (legend), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (legend), 18);
  gtk_widget_add_css_class (legend, "legend");
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      GtkWidget *entry = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *icon = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (_(entries[i].text));

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), LEGEND_ICON_SIZE);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), LEGEND_ICON_SIZE);
      g_object_set_data (G_OBJECT (icon), "reach", GINT_TO_POINTER (entries[i].reach));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_legend_icon, self, NULL);
      if (self->settings)
        g_signal_connect_object (self->settings, "changed::board-theme", G_CALLBACK (gtk_widget_queue_draw),
                                 icon, G_CONNECT_SWAPPED);
      gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.f);
      gtk_box_append (GTK_BOX (entry), icon);
      gtk_box_append (GTK_BOX (entry), label);
      gtk_flow_box_append (GTK_FLOW_BOX (legend), entry);
      g_string_append_printf (self->text, "%s\n", _(entries[i].text));
    }
  gtk_box_append (self->content_box, legend);
}

/* Where a piece is shown: the middle of the board, or a Pawn's starting
 * square below it, so that its first step shows. */
static int
diagram_square (ChancellorGame *game,
                int             type)
{
  int files = chancellor_game_get_files (game), ranks = chancellor_game_get_ranks (game);
  int file = (files - 1) / 2, rank = (ranks - 1) / 2;

  if (g_str_equal (chancellor_game_get_piece_kind_id (game, type), "pawn"))
    rank = 1;
  return rank * files + file;
}

static void
rules_window_add_piece (ChancellorRulesWindow *self,
                        ChancellorGame        *game,
                        ChancellorVariantInfo *info,
                        int                    type)
{
  const char *name = chancellor_game_get_piece_name (game, type);
  const char *text = chancellor_catalogue_get_piece_rules (chancellor_game_get_piece_kind_id (game, type));
  int square = diagram_square (game, type);
  g_autofree ChancellorReach *reach = g_new0 (ChancellorReach, (gsize) (chancellor_game_get_files (game)
                                                                        * chancellor_game_get_ranks (game)));
  g_autofree char *description = g_strdup_printf (_("Where the %s goes from the square marked"), name);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *preview = chancellor_board_preview_new ();
  GtkWidget *words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *body = gtk_label_new (text);
  ChancellorBoardView *board;

  chancellor_variant_info_get_piece_reach (info, type, square, reach);
  chancellor_board_preview_set_square_size (CHANCELLOR_BOARD_PREVIEW (preview), DIAGRAM_SQUARE_SIZE);
  chancellor_board_preview_set_game (CHANCELLOR_BOARD_PREVIEW (preview), game);
  board = chancellor_board_preview_get_board_view (CHANCELLOR_BOARD_PREVIEW (preview));
  chancellor_board_view_set_diagram (board, type, square, reach);
  if (self->settings)
    g_settings_bind (self->settings, "board-theme", board, "board-theme", G_SETTINGS_BIND_GET);
  gtk_widget_set_valign (preview, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (preview), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0.f);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_xalign (GTK_LABEL (body), 0.f);
  gtk_widget_set_hexpand (words, TRUE);
  gtk_box_append (GTK_BOX (words), title);
  if (!g_str_equal (chancellor_game_get_piece_kind_id (game, type), "pawn"))
    {
      /* TRANSLATORS: the letter that names a piece in the move list and in FEN */
      g_autofree char *letter = g_strdup_printf (_("Written %c in the moves"),
                                                 chancellor_game_get_piece_letter (game, type));
      GtkWidget *caption = gtk_label_new (letter);

      gtk_widget_add_css_class (caption, "dim-label");
      gtk_widget_add_css_class (caption, "caption");
      gtk_label_set_xalign (GTK_LABEL (caption), 0.f);
      gtk_box_append (GTK_BOX (words), caption);
      g_string_append_printf (self->text, "%s\n", letter);
    }
  gtk_box_append (GTK_BOX (words), body);
  gtk_box_append (GTK_BOX (row), preview);
  gtk_box_append (GTK_BOX (row), words);
  gtk_widget_add_css_class (row, "card");
  gtk_widget_add_css_class (row, "piece");
  gtk_box_append (self->content_box, row);

  g_ptr_array_add (self->diagrams, board);
  g_array_append_val (self->diagram_squares, square);
  g_string_append_printf (self->text, "%s\n%s\n", name, text ? text : "");
}

static void
rules_window_rebuild (ChancellorRulesWindow *self)
{
  g_autoptr (ChancellorGame) game = chancellor_game_new (self->variant_id, NULL, NULL);
  ChancellorVariantInfo *info = chancellor_variant_list_lookup (self->games, self->variant_id, NULL);
  const char *intro = chancellor_catalogue_get_pieces_intro (self->variant_id);
  GtkWidget *child;
  g_autofree char *title = NULL;

  g_ptr_array_set_size (self->diagrams, 0);
  g_array_set_size (self->diagram_squares, 0);
  g_string_truncate (self->text, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content_box))))
    gtk_box_remove (self->content_box, child);
  g_return_if_fail (game != NULL && info != NULL);

  rules_window_add_label (self, chancellor_variant_info_get_name (info), "title-1");
  rules_window_add_label (self, chancellor_variant_info_get_summary (info), "dim-label");
  rules_window_add_sections (self, FALSE);

  rules_window_add_label (self, _("The Pieces"), "title-4");
  if (intro)
    rules_window_add_label (self, intro, NULL);
  rules_window_add_legend (self);
  for (int type = 0; type < chancellor_game_get_piece_type_count (game); type++)
    rules_window_add_piece (self, game, info, type);

  rules_window_add_sections (self, TRUE);

  /* TRANSLATORS: the Rules window's title, with a game's name */
  title = g_strdup_printf (_("Rules of %s"), chancellor_variant_info_get_name (info));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0.0);
}

static void
game_selected (ChancellorRulesWindow *self)
{
  ChancellorVariantInfo *info = gtk_drop_down_get_selected_item (self->games_dropdown);

  if (info)
    chancellor_rules_window_set_variant_id (self, chancellor_variant_info_get_id (info));
}

static void
chancellor_rules_window_dispose (GObject *object)
{
  ChancellorRulesWindow *self = CHANCELLOR_RULES_WINDOW (object);

  if (self->diagrams)
    g_ptr_array_set_size (self->diagrams, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_RULES_WINDOW);
  g_clear_object (&self->games);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chancellor_rules_window_parent_class)->dispose (object);
}

static void
chancellor_rules_window_finalize (GObject *object)
{
  ChancellorRulesWindow *self = CHANCELLOR_RULES_WINDOW (object);

  g_free (self->variant_id);
  g_ptr_array_unref (self->diagrams);
  g_array_unref (self->diagram_squares);
  g_string_free (self->text, TRUE);

  G_OBJECT_CLASS (chancellor_rules_window_parent_class)->finalize (object);
}

static void
chancellor_rules_window_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ChancellorRulesWindow *self = CHANCELLOR_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->variant_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_rules_window_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ChancellorRulesWindow *self = CHANCELLOR_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_VARIANT_ID:
      chancellor_rules_window_set_variant_id (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_rules_window_class_init (ChancellorRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_rules_window_dispose;
  object_class->finalize = chancellor_rules_window_finalize;
  object_class->get_property = chancellor_rules_window_get_property;
  object_class->set_property = chancellor_rules_window_set_property;

  /* The application's settings, for the board colours; may be NULL. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorRulesWindow, games_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ChancellorRulesWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, ChancellorRulesWindow, content_box);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chancellor_rules_window_init (ChancellorRulesWindow *self)
{
  GtkExpression *name = gtk_property_expression_new (CHANCELLOR_TYPE_VARIANT_INFO, NULL, "name");

  gtk_widget_init_template (GTK_WIDGET (self));

  self->diagrams = g_ptr_array_new ();
  self->diagram_squares = g_array_new (FALSE, FALSE, sizeof (int));
  self->text = g_string_new (NULL);
  self->games = chancellor_variant_list_new ();
  gtk_drop_down_set_expression (self->games_dropdown, name);
  gtk_expression_unref (name);
  gtk_drop_down_set_model (self->games_dropdown, G_LIST_MODEL (self->games));
  g_signal_connect_object (self->games_dropdown, "notify::selected", G_CALLBACK (game_selected), self,
                           G_CONNECT_SWAPPED);
}

ChancellorRulesWindow *
chancellor_rules_window_new (GtkWindow  *parent,
                             GSettings  *settings,
                             const char *variant_id)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (CHANCELLOR_TYPE_RULES_WINDOW,
                       "transient-for", parent,
                       "settings", settings,
                       "variant-id", variant_id ? variant_id : chancellor_catalogue_get_default_game (),
                       NULL);
}

const char *
chancellor_rules_window_get_variant_id (ChancellorRulesWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_RULES_WINDOW (self), NULL);

  return self->variant_id;
}

void
chancellor_rules_window_set_variant_id (ChancellorRulesWindow *self,
                                        const char            *variant_id)
{
  ChancellorVariantInfo *info;
  guint position;

  g_return_if_fail (CHANCELLOR_IS_RULES_WINDOW (self));
  g_return_if_fail (variant_id != NULL);

  info = chancellor_variant_list_lookup (self->games, variant_id, &position);
  g_return_if_fail (info != NULL);
  if (g_strcmp0 (self->variant_id, chancellor_variant_info_get_id (info)) == 0)
    return;

  g_free (self->variant_id);
  self->variant_id = g_strdup (chancellor_variant_info_get_id (info));
  gtk_drop_down_set_selected (self->games_dropdown, position);
  rules_window_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT_ID]);
}

guint
chancellor_rules_window_get_n_diagrams (ChancellorRulesWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_RULES_WINDOW (self), 0);

  return self->diagrams->len;
}

ChancellorBoardView *
chancellor_rules_window_get_diagram (ChancellorRulesWindow *self,
                                     guint                  index)
{
  g_return_val_if_fail (CHANCELLOR_IS_RULES_WINDOW (self), NULL);
  g_return_val_if_fail (index < self->diagrams->len, NULL);

  return g_ptr_array_index (self->diagrams, index);
}

int
chancellor_rules_window_get_diagram_square (ChancellorRulesWindow *self,
                                            guint                  index)
{
  g_return_val_if_fail (CHANCELLOR_IS_RULES_WINDOW (self), -1);
  g_return_val_if_fail (index < self->diagram_squares->len, -1);

  return g_array_index (self->diagram_squares, int, index);
}

char *
chancellor_rules_window_dup_text (ChancellorRulesWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_RULES_WINDOW (self), NULL);

  return g_strdup (self->text->str);
}
