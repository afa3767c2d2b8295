/* chancellor-match.c — the players, the clock and the computer's turns
 * around one ChancellorGame. */
#define G_LOG_DOMAIN "chancellor-match"

#include "config.h"

#include "chancellor-match.h"
#include "chancellor-pgn.h"

#define DEFAULT_LEVEL 5
#define DEFAULT_MOVE_DELAY 800
/* Time kept back from a fixed move time for the move to reach the board. */
#define PER_MOVE_MARGIN_MS 150
#define RELOCATIONS_MAX 16

struct _ChancellorMatch
{
  GObject parent_instance;

  ChancellorGame *game;
  ChancellorPlayerKind players[2];
  int level;
  ChancellorTimeControlKind time_control;
  int minutes;
  int increment;
  int seconds_per_move;
  guint move_delay;
  gboolean paused;

  ChancellorClock *clock;
  ChancellorComputer *computer;
  ChancellorUciEngine *engine;  /* an external engine instead, or NULL */
  gboolean engine_pending;      /* the computer waits for set_engine */

  guint last_n_moves;
  gint64 last_change;           /* monotonic µs of the game's last change */
  gboolean computer_turn;
  gboolean thinking;
  GCancellable *think_cancellable;
  char *pending_move;           /* found, waiting for the move delay */
  guint turn_id;                /* a relocation or a found move, after the delay */
  gboolean deferring;           /* several changes under way: act after the last */
};

G_DEFINE_FINAL_TYPE (ChancellorMatch, chancellor_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_LEVEL,
  PROP_MOVE_DELAY,
  PROP_PAUSED,
  PROP_THINKING,
  PROP_COMPUTER_TURN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ENGINE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void match_schedule (ChancellorMatch *self);

static void
match_set_thinking (ChancellorMatch *self,
                    gboolean         thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Stops a search and forgets a move found but not yet played. */
static void
match_cancel_turn (ChancellorMatch *self)
{
  g_cancellable_cancel (self->think_cancellable);
  g_clear_object (&self->think_cancellable);
  g_clear_pointer (&self->pending_move, g_free);
  g_clear_handle_id (&self->turn_id, g_source_remove);
  match_set_thinking (self, FALSE);
}

/* The color that acts now: to move, or to choose its array; -1 when over. */
static int
match_acting_color (ChancellorMatch *self)
{
  if (self->game == NULL)
    return -1;
  switch (chancellor_game_get_phase (self->game))
    {
    case CHANCELLOR_PHASE_RELOCATION:
      return chancellor_game_get_relocating_color (self->game);
    case CHANCELLOR_PHASE_PLAYING:
      return chancellor_game_get_side_to_move (self->game, chancellor_game_get_n_moves (self->game));
    case CHANCELLOR_PHASE_OVER:
    default:
      return -1;
    }
}

static void
match_update_computer_turn (ChancellorMatch *self)
{
  int color = match_acting_color (self);
  gboolean computer_turn = color >= 0 && self->players[color] == CHANCELLOR_PLAYER_COMPUTER;

  if (self->computer_turn == computer_turn)
    return;
  self->computer_turn = computer_turn;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_TURN]);
}

/* How long after the last change the computer may act. */
static gint64
match_delay_until (ChancellorMatch *self)
{
  gboolean both = self->players[0] == CHANCELLOR_PLAYER_COMPUTER
               && self->players[1] == CHANCELLOR_PLAYER_COMPUTER;
  gint64 delay = (gint64) (both ? self->move_delay : self->move_delay / 2) * G_TIME_SPAN_MILLISECOND;

  return self->last_change + delay;
}

static guint
match_wait_ms (ChancellorMatch *self)
{
  gint64 wait = match_delay_until (self) - g_get_monotonic_time ();

  return wait > 0 ? (guint) ((wait + 999) / 1000) : 0;
}

static gboolean
play_pending_move (gpointer data)
{
  ChancellorMatch *self = CHANCELLOR_MATCH (data);
  g_autofree char *move = g_steal_pointer (&self->pending_move);
  g_autoptr (GError) error = NULL;

  self->turn_id = 0;
  match_set_thinking (self, FALSE);
  if (move && !chancellor_game_play_text (self->game, move, &error))
    g_warning ("The computer’s move %s was refused: %s", move, error->message);
  return G_SOURCE_REMOVE;
}

static void
think_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (ChancellorMatch) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = NULL;

  move = chancellor_computer_think_finish (CHANCELLOR_COMPUTER (source), result, NULL, NULL, &error);
  /* Cancelled: whoever cancelled has moved on already. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->think_cancellable);
  if (move == NULL)
    {
      g_warning ("The computer found no move: %s", error->message);
      match_set_thinking (self, FALSE);
      return;
    }
  self->pending_move = g_steal_pointer (&move);
  self->turn_id = g_timeout_add (match_wait_ms (self), play_pending_move, self);
  g_source_set_name_by_id (self->turn_id, "[chancellor] computer move");
}

static void
engine_think_done (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (ChancellorMatch) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = NULL;

  move = chancellor_uci_engine_go_finish (CHANCELLOR_UCI_ENGINE (source), result, NULL, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->think_cancellable);
  if (move == NULL)
    {
      /* The referee's call: the game waits for a person's decision. */
      match_set_thinking (self, FALSE);
      chancellor_match_set_paused (self, TRUE);
      g_signal_emit (self, signals[SIGNAL_ENGINE_FAILED], 0, error->message);
      return;
    }
  self->pending_move = g_steal_pointer (&move);
  self->turn_id = g_timeout_add (match_wait_ms (self), play_pending_move, self);
  g_source_set_name_by_id (self->turn_id, "[chancellor] engine move");
}

/* The external engine's turn: its own strength, the level as its Skill
 * Level where it has one (1..10 → 2..20), the level's time or the clock. */
static void
match_engine_think (ChancellorMatch             *self,
                    const ChancellorThinkLimits *level_limits)
{
  ChancellorThinkLimits limits = *level_limits;

  if (chancellor_uci_engine_find_option (self->engine, "Skill Level"))
    {
      g_autofree char *skill = g_strdup_printf ("%d", 2 * self->level);
      g_autoptr (GError) error = NULL;

      if (!chancellor_uci_engine_set_option (self->engine, "Skill Level", skill, &error))
        g_debug ("%s", error->message);
    }
  limits.depth = 0;
  self->think_cancellable = g_cancellable_new ();
  match_set_thinking (self, TRUE);
  chancellor_uci_engine_go_async (self->engine, self->game, chancellor_game_get_n_moves (self->game), &limits,
                                  self->think_cancellable, engine_think_done, g_object_ref (self));
}

static void
match_think (ChancellorMatch *self)
{
  ChancellorThinkLimits limits;
  int side = match_acting_color (self);

  chancellor_think_limits_init (&limits, self->level);
  limits.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (chancellor_clock_get_enabled (self->clock))
    {
      if (chancellor_clock_get_per_move (self->clock))
        {
          gint64 allowed = MAX (50, chancellor_clock_get_remaining (self->clock, side) - PER_MOVE_MARGIN_MS);

          /* Full strength uses the move's time; weaker levels their own. */
          limits.movetime_ms = self->level == CHANCELLOR_COMPUTER_LEVEL_MAX
                             ? allowed : MIN (limits.movetime_ms, allowed);
        }
      else
        chancellor_think_limits_set_clock (&limits,
                                           chancellor_clock_get_remaining (self->clock, CHANCELLOR_COLOR_WHITE),
                                           chancellor_clock_get_remaining (self->clock, CHANCELLOR_COLOR_BLACK),
                                           chancellor_clock_get_increment (self->clock));
    }

  if (self->engine)
    {
      match_engine_think (self, &limits);
      return;
    }
  self->think_cancellable = g_cancellable_new ();
  match_set_thinking (self, TRUE);
  chancellor_computer_think_async (self->computer, self->game, &limits, self->think_cancellable,
                                   think_done, g_object_ref (self));
}

/* Keeps the array or swaps, at random among the legal choices. */
static gboolean
relocate_now (gpointer data)
{
  ChancellorMatch *self = CHANCELLOR_MATCH (data);
  int files_a[RELOCATIONS_MAX], files_b[RELOCATIONS_MAX];
  int count, choice;
  g_autoptr (GError) error = NULL;

  self->turn_id = 0;
  match_set_thinking (self, FALSE);
  count = chancellor_game_get_relocations (self->game, files_a, files_b, RELOCATIONS_MAX);
  if (count == 0)
    return G_SOURCE_REMOVE;
  choice = g_random_int_range (0, MIN (count, RELOCATIONS_MAX));
  if (!chancellor_game_relocate (self->game, files_a[choice], files_b[choice], &error))
    g_warning ("The computer’s relocation was refused: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* Starts the computer's turn when it is one and nothing is under way. */
static void
match_schedule (ChancellorMatch *self)
{
  if (self->deferring)
    return;
  match_update_computer_turn (self);
  if (!self->computer_turn || self->paused || self->thinking || self->engine_pending)
    return;

  if (chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_RELOCATION)
    {
      match_set_thinking (self, TRUE);
      self->turn_id = g_timeout_add (match_wait_ms (self), relocate_now, self);
      g_source_set_name_by_id (self->turn_id, "[chancellor] computer relocation");
    }
  else
    match_think (self);
}

/* The clock follows the game: the side to move's time runs.  None runs
 * before the first move, so that a game waits for its player (a window
 * opened and left, a clock set and not yet looked at): White's first move
 * costs no time, as on the servers people play on. */
static void
match_update_clock (ChancellorMatch *self)
{
  guint n_moves = chancellor_game_get_n_moves (self->game);
  ChancellorColor side;
  int running = chancellor_clock_get_running (self->clock);

  if (chancellor_game_get_phase (self->game) != CHANCELLOR_PHASE_PLAYING || n_moves == 0)
    {
      chancellor_clock_stop (self->clock);
      return;
    }
  side = chancellor_game_get_side_to_move (self->game, n_moves);
  if (n_moves == self->last_n_moves + 1 && running >= 0 && running != (int) side)
    chancellor_clock_press (self->clock, running);
  else if (running != (int) side)
    chancellor_clock_start (self->clock, side);
  /* A timed game keeps each move's clock in its comment, as [%clk]. */
  if (n_moves == self->last_n_moves + 1 && chancellor_clock_get_enabled (self->clock))
    {
      ChancellorColor mover = side == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_COLOR_BLACK : CHANCELLOR_COLOR_WHITE;
      g_autofree char *comment = chancellor_pgn_comment_set_clock (chancellor_game_get_comment (self->game, n_moves),
                                                                   chancellor_clock_get_remaining (self->clock, mover));

      chancellor_game_set_comment (self->game, n_moves, comment);
    }
}

static void
game_changed (ChancellorMatch *self)
{
  match_cancel_turn (self);
  /* Nothing is left to pause once the game is over. */
  if (self->paused && chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_OVER)
    chancellor_match_set_paused (self, FALSE);
  match_update_clock (self);
  self->last_n_moves = chancellor_game_get_n_moves (self->game);
  self->last_change = g_get_monotonic_time ();
  match_schedule (self);
}

/* A flag that falls before its side has moved aborts the game instead
 * (as lichess does): nobody has lost a game not begun. */
static void
flag_fell (ChancellorMatch *self,
           ChancellorColor  color)
{
  if (self->game == NULL)
    return;
  if (chancellor_game_has_moved (self->game, color))
    chancellor_game_flag (self->game, color);
  else
    chancellor_game_abort_on_time (self->game, color);
}

static void
match_reset_clock (ChancellorMatch *self)
{
  switch (self->time_control)
    {
    case CHANCELLOR_TIME_CONTROL_FISCHER:
      chancellor_clock_reset_fischer (self->clock, (gint64) self->minutes * 60 * 1000,
                                      (gint64) self->increment * 1000);
      break;
    case CHANCELLOR_TIME_CONTROL_PER_MOVE:
      chancellor_clock_reset_per_move (self->clock, (gint64) self->seconds_per_move * 1000);
      break;
    case CHANCELLOR_TIME_CONTROL_NONE:
    default:
      chancellor_clock_disable (self->clock);
    }
  if (self->game)
    {
      self->last_n_moves = chancellor_game_get_n_moves (self->game);
      match_update_clock (self);
    }
}

void
chancellor_match_set_game (ChancellorMatch *self,
                           ChancellorGame  *game)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  match_cancel_turn (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_object (game, "changed", G_CALLBACK (game_changed), self, G_CONNECT_SWAPPED);

  self->last_change = g_get_monotonic_time ();
  match_reset_clock (self);
  if (game)
    match_schedule (self);
  else
    match_update_computer_turn (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChancellorGame *
chancellor_match_get_game (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), NULL);

  return self->game;
}

void
chancellor_match_set_player (ChancellorMatch      *self,
                             ChancellorColor       color,
                             ChancellorPlayerKind  kind)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (self->players[color] == kind)
    return;
  self->players[color] = kind;
  if (match_acting_color (self) == (int) color)
    match_cancel_turn (self);
  if (self->game)
    match_schedule (self);
}

ChancellorPlayerKind
chancellor_match_get_player (ChancellorMatch *self,
                             ChancellorColor  color)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), CHANCELLOR_PLAYER_HUMAN);
  g_return_val_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK, CHANCELLOR_PLAYER_HUMAN);

  return self->players[color];
}

void
chancellor_match_set_level (ChancellorMatch *self,
                            int              level)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  level = CLAMP (level, CHANCELLOR_COMPUTER_LEVEL_MIN, CHANCELLOR_COMPUTER_LEVEL_MAX);
  if (self->level == level)
    return;
  self->level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

int
chancellor_match_get_level (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), DEFAULT_LEVEL);

  return self->level;
}

void
chancellor_match_set_time_control (ChancellorMatch           *self,
                                   ChancellorTimeControlKind  kind,
                                   int                        minutes,
                                   int                        increment,
                                   int                        seconds_per_move)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  self->time_control = kind;
  self->minutes = MAX (1, minutes);
  self->increment = MAX (0, increment);
  self->seconds_per_move = MAX (1, seconds_per_move);
  /* A search started on the old clock's times starts again. */
  if (self->think_cancellable)
    match_cancel_turn (self);
  match_reset_clock (self);
  if (self->game)
    match_schedule (self);
}

void
chancellor_match_apply_setup (ChancellorMatch     *self,
                              ChancellorGameSetup *setup)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));
  g_return_if_fail (CHANCELLOR_IS_GAME_SETUP (setup));

  chancellor_match_set_level (self, chancellor_game_setup_get_level (setup));
  chancellor_match_set_player (self, CHANCELLOR_COLOR_WHITE,
                               chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE));
  chancellor_match_set_player (self, CHANCELLOR_COLOR_BLACK,
                               chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK));
  chancellor_match_set_time_control (self, chancellor_game_setup_get_time_control (setup),
                                     chancellor_game_setup_get_minutes (setup),
                                     chancellor_game_setup_get_increment (setup),
                                     chancellor_game_setup_get_seconds_per_move (setup));
}

void
chancellor_match_start (ChancellorMatch     *self,
                        ChancellorGame      *game,
                        ChancellorGameSetup *setup)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));
  g_return_if_fail (CHANCELLOR_IS_GAME_SETUP (setup));

  self->deferring = TRUE;
  chancellor_match_set_paused (self, FALSE);
  chancellor_match_set_game (self, game);
  chancellor_match_apply_setup (self, setup);
  self->deferring = FALSE;
  match_schedule (self);
}

void
chancellor_match_resume_clock (ChancellorMatch *self)
{
  gboolean found[2] = { FALSE, FALSE };
  guint n_moves;

  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  if (!self->game || !chancellor_clock_get_enabled (self->clock))
    return;
  n_moves = chancellor_game_get_n_moves (self->game);
  for (guint ply = n_moves; ply >= 1 && !(found[0] && found[1]); ply--)
    {
      ChancellorColor mover = chancellor_game_get_side_to_move (self->game, ply - 1);
      gint64 remaining;

      if (!found[mover] && chancellor_pgn_comment_get_clock (chancellor_game_get_comment (self->game, ply), &remaining))
        {
          chancellor_clock_set_remaining (self->clock, mover, remaining);
          found[mover] = TRUE;
        }
    }
  /* Nothing runs before the player is back at the board. */
  if (n_moves > 0 && chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_PLAYING)
    chancellor_match_set_paused (self, TRUE);
}

void
chancellor_match_set_move_delay (ChancellorMatch *self,
                                 guint            move_delay_ms)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  if (self->move_delay == move_delay_ms)
    return;
  self->move_delay = move_delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_DELAY]);
}

guint
chancellor_match_get_move_delay (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), 0);

  return self->move_delay;
}

void
chancellor_match_set_paused (ChancellorMatch *self,
                             gboolean         paused)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  chancellor_clock_set_paused (self->clock, paused);
  if (paused)
    match_cancel_turn (self);
  else if (self->game)
    {
      /* The computer moves as soon as the game goes on. */
      self->last_change = 0;
      match_schedule (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
chancellor_match_get_paused (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), FALSE);

  return self->paused;
}

gboolean
chancellor_match_get_thinking (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), FALSE);

  return self->thinking;
}

gboolean
chancellor_match_get_computer_turn (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), FALSE);

  return self->computer_turn;
}

gboolean
chancellor_match_get_against_computer (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), FALSE);

  return (self->players[0] == CHANCELLOR_PLAYER_COMPUTER) != (self->players[1] == CHANCELLOR_PLAYER_COMPUTER);
}

ChancellorClock *
chancellor_match_get_clock (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), NULL);

  return self->clock;
}

void
chancellor_match_set_engine (ChancellorMatch     *self,
                             ChancellorUciEngine *engine)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));
  g_return_if_fail (engine == NULL || CHANCELLOR_IS_UCI_ENGINE (engine));

  if (self->engine == engine && !self->engine_pending)
    return;
  self->engine_pending = FALSE;
  match_cancel_turn (self);
  g_set_object (&self->engine, engine);
  if (self->game && !self->paused)
    match_schedule (self);
}

void
chancellor_match_wait_for_engine (ChancellorMatch *self)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  if (self->engine_pending)
    return;
  self->engine_pending = TRUE;
  match_cancel_turn (self);
  g_clear_object (&self->engine);
}

ChancellorUciEngine *
chancellor_match_get_engine (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), NULL);

  return self->engine;
}

ChancellorComputer *
chancellor_match_get_computer (ChancellorMatch *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_MATCH (self), NULL);

  return self->computer;
}

static gboolean
match_computer_to_move (ChancellorMatch *self)
{
  int color = match_acting_color (self);

  return color >= 0 && self->players[color] == CHANCELLOR_PLAYER_COMPUTER;
}

void
chancellor_match_undo (ChancellorMatch *self)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  if (self->game == NULL || !chancellor_game_can_undo (self->game))
    return;
  match_cancel_turn (self);
  self->deferring = TRUE;
  chancellor_game_undo (self->game);
  if (chancellor_match_get_against_computer (self))
    while (match_computer_to_move (self) && chancellor_game_can_undo (self->game))
      chancellor_game_undo (self->game);
  self->deferring = FALSE;
  match_schedule (self);
}

void
chancellor_match_redo (ChancellorMatch *self)
{
  g_return_if_fail (CHANCELLOR_IS_MATCH (self));

  if (self->game == NULL || !chancellor_game_can_redo (self->game))
    return;
  match_cancel_turn (self);
  self->deferring = TRUE;
  chancellor_game_redo (self->game);
  if (chancellor_match_get_against_computer (self))
    while (match_computer_to_move (self) && chancellor_game_can_redo (self->game))
      chancellor_game_redo (self->game);
  self->deferring = FALSE;
  match_schedule (self);
}

static void
chancellor_match_dispose (GObject *object)
{
  ChancellorMatch *self = CHANCELLOR_MATCH (object);

  match_cancel_turn (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_object (&self->computer);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (chancellor_match_parent_class)->dispose (object);
}

static void
chancellor_match_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ChancellorMatch *self = CHANCELLOR_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_MOVE_DELAY:
      g_value_set_uint (value, self->move_delay);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_COMPUTER_TURN:
      g_value_set_boolean (value, self->computer_turn);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_match_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ChancellorMatch *self = CHANCELLOR_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_match_set_game (self, g_value_get_object (value));
      break;
    case PROP_LEVEL:
      chancellor_match_set_level (self, g_value_get_int (value));
      break;
    case PROP_MOVE_DELAY:
      chancellor_match_set_move_delay (self, g_value_get_uint (value));
      break;
    case PROP_PAUSED:
      chancellor_match_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_match_class_init (ChancellorMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = chancellor_match_dispose;
  object_class->get_property = chancellor_match_get_property;
  object_class->set_property = chancellor_match_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME, rw);
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, CHANCELLOR_COMPUTER_LEVEL_MIN, CHANCELLOR_COMPUTER_LEVEL_MAX,
                      DEFAULT_LEVEL, rw);
  properties[PROP_MOVE_DELAY] =
    g_param_spec_uint ("move-delay", NULL, NULL, 0, 60 * 1000, DEFAULT_MOVE_DELAY, rw);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE, rw);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_COMPUTER_TURN] =
    g_param_spec_boolean ("computer-turn", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_ENGINE_FAILED] =
    g_signal_new ("engine-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chancellor_match_init (ChancellorMatch *self)
{
  self->level = DEFAULT_LEVEL;
  self->move_delay = DEFAULT_MOVE_DELAY;
  self->minutes = 10;
  self->increment = 5;
  self->seconds_per_move = 10;
  self->clock = chancellor_clock_new ();
  self->computer = chancellor_computer_new ();
  g_signal_connect_object (self->clock, "flag-fell", G_CALLBACK (flag_fell), self, G_CONNECT_SWAPPED);
}

ChancellorMatch *
chancellor_match_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_MATCH, NULL);
}
