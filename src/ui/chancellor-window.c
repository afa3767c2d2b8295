/* chancellor-window.c — the main window. */
#define G_LOG_DOMAIN "chancellor-window"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-analysis-view.h"
#include "chancellor-application.h"
#include "chancellor-catalogue.h"
#include "chancellor-clock-view.h"
#include "chancellor-engine-analysis.h"
#include "chancellor-enums.h"
#include "chancellor-eval-bar.h"
#include "chancellor-marks-layer.h"
#include "chancellor-game-properties.h"
#include "chancellor-game-setup.h"
#include "chancellor-match.h"
#include "chancellor-new-game-dialog.h"
#include "chancellor-rules-window.h"
#include "chancellor-start-page.h"
#include "chancellor-window.h"
/* For the board's keyboard cursor: the arrows are the board's while it shows. */
#include "chancellor-board-view-private.h"
#include "chancellor-move-list-private.h"
#include "chancellor-window-layout.h"
#include "chancellor-window-private.h"

/* Browsing quickly through the moves restarts the analysis once. */
#define ANALYSIS_RESTART_MS 60
/* The evaluation bar's gap to the board. */
#define EVAL_BAR_GAP 8

struct _ChancellorWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  ChancellorBoardView *board_view;
  GtkWidget *relocation_box;
  GtkLabel *relocation_label;
  ChancellorMoveList *move_list;
  GtkOverlay *board_overlay;
  ChancellorEvalBar *eval_bar;
  ChancellorClockView *clock_view;
  ChancellorAnalysisView *analysis_view;
  GtkWidget *thinking_spinner;
  GtkWidget *side_panel;
  GtkWidget *players_button;
  GtkLabel *white_name_label;
  GtkLabel *black_name_label;
  GMenu *rules_section;
  GtkWidget *new_game_button;
  GtkWidget *flip_button;
  GtkWidget *open_button;
  GtkWidget *header_bar;
  GtkStack *main_stack;
  ChancellorStartPage *start_page;
  ChancellorGame *start_page_game;   /* the game under the start page */
  gulong start_page_handler;
  GMenu *narrow_open_section;
  ChancellorWindowLayout *content_layout;
  guint compact_id;                  /* a pending change of the header bar */

  ChancellorMatch *match;            /* the players, the clock, the computer's turns */
  ChancellorEngineAnalysis *engine_analysis; /* an external engine's, when one is chosen */
  ChancellorWindowEngine *player_engine;     /* the external computer player (chancellor-window-engine.c) */
  gboolean analysing;
  guint analysis_id;                 /* a pending restart of the analysis */
  GCancellable *hint_cancellable;

  GSettings *settings;
  ChancellorGame *game;
  ChancellorGameSetup *setup;        /* who plays the game, and its clock */
  ChancellorDocument *document;      /* the game's file, and whether it changed since */
  ChancellorWindowFiles *files;      /* open and save (chancellor-window-files.c) */
  ChancellorWindowReview *review; /* the whole game's (chancellor-window-review.c) */
  GtkWidget *new_game_dialog;        /* weak: the chooser while it is open */
  gboolean flipped;
  char *status;
  char *last_toast;
  AdwToast *refusal_toast;   /* weak: why a move or swap was refused, until the next good one */
};

G_DEFINE_FINAL_TYPE (ChancellorWindow, chancellor_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VARIANT_ID,
  PROP_FLIPPED,
  PROP_SETUP,
  PROP_ANALYSING,
  PROP_PAUSED,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_toast (ChancellorWindow *self,
            AdwToast         *toast)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (adw_toast_get_title (toast));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_message (ChancellorWindow *self,
              const char       *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  show_toast (self, toast);
}

static char *
describe_status (ChancellorGame *game)
{
  guint n = chancellor_game_get_n_moves (game);

  switch (chancellor_game_get_phase (game))
    {
    case CHANCELLOR_PHASE_RELOCATION:
      return g_strdup (chancellor_game_get_relocating_color (game) == CHANCELLOR_COLOR_WHITE
                       ? _("White chooses its array")
                       : _("Black chooses its array"));
    case CHANCELLOR_PHASE_OVER:
      return chancellor_game_describe_result (game);
    case CHANCELLOR_PHASE_PLAYING:
    default:
      if (chancellor_game_get_check_square (game, n) >= 0)
        return g_strdup (chancellor_game_get_side_to_move (game, n) == CHANCELLOR_COLOR_WHITE
                         ? _("White to move, in check")
                         : _("Black to move, in check"));
      return g_strdup (chancellor_game_get_side_to_move (game, n) == CHANCELLOR_COLOR_WHITE
                       ? _("White to move")
                       : _("Black to move"));
    }
}

static void update_play_state (ChancellorWindow *self);

/* The players' names above the clocks, from the game's header (a file's
 * players, or those a new game was given); hidden when it names neither. */
static void
update_players (ChancellorWindow *self)
{
  const char *white = chancellor_game_get_tag (self->game, "White");
  const char *black = chancellor_game_get_tag (self->game, "Black");
  g_autofree char *description = NULL;

  gtk_widget_set_visible (self->players_button, white != NULL || black != NULL);
  gtk_label_set_label (self->white_name_label, white ? white : "?");
  gtk_label_set_label (self->black_name_label, black ? black : "?");
  /* TRANSLATORS: the players' names above the board's side panel, for
   * screen readers: White's, then Black's */
  description = g_strdup_printf (_("White: %s, Black: %s"), white ? white : "?", black ? black : "?");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->players_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* The name of the side to move in the position shown is bold: the discs
 * beside the names are the sides' colours, which on a light or a dark
 * style each look like the one marked, so the turn is told by the name.
 * Nobody's in a finished game's last position or while arrays are chosen. */
static void
update_turn (ChancellorWindow *self,
             guint             shown)
{
  gboolean white = FALSE, black = FALSE;

  if (chancellor_game_has_ply (self->game, shown)
      && chancellor_game_get_phase (self->game) != CHANCELLOR_PHASE_RELOCATION
      && (chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_PLAYING
          || shown != chancellor_game_get_n_moves (self->game)))
    {
      white = chancellor_game_get_side_to_move (self->game, shown) == CHANCELLOR_COLOR_WHITE;
      black = !white;
    }
  if (white)
    gtk_widget_add_css_class (GTK_WIDGET (self->white_name_label), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->white_name_label), "to-move");
  if (black)
    gtk_widget_add_css_class (GTK_WIDGET (self->black_name_label), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->black_name_label), "to-move");
}

/* The game's name; with a file, its name too (marked while it has unsaved
 * changes): "• ajax-game.pgn — Ajax Chess". */
static void
update_titles (ChancellorWindow *self)
{
  const char *variant = chancellor_game_get_variant_name (self->game);
  const char *file_name = chancellor_document_get_display_name (self->document);
  const char *mark = chancellor_document_get_modified (self->document) ? "• " : "";
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  g_autofree char *numbered = NULL;
  const char *status = self->status;
  g_autofree char *browsing = NULL;
  guint shown = chancellor_board_view_get_ply (self->board_view);
  g_autofree char *numbered_file = NULL;
  guint number, count;
  int start_number;

  update_turn (self, shown);
  /* An earlier position shown: the subtitle follows it. */
  if (chancellor_game_get_phase (self->game) != CHANCELLOR_PHASE_RELOCATION
      && shown != chancellor_game_get_n_moves (self->game) && chancellor_game_has_ply (self->game, shown))
    {
      const char *side = chancellor_game_get_side_to_move (self->game, shown) == CHANCELLOR_COLOR_WHITE
                         ? _("White to move") : _("Black to move");
      g_autofree char *move = shown > 0 ? _chancellor_move_list_dup_move_label (self->move_list, shown) : NULL;

      /* TRANSLATORS: the header bar's second line while an earlier
       * position is shown: the move that led to it ("12… Nf6") and whose
       * move it is there */
      status = browsing = move ? g_strdup_printf (_("After %s · %s"), move, side) : g_strdup (side);
    }
  adw_window_title_set_title (self->window_title, variant);
  start_number = chancellor_game_get_start_number (self->game);
  if (start_number >= 0)
    /* TRANSLATORS: the header bar's second line for a game with numbered
     * start arrays: the number of its array, and whose move it is */
    status = numbered = g_strdup_printf (_("Start %d · %s"), start_number, status);
  if (file_name == NULL)
    {
      adw_window_title_set_subtitle (self->window_title, status);
      gtk_window_set_title (GTK_WINDOW (self), variant);
      return;
    }
  if (self->files && _chancellor_window_files_get_game_number (self, &number, &count))
    /* TRANSLATORS: the file of the game shown, when it holds several: "club.pgn, game 3 of 12" */
    file_name = numbered_file = g_strdup_printf (_("%s, game %u of %u"), file_name, number, count);
  /* TRANSLATORS: the header bar's second line: a mark for unsaved changes,
   * the game's file and whose move it is */
  subtitle = g_strdup_printf (_("%s%s — %s"), mark, file_name, status);
  /* TRANSLATORS: the window's title: a mark for unsaved changes, the
   * game's file and the game played */
  title = g_strdup_printf (_("%s%s — %s"), mark, file_name, variant);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* Titles, the relocation panel and which actions can be used. */
static void
update_state (ChancellorWindow *self)
{
  ChancellorGame *game = self->game;
  ChancellorPhase phase = chancellor_game_get_phase (game);
  GtkWidget *widget = GTK_WIDGET (self);

  g_free (self->status);
  self->status = describe_status (game);
  update_titles (self);

  gtk_widget_set_visible (self->relocation_box, phase == CHANCELLOR_PHASE_RELOCATION);
  if (phase == CHANCELLOR_PHASE_RELOCATION)
    gtk_label_set_label (self->relocation_label,
                         chancellor_game_get_relocating_color (game) == CHANCELLOR_COLOR_WHITE
                         ? _("White may swap its King or Queen with another piece of its first rank "
                             "that is not a Rook: click the two pieces. Or keep the array as it is.")
                         : _("Black may swap its King or Queen with another piece of its first rank "
                             "that is not a Rook: click the two pieces. Or keep the array as it is."));

  gtk_widget_action_set_enabled (widget, "win.undo", chancellor_game_can_undo (game));
  gtk_widget_action_set_enabled (widget, "win.redo", chancellor_game_can_redo (game));
  gtk_widget_action_set_enabled (widget, "win.claim-draw", chancellor_game_can_claim_draw (game));
  gtk_widget_action_set_enabled (widget, "win.resign", phase != CHANCELLOR_PHASE_OVER);
  gtk_widget_action_set_enabled (widget, "win.keep-array", phase == CHANCELLOR_PHASE_RELOCATION);
  update_play_state (self);
}

static void
game_over (ChancellorWindow *self,
           ChancellorGame   *game)
{
  g_autofree char *description = chancellor_game_describe_result (game);
  g_autofree char *text = g_strdup_printf ("%s %s", chancellor_game_get_result_string (game), description);

  show_message (self, text);
}

static void
can_claim_draw_changed (ChancellorWindow *self,
                        GParamSpec       *pspec,
                        ChancellorGame   *game)
{
  AdwToast *toast;

  if (!chancellor_game_can_claim_draw (game))
    return;

  toast = adw_toast_new (chancellor_game_get_side_to_move (game, chancellor_game_get_n_moves (game))
                         == CHANCELLOR_COLOR_WHITE
                         ? _("White may claim a draw")
                         : _("Black may claim a draw"));
  adw_toast_set_button_label (toast, _("Claim _Draw"));
  adw_toast_set_action_name (toast, "win.claim-draw");
  show_toast (self, toast);
}

/* The board view reports moves it could not play. */
/* Why a move or a relocation was refused: it replaces the last such
 * toast, and goes once the game changes (the next good move or swap). */
static void
show_refusal (ChancellorWindow *self,
              const char       *message)
{
  if (self->refusal_toast)
    adw_toast_dismiss (self->refusal_toast);
  g_set_weak_pointer (&self->refusal_toast, adw_toast_new (message));
  adw_toast_set_priority (self->refusal_toast, ADW_TOAST_PRIORITY_HIGH);
  show_toast (self, self->refusal_toast);
}

static void
dismiss_refusal (ChancellorWindow *self)
{
  if (self->refusal_toast)
    adw_toast_dismiss (self->refusal_toast);
}

static void
board_error (ChancellorWindow *self,
             const char       *message)
{
  if (message && *message)
    show_refusal (self, message);
}

/* The computer's part: its turns (the match), hints and the analysis */

static gboolean
window_has_computer_player (ChancellorWindow *self)
{
  return chancellor_match_get_player (self->match, CHANCELLOR_COLOR_WHITE) == CHANCELLOR_PLAYER_COMPUTER
      || chancellor_match_get_player (self->match, CHANCELLOR_COLOR_BLACK) == CHANCELLOR_PLAYER_COMPUTER;
}

/* Who may act now: the board takes moves only on a person's turn. */
static void
update_play_state (ChancellorWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  ChancellorPhase phase = chancellor_game_get_phase (self->game);
  gboolean computer_turn = chancellor_match_get_computer_turn (self->match);
  gboolean paused = chancellor_match_get_paused (self->match);
  gboolean thinking = chancellor_match_get_thinking (self->match) || self->hint_cancellable != NULL;
  gboolean clock = chancellor_clock_get_enabled (chancellor_match_get_clock (self->match));

  chancellor_board_view_set_interactive (self->board_view, !computer_turn && !paused);
  chancellor_board_view_set_idle_message (self->board_view,
                                          paused ? _("The game is paused: press P to resume.") : NULL);
  gtk_widget_action_set_enabled (widget, "win.keep-array",
                                 phase == CHANCELLOR_PHASE_RELOCATION && !computer_turn && !paused);
  gtk_widget_action_set_enabled (widget, "win.hint", phase == CHANCELLOR_PHASE_PLAYING && !computer_turn && !paused);
  gtk_widget_action_set_enabled (widget, "win.pause",
                                 paused || (phase == CHANCELLOR_PHASE_PLAYING
                                            && (clock || window_has_computer_player (self))));
  /* Not in a narrow window: its header bar has no room left at 360 px
   * (the spinner would widen the window); the subtitle says whose turn. */
  thinking = thinking && !chancellor_window_layout_get_narrow (self->content_layout);
  gtk_widget_set_visible (self->thinking_spinner, thinking);
  gtk_spinner_set_spinning (GTK_SPINNER (self->thinking_spinner), thinking);
  if (paused)
    adw_window_title_set_subtitle (self->window_title, _("Paused"));
}

static void
cancel_hint (ChancellorWindow *self)
{
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
}

/* The hint found (move NULL: none) marked on the board and said. */
static void
show_hint (ChancellorWindow *self,
           const char       *move,
           int               from,
           int               to)
{
  g_autofree char *san = NULL;
  g_autofree char *message = NULL;

  g_clear_object (&self->hint_cancellable);
  update_play_state (self);
  if (!move)
    return;
  san = chancellor_game_dup_san_of (self->game, move);
  chancellor_board_view_set_hint (self->board_view, from, to);
  /* Translators: the computer's suggestion, "Hint: Nf3" */
  message = g_strdup_printf (_("Hint: %s"), san ? san : move);
  show_message (self, message);
}

static void
hint_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr (ChancellorWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = NULL;
  int from, to;

  move = chancellor_computer_think_finish (CHANCELLOR_COMPUTER (source), result, &from, &to, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  show_hint (self, move, from, to);
}

/* The built-in engine's hint, under the cancellable already made. */
static void
builtin_hint (ChancellorWindow *self)
{
  ChancellorThinkLimits limits;

  chancellor_think_limits_init (&limits, CHANCELLOR_COMPUTER_LEVEL_MAX);
  limits.movetime_ms = CHANCELLOR_WINDOW_HINT_TIME_MS;
  chancellor_computer_think_async (chancellor_match_get_computer (self->match), self->game, &limits,
                                   self->hint_cancellable, hint_done, g_object_ref (self));
}

void
_chancellor_window_hint_found (ChancellorWindow *self,
                               const char       *move,
                               const char       *failure)
{
  int from, to;

  if (!move || !chancellor_game_find_move_squares (self->game, move, &from, &to))
    {
      /* TRANSLATORS: %s says why the engine chosen for hints gave none */
      g_autofree char *text = g_strdup_printf (_("%s The built-in engine gives the hint."),
                                               failure ? failure : "");

      _chancellor_window_show_toast (self, adw_toast_new (g_strstrip (text)));
      builtin_hint (self);
      return;
    }
  show_hint (self, move, from, to);
}

/* A short search on the live position, by the engine chosen for hints;
 * its move is marked on the board. */
static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  g_autofree char *engine = self->settings ? g_settings_get_string (self->settings, "hint-engine") : NULL;

  cancel_hint (self);
  chancellor_board_view_set_ply (self->board_view, chancellor_game_get_n_moves (self->game));
  self->hint_cancellable = g_cancellable_new ();
  if (engine && *engine)
    _chancellor_window_engine_hint (self->player_engine, self->game, engine, self->hint_cancellable);
  else
    builtin_hint (self);
  update_play_state (self);
}

/* How many lines the live analysis shows. */
static int
window_analysis_lines (ChancellorWindow *self)
{
  return self->settings ? g_settings_get_int (self->settings, "analysis-lines") : 1;
}

int
_chancellor_window_analysis_threads (ChancellorWindow *self)
{
  int threads = self->settings ? g_settings_get_int (self->settings, "analysis-threads") : 0;

  return threads > 0 ? MIN (threads, (int) g_get_num_processors ()) : (int) g_get_num_processors ();
}

/* The lines of the live analysis, from the built-in engine or another. */
static void
engine_lines_updated (ChancellorWindow *self,
                      guint             ply,
                      GPtrArray        *lines)
{
  ChancellorEngineLine *best = g_ptr_array_index (lines, 0);
  ChancellorAnalysis summary = { .score = best->score, .mate = best->mate };
  g_autofree char *score = chancellor_analysis_format_score (&summary);

  if (!self->analysing || ply != chancellor_board_view_get_ply (self->board_view))
    return;
  chancellor_analysis_view_set_position (self->analysis_view, self->game, ply,
                                         chancellor_board_view_get_flipped (self->board_view));
  chancellor_analysis_view_set_lines (self->analysis_view, lines, (guint) window_analysis_lines (self));
  chancellor_eval_bar_set_score (self->eval_bar, best->score, best->mate, score);
}

static void
engine_analysis_failed (ChancellorWindow *self,
                        const char       *message)
{
  if (self->analysing)
    chancellor_analysis_view_set_result (self->analysis_view, "–", message);
}

static void
stop_engine_analysis (ChancellorWindow *self)
{
  if (self->engine_analysis)
    chancellor_engine_analysis_stop (self->engine_analysis);
}

/* Analyses with the external engine the settings choose, if one is:
 * started on first use, replaced when another is chosen. */
static gboolean
analyse_with_external_engine (ChancellorWindow *self,
                              guint             ply)
{
  g_autofree char *path = self->settings ? g_settings_get_string (self->settings, "analysis-engine") : NULL;

  if (!path || !*path)
    {
      g_clear_object (&self->engine_analysis);
      return FALSE;
    }
  chancellor_computer_stop_analysis (chancellor_match_get_computer (self->match));
  if (self->engine_analysis && !g_str_equal (chancellor_engine_analysis_get_path (self->engine_analysis), path))
    g_clear_object (&self->engine_analysis);
  if (!self->engine_analysis)
    {
      self->engine_analysis = chancellor_engine_analysis_new (path);
      g_signal_connect_object (self->engine_analysis, "lines-updated", G_CALLBACK (engine_lines_updated), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->engine_analysis, "failed", G_CALLBACK (engine_analysis_failed), self,
                               G_CONNECT_SWAPPED);
    }
  chancellor_engine_analysis_start (self->engine_analysis, self->game, ply, window_analysis_lines (self));
  return TRUE;
}

/* Analyses the position shown; a mate or stalemate on the board is shown
 * as the result instead. */
static gboolean
restart_analysis (gpointer data)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (data);
  ChancellorComputer *computer = chancellor_match_get_computer (self->match);
  guint ply = chancellor_board_view_get_ply (self->board_view);
  ChancellorReason reason = chancellor_game_get_reason (self->game);

  self->analysis_id = 0;
  if (!self->analysing)
    return G_SOURCE_REMOVE;

  if (ply == chancellor_game_get_n_moves (self->game)
      && (reason == CHANCELLOR_REASON_CHECKMATE || reason == CHANCELLOR_REASON_STALEMATE))
    {
      ChancellorResult result = chancellor_game_get_result (self->game);
      const char *result_text = chancellor_game_get_result_string (self->game);
      g_autofree char *description = chancellor_game_describe_result (self->game);

      chancellor_computer_stop_analysis (computer);
      stop_engine_analysis (self);
      chancellor_analysis_view_set_result (self->analysis_view, result_text, description);
      chancellor_eval_bar_set_score (self->eval_bar, 0,
                                     result == CHANCELLOR_RESULT_WHITE_WINS ? 1
                                     : result == CHANCELLOR_RESULT_BLACK_WINS ? -1 : 0,
                                     result_text);
      return G_SOURCE_REMOVE;
    }

  if (!analyse_with_external_engine (self, ply))
    {
      chancellor_computer_set_analysis_lines (computer, window_analysis_lines (self));
      chancellor_computer_set_analysis_threads (computer, _chancellor_window_analysis_threads (self));
      chancellor_computer_analyse (computer, self->game, ply);
    }
  return G_SOURCE_REMOVE;
}

/* The position shown changed: the analysis of the old one stops at once,
 * and the new one starts when the browsing pauses. */
static void
schedule_analysis (ChancellorWindow *self)
{
  if (!self->analysing || self->game == NULL)
    return;
  chancellor_computer_stop_analysis (chancellor_match_get_computer (self->match));
  stop_engine_analysis (self);
  chancellor_analysis_view_set_n_rows (self->analysis_view, (guint) window_analysis_lines (self));
  chancellor_analysis_view_set_waiting (self->analysis_view);
  g_clear_handle_id (&self->analysis_id, g_source_remove);
  self->analysis_id = g_timeout_add (ANALYSIS_RESTART_MS, restart_analysis, self);
  g_source_set_name_by_id (self->analysis_id, "[chancellor] restart analysis");
}

static void
window_set_analysing (ChancellorWindow *self,
                      gboolean          analysing)
{
  analysing = !!analysing;
  if (self->analysing == analysing)
    return;

  self->analysing = analysing;
  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), analysing);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_view), analysing);
  if (analysing)
    {
      int bar_width;

      gtk_widget_measure (GTK_WIDGET (self->eval_bar), GTK_ORIENTATION_HORIZONTAL, -1,
                          NULL, &bar_width, NULL, NULL);
      gtk_widget_set_margin_start (GTK_WIDGET (self->board_view),
                                   gtk_widget_get_margin_end (GTK_WIDGET (self->board_view))
                                   + bar_width + EVAL_BAR_GAP);
      chancellor_eval_bar_reset (self->eval_bar);
      schedule_analysis (self);
    }
  else
    {
      gtk_widget_set_margin_start (GTK_WIDGET (self->board_view),
                                   gtk_widget_get_margin_end (GTK_WIDGET (self->board_view)));
      g_clear_handle_id (&self->analysis_id, g_source_remove);
      chancellor_computer_stop_analysis (chancellor_match_get_computer (self->match));
      /* The engine's process ends with the analysis. */
      g_clear_object (&self->engine_analysis);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
}

/* The evaluation bar stands beside the board itself, wherever the board
 * view centres it. */
static gboolean
place_eval_bar (GtkOverlay       *overlay,
                GtkWidget        *widget,
                GdkRectangle     *allocation,
                ChancellorWindow *self)
{
  int last = chancellor_game_get_files (self->game) * chancellor_game_get_ranks (self->game) - 1;
  graphene_rect_t first_square, last_square, board;
  double x, y;
  int width;

  if (widget != GTK_WIDGET (self->eval_bar))
    return FALSE;

  *allocation = (GdkRectangle) { 0, 0, 0, 0 };
  if (!chancellor_board_view_get_square_bounds (self->board_view, 0, &first_square)
      || !chancellor_board_view_get_square_bounds (self->board_view, last, &last_square)
      || !gtk_widget_translate_coordinates (GTK_WIDGET (self->board_view), GTK_WIDGET (overlay),
                                            0, 0, &x, &y))
    return TRUE;

  graphene_rect_union (&first_square, &last_square, &board);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  allocation->x = (int) (x + board.origin.x) - EVAL_BAR_GAP - width;
  allocation->y = (int) (y + board.origin.y);
  allocation->width = width;
  allocation->height = (int) board.size.height;
  return TRUE;
}

static void
play_game_changed (ChancellorWindow *self)
{
  cancel_hint (self);
  update_play_state (self);
  schedule_analysis (self);
}

static void
board_ply_changed (ChancellorWindow *self)
{
  update_titles (self);
  if (self->hint_cancellable)
    {
      cancel_hint (self);
      update_play_state (self);
    }
  schedule_analysis (self);
}

static void
match_state_changed (ChancellorWindow *self,
                     GParamSpec       *pspec)
{
  if (self->game)
    update_state (self);
  if (g_strcmp0 (pspec->name, "paused") == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

/* A new game: the match takes over its players and clock. */
static void
window_play_set_game (ChancellorWindow    *self,
                      ChancellorGame      *game,
                      ChancellorGameSetup *setup)
{
  cancel_hint (self);
  g_signal_connect_object (game, "changed", G_CALLBACK (play_game_changed), self, G_CONNECT_SWAPPED);
  chancellor_match_start (self->match, game, setup);
  if (self->player_engine)
    _chancellor_window_engine_set_game (self->player_engine, game, setup);
  gtk_widget_queue_allocate (GTK_WIDGET (self->board_overlay));
  schedule_analysis (self);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);

  /* Against the computer, its reply goes with the player's move. */
  if (g_str_equal (action_name, "win.undo"))
    chancellor_match_undo (self->match);
  else
    chancellor_match_redo (self->match);
}

static void
claim_draw_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);

  /* The "game-over" toast tells the result. */
  chancellor_game_claim_draw (self->game);
}

static void
resign_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorColor color;

  if (chancellor_game_get_phase (self->game) == CHANCELLOR_PHASE_RELOCATION)
    color = chancellor_game_get_relocating_color (self->game);
  else
    color = chancellor_game_get_side_to_move (self->game, chancellor_game_get_n_moves (self->game));
  /* Against the computer it is the person who resigns, on either turn. */
  if (chancellor_match_get_against_computer (self->match)
      && chancellor_match_get_player (self->match, color) == CHANCELLOR_PLAYER_COMPUTER)
    color = color == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_COLOR_BLACK : CHANCELLOR_COLOR_WHITE;
  chancellor_game_resign (self->game, color);
}

static void
keep_array_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!chancellor_game_relocate (self->game, -1, -1, &error))
    show_refusal (self, error->message);
}

static void
start_game_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!chancellor_window_start_variant (self, g_variant_get_string (parameter, NULL), &error))
    show_message (self, error->message);
}

/* The start page's Play the Computer: the person has White, the computer
 * Black at its middle level, without clocks; the next start remembers it. */
static void
play_computer_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  g_autoptr (ChancellorGameSetup) setup = NULL;
  g_autoptr (GError) error = NULL;
  int n_starts;

  setup = g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", id, "white-player", CHANCELLOR_PLAYER_HUMAN,
                        "black-player", CHANCELLOR_PLAYER_COMPUTER, NULL);
  /* The engine chosen before (in Preferences) stays chosen. */
  if (self->settings)
    g_settings_bind (self->settings, "computer-engine", setup, "engine",
                     G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  if (chancellor_catalogue_get_start_rule (id, &n_starts) == CHANCELLOR_START_NUMBERED)
    g_object_set (setup, "start-number", g_random_int_range (0, n_starts), NULL);
  if (!chancellor_window_start_setup (self, setup, &error))
    {
      show_message (self, error->message);
      return;
    }
  if (self->settings)
    chancellor_game_setup_bind_settings (setup, self->settings, G_SETTINGS_BIND_SET);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  chancellor_window_show_new_game_chooser (CHANCELLOR_WINDOW (widget));
}

static void
start_chosen_setup (ChancellorWindow *self,
                    gpointer          data)
{
  ChancellorGameSetup *setup = data;
  g_autoptr (GError) error = NULL;

  if (!chancellor_window_start_setup (self, setup, &error))
    show_message (self, error->message);
}

static void window_start_game (ChancellorWindow *self, ChancellorGame *game, ChancellorGameSetup *setup);
static void window_show_new_game_chooser (ChancellorWindow *self, gboolean continuing);

/* Each new game turns the board for its own players: Black at the bottom
 * only for a person playing Black against the computer. */
static void
window_turn_for_players (ChancellorWindow    *self,
                         ChancellorGameSetup *setup)
{
  ChancellorPlayerKind white = chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE);
  ChancellorPlayerKind black = chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK);

  g_object_set (self, "flipped", black == CHANCELLOR_PLAYER_HUMAN && white != CHANCELLOR_PLAYER_HUMAN, NULL);
}

/* Play on from the position shown (the move list's "Continue From Here"):
 * New Game, with the position to continue from chosen. */
static void
continue_from_here_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  window_show_new_game_chooser (CHANCELLOR_WINDOW (widget), TRUE);
}

/* A game continued from a position, with the players and clock chosen. */
typedef struct {
  ChancellorGameSetup *setup;
  ChancellorGame *game;
} ContinuedGame;

static void
continued_game_free (gpointer data)
{
  ContinuedGame *continued = data;

  g_object_unref (continued->setup);
  g_object_unref (continued->game);
  g_free (continued);
}

static void
start_continued_game (ChancellorWindow *self,
                      gpointer          data)
{
  ContinuedGame *continued = data;

  window_start_game (self, continued->game, continued->setup);
  window_turn_for_players (self, continued->setup);
}

/* The chooser's Start: a game with unsaved moves is saved or given up
 * only when the player says so. */
static void
new_game_chosen (ChancellorWindow    *self,
                 ChancellorGameSetup *setup)
{
  ChancellorNewGameDialog *dialog = CHANCELLOR_NEW_GAME_DIALOG (self->new_game_dialog);
  ContinuedGame *continued;
  guint ply;

  if (!dialog || !chancellor_new_game_dialog_get_continue (dialog))
    {
      _chancellor_window_ask_to_save (self, start_chosen_setup, g_object_ref (setup), g_object_unref);
      return;
    }
  /* The position asked for, if it is still there. */
  ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "continue-ply"));
  if (!chancellor_game_has_ply (self->game, ply))
    ply = chancellor_game_get_n_moves (self->game);
  continued = g_new0 (ContinuedGame, 1);
  continued->setup = g_object_ref (setup);
  continued->game = chancellor_game_dup_line (self->game, ply);
  g_object_set (continued->setup, "variant-id", chancellor_game_get_variant_id (self->game), NULL);
  _chancellor_window_ask_to_save (self, start_continued_game, continued, continued_game_free);
}

/* The comment of the move shown (Ctrl+E), in the move list's editor. */
static void
edit_comment_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  chancellor_move_list_edit_comment (CHANCELLOR_WINDOW (widget)->move_list);
}

/* The rules of the game shown (F1), in a window that can show any game. */
static void
rules_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorRulesWindow *rules;

  rules = chancellor_rules_window_new (GTK_WINDOW (self), self->settings,
                                       chancellor_game_get_variant_id (self->game));
  gtk_window_set_application (GTK_WINDOW (rules), gtk_window_get_application (GTK_WINDOW (self)));
  gtk_window_present (GTK_WINDOW (rules));
}

/* The header of the game shown (Ctrl+I), edited in a window over this one. */
static void
game_properties_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (widget);
  ChancellorGameProperties *dialog = chancellor_game_properties_new (GTK_WINDOW (self), self->game);

  gtk_window_set_application (GTK_WINDOW (dialog), gtk_window_get_application (GTK_WINDOW (self)));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The main menu's "Rules of <game>" names the game shown. */
static void
update_rules_item (ChancellorWindow *self)
{
  g_autofree char *label = NULL;

  if (!self->game)
    return;
  /* TRANSLATORS: a menu item opening the rules of the game played, named */
  label = g_strdup_printf (_("_Rules of %s"), chancellor_game_get_variant_name (self->game));
  g_menu_remove_all (self->rules_section);
  g_menu_append (self->rules_section, label, "win.rules");
}

/* With the panel under the board the header bar fits 360 px: New Game
 * shows its icon only, Flip and Open stay in the main menu (and on F and
 * Ctrl+O), and the recent games go there too. */
static gboolean
update_header_bar (gpointer data)
{
  ChancellorWindow *self = data;
  gboolean narrow = chancellor_window_layout_get_narrow (self->content_layout);

  self->compact_id = 0;
  if (narrow)
    gtk_button_set_icon_name (GTK_BUTTON (self->new_game_button), "document-new-symbolic");
  else
    {
      gtk_button_set_label (GTK_BUTTON (self->new_game_button), _("_New Game"));
      gtk_button_set_use_underline (GTK_BUTTON (self->new_game_button), TRUE);
    }
  gtk_widget_set_visible (self->flip_button, !narrow);
  gtk_widget_set_visible (self->open_button, !narrow);
  g_menu_remove_all (self->narrow_open_section);
  if (narrow)
    {
      GMenuModel *recent = G_MENU_MODEL (gtk_widget_get_template_child (GTK_WIDGET (self), CHANCELLOR_TYPE_WINDOW,
                                                                        "recent_menu"));

      g_menu_append_submenu (self->narrow_open_section, _("Open _Recent"), recent);
    }
  if (self->game && self->match)
    update_play_state (self);
  return G_SOURCE_REMOVE;
}

/* Changed by an allocation: the header bar changes after it. */
static void
layout_narrow_changed (ChancellorWindow *self)
{
  if (!self->compact_id)
    self->compact_id = g_idle_add (update_header_bar, self);
}

static void
chancellor_window_dispose (GObject *object)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  /* A game with unsaved moves is kept for the next start. */
  if (self->files)
    _chancellor_window_files_shutdown (self);
  g_clear_pointer (&self->files, _chancellor_window_files_free);
  g_clear_pointer (&self->review, _chancellor_window_review_free);
  g_clear_pointer (&self->player_engine, _chancellor_window_engine_free);
  /* Closing the window stops every search at once. */
  cancel_hint (self);
  g_clear_handle_id (&self->analysis_id, g_source_remove);
  /* A header bar change still pending would find the layout gone. */
  g_clear_handle_id (&self->compact_id, g_source_remove);
  if (self->match)
    {
      g_signal_handlers_disconnect_by_data (self->match, self);
      g_signal_handlers_disconnect_by_data (chancellor_match_get_computer (self->match), self);
      chancellor_computer_stop_analysis (chancellor_match_get_computer (self->match));
      chancellor_match_set_game (self->match, NULL);
    }
  g_clear_object (&self->match);
  g_clear_object (&self->engine_analysis);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->start_page_game);
  g_clear_object (&self->setup);
  g_clear_object (&self->document);
  g_clear_weak_pointer (&self->new_game_dialog);
  g_clear_weak_pointer (&self->refusal_toast);
  gtk_widget_dispose_template (GTK_WIDGET (self), CHANCELLOR_TYPE_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chancellor_window_parent_class)->dispose (object);
}

static void
chancellor_window_finalize (GObject *object)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  g_free (self->status);
  g_free (self->last_toast);

  G_OBJECT_CLASS (chancellor_window_parent_class)->finalize (object);
}

static void
chancellor_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->game ? chancellor_game_get_variant_id (self->game) : NULL);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SETUP:
      g_value_set_object (value, self->setup);
      break;
    case PROP_ANALYSING:
      g_value_set_boolean (value, self->analysing);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->match && chancellor_match_get_paused (self->match));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_window_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_window_set_game (self, g_value_get_object (value));
      break;
    case PROP_VARIANT_ID:
      {
        const char *id = g_value_get_string (value);

        if (id && (!self->game || g_ascii_strcasecmp (id, chancellor_game_get_variant_id (self->game)) != 0))
          chancellor_window_start_variant (self, id, NULL);
      }
      break;
    case PROP_FLIPPED:
      if (self->flipped != g_value_get_boolean (value))
        {
          self->flipped = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ANALYSING:
      window_set_analysing (self, g_value_get_boolean (value));
      break;
    case PROP_PAUSED:
      chancellor_match_set_paused (self->match, g_value_get_boolean (value));
      break;
    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void chancellor_window_constructed (GObject *object);

static void
chancellor_window_class_init (ChancellorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chancellor_window_dispose;
  object_class->finalize = chancellor_window_finalize;
  object_class->get_property = chancellor_window_get_property;
  object_class->set_property = chancellor_window_set_property;
  object_class->constructed = chancellor_window_constructed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game's id; setting another starts a new game of it. */
  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Black at the bottom. */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Who plays which side, the level and the clock; changes with "game". */
  properties[PROP_SETUP] =
    g_param_spec_object ("setup", NULL, NULL, CHANCELLOR_TYPE_GAME_SETUP,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The evaluation bar and the analysis of the position shown (win.analyse). */
  properties[PROP_ANALYSING] =
    g_param_spec_boolean ("analysing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The clocks and the computer stand still (win.pause). */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The application's settings (NULL: nothing is remembered). */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CHANCELLOR_TYPE_BOARD_VIEW);
  g_type_ensure (CHANCELLOR_TYPE_MOVE_LIST);
  g_type_ensure (CHANCELLOR_TYPE_EVAL_BAR);
  g_type_ensure (CHANCELLOR_TYPE_CLOCK_VIEW);
  g_type_ensure (CHANCELLOR_TYPE_ANALYSIS_VIEW);
  g_type_ensure (CHANCELLOR_TYPE_WINDOW_LAYOUT);
  g_type_ensure (CHANCELLOR_TYPE_START_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/chancellor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, relocation_box);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, relocation_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, board_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, clock_view);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, analysis_view);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, rules_section);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, players_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, white_name_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, black_name_label);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, flip_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, narrow_open_section);
  gtk_widget_class_bind_template_child (widget_class, ChancellorWindow, content_layout);
  gtk_widget_class_bind_template_callback (widget_class, place_eval_bar);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_action);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "win.keep-array", NULL, keep_array_action);
  gtk_widget_class_install_action (widget_class, "win.start-game", "s", start_game_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.continue-from-here", NULL, continue_from_here_action);
  gtk_widget_class_install_action (widget_class, "win.play-computer", "s", play_computer_action);
  gtk_widget_class_install_property_action (widget_class, "win.flip", "flipped");
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_property_action (widget_class, "win.analyse", "analysing");
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");
  _chancellor_window_files_class_init (widget_class);
  _chancellor_window_review_class_init (widget_class);
  _chancellor_window_clipboard_class_init (widget_class);
  _chancellor_window_export_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.rules", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.game-properties", NULL, game_properties_action);
}

/* A window's first game is the one the New Game chooser remembers: its
 * game, players and clock, with a numbered array drawn anew. */
static void
start_remembered_game (ChancellorWindow *self)
{
  g_autoptr (ChancellorGameSetup) setup = chancellor_game_setup_new ();
  g_autoptr (GError) error = NULL;
  int n_starts;

  chancellor_game_setup_bind_settings (setup, self->settings, G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  if (chancellor_catalogue_get_start_rule (chancellor_game_setup_get_variant_id (setup), &n_starts)
      == CHANCELLOR_START_NUMBERED)
    g_object_set (setup, "start-number", g_random_int_range (0, n_starts), NULL);
  if (!chancellor_window_start_setup (self, setup, &error))
    g_warning ("The remembered game cannot be started: %s", error->message);
}

/* A window opening narrow (its remembered or given size) fits it from
 * the first frame: the wide header bar would hold it wider. */
static void
decide_first_layout (ChancellorWindow *self)
{
  int width = 0, height = 0, header = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0 || height <= 0 || gtk_window_is_maximized (GTK_WINDOW (self)))
    return;
  gtk_widget_measure (self->header_bar, GTK_ORIENTATION_VERTICAL, width, NULL, &header, NULL, NULL);
  chancellor_window_layout_decide (self->content_layout, width, height - header);
  g_clear_handle_id (&self->compact_id, g_source_remove);
  update_header_bar (self);
}

/* Home, Left, Right and End look through the game wherever the focus
 * is: not in a text being edited, nor on the board while its keyboard
 * cursor shows (Tab to the board shows it, a click hides it), nor on the
 * evaluation graph, which goes through the moves with them itself. */
gboolean
_chancellor_window_browse_key (ChancellorWindow *self,
                               guint             keyval,
                               GdkModifierType   state)
{
  const char *step;
  GtkWidget *focus;

  g_assert (CHANCELLOR_IS_WINDOW (self));

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      step = "move-list.first";
      break;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      step = "move-list.previous";
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      step = "move-list.next";
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      step = "move-list.last";
      break;
    default:
      return FALSE;
    }
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") != 0)
    return FALSE;

  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL)
    {
      if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
          || gtk_widget_get_ancestor (focus, CHANCELLOR_TYPE_EVAL_GRAPH) != NULL)
        return FALSE;
      if ((focus == GTK_WIDGET (self->board_view) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board_view)))
          && chancellor_board_view_get_cursor_square (self->board_view) >= 0)
        return FALSE;
    }
  return gtk_widget_activate_action (GTK_WIDGET (self->move_list), step, NULL);
}

static gboolean
window_key_pressed (GtkEventControllerKey *controller,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    ChancellorWindow      *self)
{
  return _chancellor_window_browse_key (self, keyval, state);
}

/* Any game started or opened leaves the start page.  (The notification
 * of the game under it comes after the window is constructed.) */
static void
leave_start_page (ChancellorWindow *self)
{
  if (self->game == self->start_page_game)
    return;
  g_clear_object (&self->start_page_game);
  g_clear_signal_handler (&self->start_page_handler, self);
  gtk_stack_set_visible_child_name (self->main_stack, "game");
}

static void
chancellor_window_init (ChancellorWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The arrows and circles of the position shown, over the board. */
  gtk_overlay_add_overlay (self->board_overlay, chancellor_marks_layer_new (self->board_view));

  self->document = chancellor_document_new ();
  g_signal_connect_object (self->document, "notify::file", G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified", G_CALLBACK (update_state), self,
                           G_CONNECT_SWAPPED);
  self->files = _chancellor_window_files_new (self);
  self->review = _chancellor_window_review_new (self, GTK_BOX (self->side_panel),
                                                        GTK_WIDGET (self->analysis_view));

  self->match = chancellor_match_new ();
  self->player_engine = _chancellor_window_engine_new (self, self->match);
  g_signal_connect_object (self->match, "notify::thinking", G_CALLBACK (match_state_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::computer-turn", G_CALLBACK (match_state_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::paused", G_CALLBACK (match_state_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (chancellor_match_get_computer (self->match), "lines-updated",
                           G_CALLBACK (engine_lines_updated), self, G_CONNECT_SWAPPED);
  chancellor_clock_view_set_clock (self->clock_view, chancellor_match_get_clock (self->match));
  g_object_bind_property (self, "flipped", self->eval_bar, "flipped", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->board_view, "notify::ply", G_CALLBACK (board_ply_changed), self,
                           G_CONNECT_SWAPPED);

  g_object_bind_property (self, "flipped", self->board_view, "flipped", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->move_list, "ply", self->board_view, "ply",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->board_view, "error", G_CALLBACK (board_error), self, G_CONNECT_SWAPPED);
  _chancellor_window_lines_init (self);
  g_signal_connect_object (self->content_layout, "notify::narrow", G_CALLBACK (layout_narrow_changed), self,
                           G_CONNECT_SWAPPED);
  /* Before any widget: the board and the buttons would take the arrows. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (window_key_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* With the settings: the window's size, the board's look, and its first
 * game, the one remembered. */
static void
chancellor_window_constructed (GObject *object)
{
  ChancellorWindow *self = CHANCELLOR_WINDOW (object);
  gboolean show_start = FALSE;

  G_OBJECT_CLASS (chancellor_window_parent_class)->constructed (object);

  if (self->settings)
    {
      g_autoptr (GVariant) chosen = g_settings_get_user_value (self->settings, "last-variant");

      /* Never a game chosen: a first start shows what the program holds. */
      show_start = chosen == NULL;
      g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
      /* Read once: another window starting a game or flipping its board
       * leaves this one as it is. */
      g_settings_bind (self->settings, "board-flipped", self, "flipped",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
      start_remembered_game (self);
      g_settings_bind (self->settings, "last-variant", self, "variant-id",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
      /* The Preferences window writes these; every board follows them. */
      g_settings_bind (self->settings, "board-theme", self->board_view, "board-theme", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "show-legal-moves", self->board_view, "show-legal-moves",
                       G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "show-coordinates", self->board_view, "show-coordinates",
                       G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "animate-moves", self->board_view, "animate", G_SETTINGS_BIND_GET);
    }
  g_signal_connect (self, "notify::variant-id", G_CALLBACK (update_rules_item), NULL);
  if (!self->game)
    chancellor_window_start_variant (self, chancellor_catalogue_get_default_game (), NULL);
  g_signal_connect (self, "realize", G_CALLBACK (decide_first_layout), NULL);
  if (show_start)
    {
      chancellor_start_page_set_variant_id (self->start_page, chancellor_game_get_variant_id (self->game));
      gtk_stack_set_visible_child_name (self->main_stack, "start");
      self->start_page_game = g_object_ref (self->game);
      self->start_page_handler = g_signal_connect (self, "notify::game", G_CALLBACK (leave_start_page), NULL);
    }
  else
    gtk_stack_set_visible_child_name (self->main_stack, "game");
  update_rules_item (self);
}

ChancellorWindow *
chancellor_window_new (ChancellorApplication *application)
{
  g_return_val_if_fail (CHANCELLOR_IS_APPLICATION (application), NULL);

  return g_object_new (CHANCELLOR_TYPE_WINDOW,
                       "application", application,
                       "settings", chancellor_application_get_settings (application),
                       NULL);
}

ChancellorGame *
chancellor_window_get_game (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->game;
}

/* The game and its setup change together: "game" and "setup" are
 * notified once both are in place. */
static void
window_replace_game (ChancellorWindow    *self,
                     ChancellorGame      *game,
                     ChancellorGameSetup *setup)
{
  const char *old_id;

  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->setup, setup))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETUP]);

  old_id = self->game ? chancellor_game_get_variant_id (self->game) : NULL;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);

  g_signal_connect_object (game, "changed", G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "changed", G_CALLBACK (dismiss_refusal), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "game-over", G_CALLBACK (game_over), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::can-claim-draw", G_CALLBACK (can_claim_draw_changed), self,
                          G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::tags", G_CALLBACK (update_players), self, G_CONNECT_SWAPPED);
  chancellor_board_view_set_game (self->board_view, game);
  chancellor_move_list_set_game (self->move_list, game);
  _chancellor_window_review_set_game (self->review, game);
  window_play_set_game (self, game, setup);
  chancellor_document_set_game (self->document, game, NULL);
  update_state (self);
  update_players (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  if (g_strcmp0 (old_id, chancellor_game_get_variant_id (game)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT_ID]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Not chosen in the New Game chooser: two players at one board. */
static ChancellorGameSetup *
two_players_setup (ChancellorGame *game)
{
  return g_object_new (CHANCELLOR_TYPE_GAME_SETUP, "variant-id", chancellor_game_get_variant_id (game), NULL);
}

/* A game started here (not read from a file): its header says who plays
 * it, when and with which clock; a person is the name chosen in
 * Preferences or the account's. */
static void
window_start_game (ChancellorWindow    *self,
                   ChancellorGame      *game,
                   ChancellorGameSetup *setup)
{
  g_autofree char *chosen_name = self->settings ? g_settings_get_string (self->settings, "player-name") : NULL;

  chancellor_game_setup_write_header (setup, game, chosen_name, NULL);
  window_replace_game (self, game, setup);
}

void
chancellor_window_set_game (ChancellorWindow *self,
                            ChancellorGame   *game)
{
  g_autoptr (ChancellorGameSetup) setup = NULL;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  /* A game read back goes on with its players and clock. */
  setup = chancellor_game_setup_new_for_game (game);
  window_replace_game (self, game, setup);
  chancellor_match_resume_clock (self->match);
  if (chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_WHITE) == CHANCELLOR_PLAYER_COMPUTER
      || chancellor_game_setup_get_player (setup, CHANCELLOR_COLOR_BLACK) == CHANCELLOR_PLAYER_COMPUTER)
    window_turn_for_players (self, setup);
}

void
chancellor_window_start_game (ChancellorWindow *self,
                              ChancellorGame   *game)
{
  g_autoptr (ChancellorGameSetup) setup = NULL;

  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));
  g_return_if_fail (CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  setup = two_players_setup (game);
  window_start_game (self, game, setup);
}

ChancellorDocument *
chancellor_window_get_document (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->document;
}

ChancellorWindowFiles *
_chancellor_window_get_files (ChancellorWindow *self)
{
  g_assert (CHANCELLOR_IS_WINDOW (self));

  return self->files;
}

ChancellorWindowReview *
_chancellor_window_get_review (ChancellorWindow *self)
{
  g_assert (CHANCELLOR_IS_WINDOW (self));

  return self->review;
}

GSettings *
_chancellor_window_get_settings (ChancellorWindow *self)
{
  g_assert (CHANCELLOR_IS_WINDOW (self));

  return self->settings;
}

void
_chancellor_window_show_toast (ChancellorWindow *self,
                               AdwToast         *toast)
{
  g_assert (CHANCELLOR_IS_WINDOW (self));

  show_toast (self, toast);
}

ChancellorGameSetup *
chancellor_window_get_setup (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->setup;
}

gboolean
chancellor_window_start_setup (ChancellorWindow     *self,
                               ChancellorGameSetup  *setup,
                               GError              **error)
{
  g_autoptr (ChancellorGame) game = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (CHANCELLOR_IS_GAME_SETUP (setup), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = chancellor_game_setup_create_game (setup, error);
  if (!game)
    return FALSE;
  window_start_game (self, game, setup);
  window_turn_for_players (self, setup);
  return TRUE;
}

gboolean
chancellor_window_start_variant (ChancellorWindow  *self,
                                 const char        *variant_id,
                                 GError           **error)
{
  g_autoptr (ChancellorGame) game = NULL;

  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (variant_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = chancellor_game_new_start (variant_id, -1, error);
  if (!game)
    return FALSE;
  chancellor_window_start_game (self, game);
  return TRUE;
}

void
chancellor_window_show_new_game_chooser (ChancellorWindow *self)
{
  g_return_if_fail (CHANCELLOR_IS_WINDOW (self));

  window_show_new_game_chooser (self, FALSE);
}

static void
window_show_new_game_chooser (ChancellorWindow *self,
                              gboolean          continuing)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  ChancellorNewGameDialog *dialog;
  guint shown = chancellor_board_view_get_ply (self->board_view);

  if (self->new_game_dialog)
    {
      gtk_window_present (GTK_WINDOW (self->new_game_dialog));
      return;
    }

  dialog = chancellor_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  /* It opens on the game being played, with the players and clock it
   * remembers. */
  g_object_set (chancellor_new_game_dialog_get_setup (dialog),
                "variant-id", chancellor_game_get_variant_id (self->game),
                NULL);
  /* It offers the external engines that play the game chosen. */
  if (CHANCELLOR_IS_APPLICATION (application))
    chancellor_new_game_dialog_set_engine_list (dialog,
                                                chancellor_application_get_engine_list (CHANCELLOR_APPLICATION (application)));
  /* Once the game has moves, it may go on from the position shown. */
  if (chancellor_game_get_phase (self->game) != CHANCELLOR_PHASE_RELOCATION
      && (chancellor_game_get_n_moves (self->game) > 0 || shown > 0))
    {
      g_autofree char *move = shown > 0 ? _chancellor_move_list_dup_move_label (self->move_list, shown) : NULL;
      /* TRANSLATORS: the position New Game may continue from: "After 12… Nf6" */
      g_autofree char *position = move ? g_strdup_printf (_("After %s"), move) : g_strdup (_("The start position"));

      g_object_set_data (G_OBJECT (dialog), "continue-ply", GUINT_TO_POINTER (shown));
      chancellor_new_game_dialog_offer_continue (dialog, position, continuing);
    }
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_chosen), self, G_CONNECT_SWAPPED);
  self->new_game_dialog = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->new_game_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

ChancellorBoardView *
chancellor_window_get_board_view (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->board_view;
}

ChancellorMoveList *
chancellor_window_get_move_list (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->move_list;
}

const char *
chancellor_window_get_status (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->status;
}

const char *
chancellor_window_get_last_toast (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->last_toast;
}

ChancellorMatch *
chancellor_window_get_match (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->match;
}

ChancellorEvalBar *
chancellor_window_get_eval_bar (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->eval_bar;
}

ChancellorAnalysisView *
chancellor_window_get_analysis_view (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->analysis_view;
}

ChancellorClockView *
chancellor_window_get_clock_view (ChancellorWindow *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_WINDOW (self), NULL);

  return self->clock_view;
}
