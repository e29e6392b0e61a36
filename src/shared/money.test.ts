import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

describe('parseMoney', () => {
  it('reads rupees as typed into integer paise, exactly (no floating point)', () => {
    expect(parseMoney('149.50')).toBe(14_950);
    expect(parseMoney('149.5')).toBe(14_950);
    expect(parseMoney(' ₹1,499 ')).toBe(149_900);
    expect(parseMoney('₹ 1,00,000.01')).toBe(10_000_001);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('4.35')).toBe(435);
    expect(parseMoney('299')).toBe(29_900);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', '-1', '1.234', '1e3', 'abc', '12abc', '1,2', '.5', '5.', '1..2', 'Infinity', 'NaN', '0x10', '9'.repeat(13), '₹', '1 000']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
  });

  it('agrees with formatMoney both ways', () => {
    for (const paise of [100, 14_950, 29_900, 287_050, 10_000_001]) expect(parseMoney(formatMoney(paise))).toBe(paise);
  });
});
