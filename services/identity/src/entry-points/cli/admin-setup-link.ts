import { join } from 'node:path';
import { createLogger, createOutboxWriter, openDatabase, parseConfig } from '@innerecho/kit';
import { ZIdentityEnv } from '../../config';
import { outbox } from '../../data-access/schema';
import { issueAdminSetupLink } from '../../domain/admin-setup';

/**
 * `npm run admin:setup-link -- <email>`: the operator's way into a deployed install. Run
 * with the identity service's environment (DATABASE_URL, PUBLIC_URL), e.g.
 * `docker compose exec identity npm run admin:setup-link -- admin@example.com`. Makes the
 * account an admin (creating it without a password if needed) and prints a one-time link
 * where they choose their password. Earlier unused links stop working.
 */
async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error('Usage: npm run admin:setup-link -- <email>');
    process.exit(2);
  }
  const config = parseConfig(ZIdentityEnv, process.env);
  const logger = createLogger('identity-cli', 'warn');
  const database = await openDatabase({
    schemaName: 'identity',
    migrationsFolder: join(__dirname, '..', '..', 'data-access', 'migrations'),
    databaseUrl: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'identity', 'pg'),
    logger,
  });
  try {
    const link = await issueAdminSetupLink(
      {
        db: database.db,
        config,
        outbox: createOutboxWriter('identity', outbox),
        // The running identity service's relay publishes the account's event, if one was created.
        transaction: (work) => database.db.transaction(work),
      },
      email,
    );
    process.stdout.write(`Admin setup link for ${link.email} (works once, until ${link.expiresAt.toISOString()}):\n${link.url}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
