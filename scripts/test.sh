#!/usr/bin/env bash
# The README's test command: Chromium and PostgreSQL checks, type checks, build, unit/SQL/contract tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium not found at $chromium_path: installing Debian's chromium with apt-get..."
    (apt-get install -y chromium >/dev/null 2>&1 || (apt-get update >/dev/null && apt-get install -y chromium >/dev/null)) \
      || { echo "Could not install Chromium: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH) and retry."; exit 1; }
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH to a Chromium binary) and retry."
    exit 1
  fi
fi

# supabase/tests/postgres15.test.ts applies the migrations to Debian's PostgreSQL 15 (it starts its own server).
if [ ! -x "${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}/initdb" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL 15 not found: installing Debian's postgresql with apt-get..."
    (apt-get install -y postgresql >/dev/null 2>&1 || (apt-get update >/dev/null && apt-get install -y postgresql >/dev/null)) \
      || { echo "Could not install PostgreSQL: run 'sudo apt-get install -y postgresql' (or set POSTGRES_BIN) and retry."; exit 1; }
  else
    echo "PostgreSQL 15 is missing: run 'sudo apt-get install -y postgresql' (or set POSTGRES_BIN to its bin directory) and retry."
    exit 1
  fi
fi

# The suite builds and tests against a fixed catalogue: a content editor's edit to content/catalogue
# never changes what the tests expect (their names and prices come from this directory too).
export CATALOGUE_DIR="${CATALOGUE_DIR:-tests/fixtures/catalogue}"
export CAMPAIGNS_DIR="${CAMPAIGNS_DIR:-tests/fixtures/campaigns}"

echo "== build from $CATALOGUE_DIR (also indexes the catalogue for the payment functions)"
npm run build

echo "== type checks"
npm run check

echo "== unit, SQL and contract tests"
npx vitest run

echo "== browser tests"
npx playwright test
