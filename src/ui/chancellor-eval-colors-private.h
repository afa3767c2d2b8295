/* chancellor-eval-colors-private.h — the colours of an evaluation, shared
 * by the bar beside the board (chancellor-eval-bar.c) and the graph of a
 * game (chancellor-eval-graph.c) so that the two agree: the board's own
 * warm tones, so that they read as part of it. */
#pragma once

#include <gdk/gdk.h>

static const GdkRGBA eval_white_color = { 0.976f, 0.961f, 0.929f, 1.f };  /* #f9f5ed */
static const GdkRGBA eval_black_color = { 0.239f, 0.220f, 0.204f, 1.f };  /* #3d3834 */
/* The board's dark squares: the bar's even line, the graph's curve. */
static const GdkRGBA eval_line_color = { 0.722f, 0.545f, 0.384f, 1.f };   /* #b88b62 */
