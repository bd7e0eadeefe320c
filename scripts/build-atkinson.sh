#!/usr/bin/env bash
# Rebuilds latex/fonts/atkinson (committed; nothing here runs at build or run time): Atkinson
# Hyperlegible's TrueType files from the npm registry, their OS/2 table marked version 3 (the
# same layout as 4) so TeX Live 2022's pdfTeX embeds them, and T1-encoded (ec.enc) metrics for
# pdfLaTeX made with ttf2tfm. Run from the repository root: scripts/build-atkinson.sh
set -euo pipefail
out=latex/fonts/atkinson
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent @expo-google-fonts/atkinson-hyperlegible@0.4.1 >/dev/null && tar xzf ./*.tgz)
cp "$tmp/package/LICENSE_FONT" "$out/OFL.txt"
for pair in 400Regular:Regular:r 400Regular_Italic:Italic:ri 700Bold:Bold:b 700Bold_Italic:BoldItalic:bi; do
  IFS=: read -r src style tfm <<<"$pair"
  python3 scripts/ttf-os2v3.py "$tmp/package/$src/AtkinsonHyperlegible_$src.ttf" "$out/AtkinsonHyperlegible-$style.ttf"
  (cd "$out" && ttf2tfm "AtkinsonHyperlegible-$style.ttf" -q -T ec.enc "ssatk${tfm}8t.tfm" >/dev/null 2>&1)
done
ls -l "$out"
