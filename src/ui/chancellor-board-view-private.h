/* chancellor-board-view-private.h — the board view's state, shared by its
 * files (chancellor-board-view.c: view, drawing, animation;
 * chancellor-board-view-input.c: pointer, keyboard, promotion and
 * relocation input), and what tests read of the widget and the input they
 * give it.  The app's other files use chancellor-board-view.h.
 */
#pragma once

#include "chancellor-board-theme.h"
#include "chancellor-board-view.h"
#include "chancellor-piece-art.h"

G_BEGIN_DECLS

#define MAX_SQUARES 100                 /* 10 × 10 */
#define MAX_FILES 10
#define MAX_TYPES 32
#define ANIMATION_DURATION (180 * G_TIME_SPAN_MILLISECOND)
#define DRAG_THRESHOLD 4.0
#define BOARD_MARGIN 2                  /* room for the board's shadow */
#define BOARD_RADIUS 5.0f


typedef struct {
  ChancellorPiece piece;
  int from;
  int to;
} Sprite;

struct _ChancellorBoardView
{
  GtkWidget parent_instance;

  ChancellorGame *game;
  int files;
  int ranks;
  int n_types;
  int type_arts[MAX_TYPES];      /* the catalogue's art index, -1: none */
  guint ply;
  gboolean follow_live;
  /* The move that led to ply, kept to animate it backwards after an undo. */
  int move_from;
  int move_to;
  int move_rook_from;
  int move_rook_to;

  gboolean flipped;
  gboolean show_legal_moves;
  gboolean show_coordinates;
  gboolean animate;
  gboolean interactive;
  const ChancellorBoardTheme *theme;

  /* A diagram instead of the game's position: one White piece and the
   * squares it reaches (diagram_type -1: none). */
  int diagram_type;
  int diagram_square;
  ChancellorReach diagram_reach[MAX_SQUARES];

  ChancellorPieceArt *art;        /* the pictures, textures per size */

  PangoLayout *file_labels[MAX_FILES];
  PangoLayout *rank_labels[MAX_FILES];
  int label_square_size;

  /* View state: selection (a piece picked up) and its destinations. */
  int selected;
  gboolean targets[MAX_SQUARES];
  gboolean deselect_on_release;
  int drag_from;
  gboolean dragging;
  double drag_start_x;
  double drag_start_y;
  double drag_x;
  double drag_y;
  int hover_square;
  int cursor;
  gboolean cursor_visible;
  int promotion_from;
  int promotion_to;
  gboolean promotion_dropped;
  GtkWidget *promotion_popover;
  gboolean dropping;
  /* A square a move was refused on, flashed red for a moment. */
  int refused_square;
  guint refused_source;
  char *idle_message;             /* said on a press while not interactive */

  /* Move animation: sprites slide over the static pieces. */
  guint tick_id;
  gint64 animation_start;
  double animation_progress;
  Sprite sprites[2];
  int n_sprites;
  ChancellorPiece fading_piece;
  int fading_square;

  /* A move suggested to the player, until the position shown changes. */
  int hint_from;
  int hint_to;
};

/* chancellor-board-view.c */
ChancellorPiece _chancellor_board_view_piece (ChancellorBoardView *self, int square);
void _chancellor_board_view_clear_selection (ChancellorBoardView *self);
void _chancellor_board_view_close_promotion (ChancellorBoardView *self);
gboolean _chancellor_board_view_get_geometry (ChancellorBoardView *self, int *origin_x, int *origin_y, int *square_size);
double _chancellor_board_view_get_scale (ChancellorBoardView *self);
GdkTexture *_chancellor_board_view_get_texture (ChancellorBoardView *self, ChancellorPiece piece, int pixels);
void _chancellor_board_view_square_origin (ChancellorBoardView *self, int square, int origin_x, int origin_y, int size, int *x, int *y);
int _chancellor_board_view_n_squares (ChancellorBoardView *self);
int _chancellor_board_view_square_at (ChancellorBoardView *self, double x, double y);
void _chancellor_board_view_end_drag (ChancellorBoardView *self);
void _chancellor_board_view_update_description (ChancellorBoardView *self, gboolean announce);
char *_chancellor_board_view_describe_square (ChancellorBoardView *self, int square);
void _chancellor_board_view_emit_error (ChancellorBoardView *self, const char *message);
gboolean _chancellor_board_view_emit_side_line_move (ChancellorBoardView *self, int from, int to, int promotion);
void _chancellor_board_view_show_played (ChancellorBoardView *self, guint ply);
void _chancellor_board_view_flash_refused (ChancellorBoardView *self, int square);

/* chancellor-board-view-input.c */
void _chancellor_board_view_init_input (ChancellorBoardView *self);

/* For tests: */

ChancellorReach chancellor_board_view_get_diagram_reach (ChancellorBoardView *self, int square);
void chancellor_board_view_get_hint (ChancellorBoardView *self, int *from, int *to);
/* The hover tooltip over square: the piece's name and square, NULL when empty. */
char *chancellor_board_view_dup_tooltip (ChancellorBoardView *self, int square);
/* The square flashed red after a refused move, or -1 once it faded. */
int chancellor_board_view_get_refused_square (ChancellorBoardView *self);
/* The selected square (piece picked up), or -1. */
int chancellor_board_view_get_selected_square (ChancellorBoardView *self);
/* The keyboard cursor's square, and what it reads to the player
 * ("White Archbishop on c1"), as set in the accessible description. */
int chancellor_board_view_get_cursor_square (ChancellorBoardView *self);
char *chancellor_board_view_dup_cursor_description (ChancellorBoardView *self);
/* The promotion chooser (a GtkPopover holding one button per choice, each
 * with the piece's name as tooltip and accessible label), or NULL when no
 * promotion is being chosen. */
GtkWidget *chancellor_board_view_get_promotion_chooser (ChancellorBoardView *self);

/* Input as the event controllers give it, for tests and scripted use: each
 * runs the very code path of the real event.
 * click_square: a press and release over square (no drag).
 * drag_square: a press on from, a drag past the threshold, a drop on to.
 * key_press: a key (GDK_KEY_Up, GDK_KEY_Return, GDK_KEY_Escape, …);
 * TRUE when handled. */
void chancellor_board_view_click_square (ChancellorBoardView *self, int square);
void chancellor_board_view_drag_square (ChancellorBoardView *self, int from, int to);
gboolean chancellor_board_view_key_press (ChancellorBoardView *self, guint keyval);

G_END_DECLS
