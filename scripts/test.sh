#!/usr/bin/env bash
# The README's test command: Chromium and PostgreSQL checks, type checks, build, unit/SQL/contract tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# A Debian package the suite needs: installed with apt-get when missing and we can (as root), otherwise
# the command to run. Usage: need_debian_package <file it provides> <package> <name> <override hint>
need_debian_package() {
  local provides="$1" package="$2" name="$3" override="$4"
  [ -x "$provides" ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "$name not found at $provides: installing Debian's $package with apt-get..."
    (apt-get install -y "$package" >/dev/null 2>&1 || (apt-get update >/dev/null && apt-get install -y "$package" >/dev/null)) \
      || { echo "Could not install $name: run 'sudo apt-get install -y $package' (or $override) and retry."; exit 1; }
  else
    echo "$name is missing: run 'sudo apt-get install -y $package' (or $override) and retry."
    exit 1
  fi
}

need_debian_package "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium Chromium "set CHROMIUM_PATH to a Chromium binary"
# The browser tests run in Debian's chromium-headless-shell, Chromium without the browser's window
# machinery, when it is there (playwright.config.ts): the suite took a quarter less CPU in it than in
# the full Chromium on this machine kind. Installed at the version of the Chromium beside it, whose
# files it shares; without it the tests run in the full Chromium.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/lib/chromium/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  shell_package="chromium-headless-shell=$(dpkg-query -W -f='${Version}' chromium)"
  echo "Installing Debian's $shell_package for the browser tests..."
  apt-get install -y "$shell_package" >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y "$shell_package" >/dev/null 2>&1) \
    || echo "Could not install $shell_package: the browser tests run in the full Chromium (slower)."
fi
# supabase/tests/postgres15.test.ts applies the migrations to Debian's PostgreSQL 15 (it starts its own server).
need_debian_package "${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}/initdb" postgresql "PostgreSQL 15" "set POSTGRES_BIN to its bin directory"

# The suite builds and tests against a fixed catalogue and delivery content: a content editor's edit
# to content/ never changes what the tests expect (their names, prices and PIN codes come from these
# directories too).
export CATALOGUE_DIR="${CATALOGUE_DIR:-tests/fixtures/catalogue}"
export CAMPAIGNS_DIR="${CAMPAIGNS_DIR:-tests/fixtures/campaigns}"
export DELIVERY_DIR="${DELIVERY_DIR:-tests/fixtures/delivery}"

# Each step's time, kept for `npm run bench` (bench/test-times.ts) when every test passed.
source scripts/test-times.sh
start_timing "npm test"

echo "== build from $CATALOGUE_DIR (also indexes the catalogue for the payment functions)"
npm run build
step_done build

echo "== type checks"
npm run check
step_done checks

echo "== unit, SQL and contract tests"
npx vitest run
step_done vitest

echo "== browser tests"
npx playwright test
step_done playwright

save_timing bench/results/test-times.json
