#!/bin/sh
# Builds every part's image with podman (or docker: CONTAINER_ENGINE=docker), tagged
# localhost/innerecho/<part>:${IMAGE_TAG:-dev}. NODE_BASE picks the base (see the Dockerfile).
# Usage: infra/docker/build-images.sh [part...]   (default: every service and the gateway)
set -eu
ENGINE="${CONTAINER_ENGINE:-podman}"
TAG="${IMAGE_TAG:-dev}"
PARTS="${*:-identity voice library generation billing creator-referral notifications gateway}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
set --
if [ "$ENGINE" = podman ]; then
  # Debian's podman: HEALTHCHECK needs the docker format; builds run within the machine's limits.
  # Two stages at once: the first image's independent stages (the toolchain's npm ci, the
  # audio tools' compile) overlap.
  set -- --format docker --ulimit nofile=20000:20000 --ulimit nproc=1024:1024 --jobs 2
  if [ -n "${PODMAN_RUNTIME:-}" ]; then ENGINE="podman --runtime $PODMAN_RUNTIME"; fi
fi
for part in $PARTS; do
  if [ "$part" = gateway ]; then workspace=gateway target=gateway; else workspace="services/$part" target=service; fi
  echo "building $part"
  started=$(date +%s)
  $ENGINE build "$@" ${NODE_BASE:+--build-arg NODE_BASE="$NODE_BASE"} --build-arg WORKSPACE="$workspace" \
    --target "$target" -t "localhost/innerecho/$part:$TAG" -f "$ROOT/infra/docker/Dockerfile" "$ROOT"
  echo "built $part in $(($(date +%s) - started)) s"
done
