import type { DownloadsConfig } from '../../../shared/schemas/downloads';
import { api } from '../../api/client';
import { fetchShared, useFetched } from '../../api/use-fetched';

const STALE_MS = 5 * 60_000;
const load = () => api.get<DownloadsConfig>('/downloads/config');

/** What the server can offer: the Windows installer (or not yet) and the demo video URL. */
export const fetchDownloadsConfig = () => fetchShared('downloads-config', load, STALE_MS);

export const useDownloadsConfig = () => useFetched('downloads-config', load, STALE_MS);
