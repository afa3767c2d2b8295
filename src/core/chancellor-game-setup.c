/* chancellor-game-setup.c — what the New Game chooser decided. */
#define G_LOG_DOMAIN "chancellor-game-setup"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "chancellor-catalogue.h"
#include "chancellor-computer.h"
#include "chancellor-enums.h"
#include "chancellor-game-setup.h"

struct _ChancellorGameSetup
{
  GObject parent_instance;

  char *variant_id;
  int start_number;
  ChancellorPlayerKind players[2];
  int level;
  ChancellorTimeControlKind time_control;
  int minutes;
  int increment;
  int seconds_per_move;
  char *engine;
};

G_DEFINE_FINAL_TYPE (ChancellorGameSetup, chancellor_game_setup, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VARIANT_ID,
  PROP_START_NUMBER,
  PROP_WHITE_PLAYER,
  PROP_BLACK_PLAYER,
  PROP_LEVEL,
  PROP_TIME_CONTROL,
  PROP_MINUTES,
  PROP_INCREMENT,
  PROP_SECONDS_PER_MOVE,
  PROP_ENGINE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Stores an int property and notifies only on a change, so that settings
 * and widget bindings do not echo. */
static void
setup_set_int (ChancellorGameSetup *self,
               int                 *field,
               int                  value,
               guint                prop_id)
{
  g_assert (CHANCELLOR_IS_GAME_SETUP (self));

  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
setup_set_player (ChancellorGameSetup  *self,
                  ChancellorColor       color,
                  ChancellorPlayerKind  kind)
{
  g_assert (CHANCELLOR_IS_GAME_SETUP (self));

  if (self->players[color] == kind)
    return;
  self->players[color] = kind;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[color == CHANCELLOR_COLOR_WHITE ? PROP_WHITE_PLAYER : PROP_BLACK_PLAYER]);
}

static void
chancellor_game_setup_finalize (GObject *object)
{
  ChancellorGameSetup *self = CHANCELLOR_GAME_SETUP (object);

  g_free (self->variant_id);
  g_free (self->engine);

  G_OBJECT_CLASS (chancellor_game_setup_parent_class)->finalize (object);
}

static void
chancellor_game_setup_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ChancellorGameSetup *self = CHANCELLOR_GAME_SETUP (object);

  switch (prop_id)
    {
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->variant_id);
      break;
    case PROP_START_NUMBER:
      g_value_set_int (value, self->start_number);
      break;
    case PROP_WHITE_PLAYER:
      g_value_set_enum (value, self->players[CHANCELLOR_COLOR_WHITE]);
      break;
    case PROP_BLACK_PLAYER:
      g_value_set_enum (value, self->players[CHANCELLOR_COLOR_BLACK]);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_TIME_CONTROL:
      g_value_set_enum (value, self->time_control);
      break;
    case PROP_MINUTES:
      g_value_set_int (value, self->minutes);
      break;
    case PROP_INCREMENT:
      g_value_set_int (value, self->increment);
      break;
    case PROP_SECONDS_PER_MOVE:
      g_value_set_int (value, self->seconds_per_move);
      break;
    case PROP_ENGINE:
      g_value_set_string (value, self->engine);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_setup_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ChancellorGameSetup *self = CHANCELLOR_GAME_SETUP (object);

  switch (prop_id)
    {
    case PROP_VARIANT_ID:
      {
        const char *id = g_value_get_string (value);

        if (id == NULL)
          id = chancellor_catalogue_get_default_game ();
        if (g_strcmp0 (self->variant_id, id) != 0)
          {
            g_free (self->variant_id);
            self->variant_id = g_strdup (id);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_START_NUMBER:
      setup_set_int (self, &self->start_number, g_value_get_int (value), prop_id);
      break;
    case PROP_WHITE_PLAYER:
      setup_set_player (self, CHANCELLOR_COLOR_WHITE, g_value_get_enum (value));
      break;
    case PROP_BLACK_PLAYER:
      setup_set_player (self, CHANCELLOR_COLOR_BLACK, g_value_get_enum (value));
      break;
    case PROP_LEVEL:
      setup_set_int (self, &self->level, g_value_get_int (value), prop_id);
      break;
    case PROP_TIME_CONTROL:
      if (self->time_control != (ChancellorTimeControlKind) g_value_get_enum (value))
        {
          self->time_control = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_MINUTES:
      setup_set_int (self, &self->minutes, g_value_get_int (value), prop_id);
      break;
    case PROP_INCREMENT:
      setup_set_int (self, &self->increment, g_value_get_int (value), prop_id);
      break;
    case PROP_SECONDS_PER_MOVE:
      setup_set_int (self, &self->seconds_per_move, g_value_get_int (value), prop_id);
      break;
    case PROP_ENGINE:
      {
        const char *path = g_value_get_string (value);

        if (path == NULL)
          path = "";
        if (g_strcmp0 (self->engine, path) != 0)
          {
            g_free (self->engine);
            self->engine = g_strdup (path);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_setup_class_init (ChancellorGameSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  int most_starts = 1;

  object_class->finalize = chancellor_game_setup_finalize;
  object_class->get_property = chancellor_game_setup_get_property;
  object_class->set_property = chancellor_game_setup_set_property;

  /* The numbers of the game with the most numbered arrays. */
  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      int n_starts;

      chancellor_catalogue_get_start_rule (chancellor_catalogue_get_game_id (i), &n_starts);
      most_starts = MAX (most_starts, n_starts);
    }

  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, chancellor_catalogue_get_default_game (), flags);
  properties[PROP_START_NUMBER] =
    g_param_spec_int ("start-number", NULL, NULL, 0, most_starts - 1, 0, flags);
  properties[PROP_WHITE_PLAYER] =
    g_param_spec_enum ("white-player", NULL, NULL, CHANCELLOR_TYPE_PLAYER_KIND,
                       CHANCELLOR_PLAYER_HUMAN, flags);
  properties[PROP_BLACK_PLAYER] =
    g_param_spec_enum ("black-player", NULL, NULL, CHANCELLOR_TYPE_PLAYER_KIND,
                       CHANCELLOR_PLAYER_HUMAN, flags);
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, 1, 10, 5, flags);
  properties[PROP_TIME_CONTROL] =
    g_param_spec_enum ("time-control", NULL, NULL, CHANCELLOR_TYPE_TIME_CONTROL_KIND,
                       CHANCELLOR_TIME_CONTROL_NONE, flags);
  properties[PROP_MINUTES] =
    g_param_spec_int ("minutes", NULL, NULL, 1, 180, 10, flags);
  properties[PROP_INCREMENT] =
    g_param_spec_int ("increment", NULL, NULL, 0, 60, 5, flags);
  properties[PROP_SECONDS_PER_MOVE] =
    g_param_spec_int ("seconds-per-move", NULL, NULL, 1, 600, 10, flags);
  properties[PROP_ENGINE] =
    g_param_spec_string ("engine", NULL, NULL, "", flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chancellor_game_setup_init (ChancellorGameSetup *self)
{
  self->variant_id = g_strdup (chancellor_catalogue_get_default_game ());
  self->start_number = 0;
  self->players[CHANCELLOR_COLOR_WHITE] = CHANCELLOR_PLAYER_HUMAN;
  self->players[CHANCELLOR_COLOR_BLACK] = CHANCELLOR_PLAYER_HUMAN;
  self->level = 5;
  self->time_control = CHANCELLOR_TIME_CONTROL_NONE;
  self->minutes = 10;
  self->increment = 5;
  self->seconds_per_move = 10;
  self->engine = g_strdup ("");
}

ChancellorGameSetup *
chancellor_game_setup_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_GAME_SETUP, NULL);
}

void
chancellor_game_setup_bind_settings (ChancellorGameSetup *self,
                                     GSettings           *settings,
                                     GSettingsBindFlags   flags)
{
  /* The settings keys and the properties have the same names (but three). */
  static const char * const keys[] = {
    "white-player", "black-player", "level",
    "time-control", "minutes", "increment", "seconds-per-move",
  };

  g_return_if_fail (CHANCELLOR_IS_GAME_SETUP (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_bind (settings, "last-variant", self, "variant-id", flags);
  g_settings_bind (settings, "pmrc-number", self, "start-number", flags);
  g_settings_bind (settings, "computer-engine", self, "engine", flags);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_bind (settings, keys[i], self, keys[i], flags);
}

const char *
chancellor_game_setup_get_variant_id (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), NULL);

  return self->variant_id;
}

int
chancellor_game_setup_get_start_number (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), 0);

  return self->start_number;
}

ChancellorPlayerKind
chancellor_game_setup_get_player (ChancellorGameSetup *self,
                                  int                  color)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), CHANCELLOR_PLAYER_HUMAN);
  g_return_val_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK,
                        CHANCELLOR_PLAYER_HUMAN);

  return self->players[color];
}

const char *
chancellor_game_setup_get_engine (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), "");

  return self->engine;
}

int
chancellor_game_setup_get_level (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), 0);

  return self->level;
}

ChancellorTimeControlKind
chancellor_game_setup_get_time_control (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), CHANCELLOR_TIME_CONTROL_NONE);

  return self->time_control;
}

int
chancellor_game_setup_get_minutes (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), 0);

  return self->minutes;
}

int
chancellor_game_setup_get_increment (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), 0);

  return self->increment;
}

int
chancellor_game_setup_get_seconds_per_move (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), 0);

  return self->seconds_per_move;
}

ChancellorGame *
chancellor_game_setup_create_game (ChancellorGameSetup  *self,
                                   GError              **error)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return chancellor_game_new_start (self->variant_id, self->start_number, error);
}

char *
chancellor_game_setup_dup_time_control_tag (ChancellorGameSetup *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), NULL);

  switch (self->time_control)
    {
    case CHANCELLOR_TIME_CONTROL_FISCHER:
      return g_strdup_printf ("%d+%d", self->minutes * 60, self->increment);
    case CHANCELLOR_TIME_CONTROL_PER_MOVE:
      return g_strdup_printf ("1/%d", self->seconds_per_move);
    case CHANCELLOR_TIME_CONTROL_NONE:
    default:
      return g_strdup ("-");
    }
}

char *
chancellor_game_setup_find_human_name (const char *chosen_name)
{
  g_autofree char *chosen = g_strstrip (g_strdup (chosen_name ? chosen_name : ""));
  const char *real_name = g_get_real_name ();

  if (*chosen != '\0')
    return g_steal_pointer (&chosen);
  /* GLib says "Unknown" when the account has no real name. */
  if (real_name && *real_name != '\0' && strcmp (real_name, "Unknown") != 0)
    return g_strdup (real_name);
  return g_strdup (g_get_user_name ());
}

char *
chancellor_game_setup_dup_player_name (ChancellorGameSetup *self,
                                       ChancellorColor      color,
                                       const char          *human_name)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), NULL);
  g_return_val_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK, NULL);

  if (self->players[color] == CHANCELLOR_PLAYER_COMPUTER)
    return g_strdup_printf ("Chancellor level %d", self->level);
  return chancellor_game_setup_find_human_name (human_name);
}

void
chancellor_game_setup_write_header (ChancellorGameSetup *self,
                                    ChancellorGame      *game,
                                    const char          *human_name,
                                    GDateTime           *when)
{
  g_autoptr (GDateTime) now = NULL;
  g_autofree char *date = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  g_autofree char *time_control = NULL;

  g_return_if_fail (CHANCELLOR_IS_GAME_SETUP (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  if (when == NULL)
    when = now = g_date_time_new_now_local ();
  date = g_date_time_format (when, "%Y.%m.%d");
  white = chancellor_game_setup_dup_player_name (self, CHANCELLOR_COLOR_WHITE, human_name);
  black = chancellor_game_setup_dup_player_name (self, CHANCELLOR_COLOR_BLACK, human_name);
  time_control = chancellor_game_setup_dup_time_control_tag (self);

  chancellor_game_set_tag (game, "Event", CHANCELLOR_GAME_SETUP_EVENT);
  chancellor_game_set_tag (game, "Date", date);
  chancellor_game_set_tag (game, "Round", "-");
  chancellor_game_set_tag (game, "White", white);
  chancellor_game_set_tag (game, "Black", black);
  chancellor_game_set_tag (game, "TimeControl", time_control);
}

char *
chancellor_game_setup_dup_engine_player_name (ChancellorGameSetup *self,
                                              const char          *engine_name,
                                              gboolean             skill_level)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (self), NULL);
  g_return_val_if_fail (engine_name != NULL, NULL);

  if (skill_level)
    return g_strdup_printf ("%s level %d", engine_name, self->level);
  return g_strdup (engine_name);
}

void
chancellor_game_setup_name_engine (ChancellorGameSetup *self,
                                   ChancellorGame      *game,
                                   const char          *engine_name,
                                   gboolean             skill_level)
{
  g_autofree char *name = NULL;

  g_return_if_fail (CHANCELLOR_IS_GAME_SETUP (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (engine_name != NULL);

  name = chancellor_game_setup_dup_engine_player_name (self, engine_name, skill_level);
  for (int color = CHANCELLOR_COLOR_WHITE; color <= CHANCELLOR_COLOR_BLACK; color++)
    if (self->players[color] == CHANCELLOR_PLAYER_COMPUTER)
      chancellor_game_set_tag (game, color == CHANCELLOR_COLOR_WHITE ? "White" : "Black", name);
}

/* The level of a player named as chancellor_game_setup_dup_player_name
 * names the computer ("Chancellor level 5"), or 0. */
static int
computer_level_of (const char *name)
{
  int level = 0, end = 0;

  if (!name || sscanf (name, "Chancellor level %d%n", &level, &end) != 1 || name[end] != '\0')
    return 0;
  return level >= 1 && level <= CHANCELLOR_COMPUTER_LEVEL_MAX ? level : 0;
}

ChancellorGameSetup *
chancellor_game_setup_new_for_game (ChancellorGame *game)
{
  ChancellorGameSetup *self;
  const char *time_control;
  const char *names[2];
  int seconds, increment;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (game), NULL);

  self = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", chancellor_game_get_variant_id (game), NULL);
  names[CHANCELLOR_COLOR_WHITE] = chancellor_game_get_tag (game, "White");
  names[CHANCELLOR_COLOR_BLACK] = chancellor_game_get_tag (game, "Black");
  for (int color = CHANCELLOR_COLOR_WHITE; color <= CHANCELLOR_COLOR_BLACK; color++)
    {
      int level = computer_level_of (names[color]);

      if (level == 0)
        continue;
      g_object_set (self, color == CHANCELLOR_COLOR_WHITE ? "white-player" : "black-player",
                    CHANCELLOR_PLAYER_COMPUTER, "level", level, NULL);
    }
  /* PGN's TimeControl (standard 9.6.1) as chancellor_game_setup_dup_time_control_tag writes it. */
  time_control = chancellor_game_get_tag (game, "TimeControl");
  if (time_control && sscanf (time_control, "1/%d", &seconds) == 1 && seconds > 0)
    g_object_set (self, "time-control", CHANCELLOR_TIME_CONTROL_PER_MOVE,
                  "seconds-per-move", CLAMP (seconds, 1, 600), NULL);
  else if (time_control && sscanf (time_control, "%d+%d", &seconds, &increment) == 2 && seconds > 0)
    g_object_set (self, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER,
                  "minutes", CLAMP ((seconds + 59) / 60, 1, 180), "increment", CLAMP (increment, 0, 60), NULL);
  else if (time_control && sscanf (time_control, "%d", &seconds) == 1 && seconds > 0)
    g_object_set (self, "time-control", CHANCELLOR_TIME_CONTROL_FISCHER,
                  "minutes", CLAMP ((seconds + 59) / 60, 1, 180), "increment", 0, NULL);
  return self;
}
