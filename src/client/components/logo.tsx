import mark from '../public/favicon.svg?raw';
import { Link } from './router';
import { site } from '../../shared/site';
import { useLocalePath, useT } from '../i18n';

/**
 * The site's logo: the mark and the product's name. `compact` (the top bar) shows the mark alone from 1024 to 1279 px,
 * where the bar's links and buttons in French or Spanish need the name's room to stay on one line (decision 131);
 * the link keeps the name as its label.
 */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const t = useT('chrome');
  const lp = useLocalePath();
  return (
    <Link
      to={lp(to)}
      className="flex shrink-0 items-center gap-2 font-semibold tracking-tight whitespace-nowrap text-ink-100"
      aria-label={t('home', { product: site.productName })}
    >
      <LogoMark />
      <span className={compact ? 'lg:max-xl:hidden' : undefined}>{site.productName}</span>
    </Link>
  );
}

/**
 * The mark is /favicon.svg itself, drawn in the page: as a picture it would be one more request before the first
 * paint of every page. The file is the site's own (one drawing for the icon, the brand images and the logo).
 */
function LogoMark() {
  return <span aria-hidden="true" className="block h-7 w-7 [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: mark }} />;
}
