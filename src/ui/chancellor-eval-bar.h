/* chancellor-eval-bar.h — the evaluation as a vertical bar: White's share
 * from the bottom (from the top when flipped), Black's above.
 *
 * The share follows the score as an expected result (a logistic curve,
 * so +4.00 fills about four fifths); a mate fills it.  Changes slide.
 * Properties: "fraction" (White's share, 0..1, read-only) and "flipped".
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHANCELLOR_TYPE_EVAL_BAR (chancellor_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (ChancellorEvalBar, chancellor_eval_bar, CHANCELLOR, EVAL_BAR, GtkWidget)

GtkWidget *chancellor_eval_bar_new (void);

/* The score from White's side: centipawns, or a mate (> 0 White mates,
 * < 0 Black mates); text is what a screen reader says ("+1.25"). */
void chancellor_eval_bar_set_score (ChancellorEvalBar *self, int centipawns, int mate, const char *text);
/* No evaluation: an even bar. */
void chancellor_eval_bar_reset (ChancellorEvalBar *self);

void chancellor_eval_bar_set_flipped (ChancellorEvalBar *self, gboolean flipped);
gboolean chancellor_eval_bar_get_flipped (ChancellorEvalBar *self);

G_END_DECLS
