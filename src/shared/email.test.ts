import { describe, expect, it } from 'vitest';
import { isEmailAddress, mailboxOf, normaliseEmail } from './email';
import { englishIssue } from './errors';
import { emailOnlySchema } from './schemas/auth';

const parse = (email: string) => emailOnlySchema.safeParse({ email });

describe('normaliseEmail: one spelling per mailbox', () => {
  it.each([
    ['  Asha.Rao@Example.COM ', 'asha.rao@example.com'],
    ['x@mailinator.com.', 'x@mailinator.com'],
    ['X@Example.COM.', 'x@example.com'],
    ['x@ｍａｉｌｉｎａｔｏｒ．ｃｏｍ', 'x@mailinator.com'],
    ['x@mailinator。com', 'x@mailinator.com'],
    ['x@MAILINATOR.com。', 'x@mailinator.com'],
    ['anna@Bücher.example', 'anna@xn--bcher-kva.example'],
    ['anna@xn--bcher-kva.example', 'anna@xn--bcher-kva.example'],
  ])('%s → %s', (raw, normal) => {
    expect(normaliseEmail(raw)).toBe(normal);
    expect(parse(raw)).toMatchObject({ success: true, data: { email: normal } });
  });

  it('leaves a domain the URL parser would split or decode as it is, for the grammar to refuse', () => {
    expect(normaliseEmail('ceo@victim.example?bcc=spy%40attacker.example&body=')).toBe('ceo@victim.example?bcc=spy%40attacker.example&body=');
    expect(normaliseEmail('x@mailinator%2ecom')).toBe('x@mailinator%2ecom');
    expect(normaliseEmail('x@example.com/path')).toBe('x@example.com/path');
    expect(normaliseEmail('x@user:pass@example.com')).toBe('x@user:pass@example.com');
  });
});

describe('the address grammar', () => {
  it.each([
    'ceo@victim.example?bcc=spy%40attacker.example&body=',
    'ceo@victim.example&cc=spy@attacker.example',
    'spy%40attacker.example@victim.example',
    'a?bcc=spy@victim.example',
    'a,b@victim.example',
    'a b@victim.example',
    '<a@victim.example>',
    'a@victim.example\r\nBcc: spy@attacker.example',
    'x@mailinator.com..',
    'x@mailinator%2ecom',
    'x@[127.0.0.1]',
    'a@b',
    'a@@b.com',
    '.a@b.com',
  ])('refuses %s with the spec message', (raw) => {
    expect(parse(raw).error?.issues.map((i) => englishIssue(i.message))).toEqual(['Please enter a valid email address']);
    expect(isEmailAddress(raw)).toBe(false);
  });

  it.each(['asha.rao@example.com', "o'neil+news@mail.example.co.in", 'first_last-1@sub.example.org', 'anna@bücher.example'])('accepts %s', (raw) => {
    expect(parse(raw).success).toBe(true);
    expect(isEmailAddress(raw)).toBe(true);
  });

  it('says what is missing first', () => {
    expect(parse('   ').error?.issues.map((i) => englishIssue(i.message))).toEqual(['Email is required']);
    expect(emailOnlySchema.safeParse({}).error?.issues.map((i) => englishIssue(i.message))).toEqual(['Email is required']);
  });
});

describe('mailboxOf: the mailbox behind an address, for the trial memory', () => {
  it.each([
    ['x+2@gmail.com', 'x@gmail.com'],
    ['X.Y@Gmail.com', 'xy@gmail.com'],
    ['x.y+promo@googlemail.com', 'xy@gmail.com'],
    ['sam+news@example.com', 'sam@example.com'],
    ['s.am@example.com', 's.am@example.com'],
    ['+sam@example.com', '+sam@example.com'],
    ['anna+x@Bücher.example', 'anna@xn--bcher-kva.example'],
  ])('%s → %s', (raw, mailbox) => {
    expect(mailboxOf(raw)).toBe(mailbox);
  });
});
