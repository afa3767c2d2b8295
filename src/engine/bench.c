/* bench.c — the bench positions and their fixed-depth search. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

/* The first two openings of each game's book in tools/books, then four
 * endgames. */
static const BenchPosition positions[] = {
  { "ajax", "r1b1kqmbnr/pnpppppppp/3m6/10/1p8/5Q4/3P6/7N2/PPP1PPPPPP/RNBM1KMB1R b KQkq - 3 4" },
  { "ajax", "rnbmk2bnr/pppppp1ppp/4m5/1q8/6p3/4P1B3/3P6/5M3N/PPP2PPPPP/RN2QKMB1R w KQkq - 5 6" },
  { "ajax-ministers", "r1b1qk1b1r/pppppppppp/n3mm1n2/8N1/10/2NMM5/PPPPPPPPPP/R1B1QK1B1R b KQkq - 9 5" },
  { "ajax-ministers", "rnb1qk1b1r/pppppppppp/3m2mn2/6N3/10/3M2M3/PPPPPPPPPP/RNB1QK1B1R w KQkq - 8 5" },
  { "ajax-capablanca-ministers", "r1b1qk1bnr/pppppppppp/n2m2m3/10/10/3MM2N2/PPPPPPPPPP/RNB1QK1B1R w KQkq - 6 4" },
  { "ajax-capablanca-ministers", "r1b1qk1b1r/pppppppppp/2n1mm4/7n2/7N2/2NP2M3/PPP1PPPPPP/R1BMQK1B1R w KQkq - 1 6" },
  { "ajax-capablanca", "r2bqkbc1r/ppppp1pppp/n2a1p1n2/10/3P6/2NA3N2/PPP1PPPPPP/R2BQKBC1R w KQkq - 0 5" },
  { "ajax-capablanca", "r1abqkbc1r/pppppppp1p/2n4np1/10/2P7/3A2C3/PP1PPPPPPP/RN1BQKB1NR b KQkq - 2 4" },
  { "prime-ministers-random", "mr1krnbbq/p1ppp1p1p/3n5/1p3p1p1/1P3P1P1/3N5/P1PPP1P1P/MR1KRNBBQ w KQkq - 0 5" },
  { "prime-ministers-random", "mbqrb1nkr/pp2ppppp/2p1n4/3p5/3P5/1M2Q4/PPP1PPPPP/1B1RBNNKR b KQkq - 1 4" },
  { "carrera", "r1nbkq1nar/p1ppppp1pp/2p5b1/7p2/4P5/9A/PPPPQPPPPP/R1NBK1BN1R b - - 3 5" },
  { "carrera", "rcnbkqb2r/pppp2pppp/6na2/4pp4/4P4P/2C4A2/PPPP1PPPP1/R1NBKQBN1R w - - 0 5" },
  { "capablanca-relocation", "rn1bbkq1nr/pppp1ppppp/8c1/4a5/10/4C2N2/PPPPP1PPPP/RNABQKB2R b KQkq - 1 5" },
  { "capablanca-relocation", "rkabqnb2r/pppp1pppp1/7np1/4p5/P9/R9/1PPPPPPPPP/1QABNKB1NR w Kkq - 0 5" },
  { "capablanca", "rnabqkb2r/ppp1pppppp/7nc1/3p6/10/3A3NP1/PPPPPPPP1P/RN1BQKBC1R w KQkq - 0 4" },
  { "capablanca", "rn1bqk1cnr/ppppp1pppp/3N1p4/10/10/3b1P4/PPPPP1PPPP/R2BQKBCNR b KQkq - 0 5" },
  { "chess", "r1bqkbnr/ppp1pp1p/2n3p1/3p4/8/2NBP3/PPPP1PPP/R1BQK1NR w KQkq - 0 4" },
  { "chess", "r1bqkbnr/ppp2pp1/2n1p3/3p3p/P1P5/4PN2/1P1P1PPP/RNBQKB1R w KQkq - 0 5" },
  /* Endgames, so that a change to the endgame's evaluation shows too:
   * Rooks and pawns, a Minister's ending, Bishops of opposite colours
   * and a Chancellor against an Archbishop. */
  { "capablanca", "6k3/pp3r2p1/2p7/10/10/2P4P2/PP3R3P/6K3 w - - 0 30" },
  { "ajax-ministers", "4k5/3m2p3/pp8/10/10/6P3/PP2M5/4K5 w - - 0 35" },
  { "chess", "8/6k1/3b1p2/p7/P1B5/5P2/6K1/8 w - - 0 40" },
  { "capablanca", "3k6/10/4a5/10/10/5C4/3K6/10 w - - 0 60" },
};

#define POSITION_NB ((int) (sizeof positions / sizeof positions[0]))

int bench_position_count (void)
{
  return POSITION_NB;
}

const BenchPosition *bench_position_at (int index)
{
  return index >= 0 && index < POSITION_NB ? &positions[index] : NULL;
}

typedef struct {
  uint64_t nodes;
} BenchNodes;

static void record_nodes (const SearchInfo *info, void *data)
{
  BenchNodes *b = data;
  b->nodes = info->nodes;
}

uint64_t bench_search (Search *search, int index, int depth, ParseError *err)
{
  const BenchPosition *b = bench_position_at (index);
  const Variant *v = b ? variant_by_id (b->game) : NULL;
  Position *pos = malloc (sizeof *pos);
  BenchNodes nodes = { 0 };

  if (!b || !v || !pos || !position_set_fen (pos, v, b->fen, err))
    {
      if (!b || !v || !pos)
        snprintf (err->message, sizeof err->message, "no bench position %d", index);
      free (pos);
      return 0;
    }
  SearchLimits limits = { .depth = depth, .multipv = 1 };
  search_clear (search);
  search_run (search, pos, &limits, record_nodes, &nodes, NULL);
  free (pos);
  return nodes.nodes;
}
