/* chancellor-variant-info.c — one game as a chooser shows it. */
#define G_LOG_DOMAIN "chancellor-variant-info"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-variant-info.h"
#include "movegen.h"
#include "variant.h"

struct _ChancellorVariantInfo
{
  GObject parent_instance;

  char *id;
  char *name;
  char *summary;
  char *start_fen;
  int files;
  int ranks;
};

G_DEFINE_FINAL_TYPE (ChancellorVariantInfo, chancellor_variant_info, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_SUMMARY,
  PROP_START_FEN,
  PROP_FILES,
  PROP_RANKS,
  PROP_BOARD_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
chancellor_variant_info_finalize (GObject *object)
{
  ChancellorVariantInfo *self = CHANCELLOR_VARIANT_INFO (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->summary);
  g_free (self->start_fen);

  G_OBJECT_CLASS (chancellor_variant_info_parent_class)->finalize (object);
}

static void
chancellor_variant_info_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ChancellorVariantInfo *self = CHANCELLOR_VARIANT_INFO (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    case PROP_START_FEN:
      g_value_set_string (value, self->start_fen);
      break;
    case PROP_FILES:
      g_value_set_int (value, self->files);
      break;
    case PROP_RANKS:
      g_value_set_int (value, self->ranks);
      break;
    case PROP_BOARD_SIZE:
      g_value_take_string (value, chancellor_variant_info_dup_board_size (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_variant_info_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ChancellorVariantInfo *self = CHANCELLOR_VARIANT_INFO (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_dup_string (value);
      break;
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    case PROP_SUMMARY:
      self->summary = g_value_dup_string (value);
      break;
    case PROP_START_FEN:
      self->start_fen = g_value_dup_string (value);
      break;
    case PROP_FILES:
      self->files = g_value_get_int (value);
      break;
    case PROP_RANKS:
      self->ranks = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chancellor_variant_info_class_init (ChancellorVariantInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = chancellor_variant_info_finalize;
  object_class->get_property = chancellor_variant_info_get_property;
  object_class->set_property = chancellor_variant_info_set_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, flags);
  properties[PROP_START_FEN] = g_param_spec_string ("start-fen", NULL, NULL, NULL, flags);
  properties[PROP_FILES] = g_param_spec_int ("files", NULL, NULL, 1, 10, 8, flags);
  properties[PROP_RANKS] = g_param_spec_int ("ranks", NULL, NULL, 1, 10, 8, flags);
  /* "10 × 8", for labels */
  properties[PROP_BOARD_SIZE] = g_param_spec_string ("board-size", NULL, NULL, NULL,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chancellor_variant_info_init (ChancellorVariantInfo *self)
{
}

const char *
chancellor_variant_info_get_id (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), NULL);

  return self->id;
}

const char *
chancellor_variant_info_get_name (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), NULL);

  return self->name;
}

const char *
chancellor_variant_info_get_summary (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), NULL);

  return self->summary;
}

const char *
chancellor_variant_info_get_start_fen (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), NULL);

  return self->start_fen;
}

int
chancellor_variant_info_get_files (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), 0);

  return self->files;
}

int
chancellor_variant_info_get_ranks (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), 0);

  return self->ranks;
}

char *
chancellor_variant_info_dup_board_size (ChancellorVariantInfo *self)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), NULL);

  /* TRANSLATORS: a board's size, files × ranks */
  return g_strdup_printf (_("%d × %d"), self->files, self->ranks);
}

int
chancellor_variant_info_get_piece_reach (ChancellorVariantInfo *self,
                                         int                    type,
                                         int                    from,
                                         ChancellorReach       *reach)
{
  const Variant *variant;
  Bitboard moves, captures;
  int count = 0;

  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_INFO (self), 0);
  g_return_val_if_fail (reach != NULL, 0);
  variant = variant_by_id (self->id);
  g_return_val_if_fail (variant != NULL, 0);
  g_return_val_if_fail (type >= 0 && type < variant->types, 0);
  g_return_val_if_fail (from >= 0 && from < variant->files * variant->ranks, 0);

  movegen_piece_reach (variant, type, WHITE, from, &moves, &captures);
  for (int square = 0; square < variant->files * variant->ranks; square++)
    {
      gboolean move = (moves & bb_square (square)) != 0;
      gboolean capture = (captures & bb_square (square)) != 0;

      reach[square] = move && capture ? CHANCELLOR_REACH_BOTH
                    : move ? CHANCELLOR_REACH_MOVE
                    : capture ? CHANCELLOR_REACH_CAPTURE
                    : CHANCELLOR_REACH_NONE;
      count += reach[square] != CHANCELLOR_REACH_NONE;
    }
  return count;
}
