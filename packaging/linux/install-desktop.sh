#!/bin/sh
# Add UNO Table to your desktop's menu, for you only (no root needed):
#     ./install-desktop.sh            # run it from the unpacked uno-table folder
#     ./install-desktop.sh --remove   # take it out again
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
id=io.github.uno_table.UnoTable
data="${XDG_DATA_HOME:-$HOME/.local/share}"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
    rm -f "$data"/icons/hicolor/*/apps/"$id.png"
    echo "UNO Table removed from the menu"
    exit 0
fi
mkdir -p "$data/applications" "$data/metainfo"
# The menu starts this very copy of the game, wherever it was unpacked.
sed "s|^Exec=.*|Exec=\"$here/uno-table\"|" "$here/share/applications/$id.desktop" \
    > "$data/applications/$id.desktop"
cp "$here/share/metainfo/$id.metainfo.xml" "$data/metainfo/"
for icon in "$here"/share/icons/hicolor/*/apps/"$id.png"; do
    size="$(basename "$(dirname "$(dirname "$icon")")")"
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$icon" "$data/icons/hicolor/$size/apps/"
done
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "UNO Table added to the menu ($data/applications/$id.desktop)"
