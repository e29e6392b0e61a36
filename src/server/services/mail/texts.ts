import english from '#shared/i18n/catalogs/mail/en.json';
import { DEFAULT_LOCALE, toLocale, type Locale } from '#shared/i18n/locales';
import { hasArea, loadAreas, provideArea, translator, type Translate } from '#shared/i18n/runtime';

/**
 * The texts of the mails and of the receipt and credit-note PDFs (the `mail` area, the server's alone): each written
 * in the addressee's language. English is here from the start, so a template called without a language writes
 * English at once; another language is loaded by `loadMailTexts` before its template runs.
 */
provideArea(DEFAULT_LOCALE, 'mail', english);

export type MailText = Translate<'mail'>;

/**
 * The language of a mail: the account's `preferences.language` when it has one of ours; for someone without an
 * account, the language of the page they used (`fallback`, from the request), else English.
 */
export const mailLocale = (language: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale => toLocale(language, fallback);

/** Loads the mails' texts in a language (once). */
export const loadMailTexts = (locale: Locale) => loadAreas(locale, ['mail']);

/** The mails' texts in a language that `loadMailTexts` has loaded (English always is). */
export function mailText(locale: Locale): MailText {
  if (!hasArea(locale, 'mail')) throw new Error(`The mails' texts in ${locale} are not loaded: await loadMailTexts('${locale}') first`);
  return translator(locale, 'mail');
}

/** "Hi Asha" / "Hi there" in the mail's language: the first words of a mail's first paragraph. */
export const greeting = (t: MailText, firstName: string, anonymous = true) => (firstName || !anonymous ? t('greet', { firstName }) : t('greetAnonymous'));
