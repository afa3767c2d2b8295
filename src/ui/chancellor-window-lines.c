/* chancellor-window-lines.c — a move made at an earlier position while a
 * person plays the computer: the game is being played, so a move that
 * would leave its main line is never a side line by surprise.
 *
 *   - At a main-line position where it is the person's move, the window
 *     asks: Take Back the moves from there (and play on against the
 *     computer), try the move as a Side Line, or Cancel.
 *   - At one where it is the computer's move, the person cannot play on
 *     from there (the computer would), so the question offers the Side
 *     Line or Cancel only.
 *   - The game's own next move just steps forward, and inside a side line
 *     (chosen already) moves extend or follow it without a question.
 *
 * A finished game, a game of two people or of two computers plays side
 * lines without asking; the board does that by itself
 * (ChancellorBoardView::side-line-move).
 */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-window-private.h"

/* The move waiting for the player's answer. */
typedef struct {
  ChancellorGame *game;
  guint ply;
  int from;
  int to;
  int promotion;
} PendingMove;

static void
pending_move_free (gpointer data)
{
  PendingMove *pending = data;

  g_clear_object (&pending->game);
  g_free (pending);
}

static void
take_back_answered (AdwMessageDialog *dialog,
                    const char       *response,
                    ChancellorWindow *self)
{
  PendingMove *pending = g_object_get_data (G_OBJECT (dialog), "pending-move");
  ChancellorBoardView *board = chancellor_window_get_board_view (self);
  ChancellorMatch *match = chancellor_window_get_match (self);
  g_autoptr (GError) error = NULL;
  guint played;

  /* Another game opened meanwhile, or the moves went: nothing to do. */
  if (pending->game != chancellor_board_view_get_game (board)
      || !chancellor_game_has_ply (pending->game, pending->ply))
    return;

  if (g_str_equal (response, "take-back"))
    {
      while (chancellor_game_get_n_moves (pending->game) > pending->ply
             && chancellor_game_can_undo (pending->game))
        chancellor_match_undo (match);
      if (chancellor_game_get_n_moves (pending->game) == pending->ply
          && !chancellor_game_play (pending->game, pending->from, pending->to, pending->promotion, &error))
        _chancellor_window_show_error (self, _("The Move Cannot Be Played"), error->message);
    }
  else if (g_str_equal (response, "side-line"))
    {
      if (chancellor_game_play_at (pending->game, pending->ply, pending->from, pending->to, pending->promotion,
                                   &played, &error))
        chancellor_board_view_set_ply (board, played);
      else
        _chancellor_window_show_error (self, _("The Move Cannot Be Played"), error->message);
    }
}

static gboolean
side_line_move (ChancellorWindow    *self,
                guint                ply,
                int                  from,
                int                  to,
                int                  promotion,
                ChancellorBoardView *board)
{
  ChancellorGame *game = chancellor_board_view_get_game (board);
  ChancellorMatch *match = chancellor_window_get_match (self);
  ChancellorPlayerKind mover, other;
  ChancellorColor side;
  PendingMove *pending;
  GtkWidget *dialog;
  int game_from, game_to, rook_from;
  gboolean can_take_back;
  const char *suggested;

  /* A side line goes on without asking, and so does a game no person
   * plays against the computer, or one that is over. */
  if (game == NULL || chancellor_game_is_side_ply (game, ply)
      || chancellor_game_get_phase (game) != CHANCELLOR_PHASE_PLAYING)
    return FALSE;
  side = chancellor_game_get_side_to_move (game, ply);
  mover = chancellor_match_get_player (match, side);
  other = chancellor_match_get_player (match, side == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_COLOR_BLACK
                                                                           : CHANCELLOR_COLOR_WHITE);
  if (!((mover == CHANCELLOR_PLAYER_HUMAN && other == CHANCELLOR_PLAYER_COMPUTER)
        || (mover == CHANCELLOR_PLAYER_COMPUTER && other == CHANCELLOR_PLAYER_HUMAN)))
    return FALSE;
  /* The game's own next move (castling onto the rook too) steps forward. */
  if (ply < chancellor_game_get_n_moves (game)
      && chancellor_game_get_move_squares (game, ply + 1, &game_from, &game_to, &rook_from, NULL)
      && from == game_from && (to == game_to || to == rook_from)
      && !chancellor_game_move_needs_promotion_at (game, ply, from, to))
    return FALSE;

  /* At the person's move the game can go on from here: Take Back. */
  can_take_back = mover == CHANCELLOR_PLAYER_HUMAN;
  if (can_take_back)
    dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Take Back the Moves?"),
                                     _("The computer is playing this game. Take back the moves after this "
                                       "position and play on from here against it, or keep the game as it "
                                       "is and try this move as a side line."));
  else
    dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Try a Side Line?"),
                                     _("The computer is playing this game, and in this position it is "
                                       "the computer’s move, so the game cannot go on from here with "
                                       "yours. Keep the game as it is and try this move as a side line?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "side-line", _("_Side Line"),
                                    NULL);
  if (can_take_back)
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "take-back", _("_Take Back"));
  suggested = can_take_back ? "take-back" : "side-line";
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), suggested, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), suggested);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  pending = g_new0 (PendingMove, 1);
  pending->game = g_object_ref (game);
  pending->ply = ply;
  pending->from = from;
  pending->to = to;
  pending->promotion = promotion;
  g_object_set_data_full (G_OBJECT (dialog), "pending-move", pending, pending_move_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_back_answered), self, G_CONNECT_DEFAULT);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

void
_chancellor_window_lines_init (ChancellorWindow *self)
{
  g_signal_connect_object (chancellor_window_get_board_view (self), "side-line-move", G_CALLBACK (side_line_move),
                           self, G_CONNECT_SWAPPED);
}
