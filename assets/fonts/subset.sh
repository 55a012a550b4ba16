#!/usr/bin/env bash
# Regenerates the app's font, Noto Sans CJK SC Regular (SIL Open Font License 1.1, see
# OFL.txt) cut down to the characters of the translation files in assets/i18n/ plus
# printable ASCII, in two cuts of the same face:
#   NotoSansSC-Surakarta.otf          every language (Latin, Cyrillic and Chinese): the
#                                     phones and desktop carry it; the web fetches it only
#                                     for a player who reads Chinese (docs/web.md);
#   NotoSansSC-Surakarta-Western.otf  English, Danish and Russian, and each language's own
#                                     name for the settings (简体中文): in the web's wasm.
# Run it after changing a translation:
#
#   apt-get install fonts-noto-cjk && pip install fonttools && assets/fonts/subset.sh
#
# The app's test `every_character_of_every_translation_is_in_the_font` fails until it is.
set -euo pipefail
cd "$(dirname "$0")"
collection="${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}"

# The face of the collection whose family is "Noto Sans CJK SC".
number=$(python3 - "$collection" <<'PY'
import sys
from fontTools.ttLib import TTCollection
for i, font in enumerate(TTCollection(sys.argv[1]).fonts):
    if font["name"].getDebugName(1) == "Noto Sans CJK SC":
        print(i)
        break
else:
    sys.exit("no Noto Sans CJK SC face in " + sys.argv[1])
PY
)

# Every character of the given translations, printable ASCII for numbers and notation, the
# punctuation the app adds and every language's own name.
text=$(mktemp)
trap 'rm -f "$text"' EXIT
characters() {
    grep -hv '^#' "$@" | cut -d= -f2- > "$text"
    grep -h '^language.name' ../i18n/*.txt | cut -d= -f2- >> "$text"
    printf '%s' ' !"#$%&'"'"'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~' >> "$text"
    printf '%s' '·…–—’“”«»×→←' >> "$text"
    printf '\u00a0' >> "$text"   # the no-break space the bars join a side and its count with
}

# No vertical writing (the `vert` forms and the vhea, vmtx, VORG and BASE tables): the app
# sets every language horizontally; 18 glyphs and 3.4 KB less (1.7 KB of brotli).
subset() {
    pyftsubset "$collection" --font-number="$number" --text-file="$text" \
        --layout-features='kern,liga,locl' --drop-tables+=vhea,vmtx,VORG,BASE --name-IDs='*' --name-languages='*' \
        --no-hinting --desubroutinize --output-file="$1"
    echo "$1: $(stat -c %s "$1") bytes"
}
characters ../i18n/*.txt
subset NotoSansSC-Surakarta.otf
characters ../i18n/en.txt ../i18n/da.txt ../i18n/ru.txt
subset NotoSansSC-Surakarta-Western.otf

