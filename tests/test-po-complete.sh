#!/bin/sh
# Every translatable string of the sources has a current translation in every
# language of po/LINGUAS: none missing, none fuzzy (left from an older text).
#   test-po-complete.sh SOURCE_ROOT
set -eu

root=${1:?usage: $0 SOURCE_ROOT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The keywords of meson's i18n "glib" preset.
xgettext --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 --keyword=ngettext:1,2 \
  -D "$root" -f "$root/po/POTFILES.in" -o "$tmp/template.pot"

status=0
for lang in $(sed 's/#.*//' "$root/po/LINGUAS"); do
  msgmerge --quiet "$root/po/$lang.po" "$tmp/template.pot" -o "$tmp/$lang.po"
  missing=$(msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -c '^msgid ' || true)
  # msgattrib keeps the header entry in its output when there is anything else.
  [ "$missing" -gt 0 ] && missing=$((missing - 1))
  [ "$fuzzy" -gt 0 ] && fuzzy=$((fuzzy - 1))
  echo "$lang: $missing untranslated, $fuzzy fuzzy"
  if [ "$missing" -ne 0 ] || [ "$fuzzy" -ne 0 ]; then
    msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -A2 '^msgid ' | tail -n +3
    msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -A2 '^msgid ' | tail -n +3
    status=1
  fi
done
exit $status
