/* chancellor-window-lines.c — a move made at an earlier position while the
 * computer plays the game: the window asks whether to take the moves back
 * from there (and play on against the computer) or to keep them and try
 * the move as a side line.  Outside a game against the computer the board
 * plays side lines by itself (ChancellorBoardView::side-line-move).
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
  ChancellorColor side;
  PendingMove *pending;
  GtkWidget *dialog;

  /* Only a main-line position of a game the computer still plays, at the
   * person's turn, can be played on from. */
  if (game == NULL || chancellor_game_is_side_ply (game, ply)
      || chancellor_game_get_phase (game) != CHANCELLOR_PHASE_PLAYING)
    return FALSE;
  side = chancellor_game_get_side_to_move (game, ply);
  if (chancellor_match_get_player (match, side) != CHANCELLOR_PLAYER_HUMAN
      || chancellor_match_get_player (match, side == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_COLOR_BLACK
                                                                            : CHANCELLOR_COLOR_WHITE)
           != CHANCELLOR_PLAYER_COMPUTER)
    return FALSE;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Take Back the Moves?"),
                                   _("The computer is playing this game. Take back the moves after this "
                                     "position and play on from here against it, or keep the game as it "
                                     "is and try this move as a side line."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "side-line", _("_Side Line"),
                                    "take-back", _("_Take Back"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "take-back",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "take-back");
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
