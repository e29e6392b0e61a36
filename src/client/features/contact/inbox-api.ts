import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInbox, ContactInboxFilter } from '../../../shared/schemas/contact';
import type { ContactMessageData } from '../../../shared/schemas/responses/contact';
import { api, request } from '../../api/client';

export const INBOX_PAGE_SIZE = 20;
const inboxKey = ['admin', 'contact-messages'] as const;

export const useInbox = (status: ContactInboxFilter, page: number) =>
  useQuery({
    queryKey: [...inboxKey, status, page],
    queryFn: ({ signal }) => api.get<ContactInbox>(`/admin/contact-messages?status=${status}&page=${page}&limit=${INBOX_PAGE_SIZE}`, signal),
    placeholderData: (previous) => previous,
  });

export function useMarkHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      request<ContactMessageData>(`/admin/contact-messages/${id}`, { method: 'PATCH', body: { handled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
