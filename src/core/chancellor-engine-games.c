/* chancellor-engine-games.c — which of our games an external engine plays.
 *
 * The variant file is written from the engine's tables (variant.h), never
 * from a list of games here: board size, start, pieces by their move
 * atoms, pawn steps, promotion and castling.  A piece whose atoms are one
 * of Fairy-Stockfish's built-in pieces is named as such; any other (the
 * Ajax pieces with their move-only steps) becomes a custom piece in Betza
 * notation, which only newer versions read.  Carrera's double-step rule
 * has no counterpart there: the referee (ChancellorUciEngine) refuses
 * such a move when an engine plays it.
 */
#define G_LOG_DOMAIN "chancellor-engine-games"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <glib/gi18n-lib.h>

#include "chancellor-engine-games.h"
#include "movegen.h"
#include "position.h"

void
chancellor_engine_game_free (ChancellorEngineGame *game)
{
  if (!game)
    return;
  g_free (game->id);
  g_free (game->reason);
  g_free (game);
}

/* The variant file */

/* Fairy-Stockfish's built-in pieces that are plain sets of capturing atoms. */
static const struct {
  unsigned atoms;
  const char *name;
} builtin_pieces[] = {
  { ATOM_BIT (ATOM_R), "rook" },
  { ATOM_BIT (ATOM_B), "bishop" },
  { ATOM_BIT (ATOM_N), "knight" },
  { ATOM_BIT (ATOM_R) | ATOM_BIT (ATOM_B), "queen" },
  { ATOM_BIT (ATOM_B) | ATOM_BIT (ATOM_N), "archbishop" },
  { ATOM_BIT (ATOM_R) | ATOM_BIT (ATOM_N), "chancellor" },
  { ATOM_BIT (ATOM_W) | ATOM_BIT (ATOM_F), "commoner" },
};

/* Betza letters of the atoms, in the order of the ATOM_ enum. */
static const char atom_letters[ATOM_NB] = { 'W', 'F', 'N', 'A', 'D', 'R', 'B' };

static void
append_betza (GString    *text,
              unsigned    atoms,
              const char *prefix)
{
  for (int atom = 0; atom < ATOM_NB; atom++)
    if (atoms & ATOM_BIT (atom))
      g_string_append_printf (text, "%s%c", prefix, atom_letters[atom]);
}

static char
file_letter (int file)
{
  return (char) ('a' + file);
}

char *
chancellor_engine_games_fsf_definition (const char *id,
                                        gboolean   *needs_custom_pieces)
{
  const Variant *v = variant_by_id (id);
  g_autoptr (GString) text = NULL;
  g_autofree char *promotions = NULL;
  int custom = 0;

  g_return_val_if_fail (id != NULL, NULL);

  if (!v)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, "[%s]\nmaxFile = %c\nmaxRank = %d\n", v->id, file_letter (v->files - 1), v->ranks);
  g_string_append (text, "king = k\npawn = p\n");
  for (int type = 0; type < v->types; type++)
    {
      const PieceKindInfo *info = piece_kind_info (v->kinds[type]);
      char letter = g_ascii_tolower (v->type_letter[type]);
      const char *builtin = NULL;

      if (type == TYPE_KING || type == TYPE_PAWN)
        continue;
      for (gsize i = 0; i < G_N_ELEMENTS (builtin_pieces) && info->move_only == 0; i++)
        if (builtin_pieces[i].atoms == info->atoms)
          builtin = builtin_pieces[i].name;
      if (builtin)
        {
          g_string_append_printf (text, "%s = %c\n", builtin, letter);
          continue;
        }
      g_string_append_printf (text, "customPiece%d = %c:", ++custom, letter);
      append_betza (text, info->atoms, "");
      append_betza (text, info->move_only, "m");
      g_string_append_c (text, '\n');
    }
  g_string_append_printf (text, "startFen = %s\n", v->start_fen);
  promotions = g_ascii_strdown (v->promotions, -1);
  g_string_append_printf (text, "promotionPieceTypes = %s\n", promotions);
  if (v->ranks != 8)
    g_string_append_printf (text,
                            "promotionRegionWhite = *%d\npromotionRegionBlack = *1\n"
                            "doubleStepRegionWhite = *2\ndoubleStepRegionBlack = *%d\n",
                            v->ranks, v->ranks - 1);
  if (v->pawn_step_max >= 3)
    g_string_append_printf (text, "tripleStepRegionWhite = *2\ntripleStepRegionBlack = *%d\n", v->ranks - 1);
  if (v->castling == CASTLING_NONE)
    g_string_append (text, "castling = false\n");
  else
    {
      if (v->castling == CASTLING_FREE)
        g_string_append (text, "chess960 = true\n");
      g_string_append_printf (text, "castlingKingsideFile = %c\ncastlingQueensideFile = %c\n",
                              file_letter (v->castle_king_file[CASTLE_H_SIDE]),
                              file_letter (v->castle_king_file[CASTLE_A_SIDE]));
    }
  if (needs_custom_pieces)
    *needs_custom_pieces = custom > 0;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Our own count from the start position. */
static guint64
own_perft (const Variant *v,
           int            depth)
{
  g_autofree Position *pos = g_new0 (Position, 1);
  ParseError err;

  if (!position_set_fen (pos, v, v->start_fen, &err))
    g_return_val_if_reached (0);
  return perft (pos, depth);
}

/* The check */

typedef struct {
  ChancellorUciEngine *engine;
  char *cache_dir;
  char *definitions_path;
  GPtrArray *games;              /* ChancellorEngineGame *, as checked so far */
  int next;                      /* index into the engine tables */
  gboolean *needs_custom;        /* by index: the game's definition has custom pieces */
  gboolean *defined;             /* by index: the game is in the variant file */
} Check;

static void
check_free (gpointer data)
{
  Check *check = data;

  g_object_unref (check->engine);
  g_free (check->cache_dir);
  g_free (check->definitions_path);
  g_free (check->needs_custom);
  g_free (check->defined);
  g_ptr_array_unref (check->games);
  g_free (check);
}

static void check_next (GTask *task);

static void
add_game (Check      *check,
          const char *id,
          char       *reason)
{
  ChancellorEngineGame *game = g_new0 (ChancellorEngineGame, 1);

  game->id = g_strdup (id);
  game->playable = reason == NULL;
  game->reason = reason;
  g_ptr_array_add (check->games, game);
}

/* Writes the variant file for the games the engine does not list, when
 * it reads such files; NULL path when none is needed. */
static gboolean
write_definitions (Check   *check,
                   GError **error)
{
  g_autoptr (GString) text = g_string_new ("# Written by Chancellor for Fairy-Stockfish from its game tables.\n");
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *digest = NULL;
  gboolean any = FALSE;

  if (!chancellor_uci_engine_find_option (check->engine, "VariantPath"))
    return TRUE;
  for (int i = 0; i < variant_count (); i++)
    {
      const Variant *v = variant_at (i);
      g_autofree char *section = NULL;

      if (chancellor_uci_engine_knows_variant (check->engine, v->id))
        continue;
      section = chancellor_engine_games_fsf_definition (v->id, &check->needs_custom[i]);
      g_string_append_printf (text, "\n%s", section);
      check->defined[i] = TRUE;
      any = TRUE;
    }
  if (!any)
    return TRUE;
  dir = g_build_filename (check->cache_dir ? check->cache_dir : g_get_user_cache_dir (), "chancellor", NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("The folder “%s” for the engine’s game definitions cannot be made: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  /* Named by content: two engines may need different files at once. */
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text->str, text->len);
  digest[12] = '\0';
  name = g_strdup_printf ("variants-%s.ini", digest);
  check->definitions_path = g_build_filename (dir, name, NULL);
  return g_file_set_contents (check->definitions_path, text->str, text->len, error);
}

static void
on_synced (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;

  if (!chancellor_uci_engine_sync_finish (CHANCELLOR_UCI_ENGINE (source), result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  check_next (task);
}

/* Gives the engine the variant file, then goes on checking. */
static void
load_definitions (GTask *task)
{
  Check *check = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;

  if (check->definitions_path
      && !chancellor_uci_engine_set_option (check->engine, "VariantPath", check->definitions_path, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  chancellor_uci_engine_sync_async (check->engine, g_task_get_cancellable (task), on_synced, g_object_ref (task));
}

static void
on_restarted (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  Check *check = g_task_get_task_data (task);

  if (!chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, &error))
    {
      /* The games left cannot be checked: each says why. */
      for (; check->next < variant_count (); check->next++)
        add_game (check, variant_at (check->next)->id, g_strdup (error->message));
      g_task_return_pointer (task, g_ptr_array_ref (check->games), (GDestroyNotify) g_ptr_array_unref);
      return;
    }
  load_definitions (task);
}

static void
on_counted (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  Check *check = g_task_get_task_data (task);
  const Variant *v = variant_at (check->next);
  const char *name = chancellor_uci_engine_get_name (check->engine);
  guint64 nodes = 0, expected;
  GCancellable *cancellable;

  if (!chancellor_uci_engine_perft_finish (check->engine, result, &nodes, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      if (check->needs_custom[check->next])
        add_game (check, v->id,
                  g_strdup_printf (_("%s cannot express the pieces of this game: its version is too old."), name));
      else
        add_game (check, v->id, g_strdup (error->message));
      check->next++;
      if (g_error_matches (error, CHANCELLOR_UCI_ENGINE_ERROR, CHANCELLOR_UCI_ENGINE_ERROR_TIMEOUT))
        {
          /* An engine that does not count moves would time out on every game. */
          for (; check->next < variant_count (); check->next++)
            add_game (check, variant_at (check->next)->id,
                      g_strdup_printf (_("%s does not count moves (“go perft”), so Chancellor cannot check that it knows this game."),
                                       name));
          g_task_return_pointer (task, g_ptr_array_ref (check->games), (GDestroyNotify) g_ptr_array_unref);
          return;
        }
      cancellable = g_task_get_cancellable (task);
      chancellor_uci_engine_start_async (check->engine, cancellable, on_restarted, g_steal_pointer (&task));
      return;
    }

  expected = own_perft (v, CHANCELLOR_ENGINE_GAMES_PERFT_DEPTH);
  if (nodes == expected)
    add_game (check, v->id, NULL);
  else if (check->needs_custom[check->next])
    add_game (check, v->id,
              g_strdup_printf (_("%s cannot express the pieces of this game: its version is too old."), name));
  else
    {
      g_autofree char *got = g_strdup_printf ("%" G_GUINT64_FORMAT, nodes);
      g_autofree char *want = g_strdup_printf ("%" G_GUINT64_FORMAT, expected);

      add_game (check, v->id,
                g_strdup_printf (_("%s does not play this game by its rules: it counts %s positions %d moves deep where the rules give %s."),
                                 name, got, CHANCELLOR_ENGINE_GAMES_PERFT_DEPTH, want));
    }
  check->next++;
  check_next (task);
}

static void
check_next (GTask *task)
{
  Check *check = g_task_get_task_data (task);
  const Variant *v;

  if (check->next >= variant_count ())
    {
      g_task_return_pointer (task, g_ptr_array_ref (check->games), (GDestroyNotify) g_ptr_array_unref);
      return;
    }
  v = variant_at (check->next);
  if (chancellor_uci_engine_find_option (check->engine, "UCI_Variant")
      && !chancellor_uci_engine_knows_variant (check->engine, v->id)
      && !check->defined[check->next])
    {
      add_game (check, v->id,
                g_strdup_printf (_("%s does not know this game and cannot be told its rules."),
                                 chancellor_uci_engine_get_name (check->engine)));
      check->next++;
      check_next (task);
      return;
    }
  chancellor_uci_engine_perft_async (check->engine, v->id, v->start_fen, CHANCELLOR_ENGINE_GAMES_PERFT_DEPTH,
                                     g_task_get_cancellable (task), on_counted, g_object_ref (task));
}

void
chancellor_engine_games_check_async (ChancellorUciEngine *engine,
                                     const char          *cache_dir,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  Check *check;

  g_return_if_fail (CHANCELLOR_IS_UCI_ENGINE (engine));

  task = g_task_new (engine, cancellable, callback, user_data);
  check = g_new0 (Check, 1);
  check->engine = g_object_ref (engine);
  check->cache_dir = g_strdup (cache_dir);
  check->needs_custom = g_new0 (gboolean, variant_count ());
  check->defined = g_new0 (gboolean, variant_count ());
  check->games = g_ptr_array_new_with_free_func ((GDestroyNotify) chancellor_engine_game_free);
  g_task_set_task_data (task, check, check_free);
  if (!write_definitions (check, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  load_definitions (task);
}

GPtrArray *
chancellor_engine_games_check_finish (GAsyncResult  *result,
                                      char         **definitions_path,
                                      GError       **error)
{
  GPtrArray *games;

  g_return_val_if_fail (G_IS_TASK (result), NULL);

  games = g_task_propagate_pointer (G_TASK (result), error);
  if (games && definitions_path)
    *definitions_path = g_strdup (((Check *) g_task_get_task_data (G_TASK (result)))->definitions_path);
  return games;
}

/* Preparing an engine for one game */

static const char prepare_tag;

static void
prepare_checked (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = chancellor_engine_games_check_finish (result, NULL, &error);
  const char *id = g_object_get_data (G_OBJECT (task), "chancellor-game-id");

  if (!games)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const ChancellorEngineGame *game = g_ptr_array_index (games, i);

      if (g_str_equal (game->id, id) && !game->playable)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s", game->reason);
          return;
        }
    }
  g_task_return_pointer (task, g_object_ref (source), g_object_unref);
}

static void
prepare_started (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;

  if (!chancellor_uci_engine_start_finish (CHANCELLOR_UCI_ENGINE (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  chancellor_engine_games_check_async (CHANCELLOR_UCI_ENGINE (source), NULL, g_task_get_cancellable (task),
                                       prepare_checked, g_object_ref (task));
}

void
chancellor_engine_games_prepare_async (const char          *path,
                                       const char          *id,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr (ChancellorUciEngine) engine = NULL;
  GTask *task;

  g_return_if_fail (path != NULL);
  g_return_if_fail (id != NULL);

  engine = chancellor_uci_engine_new (path);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, (gpointer) &prepare_tag);
  g_object_set_data_full (G_OBJECT (task), "chancellor-game-id", g_strdup (id), g_free);
  chancellor_uci_engine_start_async (engine, cancellable, prepare_started, task);
}

ChancellorUciEngine *
chancellor_engine_games_prepare_finish (GAsyncResult  *result,
                                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == &prepare_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

char **
chancellor_engine_games_find_installed (void)
{
  g_autoptr (GStrvBuilder) found = g_strv_builder_new ();
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *on_path = g_find_program_in_path ("fairy-stockfish");
  const char *candidates[] = { on_path, "/usr/games/fairy-stockfish" };

  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *identity = NULL;
      GStatBuf status;

      if (!candidates[i] || !g_file_test (candidates[i], G_FILE_TEST_IS_EXECUTABLE)
          || g_stat (candidates[i], &status) != 0)
        continue;
      /* The same program by two names (a link on PATH) is listed once. */
      identity = g_strdup_printf ("%ju:%ju", (uintmax_t) status.st_dev, (uintmax_t) status.st_ino);
      if (g_ptr_array_find_with_equal_func (seen, identity, g_str_equal, NULL))
        continue;
      g_ptr_array_add (seen, g_steal_pointer (&identity));
      g_strv_builder_add (found, candidates[i]);
    }
  return g_strv_builder_end (found);
}
