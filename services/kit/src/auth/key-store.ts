import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type BaseServiceEnv } from '../config';
import { missingSecretMessage } from '../secrets';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/**
 * ES256 signing keys kept as PEM files in one folder. The newest key signs; every key in
 * the folder still verifies, so a key can be rotated by adding a new one and removing the
 * old one once the longest session signed with it has expired.
 */
export class KeyStore {
  private keys: SigningKey[] = [];

  private constructor(private readonly dir: string | null) {}

  /** Loads the folder, creating it and a first key when there is none. */
  static openDirectory(dir: string): KeyStore {
    const store = new KeyStore(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    store.reload();
    if (store.keys.length === 0) store.rotate();
    return store;
  }

  /**
   * Keys given as configuration: one or more PEM private keys (PKCS#8 or SEC1), the last
   * one signs and all verify. Each key id is derived from the public key itself, so every
   * replica given the same keys names them alike and accepts the others' tokens. Rotate by
   * appending a key, and drop the old one once the longest session signed with it expired.
   */
  static fromPem(bundle: string, variable: string): KeyStore {
    const blocks = bundle.match(PEM_PRIVATE_KEY_BLOCK) ?? [];
    if (blocks.length === 0) throw new ConfigError(`${variable}: no PEM private key found`);
    const store = new KeyStore(null);
    store.keys = blocks.map((pem) => {
      let privateKey: KeyObject;
      try {
        privateKey = createPrivateKey(pem);
      } catch {
        throw new ConfigError(`${variable}: a key is not a readable PEM private key`);
      }
      if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
        throw new ConfigError(`${variable}: keys must be EC P-256 (ES256)`);
      }
      const publicKey = createPublicKey(privateKey);
      const digest = createHash('sha256')
        .update(publicKey.export({ type: 'spki', format: 'der' }))
        .digest('base64url');
      return { kid: `c${digest.slice(0, 22)}`, privateKey, publicKey };
    });
    return store;
  }

  /**
   * The signing keys a service uses: the configured PEM keys when given; else a folder
   * (the configured one, or the default under DATA_DIR) where a first key is generated;
   * in memory for throwaway systems. With `requireConfigured` only configured keys do.
   */
  static open(options: {
    pem?: string;
    variable: string;
    dir?: string;
    defaultDir: string;
    inMemory: boolean;
    requireConfigured: boolean;
  }) {
    if (options.pem) return KeyStore.fromPem(options.pem, options.variable);
    if (options.requireConfigured) throw new ConfigError(missingSecretMessage(options.variable));
    if (options.inMemory && !options.dir) return KeyStore.inMemory();
    return KeyStore.openDirectory(options.dir ?? options.defaultDir);
  }

  /**
   * A service's signing keys where its configuration puts them (see `open`): the default
   * folder is `<DATA_DIR>/<service>/keys`, and an in-memory DATA_DIR keeps them in memory.
   */
  static forService(
    config: Pick<BaseServiceEnv, 'DATA_DIR' | 'REQUIRE_CONFIGURED_SECRETS'>,
    service: string,
    keys: { pem?: string; variable: string; dir?: string },
  ) {
    return KeyStore.open({
      ...keys,
      defaultDir: join(config.DATA_DIR, service, 'keys'),
      inMemory: config.DATA_DIR === 'memory://',
      requireConfigured: config.REQUIRE_CONFIGURED_SECRETS,
    });
  }

  /** A new ES256 private key as PEM (what SESSION_SIGNING_KEYS holds). */
  static generatePem(): string {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  }

  /** A store that lives only in memory (tests, throwaway systems). */
  static inMemory(): KeyStore {
    const store = new KeyStore(null);
    store.rotate();
    return store;
  }

  reload() {
    // Configured keys (fromPem) have no folder: they change with the configuration, by a restart.
    if (!this.dir) return;
    const files = readdirSync(this.dir)
      .filter((f) => f.endsWith('.key.pem'))
      .sort();
    this.keys = files.map((file) => {
      const privateKey = createPrivateKey(readFileSync(join(this.dir!, file)));
      return { kid: file.replace(/\.key\.pem$/, ''), privateKey, publicKey: createPublicKey(privateKey) };
    });
  }

  /** Adds a new signing key. Kids sort by creation time, so the newest signs. */
  rotate(): SigningKey {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = `k${new Date().toISOString().replace(/[-:.TZ]/g, '')}${Math.random().toString(36).slice(2, 6)}`;
    if (this.dir) {
      writeFileSync(join(this.dir, `${kid}.key.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
        mode: 0o600,
      });
    }
    const key = { kid, privateKey, publicKey };
    this.keys.push(key);
    return key;
  }

  get signingKey(): SigningKey {
    return this.keys[this.keys.length - 1];
  }

  publicKey(kid: string): KeyObject | undefined {
    return this.keys.find((k) => k.kid === kid)?.publicKey;
  }

  jwks(): { keys: PublicJwk[] } {
    return {
      keys: this.keys.map((k) => ({ ...(k.publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: k.kid, alg: 'ES256', use: 'sig' })),
    };
  }
}

const PEM_PRIVATE_KEY_BLOCK = /-----BEGIN (?:EC )?PRIVATE KEY-----[\s\S]+?-----END (?:EC )?PRIVATE KEY-----/g;
