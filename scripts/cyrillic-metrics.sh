#!/usr/bin/env bash
# Debian's texlive-lang-cyrillic ships the LH (T2A Computer Modern Cyrillic) fonts as
# METAFONT sources only, and the compile sandbox never generates fonts (MKTEXTFM=0). This
# writes their metrics once, at install time, into TeX Live's system variable tree
# (/var/lib/texmf), which the sandbox shows read-only; the glyphs come from cm-super's Type 1
# fonts. Run as root after installing texlive-lang-cyrillic; a second run does nothing.
set -euo pipefail
cd "$(mktemp -d)" # mktextfm leaves its METAFONT files in the working directory
trap 'rm -rf "$PWD"' EXIT
command -v mktextfm >/dev/null || { echo "cyrillic-metrics: mktextfm missing (texlive-binaries)" >&2; exit 1; }
kpsewhich t2acmr.fd >/dev/null || { echo "cyrillic-metrics: texlive-lang-cyrillic is not installed" >&2; exit 1; }
dest=$(kpsewhich -var-value TEXMFSYSVAR)
sizes="0500 0600 0700 0800 0900 1000 1095 1200 1440 1728 2074 2488 2986 3583"
# Roman, sans and typewriter shapes the sheets use (t2acmr.fd, t2acmss.fd, t2acmtt.fd).
shapes="larm lasl lati lacc labx larb labi labl lass lasi lasx laso latt"
made=0
skipped=""
for shape in $shapes; do
  for size in $sizes; do
    name=$shape$size
    if ! kpsewhich "$name.tfm" >/dev/null; then
      # A few small sizes of some shapes have no METAFONT parameters: LaTeX substitutes a near size.
      if TEXMFVAR=$dest MKTEXTFM=1 mktextfm "$name" >/dev/null 2>&1; then made=$((made + 1)); else skipped="$skipped $name"; fi
    fi
  done
done
mktexlsr "$dest" >/dev/null 2>&1
echo "cyrillic-metrics: $made metrics written to $dest${skipped:+; none for$skipped}"
