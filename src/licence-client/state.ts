import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the licence client keeps between runs of the program (decision 187), in one JSON file: the install id (made
 * once), the session, the activated device, its last accepted lease and the latest server time seen.
 */
export type LicenceState = {
  version: 1;
  /** Random, made once on this installation and sent at every activation; a reinstall (a new file) makes a new one. */
  installId: string;
  /** The desktop session (from the browser sign-in or the password sign-in) and the account it is of. */
  session: { accessToken: string; refreshToken: string; account: string | null } | null;
  /** The device the server activated, and the hardware id it was activated with (a state copied to another machine is not its device). */
  device: { id: string; hardwareId: string } | null;
  /** The last lease that verified (compact JWS). */
  lease: string | null;
  /** The latest `iat` of an accepted lease, seconds: a clock earlier than this (less the tolerance) was turned back. */
  lastServerTime: number | null;
};

/** An install id: 22 random characters of base64url, made once. */
export const newInstallId = (): string => `inst-${randomBytes(16).toString('base64url')}`;

const INSTALL_ID = /^[\x21-\x7e]{8,100}$/;

export const freshState = (installId: string = newInstallId()): LicenceState => ({
  version: 1,
  installId,
  session: null,
  device: null,
  lease: null,
  lastServerTime: null,
});

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The state a parsed file holds, or null when any part of it is not what this client writes. */
function parseState(value: unknown): LicenceState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.version !== 1 || !isString(v.installId) || !INSTALL_ID.test(v.installId)) return null;
  const session = v.session as Record<string, unknown> | null | undefined;
  const device = v.device as Record<string, unknown> | null | undefined;
  if (session != null && (typeof session !== 'object' || !isString(session.accessToken) || !isString(session.refreshToken))) return null;
  if (session != null && session.account != null && !isString(session.account)) return null;
  if (device != null && (typeof device !== 'object' || !isString(device.id) || !isString(device.hardwareId))) return null;
  if (v.lease != null && !isString(v.lease)) return null;
  if (v.lastServerTime != null && (typeof v.lastServerTime !== 'number' || !Number.isFinite(v.lastServerTime))) return null;
  return {
    version: 1,
    installId: v.installId,
    session: session ? { accessToken: session.accessToken as string, refreshToken: session.refreshToken as string, account: (session.account as string | null) ?? null } : null,
    device: device ? { id: device.id as string, hardwareId: device.hardwareId as string } : null,
    lease: (v.lease as string | null) ?? null,
    lastServerTime: (v.lastServerTime as number | null) ?? null,
  };
}

/** The install id of a file that is not a whole state (cut short, edited), when it can still be read. */
function salvageInstallId(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { installId?: unknown } | null)?.installId;
    if (isString(id) && INSTALL_ID.test(id)) return id;
  } catch {
    // Not JSON at all: look for the field in the text.
  }
  const found = /"installId"\s*:\s*"([\x21-\x7e]{8,100}?)"/.exec(text)?.[1];
  return found && !found.includes('"') ? found : null;
}

/**
 * Reads the state file. Missing: a fresh state. Corrupt (not JSON, or not a state this client wrote): a fresh state
 * that keeps the install id when it can be read, so the device the server knows stays this installation's.
 */
export async function loadState(file: string): Promise<LicenceState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return freshState();
    throw err;
  }
  try {
    const state = parseState(JSON.parse(text));
    if (state) return state;
  } catch {
    // Falls through to a fresh state below.
  }
  return freshState(salvageInstallId(text) ?? undefined);
}

/**
 * Writes the state atomically: a temporary file beside it (mode 0600: it holds the refresh token), flushed to disk,
 * then renamed over the old one, so a crash leaves either the old state or the new one, never half of one.
 */
export async function saveState(file: string, state: LicenceState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(state, null, 2), 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(temp).catch(() => {});
    throw err;
  }
  await handle.close();
  // The mode open() gave is narrowed by the umask only; chmod makes it 0600 whatever the umask (a no-op on Windows).
  await chmod(temp, 0o600);
  await rename(temp, file);
}
