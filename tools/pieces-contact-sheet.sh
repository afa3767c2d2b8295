#!/bin/sh
# Render every piece SVG in data/pieces at 24, 32, 48 and 128 px on the light
# and dark squares of every board theme into one PNG contact sheet, to check
# by eye that each kind is told apart at a glance at play sizes.
#
#   tools/pieces-contact-sheet.sh OUT.png [PIECES_DIR] [SIZES]
#
# SIZES is a space-separated list (default "24 32 48 128").
# Needs rsvg-convert (librsvg2-bin) and ImageMagick (convert).
# Layout: one block per size; in each block one row per theme and colour
# (green white, green black, brown white, … grey black) and, for each piece,
# two cells (on a light, then on a dark square), in the order king queen rook
# bishop knight pawn archbishop chancellor minister prime-minister.
# The theme colours are those of src/ui/chancellor-board-view.c (board_themes).
set -eu

out=${1:?usage: $0 OUT.png [PIECES_DIR] [SIZES]}
dir=${2:-$(dirname "$0")/../data/pieces}
sizes=${3:-24 32 48 128}
themes="green:#e6e9d0:#77955b brown:#eed7b2:#b88b62 blue:#dee6ef:#7894b5 grey:#e0dfdc:#9a9994"
pieces="king queen rook bishop knight pawn archbishop chancellor minister prime-minister"

command -v rsvg-convert >/dev/null || { echo "$0: rsvg-convert missing (apt-get install librsvg2-bin)" >&2; exit 1; }
command -v convert >/dev/null || { echo "$0: convert missing (apt-get install imagemagick)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

blocks=""
for size in $sizes; do
    rows=""
    for theme in $themes; do
        name=${theme%%:*}
        colours=${theme#*:}
        light=${colours%%:*}
        dark=${colours#*:}
        for colour in white black; do
            cells=""
            for p in $pieces; do
                svg="$dir/$colour-$p.svg"
                [ -f "$svg" ] || { echo "$0: missing $svg" >&2; exit 1; }
                for bg in "$light" "$dark"; do
                    png="$tmp/$size-$name-$colour-$p-${bg#\#}.png"
                    rsvg-convert -w "$size" -h "$size" -b "$bg" "$svg" -o "$png"
                    cells="$cells $png"
                done
            done
            row="$tmp/row-$size-$name-$colour.png"
            # shellcheck disable=SC2086
            convert $cells +append "$row"
            rows="$rows $row"
        done
    done
    block="$tmp/block-$size.png"
    # shellcheck disable=SC2086
    convert $rows -append -bordercolor '#808080' -border 2 "$block"
    blocks="$blocks $block"
done

# shellcheck disable=SC2086
convert -background '#808080' $blocks -gravity North -splice 0x10 -append \
    -bordercolor '#808080' -border 8 +repage "$out"
echo "$out"
