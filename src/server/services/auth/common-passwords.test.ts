import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('the passwords most common in data breaches (decision 197)', () => {
  it('refuses the most common ones, in any case, down to the 100 000th', async () => {
    for (const password of ['123456', 'password', 'PASSWORD', 'P@ssw0rd', '1qaz@WSX', '!QAZ2wsx', 'dragon', '070162'])
      expect(await isCommonPassword(password), password).toBe(true);
  });

  it('takes what lies beyond the first 100 000 and what nobody uses', async () => {
    // 'jcob' and '2w7e3b5' are lines 150 000 and 200 000 of the package's list, past the ones taken.
    for (const password of ['jcob', '2w7e3b5', 'Str0ng!Passw0rd', 'correct horse battery staple 42', 'x'.repeat(64)])
      expect(await isCommonPassword(password), password).toBe(false);
  });
});
