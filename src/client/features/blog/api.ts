import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { blog } from '#shared/endpoints/site';
import type { BlogPost } from '#shared/schemas/blog';
import { blogKeys } from '#shared/pages';
import { ApiError, load } from '../../api/client';

/** One server page of published posts. */
export const useBlogPosts = (page: number) =>
  useQuery({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => load(blog.posts, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * One published post, or null when there is none by that slug (the API's 404: missing, draft or archived). The
 * server renders the same null for such a post, so the page arrives in its 'not found' state; any other failure
 * is an error.
 */
export const useBlogPost = (slug: string) =>
  useQuery<BlogPost | null>({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) =>
      load(blog.post, { params: { slug }, signal }).then(
        (d) => d.post,
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    retry: false,
  });
