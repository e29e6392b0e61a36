import { useCallback } from 'react';
import type { ErrorCode, ErrorParamValues } from '../shared/errors';
import type { Locale } from '../shared/i18n/locales';
import { areaKeys, loadArea, translator } from '../shared/i18n/runtime';
import { ApiError } from './api/client';
import { useLocale, useT } from './i18n';

/**
 * What a screen shows for a refused or failed call and for a form's issue (decision 150): the text of the error's
 * code from the `errors` catalog in the screen's language, with the error's params. The API's English message is
 * shown only for a code this build does not know (a newer server); the screen's own text when the call had no answer.
 */

/** A code of the list with its params, read from a form issue's message (`issue()`, shared/errors.ts), or null. */
function issueOf(message: string): { code: string; params?: ErrorParamValues } | null {
  const m = /^([A-Z][A-Z_]*)(?: (\{.*\}))?$/s.exec(message);
  if (!m) return null;
  try {
    return { code: m[1]!, params: m[2] ? (JSON.parse(m[2]) as ErrorParamValues) : undefined };
  } catch {
    return null;
  }
}

/** The text of a code in a language whose `errors` area is loaded, or null for a code it does not know. */
export function codeText(locale: Locale, code: string | undefined, params?: ErrorParamValues): string | null {
  if (!code || !areaKeys(locale, 'errors').includes(code)) return null;
  return translator(locale, 'errors')(code as ErrorCode, params);
}

/** The text of a failed call: its code's text, else the server's English message, else the screen's own `fallback`. */
export function errorText(locale: Locale, err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || err.status === 0) return fallback;
  return codeText(locale, err.code, err.params) ?? (err.message || fallback);
}

/** The text of a form issue (a zod message of the shared schemas): its code's text, or the message as it is. */
export function issueText(locale: Locale, message: string): string {
  const found = issueOf(message);
  return (found && codeText(locale, found.code, found.params)) ?? message;
}

/** `const errorText = useErrorText(); errorText(err, t('changeFailed'))`: a failed call's text in the screen's language. */
export function useErrorText(): (err: unknown, fallback: string) => string {
  const locale = useLocale();
  useT('errors');
  return useCallback((err: unknown, fallback: string) => errorText(locale, err, fallback), [locale]);
}

/** `const issueText = useIssueText(); issueText(errors.email.message)`: a form issue in the screen's language. */
export function useIssueText(): (message: string) => string {
  const locale = useLocale();
  useT('errors');
  return useCallback((message: string) => issueText(locale, message), [locale]);
}

/** A failed call's text for code outside React (the session-ended toast): the language's `errors` area loaded first. */
export const loadErrorText = (locale: Locale, err: unknown, fallback: string): Promise<string> => loadArea(locale, 'errors').then(() => errorText(locale, err, fallback));
