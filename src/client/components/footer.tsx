import { Link } from 'react-router';
import { site } from '../../shared/site';
import { mailtoHref } from '../../shared/mailto';
import { Logo } from './logo';

const inquiry = mailtoHref(site.teamEmail, { subject: 'Inquiry', body: `Hello ${site.brand} team,\n\n` });

const COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Shortcuts', to: '/#shortcuts' },
      { label: 'How It Works', to: '/#how-it-works' },
      { label: 'Videos', to: '/#videos' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Download', to: '/#download' },
    ],
  },
  { title: 'Company', links: [{ label: 'About Us', to: `/blog/${site.aboutPostSlug}` }, { label: 'Blog', to: '/blog' }] },
  { title: 'Legal', links: [{ label: 'Privacy Policy', to: '/privacy-policy' }, { label: 'Terms and Conditions', to: '/terms-conditions' }] },
  {
    title: 'Policies',
    links: [
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Cancellations and Refunds', to: '/refund-policy' },
      { label: 'Contact Us', to: '/contact-us' },
    ],
  },
];

const SOCIAL = [
  { label: 'X', href: site.social.x, path: 'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z', filled: true },
  { label: 'Instagram', href: site.social.instagram, path: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01' },
  { label: 'LinkedIn', href: site.social.linkedin, path: 'M4 9h4v11H4zM6 4a2 2 0 110 4 2 2 0 010-4zm4 5h4v2c.6-1.2 2-2.2 4-2.2 3 0 4 2 4 5V20h-4v-5.5c0-1.5-.5-2.5-2-2.5s-2 1-2 2.5V20h-4z' },
];

export function Footer() {
  return (
    <footer className="border-t border-ink-800 bg-ink-950" data-testid="footer">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-ink-400">{site.tagline}</p>
          <div className="flex gap-2">
            {SOCIAL.map((s) => (
              <a key={s.label} href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="rounded-lg border border-ink-700 p-2 text-ink-300 hover:text-ink-100">
                <svg width="18" height="18" viewBox="0 0 24 24" fill={s.filled ? 'currentColor' : 'none'} stroke={s.filled ? 'none' : 'currentColor'} strokeWidth="1.8" aria-hidden="true"><path d={s.path} /></svg>
              </a>
            ))}
            <a href={inquiry} aria-label="Email" className="rounded-lg border border-ink-700 p-2 text-ink-300 hover:text-ink-100">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true"><path d="M3 6h18v12H3zM3 6l9 7 9-7" /></svg>
            </a>
          </div>
        </div>
        {COLUMNS.map((col) => (
          <div key={col.title}>
            <h2 className="mb-3 text-sm font-semibold text-ink-100">{col.title}</h2>
            <ul className="space-y-2">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-sm text-ink-400 hover:text-ink-100">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-ink-800">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-ink-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {site.copyrightYear} {site.productName}. All rights reserved.
          </p>
          <div className="flex items-center gap-4">
            <span className="flex items-center gap-2" data-testid="system-status">
              <span className="h-2 w-2 rounded-full bg-emerald-400" aria-hidden="true" />
              <span className="hidden sm:inline">All systems operational</span>
              <span className="sm:hidden">Online</span>
            </span>
            <span>{site.version}</span>
          </div>
          <p>Made with ❤️ for professionals worldwide</p>
        </div>
      </div>
    </footer>
  );
}
