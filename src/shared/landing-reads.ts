/**
 * The two answers the landing page reads (the installer and video, the public plans): the server fetches them to
 * render the page and hands them over under these keys, and the page's hooks read them under the same keys.
 */
export const LANDING_READS = {
  downloads: { key: 'downloads-config', path: '/downloads/config' },
  plans: { key: 'plans-public', path: '/subscriptions/plans/public' },
} as const;
