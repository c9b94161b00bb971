import { openApiDocument, PUBLIC_ENDPOINTS } from '@innerecho/contracts';
import { buildFrontendsIfStale } from '@innerecho/embedded';
import { lastRelease, readReleases, releaseParts, treeAtCommit, workingTree, type SourceTree } from '@innerecho/kit';
import { apiBreakingChanges, eventBreakingChanges, reviewDeclarations, type OpenApiPaths } from './src/contract-compatibility';
import { MixedVersions, type MixedRun } from './src/mixed-runs';
import { prepareReleaseCheckout } from './src/release-checkout';
import { partChanged, readDeclaredBreakingChanges, REPOSITORY_ROOT, resolveCommit } from './src/release-plan';

/**
 * `npm run test:releases [-- --only <part>]` (in `npm test`): what lets each part be deployed on
 * its own beside the last recorded release.
 * - The API (OpenAPI) and the event schemas are compared with the release's: a breaking change
 *   fails unless infra/releases/breaking-changes.json declares it with its migration path.
 * - For the parts changed since the release, the journeys of every kind of person run through
 *   the gateway with each such part at the new code and the rest at the release, and the
 *   reverse, after a run of the release's code on the schema the new migrations left
 *   (MixedVersions). Prints how long each arrangement took.
 */
const log = (line: string) => process.stdout.write(`${line}\n`);
const EVENTS = 'services/contracts/json-schemas/events';

function eventSchemas(tree: SourceTree) {
  return Object.fromEntries(
    tree
      .list(EVENTS)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [`events/${file}`, JSON.parse(tree.read(`${EVENTS}/${file}`)!) as Record<string, unknown>]),
  );
}

async function main() {
  const root = REPOSITORY_ROOT;
  const release = lastRelease(readReleases(workingTree(root)));
  if (!release) return log('no release is recorded yet (npm run release:cut): nothing to compare with');
  resolveCommit(root, release.commit);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  const changed = releaseParts(workingTree(root))
    .filter((part) => !release.parts[part.name] || partChanged(root, part, release.commit, null))
    .map((part) => part.name)
    .filter((part) => !only || part === only);
  log(`last release: ${release.name} at ${release.commit.slice(0, 7)}; changed since: ${changed.join(', ') || 'nothing'}`);
  for (const part of changed.filter((name) => !release.parts[name])) {
    log(`${part} is new since ${release.name}: it runs at the new code in every arrangement (the first one is its pair)`);
  }

  const declared = readDeclaredBreakingChanges(root);
  const findings = eventBreakingChanges(eventSchemas(treeAtCommit(root, release.commit)), eventSchemas(workingTree(root)));
  if (changed.length === 0) return judgeContracts(findings, declared);

  const started = Date.now();
  buildFrontendsIfStale();
  const checkout = await prepareReleaseCheckout(root, release, log);
  log(
    checkout.seconds
      ? `release ${release.name} extracted and installed in ${checkout.seconds.toFixed(0)} s`
      : `release ${release.name}'s checkout reused`,
  );
  const mixed = await MixedVersions.start({ release, releasedCode: checkout.root, changed, log });
  let runs: MixedRun[] = [];
  try {
    const api = apiBreakingChanges((await mixed.openApiOfRelease()) as OpenApiPaths, openApiDocument(PUBLIC_ENDPOINTS) as OpenApiPaths);
    if (!judgeContracts([...api, ...findings], declared)) return;
    runs = await mixed.runAll();
  } finally {
    await mixed.stop();
  }
  log(
    `\nmixed-version runs against release ${release.name}: ${runs.length} arrangements, ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
  for (const run of runs) {
    log(
      `  ${run.label.padEnd(58)} swaps ${run.swapSeconds.toFixed(1).padStart(5)} s  journeys ${run.journeySeconds.toFixed(1).padStart(5)} s  ${run.error ? 'FAILED' : 'ok'}`,
    );
  }
  if (runs.some((run) => run.error)) process.exitCode = 1;
}

/** Prints the breaking changes against the release; false (and a failed run) when one is not declared with its migration path. */
function judgeContracts(findings: string[], declared: ReturnType<typeof readDeclaredBreakingChanges>): boolean {
  const review = reviewDeclarations(findings, declared);
  for (const finding of findings) log(`  breaking: ${finding}${review.undeclared.includes(finding) ? '  (NOT DECLARED)' : '  (declared)'}`);
  for (const unused of review.unused) log(`  declared but not found (remove it): ${unused.change}`);
  for (const incomplete of review.incomplete) log(`  declared without a part or a migration path: ${incomplete.change}`);
  if (review.undeclared.length || review.incomplete.length) {
    log(
      `\n${review.undeclared.length} breaking change(s) against the last release are not declared. Keep the old form beside the new one ` +
        '(an optional field, a new endpoint, a .v2 event alongside .v1), or declare each in infra/releases/breaking-changes.json ' +
        'as { part, change (the line above), migration (how callers move over) }.',
    );
    process.exitCode = 1;
    return false;
  }
  log(`contracts: ${findings.length ? `${findings.length} breaking change(s), each declared` : 'nothing breaks the last release'}`);
  return true;
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
