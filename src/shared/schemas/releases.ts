import { z } from 'zod';
import { isoTime } from './responses/envelope';

/** The desktop program's release channels and a release's states (decision 190). */
export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
export const RELEASE_STATUSES = ['draft', 'published', 'yanked'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** Semantic Versioning 2.0.0, the pattern semver.org gives (no leading "v"). */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** The most characters a release's notes may have. */
export const RELEASE_NOTES_MAX = 20_000;

/** What an admin says of a release, whether its installer is uploaded or hosted elsewhere. */
export const releaseFields = z.object({
  version: z.string().trim().min(5).max(64).regex(SEMVER, 'expected a version such as 2.2.0 or 2.2.0-beta.1'),
  channel: z.enum(RELEASE_CHANNELS).default('stable'),
  notes: z.string().max(RELEASE_NOTES_MAX).default(''),
  minOsVersion: z.string().trim().max(40).default(''),
  rolloutPercent: z.coerce.number().int().min(0).max(100).default(100),
  /** A form sends it as text ("true"/"false"), JSON as a boolean. */
  required: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false)
    .describe('Every older program must update to it: the licence lease names it as min_app_version once it is published.'),
  signature: z
    .string()
    .trim()
    .max(2000)
    .regex(/^[A-Za-z0-9+/=]*$/, 'expected the .sig file as Tauri writes it (base64)')
    .default('')
    .describe("The installer's minisign signature, the .sig file's text; Tauri's updater offers only signed releases."),
});
export type ReleaseFields = z.output<typeof releaseFields>;

/**
 * POST /admin/releases takes multipart/form-data, read as a stream in the handler: this schema only describes it
 * (the fields are releaseFields, checked by the handler before the file is read).
 */
export const releaseUploadBody = z.unknown().meta({
  type: 'object',
  required: ['version', 'installer'],
  properties: {
    version: { type: 'string', description: 'Semantic version, e.g. 2.2.0 or 2.3.0-beta.1' },
    channel: { type: 'string', enum: [...RELEASE_CHANNELS] },
    notes: { type: 'string' },
    minOsVersion: { type: 'string' },
    rolloutPercent: { type: 'integer', minimum: 0, maximum: 100 },
    required: { type: 'boolean', description: 'Every older program must update to it (the lease names it as min_app_version).' },
    signature: { type: 'string', description: "The installer's minisign signature (the .sig file's text), for Tauri's updater" },
    installer: { type: 'string', format: 'binary', description: 'The installer, after the fields; streamed to storage, at most RELEASE_MAX_BYTES.' },
    blockmap: {
      type: 'string',
      format: 'binary',
      description: "electron-builder's .blockmap of the installer, after it (optional; at most 64 MB): electron-updater's differential download reads it.",
    },
  },
});

/** POST /admin/releases/external: an installer hosted elsewhere, with its size and SHA-512 (base64, as electron-updater reads it). */
export const externalReleaseBody = releaseFields.extend({
  url: z.url({ protocol: /^https$/ }).max(2000),
  size: z.number().int().positive(),
  sha512: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'expected the SHA-512 in base64 (88 characters)'),
});
export type ExternalReleaseBody = z.output<typeof externalReleaseBody>;

/** PATCH /admin/releases/:id: publish, yank, back to draft, the rollout, the notes, whether it is required. */
export const releaseUpdateBody = z
  .object({
    status: z.enum(RELEASE_STATUSES).optional(),
    rolloutPercent: z.number().int().min(0).max(100).optional(),
    notes: z.string().max(RELEASE_NOTES_MAX).optional(),
    required: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');

export const releaseSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    channel: z.enum(RELEASE_CHANNELS),
    status: z.enum(RELEASE_STATUSES),
    rolloutPercent: z.number().int(),
    notes: z.string(),
    minOsVersion: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    sha512: z.string(),
    sha256: z.string(),
    signed: z.boolean().describe("Whether a minisign signature was given (Tauri's updater needs one)."),
    required: z.boolean(),
    blockmap: z.boolean().describe('Whether a blockmap was uploaded beside the installer (differential updates).'),
    downloads: z.number().int().describe("Downloads from the site's button, once per address and hour."),
    url: z.string().describe('Where the installer downloads from: this site, or the external address.'),
    releasedAt: isoTime,
    publishedAt: isoTime.nullable(),
  })
  .meta({ id: 'Release' });
export type ReleaseDto = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.object({
  releases: z.array(releaseSchema),
  maxBytes: z.number().int().describe('RELEASE_MAX_BYTES: the largest installer an upload may send.'),
});

/** A release as the changelog shows it: its version, its date, its notes as HTML (written in Markdown, cleaned). */
export const changelogEntrySchema = z
  .object({
    version: z.string(),
    date: isoTime.describe('When it was published.'),
    notesHtml: z.string().describe("The notes as HTML, from the admin's Markdown, cleaned by the blog's rule."),
  })
  .meta({ id: 'ChangelogEntry' });
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
export const changelogSchema = z.object({ releases: z.array(changelogEntrySchema) });
export type Changelog = z.infer<typeof changelogSchema>;

/** The most releases the changelog shows (and its feed carries): the newest. */
export const CHANGELOG_MAX = 50;

/** Where the changelog's RSS feed is served (site root). */
export const CHANGELOG_RSS_PATH = '/changelog/rss.xml';
