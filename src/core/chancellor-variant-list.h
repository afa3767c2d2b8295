/* chancellor-variant-list.h — the games, as a GListModel for choosers.
 *
 * Items are ChancellorVariantInfo objects, in the catalogue's order
 * (chancellor-catalogue.h).
 */
#pragma once

#include <gio/gio.h>

#include "chancellor-variant-info.h"

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_VARIANT_LIST (chancellor_variant_list_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorVariantList, chancellor_variant_list, CHANCELLOR, VARIANT_LIST, GObject)

ChancellorVariantList *chancellor_variant_list_new (void);
/* The game with that id (case-insensitive), or NULL; position may be NULL. */
ChancellorVariantInfo *chancellor_variant_list_lookup (ChancellorVariantList *self, const char *id, guint *position);

G_END_DECLS
