/* training.h — what tools/tune and tools/train-net share: reading
 * training files (GAME<TAB>RESULT<TAB>FEN lines, as tools/datagen writes
 * them) whole, a broken line refused with its file and line number.
 * Plain C, the engine library only. */
#pragma once

#include "position.h"

#include <stdbool.h>
#include <stddef.h>

#define TRAINING_LINE_MAX 1024

/* The program's name, for its messages ("tune"). */
extern const char *training_program;

/* array grown to hold needed items of size (doubling); exits when out
 * of memory. */
void *training_grow (void *array, size_t *room, size_t needed, size_t size);

/* A zeroed position; exits when out of memory. */
Position *training_new_position (void);

/* A line's position into pos: GAME<TAB>RESULT<TAB>FEN, or a plain FEN of
 * the game plain when it is not NULL; *white gets the result for White
 * (0.5 for a plain FEN).  False with why in message.  The line is cut
 * up in place. */
bool training_read_position (char *line, const Variant *plain, Position *pos, float *white, char *message,
                             size_t size);

typedef bool (*LineFunction) (char *line, void *context, char *message, size_t size);

/* Calls each on every line of path (its line end cut off).  False, with
 * "program: path:line: why; refused" on stderr, at the first line that
 * is too long, cut short or refused by each, or when path cannot be
 * read or holds no line.  *lines_read gets the lines read. */
bool training_each_line (const char *path, LineFunction each, void *context, const char *refused, long *lines_read);

/* The expected score of a score in centipawns: 1 / (1 + 10^(-k * score / 400)). */
double training_logistic (double k, double score);

/* The k from 0.05 to 4 with the least error (k, context), by
 * golden-section search: Texel's K. */
double training_fit_k (double (*error) (double k, void *context), void *context);
