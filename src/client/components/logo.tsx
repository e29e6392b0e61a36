import mark from '../public/favicon.svg?raw';
import { Link } from './router';
import { site } from '../../shared/site';
import { useLocalePath, useT } from '../i18n';

export function Logo({ to = '/' }: { to?: string }) {
  const t = useT('chrome');
  const lp = useLocalePath();
  return (
    <Link to={lp(to)} className="flex items-center gap-2 font-semibold tracking-tight text-ink-100" aria-label={t('home', { product: site.productName })}>
      <LogoMark />
      <span>{site.productName}</span>
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
