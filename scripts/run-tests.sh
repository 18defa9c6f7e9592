#!/usr/bin/env bash
# make test: type-check, lint, every vitest test (unit, integration, browser); ends with
# "N passed, N failed" alone on the last line. A failed type-check or lint counts as one failure.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
extra_failed=0

echo "== type-check"
if ! npx tsc -p tsconfig.check.json; then extra_failed=$((extra_failed + 1)); fi
if ! npx tsc -p web/tsconfig.json; then extra_failed=$((extra_failed + 1)); fi

echo "== lint"
if ! npx eslint --max-warnings=0 .; then extra_failed=$((extra_failed + 1)); fi

echo "== tests"
rm -f .tmp/vitest.json
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
vitest_status=$?

read -r passed failed < <(node -e '
  const fs = require("fs");
  let p = 0, f = 0;
  try { const r = JSON.parse(fs.readFileSync(".tmp/vitest.json", "utf8")); p = r.numPassedTests; f = r.numFailedTests + (r.numRuntimeErrors || 0);
        if (r.testResults) for (const t of r.testResults) if (t.status === "failed" && t.assertionResults.length === 0) f++;
  } catch { f = 1; }
  console.log(p, f);')
if [ "$vitest_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
failed=$((failed + extra_failed))
echo
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
