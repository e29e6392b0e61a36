export type { DownloadsConfig } from './responses/downloads';
