import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';

/** Why a service refuses to start without a secret (REQUIRE_CONFIGURED_SECRETS). */
export function missingSecretMessage(variable: string) {
  return `${variable} (or ${variable}_FILE) must be set: REQUIRE_CONFIGURED_SECRETS forbids generating it on this container's disk`;
}

/**
 * A service secret: the configured value when there is one, else one generated on first
 * start and kept (owner-only) under DATA_DIR/<service>/<name>, so it survives restarts.
 * In-memory systems (`DATA_DIR=memory://`) get a fresh one per process. Processes that
 * share a secret without sharing a disk (the distributed form) must configure it.
 */
export function serviceSecret(options: {
  configured?: string;
  dataDir: string;
  service: string;
  name: string;
  /** The variable that configures it, named when it is missing and must be configured. */
  variable: string;
  /** REQUIRE_CONFIGURED_SECRETS: refuse to generate one. */
  requireConfigured: boolean;
}): string {
  if (options.configured) return options.configured;
  if (options.requireConfigured) throw new ConfigError(missingSecretMessage(options.variable));

  if (options.dataDir === 'memory://') return randomBytes(32).toString('base64url');
  const dir = join(options.dataDir, options.service);
  const file = join(dir, options.name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
