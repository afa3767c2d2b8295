/* net.h — a small learned correction to the evaluation.
 *
 * A net belongs to a board size and a set of piece kinds, never to a
 * game: any game played on its board with only its kinds uses it.  Its
 * inputs are the pieces, seen from each side in turn (own or enemy, kind,
 * square with the ranks turned for Black); each side's view is summed
 * into NET_HIDDEN values, clipped to [0, NET_QA], and a weighted sum of
 * both views, the side to move's first, is the correction in centipawns,
 * kept within the net's limit.  tools/train-net writes the nets
 * (net-params.c; none is shipped yet: tools/README.md, train-net). */
#pragma once

#include <stdint.h>

#include "position.h"
#include "variant.h"

#define NET_HIDDEN 64
/* Fixed-point scales: first-layer weights and sums in 1/NET_QA, output
 * weights in 1/NET_QB; the output is NET_OUTPUT_CP centipawns a unit. */
#define NET_QA 255
#define NET_QB 64
#define NET_OUTPUT_CP 100

typedef struct Net {
  int files, ranks;
  int kind_count;
  int8_t kind_index[KIND_NB];  /* the kind's input block, -1 for a kind it does not know */
  const int16_t *input;        /* [2 (own, enemy)][kind_count][files * ranks][NET_HIDDEN] */
  const int16_t *input_bias;   /* [NET_HIDDEN] */
  const int16_t *output;       /* [2 * NET_HIDDEN]: the side to move's view, then the other's */
  int32_t output_bias;         /* in 1 / (NET_QA * NET_QB) */
  int limit;                   /* the correction is kept within ±limit centipawns */
} Net;

extern const Net net_table[];
extern const int net_count;

/* Whether net fits the games of v: their board, and only kinds it knows. */
bool net_fits (const Net *net, const Variant *v);
/* The net for games of v, or NULL when none fits. */
const Net *net_for_variant (const Variant *v);

/* The net's correction of pos, in centipawns for the side to move. */
int net_evaluate (const Net *net, const Position *pos);

/* Both views' sums of a position, and the pieces they were summed from,
 * so a later position's can be had from them by the pieces that differ
 * (a move's two or three squares) rather than summed whole.  key names
 * the position, for the caller to set (0: none); the functions below
 * leave it. */
typedef struct {
  Key key;
  Bitboard by_type[PIECE_TYPE_MAX];
  Bitboard by_color[COLOR_NB];
  int16_t sum[COLOR_NB][NET_HIDDEN];
} NetSums;

/* pos's sums, whole, into to. */
void net_sums_refresh (const Net *net, const Position *pos, NetSums *to);
/* pos's sums into to, from another position's (of the same game): the
 * same values as net_sums_refresh() gives. */
void net_sums_update (const Net *net, const Position *pos, const NetSums *from, NetSums *to);
/* The correction the sums give, for side to move. */
int net_output (const Net *net, const NetSums *sums, int side);

/* The input index of a piece of color on sq (of geometry g, the net's
 * board), seen from view. */
static inline int net_input (const Net *net, const Geometry *g, int view, int color, int kind, int sq)
{
  int relative = view == WHITE ? sq : sq + (net->ranks - 1 - 2 * g->rank_of[sq]) * net->files;
  return ((color != view) * net->kind_count + net->kind_index[kind]) * net->files * net->ranks + relative;
}
