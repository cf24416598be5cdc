#!/usr/bin/env bash
# `npm run test:changed [-- <git ref>]`: the tests a change touches, against <git ref> (default HEAD,
# i.e. uncommitted changes): unit/SQL/contract tests whose imports reach a changed file (vitest
# --changed), and the browser specs that changed or import a changed file (playwright --only-changed),
# or all of them when what they run on changed, on one build made only when something the site is
# built from changed. `npm test` runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."

base="${1:-HEAD}"
export CATALOGUE_DIR="${CATALOGUE_DIR:-tests/fixtures/catalogue}"
export DELIVERY_DIR="${DELIVERY_DIR:-tests/fixtures/delivery}"
changed="$( (git diff --name-only "$base"; git ls-files --others --exclude-standard) | sort -u)"
if [ -z "$changed" ]; then
  echo "Nothing changed since $base."
  exit 0
fi
echo "Changed since $base:"; echo "$changed" | sed 's/^/  /'
source scripts/test-times.sh
start_timing "npm run test:changed -- $base"

echo "== unit, SQL and contract tests reached by the change"
npx vitest run --changed "$base" --passWithNoTests
step_done vitest

# A built site is what the browser tests open: rebuild when its sources changed or none exists.
if echo "$changed" | grep -qE '^(src/|content/|public/|astro\.config\.mjs|netlify\.toml|package\.json)' || [ ! -f dist/index.html ]; then
  echo "== build from $CATALOGUE_DIR"
  npm run build --silent
fi
step_done build

# Browser specs open pages rather than import them: a changed feature folder (src/features/<x>) also
# runs the specs named after it (orders -> orders.spec.ts, checkout -> checkout-*.spec.ts, ...).
specs=""
for feature in $(echo "$changed" | sed -nE 's#^src/features/([^/]+)/.*#\1#p' | sort -u); do
  specs="$specs $(ls tests/e2e/*.spec.ts | grep -E "${feature%s}" || true)"
done
specs="$(echo $specs | tr ' ' '\n' | sort -u | tr '\n' ' ')"

# The specs --only-changed picks (changed, or importing a changed file), listed without running, so
# that one run, with one server start, takes them and the feature specs together.
changed_specs="$(npx playwright test --only-changed="$base" --list --pass-with-no-tests 2>/dev/null | sed -nE 's#^ *\[[^]]*\] [^ ]+ ([^ :]+\.spec\.ts):.*#tests/e2e/\1#p' | sort -u)"
specs="$(echo $specs $changed_specs | tr ' ' '\n' | sort -u | tr '\n' ' ')"

# What every spec runs on (the local server, the emulators, Playwright's set-up) imports into no
# spec: a change there runs them all.
if echo "$changed" | grep -qE '^(scripts/(serve|local-functions|function-request)\.ts|emulators/|playwright\.config\.ts|tests/e2e/support/global-setup\.ts|netlify\.toml)'; then
  echo "== every browser spec: the server, the emulators or Playwright's set-up changed"
  npx playwright test
elif [ -n "${specs// /}" ]; then
  echo "== browser specs that changed, import a changed file or are named after a changed feature: $specs"
  npx playwright test $specs
else
  echo "== no browser spec reached by the change"
fi
step_done playwright
save_timing bench/results/test-changed-times.json
