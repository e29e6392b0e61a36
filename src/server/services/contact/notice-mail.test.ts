import { describe, expect, it } from 'vitest';
import { contactNoticeMail, escapeHtml } from './notice-mail';

describe('contact notice mail', () => {
  it('escapes every markup character', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
  });
  it('links to the admin inbox of the public address', () => {
    const mail = contactNoticeMail({ id: 'x', name: 'A', email: 'a@example.com', subject: 'S', message: 'M', receivedAt: new Date('2025-08-01T10:20:00Z') }, 'https://stealth.example');
    expect(mail.text).toContain('https://stealth.example/admin/messages');
    expect(mail.text).toContain('Received: 2025-08-01 10:20 UTC');
  });
});
