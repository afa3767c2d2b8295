/* chancellor-game-private.h — ChancellorGame's state, shared by its files
 * (chancellor-game.c: the main line, moves, results, tags and
 * annotations; chancellor-game-lines.c: the side lines).  The rest of the
 * app uses chancellor-game.h.
 */
#pragma once

#include "chancellor-game.h"

#include "pgn.h"
#include "position.h"
#include "status.h"

G_BEGIN_DECLS

typedef struct SideNode SideNode;

struct _ChancellorGame
{
  GObject parent_instance;

  const Variant *variant;
  char *start_fen;
  GArray *moves;          /* Move: those played, then those taken back */
  GPtrArray *sans;        /* char *: the SAN of each entry of moves */
  guint n_moves;          /* moves played; moves->len - n_moves can be redone */

  Position *live;         /* after n_moves moves */
  StatusInfo status;      /* of live */
  Position *scratch;      /* after scratch_ply moves, when scratch_valid */
  guint scratch_ply;
  gboolean scratch_valid;

  ChancellorPhase phase;
  ChancellorResult result;
  ChancellorReason reason;
  ChancellorColor relocating;
  GPtrArray *relocations; /* char *: the start FEN before each swap (or keep), to take it back */
  ChancellorColor flagged;  /* whose time ran out, for CHANCELLOR_REASON_TIME */

  GPtrArray *tag_names;   /* char *: PGN tags the game does not derive, in order */
  GPtrArray *tag_values;  /* char *: their values */
  GPtrArray *annotations; /* PlyAnnotation * or NULL, by ply (0..moves->len) */

  GHashTable *side_nodes; /* ply number -> SideNode *, every side line's moves */
  guint next_side_ply;    /* the number the next side move gets */
  Position *side_position;/* after the side move side_position_ply, when not 0 */
  guint side_position_ply;
};

/* What a player or a file added to one ply: the comment after its move
 * (before the first move for ply 0), NAGs and the lines replacing it. */
typedef struct {
  char *comment;
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags;
  GPtrArray *variations;  /* SideNode *: the first moves of the lines replacing this ply's move */
} PlyAnnotation;

/* One move of a side line.  Its children are the moves played after it:
 * the line's continuation first, then the moves that replace that
 * continuation (the variations nested in the line, as PGN writes them). */
struct SideNode {
  guint ply;              /* its number, CHANCELLOR_GAME_SIDE_PLY_MIN on */
  Move move;
  char *san;
  char *comment;          /* after the move */
  char *line_comment;     /* before the move, when a line starts with it */
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags;
  SideNode *parent;       /* the move before, NULL when that is on the main line */
  guint main_ply;         /* without parent: the main line's ply whose move it replaces */
  GPtrArray *children;    /* SideNode * */
  char *text;             /* the line from here as PGN, as last asked for */
  GHashTable *index;      /* the game's side_nodes, which it leaves when freed */
};

/* chancellor-game.c */
PlyAnnotation *_chancellor_game_peek_annotation (ChancellorGame *self, guint ply);
PlyAnnotation *_chancellor_game_ensure_annotation (ChancellorGame *self, guint ply);
/* The main line's position after ply moves (0..moves->len). */
const Position *_chancellor_game_main_position (ChancellorGame *self, guint ply);
void _chancellor_game_emit_annotation_changed (ChancellorGame *self, guint ply);
/* What the properties said before a change, to notify only those that moved. */
typedef struct {
  guint n_moves;
  ChancellorPhase phase;
  ChancellorResult result;
  ChancellorReason reason;
  gboolean can_undo;
  gboolean can_redo;
  gboolean can_claim_draw;
} GameSnapshot;

void _chancellor_game_snapshot (ChancellorGame *self, GameSnapshot *snapshot);
/* Notifies what changed since before, then emits "changed" and, when the
 * game has just ended, "game-over". */
void _chancellor_game_emit_changes (ChancellorGame *self, const GameSnapshot *before);
/* Reads the live position's status and ends the game when the rules do. */
void _chancellor_game_update_status (ChancellorGame *self);

/* chancellor-game-lines.c */
void _chancellor_game_side_node_free (gpointer data);
/* The side move that ply names, or NULL (a main-line ply, or one gone). */
SideNode *_chancellor_game_side_node (ChancellorGame *self, guint ply);
const Position *_chancellor_game_side_position (ChancellorGame *self, SideNode *node);
/* Plays move (legal at ply, an earlier position than the live one) as a
 * side line, or follows the line that has it; the ply it leads to, or 0
 * with error at a limit. */
guint _chancellor_game_play_side (ChancellorGame *self, guint ply, Move move, GError **error);

G_END_DECLS
