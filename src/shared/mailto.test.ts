import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

/** What a mail program reads from a mailto link: the recipients of the path and every header of the query. */
function read(href: string) {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), headers: [...url.searchParams.entries()] };
}

describe('mailtoHref', () => {
  it('builds the plain link', () => {
    expect(mailtoHref('asha@example.com')).toBe('mailto:asha@example.com');
    expect(mailtoHref('asha@example.com', { subject: 'Re: Team licence' })).toBe('mailto:asha@example.com?subject=Re%3A%20Team%20licence');
    expect(read(mailtoHref('team@example.com', { subject: 'Inquiry', body: 'Hello team,\n\n' }))).toEqual({
      to: 'team@example.com',
      headers: [
        ['subject', 'Inquiry'],
        ['body', 'Hello team,\n\n'],
      ],
    });
  });

  it.each([
    'ceo@victim.example?bcc=spy%40attacker.example&body=',
    'ceo@victim.example&bcc=spy@attacker.example',
    'ceo@victim.example,spy@attacker.example',
    'spy%40attacker.example?cc=x@victim.example',
    'ceo@victim.example#?bcc=spy@attacker.example',
  ])('keeps the hostile address %s one recipient, with no header of its own', (hostile) => {
    const href = mailtoHref(hostile, { subject: 'Re: Hello' });
    const { to, headers } = read(href);
    expect(to).toBe(hostile);
    expect(headers).toEqual([['subject', 'Re: Hello']]);
    expect(href).not.toMatch(/[?&](bcc|cc|to|body)=/i);
    expect(href.split('?')).toHaveLength(2);
  });

  it('keeps a hostile subject one subject', () => {
    const { headers } = read(mailtoHref('asha@example.com', { subject: 'Hi&bcc=spy@attacker.example\r\nBcc: spy@attacker.example' }));
    expect(headers).toEqual([['subject', 'Hi&bcc=spy@attacker.example\r\nBcc: spy@attacker.example']]);
  });
});
