/* chancellor-variant-list.c — the nine games, as a GListModel. */
#define G_LOG_DOMAIN "chancellor-variant-list"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-variant-list.h"
#include "variant.h"

/* The games in the README's order, with our own summaries of their rules
 * (RULES.md has the exact ones). */
static const struct {
  const char *id;
  const char *name;
  const char *summary;
} games[] = {
  { "ajax", N_("Ajax Chess"),
    N_("Chess on 10×10 with two Ministers a side, which step one square any way or leap two "
       "squares straight or diagonally. Rooks, Bishops and Knights may also step to any empty "
       "neighbouring square. Pawns may start with up to three steps.") },
  { "ajax-ministers", N_("Ajax Ministers Chess"),
    N_("The Ajax pieces, with two Ministers a side, on a 10×8 board. "
       "Castling takes the King to the b or i file.") },
  { "ajax-capablanca-ministers", N_("Ajax-Capablanca Chess, Ministers setup"),
    N_("The Ajax pieces, with two Ministers a side, on a 10×8 board. "
       "Castling takes the King to the c or i file, as in Capablanca Chess.") },
  { "ajax-capablanca", N_("Ajax-Capablanca Chess, Capablanca setup"),
    N_("Capablanca Chess with Ajax pieces: Rooks, Bishops, Knights, the Archbishop and "
       "the Chancellor may also step to any empty neighbouring square.") },
  { "prime-ministers-random", N_("Prime Ministers Random Chess"),
    N_("A 9×8 board with a Prime Minister (Bishop and Knight in one) a side. White’s first "
       "rank is one of 8,400 arrays and Black mirrors it; castling works as in Chess960.") },
  { "carrera", N_("Carrera's Chess"),
    N_("The 1617 ancestor of Capablanca Chess, on 10×8 with a Champion (Rook and Knight) and "
       "a Centaur (Bishop and Knight). No castling; Pawns promote to a Queen, Champion or Centaur.") },
  { "capablanca-relocation", N_("Capablanca Relocation Chess"),
    N_("Capablanca Chess with a relocation phase: before the first move, Black and then White "
       "may swap the King or Queen with another piece of the first rank that is not a Rook. "
       "Castling works as in Chess960.") },
  { "capablanca", N_("Capablanca Chess"),
    N_("Chess on 10×8 with two more pieces a side: the Archbishop (Bishop and Knight) "
       "and the Chancellor (Rook and Knight).") },
  { "chess", N_("Chess"),
    N_("Orthodox chess on the 8×8 board.") },
};

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

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      const Variant *variant = variant_by_id (games[i].id);

      g_assert (variant != NULL);
      g_ptr_array_add (self->items,
                       g_object_new (CHANCELLOR_TYPE_VARIANT_INFO,
                                     "id", games[i].id,
                                     "name", _(games[i].name),
                                     "summary", _(games[i].summary),
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

const char *
chancellor_variant_list_get_name_for_id (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (g_ascii_strcasecmp (games[i].id, id) == 0)
      return _(games[i].name);
  return NULL;
}
