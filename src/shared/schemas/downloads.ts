/** GET /downloads/config: what the landing page can offer. */
export type DownloadsConfig = {
  windows: { available: boolean; href: string };
  macos: { available: false };
  demoVideoUrl: string | null;
};
