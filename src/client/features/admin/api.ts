import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderCancellationsDto } from '../../../shared/schemas/billing';
import type { AdminBlogListResult, BlogPostInput, UploadResult } from '../../../shared/schemas/blog';
import type { PostData, PreviewData } from '../../../shared/schemas/responses/blog';
import { api, request } from '../../api/client';

export const adminKeys = {
  all: ['admin', 'blog'] as const,
  list: (page: number) => ['admin', 'blog', 'list', page] as const,
  post: (id: string) => ['admin', 'blog', 'post', id] as const,
};

export const ADMIN_PAGE_SIZE = 20;

export const useAdminPosts = (page: number) =>
  useQuery({
    queryKey: adminKeys.list(page),
    queryFn: ({ signal }) => api.get<AdminBlogListResult>(`/admin/blog/posts?page=${page}&limit=${ADMIN_PAGE_SIZE}`, signal),
  });

export const useAdminPost = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.post(id ?? ''),
    queryFn: ({ signal }) => api.get<PostData>(`/admin/blog/posts/${id}`, signal).then((d) => d.post),
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
    mutationFn: (body: BlogPostInput) =>
      id ? request<PostData>(`/admin/blog/posts/${id}`, { method: 'PUT', body }) : request<PostData>('/admin/blog/posts', { method: 'POST', body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: string) => request<null>(`/admin/blog/posts/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

/** Uploads one image to the blog-images bucket and returns its URL. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await request<UploadResult>('/admin/uploads', { method: 'POST', body: form })).data;
}

/** The HTML as the server would store it, for the form's preview. */
export const usePreview = (content: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'blog', 'preview', content],
    queryFn: async () => (await request<PreviewData>('/admin/blog/preview', { method: 'POST', body: { content } })).data.html,
    enabled: enabled && content.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

/** Subscriptions of deleted accounts not yet cancelled at Razorpay (checked again every minute while shown). */
export const useProviderCancellations = () =>
  useQuery({
    queryKey: ['admin', 'billing', 'provider-cancellations'],
    queryFn: ({ signal }) => api.get<ProviderCancellationsDto>('/admin/billing/provider-cancellations', signal),
    refetchInterval: 60_000,
  });
