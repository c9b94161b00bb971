import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KeyStore } from '@innerecho/kit';
import { SERVICES, type ServiceName } from './service-names';

/**
 * The secrets of the distributed form, one file each, as a Kubernetes Secret volume or a
 * compose secret mounts them: services read them through `*_FILE` variables, so every
 * instance of a service gets the same keys from configuration, and nothing is generated
 * on a container's own disk (the services run with REQUIRE_CONFIGURED_SECRETS).
 */
export const SECRET_FILES = {
  sessionSigningKeys: 'session-signing-keys.pem',
  creatorSessionSigningKeys: 'creator-session-signing-keys.pem',
  referralClickSecret: 'referral-click-secret',
  /** One per service: a URL signed by one service's store is no good at another's. */
  fileSigningSecret: (service: ServiceName) => `file-signing-secret-${service}`,
} as const;

/** Creates the secrets missing in `dir` and keeps those there (so sessions survive a restart). Returns `dir`. */
export function ensureSecrets(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const write = (name: string, value: () => string) => {
    const file = join(dir, name);
    // Readable by the containers' own user, which is not the owner of a bind-mounted file; the folder stays private.
    if (!existsSync(file)) writeFileSync(file, value(), { mode: 0o644 });
  };
  const randomSecret = () => randomBytes(32).toString('base64url');
  write(SECRET_FILES.sessionSigningKeys, KeyStore.generatePem);
  write(SECRET_FILES.creatorSessionSigningKeys, KeyStore.generatePem);
  write(SECRET_FILES.referralClickSecret, randomSecret);
  for (const service of SERVICES) write(SECRET_FILES.fileSigningSecret(service), randomSecret);
  return dir;
}
