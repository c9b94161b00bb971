import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateContractSchemas, readCommittedSchemas, reviewContracts, SCHEMAS_DIR } from './json-schemas';

/**
 * `npm run contracts:schemas`: writes json-schemas/ from the zod contracts. It refuses a
 * change that breaks a committed contract (publish a new version instead) unless given
 * `--accept-breaking`, for a break that was decided on and is reviewed in the diff.
 */
const acceptBreaking = process.argv.includes('--accept-breaking');
const generated = generateContractSchemas();
const review = reviewContracts(readCommittedSchemas(), generated);
if (review.breaking.length && !acceptBreaking) {
  for (const { file, problems } of review.breaking) process.stderr.write(`${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.stderr.write(
    '\nThese changes break a committed contract: publish a new version (a .v2 subject alongside .v1, a new API schema)\n' +
      'or, for a break decided on, run again with --accept-breaking.\n',
  );
  process.exit(1);
}
rmSync(SCHEMAS_DIR, { recursive: true, force: true });
for (const [file, schema] of Object.entries(generated)) {
  const path = join(SCHEMAS_DIR, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`);
}
process.stdout.write(`${Object.keys(generated).length} contract schemas written to ${SCHEMAS_DIR}\n`);
