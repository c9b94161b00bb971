import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { gatewayEnvironment, REPOSITORY_ROOT, serviceEnvironment, SERVICES, type Wiring } from '../src';

/**
 * `npm run start:distributed` promises each process the variables docker-compose.yml gives
 * its container: the same names, so the two forms cannot drift apart unnoticed.
 */
const compose = YAML.parse(readFileSync(join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string> }>;
};

/** Set by the image (HOST, in infra/docker/Dockerfile) or only by tests sharing one NATS (NATS_NAMESPACE). */
const NOT_IN_COMPOSE = new Set(['HOST', 'NATS_NAMESPACE']);

const wiring: Wiring = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/innerecho',
  natsUrl: 'nats://127.0.0.1:4222',
  natsNamespace: 'ns',
  s3: { bucket: 'innerecho', endpoint: 'http://127.0.0.1:9000' },
  dataDir: '/data',
  secretsDir: '/run/secrets',
  publicUrl: 'http://localhost:3000',
  logLevel: 'info',
  addresses: Object.fromEntries(SERVICES.map((s, i) => [s, `http://127.0.0.1:${4101 + i}`])) as Wiring['addresses'],
  frontendsDir: '/app/frontends',
};

const names = (env: Record<string, unknown>) =>
  Object.keys(env)
    .filter((k) => !NOT_IN_COMPOSE.has(k))
    .sort();

test.each(SERVICES)('%s gets the variables its compose container gets', (service) => {
  expect(names(serviceEnvironment(service, wiring, 4101))).toEqual(names(compose.services[service].environment ?? {}));
});

test('the gateway gets the variables its compose container gets', () => {
  expect(names(gatewayEnvironment(wiring, 3000))).toEqual(names(compose.services.gateway.environment ?? {}));
});
