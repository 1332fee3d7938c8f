#!/usr/bin/env bash
# Sets up kafka-labs on a fresh machine: pnpm, the native Kafka client (built from source when no
# prebuilt binary can be fetched), Chromium for the run reports, Kafka's jars from Maven Central; then runs the first lab.
# Usage: bash scripts/setup.sh [--no-lab]
set -euo pipefail
cd "$(dirname "$0")/.."

usage='usage: bash scripts/setup.sh [--no-lab]

Installs what is missing (pnpm, the Debian packages the native Kafka client builds against, Java 17 and Maven,
Chromium, PostgreSQL, the workspace dependencies, Kafka'"'"'s jars), then runs the first lab (pnpm lab 00-hello).
  --no-lab  stop before the first lab
  --help    print this help'
case "${1:-}" in
  -h | --help) printf '%s\n' "$usage"; exit 0 ;;
  '' | --no-lab) [ $# -le 1 ] || { printf 'setup: error: unexpected argument "%s"\n%s\n' "$2" "$usage" >&2; exit 2; } ;;
  *) printf 'setup: error: unknown argument "%s"\n%s\n' "$1" "$usage" >&2; exit 2 ;;
esac

# Bold only where useColor (packages/cli) would colour: FORCE_COLOR, else not with NO_COLOR, else on a terminal.
case "${FORCE_COLOR:-}" in
  '') if [ -z "${NO_COLOR:-}" ] && [ -t 1 ] && [ "${TERM:-}" != dumb ]; then bold=1; else bold=; fi ;;
  0 | false) bold= ;;
  *) bold=1 ;;
esac
if [ -n "$bold" ]; then
  say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
else
  say() { printf 'setup: %s\n' "$*"; }
fi
die() { printf 'setup: error: %s\n' "$*" >&2; exit 2; }
as_root() { [ "$(id -u)" = 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }
apt_ok() { have apt-get && have dpkg-query; }
apt_updated=no
apt_install() {
  if [ "$apt_updated" = no ]; then say "apt-get update"; apt-get update -qq; apt_updated=yes; fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
missing_debs() { for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || printf '%s ' "$p"; done; }

# 1. Node.js 20+
have node || die "Node.js 20 or newer is required (https://nodejs.org)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || die "Node.js 20 or newer is required, found $(node --version)"

# 2. Java 17+ and Maven for the default (jvm) broker backend; a JDK's javac builds the warm tool runner
if ! have java || ! have mvn; then
  if apt_ok && as_root; then apt_install openjdk-17-jdk-headless maven
  elif [ "${KAFKA_LABS_BACKEND:-}" != docker ]; then
    die "Java 17+ and Maven are needed for the broker (or set KAFKA_LABS_BACKEND=docker and run Docker)"
  fi
elif ! have javac; then
  if apt_ok && as_root; then apt_install openjdk-17-jdk-headless
  else say "warning: without a JDK (javac) each Kafka tool call starts a JVM of its own (slower)"; fi
fi

# 3. pnpm 10
if ! have pnpm || [ "$(pnpm --version | cut -d. -f1)" != 10 ]; then
  say "installing pnpm 10 with npm"
  npm install -g pnpm@10 >/dev/null || die "could not install pnpm: run 'npm install -g pnpm@10' yourself"
fi

# 4. What the native client's source build links against (used only when its prebuilt binary is out of reach)
native_debs=(libssl-dev libsasl2-dev zlib1g-dev libzstd-dev liblz4-dev libcurl4-openssl-dev)
if apt_ok; then
  missing=$(missing_debs "${native_debs[@]}")
  if [ -n "$missing" ]; then
    if as_root; then apt_install $missing
    else say "warning: if @confluentinc/kafka-javascript has to build from source it needs: sudo apt-get install $missing"; fi
  fi
fi

# 5. Chromium (Debian's package; nothing downloads a browser): report.png of every run and the report's browser tests
if [ ! -x "${KAFKA_LABS_CHROMIUM:-/usr/bin/chromium}" ]; then
  if apt_ok && as_root; then apt_install chromium
  else say "warning: without Chromium runs get no report.png: sudo apt-get install chromium (or set KAFKA_LABS_CHROMIUM)"; fi
fi
# A Korean font, so that the Korean reports (--lang ko) render their Hangul in Chromium instead of empty boxes
if apt_ok && [ -n "$(missing_debs fonts-noto-cjk)" ]; then
  if as_root; then apt_install fonts-noto-cjk
  else say "warning: Korean reports need a Korean font: sudo apt-get install fonts-noto-cjk"; fi
fi

# 5b. PostgreSQL's server, which the database tests start on their own (labs use PGlite, an npm package)
if apt_ok && [ -n "$(missing_debs postgresql)" ]; then
  if as_root; then apt_install postgresql
  else say "warning: the database tests need PostgreSQL's server: sudo apt-get install postgresql"; fi
fi

# 6. Dependencies; @confluentinc/kafka-javascript fetches a prebuilt binary or builds librdkafka (about 2.5 minutes)
say "installing dependencies (the native Kafka client may build from source: a few minutes)"
export CKJS_LINKING=dynamic
if [ -n "${CI:-}" ]; then frozen=--frozen-lockfile; else frozen=; fi
install_log="${KAFKA_LABS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/kafka-labs}/install.log"
mkdir -p "$(dirname "$install_log")"
set +e
# The native build prints about a thousand compiler lines: keep them in the log, show progress instead.
pnpm install $frozen --reporter=append-only 2>&1 | tee "$install_log" | awk '
  /kafka-javascript (install|postinstall):/ {
    if (++n == 1) print "setup: building @confluentinc/kafka-javascript from source (librdkafka, about 2.5 minutes)"
    if (n % 200 == 0) print "setup:   still building (" n " lines of compiler output so far)"
    next
  }
  { print; fflush() }'
status=${PIPESTATUS[0]}
set -e
[ "$status" = 0 ] || die "pnpm install failed (exit $status); the full output is in $install_log"
# The client is a dependency of the workspaces that use it (scripts/ among them), not of the root.
(cd scripts && node -e "require('@confluentinc/kafka-javascript')") 2>/dev/null \
  || die "@confluentinc/kafka-javascript did not install (see $install_log); on Debian/Ubuntu: apt-get install ${native_debs[*]} and run this again"

# 6b. The programs a lab starts, compiled once (pnpm lab compiles again what changes)
pnpm -s build

# 7. Kafka's jars, once, into the cache folder
pnpm -s broker fetch

# 8. The first lab proves it all works end to end
if [ "${1:-}" != --no-lab ]; then pnpm -s lab 00-hello; fi
say "done. Next: pnpm test"
