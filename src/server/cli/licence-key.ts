// npm run licence-key -- [kid] [status]: prints a new Ed25519 private JWK for LICENCE_SIGNING_KEYS (decision 183).
// Built to dist/server/licence-key.js: a production host runs `node dist/server/licence-key.js 2026-12 next`.
// With a key set on stdin (`… < keys.json`), prints that set with the new key added, for the rotation steps of
// docs/operations.md ("Licence keys").
import { readFileSync } from 'node:fs';
import { generateLicenceKey, LICENCE_KEY_STATUSES, parseLicenceKeys, type LicenceKeyJwk, type LicenceKeyStatus } from '../lib/licence-keys';

const [kid = new Date().toISOString().slice(0, 7), status = 'current'] = process.argv.slice(2);
if (!LICENCE_KEY_STATUSES.includes(status as LicenceKeyStatus)) {
  console.error(`Usage: npm run licence-key -- [kid] [${LICENCE_KEY_STATUSES.join('|')}]`);
  process.exit(2);
}
const key = generateLicenceKey(kid, status as LicenceKeyStatus);
const given = process.stdin.isTTY ? '' : readFileSync(0, 'utf8').trim();
if (!given) {
  console.log(JSON.stringify([key]));
} else {
  const existing = JSON.parse(given) as LicenceKeyJwk[];
  const set = [...existing, key];
  // Checked as the start checks it (one current, no kid twice), so what is printed starts.
  parseLicenceKeys(JSON.stringify(set));
  console.log(JSON.stringify(set));
}
