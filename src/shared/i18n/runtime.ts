import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from './locales';
import type accountEn from './catalogs/account/en.json';
import type authEn from './catalogs/auth/en.json';
import type billingEn from './catalogs/billing/en.json';
import type blogEn from './catalogs/blog/en.json';
import type changelogEn from './catalogs/changelog/en.json';
import type chromeEn from './catalogs/chrome/en.json';
import type contactEn from './catalogs/contact/en.json';
import type downloadEn from './catalogs/download/en.json';
import type errorsEn from './catalogs/errors/en.json';
import type headsEn from './catalogs/heads/en.json';
import type landingEn from './catalogs/landing/en.json';
import type mailEn from './catalogs/mail/en.json';
import type msgEn from './catalogs/msg/en.json';
import type plansEn from './catalogs/plans/en.json';
import type privacyEn from './catalogs/privacy/en.json';
import type refundEn from './catalogs/refund/en.json';
import type termsEn from './catalogs/terms/en.json';

/**
 * The texts of the site by area and language (decision 090). Each area is one file per language,
 * `catalogs/<area>/<locale>.json`, a flat object of ICU messages ("Hello {name}"); English is the source. A page
 * loads only its own areas in its own language, each as a chunk of its own (Vite's dynamic import with variables),
 * compiled at build time by the plugin in vite.config.ts. The server (and the tests) compile them when loaded.
 *
 * To add an area: create its four files, add its English file's type to `Catalogs` below, and name it in the
 * `texts` of the pages that show it (shared/pages.ts).
 */
export type Catalogs = {
  /** The signed-in area: dashboard, shortcuts, settings, the account's navigation and the titles of its pages. */
  account: typeof accountEn;
  /** The sign-in, sign-up and password dialog, and the pages of the mails' links (/verify-email, /reset-password). */
  auth: typeof authEn;
  /** /billing: the plans as the account sees them, checkout, overview, plan change, history, cancellation, notices. */
  billing: typeof billingEn;
  /** The blog's own texts (a post keeps the language its author wrote it in). */
  blog: typeof blogEn;
  /** /changelog: the releases of the Windows program and their notes (the notes are written once, in English). */
  changelog: typeof changelogEn;
  chrome: typeof chromeEn;
  contact: typeof contactEn;
  /** The install instructions dialog: loaded with its chunk at the first click on a download button, not with the landing page. */
  download: typeof downloadEn;
  /** The texts of the error codes (shared/errors.ts) by code: what a screen shows for a refused or failed call and a form's issue. */
  errors: typeof errorsEn;
  /** The descriptions of the public pages' heads: the server's alone (never loaded by the browser). */
  heads: typeof headsEn;
  /**
   * The landing page, with its plans and shortcuts, which the billing page and /shortcuts show too (one catalog on the
   * landing page: its weight in Hindi is within the budget only so, and gzip finds its words once).
   */
  landing: typeof landingEn;
  /** The mails and the receipt and credit-note PDFs: the server's alone, in the addressee's language. */
  mail: typeof mailEn;
  /** The spec's texts of shared/messages.ts by their names there (i18n/msg.ts). */
  msg: typeof msgEn;
  /**
   * The seeded plans' descriptions and features (decision 096): the server's alone, which answers the plans in the
   * reader's language when their stored text is still the seeded English.
   */
  plans: typeof plansEn;
  /** The privacy policy's own text (its title and the notice that the English text governs are the chrome's). */
  privacy: typeof privacyEn;
  /** The refund policy's own text. */
  refund: typeof refundEn;
  /** The terms' own text, shared by /terms-of-service and /terms-conditions. */
  terms: typeof termsEn;
};
export type Area = keyof Catalogs;
export const AREAS = [
  'account',
  'auth',
  'billing',
  'blog',
  'changelog',
  'chrome',
  'contact',
  'download',
  'errors',
  'heads',
  'landing',
  'mail',
  'msg',
  'plans',
  'privacy',
  'refund',
  'terms',
] as const satisfies readonly Area[];
export const isArea = (name: string): name is Area => (AREAS as readonly string[]).includes(name);
/** The keys of an area, as its screens write them: `t('heroTitle')`. */
export type TextKey<A extends Area> = keyof Catalogs[A] & string;
export type TextValues = Record<string, string | number>;
/** An area's texts in one language. */
export type Translate<A extends Area> = (key: TextKey<A>, values?: TextValues) => string;

/** True in the server's code and the server render; false in the browser bundle, where the compiler is left out. */
const ON_SERVER = import.meta.env?.SSR !== false;

/** One Lingui instance per language, holding the areas loaded so far (areas never share a key: `<area>.<key>`). */
const instances = new Map<Locale, I18n>();
const loaded = new Map<string, Promise<void>>();
const ready = new Set<string>();
/** The keys of each loaded area in each language. */
const keysOf = new Map<string, string[]>();

function instance(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    // The browser gets catalogs compiled by the build; the server reads the JSON as written.
    if (ON_SERVER) i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Catalog chunks named by the server for the page the browser opened (`nameCatalogFiles`), by `<locale>:<area>`. */
const named = new Map<string, string>();

/**
 * The addresses of a page's catalog chunks, which the server names on the root element of a public page
 * (`data-texts`, server/ssr/page-server.ts): the browser loads them straight, without the map of every catalog
 * (catalog-files.ts), which comes only when another area or language is needed.
 */
export function nameCatalogFiles(locale: Locale, files: ReadonlyArray<readonly [Area, string]>): void {
  for (const [area, url] of files) named.set(`${locale}:${area}`, url);
}

const loadFile = (area: Area, locale: Locale): Promise<{ default: Messages }> => {
  const url = named.get(`${locale}:${area}`);
  if (url) return import(/* @vite-ignore */ url) as Promise<{ default: Messages }>;
  return import('./catalog-files').then((files) => files.loadCatalog(area, locale));
};

/**
 * Puts an area's texts in a language that the code holds already (the server's English mails, written synchronously
 * by code that cannot wait for `loadArea`). Every other use goes through `loadArea`.
 */
export function provideArea(locale: Locale, area: Area, messages: Messages): void {
  const id = `${locale}:${area}`;
  if (ready.has(id)) return;
  const prefixed: Messages = {};
  for (const [key, message] of Object.entries(messages)) prefixed[`${area}.${key}`] = message;
  instance(locale).load(locale, prefixed);
  keysOf.set(id, Object.keys(messages));
  ready.add(id);
}

/** Loads an area's texts in a language (once; later calls share the first). */
export function loadArea(locale: Locale, area: Area): Promise<void> {
  const id = `${locale}:${area}`;
  let promise = loaded.get(id);
  if (!promise) {
    promise = loadFile(area, locale).then((mod) => provideArea(locale, area, mod.default));
    loaded.set(id, promise);
    promise.catch(() => loaded.delete(id));
  }
  return promise;
}

export const loadAreas = (locale: Locale, areas: readonly Area[]) => Promise.all(areas.map((a) => loadArea(locale, a))).then(() => undefined);

/** Whether an area's texts in a language are here (a screen that finds them missing waits for `loadArea`). */
export const hasArea = (locale: Locale, area: Area) => ready.has(`${locale}:${area}`);

/** The keys of a loaded area in a language (none while it is not loaded). */
export const areaKeys = (locale: Locale, area: Area): readonly string[] => keysOf.get(`${locale}:${area}`) ?? [];

/** The texts of a loaded area in a language. */
export function translator<A extends Area>(locale: Locale, area: A): Translate<A> {
  const i18n = instance(locale);
  return (key, values) => i18n._(`${area}.${key}`, values);
}
