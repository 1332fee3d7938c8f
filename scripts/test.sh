#!/usr/bin/env bash
# pnpm test: typecheck and the unit tests through turbo (in dependency order, in parallel, cached on their inputs),
# then the tests that need the broker, one file at a time, in one vitest run whose global setup starts the broker.
set -euo pipefail
cd "$(dirname "$0")/.."
turbo run typecheck test
exec vitest run --project broker
