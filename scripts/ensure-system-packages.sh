#!/usr/bin/env bash
# `npm test` needs four Debian packages besides Node: Chromium (the browser and e2e tests),
# Firefox ESR (the Firefox e2e files, ADR 082), PostgreSQL (the relay's PostgreSQL tests) and
# HAProxy (the relay cluster's property test, ADR 085).
# Run as `pretest`: as root it installs what is missing; otherwise it stops at once and names the
# one command that does.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
command -v pg_ctlcluster >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
