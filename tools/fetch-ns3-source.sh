#!/usr/bin/env bash
# Fetch and unpack ns-3.37's source from Debian's source package `ns3` without
# touching the system's apt lists: a private sources dir holds a deb-src entry.
# Usage: tools/fetch-ns3-source.sh DEST_DIR   -> DEST_DIR/ns-allinone-3.37/ns-3.37
set -euo pipefail
dest=$(realpath -m "${1:?usage: $0 DEST_DIR}")
tree="$dest/ns-allinone-3.37/ns-3.37"
if [ -f "$tree/VERSION" ]; then
  echo "ns-3.37 source already at $tree"
  exit 0
fi
mkdir -p "$dest/apt/lists/partial"
uri=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
uri=${uri:-http://deb.debian.org/debian}
cat > "$dest/apt/src.sources" <<SRC
Types: deb-src
URIs: $uri
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$dest/apt"
          -o "Dir::State::Lists=$dest/apt/lists" -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" -qq update
(cd "$dest" && apt-get "${apt_opts[@]}" -qq source --download-only ns3)
tar -xjf "$dest"/ns3_3.37.orig.tar.bz2 -C "$dest"
test -f "$tree/VERSION" || { echo "error: unpacked source has no $tree/VERSION" >&2; exit 1; }
echo "ns-3.37 source at $tree"
