/* net.c — the learned correction (net.h). */
#include "net.h"

#include "bitboard.h"

const Net *net_for_variant (const Variant *v)
{
  for (int n = 0; n < net_count; n++)
    {
      const Net *net = &net_table[n];
      if (net->files != v->files || net->ranks != v->ranks)
        continue;
      bool known = true;
      for (int t = 0; t < v->types && known; t++)
        known = net->kind_index[v->kinds[t]] >= 0;
      if (known)
        return net;
    }
  return NULL;
}

int net_evaluate (const Net *net, const Position *pos)
{
  const Variant *v = pos->variant;
  int16_t sum[COLOR_NB][NET_HIDDEN];

  for (int view = 0; view < COLOR_NB; view++)
    for (int j = 0; j < NET_HIDDEN; j++)
      sum[view][j] = net->input_bias[j];
  for (Bitboard b = position_occupied (pos); b;)
    {
      int sq = bb_pop_lsb (&b);
      Piece p = pos->board[sq];
      int kind = v->kinds[piece_type (p)], color = piece_color (p);
      for (int view = 0; view < COLOR_NB; view++)
        {
          const int16_t *row = net->input + (size_t) net_input (net, pos->geometry, view, color, kind, sq) * NET_HIDDEN;
          for (int j = 0; j < NET_HIDDEN; j++)
            sum[view][j] = (int16_t) (sum[view][j] + row[j]);
        }
    }

  int32_t out = net->output_bias;
  for (int half = 0; half < 2; half++)
    {
      const int16_t *s = sum[half == 0 ? pos->side : !pos->side];
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
