/* chancellor-board-view.c — the board of any game: the view, its drawing
 * and its animation.
 *
 * Drawing is a list of snapshot nodes: a colour per dark square, a cached
 * texture per piece (chancellor-piece-art.h), cached PangoLayouts for the
 * coordinates, the theme's colours (chancellor-board-theme.h).  Input is
 * chancellor-board-view-input.c; the state both share is in
 * chancellor-board-view-private.h.
 */
#define G_LOG_DOMAIN "chancellor-board-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "chancellor-board-view-private.h"
#include "chancellor-board-theme.h"
#include "chancellor-marks-layer.h"
#include "chancellor-piece-art.h"

static const GdkRGBA last_move_color = { 1.f, 0.89f, 0.27f, 0.45f };
static const GdkRGBA hint_color = { 0.569f, 0.255f, 0.675f, 0.80f };   /* GNOME purple */
static const GdkRGBA cursor_color = { 0.208f, 0.518f, 0.894f, 1.f };   /* GNOME blue */
static const GdkRGBA shadow_color = { 0.f, 0.f, 0.f, 0.30f };

G_DEFINE_FINAL_TYPE (ChancellorBoardView, chancellor_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  PROP_FLIPPED,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATE,
  PROP_INTERACTIVE,
  PROP_PIECES_DIRECTORY,
  PROP_BOARD_THEME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ERROR,
  SIGNAL_SIDE_LINE_MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Geometry */

int
_chancellor_board_view_n_squares (ChancellorBoardView *self)
{
  return self->files * self->ranks;
}

gboolean
_chancellor_board_view_get_geometry (ChancellorBoardView *self,
                                     int                 *origin_x,
                                     int                 *origin_y,
                                     int                 *square_size)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * BOARD_MARGIN;
  int height = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * BOARD_MARGIN;
  int size;

  if (self->game == NULL || width <= 0 || height <= 0)
    return FALSE;

  /* Whole pixels keep square edges and piece textures crisp. */
  size = MIN (width / self->files, height / self->ranks);
  if (size < 1)
    return FALSE;

  *square_size = size;
  *origin_x = BOARD_MARGIN + (width - size * self->files) / 2;
  *origin_y = BOARD_MARGIN + (height - size * self->ranks) / 2;
  return TRUE;
}

void
_chancellor_board_view_square_origin (ChancellorBoardView *self,
                                      int                  square,
                                      int                  origin_x,
                                      int                  origin_y,
                                      int                  size,
                                      int                 *x,
                                      int                 *y)
{
  int file = square % self->files;
  int rank = square / self->files;
  int column = self->flipped ? self->files - 1 - file : file;
  int row = self->flipped ? rank : self->ranks - 1 - rank;

  *x = origin_x + column * size;
  *y = origin_y + row * size;
}

int
_chancellor_board_view_square_at (ChancellorBoardView *self,
                                  double               x,
                                  double               y)
{
  int origin_x, origin_y, size, column, row, file, rank;

  if (!_chancellor_board_view_get_geometry (self, &origin_x, &origin_y, &size))
    return -1;
  if (x < origin_x || y < origin_y)
    return -1;

  column = (int) ((x - origin_x) / size);
  row = (int) ((y - origin_y) / size);
  if (column >= self->files || row >= self->ranks)
    return -1;

  file = self->flipped ? self->files - 1 - column : column;
  rank = self->flipped ? row : self->ranks - 1 - row;
  return rank * self->files + file;
}

/* Newer APIs only where the headers have them and the build allows them
 * (meson pins GDK_VERSION_MAX_ALLOWED). */
#if GTK_CHECK_VERSION(4, 12, 0)
# if GDK_VERSION_MAX_ALLOWED >= GDK_VERSION_4_12
#  define HAVE_FRACTIONAL_SCALE 1
# endif
#endif
#if GTK_CHECK_VERSION(4, 14, 0)
# if GDK_VERSION_MAX_ALLOWED >= GDK_VERSION_4_14
#  define HAVE_ANNOUNCE 1
# endif
#endif

double
_chancellor_board_view_get_scale (ChancellorBoardView *self)
{
#ifdef HAVE_FRACTIONAL_SCALE
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;

  if (surface != NULL)
    return gdk_surface_get_scale (surface);
#endif
  return gtk_widget_get_scale_factor (GTK_WIDGET (self));
}

/* Piece art */

/* The piece's texture at pixels × pixels, rendered on first use at that
 * size; all textures go when the size changes. */
GdkTexture *
_chancellor_board_view_get_texture (ChancellorBoardView *self,
                                    ChancellorPiece      piece,
                                    int                  pixels)
{
  if (!piece.present || piece.type >= self->n_types)
    return NULL;
  return chancellor_piece_art_get_texture (self->art, self->type_arts[piece.type], piece.color,
                                           chancellor_game_get_piece_letter (self->game, piece.type), pixels);
}

/* Coordinates */

static void
board_view_clear_labels (ChancellorBoardView *self)
{
  for (int i = 0; i < MAX_FILES; i++)
    {
      g_clear_object (&self->file_labels[i]);
      g_clear_object (&self->rank_labels[i]);
    }
  self->label_square_size = 0;
}

static void
board_view_ensure_labels (ChancellorBoardView *self,
                          int                  size)
{
  g_autoptr(PangoFontDescription) font = NULL;

  if (self->label_square_size == size && self->file_labels[0] != NULL)
    return;

  board_view_clear_labels (self);
  self->label_square_size = size;

  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7.0, size * 0.19) * PANGO_SCALE);

  for (int i = 0; i < self->files; i++)
    {
      char text[2] = { (char) ('a' + i), '\0' };

      self->file_labels[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_set_font_description (self->file_labels[i], font);
    }
  for (int i = 0; i < self->ranks; i++)
    {
      g_autofree char *text = g_strdup_printf ("%d", i + 1);

      self->rank_labels[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_set_font_description (self->rank_labels[i], font);
    }
}

/* Draws layout with its ink's top-left corner (or bottom-right one) at
 * x, y. */
static void
append_label (GtkSnapshot    *snapshot,
              PangoLayout    *layout,
              int             x,
              int             y,
              gboolean        bottom_right,
              const GdkRGBA  *color)
{
  PangoRectangle ink;

  pango_layout_get_pixel_extents (layout, &ink, NULL);
  if (bottom_right)
    {
      x -= ink.width;
      y -= ink.height;
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x - ink.x, y - ink.y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* Drawing */

static gboolean
square_is_dark (ChancellorBoardView *self,
                int                  square)
{
  return (square % self->files + square / self->files) % 2 == 0;   /* a1 is dark */
}

static void
append_disc (GtkSnapshot   *snapshot,
             double         center_x,
             double         center_y,
             double         radius,
             const GdkRGBA *color)
{
  GskRoundedRect disc;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (center_x - radius, center_y - radius,
                                               2 * radius, 2 * radius);

  gsk_rounded_rect_init_from_rect (&disc, &bounds, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, color, &bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot   *snapshot,
             double         center_x,
             double         center_y,
             double         radius,
             double         width,
             const GdkRGBA *color)
{
  GskRoundedRect ring;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (center_x - radius, center_y - radius,
                                               2 * radius, 2 * radius);
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&ring, &bounds, radius);
  gtk_snapshot_append_border (snapshot, &ring, widths, colors);
}

static void
append_check_glow (GtkSnapshot *snapshot,
                   int          x,
                   int          y,
                   int          size)
{
  static const GskColorStop stops[] = {
    { 0.00f, { 1.00f, 0.f, 0.f, 1.f } },
    { 0.25f, { 0.91f, 0.f, 0.f, 1.f } },
    { 0.89f, { 0.66f, 0.f, 0.f, 0.f } },
    { 1.00f, { 0.62f, 0.f, 0.f, 0.f } },
  };
  float radius = size * 0.70710678f;

  gtk_snapshot_append_radial_gradient (snapshot, &GRAPHENE_RECT_INIT (x, y, size, size),
                                       &GRAPHENE_POINT_INIT (x + size / 2.f, y + size / 2.f),
                                       radius, radius, 0.f, 1.f, stops, G_N_ELEMENTS (stops));
}

static void
append_cursor (GtkSnapshot *snapshot,
               int          x,
               int          y,
               int          size)
{
  GskRoundedRect outline;
  float width = MAX (2.f, roundf (size * 0.045f));
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { cursor_color, cursor_color, cursor_color, cursor_color };

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (x, y, size, size), 3.f);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

/* The piece drawn on square: the game's, or the diagram's. */
static ChancellorPiece
board_view_shown_piece (ChancellorBoardView *self,
                        int                  square)
{
  ChancellorPiece none = { 0, 0, FALSE };
  ChancellorPiece piece = { (guint8) self->diagram_type, CHANCELLOR_COLOR_WHITE, TRUE };

  if (self->diagram_type < 0)
    return chancellor_game_get_piece (self->game, self->ply, square);
  return square == self->diagram_square ? piece : none;
}

static gboolean
board_view_animating_to (ChancellorBoardView *self,
                         int                  square)
{
  for (int i = 0; i < self->n_sprites; i++)
    if (self->sprites[i].to == square)
      return TRUE;
  return FALSE;
}

static void
chancellor_board_view_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);
  int origin_x, origin_y, size, pixels, n_squares;
  int check_square;
  GskRoundedRect outline;
  graphene_rect_t board;

  if (!_chancellor_board_view_get_geometry (self, &origin_x, &origin_y, &size))
    return;

  n_squares = _chancellor_board_view_n_squares (self);
  pixels = (int) ceil (size * _chancellor_board_view_get_scale (self));
  board = GRAPHENE_RECT_INIT (origin_x, origin_y, size * self->files, size * self->ranks);
  gsk_rounded_rect_init_from_rect (&outline, &board, BOARD_RADIUS);

  gtk_snapshot_append_outset_shadow (snapshot, &outline, &shadow_color, 0.f, 1.f, 0.f, 3.f);

  /* Squares and square highlights, inside the board's rounded corners. */
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &self->theme->light_square, &board);
  for (int square = 0; square < n_squares; square++)
    {
      int x, y;

      if (!square_is_dark (self, square))
        continue;
      _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
      gtk_snapshot_append_color (snapshot, &self->theme->dark_square, &GRAPHENE_RECT_INIT (x, y, size, size));
    }

  if (self->ply > 0)
    {
      int from = self->move_from, to = self->move_to;

      for (int i = 0; i < 2; i++)
        {
          int square = i == 0 ? from : to, x, y;

          if (square < 0 || (i == 1 && square == from))
            continue;
          _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
          gtk_snapshot_append_color (snapshot, &last_move_color, &GRAPHENE_RECT_INIT (x, y, size, size));
        }
    }

  if (self->diagram_type >= 0)
    {
      int x, y;

      _chancellor_board_view_square_origin (self, self->diagram_square, origin_x, origin_y, size, &x, &y);
      gtk_snapshot_append_color (snapshot, &last_move_color, &GRAPHENE_RECT_INIT (x, y, size, size));
    }

  if (self->selected >= 0)
    {
      int x, y;

      _chancellor_board_view_square_origin (self, self->selected, origin_x, origin_y, size, &x, &y);
      gtk_snapshot_append_color (snapshot, &self->theme->mark, &GRAPHENE_RECT_INIT (x, y, size, size));
    }

  if (self->dragging && self->hover_square >= 0 && self->hover_square != self->drag_from
      && self->targets[self->hover_square])
    {
      int x, y;

      _chancellor_board_view_square_origin (self, self->hover_square, origin_x, origin_y, size, &x, &y);
      GdkRGBA hover_color = self->theme->mark;

      hover_color.alpha *= 0.6f;
      gtk_snapshot_append_color (snapshot, &hover_color, &GRAPHENE_RECT_INIT (x, y, size, size));
    }
  gtk_snapshot_pop (snapshot);

  if (self->refused_square >= 0)
    {
      GdkRGBA refused_color = { 0.88f, 0.11f, 0.14f, 0.55f };
      int x, y;

      _chancellor_board_view_square_origin (self, self->refused_square, origin_x, origin_y, size, &x, &y);
      gtk_snapshot_append_color (snapshot, &refused_color, &GRAPHENE_RECT_INIT (x, y, size, size));
    }

  check_square = self->diagram_type >= 0 ? -1 : chancellor_game_get_check_square (self->game, self->ply);
  if (check_square >= 0)
    {
      int x, y;

      _chancellor_board_view_square_origin (self, check_square, origin_x, origin_y, size, &x, &y);
      append_check_glow (snapshot, x, y, size);
    }

  if (self->show_coordinates && size >= 16)
    {
      int pad = MAX (1, (int) roundf (size * 0.045f));
      int bottom_rank = self->flipped ? self->ranks - 1 : 0;
      int left_file = self->flipped ? self->files - 1 : 0;

      board_view_ensure_labels (self, size);
      for (int file = 0; file < self->files; file++)
        {
          int square = bottom_rank * self->files + file, x, y;
          const GdkRGBA *color = square_is_dark (self, square) ? &self->theme->light_square
                                                               : &self->theme->dark_square;

          _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
          append_label (snapshot, self->file_labels[file], x + size - pad, y + size - pad, TRUE, color);
        }
      for (int rank = 0; rank < self->ranks; rank++)
        {
          int square = rank * self->files + left_file, x, y;
          const GdkRGBA *color = square_is_dark (self, square) ? &self->theme->light_square
                                                               : &self->theme->dark_square;

          _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
          append_label (snapshot, self->rank_labels[rank], x + pad, y + pad, FALSE, color);
        }
    }

  /* Destinations: dots on empty squares under nothing, rings around
   * captures under the piece. */
  if (self->selected >= 0 && self->show_legal_moves)
    {
      for (int square = 0; square < n_squares; square++)
        {
          ChancellorPiece piece;
          int x, y;

          if (!self->targets[square])
            continue;
          _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
          piece = chancellor_game_get_piece (self->game, self->ply, square);
          /* En passant takes on an empty square: the game says what captures. */
          if (piece.present || chancellor_game_is_capture_at (self->game, self->ply, self->selected, square))
            append_ring (snapshot, x + size / 2.0, y + size / 2.0, size * 0.48, size * 0.075,
                         &self->theme->mark);
          else
            append_disc (snapshot, x + size / 2.0, y + size / 2.0, size * 0.16, &self->theme->mark);
        }
    }

  /* A diagram's marks, as the destinations look in play: a dot where the
   * piece moves to an empty square, a ring where it captures. */
  if (self->diagram_type >= 0)
    for (int square = 0; square < n_squares; square++)
      {
        ChancellorReach reach = self->diagram_reach[square];
        int x, y;

        if (reach == CHANCELLOR_REACH_NONE)
          continue;
        _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
        if (reach != CHANCELLOR_REACH_MOVE)
          append_ring (snapshot, x + size / 2.0, y + size / 2.0, size * 0.42, size * 0.085,
                       &self->theme->mark);
        if (reach != CHANCELLOR_REACH_CAPTURE)
          append_disc (snapshot, x + size / 2.0, y + size / 2.0, size * 0.16, &self->theme->mark);
      }

  for (int square = 0; square < n_squares; square++)
    {
      ChancellorPiece piece = board_view_shown_piece (self, square);
      GdkTexture *texture;
      int x, y;

      if (!piece.present || (self->dragging && square == self->drag_from)
          || board_view_animating_to (self, square))
        continue;
      texture = _chancellor_board_view_get_texture (self, piece, pixels);
      if (texture == NULL)
        continue;
      _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
      gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (x, y, size, size));
    }

  /* The hint: an arrow over the pieces, in a colour no mark takes. */
  if (self->hint_from >= 0 && self->hint_to >= 0)
    {
      int from_x, from_y, to_x, to_y;
      cairo_t *cr;

      _chancellor_board_view_square_origin (self, self->hint_from, origin_x, origin_y, size, &from_x, &from_y);
      _chancellor_board_view_square_origin (self, self->hint_to, origin_x, origin_y, size, &to_x, &to_y);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (widget),
                                                                       (float) gtk_widget_get_height (widget)));
      gdk_cairo_set_source_rgba (cr, &hint_color);
      chancellor_marks_draw_arrow (cr, &GRAPHENE_RECT_INIT (from_x, from_y, size, size),
                                   &GRAPHENE_RECT_INIT (to_x, to_y, size, size));
      cairo_destroy (cr);
    }

  if (self->n_sprites > 0)
    {
      double t = self->animation_progress;
      double eased = 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);

      if (self->fading_square >= 0)
        {
          GdkTexture *texture = _chancellor_board_view_get_texture (self, self->fading_piece, pixels);
          int x, y;

          _chancellor_board_view_square_origin (self, self->fading_square, origin_x, origin_y, size, &x, &y);
          if (texture != NULL)
            {
              gtk_snapshot_push_opacity (snapshot, 1.0 - eased);
              gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (x, y, size, size));
              gtk_snapshot_pop (snapshot);
            }
        }

      for (int i = 0; i < self->n_sprites; i++)
        {
          const Sprite *sprite = &self->sprites[i];
          GdkTexture *texture = _chancellor_board_view_get_texture (self, sprite->piece, pixels);
          int from_x, from_y, to_x, to_y;
          double x, y;

          if (texture == NULL)
            continue;
          _chancellor_board_view_square_origin (self, sprite->from, origin_x, origin_y, size, &from_x, &from_y);
          _chancellor_board_view_square_origin (self, sprite->to, origin_x, origin_y, size, &to_x, &to_y);
          x = from_x + (to_x - from_x) * eased;
          y = from_y + (to_y - from_y) * eased;
          gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (x, y, size, size));
        }
    }

  if (self->cursor_visible && self->cursor >= 0)
    {
      int x, y;

      _chancellor_board_view_square_origin (self, self->cursor, origin_x, origin_y, size, &x, &y);
      append_cursor (snapshot, x, y, size);
    }

  if (self->dragging)
    {
      ChancellorPiece piece = chancellor_game_get_piece (self->game, self->ply, self->drag_from);
      GdkTexture *texture = _chancellor_board_view_get_texture (self, piece, pixels);

      if (texture != NULL)
        gtk_snapshot_append_texture (snapshot, texture,
                                     &GRAPHENE_RECT_INIT (self->drag_x - size / 2.0,
                                                          self->drag_y - size / 2.0, size, size));
    }
}

/* Animation */

static void
board_view_stop_animation (ChancellorBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->n_sprites = 0;
  self->fading_square = -1;
  self->refused_square = -1;
}

static gboolean
board_view_animation_tick (GtkWidget     *widget,
                           GdkFrameClock *frame_clock,
                           gpointer       user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->animation_start == 0)
    self->animation_start = now;
  self->animation_progress = MIN (1.0, (double) (now - self->animation_start) / ANIMATION_DURATION);
  gtk_widget_queue_draw (widget);

  if (self->animation_progress < 1.0)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  self->n_sprites = 0;
  self->fading_square = -1;
  return G_SOURCE_REMOVE;
}

static void
board_view_add_sprite (ChancellorBoardView *self,
                       guint                earlier_ply,
                       int                  from,
                       int                  to)
{
  Sprite *sprite;

  if (from < 0 || to < 0 || from == to)
    return;

  sprite = &self->sprites[self->n_sprites++];
  sprite->piece = chancellor_game_get_piece (self->game, earlier_ply, from);
  sprite->from = from;
  sprite->to = to;
}

/* Slides the pieces of the move between old_ply and the shown ply, one
 * ply apart; backwards uses the move kept from old_ply. */
static void
board_view_start_animation (ChancellorBoardView *self,
                            guint                old_ply,
                            int                  old_from,
                            int                  old_to,
                            int                  old_rook_from,
                            int                  old_rook_to)
{
  gboolean enabled = TRUE;

  board_view_stop_animation (self);
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  if (!self->animate || !enabled || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  if (chancellor_game_get_parent_ply (self->game, self->ply) == old_ply)
    {
      ChancellorPiece mover = chancellor_game_get_piece (self->game, old_ply, self->move_from);
      ChancellorPiece captured = chancellor_game_get_piece (self->game, old_ply, self->move_to);

      /* A dropped piece is already where it lands: only the castling rook
       * slides. */
      if (!self->dropping)
        board_view_add_sprite (self, old_ply, self->move_from, self->move_to);
      board_view_add_sprite (self, old_ply, self->move_rook_from, self->move_rook_to);
      if (captured.present && captured.color != mover.color && !self->dropping)
        {
          self->fading_piece = captured;
          self->fading_square = self->move_to;
        }
    }
  else if (chancellor_game_has_ply (self->game, old_ply)
           && chancellor_game_get_parent_ply (self->game, old_ply) == self->ply)
    {
      board_view_add_sprite (self, self->ply, old_to, old_from);
      board_view_add_sprite (self, self->ply, old_rook_to, old_rook_from);
    }

  if (self->n_sprites == 0)
    return;

  self->animation_start = 0;
  self->animation_progress = 0.0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), board_view_animation_tick, NULL, NULL);
}

/* Position shown */

ChancellorPiece
_chancellor_board_view_piece (ChancellorBoardView *self,
                              int                  square)
{
  return chancellor_game_get_piece (self->game, self->ply, square);
}

/* The name of the piece on square, as the tooltip shows it ("White
 * Prime Minister on e1"); NULL on an empty square. */
char *
chancellor_board_view_dup_tooltip (ChancellorBoardView *self,
                                   int                  square)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  if (self->game == NULL || square < 0 || square >= _chancellor_board_view_n_squares (self)
      || !_chancellor_board_view_piece (self, square).present)
    return NULL;
  return _chancellor_board_view_describe_square (self, square);
}

static gboolean
board_view_query_tooltip (GtkWidget  *widget,
                          int         x,
                          int         y,
                          gboolean    keyboard_mode,
                          GtkTooltip *tooltip,
                          gpointer    user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);
  g_autofree char *text = NULL;

  /* No tooltip over a piece being dragged or while the chooser is open. */
  if (keyboard_mode || self->drag_from >= 0 || self->promotion_from >= 0)
    return FALSE;
  text = chancellor_board_view_dup_tooltip (self, _chancellor_board_view_square_at (self, x, y));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

char *
_chancellor_board_view_describe_square (ChancellorBoardView *self,
                                        int                  square)
{
  ChancellorPiece piece;
  g_autofree char *name = NULL;
  g_autofree char *what = NULL;

  if (self->game == NULL || square < 0)
    return g_strdup ("");

  name = g_strdup_printf ("%c%d", 'a' + square % self->files, square / self->files + 1);
  piece = _chancellor_board_view_piece (self, square);
  if (!piece.present)
    /* TRANSLATORS: %s is a square, "e4" */
    what = g_strdup_printf (_("Empty square %s"), name);
  else if (piece.color == CHANCELLOR_COLOR_WHITE)
    /* TRANSLATORS: a piece on a square, "White Archbishop on c1" */
    what = g_strdup_printf (_("White %s on %s"),
                            chancellor_game_get_piece_name (self->game, piece.type), name);
  else
    /* TRANSLATORS: a piece on a square, "Black Archbishop on c8" */
    what = g_strdup_printf (_("Black %s on %s"),
                            chancellor_game_get_piece_name (self->game, piece.type), name);

  if (square == self->selected)
    /* TRANSLATORS: a square's description, then that its piece is picked up */
    return g_strdup_printf (_("%s, picked up"), what);
  if (self->selected >= 0 && self->targets[square])
    /* TRANSLATORS: a square's description, then that the picked-up piece may go there */
    return g_strdup_printf (_("%s, possible move"), what);
  return g_steal_pointer (&what);
}

void
_chancellor_board_view_update_description (ChancellorBoardView *self,
                                           gboolean             announce)
{
  g_autofree char *description = NULL;

  if (self->cursor < 0)
    return;

  description = _chancellor_board_view_describe_square (self, self->cursor);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
#ifdef HAVE_ANNOUNCE
  if (announce)
    gtk_accessible_announce (GTK_ACCESSIBLE (self), description,
                             GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#endif
}

void
_chancellor_board_view_clear_selection (ChancellorBoardView *self)
{
  self->selected = -1;
  self->deselect_on_release = FALSE;
  memset (self->targets, 0, sizeof self->targets);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_chancellor_board_view_close_promotion (ChancellorBoardView *self)
{
  self->promotion_from = -1;
  self->promotion_to = -1;
  if (self->promotion_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->promotion_popover));
}

void
_chancellor_board_view_end_drag (ChancellorBoardView *self)
{
  self->dragging = FALSE;
  self->drag_from = -1;
  self->hover_square = -1;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

static void
board_view_cancel_interaction (ChancellorBoardView *self)
{
  _chancellor_board_view_end_drag (self);
  _chancellor_board_view_close_promotion (self);
  _chancellor_board_view_clear_selection (self);
}

static void
board_view_load_move (ChancellorBoardView *self)
{
  self->move_from = self->move_to = self->move_rook_from = self->move_rook_to = -1;
  if (self->game != NULL && self->ply > 0
      && !chancellor_game_get_move_squares (self->game, self->ply, &self->move_from, &self->move_to,
                                            &self->move_rook_from, &self->move_rook_to))
    self->move_from = self->move_to = self->move_rook_from = self->move_rook_to = -1;
}

static void
board_view_show_ply (ChancellorBoardView *self,
                     guint                ply,
                     gboolean             animate)
{
  guint old_ply = self->ply;
  int old_from = self->move_from, old_to = self->move_to;
  int old_rook_from = self->move_rook_from, old_rook_to = self->move_rook_to;

  self->ply = ply;
  self->follow_live = self->game == NULL || ply == chancellor_game_get_n_moves (self->game);
  self->hint_from = self->hint_to = -1;
  board_view_load_move (self);

  /* Same ply (a bound move list echoing it back, a relocation): a running
   * animation goes on. */
  if (animate && ply != old_ply)
    board_view_start_animation (self, old_ply, old_from, old_to, old_rook_from, old_rook_to);
  else if (!animate)
    board_view_stop_animation (self);

  _chancellor_board_view_update_description (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (old_ply != ply)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

static void
on_game_changed (ChancellorGame *game,
                 gpointer        user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);
  guint n_moves = chancellor_game_get_n_moves (game);
  guint ply = self->follow_live || !chancellor_game_has_ply (game, self->ply) ? n_moves : self->ply;

  board_view_cancel_interaction (self);
  board_view_show_ply (self, ply, TRUE);
}

static void
chancellor_board_view_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);
  int n = orientation == GTK_ORIENTATION_HORIZONTAL ? self->files : self->ranks;

  if (n == 0)
    n = 8;
  *minimum = 24 * n + 2 * BOARD_MARGIN;
  *natural = 64 * n + 2 * BOARD_MARGIN;
}

static void
chancellor_board_view_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);

  if (self->promotion_popover != NULL)
    {
      int origin_x, origin_y, size, x, y;

      if (self->promotion_to >= 0 && _chancellor_board_view_get_geometry (self, &origin_x, &origin_y, &size))
        {
          _chancellor_board_view_square_origin (self, self->promotion_to, origin_x, origin_y, size, &x, &y);
          gtk_popover_set_pointing_to (GTK_POPOVER (self->promotion_popover),
                                       &(GdkRectangle) { x, y, size, size });
        }
      gtk_popover_present (GTK_POPOVER (self->promotion_popover));
    }
}

static void
chancellor_board_view_system_setting_changed (GtkWidget        *widget,
                                              GtkSystemSetting  setting)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (widget);

  board_view_clear_labels (self);
  gtk_widget_queue_draw (widget);

  GTK_WIDGET_CLASS (chancellor_board_view_parent_class)->system_setting_changed (widget, setting);
}

static void
chancellor_board_view_unmap (GtkWidget *widget)
{
  board_view_stop_animation (CHANCELLOR_BOARD_VIEW (widget));

  GTK_WIDGET_CLASS (chancellor_board_view_parent_class)->unmap (widget);
}

/* GObject */

static void
chancellor_board_view_dispose (GObject *object)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (object);

  board_view_stop_animation (self);
  g_clear_handle_id (&self->refused_source, g_source_remove);
  g_clear_pointer (&self->idle_message, g_free);
  g_clear_pointer (&self->promotion_popover, gtk_widget_unparent);
  g_clear_object (&self->game);
  board_view_clear_labels (self);

  G_OBJECT_CLASS (chancellor_board_view_parent_class)->dispose (object);
}

static void
chancellor_board_view_finalize (GObject *object)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (object);

  chancellor_piece_art_free (self->art);

  G_OBJECT_CLASS (chancellor_board_view_parent_class)->finalize (object);
}

static void
chancellor_board_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_PIECES_DIRECTORY:
      g_value_set_string (value, chancellor_piece_art_get_directory (self->art));
      break;
    case PROP_BOARD_THEME:
      g_value_set_string (value, self->theme->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_board_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chancellor_board_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_PLY:
      chancellor_board_view_set_ply (self, g_value_get_uint (value));
      break;
    case PROP_FLIPPED:
      chancellor_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LEGAL_MOVES:
      chancellor_board_view_set_show_legal_moves (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      chancellor_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATE:
      chancellor_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      chancellor_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_PIECES_DIRECTORY:
      chancellor_board_view_set_pieces_directory (self, g_value_get_string (value));
      break;
    case PROP_BOARD_THEME:
      chancellor_board_view_set_board_theme (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_board_view_class_init (ChancellorBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = chancellor_board_view_dispose;
  object_class->finalize = chancellor_board_view_finalize;
  object_class->get_property = chancellor_board_view_get_property;
  object_class->set_property = chancellor_board_view_set_property;

  widget_class->snapshot = chancellor_board_view_snapshot;
  widget_class->measure = chancellor_board_view_measure;
  widget_class->size_allocate = chancellor_board_view_size_allocate;
  widget_class->system_setting_changed = chancellor_board_view_system_setting_changed;
  widget_class->unmap = chancellor_board_view_unmap;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHANCELLOR_TYPE_GAME, flags);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE, flags);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE, flags);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE, flags);
  properties[PROP_PIECES_DIRECTORY] =
    g_param_spec_string ("pieces-directory", NULL, NULL, NULL, flags);
  /* "green", "brown", "blue" or "grey" (the settings' board-theme). */
  properties[PROP_BOARD_THEME] =
    g_param_spec_string ("board-theme", NULL, NULL, chancellor_board_theme_get_default ()->name, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ChancellorBoardView::error:
   * @message: what to tell the player, translated
   *
   * An attempt the player made could not be carried out.
   */
  signals[SIGNAL_ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * ChancellorBoardView::side-line-move:
   * @ply: the earlier position shown, where the move is made
   * @from: the square the piece leaves
   * @to: the square it goes to
   * @promotion: the piece type a pawn becomes, or -1
   *
   * A legal move made at an earlier position than the live one.  A
   * handler that returns TRUE takes it over (to ask first, say);
   * otherwise the board plays it as a side line (chancellor_game_play_at)
   * and shows where it leads.
   */
  signals[SIGNAL_SIDE_LINE_MOVE] =
    g_signal_new ("side-line-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 4, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "chessboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chancellor_board_view_init (ChancellorBoardView *self)
{
  const char *directory = g_getenv ("CHANCELLOR_PIECES_DIR");

  self->show_legal_moves = TRUE;
  self->show_coordinates = TRUE;
  self->animate = TRUE;
  self->theme = chancellor_board_theme_get_default ();
  self->art = chancellor_piece_art_new ();
  self->diagram_type = -1;
  self->interactive = TRUE;
  self->follow_live = TRUE;
  self->selected = -1;
  self->drag_from = -1;
  self->hover_square = -1;
  self->hint_from = self->hint_to = -1;
  self->cursor = -1;
  self->promotion_from = -1;
  self->promotion_to = -1;
  self->fading_square = -1;
  self->move_from = self->move_to = self->move_rook_from = self->move_rook_to = -1;
  if (directory != NULL && *directory != '\0')
    chancellor_piece_art_set_directory (self->art, directory);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);

  _chancellor_board_view_init_input (self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (board_view_query_tooltip), NULL);
}

static gboolean
board_view_refused_faded (gpointer user_data)
{
  ChancellorBoardView *self = CHANCELLOR_BOARD_VIEW (user_data);

  self->refused_source = 0;
  self->refused_square = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Flashes square red for a moment: a move there was refused. */
void
_chancellor_board_view_flash_refused (ChancellorBoardView *self,
                                      int                  square)
{
  g_clear_handle_id (&self->refused_source, g_source_remove);
  self->refused_square = square;
  if (square >= 0)
    self->refused_source = g_timeout_add (450, board_view_refused_faded, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
chancellor_board_view_get_refused_square (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), -1);

  return self->refused_square;
}

/* Asks the handlers of "side-line-move" whether they take the move over. */
gboolean
_chancellor_board_view_emit_side_line_move (ChancellorBoardView *self,
                                            int                  from,
                                            int                  to,
                                            int                  promotion)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[SIGNAL_SIDE_LINE_MOVE], 0, self->ply, from, to, promotion, &handled);
  return handled;
}

/* Shows ply, where a move just led (a side line's, which the game does
 * not announce with "changed"). */
void
_chancellor_board_view_show_played (ChancellorBoardView *self,
                                    guint                ply)
{
  board_view_show_ply (self, ply, TRUE);
}

void
_chancellor_board_view_emit_error (ChancellorBoardView *self,
                                   const char          *message)
{
  g_signal_emit (self, signals[SIGNAL_ERROR], 0, message);
}

/* Public API */

ChancellorBoardView *
chancellor_board_view_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_BOARD_VIEW, NULL);
}

void
chancellor_board_view_set_game (ChancellorBoardView *self,
                                ChancellorGame      *game)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || CHANCELLOR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  board_view_cancel_interaction (self);
  board_view_stop_animation (self);
  chancellor_piece_art_clear_textures (self->art);
  board_view_clear_labels (self);
  g_set_object (&self->game, game);

  self->files = self->ranks = self->n_types = 0;
  self->cursor = -1;
  self->cursor_visible = FALSE;
  self->diagram_type = -1;
  if (game != NULL)
    {
      self->files = chancellor_game_get_files (game);
      self->ranks = chancellor_game_get_ranks (game);
      g_return_if_fail (self->files * self->ranks <= MAX_SQUARES && self->files <= MAX_FILES
                        && self->ranks <= MAX_FILES);
      self->n_types = MIN (chancellor_game_get_piece_type_count (game), MAX_TYPES);
      for (int type = 0; type < self->n_types; type++)
        self->type_arts[type] = chancellor_piece_art_for_kind (chancellor_game_get_piece_kind_id (game, type));
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_DEFAULT);
    }

  board_view_show_ply (self, game != NULL ? chancellor_game_get_n_moves (game) : 0, FALSE);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChancellorGame *
chancellor_board_view_get_game (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
chancellor_board_view_set_ply (ChancellorBoardView *self,
                               guint                ply)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  if (self->game == NULL)
    return;
  if (!chancellor_game_has_ply (self->game, ply))
    ply = MIN (ply, chancellor_game_get_n_moves (self->game));
  if (ply == self->ply)
    return;

  board_view_cancel_interaction (self);
  board_view_show_ply (self, ply, TRUE);
}

guint
chancellor_board_view_get_ply (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), 0);

  return self->ply;
}

void
chancellor_board_view_set_flipped (ChancellorBoardView *self,
                                   gboolean             flipped)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;

  self->flipped = flipped;
  _chancellor_board_view_end_drag (self);
  board_view_stop_animation (self);
  /* The promotion chooser points at its square again. */
  if (self->promotion_from >= 0)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
chancellor_board_view_get_flipped (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  return self->flipped;
}

void
chancellor_board_view_set_show_legal_moves (ChancellorBoardView *self,
                                            gboolean             show_legal_moves)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  show_legal_moves = !!show_legal_moves;
  if (self->show_legal_moves == show_legal_moves)
    return;

  self->show_legal_moves = show_legal_moves;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LEGAL_MOVES]);
}

gboolean
chancellor_board_view_get_show_legal_moves (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  return self->show_legal_moves;
}

void
chancellor_board_view_set_show_coordinates (ChancellorBoardView *self,
                                            gboolean             show_coordinates)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  show_coordinates = !!show_coordinates;
  if (self->show_coordinates == show_coordinates)
    return;

  self->show_coordinates = show_coordinates;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

gboolean
chancellor_board_view_get_show_coordinates (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  return self->show_coordinates;
}

void
chancellor_board_view_set_animate (ChancellorBoardView *self,
                                   gboolean             animate)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  animate = !!animate;
  if (self->animate == animate)
    return;

  self->animate = animate;
  if (!animate)
    board_view_stop_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

gboolean
chancellor_board_view_get_animate (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  return self->animate;
}

void
chancellor_board_view_set_idle_message (ChancellorBoardView *self,
                                        const char          *message)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  g_free (self->idle_message);
  self->idle_message = g_strdup (message);
}

void
chancellor_board_view_set_interactive (ChancellorBoardView *self,
                                       gboolean             interactive)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;

  self->interactive = interactive;
  if (!interactive)
    board_view_cancel_interaction (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
chancellor_board_view_get_interactive (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);

  return self->interactive;
}

void
chancellor_board_view_set_pieces_directory (ChancellorBoardView *self,
                                            const char          *directory)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  if (directory != NULL && *directory == '\0')
    directory = NULL;
  if (g_strcmp0 (chancellor_piece_art_get_directory (self->art), directory) == 0)
    return;

  chancellor_piece_art_set_directory (self->art, directory);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECES_DIRECTORY]);
}

const char *
chancellor_board_view_get_pieces_directory (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  return chancellor_piece_art_get_directory (self->art);
}

void
chancellor_board_view_set_hint (ChancellorBoardView *self,
                                int                  from,
                                int                  to)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  self->hint_from = from >= 0 && from < _chancellor_board_view_n_squares (self) ? from : -1;
  self->hint_to = to >= 0 && to < _chancellor_board_view_n_squares (self) ? to : -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chancellor_board_view_get_hint (ChancellorBoardView *self,
                                int                 *from,
                                int                 *to)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  if (from)
    *from = self->hint_from;
  if (to)
    *to = self->hint_to;
}

void
chancellor_board_view_cancel (ChancellorBoardView *self)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  board_view_cancel_interaction (self);
  _chancellor_board_view_update_description (self, FALSE);
}

gboolean
chancellor_board_view_get_square_bounds (ChancellorBoardView *self,
                                         int                  square,
                                         graphene_rect_t     *bounds)
{
  int origin_x, origin_y, size, x, y;

  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (!_chancellor_board_view_get_geometry (self, &origin_x, &origin_y, &size)
      || square < 0 || square >= _chancellor_board_view_n_squares (self))
    return FALSE;

  _chancellor_board_view_square_origin (self, square, origin_x, origin_y, size, &x, &y);
  graphene_rect_init (bounds, x, y, size, size);
  return TRUE;
}

void
chancellor_board_view_set_board_theme (ChancellorBoardView *self,
                                       const char          *theme)
{
  const ChancellorBoardTheme *found = chancellor_board_theme_lookup (theme);

  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));

  if (found == NULL)
    found = chancellor_board_theme_get_default ();
  if (self->theme == found)
    return;

  self->theme = found;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_THEME]);
}

const char *
chancellor_board_view_get_board_theme (ChancellorBoardView *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), NULL);

  return self->theme->name;
}

void
chancellor_board_view_set_diagram (ChancellorBoardView   *self,
                                   int                    type,
                                   int                    square,
                                   const ChancellorReach *reach)
{
  g_return_if_fail (CHANCELLOR_IS_BOARD_VIEW (self));
  g_return_if_fail (type < 0 || (self->game && type < self->n_types));
  g_return_if_fail (type < 0 || (square >= 0 && square < _chancellor_board_view_n_squares (self) && reach));

  self->diagram_type = type;
  self->diagram_square = type >= 0 ? square : -1;
  memset (self->diagram_reach, 0, sizeof self->diagram_reach);
  if (type >= 0)
    memcpy (self->diagram_reach, reach, sizeof *reach * (gsize) _chancellor_board_view_n_squares (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

ChancellorReach
chancellor_board_view_get_diagram_reach (ChancellorBoardView *self,
                                         int                  square)
{
  g_return_val_if_fail (CHANCELLOR_IS_BOARD_VIEW (self), CHANCELLOR_REACH_NONE);
  g_return_val_if_fail (square >= 0 && square < MAX_SQUARES, CHANCELLOR_REACH_NONE);

  return self->diagram_type >= 0 ? self->diagram_reach[square] : CHANCELLOR_REACH_NONE;
}
