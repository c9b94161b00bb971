import { partVersionIn, releaseParts, workingTree } from '@innerecho/kit';
import { REPOSITORY_ROOT } from './src/release-plan';

/**
 * `npm run -s release:versions [-- <part>] [--tag]`: each part's version in this checkout, as its
 * `/health` reports it (the last release's version, or that version and `+<commit>` for code
 * changed since). `--tag` prints it as an image tag (`+` is not allowed there: `_`). An image
 * build passes it as `INNERECHO_VERSION`, which the part reports since the image holds no
 * repository.
 */
async function main() {
  const args = process.argv.slice(2);
  const asTag = args.includes('--tag');
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const parts = releaseParts(workingTree(REPOSITORY_ROOT)).map((part) => part.name);
  const unknown = wanted.filter((part) => !parts.includes(part));
  if (unknown.length) throw new Error(`no such part: ${unknown.join(', ')} (parts: ${parts.join(', ')})`);
  for (const part of wanted.length ? wanted : parts) {
    const version = await partVersionIn(REPOSITORY_ROOT, part);
    const shown = asTag ? version.replace(/\+/g, '_') : version;
    process.stdout.write(wanted.length === 1 ? `${shown}\n` : `${part} ${shown}\n`);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
