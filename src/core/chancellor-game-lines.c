/* chancellor-game-lines.c — the side lines of a game: moves played at an
 * earlier position, kept as a tree beside the main line.
 *
 * The lines that replace a main-line move hang from that ply's annotation;
 * each side move's children are its line's continuation first, then the
 * moves that replace that continuation, so that the tree reads as PGN's
 * variations do.  Every side move has a ply number of its own, from
 * CHANCELLOR_GAME_SIDE_PLY_MIN on, never given twice, so that a number the
 * UI holds names the same move or none.
 */
#define G_LOG_DOMAIN "chancellor-game"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-game-private.h"

#include "notation.h"

static SideNode *
side_node_new (ChancellorGame *self,
               Move            move,
               const char     *san)
{
  SideNode *node = g_new0 (SideNode, 1);

  node->ply = self->next_side_ply++;
  node->move = move;
  node->san = g_strdup (san);
  node->children = g_ptr_array_new_with_free_func (_chancellor_game_side_node_free);
  node->index = self->side_nodes;
  g_hash_table_insert (self->side_nodes, GUINT_TO_POINTER (node->ply), node);
  return node;
}

void
_chancellor_game_side_node_free (gpointer data)
{
  SideNode *node = data;

  g_hash_table_remove (node->index, GUINT_TO_POINTER (node->ply));
  g_ptr_array_unref (node->children);
  g_free (node->san);
  g_free (node->comment);
  g_free (node->line_comment);
  g_free (node->text);
  g_free (node);
}

SideNode *
_chancellor_game_side_node (ChancellorGame *self,
                            guint           ply)
{
  if (ply < CHANCELLOR_GAME_SIDE_PLY_MIN)
    return NULL;
  return g_hash_table_lookup (self->side_nodes, GUINT_TO_POINTER (ply));
}

static SideNode *
side_node_root (SideNode *node)
{
  while (node->parent)
    node = node->parent;
  return node;
}

/* The ply before node's move. */
static guint
side_node_parent_ply (SideNode *node)
{
  return node->parent ? node->parent->ply : node->main_ply - 1;
}

/* The moves that hold node: its parent's children, or its main-line
 * ply's variations. */
static GPtrArray *
side_node_siblings (ChancellorGame *self,
                    SideNode       *node)
{
  if (node->parent)
    return node->parent->children;
  return _chancellor_game_peek_annotation (self, node->main_ply)->variations;
}

/* The first move of the innermost line that holds node: the first of its
 * ancestors (or itself) that is not a continuation. */
static SideNode *
side_node_line_start (SideNode *node)
{
  while (node->parent && g_ptr_array_index (node->parent->children, 0) == node)
    node = node->parent;
  return node;
}

/* How many lines hold node, one inside the other. */
static guint
side_node_depth (SideNode *node)
{
  guint depth = 0;

  for (SideNode *start = side_node_line_start (node); ; start = side_node_line_start (start->parent))
    {
      depth++;
      if (!start->parent)
        return depth;
    }
}

const Position *
_chancellor_game_side_position (ChancellorGame *self,
                                SideNode       *node)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  SideNode *root;

  if (self->side_position_ply == node->ply)
    return self->side_position;

  for (SideNode *step = node; step; step = step->parent)
    g_ptr_array_add (path, step);
  root = g_ptr_array_index (path, path->len - 1);
  if (!self->side_position)
    self->side_position = g_new (Position, 1);
  position_copy (self->side_position, _chancellor_game_main_position (self, root->main_ply - 1));
  for (guint i = path->len; i > 0; i--)
    position_make (self->side_position, ((SideNode *) g_ptr_array_index (path, i - 1))->move);
  self->side_position_ply = node->ply;
  return self->side_position;
}

gboolean
chancellor_game_has_ply (ChancellorGame *self,
                         guint           ply)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return ply <= chancellor_game_get_n_moves (self) || _chancellor_game_side_node (self, ply) != NULL;
}

guint
chancellor_game_get_parent_ply (ChancellorGame *self,
                                guint           ply)
{
  SideNode *node;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  node = _chancellor_game_side_node (self, ply);
  if (node)
    return side_node_parent_ply (node);
  return ply > 0 ? ply - 1 : 0;
}

guint
chancellor_game_get_move_count (ChancellorGame *self,
                                guint           ply)
{
  SideNode *node;
  guint count = 0;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  node = _chancellor_game_side_node (self, ply);
  if (!node)
    return ply;
  for (; node->parent; node = node->parent)
    count++;
  return node->main_ply + count;
}

guint
chancellor_game_get_branch_ply (ChancellorGame *self,
                                guint           ply)
{
  SideNode *node;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  node = _chancellor_game_side_node (self, ply);
  return node ? side_node_root (node)->main_ply - 1 : ply;
}

gboolean
chancellor_game_get_next_ply (ChancellorGame *self,
                              guint           ply,
                              guint          *next)
{
  SideNode *node;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (next != NULL, FALSE);

  node = _chancellor_game_side_node (self, ply);
  if (!node)
    {
      if (ply >= self->n_moves)
        return FALSE;
      *next = ply + 1;
      return TRUE;
    }
  if (node->children->len == 0)
    return FALSE;
  *next = ((SideNode *) g_ptr_array_index (node->children, 0))->ply;
  return TRUE;
}

/* The moves that replace ply's move, from index *first of the array
 * returned; NULL when there are none. */
static GPtrArray *
game_variations_of (ChancellorGame *self,
                    guint           ply,
                    guint          *first)
{
  SideNode *node = _chancellor_game_side_node (self, ply);
  PlyAnnotation *annotation;

  *first = 0;
  if (node)
    {
      if (!node->parent || g_ptr_array_index (node->parent->children, 0) != node)
        return NULL;
      *first = 1;
      return node->parent->children;
    }
  annotation = _chancellor_game_peek_annotation (self, ply);
  return annotation ? annotation->variations : NULL;
}

gboolean
chancellor_game_is_side_ply (ChancellorGame *self,
                             guint           ply)
{
  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);

  return _chancellor_game_side_node (self, ply) != NULL;
}

guint
chancellor_game_get_n_variations (ChancellorGame *self,
                                  guint           ply)
{
  GPtrArray *variations;
  guint first;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);
  g_return_val_if_fail (ply <= self->moves->len || _chancellor_game_side_node (self, ply), 0);

  variations = game_variations_of (self, ply, &first);
  return variations ? variations->len - first : 0;
}

static SideNode *
game_variation (ChancellorGame *self,
                guint           ply,
                guint           index)
{
  guint first;
  GPtrArray *variations = game_variations_of (self, ply, &first);

  if (!variations || index >= variations->len - first)
    return NULL;
  return g_ptr_array_index (variations, first + index);
}

guint
chancellor_game_get_variation_ply (ChancellorGame *self,
                                   guint           ply,
                                   guint           index)
{
  SideNode *start;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), 0);

  start = game_variation (self, ply, index);
  g_return_val_if_fail (start != NULL, 0);
  return start->ply;
}

/* The line from start (its continuations, and the lines replacing each
 * but start itself) as a PGN record's line.  FALSE when out of memory. */
static gboolean
side_line_to_pgn (SideNode *start,
                  PgnLine  *line)
{
  SideNode *previous = NULL;

  if (!pgn_set_text (&line->comment, start->line_comment))
    return FALSE;
  for (SideNode *node = start; node;
       previous = node, node = node->children->len ? g_ptr_array_index (node->children, 0) : NULL)
    {
      PgnMove *move = pgn_line_append (line, node->move);

      if (!move || !pgn_set_text (&move->comment, node->comment))
        return FALSE;
      move->nag_count = (uint8_t) MIN (node->n_nags, PGN_NAGS_MAX);
      memcpy (move->nags, node->nags, move->nag_count);
      for (guint i = 1; previous && i < previous->children->len; i++)
        {
          PgnLine *variation = pgn_move_add_variation (move);

          if (!variation || !side_line_to_pgn (g_ptr_array_index (previous->children, i), variation))
            return FALSE;
        }
    }
  return TRUE;
}

const char *
chancellor_game_get_variation (ChancellorGame *self,
                               guint           ply,
                               guint           index)
{
  PgnLine line = { 0 };
  SideNode *start;
  char *text;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  start = game_variation (self, ply, index);
  g_return_val_if_fail (start != NULL, NULL);

  if (!side_line_to_pgn (start, &line))
    g_error ("Out of memory writing a variation");
  text = pgn_write_line (start->parent ? _chancellor_game_side_position (self, start->parent)
                                       : _chancellor_game_main_position (self, start->main_ply - 1),
                         &line);
  pgn_line_clear (&line);
  if (!text)
    g_error ("Out of memory writing a variation");
  g_free (start->text);
  start->text = g_strdup (text);
  free (text);
  return start->text;
}

const char *
chancellor_game_get_variation_comment (ChancellorGame *self,
                                       guint           ply,
                                       guint           index)
{
  SideNode *start;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), NULL);

  start = game_variation (self, ply, index);
  g_return_val_if_fail (start != NULL, NULL);
  return start->line_comment;
}

/* Adds line (read from before) as moves into siblings, the children of
 * parent or, without parent, the variations of main_ply; its own
 * variations go beside each move, as PGN places them. */
static void
side_line_from_pgn (ChancellorGame *self,
                    const Position *before,
                    const PgnLine  *line,
                    SideNode       *parent,
                    guint           main_ply,
                    GPtrArray      *siblings)
{
  g_autofree Position *pos = g_new (Position, 1);
  SideNode *previous = NULL;

  position_copy (pos, before);
  for (int j = 0; j < line->count; j++)
    {
      const PgnMove *move = &line->moves[j];
      SideNode *up = previous ? previous : parent;
      GPtrArray *into = previous ? previous->children : siblings;
      char san[MOVE_TEXT_MAX];
      SideNode *node;

      notation_san (pos, move->move, san, sizeof san);
      node = side_node_new (self, move->move, san);
      node->parent = up;
      node->main_ply = up ? 0 : main_ply;
      node->comment = g_strdup (move->comment);
      if (j == 0)
        node->line_comment = g_strdup (line->comment);
      node->n_nags = MIN (move->nag_count, CHANCELLOR_GAME_NAGS_MAX);
      memcpy (node->nags, move->nags, node->n_nags);
      g_ptr_array_add (into, node);
      for (int v = 0; v < move->variation_count; v++)
        side_line_from_pgn (self, pos, &move->variations[v], up, main_ply, into);
      position_make (pos, move->move);
      previous = node;
    }
}

gboolean
chancellor_game_add_variation (ChancellorGame  *self,
                               guint            ply,
                               const char      *movetext,
                               GError         **error)
{
  PlyAnnotation *annotation;
  PgnLine line;
  PgnError err;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), FALSE);
  g_return_val_if_fail (ply >= 1 && ply <= self->moves->len, FALSE);
  g_return_val_if_fail (movetext != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (chancellor_game_get_n_variations (self, ply) >= PGN_VARIATIONS_MAX)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("A move can have at most %d variations."), PGN_VARIATIONS_MAX);
      return FALSE;
    }
  if (!pgn_read_line (_chancellor_game_main_position (self, ply - 1), movetext, strlen (movetext), &line, &err))
    {
      if (err.problem == PGN_PROBLEM_ILLEGAL_MOVE)
        g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                     _("Column %d of the variation: “%s” is not a legal move in the position %s."),
                     err.column, err.found, err.fen);
      else
        g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                     _("The variation cannot be read at column %d: it should hold moves, comments, "
                       "annotations and nested variations."),
                     err.column);
      return FALSE;
    }
  annotation = _chancellor_game_ensure_annotation (self, ply);
  side_line_from_pgn (self, _chancellor_game_main_position (self, ply - 1), &line, NULL, ply,
                      annotation->variations);
  pgn_line_clear (&line);
  _chancellor_game_emit_annotation_changed (self, ply);
  return TRUE;
}

void
chancellor_game_clear_variations (ChancellorGame *self,
                                  guint           ply)
{
  GPtrArray *variations;
  SideNode *node;
  guint first;

  g_return_if_fail (CHANCELLOR_IS_GAME (self));
  g_return_if_fail (ply <= self->moves->len || _chancellor_game_side_node (self, ply));

  variations = game_variations_of (self, ply, &first);
  if (!variations || variations->len <= first)
    return;
  g_ptr_array_set_size (variations, first);
  node = _chancellor_game_side_node (self, ply);
  _chancellor_game_emit_annotation_changed (self, node ? side_node_root (node)->main_ply : ply);
}

guint
_chancellor_game_play_side (ChancellorGame  *self,
                            guint            ply,
                            Move             move,
                            GError         **error)
{
  SideNode *parent = _chancellor_game_side_node (self, ply);
  GPtrArray *siblings;
  char san[MOVE_TEXT_MAX];
  SideNode *node;
  guint main_ply;

  if (!parent && g_array_index (self->moves, Move, ply) == move)
    return ply + 1;

  notation_san (parent ? _chancellor_game_side_position (self, parent) : _chancellor_game_main_position (self, ply),
                move, san, sizeof san);
  main_ply = parent ? side_node_root (parent)->main_ply : ply + 1;
  siblings = parent ? parent->children : _chancellor_game_ensure_annotation (self, ply + 1)->variations;
  for (guint i = 0; i < siblings->len; i++)
    if (((SideNode *) g_ptr_array_index (siblings, i))->move == move)
      return ((SideNode *) g_ptr_array_index (siblings, i))->ply;

  if (siblings->len > PGN_VARIATIONS_MAX || (!parent && siblings->len == PGN_VARIATIONS_MAX))
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("%s cannot start another line here: a move can have at most %d variations."),
                   san, PGN_VARIATIONS_MAX);
      return 0;
    }
  if (parent && parent->children->len > 0 && side_node_depth (parent) + 1 >= PGN_DEPTH_MAX)
    {
      g_set_error (error, CHANCELLOR_GAME_ERROR, CHANCELLOR_GAME_ERROR_ILLEGAL_MOVE,
                   _("%s cannot start another line here: lines can be nested at most %d deep."),
                   san, PGN_DEPTH_MAX - 1);
      return 0;
    }

  node = side_node_new (self, move, san);
  node->parent = parent;
  node->main_ply = parent ? 0 : ply + 1;
  g_ptr_array_add (siblings, node);
  _chancellor_game_emit_annotation_changed (self, main_ply);
  return node->ply;
}

guint
chancellor_game_delete_variation (ChancellorGame *self,
                                  guint           ply)
{
  SideNode *node, *start;
  guint shown, main_ply;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), ply);

  node = _chancellor_game_side_node (self, ply);
  if (!node)
    return ply;
  start = side_node_line_start (node);
  shown = side_node_parent_ply (start);
  main_ply = side_node_root (start)->main_ply;
  /* Frees start and every move after it. */
  g_ptr_array_remove (side_node_siblings (self, start), start);
  self->side_position_ply = 0;
  _chancellor_game_emit_annotation_changed (self, main_ply);
  return shown;
}

/* A main-line move with its annotations, as a side move of a new line. */
static SideNode *
side_node_from_main (ChancellorGame *self,
                     guint           ply)
{
  SideNode *node = side_node_new (self, g_array_index (self->moves, Move, ply - 1),
                                  g_ptr_array_index (self->sans, ply - 1));
  PlyAnnotation *annotation = _chancellor_game_peek_annotation (self, ply);

  if (annotation)
    {
      node->comment = g_steal_pointer (&annotation->comment);
      memcpy (node->nags, annotation->nags, sizeof node->nags);
      node->n_nags = annotation->n_nags;
      annotation->n_nags = 0;
    }
  return node;
}

/* Makes the side line starting with root (a variation of its main_ply)
 * the main line, and the main line from there its variation in its place;
 * node is a move of the line that was shown, whose new ply is returned. */
static guint
game_promote_root (ChancellorGame *self,
                   SideNode       *root,
                   SideNode       *shown)
{
  guint main_ply = root->main_ply;
  GPtrArray *roots = _chancellor_game_peek_annotation (self, main_ply)->variations;
  guint index, old_n_moves = self->n_moves, new_ply = shown->ply;
  SideNode *old_line = NULL, *previous = NULL;
  g_autoptr(GPtrArray) pending = NULL;
  GameSnapshot before;

  _chancellor_game_snapshot (self, &before);
  g_ptr_array_find (roots, root, &index);

  /* The moves taken back go first: a new line replaces them, as a move does. */
  if (self->moves->len > self->n_moves)
    {
      g_array_set_size (self->moves, self->n_moves);
      g_ptr_array_set_size (self->sans, self->n_moves);
      if (self->annotations->len > self->n_moves + 1)
        g_ptr_array_set_size (self->annotations, self->n_moves + 1);
    }

  /* The main line from main_ply on becomes a side line, with the
   * variations of each of its moves as its own. */
  for (guint ply = main_ply; ply <= old_n_moves; ply++)
    {
      SideNode *node = side_node_from_main (self, ply);
      PlyAnnotation *annotation = _chancellor_game_peek_annotation (self, ply);

      node->parent = previous;
      node->main_ply = previous ? 0 : main_ply;
      if (previous)
        {
          g_ptr_array_add (previous->children, node);
          if (annotation)
            while (annotation->variations->len > 0)
              {
                SideNode *variation = g_ptr_array_steal_index (annotation->variations, 0);

                variation->parent = previous;
                variation->main_ply = 0;
                g_ptr_array_add (previous->children, variation);
              }
        }
      else
        old_line = node;
      previous = node;
    }

  /* The side line leaves its place to the old main line. */
  g_ptr_array_steal_index (roots, index);
  if (old_line)
    g_ptr_array_insert (roots, (int) index, old_line);

  while (self->n_moves > main_ply - 1)
    {
      position_unmake (self->live);
      self->n_moves--;
    }
  g_array_set_size (self->moves, main_ply - 1);
  g_ptr_array_set_size (self->sans, main_ply - 1);
  if (self->annotations->len > main_ply + 1)
    g_ptr_array_set_size (self->annotations, main_ply + 1);

  /* The side line's moves become the main line's, and the lines
   * replacing each its variations. */
  pending = g_ptr_array_new ();
  for (SideNode *node = root; node;)
    {
      guint ply = self->n_moves + 1;
      SideNode *next = node->children->len ? g_ptr_array_steal_index (node->children, 0) : NULL;
      PlyAnnotation *annotation;

      g_array_append_val (self->moves, node->move);
      g_ptr_array_add (self->sans, g_strdup (node->san));
      position_make (self->live, node->move);
      self->n_moves++;
      annotation = _chancellor_game_ensure_annotation (self, ply);
      g_free (annotation->comment);
      annotation->comment = g_steal_pointer (&node->comment);
      memcpy (annotation->nags, node->nags, sizeof node->nags);
      annotation->n_nags = node->n_nags;
      for (guint i = 0; i < pending->len; i++)
        {
          SideNode *variation = g_ptr_array_index (pending, i);

          variation->parent = NULL;
          variation->main_ply = ply;
          g_ptr_array_add (annotation->variations, variation);
        }
      g_ptr_array_set_size (pending, 0);
      while (node->children->len > 0)
        g_ptr_array_add (pending, g_ptr_array_steal_index (node->children, 0));
      if (node == root && node->line_comment)
        {
          /* A comment before the line's first move is the previous move's. */
          PlyAnnotation *previous_annotation = _chancellor_game_ensure_annotation (self, ply - 1);
          char *joined = previous_annotation->comment
                           ? g_strjoin (" ", previous_annotation->comment, node->line_comment, NULL)
                           : g_strdup (node->line_comment);

          g_free (previous_annotation->comment);
          previous_annotation->comment = joined;
        }
      if (node == shown)
        new_ply = ply;
      /* Its children are gone: this frees the node alone. */
      _chancellor_game_side_node_free (node);
      node = next;
    }
  g_assert (pending->len == 0);

  self->scratch_valid = FALSE;
  self->side_position_ply = 0;
  _chancellor_game_update_status (self);
  _chancellor_game_emit_changes (self, &before);
  for (guint ply = main_ply - 1; ply <= self->n_moves; ply++)
    _chancellor_game_emit_annotation_changed (self, ply);
  return new_ply;
}

guint
chancellor_game_promote_variation (ChancellorGame *self,
                                   guint           ply)
{
  SideNode *node, *start, *parent;
  guint index;

  g_return_val_if_fail (CHANCELLOR_IS_GAME (self), ply);

  node = _chancellor_game_side_node (self, ply);
  if (!node)
    return ply;
  start = side_node_line_start (node);
  if (!start->parent)
    {
      /* A line off a taken-back move cannot be shown, nor promoted. */
      if (start->main_ply > self->n_moves)
        return ply;
      return game_promote_root (self, start, node);
    }
  parent = start->parent;
  g_ptr_array_find (parent->children, start, &index);
  parent->children->pdata[index] = parent->children->pdata[0];
  parent->children->pdata[0] = start;
  _chancellor_game_emit_annotation_changed (self, side_node_root (parent)->main_ply);
  return ply;
}
