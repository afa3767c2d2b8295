/* cecp.c — the XBoard protocol (Chess Engine Communication Protocol v2).
 *
 * XBoard keeps the game and sends moves one by one; the engine keeps its
 * own copy, plays the side it is told to, and searches on a thread of its
 * own while it keeps reading commands.  Games XBoard does not know are
 * described to it with `setup` (board size, pieces, start) and `piece`
 * (each piece's moves in Betza notation, built from the game's table).
 * On boards of ten ranks or more XBoard numbers ranks from 0 (a0..j9).
 */
#include "cecp.h"

#include "notation.h"
#include "search.h"
#include "status.h"

#include <pthread.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CECP_LINE_MAX 8192
#define CECP_HASH_MB 16
/* The piece letters in the order of XBoard's pieceToChar table. */
#define XBOARD_PIECE_ORDER "PNBRQFEACWMOHIJGDVLSUK"
#define XBOARD_MATE_SCORE 100000

typedef enum { MODE_FORCE, MODE_PLAY, MODE_ANALYZE } Mode;

typedef struct {
  const Variant *variant;
  Position *pos;
  Position *root;            /* the searched position, the thread's own */
  Position *pv_scratch;
  Search *search;
  pthread_t thread;
  bool running;
  atomic_bool abandon;       /* the running search's result is not wanted */
  atomic_bool post;
  Mode mode;
  int engine_color;          /* in MODE_PLAY: the side the engine plays */
  SearchLimits limits;       /* the thread's copy */
  /* Time control. */
  int level_moves;           /* moves per session, 0: whole game */
  int64_t level_base_ms, level_inc_ms;
  int64_t movetime_ms;       /* st */
  int depth;                 /* sd */
  int64_t my_time_ms, their_time_ms;
} Cecp;

static void say (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* Each line in one stdio call, so that the thread's and the loop's lines
 * never interleave. */
static void say (const char *format, ...)
{
  char line[4096];
  va_list args;

  va_start (args, format);
  vsnprintf (line, sizeof line - 1, format, args);
  va_end (args);
  strcat (line, "\n");
  fputs (line, stdout);
  fflush (stdout);
}

/* The XBoard name of a game: its own where XBoard knows the game. */
static const char *xboard_name (const Variant *v)
{
  if (strcmp (v->id, "chess") == 0)
    return "normal";
  return v->id;
}

static bool xboard_knows (const Variant *v)
{
  return strcmp (v->id, "chess") == 0 || strcmp (v->id, "capablanca") == 0;
}

static const Variant *variant_from_xboard (const char *name)
{
  return strcmp (name, "normal") == 0 ? variant_by_id ("chess") : variant_by_id (name);
}

/* A square as XBoard writes it: ranks from 0 on boards of ten ranks or more. */
static void xboard_square (const Variant *v, int sq, char *buf)
{
  buf[0] = (char) ('a' + square_file (v, sq));
  buf[1] = (char) ('0' + square_rank (v, sq) + (v->ranks > 9 ? 0 : 1));
  buf[2] = '\0';
}

/* A move as XBoard writes it; castling as the king's move, or, where the
 * king stays on its square (a Chess960-style castling such as PMRC's
 * O-Oh with the king on h1), as O-O or O-O-O, XBoard's words for it. */
static void xboard_move (const Position *pos, Move move, char *buf, size_t size)
{
  const Variant *v = pos->variant;
  int from = move_from (move), to = move_to (move);
  char from_name[3], to_name[3], promotion[2] = "";

  if (move_kind (move) == MOVE_CASTLING)
    {
      int side = square_file (v, to) < square_file (v, from) ? CASTLE_A_SIDE : CASTLE_H_SIDE;
      to = position_castle_king_target (pos, pos->side, side);
      if (to == from)
        {
          snprintf (buf, size, "%s", side == CASTLE_H_SIDE ? "O-O" : "O-O-O");
          return;
        }
    }
  if (move_kind (move) == MOVE_PROMOTION)
    promotion[0] = (char) (v->type_letter[move_promotion (move)] - 'A' + 'a');
  xboard_square (v, from, from_name);
  xboard_square (v, to, to_name);
  snprintf (buf, size, "%s%s%s", from_name, to_name, promotion);
}

/* The legal move XBoard means by text, or MOVE_NONE. */
static Move parse_xboard_move (const Position *pos, const char *text)
{
  MoveList moves;
  char buf[MOVE_TEXT_MAX], lower[MOVE_TEXT_MAX];
  size_t n = 0;

  for (; text[n] && n + 1 < sizeof lower; n++)
    lower[n] = (char) (text[n] >= 'A' && text[n] <= 'Z' ? text[n] - 'A' + 'a' : text[n]);
  lower[n] = '\0';
  movegen_legal (pos, &moves);
  for (int i = 0; i < moves.count; i++)
    {
      xboard_move (pos, moves.moves[i], buf, sizeof buf);
      if (strcmp (buf, lower) == 0)
        return moves.moves[i];
    }
  /* O-O and O-O-O, as XBoard may send them in Chess960-like games. */
  if (text[0] == 'O' || text[0] == '0')
    {
      ParseError err;
      return notation_parse_san (pos, text, &err);
    }
  return MOVE_NONE;
}

/* Betza letters for a set of atoms: W+F read as K, R+B as Q. */
static size_t betza_atoms (unsigned atoms, char *buf, size_t size)
{
  static const struct { unsigned atoms; const char *letters; } table[] = {
    { ATOM_BIT (ATOM_R) | ATOM_BIT (ATOM_B), "Q" },
    { ATOM_BIT (ATOM_W) | ATOM_BIT (ATOM_F), "K" },
    { ATOM_BIT (ATOM_R), "R" }, { ATOM_BIT (ATOM_B), "B" }, { ATOM_BIT (ATOM_N), "N" },
    { ATOM_BIT (ATOM_W), "W" }, { ATOM_BIT (ATOM_F), "F" }, { ATOM_BIT (ATOM_A), "A" },
    { ATOM_BIT (ATOM_D), "D" },
  };
  size_t n = 0;

  for (size_t i = 0; i < sizeof table / sizeof table[0] && n + 2 < size; i++)
    if ((atoms & table[i].atoms) == table[i].atoms)
      {
        atoms &= ~table[i].atoms;
        n += (size_t) snprintf (buf + n, size - n, "%s", table[i].letters);
      }
  return n;
}

/* Describes a game XBoard does not know: board, pieces and start, then
 * each piece's moves. */
static void send_setup (const Cecp *cecp)
{
  const Variant *v = cecp->variant;
  char table[2 * sizeof XBOARD_PIECE_ORDER], fen[256];
  size_t order = strlen (XBOARD_PIECE_ORDER);

  memset (table, '.', 2 * order);
  table[2 * order] = '\0';
  for (int t = 0; t < v->types; t++)
    {
      const char *slot = strchr (XBOARD_PIECE_ORDER, v->type_letter[t]);
      if (!slot)
        continue;
      table[slot - XBOARD_PIECE_ORDER] = v->type_letter[t];
      table[order + (size_t) (slot - XBOARD_PIECE_ORDER)] = (char) (v->type_letter[t] - 'A' + 'a');
    }
  position_get_fen (cecp->pos, fen, sizeof fen);
  say ("setup (%s) %dx%d+0_fairy %s", table, v->files, v->ranks, fen);
  for (int t = 0; t < v->types; t++)
    {
      char betza[64];
      size_t n;
      if (v->kinds[t] == KIND_KING)
        continue;
      if (v->kinds[t] == KIND_PAWN)
        {
          if (v->pawn_step_max == 3)
            say ("piece P& fmWfceFifmR3");
          continue;
        }
      n = betza_atoms (v->type_atoms[t], betza, sizeof betza);
      if (v->type_move_only[t])
        {
          betza[n++] = 'm';
          betza_atoms (v->type_move_only[t], betza + n, sizeof betza - n);
        }
      else
        betza[n] = '\0';
      say ("piece %c& %s", v->type_letter[t], betza);
    }
}

static void announce_result (const Position *pos)
{
  StatusInfo status = position_status (pos);

  if (status.status == STATUS_ONGOING)
    return;
  if (status.status == STATUS_CHECKMATE)
    say (pos->side == WHITE ? "0-1 {Black mates}" : "1-0 {White mates}");
  else
    say ("1/2-1/2 {Draw by %s}", status_describe (status.status));
}

static bool game_over (const Position *pos)
{
  return position_status (pos).status != STATUS_ONGOING;
}

/* Thinking output: ply score time(centiseconds) nodes pv. */
static void print_thinking (const SearchInfo *info, void *data)
{
  Cecp *cecp = data;
  Position *pos = cecp->pv_scratch;
  char line[4096], move[MOVE_TEXT_MAX];
  int mate = search_mate_in (info->score);
  int score = mate > 0 ? XBOARD_MATE_SCORE + mate : mate < 0 ? -XBOARD_MATE_SCORE + mate : info->score;
  size_t n;

  if (!atomic_load (&cecp->post) || info->multipv != 1)
    return;
  n = (size_t) snprintf (line, sizeof line, "%d %d %" PRId64 " %" PRIu64, info->depth, score, info->time_ms / 10,
                         info->nodes);
  position_copy (pos, cecp->root);
  for (int i = 0; i < info->pv_length && n + MOVE_TEXT_MAX + 2 < sizeof line; i++)
    {
      xboard_move (pos, info->pv[i], move, sizeof move);
      n += (size_t) snprintf (line + n, sizeof line - n, " %s", move);
      position_make (pos, info->pv[i]);
    }
  say ("%s", line);
}

static void *search_thread (void *data)
{
  Cecp *cecp = data;
  Move best = search_run (cecp->search, cecp->root, &cecp->limits, print_thinking, cecp, NULL);
  char text[MOVE_TEXT_MAX];

  if (cecp->mode != MODE_PLAY || atomic_load (&cecp->abandon) || best == MOVE_NONE)
    return NULL;
  /* The loop waits for this thread before it touches the game again. */
  xboard_move (cecp->pos, best, text, sizeof text);
  position_make (cecp->pos, best);
  say ("move %s", text);
  announce_result (cecp->pos);
  return NULL;
}

/* Ends a running search; its move is played unless abandon is set. */
static void search_finish (Cecp *cecp, bool abandon)
{
  if (!cecp->running)
    return;
  if (abandon)
    atomic_store (&cecp->abandon, true);
  search_stop (cecp->search);
  pthread_join (cecp->thread, NULL);
  cecp->running = false;
}

static void start_search (Cecp *cecp)
{
  SearchLimits limits = { .multipv = 1, .skill = 20, .move_overhead_ms = 50 };
  int side = cecp->pos->side;

  if (game_over (cecp->pos) || !position_history_has_room (cecp->pos, SEARCH_PLY_MAX + 4))
    return;
  if (cecp->mode == MODE_ANALYZE)
    limits.infinite = true;
  else if (cecp->movetime_ms > 0)
    limits.movetime_ms = cecp->movetime_ms;
  else if (cecp->my_time_ms > 0)
    {
      limits.time_ms[side] = cecp->my_time_ms;
      limits.time_ms[!side] = cecp->their_time_ms > 0 ? cecp->their_time_ms : cecp->my_time_ms;
      limits.increment_ms[side] = limits.increment_ms[!side] = cecp->level_inc_ms;
      if (cecp->level_moves > 0)
        {
          int played = cecp->pos->ply / 2;
          limits.moves_to_go = cecp->level_moves - played % cecp->level_moves;
        }
    }
  else if (!cecp->depth)
    limits.movetime_ms = 5000;
  limits.depth = cecp->depth;
  limits.seed = position_key (cecp->pos);
  position_copy (cecp->root, cecp->pos);
  cecp->limits = limits;
  atomic_store (&cecp->abandon, false);
  search_prepare (cecp->search, &limits);
  if (pthread_create (&cecp->thread, NULL, search_thread, cecp) != 0)
    {
      say ("Error (cannot start the search thread): go");
      return;
    }
  cecp->running = true;
}

/* new: chess from the start, the engine plays Black, no depth or move
 * time limit; variant keeps the limits. */
static void new_game (Cecp *cecp, const Variant *v)
{
  cecp->variant = v;
  position_set_start (cecp->pos, v);
  search_clear (cecp->search);
  cecp->mode = MODE_PLAY;
  cecp->engine_color = BLACK;
}

/* "level MPS BASE INC", BASE in minutes or minutes:seconds. */
static void command_level (Cecp *cecp, const char *args)
{
  int moves, minutes, seconds = 0;
  double inc;
  char base[32];

  if (sscanf (args, "%d %31s %lf", &moves, base, &inc) != 3
      || (sscanf (base, "%d:%d", &minutes, &seconds) < 1) || moves < 0 || minutes < 0 || inc < 0)
    {
      say ("Error (bad arguments): level %s", args);
      return;
    }
  cecp->level_moves = moves;
  cecp->level_base_ms = ((int64_t) minutes * 60 + seconds) * 1000;
  cecp->level_inc_ms = (int64_t) (inc * 1000);
  cecp->movetime_ms = 0;
}

static void command_usermove (Cecp *cecp, const char *text)
{
  Move move = parse_xboard_move (cecp->pos, text);

  if (move == MOVE_NONE || !position_history_has_room (cecp->pos, SEARCH_PLY_MAX + 8))
    {
      say ("Illegal move: %s", text);
      return;
    }
  position_make (cecp->pos, move);
  if (game_over (cecp->pos))
    {
      announce_result (cecp->pos);
      if (cecp->mode == MODE_PLAY)
        cecp->mode = MODE_FORCE;
      return;
    }
  if (cecp->mode == MODE_ANALYZE || (cecp->mode == MODE_PLAY && cecp->pos->side == cecp->engine_color))
    start_search (cecp);
}

static void take_back (Cecp *cecp, int plies)
{
  for (int i = 0; i < plies && cecp->pos->ply > 0; i++)
    position_unmake (cecp->pos);
  if (cecp->mode == MODE_ANALYZE)
    start_search (cecp);
}

static void command_setboard (Cecp *cecp, const char *fen)
{
  ParseError err;

  if (!position_set_fen (cecp->pos, cecp->variant, fen, &err))
    {
      say ("tellusererror Illegal position: %s", err.message);
      position_set_start (cecp->pos, cecp->variant);
      return;
    }
  if (cecp->mode == MODE_ANALYZE)
    start_search (cecp);
}

static void send_features (void)
{
  char variants[1024];
  size_t n = 0;

  for (int i = 0; i < variant_count (); i++)
    n += (size_t) snprintf (variants + n, sizeof variants - n, "%s%s", i ? "," : "", xboard_name (variant_at (i)));
  say ("feature done=0");
  say ("feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 "
       "myname=\"Chancellor " CHANCELLOR_VERSION "\" variants=\"%s\"", variants);
  say ("feature done=1");
}

/* Commands answered while a search goes on; false when the command is
 * not one of them. */
static bool handle_at_once (Cecp *cecp, const char *command, const char *args)
{
  if (strcmp (command, "ping") == 0)
    say ("pong %s", args);
  else if (strcmp (command, "post") == 0)
    atomic_store (&cecp->post, true);
  else if (strcmp (command, "nopost") == 0)
    atomic_store (&cecp->post, false);
  else if (strcmp (command, "?") == 0)
    {
      if (cecp->running && cecp->mode == MODE_PLAY)
        search_finish (cecp, false);
    }
  else if (strcmp (command, "time") == 0)
    cecp->my_time_ms = atoll (args) * 10;
  else if (strcmp (command, "otim") == 0)
    cecp->their_time_ms = atoll (args) * 10;
  else if (strcmp (command, ".") == 0 || strcmp (command, "hard") == 0 || strcmp (command, "easy") == 0
           || strcmp (command, "accepted") == 0 || strcmp (command, "rejected") == 0
           || strcmp (command, "computer") == 0 || strcmp (command, "random") == 0
           || strcmp (command, "name") == 0 || strcmp (command, "rating") == 0 || strcmp (command, "ics") == 0)
    ;
  else
    return false;
  return true;
}

static bool handle_command (Cecp *cecp, char *line)
{
  char *args = line;
  const char *command;

  while (*args == ' ' || *args == '\t')
    args++;
  if (!*args)
    return true;
  command = args;
  while (*args && *args != ' ' && *args != '\t')
    args++;
  if (*args)
    *args++ = '\0';
  while (*args == ' ' || *args == '\t')
    args++;

  if (strcmp (command, "quit") == 0)
    return false;
  if (handle_at_once (cecp, command, args))
    return true;
  /* Anything else first ends the search, dropping the move it was
   * thinking of (force, new, undo, setboard... change the game). */
  search_finish (cecp, true);
  if (strcmp (command, "protover") == 0)
    send_features ();
  else if (strcmp (command, "xboard") == 0)
    ;
  else if (strcmp (command, "new") == 0)
    {
      new_game (cecp, variant_by_id ("chess"));
      cecp->movetime_ms = 0;
      cecp->depth = 0;
    }
  else if (strcmp (command, "variant") == 0)
    {
      const Variant *v = variant_from_xboard (args);
      if (!v)
        {
          say ("Error (unknown variant): %s", args);
          return true;
        }
      new_game (cecp, v);
      if (!xboard_knows (v))
        send_setup (cecp);
    }
  else if (strcmp (command, "force") == 0 || strcmp (command, "result") == 0)
    cecp->mode = MODE_FORCE;
  else if (strcmp (command, "go") == 0)
    {
      cecp->mode = MODE_PLAY;
      cecp->engine_color = cecp->pos->side;
      start_search (cecp);
    }
  else if (strcmp (command, "playother") == 0)
    {
      cecp->mode = MODE_PLAY;
      cecp->engine_color = !cecp->pos->side;
    }
  else if (strcmp (command, "usermove") == 0)
    command_usermove (cecp, args);
  else if (strcmp (command, "level") == 0)
    command_level (cecp, args);
  else if (strcmp (command, "st") == 0)
    cecp->movetime_ms = atoll (args) * 1000;
  else if (strcmp (command, "sd") == 0)
    {
      /* A depth beyond the search's reach means no depth limit. */
      int depth = atoi (args);
      cecp->depth = depth > 0 && depth < SEARCH_PLY_MAX - 4 ? depth : 0;
    }
  else if (strcmp (command, "setboard") == 0)
    command_setboard (cecp, args);
  else if (strcmp (command, "undo") == 0)
    take_back (cecp, 1);
  else if (strcmp (command, "remove") == 0)
    take_back (cecp, 2);
  else if (strcmp (command, "analyze") == 0)
    {
      cecp->mode = MODE_ANALYZE;
      start_search (cecp);
    }
  else if (strcmp (command, "exit") == 0)
    cecp->mode = MODE_FORCE;
  else
    say ("Error (unknown command): %s", command);
  return true;
}

int cecp_run (FILE *in)
{
  static char line[CECP_LINE_MAX];
  Cecp cecp = { 0 };
  int status = 0;

  cecp.pos = calloc (1, sizeof *cecp.pos);
  cecp.root = calloc (1, sizeof *cecp.root);
  cecp.pv_scratch = calloc (1, sizeof *cecp.pv_scratch);
  cecp.search = search_new (CECP_HASH_MB);
  if (!cecp.pos || !cecp.root || !cecp.pv_scratch || !cecp.search)
    {
      fprintf (stderr, "chancellor-engine: out of memory\n");
      status = 1;
    }
  else
    {
      new_game (&cecp, variant_by_id ("chess"));
      while (fgets (line, sizeof line, in))
        {
          line[strcspn (line, "\r\n")] = '\0';
          if (!handle_command (&cecp, line))
            break;
        }
      search_finish (&cecp, true);
    }
  if (cecp.search)
    search_free (cecp.search);
  free (cecp.pos);
  free (cecp.root);
  free (cecp.pv_scratch);
  return status;
}
