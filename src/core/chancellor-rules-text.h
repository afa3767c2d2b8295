/* chancellor-rules-text.h — the rules of the nine games, in our own words,
 * as the Rules window shows them.
 *
 * The texts follow RULES.md; they are all here so that translators find
 * them together.  Everything returned is translated.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *heading;
  const char *body;
} ChancellorRulesSection;

/* The sections of a game's rules before its pieces ("Board and Setup"),
 * and after them ("Pawns and Promotion", "Castling", special rules, "End
 * of the Game"): fills at most max sections and returns how many there
 * are, 0 for an unknown id. */
int chancellor_rules_text_get_sections (const char *variant_id, gboolean after_pieces,
                                        ChancellorRulesSection *sections, int max);

/* A line on the game's pieces as a whole, or NULL. */
const char *chancellor_rules_text_get_pieces_intro (const char *variant_id);

/* How a piece kind moves (RULES.md piece ids: "king", "ajax-minister"…),
 * or NULL for an unknown kind. */
const char *chancellor_rules_text_get_piece (const char *kind_id);

G_END_DECLS
