import { LANDING_READS } from '#shared/landing-reads';
import { downloads } from '#shared/endpoints/site';
import { load as loadEndpoint } from '../../api/client';
import { fetchShared, useFetched } from '../../api/use-fetched';

const STALE_MS = 5 * 60_000;
const { key } = LANDING_READS.downloads;
const load = () => loadEndpoint(downloads.config);

/** What the server can offer: the Windows installer (or not yet) and the demo video URL. */
export const fetchDownloadsConfig = () => fetchShared(key, load, STALE_MS);

export const useDownloadsConfig = () => useFetched(key, load, STALE_MS);
