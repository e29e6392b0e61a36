import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores argon2id at the OWASP minimum: 19 MiB, 2 passes, one lane, a salt of its own each time', async () => {
    const [a, b] = await Promise.all([hashPassword('Str0ng!Passw0rd'), hashPassword('Str0ng!Passw0rd')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(b).not.toBe(a);
    expect(await verifyPassword(a, 'Str0ng!Passw0rd')).toBe(true);
    expect(await verifyPassword(a, 'Str0ng!Passw0rd ')).toBe(false);
  });

  it('answers no, rather than failing, for a stored value that is no hash', async () => {
    expect(await verifyPassword('not-a-hash', 'Str0ng!Passw0rd')).toBe(false);
  });
});
