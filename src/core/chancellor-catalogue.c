/* chancellor-catalogue.c — the games as the app shows them: names,
 * summaries and rules in our own words (doc/rules.md), start rules, and
 * the pieces' art. */
#define G_LOG_DOMAIN "chancellor-catalogue"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "chancellor-catalogue.h"
#include "start.h"
#include "variant.h"

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

/* The games, in the order the app lists them; each names an engine row. */
typedef struct {
  const char *id;
  const char *name;
  const char *summary;
  const char *setup;
  const char *pawns;
  const char *promotion;
  const char *castling[2];
  const char *special;
  const char *pieces_intro;
  gboolean theme_game;          /* its board shows the themes in the preferences */
} GameRow;

static const GameRow games[] = {
  { "ajax", N_("Ajax Chess"),
    N_("Chess on 10×10 with two Ministers a side, which step one square any way or leap two "
       "squares straight or diagonally. Rooks, Bishops and Knights may also step to any empty "
       "neighbouring square. Pawns may start with up to three steps."),
    SETUP_AJAX, PAWNS_TRIPLE, PROMOTE_MINISTERS,
    { CASTLING_AJAX, CASTLING_AJAX_BLACK }, NULL, INTRO_AJAX, FALSE },
  { "ajax-ministers", N_("Ajax Ministers Chess"),
    N_("The Ajax pieces, with two Ministers a side, on a 10×8 board. "
       "Castling takes the King to the b or i file."),
    SETUP_MINISTERS, PAWNS_DOUBLE, PROMOTE_MINISTERS,
    { CASTLING_AJAX, NULL }, NULL, INTRO_AJAX, FALSE },
  { "ajax-capablanca-ministers", N_("Ajax-Capablanca Chess, Ministers setup"),
    N_("The Ajax pieces, with two Ministers a side, on a 10×8 board. "
       "Castling takes the King to the c or i file, as in Capablanca Chess."),
    SETUP_MINISTERS, PAWNS_DOUBLE, PROMOTE_MINISTERS,
    { CASTLING_CAPABLANCA, NULL }, NULL, INTRO_AJAX, FALSE },
  { "ajax-capablanca", N_("Ajax-Capablanca Chess, Capablanca setup"),
    N_("Capablanca Chess with Ajax pieces: Rooks, Bishops, Knights, the Archbishop and "
       "the Chancellor may also step to any empty neighbouring square."),
    SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_AJAX_CAPABLANCA,
    { CASTLING_CAPABLANCA, NULL }, NULL, INTRO_AJAX_CAPABLANCA, FALSE },
  { "prime-ministers-random", N_("Prime Ministers Random Chess"),
    N_("A 9×8 board with a Prime Minister (Bishop and Knight in one) a side. White’s first "
       "rank is one of 8,400 arrays and Black mirrors it; castling works as in Chess960."),
    SETUP_PMRC, PAWNS_DOUBLE, PROMOTE_PMRC,
    { CASTLING_PMRC, NULL }, SPECIAL_PMRC, NULL, FALSE },
  { "carrera", N_("Carrera's Chess"),
    N_("The 1617 ancestor of Capablanca Chess, on 10×8 with a Champion (Rook and Knight) and "
       "a Centaur (Bishop and Knight). No castling; Pawns promote to a Queen, Champion or Centaur."),
    SETUP_CARRERA, PAWNS_DOUBLE, PROMOTE_CARRERA,
    { NULL, NULL }, SPECIAL_CARRERA, NULL, FALSE },
  { "capablanca-relocation", N_("Capablanca Relocation Chess"),
    N_("Capablanca Chess with a relocation phase: before the first move, Black and then White "
       "may swap the King or Queen with another piece of the first rank that is not a Rook. "
       "Castling works as in Chess960."),
    SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_CAPABLANCA,
    { CASTLING_RELOCATION, NULL }, SPECIAL_RELOCATION, NULL, FALSE },
  { "capablanca", N_("Capablanca Chess"),
    N_("Chess on 10×8 with two more pieces a side: the Archbishop (Bishop and Knight) "
       "and the Chancellor (Rook and Knight)."),
    SETUP_CAPABLANCA, PAWNS_DOUBLE, PROMOTE_CAPABLANCA,
    { CASTLING_CAPABLANCA, NULL }, NULL, NULL, FALSE },
  { "chess", N_("Chess"),
    N_("Orthodox chess on the 8×8 board."),
    SETUP_CHESS, PAWNS_DOUBLE, PROMOTE_CHESS,
    { CASTLING_CHESS, NULL }, NULL, NULL, TRUE },
};

/* The piece kinds (the engine's kind ids): the art each is drawn with, and
 * how it moves. */
static const struct {
  const char *kind;
  const char *art;
  const char *rules;
} pieces[] = {
  { "king", "king",
    N_("Steps one square in any direction. It may never move to an attacked square "
       "or stay in check.") },
  { "queen", "queen",
    N_("Moves any distance along a rank, a file or a diagonal, over empty squares.") },
  { "rook", "rook",
    N_("Moves any distance along a rank or a file, over empty squares.") },
  { "bishop", "bishop",
    N_("Moves any distance along a diagonal, over empty squares.") },
  { "knight", "knight",
    N_("Leaps two squares along a rank or file and one square to the side, over "
       "anything in between.") },
  { "pawn", "pawn",
    N_("Moves one square straight ahead to an empty square, more on its first move, "
       "and captures one square diagonally forward. The diagram shows a Pawn on its "
       "starting square.") },
  { "archbishop", "archbishop",
    N_("Moves as a Bishop or leaps as a Knight.") },
  { "chancellor", "chancellor",
    N_("Moves as a Rook or leaps as a Knight.") },
  { "prime-minister", "prime-minister",
    N_("Moves as a Bishop or leaps as a Knight.") },
  { "ajax-rook", "rook",
    N_("Moves and captures as a Rook; it may also step one square diagonally, "
       "to an empty square only.") },
  { "ajax-bishop", "bishop",
    N_("Moves and captures as a Bishop; it may also step one square along a "
       "rank or file, to an empty square only.") },
  { "ajax-knight", "knight",
    N_("Leaps and captures as a Knight; it may also step one square in any "
       "direction, to an empty square only.") },
  { "ajax-minister", "minister",
    N_("Steps one square in any direction, or leaps two squares along a rank, "
       "a file or a diagonal, over anything in between. It captures with all "
       "of these moves.") },
  { "ajax-archbishop", "archbishop",
    N_("Moves and captures as a Bishop or a Knight; it may also step one "
       "square along a rank or file, to an empty square only.") },
  { "ajax-chancellor", "chancellor",
    N_("Moves and captures as a Rook or a Knight; it may also step one "
       "square diagonally, to an empty square only.") },
};

static const GameRow *
lookup_game (const char *id)
{
  for (guint i = 0; id && i < G_N_ELEMENTS (games); i++)
    if (g_ascii_strcasecmp (games[i].id, id) == 0)
      return &games[i];
  return NULL;
}

static int
lookup_piece (const char *kind_id)
{
  for (guint i = 0; kind_id && i < G_N_ELEMENTS (pieces); i++)
    if (g_str_equal (pieces[i].kind, kind_id))
      return (int) i;
  return -1;
}

guint
chancellor_catalogue_get_n_games (void)
{
  return G_N_ELEMENTS (games);
}

const char *
chancellor_catalogue_get_game_id (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (games), NULL);

  return games[index].id;
}

gboolean
chancellor_catalogue_has_game (const char *id)
{
  return lookup_game (id) != NULL;
}

/* Read once from the schema, so that the app, its New Game chooser and a
 * window without settings all start the same game. */
static const char *
default_game_from_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) key = NULL;
  g_autoptr (GVariant) value = NULL;
  const GameRow *game;

  if (source)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (!schema || !g_settings_schema_has_key (schema, "last-variant"))
    return games[0].id;
  key = g_settings_schema_get_key (schema, "last-variant");
  value = g_settings_schema_key_get_default_value (key);
  game = g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) ? lookup_game (g_variant_get_string (value, NULL))
                                                              : NULL;
  if (!game)
    {
      g_warning ("The settings schema's default game is not in the catalogue");
      return games[0].id;
    }
  return game->id;
}

const char *
chancellor_catalogue_get_default_game (void)
{
  static gsize id;

  if (g_once_init_enter (&id))
    g_once_init_leave (&id, (gsize) default_game_from_schema ());
  return (const char *) id;
}

const char *
chancellor_catalogue_get_theme_game (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (games[i].theme_game)
      return games[i].id;
  return games[0].id;
}

const char *
chancellor_catalogue_get_name (const char *id)
{
  const GameRow *game = lookup_game (id);

  return game ? _(game->name) : NULL;
}

const char *
chancellor_catalogue_get_summary (const char *id)
{
  const GameRow *game = lookup_game (id);

  return game ? _(game->summary) : NULL;
}

ChancellorStartRule
chancellor_catalogue_get_start_rule (const char *id,
                                     int        *n_starts)
{
  const Variant *variant = variant_by_id (id);
  ChancellorStartRule rule = CHANCELLOR_START_FIXED;
  int count = 1;

  if (variant && variant->start == START_PRIME_MINISTERS)
    {
      rule = CHANCELLOR_START_NUMBERED;
      count = PMRC_POSITIONS;
    }
  else if (variant && variant->start == START_RELOCATION)
    rule = CHANCELLOR_START_RELOCATION;
  if (n_starts)
    *n_starts = count;
  return rule;
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
chancellor_catalogue_get_rules_sections (const char             *id,
                                         gboolean                after_pieces,
                                         ChancellorRulesSection *sections,
                                         int                     max)
{
  const GameRow *game = lookup_game (id);
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
chancellor_catalogue_get_pieces_intro (const char *id)
{
  const GameRow *game = lookup_game (id);

  return game && game->pieces_intro ? _(game->pieces_intro) : NULL;
}

const char *
chancellor_catalogue_get_piece_rules (const char *kind_id)
{
  int i = lookup_piece (kind_id);

  return i >= 0 ? _(pieces[i].rules) : NULL;
}

const char *
chancellor_catalogue_get_piece_art (const char *kind_id)
{
  int i = lookup_piece (kind_id);

  return i >= 0 ? pieces[i].art : NULL;
}

/* The distinct arts in the order they first appear in pieces[]. */
static guint
collect_arts (const char **arts)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      guint j = 0;

      while (j < n && !g_str_equal (arts[j], pieces[i].art))
        j++;
      if (j == n)
        arts[n++] = pieces[i].art;
    }
  return n;
}

guint
chancellor_catalogue_get_n_arts (void)
{
  const char *arts[G_N_ELEMENTS (pieces)];

  return collect_arts (arts);
}

const char *
chancellor_catalogue_get_art (guint index)
{
  const char *arts[G_N_ELEMENTS (pieces)];
  guint n = collect_arts (arts);

  g_return_val_if_fail (index < n, NULL);
  return arts[index];
}

int
chancellor_catalogue_get_art_index (const char *kind_id)
{
  const char *arts[G_N_ELEMENTS (pieces)];
  guint n = collect_arts (arts);
  const char *art = chancellor_catalogue_get_piece_art (kind_id);

  for (guint j = 0; art && j < n; j++)
    if (g_str_equal (arts[j], art))
      return (int) j;
  return -1;
}
