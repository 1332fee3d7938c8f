#!/usr/bin/env bash
# pnpm test: typecheck and the unit tests through turbo (in dependency order, in parallel, cached on their inputs),
# then the tests that need the broker, one file at a time, in one vitest run whose global setup starts the broker.
set -euo pipefail
cd "$(dirname "$0")/.."
usage='usage: pnpm test

Runs everything: typecheck and the unit tests of every workspace (turbo: in dependency order, in parallel, cached),
then the broker tests (*.live.test.ts, one file at a time on the broker their global setup starts). Parts of it:
pnpm test:unit, pnpm test:broker, pnpm test:lab <lab-id>. Exit code 0 when all pass, 2 on a usage error.'
case "${1:-}" in
  -h | --help) printf '%s\n' "$usage"; exit 0 ;;
  '') ;;
  *) printf 'error: unexpected argument "%s"\n%s\n' "$1" "$usage" >&2; exit 2 ;;
esac
turbo run typecheck test
exec vitest run --project broker
