import { useQuery } from '@tanstack/react-query';
import type { DownloadsConfig } from '../../../shared/schemas/downloads';
import { api } from '../../api/client';

/** What the server can offer: the Windows installer (or not yet) and the demo video URL. */
export const downloadsConfigQuery = {
  queryKey: ['downloads-config'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<DownloadsConfig>('/downloads/config', signal),
  staleTime: 5 * 60_000,
};

export const useDownloadsConfig = () => useQuery(downloadsConfigQuery);
