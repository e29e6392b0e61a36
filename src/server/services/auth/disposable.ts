import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let exact: Set<string> | undefined;
let wildcard: Set<string> | undefined;

function lists() {
  // About 120 000 domains: loaded on first use, not at start.
  exact ??= new Set(require('disposable-email-domains') as string[]);
  wildcard ??= new Set(require('disposable-email-domains/wildcard.json') as string[]);
  return { exact, wildcard };
}

/** True when the address's domain, or a parent listed as a wildcard, is a known throw-away mail service. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.split('@').pop()?.trim().toLowerCase();
  if (!domain) return false;
  const { exact, wildcard } = lists();
  if (exact.has(domain)) return true;
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    if (wildcard.has(parts.slice(i).join('.'))) return true;
  }
  return false;
}
