#!/usr/bin/env bash
# The package as a player gets it: builds the .deb with CPack from BUILD_DIR, unpacks it
# into a temporary root (as dpkg would lay it out, without installing it), and runs the
# installed programs from there, with the source tree out of reach. Then checks that the
# desktop entry, the AppStream metainfo and the MIME types validate as a desktop reads them.
# Usage: installed_tree_test.sh BUILD_DIR
set -euo pipefail
build="${1:?usage: installed_tree_test.sh BUILD_DIR}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "installed_tree_test: $*" >&2; exit 1; }

for tool in cpack dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli update-mime-database; do
    command -v "$tool" >/dev/null || fail "needs $tool (make deps installs it)"
done

# 1. The package.
(cd "$build" && cpack -G DEB -B "$work/package" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/package/*.deb)
echo "built $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for needed in libqt6widgets6 libqt6gui6 libqt6svg6 qt6-qpa-plugins libc6 libmimalloc2.0; do
    [[ "$depends" == *"$needed"* ]] || fail "the package does not depend on $needed"
done
dpkg-deb -x "$deb" "$work/root"
usr="$work/root/usr"
for file in bin/sandtable bin/sandtable-cli share/sandtable/scenarios/sample-inches.json \
            share/sandtable/rules/README.md share/sandtable/rulesets/einsamenhugel/RULINGS.md \
            share/doc/sandtable/README.md share/applications/org.sandtable.Sandtable.desktop \
            share/metainfo/org.sandtable.Sandtable.metainfo.xml share/mime/packages/org.sandtable.Sandtable.xml \
            share/icons/hicolor/scalable/apps/org.sandtable.Sandtable.svg \
            share/icons/hicolor/48x48/apps/org.sandtable.Sandtable.png share/icons/hicolor/256x256/apps/org.sandtable.Sandtable.png; do
    [ -e "$usr/$file" ] || fail "the package lacks /usr/$file"
done
# Every rule text a ruleset cites is there.
for data in "$usr"/share/sandtable/rulesets/*/ruleset.json; do
    source=$(grep -m1 -o '"source": *"[^"]*"' "$data" | sed 's/.*"\([^"]*\)"$/\1/')
    [ -e "$usr/share/sandtable/rules/$source" ] || fail "$(basename "$(dirname "$data")") cites $source, which is not installed"
done

# 2. The installed programs, run from the unpacked root with the source tree out of reach
# (HOME and the XDG folders point into the temporary root too).
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" QT_QPA_PLATFORM=offscreen
mkdir -p "$HOME"
cd "$work"
"$usr/bin/sandtable-cli" validate "$usr"/share/sandtable/scenarios/*.json
"$usr/bin/sandtable-cli" reference einsamenhugel >"$work/sheet.md"
grep -q "Rulings in force" "$work/sheet.md" || fail "sandtable-cli reference printed no rulings"
"$usr/bin/sandtable" --version | grep -q "Sandtable" || fail "sandtable --version does not name the program"
# With no file named, the app opens its default scenario: the installed one.
"$usr/bin/sandtable" --screenshot "$work/default.png" --size 800x500
[ -s "$work/default.png" ] || fail "the installed app drew no screenshot of its default scenario"
"$usr/bin/sandtable" --screenshot "$work/ozz.png" --size 800x500 "$usr/share/sandtable/scenarios/ozz-winkie-border.json"
[ -s "$work/ozz.png" ] || fail "the installed app drew no screenshot of a shipped scenario"
"$usr/bin/sandtable" --print-data-folders | tee "$work/folders.txt"
grep -q "^scenarios: $usr/share/sandtable/scenarios$" "$work/folders.txt" || fail "the installed app does not read its installed scenarios"
grep -q "^rule texts: $usr/share/sandtable/rules$" "$work/folders.txt" || fail "the installed app does not read its installed rule texts"

# 3. The desktop's files validate, and the file types are what a double-click reads.
desktop-file-validate "$usr/share/applications/org.sandtable.Sandtable.desktop"
appstreamcli validate --no-net "$usr/share/metainfo/org.sandtable.Sandtable.metainfo.xml"
mkdir -p "$work/mime/packages"
cp "$usr/share/mime/packages/org.sandtable.Sandtable.xml" "$work/mime/packages/"
update-mime-database "$work/mime" 2>"$work/mime.log" || { cat "$work/mime.log"; fail "update-mime-database refused the MIME types"; }
if grep -qi "error\|warning" "$work/mime.log"; then cat "$work/mime.log"; fail "update-mime-database complained"; fi
grep -q "application/x-sandtable-save:\*\.sandtable" "$work/mime/globs2" || fail "*.sandtable is not a saved game"
grep -q "application/x-sandtable-scenario" "$work/mime/magic" || fail "a scenario is not known by its content"
echo "installed_tree_test: the package installs, runs from its own root and its desktop files validate"
