import { LANDING_READS } from '#shared/landing-reads';
import { site } from '#shared/site';
import { downloads } from '#shared/endpoints/site';
import { load as loadEndpoint } from '../../api/client';
import { fetchShared, useFetched } from '../../api/use-fetched';

const STALE_MS = 5 * 60_000;
const { key } = LANDING_READS.downloads;
const load = () => loadEndpoint(downloads.config);

/** What the server can offer: the Windows installer (or not yet) and the demo video URL. */
export const fetchDownloadsConfig = () => fetchShared(key, load, STALE_MS);

export const useDownloadsConfig = () => useFetched(key, load, STALE_MS);

/**
 * The version the site ships: the latest stable release's (the installer's config names it, decision 190), else the
 * site's fixed one while no release is published or the config is not here yet. The footer and the download section
 * show it; every page with the footer is rendered with the config (server/ssr/page-parts.ts).
 */
export function useShippedVersion(): string {
  const release = useDownloadsConfig().data?.windows.release;
  return release ? `v${release.version}` : site.version;
}
