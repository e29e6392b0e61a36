import { MSG } from '../../shared/messages';
import { site } from '../../shared/site';
import { findPublishedPost } from '../services/blog/get-published';
import type { HeadTags } from './head';
import { STATIC_HEADS, type HeadProvider } from './pages';

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * The head of /blog and of each published post, filled by the server so that link previews and crawlers see it
 * without scripts: the meta fields, falling back to title, excerpt and featured image, and Article JSON-LD.
 * A missing, draft or archived post gets a 'not found' head kept out of search results.
 */
export const blogHead: HeadProvider = async (path, ctx) => {
  if (path === '/blog') {
    const page = STATIC_HEADS['/blog'];
    return {
      ...page,
      path,
      keywords: `${site.productName.toLowerCase()}, blog, tech insights, screen sharing, privacy`,
      jsonLd: { '@context': 'https://schema.org', '@type': 'Blog', name: page.title, description: page.description, url: `${ctx.config.publicUrl}/blog` },
    };
  }
  const match = /^\/blog\/([^/]+)$/.exec(path);
  if (!match) return null;
  const slug = match[1];
  const post = await findPublishedPost(ctx.db, slug);
  if (!post) {
    return { title: `${MSG.blogPostNotFoundTitle} | ${site.productName}`, description: MSG.blogPostNotFoundText, path, noindex: true };
  }
  const { publicUrl } = ctx.config;
  const title = post.metaTitle || post.title;
  const description = post.metaDescription || post.excerpt || post.title;
  const image = post.metaImage || post.featuredImage || null;
  const canonical = `/blog/${encodeURIComponent(post.slug)}`;
  const tags: HeadTags = {
    title,
    description,
    keywords: post.metaKeywords,
    path: canonical,
    type: 'article',
    image,
    publishedTime: post.createdAt.toISOString(),
    modifiedTime: post.updatedAt.toISOString(),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: title,
      description,
      ...(image ? { image: [absolute(publicUrl, image)] } : {}),
      datePublished: post.createdAt.toISOString(),
      dateModified: post.updatedAt.toISOString(),
      ...(post.metaKeywords ? { keywords: post.metaKeywords } : {}),
      ...(post.readTime ? { timeRequired: `PT${post.readTime}M` } : {}),
      author: { '@type': 'Organization', name: `${site.brand} team`, url: publicUrl },
      publisher: { '@type': 'Organization', name: site.productName, logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${publicUrl}${canonical}` },
    },
  };
  return tags;
};
