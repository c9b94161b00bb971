import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseServiceEnv } from '../config';
import { inProcessLock, type Database } from '../db/database';
import { serviceSecret } from '../secrets';
import { LocalDiskStore } from './local-disk-store';
import type { FileRouteHandlers, ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/**
 * The service's object store. Embedded default: local disk under DATA_DIR/<service>/files
 * (a temporary folder for in-memory test systems), its URL-signing secret kept beside it
 * unless FILE_SIGNING_SECRET is set. With S3_BUCKET: S3 under the `<service>/` prefix, read
 * through presigned URLs and written through the same signed upload URLs as on local disk
 * (`handlers`, mounted where the service declares `/api/files/<service>/*key`), which stream to the bucket. `exclusive` is
 * the lock the service's instances share (one process alone: a lock in memory).
 */
export function createObjectStore(
  config: BaseServiceEnv,
  service: string,
  exclusive: Database['exclusive'] = inProcessLock(),
): { store: ObjectStore; local?: LocalDiskStore; handlers: FileRouteHandlers } {
  const publicPath = `/api/files/${service}`;
  const secret = serviceSecret({
    configured: config.FILE_SIGNING_SECRET,
    dataDir: config.DATA_DIR,
    service,
    name: 'file-signing-secret',
    variable: 'FILE_SIGNING_SECRET',
    requireConfigured: config.REQUIRE_CONFIGURED_SECRETS,
  });
  if (config.S3_BUCKET) {
    const store = new S3Store({
      bucket: config.S3_BUCKET,
      prefix: service,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      uploads: { publicPath, secret, exclusive },
    });
    return { store, handlers: store.handlers() };
  }
  const root =
    config.DATA_DIR === 'memory://'
      ? join(tmpdir(), `innerecho-files-${process.pid}-${randomBytes(4).toString('hex')}`, service)
      : join(config.DATA_DIR, service, 'files');
  mkdirSync(root, { recursive: true });
  const local = new LocalDiskStore(root, publicPath, secret);
  return { store: local, local, handlers: local.handlers() };
}
