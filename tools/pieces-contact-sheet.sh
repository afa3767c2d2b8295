#!/bin/sh
# Render every piece SVG in data/pieces at 32, 64 and 128 px on light and dark
# board squares into one PNG contact sheet, to check the set by eye.
#
#   tools/pieces-contact-sheet.sh OUT.png [PIECES_DIR]
#
# Needs rsvg-convert (librsvg2-bin) and ImageMagick (convert).
# Layout: one block per size; in each block four rows (white on light, white on
# dark, black on light, black on dark squares) and one column per piece, in the
# order king queen rook bishop knight pawn archbishop chancellor minister
# prime-minister.
set -eu

out=${1:?usage: $0 OUT.png [PIECES_DIR]}
dir=${2:-$(dirname "$0")/../data/pieces}
light='#f0d9b5'
dark='#b58863'
pieces="king queen rook bishop knight pawn archbishop chancellor minister prime-minister"

command -v rsvg-convert >/dev/null || { echo "$0: rsvg-convert missing (apt-get install librsvg2-bin)" >&2; exit 1; }
command -v convert >/dev/null || { echo "$0: convert missing (apt-get install imagemagick)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

blocks=""
for size in 32 64 128; do
    rows=""
    for colour in white black; do
        for sq in light dark; do
            if [ "$sq" = light ]; then bg=$light; else bg=$dark; fi
            cells=""
            for p in $pieces; do
                svg="$dir/$colour-$p.svg"
                [ -f "$svg" ] || { echo "$0: missing $svg" >&2; exit 1; }
                png="$tmp/$size-$colour-$sq-$p.png"
                rsvg-convert -w "$size" -h "$size" -b "$bg" "$svg" -o "$png"
                cells="$cells $png"
            done
            row="$tmp/row-$size-$colour-$sq.png"
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
