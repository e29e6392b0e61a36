import { site } from '../../shared/site';
import type { AppContext } from '../context';
import type { HeadTags } from './head';

/** Finds the head of a path, or null to let the next provider try. Providers run in order; the first answer wins. */
export type HeadProvider = (path: string, ctx: AppContext) => Promise<HeadTags | null> | HeadTags | null;

const defaultDescription = `${site.productName}: ${site.tagline} Always Free to Use for Testing. No credit card required.`;

/** Heads of the fixed public pages. */
export const STATIC_HEADS: Record<string, Omit<HeadTags, 'path'>> = {
  '/': {
    title: `${site.productName}: invisible during screen sharing`,
    description: defaultDescription,
    keywords: 'stealth browser, invisible browser, screen sharing, video calls, interviews, AI assistant',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: site.productName,
      operatingSystem: 'Windows',
      applicationCategory: 'BrowserApplication',
      softwareVersion: site.version.replace(/^v/, ''),
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'INR' },
    },
  },
  '/blog': { title: `Tech Insights | ${site.productName} Blog`, description: `Insights, updates, and stories from the ${site.brand} team` },
  '/privacy-policy': { title: `Privacy Policy | ${site.productName}`, description: `How ${site.productName} collects, uses and protects your personal data, and how to exercise your rights.` },
  '/terms-of-service': { title: `Terms of Service | ${site.productName}`, description: `The terms that govern your use of ${site.productName}, its subscriptions and payments.` },
  '/terms-conditions': { title: `Terms and Conditions | ${site.productName}`, description: `The terms and conditions of ${site.productName}: accounts, licence, payments, refunds and liability.` },
  '/refund-policy': { title: `Cancellations and Refunds | ${site.productName}`, description: `When and how you can cancel a ${site.productName} subscription and request a refund.` },
  '/contact-us': { title: `Contact Us | ${site.productName}`, description: `Write to the ${site.productName} team. We reply within 24 hours, worldwide.` },
};

const PRIVATE_PREFIXES = ['/dashboard', '/shortcuts', '/billing', '/settings', '/admin', '/verify-email', '/reset-password'];

export const staticPagesHead: HeadProvider = (path) => {
  const page = STATIC_HEADS[path];
  if (page) return { ...page, path };
  if (PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
    return { title: site.productName, description: defaultDescription, path, noindex: true };
  }
  return null;
};

export const fallbackHead = (path: string): HeadTags => ({ title: site.productName, description: defaultDescription, path: STATIC_HEADS[path] ? path : '/' });
