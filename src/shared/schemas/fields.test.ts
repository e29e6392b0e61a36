import { describe, expect, it } from 'vitest';
import { profileSchema } from './account';
import { registerSchema } from './auth';
import { englishIssue } from '../errors';
import { personName } from './fields';

const firstName = personName('firstName');
const message = (value: string) => {
  const result = firstName.safeParse(value);
  return result.success ? null : englishIssue(result.error.issues[0].message);
};

/** Names as people write them: every vowel sign, virama and accent is a mark (\p{M}) on the letter before it. */
const NAMES = [
  ['Hindi', 'रवि'],
  ['Hindi', 'प्रिया शर्मा'],
  ['Hindi', 'क्षितिज'],
  ['Hindi', 'अंकित'],
  ['Tamil', 'முருகன்'],
  ['Tamil', 'கார்த்திக்'],
  ['Bengali', 'সৌমিত্র'],
  ['Bengali', 'অর্পিতা'],
  ['Bengali, ya-phala written with a joiner', 'র‍্যাব'],
  ['accented Latin', 'José'],
  ['accented Latin', 'Zoë François'],
  ['accented Latin', 'Łukasz Núñez'],
] as const;

describe('personName', () => {
  it.each(NAMES)('takes a %s name: %s', (_, name) => {
    expect(message(name)).toBeNull();
    expect(firstName.parse(name)).toBe(name);
  });

  it('takes a Latin name written decomposed (a combining acute) and keeps it composed', () => {
    const decomposed = 'Jose\u0301 Mari\u0301a';
    expect(decomposed).not.toBe('José María');
    expect(firstName.parse(decomposed)).toBe('José María');
  });

  it.each([
    ['a digit', 'R2D2'],
    ['a Devanagari digit', 'रवि१'],
    ['a symbol', 'Asha!'],
    ['an apostrophe', "O'Neil"],
    ['a hyphen', 'Anne-Marie'],
    ['an emoji', 'Ravi 😀'],
    ['combining marks alone', '\u0301\u0301\u0301'],
    ['Devanagari vowel signs alone', '\u093F\u093F'],
    ['a mark after a space', 'Ravi \u0301x'],
    ['joiners alone', '\u200D\u200C'],
    ['a tab', 'Ravi\tKumar'],
  ])('refuses %s with the spec message', (_, name) => {
    expect(message(name)).toBe('First name should contain only alphabets');
  });

  it('sign-up and the profile use this one rule, for both names', () => {
    const base = { email: 'ravi@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };
    expect(registerSchema.safeParse({ ...base, firstName: 'रवि', lastName: 'கார்த்திக்' }).success).toBe(true);
    expect(profileSchema.safeParse({ firstName: 'সৌমিত্র', lastName: 'Jose\u0301' }).data).toMatchObject({ firstName: 'সৌমিত্র', lastName: 'José' });
    expect(englishIssue(registerSchema.safeParse({ ...base, firstName: 'रवि', lastName: 'R2' }).error?.issues[0].message ?? '')).toBe('Last name should contain only alphabets');
    expect(englishIssue(profileSchema.safeParse({ firstName: '\u0301\u0301', lastName: 'Rao' }).error?.issues[0].message ?? '')).toBe('First name should contain only alphabets');
  });

  it('keeps the length rules: a mark counts as a character of the name', () => {
    expect(message('र')).toBe('First name should be at least 2 characters long');
    expect(message('रा')).toBeNull();
    expect(message('क'.repeat(51))).toBe('First name should not exceed 50 characters');
  });
});
