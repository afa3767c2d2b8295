/* chancellor-move-list-private.h — the move list's state, shared by its
 * files (chancellor-move-list.c: the rows, notes and navigation;
 * chancellor-move-list-annotate.c: the comment editor and the assessment
 * actions), and what tests read of the widget.  The app's other files use
 * chancellor-move-list.h.
 */
#pragma once

#include "chancellor-move-list.h"

G_BEGIN_DECLS

typedef struct
{
  GtkWidget *box;          /* vertical: the rows and notes below */
  GtkWidget *first_row;
  GtkWidget *white_slot;   /* White's move, or "…" when Black moved first */
  GtkWidget *black_slot;   /* Black's move beside White's */
  GtkWidget *second_row;   /* made when needed */
  GtkWidget *second_slot;  /* Black's move below White's notes */
  GtkWidget *notes[2];     /* after White's and Black's moves; made when needed */
} MovePair;

struct _ChancellorMoveList
{
  GtkWidget parent_instance;

  GtkScrolledWindow *scrolled;
  GtkLabel *empty_label;
  GtkLabel *opening_comment;
  GtkLabel *relocation_label; /* the arrays chosen before the first move */
  GtkBox *lines;
  GtkLabel *result_label;
  GtkWidget *browsing_box;
  GtkLabel *browsing_label;
  GtkWidget *navigation_box;
  GMenuModel *annotate_menu;

  GtkWidget *context_menu;      /* the annotate menu at a move */
  GtkWidget *comment_popover;   /* the comment editor */
  GtkLabel *comment_heading;
  GtkTextView *comment_view;
  guint comment_ply;            /* the ply the editor edits */

  ChancellorGame *game;
  guint ply;               /* the position shown */
  guint known_n_moves;     /* the game's length when last seen */
  guint first_move_number; /* the start FEN's move number */
  gboolean black_first;    /* the start FEN has Black to move */
  GPtrArray *move_buttons; /* GtkButton, one per ply (index ply - 1) */
  GPtrArray *pairs;        /* MovePair, one per full move (row) */
  GtkWidget *current_button;
  guint scroll_tick_id;
  char *result_text;
};

/* chancellor-move-list.c */
gboolean _chancellor_move_list_nag_is_assessment (guint8 nag);
char *_chancellor_move_list_dup_move_label (ChancellorMoveList *self, guint ply);
/* The ply of a side move's link ("ply:N") in a line's label. */
gboolean _chancellor_move_list_ply_from_uri (const char *uri, guint *ply);

/* chancellor-move-list-annotate.c */
void _chancellor_move_list_update_annotate_actions (ChancellorMoveList *self);
guint _chancellor_move_list_get_assessment (ChancellorMoveList *self);
void _chancellor_move_list_set_assessment (ChancellorMoveList *self, guint assessment);
void _chancellor_move_list_annotate_class_init (GtkWidgetClass *widget_class);
void _chancellor_move_list_annotate_init (ChancellorMoveList *self);

/* For tests: */

/* What the list shows, for tests and accessibility: the number of rows
 * (move pairs), one row as text ("1. e4 e5", "1… e5") and the result line
 * ("" while the game goes on). */
guint chancellor_move_list_get_n_rows (ChancellorMoveList *self);
char *chancellor_move_list_dup_row_text (ChancellorMoveList *self, guint row);
const char *chancellor_move_list_get_result_text (ChancellorMoveList *self);
/* The notes shown after ply's move (ply 0: before the first move): the
 * comment, then each side line in brackets, one a line ("" for none). */
char *chancellor_move_list_dup_notes_text (ChancellorMoveList *self, guint ply);
/* The relocation choices shown above the moves ("" for none). */
const char *chancellor_move_list_get_relocation_text (ChancellorMoveList *self);
/* What a screen reader says for ply's move ("Knight to f3, good move,
 * comment: …"). */
char *chancellor_move_list_dup_spoken_move (ChancellorMoveList *self, guint ply);

G_END_DECLS
