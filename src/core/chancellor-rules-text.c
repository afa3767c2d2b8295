/* chancellor-rules-text.c — the rules of the nine games, in our own words. */
#define G_LOG_DOMAIN "chancellor-rules-text"

#include "config.h"

#include <glib/gi18n.h>

#include "chancellor-rules-text.h"

#define SECTIONS_MAX 6

/* Headings. */
#define BOARD_HEADING \
  N_("Board and Setup")
#define PAWNS_HEADING \
  N_("Pawns and Promotion")
#define CASTLING_HEADING \
  N_("Castling")
#define SPECIAL_HEADING \
  N_("Special Rules")
#define END_HEADING \
  N_("End of the Game")

/* Board and setup. */
#define SETUP_AJAX \
  N_("A board of 10 × 10 squares, with a dark square in each player’s left-hand corner. " \
  "White’s first rank holds, from a to j: Rook, Knight, Bishop, Minister, Queen, King, Minister, " \
  "Bishop, Knight, Rook, with ten Pawns on the second rank. Black’s army is set in reverse " \
  "symmetry, so that each player sees the same array: Black’s tenth rank reads Rook, Knight, " \
  "Bishop, Minister, King, Queen, Minister, Bishop, Knight, Rook (King on e10, Queen on f10), " \
  "with the Pawns on the ninth rank.")
#define SETUP_MINISTERS \
  N_("A board of 10 × 8 squares. White’s first rank holds, from a to j: Rook, Knight, Bishop, " \
  "Minister, Queen, King, Minister, Bishop, Knight, Rook (Queen on e1, King on f1), with ten " \
  "Pawns on the second rank. Black’s army mirrors White’s across the middle of the board " \
  "(Queen on e8, King on f8).")
#define SETUP_CAPABLANCA \
  N_("A board of 10 × 8 squares. White’s first rank holds, from a to j: Rook, Knight, Archbishop, " \
  "Bishop, Queen, King, Bishop, Chancellor, Knight, Rook (Queen on e1, King on f1), with ten " \
  "Pawns on the second rank. Black’s army mirrors White’s across the middle of the board.")
#define SETUP_PMRC \
  N_("A board of 9 × 8 squares, with nine Pawns a side on the second and seventh ranks. White’s " \
  "first rank is drawn at random from 8,400 arrays: one Bishop on a dark square and one on a " \
  "light square; the Queen, the Prime Minister and the two Knights anywhere among the squares " \
  "left; Rook, King and Rook, in that order, on the last three. Black’s first rank copies " \
  "White’s file by file.")
#define SETUP_CARRERA \
  N_("A board of 10 × 8 squares. White’s first rank holds, from a to j: Rook, Champion, Knight, " \
  "Bishop, King, Queen, Bishop, Knight, Centaur, Rook (King on e1, Queen on f1), with ten Pawns " \
  "on the second rank. Black’s army mirrors White’s across the middle of the board.")
#define SETUP_CHESS \
  N_("The usual board of 8 × 8 squares. White’s first rank holds, from a to h: Rook, Knight, " \
  "Bishop, Queen, King, Bishop, Knight, Rook, with eight Pawns on the second rank; Black’s " \
  "army mirrors White’s.")

/* Pawns. */
#define PAWNS_TRIPLE \
  N_("A Pawn moves one square straight ahead to an empty square and captures one square " \
  "diagonally forward. On its first move it may go one, two or three squares, over empty " \
  "squares only. After a double or a triple step, an enemy Pawn that attacks a square the Pawn " \
  "passed over may capture it en passant, on the very next move only, by moving to that " \
  "square.")
#define PAWNS_DOUBLE \
  N_("A Pawn moves one square straight ahead to an empty square and captures one square " \
  "diagonally forward. On its first move it may go two squares, over an empty square. After a " \
  "double step, an enemy Pawn that attacks the square passed over may capture it en passant, " \
  "on the very next move only, by moving to that square.")
#define PROMOTE_MINISTERS \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Rook, Minister, Bishop " \
  "or Knight of its colour.")
#define PROMOTE_AJAX_CAPABLANCA \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Rook, Bishop, Knight, " \
  "Archbishop or Chancellor of its colour (the Ajax pieces).")
#define PROMOTE_PMRC \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Prime Minister, Rook, " \
  "Bishop or Knight of its colour.")
#define PROMOTE_CARRERA \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Champion or Centaur of " \
  "its colour.")
#define PROMOTE_CAPABLANCA \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Archbishop, Chancellor, " \
  "Rook, Bishop or Knight of its colour.")
#define PROMOTE_CHESS \
  N_("A Pawn that reaches the last rank is exchanged at once for a Queen, Rook, Bishop or Knight " \
  "of its colour.")

/* Castling. */
#define CASTLING_CONDITIONS \
  N_("Castling moves the King and one Rook in a single move. It needs the King and that Rook " \
  "not to have moved, the King not to be in check, no square the King stands on, passes over " \
  "or reaches to be attacked, and every square either piece passes over or reaches to be " \
  "empty but for the two of them. Castling never captures.")
#define CASTLING_AJAX \
  N_("The King goes to the b or the i file and the Rook to the square beside it toward the " \
  "centre: with the a-Rook, King to b1 and Rook to c1, written O-Ob; with the j-Rook, King to " \
  "i1 and Rook to h1, written O-Oi.")
#define CASTLING_AJAX_BLACK \
  N_("Black’s King starts on e10, so Black’s O-Ob takes it three squares and O-Oi four.")
#define CASTLING_CAPABLANCA \
  N_("Long castling, written O-O-O, puts the King on c1 and the a-Rook on d1; short castling, " \
  "O-O, puts the King on i1 and the j-Rook on h1 (for Black, c8 and d8, or i8 and h8).")
#define CASTLING_RELOCATION \
  N_("Castling works as in Chess960: the King and the Rook end where they would in Capablanca " \
  "Chess (O-O-O: King on c1, Rook on d1; O-O: King on i1, Rook on h1), wherever the King " \
  "stands after the relocation, which keeps its right to castle. The King may move either " \
  "way or stay where it is, and the Rook may pass over the King.")
#define CASTLING_PMRC \
  N_("Castling works as in Chess960: with the Rook toward the a file, written O-Ob, the King " \
  "ends on b1 and the Rook on c1; with the other Rook, written O-Oh, the King ends on h1 and " \
  "the Rook on g1 (b8 and c8, or h8 and g8, for Black). The King may move either way or stay " \
  "where it is, and the Rook may pass over the King.")
#define CASTLING_NONE \
  N_("There is no castling in Carrera’s Chess.")
#define CASTLING_CHESS \
  N_("Short castling, written O-O, puts the King on g1 and the h-Rook on f1; long castling, " \
  "O-O-O, puts the King on c1 and the a-Rook on d1 (for Black, g8 and f8, or c8 and d8).")

/* Special rules. */
#define SPECIAL_PMRC \
  N_("Each start array has a number from 0 to 8399, which the New Game window shows and " \
  "takes: number = d + 5 × (l + 4 × (q + 7 × (m + 6 × k))), where d is the dark-squared " \
  "Bishop’s place among the files a, c, e, g, i; l the light-squared Bishop’s among b, d, f, h; " \
  "q the Queen’s among the seven squares then empty, from left to right; m the Prime Minister’s " \
  "among the six then empty; and k the Knights’ pair among the last five, counted (1, 2), " \
  "(1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5).")
#define SPECIAL_CARRERA \
  N_("A Pawn may not make a double step while its side is in check if that step blocks the check " \
  "and the enemy could then take the Pawn en passant. For example, with White’s King on e1 in " \
  "check from a Black Bishop on a5 and a Black Pawn on c4, White may not play b2–b4.")
#define SPECIAL_RELOCATION \
  N_("Before the first move comes the relocation: Black and then White each either keep the " \
  "array or swap the King or the Queen with one other piece of the first rank that is not a " \
  "Rook (the King and the Queen may also swap with each other). No swap may leave both " \
  "Bishops on squares of one colour. That gives each side 12 arrays, 144 start positions in " \
  "all. Then White makes the first move. On the board, click two pieces of the first rank to " \
  "swap them.")

/* End of the game, the same in every game. */
#define END_OF_GAME \
  N_("Checkmate wins; stalemate is a draw. A threefold repetition of the position, or fifty " \
  "moves by each side without a Pawn move or a capture, is a draw that the player to move may " \
  "claim; a fivefold repetition or seventy-five moves end the game as a draw at once. So does " \
  "a lack of material: King against King, or King and one Bishop or one Knight against a lone " \
  "King.")

/* Pieces as a whole. */
#define INTRO_AJAX \
  N_("The Rooks, Bishops and Knights are Ajax pieces: besides their usual moves they may step " \
  "one square in any direction they could not otherwise go one square, but only to an empty " \
  "square, so those steps never capture and never give check.")
#define INTRO_AJAX_CAPABLANCA \
  N_("All the pieces but the King, the Queen and the Pawns are Ajax pieces: besides their usual " \
  "moves they may step one square in any direction they could not otherwise go one square, " \
  "but only to an empty square, so those steps never capture and never give check.")

typedef struct {
  const char *id;
  const char *setup;
  const char *pawns;
  const char *promotion;
  const char *castling[2];
  const char *special;
  const char *pieces_intro;
} GameRules;

static const GameRules games[] = {
  { "ajax", SETUP_AJAX, PAWNS_TRIPLE, PROMOTE_MINISTERS,
    { CASTLING_AJAX, CASTLING_AJAX_BLACK }, NULL, INTRO_AJAX },
  { "ajax-ministers", SETUP_MINISTERS, PAWNS_DOUBLE, PROMOTE_MINISTERS,
    { CASTLING_AJAX, NULL }, NULL, INTRO_AJAX },
  { "ajax-capablanca-ministers", SETUP_MINISTERS, PAWNS_DOUBLE, PROMOTE_MINISTERS,
    { CASTLING_CAPABLANCA, NULL }, NULL, INTRO_AJAX },
  { "ajax-capablanca", SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_AJAX_CAPABLANCA,
    { CASTLING_CAPABLANCA, NULL }, NULL, INTRO_AJAX_CAPABLANCA },
  { "prime-ministers-random", SETUP_PMRC, PAWNS_DOUBLE, PROMOTE_PMRC,
    { CASTLING_PMRC, NULL }, SPECIAL_PMRC, NULL },
  { "carrera", SETUP_CARRERA, PAWNS_DOUBLE, PROMOTE_CARRERA,
    { NULL, NULL }, SPECIAL_CARRERA, NULL },
  { "capablanca-relocation", SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_CAPABLANCA,
    { CASTLING_RELOCATION, NULL }, SPECIAL_RELOCATION, NULL },
  { "capablanca", SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_CAPABLANCA,
    { CASTLING_CAPABLANCA, NULL }, NULL, NULL },
  { "chess", SETUP_CHESS, PAWNS_DOUBLE, PROMOTE_CHESS,
    { CASTLING_CHESS, NULL }, NULL, NULL },
};

static const struct {
  const char *kind;
  const char *text;
} pieces[] = {
  { "king", N_("Steps one square in any direction. It may never move to an attacked square "
               "or stay in check.") },
  { "queen", N_("Moves any distance along a rank, a file or a diagonal, over empty squares.") },
  { "rook", N_("Moves any distance along a rank or a file, over empty squares.") },
  { "bishop", N_("Moves any distance along a diagonal, over empty squares.") },
  { "knight", N_("Leaps two squares along a rank or file and one square to the side, over "
                 "anything in between.") },
  { "pawn", N_("Moves one square straight ahead to an empty square, more on its first move, "
               "and captures one square diagonally forward. The diagram shows a Pawn on its "
               "starting square.") },
  { "archbishop", N_("Moves as a Bishop or leaps as a Knight.") },
  { "chancellor", N_("Moves as a Rook or leaps as a Knight.") },
  { "prime-minister", N_("Moves as a Bishop or leaps as a Knight.") },
  { "ajax-rook", N_("Moves and captures as a Rook; it may also step one square diagonally, "
                    "to an empty square only.") },
  { "ajax-bishop", N_("Moves and captures as a Bishop; it may also step one square along a "
                      "rank or file, to an empty square only.") },
  { "ajax-knight", N_("Leaps and captures as a Knight; it may also step one square in any "
                      "direction, to an empty square only.") },
  { "ajax-minister", N_("Steps one square in any direction, or leaps two squares along a rank, "
                        "a file or a diagonal, over anything in between. It captures with all "
                        "of these moves.") },
  { "ajax-archbishop", N_("Moves and captures as a Bishop or a Knight; it may also step one "
                          "square along a rank or file, to an empty square only.") },
  { "ajax-chancellor", N_("Moves and captures as a Rook or a Knight; it may also step one "
                          "square diagonally, to an empty square only.") },
};

static const GameRules *
lookup_game (const char *variant_id)
{
  for (guint i = 0; variant_id && i < G_N_ELEMENTS (games); i++)
    if (g_ascii_strcasecmp (games[i].id, variant_id) == 0)
      return &games[i];
  return NULL;
}

static void
add_section (ChancellorRulesSection *sections,
             int                     max,
             int                    *n,
             const char             *heading,
             const char             *body)
{
  if (*n < max)
    {
      sections[*n].heading = _(heading);
      sections[*n].body = body;
    }
  (*n)++;
}

int
chancellor_rules_text_get_sections (const char             *variant_id,
                                    gboolean                after_pieces,
                                    ChancellorRulesSection *sections,
                                    int                     max)
{
  const GameRules *game = lookup_game (variant_id);
  char *text;
  int n = 0;

  g_return_val_if_fail (max == 0 || sections != NULL, 0);

  if (!game)
    return 0;
  if (!after_pieces)
    {
      add_section (sections, max, &n, BOARD_HEADING, _(game->setup));
      return n;
    }

  /* Joined texts are interned: a handful of strings per game and language,
   * kept for the life of the process. */
  text = g_strconcat (_(game->pawns), " ", _(game->promotion), NULL);
  add_section (sections, max, &n, PAWNS_HEADING, g_intern_string (text));
  g_free (text);

  if (game->castling[0] && game->castling[1])
    text = g_strconcat (_(CASTLING_CONDITIONS), "\n\n", _(game->castling[0]), " ", _(game->castling[1]), NULL);
  else if (game->castling[0])
    text = g_strconcat (_(CASTLING_CONDITIONS), "\n\n", _(game->castling[0]), NULL);
  else
    text = g_strdup (_(CASTLING_NONE));
  add_section (sections, max, &n, CASTLING_HEADING, g_intern_string (text));
  g_free (text);
  if (game->special)
    add_section (sections, max, &n, SPECIAL_HEADING, _(game->special));
  add_section (sections, max, &n, END_HEADING, _(END_OF_GAME));
  g_assert (n <= SECTIONS_MAX);
  return n;
}

const char *
chancellor_rules_text_get_pieces_intro (const char *variant_id)
{
  const GameRules *game = lookup_game (variant_id);

  return game && game->pieces_intro ? _(game->pieces_intro) : NULL;
}

const char *
chancellor_rules_text_get_piece (const char *kind_id)
{
  g_return_val_if_fail (kind_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    if (g_str_equal (pieces[i].kind, kind_id))
      return _(pieces[i].text);
  return NULL;
}
