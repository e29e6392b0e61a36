import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BlogListResult, BlogPost } from '../../../shared/schemas/blog';
import { pageFrom } from '../../../shared/pagination';
import { api } from '../../api/client';

export const blogKeys = {
  all: ['blog'] as const,
  list: (page: number) => ['blog', 'list', page] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
};

/** The list page a `?page=` value asks for (the server clamps it to the last page). */
export const listPageFrom = (raw: string | null) => pageFrom(raw);

/** One server page of published posts. */
export const useBlogPosts = (page: number) =>
  useQuery({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => api.get<BlogListResult>(`/blog/posts?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export const useBlogPost = (slug: string) =>
  useQuery({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => api.get<{ post: BlogPost }>(`/blog/posts/${encodeURIComponent(slug)}`, signal).then((d) => d.post),
    retry: false,
  });
