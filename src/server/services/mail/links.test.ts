import { describe, expect, it } from 'vitest';
import { linksInText } from './links';

describe('links of a plain-text mail', () => {
  it('leaves the punctuation of the sentence out of the link', () => {
    const text =
      'Download it from Billing > Payment History at https://stealth.example/billing. Or see https://stealth.example/faq, https://stealth.example/a?b=c; https://stealth.example/x! And https://stealth.example/y?';
    expect(linksInText(text)).toEqual([
      'https://stealth.example/billing',
      'https://stealth.example/faq',
      'https://stealth.example/a?b=c',
      'https://stealth.example/x',
      'https://stealth.example/y',
    ]);
  });

  it('drops a closing bracket the link did not open, keeps one it did', () => {
    expect(linksInText('(see https://stealth.example/docs).')).toEqual(['https://stealth.example/docs']);
    expect(linksInText('https://en.wikipedia.org/wiki/Tor_(network).')).toEqual(['https://en.wikipedia.org/wiki/Tor_(network)']);
    expect(linksInText('[https://stealth.example/a]')).toEqual(['https://stealth.example/a']);
  });

  it('keeps a link on its own line whole, lists each link once and ignores a bare scheme', () => {
    const token = 'https://stealth.example/verify-email?token=a.b-c_d';
    expect(linksInText(`Verify my email:\n${token}\n\nAgain: ${token}\nhttps://.`)).toEqual([token]);
  });
});
