import { z } from 'zod';

/** GET /downloads/config: what the landing page can offer. */
export const downloadsConfigSchema = z.object({
  windows: z.object({
    available: z.boolean(),
    href: z.string().describe('Counts the download and redirects to the installer.'),
    release: z
      .object({ version: z.string(), size: z.number().int(), sha256: z.string().describe('Hex; empty for an installer hosted elsewhere.') })
      .nullable()
      .describe('The latest published stable release the download gives (decision 190); null when the installer is INSTALLER_URL_WINDOWS.'),
  }),
  macos: z.object({ available: z.literal(false) }),
  demoVideoUrl: z.string().nullable(),
});
export type DownloadsConfig = z.infer<typeof downloadsConfigSchema>;

/** GET /downloads/windows: a 302 to the installer; no body. */
export const installerRedirect = z.undefined().describe('Redirect (302) to the Windows installer, in the Location header; never cached.');
