import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAction } from '#shared/admin-actions';
import { adminCustomers, adminReports } from '#shared/endpoints/admin';
import { call, load } from '#client/api/client';

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
    queryFn: ({ signal }) => load(adminCustomers.search, { query: { q, page, limit: CUSTOMERS_PAGE_SIZE }, signal }),
    placeholderData: (previous) => previous,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: keys.customer(id),
    queryFn: ({ signal }) => load(adminCustomers.detail, { params: { id }, signal }),
    retry: false,
  });

export const useAuditLog = (page: number, filter: { userId?: string; action?: AdminAction } = {}) =>
  useQuery({
    queryKey: [...keys.audit, page, filter.userId ?? '', filter.action ?? ''],
    queryFn: ({ signal }) =>
      load(adminReports.auditLog, { query: { page, limit: AUDIT_PAGE_SIZE, userId: filter.userId || undefined, action: filter.action || undefined }, signal }),
    placeholderData: (previous) => previous,
  });

/** The actions of the customer page: each answers with the customer as they now are, which replaces the page's data. */
export type CustomerActionCall =
  | { kind: 'resend-verification'; reason: string }
  | { kind: 'end-sessions'; reason: string }
  | { kind: 'reset-two-factor'; reason: string }
  | { kind: 'extend-trial'; days: number; reason: string }
  | { kind: 'complimentary'; days: number; planCode: string; reason: string }
  | { kind: 'cancel'; subscriptionId: string; when: 'now' | 'period_end'; reason: string };

/** Each action's endpoint (shared/endpoints/admin.ts). */
function act(id: string, action: CustomerActionCall) {
  switch (action.kind) {
    case 'resend-verification':
      return call(adminCustomers.resendVerification, { params: { id }, body: { reason: action.reason } });
    case 'end-sessions':
      return call(adminCustomers.endSessions, { params: { id }, body: { reason: action.reason } });
    case 'reset-two-factor':
      return call(adminCustomers.resetTwoFactor, { params: { id }, body: { reason: action.reason } });
    case 'extend-trial':
      return call(adminCustomers.extendTrial, { params: { id }, body: { days: action.days, reason: action.reason } });
    case 'complimentary':
      return call(adminCustomers.grantComplimentary, { params: { id }, body: { days: action.days, planCode: action.planCode, reason: action.reason } });
    case 'cancel':
      return call(adminCustomers.cancelSubscription, { params: { id, subscriptionId: action.subscriptionId }, body: { when: action.when, reason: action.reason } });
  }
}

export function useCustomerAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomerActionCall) => act(id, action),
    onSuccess: (res) => {
      qc.setQueryData(keys.customer(id), res.data.customer);
      return Promise.all([qc.invalidateQueries({ queryKey: keys.audit }), qc.invalidateQueries({ queryKey: ['admin', 'customers', 'search'] })]);
    },
  });
}

const devicesKey = (id: string) => ['admin', 'customers', 'devices', id] as const;

/** The customer's devices, removed and clone-flagged ones included (decision 184). */
export const useCustomerDevices = (id: string) =>
  useQuery({ queryKey: devicesKey(id), queryFn: ({ signal }) => load(adminCustomers.devices, { params: { id }, signal }), retry: false });

/** Removes a device with the admin's reason: the list is replaced by the answer; the page's audit entries are read again. */
export function useRemoveCustomerDevice(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, reason }: { deviceId: string; reason: string }) => call(adminCustomers.removeDevice, { params: { id, deviceId }, body: { reason } }),
    onSuccess: (res) => {
      qc.setQueryData(devicesKey(id), res.data);
      return Promise.all([qc.invalidateQueries({ queryKey: keys.customer(id) }), qc.invalidateQueries({ queryKey: keys.audit })]);
    },
  });
}
