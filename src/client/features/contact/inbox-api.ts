import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminInbox } from '#shared/endpoints/admin';
import type { ContactInboxFilter } from '#shared/schemas/contact';
import { call, load } from '../../api/client';

export const INBOX_PAGE_SIZE = 20;
const inboxKey = ['admin', 'contact-messages'] as const;

export const useInbox = (status: ContactInboxFilter, page: number) =>
  useQuery({
    queryKey: [...inboxKey, status, page],
    queryFn: ({ signal }) => load(adminInbox.messages, { query: { status, page, limit: INBOX_PAGE_SIZE }, signal }),
    placeholderData: (previous) => previous,
  });

export function useMarkHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => call(adminInbox.mark, { params: { id }, body: { handled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
