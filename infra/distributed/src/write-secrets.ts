import { resolve } from 'node:path';
import { ensureSecrets } from './secrets';

/**
 * `npm run secrets:generate [folder]`: the files docker-compose.yml mounts as secrets
 * (default ./data/compose-secrets). Existing ones are kept; delete one to replace it.
 */
const dir = ensureSecrets(resolve(process.argv[2] ?? 'data/compose-secrets'));
console.log(`secrets in ${dir}`);
