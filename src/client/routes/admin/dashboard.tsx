import { useState } from 'react';
import { Link } from '../../components/router';
import { MSG } from '#shared/messages';
import type { BlogPostSummary, BlogStats } from '#shared/schemas/blog';
import { messageOf } from '../../api/client';
import { Pager, useAddressFollowsPage, usePageParam } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useAdminPosts, useDeletePost } from '../../features/admin/api';
import { ConfirmDialog } from '../../features/admin/confirm-dialog';
import { ProviderCancellationsPanel } from '../../features/admin/provider-cancellations';
import { RequireAdmin } from '../../features/admin/require-admin';
import { StatusBadge } from '../../features/admin/status-badge';
import { readTimeLabel, shortDate } from '../../features/blog/format';

const STATS: { key: keyof BlogStats; label: string; tone: string }[] = [
  { key: 'total', label: 'Total Posts', tone: 'text-ink-100' },
  { key: 'published', label: 'Published', tone: 'text-emerald-300' },
  { key: 'draft', label: 'Drafts', tone: 'text-amber-300' },
  { key: 'archived', label: 'Archived', tone: 'text-ink-300' },
];

function IconLink({ to, label, children, external }: { to: string; label: string; children: React.ReactNode; external?: boolean }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="rounded-md p-2 text-ink-400 hover:bg-ink-800 hover:text-ink-100"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Link>
  );
}

function PostRow({ post, onDelete }: { post: BlogPostSummary; onDelete: () => void }) {
  const readTime = readTimeLabel(post.read_time);
  return (
    // On phones each row is a card (title, then status, date and actions on one line); a table from 640 px.
    <tr className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-ink-800 px-4 py-4 last:border-0 sm:table-row sm:p-0" data-testid="admin-post-row">
      <td className="w-full sm:w-auto sm:max-w-md sm:px-4 sm:py-4">
        <p className="font-medium text-ink-100">{post.title}</p>
        {post.excerpt && <p className="mt-1 line-clamp-2 text-sm text-ink-400">{post.excerpt}</p>}
      </td>
      <td className="sm:px-4 sm:py-4">
        <StatusBadge status={post.status} />
      </td>
      <td className="whitespace-nowrap text-sm sm:px-4 sm:py-4">
        <p className="text-ink-300">{shortDate(post.created_at)}</p>
        {readTime && <p className="mt-0.5 text-xs text-ink-400">{readTime}</p>}
      </td>
      <td className="ml-auto sm:ml-0 sm:px-4 sm:py-4">
        <div className="flex items-center justify-end gap-1">
          <IconLink to={`/blog/${post.slug}`} label={`View ${post.title}`} external>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          </IconLink>
          <IconLink to={`/admin/edit-post/${post.id}`} label={`Edit ${post.title}`}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M12 20h9" />
              <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
            </svg>
          </IconLink>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${post.title}`}
            title={`Delete ${post.title}`}
            className="rounded-md p-2 text-ink-400 hover:bg-red-500/10 hover:text-red-300"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
            </svg>
          </button>
        </div>
      </td>
    </tr>
  );
}

function Dashboard() {
  const page = usePageParam();
  const { data, error, isPending, refetch } = useAdminPosts(page);
  useAddressFollowsPage(page, data?.pagination.currentPage);
  const del = useDeletePost();
  const toast = useToast();
  const [pending, setPending] = useState<BlogPostSummary | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await del.mutateAsync(pending.id);
      toast.success(MSG.postDeleted);
    } catch (err) {
      toast.error(messageOf(err, MSG.deletePostFailed));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Blog Management</h1>
          <p className="mt-1 text-sm text-ink-400">Write, publish and archive the posts of the public blog.</p>
        </div>
        <Link to="/admin/new-post" className="btn-primary">
          <span aria-hidden="true">+</span> New Post
        </Link>
      </div>

      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STATS.map((s) => (
          <div key={s.key} className="card p-5" data-testid={`stat-${s.key}`}>
            <p className="text-sm text-ink-400">{s.label}</p>
            <p className={`mt-2 text-3xl font-bold tabular-nums ${s.tone}`}>{data ? data.stats[s.key] : '–'}</p>
          </div>
        ))}
      </div>

      <ProviderCancellationsPanel />

      <div className="card mt-8 overflow-hidden p-0">
        {isPending ? (
          <Spinner label={MSG.blogListLoading} />
        ) : error ? (
          <div role="alert" className="px-6 py-12 text-center">
            <p className="text-ink-100">{messageOf(error, MSG.blogListFailed)}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : data.posts.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <p className="text-ink-300">{MSG.adminNoPosts}</p>
            <Link to="/admin/new-post" className="btn-primary mt-5">
              {MSG.adminFirstPost}
            </Link>
          </div>
        ) : (
          <div className="sm:overflow-x-auto">
            <table className="block w-full text-left sm:table sm:min-w-[640px]">
              <thead className="hidden border-b border-ink-700 bg-ink-850 text-xs uppercase tracking-wide text-ink-400 sm:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Post
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {data.posts.map((post) => (
                  <PostRow key={post.id} post={post} onDelete={() => setPending(post)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {data && <Pager current={data.pagination.currentPage} total={data.pagination.totalPages} label="Post pages" className="mt-6 justify-center" />}

      <ConfirmDialog
        open={pending !== null}
        message={MSG.deletePostConfirm}
        confirmLabel={del.isPending ? 'Deleting...' : 'Delete'}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

/** /admin/dashboard: 'Blog Management'. */
export function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <Dashboard />
      </AdminLayout>
    </RequireAdmin>
  );
}
