/* net.c — the learned correction (net.h). */
#include "net.h"

#include "bitboard.h"

#include <string.h>

bool net_fits (const Net *net, const Variant *v)
{
  if (net->files != v->files || net->ranks != v->ranks)
    return false;
  for (int t = 0; t < v->types; t++)
    if (net->kind_index[v->kinds[t]] < 0)
      return false;
  return true;
}

const Net *net_for_variant (const Variant *v)
{
  for (int n = 0; n < net_count; n++)
    if (net_fits (&net_table[n], v))
      return &net_table[n];
  return NULL;
}

static inline void add_piece (const Net *net, const Geometry *g, int16_t sum[COLOR_NB][NET_HIDDEN], int color,
                              int kind, int sq, int sign)
{
  for (int view = 0; view < COLOR_NB; view++)
    {
      const int16_t *row = net->input + (size_t) net_input (net, g, view, color, kind, sq) * NET_HIDDEN;
      for (int j = 0; j < NET_HIDDEN; j++)
        sum[view][j] = (int16_t) (sum[view][j] + sign * row[j]);
    }
}

void net_sums_refresh (const Net *net, const Position *pos, NetSums *to)
{
  const Variant *v = pos->variant;

  for (int view = 0; view < COLOR_NB; view++)
    for (int j = 0; j < NET_HIDDEN; j++)
      to->sum[view][j] = net->input_bias[j];
  for (Bitboard b = position_occupied (pos); b;)
    {
      int sq = bb_pop_lsb (&b);
      Piece p = pos->board[sq];
      add_piece (net, pos->geometry, to->sum, piece_color (p), v->kinds[piece_type (p)], sq, 1);
    }
  memcpy (to->by_type, pos->by_type, sizeof to->by_type);
  memcpy (to->by_color, pos->by_color, sizeof to->by_color);
}

void net_sums_update (const Net *net, const Position *pos, const NetSums *from, NetSums *to)
{
  const Variant *v = pos->variant;

  if (to != from)
    memcpy (to->sum, from->sum, sizeof to->sum);
  for (int c = 0; c < COLOR_NB; c++)
    for (int t = 0; t < v->types; t++)
      {
        Bitboard before = from->by_type[t] & from->by_color[c], now = pos->by_type[t] & pos->by_color[c];
        for (Bitboard gone = before & ~now; gone;)
          add_piece (net, pos->geometry, to->sum, c, v->kinds[t], bb_pop_lsb (&gone), -1);
        for (Bitboard come = now & ~before; come;)
          add_piece (net, pos->geometry, to->sum, c, v->kinds[t], bb_pop_lsb (&come), 1);
      }
  memcpy (to->by_type, pos->by_type, sizeof to->by_type);
  memcpy (to->by_color, pos->by_color, sizeof to->by_color);
}

int net_output (const Net *net, const NetSums *sums, int side)
{
  int32_t out = net->output_bias;
  for (int half = 0; half < 2; half++)
    {
      const int16_t *s = sums->sum[half == 0 ? side : !side];
      const int16_t *w = net->output + half * NET_HIDDEN;
      for (int j = 0; j < NET_HIDDEN; j++)
        {
          int x = s[j] < 0 ? 0 : s[j] > NET_QA ? NET_QA : s[j];
          out += x * w[j];
        }
    }
  int cp = (int) ((int64_t) out * NET_OUTPUT_CP / (NET_QA * NET_QB));
  return cp > net->limit ? net->limit : cp < -net->limit ? -net->limit : cp;
}

int net_evaluate (const Net *net, const Position *pos)
{
  NetSums sums;
  net_sums_refresh (net, pos, &sums);
  return net_output (net, &sums, pos->side);
}
