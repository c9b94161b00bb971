import { execFileSync } from 'node:child_process';

/**
 * The order a release is applied in, on an empty namespace as on a running one:
 * 1. configuration: the namespace, the ConfigMaps and the network policies, which the
 *    migration Jobs read and need (a Job applied before its ConfigMap cannot start);
 * 2. the migration Jobs (each named after its part's release), waited for until complete:
 *    the previous release keeps running on the migrated schema meanwhile;
 * 3. everything else: the Deployments roll, one surge pod at a time.
 * The Secrets of infra/k8s/secrets.yaml must be there first (the secret manager's).
 * `npm run k8s:apply -- <overlay folder> [kubectl options]` runs these steps with kubectl.
 */
export const APPLY_STEPS: { what: string; selector?: string; waitForJobs?: boolean }[] = [
  { what: 'configuration', selector: 'app.kubernetes.io/component=configuration' },
  { what: 'migration Jobs', selector: 'app.kubernetes.io/component=migration', waitForJobs: true },
  { what: 'everything' },
];

/** How long a release's migrations may take before the apply stops (each Job's own deadline is 10 minutes). */
const MIGRATION_WAIT = '15m';

function applyOverlay(overlay: string, kubectlOptions: string[]) {
  const kubectl = (...args: string[]) => execFileSync('kubectl', [...kubectlOptions, ...args], { stdio: 'inherit' });
  // The Jobs are waited for in the overlay's namespace (the first object's, as kustomize sets one for all).
  const namespace = /^ {2}namespace: (\S+)$/m.exec(execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8' }))?.[1];
  for (const applyStep of APPLY_STEPS) {
    console.log(`== ${applyStep.what}`);
    kubectl('apply', '-k', overlay, ...(applyStep.selector ? ['-l', applyStep.selector] : []));
    if (applyStep.waitForJobs) {
      kubectl(
        'wait',
        ...(namespace ? ['-n', namespace] : []),
        '--for=condition=complete',
        'job',
        '-l',
        applyStep.selector!,
        `--timeout=${MIGRATION_WAIT}`,
      );
    }
  }
}

if (require.main === module) {
  const [overlay, ...kubectlOptions] = process.argv.slice(2);
  if (!overlay) {
    console.error('usage: npm run k8s:apply -- <overlay folder> [kubectl options]');
    process.exit(2);
  }
  applyOverlay(overlay, kubectlOptions);
}
