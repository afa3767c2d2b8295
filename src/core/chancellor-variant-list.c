/* chancellor-variant-list.c — the catalogue's games, as a GListModel. */
#define G_LOG_DOMAIN "chancellor-variant-list"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-catalogue.h"
#include "chancellor-variant-list.h"
#include "variant.h"

struct _ChancellorVariantList
{
  GObject parent_instance;

  GPtrArray *items;
};

static void chancellor_variant_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChancellorVariantList, chancellor_variant_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, chancellor_variant_list_model_init))

static GType
chancellor_variant_list_get_item_type (GListModel *model)
{
  return CHANCELLOR_TYPE_VARIANT_INFO;
}

static guint
chancellor_variant_list_get_n_items (GListModel *model)
{
  return CHANCELLOR_VARIANT_LIST (model)->items->len;
}

static gpointer
chancellor_variant_list_get_item (GListModel *model,
                                  guint       position)
{
  ChancellorVariantList *self = CHANCELLOR_VARIANT_LIST (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
chancellor_variant_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = chancellor_variant_list_get_item_type;
  iface->get_n_items = chancellor_variant_list_get_n_items;
  iface->get_item = chancellor_variant_list_get_item;
}

static void
chancellor_variant_list_finalize (GObject *object)
{
  ChancellorVariantList *self = CHANCELLOR_VARIANT_LIST (object);

  g_ptr_array_unref (self->items);

  G_OBJECT_CLASS (chancellor_variant_list_parent_class)->finalize (object);
}

static void
chancellor_variant_list_class_init (ChancellorVariantListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = chancellor_variant_list_finalize;
}

static void
chancellor_variant_list_init (ChancellorVariantList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < chancellor_catalogue_get_n_games (); i++)
    {
      const char *id = chancellor_catalogue_get_game_id (i);
      const Variant *variant = variant_by_id (id);

      g_assert (variant != NULL);
      g_ptr_array_add (self->items,
                       g_object_new (CHANCELLOR_TYPE_VARIANT_INFO,
                                     "id", id,
                                     "name", chancellor_catalogue_get_name (id),
                                     "summary", chancellor_catalogue_get_summary (id),
                                     "start-fen", variant->start_fen,
                                     "files", variant->files,
                                     "ranks", variant->ranks,
                                     NULL));
    }
}

ChancellorVariantList *
chancellor_variant_list_new (void)
{
  return g_object_new (CHANCELLOR_TYPE_VARIANT_LIST, NULL);
}

ChancellorVariantInfo *
chancellor_variant_list_lookup (ChancellorVariantList *self,
                                const char            *id,
                                guint                 *position)
{
  g_return_val_if_fail (CHANCELLOR_IS_VARIANT_LIST (self), NULL);

  for (guint i = 0; id && i < self->items->len; i++)
    {
      ChancellorVariantInfo *info = g_ptr_array_index (self->items, i);

      if (g_ascii_strcasecmp (chancellor_variant_info_get_id (info), id) == 0)
        {
          if (position)
            *position = i;
          return info;
        }
    }
  return NULL;
}
