/* chancellor-start-page.c — what a first start shows. */
#define G_LOG_DOMAIN "chancellor-start-page"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-catalogue.h"
#include "chancellor-start-page.h"
#include "chancellor-variant-list.h"

struct _ChancellorStartPage
{
  GtkWidget parent_instance;

  GtkWidget *status_page;
  GtkListBox *games_list;
  GtkWidget *computer_button;
  GtkLabel *chosen_label;

  ChancellorVariantList *variants;
};

G_DEFINE_FINAL_TYPE (ChancellorStartPage, chancellor_start_page, GTK_TYPE_WIDGET)

static GtkWidget *
create_game_row (gpointer item,
                 gpointer user_data)
{
  ChancellorVariantInfo *info = item;
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), chancellor_variant_info_get_name (info));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), chancellor_variant_info_get_summary (info));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  return row;
}

static void
start_selected (ChancellorStartPage *self,
                const char          *action)
{
  const char *id = chancellor_start_page_get_variant_id (self);

  if (id)
    gtk_widget_activate_action (GTK_WIDGET (self), action, "s", id);
}

static void
play_computer_clicked (ChancellorStartPage *self)
{
  start_selected (self, "win.play-computer");
}

static void
two_players_clicked (ChancellorStartPage *self)
{
  start_selected (self, "win.start-game");
}

/* A game double-clicked (or Enter on it) plays the computer. */
static void
game_activated (ChancellorStartPage *self)
{
  start_selected (self, "win.play-computer");
}

/* The game the buttons start, named over them. */
static void
selection_changed (ChancellorStartPage *self)
{
  const char *id = chancellor_start_page_get_variant_id (self);

  gtk_label_set_label (self->chosen_label, id ? chancellor_catalogue_get_name (id) : "");
  gtk_widget_set_sensitive (self->computer_button, id != NULL);
}

static void
chancellor_start_page_dispose (GObject *object)
{
  ChancellorStartPage *self = CHANCELLOR_START_PAGE (object);

  if (self->games_list)
    g_signal_handlers_disconnect_by_data (self->games_list, self);
  g_clear_pointer (&self->status_page, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_START_PAGE);
  g_clear_object (&self->variants);

  G_OBJECT_CLASS (chancellor_start_page_parent_class)->dispose (object);
}

static void
chancellor_start_page_class_init (ChancellorStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_start_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorStartPage, status_page);
  gtk_widget_class_bind_template_child (widget_class, ChancellorStartPage, games_list);
  gtk_widget_class_bind_template_child (widget_class, ChancellorStartPage, computer_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorStartPage, chosen_label);
  gtk_widget_class_bind_template_callback (widget_class, play_computer_clicked);
  gtk_widget_class_bind_template_callback (widget_class, two_players_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "startpage");
}

static void
chancellor_start_page_init (ChancellorStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->variants = chancellor_variant_list_new ();
  gtk_list_box_bind_model (self->games_list, G_LIST_MODEL (self->variants), create_game_row, NULL, NULL);
  g_signal_connect_object (self->games_list, "selected-rows-changed", G_CALLBACK (selection_changed), self,
                           G_CONNECT_SWAPPED);
  gtk_list_box_select_row (self->games_list, gtk_list_box_get_row_at_index (self->games_list, 0));
  g_signal_connect_object (self->games_list, "row-activated", G_CALLBACK (game_activated), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
chancellor_start_page_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_START_PAGE, NULL);
}

const char *
chancellor_start_page_get_variant_id (ChancellorStartPage *self)
{
  GtkListBoxRow *row;
  g_autoptr (ChancellorVariantInfo) info = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_START_PAGE (self), NULL);

  row = gtk_list_box_get_selected_row (self->games_list);
  if (!row)
    return NULL;
  info = g_list_model_get_item (G_LIST_MODEL (self->variants), gtk_list_box_row_get_index (row));
  /* The list keeps the info, so the id outlives this reference. */
  return chancellor_variant_info_get_id (info);
}

void
chancellor_start_page_set_variant_id (ChancellorStartPage *self,
                                      const char          *variant_id)
{
  guint position;

  g_return_if_fail (CHANCELLOR_IS_START_PAGE (self));
  g_return_if_fail (variant_id != NULL);

  if (chancellor_variant_list_lookup (self->variants, variant_id, &position))
    gtk_list_box_select_row (self->games_list, gtk_list_box_get_row_at_index (self->games_list, position));
}
