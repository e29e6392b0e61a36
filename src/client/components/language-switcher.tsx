import { useLocation } from './router';
import { LOCALE_NAMES, LOCALES, localizedPath, type Locale } from '../../shared/i18n/locales';
import { pageAt } from '../../shared/pages';
import { useChooseLocale, useLocale, useT } from '../i18n';

/**
 * The language switcher of the top bar and the footer (decision 090). On a public page each language is a link to
 * the same page in it (crawlers and pages without script follow it too); elsewhere a button. Either way the choice
 * is remembered (the `lang` cookie).
 */
export function LanguageSwitcher({ variant = 'links', className = '' }: { variant?: 'links' | 'select'; className?: string }) {
  const t = useT('chrome');
  const locale = useLocale();
  const choose = useChooseLocale();
  const { pathname, search } = useLocation();
  const at = pageAt(pathname);
  if (variant === 'select') {
    // The top bar's compact form; the footer's links are there for a page without script.
    return (
      <label className={`relative flex items-center ${className}`} data-testid="language-select">
        <span className="sr-only">{t('language')}</span>
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
          className="pointer-events-none absolute left-2 text-ink-400"
        >
          <path d="M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9" />
        </svg>
        <select
          value={locale}
          onChange={(e) => choose(e.target.value as Locale)}
          className="appearance-none rounded-md border border-ink-700 bg-ink-900 py-1.5 pl-7 pr-2 text-sm text-ink-200 hover:border-ink-500"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const item = (l: Locale) => {
    const current = l === locale;
    const look = `rounded-md px-2 py-1 text-sm ${current ? 'bg-ink-800 text-ink-100' : 'text-ink-400 hover:text-ink-100'}`;
    const label = LOCALE_NAMES[l];
    if (at?.page.public) {
      return (
        <a
          href={`${localizedPath(l, at.path)}${search}`}
          hrefLang={l}
          lang={l}
          aria-current={current ? 'true' : undefined}
          className={look}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            choose(l);
          }}
        >
          {label}
        </a>
      );
    }
    return (
      <button type="button" lang={l} aria-pressed={current} className={look} onClick={() => choose(l)}>
        {label}
      </button>
    );
  };
  return (
    <nav aria-label={t('language')} className={`flex flex-wrap items-center gap-1 ${className}`} data-testid="language-switcher">
      {LOCALES.map((l) => (
        <span key={l}>{item(l)}</span>
      ))}
    </nav>
  );
}
