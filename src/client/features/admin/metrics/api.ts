import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMetrics } from '../../../../shared/schemas/metrics';
import { api } from '../../../api/client';

/** The overview's figures for the last `days` days; the figures of the previous period stay shown while a new one loads. */
export const useMetrics = (days: number) =>
  useQuery({
    queryKey: ['admin', 'metrics', days],
    queryFn: ({ signal }) => api.get<AdminMetrics>(`/admin/metrics?days=${days}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
