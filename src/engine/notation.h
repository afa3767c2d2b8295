/* notation.h — moves as text: SAN (each game's letters and castling
 * notation, two-digit ranks) and UCI long algebraic. */
#pragma once

#include "movegen.h"

#define MOVE_TEXT_MAX 16

/* Square name ("e4", "e10") into buf (at least 4 bytes). */
void notation_square (const Variant *v, int sq, char *buf);

/* SAN of a legal move, with '+' or '#'; buf holds MOVE_TEXT_MAX bytes. */
void notation_san (const Position *pos, Move move, char *buf, size_t size);

/* Parses SAN (also 0-0 castling, the O-O / O-O-O aliases where the game
 * allows them, '=Q', 'Q', '/Q' or '(Q)' promotions, trailing +#!?).  Returns the legal
 * move, or MOVE_NONE with err saying why (unknown, illegal, ambiguous). */
Move notation_parse_san (const Position *pos, const char *text, ParseError *err);

/* UCI long algebraic.  Castling is written king-takes-own-rook when
 * chess960 is set or the game castles Chess960-style, else as the king's
 * move.  The reader accepts both forms. */
void notation_uci (const Position *pos, Move move, bool chess960, char *buf, size_t size);
Move notation_parse_uci (const Position *pos, const char *text, ParseError *err);

/* Any of the above, also long algebraic with '-' or 'x' ("e2-e4"), and
 * a piece letter in lower case ("nf3") when the text as it stands is no
 * legal move. */
Move notation_parse_move (const Position *pos, const char *text, ParseError *err);
