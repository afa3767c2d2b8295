/* chancellor-catalogue.h — the games as the app shows them, as data.
 *
 * The engine's table (src/engine/variant.c) says how each game is played;
 * the catalogue says, for each of those games, what the player reads: its
 * name, a summary, the sections of its rules, and how its start is chosen;
 * and for each piece kind its name, its art and how it moves.  Adding a
 * game is one engine row plus one catalogue row (plus art for a new piece).
 * The rules texts are doc/rules.md in the app's words.
 *
 * Ids are the engine's (compared case-insensitively).  Every text returned
 * is translated.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How a game's start is chosen. */
typedef enum {
  CHANCELLOR_START_FIXED,        /* one standard array */
  CHANCELLOR_START_NUMBERED,     /* one of a count of numbered arrays */
  CHANCELLOR_START_RELOCATION,   /* the sides rearrange it before the first move */
} ChancellorStartRule;

/* The games in the order the app lists them. */
guint chancellor_catalogue_get_n_games (void);
const char *chancellor_catalogue_get_game_id (guint index);
/* Whether id names a game of the catalogue. */
gboolean chancellor_catalogue_has_game (const char *id);

/* The game a new player starts with: the settings schema's default for
 * "last-variant" (the first game of the catalogue when no schema is
 * installed). */
const char *chancellor_catalogue_get_default_game (void);
/* The game whose board shows the board themes in the preferences. */
const char *chancellor_catalogue_get_theme_game (void);

/* "Ajax Chess", and a few sentences on the game; NULL for an unknown id. */
const char *chancellor_catalogue_get_name (const char *id);
const char *chancellor_catalogue_get_summary (const char *id);
/* How the game's start is chosen; for CHANCELLOR_START_NUMBERED, n_starts
 * (may be NULL) is how many arrays there are (numbered 0 .. n_starts - 1),
 * otherwise 1. */
ChancellorStartRule chancellor_catalogue_get_start_rule (const char *id, int *n_starts);

typedef struct {
  const char *heading;
  const char *body;
} ChancellorRulesSection;

/* The sections of a game's rules before its pieces ("Board and Setup"),
 * and after them ("Pawns and Promotion", "Castling", special rules, "End
 * of the Game"): fills at most max sections and returns how many there
 * are, 0 for an unknown id. */
int chancellor_catalogue_get_rules_sections (const char *id, gboolean after_pieces,
                                             ChancellorRulesSection *sections, int max);
/* A line on the game's pieces as a whole, or NULL. */
const char *chancellor_catalogue_get_pieces_intro (const char *id);

/* A piece kind (the engine's kind ids: "king", "ajax-minister"…): how it
 * moves, and the art it is drawn with ("minister": the pictures
 * pieces/white-minister.svg and pieces/black-minister.svg); NULL for a
 * kind the catalogue does not know. */
const char *chancellor_catalogue_get_piece_rules (const char *kind_id);
const char *chancellor_catalogue_get_piece_art (const char *kind_id);
/* The distinct arts, for caches indexed by art: art_index is the art's
 * place in that list, -1 for an unknown kind. */
guint chancellor_catalogue_get_n_arts (void);
const char *chancellor_catalogue_get_art (guint index);
int chancellor_catalogue_get_art_index (const char *kind_id);

G_END_DECLS
