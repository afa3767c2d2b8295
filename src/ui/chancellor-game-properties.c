/* chancellor-game-properties.c — the Game Properties window. */
#define G_LOG_DOMAIN "chancellor-game-properties"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-game-properties.h"

/* The tags the window edits, with the template child that edits each. */
static const struct {
  const char *tag;
  const char *row;
} tag_rows[] = {
  { "Event", "event_row" },
  { "Site", "site_row" },
  { "Date", "date_row" },
  { "Round", "round_row" },
  { "White", "white_row" },
  { "Black", "black_row" },
};

#define DATE_ROW 2

struct _ChancellorGameProperties
{
  AdwPreferencesWindow parent_instance;

  ChancellorGame *game;
  AdwEntryRow *rows[G_N_ELEMENTS (tag_rows)];
  guint edited;            /* bit i: rows[i] changed since its tag was set */
  guint apply_id;          /* the edits being applied at the next idle */
  GtkWidget *date_error;   /* owned: the warning at the end of the Date row while it is wrong */
  GtkLabel *variant_label;
  GtkWidget *start_row;
  GtkLabel *start_label;
  AdwActionRow *result_row;
  GtkLabel *result_label;
};

G_DEFINE_FINAL_TYPE (ChancellorGameProperties, chancellor_game_properties, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* "YYYY", "MM" or "DD" in digits, or as many '?'. */
static gboolean
date_part_is_valid (const char *part,
                    gsize       length,
                    int         max)
{
  int value = 0;

  if (strspn (part, "?") >= length)
    return TRUE;
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (part[i]))
        return FALSE;
      value = value * 10 + (part[i] - '0');
    }
  return max == 0 || (value >= 1 && value <= max);
}

gboolean
chancellor_game_properties_date_is_valid (const char *date)
{
  g_return_val_if_fail (date != NULL, FALSE);

  return strlen (date) == 10 && date[4] == '.' && date[7] == '.'
      && date_part_is_valid (date, 4, 0)
      && date_part_is_valid (date + 5, 2, 12)
      && date_part_is_valid (date + 8, 2, 31);
}

/* An entry's text as the tag's value: without the spaces around it, and
 * NULL (no tag: "?" in the file) when nothing is left. */
static char *
row_tag_value (AdwEntryRow *row)
{
  char *value = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  if (*value == '\0')
    g_clear_pointer (&value, g_free);
  return value;
}

static void
show_date_error (ChancellorGameProperties *self,
                 gboolean                  error)
{
  GtkWidget *row = GTK_WIDGET (self->rows[DATE_ROW]);
  gboolean shown = gtk_widget_get_parent (self->date_error) != NULL;

  /* Added only while needed: a hidden suffix still takes room in the row. */
  if (error && !shown)
    adw_entry_row_add_suffix (self->rows[DATE_ROW], self->date_error);
  else if (!error && shown)
    adw_entry_row_remove (self->rows[DATE_ROW], self->date_error);
  if (error)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      gtk_widget_get_tooltip_text (self->date_error), -1);
    }
  else
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                               error ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/* The edited rows' text becomes their tags; a wrong date waits. */
static void
apply_edits (ChancellorGameProperties *self)
{
  g_clear_handle_id (&self->apply_id, g_source_remove);
  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    {
      g_autofree char *value = NULL;

      if (!(self->edited & (1u << i)))
        continue;
      value = row_tag_value (self->rows[i]);
      if (i == DATE_ROW && value)
        {
          if (!chancellor_game_properties_date_is_valid (value))
            continue;
          /* Nothing known is no date, as the PGN reader takes it. */
          if (g_str_equal (value, "????.??.??"))
            g_clear_pointer (&value, g_free);
        }
      self->edited &= ~(1u << i);
      chancellor_game_set_tag (self->game, tag_rows[i].tag, value);
    }
}

static gboolean
apply_edits_idle (gpointer data)
{
  ChancellorGameProperties *self = data;

  self->apply_id = 0;
  apply_edits (self);
  return G_SOURCE_REMOVE;
}

/* Applied as typed, once the entry has settled: replacing a row's text
 * empties it first, which would remove its tag for a moment. */
static void
tag_row_changed (AdwEntryRow              *row,
                 ChancellorGameProperties *self)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    if (self->rows[i] == row)
      break;
  g_assert (i < G_N_ELEMENTS (tag_rows));

  self->edited |= 1u << i;
  if (i == DATE_ROW)
    {
      g_autofree char *value = row_tag_value (row);

      show_date_error (self, value != NULL && !chancellor_game_properties_date_is_valid (value));
    }
  if (self->apply_id == 0)
    {
      self->apply_id = g_idle_add (apply_edits_idle, self);
      g_source_set_name_by_id (self->apply_id, "[chancellor] apply game properties");
    }
}

/* What the game says of itself; it may end while the window is open. */
static void
update_game_rows (ChancellorGameProperties *self)
{
  int number = chancellor_game_get_start_number (self->game);
  gboolean over = chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_OVER;

  gtk_label_set_label (self->variant_label, chancellor_game_get_variant_name (self->game));

  gtk_widget_set_visible (self->start_row, number >= 0);
  if (number >= 0)
    {
      g_autofree char *text = g_strdup_printf ("%d", number);
      g_autofree char *subtitle = NULL;
      int n_starts;

      chancellor_catalogue_get_start_rule (chancellor_game_get_variant_id (self->game), &n_starts);
      /* TRANSLATORS: %d is how many numbered start arrays the game has */
      subtitle = g_strdup_printf (_("The number of the array among the game’s %d"), n_starts);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->start_row), subtitle);
      gtk_label_set_label (self->start_label, text);
    }

  /* The result, and under it how the game ended (PGN's Termination). */
  if (over)
    {
      g_autofree char *description = chancellor_game_describe_result (self->game);

      gtk_label_set_label (self->result_label, chancellor_game_get_result_string (self->game));
      adw_action_row_set_subtitle (self->result_row, description);
    }
  else
    {
      /* TRANSLATORS: the Result row of a game not finished (PGN's "*") */
      gtk_label_set_label (self->result_label, _("Not finished"));
      adw_action_row_set_subtitle (self->result_row, NULL);
    }
}

static void
chancellor_game_properties_constructed (GObject *object)
{
  ChancellorGameProperties *self = CHANCELLOR_GAME_PROPERTIES (object);
  const char *date;

  G_OBJECT_CLASS (chancellor_game_properties_parent_class)->constructed (object);

  g_return_if_fail (CHANCELLOR_IS_GAME (self->game));

  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    {
      const char *value = chancellor_game_get_tag (self->game, tag_rows[i].tag);

      gtk_editable_set_text (GTK_EDITABLE (self->rows[i]), value ? value : "");
      g_signal_connect_object (self->rows[i], "changed", G_CALLBACK (tag_row_changed), self, 0);
    }
  /* A file's date may be one the window would not take; it says so. */
  date = gtk_editable_get_text (GTK_EDITABLE (self->rows[DATE_ROW]));
  show_date_error (self, *date != '\0' && !chancellor_game_properties_date_is_valid (date));

  g_signal_connect_object (self->game, "changed", G_CALLBACK (update_game_rows), self, G_CONNECT_SWAPPED);
  update_game_rows (self);
}

static void
chancellor_game_properties_dispose (GObject *object)
{
  ChancellorGameProperties *self = CHANCELLOR_GAME_PROPERTIES (object);

  /* What was typed just before the window closed counts too. */
  if (self->game)
    apply_edits (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_GAME_PROPERTIES);
  g_clear_object (&self->date_error);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (chancellor_game_properties_parent_class)->dispose (object);
}

static void
chancellor_game_properties_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  ChancellorGameProperties *self = CHANCELLOR_GAME_PROPERTIES (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_properties_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  ChancellorGameProperties *self = CHANCELLOR_GAME_PROPERTIES (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_properties_class_init (ChancellorGamePropertiesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = chancellor_game_properties_constructed;
  object_class->dispose = chancellor_game_properties_dispose;
  object_class->get_property = chancellor_game_properties_get_property;
  object_class->set_property = chancellor_game_properties_set_property;

  /* The game whose header is edited. */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-game-properties.ui");
  /* Found by name in init (and by tests), in tag_rows' order. */
  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    gtk_widget_class_bind_template_child_full (widget_class, tag_rows[i].row, FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, variant_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, start_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, start_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, result_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, result_label);
}

static void
chancellor_game_properties_init (ChancellorGameProperties *self)
{
  const char *date_help = _("Write the date as year.month.day, like 2026.11.22, with ?? for a part not known");

  gtk_widget_init_template (GTK_WIDGET (self));

  self->date_error = g_object_ref_sink (gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
  gtk_widget_add_css_class (self->date_error, "error");
  gtk_widget_set_tooltip_text (self->date_error, date_help);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->date_error), GTK_ACCESSIBLE_PROPERTY_LABEL, date_help, -1);

  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    self->rows[i] = ADW_ENTRY_ROW (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                  CHANCELLOR_TYPE_GAME_PROPERTIES,
                                                                  tag_rows[i].row));
}

ChancellorGameProperties *
chancellor_game_properties_new (GtkWindow      *parent,
                                ChancellorGame *game)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  return g_object_new (CHANCELLOR_TYPE_GAME_PROPERTIES,
                       "transient-for", parent,
                       "game", game,
                       NULL);
}

ChancellorGame *
chancellor_game_properties_get_game (ChancellorGameProperties *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_PROPERTIES (self), NULL);

  return self->game;
}

AdwEntryRow *
chancellor_game_properties_get_tag_row (ChancellorGameProperties *self,
                                        const char               *tag)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_PROPERTIES (self), NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    if (g_str_equal (tag_rows[i].tag, tag))
      return self->rows[i];
  return NULL;
}
