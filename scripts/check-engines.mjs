// Fails when an installed package needs a newer Node.js than the one package.json declares, so
// the README's "Node.js 20.19 or newer" stays true and `npm ci` prints no engine warning.
// Reads package-lock.json: every package npm would install, with the engines it declares.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const declared = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const oldest = semver.minVersion(declared);
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const offenders = Object.entries(lock.packages)
  .filter(([place, meta]) => place && meta.engines?.node)
  .filter(([, meta]) => {
    const range = semver.validRange(meta.engines.node);
    return range && !semver.satisfies(oldest, range);
  })
  .map(([place, meta]) => `${place.replace(/^.*node_modules\//, '')}@${meta.version} needs node ${meta.engines.node}`);

if (offenders.length) {
  console.error(`Packages that need a newer Node.js than package.json declares (${declared}):`);
  for (const line of offenders) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`engines: every locked package runs on Node ${oldest} (package.json: ${declared})`);
