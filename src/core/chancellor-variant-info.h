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

/* How a piece reaches a square: only by moving there while it is empty,
 * only by capturing there, or both. */
typedef enum {
  CHANCELLOR_REACH_NONE,
  CHANCELLOR_REACH_MOVE,
  CHANCELLOR_REACH_CAPTURE,
  CHANCELLOR_REACH_BOTH,
} ChancellorReach;

/* Where a White piece of type (as ChancellorGame numbers them) standing
 * alone on the empty board at from may go, from the game's own tables:
 * fills reach[files × ranks] and returns how many squares it reaches. */
int chancellor_variant_info_get_piece_reach (ChancellorVariantInfo *self, int type, int from,
                                             ChancellorReach *reach);

G_END_DECLS
