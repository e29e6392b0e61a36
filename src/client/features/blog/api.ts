import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BlogListResult, BlogPost } from '../../../shared/schemas/blog';
import type { PostData } from '../../../shared/schemas/responses/blog';
import { blogKeys } from '../../../shared/pages';
import { api, ApiError } from '../../api/client';

/** One server page of published posts. */
export const useBlogPosts = (page: number) =>
  useQuery({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => api.get<BlogListResult>(`/blog/posts?page=${page}`, signal),
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
      api.get<PostData>(`/blog/posts/${encodeURIComponent(slug)}`, signal).then(
        (d) => d.post,
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    retry: false,
  });
