import { describe, expect, it } from 'vitest';
import { contactNoticeMail } from './notice-mail';

const base = { id: 'x', name: 'Asha Rao', email: 'asha@example.com', subject: 'Team licence', message: 'Hello,\nwe are ten people.', receivedAt: new Date('2025-08-01T10:20:00Z') };

describe('contact notice mail', () => {
  it("goes to the support mailbox with the sender, the time in the site's zone and a link to the admin inbox", () => {
    const mail = contactNoticeMail(base, 'https://stealth.example');
    expect(mail).toMatchObject({ kind: 'contact-notice', to: 'support@stealthbrowser.app', subject: '[Contact] Team licence' });
    expect(mail.text).toContain('From: Asha Rao <asha@example.com>');
    expect(mail.text).toContain('Received: August 1, 2025 at 3:50 PM (Asia/Kolkata)');
    expect(mail.text).toContain('Hello,\n\nwe are ten people.');
    expect(mail.text).toContain('https://stealth.example/admin/messages');
  });

  it('keeps visitor text out of the markup and the subject on one line', () => {
    const mail = contactNoticeMail({ ...base, name: '<b>Eve</b>', subject: 'Hi\r\nBcc: all@example.com', message: '<script>alert(1)</script>' }, 'https://x.example');
    expect(mail.subject).toBe('[Contact] Hi Bcc: all@example.com');
    expect(mail.html).not.toMatch(/<script>|<b>Eve/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
