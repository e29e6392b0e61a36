import { Link } from './router';
import { site } from '../../shared/site';
import { useLocalePath, useT } from '../i18n';

export function Logo({ to = '/' }: { to?: string }) {
  const t = useT('chrome');
  const lp = useLocalePath();
  return (
    <Link to={lp(to)} className="flex items-center gap-2 font-semibold tracking-tight text-ink-100" aria-label={t('home', { product: site.productName })}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>{site.productName}</span>
    </Link>
  );
}
