/* test-util.h — helpers shared by the tests of the GObject layer, with or
 * without a display (ui-test-util.h adds the display's): games, squares
 * by name, and the main loop run for a while or until something happens. */
#pragma once

#include "chancellor-game.h"
#include "chancellor-game-setup.h"

G_BEGIN_DECLS

/* A game of variant from fen (its start when NULL); fails the test on an
 * error. */
ChancellorGame *test_game_new (const char *variant, const char *fen);

/* A game of variant from its start with the n_moves moves (SAN or UCI)
 * played, each of which must be legal. */
ChancellorGame *test_game_new_with (const char *variant, const char *const *moves, guint n_moves);

/* The setup of a game of variant between white and black, the computer
 * (if one plays) at level. */
ChancellorGameSetup *test_setup_new (const char *variant, ChancellorPlayerKind white, ChancellorPlayerKind black,
                                     int level);

/* Plays text (SAN or UCI), which must be legal. */
void test_play_text (ChancellorGame *game, const char *text);

/* The square named name ("e2", "e10") on game's board, which must be on
 * it. */
int test_square_named (ChancellorGame *game, const char *name);

/* Runs the ChancellorGameReview review to its end, failing the test
 * after timeout_ms; returns whether it was complete. */
gboolean test_review_run (gpointer review, guint timeout_ms);
/* Whether every engine of the ChancellorEngineList engines has been
 * checked (for test_run_until). */
gboolean test_engine_list_checked (gpointer engines);
/* Runs the main loop for ms. */
void test_spin (guint ms);

/* Runs the main loop until done (data) holds; FALSE when timeout_ms went
 * by first. */
gboolean test_run_until (gboolean (*done) (gpointer data), gpointer data, guint timeout_ms);

/* Runs the main loop until *flag is set; fails the test after timeout_ms. */
void test_wait_for_flag (const gboolean *flag, guint timeout_ms);

/* A new scratch directory from tmpl ("name-XXXXXX") for the run's files,
 * with a directory data-home in it that XDG_DATA_HOME names, so that the
 * autosave and the recent files are never the user's: call it before
 * anything asks GLib for the user's data directory.  Free with g_free
 * after test_remove_tree. */
char *test_scratch_dir_new (const char *tmpl);

/* Deletes path, and for a directory everything below it (links are not
 * followed). */
void test_remove_tree (const char *path);

/* A timeout at the frame rate, TEST_FRAME_MS, that notes how late it ever
 * came: whether the main loop kept its pace while a thread worked. */
#define TEST_FRAME_MS 16

typedef struct {
  gint64 started;
  gint64 last;
  gint64 worst;               /* microseconds later than the frame rate */
  guint ticks;
} TestTicker;

/* Starts ticker's timeout (zero it first); returns its source id. */
guint test_ticker_start (TestTicker *ticker);
/* Whether the main loop kept its pace since the ticker started: at least
 * a tenth of the ticks the frame rate gives (a quarter failed once at a
 * load of 15 on two cores, where the test itself waits its turn for a
 * core).  A main loop that a search
 * blocks ticks about once a search (a late timeout comes once), a free one
 * all along, however loaded the machine or slow a sanitizer: the two are
 * told apart without a tight clock.  How late it came is a figure to
 * print, not to assert. */
gboolean test_ticker_kept_pace (const TestTicker *ticker);

G_END_DECLS
