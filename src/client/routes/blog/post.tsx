import { useEffect, useRef } from 'react';
import { Link, useParams } from '../../components/router';
import { blogPostHead, POST_LOCALE, titled } from '#shared/pages';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../errors';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useBlogPost } from '../../features/blog/api';
import { shortDate } from '../../features/blog/format';
import { useLocale, useLocalePath, useT } from '../../i18n';
import { PostBody } from '../../features/blog/post-body';
import { ShareButton } from '../../features/blog/share-button';
import { useDocumentHead } from '../../features/blog/use-document-head';

function BackToBlog() {
  const t = useT('blog');
  const lp = useLocalePath();
  return (
    <Link to={lp('/blog')} className="inline-flex items-center gap-1 text-sm text-ink-400 hover:text-ink-100">
      <span aria-hidden="true">←</span> {t('backToBlog')}
    </Link>
  );
}

/** /blog/:slug: one published post. */
export function BlogPostPage() {
  const errorText = useErrorText();
  const { slug = '' } = useParams();
  const { data: post, error, isPending } = useBlogPost(slug);
  const toast = useToast();
  const t = useT('blog');
  const msg = useT('msg');
  const lp = useLocalePath();
  const locale = useLocale();
  const toasted = useRef<unknown>(null);

  // No published post by this slug (null), or a failed read: the 'not found' page and the spec's toast, once.
  const missing = post === null ? slug : null;
  useEffect(() => {
    const failure = error ?? missing;
    if (failure !== null && toasted.current !== failure) {
      toasted.current = failure;
      toast.error(error && !(error instanceof ApiError && error.status === 404) ? errorText(error, msg('blogNotFound')) : msg('blogNotFound'));
    }
  }, [error, missing, toast, msg, errorText]);

  // The title and meta tags the server sent with the post (shared/pages.ts), again after navigating to it inside the
  // app. The JSON-LD is the server's alone, so no public address is needed here.
  useDocumentHead(
    error || post === null ? { title: titled(msg('blogPostNotFoundTitle')), description: msg('blogPostNotFoundText'), noindex: true } : post ? blogPostHead(post) : null,
  );

  // A screen high, so the footer stays below the fold until the post comes (no layout shift).
  if (isPending) return <Spinner label={msg('blogPostLoading')} className="min-h-screen pt-16" />;
  if (error || !post) {
    return (
      <main className="container-page flex min-h-[70vh] flex-col items-center justify-center pb-20 pt-28 text-center">
        <h1 className="text-3xl font-bold text-ink-100">{msg('blogPostNotFoundTitle')}</h1>
        <p className="mt-3 text-ink-400">{msg('blogPostNotFoundText')}</p>
        <Link to={lp('/blog')} className="btn-primary mt-8">
          Back to Blog
        </Link>
      </main>
    );
  }

  const readTime = post.read_time ? t('readTime', { minutes: post.read_time }) : null;
  // The post is written in English (decision 135): the article says so, and its parts in the site's language say theirs.
  return (
    <main className="container-page pb-20 pt-28">
      <article className="mx-auto max-w-3xl" lang={POST_LOCALE} data-testid="post-article">
        <div lang={locale}>
          <BackToBlog />
          <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink-400">
              <time dateTime={post.created_at}>{shortDate(post.created_at, locale)}</time>
              {readTime && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{readTime}</span>
                </>
              )}
            </p>
            <ShareButton title={post.title} label={t('share')} />
          </div>
        </div>
        <h1 className="mt-6 text-3xl font-bold leading-tight tracking-tight text-ink-100 sm:text-4xl">{post.title}</h1>
        {post.excerpt && <p className="mt-4 text-lg leading-relaxed text-ink-300">{post.excerpt}</p>}
        {post.featured_image && <img src={post.featured_image} alt="" className="mt-8 w-full rounded-2xl border border-ink-700 object-cover" />}
        <PostBody html={post.content} className="mt-8" />
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-ink-800 pt-6" lang={locale}>
          <p className="text-sm text-ink-400">{t('publishedOn', { date: shortDate(post.created_at, locale) })}</p>
          <ShareButton title={post.title} label={t('shareArticle')} className="btn-primary" />
        </footer>
      </article>
    </main>
  );
}
