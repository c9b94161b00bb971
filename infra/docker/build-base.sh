#!/bin/sh
# Builds the Node base image from Debian packages, for machines that reach Debian's mirror
# but no image registry: a minimal bookworm (debootstrap), this machine's Node 20 and npm
# (Debian ships Node 18), and its CA bundle (the npm registry is reached through it).
# Tags it as $NODE_BASE_IMAGE (default localhost/innerecho/node-base:bookworm), which the
# Dockerfile takes as --build-arg NODE_BASE=... Usage: infra/docker/build-base.sh [work dir]
set -eu
IMAGE="${NODE_BASE_IMAGE:-localhost/innerecho/node-base:bookworm}"
WORK="${1:-${TMPDIR:-/tmp}/innerecho-base}"
MIRROR="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
NODE="$(command -v node)"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"

case "$("$NODE" --version)" in v20.*) ;; *) echo "Node 20 is required, found $("$NODE" --version)" >&2; exit 1 ;; esac
ROOTFS="$WORK/rootfs"
if [ ! -x "$ROOTFS/usr/bin/apt-get" ]; then
  rm -rf "$ROOTFS"
  mkdir -p "$WORK"
  debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"
fi
# What an image needs no copy of: the package cache and lists, documentation, locales.
rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
  "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/*
install -m 0755 "$NODE" "$ROOTFS/usr/local/bin/node"
rm -rf "$ROOTFS/usr/local/lib/node_modules/npm" && mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
mkdir -p "$ROOTFS/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/ca-certificates.crt"

tar -C "$ROOTFS" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$IMAGE" >/dev/null
echo "$IMAGE ($("$NODE" --version) on Debian bookworm minbase)"
