import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT, SERVICES } from '../src';

/**
 * Migrations run before a release's instances replace the previous release's, which keep
 * serving on the migrated schema meanwhile. So a migration may only expand: add tables,
 * nullable columns or columns with a default, indexes. Dropping or renaming a table or a
 * column, changing a column's type, making one NOT NULL, or adding a NOT NULL column
 * without a default would break the release still running; such a change is the second
 * half of an earlier expand step, in a later release, and says so on a line of its own:
 * `-- contract: <tag of the earlier migration that expanded>`.
 */
const BREAKING: { rule: string; pattern: RegExp }[] = [
  { rule: 'drops a table', pattern: /\bdrop\s+table\b/i },
  { rule: 'drops a column', pattern: /\bdrop\s+column\b/i },
  { rule: 'renames a table or column', pattern: /\brename\s+(column\s+|constraint\s+)?\S+\s+to\b|\brename\s+to\b/i },
  { rule: "changes a column's type", pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i },
  { rule: 'makes a column NOT NULL', pattern: /\balter\s+column\s+\S+\s+set\s+not\s+null\b/i },
  {
    rule: 'adds a NOT NULL column without a default',
    pattern: /\badd\s+column\s+(?:(?!\bdefault\b)[^;])*\bnot\s+null\b(?:(?!\bdefault\b)[^;])*$/i,
  },
];

/** The migrations that existed when this check was introduced, written before the rule. */
const BEFORE_THE_RULE: Record<string, string[]> = {
  identity: ['0000_init', '0001_sessions', '0002_admin-setup-tokens'],
  voice: ['0000_init', '0001_engine-settings'],
  library: ['0000_init', '0001_music-measure'],
  generation: [
    '0000_init',
    '0001_daily-usage-reservations',
    '0002_reservation-lifetime',
    '0003_own-recordings',
    '0004_music-balance',
    '0005_listening-days',
  ],
  billing: ['0000_init', '0001_checkouts-and-invoices'],
  'creator-referral': ['0000_init', '0001_creator-sessions'],
};

function breakingChanges(sql: string, earlierTags: string[]): string[] {
  const contract = /^--\s*contract:\s*(\S+)\s*$/m.exec(sql)?.[1];
  if (contract && earlierTags.includes(contract)) return [];
  const statements = sql
    .split(/-->\s*statement-breakpoint|;/)
    .map((s) => s.replace(/--[^\n]*/g, '').trim())
    .filter(Boolean);
  return statements.flatMap((statement) =>
    BREAKING.filter(({ pattern }) => pattern.test(statement)).map(({ rule }) => `${rule}: ${statement.replace(/\s+/g, ' ').slice(0, 120)}`),
  );
}

const migrationsOf = (service: string) => {
  const folder = join(REPOSITORY_ROOT, 'services', service, 'src', 'data-access', 'migrations');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ tag: file.replace(/\.sql$/, ''), sql: readFileSync(join(folder, file), 'utf8') }));
};

test.each(SERVICES)('every new migration of %s keeps the previous release working', (service) => {
  const migrations = migrationsOf(service);
  const problems = migrations.flatMap(({ tag, sql }, i) =>
    BEFORE_THE_RULE[service].includes(tag)
      ? []
      : breakingChanges(
          sql,
          migrations.slice(0, i).map((m) => m.tag),
        ).map((p) => `${tag} ${p}`),
  );
  expect(problems).toEqual([]);
});

test('the check refuses what would break the running release, and lets expansions and declared contract steps through', () => {
  const earlier = ['0006_add-display-name'];
  expect(breakingChanges('ALTER TABLE "identity"."users" ADD COLUMN "display_name" text;', earlier)).toEqual([]);
  expect(breakingChanges('ALTER TABLE "identity"."users" ADD COLUMN "plan" text DEFAULT \'free\' NOT NULL;', earlier)).toEqual([]);
  expect(breakingChanges('CREATE TABLE "identity"."x" ("id" uuid PRIMARY KEY NOT NULL, "n" integer NOT NULL);', earlier)).toEqual([]);
  expect(breakingChanges('ALTER TABLE "identity"."users" ADD COLUMN "plan" text NOT NULL;', earlier)).toEqual([
    'adds a NOT NULL column without a default: ALTER TABLE "identity"."users" ADD COLUMN "plan" text NOT NULL',
  ]);
  expect(breakingChanges('ALTER TABLE "identity"."users" DROP COLUMN "name";', earlier)[0]).toMatch(/^drops a column/);
  expect(breakingChanges('DROP TABLE "identity"."old";', earlier)[0]).toMatch(/^drops a table/);
  expect(breakingChanges('ALTER TABLE "identity"."users" RENAME COLUMN "name" TO "display_name";', earlier)[0]).toMatch(/^renames/);
  expect(breakingChanges('ALTER TABLE "identity"."users" RENAME TO "people";', earlier)[0]).toMatch(/^renames/);
  expect(breakingChanges('ALTER TABLE "identity"."users" ALTER COLUMN "name" SET NOT NULL;', earlier)[0]).toMatch(
    /^makes a column NOT NULL/,
  );
  expect(breakingChanges('ALTER TABLE "identity"."users" ALTER COLUMN "n" SET DATA TYPE bigint;', earlier)[0]).toMatch(/type/);
  // The second half of an expand step, in a later release, says which step it completes.
  expect(breakingChanges('-- contract: 0006_add-display-name\nALTER TABLE "identity"."users" DROP COLUMN "name";', earlier)).toEqual([]);
  expect(breakingChanges('-- contract: 0099_nothing-like-it\nALTER TABLE "identity"."users" DROP COLUMN "name";', earlier)).toHaveLength(1);
});
