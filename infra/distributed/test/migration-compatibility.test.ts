import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastRelease, readReleases, workingTree } from '@innerecho/kit';
import { REPOSITORY_ROOT, SERVICES } from '../src';

/**
 * Migrations run before a release's instances replace the previous release's, which keep
 * serving on the migrated schema meanwhile. So a migration may only expand: add tables,
 * nullable columns or columns with a default, indexes. What would break the release still
 * running is refused: dropping or renaming a schema, table, column or index, changing a
 * column's type, making one NOT NULL, adding a NOT NULL column without a default, dropping a
 * column's default (its inserts leave the column out), a new uniqueness rule on a table that
 * has rows (its inserts may collide), emptying a table, renaming an enum value or dropping a
 * type. Such a change is the second half of an expand step that shipped in an earlier release,
 * and says so on a line of its own: `-- contract: <tag of the released migration that expanded>`.
 */
const BREAKING: { rule: string; pattern: RegExp; harmlessOnNewTable?: true }[] = [
  { rule: 'drops a schema', pattern: /\bdrop\s+schema\b/i },
  { rule: 'drops a table', pattern: /\bdrop\s+table\b/i },
  { rule: 'empties a table', pattern: /\btruncate\b/i },
  { rule: 'drops a column', pattern: /\bdrop\s+column\b/i },
  { rule: 'renames a table or column', pattern: /\brename\s+(column\s+|constraint\s+)?\S+\s+to\b|\brename\s+to\b/i },
  { rule: "changes a column's type", pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i },
  { rule: 'makes a column NOT NULL', pattern: /\balter\s+column\s+\S+\s+set\s+not\s+null\b/i },
  { rule: "drops a column's default", pattern: /\balter\s+column\s+\S+\s+drop\s+default\b/i },
  {
    rule: 'adds a NOT NULL column without a default',
    pattern: /\badd\s+column\s+(?:(?!\bdefault\b)[^;])*\bnot\s+null\b(?:(?!\bdefault\b)[^;])*$/i,
  },
  { rule: 'adds a unique constraint', pattern: /\badd\s+(constraint\s+\S+\s+)?unique\b/i, harmlessOnNewTable: true },
  { rule: 'adds a unique index', pattern: /\bcreate\s+unique\s+index\b/i, harmlessOnNewTable: true },
  { rule: 'drops an index', pattern: /\bdrop\s+index\b/i },
  { rule: 'renames an enum value', pattern: /\balter\s+type\s+\S+\s+rename\s+value\b/i },
  { rule: 'drops a type', pattern: /\bdrop\s+type\b/i },
];

const name = String.raw`(?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?`;
const normalised = (table: string) => table.replace(/"/g, '').toLowerCase();
/** The table a statement changes: `ALTER TABLE <t>` or `CREATE ... INDEX ... ON <t>`. */
const tableOf = (statement: string) =>
  new RegExp(String.raw`\balter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?(${name})|\bon\s+(?:only\s+)?(${name})`, 'i').exec(statement);
const tablesCreatedIn = (statements: string[]) =>
  new Set(
    statements.flatMap((s) => {
      const created = new RegExp(String.raw`^create\s+table\s+(?:if\s+not\s+exists\s+)?(${name})`, 'i').exec(s);
      return created ? [normalised(created[1])] : [];
    }),
  );

/**
 * What in a migration would break the release still running. `released`: the service's
 * migrations as the last recorded release shipped them; a contract step names one of them.
 */
function breakingChanges(sql: string, released: string[]): string[] {
  const contract = /^--\s*contract:\s*(\S+)\s*$/m.exec(sql)?.[1];
  if (contract && released.includes(contract)) return [];
  const statements = sql
    .split(/-->\s*statement-breakpoint|;/)
    .map((s) => s.replace(/--[^\n]*/g, '').trim())
    .filter(Boolean);
  const newTables = tablesCreatedIn(statements);
  const onNewTable = (statement: string) => {
    const table = tableOf(statement);
    return table !== null && newTables.has(normalised(table[1] ?? table[2]));
  };
  const problems = statements.flatMap((statement) =>
    BREAKING.filter(({ pattern, harmlessOnNewTable }) => pattern.test(statement) && !(harmlessOnNewTable && onNewTable(statement))).map(
      ({ rule }) => `${rule}: ${statement.replace(/\s+/g, ' ').slice(0, 120)}`,
    ),
  );
  if (contract && problems.length)
    problems.unshift(`its expand step ${contract} is in no recorded release (it must ship in an earlier one)`);
  return problems;
}

const migrationsOf = (service: string) => {
  const folder = join(REPOSITORY_ROOT, 'services', service, 'src', 'data-access', 'migrations');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ tag: file.replace(/\.sql$/, ''), sql: readFileSync(join(folder, file), 'utf8') }));
};

const released = lastRelease(readReleases(workingTree(REPOSITORY_ROOT)));

test.each(SERVICES)('every migration of %s since the last release keeps that release working', (service) => {
  const shipped = released?.parts[service]?.migrations ?? [];
  const problems = migrationsOf(service)
    .filter(({ tag }) => !shipped.includes(tag))
    .flatMap(({ tag, sql }) => breakingChanges(sql, shipped).map((p) => `${tag} ${p}`));
  expect(problems).toEqual([]);
});

test('the last release records the migrations each service shipped', () => {
  for (const service of SERVICES) {
    const shipped = released?.parts[service]?.migrations;
    if (!shipped) continue; // a service no release has shipped yet
    expect({ service, shipped: migrationsOf(service).some(({ tag }) => shipped.includes(tag)) }).toEqual({ service, shipped: true });
  }
});

describe('the check', () => {
  const released = ['0006_add-display-name'];
  const refusal = (sql: string) => breakingChanges(sql, released);

  test('lets expansions through: new tables with their constraints and indexes, nullable or defaulted columns, plain indexes', () => {
    expect(refusal('ALTER TABLE "identity"."users" ADD COLUMN "display_name" text;')).toEqual([]);
    expect(refusal('ALTER TABLE "identity"."users" ADD COLUMN "plan" text DEFAULT \'free\' NOT NULL;')).toEqual([]);
    expect(refusal('CREATE TABLE "identity"."x" ("id" uuid PRIMARY KEY NOT NULL, "n" integer NOT NULL);')).toEqual([]);
    expect(refusal('CREATE INDEX "users_name_idx" ON "identity"."users" USING btree ("name");')).toEqual([]);
    expect(
      refusal(
        'CREATE TABLE "identity"."x" ("id" uuid PRIMARY KEY NOT NULL, "code" text NOT NULL);--> statement-breakpoint\n' +
          'ALTER TABLE "identity"."x" ADD CONSTRAINT "x_code_unique" UNIQUE("code");--> statement-breakpoint\n' +
          'CREATE UNIQUE INDEX "x_code_idx" ON "identity"."x" USING btree ("code");',
      ),
    ).toEqual([]);
  });

  test.each([
    ['drops a schema', 'DROP SCHEMA "old" CASCADE;'],
    ['drops a table', 'DROP TABLE "identity"."old";'],
    ['empties a table', 'TRUNCATE "identity"."sessions";'],
    ['drops a column', 'ALTER TABLE "identity"."users" DROP COLUMN "name";'],
    ['renames a table or column', 'ALTER TABLE "identity"."users" RENAME COLUMN "name" TO "display_name";'],
    ['renames a table or column', 'ALTER TABLE "identity"."users" RENAME TO "people";'],
    ["changes a column's type", 'ALTER TABLE "identity"."users" ALTER COLUMN "n" SET DATA TYPE bigint;'],
    ['makes a column NOT NULL', 'ALTER TABLE "identity"."users" ALTER COLUMN "name" SET NOT NULL;'],
    ["drops a column's default", 'ALTER TABLE "identity"."users" ALTER COLUMN "plan" DROP DEFAULT;'],
    ['adds a NOT NULL column without a default', 'ALTER TABLE "identity"."users" ADD COLUMN "plan" text NOT NULL;'],
    ['adds a unique constraint', 'ALTER TABLE "identity"."users" ADD CONSTRAINT "users_name_unique" UNIQUE("name");'],
    ['adds a unique constraint', 'ALTER TABLE identity.users ADD UNIQUE (name);'],
    ['adds a unique index', 'CREATE UNIQUE INDEX "users_name_idx" ON "identity"."users" USING btree ("name");'],
    ['adds a unique index', 'CREATE UNIQUE INDEX CONCURRENTLY users_name_idx ON identity.users (name);'],
    ['drops an index', 'DROP INDEX "identity"."users_name_idx";'],
    ['renames an enum value', 'ALTER TYPE "identity"."plan" RENAME VALUE \'gold\' TO \'premium\';'],
    ['drops a type', 'DROP TYPE "identity"."plan";'],
  ])('refuses a migration that %s', (rule, sql) => {
    expect(refusal(sql)).toEqual([`${rule}: ${sql.replace(/;$/, '')}`]);
  });

  test('lets a contract step through when its expand step shipped in a recorded release, and only then', () => {
    const drop = 'ALTER TABLE "identity"."users" DROP COLUMN "name";';
    expect(refusal(`-- contract: 0006_add-display-name\n${drop}`)).toEqual([]);
    // Its expand step is in this release too (or in none): the running release may still use what it removes.
    expect(breakingChanges(`-- contract: 0007_add-nickname\n${drop}`, released)).toEqual([
      'its expand step 0007_add-nickname is in no recorded release (it must ship in an earlier one)',
      `drops a column: ${drop.replace(/;$/, '')}`,
    ]);
  });
});
