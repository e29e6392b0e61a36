import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAction } from '../../../../shared/admin-actions';
import type { AuditLog } from '../../../../shared/schemas/responses/admin-audit';
import type { CustomerAction, CustomerDetail, CustomerSearch } from '../../../../shared/schemas/responses/admin-customers';
import { api, request } from '../../../api/client';

export const CUSTOMERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;

const keys = {
  search: (q: string, page: number) => ['admin', 'customers', 'search', q, page] as const,
  customer: (id: string) => ['admin', 'customers', 'one', id] as const,
  audit: ['admin', 'audit-log'] as const,
};

export const useCustomerSearch = (q: string, page: number) =>
  useQuery({
    queryKey: keys.search(q, page),
    queryFn: ({ signal }) => api.get<CustomerSearch>(`/admin/users?q=${encodeURIComponent(q)}&page=${page}&limit=${CUSTOMERS_PAGE_SIZE}`, signal),
    placeholderData: (previous) => previous,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: keys.customer(id),
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/admin/users/${encodeURIComponent(id)}`, signal),
    retry: false,
  });

export const useAuditLog = (page: number, filter: { userId?: string; action?: AdminAction } = {}) =>
  useQuery({
    queryKey: [...keys.audit, page, filter.userId ?? '', filter.action ?? ''],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(AUDIT_PAGE_SIZE) });
      if (filter.userId) params.set('userId', filter.userId);
      if (filter.action) params.set('action', filter.action);
      return api.get<AuditLog>(`/admin/audit-log?${params}`, signal);
    },
    placeholderData: (previous) => previous,
  });

/** The actions of the customer page: each answers with the customer as they now are, which replaces the page's data. */
export type CustomerActionCall =
  | { kind: 'resend-verification'; reason: string }
  | { kind: 'end-sessions'; reason: string }
  | { kind: 'extend-trial'; days: number; reason: string }
  | { kind: 'complimentary'; days: number; planCode: string; reason: string }
  | { kind: 'cancel'; subscriptionId: string; when: 'now' | 'period_end'; reason: string };

const pathOf = (id: string, call: CustomerActionCall) =>
  call.kind === 'cancel' ? `/admin/users/${id}/subscriptions/${call.subscriptionId}/cancel` : `/admin/users/${id}/${call.kind}`;

const bodyOf = (call: CustomerActionCall) => {
  const { kind: _kind, ...body } = call;
  if ('subscriptionId' in body) {
    const { subscriptionId: _id, ...rest } = body;
    return rest;
  }
  return body;
};

export function useCustomerAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (call: CustomerActionCall) => request<CustomerAction>(pathOf(id, call), { method: 'POST', body: bodyOf(call) }),
    onSuccess: (res) => {
      qc.setQueryData(keys.customer(id), res.data.customer);
      return Promise.all([qc.invalidateQueries({ queryKey: keys.audit }), qc.invalidateQueries({ queryKey: ['admin', 'customers', 'search'] })]);
    },
  });
}
