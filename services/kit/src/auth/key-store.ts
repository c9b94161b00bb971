import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

  /** A store that lives only in memory (tests, throwaway systems). */
  static inMemory(): KeyStore {
    const store = new KeyStore(null);
    store.rotate();
    return store;
  }

  reload() {
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
