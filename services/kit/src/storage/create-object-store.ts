import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseServiceEnv } from '../config';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';

/**
 * The service's object store. Embedded default: local disk under DATA_DIR/<service>/files
 * (a temporary folder for in-memory test systems), its URL-signing secret kept beside it
 * unless FILE_SIGNING_SECRET is set.
 */
export function createObjectStore(config: BaseServiceEnv, service: string): { store: ObjectStore; local?: LocalDiskStore } {
  const root =
    config.DATA_DIR === 'memory://'
      ? join(tmpdir(), `innerecho-files-${process.pid}-${randomBytes(4).toString('hex')}`, service)
      : join(config.DATA_DIR, service, 'files');
  mkdirSync(root, { recursive: true });
  let secret = config.FILE_SIGNING_SECRET;
  if (!secret) {
    const secretFile = join(root, '..', 'file-signing-secret');
    if (config.DATA_DIR !== 'memory://' && existsSync(secretFile)) secret = readFileSync(secretFile, 'utf8').trim();
    else {
      secret = randomBytes(32).toString('base64url');
      if (config.DATA_DIR !== 'memory://') writeFileSync(secretFile, secret, { mode: 0o600 });
    }
  }
  const local = new LocalDiskStore(root, `/api/files/${service}`, secret);
  return { store: local, local };
}
