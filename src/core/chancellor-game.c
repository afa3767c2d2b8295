/* chancellor-game.c — one game of any variant, as a GObject over the engine.
 *
 * The game keeps its start FEN and the list of moves played (and those
 * taken back, for redo).  One engine Position follows the live ply; a
 * second, scratch one is stepped with make/unmake to whichever earlier ply
 * is asked for, so looking through a game costs one move per step.
 */
#define G_LOG_DOMAIN "chancellor-game"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-enums.h"
#include "chancellor-game-private.h"
#include "chancellor-catalogue.h"

#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "start.h"
#include "status.h"

static void
ply_annotation_free (gpointer data)
{
  PlyAnnotation *annotation = data;

  if (!annotation)
    return;
  g_free (annotation->comment);
  g_clear_pointer (&annotation->variations, g_ptr_array_unref);
  g_free (annotation);
}

G_DEFINE_FINAL_TYPE (ChancellorGame, chancellor_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (chancellor-game-error-quark, chancellor_game_error)

enum {
  PROP_0,
  PROP_VARIANT_ID,
  PROP_N_MOVES,
  PROP_PHASE,
  PROP_RESULT,
  PROP_REASON,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CAN_CLAIM_DRAW,
  PROP_TAGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  GAME_OVER,
  ANNOTATION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The engine's piece names, marked here so that they are translated; in
 * their own context, since "Chancellor" is the program's name too. */
#define PIECE_CONTEXT "piece"
static const char *const piece_names[] G_GNUC_UNUSED = {
  NC_("piece", "King"), NC_("piece", "Pawn"), NC_("piece", "Queen"), NC_("piece", "Rook"),
  NC_("piece", "Bishop"), NC_("piece", "Knight"), NC_("piece", "Archbishop"), NC_("piece", "Chancellor"),
  NC_("piece", "Prime Minister"), NC_("piece", "Minister"), NC_("piece", "Centaur"), NC_("piece", "Champion"),
};

void
_chancellor_game_snapshot (ChancellorGame *self,
                           GameSnapshot   *snapshot)
{
  snapshot->n_moves = self->n_moves;
  snapshot->phase = self->phase;
  snapshot->result = self->result;
  snapshot->reason = self->reason;
  snapshot->can_undo = chancellor_game_can_undo (self);
  snapshot->can_redo = chancellor_game_can_redo (self);
  snapshot->can_claim_draw = chancellor_game_can_claim_draw (self);
}

void
_chancellor_game_emit_changes (ChancellorGame     *self,
                               const GameSnapshot *before)
{
  GameSnapshot after;

  _chancellor_game_snapshot (self, &after);

  g_object_freeze_notify (G_OBJECT (self));
  if (before->n_moves != after.n_moves)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  if (before->phase != after.phase)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  if (before->result != after.result)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  if (before->reason != after.reason)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REASON]);
  if (before->can_undo != after.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (before->can_redo != after.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (before->can_claim_draw != after.can_claim_draw)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_CLAIM_DRAW]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0);
  if (before->phase != CHANCELLOR_PHASE_OVER && after.phase == CHANCELLOR_PHASE_OVER)
    g_signal_emit (self, signals[GAME_OVER], 0);
}

void
_chancellor_game_update_status (ChancellorGame *self)
{
  self->status = position_status (self->live);

  if (self->phase == CHANCELLOR_PHASE_RELOCATION)
    return;

  self->phase = CHANCELLOR_PHASE_PLAYING;
  self->result = CHANCELLOR_RESULT_NONE;
  self->reason = CHANCELLOR_REASON_NONE;
  switch (self->status.status)
    {
    case STATUS_ONGOING:
      return;
    case STATUS_CHECKMATE:
      self->result = self->live->side == WHITE ? CHANCELLOR_RESULT_BLACK_WINS : CHANCELLOR_RESULT_WHITE_WINS;
      self->reason = CHANCELLOR_REASON_CHECKMATE;
      break;
    case STATUS_STALEMATE:
      self->result = CHANCELLOR_RESULT_DRAW;
      self->reason = CHANCELLOR_REASON_STALEMATE;
      break;
    case STATUS_FIVEFOLD_REPETITION:
      self->result = CHANCELLOR_RESULT_DRAW;
      self->reason = CHANCELLOR_REASON_FIVEFOLD_REPETITION;
      break;
    case STATUS_SEVENTY_FIVE_MOVES:
      self->result = CHANCELLOR_RESULT_DRAW;
      self->reason = CHANCELLOR_REASON_SEVENTY_FIVE_MOVES;
      break;
    case STATUS_INSUFFICIENT_MATERIAL:
      self->result = CHANCELLOR_RESULT_DRAW;
      self->reason = CHANCELLOR_REASON_INSUFFICIENT_MATERIAL;
      break;
    default:
      g_assert_not_reached ();
    }
  self->phase = CHANCELLOR_PHASE_OVER;
}

/* The position after ply moves; the live one or the scratch one stepped there. */
const Position *
_chancellor_game_main_position (ChancellorGame *self,
                                guint           ply)
{
  g_assert (ply <= self->moves->len);

  if (ply == self->n_moves)
    return self->live;

  if (!self->scratch_valid)
    {
      ParseError err;

      if (!position_set_fen (self->scratch, self->variant, self->start_fen, &err))
        g_assert_not_reached ();
      self->scratch_ply = 0;
      self->scratch_valid = TRUE;
    }
  while (self->scratch_ply > ply)
    {
      position_unmake (self->scratch);
      self->scratch_ply--;
    }
  while (self->scratch_ply < ply)
    position_make (self->scratch, g_array_index (self->moves, Move, self->scratch_ply++));
  return self->scratch;
}

/* The position a ply names, on the main line or a side line. */
static const Position *
game_position_at (ChancellorGame *self,
                  guint           ply)
{
  SideNode *node = _chancellor_game_side_node (self, ply);

  return node ? _chancellor_game_side_position (self, node) : _chancellor_game_main_position (self, ply);
}

/* Whether ply names a position shown: the main line's up to the live one,
 * or a side line's. */
static gboolean
game_ply_ok (ChancellorGame *self,
             guint           ply)
{
  return ply <= self->n_moves || _chancellor_game_side_node (self, ply) != NULL;
}

/* Forgets the moves from index on (taken-back moves replaced by a new one). */
static void
game_truncate_moves (ChancellorGame *self,
                     guint           index)
{
  if (index >= self->moves->len)
    return;
  g_array_set_size (self->moves, index);
  g_ptr_array_set_size (self->sans, index);
  /* The annotations of the plies that go with them (ply = index + 1 on). */
  if (self->annotations->len > index + 1)
    g_ptr_array_set_size (self->annotations, index + 1);
  if (self->scratch_valid && self->scratch_ply > index)
    self->scratch_valid = FALSE;
}

static char *
square_name (ChancellorGame *self,
             int             square)
{
  char buf[8];

  notation_square (self->variant, square, buf);
  return g_strdup (buf);
}

static const char *
color_name (int color)
{
  return color == WHITE ? _("White") : _("Black");
}

static void
chancellor_game_finalize (GObject *object)
{
  ChancellorGame *self = CHANCELLOR_GAME (object);

  g_free (self->start_fen);
  g_array_unref (self->moves);
  g_ptr_array_unref (self->sans);
  g_free (self->live);
  g_free (self->scratch);
  g_ptr_array_unref (self->tag_names);
  g_ptr_array_unref (self->tag_values);
  /* The side moves leave side_nodes as they go. */
  g_ptr_array_unref (self->annotations);
  g_ptr_array_unref (self->relocations);
  g_hash_table_unref (self->side_nodes);
  g_free (self->side_position);

  G_OBJECT_CLASS (chancellor_game_parent_class)->finalize (object);
}

static void
chancellor_game_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ChancellorGame *self = CHANCELLOR_GAME (object);

  switch (prop_id)
    {
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->variant->id);
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, self->n_moves);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_RESULT:
      g_value_set_enum (value, self->result);
      break;
    case PROP_REASON:
      g_value_set_enum (value, self->reason);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, chancellor_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, chancellor_game_can_redo (self));
      break;
    case PROP_CAN_CLAIM_DRAW:
      g_value_set_boolean (value, chancellor_game_can_claim_draw (self));
      break;
    case PROP_TAGS:
      g_value_take_boxed (value, chancellor_game_dup_tag_names (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_game_class_init (ChancellorGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = chancellor_game_finalize;
  object_class->get_property = chancellor_game_get_property;

  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, NULL, flags);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, CHANCELLOR_TYPE_PHASE, CHANCELLOR_PHASE_PLAYING, flags);
  properties[PROP_RESULT] =
    g_param_spec_enum ("result", NULL, NULL, CHANCELLOR_TYPE_RESULT, CHANCELLOR_RESULT_NONE, flags);
  properties[PROP_REASON] =
    g_param_spec_enum ("reason", NULL, NULL, CHANCELLOR_TYPE_REASON, CHANCELLOR_REASON_NONE, flags);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_CLAIM_DRAW] =
    g_param_spec_boolean ("can-claim-draw", NULL, NULL, FALSE, flags);
  /* The names of the game's PGN tags (chancellor_game_dup_tag_names). */
  properties[PROP_TAGS] =
    g_param_spec_boxed ("tags", NULL, NULL, G_TYPE_STRV, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After any move, undo, redo or relocation. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* When the game ends (mate, a draw rule, a claim, a resignation). */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A comment, the NAGs or the variations of a ply changed. */
  signals[ANNOTATION_CHANGED] =
    g_signal_new ("annotation-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
chancellor_game_init (ChancellorGame *self)
{
  self->moves = g_array_new (FALSE, FALSE, sizeof (Move));
  self->sans = g_ptr_array_new_with_free_func (g_free);
  self->live = g_new0 (Position, 1);
  self->scratch = g_new0 (Position, 1);
  self->phase = CHANCELLOR_PHASE_PLAYING;
  self->tag_names = g_ptr_array_new_with_free_func (g_free);
  self->tag_values = g_ptr_array_new_with_free_func (g_free);
  self->annotations = g_ptr_array_new_with_free_func (ply_annotation_free);
  self->relocations = g_ptr_array_new_with_free_func (g_free);
  self->side_nodes = g_hash_table_new (NULL, NULL);
  self->next_side_ply = CHANCELLOR_GAME_SIDE_PLY_MIN;
}

ChancellorGame *
chancellor_game_new (const char  *variant_id,
                     const char  *fen,
                     GError     **error)
{
  g_autoptr (ChancellorGame) self = NULL;
  const Variant *variant;
  ParseError err;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  variant = variant_id ? variant_by_id (variant_id) : NULL;
  if (!variant)
    {
      g_autoptr (GString) ids = g_string_new (NULL);

      for (int i = 0; i < variant_count (); i++)
        g_string_append_printf (ids, i ? ", %s" : "%s", variant_at (i)->id);
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_UNKNOWN_VARIANT,
                   _("There is no game called “%s”. The games are: %s."),
                   variant_id ? variant_id : "", ids->str);
      return NULL;
    }

  self = g_object_new (CHANCELLOR_TYPE_GAME, NULL);
  self->variant = variant;
  if (fen)
    {
      if (!position_set_fen (self->live, variant, fen, &err))
        {
          if (err.offset >= 0)
            g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN,
                         _("The position “%s” cannot be read as %s: %s (at character %d)."),
                         fen, chancellor_game_get_variant_name (self), err.message, err.offset + 1);
          else
            g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN,
                         _("The position “%s” cannot be read as %s: %s."),
                         fen, chancellor_game_get_variant_name (self), err.message);
          return NULL;
        }
    }
  else
    {
      position_set_start (self->live, variant);
      /* Without a FEN the arrays of Relocation Chess are still to be chosen;
       * a FEN is a start whose arrays were chosen already. */
      if (variant->start == START_RELOCATION)
        {
          self->phase = CHANCELLOR_PHASE_RELOCATION;
          self->relocating = CHANCELLOR_COLOR_BLACK;
        }
    }

  {
    char buf[FEN_MAX];

    position_get_fen (self->live, buf, sizeof buf);
    self->start_fen = g_strdup (buf);
  }
  _chancellor_game_update_status (self);
  return g_steal_pointer (&self);
}

ChancellorGame *
chancellor_game_new_start (const char  *variant_id,
                           int          start_number,
                           GError     **error)
{
  const Variant *variant;
  char fen[FEN_MAX];

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  variant = variant_id ? variant_by_id (variant_id) : NULL;
  /* One standard array, or one to rearrange (the relocation phase). */
  if (!variant || variant->start != START_PRIME_MINISTERS)
    return chancellor_game_new (variant_id, NULL, error);

  if (start_number < 0)
    start_number = g_random_int_range (0, PMRC_POSITIONS);
  if (!pmrc_fen (start_number, fen, sizeof fen))
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_FEN,
                   _("There is no Prime Ministers Random Chess start number %d: they run from 0 to %d."),
                   start_number, PMRC_POSITIONS - 1);
      return NULL;
    }
  return chancellor_game_new (variant->id, fen, error);
}

int
chancellor_game_get_files (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  return self->variant->files;
}

int
chancellor_game_get_ranks (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  return self->variant->ranks;
}

const char *
chancellor_game_get_variant_id (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  return self->variant->id;
}

const char *
chancellor_game_get_variant_name (ChancellorGame *self)
{
  const char *name;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  name = chancellor_catalogue_get_name (self->variant->id);
  return name ? name : self->variant->name;
}

char *
chancellor_game_get_start_fen (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  return g_strdup (self->start_fen);
}

int
chancellor_game_get_piece_type_count (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  return self->variant->types;
}

const char *
chancellor_game_get_piece_kind_id (ChancellorGame *self,
                                   int             type)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (type >= 0 && type < self->variant->types, NULL);

  return piece_kind_info (self->variant->kinds[type])->id;
}

const char *
chancellor_game_get_piece_name (ChancellorGame *self,
                                int             type)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (type >= 0 && type < self->variant->types, NULL);

  return g_dpgettext2 (GETTEXT_PACKAGE, PIECE_CONTEXT, variant_type_name (self->variant, type));
}

char
chancellor_game_get_piece_letter (ChancellorGame *self,
                                  int             type)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), '\0');
  g_return_val_if_fail (type >= 0 && type < self->variant->types, '\0');

  return self->variant->type_letter[type];
}

int
chancellor_game_get_promotion_types (ChancellorGame *self,
                                     int            *types,
                                     int             max)
{
  int count;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);
  g_return_val_if_fail (types != NULL || max == 0, 0);

  count = MIN (max, self->variant->promotion_count);
  for (int i = 0; i < count; i++)
    types[i] = self->variant->promotion_types[i];
  return self->variant->promotion_count;
}

guint
chancellor_game_get_n_moves (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  return self->n_moves;
}

ChancellorPiece
chancellor_game_get_piece (ChancellorGame *self,
                           guint           ply,
                           int             square)
{
  ChancellorPiece piece = { 0, 0, FALSE };
  const Position *pos;
  Piece code;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), piece);
  g_return_val_if_fail (game_ply_ok (self, ply), piece);
  g_return_val_if_fail (square >= 0 && square < self->variant->files * self->variant->ranks, piece);

  pos = game_position_at (self, ply);
  code = pos->board[square];
  if (code != NO_PIECE)
    {
      piece.type = (guint8) piece_type (code);
      piece.color = (guint8) piece_color (code);
      piece.present = TRUE;
    }
  return piece;
}

ChancellorColor
chancellor_game_get_side_to_move (ChancellorGame *self,
                                  guint           ply)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_COLOR_WHITE);
  g_return_val_if_fail (game_ply_ok (self, ply), CHANCELLOR_COLOR_WHITE);

  return game_position_at (self, ply)->side == WHITE ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK;
}

int
chancellor_game_get_check_square (ChancellorGame *self,
                                  guint           ply)
{
  const Position *pos;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), -1);
  g_return_val_if_fail (game_ply_ok (self, ply), -1);

  pos = game_position_at (self, ply);
  return position_in_check (pos) ? pos->king_square[pos->side] : -1;
}

gboolean
chancellor_game_get_move_squares (ChancellorGame *self,
                                  guint           ply,
                                  int            *from,
                                  int            *to,
                                  int            *rook_from,
                                  int            *rook_to)
{
  const Position *before;
  SideNode *node;
  Move move;
  int king_to = -1, rook_source = -1, rook_target = -1;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  node = _chancellor_game_side_node (self, ply);
  if (!node && (ply == 0 || ply > self->n_moves))
    return FALSE;

  move = node ? node->move : g_array_index (self->moves, Move, ply - 1);
  king_to = move_to (move);
  if (move_kind (move) == MOVE_CASTLING)
    {
      int side = move_to (move) > move_from (move) ? CASTLE_H_SIDE : CASTLE_A_SIDE;

      before = game_position_at (self, chancellor_game_get_parent_ply (self, ply));
      king_to = position_castle_king_target (before, before->side, side);
      rook_source = move_to (move);
      rook_target = position_castle_rook_target (before, before->side, side);
    }
  if (from)
    *from = move_from (move);
  if (to)
    *to = king_to;
  if (rook_from)
    *rook_from = rook_source;
  if (rook_to)
    *rook_to = rook_target;
  return TRUE;
}

gboolean
chancellor_game_find_move_squares (ChancellorGame *self,
                                   const char     *text,
                                   int            *from,
                                   int            *to)
{
  ParseError err;
  Move move;
  int king_to;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  move = notation_parse_move (self->live, text, &err);
  if (move == MOVE_NONE)
    return FALSE;
  king_to = move_to (move);
  if (move_kind (move) == MOVE_CASTLING)
    king_to = position_castle_king_target (self->live, self->live->side,
                                           move_to (move) > move_from (move) ? CASTLE_H_SIDE : CASTLE_A_SIDE);
  if (from)
    *from = move_from (move);
  if (to)
    *to = king_to;
  return TRUE;
}

char *
chancellor_game_get_san (ChancellorGame *self,
                         guint           ply)
{
  SideNode *node;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  node = _chancellor_game_side_node (self, ply);
  if (node)
    return g_strdup (node->san);
  g_return_val_if_fail (ply >= 1 && ply <= self->n_moves, NULL);

  return g_strdup (g_ptr_array_index (self->sans, ply - 1));
}

char *
chancellor_game_get_fen (ChancellorGame *self,
                         guint           ply)
{
  char buf[FEN_MAX];

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (game_ply_ok (self, ply), NULL);

  position_get_fen (game_position_at (self, ply), buf, sizeof buf);
  return g_strdup (buf);
}

/* Where a legal move puts the piece as the player sees it: the king's
 * landing square for castling (also given as the rook's square). */
static int
move_landing_square (const Position *pos,
                     Move            move)
{
  if (move_kind (move) == MOVE_CASTLING)
    {
      int side = move_to (move) > move_from (move) ? CASTLE_H_SIDE : CASTLE_A_SIDE;
      return position_castle_king_target (pos, pos->side, side);
    }
  return move_to (move);
}

/* Whether a move may be made at ply: at the live position while the game
 * is played; at an earlier one (a side line) once the arrays are chosen,
 * unless a rule ended the game there. */
static gboolean
game_can_move_at (ChancellorGame *self,
                  guint           ply)
{
  if (ply == self->n_moves)
    return self->phase == CHANCELLOR_PHASE_PLAYING;
  return self->phase != CHANCELLOR_PHASE_RELOCATION
         && position_status (game_position_at (self, ply)).status == STATUS_ONGOING;
}

void
chancellor_game_get_targets (ChancellorGame *self,
                             int             from,
                             gboolean       *targets)
{
  g_return_if_fail (CHANCELLOR_IS_GAME (self));

  chancellor_game_get_targets_at (self, self->n_moves, from, targets);
}

void
chancellor_game_get_targets_at (ChancellorGame *self,
                                guint           ply,
                                int             from,
                                gboolean       *targets)
{
  const Position *pos;
  MoveList list;
  int squares;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (targets != NULL);
  g_return_if_fail (game_ply_ok (self, ply));

  squares = self->variant->files * self->variant->ranks;
  for (int sq = 0; sq < squares; sq++)
    targets[sq] = FALSE;
  if (!game_can_move_at (self, ply) || from < 0 || from >= squares)
    return;

  pos = game_position_at (self, ply);
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move move = list.moves[i];

      if (move_from (move) != from)
        continue;
      targets[move_to (move)] = TRUE;
      if (move_kind (move) == MOVE_CASTLING)
        {
          int landing = move_landing_square (pos, move);
          /* A king that does not move is castled by taking it onto the rook. */
          if (landing != from)
            targets[landing] = TRUE;
        }
    }
}

gboolean
chancellor_game_is_capture (ChancellorGame *self,
                            int             from,
                            int             to)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return chancellor_game_is_capture_at (self, self->n_moves, from, to);
}

gboolean
chancellor_game_is_capture_at (ChancellorGame *self,
                               guint           ply,
                               int             from,
                               int             to)
{
  const Position *pos;
  MoveList list;
  int squares;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (game_ply_ok (self, ply), FALSE);

  squares = self->variant->files * self->variant->ranks;
  if (!game_can_move_at (self, ply) || from < 0 || from >= squares || to < 0 || to >= squares)
    return FALSE;
  pos = game_position_at (self, ply);
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move move = list.moves[i];

      if (move_from (move) != from || move_to (move) != to)
        continue;
      if (move_kind (move) == MOVE_EN_PASSANT)
        return TRUE;
      if (move_kind (move) != MOVE_CASTLING && pos->board[to] != NO_PIECE)
        return TRUE;
    }
  return FALSE;
}

/* The legal move from -> to of pos as the player gives it; MOVE_NONE if
 * there is none.  An ordinary move to a square wins over a castling that
 * lands the king there; castling is then given by moving onto the rook.
 * promotion_needed is set when from -> to are a promotion's squares. */
static Move
game_find_move (const Position *pos,
                int             from,
                int             to,
                int             promotion,
                gboolean       *promotion_needed)
{
  MoveList list;
  Move castling = MOVE_NONE;

  *promotion_needed = FALSE;
  movegen_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      Move move = list.moves[i];

      if (move_from (move) != from)
        continue;
      switch (move_kind (move))
        {
        case MOVE_CASTLING:
          if (move_to (move) == to
              || (castling == MOVE_NONE && move_landing_square (pos, move) == to && to != from))
            castling = move;
          break;
        case MOVE_PROMOTION:
          if (move_to (move) == to)
            {
              *promotion_needed = TRUE;
              if (move_promotion (move) == promotion)
                return move;
            }
          break;
        default:
          if (move_to (move) == to)
            return move;
        }
    }
  return *promotion_needed ? MOVE_NONE : castling;
}

gboolean
chancellor_game_move_needs_promotion (ChancellorGame *self,
                                      int             from,
                                      int             to)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return chancellor_game_move_needs_promotion_at (self, self->n_moves, from, to);
}

gboolean
chancellor_game_move_needs_promotion_at (ChancellorGame *self,
                                         guint           ply,
                                         int             from,
                                         int             to)
{
  gboolean needed;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (game_ply_ok (self, ply), FALSE);

  if (!game_can_move_at (self, ply))
    return FALSE;
  game_find_move (game_position_at (self, ply), from, to, -1, &needed);
  return needed;
}

/* Why a move cannot be played at ply now, or TRUE when it can be. */
static gboolean
game_check_can_move (ChancellorGame  *self,
                     guint            ply,
                     const char      *move_text,
                     GError         **error)
{
  const Position *pos = game_position_at (self, ply);

  if (self->phase == CHANCELLOR_PHASE_RELOCATION)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("%s cannot be played yet: %s is still choosing whether to swap pieces of its first rank."),
                   move_text, color_name (self->relocating));
      return FALSE;
    }
  if (ply == self->n_moves && self->phase == CHANCELLOR_PHASE_OVER)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER,
                   _("%s cannot be played: the game is over."), move_text);
      return FALSE;
    }
  if (ply != self->n_moves && position_status (pos).status != STATUS_ONGOING)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_GAME_OVER,
                   _("%s cannot be played: the game ends in this position."), move_text);
      return FALSE;
    }
  if (pos->ply + 1 >= POSITION_HISTORY_MAX)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("%s cannot be played: the game has reached the longest length Chancellor keeps."),
                   move_text);
      return FALSE;
    }
  return TRUE;
}

/* Plays a legal move on the live position. */
static void
game_play_move (ChancellorGame *self,
                Move            move)
{
  GameSnapshot before;

  _chancellor_game_snapshot (self, &before);

  if (self->moves->len > self->n_moves && g_array_index (self->moves, Move, self->n_moves) == move)
    {
      /* The move taken back is played again: the rest can still be redone. */
    }
  else
    {
      char san[MOVE_TEXT_MAX];

      game_truncate_moves (self, self->n_moves);
      notation_san (self->live, move, san, sizeof san);
      g_array_append_val (self->moves, move);
      g_ptr_array_add (self->sans, g_strdup (san));
    }
  position_make (self->live, move);
  self->n_moves++;
  _chancellor_game_update_status (self);
  _chancellor_game_emit_changes (self, &before);
}

/* Plays a legal move at ply: on the live position, or as a side line;
 * the ply it leads to, or 0 with error. */
static guint
game_play_move_at (ChancellorGame  *self,
                   guint            ply,
                   Move             move,
                   GError         **error)
{
  if (ply != self->n_moves)
    return _chancellor_game_play_side (self, ply, move, error);
  game_play_move (self, move);
  return self->n_moves;
}

/* Why from -> to (not among the legal moves of pos) is refused. */
static void
game_set_refusal (ChancellorGame  *self,
                  const Position  *pos,
                  int              from,
                  int              to,
                  int              promotion,
                  gboolean         promotion_needed,
                  const char      *move_text,
                  GError         **error)
{
  g_autofree char *from_name = square_name (self, from);
  g_autofree char *to_name = square_name (self, to);
  Piece piece = pos->board[from];

  if (piece == NO_PIECE)
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: there is no piece on %s."), move_text, from_name);
  else if (piece_color (piece) != pos->side)
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: the piece on %s is %s’s, and it is %s’s turn."),
                 move_text, from_name, color_name (piece_color (piece)), color_name (pos->side));
  else if (promotion_needed && promotion < 0)
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s needs a promotion: choose the piece the Pawn becomes."), move_text);
  else if (promotion_needed)
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: a Pawn cannot promote to that piece in %s."),
                 move_text, chancellor_game_get_variant_name (self));
  else if (movegen_double_step_forbidden (pos, from, to))
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: in %s a Pawn may not step two squares to block a check when the enemy could then take it en passant."),
                 move_text, chancellor_game_get_variant_name (self));
  else if (position_in_check (pos))
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: the %s on %s cannot go to %s while %s’s King is in check."),
                 move_text, chancellor_game_get_piece_name (self, piece_type (piece)), from_name, to_name,
                 color_name (pos->side));
  else
    g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                 _("%s is not a legal move: the %s on %s cannot go to %s."),
                 move_text, chancellor_game_get_piece_name (self, piece_type (piece)), from_name, to_name);
}

char *
chancellor_game_dup_refusal (ChancellorGame *self,
                             int             from,
                             int             to)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  return chancellor_game_dup_refusal_at (self, self->n_moves, from, to);
}

char *
chancellor_game_dup_refusal_at (ChancellorGame *self,
                                guint           ply,
                                int             from,
                                int             to)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *move_text = NULL;
  g_autofree char *from_name = NULL;
  g_autofree char *to_name = NULL;
  gboolean promotion_needed;
  int squares;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (game_ply_ok (self, ply), NULL);

  squares = self->variant->files * self->variant->ranks;
  if (from < 0 || from >= squares || to < 0 || to >= squares)
    return NULL;
  from_name = square_name (self, from);
  to_name = square_name (self, to);
  move_text = g_strdup_printf (_("%s–%s"), from_name, to_name);
  if (!game_check_can_move (self, ply, move_text, &error))
    return g_strdup (error->message);
  if (game_find_move (game_position_at (self, ply), from, to, -1, &promotion_needed) != MOVE_NONE
      || promotion_needed)
    return NULL;
  game_set_refusal (self, game_position_at (self, ply), from, to, -1, FALSE, move_text, &error);
  return g_strdup (error->message);
}

gboolean
chancellor_game_play (ChancellorGame  *self,
                      int              from,
                      int              to,
                      int              promotion,
                      GError         **error)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return chancellor_game_play_at (self, self->n_moves, from, to, promotion, NULL, error);
}

gboolean
chancellor_game_play_at (ChancellorGame  *self,
                         guint            ply,
                         int              from,
                         int              to,
                         int              promotion,
                         guint           *played,
                         GError         **error)
{
  g_autofree char *from_name = NULL;
  g_autofree char *to_name = NULL;
  g_autofree char *move_text = NULL;
  gboolean promotion_needed;
  Move move;
  int squares;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (game_ply_ok (self, ply), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  squares = self->variant->files * self->variant->ranks;
  if (from < 0 || from >= squares || to < 0 || to >= squares)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("There is no such square on the %d × %d board."),
                   self->variant->files, self->variant->ranks);
      return FALSE;
    }

  from_name = square_name (self, from);
  to_name = square_name (self, to);
  /* TRANSLATORS: a move from one square to another, "e2–e4" */
  move_text = g_strdup_printf (_("%s–%s"), from_name, to_name);
  if (!game_check_can_move (self, ply, move_text, error))
    return FALSE;

  move = game_find_move (game_position_at (self, ply), from, to, promotion, &promotion_needed);
  if (move != MOVE_NONE)
    {
      guint reached = game_play_move_at (self, ply, move, error);

      if (played)
        *played = reached;
      return reached != 0;
    }

  game_set_refusal (self, game_position_at (self, ply), from, to, promotion, promotion_needed, move_text, error);
  return FALSE;
}

gboolean
chancellor_game_play_text (ChancellorGame  *self,
                           const char      *text,
                           GError         **error)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return chancellor_game_play_text_at (self, self->n_moves, text, NULL, error);
}

gboolean
chancellor_game_play_text_at (ChancellorGame  *self,
                              guint            ply,
                              const char      *text,
                              guint           *played,
                              GError         **error)
{
  g_autofree char *quoted = NULL;
  ParseError err;
  Move move;
  guint reached;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (game_ply_ok (self, ply), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  quoted = g_strdup_printf ("“%s”", text);
  if (!game_check_can_move (self, ply, quoted, error))
    return FALSE;

  move = notation_parse_move (game_position_at (self, ply), text, &err);
  if (move == MOVE_NONE)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("%s is not a legal move: %s."), quoted, err.message);
      return FALSE;
    }
  reached = game_play_move_at (self, ply, move, error);
  if (played)
    *played = reached;
  return reached != 0;
}

char *
chancellor_game_dup_san_of (ChancellorGame *self,
                            const char     *text)
{
  char san[MOVE_TEXT_MAX];
  ParseError err;
  Move move;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  move = notation_parse_move (self->live, text, &err);
  if (move == MOVE_NONE)
    return NULL;
  notation_san (self->live, move, san, sizeof san);
  return g_strdup (san);
}

gboolean
chancellor_game_can_undo (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  /* Before the first move, the last relocation (swap or keep). */
  return self->n_moves > 0 || self->relocations->len > 0;
}

gboolean
chancellor_game_can_redo (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  /* A resignation or a claim ends the line there; moves after it are not replayed. */
  return self->moves->len > self->n_moves && self->phase == CHANCELLOR_PHASE_PLAYING;
}

/* The side that relocated last chooses again, from the array before; the
 * moves taken back from after it can no longer be replayed. */
static void
game_undo_relocation (ChancellorGame *self)
{
  char *fen = g_ptr_array_steal_index (self->relocations, self->relocations->len - 1);
  ParseError err;

  if (!position_set_fen (self->live, self->variant, fen, &err))
    g_assert_not_reached ();
  g_free (self->start_fen);
  self->start_fen = fen;
  self->scratch_valid = FALSE;
  game_truncate_moves (self, 0);
  self->relocating = self->phase == CHANCELLOR_PHASE_PLAYING ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK;
  self->phase = CHANCELLOR_PHASE_RELOCATION;
  self->result = CHANCELLOR_RESULT_NONE;
  self->reason = CHANCELLOR_REASON_NONE;
}

void
chancellor_game_undo (ChancellorGame *self)
{
  GameSnapshot before;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));

  if (!chancellor_game_can_undo (self))
    return;

  _chancellor_game_snapshot (self, &before);
  if (self->n_moves > 0)
    {
      position_unmake (self->live);
      self->n_moves--;
    }
  else
    game_undo_relocation (self);
  _chancellor_game_update_status (self);
  _chancellor_game_emit_changes (self, &before);
}

void
chancellor_game_redo (ChancellorGame *self)
{
  g_return_if_fail (CHANCELLOR_IS_GAME (self));

  if (!chancellor_game_can_redo (self))
    return;

  game_play_move (self, g_array_index (self->moves, Move, self->n_moves));
}

ChancellorPhase
chancellor_game_get_phase (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_PHASE_PLAYING);

  return self->phase;
}

ChancellorResult
chancellor_game_get_result (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_RESULT_NONE);

  return self->result;
}

ChancellorReason
chancellor_game_get_reason (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_REASON_NONE);

  return self->reason;
}

const char *
chancellor_game_get_result_string (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), "*");

  switch (self->result)
    {
    case CHANCELLOR_RESULT_WHITE_WINS:
      return "1-0";
    case CHANCELLOR_RESULT_BLACK_WINS:
      return "0-1";
    case CHANCELLOR_RESULT_DRAW:
      return "1/2-1/2";
    case CHANCELLOR_RESULT_NONE:
    default:
      return "*";
    }
}

char *
chancellor_game_describe_result (ChancellorGame *self)
{
  gboolean white_wins;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  white_wins = self->result == CHANCELLOR_RESULT_WHITE_WINS;
  switch (self->reason)
    {
    case CHANCELLOR_REASON_CHECKMATE:
      return g_strdup (white_wins ? _("White wins by checkmate.") : _("Black wins by checkmate."));
    case CHANCELLOR_REASON_RESIGNATION:
      return g_strdup (white_wins ? _("White wins: Black resigned.") : _("Black wins: White resigned."));
    case CHANCELLOR_REASON_TIME:
      if (self->result == CHANCELLOR_RESULT_DRAW)
        return g_strdup (self->flagged == CHANCELLOR_COLOR_WHITE
                         ? _("Draw: White ran out of time, but Black cannot mate.")
                         : _("Draw: Black ran out of time, but White cannot mate."));
      return g_strdup (white_wins ? _("White wins on time.") : _("Black wins on time."));
    case CHANCELLOR_REASON_STALEMATE:
      return g_strdup (_("Draw by stalemate."));
    case CHANCELLOR_REASON_THREEFOLD_REPETITION:
      return g_strdup (_("Draw by threefold repetition, claimed."));
    case CHANCELLOR_REASON_FIVEFOLD_REPETITION:
      return g_strdup (_("Draw by fivefold repetition."));
    case CHANCELLOR_REASON_FIFTY_MOVES:
      return g_strdup (_("Draw by the 50-move rule, claimed."));
    case CHANCELLOR_REASON_SEVENTY_FIVE_MOVES:
      return g_strdup (_("Draw by the 75-move rule."));
    case CHANCELLOR_REASON_INSUFFICIENT_MATERIAL:
      return g_strdup (_("Draw: neither side has enough material to mate."));
    case CHANCELLOR_REASON_AGREEMENT:
      return g_strdup (_("Draw by agreement."));
    case CHANCELLOR_REASON_ABORTED:
      return g_strdup (self->flagged == CHANCELLOR_COLOR_WHITE
                       ? _("Game aborted: White’s time ran out before its first move.")
                       : _("Game aborted: Black’s time ran out before its first move."));
    case CHANCELLOR_REASON_NONE:
    default:
      break;
    }
  if (self->phase == CHANCELLOR_PHASE_RELOCATION)
    return g_strdup (self->relocating == CHANCELLOR_COLOR_WHITE
                     ? _("White is choosing its array.")
                     : _("Black is choosing its array."));
  return g_strdup (self->live->side == WHITE ? _("White to move.") : _("Black to move."));
}

gboolean
chancellor_game_can_claim_draw (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return self->phase == CHANCELLOR_PHASE_PLAYING
      && (self->status.can_claim_threefold || self->status.can_claim_fifty);
}

gboolean
chancellor_game_claim_draw (ChancellorGame *self)
{
  GameSnapshot before;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  if (!chancellor_game_can_claim_draw (self))
    return FALSE;

  _chancellor_game_snapshot (self, &before);
  self->phase = CHANCELLOR_PHASE_OVER;
  self->result = CHANCELLOR_RESULT_DRAW;
  self->reason = self->status.can_claim_threefold
               ? CHANCELLOR_REASON_THREEFOLD_REPETITION
               : CHANCELLOR_REASON_FIFTY_MOVES;
  _chancellor_game_emit_changes (self, &before);
  return TRUE;
}

/* The game ends, unless it has: a resignation, a flag fall. */
static void
game_end (ChancellorGame   *self,
          ChancellorResult  result,
          ChancellorReason  reason)
{
  GameSnapshot before;

  if (self->phase == CHANCELLOR_PHASE_OVER)
    return;

  _chancellor_game_snapshot (self, &before);
  self->phase = CHANCELLOR_PHASE_OVER;
  self->result = result;
  self->reason = reason;
  _chancellor_game_emit_changes (self, &before);
}

void
chancellor_game_resign (ChancellorGame  *self,
                        ChancellorColor  color)
{
  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  game_end (self, color == CHANCELLOR_COLOR_WHITE ? CHANCELLOR_RESULT_BLACK_WINS : CHANCELLOR_RESULT_WHITE_WINS,
            CHANCELLOR_REASON_RESIGNATION);
}

ChancellorColor
chancellor_game_get_relocating_color (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_COLOR_WHITE);

  return self->relocating;
}

gboolean
chancellor_game_relocate (ChancellorGame  *self,
                          int              file_a,
                          int              file_b,
                          GError         **error)
{
  GameSnapshot before;
  Relocation relocation = { MIN (file_a, file_b), MAX (file_a, file_b) };
  RelocationVerdict verdict;
  int color;
  ParseError err;
  char fen[FEN_MAX];

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->phase != CHANCELLOR_PHASE_RELOCATION)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION,
                   _("Pieces can be swapped only before the first move of Capablanca Relocation Chess."));
      return FALSE;
    }

  color = self->relocating == CHANCELLOR_COLOR_WHITE ? WHITE : BLACK;
  if (file_a < 0 && file_b < 0)
    relocation.file_a = relocation.file_b = -1;
  verdict = relocation_check (self->live, color, relocation);
  if (verdict != RELOCATION_OK)
    {
      int rank = color == WHITE ? 0 : self->variant->ranks - 1;
      g_autofree char *name_a = NULL;
      g_autofree char *name_b = NULL;
      const char *reason = NULL;

      if (verdict == RELOCATION_OFF_RANK || verdict == RELOCATION_NOT_NOW)
        {
          g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION,
                       _("%s cannot swap those pieces: the files must be on the board, or both be −1 to keep the array."),
                       color_name (color));
          return FALSE;
        }
      /* Short reasons: they are shown in a toast of one line. */
      switch (verdict)
        {
        case RELOCATION_NOT_OWN_PIECES:
          reason = _("only its own pieces may swap");
          break;
        case RELOCATION_ALIKE:
          reason = _("the two pieces are alike");
          break;
        case RELOCATION_ROOK:
          reason = _("a Rook never swaps");
          break;
        case RELOCATION_NO_KING_OR_QUEEN:
          reason = _("one of them must be the King or the Queen");
          break;
        case RELOCATION_BISHOPS:
          reason = _("both Bishops would stand on squares of one colour");
          break;
        case RELOCATION_KING_OUTSIDE:
          reason = _("the King must stay between its Rooks");
          break;
        default:
          g_assert_not_reached ();
        }
      name_a = square_name (self, variant_square (self->variant, file_a, rank));
      name_b = square_name (self, variant_square (self->variant, file_b, rank));
      /* Translators: "White cannot swap e1 and g1: a Rook never swaps." */
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_BAD_RELOCATION,
                   _("%s cannot swap %s and %s: %s."), color_name (color), name_a, name_b, reason);
      return FALSE;
    }

  _chancellor_game_snapshot (self, &before);
  g_ptr_array_add (self->relocations, g_strdup (self->start_fen));
  if (!relocation_apply (self->live, color, relocation, &err))
    g_assert_not_reached ();
  position_get_fen (self->live, fen, sizeof fen);
  g_free (self->start_fen);
  self->start_fen = g_strdup (fen);
  self->scratch_valid = FALSE;

  if (color == BLACK)
    self->relocating = CHANCELLOR_COLOR_WHITE;
  else
    self->phase = CHANCELLOR_PHASE_PLAYING;
  _chancellor_game_update_status (self);
  _chancellor_game_emit_changes (self, &before);
  return TRUE;
}

gboolean
chancellor_game_get_relocation_choice (ChancellorGame  *self,
                                       ChancellorColor  color,
                                       int             *file_a,
                                       int             *file_b)
{
  g_autofree Position *standard = NULL;
  ParseError err;
  Position *start;
  int rank, found = 0, files[2] = { -1, -1 };

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (file_a != NULL && file_b != NULL, FALSE);

  if (self->variant->start != START_RELOCATION)
    return FALSE;
  /* Black chooses first; a side still choosing has chosen nothing. */
  if (self->phase == CHANCELLOR_PHASE_RELOCATION
      && (color == CHANCELLOR_COLOR_WHITE || self->relocating == CHANCELLOR_COLOR_BLACK))
    return FALSE;

  standard = g_new (Position, 1);
  start = g_new (Position, 1);
  position_set_start (standard, self->variant);
  if (!position_set_fen (start, self->variant, self->start_fen, &err))
    g_assert_not_reached ();
  rank = color == CHANCELLOR_COLOR_WHITE ? 0 : self->variant->ranks - 1;
  for (int file = 0; file < self->variant->files; file++)
    {
      int square = variant_square (self->variant, file, rank);

      if (start->board[square] == standard->board[square])
        continue;
      if (found < 2)
        files[found] = file;
      found++;
    }
  g_free (start);
  /* A set-up position that is not a relocation of the array says nothing. */
  if (found != 0 && found != 2)
    return FALSE;
  *file_a = files[0];
  *file_b = files[1];
  return TRUE;
}

int
chancellor_game_get_relocations (ChancellorGame *self,
                                 int            *files_a,
                                 int            *files_b,
                                 int             max)
{
  Relocation choices[RELOCATION_ARRAYS + 2];
  int count;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);
  g_return_val_if_fail (max == 0 || (files_a != NULL && files_b != NULL), 0);

  if (self->phase != CHANCELLOR_PHASE_RELOCATION)
    return 0;

  count = relocation_choices (self->live, self->relocating == CHANCELLOR_COLOR_WHITE ? WHITE : BLACK, choices);
  for (int i = 0; i < MIN (count, max); i++)
    {
      files_a[i] = choices[i].file_a;
      files_b[i] = choices[i].file_b;
    }
  return count;
}

int
chancellor_game_get_relocation_targets (ChancellorGame *self,
                                        int             square,
                                        gboolean       *targets)
{
  int files, squares, color, rank, count = 0;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);
  g_return_val_if_fail (targets != NULL, 0);

  files = self->variant->files;
  squares = files * self->variant->ranks;
  for (int sq = 0; sq < squares; sq++)
    targets[sq] = FALSE;
  if (self->phase != CHANCELLOR_PHASE_RELOCATION || square < 0 || square >= squares)
    return 0;

  color = self->relocating == CHANCELLOR_COLOR_WHITE ? WHITE : BLACK;
  rank = color == WHITE ? 0 : self->variant->ranks - 1;
  if (square / files != rank)
    return 0;
  for (int file = 0; file < files; file++)
    {
      Relocation swap = { square % files, file };

      if (file != swap.file_a && relocation_is_legal (self->live, color, swap))
        {
          targets[rank * files + file] = TRUE;
          count++;
        }
    }
  return count;
}

void
chancellor_game_flag (ChancellorGame  *self,
                      ChancellorColor  color)
{
  int other;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (self->phase == CHANCELLOR_PHASE_OVER)
    return;

  other = color == CHANCELLOR_COLOR_WHITE ? BLACK : WHITE;
  self->flagged = color;
  game_end (self,
            position_side_cannot_mate (self->live, other) ? CHANCELLOR_RESULT_DRAW
            : other == WHITE ? CHANCELLOR_RESULT_WHITE_WINS : CHANCELLOR_RESULT_BLACK_WINS,
            CHANCELLOR_REASON_TIME);
}

void
chancellor_game_abort_on_time (ChancellorGame  *self,
                               ChancellorColor  color)
{
  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (color == CHANCELLOR_COLOR_WHITE || color == CHANCELLOR_COLOR_BLACK);

  if (self->phase == CHANCELLOR_PHASE_OVER)
    return;

  self->flagged = color;
  game_end (self, CHANCELLOR_RESULT_NONE, CHANCELLOR_REASON_ABORTED);
}

gboolean
chancellor_game_has_moved (ChancellorGame  *self,
                           ChancellorColor  color)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return self->n_moves >= 2 || (self->n_moves == 1 && chancellor_game_get_side_to_move (self, 0) == color);
}

ChancellorColor
chancellor_game_get_flagged_color (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), CHANCELLOR_COLOR_WHITE);

  return self->flagged;
}

ChancellorPosition *
chancellor_game_dup_position (ChancellorGame *self,
                              guint           ply)
{
  Position *copy;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (game_ply_ok (self, ply), NULL);

  copy = g_new (Position, 1);
  position_copy (copy, game_position_at (self, ply));
  return copy;
}

/* Copies the comment and NAGs of source's ply onto copy's last move. */
static void
game_copy_annotation (ChancellorGame *copy,
                      ChancellorGame *source,
                      guint           ply)
{
  guint8 nags[CHANCELLOR_GAME_NAGS_MAX];
  guint n_nags = chancellor_game_get_nags (source, ply, nags, G_N_ELEMENTS (nags));

  chancellor_game_set_comment (copy, copy->n_moves, chancellor_game_get_comment (source, ply));
  if (ply > 0)
    chancellor_game_set_nags (copy, copy->n_moves, nags, MIN (n_nags, G_N_ELEMENTS (nags)));
}

ChancellorGame *
chancellor_game_dup_line (ChancellorGame *self,
                          guint           ply)
{
  g_autoptr (ChancellorGame) copy = NULL;
  g_autoptr (GPtrArray) side = g_ptr_array_new ();
  guint branch;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (game_ply_ok (self, ply), NULL);

  /* Arrays still to be chosen are chosen again in the copy. */
  copy = chancellor_game_new (self->variant->id,
                              self->phase == CHANCELLOR_PHASE_RELOCATION ? NULL : self->start_fen, NULL);
  g_assert (copy != NULL);
  for (guint i = 0; i < self->tag_names->len; i++)
    chancellor_game_set_tag (copy, g_ptr_array_index (self->tag_names, i), g_ptr_array_index (self->tag_values, i));
  game_copy_annotation (copy, self, 0);

  for (SideNode *node = _chancellor_game_side_node (self, ply); node; node = node->parent)
    g_ptr_array_insert (side, 0, node);
  branch = chancellor_game_get_branch_ply (self, ply);
  for (guint i = 1; i <= branch; i++)
    {
      game_play_move (copy, g_array_index (self->moves, Move, i - 1));
      game_copy_annotation (copy, self, i);
    }
  for (guint i = 0; i < side->len; i++)
    {
      SideNode *node = g_ptr_array_index (side, i);

      game_play_move (copy, node->move);
      game_copy_annotation (copy, self, node->ply);
    }
  return g_steal_pointer (&copy);
}

void
chancellor_position_free (ChancellorPosition *position)
{
  g_free (position);
}

static guint
game_tag_index (ChancellorGame *self,
                const char     *name)
{
  for (guint i = 0; i < self->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (self->tag_names, i), name) == 0)
      return i;
  return G_MAXUINT;
}

const char *
chancellor_game_get_tag (ChancellorGame *self,
                         const char     *name)
{
  guint index;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  index = game_tag_index (self, name);
  return index == G_MAXUINT ? NULL : g_ptr_array_index (self->tag_values, index);
}

void
chancellor_game_set_tag (ChancellorGame *self,
                         const char     *name,
                         const char     *value)
{
  guint index;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (name != NULL && *name != '\0');

  index = game_tag_index (self, name);
  if (index == G_MAXUINT && value == NULL)
    return;
  if (index != G_MAXUINT && value != NULL
      && strcmp (g_ptr_array_index (self->tag_values, index), value) == 0)
    return;

  if (value == NULL)
    {
      g_ptr_array_remove_index (self->tag_names, index);
      g_ptr_array_remove_index (self->tag_values, index);
    }
  else if (index == G_MAXUINT)
    {
      g_ptr_array_add (self->tag_names, g_strdup (name));
      g_ptr_array_add (self->tag_values, g_strdup (value));
    }
  else
    {
      g_free (g_ptr_array_index (self->tag_values, index));
      g_ptr_array_index (self->tag_values, index) = g_strdup (value);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TAGS]);
}

char **
chancellor_game_dup_tag_names (ChancellorGame *self)
{
  char **names;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  names = g_new0 (char *, self->tag_names->len + 1);
  for (guint i = 0; i < self->tag_names->len; i++)
    names[i] = g_strdup (g_ptr_array_index (self->tag_names, i));
  return names;
}

/* The annotation of ply, or NULL when it has none. */
PlyAnnotation *
_chancellor_game_peek_annotation (ChancellorGame *self,
                                  guint           ply)
{
  return ply < self->annotations->len ? g_ptr_array_index (self->annotations, ply) : NULL;
}

/* The annotation of ply, made when missing. */
PlyAnnotation *
_chancellor_game_ensure_annotation (ChancellorGame *self,
                                    guint           ply)
{
  PlyAnnotation *annotation;

  g_assert (ply <= self->moves->len);

  if (self->annotations->len <= ply)
    g_ptr_array_set_size (self->annotations, ply + 1);
  annotation = g_ptr_array_index (self->annotations, ply);
  if (!annotation)
    {
      annotation = g_new0 (PlyAnnotation, 1);
      annotation->variations = g_ptr_array_new_with_free_func (_chancellor_game_side_node_free);
      g_ptr_array_index (self->annotations, ply) = annotation;
    }
  return annotation;
}

void
_chancellor_game_emit_annotation_changed (ChancellorGame *self,
                                          guint           ply)
{
  g_signal_emit (self, signals[ANNOTATION_CHANGED], 0, ply);
}

/* The main-line ply whose notes show a side move's annotations: the one
 * its line replaces. */
static guint
side_node_main_ply (SideNode *node)
{
  while (node->parent)
    node = node->parent;
  return node->main_ply;
}

const char *
chancellor_game_get_comment (ChancellorGame *self,
                             guint           ply)
{
  PlyAnnotation *annotation;
  SideNode *node;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  node = _chancellor_game_side_node (self, ply);
  if (node)
    return node->comment;
  g_return_val_if_fail (ply <= self->moves->len, NULL);

  annotation = _chancellor_game_peek_annotation (self, ply);
  return annotation ? annotation->comment : NULL;
}

void
chancellor_game_set_comment (ChancellorGame *self,
                             guint           ply,
                             const char     *comment)
{
  PlyAnnotation *annotation;
  SideNode *node;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));

  node = _chancellor_game_side_node (self, ply);
  g_return_if_fail (node != NULL || ply <= self->moves->len);

  if (comment && *comment == '\0')
    comment = NULL;
  if (g_strcmp0 (chancellor_game_get_comment (self, ply), comment) == 0)
    return;
  if (node)
    {
      g_free (node->comment);
      node->comment = g_strdup (comment);
      g_signal_emit (self, signals[ANNOTATION_CHANGED], 0, side_node_main_ply (node));
      return;
    }
  annotation = _chancellor_game_ensure_annotation (self, ply);
  g_free (annotation->comment);
  annotation->comment = g_strdup (comment);
  g_signal_emit (self, signals[ANNOTATION_CHANGED], 0, ply);
}

guint
chancellor_game_get_nags (ChancellorGame *self,
                          guint           ply,
                          guint8         *nags,
                          guint           max)
{
  PlyAnnotation *annotation;
  SideNode *node;
  const guint8 *kept;
  guint n_kept;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);
  g_return_val_if_fail (nags != NULL || max == 0, 0);

  node = _chancellor_game_side_node (self, ply);
  g_return_val_if_fail (node != NULL || ply <= self->moves->len, 0);

  annotation = node ? NULL : _chancellor_game_peek_annotation (self, ply);
  if (node)
    kept = node->nags, n_kept = node->n_nags;
  else if (annotation)
    kept = annotation->nags, n_kept = annotation->n_nags;
  else
    return 0;
  for (guint i = 0; i < MIN (max, n_kept); i++)
    nags[i] = kept[i];
  return n_kept;
}

void
chancellor_game_set_nags (ChancellorGame *self,
                          guint           ply,
                          const guint8   *nags,
                          guint           n_nags)
{
  PlyAnnotation *annotation;
  SideNode *node;
  guint8 old[CHANCELLOR_GAME_NAGS_MAX];

  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  node = _chancellor_game_side_node (self, ply);
  g_return_if_fail (node != NULL || (ply >= 1 && ply <= self->moves->len));
  g_return_if_fail (nags != NULL || n_nags == 0);
  g_return_if_fail (n_nags <= CHANCELLOR_GAME_NAGS_MAX);
  for (guint i = 0; i < n_nags; i++)
    g_return_if_fail (nags[i] != 0);

  if (chancellor_game_get_nags (self, ply, old, G_N_ELEMENTS (old)) == n_nags
      && (n_nags == 0 || memcmp (old, nags, n_nags) == 0))
    return;
  if (node)
    {
      if (n_nags > 0)
        memcpy (node->nags, nags, n_nags);
      node->n_nags = n_nags;
      g_signal_emit (self, signals[ANNOTATION_CHANGED], 0, side_node_main_ply (node));
      return;
    }
  annotation = _chancellor_game_ensure_annotation (self, ply);
  if (n_nags > 0)
    memcpy (annotation->nags, nags, n_nags);
  annotation->n_nags = n_nags;
  g_signal_emit (self, signals[ANNOTATION_CHANGED], 0, ply);
}

gboolean
chancellor_game_set_outcome (ChancellorGame   *self,
                             ChancellorResult  result,
                             ChancellorReason  reason)
{
  GameSnapshot before;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  if (self->phase == CHANCELLOR_PHASE_OVER || result == CHANCELLOR_RESULT_NONE)
    return FALSE;

  _chancellor_game_snapshot (self, &before);
  self->phase = CHANCELLOR_PHASE_OVER;
  self->result = result;
  self->reason = reason;
  if (reason == CHANCELLOR_REASON_TIME)
    {
      /* The loser's flag fell; in a drawn flag fall, the side to move's. */
      if (result == CHANCELLOR_RESULT_WHITE_WINS)
        self->flagged = CHANCELLOR_COLOR_BLACK;
      else if (result == CHANCELLOR_RESULT_BLACK_WINS)
        self->flagged = CHANCELLOR_COLOR_WHITE;
      else
        self->flagged = self->live->side == WHITE ? CHANCELLOR_COLOR_WHITE : CHANCELLOR_COLOR_BLACK;
    }
  _chancellor_game_emit_changes (self, &before);
  return TRUE;
}

int
chancellor_game_get_start_number (ChancellorGame *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), -1);

  if (self->variant->start != START_PRIME_MINISTERS)
    return -1;
  return pgn_pmrc_number (self->start_fen);
}

char *
chancellor_game_compose_fen (ChancellorGame        *self,
                             const ChancellorPiece *board,
                             ChancellorColor        side,
                             const char            *castling,
                             const char            *en_passant)
{
  const Variant *v;
  GString *fen;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);
  g_return_val_if_fail (board != NULL, NULL);

  v = self->variant;
  fen = g_string_new (NULL);
  for (int rank = v->ranks - 1; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < v->files; file++)
        {
          ChancellorPiece piece = board[rank * v->files + file];
          char letter;

          if (!piece.present || piece.type >= v->types)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (fen, "%d", empty);
          empty = 0;
          letter = v->type_letter[piece.type];
          g_string_append_c (fen, piece.color == CHANCELLOR_COLOR_WHITE ? g_ascii_toupper (letter)
                                                                        : g_ascii_tolower (letter));
        }
      if (empty)
        g_string_append_printf (fen, "%d", empty);
      if (rank > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append_printf (fen, " %c %s %s 0 1", side == CHANCELLOR_COLOR_WHITE ? 'w' : 'b',
                          castling && *castling ? castling : "-", en_passant && *en_passant ? en_passant : "-");
  return g_string_free (fen, FALSE);
}
