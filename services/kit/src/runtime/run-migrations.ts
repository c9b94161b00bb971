import type { z } from 'zod';
import { parseConfig, type BaseServiceEnv } from '../config';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import type { ServiceModule } from './service-runtime';

/** PostgreSQL connections a migration step holds (the database's connection budget counts them). */
export const MIGRATION_POOL_SIZE = 2;

/**
 * The migration step of one service (`npm run migrate -w <service>`, the image's
 * /app/migrate.js, a Kubernetes Job): applies its pending migrations to DATABASE_URL and
 * exits. Run before the new release's instances start; the previous release keeps working
 * on the migrated schema, because migrations only expand (a test refuses the others).
 */
export async function runMigrations<TConfig extends BaseServiceEnv>(module: ServiceModule<TConfig>, envSchema: z.ZodType<TConfig>) {
  const config = parseConfig(envSchema, process.env) as TConfig;
  const logger = createLogger(`${module.name}-migrate`, config.LOG_LEVEL);
  if (!config.DATABASE_URL) {
    logger.info('no DATABASE_URL: PGlite applies migrations when the service starts');
    return;
  }
  const database = await openDatabase({
    schemaName: module.name.replace(/-/g, '_'),
    migrationsFolder: module.migrationsFolder,
    databaseUrl: config.DATABASE_URL,
    logger,
    migrations: 'apply',
    poolSize: MIGRATION_POOL_SIZE,
  });
  await database.close();
  logger.info(`${module.name} migrations applied`);
}
