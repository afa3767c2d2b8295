/* fuzz-uci.c — libFuzzer over chancellor-engine's UCI command loop.  The
 * input is a run of command lines, read as the engine reads standard input
 * and followed as it follows them, searches on their thread; each search
 * is stopped after the line that started it, so that go, stop, ponderhit
 * and game switches race as they do with a fast GUI.  Only costly commands
 * are left out: perft deeper than 2 and Hash (the table's size). */
#define main chancellor_engine_main
int chancellor_engine_main (int argc, char **argv);
#include "chancellor-engine.c"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static Engine fuzz_engine;

int LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* The engine's answers are of no interest here. */
  if (!freopen ("/dev/null", "w", stdout) || !engine_init (&fuzz_engine))
    abort ();
  return 0;
}

static bool is_costly (const char *line)
{
  const char *perft = strstr (line, "perft");
  char lower[64];
  size_t n = 0;

  for (; line[n] && n + 1 < sizeof lower; n++)
    lower[n] = (char) (line[n] >= 'A' && line[n] <= 'Z' ? line[n] - 'A' + 'a' : line[n]);
  lower[n] = '\0';
  if (strstr (lower, "hash"))
    return true;
  if (perft)
    {
      const char *p = perft + strlen ("perft");
      while (*p == ' ' || *p == '\t')
        p++;
      return !(p[0] >= '0' && p[0] <= '2' && (p[1] == '\0' || p[1] == ' '));
    }
  return false;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static char line[LINE_MAX_BYTES + 2];
  Engine *engine = &fuzz_engine;
  FILE *in;
  LineStatus status;

  if (size == 0 || !(in = fmemopen ((void *) data, size, "r")))
    return 0;
  /* A new game every run, as after ucinewgame with the options reset. */
  engine->variant = variant_by_id (DEFAULT_GAME);
  engine->chess960 = false;
  engine->no_position = false;
  engine->skill = 20;
  engine->multipv = 1;
  position_set_start (engine->position, engine->variant);
  while ((status = read_line (in, line, sizeof line)) != LINE_END_OF_INPUT)
    {
      if (status == LINE_TOO_LONG)
        refuse_long_line (engine, line);
      else if (is_costly (line))
        continue;
      else if (!handle_command (engine, line))
        break;
      searcher_stop (&engine->searcher);
      if (!position_ok (engine->position))
        abort ();
    }
  searcher_stop (&engine->searcher);
  fclose (in);
  return 0;
}
