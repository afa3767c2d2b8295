/* chancellor-game-chooser.c — picking one game of a file that holds several. */
#define G_LOG_DOMAIN "chancellor-game-chooser"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chancellor-game-chooser-private.h"

struct _ChancellorGameChooser
{
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkStack *stack;
  GtkListView *list_view;

  GListStore *games;
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;
  GHashTable *search_texts;        /* ChancellorGame * → its row text, case-folded */
  char **query_words;              /* case-folded; NULL shows every game */
};

G_DEFINE_FINAL_TYPE (ChancellorGameChooser, chancellor_game_chooser, ADW_TYPE_WINDOW)

enum {
  SIGNAL_GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A tag as the player reads it: PGN writes "?" for what is not known. */
static const char *
known_tag (ChancellorGame *game,
           const char     *name)
{
  const char *value = chancellor_game_get_tag (game, name);

  if (value == NULL || *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "-"))
    return NULL;
  return value;
}

char *
chancellor_game_chooser_describe_players (ChancellorGame *game)
{
  const char *white, *black;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  white = known_tag (game, "White");
  black = known_tag (game, "Black");
  if (!white && !black)
    return g_strdup (_("Unknown players"));
  /* TRANSLATORS: the players of a game, White first */
  return g_strdup_printf (_("%s – %s"), white ? white : "?", black ? black : "?");
}

char *
chancellor_game_chooser_describe_details (ChancellorGame *game)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *event, *date;
  guint n_moves;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  event = known_tag (game, "Event");
  date = known_tag (game, "Date");
  if (event)
    g_ptr_array_add (parts, g_strdup (event));
  /* A date with only question marks says nothing. */
  if (date && strspn (date, "?.") != strlen (date))
    g_ptr_array_add (parts, g_strdup (date));
  g_ptr_array_add (parts, g_strdup (chancellor_game_get_variant_name (game)));
  n_moves = (chancellor_game_get_n_moves (game) + 1) / 2;
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n_moves),
                                           n_moves));
  g_ptr_array_add (parts, g_strdup (chancellor_game_get_result_string (game)));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the facts of a game: event, date, game, length and result */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}

static char *
row_text (ChancellorGame *game)
{
  g_autofree char *players = chancellor_game_chooser_describe_players (game);
  g_autofree char *details = chancellor_game_chooser_describe_details (game);

  return g_strdup_printf ("%s\n%s", players, details);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *players = gtk_label_new (NULL);
  GtkWidget *details = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_label_set_xalign (GTK_LABEL (players), 0);
  gtk_label_set_ellipsize (GTK_LABEL (players), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (details), 0);
  gtk_label_set_ellipsize (GTK_LABEL (details), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (players, "heading");
  gtk_widget_add_css_class (details, "dim-label");
  gtk_widget_add_css_class (details, "caption");
  gtk_box_append (GTK_BOX (box), players);
  gtk_box_append (GTK_BOX (box), details);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  ChancellorGame *game = gtk_list_item_get_item (item);
  GtkWidget *players = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  g_autofree char *players_text = chancellor_game_chooser_describe_players (game);
  g_autofree char *details_text = chancellor_game_chooser_describe_details (game);

  gtk_label_set_label (GTK_LABEL (players), players_text);
  gtk_label_set_label (GTK_LABEL (gtk_widget_get_next_sibling (players)), details_text);
}

static gboolean
game_matches (gpointer item,
              gpointer data)
{
  ChancellorGameChooser *self = data;
  const char *text;

  if (self->query_words == NULL)
    return TRUE;
  text = g_hash_table_lookup (self->search_texts, item);
  if (text == NULL)
    {
      g_autofree char *raw = row_text (item);

      text = g_utf8_casefold (raw, -1);
      g_hash_table_insert (self->search_texts, item, (char *) text);
    }
  for (char **word = self->query_words; *word; word++)
    if (strstr (text, *word) == NULL)
      return FALSE;
  return TRUE;
}

guint
chancellor_game_chooser_get_n_shown (ChancellorGameChooser *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_CHOOSER (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

char *
chancellor_game_chooser_dup_row_text (ChancellorGameChooser *self,
                                      guint                  position)
{
  g_autoptr (ChancellorGame) game = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_GAME_CHOOSER (self), NULL);

  game = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  return game ? row_text (game) : NULL;
}

GtkWidget *
chancellor_game_chooser_get_search_entry (ChancellorGameChooser *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_CHOOSER (self), NULL);

  return GTK_WIDGET (self->search_entry);
}

void
chancellor_game_chooser_set_query (ChancellorGameChooser *self,
                                   const char            *query)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (CHANCELLOR_IS_GAME_CHOOSER (self));

  g_clear_pointer (&self->query_words, g_strfreev);
  if (query)
    folded = g_strstrip (g_utf8_casefold (query, -1));
  /* Runs of spaces leave empty words, which match everything anyway. */
  if (folded && *folded)
    self->query_words = g_strsplit_set (folded, " \t", -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_stack_set_visible_child_name (self->stack,
                                    chancellor_game_chooser_get_n_shown (self) > 0 ? "games" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game-chooser.open",
                                 chancellor_game_chooser_get_n_shown (self) > 0);
}

void
chancellor_game_chooser_choose (ChancellorGameChooser *self,
                                guint                  position)
{
  g_autoptr (ChancellorGame) game = NULL;

  g_return_if_fail (CHANCELLOR_IS_GAME_CHOOSER (self));

  game = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  g_return_if_fail (game != NULL);

  /* The window stays alive while the chosen game is loaded over it. */
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
search_changed (ChancellorGameChooser *self,
                GtkSearchEntry        *entry)
{
  chancellor_game_chooser_set_query (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* Enter in the search opens the game selected, or the only one found. */
static void
search_activated (ChancellorGameChooser *self,
                  GtkSearchEntry        *entry)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game-chooser.open", NULL);
}

static void
row_activated (ChancellorGameChooser *self,
               guint                  position,
               GtkListView           *list_view)
{
  chancellor_game_chooser_choose (self, position);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorGameChooser *self = CHANCELLOR_GAME_CHOOSER (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position == GTK_INVALID_LIST_POSITION)
    position = 0;
  if (position < chancellor_game_chooser_get_n_shown (self))
    chancellor_game_chooser_choose (self, position);
}

/* Typing searches at once, and Enter opens the game found (the first
 * button would take it otherwise). */
static void
chancellor_game_chooser_map (GtkWidget *widget)
{
  ChancellorGameChooser *self = CHANCELLOR_GAME_CHOOSER (widget);

  GTK_WIDGET_CLASS (chancellor_game_chooser_parent_class)->map (widget);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
chancellor_game_chooser_dispose (GObject *object)
{
  ChancellorGameChooser *self = CHANCELLOR_GAME_CHOOSER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_GAME_CHOOSER);
  g_clear_object (&self->selection);
  g_clear_object (&self->games);

  G_OBJECT_CLASS (chancellor_game_chooser_parent_class)->dispose (object);
}

static void
chancellor_game_chooser_finalize (GObject *object)
{
  ChancellorGameChooser *self = CHANCELLOR_GAME_CHOOSER (object);

  g_hash_table_unref (self->search_texts);
  g_strfreev (self->query_words);

  G_OBJECT_CLASS (chancellor_game_chooser_parent_class)->finalize (object);
}

static void
chancellor_game_chooser_class_init (ChancellorGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_game_chooser_dispose;
  object_class->finalize = chancellor_game_chooser_finalize;
  widget_class->map = chancellor_game_chooser_map;

  signals[SIGNAL_GAME_CHOSEN] =
    g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHANCELLOR_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameChooser, window_title);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameChooser, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameChooser, stack);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameChooser, list_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_activated);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);

  gtk_widget_class_install_action (widget_class, "game-chooser.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chancellor_game_chooser_init (ChancellorGameChooser *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->search_texts = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  self->games = g_list_store_new (CHANCELLOR_TYPE_GAME);
  self->filter = gtk_custom_filter_new (game_matches, self, NULL);
  /* The filter model takes the filter; the selection takes the filter model. */
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->games)),
                                              GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  /* Typing anywhere searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
}

ChancellorGameChooser *
chancellor_game_chooser_new (GtkWindow  *parent,
                             GPtrArray  *games,
                             const char *file_name)
{
  ChancellorGameChooser *self;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (games != NULL, NULL);

  self = g_object_new (CHANCELLOR_TYPE_GAME_CHOOSER, "transient-for", parent, NULL);
  g_list_store_splice (self->games, 0, 0, games->pdata, games->len);
  subtitle = file_name
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game in “%s”", "%u games in “%s”", games->len),
                       games->len, file_name)
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", games->len), games->len);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game-chooser.open", games->len > 0);
  return self;
}
