# tap.sh — what the shell tests share, sourced after their usage check:
# a scratch directory $tmp (removed on exit) and checks counted and
# written as TAP (pass, fail, equal; tap_finish ends the script).

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

checks=0
failures=0

pass () {
  checks=$((checks + 1))
  echo "ok $checks - $1"
}

fail () {
  checks=$((checks + 1))
  failures=$((failures + 1))
  echo "not ok $checks - $1"
}

# equal VALUE EXPECTED DESCRIPTION
equal () {
  if [ "$1" = "$2" ]; then
    pass "$3"
  else
    fail "$3 (got '$1', expected '$2')"
  fi
}

# The plan, and exit 1 when a check failed.
tap_finish () {
  echo "1..$checks"
  if [ $failures -ne 0 ]; then
    echo "# $failures of $checks checks failed"
    exit 1
  fi
  exit 0
}
