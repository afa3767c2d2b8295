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
  GtkWidget *date_problem_row;   /* under the Date row while its text is not a date */
  GtkLabel *date_problem_label;
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

/* "YYYY", "MM" or "DD": as many '?' (TRUE), or digits whose value goes
 * in *value (TRUE); anything else is FALSE. */
static gboolean
date_part_read (const char *part,
                gsize       length,
                int        *value)
{
  *value = -1;
  if (strspn (part, "?") >= length)
    return TRUE;
  *value = 0;
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (part[i]))
        return FALSE;
      *value = *value * 10 + (part[i] - '0');
    }
  return TRUE;
}

char *
chancellor_game_properties_dup_date_problem (const char *date)
{
  int year, month, day;

  g_return_val_if_fail (date != NULL, NULL);

  if (strlen (date) != 10 || date[4] != '.' || date[7] != '.'
      || !date_part_read (date, 4, &year) || !date_part_read (date + 5, 2, &month)
      || !date_part_read (date + 8, 2, &day))
    return g_strdup (_("Write the date as year.month.day, like 2026.11.22, with ?? for a part not known."));
  if (month == 0 || month > 12)
    /* TRANSLATORS: %.2s is the month as typed, like "13" */
    return g_strdup_printf (_("There is no month %.2s: the month is 01 to 12, or ?? when not known."), date + 5);
  if (day == 0 || day > 31)
    /* TRANSLATORS: %.2s is the day as typed, like "32" */
    return g_strdup_printf (_("There is no day %.2s: the day is 01 to 31, or ?? when not known."), date + 8);
  return NULL;
}

gboolean
chancellor_game_properties_date_is_valid (const char *date)
{
  g_autofree char *problem = NULL;

  g_return_val_if_fail (date != NULL, FALSE);

  problem = chancellor_game_properties_dup_date_problem (date);
  return problem == NULL;
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

/* Under the Date row, why its text is not a date (problem), or nothing. */
static void
show_date_problem (ChancellorGameProperties *self,
                   const char               *problem)
{
  GtkWidget *row = GTK_WIDGET (self->rows[DATE_ROW]);

  gtk_label_set_label (self->date_problem_label, problem ? problem : "");
  gtk_widget_set_visible (self->date_problem_row, problem != NULL);
  if (problem)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, problem, -1);
    }
  else
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                               problem ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

static void
check_date (ChancellorGameProperties *self)
{
  g_autofree char *value = row_tag_value (self->rows[DATE_ROW]);
  g_autofree char *problem = value ? chancellor_game_properties_dup_date_problem (value) : NULL;

  show_date_problem (self, problem);
}

/* The edited rows' text becomes their tags; a wrong date waits while
 * the window is open (closing, keep_wrong_date, it is kept as typed). */
static void
apply_edits (ChancellorGameProperties *self,
             gboolean                  keep_wrong_date)
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
          if (!chancellor_game_properties_date_is_valid (value) && !keep_wrong_date)
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
  apply_edits (self, FALSE);
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
    check_date (self);
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

  G_OBJECT_CLASS (chancellor_game_properties_parent_class)->constructed (object);

  g_return_if_fail (CHANCELLOR_IS_GAME (self->game));

  for (guint i = 0; i < G_N_ELEMENTS (tag_rows); i++)
    {
      const char *value = chancellor_game_get_tag (self->game, tag_rows[i].tag);

      gtk_editable_set_text (GTK_EDITABLE (self->rows[i]), value ? value : "");
      g_signal_connect_object (self->rows[i], "changed", G_CALLBACK (tag_row_changed), self, 0);
    }
  /* A file's date may be one the window would not take; it says so. */
  check_date (self);

  g_signal_connect_object (self->game, "changed", G_CALLBACK (update_game_rows), self, G_CONNECT_SWAPPED);
  update_game_rows (self);
}

static void
chancellor_game_properties_dispose (GObject *object)
{
  ChancellorGameProperties *self = CHANCELLOR_GAME_PROPERTIES (object);

  /* What was typed just before the window closed counts too, and a date
   * shown as wrong is kept as typed rather than lost (as a file's is). */
  if (self->game)
    apply_edits (self, TRUE);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_GAME_PROPERTIES);
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
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, date_problem_row);
  gtk_widget_class_bind_template_child (widget_class, ChancellorGameProperties, date_problem_label);
}

static void
chancellor_game_properties_init (ChancellorGameProperties *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

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
