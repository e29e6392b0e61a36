import { useEffect, useRef } from 'react';
import { site } from '#shared/site';
import { useErrorText } from '../../errors';
import { Page } from '../../components/page';
import { Pager, useAddressFollowsPage, usePageParam } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useBlogPosts } from '../../features/blog/api';
import { PostCard } from '../../features/blog/post-card';
import { useT } from '../../i18n';

/** /blog: 'Tech Insights', 6 published posts a page from the server. */
export function BlogListPage() {
  const errorText = useErrorText();
  const requested = usePageParam();
  const { data, error, isPending, isFetching, isPlaceholderData } = useBlogPosts(requested);
  const toast = useToast();
  const t = useT('blog');
  const msg = useT('msg');
  const toasted = useRef<unknown>(null);
  const errorMessage = error ? errorText(error, msg('blogListFailed')) : null;

  useEffect(() => {
    if (error && toasted.current !== error) {
      toasted.current = error;
      toast.error(errorText(error, msg('blogListFailed')));
    }
  }, [error, toast, msg, errorText]);

  // The server clamps the page to 1..page count; the address follows.
  useAddressFollowsPage(requested, isPlaceholderData ? undefined : data?.pagination.currentPage);

  return (
    <Page title={t('title')} subtitle={t('subtitle', { brand: site.brand })}>
      {isPending ? (
        // A screen high, so the footer stays below the fold until the cards come (no layout shift).
        <Spinner label={msg('blogListLoading')} className="min-h-screen" />
      ) : errorMessage && !data ? (
        <div role="alert" className="card mx-auto max-w-lg text-center">
          <p className="font-semibold text-ink-100">{msg('blogListFailed')}</p>
          <p className="mt-2 text-sm text-ink-400">{errorMessage}</p>
        </div>
      ) : data && data.posts.length === 0 ? (
        <div className="card mx-auto max-w-lg text-center text-ink-300">{msg('blogListEmpty')}</div>
      ) : data ? (
        <>
          <div className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
            {data.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <Pager current={data.pagination.currentPage} total={data.pagination.totalPages} label={t('pages')} className="mt-12 justify-center" />
        </>
      ) : null}
    </Page>
  );
}
