/**
 * The program's version as `major.minor.patch` (a pre-release or build suffix allowed and, for the minimum check,
 * ignored: 2.1.0-beta.1 counts as 2.1.0). Enough of semver for "is this program too old" (decision 184); no package.
 */
export const APP_VERSION = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]{1,40})?$/;

/** The three numbers of a version, or null when it is not one. */
export function versionParts(version: string): [number, number, number] | null {
  const m = APP_VERSION.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b` (both must be versions). */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  if (!pa || !pb) throw new Error(`not a version: ${pa ? b : a}`);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/** Whether a program of `version` is older than `minimum`. */
export const isTooOld = (version: string, minimum: string): boolean => compareVersions(version, minimum) < 0;
