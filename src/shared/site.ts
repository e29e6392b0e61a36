/**
 * Everything a deployer renames lives here: product, brand, addresses, links, version.
 * Server-only values (installer URL, seller details) come from the environment instead.
 */
export const site = {
  productName: 'Stealth Browser',
  brand: 'Stealth',
  tagline: 'The future of productive video calls. Browse invisibly, work efficiently, stay engaged.',
  supportEmail: 'support@stealthbrowser.app',
  teamEmail: 'team@stealthbrowser.app',
  version: 'v2.1.0',
  copyrightYear: 2025,
  aboutPostSlug: 'stealth-browser-overview',
  /**
   * The zone of the public pages' dates (blog, offer badge) and of mail to the team, the same for every reader and for
   * the page the server renders; one of the listed timezones (src/shared/dates.ts).
   */
  timeZone: 'Asia/Kolkata',
  social: {
    x: 'https://x.com/stealthbrowser',
    instagram: 'https://www.instagram.com/stealthbrowser',
    linkedin: 'https://www.linkedin.com/company/stealthbrowser',
  },
} as const;

export type Site = typeof site;
