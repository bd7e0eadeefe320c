#!/usr/bin/env bash
# Installs the Debian packages Sheetsmith needs, only those missing.
# Usage: scripts/install-deps.sh [--test] [--lang-packs]
#   --test adds what the tests and benchmarks use; --lang-packs the optional CJK and
#   right-to-left language packs (apt-packages-cjk.txt, apt-packages-rtl.txt; docs/LANGUAGES.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lists=("$here/apt-packages.txt")
for arg in "$@"; do
  case "$arg" in
    --test) lists+=("$here/apt-packages-test.txt") ;;
    --lang-packs) lists+=("$here/apt-packages-cjk.txt" "$here/apt-packages-rtl.txt") ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# Cyrillic metrics are made once after texlive-lang-cyrillic is installed (see the script).
metrics() {
  if dpkg-query -W -f='${Status}' texlive-lang-cyrillic 2>/dev/null | grep -q "ok installed" && ! kpsewhich larm1095.tfm >/dev/null; then
    $sudo "$here/cyrillic-metrics.sh"
  fi
}

missing=()
while read -r pkg; do
  [ -z "$pkg" ] && continue
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done < <(grep -hv '^#' "${lists[@]}")
if [ ${#missing[@]} -eq 0 ]; then
  metrics
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "Sheetsmith needs these packages (Debian names): ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} (TeX Live is large: this takes a few minutes once)."
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
metrics
