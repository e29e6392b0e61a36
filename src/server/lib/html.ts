const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML or XML, in an element or a quoted attribute value: the five characters that could end either, as
 * references. `&#39;` reads the same in HTML and XML (`&apos;` is XML's and HTML 5's only). No library among the
 * dependencies exports this (escape-html, entities and he are only there for other packages), and it is one line.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** JSON that can sit inside a <script> element (page data, JSON-LD): nothing in it can close the element or start markup. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
