import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostAs } from '../test/blog';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { createRenderingTestApp } from '../test/rendering';
import { createUserAndLogin } from '../test/users';

/**
 * The public pages in each language as the server sends them (decision 090): the page template, and in place of the
 * server bundle the client's server entry from the sources (the head, the document's language, the redirects and the
 * sitemap are the server's; the body is the server render's).
 */
let t: TestApp;
let slug: string;
const PUBLIC_URL = 'https://stealth.example';
beforeAll(async () => {
  t = await createRenderingTestApp({ PUBLIC_URL, PUBLIC_DEMO: 'true' });
  const admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  slug = (await createPostAs(t, admin, { title: 'Written in English' })).slug;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const hreflangs = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

/** Each public page, its title in each language (a translated text the served HTML carries). */
const PAGES: [string, Record<'en' | 'hi' | 'es' | 'fr', string>][] = [
  [
    '/',
    {
      en: 'Stealth Browser: invisible during screen sharing',
      hi: 'Stealth Browser: स्क्रीन शेयरिंग के दौरान अदृश्य',
      es: 'Stealth Browser: invisible al compartir pantalla',
      fr: 'Stealth Browser : invisible pendant le partage d’écran',
    },
  ],
  [
    '/blog',
    {
      en: 'Tech Insights | Stealth Browser Blog',
      hi: 'टेक इनसाइट्स | Stealth Browser ब्लॉग',
      es: 'Tech Insights | Blog de Stealth Browser',
      fr: 'Tech Insights | Blog Stealth Browser',
    },
  ],
  ['/contact-us', { en: 'Contact Us | Stealth Browser', hi: 'संपर्क करें | Stealth Browser', es: 'Contacto | Stealth Browser', fr: 'Nous contacter | Stealth Browser' }],
  [
    '/privacy-policy',
    {
      en: 'Privacy Policy | Stealth Browser',
      hi: 'गोपनीयता नीति | Stealth Browser',
      es: 'Política de privacidad | Stealth Browser',
      fr: 'Politique de confidentialité | Stealth Browser',
    },
  ],
  [
    '/terms-of-service',
    {
      en: 'Terms of Service | Stealth Browser',
      hi: 'सेवा की शर्तें | Stealth Browser',
      es: 'Condiciones del servicio | Stealth Browser',
      fr: 'Conditions d’utilisation | Stealth Browser',
    },
  ],
  [
    '/refund-policy',
    {
      en: 'Cancellations and Refunds | Stealth Browser',
      hi: 'रद्दीकरण और रिफ़ंड | Stealth Browser',
      es: 'Cancelaciones y reembolsos | Stealth Browser',
      fr: 'Annulations et remboursements | Stealth Browser',
    },
  ],
  [
    '/terms-conditions',
    {
      en: 'Terms and Conditions | Stealth Browser',
      hi: 'नियम और शर्तें | Stealth Browser',
      es: 'Términos y condiciones | Stealth Browser',
      fr: 'Conditions générales | Stealth Browser',
    },
  ],
];
const at = (locale: string, p: string) => (locale === 'en' ? p : p === '/' ? `/${locale}` : `/${locale}${p}`);
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

describe(`the public pages in four languages on ${TEST_DB_KIND}`, () => {
  it('serves each public page in each language with its lang, its own canonical, hreflang to all four and x-default, and its title translated', async () => {
    for (const [page, titles] of PAGES) {
      for (const [locale, title] of Object.entries(titles)) {
        const url = at(locale, page);
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<html lang="${locale}"`);
        expect(titleOf(res.body), url).toBe(escaped(title));
        expect(canonical(res.body), url).toBe(`${PUBLIC_URL}${url}`);
        expect(hreflangs(res.body), url).toEqual([
          ['en', `${PUBLIC_URL}${page}`],
          ['hi', `${PUBLIC_URL}${at('hi', page)}`],
          ['es', `${PUBLIC_URL}${at('es', page)}`],
          ['fr', `${PUBLIC_URL}${at('fr', page)}`],
          ['x-default', `${PUBLIC_URL}${page}`],
        ]);
      }
    }
  });

  it('serves each policy with its text in the language of its address, and the English policies as they were', async () => {
    // A sentence of each policy's own text (the spec's numbers among them) in each language.
    const terms = {
      en: 'These terms are governed by the laws of India.',
      hi: 'ये शर्तें भारत के क़ानूनों द्वारा शासित हैं।',
      es: 'Estas condiciones se rigen por las leyes de la India.',
      fr: 'Les présentes conditions sont régies par le droit indien.',
    };
    const BODIES: [string, Record<'en' | 'hi' | 'es' | 'fr', string>][] = [
      [
        '/privacy-policy',
        {
          en: 'We respond to every rights request within 1 day',
          hi: 'हम अधिकारों से जुड़े हर अनुरोध का जवाब 1 दिन के भीतर देते हैं',
          es: 'Respondemos a toda solicitud relativa a tus derechos en un plazo de 1 día',
          fr: 'Nous répondons à toute demande relative à vos droits sous 1 jour',
        },
      ],
      ['/terms-of-service', terms],
      ['/terms-conditions', terms],
      [
        '/refund-policy',
        {
          en: 'you ask within 2 days (48 hours) of the payment.',
          hi: 'आप भुगतान के 2 दिन (48 घंटे) के भीतर अनुरोध करते हैं।',
          es: 'lo solicitas en los 2 días (48 horas) siguientes al pago.',
          fr: 'vous en faites la demande dans les 2 jours (48 heures) suivant le paiement.',
        },
      ],
    ];
    const DATES = {
      '/privacy-policy': 'Effective July 31, 2025',
      '/refund-policy': 'Effective July 31, 2025',
      '/terms-of-service': 'Last updated 31 July 2025',
      '/terms-conditions': 'Last updated 31 July 2025',
    } as Record<string, string>;
    // French keeps a number with its unit and a colon with its word by no-break spaces.
    const text = (html: string) =>
      html
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/\u00a0/g, ' ');
    for (const [page, sentences] of BODIES) {
      for (const [locale, sentence] of Object.entries(sentences)) {
        const url = at(locale, page);
        const body = text((await get(url)).body);
        expect(body, url).toContain(sentence);
        for (const [other, theirs] of Object.entries(sentences)) if (other !== locale) expect(body, `${url} holds the ${other} text`).not.toContain(theirs);
        if (locale === 'en') {
          expect(body, url).toContain(DATES[page]);
          expect(body, url).not.toContain('the English text governs');
        }
      }
    }
    // The date in the page's language; a translation says the English text governs and links to it.
    const hindi = (await get('/hi/terms-of-service')).body;
    expect(text(hindi)).toContain('अंतिम अपडेट: 31 जुलाई 2025');
    expect(hindi).toMatch(/data-testid="english-governs"[^>]*>[^<]*अंग्रेज़ी पाठ ही मान्य है।/);
    expect(hindi).toContain('href="/hi/refund-policy"');
    expect(hindi).toContain('href="/hi/contact-us"');
    expect(text((await get('/fr/privacy-policy')).body)).toContain('En vigueur depuis le 31 juillet 2025');
    expect(text((await get('/es/refund-policy')).body)).toContain('Vigente desde el 31 de julio de 2025');
  });

  it("serves a post at each prefix in the site's chrome of that language, its one text named English: canonical to the English address, no hreflang copies", async () => {
    for (const locale of ['en', 'hi', 'es', 'fr']) {
      const url = at(locale, `/blog/${slug}`);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // The chrome (top bar, footer) speaks the address's language; the article says its text is English.
      expect(res.body, url).toContain(`<html lang="${locale}"`);
      expect(res.body, url).toMatch(/<article[^>]* lang="en"[^>]*data-testid="post-article"/);
      expect(titleOf(res.body), url).toBe('Written in English');
      expect(canonical(res.body), url).toBe(`${PUBLIC_URL}/blog/${slug}`);
      expect(hreflangs(res.body), url).toEqual([]);
      expect(res.body, url).toContain('<meta property="og:locale" content="en_US">');
    }
    expect((await get(`/hi/blog/${slug}`)).body).toContain('ब्लॉग पर वापस');
    // The sitemap names the post once, at its English address.
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/blog/${slug}</loc>`);
    for (const locale of ['hi', 'es', 'fr']) expect(sitemap).not.toContain(`${PUBLIC_URL}/${locale}/blog/${slug}<`);
    // A page of the list past the end is sent to its last page, in its language (one page of posts: /hi/blog).
    const past = await get('/hi/blog?page=2');
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/hi/blog');
    const last = (await get('/hi/blog')).body;
    expect(canonical(last)).toBe(`${PUBLIC_URL}/hi/blog`);
    expect(hreflangs(last)[0]).toEqual(['en', `${PUBLIC_URL}/blog`]);
  });

  it('has no address per language for a page that is not public, nor for a language that is not ours', async () => {
    for (const url of ['/hi/dashboard', '/es/billing', '/fr/admin/login', '/de/blog', '/en/blog', '/hi/hi']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
    }
  });

  it('sends a first visit to an English address to the language the browser asks for, and never a crawler or a chosen English', async () => {
    const hindi = await get('/blog?page=1', { 'accept-language': 'hi-IN,hi;q=0.9,en-US;q=0.8' });
    expect(hindi.statusCode).toBe(302);
    expect(hindi.headers.location).toBe('/hi/blog?page=1');
    expect(hindi.headers.vary).toBe('accept-language, cookie');
    expect(hindi.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/', { 'accept-language': 'fr-CA,fr;q=0.9' })).headers.location).toBe('/fr');
    // The remembered choice wins over the browser's, both ways.
    expect((await get('/contact-us', { 'accept-language': 'hi', cookie: 'lang=es' })).headers.location).toBe('/es/contact-us');
    const english = await get('/contact-us', { 'accept-language': 'hi', cookie: 'lang=en' });
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toContain('accept-language, cookie');
    // A crawler names no language; a browser in a language of none of ours; a localized address never moves.
    for (const [url, headers] of [
      ['/', {}],
      ['/', { 'accept-language': 'de-DE,de;q=0.9' }],
      ['/hi/blog', { 'accept-language': 'fr' }],
      ['/es', { cookie: 'lang=fr' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
    }
    // Nonsense in either header changes nothing.
    const hostile: Record<string, string>[] = [{ 'accept-language': `${'x'.repeat(5000)},;q=,hi;q=abc` }, { cookie: 'lang=<script>; lang=../../' }];
    for (const headers of hostile) {
      expect((await get('/', headers)).statusCode).toBe(200);
    }
  });

  it('lists each language version in the sitemap (a post has one: decision 135)', async () => {
    const xml = (await get('/sitemap.xml')).body;
    for (const page of ['/', '/blog', '/contact-us', '/privacy-policy']) {
      for (const locale of ['en', 'hi', 'es', 'fr']) expect(xml, `${locale} ${page}`).toContain(`<loc>${PUBLIC_URL}${at(locale, page)}</loc>`);
    }
  });
});
