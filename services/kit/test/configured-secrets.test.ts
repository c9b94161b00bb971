import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import {
  ConfigError,
  createLogger,
  createObjectStore,
  createTokenSigner,
  createTokenVerifier,
  errorMiddleware,
  KeyStore,
  localKeyResolver,
  type LocalDiskStore,
  parseConfig,
  serviceSecret,
  ZBaseServiceEnv,
} from '../src';

/**
 * Replicas share no disk: each signing key and secret comes from configuration (a
 * variable, or a mounted file named by NAME_FILE), and replicas given the same
 * configuration accept each other's tokens and signed URLs.
 */
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'kit-secrets-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const ISSUER = 'innerecho-test';
const claims = { id: '5f0b7c1e-8a43-4a8e-9b7e-2d7f0c1a9b11', role: 'subscriber' as const, email: 'a@example.com', sid: 'sid-1' };
const replica = (pem: string) =>
  KeyStore.open({ pem, variable: 'SESSION_SIGNING_KEYS', defaultDir: join(folder, 'keys'), inMemory: false, requireConfigured: true });

test('a variable can come from a mounted file; setting both, or an unreadable file, is refused by name', () => {
  const file = join(folder, 'file-signing-secret');
  writeFileSync(file, 'a-secret-from-a-mounted-file-0123\n');
  expect(parseConfig(ZBaseServiceEnv, { FILE_SIGNING_SECRET_FILE: file }).FILE_SIGNING_SECRET).toBe('a-secret-from-a-mounted-file-0123');
  expect(() => parseConfig(ZBaseServiceEnv, { FILE_SIGNING_SECRET_FILE: file, FILE_SIGNING_SECRET: 'x'.repeat(20) })).toThrow(
    /FILE_SIGNING_SECRET: set either FILE_SIGNING_SECRET or FILE_SIGNING_SECRET_FILE/,
  );
  expect(() => parseConfig(ZBaseServiceEnv, { FILE_SIGNING_SECRET_FILE: join(folder, 'missing') })).toThrow(
    /FILE_SIGNING_SECRET_FILE: cannot read .*missing \(ENOENT\)/,
  );
});

test('two replicas given the same session keys accept each other’s tokens; one given other keys does not', async () => {
  const pem = KeyStore.generatePem();
  const signedByFirst = createTokenSigner(replica(pem), ISSUER, 3600).sign(claims);
  const second = createTokenVerifier(localKeyResolver(replica(pem)), ISSUER);
  expect(await second.verify(signedByFirst)).toMatchObject({ id: claims.id, sid: 'sid-1' });

  const stranger = createTokenVerifier(localKeyResolver(replica(KeyStore.generatePem())), ISSUER);
  expect(await stranger.verify(signedByFirst)).toBeNull();
  // Nothing was written to the replica's own disk.
  expect(readdirSync(folder)).toEqual([]);
});

test('rotation through configuration: the last key signs, tokens of the earlier one still verify', async () => {
  const oldPem = KeyStore.generatePem();
  const newPem = KeyStore.generatePem();
  const oldToken = createTokenSigner(replica(oldPem), ISSUER, 3600).sign(claims);
  const rotated = replica(`${oldPem}\n${newPem}`);
  const verifier = createTokenVerifier(localKeyResolver(rotated), ISSUER);
  expect(await verifier.verify(oldToken)).not.toBeNull();
  expect(rotated.signingKey.kid).toBe(replica(newPem).signingKey.kid);
  expect(() => replica('not a key')).toThrow(/SESSION_SIGNING_KEYS: no PEM private key found/);
});

test('with REQUIRE_CONFIGURED_SECRETS nothing is generated on the container’s disk: the service refuses to start and names the variable', () => {
  const config = parseConfig(ZBaseServiceEnv, { DATA_DIR: folder, REQUIRE_CONFIGURED_SECRETS: 'true' });
  expect(() => createObjectStore(config, 'library')).toThrow(ConfigError);
  expect(() => createObjectStore(config, 'library')).toThrow(/FILE_SIGNING_SECRET \(or FILE_SIGNING_SECRET_FILE\) must be set/);
  expect(() =>
    serviceSecret({
      dataDir: folder,
      service: 'creator-referral',
      name: 'click',
      variable: 'REFERRAL_CLICK_SECRET',
      requireConfigured: true,
    }),
  ).toThrow(/REFERRAL_CLICK_SECRET/);
  expect(() =>
    KeyStore.open({ variable: 'SESSION_SIGNING_KEYS', defaultDir: join(folder, 'keys'), inMemory: false, requireConfigured: true }),
  ).toThrow(/SESSION_SIGNING_KEYS \(or SESSION_SIGNING_KEYS_FILE\) must be set/);
  expect(readdirSync(folder).filter((name) => name !== 'library')).toEqual([]);
});

test('a file URL signed by one replica is served by another given the same secret, and refused by one given another', async () => {
  const secretFile = join(folder, 'file-signing-secret');
  writeFileSync(secretFile, 'the-shared-file-signing-secret-42');
  const env = { DATA_DIR: join(folder, 'shared-files'), REQUIRE_CONFIGURED_SECRETS: 'true', FILE_SIGNING_SECRET_FILE: secretFile };
  const first = createObjectStore(parseConfig(ZBaseServiceEnv, env), 'library');
  const second = createObjectStore(parseConfig(ZBaseServiceEnv, env), 'library');
  const other = createObjectStore(
    parseConfig(ZBaseServiceEnv, { DATA_DIR: env.DATA_DIR, FILE_SIGNING_SECRET: 'a-different-secret-for-this-one' }),
    'library',
  );
  await first.store.put('music/calm.txt', Buffer.from('calm'), 'text/plain');
  const url = await first.store.presignGet('music/calm.txt');

  const serve = async (store: LocalDiskStore) => {
    const app = express()
      .get('/api/files/library/*key', store.handlers().GET)
      .use(errorMiddleware(createLogger('test', 'silent')));
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
      return { status: res.status, body: await res.text() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  };
  expect(await serve(second.local!)).toEqual({ status: 200, body: 'calm' });
  expect((await serve(other.local!)).status).toBe(403);
});
