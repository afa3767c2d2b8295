# tap.sh — what the shell tests share, sourced after their usage check:
# a scratch directory $tmp (removed on exit) and checks counted and
# written as TAP (pass, fail, equal, has_line, has_text; tap_finish ends
# the script), and wait_lines.

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

# has_line FILE LINE DESCRIPTION: FILE holds exactly that line.
has_line () {
  if grep -qxF -- "$2" "$1"; then
    pass "$3"
  else
    fail "$3 (no line '$2')"
    sed 's/^/# /' "$1" | head -40
  fi
}

# has_text FILE TEXT DESCRIPTION: FILE holds TEXT somewhere (a refusal's
# message, say); FILE is shown when it does not.
has_text () {
  if grep -qF -- "$2" "$1"; then
    pass "$3"
  else
    fail "$3"
    sed 's/^/# /' "$1"
  fi
}

# wait_lines FILE PATTERN COUNT: waits (half a minute at most) until FILE
# holds COUNT lines matching the extended regular expression PATTERN.
wait_lines () {
  tries=3000
  while [ $tries -gt 0 ]; do
    found=$(grep -cE "$2" "$1" 2>/dev/null)
    [ "${found:-0}" -ge "$3" ] && return 0
    sleep 0.01
    tries=$((tries - 1))
  done
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
