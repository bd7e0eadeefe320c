#!/usr/bin/env bash
# Installs the Debian packages Sheetsmith needs, only those missing.
# Usage: scripts/install-deps.sh [--test]   (--test adds what the tests and benchmarks use)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lists=("$here/apt-packages.txt")
[ "${1:-}" = "--test" ] && lists+=("$here/apt-packages-test.txt")

missing=()
while read -r pkg; do
  [ -z "$pkg" ] && continue
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done < <(grep -hv '^#' "${lists[@]}")
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "Sheetsmith needs these packages (Debian names): ${missing[*]}" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing ${missing[*]} (TeX Live is large: this takes a few minutes once)."
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
