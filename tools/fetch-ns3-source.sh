#!/usr/bin/env bash
# Fetch and unpack one ns-3 release's source tree.
#
#   tools/fetch-ns3-source.sh DEST_DIR [VERSION]  -> DEST_DIR/ns-allinone-V/ns-V
#
# * 3.37 (the default): Debian 12's source package `ns3`, through a private
#   deb-src entry so the system's apt lists are not touched.
# * any other release: the tag ns-V of ns-3's git repository, cloned shallow
#   from $NS3_GIT (default https://gitlab.com/nsnam/ns-3-dev.git; a local
#   mirror or bare repository works too).
set -euo pipefail
dest=$(realpath -m "${1:?usage: $0 DEST_DIR [VERSION]}")
version=${2:-3.37}
tree="$dest/ns-allinone-$version/ns-$version"
if [ -f "$tree/VERSION" ]; then
  echo "ns-$version source already at $tree"
  exit 0
fi
mkdir -p "$dest"
if [ "$version" != 3.37 ]; then
  git_url=${NS3_GIT:-https://gitlab.com/nsnam/ns-3-dev.git}
  depth=(--depth 1)
  [ -d "$git_url" ] && depth=() # a local copy is linked, not packed
  rm -rf "$tree"
  git -c advice.detachedHead=false clone -q "${depth[@]}" --no-checkout --branch "ns-$version" "$git_url" "$tree" ||
    { echo "error: cannot clone tag ns-$version from $git_url (set NS3_GIT to a reachable copy)" >&2; exit 1; }
  # A partial mirror may lack a few large data files (LTE's fading traces):
  # check out the rest, and name what is left out.
  blobs=$(git -C "$tree" ls-tree -r HEAD | awk '$2 == "blob" { print $3 "\t" $4 }')
  absent=$(cut -f1 <<<"$blobs" | git -C "$tree" cat-file --batch-check | awk '$2 == "missing" { print $1 }')
  missing=$( [ -z "$absent" ] || grep -F -f <(echo "$absent") <<<"$blobs" | cut -f2)
  if [ -n "$missing" ]; then
    echo "note: left out, absent from $git_url: $(echo "$missing" | tr '\n' ' ')"
  fi
  exclude=()
  while read -r path; do [ -n "$path" ] && exclude+=(":(exclude)$path"); done <<<"$missing"
  git -C "$tree" checkout -q HEAD -- . "${exclude[@]}"
else
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
fi
test -f "$tree/VERSION" || { echo "error: unpacked source has no $tree/VERSION" >&2; exit 1; }
echo "ns-$version source at $tree"
