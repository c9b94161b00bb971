import { rmSync } from 'node:fs';
import { DISTRIBUTED_DESCRIPTOR_ENV } from '../src';

/** Stops the distributed form the global setup started and removes its database, namespace and files. */
export default async function globalTeardown() {
  await globalThis.__innerechoDistributed?.stop();
  const file = process.env[DISTRIBUTED_DESCRIPTOR_ENV];
  if (file) rmSync(file, { force: true });
}
