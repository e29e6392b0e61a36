import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '#shared/schemas/contact';
import { MessageCard } from './messages';

const message = (email: string): ContactMessage => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Visitor',
  email,
  subject: 'Hello & welcome',
  message: 'Hi',
  createdAt: '2026-11-22T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
});

const replyLinks = (email: string) =>
  [...renderToStaticMarkup(<MessageCard m={message(email)} zone="UTC" busy={false} onToggle={() => {}} />).matchAll(/href="([^"]*)"/g)].map(
    ([, href]) => new URL(href.replaceAll('&amp;', '&')),
  );

describe('the inbox Reply link', () => {
  it('writes to the sender with the subject', () => {
    const links = replyLinks('asha@example.com');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.protocol).toBe('mailto:');
      expect(decodeURIComponent(link.pathname)).toBe('asha@example.com');
      expect([...link.searchParams.entries()]).toEqual([['subject', 'Re: Hello & welcome']]);
    }
  });

  it('cannot be given a hidden recipient by a stored address', () => {
    const hostile = 'ceo@victim.example?bcc=spy%40attacker.example&body=';
    for (const link of replyLinks(hostile)) {
      expect(decodeURIComponent(link.pathname)).toBe(hostile);
      expect([...link.searchParams.keys()]).toEqual(['subject']);
    }
  });
});
