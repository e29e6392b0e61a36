import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';
import { AdminLayout } from '../../features/admin/admin-layout';
import { RequireAdmin } from '../../features/admin/require-admin';

// The overview and its chart library are a chunk of their own, fetched when an admin opens the page (decision 078).
const Overview = lazy(() => import('./overview').then((m) => ({ default: m.Overview })));

/** /admin/overview: the business at a glance. */
export function AdminOverviewPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <Suspense fallback={<Spinner label="Loading the figures..." />}>
          <Overview />
        </Suspense>
      </AdminLayout>
    </RequireAdmin>
  );
}
