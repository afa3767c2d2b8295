/* chancellor-variant-info.h — one game as a chooser shows it: id, name,
 * board size, a short summary of its rules and its start FEN.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_VARIANT_INFO (chancellor_variant_info_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorVariantInfo, chancellor_variant_info, CHANCELLOR, VARIANT_INFO, GObject)

const char *chancellor_variant_info_get_id (ChancellorVariantInfo *self);
const char *chancellor_variant_info_get_name (ChancellorVariantInfo *self);
const char *chancellor_variant_info_get_summary (ChancellorVariantInfo *self);
const char *chancellor_variant_info_get_start_fen (ChancellorVariantInfo *self);
int chancellor_variant_info_get_files (ChancellorVariantInfo *self);
int chancellor_variant_info_get_ranks (ChancellorVariantInfo *self);
/* "10 × 8" */
char *chancellor_variant_info_dup_board_size (ChancellorVariantInfo *self);

G_END_DECLS
