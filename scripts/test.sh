#!/usr/bin/env bash
# pnpm test: typecheck and the unit tests through turbo (in dependency order, in parallel, cached on their inputs),
# then the tests that need the broker in one vitest run whose global setup starts the broker: two files at a time, then
# the files that need the broker to themselves one at a time (vitest.config.ts names them).
set -euo pipefail
cd "$(dirname "$0")/.."
usage='usage: pnpm test

Runs everything: typecheck and the unit tests of every workspace (turbo: in dependency order, in parallel, cached),
then the broker tests (*.live.test.ts on the broker their global setup starts: two files at a time, then the ones
that need the broker to themselves one at a time). Parts of it:
pnpm test:unit, pnpm test:broker, pnpm test:lab <lab-id>. Exit code 0 when all pass, 2 on a usage error.'
case "${1:-}" in
  -h | --help) printf '%s\n' "$usage"; exit 0 ;;
  '') ;;
  *) printf 'error: unexpected argument "%s"\n%s\n' "$1" "$usage" >&2; exit 2 ;;
esac
turbo run typecheck test
exec vitest run --project 'broker*'
