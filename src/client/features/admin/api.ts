import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBilling, adminBlog } from '#shared/endpoints/admin';
import type { BlogPostInput, UploadResult } from '#shared/schemas/blog';
import { call, load } from '../../api/client';

export const adminKeys = {
  all: ['admin', 'blog'] as const,
  list: (page: number) => ['admin', 'blog', 'list', page] as const,
  post: (id: string) => ['admin', 'blog', 'post', id] as const,
};

export const ADMIN_PAGE_SIZE = 20;

export const useAdminPosts = (page: number) =>
  useQuery({
    queryKey: adminKeys.list(page),
    queryFn: ({ signal }) => load(adminBlog.posts, { query: { page, limit: ADMIN_PAGE_SIZE }, signal }),
  });

export const useAdminPost = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.post(id ?? ''),
    queryFn: ({ signal }) => load(adminBlog.post, { params: { id: id ?? '' }, signal }).then((d) => d.post),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
  });

/** Every admin change makes the public pages and the admin list stale. */
function useInvalidateBlog() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: adminKeys.all }), qc.invalidateQueries({ queryKey: ['blog'] })]);
}

export function useSavePost(id?: string) {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (body: BlogPostInput) => (id ? call(adminBlog.update, { params: { id }, body }) : call(adminBlog.create, { body })),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => call(adminBlog.remove, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

/** Uploads one image to the blog-images bucket and returns its URL. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A multipart form: request() sends a FormData as it is.
  return load(adminBlog.upload, { body: form });
}

/** The HTML as the server would store it, for the form's preview. */
export const usePreview = (content: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'blog', 'preview', content],
    queryFn: async () => (await load(adminBlog.preview, { body: { content } })).html,
    enabled: enabled && content.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

/** Subscriptions of deleted accounts not yet cancelled at Razorpay (checked again every minute while shown). */
export const useProviderCancellations = () =>
  useQuery({
    queryKey: ['admin', 'billing', 'provider-cancellations'],
    queryFn: ({ signal }) => load(adminBilling.providerCancellations, { signal }),
    refetchInterval: 60_000,
  });
