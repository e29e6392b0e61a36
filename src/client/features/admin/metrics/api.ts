import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminReports } from '#shared/endpoints/admin';
import { load } from '#client/api/client';

/** The overview's figures for the last `days` days; the figures of the previous period stay shown while a new one loads. */
export const useMetrics = (days: number) =>
  useQuery({
    queryKey: ['admin', 'metrics', days],
    queryFn: ({ signal }) => load(adminReports.metrics, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
