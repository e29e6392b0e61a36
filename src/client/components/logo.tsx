import { Link } from 'react-router';
import { site } from '../../shared/site';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold tracking-tight text-ink-100" aria-label={`${site.productName} home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>{site.productName}</span>
    </Link>
  );
}
